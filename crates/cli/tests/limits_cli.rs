//! Limits and interruption from the command line: a search that stops early says "gave up" with
//! what it reached, never a number that reads as the answer; Ctrl-C prints what was found so far
//! and exits with status 130; `--quiet` and non-terminal standard error keep progress bars away.

mod common;

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
    let run = puzzle(&["edge", "--max-nodes", "5", SET2_6X6], "");
    assert_eq!(run.code, 1, "{}", run.failure("--max-nodes is refused for colour puzzles"));
    assert!(run.stderr.contains("--time-limit"), "{}", run.failure("the message points to --time-limit"));
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

#[cfg(unix)]
#[test]
fn ctrl_c_prints_what_was_reached_and_exits_130() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let (mut command, _cache) = common::command();
    let mut child = command
        .args(["slide", "--format", "lines", "--size", "4x4", "--goal", "blank-first", "--heuristic", "manhattan"])
        .current_dir(common::workspace_root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().expect("stdin").write_all(KORF_88.as_bytes()).expect("the board is written");
    std::thread::sleep(std::time::Duration::from_millis(500));
    let sent = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
    assert!(sent.success());
    let output = child.wait_with_output().expect("the binary finishes");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(130), "stdout {stdout:?}");
    // The label (id, optimum), then what happened, with a bound no higher than the optimum.
    let bound = stdout
        .strip_prefix("88 65 gave up (lower bound ")
        .and_then(|rest| rest.split_once(';'))
        .and_then(|(bound, _)| bound.parse::<u64>().ok())
        .unwrap_or_else(|| panic!("{stdout:?}"));
    assert!(bound <= 65, "{stdout}");
}
