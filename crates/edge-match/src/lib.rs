//! Edge-matching puzzles: square pieces with a code on each side, laid on a rectangular board
//! so that every pair of touching sides matches.
//!
//! One model serves every puzzle: [`Puzzle`] (sides as small codes, north, east, south, west;
//! [`puzzle_core::Rotation`]; a matching rule: equal codes, or partners; an optional frame).
//! The flow is parse, solve, check, render, one module each but the solving, which is the root:
//!
//! 1. [`parse`] reads the marks format (`A* B* B/ C*`, one piece per line,
//!    [`parse::parse_puzzle`]) and the numeric `.puz` format ([`parse::parse_puz`]), both into a
//!    [`Puzzle`], and placed pieces ([`parse::parse_sol`], [`parse::clue_cells`]: clues, answers
//!    to verify).
//! 2. A [`Solver`] plans each search once ([`Solver::plan`]: a [`Plan`] holds the scan order
//!    ([`Order`], given or chosen by `auto` from estimates of each order's tree), the
//!    corner a count pins, the estimate and the engine): first solution, counts,
//!    every solution, work units, each an [`Answer`] or [`Counts`]; [`first_solution`] and
//!    [`count_solutions`] do it under [`Limits`].
//!    [`best`] searches for the best partial board of puzzles nobody can finish, [`Plan::split`]
//!    cuts a count into work units.
//! 3. [`check`] re-checks an answer independently ([`check::check_solution`]) and scores
//!    partial boards.
//! 4. [`render`] draws ASCII boxes, labelled with marks or colour numbers. The crate never
//!    prints.
//!
//! ```
//! use edge_match::check::check_solution;
//! use edge_match::parse::{parse_puzzle, ParseOptions};
//! use edge_match::{first_solution, Limits, Status};
//!
//! let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
//! let Status::Found(placements) = first_solution(&puzzle, &Limits::NONE).status() else { panic!() };
//! assert_eq!(check_solution(&puzzle, &placements).unwrap().placements(), placements);
//! ```
#![deny(missing_docs)]
// With `test-support` on, the widest build: what is `pub` and still unreachable then is crate-private.
#![cfg_attr(feature = "test-support", warn(unreachable_pub))]

// The root holds the model and the solving, the names nearly every use needs; the other jobs
// are public modules of their own: `parse` (the three formats and their errors), `check`,
// `render`, `best` (the best-board search, whose `Settings`, `Control`, `Event` and `End` name
// parts of that one search), `gpu` (feature `gpu`), and `testing` (feature `test-support`: the
// engines themselves, oracles and generators that tests share, which no program should reach by
// accident). Inside the crate every file names the module an item is defined in, never these
// re-exports, so that no file imports one that imports it back.
mod answer;
pub mod best;
mod bucas;
pub mod check;
mod engine;
#[cfg(feature = "gpu")]
pub mod gpu;
mod mark;
mod model;
pub mod parse;
mod plan;
mod puz;
pub mod render;
mod sol;
mod solve;
mod split;
#[cfg(any(test, feature = "test-support"))]
pub mod testing;

pub use answer::Answer;
pub use engine::{Mode, Order, Split, SplitError};
pub use model::{Placement, Puzzle, PuzzleError, PuzzleSpec, FRAME};
pub use plan::{ClueError, OrderPick, Plan, Solver, Task};
pub use search::walk::Counts;
pub use search::{Limits, Status};
pub use solve::{count_solutions, first_solution};
pub use split::puzzle_key;
