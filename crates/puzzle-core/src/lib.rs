//! Shared vocabulary of the puzzle domains: board geometry, compact state encodings,
//! permutation parity, rotations of square pieces, positioned text scanning and the seeded
//! random generator.
//!
//! Nothing here searches or prints; the domain crates (`sliding`, `edge-match`) build on these
//! types and the generic `search` crate.
//!
//! # Where to start
//!
//! - [`Shape`] is a board's rows and columns; its [`Cell`]s are numbered row-major and
//!   [`Shape::neighbour`] steps from one to the next in a [`Direction`].
//! - [`text::lines`] scans text into [`Line`](text::Line)s and [`Token`](text::Token)s that know
//!   their [`Pos`](text::Pos), so that a parser can say where its input is wrong.
//! - [`permutation_parity`] and [`inversions`] decide which sliding boards are solvable;
//!   [`rank_nibbles`] turns a board packed four bits a cell into one number.
//! - [`Rotation`] turns the four sides of a square piece; [`fingerprint()`](fingerprint::fingerprint()) is the one checksum (XXH3), which names a puzzle and checks files;
//!   [`SplitMix64`] is the one seeded random generator.
//!
//! A sliding board read from text, looked at and encoded:
//!
//! ```
//! use puzzle_core::text::lines;
//! use puzzle_core::{inversions, rank_nibbles, Direction, Parity, Shape};
//!
//! /// The numbers of `text`, or where the first that is not one stands.
//! fn read(text: &str) -> Result<Vec<u8>, String> {
//!     let tokens = lines(text).flat_map(|line| line.tokens());
//!     tokens.map(|token| token.text.parse().map_err(|_| format!("{}: not a tile", token.pos))).collect()
//! }
//!
//! assert_eq!(read("1 2 3\n4 x 5\n"), Err("2:3: not a tile".to_owned()));
//! // A board of 2 rows and 3 columns: tiles 1 to 5 and the blank, 0.
//! let tiles = read("1 2 3\n4 0 5\n")?;
//! let shape = Shape::new(2, 3)?;
//! assert_eq!(tiles.len(), shape.n_cells());
//!
//! // The tiles that may slide into the blank are on its neighbours: 2 above it, 4 on its left
//! // and 5 on its right; there is no row below it.
//! let blank = shape.cells().find(|cell| tiles[cell.0] == 0).unwrap();
//! assert_eq!(shape.row_col(blank), (1, 1));
//! let dirs = [Direction::North, Direction::West, Direction::South, Direction::East];
//! let neighbours = dirs.iter().filter_map(|&dir| shape.neighbour(blank, dir));
//! let movable: Vec<u8> = neighbours.map(|cell| tiles[cell.0]).collect();
//! assert_eq!(movable, [2, 4, 5]);
//!
//! // On a board 3 columns wide a move keeps the parity of the tiles' inversions, and 1 2 3 4 5
//! // has none, like the goal: the board is solvable.
//! let without_blank: Vec<u8> = tiles.iter().copied().filter(|&tile| tile != 0).collect();
//! assert_eq!(Parity::of(inversions(&without_blank)), Parity::Even);
//!
//! // As one number: each of 1, 2, 3 and 4 has only 0 after it that is smaller, so the rank is
//! // 5! + 4! + 3! + 2! = 152 among the 720 orders of six values. The tiles go four bits a cell
//! // into one word, cell i in bits 4i to 4i + 3.
//! let word = tiles.iter().enumerate().fold(0u64, |word, (i, &tile)| word | u64::from(tile) << (4 * i));
//! assert_eq!(rank_nibbles(word, tiles.len()), 152);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]
#![warn(unreachable_pub)]

pub mod fingerprint;
mod geometry;
mod parity;
mod rank;
mod rng;
mod rotation;
pub mod text;

pub use geometry::{Cell, Direction, Shape, ShapeError};
pub use parity::{inversions, permutation_parity, Parity};
pub use rank::{factorial, rank_nibbles};
pub use rng::SplitMix64;
pub use rotation::Rotation;
