//! The `puzzle` command line: reads puzzles, solves them with the domain crates and prints the
//! answers. This is the only place (with `xtask`) that does I/O.
// Nothing outside the binary can use its items, so none is `pub`: `pub(crate)` says so, and the
// lint keeps a new `pub` from claiming a reach it does not have.
#![deny(unreachable_pub)]

mod atomic_file;
mod cache_dir;
mod edge;
mod generate;
mod html;
mod input;
mod interrupt;
mod jobs;
mod machine_cache;
mod output;
mod paths;
mod pdb_cache;
mod progress;
mod scale_out;
mod shared_args;
mod slide;
mod stream;
mod svg;
mod table_cache;
mod values;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::input::{BadInput, Reported};

const EXIT_CODES: &str = "\
Exit status:
  0  every puzzle was answered (including \"-1\", \"impossible\" and \"no solution\")
  1  bad input (the message names the file, line and column), bad arguments, an output that
     cannot be written (`<stdout>: cannot write: …`; a closed pipe is not an error), or a table
     whose memory the system refused (the message names the table and the bytes)
  2  internal error (a bug: please report it)
  130  interrupted by Ctrl-C, SIGTERM or SIGHUP (what was found so far is printed; a second signal stops at once)";

/// Solves sliding-tile puzzles and edge-matching puzzles, optimally and checked.
#[derive(Debug, Parser)]
#[command(name = "puzzle", version, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    progress: shared_args::ProgressArg,
    /// Print the man page or a shell's completion script, generated from these definitions, and
    /// exit (e.g. `puzzle --generate complete-bash > /etc/bash_completion.d/puzzle`)
    #[arg(long, value_enum, value_name = "KIND", exclusive = true)]
    generate: Option<generate::Generate>,
}

// Parsed once per process: the size of the edge arguments costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
enum Command {
    /// Solve sliding puzzles of any size optimally: the judge formats of BOJ 1525 and BOJ 11112,
    /// grids, and one board per line (Korf's instance files)
    #[command(after_help = EXIT_CODES)]
    Slide(slide::SlideArgs),
    /// Solve edge-matching puzzles: square pieces with a mark on each side, rotations allowed
    #[command(after_help = EXIT_CODES)]
    Edge(edge::EdgeArgs),
    /// Pattern databases for the sliding puzzles: build them ahead of time, or show where they
    /// are cached
    #[command(subcommand)]
    Pdb(PdbCommand),
    /// Join the JSON-lines outputs of a spread-out job: shards of `slide --shard K/N --json` back
    /// into input order, one round of `slide --unit` results into the answer or the next round's
    /// units, the results of `edge --unit` into one count, or runs of `edge --best --json` into
    /// the best board (see docs/scale-out.md)
    #[command(after_help = EXIT_CODES)]
    Merge(scale_out::merge::MergeArgs),
}

impl Command {
    /// `--jobs` of the commands that have it.
    fn jobs(&self) -> jobs::JobsArg {
        match self {
            Command::Slide(args) => args.jobs,
            Command::Edge(args) => args.jobs,
            Command::Pdb(_) | Command::Merge(_) => jobs::JobsArg::default(),
        }
    }
}

