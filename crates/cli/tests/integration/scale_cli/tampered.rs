//! `puzzle merge` refuses a result line that was changed, damaged or mixed up, naming its file
//! and line, for every kind of output it merges: edge unit results, slide rounds, shards and
//! `--best` runs. Each real worker's line is edited as a damaged file or a careless hand would
//! edit it; with its hash made again by the documented rule (`common::sealed`), the checks of
//! what the fields say against each other still refuse what they can. Untampered, the same
//! lines merge to the direct answer.

use super::common::{self, puzzle, sealed, temp_file, Run};

fn ok(run: Run) -> String {
    assert_eq!(run.code, 0, "{}", run.failure("exit status"));
    run.stdout
}

/// Merges `lines` from one file and expects it refused at `line` (from 1) with `needle`.
fn refused_at(lines: &[String], line: usize, needle: &str) {
    let file = temp_file("results.jsonl", format!("{}\n", lines.join("\n")));
    let run = puzzle(&["merge", file.as_str()], "");
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{}", run.failure("refused"));
    // `file:line:` (and, for some kinds, the column 1).
    let place = format!("error: {}:{line}:", file.as_str());
    assert!(run.stderr.starts_with(&place), "{}", run.failure(&format!("names {place}")));
    assert!(run.stderr.contains(needle), "{}", run.failure(&format!("says {needle:?}")));
}

fn merged(lines: &[String]) -> String {
    let file = temp_file("results.jsonl", format!("{}\n", lines.join("\n")));
    ok(puzzle(&["merge", file.as_str()], ""))
}

const CHANGED: &str = "\"result_hash\" does not match its unit and its fields";

const UNIT_CHANGED: &str =
    "the unit's \"unit_hash\" does not match its puzzle, plan, depth, prefix and the other keys it binds: the line was changed";

/// `line` without its hash.
fn bare(line: &str) -> String {
    format!("{}}}", &line[..line.rfind(",\"result_hash\":").expect("a sealed line")])
}

/// `line` with `from` replaced by `to` and its hash made again, as a worker that lies would:
/// the unit's line is the edited line's keys up to `first_result_key`.
fn resealed(line: &str, first_result_key: &str, from: &str, to: &str) -> String {
    let edited = bare(line);
    assert!(edited.contains(from), "{edited} holds {from}");
    reseal(&edited.replacen(from, to, 1), first_result_key)
}

/// An edge unit's result with `from` replaced by `to`, the unit's `"unit_hash"` and the result's
/// hash both made again by their rules.
fn resealed_edge(line: &str, from: &str, to: &str) -> String {
    let edited = bare(line);
    assert!(edited.contains(from), "{edited} holds {from}");
    reseal(&common::edge_unit_rehashed(&edited.replacen(from, to, 1)), "solutions")
}

/// `edited`, a result without its hash, sealed to its unit: its keys up to `first_result_key`.
fn reseal(edited: &str, first_result_key: &str) -> String {
    let unit =
        format!("{}}}", &edited[..edited.find(&format!(",\"{first_result_key}\":")).expect("the result's keys")]);
    sealed(&unit, edited)
}

