//! Limits and interruption from the command line: a search that stops early says "gave up" with
//! what it reached, never a number that reads as the answer; Ctrl-C prints what was found so far
//! and exits with status 130; `--quiet` and non-terminal standard error keep progress bars away.

use crate::common;

use common::puzzle;

const SET2_6X6: &str = "fixtures/data/brendan_set2_06x06.puz";

/// Korf's instance 88 (the hardest of the 100): minutes with Manhattan distance.
const KORF_88: &str = "88 65 15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4\n";

#[test]
fn a_count_out_of_time_gives_up_with_a_lower_bound() {
    let run = puzzle(&["edge", "--count", "--time-limit", "0", SET2_6X6], "");
    assert_eq!(run.code, 0, "{}", run.failure("exit code"));
    assert!(run.stdout.starts_with("gave up after "), "{}", run.failure("gave up"));
    assert!(run.stdout.contains(" solutions"), "{}", run.failure("what it reached"));
    let run = puzzle(&["edge", "--count", "--json", "--time-limit", "0", SET2_6X6], "");
    assert!(run.stdout.contains(r#""status":"gave up""#), "{}", run.failure("json status"));
    assert!(run.stdout.contains(r#""solutions_so_far":"#), "{}", run.failure("json lower bound"));
    assert!(!run.stdout.contains(r#""solutions":"#), "{}", run.failure("no count as the answer"));
    // With time enough, the count is complete and says so.
    let run = puzzle(&["edge", "--count", "--json", "--time-limit", "600", SET2_6X6], "");
    assert!(run.stdout.contains(r#""solutions":160"#), "{}", run.failure("complete"));
    assert!(run.stdout.contains(r#""status":"complete""#), "{}", run.failure("complete status"));
}

#[test]
fn other_colour_modes_give_up_too() {
    let run = puzzle(&["edge", "--time-limit", "0", SET2_6X6], "");
    assert!(run.stdout.starts_with("gave up after "), "{}", run.failure("first solution"));
    let run = puzzle(&["edge", "--all", "--time-limit", "0", SET2_6X6], "");
    assert!(run.stdout.ends_with("c gave up after 0 solutions\n"), "{}", run.failure("--all"));
}

/// `--max-nodes` stops every mode of colour puzzles too: exactly at the limit for the first
/// solution and `--all`, within one cell's candidates of it for counts.
#[test]
fn colour_searches_give_up_at_their_node_limit() {
    let run = puzzle(&["edge", "--max-nodes", "5", SET2_6X6], "");
    assert_eq!(run.code, 0, "{}", run.failure("exit code"));
    assert!(run.stdout.starts_with("gave up after 5 placements in "), "{}", run.failure("first solution"));
    let run = puzzle(&["edge", "--all", "--max-nodes", "1000", SET2_6X6], "");
    assert!(run.stdout.ends_with("c gave up after 0 solutions\n"), "{}", run.failure("--all"));
    for mode in [&["--count"][..], &["--count", "--plain"], &["--distinct"]] {
        let run = puzzle(&[&["edge", "--json", "--max-nodes", "100000"], mode, &[SET2_6X6]].concat(), "");
        let json: serde_json::Value = serde_json::from_str(run.stdout.trim()).expect("one JSON line");
        assert_eq!(json["status"], "gave up", "{}", run.failure("status"));
        assert!(json.get("solutions").is_none(), "{}", run.failure("no count as the answer"));
        let nodes = json["nodes"].as_u64().unwrap();
        assert!((100_000..=100_000 + 36 * 4).contains(&nodes), "{}", run.failure("nodes at the limit"));
    }
    // The plain count's placements are 44,024,849: a limit above them leaves it complete.
    let run = puzzle(&["edge", "--count", "--plain", "--json", "--max-nodes", "44024850", SET2_6X6], "");
    assert!(run.stdout.contains(r#""solutions":160"#), "{}", run.failure("complete under a high limit"));
}

#[test]
fn a_marks_search_gives_up_at_its_node_limit() {
    let run = puzzle(&["edge", "--max-nodes", "1", "fixtures/edge/example1.txt"], "");
    assert_eq!(run.code, 0, "{}", run.failure("exit code"));
    assert!(run.stdout.starts_with("gave up after "), "{}", run.failure("gave up"));
    let run = puzzle(&["edge", "--count", "--json", "--max-nodes", "1", "fixtures/edge/example1.txt"], "");
    assert!(run.stdout.contains(r#""status":"gave up""#), "{}", run.failure("json status"));
    assert!(!run.stdout.contains(r#""solutions":"#), "{}", run.failure("no count as the answer"));
}

#[test]
fn quiet_runs_print_nothing_on_stderr() {
    let run = puzzle(&["--quiet", "edge", "--count", SET2_6X6], "");
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (0, "160\n", ""), "{}", run.failure("quiet"));
    // Standard error is a pipe here, not a terminal: no bar even without --quiet.
    let run = puzzle(
        &["slide", "--format", "lines", "--size", "4x4", "--goal", "blank-first", "--max-nodes", "1000"],
        KORF_88,
    );
    assert_eq!(run.stderr, "", "{}", run.failure("no progress bar on a pipe"));
}

/// Ctrl-C, SIGTERM (how Slurm ends, preempts and requeues a job) and SIGHUP stop a batch alike:
/// what was reached is printed, and the exit status is 130.
#[cfg(unix)]
#[test]
fn ctrl_c_sigterm_and_sighup_print_what_was_reached_and_exit_130() {
    use std::io::Write;
    use std::process::Stdio;
    for signal in ["-INT", "-TERM", "-HUP"] {
        let (mut command, _cache) = common::command();
        let mut child = command
            .args(["slide", "--format", "lines", "--size", "4x4", "--goal", "blank-first", "--heuristic", "manhattan"])
            .current_dir(common::workspace_root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // A solved board first, then one far too hard for the Manhattan distance alone.
        let batch = format!("1 1 1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n{KORF_88}");
        child.stdin.take().expect("stdin").write_all(batch.as_bytes()).expect("the boards are written");
        let output = common::signal_after(child, std::time::Duration::from_millis(500), signal);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(130), "{signal}: stdout {stdout:?}");
        let mut lines = stdout.lines();
        assert_eq!(lines.next(), Some("1 1 1"), "{signal}: the solved board is printed: {stdout:?}");
        // The label (id, optimum), then what happened, with a bound no higher than the optimum.
        let bound = lines
            .next()
            .and_then(|line| line.strip_prefix("88 65 gave up (lower bound "))
            .and_then(|rest| rest.split_once(';'))
            .and_then(|(bound, _)| bound.parse::<u64>().ok())
            .unwrap_or_else(|| panic!("{signal}: {stdout:?}"));
        assert!(bound <= 65, "{stdout}");
    }
}

/// `edge --count --json` stopped by SIGTERM prints the documented gave-up line with the
/// solutions so far, as it does on Ctrl-C.
#[cfg(unix)]
#[test]
fn sigterm_ends_a_count_with_its_gave_up_line() {
    let file = one_colour_4x5();
    let args = ["edge", "--count", "--json", "--plain", file.as_str()];
    let (code, stdout, _) = run_watched(&args, Some(std::time::Duration::from_millis(500)), "-TERM");
    assert_eq!(code, Some(130), "{stdout}");
    let line: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON line");
    assert_eq!(line["status"], "gave up", "{stdout}");
    assert!(line.get("solutions").is_none() || line["solutions"].is_null(), "{stdout}");
}

/// Runs `puzzle ARGS`, sending `signal` (`-INT`: Ctrl-C) after `interrupt_after` if given, and
/// kills it if it has not finished within 60 s (a search that ignores its limits fails the test instead of hanging it).
/// Returns the exit status, standard output and the wall time.
#[cfg(unix)]
fn run_watched(
    args: &[&str],
    interrupt_after: Option<std::time::Duration>,
    signal: &str,
) -> (Option<i32>, String, std::time::Duration) {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let started = Instant::now();
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzle"));
    let mut child = common::spawn(&mut command, args, Stdio::null(), Stdio::piped(), Stdio::null());
    let mut interrupted = false;
    loop {
        if child.try_wait().expect("the child's status").is_some() {
            break;
        }
        if interrupt_after.is_some_and(|after| !interrupted && started.elapsed() >= after) {
            common::signal(&child, signal);
            interrupted = true;
        }
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().expect("the child is killed");
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("the binary finishes");
    (output.status.code(), String::from_utf8_lossy(&output.stdout).into_owned(), started.elapsed())
}

/// `--unit` stops at `--time-limit` and at Ctrl-C like every other mode: a unit of a 5x4 board of
/// one colour and a free border (every arrangement a solution, far too many to count) answers
/// "gave up" with what it reached, and `puzzle merge` refuses such a result.
#[cfg(unix)]
#[test]
fn a_work_unit_gives_up_at_its_time_limit_and_at_ctrl_c() {
    let puz = one_colour_4x5();
    let (file, dir) = (puz.as_str(), puz.path().parent().unwrap());
    // The plain search: every one of the 20! 4^20 arrangements is a solution. (The picture
    // search runs the same unit code; on this board it has one picture.)
    {
        let mode: &[&str] = &["--plain"];
        let split = puzzle(&[&["edge", "--split", "1"], mode, &[file]].concat(), "");
        assert_eq!(split.code, 0, "{}", split.failure("split"));
        let unit = split.stdout.lines().nth(1).expect("unit 1").to_owned();
        let args = [&["edge", "--unit", &unit, "--time-limit", "1"], mode, &[file]].concat();
        let (code, stdout, took) = run_watched(&args, None, "-INT");
        assert_eq!(code, Some(0), "{stdout}");
        assert!(took < std::time::Duration::from_secs(30), "the unit ran {took:?} past a 1 s limit");
        let result: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON line");
        assert_eq!(result["status"], "gave up", "{stdout}");
        assert!(result["solutions_so_far"].is_u64() && result.get("solutions").is_none(), "{stdout}");
        let results = dir.join("results.jsonl");
        std::fs::write(&results, &stdout).unwrap();
        let merged = puzzle(&["merge", results.to_str().unwrap()], "");
        assert_eq!((merged.code, merged.stdout.as_str()), (1, ""), "{}", merged.failure("merge refuses"));
        assert!(merged.stderr.contains("unit 1 gave up"), "{}", merged.failure("the message"));
        // Ctrl-C: what was reached, and exit status 130.
        let args = [&["edge", "--unit", &unit], mode, &[file]].concat();
        let (code, stdout, _) = run_watched(&args, Some(std::time::Duration::from_millis(500)), "-TERM");
        assert_eq!(code, Some(130), "{stdout}");
        assert!(stdout.contains(r#""status":"gave up""#), "{stdout}");
    }
}

/// A 32×32 board of four colours and no frame, cut from a random picture, pieces turned and
/// shuffled: every list holds hundreds of candidates, so one Knuth probe of one order looks at
/// hundreds of thousands of them, and each order's engine lists 4.2 M candidates: too many for
/// `auto` (the default for a `.puz` board's first solution) to build them all, so it takes row
/// order untried, which finds the first solution at once.
#[cfg(unix)]
fn few_colour_32x32(dir: &std::path::Path) -> String {
    let puzzle = edge_match::testing::random_colour_puzzle(32, 32, 4, false, true, 1);
    let file = dir.join("few-colours-32x32.puz");
    std::fs::write(&file, edge_match::testing::puz_text(&puzzle)).unwrap();
    file.to_str().unwrap().to_owned()
}

/// `--time-limit` bounds the planning of a search as it bounds the search: on the 32×32 board of
/// few colours, the first solution is found in row order at once, and a count, whose join is
/// planned by Knuth's probes, gives up at the limit (each took over 30 s, ending with 0
/// placements, before the plan polled the limits); `--max-nodes` too bounds the planning, so a
/// small node budget is spent on the search. Without limits, `auto` plans within a second (it
/// took about 5 s, estimating every order).
#[cfg(unix)]
#[test]
fn the_limits_bound_the_planning_of_a_big_board() {
    let dir = tempfile::tempdir().unwrap();
    let file = few_colour_32x32(dir.path());
    let within = std::time::Duration::from_millis(1500);
    let (code, stdout, took) = run_watched(&["edge", "--json", &file], None, "-INT");
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains(r#""solved":true"#), "{}", puzzle_core::text::excerpt(&stdout));
    assert!(took < std::time::Duration::from_secs(1), "unlimited `auto` and the first solution took {took:?}");
    for (args, status) in [
        (&["edge", "--json", "--time-limit", "1", &file][..], "solved"),
        (&["edge", "--count", "--json", "--time-limit", "1", &file], "gave up"),
        (&["edge", "--json", "--max-nodes", "1000", &file], "gave up"),
        (&["edge", "--json", "--max-nodes", "100000", &file], "solved"),
    ] {
        let (code, stdout, took) = run_watched(args, None, "-INT");
        assert_eq!(code, Some(0), "{args:?}: {stdout}");
        let line: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON line");
        // A first solution says `"solved":true`; a search stopped says `"status":"gave up"`.
        let said = if line["solved"] == true { "solved" } else { line["status"].as_str().unwrap_or("neither") };
        assert_eq!(said, status, "{args:?}: {}", puzzle_core::text::excerpt(&stdout));
        assert!(took < within, "{args:?} ended after {took:?}");
    }
}

/// Runs `puzzle ARGS`, sends SIGINT 300 ms in (asserting it is still running then), and waits
/// for it to end: its exit status, stdout and stderr, and the time from the signal to its end.
#[cfg(unix)]
fn interrupted_at_300_ms(args: &[&str]) -> (Option<i32>, String, String, std::time::Duration) {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let (mut command, _cache) = common::command();
    let child = command.args(args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn();
    let mut child = child.expect("the binary runs");
    std::thread::sleep(Duration::from_millis(300));
    assert!(child.try_wait().unwrap().is_none(), "{args:?} ended before the signal");
    let sent = Instant::now();
    common::signal(&child, "-INT");
    while child.try_wait().unwrap().is_none() && sent.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    let took = sent.elapsed();
    let _ = child.kill();
    let output = child.wait_with_output().expect("the binary finishes");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (output.status.code(), text(&output.stdout), text(&output.stderr), took)
}

/// Ctrl-C during the count of the 32×32 board of few colours (the probes that plan its join,
/// then its walk, both longer than the 300 ms before the signal): the run ends at once with what
/// it reached and exit status 130, as a search stopped by Ctrl-C does.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_count_of_a_big_board() {
    let dir = tempfile::tempdir().unwrap();
    let file = few_colour_32x32(dir.path());
    for args in [&["edge", "--count", "--json", &file][..], &["edge", "--distinct", "--json", &file]] {
        let (code, stdout, _, took) = interrupted_at_300_ms(args);
        assert_eq!(code, Some(130), "{args:?}: {stdout}");
        let line: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON line");
        assert_eq!(line["status"], "gave up", "{args:?}: {stdout}");
        assert!(took < std::time::Duration::from_millis(500), "{args:?} ended {took:?} after Ctrl-C");
    }
}

/// Ctrl-C while `--split` counts its units: a deep cut of a big tree has millions of them (the
/// 32×32 board of few colours at depth 12 in row order, a 5×5 board at 24 moves), and the run
/// ends at once with exit status 130 and no unit written, instead of counting on.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_listing_of_units() {
    let dir = tempfile::tempdir().unwrap();
    let file = few_colour_32x32(dir.path());
    let board = dir.path().join("board.txt");
    std::fs::write(&board, "1 2 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 20\n21 22 23 0 24\n").unwrap();
    let board = board.to_str().unwrap();
    for args in [
        &["edge", "--plain", "--split", "12", &file][..],
        &["slide", "--split", "24", "--heuristic", "manhattan", board],
    ] {
        let (code, stdout, stderr, took) = interrupted_at_300_ms(args);
        assert_eq!(code, Some(130), "{args:?}: {stderr}");
        assert!(stdout.is_empty(), "{args:?}: no unit is written");
        assert!(stderr.contains("the split was stopped while planning or counting its units"), "{args:?}: {stderr}");
        assert!(took < std::time::Duration::from_millis(500), "{args:?} ended {took:?} after Ctrl-C");
    }
}

/// A 4×5 `.puz` puzzle of one colour and a free border: every arrangement of its pieces is a
/// solution, far too many to count.
fn one_colour_4x5() -> common::TempFile {
    common::temp_file("one-colour.puz", format!("4 5\n{}", "1 1 1 1\n".repeat(20)))
}
