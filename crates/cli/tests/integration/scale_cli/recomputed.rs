//! What `puzzle merge` recomputes instead of trusting, and the bounds of what a split writes.
//! Lines are forged as a worker that lies would forge them, their hashes made again by the
//! documented rule (`common::sealed`): `merge --input` reads the batch the shards were cut from,
//! `merge --puzzle` cuts an edge split again, a solution listed twice is refused, and a `--best`
//! output without a board is nothing to merge. `--split` counts its units before it writes them,
//! refuses more than `--max-units`, and stops at a signal or its time limit leaving whole lines.

use std::process::Stdio;
use std::time::Duration;

use super::common::{self, puzzle, sealed, sharded, temp_file, Run};

fn ok(run: Run) -> String {
    assert_eq!(run.code, 0, "{}", run.failure("exit status"));
    run.stdout
}

fn refused(run: &Run, needle: &str) {
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{}", run.failure("refused"));
    assert!(run.stderr.contains(needle), "{}", run.failure(&format!("says {needle:?}")));
}

fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::to_owned).collect()
}

/// `line` without its hash.
fn bare(line: &str) -> String {
    format!("{}}}", &line[..line.rfind(",\"result_hash\":").expect("a sealed line")])
}

/// A shard line's answer: the line without its place's keys and its hash.
fn answer_of(line: &str) -> String {
    let bare = bare(line);
    let at = bare.find("\"goal\":\"blank-last\",").expect("a place with the default goal");
    format!("{{{}", &bare[at + "\"goal\":\"blank-last\",".len()..])
}

fn input_of(line: &str) -> String {
    serde_json::from_str::<serde_json::Value>(line).unwrap()["input"].as_str().unwrap().to_owned()
}

/// Merges `lines` from one file, with `extra` arguments before it.
fn merge(extra: &[&str], lines: &[String]) -> Run {
    let file = temp_file("outputs.jsonl", format!("{}\n", lines.join("\n")));
    let mut args = vec!["merge"];
    args.extend_from_slice(extra);
    args.push(file.as_str());
    puzzle(&args, "")
}

const BATCH: &str = "8 6 7\n2 5 4\n3 0 1\n\n1 2 3\n4 5 6\n7 0 8\n\n1 0 3\n4 2 5\n7 8 6\n\n2 1 3\n4 5 6\n7 8 0\n\n\
                     1 2 3\n4 5 6\n0 7 8\n";

#[test]
fn merge_input_checks_each_shard_line_against_the_batch() {
    let batch = temp_file("batch.txt", BATCH);
    let input = ["--input", batch.as_str()];
    let shard = |k: &str| lines(&ok(puzzle(&["slide", "--json", "--shard", k, batch.as_str()], "")));
    let shards: Vec<String> = [shard("1/2"), shard("2/2")].concat();
    let direct = ok(puzzle(&["slide", "--json", batch.as_str()], ""));
    // Untampered, with or without the input: the direct run, byte for byte.
    assert_eq!(ok(merge(&[], &shards)), direct);
    assert_eq!(ok(merge(&input, &shards)), direct);
    let fingerprint = input_of(&shards[0]);
    let by_index = |index: usize| {
        shards.iter().find(|l| l.starts_with(&format!("{{\"index\":{index},"))).expect("every index").clone()
    };
    // The total lowered to 4 and the last board dropped, every hash made again: without the
    // input this cannot be seen (four boards of four merge); with it, it is refused.
    let lowered: Vec<String> = (0..4).map(|i| sharded(i, 4, &fingerprint, &answer_of(&by_index(i)))).collect();
    assert_eq!(ok(merge(&[], &lowered)).lines().count(), 4);
    refused(&merge(&input, &lowered), "this output says the input has 4 boards, but --input");
    // Board 0 replaced by board 3 with its answer, and boards 1 and 2 swapped: consistent
    // answers each, in the wrong place.
    let mut replaced: Vec<String> = (0..5).map(by_index).collect();
    replaced[0] = sharded(0, 5, &fingerprint, &answer_of(&by_index(3)));
    assert_eq!(ok(merge(&[], &replaced)).lines().count(), 5);
    refused(&merge(&input, &replaced), "board index 0 of --input");
    let mut swapped: Vec<String> = (0..5).map(by_index).collect();
    swapped[1] = sharded(1, 5, &fingerprint, &answer_of(&by_index(2)));
    swapped[2] = sharded(2, 5, &fingerprint, &answer_of(&by_index(1)));
    assert_eq!(ok(merge(&[], &swapped)).lines().count(), 5);
    refused(&merge(&input, &swapped), "board index 1 of --input");
    // The input's fingerprint zeroed in every line.
    let zeroed: Vec<String> = (0..5).map(|i| sharded(i, 5, "0000000000000000", &answer_of(&by_index(i)))).collect();
    assert_eq!(ok(merge(&[], &zeroed)), direct);
    refused(&merge(&input, &zeroed), "this output is of another input than --input");
    // The input read with its format and size, as `puzzle slide` reads it.
    let lines_batch = temp_file("lines.txt", "a 1 2 3 4 5 6 7 0 8\nb 1 2 3 4 5 6 0 7 8\n");
    let shard =
        |k: &str| lines(&ok(puzzle(&["slide", "--json", "--size", "3x3", "--shard", k, lines_batch.as_str()], "")));
    let labelled: Vec<String> = [shard("1/2"), shard("2/2")].concat();
    let checked = ok(merge(&["--input", lines_batch.as_str(), "--size", "3x3"], &labelled));
    assert_eq!(checked, ok(puzzle(&["slide", "--json", "--size", "3x3", lines_batch.as_str()], "")));
    refused(&merge(&["--input", lines_batch.as_str()], &labelled), "another input than --input");
    // Only shards have an input to check against.
    let best = common::workspace_root().join("fixtures/data/brendan_set1_03x03.puz");
    let units = ok(puzzle(&["edge", "--plain", "--split", "1", best.to_str().unwrap()], ""));
    let results = lines(&ok(puzzle(&["edge", "--plain", "--unit", "-", best.to_str().unwrap()], &units)));
    refused(&merge(&input, &results), "--input: checks the shards");
}

