//! `cargo xtask`: project automation (fixtures, snapshots, tidy checks), run as `cargo xtask <command>`.

mod bench;
mod board;
mod census;
mod constructive_bench;
mod fixtures;
mod fuzz;
mod gpu_bench;
mod korf;
mod slow;
mod slurm;
mod snapshots;
mod suites;
mod tidy;
mod within;

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
    /// Check dependency edges between crates, module layers and cycles, `//!` headers, forbidden
    /// test attributes and the paths and sections the docs name
    Tidy,
    /// Run a benchmark (whole-process timings of the release binary)
    #[command(subcommand)]
    Bench(Bench),
    /// Fuzz every parser and the `puzzle` binary with random and mutated inputs (release build),
    /// printing how many inputs each survived
    Fuzz {
        /// Inputs per parser (the binary gets a hundredth, at least 32 per command line)
        #[arg(long, default_value_t = 100_000)]
        cases: u32,
    },
    /// Run the Slurm workflows of docs/scale-out.md on a one-node cluster of this machine
    /// (installing slurm-wlm and munge as root when absent), each merged and compared with one
    /// process; prints a line per workflow and fails if any did not match. Skipped, saying so,
    /// where it cannot run (not root)
    Slurm {
        /// Test the dev build (already built by `cargo test`) instead of the release build
        #[arg(long)]
        dev: bool,
        /// Test this `puzzle` binary, built already (`.ci/run` gives the one its tests built),
        /// instead of building one
        #[arg(long, value_name = "PATH", conflicts_with = "dev")]
        puzzle: Option<std::path::PathBuf>,
    },
    /// Print a seeded random sliding board in the grid format: shuffled (solvable), or --moves
    /// random moves from the goal (e.g. `cargo xtask board 100x100 > board-100x100.txt`)
    Board {
        /// The board's size as RxC
        size: String,
        /// Random moves from the goal instead of a uniform shuffle
        #[arg(long)]
        moves: Option<usize>,
        /// The seed of the shuffle
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Run the checks too slow for `cargo test`: every tenth of Korf's 100 15-puzzle instances
    /// solved through `puzzle` from an empty cache, each length checked against the published
    /// optimum
    SlowTests {
        /// Check the release build instead of the dev build
        #[arg(long)]
        release: bool,
    },
    /// Build (or check) the pattern databases of the 15- and 24-puzzle ahead of time, in the cache
    /// directory (`puzzle pdb path` prints it)
    Pdb {
        /// Board sizes
        #[arg(default_values = ["4x4", "5x5"])]
        sizes: Vec<String>,
    },
}