#[test]
fn edited_or_foreign_edge_unit_results_are_refused() {
    let file = common::workspace_root().join("fixtures/data/brendan_set2_06x06.puz");
    let file = file.to_str().unwrap();
    let units = ok(puzzle(&["edge", "--plain", "--split", "2", file], ""));
    let results: Vec<String> =
        ok(puzzle(&["edge", "--plain", "--unit", "-", file], &units)).lines().map(str::to_owned).collect();
    // Untampered: the count of the whole search, solutions and placements.
    let whole: serde_json::Value =
        serde_json::from_str(&ok(puzzle(&["edge", "--plain", "--count", "--json", file], ""))).unwrap();
    let merged: serde_json::Value = serde_json::from_str(&merged(&results)).unwrap();
    assert_eq!((&merged["solutions"], &merged["nodes"]), (&whole["solutions"], &whole["nodes"]));
    assert_eq!(merged["solutions"], 160);
    // A unit with one solution, its count edited to 991.
    let (at, one) = results.iter().enumerate().find(|(_, r)| r.contains("\"solutions\":1,")).expect("a unit of 1");
    let mut edited = results.clone();
    edited[at] = one.replacen("\"solutions\":1,", "\"solutions\":991,", 1);
    refused_at(&edited, at + 1, CHANGED);
    // With the hash made again: more solutions than placements cannot be.
    let more = nodes_of(one) + 1;
    edited[at] = resealed_edge(one, "\"solutions\":1,", &format!("\"solutions\":{more},"));
    refused_at(&edited, at + 1, &format!("{more} solutions below a prefix of 2 of 36 cells need at least"));
    // Placements lowered below what the one solution needs (34 cells below the prefix).
    edited[at] = resealed_edge(one, &format!("\"nodes\":{},", nodes_of(one)), "\"nodes\":3,");
    refused_at(&edited, at + 1, "need at least 34 placements, but the result says 3");
    // A board too big to be, refused without counting its cells.
    let taller = resealed_edge(one, "\"rows\":6,", "\"rows\":4294967296,");
    edited[at] = resealed_edge(&taller, "\"cols\":6,", "\"cols\":4294967296,");
    refused_at(&edited, at + 1, "a board of 4294967296 by 4294967296 cells cannot be");
    // The result of a changed unit (its number of units), the result's hash made again but not
    // the unit's: the unit is not the split's.
    edited[at] = resealed(one, "solutions", "\"units\":", "\"units\":1");
    refused_at(&edited, at + 1, UNIT_CHANGED);
    // Nor does its worker run it.
    let unit = units.lines().nth(at).unwrap();
    let changed = unit.replacen("\"units\":", "\"units\":1", 1);
    let run = puzzle(&["edge", "--plain", "--unit", &changed, file], "");
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{}", run.failure("refused"));
    assert_eq!(run.stderr, format!("error: --unit: {UNIT_CHANGED}\n"));
    // With its hash made again by the rule, it runs (and its result merges with nothing else's).
    assert!(ok(puzzle(&["edge", "--plain", "--unit", &common::edge_unit_rehashed(&changed), file], ""))
        .contains("\"solutions\":"));
    // Cut by another version.
    let older = common::edge_unit_rehashed(&unit.replacen(
        &format!("\"version\":\"{}\"", env!("CARGO_PKG_VERSION")),
        "\"version\":\"0.0.9\"",
        1,
    ));
    let run = puzzle(&["edge", "--plain", "--unit", &older, file], "");
    assert!(
        run.code == 1 && run.stderr.contains("a unit of puzzle 0.0.9, but this is puzzle"),
        "{}",
        run.failure("refused")
    );
    // A result moved to another unit.
    let mut moved = results.clone();
    moved[2] = results[2].replacen("\"unit\":2,", "\"unit\":1,", 1);
    refused_at(&moved, 3, CHANGED);
    // The result of another board's unit, given this split's puzzle name: foreign.
    let other = common::workspace_root().join("fixtures/data/brendan_set1_03x03.puz");
    let other = other.to_str().unwrap();
    let other_units = ok(puzzle(&["edge", "--plain", "--split", "1", other], ""));
    let other_result = ok(puzzle(&["edge", "--plain", "--unit", other_units.lines().nth(1).unwrap(), other], ""));
    let key =
        |line: &str| serde_json::from_str::<serde_json::Value>(line).unwrap()["puzzle"].as_str().unwrap().to_owned();
    let mut foreign = results.clone();
    foreign[1] = other_result.trim().replacen(&key(&other_result), &key(&results[1]), 1);
    refused_at(&foreign, 2, CHANGED);
    // A line cut short (a killed worker) or without its hash (an older `puzzle`).
    let mut cut = results.clone();
    cut[4] = bare(&results[4]);
    refused_at(&cut, 5, "does not end with the \"result_hash\"");
}

fn nodes_of(line: &str) -> u64 {
    serde_json::from_str::<serde_json::Value>(line).unwrap()["nodes"].as_u64().unwrap()
}

