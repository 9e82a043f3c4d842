//! Sliding-tile puzzles: validated boards, the judge input formats, solvability by parity and
//! solutions of any board, each checked independently before it is returned to a caller that
//! prints.
//!
//! The way in is [`Planner`] (module [`planner`]): it holds the [`Goal`], the heuristic policy
//! ([`HeuristicKind`]), the [`Strategy`] (optimal, within a [`Weight`], or fast) and a
//! [`TableSource`](planner::TableSource) for pattern databases, plans each board shape (the
//! complete 3×3 table for the judges' goal, pattern databases of the tier at hand up to 25
//! cells, linear conflict beyond, the constructive solver for fast answers) and answers one
//! [`Board`] under [`Limits`] with an [`Answer`]: what was found ([`Verdict`], with its
//! [`Path`]), the nodes, the proven lower bound, whether it is optimal and how it was found
//! ([`Method`]); or a [`PlanError`]. [`check`] checks any answer independently ([`CheckError`]),
//! [`is_solvable`] decides solvability by parity, [`path_letters`] writes a path as letters.
//!
//! The rest is grouped in public modules: [`parse`] (the input formats, and what makes a board
//! spec valid), [`planner`] (the table sources and the planner's errors and policy constants),
//! [`tiers`] (which pattern-database tier a batch pays for), [`pdb`] (pattern-database keys,
//! tables and their file form, for callers that cache them), [`machine`] (the duplicate-pruning
//! machine's file form), [`split`] (one search cut into work units for many processes) and
//! [`constructive`] (the fast solver's moves streamed or kept compressed). The plain solvers the
//! planner is built from are for tests and benchmarks, in `testing` behind the `test-support`
//! feature.
#![deny(missing_docs)]
// With `test-support` on, the widest build: what is `pub` and still unreachable then is crate-private.
#![cfg_attr(feature = "test-support", warn(unreachable_pub))]
#![warn(unnameable_types)]

mod answer;
mod board;
mod check;
pub mod constructive;
mod fast;
mod heuristic;
mod ida;
mod large_board_ida;
pub mod machine;
pub mod parse;
pub mod pdb;
#[cfg(any(test, feature = "test-support"))]
mod plain;
pub mod planner;
mod replay;
mod solvable;
mod solve;
pub mod split;
mod table_3x3;
mod tally;
#[cfg(feature = "test-support")]
pub mod testing;
pub mod tiers;
mod weight;
mod weighted;

use puzzle_core::Direction;

pub use answer::{Answer, Method, Path, Verdict};
pub use board::{Board, BoardSpec, GoalKind};
pub use check::check;
pub use heuristic::HeuristicKind;
pub use planner::{Goal, PlanError, Planner, Strategy};
pub use replay::CheckError;
pub use search::Limits;
pub use solvable::is_solvable;
pub use weight::Weight;

/// A step a request should take once, counted for tests ([`tally`](planner::tally)).
#[derive(Clone, Copy)]
pub(crate) enum Step {
    /// An input format told from its text (`parse::detect_format`).
    FormatDetection,
    /// A board turned into the state the searches move (tiles renamed after their goal cells).
    SearchState,
    /// The parity rule applied to a board and a goal.
    Parity,
    /// A cached table (a pattern database or a duplicate-pruning machine) read and checked.
    TableRead,
}

/// The counts of each [`Step`], kept only for tests (feature `test-support`).
#[cfg(any(test, feature = "test-support"))]
pub(crate) static COUNTS: [std::sync::atomic::AtomicU64; 4] = [const { std::sync::atomic::AtomicU64::new(0) }; 4];

/// Counts one more `step` (with the `test-support` feature; nothing otherwise). Here, in the
/// crate root, so that every layer may count.
#[inline]
pub(crate) fn count(step: Step) {
    #[cfg(any(test, feature = "test-support"))]
    COUNTS[step as usize].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    #[cfg(not(any(test, feature = "test-support")))]
    let _ = step;
}

/// The order in which blank moves are tried, which fixes the path chosen among optimal ones:
/// up, down, left, right.
pub(crate) const MOVE_ORDER: [Direction; 4] = [Direction::North, Direction::South, Direction::West, Direction::East];

/// A path as letters `U`, `D`, `L`, `R`: the directions the blank moves.
///
/// ```
/// use puzzle_core::Direction;
/// use sliding::path_letters;
///
/// assert_eq!(path_letters(&[Direction::North, Direction::South, Direction::West, Direction::East]), "UDLR");
/// ```
pub fn path_letters(path: &[Direction]) -> String {
    path.iter().map(|dir| dir.move_letter()).collect()
}

/// Appends the letters of `path` (as [`path_letters`]) to `out` as bytes: by a table of bytes,
/// since a `char` pushed on a `String` is encoded one at a time, which on a path of billions
/// costs more than replaying it.
pub(crate) fn push_path_letters(path: &[Direction], out: &mut Vec<u8>) {
    let table = Direction::ALL.map(|dir| dir.move_letter() as u8);
    out.extend(path.iter().map(|dir| table[dir.index()]));
}
