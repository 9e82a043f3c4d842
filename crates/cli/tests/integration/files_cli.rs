//! The files a run reads and writes: an output naming an input or another output is refused
//! before any work (and the input is left as it was), state files (`--found-file`,
//! `--checkpoint`, `--resume`) must be regular files read with a bound, and the small usage
//! errors around them and the flags near them.

use crate::common::{self, puzzle, TempDir};

const SET1_3X3: &str = "fixtures/data/brendan_set1_03x03.puz";
const BOARD: &str = "1 2 3\n4 5 6\n7 0 8\n";

/// Asserts that `run` is a usage error (exit 1) with nothing on stdout and `stderr` starting with
/// `start` and holding `part`.
fn refused(run: &common::Run, start: &str, part: &str) {
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{}", run.failure("refused before any work"));
    assert!(run.stderr.starts_with(start) && run.stderr.contains(part), "{}", run.failure(start));
}

#[test]
fn an_output_named_like_an_input_is_refused_and_the_input_kept() {
    let dir = TempDir::new("outputs");
    let board = dir.path("s.txt");
    std::fs::write(&board, BOARD).unwrap();
    let run = puzzle(&["slide", "--svg", &board, &board], "");
    refused(&run, &format!("error: --svg {board}: the same file as FILE {board}"), "would replace an input");
    assert_eq!(std::fs::read_to_string(&board).unwrap(), BOARD, "the board is kept");
    // The same file by another name: `dir/../dir/s.txt`, and a link to it.
    let other_name = format!("{}/../{}/s.txt", dir.path(""), dir.0.path().file_name().unwrap().to_str().unwrap());
    let run = puzzle(&["slide", "--html", &other_name, &board], "");
    refused(&run, "error: --html ", "the same file as FILE");
    #[cfg(unix)]
    {
        let link = dir.path("link.txt");
        std::os::unix::fs::symlink(&board, &link).unwrap();
        let run = puzzle(&["slide", "--svg", &board, &link], "");
        refused(&run, "error: --svg ", "the same file as FILE");
    }
    // A goal file is an input too.
    let run = puzzle(&["slide", "--goal", &board, "--svg", &board], BOARD);
    refused(&run, "error: --svg ", &format!("the same file as --goal {board}"));
    assert_eq!(std::fs::read_to_string(&board).unwrap(), BOARD, "the board is kept");
    // Edge: the solution over the puzzle, a checkpoint over the puzzle.
    let puz = dir.path("p.puz");
    let text = std::fs::read_to_string(common::workspace_root().join(SET1_3X3)).unwrap();
    std::fs::write(&puz, &text).unwrap();
    let run = puzzle(&["edge", "--sol", &puz, &puz], "");
    refused(&run, &format!("error: --sol {puz}: the same file as FILE {puz}"), "would replace an input");
    let run = puzzle(&["edge", "--best", "--time-limit", "1", "--checkpoint", &puz, &puz], "");
    refused(&run, &format!("error: --checkpoint {puz}: the same file as FILE {puz}"), "");
    let clue = dir.path("c.clue");
    std::fs::write(&clue, "").unwrap();
    let run = puzzle(&["edge", "--clue", &clue, "--svg", &clue, &puz], "");
    refused(&run, "error: --svg ", &format!("the same file as --clue {clue}"));
    assert_eq!(std::fs::read_to_string(&puz).unwrap(), text, "the puzzle is kept");
}

#[test]
fn two_outputs_of_one_file_are_refused_and_neither_is_written() {
    let dir = TempDir::new("outputs");
    let page = dir.path("F");
    let run = puzzle(&["edge", "--html", &page, "--svg", &page, SET1_3X3], "");
    refused(&run, &format!("error: --html {page}: the same file as --svg {page}"), "another output");
    let dot = format!("{}/./F", dir.path(""));
    let run = puzzle(&["slide", "--svg", &page, "--html", &dot], BOARD);
    refused(&run, "error: --html ", "another output");
    assert!(!std::path::Path::new(&page).exists(), "nothing was written");
    // The state a run resumes is the state it goes on writing.
    let state = dir.path("state.json");
    let first = puzzle(&["edge", "--best", "--time-limit", "1", "--checkpoint", &state, SET1_3X3], "");
    assert_eq!(first.code, 0, "{}", first.failure("a checkpoint is written"));
    let again =
        puzzle(&["edge", "--best", "--time-limit", "1", "--resume", &state, "--checkpoint", &state, SET1_3X3], "");
    assert_eq!(again.code, 0, "{}", again.failure("resumed and written again"));
    // Standard input is no file, and /dev/null may take two outputs.
    let run = puzzle(&["slide", "-", "--svg", "/dev/null", "--html", "/dev/null"], BOARD);
    assert_eq!(run.code, 0, "{}", run.failure("answered"));
}

