//! A fast, non-optimal solver for boards of any size: tiles are placed line by line
//! (constructively), and the last small region is finished by exact search.
//!
//! How it works (details in `docs/algorithms.md`, section "Fast solutions for any size"):
//! - the tiles are relabelled by the cell they belong to on the goal, so the goal becomes the
//!   identity with the blank on the goal's blank cell;
//! - while the unsolved region is larger than 3×3, 2×4 or 4×2, its longer side loses a line (a row
//!   if it has at least as many rows as columns, otherwise a column), taken from the end away from
//!   the goal's blank cell, so that the blank's goal cell stays in the final region;
//! - a line is placed tile by tile from both ends (the end whose tile is nearer the blank
//!   first), each tile walked to its cell one step at a time, with the blank
//!   routed to the front of the tile by a greedy walk, a two-sided detour, or a breadth-first
//!   search of a small window when those fail (on boards of at most 2^18 cells, of two walks
//!   or detours of the same length, the one that brings the tiles it pushes nearer home); the
//!   last two tiles of a line use the classic
//!   corner trick (the second-to-last tile at the corner, the last one inside it, then two moves);
//! - the final region (at most 3×3, 2×4 or 4×2) is solved optimally by IDA\* with the Manhattan
//!   distance;
//! - a move that undoes the previous one is cancelled as it is recorded, and the moves go to a
//!   sink in chunks as they are made ([`solve_fast_into`]), so a path of billions of moves never
//!   sits in memory; [`FastPath`] keeps a checked answer's moves compressed (a few tens of
//!   megabytes for a 1000×1000 board) within a budget, or only their number, making them again
//!   when they are read.

mod bfs;
mod cell_set;
mod compressed_moves;
mod finish;
mod lines;
mod moves;
mod path;
mod producer_thread;
#[cfg(test)]
mod tests;
mod tile;
mod tile_scores;
mod work;

use search::Limits;

use crate::board::Board;
use crate::solvable::is_solvable;

pub use crate::replay::Replay;
pub use compressed_moves::TapeBudget;
pub use moves::Sink;
pub(crate) use path::checked_path;
pub use path::{FastPath, KeepMoves, StreamError};

/// How a run of the constructive solver that handed its moves to a sink ended.
///
/// ```
/// use std::ops::ControlFlow;
///
/// use sliding::Limits;
/// use sliding::constructive::{solve_fast_into, Streamed};
/// use sliding::parse::parse_judge_a;
///
/// let goal = parse_judge_a("1 2 3\n4 5 6\n7 8 0\n")?;
/// // Two tiles swapped: no path, and nothing handed over.
/// let swapped = parse_judge_a("2 1 3\n4 5 6\n7 8 0\n")?;
/// let mut handed_over = 0;
/// let streamed = solve_fast_into(&swapped, &goal, &Limits::NONE, &mut |moves| {
///     handed_over += moves.len();
///     ControlFlow::Continue(())
/// });
/// assert_eq!((streamed, handed_over), (Streamed::Unsolvable, 0));
/// // A sink that wants nothing more halts the solver.
/// let board = parse_judge_a("0 1 2\n3 4 5\n6 7 8\n")?;
/// let streamed = solve_fast_into(&board, &goal, &Limits::NONE, &mut |_| ControlFlow::Break(()));
/// assert_eq!(streamed, Streamed::Halted);
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Streamed {
    /// The goal was reached; this many moves were handed over in all.
    Solved(u64),
    /// The goal cannot be reached (parity, or boards of different shapes); nothing was handed
    /// over.
    Unsolvable,
    /// `limits` stopped the work (or, a bug the tests guard against, the solver found no way);
    /// the moves handed over so far lead nowhere in particular.
    GaveUp,
    /// The sink said `Break`; it was given nothing after that.
    Halted,
}

/// The moves of the constructive solver's path (as `solve_fast` gives it), handed to `sink` in
/// order in chunks of some thousands as they are made (the path is the same however the sink is
/// written), in memory that does not grow with the path.
///
/// ```
/// use std::ops::ControlFlow;
///
/// use sliding::Limits;
/// use sliding::constructive::{solve_fast_into, Streamed};
/// use sliding::parse::parse_judge_a;
///
/// let board = parse_judge_a("8 7 6\n5 4 3\n2 1 0\n")?;
/// let goal = parse_judge_a("1 2 3\n4 5 6\n7 8 0\n")?;
/// let mut path = Vec::new();
/// let streamed = solve_fast_into(&board, &goal, &Limits::NONE, &mut |moves| {
///     path.extend_from_slice(moves);
///     ControlFlow::Continue(())
/// });
/// assert_eq!(streamed, Streamed::Solved(path.len() as u64));
/// assert_eq!(board.replay(&path), Ok(goal));
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
pub fn solve_fast_into(board: &Board, goal: &Board, limits: &Limits<'_>, sink: &mut Sink<'_>) -> Streamed {
    if board.shape() != goal.shape() || !is_solvable(board, goal) {
        return Streamed::Unsolvable;
    }
    let mut work = work::Work::new(board, goal, limits, sink);
    match work.run() {
        Ok(moves) => Streamed::Solved(moves),
        Err(work::Stop::Halted) => Streamed::Halted,
        Err(work::Stop::Limit | work::Stop::Stuck) => Streamed::GaveUp,
    }
}
