//! Oracles shared by the sliding tests, written plainly: breadth-first search over boards as
//! vectors of tiles; random walks from a goal; the quick pattern databases of a small goal.

use std::collections::{HashMap, VecDeque};
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
    let tables: Vec<Arc<PatternDb>> = keys.iter().map(|k| Arc::new(PatternDb::build(k, &|_| {}))).collect();
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

/// The boards one move from `state` on a `rows`×`cols` board: the blank (0) swapped with each
/// tile next to it.
pub fn neighbours(state: &[u32], rows: usize, cols: usize) -> impl Iterator<Item = Vec<u32>> + '_ {
    let blank = state.iter().position(|&t| t == 0).expect("a blank");
    let (row, col) = (blank / cols, blank % cols);
    let others = [
        (row > 0).then(|| blank - cols),
        (row + 1 < rows).then(|| blank + cols),
        (col > 0).then(|| blank - 1),
        (col + 1 < cols).then(|| blank + 1),
    ];
    others.into_iter().flatten().map(move |other| {
        let mut next = state.to_vec();
        next.swap(blank, other);
        next
    })
}

/// Distances to `goal` of every state that reaches it, by BFS over plain vectors.
pub fn bfs_distances(rows: usize, cols: usize, goal: &[u32]) -> HashMap<Vec<u32>, u32> {
    let mut distance = HashMap::from([(goal.to_vec(), 0)]);
    let mut queue = VecDeque::from([goal.to_vec()]);
    while let Some(state) = queue.pop_front() {
        let d = distance[&state];
        for next in neighbours(&state, rows, cols) {
            if let std::collections::hash_map::Entry::Vacant(slot) = distance.entry(next.clone()) {
                slot.insert(d + 1);
                queue.push_back(next);
            }
        }
    }
    distance
}