/// The case: raise `next_bound` in one round's results and the rounds would end with a
/// wrong optimum; lower it below the round's bound and they would search a round again.
#[test]
fn edited_slide_round_results_are_refused() {
    let board = "8 6 7\n2 5 4\n3 0 1\n";
    let round = ok(puzzle(&["slide", "--split", "2", "--heuristic", "manhattan"], board));
    let results: Vec<String> =
        ok(puzzle(&["slide", "--unit", "-", "--jobs", "1"], &round)).lines().map(str::to_owned).collect();
    assert!(results.iter().all(|r| r.contains("\"status\":\"searched\"")), "{results:?}");
    let bound = 21;
    assert!(round.contains(&format!("\"bound\":{bound},")), "{round}");
    // Untampered: the next round, with the least next bound of the units (23: above 21, of the
    // same parity as every path to the goal).
    let next = merged(&results);
    assert!(next.lines().all(|unit| unit.contains("\"round\":2,\"bound\":23,")), "{next}");
    let at = results.iter().position(|r| r.contains("\"next_bound\":23,")).expect("a unit cut at 23");
    let raised = |line: &str| line.replacen("\"next_bound\":23,", "\"next_bound\":41,", 1);
    // Every unit's next bound raised: the hash refuses the first.
    let mut edited: Vec<String> = results.iter().map(|r| raised(r)).collect();
    refused_at(&edited, at + 1, CHANGED);
    // Below the round's own bound, with the hash made again: refused by what it says.
    edited = results.clone();
    edited[at] = resealed(&results[at], "status", "\"next_bound\":23,", "\"next_bound\":19,");
    refused_at(&edited, at + 1, "the next bound 19 is not above the round's bound 21");
    edited[at] = resealed(&results[at], "status", "\"next_bound\":23,", "\"next_bound\":21,");
    refused_at(&edited, at + 1, "the next bound 21 is not above the round's bound 21");
    // A status no worker writes, and a unit's nodes edited.
    edited[at] = results[at].replacen("\"nodes\":", "\"nodes\":1", 1);
    refused_at(&edited, at + 1, CHANGED);
    edited[at] = resealed(&results[at], "status", "\"status\":\"searched\"", "\"status\":\"found\"");
    refused_at(&edited, at + 1, "the status is \"found\" but there is no path");
    // A result of another board's split at the same depth, heuristic and round.
    let other = ok(puzzle(&["slide", "--split", "2", "--heuristic", "manhattan"], "6 4 7\n8 5 0\n3 2 1\n"));
    let other = ok(puzzle(&["slide", "--unit", "-", "--jobs", "1"], &other));
    edited = results.clone();
    edited[1] = other.lines().nth(1).unwrap().to_owned();
    refused_at(&edited, 2, "merge one round of one split at a time");
    // The rounds driven to the end give the direct answer (the complete table's 31 moves).
    let direct: serde_json::Value = serde_json::from_str(ok(puzzle(&["slide", "--json"], board)).trim()).unwrap();
    assert_eq!(direct["moves"], 31);
    let mut round = next;
    for _ in 0..10 {
        if round.contains("\"status\"") {
            break;
        }
        let results: Vec<String> =
            ok(puzzle(&["slide", "--unit", "-", "--jobs", "1"], &round)).lines().map(str::to_owned).collect();
        round = merged(&results);
    }
    let answer: serde_json::Value = serde_json::from_str(round.trim()).unwrap();
    assert_eq!(
        (&answer["moves"], &answer["path"], &answer["optimal"]),
        (&direct["moves"], &direct["path"], &direct["optimal"])
    );
}

