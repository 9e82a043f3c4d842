//! Sliding-tile puzzles.
#![deny(missing_docs)]
