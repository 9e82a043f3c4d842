//! `puzzle edge --best` run as a process: the text and JSON streams, the scores against the
//! independent `--verify`, seeds, checkpoints and `--resume`, `--svg` and `puzzle merge`.

use crate::common::{self, TempDir};

const SET1_3X3: &str = "fixtures/data/brendan_set1_03x03.puz";
const SET2_6X6: &str = "fixtures/data/brendan_set2_06x06.puz";
/// Checkpoints written by the text format of earlier versions.
const LEGACY_DATA: &str = "crates/edge-match/tests/data";

fn edge(args: &[&str]) -> common::Run {
    common::puzzle(&[&["edge", "--best"], args].concat(), "")
}

fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

/// The improvements of a JSON stream without their timings: (score, placements).
fn boards(lines: &[serde_json::Value]) -> Vec<(u64, serde_json::Value)> {
    lines
        .iter()
        .filter(|l| l.get("end").is_none())
        .map(|l| (l["edges_matching"].as_u64().unwrap(), l["placements"].clone()))
        .collect()
}

/// The seeded run on the 6x6 board that the checkpoint tests stop and resume (`puzzle edge
/// --best --json --jobs 1 --seed 7 --restart-nodes 30000 --breaks 20,25,30`), stopped after
/// `nodes` placements, with `more` flags.
fn seeded(nodes: &str, more: &[&str]) -> common::Run {
    let flags = ["--json", "--jobs", "1", "--seed", "7", "--restart-nodes", "30000", "--breaks", "20,25,30"];
    let run = edge(&[&flags[..], &["--max-nodes", nodes], more, &[SET2_6X6]].concat());
    assert_eq!(run.code, 0, "{}", run.failure(&format!("the seeded run to {nodes} placements")));
    run
}

#[test]
fn text_stream_ends_solved_and_its_last_board_verifies() {
    let run = edge(&["--jobs", "1", SET1_3X3]);
    assert_eq!(run.code, 0, "{}", run.failure("best"));
    let last = run.stdout.lines().last().unwrap();
    assert!(last.starts_with("c end (solved): best 12/12 joins after "), "{}", run.stdout);
    let scores: Vec<&str> = run.stdout.lines().filter(|l| l.starts_with("c best ")).collect();
    assert!(scores.last().unwrap().starts_with("c best 12/12 joins after "), "{}", run.stdout);
    assert!(scores.last().unwrap().contains(": 9 pieces placed, 0 mismatches"), "{}", run.stdout);
    // No viewer link below 16x16; the last block of .sol lines passes --verify.
    assert!(!run.stdout.contains("e2.bucas.name"));
    let block: Vec<&str> = run.stdout.lines().rev().skip(1).take_while(|l| !l.starts_with('c')).collect();
    assert_eq!(block.len(), 9, "{}", run.stdout);
    let dir = TempDir::new("text");
    let sol = dir.path("best.sol");
    std::fs::write(&sol, block.join("\n") + "\n").unwrap();
    let verified = common::puzzle(&["edge", "--verify", &sol, SET1_3X3], "");
    assert_eq!(verified.stdout, "ok\n", "{}", verified.failure("verify"));
}

#[test]
fn json_lines_carry_the_score_and_the_board() {
    let run = edge(&["--json", "--jobs", "1", "--max-nodes", "20000", SET2_6X6]);
    assert_eq!(run.code, 0, "{}", run.failure("best --json"));
    let lines = json_lines(&run.stdout);
    let (end, improvements) = lines.split_last().unwrap();
    assert!(end["end"].is_string(), "{}", run.stdout);
    assert_eq!(end["edges"], 60);
    let mut last = 0;
    for line in improvements {
        for key in ["edges_matching", "edges", "cells", "elapsed_ms", "placements", "mismatches", "search_placed"] {
            assert!(line.get(key).is_some(), "{key} in {line}");
        }
        assert_eq!(line["edges"], 60);
        assert_eq!(line["cells"], 36);
        let score = line["edges_matching"].as_u64().unwrap();
        assert!(score > last, "improvements improve: {}", run.stdout);
        last = score;
        assert_eq!(score + line["mismatches"].as_u64().unwrap(), 60, "a completed board has every join");
        let placements = line["placements"].as_array().unwrap();
        assert_eq!(placements.len(), 36);
        // Every piece once, as the checker demands.
        let mut pieces: Vec<u64> = placements.iter().map(|p| p["piece"].as_u64().unwrap()).collect();
        pieces.sort_unstable();
        assert_eq!(pieces, (0..36).collect::<Vec<u64>>());
    }
    assert_eq!(end["edges_matching"].as_u64(), Some(last));
}

