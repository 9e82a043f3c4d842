//! `cargo xtask slurm`: the scale-out workflows of docs/scale-out.md, run for real through
//! `sbatch --array` on a one-node Slurm cluster of our own (`slurm/cluster.rs`), each merged and
//! compared with the single-process answer. The job scripts are the files of docs/slurm, which
//! docs/scale-out.md shows verbatim (a test of this crate checks it).

mod cluster;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context};
use serde_json::Value;

use cluster::Cluster;
use puzzle_core::SplitMix64;

/// The job scripts of docs/slurm, which docs/scale-out.md quotes whole.
pub const SCRIPTS: [&str; 5] = ["slide-shards.sh", "edge-units.sh", "slide-units.sh", "slide-rounds.sh", "e2-best.sh"];

/// The longest a workflow's job may take before the test gives up on it.
const JOB_LIMIT: Duration = Duration::from_secs(300);

/// Runs the workflows, or says why it cannot on this machine, with the `puzzle` binary `given`,
/// else one built here: the release build if `release`, the dev build otherwise.
pub fn run(root: &Path, release: bool, given: Option<&Path>) -> anyhow::Result<()> {
    if let Some(reason) = prepare()? {
        println!("slurm: skipped: {reason}");
        return Ok(());
    }
    let binary = match given {
        Some(binary) => {
            ensure!(binary.is_file(), "no `puzzle` binary at {}", binary.display());
            binary.to_path_buf()
        }
        None => {
            let mut build = Command::new(env!("CARGO"));
            build.args(["build", "--quiet", "-p", "cli"]).current_dir(root);
            if release {
                build.arg("--release");
            }
            ensure!(build.status()?.success(), "cargo build -p cli failed");
            crate::target_dir(root).join(if release { "release/puzzle" } else { "debug/puzzle" })
        }
    };
    let started = Instant::now();
    let mut cluster = Cluster::start()?;
    println!("slurm: a one-node cluster is up ({:.1} s)", started.elapsed().as_secs_f64());
    let bin = cluster.workdir("bin")?;
    std::fs::copy(&binary, bin.join("puzzle")).context("cannot copy the puzzle binary")?;
    let cache = cluster.workdir("cache")?;
    let env = Env { bin, cache: cache.clone(), worker_cache: cache.clone(), root: root.to_path_buf() };
    // Workers read the tables from a shared cache they cannot write: a read-only view of it.
    let view = cluster.workdir("cache-read-only")?;
    let env = if cluster.read_only_view(&cache, &view)? {
        println!("slurm: workers read the table cache through a read-only mount");
        Env { worker_cache: view, ..env }
    } else {
        println!("slurm: no read-only mount here (no privilege): workers share the writable cache");
        env
    };
    let workflows: [(&str, Workflow); 4] = [
        ("200 15-puzzles in 8 shards", slide_shards),
        ("Brendan set 2 6x6 count in units", edge_units),
        ("one 5x5 board in rounds of units", slide_rounds),
        ("Eternity II --best, 4 seeds, one requeued", e2_best),
    ];
    let mut failed = 0;
    for (name, workflow) in workflows {
        let started = Instant::now();
        match workflow(&cluster, &env) {
            Ok(detail) => println!("slurm: {name}: matched ({detail}; {:.1} s)", started.elapsed().as_secs_f64()),
            Err(err) => {
                failed += 1;
                println!("slurm: {name}: FAILED: {err:#} ({:.1} s)", started.elapsed().as_secs_f64());
            }
        }
    }
    drop(cluster);
    ensure!(failed == 0, "{failed} of 4 workflows did not match");
    Ok(())
}

type Workflow = fn(&Cluster, &Env) -> anyhow::Result<String>;

/// Where the workflows find the binary and the pattern-database cache.
struct Env {
    /// A directory holding `puzzle`, put first on the jobs' PATH.
    bin: PathBuf,
    /// The cache the single-process runs fill.
    cache: PathBuf,
    /// The cache the workers are given (the same, read-only where the machine allows it).
    worker_cache: PathBuf,
    root: PathBuf,
}

