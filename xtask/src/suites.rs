//! `cargo xtask bench edge-suites`: the release `puzzle edge` against the public edge-matching
//! sets in a data directory (by default `../shared/data/edge`): Tetravex counts against
//! `summary.csv`, Gallicchio's fully enumerated boards with their corner clue against
//! `board_suite_summary.csv`, Brendan's set-1 solutions through the checker (`puzzle edge` with
//! every piece given as a clue), and a solution found for every set-1 board up to 7×7.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{ensure, Context};

/// Runs every check and prints one summary line per suite; fails if any answer disagrees.
/// `large_limit`: seconds allowed to each Gallicchio board larger than 7×7 (0 skips them).
pub fn run(root: &Path, data: &Path, large_limit: f64) -> anyhow::Result<()> {
    let status =
        Command::new(env!("CARGO")).args(["build", "--release", "--quiet", "-p", "cli"]).current_dir(root).status()?;
    ensure!(status.success(), "cargo build --release failed");
    let puzzle = crate::target_dir(root).join("release/puzzle");
    let mut failures = Vec::new();

    // Tetravex: no rotation, free border; --count must equal `distinct_solutions`.
    let started = Instant::now();
    let summary = std::fs::read_to_string(data.join("tetravex/summary.csv")).context("tetravex/summary.csv")?;
    let mut checked = 0;
    for line in summary.lines().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let (set, file, distinct) = (fields[0], fields[1], fields[6]);
        let dir = if set == "base" { "base" } else { "generated" };
        let path = data.join(format!("tetravex/{dir}/{file}.puz"));
        let out = run_puzzle(&puzzle, &["edge", "--count", "--no-rotate"], &path, None)?;
        if out.trim() != distinct {
            failures.push(format!("tetravex {file}: counted {}, expected {distinct}", out.trim()));
        }
        checked += 1;
    }
    println!("tetravex: {checked} instances counted in {:.1} s", started.elapsed().as_secs_f64());

    // Gallicchio: every fully enumerated board, counted with its corner clue (`--json`, the
    // default order `auto`), one table row per board. Up to 7x7 the search always finishes;
    // larger boards get `large_limit` seconds each, and a board that gives up is listed apart
    // (not a failure: no number is claimed for it).
    let started = Instant::now();
    println!("| board | size | order | estimated nodes | nodes | count | CSV count | seconds |");
    println!("|---|---|---|---:|---:|---:|---:|---:|");
    let summary = std::fs::read_to_string(data.join("gallicchio_suite/board_suite_summary.csv"))
        .context("gallicchio_suite/board_suite_summary.csv")?;
    let (mut checked, mut large_checked, mut large_gave_up) = (0, 0, Vec::new());
    for line in summary.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (size, frame, inner, board, done, known) = (f[0], f[1], f[2], f[3], f[4], f[5]);
        let stem = format!("{size:0>2}x{size:0>2}_f{frame}_i{inner:0>2}_b{board}");
        let puz = data.join(format!("gallicchio_suite/subset/{stem}.puz"));
        let large = size.parse::<usize>().map_or(true, |s| s > 7);
        if done != "1" || !puz.exists() || (large && large_limit <= 0.0) {
            continue;
        }
        let clue = data.join(format!("gallicchio_suite/subset/{stem}.clue"));
        let limit = large_limit.to_string();
        let args: &[&str] = if large {
            &["edge", "--count", "--json", "--quiet", "--time-limit", &limit]
        } else {
            &["edge", "--count", "--json", "--quiet"]
        };
        let board_started = Instant::now();
        let out = run_puzzle(&puzzle, args, &puz, Some(&clue))?;
        let seconds = board_started.elapsed().as_secs_f64();
        let json: serde_json::Value =
            serde_json::from_str(out.trim()).with_context(|| format!("gallicchio {stem}: not JSON: {out}"))?;
        let complete = json["status"] == "complete";
        let counted = if complete { json["solutions"].to_string() } else { "gave up".to_owned() };
        // One line per board: size, the order auto chose, its estimate, the placements made, the
        // count, the CSV's.
        println!(
            "| {stem} | {size}×{size} | {} | {} | {} | {counted} | {known} | {seconds:.1} |",
            json["order"].as_str().unwrap_or("?"),
            json["estimated_nodes"],
            json["nodes"],
        );
        if !complete {
            large_gave_up.push(stem);
            continue;
        }
        if counted != known {
            failures.push(format!("gallicchio {stem}: counted {counted}, expected {known}"));
        }
        if large {
            large_checked += 1;
        } else {
            checked += 1;
        }
    }
    println!(
        "gallicchio: {checked} fully enumerated boards up to 7x7 and {large_checked} larger ones counted, \
         {} larger ones gave up at {large_limit} s each, in {:.1} s",
        large_gave_up.len(),
        started.elapsed().as_secs_f64()
    );
    if !large_gave_up.is_empty() {
        println!("  gave up: {}", large_gave_up.join(" "));
    }

    // Brendan set 1: every shipped solution passes the independent checker (`--verify`), and the
    // solver solves every board up to 7x7.
    let started = Instant::now();
    let mut sols: Vec<PathBuf> = std::fs::read_dir(data.join("brendan/set1_sol"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "sol"))
        .collect();
    sols.sort();
    let (mut accepted, mut solved) = (0, 0);
    for sol in &sols {
        let stem = sol.file_stem().and_then(|s| s.to_str()).context("file name")?;
        let puz = data.join(format!("brendan/set1/{stem}.txt"));
        let out = run_puzzle_with(&puzzle, &["edge", "--verify"], sol, &puz)?;
        if out.trim() == "ok" {
            accepted += 1;
        } else {
            failures.push(format!("set1 {stem}: the shipped solution was not accepted"));
        }
        let size: Vec<usize> = stem.trim_start_matches("pieces_").split('x').filter_map(|t| t.parse().ok()).collect();
        if size.len() == 2 && size[0] <= 7 && size[1] <= 7 {
            let out = run_puzzle(&puzzle, &["edge", "--json"], &puz, None)?;
            if out.contains("\"solved\":true") {
                solved += 1;
            } else {
                failures.push(format!("set1 {stem}: no solution found"));
            }
        }
    }
    println!(
        "brendan set 1: {accepted}/{} shipped solutions accepted, {solved} boards up to 7x7 solved, in {:.1} s",
        sols.len(),
        started.elapsed().as_secs_f64()
    );
    for failure in &failures {
        println!("FAILED {failure}");
    }
    ensure!(failures.is_empty(), "{} checks failed", failures.len());
    Ok(())
}

fn run_puzzle(puzzle: &Path, args: &[&str], file: &Path, clue: Option<&Path>) -> anyhow::Result<String> {
    let mut command = Command::new(puzzle);
    command.args(args).arg(file);
    if let Some(clue) = clue {
        command.arg("--clue").arg(clue);
    }
    let output = command.output()?;
    ensure!(
        output.status.success(),
        "puzzle {args:?} {} failed: {}",
        file.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    Ok(String::from_utf8(output.stdout)?)
}

fn run_puzzle_with(puzzle: &Path, args: &[&str], value: &Path, file: &Path) -> anyhow::Result<String> {
    let output = Command::new(puzzle).args(args).arg(value).arg(file).output()?;
    Ok(String::from_utf8(output.stdout)? + &String::from_utf8_lossy(&output.stderr))
}