#[derive(Debug, Subcommand)]
enum PdbCommand {
    /// Build (or check) the tables the default heuristic uses for boards of the given sizes
    Build {
        /// Board sizes as RxC
        #[arg(default_values = ["4x4"], value_parser = values::parse_slide_size)]
        sizes: Vec<(usize, usize)>,
        /// Rebuild even when a sound cache file exists
        #[arg(long)]
        force: bool,
    },
    /// Print the cache directory ($PUZZLE_CACHE_DIR, else the platform's cache directory)
    Path,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Usage errors are bad input (exit 1); help and version exit 0 when they are printed.
        Err(err) => return output::print_clap(&err),
    };
    let command = match (&cli.command, cli.generate) {
        (Some(command), None) => command,
        (Some(_), Some(_)) => {
            use clap::CommandFactory;
            let message = "--generate is given alone, without a command";
            return output::print_clap(&Cli::command().error(clap::error::ErrorKind::ArgumentConflict, message));
        }
        (None, Some(kind)) => {
            let mut out = output::Output::new(io::stdout().lock());
            let result = generate::write::<Cli>(kind, &mut out).and_then(|()| Ok(out.flush()?));
            return match out.failure() {
                Some(failure) => output::report_failure(failure),
                None => result.map_or_else(|err| report(&err), |()| ExitCode::SUCCESS),
            };
        }
        (None, None) => {
            use clap::CommandFactory;
            let err = Cli::command().error(clap::error::ErrorKind::MissingSubcommand, "a command is required");
            return output::print_clap(&err);
        }
    };
    if let Err(err) = command.jobs().set_threads() {
        return report(&err);
    }
    interrupt::install();
    progress::set_quiet(cli.progress.quiet);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(output::Output::new(stdout.lock()));
    let result = match command {
        Command::Slide(args) => slide::run(args, &mut out),
        Command::Edge(args) => edge::run(args, &mut out),
        Command::Merge(args) => scale_out::merge::run(args, &mut out),
        Command::Pdb(PdbCommand::Build { sizes, force }) => pdb_build(sizes, *force, &mut out),
        Command::Pdb(PdbCommand::Path) => {
            cache_dir::cache_dir().and_then(|dir| Ok(writeln!(out, "{}", dir.display())?))
        }
    };
    let result = result.and_then(|()| out.flush().map_err(anyhow::Error::from));
    print_tally();
    if let Some(failure) = out.get_ref().failure() {
        // Answers were lost: whatever else went wrong came after, and from it.
        return output::report_failure(failure);
    }
    match result {
        // Interrupted: what was found so far is printed; the status says it is not everything.
        Ok(()) if interrupt::interrupted() => ExitCode::from(interrupt::EXIT_INTERRUPTED),
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.downcast_ref::<interrupt::Interrupted>().is_some() => {
            crate::output::eprintln_or_drop!("{err}");
            ExitCode::from(interrupt::EXIT_INTERRUPTED)
        }
        // An error of work a signal cut short (a table it stopped building, say): it is printed,
        // and the status says the run was interrupted.
        Err(err) if interrupt::interrupted() => {
            report(&err);
            ExitCode::from(interrupt::EXIT_INTERRUPTED)
        }
        Err(err) => report(&err),
    }
}

/// With `PUZZLE_TALLY` set, the steps the run took that it should take once each
/// (`sliding::planner::tally`), on standard error: counted only in a build with sliding's
/// `test-support` feature (the tests' build), all zero otherwise.
fn print_tally() {
    if std::env::var_os("PUZZLE_TALLY").is_some() {
        let tally = sliding::planner::tally();
        crate::output::eprintln_or_drop!(
            "tally: format detections {}, search states {}, parities {}, table reads {}",
            tally.format_detections,
            tally.search_states,
            tally.parities,
            tally.table_reads
        );
    }
}

/// `puzzle pdb build`: the tables of the default heuristic for every size, for both the
/// blank-first and the blank-last goal (which share their tables by symmetry).
fn pdb_build(sizes: &[(usize, usize)], force: bool, out: &mut impl Write) -> anyhow::Result<()> {
    let mut keys = Vec::new();
    for &(rows, cols) in sizes {
        let Some(size_keys) = sliding::pdb::PdbHeuristic::keys(rows, cols, 0) else {
            anyhow::bail!(BadInput {
                file: "puzzle pdb build".to_owned(),
                pos: None,
                message: format!(
                    "pattern databases are available for boards of at most {} cells, not {rows}x{cols}",
                    sliding::pdb::PDB_MAX_CELLS
                ),
            });
        };
        keys.extend(size_keys);
    }
    pdb_cache::build_command(&keys, force, out)?;
    machine_cache::build_command(sizes, force, out)
}

/// Prints `err` on stderr and chooses the exit status: 1 for bad input and refused memory, 2 for
/// anything else.
fn report(err: &anyhow::Error) -> ExitCode {
    if let Some(bad) = err.downcast_ref::<BadInput>() {
        crate::output::eprintln_or_drop!("error: {bad}");
        return ExitCode::from(1);
    }
    if err.downcast_ref::<Reported>().is_some() {
        return ExitCode::from(1);
    }
    // Not a bug: the machine (or a limit such as `ulimit -v`) has less memory than the table.
    if let Some(memory) = err.downcast_ref::<sliding::pdb::MemoryError>() {
        crate::output::eprintln_or_drop!("error: {memory}: not enough memory");
        return ExitCode::from(1);
    }
    crate::output::eprintln_or_drop!("error: internal: {err:#}");
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
