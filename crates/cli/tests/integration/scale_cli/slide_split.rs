//! `puzzle slide --split DEPTH`, `--unit LINE` and `puzzle merge` of their rounds, against the
//! unsplit run and the complete 3×3 distance table (a plain BFS), and the errors of each.

use super::common::{puzzle, temp_file, Run};

fn ok(run: Run) -> String {
    assert_eq!(run.code, 0, "{}", run.failure("exit status"));
    run.stdout
}

fn refused(run: &Run, needle: &str) {
    assert_eq!(run.code, 1, "{}", run.failure("exit status"));
    assert!(run.stderr.contains(needle), "{}", run.failure(&format!("stderr without {needle:?}")));
}

/// Drives the rounds as docs/scale-out.md does: split, every unit of a round (through `--unit -`
/// in one process, or one process per line), merge, until the merge prints the answer. Returns
/// the answer line and the rounds' result lines.
fn drive(board: &str, args: &[&str], depth: usize, one_process_per_unit: bool) -> (serde_json::Value, Vec<String>) {
    let file = temp_file("board.txt", board);
    let depth = depth.to_string();
    let mut split_args = vec!["slide", "--split", &depth];
    split_args.extend(args);
    split_args.push(file.as_str());
    let mut round = ok(puzzle(&split_args, ""));
    let mut results_seen = Vec::new();
    for _ in 0..100 {
        let first: serde_json::Value = serde_json::from_str(round.lines().next().unwrap()).unwrap();
        if first.get("status").is_some() {
            // A merged answer has its keys in the order docs/scale-out.md gives.
            let line = round.lines().next().unwrap();
            if first.get("rounds").is_some() {
                let keys = ["solvable", "moves", "path", "board", "status", "nodes", "optimal", "lower_bound"];
                let at: Vec<usize> = keys
                    .iter()
                    .chain(&["rounds", "units", "heuristic"])
                    .map(|key| line.find(&format!("\"{key}\":")).unwrap())
                    .collect();
                assert!(at[0] == 1 && at.windows(2).all(|pair| pair[0] < pair[1]), "{line}");
            }
            return (first, results_seen);
        }
        let results = if one_process_per_unit {
            round.lines().map(|line| ok(puzzle(&["slide", "--unit", line], ""))).collect::<String>()
        } else {
            ok(puzzle(&["slide", "--unit", "-", "--jobs", "2"], &round))
        };
        results_seen.extend(results.lines().map(str::to_owned));
        let results_file = temp_file("results.jsonl", &results);
        round = ok(puzzle(&["merge", results_file.as_str()], ""));
    }
    panic!("more than 100 rounds");
}

#[test]
fn rounds_give_the_unsplit_answer() {
    // The hardest 3x3 boards (31 moves) and easier ones, different depths and heuristics.
    for (board, args, depth) in [
        ("8 6 7\n2 5 4\n3 0 1\n", &[][..], 3),
        ("6 4 7\n8 5 0\n3 2 1\n", &["--heuristic", "manhattan"][..], 5),
        ("1 2 3\n4 5 6\n0 7 8\n", &["--heuristic", "linear-conflict"][..], 4),
        ("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n", &[][..], 2),
        ("2 3 4 8\n1 6 0 12\n5 10 7 11\n9 13 14 15\n", &["--heuristic", "linear-conflict"][..], 6),
    ] {
        let (answer, _) = drive(board, args, depth, false);
        let mut plain_args = vec!["slide", "--json"];
        plain_args.extend(args);
        let plain: serde_json::Value = serde_json::from_str(ok(puzzle(&plain_args, board)).trim()).unwrap();
        for key in ["moves", "path", "board", "status", "optimal", "lower_bound"] {
            assert_eq!(answer[key], plain[key], "{key} of {board}");
        }
        assert_eq!(answer["optimal"], true);
    }
}