/// `--order` turns an engine order upside down for `--best`: every such order solves the 3×3 (its
/// last board has every join matching) and finds other placements on the way than the record
/// order; spiral and frame-first, which do not reach every cell after its south and west
/// neighbours, are refused.
#[test]
fn best_takes_the_north_west_orders_upside_down() {
    let record = edge(&["--json", "--jobs", "1", SET1_3X3]);
    assert_eq!(record.code, 0, "{}", record.failure("best"));
    for order in ["auto", "row", "column", "diagonal", "snake"] {
        let run = edge(&["--json", "--jobs", "1", "--order", order, SET1_3X3]);
        assert_eq!(run.code, 0, "{}", run.failure(order));
        let lines = json_lines(&run.stdout);
        let end = lines.last().unwrap();
        assert_eq!((end["end"].as_str(), end["edges_matching"].as_u64()), (Some("solved"), Some(12)), "{order}");
        if order == "auto" {
            assert_eq!(end["nodes"], json_lines(&record.stdout).last().unwrap()["nodes"], "auto is the record order");
        }
    }
    for order in ["spiral", "frame-first"] {
        let run = edge(&["--order", order, SET1_3X3]);
        assert_eq!(run.code, 1, "{}", run.failure(order));
        assert!(run.stderr.contains("south and west neighbours"), "{}", run.stderr);
    }
}

#[test]
fn a_seed_repeats_its_search_and_a_resumed_run_continues_it() {
    let dir = TempDir::new("resume");
    let whole = json_lines(&seeded("120000", &[]).stdout);
    let whole_boards = boards(&whole);
    assert_eq!(whole_boards, boards(&json_lines(&seeded("120000", &[]).stdout)), "same seed, same boards");
    assert!(!whole_boards.is_empty());
    // Every placement is counted at its depth, at most the 36 cells.
    let whole_depths = whole.last().unwrap()["depth_nodes"].as_array().unwrap().clone();
    assert!(whole_depths.len() <= 37 && whole_depths[0] == 0, "{whole_depths:?}");
    assert_eq!(whole_depths.iter().map(|count| count.as_u64().unwrap()).sum::<u64>(), 120000);

    let checkpoint = dir.path("run.checkpoint");
    let first = seeded("45000", &["--checkpoint", &checkpoint]);
    let text = std::fs::read_to_string(&checkpoint).unwrap();
    let saved: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!((saved["format"].as_str(), saved["version"].as_u64()), (Some("puzzle best checkpoint"), Some(6)));
    assert_eq!((saved["seed"].as_u64(), saved["breaks"].as_str()), (Some(7), Some("20,25,30")), "{text}");
    let second =
        common::puzzle(&["edge", "--best", "--json", "--resume", &checkpoint, "--max-nodes", "120000", SET2_6X6], "");
    assert_eq!(second.code, 0, "{}", second.failure("resumed"));
    let mut joined = boards(&json_lines(&first.stdout));
    let resumed = boards(&json_lines(&second.stdout));
    // The resumed run prints the checkpoint's best board first.
    assert_eq!(resumed.first(), joined.last());
    joined.extend(resumed.into_iter().skip(1));
    assert_eq!(joined, whole_boards);
    let end = json_lines(&second.stdout).pop().unwrap();
    assert_eq!(end["nodes"], 120000);
    assert_eq!(end["seed"], 7);
    // The resumed run's counts take up the checkpoint's: they are the whole run's.
    assert_eq!(end["depth_nodes"].as_array(), Some(&whole_depths));

    // A checkpoint of another puzzle, or a damaged one, is bad input naming the file.
    let other = common::puzzle(&["edge", "--best", "--resume", &checkpoint, SET1_3X3], "");
    assert_eq!(other.code, 1, "{}", other.failure("another puzzle"));
    assert!(other.stderr.contains("written for another puzzle"), "{}", other.stderr);
    std::fs::write(&checkpoint, text.replace("\"seed\":7,", "\"seed\":\"seven\",")).unwrap();
    let damaged = common::puzzle(&["edge", "--best", "--resume", &checkpoint, SET2_6X6], "");
    assert_eq!(damaged.code, 1, "{}", damaged.failure("damaged"));
    let column = text.find("\"seed\":7,").unwrap() + "\"seed\":\"seven\"".len();
    let expected =
        format!("error: {checkpoint}: line 1, column {column}: invalid type: string \"seven\", expected u64\n");
    assert_eq!(damaged.stderr, expected);
    // A file cut short (a full disk, a copy interrupted) is refused alike.
    std::fs::write(&checkpoint, &text[..text.len() / 2]).unwrap();
    let cut = common::puzzle(&["edge", "--best", "--resume", &checkpoint, SET2_6X6], "");
    assert_eq!(cut.code, 1, "{}", cut.failure("cut"));
    assert!(cut.stderr.starts_with(&format!("error: {checkpoint}: line 1, column ")), "{}", cut.stderr);
    assert!(cut.stderr.contains("EOF while parsing"), "{}", cut.stderr);
}

