//! Edge-matching puzzles: square pieces with a code on each side, laid on a rectangular board
//! so that every pair of touching sides matches.
//!
//! One model serves every puzzle: [`Puzzle`] (sides as small codes, north, east, south, west;
//! [`puzzle_core::Rotation`]; a matching rule: equal codes, or partners; an optional frame).
//! The flow is parse, solve, check, render:
//!
//! 1. [`parse_puzzle`] reads the marks format (`A* B* B/ C*`, one piece per line) and
//!    [`parse_puz`] the numeric `.puz` format, both into a [`Puzzle`]; [`parse_sol`] and
//!    [`clue_cells`] read placed pieces (clues, answers to verify).
//! 2. A [`Solver`] plans each search once ([`Solver::plan`]: a [`Plan`] holds the scan order
//!    ([`Order`], given or chosen by `auto` from estimates of each order's tree), the
//!    corner a count pins, the estimate and the engine): first solution, counts,
//!    every solution, work units; [`first_solution`] and [`count_solutions`] do it under
//!    [`Limits`].
//!    [`best`] searches for the best partial board of puzzles nobody can finish, [`Plan::split`]
//!    cuts a count into work units.
//! 3. [`check_solution`] re-checks an answer independently and returns a [`Solution`].
//! 4. [`render_solution`] and [`render_pieces`] draw ASCII boxes, labelled with marks or colour
//!    numbers. The crate never prints.
//!
//! ```
//! use edge_match::{check_solution, first_solution, parse_puzzle, Limits, ParseOptions, Status};
//!
//! let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
//! let Status::Found(placements) = first_solution(&puzzle, &Limits::NONE).status() else { panic!() };
//! assert_eq!(check_solution(&puzzle, &placements).unwrap().placements(), placements);
//! ```
#![deny(missing_docs)]

// One export style: the crate root re-exports every name a user needs, and the modules are
// private. Two modules stay public because they are namespaces of their own: `best`, the
// best-board search, whose `Settings`, `Control`, `Event` and `End` name parts of that one search
// and would read wrongly at the root; and `testing` (feature `test-support`), the oracles and
// generators that tests share, which no program should reach by accident.
pub mod best;
mod bucas;
mod check;
mod engine;
#[cfg(feature = "gpu")]
mod gpu;
mod mark;
mod model;
mod parse;
mod plan;
mod puz;
mod render;
mod sol;
mod solve;
mod split;
#[cfg(any(test, feature = "test-support"))]
pub mod testing;

pub use bucas::bucas_url;
pub use check::{check_partial, check_solution, score_board, BoardScore, CheckError, Label, Side, Solution};
pub use engine::{Counts, Mode, Order, Split, SplitError};
#[cfg(feature = "gpu")]
pub use gpu::{Gpu, GpuError, GpuOptions, ItemComparison, ItemMismatch};
pub use mark::{Half, Mark, MarkError};
pub use model::{Placement, Puzzle, PuzzleError, PuzzleSpec, EAST, FRAME, NORTH, SOUTH, WEST};
pub use parse::{parse_puzzle, piece_line, ParseError, ParseErrorKind, ParseOptions};
pub use plan::{OrderPick, Plan, Task};
pub use puz::{detect_edge_format, parse_puz, EdgeFormat, PuzError, PuzErrorKind, PuzOptions};
pub use render::{render_partial, render_pieces, render_solution};
pub use search::{Limits, Status};
pub use sol::{clue_cells, parse_sol, write_sol, SolError, SolErrorKind, SolLine};
pub use solve::{count_solutions, first_solution, Answer, Solver};
pub use split::puzzle_key;

// The engines themselves and the estimator are reached by a program only through a `Plan`; the
// tests compare them with each other and with the brute force directly.
#[cfg(any(test, feature = "test-support"))]
pub use engine::{estimate_nodes, estimate_tight_nodes, Engine, OrderedEngine, Search};