#[test]
fn rounds_find_optimal_lengths_of_the_complete_table() {
    // Boards from a seeded generator, their optimal lengths from the plain BFS table.
    let table = sliding::testing::DistanceTable::blank_last();
    let mut rng = puzzle_core::SplitMix64::new(17);
    let mut tiles: Vec<u32> = (0..9).collect();
    let mut done = 0;
    while done < 4 {
        for i in (1..tiles.len()).rev() {
            tiles.swap(i, rng.below(i + 1));
        }
        let board = sliding::Board::try_from(sliding::BoardSpec { rows: 3, cols: 3, tiles: tiles.clone() }).unwrap();
        let Some(distance) = table.distance(&board) else { continue };
        if distance < 2 {
            continue;
        }
        let text: String = tiles.chunks(3).map(|row| format!("{} {} {}\n", row[0], row[1], row[2])).collect();
        let (answer, results) = drive(&text, &[], 1 + done, done % 2 == 0);
        assert_eq!(answer["moves"], u64::from(distance), "{text}");
        assert_eq!(answer["lower_bound"], u64::from(distance));
        // Every result line is deterministic: the same unit run again prints the same but its time.
        // (A unit skipped because an earlier one reached the goal would be searched when run alone.)
        let searched: Vec<&String> = results.iter().filter(|line| !line.contains(r#""status":"skipped""#)).collect();
        let line = searched[searched.len() / 2];
        let unit: serde_json::Value = serde_json::from_str(line).unwrap();
        let keys = ["search", "version", "puzzle", "rows", "cols", "board", "goal", "heuristic", "depth", "units"];
        let mut again_line = serde_json::Map::new();
        for key in keys.iter().chain(&["round", "bound", "nodes_before", "unit", "prefix", "unit_hash"]) {
            again_line.insert((*key).to_owned(), unit[*key].clone());
        }
        let again: serde_json::Value = serde_json::from_str(
            ok(puzzle(&["slide", "--unit", &serde_json::Value::Object(again_line).to_string()], "")).trim(),
        )
        .unwrap();
        for key in ["status", "path", "next_bound", "nodes"] {
            assert_eq!(again[key], unit[key], "{key}");
        }
        done += 1;
    }
}

#[test]
fn boards_without_a_search_are_answered_by_the_split() {
    // The whole line, keys in their order: the goal itself needs no move, and two tiles swapped
    // make a board of the other parity.
    let answer = ok(puzzle(&["slide", "--split", "3"], "1 2 3\n4 5 6\n7 8 0\n"));
    let solved = r#"{"board":"1 2 3 / 4 5 6 / 7 8 _","lower_bound":0,"moves":0,"nodes":0,"optimal":true,"path":"","solvable":true,"status":"solved"}"#;
    assert_eq!(answer, format!("{solved}\n"));
    let answer = ok(puzzle(&["slide", "--split", "3"], "2 1 3\n4 5 6\n7 8 0\n"));
    let unsolvable = r#"{"board":"2 1 3 / 4 5 6 / 7 8 _","lower_bound":null,"moves":null,"nodes":0,"optimal":true,"path":null,"solvable":false,"status":"unsolvable"}"#;
    assert_eq!(answer, format!("{unsolvable}\n"));
}

/// Round 1 of a 3x3 board at depth 2, and its results.
fn round_one() -> (Vec<String>, Vec<String>) {
    let units = ok(puzzle(&["slide", "--split", "2"], "8 6 7\n2 5 4\n3 0 1\n"));
    // One thread: unit 1 reaches the goal, and every unit after it is skipped.
    let results = ok(puzzle(&["slide", "--unit", "-", "--jobs", "1"], &units));
    (units.lines().map(str::to_owned).collect(), results.lines().map(str::to_owned).collect())
}

#[test]
fn merge_refuses_missing_duplicated_foreign_and_unfinished_units() {
    let (units, results) = round_one();
    assert!(results.len() >= 3);
    let merge = |lines: &[String]| {
        let file = temp_file("results.jsonl", lines.join("\n"));
        puzzle(&["merge", file.as_str()], "")
    };
    // The whole round merges.
    assert_eq!(merge(&results).code, 0);
    assert!(results[1].contains(r#""status":"found""#) && results[2].contains(r#""status":"skipped""#));
    // A missing unit before the one that found the goal is named; after it none is needed.
    let mut missing = results.clone();
    missing.remove(0);
    refused(&merge(&missing), "the first is unit 0");
    assert_eq!(merge(&results[..2]).code, 0);
    // Without the unit that found the goal, a skipped unit is named.
    let mut lost = results.clone();
    lost.remove(1);
    refused(&merge(&lost), "unit 2 was skipped");
    // A unit run twice is named.
    let mut twice = results.clone();
    twice.push(results[2].clone());
    refused(&merge(&twice), "unit 2 is also on");
    // A unit of another split (another depth) is refused.
    let other = ok(puzzle(&["slide", "--unit", "-"], &ok(puzzle(&["slide", "--split", "3"], "8 6 7\n2 5 4\n3 0 1\n"))));
    let mut mixed = results.clone();
    mixed[1] = other.lines().nth(1).unwrap().to_owned();
    refused(&merge(&mixed), "merge one round of one split at a time");
    // A unit stopped by a limit has no answer.
    let stopped = ok(puzzle(&["slide", "--max-nodes", "1", "--unit", &units[1]], ""));
    assert!(stopped.contains(r#""status":"gave up""#), "{stopped}");
    let mut unfinished = results.clone();
    unfinished[1] = stopped.trim().to_owned();
    refused(&merge(&unfinished), "unit 1 gave up");
    // A changed line is refused.
    let mut changed = results.clone();
    changed[1] = changed[1].replacen(r#""goal":[1,2,3"#, r#""goal":[2,1,3"#, 1);
    refused(&merge(&changed), "does not match its board");
    // A half-written line (a killed worker) is not taken.
    let mut cut = results.clone();
    let half = cut[1].len() / 2;
    cut[1].truncate(half);
    refused(&merge(&cut), "expected");
}

#[test]
fn units_are_checked_before_they_are_searched() {
    let (units, _) = round_one();
    // Another version of the program.
    let foreign = units[1].replacen(r#""version":""#, r#""version":"0.0.0-"#, 1);
    refused(&puzzle(&["slide", "--unit", &foreign], ""), "split again with this version");
    // A board file that is not the unit's.
    refused(&puzzle(&["slide", "--unit", &units[1], "-"], "1 2 3\n4 5 6\n7 0 8\n"), "but the input holds");
    // The same board is accepted.
    ok(puzzle(&["slide", "--unit", &units[1], "-"], "8 6 7\n2 5 4\n3 0 1\n"));
    // Not a unit at all.
    refused(&puzzle(&["slide", "--unit", "{}"], ""), "expected a unit line");
    // --split takes one board.
    refused(&puzzle(&["slide", "--split", "2"], "1 2 3\n4 5 6\n7 0 8\n\n1 2 3\n4 5 6\n0 7 8\n"), "takes one board");
    refused(&puzzle(&["slide", "--split", "0"], "1 2 3\n4 5 6\n7 0 8\n"), "split depth");
}