#[test]
fn edited_or_mixed_up_shard_lines_are_refused() {
    let batch = "8 6 7\n2 5 4\n3 0 1\n\n1 2 3\n4 5 6\n7 0 8\n\n1 0 3\n4 2 5\n7 8 6\n\n2 1 3\n4 5 6\n7 8 0\n";
    let file = temp_file("batch.txt", batch);
    let shard = |k: &str, file: &str| -> Vec<String> {
        ok(puzzle(&["slide", "--json", "--shard", k, file], "")).lines().map(str::to_owned).collect()
    };
    let lines: Vec<String> = [shard("1/2", file.as_str()), shard("2/2", file.as_str())].concat();
    // Untampered: the direct run's output, byte for byte.
    assert_eq!(format!("{}\n", merged_text(&lines)), ok(puzzle(&["slide", "--json", file.as_str()], "")));
    // Board 0 (31 moves): its moves and path cut.
    let at = 0;
    assert!(lines[at].contains("\"moves\":31,"), "{}", lines[at]);
    let mut edited = lines.clone();
    edited[at] = lines[at].replacen("\"moves\":31,", "\"moves\":21,", 1);
    refused_at(&edited, at + 1, CHANGED);
    // With the hash made again, the path still has 31 moves.
    let input = serde_json::from_str::<serde_json::Value>(&lines[0]).unwrap()["input"].as_str().unwrap().to_owned();
    let unit = format!("{{\"index\":0,\"total\":4,\"input\":\"{input}\",\"goal\":\"blank-last\"}}");
    let unit = unit.as_str();
    edited[at] = sealed(unit, &bare(&lines[at]).replacen("\"moves\":31,", "\"moves\":21,", 1));
    refused_at(&edited, at + 1, "the answer's path has 31 moves, but \"moves\" says 21");
    edited[at] = sealed(unit, &bare(&lines[at]).replacen("\"lower_bound\":31", "\"lower_bound\":29", 1));
    refused_at(&edited, at + 1, "optimal, but its lower bound 29 is not its 31 moves");
    // Two boards' lines swapped between their places.
    let mut swapped = lines.clone();
    swapped[0] = lines[0].replacen("{\"index\":0,", "{\"index\":2,", 1);
    swapped[1] = lines[1].replacen("{\"index\":2,", "{\"index\":0,", 1);
    refused_at(&swapped, 1, CHANGED);
    // A line of another batch of as many boards.
    let other = temp_file("other.txt", batch.replacen("8 6 7\n2 5 4\n3 0 1", "1 2 3\n4 5 6\n0 7 8", 1));
    let mut mixed = lines.clone();
    mixed[1] = shard("1/2", other.as_str())[1].clone();
    assert!(mixed[1].starts_with("{\"index\":2,"), "{}", mixed[1]);
    refused_at(&mixed, 2, "this output is of another input than");
    // Its input's name changed to this batch's: the hash refuses it.
    let other_input =
        serde_json::from_str::<serde_json::Value>(&mixed[1]).unwrap()["input"].as_str().unwrap().to_owned();
    assert_ne!(other_input, input);
    mixed[1] = mixed[1].replacen(&other_input, &input, 1);
    refused_at(&mixed, 2, CHANGED);
}

fn merged_text(lines: &[String]) -> String {
    merged(lines).trim_end().to_owned()
}