#[derive(Debug, Subcommand)]
enum Bench {
    /// A census of a seven-partition catalogue of the 24-puzzle (measurement only): nodes of an
    /// exact IDA* with the largest of the first --partitions partitions against Korf and
    /// Felner's published counts, and per searched node how many partitions were tight
    Census {
        /// The instance file
        #[arg(long, default_value = "fixtures/data/korf24.txt")]
        file: PathBuf,
        /// Published node counts (`id optimum nodes` lines)
        #[arg(long, default_value = "fixtures/data/korf24_kf2002_nodes.txt")]
        published: PathBuf,
        /// Instance ids, comma-separated
        #[arg(long, value_delimiter = ',', default_values = ["40", "38", "25", "44", "32"])]
        ids: Vec<u32>,
        /// The catalogue's first this many partitions (1: Korf and Felner's alone; 2: the
        /// library's catalogue tier; 7: all)
        #[arg(long, default_value_t = 7)]
        partitions: usize,
        /// Nodes per board before it gives up
        #[arg(long)]
        max_nodes: Option<u64>,
        /// The table cache (default: PUZZLE_CACHE_DIR)
        #[arg(long)]
        cache_dir: Option<PathBuf>,
    },
    /// `puzzle slide` on a batch of random judge-B boards, against a plain C++ A* (built with g++
    /// from xtask/bench/astar8.cpp when g++ is present)
    JudgeB {
        /// Boards in the batch
        #[arg(long, default_value_t = 2000)]
        boards: usize,
        /// Timed runs of each program (the best and the median are reported)
        #[arg(long, default_value_t = 21)]
        runs: usize,
        /// Seed of the random boards
        #[arg(long, default_value_t = 11112)]
        seed: u64,
    },
    /// `puzzle edge` against the public edge-matching sets: Tetravex and Gallicchio counts, Brendan
    /// set-1 solutions verified and boards up to 7x7 solved
    EdgeSuites {
        /// The data directory holding tetravex/, gallicchio_suite/ and brendan/
        #[arg(long, default_value = "../shared/data/edge")]
        data: PathBuf,
        /// Seconds for each Gallicchio board larger than 7x7 (0 skips them)
        #[arg(long, default_value_t = 20.0)]
        large_limit: f64,
    },
    /// The fast constructive solver (`sliding::testing::solve_fast`, in-process) on square boards scrambled
    /// by seeded random moves: time, length and a lower bound, each path replayed to the goal
    Fast {
        /// Board sides, comma-separated
        #[arg(long, value_delimiter = ',', default_values = ["10", "30", "100"])]
        sizes: Vec<usize>,
        /// Random moves from the goal
        #[arg(long, default_value_t = 100_000)]
        moves: usize,
        /// Shuffle the tiles uniformly (a solvable permutation) instead of random moves
        #[arg(long)]
        shuffle: bool,
        /// Seed of the scrambles
        #[arg(long, default_value_t = 11)]
        seed: u64,
    },
    /// Weighted IDA* (`sliding::testing::solve_within`, in-process) on the first Korf–Felner 24-puzzles
    /// (length against the published optimum) and on seeded shuffled square boards (length
    /// against the proven lower bound); big 5x5 tables only from $PUZZLE_CACHE_DIR, never built
    Within {
        /// The 24-puzzle instance file
        #[arg(long, default_value = "fixtures/data/korf24.txt")]
        file: PathBuf,
        /// How many of its first instances (0 for none)
        #[arg(long, default_value_t = 10)]
        count: usize,
        /// Weights tried in order on each board until one finishes within the limit
        #[arg(long, value_delimiter = ',', default_values = ["1.5"])]
        weights: Vec<sliding::Weight>,
        /// Sides of the shuffled square boards, comma-separated
        #[arg(long, value_delimiter = ',', default_values = ["6", "7"])]
        sizes: Vec<usize>,
        /// Shuffled boards per side
        #[arg(long, default_value_t = 3)]
        boards: usize,
        /// Seed of the shuffled boards
        #[arg(long, default_value_t = 11)]
        seed: u64,
        /// Seconds per board and weight
        #[arg(long, default_value_t = 60.0)]
        time_limit: f64,
    },
    /// `puzzle edge --count --gpu` against the CPU engine on Brendan Owen's set 2 6x6 and 7x7 and
    /// set 1 8x8: solutions, placements and placements per second of each (for a machine with a
    /// GPU; fails where the two engines, or the published 8x8 count, disagree)
    Gpu {
        /// A `puzzle` binary built with `--features gpu` (default: build one here)
        #[arg(long)]
        puzzle: Option<PathBuf>,
        /// The directory of Brendan's sets holding set1/ and set2/
        #[arg(long, default_value = "../shared/data/edge/brendan")]
        data: PathBuf,
        /// Seconds for each GPU count
        #[arg(long, default_value_t = 300.0)]
        gpu_limit: f64,
        /// Seconds for each CPU count
        #[arg(long, default_value_t = 60.0)]
        cpu_limit: f64,
    },
    /// `puzzle slide` on Korf's 15-puzzle instances (or the 24-puzzle set), every length checked
    /// against the published optimum; prints a Markdown table of nodes and times
    Korf {
        /// The instance file
        #[arg(long, default_value = "fixtures/data/korf100.txt")]
        file: PathBuf,
        /// Only these instance ids, comma-separated (for example 38,40,25,32,44)
        #[arg(long, value_delimiter = ',')]
        ids: Vec<u32>,
        /// Per-board time limit in seconds
        #[arg(long)]
        time_limit: Option<f64>,
        /// Threads (default: all)
        #[arg(long)]
        threads: Option<usize>,
        /// Start from an empty temporary cache, as a new user would (tables built in the run)
        #[arg(long)]
        fresh: bool,
        /// Published node counts to print beside ours (`id optimum nodes` lines, for example
        /// fixtures/data/korf24_kf2002_nodes.txt)
        #[arg(long)]
        published: Option<PathBuf>,
    },
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
        Command::Bench(Bench::JudgeB { boards, runs, seed }) => {
            bench::judge_b(&root, bench::JudgeB { boards, runs, seed })
        }
        Command::Bench(Bench::Fast { sizes, moves, shuffle, seed }) => {
            constructive_bench::run(&constructive_bench::ConstructiveBench {
                sizes,
                moves: (!shuffle).then_some(moves),
                seed,
            })
        }
        Command::Bench(Bench::Korf { file, ids, time_limit, threads, fresh, published }) => {
            let file = if file.is_relative() { root.join(file) } else { file };
            let published = published.map(|p| if p.is_relative() { root.join(p) } else { p });
            korf::run(&root, &korf::Korf { file, ids, time_limit, threads, fresh, published })
        }
        Command::Bench(Bench::Census { file, published, ids, partitions, max_nodes, cache_dir }) => {
            let file = if file.is_relative() { root.join(file) } else { file };
            let published = if published.is_relative() { root.join(published) } else { published };
            match cache_dir.or_else(|| std::env::var_os("PUZZLE_CACHE_DIR").map(PathBuf::from)) {
                Some(cache_dir) => {
                    census::run(&census::CensusOptions { file, published, ids, partitions, max_nodes, cache_dir })
                }
                None => Err(anyhow::anyhow!("give --cache-dir or PUZZLE_CACHE_DIR")),
            }
        }
        Command::Bench(Bench::Within { file, count, weights, sizes, boards, seed, time_limit }) => {
            let file = if file.is_relative() { root.join(file) } else { file };
            within::run(&within::Within { file, count, weights, sizes, boards, seed, time_limit })
        }
        Command::Bench(Bench::EdgeSuites { data, large_limit }) => {
            let data = if data.is_relative() { root.join(data) } else { data };
            suites::run(&root, &data, large_limit)
        }
        Command::Bench(Bench::Gpu { puzzle, data, gpu_limit, cpu_limit }) => {
            let data = if data.is_relative() { root.join(data) } else { data };
            gpu_bench::run(&root, &gpu_bench::GpuBench { puzzle, data, gpu_limit, cpu_limit })
        }
        Command::Fuzz { cases } => fuzz::run(&root, cases),
        Command::Board { size, moves, seed } => parse_size(&size)
            .and_then(|(rows, cols)| board::write(rows, cols, moves, seed, &mut std::io::stdout().lock())),
        Command::Pdb { sizes } => pdb(&root, &sizes),
        Command::Slurm { dev, puzzle } => slurm::run(&root, !dev, puzzle.as_deref()),
        Command::SlowTests { release } => {
            slow::run(&root, if release { slow::Profile::Release } else { slow::Profile::Dev })
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// `cargo xtask pdb`: `puzzle pdb build` from the release binary.
fn pdb(root: &Path, sizes: &[String]) -> anyhow::Result<()> {
    let status = std::process::Command::new(env!("CARGO"))
        .args(["run", "--release", "--quiet", "-p", "cli", "--", "pdb", "build"])
        .args(sizes)
        .current_dir(root)
        .status()?;
    anyhow::ensure!(status.success(), "puzzle pdb build failed");
    Ok(())
}

/// A board size `RxC`, both sides from 2 to 1,024.
fn parse_size(text: &str) -> anyhow::Result<(usize, usize)> {
    use anyhow::Context;
    let side = |part: &str| part.trim().parse::<usize>().ok().filter(|n| (2..=1024).contains(n));
    text.split_once(['x', 'X'])
        .and_then(|(rows, cols)| Some((side(rows)?, side(cols)?)))
        .with_context(|| format!("expected a size RxC with sides from 2 to 1024, not `{text}`"))
}

/// The workspace root: the parent of this crate's directory.
fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives inside the workspace").to_path_buf()
}

/// Where cargo puts what it builds for the workspace at `root`: `CARGO_TARGET_DIR` (relative
/// to the root when relative), else `target` under the root.
pub fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => root.join(dir),
        _ => root.join("target"),
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_valid() {
        super::Cli::command().debug_assert();
    }
}