/// A checkpoint written before checkpoints were JSON (by `puzzle edge --best --json --jobs 1
/// --seed 7 --restart-nodes 30000 --breaks 20,25,30 --max-nodes 45000 --checkpoint F` on the 6x6
/// board) still resumes: its run goes on exactly as the one that was never stopped, and the
/// checkpoint it writes is JSON that resumes in turn.
#[test]
fn a_checkpoint_of_the_earlier_text_format_resumes() {
    let dir = TempDir::new("legacy");
    let whole_boards = boards(&json_lines(&seeded("120000", &[]).stdout));
    let old = dir.path("old.checkpoint");
    std::fs::copy(common::workspace_root().join(LEGACY_DATA).join("best_v1_seed7.checkpoint"), &old).unwrap();
    assert!(std::fs::read_to_string(&old).unwrap().starts_with("puzzle best checkpoint v1\n"));
    let new = dir.path("new.checkpoint");
    let resume = |from: &str, nodes: &str| {
        let run = common::puzzle(
            &["edge", "--best", "--json", "--resume", from, "--max-nodes", nodes, "--checkpoint", &new, SET2_6X6],
            "",
        );
        assert_eq!(run.code, 0, "{}", run.failure("resumed"));
        run
    };
    let resumed = resume(&old, "100000");
    let resumed_boards = boards(&json_lines(&resumed.stdout));
    // The checkpoint's best board first (the 45,000th placement's), then the whole run's later ones.
    let at = whole_boards.iter().position(|b| Some(b) == resumed_boards.first()).expect("the checkpoint's board");
    assert_eq!(resumed_boards, whole_boards[at..whole_boards.len().min(at + resumed_boards.len())]);
    let end = json_lines(&resumed.stdout).pop().unwrap();
    assert_eq!((end["nodes"].as_u64(), end["seed"].as_u64()), (Some(100000), Some(7)));
    // The checkpoint it wrote is JSON and takes the run to its end.
    let text = std::fs::read_to_string(&new).unwrap();
    assert!(text.starts_with("{\"format\":\"puzzle best checkpoint\",\"version\":6,"), "{text}");
    let last = dir.path("last.checkpoint");
    std::fs::copy(&new, &last).unwrap();
    let again = resume(&last, "120000");
    let mut joined = resumed_boards;
    joined.extend(boards(&json_lines(&again.stdout)).into_iter().skip(1));
    assert_eq!(joined, whole_boards[at..]);
    assert_eq!(json_lines(&again.stdout).pop().unwrap()["nodes"], 120000);

    // One of two threads, the snake order and priority colours (`--jobs 2 --seed 3 --priority 1,2
    // --order snake`), whose threads had finished: its board, its settings, and nothing more.
    let snake = dir.path("snake.checkpoint");
    std::fs::copy(common::workspace_root().join(LEGACY_DATA).join("best_v1_snake_two_threads.checkpoint"), &snake)
        .unwrap();
    let run = common::puzzle(&["edge", "--best", "--resume", &snake, SET2_6X6], "");
    assert_eq!(run.code, 0, "{}", run.failure("two threads"));
    let first = run.stdout.lines().find(|l| l.starts_with("c best ")).unwrap();
    assert!(first.starts_with("c best 54/60 joins after ") && first.ends_with("(the checkpoint's best board)"));
    let end = run.stdout.lines().last().unwrap();
    assert!(end.starts_with("c end (") && end.contains("): best 54/60 joins after 1107 placements"), "{}", run.stdout);
    assert!(end.ends_with("seed 3, 2 threads, breaks 28,28,29,30,31,31,32,32,33,33)"), "{}", run.stdout);
}