#[cfg(unix)]
#[test]
fn state_files_must_be_regular_files() {
    let dir = TempDir::new("state");
    for device in ["/dev/zero", "/dev/full"] {
        // No unit on stdin: refused for the file alone, before any unit would read it.
        let run = puzzle(&["slide", "--unit", "-", "--found-file", device], "");
        refused(&run, &format!("error: --found-file {device}: expected a regular file"), "not a device");
    }
    let fifo = dir.path("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let run = puzzle(&["slide", "--unit", "-", "--found-file", &fifo], "");
    refused(&run, &format!("error: --found-file {fifo}: expected a regular file"), "not a FIFO");
    let run = puzzle(&["slide", "--unit", "-", "--found-file", &dir.path("")], "");
    refused(&run, "error: --found-file ", "not a directory");
    let run = puzzle(&["edge", "--best", "--resume", "/dev/null", SET1_3X3], "");
    refused(&run, "error: --resume /dev/null: expected a regular file", "not a device");
    let run = puzzle(&["edge", "--best", "--resume", &fifo, SET1_3X3], "");
    refused(&run, &format!("error: --resume {fifo}: expected a regular file"), "not a FIFO");
    let run = puzzle(&["edge", "--best", "--checkpoint", &fifo, SET1_3X3], "");
    refused(&run, &format!("error: --checkpoint {fifo}: expected a regular file"), "not a FIFO");
    // A checkpoint past the size any run writes is refused unread (a sparse file: no disk).
    let big = dir.path("big.json");
    std::fs::File::create(&big).unwrap().set_len((1 << 24) + 1).unwrap();
    let run = puzzle(&["edge", "--best", "--resume", &big, SET1_3X3], "");
    refused(&run, &format!("error: {big}: the input is larger than 16777216 bytes"), "");
}

#[test]
fn a_found_file_is_no_input() {
    let board = common::temp_file("b.txt", BOARD);
    let run = puzzle(&["slide", "--unit", "-", "--found-file", board.as_str(), board.as_str()], "");
    refused(&run, &format!("error: --found-file {board}: the same file as FILE {board}"), "");
    assert_eq!(std::fs::read_to_string(board.path()).unwrap(), BOARD);
}

#[cfg(target_os = "linux")]
#[test]
fn a_checkpoint_that_cannot_be_written_is_refused_at_the_start() {
    // No one makes files in /proc, root included: refused before the search prints anything.
    let run =
        puzzle(&["edge", "--best", "--time-limit", "1", "--checkpoint", "/proc/puzzle-checkpoint.json", SET1_3X3], "");
    refused(&run, "error: --checkpoint /proc/puzzle-checkpoint.json: cannot write in the directory /proc", "");
}

#[test]
fn empty_and_zero_values_are_usage_errors() {
    for (args, part) in [
        (vec!["slide", "--html", "", "-"], "'--html <FILE>': expected a file name, found an empty one"),
        (vec!["slide", "--svg", "", "-"], "'--svg <FILE>': expected a file name, found an empty one"),
        (vec!["slide", "--unit", "-", "--found-file", ""], "'--found-file <FILE>': expected a file name"),
        (vec!["edge", "--sol", "", SET1_3X3], "'--sol <FILE>': expected a file name, found an empty one"),
        (vec!["edge", "--best", "--checkpoint", "c", "--checkpoint-every", "0", SET1_3X3], "at least 1 second"),
        (vec!["edge", "--best", "--breaks", "", SET1_3X3], "error: --breaks: no depths"),
        (vec!["edge", "--best", "--breaks", " ", SET1_3X3], "error: --breaks: no depths"),
    ] {
        let run = puzzle(&args, BOARD);
        assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{}", run.failure("a usage error"));
        assert!(run.stderr.contains(part), "{}", run.failure(part));
    }
    let run = puzzle(&["slide", "--help"], "");
    assert!(run.stdout.contains("W from 1 to 100"), "the range of --within is in the help");
    let run = puzzle(&["slide", "--within", "101", "-"], BOARD);
    assert!(run.code == 1 && run.stderr.contains("at most 100"), "{}", run.failure("refused"));
}

#[test]
fn the_lines_format_without_a_size_is_a_usage_error() {
    let run = puzzle(&["slide", "--format", "lines"], "1 2 3 0\n");
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (1, "", "error: --format lines: the lines format needs the board size: give --size RxC (for example 4x4)\n"),
        "{}",
        run.failure("exit 1, not an internal error")
    );
}

