//! `cargo xtask bench korf`: the release `puzzle slide` on Korf's 15-puzzle instances or Korf and
//! Felner's 24-puzzle instances, every length compared with the published optimum, with a
//! per-instance table of moves, nodes and seconds.
//!
//! Tables are built (or checked) by `puzzle pdb build` first, so the timed run measures solving
//! with cached tables: loading them, searching, checking and printing. With `--fresh` the run
//! starts instead from an empty temporary cache directory, as on a new machine, and the time
//! includes every table the planner decides to build.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{bail, ensure, Context};

/// Options of the Korf benchmark.
#[derive(Debug, Clone)]
pub struct Korf {
    /// The instance file (`id optimum t0 t1 …`, blank-first goal).
    pub file: PathBuf,
    /// Only these instance ids, in this order; all when empty.
    pub ids: Vec<u32>,
    /// Per-board time limit in seconds.
    pub time_limit: Option<f64>,
    /// Threads (RAYON_NUM_THREADS); the machine's count when absent.
    pub threads: Option<usize>,
    /// Start from an empty cache directory instead of building the big tables first.
    pub fresh: bool,
    /// Published node counts (`id optimum nodes` lines) printed beside ours.
    pub published: Option<PathBuf>,
}

struct Row {
    id: String,
    optimum: u32,
    status: String,
    moves: Option<u64>,
    nodes: u64,
    seconds: f64,
    lower_bound: Option<u64>,
}

/// Published node counts by instance id, from lines `id optimum nodes` (`#` starts a comment).
fn published_nodes(path: &Path) -> anyhow::Result<std::collections::HashMap<String, u64>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut nodes = std::collections::HashMap::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [id, _, count] = fields[..] else {
            bail!("{}:{}: expected `id optimum nodes`", path.display(), number + 1);
        };
        let count: u64 = count.parse().with_context(|| format!("{}:{}: a node count", path.display(), number + 1))?;
        nodes.insert(id.to_owned(), count);
    }
    Ok(nodes)
}

