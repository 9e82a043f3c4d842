//! `cargo xtask bench judge-b`: whole-process time of `puzzle slide` on a seeded batch of random
//! judge-B boards, against a plain C++ A* baseline when a C++ compiler is available.
//!
//! Timings are wall-clock times of whole processes (start-up, reading, table build, answers,
//! output), the best and the median of several runs, so one slow run on a busy machine does not
//! decide the figure.

use std::ffi::OsStr;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context};

use puzzle_core::SplitMix64;

/// Options of the judge-B benchmark.
#[derive(Debug, Clone, Copy)]
pub struct JudgeB {
    /// Boards in the batch.
    pub boards: usize,
    /// Timed runs of each program.
    pub runs: usize,
    /// The seed of the batch.
    pub seed: u64,
}

/// Runs the judge-B benchmark and prints a small report.
pub fn judge_b(root: &Path, options: JudgeB) -> anyhow::Result<()> {
    ensure!(options.runs > 0, "--runs must be at least 1");
    let dir = crate::target_dir(root).join("bench");
    std::fs::create_dir_all(&dir)?;
    let input = dir.join(format!("judge_b_{}.txt", options.boards));
    std::fs::write(&input, judge_b_batch(options.boards, options.seed))?;

    let status =
        Command::new(env!("CARGO")).args(["build", "--release", "--quiet", "-p", "cli"]).current_dir(root).status()?;
    ensure!(status.success(), "cargo build --release failed");
    let puzzle = crate::target_dir(root).join("release/puzzle");
    let ours = time_runs(&puzzle, &["slide".as_ref(), input.as_os_str()], None, options.runs)?;
    println!("input: {} ({} random boards, seed {})", input.display(), options.boards, options.seed);
    println!("puzzle slide:    best {}  median {}", ms(ours.best), ms(ours.median));

    match build_baseline(root, &dir)? {
        Some(baseline) => {
            let theirs = time_runs(&baseline, &[], Some(&input), options.runs)?;
            ensure!(theirs.stdout == ours.stdout, "the C++ baseline and puzzle disagree on {}", input.display());
            println!("C++ A* baseline: best {}  median {}", ms(theirs.best), ms(theirs.median));
            let ratio = theirs.median.as_secs_f64() / ours.median.as_secs_f64();
            println!("answers identical; puzzle is {ratio:.1}x faster (median against median)");
        }
        None => println!("C++ A* baseline: skipped (no g++ on this machine)"),
    }
    Ok(())
}

/// `boards` random boards (solvable or not) in the judge-B format.
fn judge_b_batch(boards: usize, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut text = format!("{boards}\n");
    for _ in 0..boards {
        let mut cells = *b"12345678#";
        for i in (1..cells.len()).rev() {
            cells.swap(i, rng.below(i + 1));
        }
        text.push('\n');
        for row in cells.chunks(3) {
            let _ = writeln!(text, "{}", String::from_utf8_lossy(row));
        }
    }
    text
}

struct Timing {
    best: Duration,
    median: Duration,
    stdout: Vec<u8>,
}

/// Runs `program args` (with `stdin` as standard input, opened afresh each run) `runs` times.
fn time_runs(program: &Path, args: &[&OsStr], stdin: Option<&Path>, runs: usize) -> anyhow::Result<Timing> {
    let mut times = Vec::with_capacity(runs);
    let mut stdout = Vec::new();
    for _ in 0..runs {
        let mut command = Command::new(program);
        command.args(args).stderr(Stdio::inherit());
        if let Some(path) = stdin {
            command.stdin(std::fs::File::open(path)?);
        }
        let start = Instant::now();
        let output = command.output().with_context(|| format!("running {command:?}"))?;
        times.push(start.elapsed());
        ensure!(output.status.success(), "{command:?} failed: {}", output.status);
        stdout = output.stdout;
    }
    times.sort();
    Ok(Timing { best: times[0], median: times[times.len() / 2], stdout })
}

/// Compiles `xtask/bench/astar8.cpp` with `g++ -O2`, or `None` when there is no g++.
fn build_baseline(root: &Path, dir: &Path) -> anyhow::Result<Option<PathBuf>> {
    if Command::new("g++").arg("--version").stdout(Stdio::null()).status().is_err() {
        return Ok(None);
    }
    let binary = dir.join("astar8");
    let source = root.join("xtask/bench/astar8.cpp");
    let status = Command::new("g++").arg("-O2").arg("-o").arg(&binary).arg(&source).status()?;
    if !status.success() {
        bail!("g++ failed on {}", source.display());
    }
    Ok(Some(binary))
}

fn ms(duration: Duration) -> String {
    format!("{:7.1} ms", duration.as_secs_f64() * 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_has_the_requested_boards_and_is_seeded() {
        let text = judge_b_batch(3, 7);
        assert_eq!(text, judge_b_batch(3, 7));
        let mut lines = text.lines().filter(|l| !l.is_empty());
        assert_eq!(lines.next(), Some("3"));
        let rows: Vec<&str> = lines.collect();
        assert_eq!(rows.len(), 9);
        for board in rows.chunks(3) {
            let mut cells: Vec<char> = board.concat().chars().collect();
            cells.sort_unstable();
            assert_eq!(cells.into_iter().collect::<String>(), "#12345678");
        }
    }
}
