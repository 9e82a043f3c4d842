//! Sliding-tile puzzles: validated boards, the judge input formats, solvability by parity and
//! solutions of any board, each checked independently before it is returned to a caller that
//! prints.
//!
//! The way in is [`Planner`] (module [`planner`]): it holds the goal, the heuristic policy, the
//! strategy (optimal, within a weight, or fast) and a [`TableSource`] for pattern databases,
//! plans each board shape (the complete 3×3 table for the judges' goal, pattern databases of the
//! tier at hand up to 25 cells, linear conflict beyond, the constructive solver for fast
//! answers) and answers one board under [`Limits`] with an [`Answer`]: what was found
//! ([`Outcome`], with its [`Path`]), the nodes, the proven lower bound, whether it is optimal and
//! how it was found ([`Method`]). Besides the planner, two solvers stay public for the
//! benchmarks: [`solve_within`] (weighted IDA\* with a heuristic of the caller's choice) and
//! [`solve_fast_into`] (the constructive solver's moves streamed to a sink); [`lower_bound`]
//! gives a heuristic's value. The plain solvers the planner is built from (`solve`,
//! `solve_with`, `solve_split`, `solve_within_split`, `solve_astar`, `solve_fast`,
//! `solve_fast_checked`, `judge_goal`) are for tests, behind the `test-support` feature.
//!
//! Everything else is at the root, except four public modules: [`pdb`] (pattern-database keys,
//! tables and their file form, for callers that cache them), [`split`] (one search cut into work
//! units for many processes), and the policy constants of [`planner`] and [`tiers`].
#![deny(missing_docs)]
#![warn(unnameable_types)]

mod answer;
mod board;
mod check;
mod constructive;
mod fast;
mod heuristic;
mod ida;
mod large_board_ida;
pub mod machine;
mod parse;
pub mod pdb;
#[cfg(any(test, feature = "test-support"))]
mod plain;
pub mod planner;
mod replay;
mod solvable;
mod solve;
pub mod split;
mod table_3x3;
pub mod tiers;
mod weight;
mod weighted;

use puzzle_core::Direction;

pub use answer::{Answer, Method, Outcome, Path};
pub use board::{Board, BoardError, BoardSpec, GoalKind, BLANK, MAX_BOARD_CELLS};
pub use check::check;
pub use constructive::{solve_fast_into, FastPath, KeepMoves, StreamError, Streamed, TapeBudget};
#[cfg(feature = "test-support")]
pub use fast::{solve_fast, solve_fast_checked};
pub use heuristic::{Heuristic, HeuristicKind};
pub use parse::{
    detect_format, parse_goal, parse_grid, parse_judge_a, parse_judge_b, parse_line, parse_lines, Batch, Entry, Format,
    JudgeBEnd, JudgeBInput, JudgeBReader, ParseError, ParseErrorKind,
};
pub use pdb::{PdbHeuristic, Tier, PDB_MAX_CELLS};
#[cfg(feature = "test-support")]
pub use plain::{solve, solve_astar, solve_split, solve_with};
pub use planner::{Goal, MemoryTables, PlanError, Planner, Strategy, TableError, TableSource};
pub use replay::{CheckError, Replay};
pub use search::Limits;
pub use solvable::is_solvable;
#[cfg(feature = "test-support")]
pub use solve::{judge_goal, ASTAR_MAX_STATES};
pub use solve::{lower_bound, SolveError};
pub use table_3x3::DistanceTable;
pub use tiers::{choose_tables, TableChoice};
pub use weight::{Weight, WeightError, MAX_WEIGHT};
pub use weighted::solve_within;
#[cfg(feature = "test-support")]
pub use weighted::solve_within_split;

/// The order in which blank moves are tried, which fixes the path chosen among optimal ones:
/// up, down, left, right.
pub const MOVE_ORDER: [Direction; 4] = [Direction::North, Direction::South, Direction::West, Direction::East];

/// A path as letters `U`, `D`, `L`, `R`: the directions the blank moves.
///
/// ```
/// use sliding::{path_letters, MOVE_ORDER};
///
/// assert_eq!(path_letters(&MOVE_ORDER), "UDLR");
/// ```
pub fn path_letters(path: &[Direction]) -> String {
    path.iter().map(|dir| dir.move_letter()).collect()
}

/// Appends the letters of `path` (as [`path_letters`]) to `out` as bytes: by a table of bytes,
/// since a `char` pushed on a `String` is encoded one at a time, which on a path of billions
/// costs more than replaying it.
///
/// ```
/// use puzzle_core::Direction;
/// use sliding::push_path_letters;
///
/// let mut out = b"path: ".to_vec();
/// push_path_letters(&[Direction::East, Direction::South], &mut out);
/// assert_eq!(out, b"path: RD");
/// ```
pub fn push_path_letters(path: &[Direction], out: &mut Vec<u8>) {
    let table = Direction::ALL.map(|dir| dir.move_letter() as u8);
    out.extend(path.iter().map(|dir| table[dir.index()]));
}
