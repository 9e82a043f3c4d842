//! The table of transpositions (boards of more than 16 cells, pattern databases with kept
//! indices) keeps every answer: on 5×5 and 3×6 boards, searched whole and split into subtrees
//! from the first iteration (the threads taking subtrees in move order and sharing their
//! tables), the path is the one linear conflict finds without any table, the first optimal path
//! in move order.

use std::sync::Arc;

use puzzle_core::{Shape, SplitMix64};
use search::Limits;
use sliding::pdb::PatternDb;
use sliding::{check, solve_split, Answer, Board, GoalKind, Heuristic, PdbHeuristic, Tier};

use crate::common::scrambled;

#[test]
fn searches_with_transpositions_find_the_first_optimal_path() {
    let mut rng = SplitMix64::new(0x007a_11e5_2026);
    for (rows, cols, kind) in [(5, 5, GoalKind::BlankFirst), (3, 6, GoalKind::BlankLast)] {
        let shape = Shape::new(rows, cols).expect("a shape");
        let goal = Board::goal(shape, kind).expect("a goal");
        let keys = PdbHeuristic::tier_keys(rows, cols, goal.blank().0, Tier::Quick).expect("a small shape");
        let tables: Vec<Arc<PatternDb>> = keys.iter().map(|k| Arc::new(PatternDb::build(k, &|_| {}))).collect();
        let pdb = Heuristic::Pdb(Arc::new(
            PdbHeuristic::for_tier(shape, goal.blank().0, Tier::Quick, &tables).expect("tables for the keys"),
        ));
        for _ in 0..3 {
            let steps = 30 + rng.below(16);
            let start = scrambled(&goal, steps, &mut rng);
            let case = format!("{rows}x{cols} {kind:?} after {steps} moves: {start}");
            let plain = solve_split(&start, &goal, &Heuristic::LinearConflict, &Limits::NONE, u64::MAX)
                .unwrap_or_else(|e| panic!("{case}: {e}"));
            let Answer::Solved(expected) = plain.answer else { panic!("{case}: {:?}", plain.answer) };
            for split_after in [u64::MAX, 0] {
                let report = solve_split(&start, &goal, &pdb, &Limits::NONE, split_after)
                    .unwrap_or_else(|e| panic!("{case}: {e}"));
                check(&start, &goal, &report.answer).unwrap_or_else(|e| panic!("{case}: {e}"));
                assert_eq!(report.answer, Answer::Solved(expected.clone()), "{case}, split after {split_after}");
            }
        }
    }
}