#[test]
fn a_line_of_another_size_is_named_not_read_with_a_label() {
    let run = puzzle(&["slide", "--size", "3x3"], "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n");
    let message = "<stdin>:1:1: the line is a whole board of 16 tiles, not a label and the 9 tiles of a 3x3 board: \
                   is the size right?";
    assert_eq!(run.code, 1, "{}", run.failure("refused"));
    assert!(!run.stdout.starts_with("1 2 3 4 5 6 7"), "{}", run.failure("no label of seven tiles"));
    assert!(run.stderr.contains(message), "{}", run.failure(message));
    // Korf's lines keep their two numbers as a label.
    let run = puzzle(&["slide", "--size", "2x2"], "7 9 1 2 0 3\n");
    assert_eq!((run.code, run.stdout.as_str()), (0, "7 9 1\n"), "{}", run.failure("answered"));
}

#[test]
fn a_column_of_tiles_is_a_grid_not_judge_b() {
    // One tile per line: a grid of one column, which no sliding board has (at least 2x2).
    let run = puzzle(&["slide"], "1\n2\n0\n");
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (1, "error: <stdin>:1:1: a board needs at least 2 rows and 2 columns, found 3x1\n"),
        "{}",
        run.failure("named as a grid")
    );
    // A count and judge-B rows stay judge B.
    let run = puzzle(&["slide"], "1\n123\n456\n7#8\n");
    assert_eq!((run.code, run.stdout.as_str()), (0, "1\n"), "{}", run.failure("judge B"));
}

#[test]
fn fast_on_3x3_is_called_optimal_when_it_is() {
    // One of the two 3x3 boards 31 moves from the goal, the puzzle's published diameter.
    let run = puzzle(&["slide", "--fast", "--json"], "8 6 7\n2 5 4\n3 0 1\n");
    assert_eq!(run.code, 0, "{}", run.failure("answered"));
    let answer: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(answer["lower_bound"], 31, "{answer}");
    assert_eq!(answer["optimal"], answer["moves"] == 31, "{answer}");
}

#[test]
fn a_bad_unit_line_is_refused_before_any_unit_is_answered() {
    let units = puzzle(&["slide", "--split", "2", "--heuristic", "manhattan"], "8 6 7\n2 5 4\n3 0 1\n");
    assert_eq!(units.code, 0, "{}", units.failure("split"));
    let mut lines: Vec<String> = units.stdout.lines().map(str::to_owned).collect();
    assert!(lines.len() >= 4, "{}", units.stdout);
    // The last line's prefix made a move that leaves the board, its hash made again by the rule.
    let last = lines.len() - 1;
    let mut unit: serde_json::Value = serde_json::from_str(&lines[last]).unwrap();
    unit["prefix"] = "DD".into();
    unit["unit_hash"] = common::slide_unit_hash(&unit).into();
    lines[last] = unit.to_string();
    let run = puzzle(&["slide", "--unit", "-", "--jobs", "1"], &(lines.join("\n") + "\n"));
    refused(&run, &format!("error: <stdin>:{}: the prefix is not 2 moves", last + 1), "never undo the move before");
}

#[test]
fn merge_counts_every_unit_of_the_round() {
    let units = puzzle(&["slide", "--split", "2", "--heuristic", "manhattan"], "1 2 3\n0 5 6\n4 7 8\n");
    let results = puzzle(&["slide", "--unit", "-", "--jobs", "1"], &units.stdout);
    let lines: Vec<&str> = results.stdout.lines().collect();
    let found = lines.iter().position(|line| line.contains("\"status\":\"found\"")).expect("a unit finds the path");
    assert!(found + 1 < lines.len(), "units after the finder, for the count to differ");
    // Unit 0's result missing.
    let file = common::temp_file("round.jsonl", lines[1..].join("\n") + "\n");
    let run = puzzle(&["merge", file.as_str()], "");
    let message = format!(
        "error: puzzle merge: 1 of the {} units of round 1 have no result among the {} up to unit {found} (which \
         reached the goal), the first is unit 0: run them (again)\n",
        lines.len(),
        found + 1
    );
    assert_eq!((run.code, run.stderr.as_str()), (1, message.as_str()), "{}", run.failure("counted"));
}
