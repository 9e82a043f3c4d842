//! The `puzzle` command line: reads puzzles, solves them with the domain crates and prints the
//! answers. This is the only place (with `xtask`) that does I/O.

mod edge;
mod input;
mod slide;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::input::{BadInput, Reported};

const EXIT_CODES: &str = "\
Exit status:
  0  every puzzle was answered (including \"-1\", \"impossible\" and \"no solution\")
  1  bad input (the message names the file, line and column) or bad arguments
  2  internal error (a bug: please report it)";

/// Solves sliding-tile puzzles and edge-matching puzzles, optimally and checked.
#[derive(Debug, Parser)]
#[command(name = "puzzle", version, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve 3×3 sliding puzzles (the 8-puzzle) in the judge formats of BOJ 1525 and BOJ 11112
    #[command(after_help = EXIT_CODES)]
    Slide(slide::SlideArgs),
    /// Solve edge-matching puzzles: square pieces with a mark on each side, rotations allowed
    #[command(after_help = EXIT_CODES)]
    Edge(edge::EdgeArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            // Usage errors are bad input (exit 1), not internal errors; help and version exit 0.
            let _ = err.print();
            return if err.use_stderr() { ExitCode::from(1) } else { ExitCode::SUCCESS };
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = match &cli.command {
        Command::Slide(args) => slide::run(args, &mut out),
        Command::Edge(args) => edge::run(args, &mut out),
    };
    let result = result.and_then(|()| out.flush().map_err(anyhow::Error::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => report(&err),
    }
}

/// Prints `err` on stderr and chooses the exit status: 1 for bad input, 2 for anything else.
fn report(err: &anyhow::Error) -> ExitCode {
    if let Some(bad) = err.downcast_ref::<BadInput>() {
        eprintln!("error: {bad}");
        return ExitCode::from(1);
    }
    if err.downcast_ref::<Reported>().is_some() {
        return ExitCode::from(1);
    }
    if err.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe) {
        // The reader went away (`puzzle … | head`): nothing more to say.
        return ExitCode::SUCCESS;
    }
    eprintln!("error: internal: {err:#}");
    ExitCode::from(2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_valid() {
        Cli::command().debug_assert();
    }
}
