//! Shared vocabulary of the puzzle domains: board geometry, compact state encodings,
//! permutation parity, rotations of square pieces, positioned text scanning and the seeded
//! random generator.
//!
//! Nothing here searches or prints; the domain crates (`sliding`, `edge-match`) build on these
//! types and the generic `search` crate.
#![deny(missing_docs)]

pub mod fingerprint;
pub mod geometry;
pub mod packed;
pub mod parity;
pub mod rank;
pub mod rng;
pub mod rotation;
pub mod text;

pub use fingerprint::fnv1a;
pub use geometry::{Cell, Direction, Shape, ShapeError};
pub use packed::{PackedTiles, Packing};
pub use parity::{inversions, permutation_parity, Parity};
pub use rank::{factorial, rank_nibbles, rank_permutation, unrank_permutation};
pub use rng::SplitMix64;
pub use rotation::Rotation;
pub use text::{lines, Line, Pos, Token};