/// `line` (an edge unit's result) with its keys edited by `edit` and its hashes made again: the
/// unit's `"unit_hash"` over its keys before it, and the result's over the unit's line, the
/// keys up to `"solutions"`.
fn reforged(line: &str, edit: impl Fn(&mut serde_json::Map<String, serde_json::Value>)) -> String {
    let mut value: serde_json::Map<String, serde_json::Value> = serde_json::from_str(line).unwrap();
    value.remove("result_hash");
    edit(&mut value);
    // serde_json keeps the keys in alphabetical order unless told otherwise: rebuild the line in
    // the worker's order, the unit's keys first.
    let order =
        ["version", "puzzle", "rows", "cols", "mode", "order", "corner", "engine", "depth", "units", "unit", "prefix"];
    let mut unit = String::from("{");
    for key in order {
        if let Some(v) = value.get(key) {
            unit.push_str(&format!("\"{key}\":{v},"));
        }
    }
    unit.push_str("\"unit_hash\":\"0000000000000000\",");
    let unit_line = common::edge_unit_rehashed(&format!("{}}}", unit.trim_end_matches(',')));
    let unit = format!("{},", unit_line.strip_suffix('}').unwrap());
    let mut whole = unit.clone();
    for key in ["solutions", "nodes", "elapsed_ms", "all"] {
        if let Some(v) = value.get(key) {
            whole.push_str(&format!("\"{key}\":{v},"));
        }
    }
    sealed(&unit_line, &format!("{}}}", whole.trim_end_matches(',')))
}

#[test]
fn merge_puzzle_cuts_an_edge_split_again_and_a_solution_is_listed_once() {
    let file = common::workspace_root().join("fixtures/data/brendan_set2_06x06.puz");
    let file = file.to_str().unwrap();
    let units = ok(puzzle(&["edge", "--plain", "--split", "2", file], ""));
    let results = lines(&ok(puzzle(&["edge", "--plain", "--all", "--unit", "-", file], &units)));
    let against: &[&str] = &["--puzzle", file];
    let whole = |run: Run| -> u64 {
        serde_json::from_str::<serde_json::Value>(&ok(run)).unwrap()["solutions"].as_u64().unwrap()
    };
    // The count of the whole search, from `--count` (an independent run, not a split).
    let direct: serde_json::Value =
        serde_json::from_str(&ok(puzzle(&["edge", "--plain", "--count", "--json", file], ""))).unwrap();
    let count = direct["solutions"].as_u64().unwrap();
    assert_eq!(whole(merge(&[], &results)), count);
    assert_eq!(whole(merge(against, &results)), count);
    // A unit with solutions dropped, the rest renumbered and the number of units lowered, every
    // hash made again: without the puzzle the count falls short unseen; with it, refused.
    let (dropped, _) = results.iter().enumerate().skip(1).find(|(_, r)| !r.contains("\"solutions\":0,")).unwrap();
    let n_units = results.len() as u64;
    let renumbered: Vec<String> = results
        .iter()
        .enumerate()
        .filter(|(at, _)| *at != dropped)
        .map(|(at, line)| {
            reforged(line, |value| {
                value.insert("units".to_owned(), (n_units - 1).into());
                if at > dropped {
                    value.insert("unit".to_owned(), (at as u64 - 1).into());
                }
            })
        })
        .collect();
    assert!(whole(merge(&[], &renumbered)) < count);
    refused(&merge(against, &renumbered), "the puzzle cut at depth 2");
    // A solution listed twice in one unit (the count raised with it), and one unit's solution
    // listed again by another: refused with or without the puzzle.
    let at = results.iter().position(|r| r.contains("\"solutions\":1,")).expect("a unit of one solution");
    let mut twice = results.clone();
    twice[at] = reforged(&results[at], |value| {
        let all = value["all"].as_array().unwrap().clone();
        value.insert("all".to_owned(), serde_json::Value::Array([all.clone(), all].concat()));
        value.insert("solutions".to_owned(), 2.into());
    });
    refused(&merge(&[], &twice), "solution 1 of the list is also solution 0 of unit");
    refused(&merge(against, &twice), "a solution is listed once");
    let other = results.iter().position(|r| r.contains("\"solutions\":0,") && !r.contains("\"unit\":0,")).unwrap();
    let mut elsewhere = results.clone();
    let solution = serde_json::from_str::<serde_json::Value>(&results[at]).unwrap()["all"].clone();
    elsewhere[other] = reforged(&results[other], |value| {
        value.insert("all".to_owned(), solution.clone());
        value.insert("solutions".to_owned(), 1.into());
    });
    refused(&merge(&[], &elsewhere), "a solution is listed once");
}

