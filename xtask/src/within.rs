//! `cargo xtask bench within`: weighted IDA\* (`sliding::testing::solve_within`, in-process) on Korf and
//! Felner's 24-puzzles, each length against the published optimum, and on seeded uniformly
//! shuffled larger boards, each length against the lower bound the search proves.
//!
//! The 5×5 boards use the 6-6-6-6 tables when all of them are in `$PUZZLE_CACHE_DIR` (read,
//! never written), else the quick tier built in memory; the benchmark never builds big tables.
//! Larger boards use linear conflicts. A board that a weight does not solve within the time
//! limit is tried with the next weight of the list, so the table says which weight finished.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context};
use puzzle_core::Shape;
use search::Limits;
use sliding::pdb::PatternDb;
use sliding::pdb::{PdbHeuristic, Tier};
use sliding::testing::{solve_within, Heuristic};
use sliding::{check, Board, BoardSpec, GoalKind, Verdict, Weight};

use puzzle_core::SplitMix64;

/// Options of the weighted-search benchmark.
#[derive(Debug, Clone)]
pub struct Within {
    /// The 24-puzzle file (`id optimum t0 … t24`, blank-first goal).
    pub file: PathBuf,
    /// How many of its first instances to run (0: none).
    pub count: usize,
    /// Weights to try in order on each board until one finishes within the limit.
    pub weights: Vec<Weight>,
    /// Sides of the random square boards.
    pub sizes: Vec<usize>,
    /// Random boards per side.
    pub boards: usize,
    /// Seed of the random boards.
    pub seed: u64,
    /// Seconds per board and weight.
    pub time_limit: f64,
}

/// One board's run at one weight.
struct Try {
    weight: Weight,
    moves: Option<usize>,
    lower_bound: u32,
    nodes: u64,
    seconds: f64,
}

/// Runs the benchmark and prints Markdown tables.
pub fn run(options: &Within) -> anyhow::Result<()> {
    if cfg!(debug_assertions) {
        println!("note: a debug build; run `cargo xtask` from a release build for figures (see docs/benchmarks.md)");
    }
    ensure!(!options.weights.is_empty(), "give at least one weight");
    let limit = Duration::from_secs_f64(options.time_limit);
    let threads = std::env::var("RAYON_NUM_THREADS").unwrap_or_else(|_| "all".to_owned());
    println!(
        "weights tried in order: {}; {} s per board and weight; threads: {threads}",
        weights(options),
        limit.as_secs_f64()
    );
    if options.count > 0 {
        korf24(options, limit)?;
    }
    for &side in options.sizes.iter().filter(|_| options.boards > 0) {
        random_boards(options, side, limit)?;
    }
    Ok(())
}

