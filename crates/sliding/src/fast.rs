//! A fast, non-optimal solver for boards of any size: tiles are placed line by line
//! (constructively), and the last small region is finished by exact search.
//!
//! How it works (details in `docs/algorithms.md`, section "Fast solutions for any size"):
//! - the tiles are relabelled by the cell they belong to on the goal, so the goal becomes the
//!   identity with the blank on the goal's blank cell;
//! - while the unsolved region is larger than 3×3, 2×4 or 4×2, its longer side loses a line (a row
//!   if it has at least as many rows as columns, otherwise a column), taken from the end away from
//!   the goal's blank cell, so that the blank's goal cell stays in the final region;
//! - a line is placed tile by tile, each tile walked to its cell one step at a time, with the blank
//!   routed to the front of the tile by a greedy walk, a two-sided detour, or a breadth-first
//!   search of a small window when those fail; the last two tiles of a line use the classic
//!   corner trick (the second-to-last tile at the corner, the last one inside it, then two moves);
//! - the final region (at most 3×3, 2×4 or 4×2) is solved optimally by IDA\* with the Manhattan
//!   distance;
//! - a move that undoes the previous one is cancelled as it is recorded.

mod finish;
mod work;

use search::Limits;

use crate::answer::Answer;
use crate::board::Board;
use crate::solvable::is_solvable;

/// A valid, usually far from optimal, solution from `board` to `goal` for any board size, in
/// time about linear in the length of the path.
///
/// `goal` may be any arrangement of the same shape (the blank anywhere). The caller must pass
/// boards of equal shapes: a shape mismatch is a caller bug, answered [`Answer::Unsolvable`]
/// without panicking. [`Answer::Unsolvable`] otherwise means the parity rule
/// ([`is_solvable`]) says the goal cannot be reached. [`Answer::GaveUp`] means `limits` stopped
/// the work: the interrupt flag and the deadline are looked at once per placed tile
/// (`max_expanded` is not used: no search tree is expanded here).
///
/// The path is not optimal; on a random board it is a few times the Manhattan lower bound. A
/// board of `n` cells on a side needs about `5/3 · n³` moves, so a 1000×1000 board needs some
/// gigabytes for its path (one byte a move).
///
/// ```
/// use sliding::{fast::solve_fast, Answer, Board, BoardSpec, GoalKind};
/// use puzzle_core::Shape;
/// let board = Board::try_from(BoardSpec { rows: 3, cols: 4, tiles: vec![5, 1, 2, 3, 0, 6, 7, 4, 9, 10, 11, 8] })?;
/// let goal = Board::goal(Shape::new(3, 4)?, GoalKind::BlankFirst)?;
/// let Answer::Solved(path) = solve_fast(&board, &goal, &search::Limits::NONE) else { panic!() };
/// assert_eq!(board.replay(&path), Ok(goal));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_fast(board: &Board, goal: &Board, limits: &Limits<'_>) -> Answer {
    if board.shape() != goal.shape() || !is_solvable(board, goal) {
        return Answer::Unsolvable;
    }
    let mut work = work::Work::new(board, goal, limits);
    match work.run() {
        Ok(()) => Answer::Solved(work.into_path()),
        Err(_) => Answer::GaveUp,
    }
}
