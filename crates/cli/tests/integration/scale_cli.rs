//! Batches and scale-out through the binary: `slide --jobs` and `--shard K/N` against one plain
//! run, `puzzle merge` of shard outputs and its errors, and `edge --split`/`--unit` merged back
//! against the unsplit count (Brendan's 6x6, generated small boards, clues and options).

use crate::common;
#[path = "scale_cli/documented.rs"]
mod documented;
#[path = "scale_cli/mix_ups.rs"]
mod mix_ups;
#[path = "scale_cli/recomputed.rs"]
mod recomputed;
#[path = "scale_cli/slide_split.rs"]
mod slide_split;
#[path = "scale_cli/tampered.rs"]
mod tampered;

use std::path::Path;

use common::Run;

/// A scratch directory of this test, removed when dropped.
fn scratch(_name: &str) -> tempfile::TempDir {
    common::scratch()
}

fn ok(run: Run) -> String {
    assert_eq!(run.code, 0, "{}", run.failure("exit status"));
    run.stdout
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

// A seeded SplitMix64, so the generated inputs are the same on every run.
use puzzle_core::{Cell, Shape, SplitMix64};

/// A grid-format batch: boards of several shapes scrambled by random walks from the goal (easy
/// enough that no board's search is split across threads, so node counts are the same for any
/// number of threads), an unsolvable board, and a bad board in its place.
fn slide_batch() -> String {
    let mut rng = SplitMix64::new(5);
    let mut boards = Vec::new();
    for (number, &(rows, cols, steps)) in
        [(3, 3, 40), (2, 4, 30), (3, 4, 30), (3, 3, 60), (4, 3, 25), (2, 2, 5), (3, 3, 10), (2, 5, 30), (3, 3, 0)]
            .iter()
            .cycle()
            .take(14)
            .enumerate()
    {
        let mut tiles: Vec<usize> = (1..rows * cols).chain([0]).collect();
        let mut blank = rows * cols - 1;
        let shape = Shape::new(rows, cols).unwrap();
        for _ in 0..steps {
            let next: Vec<usize> = shape.neighbours(Cell(blank)).map(|cell| cell.0).collect();
            let to = next[rng.below(next.len())];
            tiles.swap(blank, to);
            blank = to;
        }
        if number == 4 {
            // Two tiles swapped: unsolvable.
            let (a, b) = if tiles[0] != 0 && tiles[1] != 0 { (0, 1) } else { (rows * cols - 2, rows * cols - 3) };
            tiles.swap(a, b);
        }
        let mut text = String::new();
        for row in tiles.chunks(cols) {
            let row: Vec<String> = row.iter().map(|t| t.to_string()).collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
        if number == 7 {
            text = "1 2 3\n4 x 6\n7 8 0\n".to_owned();
        }
        boards.push(text);
    }
    boards.join("\n")
}

fn slide(args: &[&str], file: &Path) -> Run {
    let mut all = vec!["slide", "--heuristic", "linear-conflict"];
    all.extend_from_slice(args);
    all.push(path(file));
    common::puzzle(&all, "")
}

#[test]
fn slide_output_does_not_depend_on_the_number_of_threads() {
    let batch = common::temp_file("batch.txt", slide_batch());
    let batch = batch.path();
    for args in [&["--json"][..], &[][..], &["--path"][..]] {
        let one = slide(&[args, &["--jobs", "1"]].concat(), batch);
        let two = slide(&[args, &["--jobs", "2"]].concat(), batch);
        let default = slide(args, batch);
        let zero = slide(&[args, &["--jobs", "0"]].concat(), batch);
        assert_eq!((&zero.stdout, zero.code), (&default.stdout, default.code), "--jobs 0 is all cores {args:?}");
        // The bad board makes the status 1; everything else is answered.
        assert_eq!(one.code, 1, "{}", one.failure("exit status"));
        assert_eq!((&two.stdout, &two.stderr, two.code), (&one.stdout, &one.stderr, one.code), "--jobs 2 {args:?}");
        assert_eq!((&default.stdout, default.code), (&one.stdout, one.code), "default jobs {args:?}");
        assert_eq!(one.stdout.lines().count(), 14, "{}", one.failure("one line per board"));
    }
    let json = slide(&["--json", "--jobs", "2"], batch).stdout;
    assert!(json.lines().nth(4).unwrap().contains(r#""status":"unsolvable""#), "{json}");
    assert!(json.lines().nth(7).unwrap().starts_with(r#"{"error":""#), "{json}");
    for line in json.lines().filter(|l| l.contains(r#""nodes":"#)) {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        // Below the size where one board's search is split across threads.
        assert!(value["nodes"].as_u64().unwrap() < 1 << 20, "{line}");
    }
}

#[test]
fn shards_merge_back_into_the_unsharded_output() {
    let batch = common::temp_file("batch.txt", slide_batch());
    let (batch, dir) = (batch.path(), batch.path().parent().unwrap());
    let whole = slide(&["--json"], batch);
    assert_eq!(whole.code, 1, "{}", whole.failure("the bad board"));
    let whole_lines: Vec<&str> = whole.stdout.lines().collect();
    for n in [1, 2, 3, 5, 20] {
        let mut outputs = Vec::new();
        for k in 1..=n {
            let run = slide(&["--json", "--jobs", "2", "--shard", &format!("{k}/{n}")], batch);
            let holds_bad_board = 7 % n == k - 1;
            assert_eq!(run.code, i32::from(holds_bad_board), "{}", run.failure("exit status"));
            // Each line is the unsharded line of its board with "index" and "total" first and
            // the hash that binds it to its place last.
            let mut expected_index = k - 1;
            for line in run.stdout.lines() {
                let input =
                    serde_json::from_str::<serde_json::Value>(line).unwrap()["input"].as_str().unwrap().to_owned();
                assert_eq!(line, common::sharded(expected_index, 14, &input, whole_lines[expected_index]));
                expected_index += n;
            }
            assert_eq!(run.stdout.lines().count(), (14 + n - k) / n, "shard {k}/{n}");
            let file = dir.join(format!("shard-{k}-of-{n}.jsonl"));
            std::fs::write(&file, &run.stdout).unwrap();
            outputs.push(file);
        }
        // Any order of the outputs gives the same merge.
        outputs.reverse();
        let mut args = vec!["merge"];
        args.extend(outputs.iter().map(|p| path(p)));
        let merged = common::puzzle(&args, "");
        assert_eq!(
            (merged.stdout.as_str(), merged.stderr.as_str(), merged.code),
            (whole.stdout.as_str(), whole.stderr.as_str(), whole.code),
            "merge of {n} shards"
        );
    }
}

#[test]
fn shards_of_a_batch_without_bad_boards_merge_with_status_zero() {
    let scratch = scratch("good");
    let dir = scratch.path();
    let batch = dir.join("batch.txt");
    std::fs::write(&batch, "1 0 3\n4 2 5\n7 8 6\n\n1 2 3\n4 5 6\n8 7 0\n\n1 2 3\n4 5 6\n7 0 8\n").unwrap();
    let whole = ok(slide(&["--json"], &batch));
    let one = ok(slide(&["--json", "--shard", "1/2"], &batch));
    let two = ok(slide(&["--json", "--shard", "2/2"], &batch));
    std::fs::write(dir.join("1.jsonl"), &one).unwrap();
    std::fs::write(dir.join("2.jsonl"), &two).unwrap();
    let merged = ok(common::puzzle(&["merge", path(&dir.join("1.jsonl")), "-"], &two));
    assert_eq!(merged, whole);
}

#[test]
fn merge_names_what_is_wrong() {
    let scratch = scratch("merge-errors");
    let dir = scratch.path();
    let one = dir.join("one.jsonl");
    let two = dir.join("two.jsonl");
    // The 2×4 board whose blank is `moves` cells left of its goal's place, solved by moving it
    // right as often.
    let answer = |moves: usize| {
        let mut last_row = vec!["5", "6", "7"];
        last_row.insert(3 - moves, "_");
        format!(
            "{{\"solvable\":true,\"moves\":{moves},\"path\":\"{}\",\"board\":\"1 2 3 4 / {}\",\"status\":\"solved\"}}",
            "R".repeat(moves),
            last_row.join(" ")
        )
    };
    let input = "0123456789abcdef";
    let line = |index: usize, total: usize, moves: usize| common::sharded(index, total, input, &answer(moves));
    std::fs::write(&one, format!("{}\n{}\n", line(0, 3, 1), line(2, 3, 2))).unwrap();
    std::fs::write(&two, format!("{}\n", line(1, 3, 3))).unwrap();
    let check = |args: &[&str], stdin: &str, expected: (i32, &str, &str)| {
        let run = common::puzzle(&[&["merge"], args].concat(), stdin);
        assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), expected, "merge {args:?}");
    };
    let (one, two) = (path(&one), path(&two));
    check(&[one, two], "", (0, &format!("{}\n{}\n{}\n", answer(1), answer(3), answer(2)), ""));
    check(&[one, one, two], "", (1, "", &format!("error: {one}:1:1: board index 0 is also on {one}:1\n")));
    check(
        &[one],
        "",
        (1, "", "error: puzzle merge: 1 of 3 boards are missing, the first is board index 1: is a shard's output missing?\n"),
    );
    check(
        &[one, "-"],
        &format!("{}\n", line(1, 4, 3)),
        (1, "", &format!("error: <stdin>:1:1: this output is of an input of 4 boards, but {one}:1 says 3\n")),
    );
    check(
        &[one, "-"],
        &format!("{}\n", common::sharded(1, 3, "0123456789abcdee", &answer(3))),
        (
            1,
            "",
            &format!(
                "error: <stdin>:1:1: this output is of another input than {one}:1 (input 0123456789abcdee, there \
                 0123456789abcdef): merge the shards of one batch\n"
            ),
        ),
    );
    check(
        &[one, "-"],
        "\n{\"index\":1,\"total\":3,\n",
        (1, "", "error: <stdin>:2:21: expected JSON lines: EOF while parsing a value\n"),
    );
    check(&["-"], "{\"moves\":3}\n", (1, "", "error: <stdin>:1:1: expected a line of `puzzle slide --shard K/N --json` (with \"index\"), `puzzle slide --unit` (with \"search\":\"slide\"), `puzzle edge --unit` (with \"unit\") or `puzzle edge --best --json` (with \"edges_matching\")\n"));
    check(
        &["-"],
        "{\"index\":\"1\",\"total\":3,\"input\":\"0123456789abcdef\",\"goal\":\"blank-last\"}\n",
        (1, "", "error: <stdin>:1:1: expected a line of `puzzle slide --shard K/N --json` (with \"index\"), `puzzle slide --unit` (with \"search\":\"slide\"), `puzzle edge --unit` (with \"unit\") or `puzzle edge --best --json` (with \"edges_matching\"): \"index\" and \"total\" must be whole numbers\n"),
    );
    check(
        &["-"],
        "{\"index\":1,\"total\":3,\"input\":7,\"goal\":\"blank-last\"}\n",
        (1, "", "error: <stdin>:1:1: expected a line as `puzzle slide --shard K/N --json` writes it, starting with {\"index\":I,\"total\":T,\"input\":\"F\",\"goal\":\"G\",\n"),
    );
    check(
        &["-"],
        "{\"total\":3,\"index\":1,\"moves\":3}\n",
        (1, "", "error: <stdin>:1:1: expected a line as `puzzle slide --shard K/N --json` writes it, starting with {\"index\":I,\"total\":T,\"input\":\"F\",\"goal\":\"G\",\n"),
    );
    check(
        &["-"],
        &format!("{}\n", line(3, 3, 3)),
        (1, "", "error: <stdin>:1:1: board index 3 is not below the total of 3 boards\n"),
    );
    check(&["-"], "", (1, "", "error: puzzle merge: nothing to merge: <stdin> holds no output line\n"));
    let missing = dir.join("missing.jsonl");
    let run = common::puzzle(&["merge", path(&missing)], "");
    assert_eq!(run.code, 1, "{}", run.failure("exit status"));
    assert!(run.stderr.starts_with(&format!("error: {}: cannot read: ", path(&missing))), "{}", run.stderr);
    let run = common::puzzle(&["merge"], "");
    assert_eq!(run.code, 1, "{}", run.failure("exit status"));
}

#[test]
fn shard_and_jobs_arguments_are_checked() {
    let check = |args: &[&str], message: &str| {
        let run = common::puzzle(&[&["slide"], args].concat(), "1 0 3\n4 2 5\n7 8 6\n");
        assert_eq!(run.code, 1, "{}", run.failure("exit status"));
        assert!(run.stdout.is_empty(), "{}", run.failure("no output"));
        assert!(run.stderr.contains(message), "{}", run.failure(message));
    };
    check(&["--json", "--shard", "0/3"], "expected K/N with 1 <= K <= N, like 2/8, found `0/3`");
    check(&["--json", "--shard", "4/3"], "shard 4 of 3 does not exist: K is 1 to 3");
    check(&["--json", "--shard", "two"], "expected K/N with 1 <= K <= N, like 2/8, found `two`");
    check(&["--shard", "1/2"], "--json");
}

/// `--jobs` is one argument: the same range (0 for all cores, at most 256) and message for
/// every command that has it, and 0 means all cores everywhere.
#[test]
fn jobs_is_the_same_argument_everywhere() {
    let message = |value: &str| {
        format!(
            "error: invalid value '{value}' for '--jobs <N>': expected a number of threads from 1 to 256, or 0 for all \
             cores, found `{value}`\n\nFor more information, try '--help'.\n"
        )
    };
    let board = "1 0 3\n4 2 5\n7 8 6\n";
    let set1 = "fixtures/data/brendan_set1_03x03.puz";
    for command in [&["slide"][..], &["edge", set1], &["edge", "--count", set1], &["edge", "--best", set1]] {
        for value in ["257", "10000", "many"] {
            let run = common::puzzle(&[command, &["--jobs", value]].concat(), board);
            assert_eq!((run.code, run.stdout.as_str(), run.stderr.clone()), (1, "", message(value)), "{command:?}");
        }
        for value in ["0", "1", "256"] {
            let run = common::puzzle(&[command, &["--jobs", value, "--max-nodes", "100000"]].concat(), board);
            assert_eq!(run.code, 0, "{}", run.failure("accepted"));
        }
    }
    // --best reports its threads: all cores for 0 and without --jobs.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for (jobs, expected) in [(&["--jobs", "0"][..], cores), (&[][..], cores), (&["--jobs", "3"][..], 3)] {
        let args = [&["edge", "--best", "--json", "--max-nodes", "1000"][..], jobs, &[set1]].concat();
        let run = common::puzzle(&args, "");
        let end: serde_json::Value = serde_json::from_str(run.stdout.lines().last().unwrap()).unwrap();
        assert_eq!(end["jobs"], expected, "{}", run.failure("jobs"));
    }
}

/// A `.puz` board cut from a random picture (so it has a solution), pieces shuffled and, with
/// `turned`, turned; few colours, so that there are many solutions and repeated pieces.
fn generated_puz(rows: usize, cols: usize, colours: u16, framed: bool, turned: bool, seed: u64) -> String {
    edge_match::testing::puz_text(&edge_match::testing::random_colour_puzzle(rows, cols, colours, framed, turned, seed))
}

/// Splits `file` at `depth` with `options`, solves every unit with the same options (and
/// `unit_options`), and merges; returns the merged result and the number of units.
fn split_and_merge(
    dir: &Path,
    file: &Path,
    options: &[&str],
    unit_options: &[&str],
    depth: usize,
) -> (serde_json::Value, usize) {
    let depth = depth.to_string();
    let units = ok(common::puzzle(&[&["edge", "--split", &depth], options, &[path(file)]].concat(), ""));
    let results = dir.join(format!("results-{depth}.jsonl"));
    let mut collected = String::new();
    for unit in units.lines() {
        collected +=
            &ok(common::puzzle(&[&["edge", "--unit", unit], options, unit_options, &[path(file)]].concat(), ""));
    }
    std::fs::write(&results, collected).unwrap();
    let merged = ok(common::puzzle(&["merge", path(&results)], ""));
    assert_eq!(merged.lines().count(), 1, "{merged}");
    (serde_json::from_str(&merged).unwrap(), units.lines().count())
}

fn json(run: Run) -> serde_json::Value {
    serde_json::from_str(&ok(run)).unwrap()
}

#[test]
fn split_units_add_up_to_the_brendan_6x6_count() {
    let scratch = scratch("brendan");
    let dir = scratch.path();
    let file = common::workspace_root().join("fixtures/data/brendan_set2_06x06.puz");
    let (merged, units) = split_and_merge(dir, &file, &["--plain"], &[], 2);
    assert_eq!(units, 21);
    assert_eq!((merged["solutions"].as_u64(), merged["nodes"].as_u64()), (Some(160), Some(44_024_849)));
    assert_eq!(
        (merged["mode"].as_str(), merged["depth"].as_u64(), merged["units"].as_u64()),
        (Some("plain"), Some(2), Some(21))
    );
    let whole = json(common::puzzle(&["edge", "--count", "--json", path(&file)], ""));
    let (merged, _) = split_and_merge(dir, &file, &[], &["--count"], 1);
    assert_eq!(merged["solutions"], whole["solutions"]);
    assert_eq!(merged["solutions"].as_u64(), Some(160));
}

/// `--split DEPTH --count` plans as `--count` does: on Brendan's 6x6 it pins a corner piece, its
/// units (fewer than the whole tree's) add up to the count's solutions and placements exactly,
/// and they are refused with `--all` and at depth 0.
#[test]
fn count_splits_pin_the_counts_corner() {
    let scratch = scratch("count-split");
    let dir = scratch.path();
    let file = common::workspace_root().join("fixtures/data/brendan_set2_06x06.puz");
    let whole = json(common::puzzle(&["edge", "--count", "--json", path(&file)], ""));
    let (listed, listed_units) = split_and_merge(dir, &file, &[], &[], 2);
    let (merged, units) = split_and_merge(dir, &file, &["--count"], &[], 2);
    assert!(merged["corner"].is_u64(), "{merged}");
    assert_eq!(listed["corner"], serde_json::Value::Null);
    assert!(units < listed_units, "{units} units against {listed_units}");
    assert_eq!((&merged["solutions"], &merged["nodes"]), (&whole["solutions"], &whole["nodes"]));
    assert_eq!(listed["solutions"], whole["solutions"]);
    let split = ok(common::puzzle(&["edge", "--split", "2", "--count", path(&file)], ""));
    let unit = split.lines().nth(1).unwrap();
    let refused = common::puzzle(&["edge", "--unit", unit, "--all", path(&file)], "");
    assert!(refused.stderr.contains("can be counted, not listed"), "{}", refused.stderr);
    assert_ne!(refused.code, 0);
    let refused = common::puzzle(&["edge", "--split", "0", "--count", path(&file)], "");
    assert!(refused.stderr.contains("depth 1 or more"), "{}", refused.stderr);
}

/// Merged units list the solutions in the order `puzzle edge --all` gives them (docs/formats.md),
/// whatever order `auto` picks or `--order` gives: Brendan's set 1 3×3 split at depth 2, every
/// unit solved with `--all`, merged, against `--all --json` with the same options; and a unit is
/// refused under another order than its plan's.
#[test]
fn merged_units_list_the_solutions_in_the_order_of_all() {
    let scratch = scratch("merged-all");
    let dir = scratch.path();
    let file = common::workspace_root().join("fixtures/data/brendan_set1_03x03.puz");
    let stream = |options: &[&str]| -> Vec<serde_json::Value> {
        let all = ok(common::puzzle(&[&["edge", "--all", "--json"], options, &[path(&file)]].concat(), ""));
        all.lines().map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap()["placements"].clone()).collect()
    };
    for options in [&[][..], &["--order", "auto"], &["--order", "row"], &["--order", "spiral"], &["--plain"]] {
        let (merged, _) = split_and_merge(dir, &file, options, &["--all"], 2);
        let listed: Vec<serde_json::Value> = merged["all"].as_array().unwrap().clone();
        let expected = stream(options);
        assert_eq!(listed.len() as u64, merged["solutions"].as_u64().unwrap(), "{options:?}");
        assert!(!expected.is_empty(), "{options:?}");
        assert_eq!(listed, expected, "merged --all against --all, {options:?}");
    }
    // The units of one plan are refused under another.
    let units = ok(common::puzzle(&["edge", "--split", "2", "--order", "snake", path(&file)], ""));
    let unit = units.lines().nth(1).unwrap();
    assert!(unit.contains(r#""order":"snake""#) && unit.contains(r#""corner":null"#), "{unit}");
    let run = common::puzzle(&["edge", "--unit", unit, "--order", "row", path(&file)], "");
    assert_eq!(run.code, 1, "{}", run.failure("exit status"));
    assert!(run.stderr.contains("the unit belongs to another plan"), "{}", run.stderr);
    assert!(ok(common::puzzle(&["edge", "--unit", unit, path(&file)], "")).contains(r#""order":"snake""#));
}

/// `edge --unit -` solves the unit lines of standard input one after another: the same result
/// lines, in the same order, as one `--unit LINE` process per line; every line is read before
/// any is solved, so a bad one stops the run with its line named and nothing printed; no line
/// is no work.
#[test]
fn units_from_standard_input_match_one_process_per_unit() {
    let file = common::workspace_root().join("fixtures/data/brendan_set1_03x03.puz");
    let units = ok(common::puzzle(&["edge", "--split", "2", path(&file)], ""));
    let lines: Vec<&str> = units.lines().collect();
    assert!(lines.len() > 3, "{units}");
    // The time varies from run to run, and so does the hash over it.
    let strip = |result: &str| {
        let mut value: serde_json::Value = serde_json::from_str(result).unwrap();
        value.as_object_mut().unwrap().remove("elapsed_ms");
        value.as_object_mut().unwrap().remove("result_hash");
        value
    };
    let one_by_one: Vec<serde_json::Value> = lines
        .iter()
        .map(|unit| strip(&ok(common::puzzle(&["edge", "--all", "--unit", unit, path(&file)], ""))))
        .collect();
    let stdin = format!("{}\n\n", lines.join("\n"));
    let batch = ok(common::puzzle(&["edge", "--all", "--unit", "-", path(&file)], &stdin));
    let batch: Vec<serde_json::Value> = batch.lines().map(strip).collect();
    assert_eq!(batch, one_by_one);

    let bad = format!("{}\n{{\"unit\":\n{}\n", lines[0], lines[1]);
    let run = common::puzzle(&["edge", "--all", "--unit", "-", path(&file)], &bad);
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{}", run.failure("exit status"));
    assert!(run.stderr.starts_with("error: <stdin>:2:"), "{}", run.stderr);

    let run = common::puzzle(&["edge", "--unit", "-", path(&file)], "");
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (0, "", ""));
}

#[test]
fn split_units_add_up_on_generated_boards_with_options() {
    let scratch = scratch("generated");
    let dir = scratch.path();
    // Rows, columns, colours, framed, options, and depths that keep the number of units small
    // (each unit is one run of the binary).
    type Case = (usize, usize, u16, bool, &'static [&'static str], &'static [usize]);
    let cases: &[Case] = &[
        (3, 3, 2, true, &[], &[0, 1, 4, 8]),
        (3, 3, 3, true, &["--plain"], &[0, 2, 5, 8]),
        (2, 3, 5, false, &["--plain"], &[0, 1, 2]),
        (3, 3, 5, false, &[], &[0, 1]),
        (3, 4, 2, false, &["--plain", "--no-rotate"], &[0, 1, 2]),
        (3, 3, 4, true, &["--no-frame", "--plain"], &[0, 1]),
        (1, 4, 3, false, &["--plain"], &[0, 1, 2]),
    ];
    for (seed, &(rows, cols, colours, framed, options, depths)) in cases.iter().enumerate() {
        let file = dir.join(format!("board-{seed}.puz"));
        let turned = !options.contains(&"--no-rotate");
        std::fs::write(&file, generated_puz(rows, cols, colours, framed, turned, seed as u64 + 11)).unwrap();
        let whole = json(common::puzzle(&[&["edge", "--count", "--json"], options, &[path(&file)]].concat(), ""));
        // Units search in the order `--all` takes: merged, they list its solutions in its order.
        let streamed = ok(common::puzzle(&[&["edge", "--all", "--json"], options, &[path(&file)]].concat(), ""));
        let streamed: Vec<serde_json::Value> = streamed
            .lines()
            .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap()["placements"].clone())
            .collect();
        assert!(streamed.len() > 1, "board {seed} has several solutions");
        for &depth in depths {
            let (merged, _) = split_and_merge(dir, &file, options, &[], depth);
            let what = format!("{rows}x{cols} {options:?} depth {depth}");
            assert_eq!(merged["solutions"], whole["solutions"], "{what}");
            // Placements are the plain search's figure; counts of pictures may be reached with
            // fewer placements by a smarter unsplit count.
            if options.contains(&"--plain") {
                assert_eq!(merged["nodes"], whole["nodes"], "{what}");
            }
            let (listed, _) = split_and_merge(dir, &file, options, &["--all"], depth);
            assert_eq!(listed["solutions"], whole["solutions"], "{what}");
            assert_eq!(listed["all"].as_array().unwrap(), &streamed, "{what}: the solutions in search order");
        }
    }
}

#[test]
fn split_units_honour_clues() {
    let scratch = scratch("clues");
    let dir = scratch.path();
    let file = dir.join("board.puz");
    std::fs::write(&file, generated_puz(3, 3, 2, true, true, 3)).unwrap();
    let first = ok(common::puzzle(&["edge", "--all", "--json", path(&file)], ""));
    let first: serde_json::Value = serde_json::from_str(first.lines().next().unwrap()).unwrap();
    // Fix the centre cell (col 1, row 1) as the first solution has it.
    let centre = &first["placements"][4];
    let clue = dir.join("centre.clue");
    std::fs::write(&clue, format!("{} 1 1 {}\n", centre["piece"], centre["rotation"])).unwrap();
    for options in [&["--clue", path(&clue)][..], &["--clue", path(&clue), "--plain"][..]] {
        let whole = json(common::puzzle(&[&["edge", "--count", "--json"], options, &[path(&file)]].concat(), ""));
        for depth in [0, 4, 5, 8] {
            let (merged, _) = split_and_merge(dir, &file, options, &[], depth);
            assert_eq!(merged["solutions"], whole["solutions"], "{options:?} {depth}");
            if options.contains(&"--plain") {
                assert_eq!(merged["nodes"], whole["nodes"], "{options:?} {depth}");
            }
        }
    }
    // A unit of the search with the clue does not fit the search without it.
    let units = ok(common::puzzle(&["edge", "--split", "1", "--clue", path(&clue), path(&file)], ""));
    let run = common::puzzle(&["edge", "--unit", units.lines().nth(1).unwrap(), path(&file)], "");
    assert_eq!(run.code, 1, "{}", run.failure("exit status"));
    assert!(
        run.stderr.starts_with("error: --unit: the unit belongs to another puzzle or other options"),
        "{}",
        run.stderr
    );
}

#[test]
fn units_are_checked_against_the_puzzle_and_options() {
    let puz = common::temp_file("board.puz", generated_puz(3, 3, 2, true, true, 4));
    let file = puz.as_str();
    let units = ok(common::puzzle(&["edge", "--split", "2", "--plain", file], ""));
    let unit = units.lines().nth(1).unwrap();
    let check = |args: &[&str], message: &str| {
        let run = common::puzzle(&[&["edge"], args].concat(), "");
        assert_eq!(run.code, 1, "{}", run.failure("exit status"));
        assert!(run.stdout.is_empty(), "{}", run.failure("no output"));
        assert_eq!(run.stderr.lines().next(), Some(message), "{}", run.failure("message"));
    };
    check(&["--unit", unit, file], "error: --unit: the unit belongs to a plain search: give --plain too");
    // Each line edited below has its "unit_hash" made again by the rule, so that the check named
    // is reached (an edited unit with its old hash is refused as changed, scale_cli/tampered.rs).
    let rehashed = |line: String| common::edge_unit_rehashed(&line);
    let other = rehashed(units.lines().next().unwrap().replace("\"mode\":\"plain\"", "\"mode\":\"pictures\""));
    check(
        &["--plain", "--unit", &other, file],
        "error: --unit: the unit belongs to a search of distinct pictures: leave out --plain",
    );
    let key_of =
        |line: &str| serde_json::from_str::<serde_json::Value>(line).unwrap()["puzzle"].as_str().unwrap().to_owned();
    let key = key_of(unit);
    check(
        &["--plain", "--no-rotate", "--unit", unit, file],
        &format!(
            "error: --unit: the unit belongs to another puzzle or other options (puzzle {key}, here {}): give --unit the \
             same file, --clue, --frame/--no-frame, --no-rotate and --plain as --split",
            key_of(ok(common::puzzle(&["edge", "--split", "2", "--plain", "--no-rotate", file], "")).lines().next().unwrap())
        ),
    );
    check(&["--plain", "--unit", "{\"puzzle\":", file], "error: --unit:1:10: EOF while parsing a value");
    check(&["--plain", "--unit", "{\"puzzle\":\"x\",\"extra\":1}", file], "error: --unit:1:21: unknown field `extra`, expected one of `version`, `puzzle`, `rows`, `cols`, `mode`, `order`, `corner`, `engine`, `depth`, `units`, `unit`, `prefix`, `unit_hash`");
    let prefix_at = unit.find("\"prefix\"").unwrap();
    let hash_at = unit.find(",\"unit_hash\"").unwrap();
    let with_prefix = |prefix: &str| rehashed(format!("{}\"prefix\":{prefix}{}", &unit[..prefix_at], &unit[hash_at..]));
    let tampered = with_prefix("[{\"piece\":99,\"rotation\":3},{\"piece\":0,\"rotation\":0}]");
    check(
        &["--plain", "--unit", &tampered, file],
        "error: --unit: the prefix's placement 0 (piece 99 turned 3) is not one this search makes at that cell: \
         the unit belongs to another puzzle or other options",
    );
    let short = rehashed(unit.replace("\"depth\":2", "\"depth\":3"));
    check(&["--plain", "--unit", &short, file], "error: --unit: the prefix has 2 placements but the depth is 3");
    let no_prefix = with_prefix("null");
    check(&["--plain", "--unit", &no_prefix, file], "error: --unit: only unit 0 has no prefix");
    let miscounted = rehashed(units.lines().next().unwrap().replace("\"units\":", "\"units\":1"));
    let count: usize = units.lines().count();
    check(
        &["--plain", "--unit", &miscounted, file],
        &format!(
            "error: --unit: the unit says the split has 1{count} units, but this puzzle cut at depth 2 has {count}"
        ),
    );
    check(&["--split", "9", file], "error: --split: the split depth must be less than the board's 9 cells, found 9");
    // Every mode serves marks puzzles too; only the frame, a colour of `.puz` puzzles, is refused.
    for flag in [&["--frame"][..], &["--no-frame"]] {
        check(
            &[flag, &["fixtures/edge/example1.txt"]].concat(),
            &format!(
                "error: fixtures/edge/example1.txt: {} works on colour puzzles (the .puz format), not on marks puzzles",
                flag[0]
            ),
        );
    }
    check(&["--split", "2", "--all", file], "error: the argument '--split <DEPTH>' cannot be used with '--all'");
    check(
        &["--split", "2", "--unit", unit, file],
        "error: the argument '--split <DEPTH>' cannot be used with '--unit <LINE>'",
    );

    // merge: a missing unit, a unit twice, units of two splits, units and shards mixed.
    let results: Vec<String> =
        units.lines().map(|unit| ok(common::puzzle(&["edge", "--plain", "--unit", unit, file], ""))).collect();
    let merge = |lines: &[&str], expected: &str| {
        let run = common::puzzle(&["merge", "-"], &lines.concat());
        assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (1, "", expected), "{lines:?}");
    };
    let all: Vec<&str> = results.iter().map(String::as_str).collect();
    merge(&all[1..], &format!("error: puzzle merge: 1 of {count} units have no result, the first is unit 0\n"));
    merge(&[all[0], all[1], all[1]], "error: <stdin>:3:1: unit 1 is also on <stdin>:2\n");
    let deeper = ok(common::puzzle(&["edge", "--split", "3", "--plain", file], ""));
    let deeper = ok(common::puzzle(&["edge", "--plain", "--unit", deeper.lines().next().unwrap(), file], ""));
    merge(&[all[0], &deeper], "error: <stdin>:2:1: this result is of another split than <stdin>:1 (puzzle, size, mode, order, depth or number of units differ)\n");
    merge(
        &[all[0], "{\"index\":0,\"total\":1,\"moves\":0}\n"],
        "error: <stdin>:2:1: a line of `puzzle slide --shard K/N --json` where a result of `puzzle edge --unit` was \
         expected: merge each kind of output on its own\n",
    );
    // A result moved to another unit is bound to its own by its hash.
    let swapped = all[2].replacen("\"unit\":2,", "\"unit\":1,", 1);
    merge(
        &[all[0], &swapped, all[2]],
        "error: <stdin>:2:1: the result's \"result_hash\" does not match its unit and its fields: the line was changed \
         or damaged, or belongs to another unit or job: run its unit again\n",
    );
}

/// `puzzle merge --help` names every kind of output merge takes: the shards of `slide --shard`,
/// the rounds of `slide --split`/`--unit`, the units of `edge --split`/`--unit` and the runs of
/// `edge --best --json`; the short help (`-h`) names them too.
#[test]
fn merge_help_names_every_kind_of_output_it_merges() {
    for flag in ["--help", "-h"] {
        let help = ok(common::puzzle(&["merge", flag], ""));
        for kind in ["slide --shard K/N --json", "slide --unit", "edge --unit", "edge --best --json"] {
            assert!(help.contains(kind), "`puzzle merge {flag}` does not name `{kind}`:\n{help}");
        }
    }
    let help = ok(common::puzzle(&["--help"], ""));
    let merge = help.lines().find(|line| line.trim_start().starts_with("merge")).unwrap_or_default();
    for kind in ["shard", "round", "unit", "best"] {
        assert!(merge.contains(kind), "`puzzle --help` lists merge without {kind}: {merge}");
    }
}
