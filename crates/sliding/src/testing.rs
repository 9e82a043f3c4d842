//! What tests and benchmarks call besides the planner (feature `test-support`): the plain
//! solvers the planner is built from, called directly, which the tests compare with each other
//! and with exhaustive tables, and the heuristics ready to search with. A program solves
//! through [`Planner`](crate::Planner). [`oracle`] is breadth-first search over plain tile
//! vectors, the independent check the tests compare lengths with.

pub mod oracle;

use std::ops::ControlFlow;

use puzzle_core::Direction;
use search::Limits;

use crate::answer::{Path, Verdict};
use crate::board::Board;
use crate::constructive::{solve_fast_into, Streamed};

pub use crate::fast::solve_fast_checked;
pub use crate::heuristic::Heuristic;
pub use crate::plain::{solve, solve_astar, solve_split, solve_with};
pub use crate::solve::{judge_goal, lower_bound, ASTAR_MAX_STATES};
pub use crate::table_3x3::DistanceTable;
pub use crate::weighted::{solve_within, solve_within_split};

/// The constructive solver's moves in memory, for tests that look at them whole (programs
/// answer through [`Planner::solve_fast`](crate::Planner::solve_fast)): a valid, usually far from optimal, solution from `board` to `goal` for any board size, in
/// time about linear in the length of the path.
///
/// `goal` may be any arrangement of the same shape (the blank anywhere). The caller must pass
/// boards of equal shapes: a shape mismatch is a caller bug, answered [`Verdict::Unsolvable`]
/// without panicking. [`Verdict::Unsolvable`] otherwise means the parity rule
/// ([`is_solvable`](crate::is_solvable)) says the goal cannot be reached. [`Verdict::GaveUp`] means `limits` stopped
/// the work: the interrupt flag and the deadline are looked at once per placed tile
/// (`max_expanded` is not used: no search tree is expanded here).
///
/// The path is not optimal; on a random board it is a few times the Manhattan lower bound. A
/// board of `n` cells on a side needs about `8/3 · n³` moves, so a 1000×1000 board's path takes
/// gigabytes as a vector: [`solve_fast_into`] hands the moves over in chunks instead, and
/// [`FastPath`](crate::constructive::FastPath) makes them again when they are read.
///
/// ```
/// use sliding::{Board, BoardSpec, GoalKind, Verdict, Path};
/// use sliding::testing::solve_fast;
/// use puzzle_core::Shape;
/// let board = Board::try_from(BoardSpec { rows: 3, cols: 4, tiles: vec![5, 1, 2, 3, 0, 6, 7, 4, 9, 10, 11, 8] })?;
/// let goal = Board::goal(Shape::new(3, 4)?, GoalKind::BlankFirst)?;
/// let Verdict::Solved(Path::Moves(path)) = solve_fast(&board, &goal, &search::Limits::NONE) else { panic!() };
/// assert_eq!(board.replay(&path), Ok(goal));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_fast(board: &Board, goal: &Board, limits: &Limits<'_>) -> Verdict {
    let mut path = Vec::new();
    let mut sink = |moves: &[Direction]| {
        path.extend_from_slice(moves);
        ControlFlow::Continue(())
    };
    match solve_fast_into(board, goal, limits, &mut sink) {
        Streamed::Solved(_) => Verdict::Solved(Path::Moves(path)),
        Streamed::Unsolvable => Verdict::Unsolvable,
        Streamed::GaveUp | Streamed::Halted => Verdict::GaveUp,
    }
}
