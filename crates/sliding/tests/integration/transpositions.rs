//! The table of transpositions (boards of more than 16 cells, pattern databases with kept
//! indices) keeps every answer: on 5×5 and 3×6 boards, searched whole and split into subtrees
//! from the first iteration (the threads taking subtrees in move order and sharing their
//! tables), the path is the one linear conflict finds without any table, the first optimal path
//! in move order.

use puzzle_core::{Shape, SplitMix64};
use search::Limits;
use sliding::testing::{solve_split, Heuristic};
use sliding::{check, Board, GoalKind, Path, Verdict};

use crate::common::{quick_tables, scrambled};

#[test]
fn searches_with_transpositions_find_the_first_optimal_path() {
    let mut rng = SplitMix64::new(0x007a_11e5_2026);
    for (rows, cols, kind) in [(5, 5, GoalKind::BlankFirst), (3, 6, GoalKind::BlankLast)] {
        let shape = Shape::new(rows, cols).expect("a shape");
        let goal = Board::goal(shape, kind).expect("a goal");
        let pdb = quick_tables(&goal);
        for _ in 0..3 {
            let steps = 30 + rng.below(16);
            let start = scrambled(&goal, steps, &mut rng);
            let case = format!("{rows}x{cols} {kind:?} after {steps} moves: {start}");
            let plain = solve_split(&start, &goal, &Heuristic::LinearConflict, &Limits::NONE, u64::MAX)
                .unwrap_or_else(|e| panic!("{case}: {e}"));
            let Verdict::Solved(Path::Moves(expected)) = plain.verdict() else {
                panic!("{case}: {:?}", plain.verdict())
            };
            for split_after in [u64::MAX, 0] {
                let report = solve_split(&start, &goal, &pdb, &Limits::NONE, split_after)
                    .unwrap_or_else(|e| panic!("{case}: {e}"));
                check(&start, &goal, report.verdict()).unwrap_or_else(|e| panic!("{case}: {e}"));
                assert_eq!(
                    report.verdict(),
                    &Verdict::Solved(Path::Moves(expected.clone())),
                    "{case}, split after {split_after}"
                );
            }
        }
    }
}