#[test]
fn edited_or_foreign_best_lines_are_refused() {
    let set2 = common::workspace_root().join("fixtures/data/brendan_set2_06x06.puz");
    let set2 = set2.to_str().unwrap();
    let run = |seed: &str, file: &str| -> Vec<String> {
        ok(puzzle(&["edge", "--best", "--json", "--jobs", "1", "--seed", seed, "--max-nodes", "20000", file], ""))
            .lines()
            .map(str::to_owned)
            .collect()
    };
    let lines: Vec<String> = [run("1", set2), run("2", set2)].concat();
    // Untampered: the line with the most matching joins, as written.
    let best = lines
        .iter()
        .filter(|l| !l.contains("\"end\""))
        .max_by_key(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["edges_matching"].as_u64())
        .unwrap();
    assert_eq!(
        merged_text(&lines),
        lines
            .iter()
            .find(|l| {
                let value = |l: &str| serde_json::from_str::<serde_json::Value>(l).unwrap()["edges_matching"].clone();
                value(l) == value(best)
            })
            .unwrap()
            .as_str()
    );
    let at = 0;
    let matching = serde_json::from_str::<serde_json::Value>(&lines[at]).unwrap()["edges_matching"].as_u64().unwrap();
    let from = format!("\"edges_matching\":{matching},");
    let to = format!("\"edges_matching\":{},", matching + 10);
    let mut edited = lines.clone();
    edited[at] = lines[at].replacen(&from, &to, 1);
    refused_at(&edited, at + 1, CHANGED);
    // With the hash made again: more matching joins than the placed pieces have.
    let key = serde_json::from_str::<serde_json::Value>(&lines[at]).unwrap()["puzzle"].as_str().unwrap().to_owned();
    let unit = format!("{{\"puzzle\":\"{key}\"}}");
    edited[at] = sealed(&unit, &bare(&lines[at]).replacen(&from, &to, 1));
    refused_at(&edited, at + 1, "joins between pieces");
    // A piece placed twice.
    let value: serde_json::Value = serde_json::from_str(&lines[at]).unwrap();
    let first = value["placements"].as_array().unwrap().iter().find(|p| !p.is_null()).unwrap().to_string();
    let second = value["placements"].as_array().unwrap().iter().filter(|p| !p.is_null()).nth(1).unwrap().to_string();
    edited[at] = sealed(&unit, &bare(&lines[at]).replacen(&second, &first, 1));
    refused_at(&edited, at + 1, "is placed twice");
    // A board of a million by a million cells, refused by its placements' number.
    let huge = bare(&lines[at])
        .replacen("\"cells\":36,", "\"cells\":1000000000000,", 1)
        .replacen("\"rows\":6,", "\"rows\":1000000,", 1)
        .replacen("\"cols\":6,", "\"cols\":1000000,", 1);
    edited[at] = sealed(&unit, &huge);
    refused_at(&edited, at + 1, "one entry for each of the 1000000000000 cells");
    // A run of another puzzle of the same size.
    let other = common::temp_file(
        "other.puz",
        edge_match::testing::puz_text(&edge_match::testing::random_colour_puzzle(6, 6, 5, true, true, 9)),
    );
    let mut mixed = lines.clone();
    mixed.push(run("3", other.as_str())[0].clone());
    refused_at(&mixed, mixed.len(), "merge the runs of one puzzle");
    // A run's end that no run writes, its hash made again: not a line of `--best`.
    let end = lines.iter().position(|l| l.contains("\"end\":\"node limit\"")).unwrap();
    let mut edited = lines.clone();
    edited[end] = sealed(&unit, &bare(&lines[end]).replacen("\"end\":\"node limit\"", "\"end\":\"stopped\"", 1));
    refused_at(&edited, end + 1, "expected a line of `puzzle edge --best --json`");
}

/// A unit line with `from` replaced by `to` and its `"unit_hash"` made again by the rule, as a
/// hand that knows the rule would.
fn rehashed_unit(line: &str, from: &str, to: &str) -> String {
    assert!(line.contains(from), "{line} holds {from}");
    let edited = line.replacen(from, to, 1);
    let old = serde_json::from_str::<serde_json::Value>(line).unwrap()["unit_hash"].as_str().unwrap().to_owned();
    let hash = common::slide_unit_hash(&serde_json::from_str(&edited).unwrap());
    edited.replacen(&format!("\"unit_hash\":\"{old}\""), &format!("\"unit_hash\":\"{hash}\""), 1)
}

fn results_of(units: &str) -> Vec<String> {
    ok(puzzle(&["slide", "--unit", "-", "--jobs", "1"], units)).lines().map(str::to_owned).collect()
}

/// The first case: a round's bound raised in its unit lines would have the rounds end
/// with a false optimum. The worker refuses the edited line, and merge refuses results whose
/// unit was edited after the search, each by its place.
#[test]
fn a_slide_units_bound_edited_is_refused_by_the_worker_and_by_merge() {
    let board = "8 6 7\n2 5 4\n3 0 1\n";
    let round = ok(puzzle(&["slide", "--split", "2", "--heuristic", "manhattan"], board));
    assert!(round.lines().all(|unit| unit.contains("\"round\":1,\"bound\":21,")), "{round}");
    let raised = round.replace("\"bound\":21,", "\"bound\":41,");
    let run = puzzle(&["slide", "--unit", "-"], &raised);
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{}", run.failure("refused"));
    assert!(
        run.stderr.starts_with("error: <stdin>:1: the unit's \"unit_hash\" does not match its round, bound, prefix"),
        "{}",
        run.failure("names the line")
    );
    // The same edit in every result, each result's own hash made again.
    let results = results_of(&round);
    let edited: Vec<String> = results.iter().map(|r| resealed(r, "status", "\"bound\":21,", "\"bound\":41,")).collect();
    refused_at(&edited, 1, "the unit's \"unit_hash\" does not match");
    // Untampered, the same results give round 2 at bound 23.
    assert!(merged(&results).lines().all(|unit| unit.contains("\"round\":2,\"bound\":23,")));
}

