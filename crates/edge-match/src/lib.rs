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
//!    ([`engine::Order`], given or chosen by `auto` from estimates of each order's tree), the
//!    corner a count pins, the estimate and the engine ([`engine`])): first solution, counts,
//!    every solution, work units; [`first_solution`] and [`count_solutions`] do it under
//!    [`Limits`].
//!    [`best`] searches for the best partial board of puzzles nobody can finish, [`split`]
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

pub mod best;
pub mod bucas;
pub mod check;
pub mod engine;
#[cfg(feature = "gpu")]
pub mod gpu;
pub mod mark;
pub mod model;
pub mod parse;
pub mod plan;
pub mod puz;
pub mod render;
pub mod sol;
pub mod solve;
pub mod split;
#[cfg(any(test, feature = "test-support"))]
pub mod testing;

pub use check::{check_partial, check_solution, score_board, BoardScore, CheckError, Side, Solution};
pub use mark::{Half, Mark, MarkError};
pub use model::{Placement, Puzzle, PuzzleError, PuzzleSpec};
pub use parse::{parse_puzzle, piece_line, ParseError, ParseErrorKind, ParseOptions};
pub use plan::{OrderPick, Plan, Task};
pub use puz::{detect_edge_format, parse_puz, EdgeFormat, PuzError, PuzErrorKind, PuzOptions};
pub use render::{render_partial, render_pieces, render_solution};
pub use search::{Limits, Status};
pub use sol::{clue_cells, parse_sol, write_sol, SolError, SolErrorKind, SolLine};
pub use solve::{count_solutions, first_solution, Answer, Solver};
