//! What the sliding tests share: random walks from a goal; the quick pattern databases of a small
//! goal. Breadth-first search over plain tile vectors is `sliding::testing::oracle`.

use std::sync::Arc;

use puzzle_core::{Direction, SplitMix64};
use sliding::pdb::PatternDb;
use sliding::pdb::{PdbHeuristic, Tier};
use sliding::testing::Heuristic;
use sliding::Board;

/// The quick tier's pattern databases for `goal`'s shape and blank, built here.
pub fn quick_tables(goal: &Board) -> Heuristic {
    let (shape, blank) = (goal.shape(), goal.blank().0);
    let keys = PdbHeuristic::tier_keys(shape.rows(), shape.cols(), blank, Tier::Quick).expect("a small shape");
    let tables: Vec<Arc<PatternDb>> = keys.iter().map(|k| Arc::new(PatternDb::build(k, &|_| {}).unwrap())).collect();
    Heuristic::Pdb(Arc::new(PdbHeuristic::for_tier(shape, blank, Tier::Quick, &tables).expect("tables for the keys")))
}

/// `steps` random blank moves from `goal`, never undoing the previous move.
pub fn scrambled(goal: &Board, steps: usize, rng: &mut SplitMix64) -> Board {
    let mut board = goal.clone();
    let mut previous: Option<Direction> = None;
    for _ in 0..steps {
        let options: Vec<Direction> = Direction::ALL
            .into_iter()
            .filter(|&d| Some(d.opposite()) != previous && board.moved(d).is_some())
            .collect();
        let dir = options[rng.below(options.len())];
        board.move_blank(dir);
        previous = Some(dir);
    }
    board
}