#[test]
fn a_best_output_without_a_board_is_nothing_to_merge() {
    let file = common::workspace_root().join("fixtures/data/brendan_set1_03x03.puz");
    let run = ok(puzzle(&["edge", "--best", "--json", "--time-limit", "0.2", file.to_str().unwrap()], ""));
    let all = lines(&run);
    let end = all.last().expect("the run's end").clone();
    assert!(end.contains("\"end\":"), "{end}");
    assert_eq!(merge(&[], &all).code, 0);
    refused(&merge(&[], &[end]), "nothing to merge");
}

#[test]
fn split_counts_its_units_and_refuses_more_than_max_units() {
    let file = common::workspace_root().join("fixtures/data/brendan_set2_06x06.puz");
    let file = file.to_str().unwrap();
    let units = ok(puzzle(&["edge", "--plain", "--split", "2", file], ""));
    let n = units.lines().count();
    // Every unit line says how many there are: the lines written.
    let first: serde_json::Value = serde_json::from_str(units.lines().next().unwrap()).unwrap();
    assert_eq!(first["units"].as_u64(), Some(n as u64));
    let budget = n.to_string();
    assert_eq!(ok(puzzle(&["edge", "--plain", "--split", "2", "--max-units", &budget, file], "")), units);
    let less = (n - 1).to_string();
    let run = puzzle(&["edge", "--plain", "--split", "2", "--max-units", &less, file], "");
    refused(&run, &format!("the cut at depth 2 has more than {less} units (--max-units {less})"));
    assert!(run.stderr.contains(" kB of unit lines"), "{}", run.failure("names the bytes"));
    // The same for a sliding board's units.
    let board = temp_file("board.txt", "8 6 7\n2 5 4\n3 0 1\n");
    let slide = |extra: &[&str]| {
        let mut args = vec!["slide", "--heuristic", "manhattan", "--split", "6"];
        args.extend_from_slice(extra);
        args.push(board.as_str());
        puzzle(&args, "")
    };
    let units = ok(slide(&[]));
    let n = units.lines().count();
    assert_eq!(ok(slide(&["--max-units", &n.to_string()])), units);
    refused(&slide(&["--max-units", &(n - 1).to_string()]), "has more than");
    // A split past its time limit writes nothing and says so.
    let run = puzzle(&["edge", "--plain", "--split", "2", "--time-limit", "0", file], "");
    refused(&run, "--split: gave up at the time limit of 0 s");
    // The fast solver searches no tree: a node limit is refused with it, not ignored.
    let run = puzzle(&["slide", "--fast", "--max-nodes", "10", board.as_str()], "");
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{}", run.failure("refused"));
    assert!(run.stderr.contains("'--fast' cannot be used with '--max-nodes"), "{}", run.failure("names both"));
}

#[test]
fn a_signal_stops_a_deep_split_leaving_whole_lines() {
    let e2 = common::workspace_root().join("fixtures/data/e2.puz");
    let scratch = common::scratch();
    let out_path = scratch.path().join("units.jsonl");
    let (mut command, _cache) = common::command();
    let out = std::fs::File::create(&out_path).unwrap();
    let child = common::spawn(
        &mut command,
        &["edge", "--split", "10", "--count", e2.to_str().unwrap()],
        Stdio::null(),
        Stdio::from(out),
        Stdio::piped(),
    );
    // Counting takes a second or two here; the signal may come while counting or writing.
    let output = common::signal_after(child, Duration::from_millis(2500), "-INT");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert!(stderr.starts_with("interrupted: the split was stopped "), "{stderr}");
    let written = std::fs::read_to_string(&out_path).unwrap();
    // Whole lines only: each a unit line, the last one ended.
    assert!(written.is_empty() || written.ends_with('\n'), "a half line at the end");
    for line in written.lines() {
        let unit: serde_json::Value = serde_json::from_str(line).expect("a whole unit line");
        assert_eq!(unit["depth"], 10);
    }
    if !written.is_empty() {
        let said = format!("after writing {} of its", written.lines().count());
        assert!(stderr.contains(&said), "{stderr}");
    }
}
