//! Edge-matching puzzles.
#![deny(missing_docs)]