#[test]
fn merge_keeps_the_best_board_of_several_runs() {
    let dir = TempDir::new("merge");
    let mut outputs = Vec::new();
    let mut best = 0;
    for seed in ["1", "2", "3"] {
        let run = edge(&["--json", "--jobs", "1", "--seed", seed, "--max-nodes", "20000", SET2_6X6]);
        assert_eq!(run.code, 0, "{}", run.failure("a run"));
        for line in json_lines(&run.stdout) {
            best = best.max(line["edges_matching"].as_u64().unwrap());
        }
        let path = dir.path(&format!("seed{seed}.json"));
        std::fs::write(&path, &run.stdout).unwrap();
        outputs.push(path);
    }
    let args: Vec<&str> = outputs.iter().map(String::as_str).collect();
    let merged = common::puzzle(&[&["merge"], &args[..]].concat(), "");
    assert_eq!(merged.code, 0, "{}", merged.failure("merge"));
    let lines = json_lines(&merged.stdout);
    assert_eq!(lines.len(), 1, "{}", merged.stdout);
    assert_eq!(lines[0]["edges_matching"].as_u64(), Some(best));
    assert_eq!(lines[0]["placements"].as_array().map(Vec::len), Some(36));
    // Boards of different sizes do not merge.
    let small = edge(&["--json", "--jobs", "1", SET1_3X3]);
    let small_path = dir.path("small.json");
    std::fs::write(&small_path, &small.stdout).unwrap();
    let mixed = common::puzzle(&["merge", &outputs[0], &small_path], "");
    assert_eq!(mixed.code, 1, "{}", mixed.failure("mixed sizes"));
    assert!(mixed.stderr.contains("a 3x3 board, but"), "{}", mixed.stderr);
}

#[test]
fn svg_keeps_the_best_board_and_16x16_boards_get_a_viewer_link() {
    let dir = TempDir::new("svg");
    let svg = dir.path("best.svg");
    let run = edge(&["--jobs", "1", "--svg", &svg, SET1_3X3]);
    assert_eq!(run.code, 0, "{}", run.failure("--svg"));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains("best board: 12 of 12 joins matching"), "{picture}");
    // A framed 16x16 board cut from a picture of 4 inner colours.
    let mut text = String::from("16 16\n");
    let colour = |i: usize| 1 + (i * 7 + i / 3) % 4;
    for r in 0..16 {
        for c in 0..16 {
            let north = if r == 0 { 0 } else { colour(r * 16 + c) };
            let south = if r == 15 { 0 } else { colour((r + 1) * 16 + c) };
            let west = if c == 0 { 0 } else { colour(1000 + r * 17 + c) };
            let east = if c == 15 { 0 } else { colour(1000 + r * 17 + c + 1) };
            text.push_str(&format!("{north} {east} {south} {west}\n"));
        }
    }
    let board = dir.path("board16.puz");
    std::fs::write(&board, text).unwrap();
    let run = edge(&["--jobs", "1", "--max-nodes", "3000", &board]);
    assert_eq!(run.code, 0, "{}", run.failure("16x16"));
    assert!(run.stdout.contains("c https://e2.bucas.name/#puzzle=board16&board_w=16&board_h=16&"), "{}", run.stdout);
    assert!(run.stdout.contains("/480 joins"), "{}", run.stdout);
}

