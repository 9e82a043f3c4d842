//! The integration tests of the `puzzle` binary: each runs the built binary and checks its output.
//!
//! One test binary for the crate (as ripgrep has), each former test binary a module, so the
//! crate and its dependencies are linked once.

mod common;
mod detection;
mod edge_best_cli;
mod edge_brute_cli;
mod edge_cli;
mod edge_colour_cli;
mod errors;
mod files_cli;
mod fixtures;
mod fuzz;
mod generate;
mod gpu_cli;
mod html_cli;
mod input_limits_cli;
mod limits_cli;
mod machine_cache_cli;
mod memory_cli;
mod scale_cli;
mod slide_cli;
mod snapshots;
mod svg_cli;
mod tables_stop_cli;
mod walk_cli;
