//! Signals and `--time-limit` stop the building of pattern databases: `puzzle pdb build` and a
//! solve on an empty cache end within a second of SIGINT, SIGTERM or SIGHUP with exit status 130,
//! a board whose tables are still being built at its time limit gives up, and nothing of an
//! unfinished table is left in the cache. The builds are stopped early: no test builds a big
//! table to the end.

#![cfg(unix)]

use crate::common;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Korf and Felner's first 24-puzzle (blank-first goal): its linear conflict is far above the
/// distance from which a 5×5 board is searched with the 6-6-6-6 tables, which take seconds to
/// build.
const KORF_FELNER_1: &str = "14 5 9 2 18\n8 23 19 12 17\n15 0 10 20 4\n6 11 21 1 7\n24 3 16 22 13\n";

/// Korf's 15-puzzle 88 in the lines format (label, optimum, tiles; blank-first goal): 500 of them
/// pay for the 7-8 tables, which take half a minute to build.
const KORF_88: &str = "88 65 15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4";

/// How long a stopped build may take to end: a second, and some room for a busy machine.
const STOP_WITHIN: Duration = Duration::from_secs(2);

/// The signals that stop a run: Ctrl-C, and how Slurm and a closed terminal end it.
const SIGNALS: [&str; 3] = ["-INT", "-TERM", "-HUP"];

/// `puzzle ARGS` with `PUZZLE_CACHE_DIR` set to `cache` and `stdin` written to it, standard
/// output and error piped.
fn spawn(args: &[&str], cache: &Path, stdin: &str) -> Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzle"))
        .args(args)
        .env("PUZZLE_CACHE_DIR", cache)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("the input is written");
    child
}

/// Waits for `child` to end, killing it after 60 s (a build that ignores its signal fails the
/// test instead of hanging it); returns its exit status, stdout and stderr.
fn finish(mut child: Child) -> (Option<i32>, String, String) {
    let started = Instant::now();
    while child.try_wait().expect("the child's status").is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().expect("the child is killed");
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let output = child.wait_with_output().expect("the binary finishes");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (output.status.code(), text(&output.stdout), text(&output.stderr))
}

/// Sends `signal` to `child` and returns how long it took to end, with its exit status, stdout
/// and stderr.
fn stop(child: Child, signal: &str) -> (Duration, Option<i32>, String, String) {
    let sent = Instant::now();
    common::signal(&child, signal);
    let (code, stdout, stderr) = finish(child);
    (sent.elapsed(), code, stdout, stderr)
}

/// The names in `dir` (none when it does not exist).
fn files_in(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| entries.map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default()
}