/// The second case: one unit's prefix changed into another's, so that two units share a
/// prefix and a part of the search is never searched. Edited by hand, the worker refuses the
/// line; with its hash made again by the rule, merge refuses it against the cut of the board.
#[test]
fn a_slide_units_prefix_changed_into_anothers_is_refused() {
    let board = "8 6 7\n2 5 4\n3 0 1\n";
    let round_one = ok(puzzle(&["slide", "--split", "2", "--heuristic", "manhattan"], board));
    let round: Vec<String> = merged(&results_of(&round_one)).lines().map(str::to_owned).collect();
    assert!(round[0].contains("\"round\":2,"), "{}", round[0]);
    let prefix =
        |line: &str| serde_json::from_str::<serde_json::Value>(line).unwrap()["prefix"].as_str().unwrap().to_owned();
    let (mine, next) = (prefix(&round[2]), prefix(&round[3]));
    assert_ne!(mine, next);
    let from = format!("\"prefix\":\"{mine}\"");
    let to = format!("\"prefix\":\"{next}\"");
    let mut edited = round.clone();
    edited[2] = round[2].replacen(&from, &to, 1);
    let run = puzzle(&["slide", "--unit", "-"], &format!("{}\n", edited.join("\n")));
    assert_eq!(run.code, 1, "{}", run.failure("refused"));
    assert!(run.stderr.starts_with("error: <stdin>:3: the unit's \"unit_hash\" does not match"), "{}", run.stderr);
    edited[2] = rehashed_unit(&round[2], &from, &to);
    let results = results_of(&format!("{}\n", edited.join("\n")));
    assert!(results.iter().all(|r| !r.contains("\"status\":\"found\"")), "{results:?}");
    refused_at(&results, 3, &format!("unit 2's prefix {next} is not the split's ({mine})"));
}

