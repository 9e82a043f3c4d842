//! The integration tests of `sliding`: the solvers against independent oracles.
//!
//! One test binary for the crate (as ripgrep has), each former test binary a module, so the
//! crate and its dependencies are linked once.

mod common;
mod exhaustive;
mod fast;
mod front_door;
mod pdb_oracle;
mod planner;
mod properties;
mod shapes;
mod transpositions;
mod within;