#[test]
fn bad_settings_are_bad_input() {
    let run = edge(&["--breaks", "200,x", SET1_3X3]);
    assert_eq!(run.code, 1, "{}", run.failure("--breaks"));
    assert!(run.stderr.contains("expected `none` or depths like 201,206,211, found `x`"), "{}", run.stderr);
    let run = edge(&["--priority", "a", SET1_3X3]);
    assert_eq!(run.code, 1, "{}", run.failure("--priority"));
    let run = common::puzzle(&["edge", "--seed", "3", SET1_3X3], "");
    assert_eq!(run.code, 1, "{}", run.failure("--seed without --best"));
}

/// A framed 10x10 board cut from a picture, then scrambled inside so that it has no perfect
/// board: a search that runs until stopped.
fn hard_board(dir: &TempDir) -> String {
    let mut state = 12345u64;
    let mut next = move |m: u64| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) % m
    };
    let n = 10;
    let horizontal: Vec<u64> = (0..(n + 1) * n).map(|i| if i < n || i >= n * n { 0 } else { 1 + next(6) }).collect();
    let vertical: Vec<u64> =
        (0..n * (n + 1)).map(|i| if i % (n + 1) == 0 || i % (n + 1) == n { 0 } else { 1 + next(6) }).collect();
    let mut text = format!("{n} {n}\n");
    for cell in 0..n * n {
        let (r, c) = (cell / n, cell % n);
        let mut sides = [
            horizontal[r * n + c],
            vertical[r * (n + 1) + c + 1],
            horizontal[(r + 1) * n + c],
            vertical[r * (n + 1) + c],
        ];
        for side in sides.iter_mut() {
            if *side != 0 && next(3) == 0 {
                *side = 1 + next(6);
            }
        }
        text.push_str(&format!("{} {} {} {}\n", sides[0], sides[1], sides[2], sides[3]));
    }
    let path = dir.path("hard10.puz");
    std::fs::write(&path, text).unwrap();
    path
}

/// Ctrl-C and SIGTERM (Slurm's preemption and requeue) end a run alike: the best board, and a
/// checkpoint a rerun resumes.
#[cfg(unix)]
#[test]
fn ctrl_c_sigterm_and_the_time_limit_end_with_the_best_board_and_a_checkpoint() {
    use std::process::Stdio;
    for signal in ["-INT", "-TERM"] {
        let dir = TempDir::new("ctrlc");
        let board = hard_board(&dir);
        let checkpoint = dir.path("ctrlc.checkpoint");
        let (mut command, _cache) = common::command();
        let child = command
            .args(["edge", "--best", "--jobs", "2", "--checkpoint", &checkpoint, &board])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let output = common::signal_after(child, std::time::Duration::from_millis(700), signal);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(130), "{stdout}");
        let end = stdout.lines().last().unwrap();
        assert!(end.starts_with("c end (interrupted): best "), "{stdout}");
        let best = stdout.lines().rfind(|l| l.starts_with("c best ")).unwrap();
        let score = best.strip_prefix("c best ").unwrap().split('/').next().unwrap().to_owned();
        assert!(end.starts_with(&format!("c end (interrupted): best {score}/180 joins")), "{stdout}");
        let text = std::fs::read_to_string(&checkpoint).unwrap();
        let saved: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(saved["jobs"], 2, "{text}");
        assert_eq!(saved["threads"].as_array().map(Vec::len), Some(2), "{text}");

        // Resumed for a little longer: the checkpoint's board first, then better ones only.
        let run = common::puzzle(&["edge", "--best", "--resume", &checkpoint, "--time-limit", "0.5", &board], "");
        assert_eq!(run.code, 0, "{}", run.failure("resume"));
        let first = run.stdout.lines().find(|l| l.starts_with("c best ")).unwrap();
        assert!(first.starts_with(&format!("c best {score}/180 joins after ")), "{}", run.stdout);
        assert!(first.ends_with("(the checkpoint's best board)"), "{}", run.stdout);
        assert!(run.stdout.lines().last().unwrap().starts_with("c end (time limit): best "), "{}", run.stdout);
        assert!(run.stdout.lines().last().unwrap().contains(", 2 threads,"), "{}", run.stdout);
    }
}

