//! The integration tests of `edge-match`: the engines against brute force and oracles.
//!
//! One test binary for the crate (as ripgrep has), each former test binary a module, so the
//! crate and its dependencies are linked once.

mod brute_force;
mod engine_oracle;
#[cfg(feature = "gpu")]
mod gpu;
mod marks_engine;