/// Runs the benchmark and prints the table and totals in Markdown.
pub fn run(root: &Path, options: &Korf) -> anyhow::Result<()> {
    let text =
        std::fs::read_to_string(&options.file).with_context(|| format!("cannot read {}", options.file.display()))?;
    let mut instances: Vec<(u32, &str)> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')) {
        let id: u32 = line.split_whitespace().next().and_then(|t| t.parse().ok()).context("an instance id")?;
        instances.push((id, line));
    }
    let tiles = instances.first().map(|(_, l)| l.split_whitespace().count() - 2).context("no instances")?;
    let side = (1..=8).find(|s| s * s == tiles).with_context(|| format!("{tiles} tiles is not a square board"))?;
    if !options.ids.is_empty() {
        let mut chosen = Vec::new();
        for id in &options.ids {
            chosen.push(*instances.iter().find(|(i, _)| i == id).with_context(|| format!("no instance {id}"))?);
        }
        instances = chosen;
    }

    let status =
        Command::new(env!("CARGO")).args(["build", "--release", "--quiet", "-p", "cli"]).current_dir(root).status()?;
    ensure!(status.success(), "cargo build --release failed");
    let puzzle = crate::target_dir(root).join("release/puzzle");
    let size = format!("{side}x{side}");
    let fresh_cache = if options.fresh {
        Some(tempfile::tempdir().context("cannot create a temporary cache directory")?)
    } else {
        let status = Command::new(&puzzle).args(["pdb", "build", &size]).status()?;
        ensure!(status.success(), "puzzle pdb build {size} failed");
        None
    };

    let dir = crate::target_dir(root).join("bench");
    std::fs::create_dir_all(&dir)?;
    let input = dir.join(format!("korf-{side}x{side}.txt"));
    let lines: Vec<&str> = instances.iter().map(|(_, l)| *l).collect();
    std::fs::write(&input, lines.join("\n") + "\n")?;

    let mut command = Command::new(&puzzle);
    command.args(["slide", "--format", "lines", "--size", &size, "--goal", "blank-first", "--json", "--timings"]);
    command.arg(&input);
    if let Some(limit) = options.time_limit {
        command.args(["--time-limit", &limit.to_string()]);
    }
    if let Some(threads) = options.threads {
        command.env("RAYON_NUM_THREADS", threads.to_string());
    }
    if let Some(cache) = &fresh_cache {
        command.env("PUZZLE_CACHE_DIR", cache.path());
    }
    let started = Instant::now();
    let output = command.output()?;
    let wall = started.elapsed().as_secs_f64();
    ensure!(output.status.success(), "puzzle slide failed: {}", String::from_utf8_lossy(&output.stderr));

    let mut rows = Vec::new();
    for line in String::from_utf8(output.stdout)?.lines() {
        let json: serde_json::Value = serde_json::from_str(line)?;
        let label = json["label"].as_str().context("a label")?;
        let (id, optimum) = label.split_once(' ').context("label `id optimum`")?;
        rows.push(Row {
            id: id.to_owned(),
            optimum: optimum.parse()?,
            status: json["status"].as_str().unwrap_or_default().to_owned(),
            moves: json["moves"].as_u64(),
            nodes: json["nodes"].as_u64().unwrap_or_default(),
            seconds: json["seconds"].as_f64().unwrap_or_default(),
            lower_bound: json["lower_bound"].as_u64(),
        });
    }
    ensure!(rows.len() == instances.len(), "expected {} answers, got {}", instances.len(), rows.len());

    let mut report = String::new();
    let threads = options.threads.map_or("all".to_owned(), |t| t.to_string());
    writeln!(report, "{} instances from {}, threads: {threads}", rows.len(), options.file.display())?;
    writeln!(report)?;
    let published = options.published.as_deref().map(published_nodes).transpose()?;
    if published.is_some() {
        writeln!(report, "| id | optimal | found | nodes | published nodes | ours / published | seconds |")?;
        writeln!(report, "|---:|---:|---:|---:|---:|---:|---:|")?;
    } else {
        writeln!(report, "| id | optimal | found | nodes | seconds |")?;
        writeln!(report, "|---:|---:|---:|---:|---:|")?;
    }
    let mut wrong = Vec::new();
    // Nodes of the boards solved, ours and published, for the ratio of the totals.
    let (mut ours_solved, mut theirs_solved) = (0u64, 0u64);
    for row in &rows {
        let found = match (row.status.as_str(), row.moves, row.lower_bound) {
            ("solved", Some(m), _) => m.to_string(),
            (status, _, Some(bound)) => format!("{status} (at least {bound})"),
            (status, _, None) => status.to_owned(),
        };
        if row.moves.is_some_and(|m| m != u64::from(row.optimum)) {
            wrong.push(row.id.clone());
        }
        match &published {
            Some(published) => {
                let theirs = published.get(&row.id).copied();
                if let (Some(_), Some(theirs)) = (row.moves, theirs) {
                    ours_solved += row.nodes;
                    theirs_solved += theirs;
                }
                // A board that hit the cap has no ratio: its count stops short of the answer.
                let (theirs, ratio) = match (theirs, row.moves) {
                    (Some(t), Some(_)) => (t.to_string(), format!("{:.3}", row.nodes as f64 / t as f64)),
                    (Some(t), None) => (t.to_string(), "-".to_owned()),
                    (None, _) => ("-".to_owned(), "-".to_owned()),
                };
                writeln!(
                    report,
                    "| {} | {} | {found} | {} | {theirs} | {ratio} | {:.3} |",
                    row.id, row.optimum, row.nodes, row.seconds
                )?;
            }
            None => {
                writeln!(report, "| {} | {} | {found} | {} | {:.3} |", row.id, row.optimum, row.nodes, row.seconds)?
            }
        }
    }
    let solved = rows.iter().filter(|r| r.moves.is_some()).count();
    let nodes: u64 = rows.iter().map(|r| r.nodes).sum();
    let board_seconds: f64 = rows.iter().map(|r| r.seconds).sum();
    let moves: u64 = rows.iter().filter_map(|r| r.moves).sum();
    writeln!(report)?;
    writeln!(
        report,
        "solved {solved}/{} optimally ({moves} moves in all); {nodes} nodes; sum of per-board times {board_seconds:.3} s; \
         whole process {wall:.3} s (wall clock, {})",
        rows.len(),
        if options.fresh { "empty cache: every table built in the run" } else { "tables loaded from the cache" }
    )?;
    if published.is_some() && theirs_solved > 0 {
        writeln!(
            report,
            "boards solved: {ours_solved} nodes against {theirs_solved} published, {:.3} of theirs",
            ours_solved as f64 / theirs_solved as f64
        )?;
    }
    if !output.stderr.is_empty() {
        writeln!(report, "\nstandard error:\n{}", String::from_utf8_lossy(&output.stderr).trim_end())?;
    }
    print!("{report}");
    if !wrong.is_empty() {
        bail!("lengths differ from the published optimum for instances {}", wrong.join(", "));
    }
    Ok(())
}
