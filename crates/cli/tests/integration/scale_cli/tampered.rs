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

/// `line` without its hash.
fn bare(line: &str) -> String {
    format!("{}}}", &line[..line.rfind(",\"result_hash\":").expect("a sealed line")])
}

/// `line` with `from` replaced by `to` and its hash made again, as a worker that lies would:
/// the unit's line is the edited line's keys up to `first_result_key`.
fn resealed(line: &str, first_result_key: &str, from: &str, to: &str) -> String {
    let edited = bare(line);
    assert!(edited.contains(from), "{edited} holds {from}");
    let edited = edited.replacen(from, to, 1);
    let unit =
        format!("{}}}", &edited[..edited.find(&format!(",\"{first_result_key}\":")).expect("the result's keys")]);
    sealed(&unit, &edited)
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
    edited[at] = resealed(one, "solutions", "\"solutions\":1,", &format!("\"solutions\":{more},"));
    refused_at(&edited, at + 1, &format!("{more} solutions below a prefix of 2 of 36 cells need at least"));
    // Placements lowered below what the one solution needs (34 cells below the prefix).
    edited[at] = resealed(one, "solutions", &format!("\"nodes\":{},", nodes_of(one)), "\"nodes\":3,");
    refused_at(&edited, at + 1, "need at least 34 placements, but the result says 3");
    // A board too big to be, refused without counting its cells.
    let taller = resealed(one, "solutions", "\"rows\":6,", "\"rows\":4294967296,");
    edited[at] = resealed(&taller, "solutions", "\"cols\":6,", "\"cols\":4294967296,");
    refused_at(&edited, at + 1, "a board of 4294967296 by 4294967296 cells cannot be");
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
    let unit = format!("{{\"index\":0,\"total\":4,\"input\":\"{input}\"}}");
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
}
