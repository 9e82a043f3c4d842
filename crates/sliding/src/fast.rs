//! The constructive solver's answers as [`Outcome`]s: its moves in memory ([`solve_fast`]), or
//! checked as they are made and kept as a [`FastPath`](crate::constructive::FastPath) ([`solve_fast_checked`], what
//! [`Planner::solve_fast`](crate::Planner::solve_fast) answers with). Apart from `constructive`,
//! which the answer's [`Path`] reads back, so that neither imports the other.

use std::ops::ControlFlow;

use puzzle_core::Direction;
use search::Limits;

use crate::answer::{Outcome, Path};
use crate::board::Board;
use crate::constructive::{checked_path, solve_fast_into, KeepMoves, Streamed};
use crate::replay::CheckError;
use crate::solvable::is_solvable;

/// A valid, usually far from optimal, solution from `board` to `goal` for any board size, in
/// time about linear in the length of the path.
///
/// `goal` may be any arrangement of the same shape (the blank anywhere). The caller must pass
/// boards of equal shapes: a shape mismatch is a caller bug, answered [`Outcome::Unsolvable`]
/// without panicking. [`Outcome::Unsolvable`] otherwise means the parity rule
/// ([`is_solvable`]) says the goal cannot be reached. [`Outcome::GaveUp`] means `limits` stopped
/// the work: the interrupt flag and the deadline are looked at once per placed tile
/// (`max_expanded` is not used: no search tree is expanded here).
///
/// The path is not optimal; on a random board it is a few times the Manhattan lower bound. A
/// board of `n` cells on a side needs about `8/3 · n³` moves, so a 1000×1000 board's path takes
/// gigabytes as a vector: [`solve_fast_into`] hands the moves over in chunks instead, and
/// [`FastPath`](crate::constructive::FastPath) makes them again when they are read.
///
/// ```
/// use sliding::{Board, BoardSpec, GoalKind, Outcome, Path};
/// use sliding::testing::solve_fast;
/// use puzzle_core::Shape;
/// let board = Board::try_from(BoardSpec { rows: 3, cols: 4, tiles: vec![5, 1, 2, 3, 0, 6, 7, 4, 9, 10, 11, 8] })?;
/// let goal = Board::goal(Shape::new(3, 4)?, GoalKind::BlankFirst)?;
/// let Outcome::Solved(Path::Moves(path)) = solve_fast(&board, &goal, &search::Limits::NONE) else { panic!() };
/// assert_eq!(board.replay(&path), Ok(goal));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_fast(board: &Board, goal: &Board, limits: &Limits<'_>) -> Outcome {
    let mut path = Vec::new();
    let mut sink = |moves: &[Direction]| {
        path.extend_from_slice(moves);
        ControlFlow::Continue(())
    };
    match solve_fast_into(board, goal, limits, &mut sink) {
        Streamed::Solved(_) => Outcome::Solved(Path::Moves(path)),
        Streamed::Unsolvable => Outcome::Unsolvable,
        Streamed::GaveUp | Streamed::Halted => Outcome::GaveUp,
    }
}

/// The constructive solver's answer for `board`, each move checked by replay as it is made
/// (the same checks as [`check`](crate::check)) and then kept as `keep` says: compressed, or
/// only counted, in a [`FastPath`](crate::constructive::FastPath).
///
/// `Err` is a path that failed its check, a bug in the solver.
///
/// ```
/// use sliding::{check, Limits, Outcome};
/// use sliding::constructive::KeepMoves;
/// use sliding::parse::parse_judge_a;
/// use sliding::testing::solve_fast_checked;
///
/// let board = parse_judge_a("0 1 2\n3 4 5\n6 7 8\n")?;
/// let goal = parse_judge_a("1 2 3\n4 5 6\n7 8 0\n")?;
/// let outcome = solve_fast_checked(&board, &goal, &Limits::NONE, &KeepMoves::Count)?;
/// assert!(matches!(outcome, Outcome::Solved(_)));
/// assert_eq!(check(&board, &goal, &outcome), Ok(()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_fast_checked(
    board: &Board,
    goal: &Board,
    limits: &Limits<'_>,
    keep: &KeepMoves,
) -> Result<Outcome, CheckError> {
    if board.shape() != goal.shape() || !is_solvable(board, goal) {
        return Ok(Outcome::Unsolvable);
    }
    Ok(checked_path(board, goal, limits, keep)?.map_or(Outcome::GaveUp, |path| Outcome::Solved(Path::Fast(path))))
}
