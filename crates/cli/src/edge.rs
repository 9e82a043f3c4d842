//! `puzzle edge`: edge-matching puzzles in the marks format.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

/// Arguments of `puzzle edge`.
#[derive(Debug, Args)]
pub struct EdgeArgs {
    /// The puzzle file (marks format); standard input when absent or `-`
    pub file: Option<PathBuf>,
}

/// Runs `puzzle edge`.
pub fn run(args: &EdgeArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let _ = (args, out);
    anyhow::bail!("not yet written")
}