fn weights(options: &Within) -> String {
    options.weights.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

/// The first `count` Korf–Felner 24-puzzles.
fn korf24(options: &Within, limit: Duration) -> anyhow::Result<()> {
    let text =
        std::fs::read_to_string(&options.file).with_context(|| format!("cannot read {}", options.file.display()))?;
    let goal = Board::goal(Shape::new(5, 5)?, GoalKind::BlankFirst)?;
    let clock = Instant::now();
    let (heuristic, tables) = tables_5x5(&goal)?;
    println!();
    println!(
        "Korf–Felner 24-puzzles from {}: {tables} ({:.2} s to load or build)",
        options.file.display(),
        clock.elapsed().as_secs_f64()
    );
    println!();
    println!("| id | published optimum | weight | found | ratio | lower bound | nodes | seconds |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut worst: f64 = 0.0;
    let mut lines = text.lines().filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    for (number, line) in lines.by_ref().take(options.count).enumerate() {
        let fields: Vec<u32> = line
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .with_context(|| format!("instance {}: not numbers", number + 1))?;
        ensure!(fields.len() == 27, "instance {}: {} numbers, not 27", number + 1, fields.len());
        let (id, optimum) = (fields[0], fields[1]);
        let board = Board::try_from(BoardSpec { rows: 5, cols: 5, tiles: fields[2..].to_vec() })?;
        let tries = solve(&board, &goal, &heuristic, options, limit)?;
        for attempt in &tries {
            let (found, ratio) = match attempt.moves {
                Some(moves) => {
                    let ratio = moves as f64 / f64::from(optimum);
                    worst = worst.max(ratio);
                    (moves.to_string(), format!("{ratio:.3}"))
                }
                None => ("gave up".to_owned(), "–".to_owned()),
            };
            println!(
                "| {id} | {optimum} | {} | {found} | {ratio} | {} | {} | {:.2} |",
                attempt.weight, attempt.lower_bound, attempt.nodes, attempt.seconds
            );
            ensure!(attempt.lower_bound <= optimum, "instance {id}: lower bound above the published optimum");
            if let Some(moves) = attempt.moves {
                ensure!(
                    moves as u64 * 100 <= u64::from(attempt.weight.hundredths()) * u64::from(optimum),
                    "instance {id}: {moves} moves is more than {} times the optimum {optimum}",
                    attempt.weight
                );
            }
        }
    }
    println!();
    println!("largest ratio found / published optimum: {worst:.3}");
    Ok(())
}

/// `boards` uniformly shuffled solvable `side`×`side` boards, blank-last goal.
fn random_boards(options: &Within, side: usize, limit: Duration) -> anyhow::Result<()> {
    let goal = Board::goal(Shape::new(side, side)?, GoalKind::BlankLast)?;
    let mut rng = SplitMix64::new(options.seed ^ side as u64);
    println!();
    println!("{side}×{side}: uniformly shuffled solvable boards, seed {}, linear conflicts", options.seed);
    println!();
    println!("| board | weight | found | lower bound | found / bound | nodes | seconds |");
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    for index in 1..=options.boards {
        let board = crate::constructive_bench::shuffle(&goal, &mut rng)?;
        for attempt in solve(&board, &goal, &Heuristic::LinearConflict, options, limit)? {
            let (found, ratio) = match attempt.moves {
                Some(moves) => (moves.to_string(), format!("{:.3}", moves as f64 / f64::from(attempt.lower_bound))),
                None => ("gave up".to_owned(), "–".to_owned()),
            };
            println!(
                "| {index} | {} | {found} | {} | {ratio} | {} | {:.2} |",
                attempt.weight, attempt.lower_bound, attempt.nodes, attempt.seconds
            );
        }
    }
    Ok(())
}

/// `board` with each weight in turn until one finishes, every path checked.
fn solve(
    board: &Board,
    goal: &Board,
    heuristic: &Heuristic,
    options: &Within,
    limit: Duration,
) -> anyhow::Result<Vec<Try>> {
    let mut tries = Vec::new();
    for &weight in &options.weights {
        let clock = Instant::now();
        let limits = Limits { deadline: Some(clock + limit), ..Limits::NONE };
        let found = solve_within(board, goal, heuristic, &limits, weight)?;
        let seconds = clock.elapsed().as_secs_f64();
        check(board, goal, found.verdict()).with_context(|| format!("wrong answer for {board}"))?;
        let moves = match found.verdict() {
            Verdict::Solved(path) => Some(path.n_moves() as usize),
            Verdict::GaveUp => None,
            Verdict::Unsolvable => bail!("{board}: unsolvable"),
        };
        tries.push(Try {
            weight,
            moves,
            lower_bound: found.lower_bound().map_or(0, |bound| bound as u32),
            nodes: found.nodes(),
            seconds,
        });
        if moves.is_some() {
            break;
        }
    }
    Ok(tries)
}

/// The 6-6-6-6 tables when the cache directory has them all, else the quick tier built here;
/// with a description for the report.
fn tables_5x5(goal: &Board) -> anyhow::Result<(Heuristic, String)> {
    let blank = goal.blank().0;
    let full = PdbHeuristic::tier_keys(5, 5, blank, Tier::Full).context("5x5 has tables")?;
    let cache = std::env::var_os("PUZZLE_CACHE_DIR").filter(|d| !d.is_empty()).map(PathBuf::from);
    let cached = |dir: &Path| full.iter().all(|key| dir.join(key.file_name()).is_file());
    let (tier, tables) = match cache.as_deref().filter(|dir| cached(dir)) {
        Some(dir) => {
            let mut tables = Vec::new();
            for key in &full {
                let path = dir.join(key.file_name());
                let file = std::fs::File::open(&path).with_context(|| format!("cannot read {}", path.display()))?;
                let db = PatternDb::read_file(key, &file).with_context(|| format!("{}", path.display()))?;
                tables.push(Arc::new(db));
            }
            (Tier::Full, tables)
        }
        None => {
            let keys = PdbHeuristic::tier_keys(5, 5, blank, Tier::Quick).context("5x5 has tables")?;
            for key in &keys {
                ensure!(key.entries() <= 1 << 24, "the quick table {key} is not small");
            }
            (
                Tier::Quick,
                keys.iter().map(|key| PatternDb::build(key, &|_| {}).map(Arc::new)).collect::<Result<_, _>>()?,
            )
        }
    };
    let heuristic = PdbHeuristic::for_tier(goal.shape(), blank, tier, &tables)
        .map_err(|key| anyhow::anyhow!("table {key} missing"))?;
    let described = match tier {
        // Never chosen above: the full tables or the quick ones.
        Tier::Full | Tier::Catalogue => "the 6-6-6-6 tables from $PUZZLE_CACHE_DIR".to_owned(),
        Tier::Quick | Tier::Mid => format!(
            "the quick tables ({}), built in memory: the 6-6-6-6 ones are not in $PUZZLE_CACHE_DIR",
            heuristic.describe()
        ),
    };
    Ok((Heuristic::Pdb(Arc::new(heuristic)), described))
}