/// Waits until `ready` holds (checked every 10 ms), for at most 30 s.
fn wait_for(what: &str, ready: impl Fn() -> bool) {
    let started = Instant::now();
    while !ready() {
        assert!(started.elapsed() < Duration::from_secs(30), "{what} did not happen within 30 s");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn pdb_build_stops_at_every_signal_within_a_second_and_writes_nothing() {
    for signal in SIGNALS {
        let scratch = tempfile::tempdir().unwrap();
        // The build makes the cache directory once it knows it can write there, just before it
        // starts: the signal comes while the first (7-tile) table is being built.
        let cache = scratch.path().join("cache");
        let child = spawn(&["pdb", "build", "4x4"], &cache, "");
        wait_for("the cache directory", || cache.is_dir());
        std::thread::sleep(Duration::from_millis(300));
        let (took, code, stdout, stderr) = stop(child, signal);
        assert_eq!(code, Some(130), "{signal}: stdout {stdout:?}, stderr {stderr:?}");
        assert!(took < STOP_WITHIN, "{signal}: {took:?} after the signal");
        assert!(stdout.is_empty(), "{signal}: no table was built: {stdout:?}");
        assert!(stderr.contains("interrupted: pattern database 4x4"), "{signal}: {stderr:?}");
        assert_eq!(files_in(&cache), Vec::<String>::new(), "{signal}: left in the cache");
    }
}

/// A solve on an empty cache stopped while its tables are built: a 5×5 board far from its goal
/// (the 6-6-6-6 tables) and a batch of 500 4×4 boards (the 7-8 tables) give up, exit 130 within
/// a second, and leave the cache empty.
#[test]
fn a_solve_stops_building_its_tables_at_every_signal() {
    let batch = format!("{KORF_88}\n").repeat(500);
    // The arguments, the input and its number of boards.
    let runs: [(&[&str], &str, usize); 2] = [
        (&["slide", "--goal", "blank-first"], KORF_FELNER_1, 1),
        (&["slide", "--goal", "blank-first", "--format", "lines", "--size", "4x4"], &batch, 500),
    ];
    for (args, stdin, boards) in runs {
        for signal in SIGNALS {
            let scratch = tempfile::tempdir().unwrap();
            let mut child = spawn(args, scratch.path(), stdin);
            // The note on stderr says the build begins; the rest of stderr is kept for messages.
            let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
            let mut note = String::new();
            stderr.read_line(&mut note).expect("stderr is read");
            assert!(note.starts_with("note: building pattern databases"), "{signal} {args:?}: {note:?}");
            std::thread::sleep(Duration::from_millis(300));
            let (took, code, stdout, _) = stop(child, signal);
            let mut rest = String::new();
            std::io::Read::read_to_string(&mut stderr, &mut rest).expect("stderr is read");
            assert_eq!(code, Some(130), "{signal} {args:?}: stdout {stdout:?}, stderr {rest:?}");
            assert!(took < STOP_WITHIN, "{signal} {args:?}: {took:?} after the signal");
            let answers: Vec<&str> = stdout.lines().collect();
            assert_eq!(answers.len(), boards, "{signal} {args:?}: {stdout:?}");
            assert!(answers.iter().all(|line| line.contains("gave up (lower bound")), "{signal} {args:?}: {stdout:?}");
            assert_eq!(files_in(scratch.path()), Vec::<String>::new(), "{signal} {args:?}: left in the cache");
        }
    }
}

/// `--time-limit` counts the time spent building the tables a board waits for: a 5×5 board
/// far from its goal, on an empty cache, gives up at its limit instead of building the 6-6-6-6
/// tables (seconds) first, and nothing of them is kept.
#[test]
fn a_time_limit_counts_the_time_spent_building_tables() {
    let scratch = tempfile::tempdir().unwrap();
    let started = Instant::now();
    let child = spawn(&["slide", "--goal", "blank-first", "--time-limit", "0.5"], scratch.path(), KORF_FELNER_1);
    let (code, stdout, stderr) = finish(child);
    let took = started.elapsed();
    assert_eq!(code, Some(0), "stdout {stdout:?}, stderr {stderr:?}");
    assert!(stdout.starts_with("gave up (lower bound "), "{stdout:?}");
    assert!(took < Duration::from_millis(500) + STOP_WITHIN, "{took:?} under a 0.5 s limit");
    assert_eq!(files_in(scratch.path()), Vec::<String>::new(), "left in the cache");
    // The limit is said in the help.
    let help = Command::new(env!("CARGO_BIN_EXE_puzzle")).args(["slide", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("counting the time spent building (or loading) the pattern databases it waits for"),
        "{help}"
    );
}

/// A `--unit` worker counts the time spent building its tables against its `--time-limit`: the
/// unit gives up (for merge to ask for it again) instead of building for minutes.
#[test]
fn a_unit_time_limit_counts_the_time_spent_building_tables() {
    let scratch = tempfile::tempdir().unwrap();
    // A unit line of a 5×5 board split with linear conflicts, turned into one that searches with
    // the full tables; its "puzzle" hash made again over the changed identity (the fingerprint of the
    // fields `puzzle_hash` in crates/cli/src/scale_out/slide_units.rs joins), and its "unit_hash".
    let board = "6 1 2 3 4\n11 7 8 9 5\n16 12 13 14 10\n21 17 18 19 15\n22 23 24 20 0\n";
    let child = spawn(&["slide", "--split", "2", "--heuristic", "linear-conflict"], scratch.path(), board);
    let (code, stdout, stderr) = finish(child);
    assert_eq!(code, Some(0), "stdout {stdout:?}, stderr {stderr:?}");
    let mut unit: serde_json::Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    unit["heuristic"] = "pdb-full".into();
    let tiles = |key: &str| -> Vec<u64> { serde_json::from_value(unit[key].clone()).unwrap() };
    let identity = format!(
        "{}|{}|{}x{}|{:?}|{:?}|{}|{}",
        unit["search"].as_str().unwrap(),
        unit["version"].as_str().unwrap(),
        unit["rows"],
        unit["cols"],
        tiles("board"),
        tiles("goal"),
        unit["heuristic"].as_str().unwrap(),
        unit["depth"]
    );
    unit["puzzle"] = format!("{:016x}", puzzle_core::fingerprint::fingerprint(identity.as_bytes())).into();
    unit["unit_hash"] = super::common::slide_unit_hash(&unit).into();
    let started = Instant::now();
    let child = spawn(&["slide", "--unit", &unit.to_string(), "--time-limit", "0.5"], scratch.path(), "");
    let (code, stdout, stderr) = finish(child);
    let took = started.elapsed();
    assert_eq!(code, Some(0), "stdout {stdout:?}, stderr {stderr:?}");
    let result: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(result["status"], "gave up", "{stdout}");
    assert!(took < Duration::from_millis(500) + STOP_WITHIN, "{took:?} under a 0.5 s limit");
    assert_eq!(files_in(scratch.path()), Vec::<String>::new(), "left in the cache");
}
