//! Edge-matching puzzles: square pieces with a mark on each side, laid on a rectangular board
//! so that every pair of touching sides matches.
//!
//! The flow is parse, validate, solve, check, render:
//!
//! 1. [`parse_puzzle`] reads the marks format (`A* B* B/ C*`, one piece per line) into a
//!    [`PuzzleSpec`] and validates it into a [`Puzzle`] (see [`Puzzle::try_from`]).
//! 2. [`first_solution`] finds the first solution in a fixed order, [`count_solutions`] counts
//!    the distinct ones; both run the colour engine ([`engine`]) through a [`MarksEngine`],
//!    which numbers the marks as codes whose partners ([`Matching`]) are their complements.
//! 3. [`check_solution`] re-checks an answer independently and returns a [`Solution`].
//! 4. [`render_pieces`] and [`render_solution`] draw ASCII boxes. The crate never prints.
//!
//! ```
//! use edge_match::{check_solution, first_solution, parse_puzzle, Limits, ParseOptions, Status};
//!
//! let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
//! let Status::Found(placements) = first_solution(&puzzle, &Limits::NONE).status else { panic!() };
//! assert_eq!(check_solution(&puzzle, &placements).unwrap().placements(), placements);
//! ```
#![deny(missing_docs)]

pub mod best;
pub mod bucas;
pub mod check;
pub mod code;
pub mod colour;
pub mod colour_check;
pub mod colour_render;
pub mod engine;
pub mod mark;
pub mod parse;
pub mod puz;
pub mod puzzle;
pub mod render;
pub mod sol;
pub mod solve;
pub mod split;
#[cfg(any(test, feature = "test-support"))]
pub mod testing;

pub use check::{check_solution, CheckError, Solution};
pub use code::{EdgeCode, Matching};
pub use colour::{ColourError, ColourPlacement, ColourPuzzle, ColourSpec};
pub use colour_check::{
    check_colour_solution, check_partial, score_board, BoardScore, ColourCheckError, ColourSolution, Side,
};
pub use colour_render::{render_colour_solution, render_partial};
pub use mark::{Half, Mark, MarkError};
pub use parse::{parse_puzzle, parse_spec, ParseError, ParseErrorKind, ParseOptions};
pub use puz::{detect_edge_format, parse_puz, EdgeFormat, PuzError, PuzErrorKind, PuzOptions};
pub use puzzle::{Piece, Placement, Puzzle, PuzzleError, PuzzleSpec};
pub use render::{render_pieces, render_solution};
pub use search::{Limits, Stats, Status};
pub use sol::{clue_cells, parse_sol, write_sol, SolError, SolErrorKind, SolLine};
pub use solve::{count_solutions, first_solution, FirstSolution, MarksEngine, SolutionCount};