impl Env {
    fn path(&self) -> std::ffi::OsString {
        let mut path = self.bin.as_os_str().to_owned();
        path.push(":");
        path.push(std::env::var_os("PATH").unwrap_or_default());
        path
    }

    /// `puzzle ARGS` in `dir` with the writable cache (the single-process answers).
    fn puzzle(&self, dir: &Path, args: &[&str]) -> anyhow::Result<String> {
        let output = Command::new(self.bin.join("puzzle"))
            .args(args)
            .current_dir(dir)
            .env("PUZZLE_CACHE_DIR", &self.cache)
            .stdin(Stdio::null())
            .output()?;
        ensure!(
            output.status.success(),
            "puzzle {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        );
        Ok(String::from_utf8(output.stdout)?)
    }

    /// A command run in `dir` the way a user on the login node runs it: `puzzle` on the PATH,
    /// the workers' cache, the cluster's configuration.
    fn on_cluster(&self, cluster: &Cluster, program: &str, dir: &Path) -> Command {
        let mut command = cluster.command(program);
        command.current_dir(dir).env("PATH", self.path()).env("PUZZLE_CACHE_DIR", &self.worker_cache);
        command
    }

    /// A work directory holding the job scripts and a `logs` directory.
    fn workdir(&self, cluster: &Cluster, name: &str) -> anyhow::Result<PathBuf> {
        let dir = cluster.workdir(name)?;
        std::fs::create_dir_all(dir.join("logs"))?;
        for script in SCRIPTS {
            std::fs::copy(self.root.join("docs/slurm").join(script), dir.join(script))?;
        }
        Ok(dir)
    }
}

/// Runs `command` to its end within [`JOB_LIMIT`]; its standard output when it succeeds.
fn finish(command: &mut Command) -> anyhow::Result<String> {
    let mut child = command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
    let started = Instant::now();
    while child.try_wait()?.is_none() {
        if started.elapsed() > JOB_LIMIT {
            let _ = child.kill();
            bail!("{:?} took more than {} s", command.get_program(), JOB_LIMIT.as_secs());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let Output { status, stdout, stderr } = child.wait_with_output()?;
    ensure!(status.success(), "{:?} failed: {}", command.get_program(), String::from_utf8_lossy(&stderr).trim());
    Ok(String::from_utf8(stdout)?)
}

/// The files of `dir` named `PREFIX*.jsonl`, sorted, as arguments.
fn outputs(dir: &Path, prefix: &str) -> anyhow::Result<Vec<String>> {
    let mut files: Vec<String> = std::fs::read_dir(dir)?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.starts_with(prefix) && name.ends_with(".jsonl"))
        .map(|name| dir.join(name).display().to_string())
        .collect();
    files.sort();
    ensure!(!files.is_empty(), "no {prefix}*.jsonl in {}", dir.display());
    Ok(files)
}

fn json_lines(text: &str) -> anyhow::Result<Vec<Value>> {
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| Ok(serde_json::from_str(l)?)).collect()
}

/// The goal (blank last) of `rows`×`cols` after `moves` random blank moves.
fn walked_board(rows: usize, cols: usize, moves: usize, rng: &mut SplitMix64) -> anyhow::Result<sliding::Board> {
    let goal = sliding::Board::goal(puzzle_core::Shape::new(rows, cols)?, sliding::GoalKind::BlankLast)?;
    Ok(crate::constructive_bench::scramble(&goal, moves, rng))
}

/// `board` in the grid format: a row of numbers a line, 0 the blank.
fn grid(board: &sliding::Board) -> String {
    let cols = board.shape().cols();
    board
        .tiles()
        .chunks(cols)
        .map(|row| row.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ") + "\n")
        .collect()
}

/// slide-shards.sh: 200 15-puzzles, `--shard K/8` on each task, merged, byte for byte the
/// single-process output.
fn slide_shards(cluster: &Cluster, env: &Env) -> anyhow::Result<String> {
    let dir = env.workdir(cluster, "slide-shards")?;
    let mut rng = SplitMix64::new(1525);
    let boards: Vec<String> =
        (0..200).map(|_| walked_board(4, 4, 60, &mut rng).map(|b| grid(&b))).collect::<anyhow::Result<_>>()?;
    std::fs::write(dir.join("boards.txt"), boards.join("\n"))?;
    let expected = env.puzzle(&dir, &["slide", "--json", "boards.txt"])?;
    finish(env.on_cluster(cluster, "sbatch", &dir).args(["--wait", "slide-shards.sh"]))?;
    let mut merge = vec!["merge".to_owned()];
    merge.extend(outputs(&dir.join("out"), "shard-")?);
    let merged = finish(env.on_cluster(cluster, "puzzle", &dir).args(&merge))?;
    ensure!(merged == expected, "the merged shards differ from one run of the batch");
    Ok(format!("{} answers, byte for byte", merged.lines().count()))
}

/// edge-units.sh: the plain count of Brendan's set 2 6x6 split into units, sliced over ten
/// tasks, merged: the unsplit count's solutions and placements.
fn edge_units(cluster: &Cluster, env: &Env) -> anyhow::Result<String> {
    let dir = env.workdir(cluster, "edge-units")?;
    std::fs::copy(env.root.join("fixtures/data/brendan_set2_06x06.puz"), dir.join("puzzle.puz"))?;
    let units = env.puzzle(&dir, &["edge", "--plain", "--split", "4", "puzzle.puz"])?;
    std::fs::write(dir.join("units.jsonl"), &units)?;
    let count = units.lines().count();
    ensure!(count >= 100, "only {count} units");
    let expected: Value =
        serde_json::from_str(env.puzzle(&dir, &["edge", "--plain", "--count", "--json", "puzzle.puz"])?.trim())?;
    finish(env.on_cluster(cluster, "sbatch", &dir).args(["--wait", "edge-units.sh"]))?;
    let mut merge = vec!["merge".to_owned()];
    merge.extend(outputs(&dir.join("results"), "slice-")?);
    let merged: Value = serde_json::from_str(finish(env.on_cluster(cluster, "puzzle", &dir).args(&merge))?.trim())?;
    for key in ["solutions", "nodes"] {
        ensure!(merged[key] == expected[key], "{key}: merged {} against {} unsplit", merged[key], expected[key]);
    }
    Ok(format!("{count} units, {} solutions, {} placements", merged["solutions"], merged["nodes"]))
}

/// slide-rounds.sh with slide-units.sh: one 5x5 board's search split at depth 6, rounds of
/// two-task arrays, against the unsplit answer.
fn slide_rounds(cluster: &Cluster, env: &Env) -> anyhow::Result<String> {
    let dir = env.workdir(cluster, "slide-rounds")?;
    // A board some seconds of search away, whose linear conflict stays under the bound from
    // which the planner would build the big 6-6-6-6 tables.
    let mut rng = SplitMix64::new(24);
    let board = loop {
        let board = walked_board(5, 5, 90, &mut rng)?;
        let goal = sliding::Board::goal(board.shape(), sliding::GoalKind::BlankLast)?;
        let bound = sliding::testing::lower_bound(&board, &goal, &sliding::testing::Heuristic::LinearConflict)?;
        if !(40..sliding::tiers::FULL_5X5_FROM_BOUND).contains(&bound) {
            continue;
        }
        // Not too far either: linear conflict alone solves it within a few million nodes.
        let limits = sliding::Limits { max_expanded: Some(3_000_000), ..sliding::Limits::NONE };
        let tables = sliding::planner::MemoryTables::default();
        let planner = sliding::Planner::new(sliding::Goal::Board(goal), &tables)
            .with_heuristic(sliding::HeuristicKind::LinearConflict);
        let solved = planner.solve(&board, &limits)?;
        if matches!(solved.verdict(), sliding::Verdict::Solved(path) if path.n_moves() >= 46) {
            break board;
        }
    };
    std::fs::write(dir.join("board.txt"), grid(&board))?;
    let expected: Value =
        serde_json::from_str(env.puzzle(&dir, &["slide", "--json", "--jobs", "1", "board.txt"])?.trim())?;
    let answer =
        finish(env.on_cluster(cluster, "bash", &dir).env("DEPTH", "6").env("TASKS", "2").arg("slide-rounds.sh"))?;
    let merged: Value = serde_json::from_str(answer.trim())?;
    for key in ["moves", "path", "optimal", "lower_bound"] {
        ensure!(merged[key] == expected[key], "{key}: merged {} against {} unsplit", merged[key], expected[key]);
    }
    Ok(format!(
        "{} moves, {} rounds of {} units, {} nodes against {} unsplit",
        merged["moves"], merged["rounds"], merged["units"], merged["nodes"], expected["nodes"]
    ))
}

/// e2-best.sh: four seeds of Eternity II for 20 s each, task 2 requeued (SIGTERM, checkpoint)
/// and resumed; the merge keeps the best board of the array.
fn e2_best(cluster: &Cluster, env: &Env) -> anyhow::Result<String> {
    let dir = env.workdir(cluster, "e2-best")?;
    // Bundled in fixtures/data, so the workflow runs on a checkout without the shared data.
    let data = env.root.join("fixtures/data");
    for file in ["e2.puz", "e2_starter.clue"] {
        std::fs::copy(data.join(file), dir.join(file)).with_context(|| format!("{}", data.join(file).display()))?;
    }
    let job = finish(env.on_cluster(cluster, "sbatch", &dir).args([
        "--parsable",
        "--array=1-4",
        "--cpus-per-task=1",
        "--export=ALL,TIME_LIMIT=20,CHECKPOINT_EVERY=3",
        "e2-best.sh",
    ]))?;
    let job = job.trim().split(';').next().unwrap_or_default().to_owned();
    let task = format!("{job}_2");
    let state =
        |id: &str| cluster.output(Command::new("squeue").args(["-h", "-j", id, "-o", "%T"])).unwrap_or_default();
    let checkpoint = dir.join("ckpt/best-2.ckpt");
    wait_until(Duration::from_secs(120), || state(&task).trim() == "RUNNING" && checkpoint.exists())
        .context("task 2 never ran long enough to write a checkpoint")?;
    finish(cluster.command("scontrol").args(["requeue", &task]))?;
    // A requeued job waits about two minutes (Slurm's requeue delay); start it at once.
    wait_until(Duration::from_secs(30), || state(&task).trim() == "PENDING").context("task 2 was not requeued")?;
    finish(cluster.command("scontrol").args(["update", &format!("JobId={task}"), "StartTime=now"]))?;
    wait_until(JOB_LIMIT, || state(&job).trim().is_empty()).context("the array did not finish")?;
    // Task 2 ended on SIGTERM with its checkpoint, and its second run went on from there.
    let lines = json_lines(&std::fs::read_to_string(dir.join("results/best-2.jsonl"))?)?;
    let ends: Vec<&Value> = lines.iter().filter(|l| l.get("end").is_some()).collect();
    ensure!(ends.len() == 2, "task 2 printed {} end lines, not 2 (one per run)", ends.len());
    ensure!(ends[0]["end"] == "interrupted", "task 2's first run ended with {}, not SIGTERM", ends[0]["end"]);
    let elapsed = |v: &Value| v["elapsed_ms"].as_f64().unwrap_or(0.0);
    ensure!(
        elapsed(ends[1]) >= elapsed(ends[0]) + 15_000.0,
        "task 2's second run did not go on from the checkpoint ({} ms after {} ms)",
        elapsed(ends[1]),
        elapsed(ends[0])
    );
    let mut best_seen = 0;
    for task in 1..=4 {
        let lines = json_lines(&std::fs::read_to_string(dir.join(format!("results/best-{task}.jsonl")))?)?;
        ensure!(lines.last().and_then(|l| l.get("end")).is_some(), "task {task} has no end line");
        best_seen = best_seen.max(lines.iter().filter_map(|l| l["edges_matching"].as_u64()).max().unwrap_or(0));
    }
    let mut merge = vec!["merge".to_owned()];
    merge.extend(outputs(&dir.join("results"), "best-")?);
    let merged: Value = serde_json::from_str(finish(env.on_cluster(cluster, "puzzle", &dir).args(&merge))?.trim())?;
    ensure!(
        merged["edges_matching"] == best_seen,
        "merge kept {} but the best line has {best_seen}",
        merged["edges_matching"]
    );
    Ok(format!(
        "task 2 requeued at {:.1} s and resumed to {:.1} s; best {best_seen}/480",
        elapsed(ends[0]) / 1000.0,
        elapsed(ends[1]) / 1000.0
    ))
}

fn wait_until(limit: Duration, mut done: impl FnMut() -> bool) -> anyhow::Result<()> {
    let started = Instant::now();
    while !done() {
        ensure!(started.elapsed() < limit, "still waiting after {} s", limit.as_secs());
        std::thread::sleep(Duration::from_millis(500));
    }
    Ok(())
}

/// Makes sure Slurm and munge are here, installing them as root from the distribution's
/// packages; `Some(reason)` when this machine cannot run the test.
fn prepare() -> anyhow::Result<Option<String>> {
    let have = |program: &str| {
        Command::new("sh")
            .args(["-c", &format!("command -v {program}")])
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let root = Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    if !root {
        return Ok(Some("starting a test cluster (munged, slurmctld, slurmd) needs root".to_owned()));
    }
    let needed = ["munged", "slurmctld", "slurmd", "sbatch", "scontrol", "squeue", "sinfo"];
    if needed.iter().all(|p| have(p)) {
        return Ok(None);
    }
    if !have("apt-get") {
        return Ok(Some("Slurm is not installed and there is no apt-get to install it".to_owned()));
    }
    println!("slurm: installing slurm-wlm and munge from the distribution's packages");
    let quiet = |args: &[&str]| -> anyhow::Result<()> {
        let output = Command::new("apt-get").args(args).env("DEBIAN_FRONTEND", "noninteractive").output()?;
        ensure!(
            output.status.success(),
            "apt-get {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr).trim()
        );
        Ok(())
    };
    quiet(&["update", "-qq"])?;
    quiet(&["install", "-y", "-qq", "--no-install-recommends", "slurm-wlm", "munge"])?;
    let missing: Vec<&str> = needed.iter().copied().filter(|p| !have(p)).collect();
    ensure!(missing.is_empty(), "installed slurm-wlm and munge, but {} are still missing", missing.join(", "));
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::SCRIPTS;

    /// docs/scale-out.md shows every job script the test runs, whole and unchanged.
    #[test]
    fn the_docs_quote_the_tested_scripts() {
        let root = crate::project_root();
        let docs = std::fs::read_to_string(root.join("docs/scale-out.md")).unwrap();
        for script in SCRIPTS {
            let text = std::fs::read_to_string(root.join("docs/slurm").join(script)).unwrap();
            assert!(
                docs.contains(&format!("```bash\n{text}```")),
                "docs/scale-out.md does not show docs/slurm/{script} as it is"
            );
        }
        // And shows no other script: a job script in the document is one the test runs.
        let scripts: Vec<String> = SCRIPTS
            .iter()
            .map(|script| std::fs::read_to_string(root.join("docs/slurm").join(script)).unwrap())
            .collect();
        for block in docs.split("```bash\n").skip(1) {
            let block = &block[..block.find("```").unwrap_or(block.len())];
            if block.starts_with("#!") {
                assert!(
                    scripts.iter().any(|script| script == block),
                    "docs/scale-out.md shows a job script that is none of docs/slurm:\n{block}"
                );
            }
        }
    }
}