/// A sharded answer is replayed from the board in its line to the goal its line names, and an
/// "unsolvable" is checked by parity, so a path reversed or cut, or a board's solvability turned
/// around, is refused by place even with the line's hash made again.
#[test]
fn sharded_answers_are_replayed_from_their_boards() {
    let batch = "8 6 7\n2 5 4\n3 0 1\n\n1 2 3\n4 5 6\n7 0 8\n\n1 0 3\n4 2 5\n7 8 6\n\n2 1 3\n4 5 6\n7 8 0\n";
    let file = temp_file("batch.txt", batch);
    let lines: Vec<String> =
        ok(puzzle(&["slide", "--json", "--shard", "1/1", file.as_str()], "")).lines().map(str::to_owned).collect();
    let unit = |index: usize| {
        let input = serde_json::from_str::<serde_json::Value>(&lines[0]).unwrap()["input"].as_str().unwrap().to_owned();
        format!("{{\"index\":{index},\"total\":4,\"input\":\"{input}\",\"goal\":\"blank-last\"}}")
    };
    let path = serde_json::from_str::<serde_json::Value>(&lines[0]).unwrap()["path"].as_str().unwrap().to_owned();
    assert_eq!(path.len(), 31);
    let mut edited = lines.clone();
    // Reversed: as long, but not a way from the board to the goal.
    let reversed: String = path.chars().rev().collect();
    edited[0] = sealed(&unit(0), &bare(&lines[0]).replacen(&path, &reversed, 1));
    refused_at(&edited, 1, "the answer's path, replayed from its board, is not a solution");
    // Cut to 29 moves, with its moves and lower bound to match.
    let cut = bare(&lines[0]).replacen(&path, &path[..29], 1).replacen("\"moves\":31,", "\"moves\":29,", 1).replacen(
        "\"lower_bound\":31",
        "\"lower_bound\":29",
        1,
    );
    edited[0] = sealed(&unit(0), &cut);
    refused_at(&edited, 1, "the answer's path, replayed from its board, is not a solution");
    // A solvable board said to be unsolvable.
    edited = lines.clone();
    assert!(lines[2].contains("\"solvable\":true,\"moves\":3,\"path\":\"DRD\""), "{}", lines[2]);
    let unsolvable = bare(&lines[2])
        .replacen(
            "\"solvable\":true,\"moves\":3,\"path\":\"DRD\"",
            "\"solvable\":false,\"moves\":null,\"path\":null",
            1,
        )
        .replacen("\"status\":\"solved\"", "\"status\":\"unsolvable\"", 1)
        .replacen("\"lower_bound\":3", "\"lower_bound\":null", 1);
    edited[2] = sealed(&unit(2), &unsolvable);
    refused_at(&edited, 3, "the answer says the board cannot be solved, but its parity says it can");
    // The same, with "solvable" left true.
    edited[2] = sealed(&unit(2), &unsolvable.replacen("\"solvable\":false", "\"solvable\":true", 1));
    refused_at(&edited, 3, "the answer says \"unsolvable\", but its parity says the board can be solved");
    // An unsolvable board said to be solved in two moves.
    edited = lines.clone();
    assert!(lines[3].contains("\"solvable\":false,\"moves\":null,\"path\":null"), "{}", lines[3]);
    let solved = bare(&lines[3])
        .replacen("\"solvable\":false,\"moves\":null,\"path\":null", "\"solvable\":true,\"moves\":2,\"path\":\"UD\"", 1)
        .replacen("\"status\":\"unsolvable\"", "\"status\":\"solved\"", 1)
        .replacen("\"lower_bound\":null", "\"lower_bound\":2", 1);
    edited[3] = sealed(&unit(3), &solved);
    refused_at(&edited, 4, "the answer says the board can be solved, but its parity says it cannot");
    // Untampered, the lines merge to the direct run's output.
    assert_eq!(format!("{}\n", merged_text(&lines)), ok(puzzle(&["slide", "--json", file.as_str()], "")));
}

/// Shards solved toward another goal (a kind, or a board of `--goal FILE`) carry it, so merge
/// replays their paths toward it; the goal changed in every line is refused by replay.
#[test]
fn shards_carry_their_goal_and_are_replayed_toward_it() {
    let batch = "8 6 7\n2 5 4\n3 0 1\n\n1 2 3\n4 5 6\n7 0 8\n\n1 0 3\n4 2 5\n7 8 6\n";
    let file = temp_file("batch.txt", batch);
    let goal = temp_file("goal.txt", "8 7 6\n5 4 3\n2 1 0\n");
    for (goal, named) in [("blank-first", "blank-first"), (goal.as_str(), "8 7 6 / 5 4 3 / 2 1 _")] {
        let shard = |k: &str| -> Vec<String> {
            ok(puzzle(&["slide", "--json", "--goal", goal, "--shard", k, file.as_str()], ""))
                .lines()
                .map(str::to_owned)
                .collect()
        };
        let lines = [shard("1/2"), shard("2/2")].concat();
        assert!(lines.iter().all(|l| l.contains(&format!("\"goal\":\"{named}\","))), "{lines:?}");
        let direct = ok(puzzle(&["slide", "--json", "--goal", goal, file.as_str()], ""));
        assert_eq!(format!("{}\n", merged_text(&lines)), direct);
        // Every line said to be toward the default goal, each hash made again.
        let moved: Vec<String> = lines
            .iter()
            .map(|line| {
                let place = &bare(line)[..line.find(",\"solvable\"").unwrap()];
                let place = format!("{place}}}").replacen(named, "blank-last", 1);
                sealed(&place, &bare(line).replacen(named, "blank-last", 1))
            })
            .collect();
        refused_at(&moved, 1, "the answer's path, replayed from its board, is not a solution");
    }
}

