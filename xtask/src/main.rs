//! `cargo xtask`: project automation (fixtures, snapshots, tidy checks), run as `cargo xtask <command>`.

mod fixtures;
mod rng;
mod snapshots;
mod tidy;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

const EXIT_CODES: &str = "\
Exit status:
  0  the task succeeded (for checks: everything is up to date and clean)
  1  the task failed: a check found problems, a command failed, or a file could not be read or written";

/// Project automation for the puzzle toolkit.
#[derive(Debug, Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask", after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Regenerate `fixtures/slide` and `fixtures/edge` with their oracle answers (seeded, deterministic)
    Fixtures {
        /// Write nothing; fail if any generated fixture is stale, missing or extra
        #[arg(long)]
        check: bool,
    },
    /// Refresh the insta snapshots of the `puzzle` command (review them with `git diff` or `cargo insta review`)
    Snapshots,
    /// Check dependency edges between crates, `//!` headers and forbidden test attributes
    Tidy,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let root = project_root();
    let result = match cli.command {
        Command::Fixtures { check } => {
            let mode = if check { fixtures::Mode::Check } else { fixtures::Mode::Write };
            fixtures::run(&root.join("fixtures"), mode)
        }
        Command::Snapshots => snapshots::run(&root),
        Command::Tidy => tidy::run(&root),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root: the parent of this crate's directory.
fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives inside the workspace").to_path_buf()
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_valid() {
        super::Cli::command().debug_assert();
    }
}
