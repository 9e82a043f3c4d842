//! `puzzle slide`: 3×3 sliding puzzles in the judge formats.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

/// Arguments of `puzzle slide`.
#[derive(Debug, Args)]
pub struct SlideArgs {
    /// The puzzle file; standard input when absent or `-`
    pub file: Option<PathBuf>,
}

/// Runs `puzzle slide`.
pub fn run(args: &SlideArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let _ = (args, out);
    anyhow::bail!("not yet written")
}
