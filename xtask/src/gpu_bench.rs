//! `cargo xtask bench gpu`: `puzzle edge --count --gpu` against the CPU engine on Brendan Owen's
//! counting boards (set 2 6×6 and 7×7, set 1 8×8), the one prepared measurement of the GPU
//! engine for a machine with a GPU (docs/benchmarks.md, "Edge counts on a GPU").
//!
//! Each board is counted once on the GPU and once on the CPU's cores, each under its own time
//! limit; the table gives solutions, placements, seconds and placements per second. Where both
//! finish, their solutions and placements must agree (the run fails otherwise); where a board
//! has a published count (set 1 8×8: 52, counting the board's four turns), the GPU's must equal
//! it. A CPU run cut by its limit still gives its rate.
//!
//! It takes a built binary (`--puzzle`), so that it runs where there is no Rust toolchain: build
//! here with `cargo build --release -p cli --features gpu` and `cargo build --release -p xtask`,
//! and carry both binaries with the three puzzle files.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, ensure, Context};
use serde_json::Value;

/// Options of the GPU benchmark.
#[derive(Debug, Clone)]
pub struct GpuBench {
    /// A `puzzle` binary built with the `gpu` feature; built here (release) when absent.
    pub puzzle: Option<PathBuf>,
    /// A directory of Brendan Owen's sets (`set1/pieces_08x08.txt`, `set2/pieces_07x07.txt`, …).
    pub data: PathBuf,
    /// Seconds for each GPU count.
    pub gpu_limit: f64,
    /// Seconds for each CPU count.
    pub cpu_limit: f64,
}

/// The boards: a name, the file under the data directory, and the published count if any.
const BOARDS: [(&str, &str, Option<u64>); 3] = [
    ("set 2 6x6", "set2/pieces_06x06.txt", None),
    ("set 2 7x7", "set2/pieces_07x07.txt", None),
    // jwortmann's exhaustive search (the data README), the four turns of each board counted.
    ("set 1 8x8", "set1/pieces_08x08.txt", Some(52)),
];

/// One count: finished or not, solutions (so far), placements, seconds.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Count {
    complete: bool,
    solutions: u64,
    placements: u64,
    seconds: f64,
}

/// Counts every board on both engines and prints a Markdown table; fails on a disagreement.
pub fn run(root: &Path, options: &GpuBench) -> anyhow::Result<()> {
    let puzzle = match &options.puzzle {
        Some(puzzle) => puzzle.clone(),
        None => {
            let status = Command::new(env!("CARGO"))
                .args(["build", "--release", "--quiet", "-p", "cli", "--features", "gpu"])
                .current_dir(root)
                .status()?;
            ensure!(status.success(), "cargo build --release -p cli --features gpu failed");
            crate::target_dir(root).join("release/puzzle")
        }
    };
    let cache = tempfile::tempdir()?;
    let mut failures = Vec::new();
    println!("| board | engine | status | solutions | placements | seconds | M placements/s |");
    println!("|---|---|---|---:|---:|---:|---:|");
    for (name, file, published) in BOARDS {
        let path = options.data.join(file);
        let gpu = count(&puzzle, cache.path(), &path, true, options.gpu_limit)?;
        let cpu = count(&puzzle, cache.path(), &path, false, options.cpu_limit)?;
        for (engine, c) in [("GPU", gpu), ("CPU", cpu)] {
            let status = if c.complete { "complete" } else { "gave up" };
            let rate = c.placements as f64 / c.seconds.max(1e-9) / 1e6;
            println!(
                "| {name} | {engine} | {status} | {} | {} | {:.1} | {:.1} |",
                c.solutions, c.placements, c.seconds, rate
            );
        }
        if gpu.complete && cpu.complete && (gpu.solutions, gpu.placements) != (cpu.solutions, cpu.placements) {
            failures.push(format!("{name}: GPU {gpu:?} against CPU {cpu:?}"));
        }
        if let (true, Some(published)) = (gpu.complete, published) {
            if gpu.solutions != published {
                failures.push(format!("{name}: GPU counted {}, published {published}", gpu.solutions));
            }
        }
    }
    if !failures.is_empty() {
        bail!("the counts disagree:\n{}", failures.join("\n"));
    }
    Ok(())
}

/// `puzzle edge --count --json --quiet [--gpu] --time-limit LIMIT FILE`, read back.
fn count(puzzle: &Path, cache: &Path, file: &Path, gpu: bool, limit: f64) -> anyhow::Result<Count> {
    let mut command = Command::new(puzzle);
    command.env("PUZZLE_CACHE_DIR", cache).args(["edge", "--count", "--json", "--quiet"]);
    if gpu {
        command.arg("--gpu");
    }
    command.arg("--time-limit").arg(limit.to_string()).arg(file);
    let output = command.output().with_context(|| format!("cannot run {}", puzzle.display()))?;
    ensure!(
        output.status.success(),
        "{} {}: {}",
        if gpu { "GPU count of" } else { "CPU count of" },
        file.display(),
        String::from_utf8_lossy(&output.stderr).trim()
    );
    parse_count(&String::from_utf8_lossy(&output.stdout))
}

/// The count of one `edge --count --json` line.
fn parse_count(line: &str) -> anyhow::Result<Count> {
    let json: Value = serde_json::from_str(line.trim()).with_context(|| format!("not a count: {line}"))?;
    let number = |key: &str| json.get(key).and_then(Value::as_u64);
    let complete = json.get("status").and_then(Value::as_str) == Some("complete");
    let solutions = number("solutions").or_else(|| number("solutions_so_far")).context("no solutions in the line")?;
    let placements = number("nodes").context("no nodes in the line")?;
    let seconds = json.get("elapsed_ms").and_then(Value::as_f64).context("no elapsed_ms in the line")? / 1000.0;
    Ok(Count { complete, solutions, placements, seconds })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_read_whether_finished_or_not() {
        let done = r#"{"rows":6,"cols":6,"solutions":160,"nodes":7961563,"elapsed_ms":139.5,"order":"row","status":"complete"}"#;
        assert_eq!(
            parse_count(done).unwrap(),
            Count { complete: true, solutions: 160, placements: 7_961_563, seconds: 0.1395 }
        );
        let cut =
            r#"{"rows":7,"cols":7,"solutions_so_far":120,"nodes":476099916,"elapsed_ms":3000.0,"status":"gave up"}"#;
        assert_eq!(
            parse_count(cut).unwrap(),
            Count { complete: false, solutions: 120, placements: 476_099_916, seconds: 3.0 }
        );
        assert!(parse_count("error: x").is_err());
        assert!(parse_count(r#"{"status":"complete"}"#).is_err());
    }
}