/// `--checkpoint` writes through a symbolic link to its file, and refuses what is not a regular
/// file (a device, a FIFO, a directory) before any search, instead of replacing it.
#[cfg(unix)]
#[test]
fn checkpoint_paths_must_be_regular_files() {
    use std::process::Command;
    let dir = TempDir::new("ckpt-paths");
    let board = hard_board(&dir);
    let run = |path: &str| common::puzzle(&["edge", "--best", "--time-limit", "0.2", "--checkpoint", path, &board], "");
    // A link to a file: the file gets the checkpoint, the link stays a link.
    let target = dir.path("target.ckpt");
    std::fs::write(&target, "old").unwrap();
    let link = dir.path("link.ckpt");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let ran = run(&link);
    assert_eq!(ran.code, 0, "{}", ran.failure("through a link"));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(std::fs::read_to_string(&target).unwrap().contains("\"jobs\":"), "the target holds the checkpoint");
    // Not regular files: refused by name, left as they were.
    let fifo = dir.path("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let directory = dir.path("");
    for path in ["/dev/full", fifo.as_str(), directory.as_str()] {
        let refused = run(path);
        assert_eq!(refused.code, 1, "{}", refused.failure(path));
        assert!(refused.stderr.contains("expected a regular file"), "{}", refused.failure(path));
        assert!(refused.stdout.is_empty(), "{}", refused.failure("no search"));
    }
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata("/dev/full").unwrap().file_type().is_char_device(), "/dev/full is left alone");
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo(), "the FIFO is left alone");
    let dangling = dir.path("dangling.ckpt");
    std::os::unix::fs::symlink(dir.path("nowhere"), &dangling).unwrap();
    assert_eq!(run(&dangling).code, 1);
}

/// Writing the checkpoint takes no name of the user's: a file beside it named as the checkpoint
/// with `.tmp` added is left as it was, and no temporary file is left behind.
#[test]
fn the_checkpoint_is_written_without_touching_its_neighbours() {
    let dir = TempDir::new("ckpt-tmp");
    let board = hard_board(&dir);
    let checkpoint = dir.path("run.ckpt");
    let neighbour = dir.path("run.ckpt.tmp");
    std::fs::write(&neighbour, "the user's notes").unwrap();
    let ran = common::puzzle(&["edge", "--best", "--time-limit", "0.2", "--checkpoint", &checkpoint, &board], "");
    assert_eq!(ran.code, 0, "{}", ran.failure("a checkpointed run"));
    assert!(std::fs::read_to_string(&checkpoint).unwrap().starts_with("{\"format\":\"puzzle best checkpoint\","));
    assert_eq!(std::fs::read_to_string(&neighbour).unwrap(), "the user's notes");
    let mut names: Vec<String> = std::fs::read_dir(dir.path(""))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(!names.iter().any(|name| name.starts_with(".puzzle-")), "temporary files left: {names:?}");
}

/// `--restart-schedule luby` restarts after 1, 1, 2, … times `--restart-nodes`, and its
/// checkpoint says so: 120,000 placements by units of 30,000 are restarts of 30,000, 30,000 and
/// 60,000 (a fixed schedule would be in its fourth restart, from 90,000).
#[test]
fn a_luby_schedule_is_run_and_saved() {
    let dir = TempDir::new("luby");
    for (schedule, restart, start) in [("luby", 2, 60000), ("fixed", 3, 90000)] {
        let checkpoint = dir.path(&format!("{schedule}.checkpoint"));
        seeded("120000", &["--restart-schedule", schedule, "--checkpoint", &checkpoint]);
        let text = std::fs::read_to_string(&checkpoint).unwrap();
        let saved: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(saved["restart_schedule"].as_str(), Some(schedule), "{text}");
        let thread = &saved["threads"][0];
        assert_eq!((thread["restart"].as_u64(), thread["restart_start"].as_u64()), (Some(restart), Some(start)));
    }
    let refused = edge(&["--restart-schedule", "luby", "--resume", &dir.path("luby.checkpoint"), SET2_6X6]);
    assert_eq!(refused.code, 1, "{}", refused.failure("--restart-schedule with --resume"));
    assert!(refused.stderr.contains("cannot be used with"), "{}", refused.stderr);
}
