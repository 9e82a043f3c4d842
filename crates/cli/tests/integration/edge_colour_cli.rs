//! `puzzle edge` on colour puzzles (`.puz`), run as a process: detection, counts, clues,
//! `--verify`, `.sol` output and errors.

use crate::common;

fn edge(args: &[&str]) -> common::Run {
    common::puzzle(&[&["edge"], args].concat(), "")
}

const SET1_3X3: &str = "fixtures/data/brendan_set1_03x03.puz";
const SET1_3X3_SOL: &str = "fixtures/data/brendan_set1_03x03.sol";

#[test]
fn a_shipped_solution_verifies_and_a_damaged_one_does_not() {
    let run = edge(&["--verify", SET1_3X3_SOL, SET1_3X3]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "ok\n"), "{}", run.failure("verify"));
    let scratch = common::scratch();
    let dir = scratch.path();
    let text = std::fs::read_to_string(common::workspace_root().join(SET1_3X3_SOL)).unwrap();
    // Turn the first piece by one more quarter: its frame sides no longer face the outside.
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let first = lines.iter().position(|l| !l.trim().is_empty() && !l.starts_with('c')).unwrap();
    let mut fields: Vec<u32> = lines[first].split_whitespace().map(|t| t.parse().unwrap()).collect();
    fields[3] = (fields[3] + 1) % 4;
    lines[first] = fields.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    let bad = dir.join("bad.sol");
    std::fs::write(&bad, lines.join("\n") + "\n").unwrap();
    let run = edge(&["--verify", bad.to_str().unwrap(), SET1_3X3]);
    assert_eq!(run.code, 1, "{}", run.failure("a damaged solution"));
    assert!(run.stderr.contains("must show the frame colour 0") || run.stderr.contains("shows"), "{}", run.stderr);
}

#[test]
fn the_solution_found_passes_the_checker_and_round_trips_through_sol() {
    let scratch = common::scratch();
    let dir = scratch.path();
    let sol = dir.join("found.sol");
    let run = edge(&["--json", "--sol", sol.to_str().unwrap(), SET1_3X3]);
    assert_eq!(run.code, 0, "{}", run.failure("solve"));
    assert!(run.stdout.starts_with(r#"{"rows":3,"cols":3,"solved":true,"placements":["#), "{}", run.stdout);
    let verified = edge(&["--verify", sol.to_str().unwrap(), SET1_3X3]);
    assert_eq!(verified.stdout, "ok\n", "{}", verified.failure("verify the written .sol"));
    // Given every piece as a clue, the board has exactly that one arrangement.
    let counted = edge(&["--count", "--plain", "--clue", sol.to_str().unwrap(), SET1_3X3]);
    assert_eq!(counted.stdout.lines().next(), Some("1"), "{}", counted.failure("count with clues"));
}

#[test]
fn plain_counts_report_placements_and_rate() {
    let run = edge(&["--count", "--plain", "--jobs", "1", "fixtures/data/brendan_set2_06x06.puz"]);
    assert_eq!(run.code, 0, "{}", run.failure("count"));
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "160");
    assert!(lines[1].starts_with("44024849 placements in "), "{}", lines[1]);
    assert!(lines[1].ends_with(" M placements/s)"), "{}", lines[1]);
}

#[test]
fn bad_puz_input_names_the_place() {
    let run = common::puzzle(&["edge", "--format", "puz"], "2 1\n1 2 3 4\n1 2 x 4\n");
    assert_eq!(run.code, 1);
    assert_eq!(run.stderr, "error: <stdin>:3:5: expected a colour 0-1023, found `x`\n");
    let run = common::puzzle(&["edge"], "2 2\n1 2 3 4\n");
    assert_eq!(run.code, 1);
    assert!(run.stderr.starts_with("error: <stdin>:2:"), "{}", run.stderr);
}

#[test]
fn distinct_and_all_on_brendan_set2_6x6() {
    // The benchmark's figures: 160 solutions, 40 up to rotation of the whole board.
    let run = edge(&["--distinct", "fixtures/data/brendan_set2_06x06.puz"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, "40\n"), "{}", run.failure("distinct"));
    let run = edge(&["--all", "--json", "fixtures/data/brendan_set2_06x06.puz"]);
    assert_eq!(run.code, 0, "{}", run.failure("all"));
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 160);
    assert!(
        lines[0].starts_with(r#"{"placements":[{"piece":"#) || lines[0].contains(r#""solution":1"#),
        "{}",
        lines[0]
    );
    let run = edge(&["--all", SET1_3X3]);
    let blocks = run.stdout.split("\n\n").count();
    let counted = edge(&["--count", SET1_3X3]);
    assert_eq!(blocks.to_string(), counted.stdout.trim(), "one .sol block per solution");
}

#[test]
fn an_unwritable_sol_file_is_bad_input_not_an_internal_error() {
    let run = edge(&["--sol", "no/such/dir/out.sol", SET1_3X3]);
    assert_eq!(run.code, 1, "{}", run.failure("exit code"));
    assert!(run.stderr.starts_with("error: no/such/dir/out.sol: cannot write: "), "{}", run.failure("message"));
}
