//! The edge unit and result lines docs/formats.md shows, written by an earlier build of
//! `puzzle`, still verify: their `"unit_hash"` and `"result_hash"` follow the documented rules,
//! so a change in how this build writes or hashes its lines cannot pass unseen.

use super::common::{self, puzzle, temp_file};

/// The lines of Brendan's 6x6 split at depth 1 that docs/formats.md shows: units 0 and 1, then
/// the result of unit 1.
fn documented_lines() -> Vec<String> {
    let formats = std::fs::read_to_string(common::workspace_root().join("docs/formats.md")).unwrap();
    formats
        .lines()
        .filter(|line| line.starts_with("{\"version\":") && line.contains("\"puzzle\":\"5095f31b3a989c05\""))
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_documented_edge_unit_and_result_lines_still_verify() {
    let lines = documented_lines();
    assert_eq!(lines.len(), 3, "{lines:?}");
    let set2 = common::workspace_root().join("fixtures/data/brendan_set2_06x06.puz");
    let set2 = set2.to_str().unwrap();
    let run = puzzle(&["edge", "--plain", "--unit", &lines[0], set2], "");
    assert_eq!(run.code, 0, "{}", run.failure("unit 0 accepted"));
    assert!(run.stdout.starts_with(&lines[0][..lines[0].len() - 1]), "{}", run.failure("unit 0's result"));
    // Its hash made for other keys: the same line with another depth is refused.
    let changed = lines[0].replace("\"depth\":1", "\"depth\":2");
    let run = puzzle(&["edge", "--plain", "--unit", &changed, set2], "");
    assert_eq!(run.code, 1, "{}", run.failure("a changed unit refused"));
    assert!(run.stderr.contains("\"unit_hash\" does not match"), "{}", run.failure("named as changed"));
    // The result passes its hashes; what merge then misses are the other units' results.
    let results = temp_file("results.jsonl", format!("{}\n", lines[2]));
    let run = puzzle(&["merge", results.as_str()], "");
    assert_eq!(run.code, 1, "{}", run.failure("exit status"));
    assert_eq!(run.stderr, "error: puzzle merge: 4 of 5 units have no result, the first is unit 0\n");
    let changed = lines[2].replace("\"solutions\":40", "\"solutions\":41");
    let results = temp_file("results.jsonl", format!("{changed}\n"));
    let run = puzzle(&["merge", results.as_str()], "");
    assert!(run.stderr.contains("\"result_hash\" does not match"), "{}", run.failure("a changed result refused"));
}