/// `puzzle merge --puzzle FILE` checks every edge-matching board of the outputs against the
/// pieces: a solution of an `--all` unit or a `--best` board changed after its worker checked
/// it, with its hash made again, passes merge's own checks (each piece once, joins that add up)
/// but not the checker's; and outputs of another puzzle, or of other options, are refused.
#[test]
fn edge_boards_are_checked_against_the_puzzle() {
    let puz = common::workspace_root().join("fixtures/data/brendan_set1_03x03.puz");
    let puz = puz.to_str().unwrap();
    let merge_against = |lines: &[String], extra: &[&str]| {
        let file = temp_file("results.jsonl", format!("{}\n", lines.join("\n")));
        (puzzle(&[&["merge", "--puzzle", puz], extra, &[file.as_str()]].concat(), ""), file)
    };
    let units = ok(puzzle(&["edge", "--split", "1", puz], ""));
    let results: Vec<String> =
        ok(puzzle(&["edge", "--all", "--unit", "-", puz], &units)).lines().map(str::to_owned).collect();
    assert_eq!(merged(&results), ok(merge_against(&results, &[]).0));
    // One solution's first two cells swapped: still each piece once.
    let at = results.iter().position(|r| !r.contains("\"solutions\":0,")).expect("a unit with solutions");
    let value: serde_json::Value = serde_json::from_str(&results[at]).unwrap();
    let solution = &value["all"][0];
    let (first, second) = (solution[0].to_string(), solution[1].to_string());
    let listed = solution.to_string();
    let swapped = listed.replacen(&first, "FIRST", 1).replacen(&second, &first, 1).replacen("FIRST", &second, 1);
    let mut edited = results.clone();
    edited[at] = resealed(&results[at], "solutions", &listed, &swapped);
    assert_eq!(merged(&edited).lines().count(), 1, "merge's own checks pass it");
    let (run, file) = merge_against(&edited, &[]);
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{}", run.failure("refused"));
    let place = format!(
        "error: {}:{}:1: unit {}: solution 0 of the list: the board fails the check against",
        file.as_str(),
        at + 1,
        value["unit"]
    );
    assert!(run.stderr.starts_with(&place), "{}", run.failure(&place));
    // The same file read with other options is another puzzle.
    let (run, _) = merge_against(&results, &["--no-frame"]);
    assert_eq!(run.code, 1, "{}", run.failure("refused"));
    assert!(
        run.stderr.starts_with("error: --puzzle: ") && run.stderr.contains("but the outputs are of puzzle"),
        "{}",
        run.stderr
    );
    // A --best board: two placed pieces swapped, its counts left as they were.
    let best: Vec<String> = ok(puzzle(&["edge", "--best", "--json", "--jobs", "1", "--max-nodes", "2000", puz], ""))
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(merged_text(&best), ok(merge_against(&best, &[]).0).trim_end());
    let value: serde_json::Value = serde_json::from_str(&best[0]).unwrap();
    let placements = value["placements"].to_string();
    let (first, second) = (value["placements"][0].to_string(), value["placements"][4].to_string());
    let swapped = placements.replacen(&first, "FIRST", 1).replacen(&second, &first, 1).replacen("FIRST", &second, 1);
    let key = value["puzzle"].as_str().unwrap().to_owned();
    let mut edited = best.clone();
    edited[0] = sealed(&format!("{{\"puzzle\":\"{key}\"}}"), &bare(&best[0]).replacen(&placements, &swapped, 1));
    assert!(!merged(&edited).is_empty(), "merge's own checks pass it");
    let (run, file) = merge_against(&edited, &[]);
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{}", run.failure("refused"));
    assert!(run.stderr.starts_with(&format!("error: {}:1: the board ", file.as_str())), "{}", run.stderr);
    // Slide outputs have no edge board to check.
    let slide = ok(puzzle(&["slide", "--json", "--shard", "1/1"], "1 0 3\n4 2 5\n7 8 6\n"));
    let (run, _) = merge_against(&[slide.trim().to_owned()], &[]);
    assert_eq!(run.code, 1, "{}", run.failure("refused"));
    assert!(
        run.stderr.starts_with(
            "error: --puzzle: checks edge-matching boards, but the first line is a line of `puzzle slide --shard"
        ),
        "{}",
        run.stderr
    );
}
