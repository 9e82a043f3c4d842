//! The bad-input catalogue (`docs/errors.md`), one test per entry: the built `puzzle` binary on
//! each kind of bad input, for every format, with its exact message, position and exit status.

use crate::common;

use std::io::{BufRead, BufReader, Write};

use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

const SET1_3X3: &str = "fixtures/data/brendan_set1_03x03.puz";

/// Runs `puzzle ARGS` with `stdin` and compares (exit status, stdout, stderr) with `expected`.
fn check(args: &[&str], stdin: impl AsRef<[u8]>, expected: (i32, &str, &str)) {
    let run = common::puzzle_bytes(args, stdin.as_ref());
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), expected, "{}", run.failure("unexpected"));
}

/// `error: <stdin>:MESSAGE` on stderr, nothing on stdout, exit status 1.
fn refused(message: &str) -> (i32, &'static str, String) {
    (1, "", format!("error: <stdin>:{message}\n"))
}

/// One test per catalogue entry whose input comes on standard input and is refused as a whole:
/// `name: [args], stdin => "LINE:COL: message";`.
macro_rules! refused {
    ($($name:ident: $args:expr, $stdin:expr => $message:expr;)*) => {$(
        #[test]
        fn $name() {
            let (code, stdout, stderr) = refused($message);
            check(&$args, $stdin, (code, stdout, &stderr));
        }
    )*};
}

/// One test per catalogue entry that is answered: `name: [args], stdin => "stdout";` (exit 0, no
/// stderr).
macro_rules! answered {
    ($($name:ident: $args:expr, $stdin:expr => $stdout:expr;)*) => {$(
        #[test]
        fn $name() {
            check(&$args, $stdin, (0, $stdout, ""));
        }
    )*};
}

/// One test per catalogue entry that the helpers of this file check: `name: helper(arguments…);`,
/// or several calls separated by commas.
macro_rules! cases {
    ($($name:ident: $($helper:ident($($arg:expr),*)),+;)*) => {$(
        #[test]
        fn $name() {
            $($helper($($arg),*);)+
        }
    )*};
}

use common::temp_file;

// Judge A (BOJ 1525). Only three rows of three numbers are detected as judge A; the malformed
// ones below are grids unless `--format judge-a` says otherwise (`detection.rs`).
refused! {
    judge_a_empty_input: ["slide"], "" => "1:1: empty input: expected a board";
    judge_a_only_whitespace: ["slide"], " \n\t\n\n" => "1:1: empty input: expected a board";
    judge_a_too_few_rows: ["slide", "--format", "judge-a"], "1 0 3\n4 2 5\n" => "3:1: expected 3 rows, found 2";
    judge_a_too_many_rows: ["slide", "--format", "judge-a"], "1 0 3\n4 2 5\n7 8 6\n1 2 3\n" => "4:1: expected 3 rows, found 4";
    judge_a_too_many_values: ["slide", "--format", "judge-a"], "1 0 3\n4 2 5 6\n7 8 6\n" => "2:7: expected 3 values in a row, found 4";
    judge_a_too_few_values: ["slide", "--format", "judge-a"], "1 0 3\n4 2\n7 8 6\n" => "2:4: expected 3 values in a row, found 2";
    judge_a_not_a_number: ["slide", "--format", "judge-a"], "1 0 3\n4 x 5\n7 8 6\n" => "2:3: expected a tile number 0-8, found `x`";
    judge_a_out_of_range: ["slide"], "1 0 3\n4 9 5\n7 8 6\n" => "2:3: tile 9 is out of range 0..8";
    judge_a_negative: ["slide", "--format", "judge-a"], "1 0 3\n4 -2 5\n7 8 6\n" => "2:3: expected a tile number 0-8, found `-2`";
    judge_a_duplicate_tile: ["slide"], "1 0 3\n4 2 5\n7 2 6\n" => "3:3: tile 2 appears twice";
    judge_a_no_blank: ["slide"], "1 8 3\n4 2 5\n7 6 4\n" => "1:1: the board has no blank";
    judge_a_two_blanks: ["slide"], "1 0 3\n4 2 5\n7 0 6\n" => "3:3: a second blank";
}

// Judge B (BOJ 11112).
refused! {
    judge_b_empty_input: ["slide", "--format", "judge-b"], "" => "1:1: empty input: expected a board";
    judge_b_only_whitespace: ["slide", "--format", "judge-b"], "\n \r\n\t\n" => "1:1: empty input: expected a board";
    judge_b_count_not_a_number: ["slide"], "two\n1#3\n425\n786\n" => "1:1: expected the number of boards T, found `two`";
    judge_b_negative_count: ["slide"], "-1\n" => "1:1: expected the number of boards T, found `-1`";
}

/// A board refused in its place in a judge-B batch: the line `error: …` on stdout between the
/// answers, the message on stderr, exit status 1.
fn judge_b_in_place(board: &str, message: &str) {
    let input = format!("3\n1#3\n425\n786\n{board}\n123\n456\n78#\n");
    let error = format!("error: <stdin>:{message}\n");
    check(&["slide"], input, (1, &format!("3\n{error}0\n"), &error));
}

cases! {
    judge_b_too_many_cells_in_a_row: judge_b_in_place("1#3\n4256\n786", "6:4: expected 3 cells in a row, found 4");
    judge_b_too_few_cells_in_a_row: judge_b_in_place("1#3\n42\n786", "6:3: expected 3 cells in a row, found 2");
    judge_b_out_of_range: judge_b_in_place("1#3\n429\n786", "6:3: expected a digit 1-8 or `#`, found `9`");
    judge_b_zero_is_not_the_blank: judge_b_in_place("103\n425\n786", "5:2: expected a digit 1-8 or `#`, found `0`");
    judge_b_duplicate_tile: judge_b_in_place("1#3\n425\n781", "7:3: tile 1 appears twice");
    judge_b_no_blank: judge_b_in_place("123\n425\n786", "5:1: the board has no blank");
    judge_b_two_blanks: judge_b_in_place("1#3\n425\n78#", "7:3: a second blank");
}

cases! {
    // The boards there are answered; the count is reported after them.
    judge_b_count_larger_than_the_boards: check(
        &["slide"],
        "2\n1#3\n425\n786\n",
        (1, "3\n", "error: <stdin>:5:1: expected 2 boards (T) but the input ends after 1\n")
    );
    judge_b_count_larger_with_a_short_last_board: check(
        &["slide"],
        "3\n1#3\n425\n786\n123\n",
        (
            1,
            "3\nerror: <stdin>:6:1: expected 3 rows, found 1\n",
            "error: <stdin>:6:1: expected 3 rows, found 1\n\
             error: <stdin>:6:1: expected 3 boards (T) but the input ends after 2\n"
        )
    );
    judge_b_count_smaller_than_the_boards: check(
        &["slide"],
        "1\n1#3\n425\n786\n123\n456\n78#\n",
        (1, "3\n", "error: <stdin>:5:1: unexpected input after the last board (T = 1)\n")
    );
}

#[test]
fn judge_b_bad_board_in_place_in_json() {
    let input = "3\n1#3\n425\n786\n1#3\n4x5\n786\n123\n456\n78#\n";
    let run = common::puzzle(&["slide", "--json"], input);
    assert_eq!(run.code, 1, "{}", run.failure("exit status"));
    let lines: Vec<serde_json::Value> = run.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert_eq!(lines[0]["moves"], 3);
    assert_eq!(lines[1], serde_json::json!({"error": "<stdin>:6:2: expected a digit 1-8 or `#`, found `x`"}));
    assert_eq!(lines[2]["moves"], 0);
    assert_eq!(run.stderr, "error: <stdin>:6:2: expected a digit 1-8 or `#`, found `x`\n");
}

// The grid format.
refused! {
    grid_empty_input: ["slide", "--format", "grid"], "" => "1:1: empty input: expected a board";
    grid_only_whitespace: ["slide", "--format", "grid"], "\n  \n\t\r\n" => "1:1: empty input: expected a board";
}

/// A grid board refused in its place between two good 2×2 boards.
fn grid_in_place(board: &str, message: &str) {
    let input = format!("1 2\n3 0\n\n{board}\n\n0 1\n2 3\n");
    let error = format!("error: <stdin>:{message}\n");
    check(&["slide"], input, (1, &format!("0\n{error}unsolvable\n"), &error));
}

cases! {
    grid_ragged_rows:
        grid_in_place("1 2 3\n4 0\n5 6 7", "5:4: expected 3 values in a row, found 2"),
        grid_in_place("1 2 3\n4 0 5 6", "5:7: expected 3 values in a row, found 4");
    grid_too_small: grid_in_place("1 0 2", "4:1: a board needs at least 2 rows and 2 columns, found 1x3");
    grid_not_a_tile: grid_in_place("1 2 3\n4 0 five", "5:5: expected a tile number 0-5 or `_`, found `five`");
    grid_out_of_range: grid_in_place("1 2 3\n4 0 6", "5:5: tile 6 is out of range 0..5");
    grid_duplicate_tile: grid_in_place("1 2 3\n4 0 3", "5:5: tile 3 appears twice");
    grid_no_blank: grid_in_place("1 2 3\n4 5 3", "4:1: the board has no blank");
    grid_two_blanks: grid_in_place("1 2 3\n_ 0 5", "5:3: a second blank");
}

#[test]
fn grid_bad_board_in_place_in_json() {
    let run = common::puzzle(&["slide", "--json"], "1 2\n3 0\n\n1 2\n3 3\n\n0 1\n2 3\n");
    assert_eq!(run.code, 1, "{}", run.failure("exit status"));
    let lines: Vec<serde_json::Value> = run.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert_eq!(lines[0]["status"], "solved");
    assert_eq!(lines[1], serde_json::json!({"error": "<stdin>:4:1: the board has no blank"}));
    assert_eq!(lines[2]["status"], "unsolvable");
}

// The lines format (one board per line).
refused! {
    lines_empty_input: ["slide", "--size", "2x2"], "" => "1:1: empty input: expected a board";
    lines_only_whitespace: ["slide", "--size", "2x2"], "  \n\t\n" => "1:1: empty input: expected a board";
    lines_only_comments: ["slide", "--size", "2x2"], "# id t0 t1 t2 t3\n" => "1:1: empty input: expected a board";
}

/// A lines board refused in its place between two good 2×2 boards, with its label kept.
fn lines_in_place(line: &str, label: &str, message: &str) {
    let input = format!("a 1 2 3 0\n{line}\nc 0 1 2 3\n");
    let error = format!("error: <stdin>:{message}\n");
    check(&["slide", "--size", "2x2"], input, (1, &format!("a 0\n{label}{error}c unsolvable\n"), &error));
}

cases! {
    lines_too_few_values: lines_in_place("1 2 3", "", "2:6: expected 4 tiles for a 2x2 board, found 3");
    lines_not_a_tile: lines_in_place("b 1 2 x 0", "b ", "2:7: expected a tile number 0-3 or `_`, found `x`");
    lines_out_of_range: lines_in_place("b 1 2 4 0", "b ", "2:7: tile 4 is out of range 0..3");
    lines_duplicate_tile: lines_in_place("b 1 2 2 0", "b ", "2:7: tile 2 appears twice");
    lines_no_blank: lines_in_place("b 1 2 3 1", "b ", "2:3: the board has no blank");
    lines_two_blanks: lines_in_place("b 1 _ 3 0", "b ", "2:9: a second blank");
}

#[test]
fn lines_bad_board_in_place_in_json() {
    let run = common::puzzle(&["slide", "--size", "2x2", "--json"], "a 1 2 3 0\nb 1 2 3 9\nc 0 1 2 3\n");
    assert_eq!(run.code, 1, "{}", run.failure("exit status"));
    let lines: Vec<serde_json::Value> = run.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert_eq!(lines[0]["label"], "a");
    assert_eq!(lines[1], serde_json::json!({"label": "b", "error": "<stdin>:2:9: tile 9 is out of range 0..3"}));
    assert_eq!(lines[2]["label"], "c");
}

// Goal files.
/// Runs `puzzle slide --goal FILE` (FILE holding `contents`) on a 2×2 board and expects the
/// error `FILE:MESSAGE`.
fn goal_refused(name: &str, contents: &str, message: &str) {
    let goal = temp_file(name, contents);
    check(&["slide", "--goal", goal.as_str()], "1 0\n2 3\n", (1, "", &format!("error: {goal}:{message}\n")));
}

cases! {
    goal_empty_file: goal_refused("goal_empty.txt", " \n\n", "1:1: empty input: expected a board");
    goal_two_boards: goal_refused("goal_two.txt", "1 2\n3 0\n\n1 2\n0 3\n", "4:1: expected one goal board, found a second one");
    goal_bad_board:
        goal_refused("goal_bad.txt", "1 2\n3 3\n", "1:1: the board has no blank"),
        goal_refused("goal_ragged.txt", "1 2\n3 0 4\n", "2:5: expected 2 values in a row, found 3");
}

#[test]
fn goal_of_another_shape() {
    // Not a position in the input: the board's number in the batch.
    let goal = temp_file("goal_2x2.txt", "1 2\n3 0\n");
    let message = "error: <stdin>: board 2: the board is 2x3 but the goal is 2x2\n";
    check(&["slide", "--goal", goal.as_str()], "1 0\n3 2\n\n1 2 3\n4 0 5\n", (1, &format!("1\n{message}"), message));
}

// The marks format.
refused! {
    marks_empty_input: ["edge"], "" => "1:1: no pieces: expected one line of four marks (north west south east) per piece";
    marks_only_whitespace: ["edge"], "\n \t\n# a comment\n" => "1:1: no pieces: expected one line of four marks (north west south east) per piece";
    marks_lowercase_letter: ["edge"], "A+ a* C+ D+\n" => "1:4: bad mark `a*`: a mark starts with a picture letter A-Z";
    marks_letter_without_half: ["edge"], "A+ B+ A C+\n" => "1:7: bad mark `A`: the letter needs a half after it (+ top, - bottom, / left, * right)";
    marks_bad_half: ["edge"], "A# B+ C+ D+\n" => "1:1: bad mark `A#`: `#` is not a half (+ top, - bottom, / left, * right)";
    marks_too_long: ["edge"], "A+ B+ C+ A++\n" => "1:10: bad mark `A++`: a mark is one letter and one half, like `A*`";
    marks_three_marks: ["edge"], "A+ B+ C+ D+\nA+ B+ C+\n" => "2:9: a piece has four marks (north west south east), found 3";
    marks_five_marks: ["edge"], "A+ B+ C+ D+ A-\n" => "1:13: a piece has four marks (north west south east), found 5";
    marks_not_square: ["edge"], "A+ B+ C+ D+\nA- B- C- D-\n" => "2:1: 2 pieces cannot fill a square board; give the board's size with --size RxC";
    marks_not_filling_the_size: ["edge", "--size", "2x3"], "A+ B+ C+ D+\n".repeat(5) => "5:1: a 2x3 board needs 6 pieces, found 5";
    marks_more_than_the_size: ["edge", "--size", "1x2"], "A+ B+ C+ D+\n".repeat(3) => "3:1: a 1x2 board needs 2 pieces, found 3";
}

// The numeric `.puz` format.
refused! {
    puz_empty_input: ["edge", "--format", "puz"], "" => "1:1: empty input: expected a header `cols rows` and then one piece per line";
    puz_only_whitespace: ["edge", "--format", "puz"], "\n  \nc comment\n" => "1:1: empty input: expected a header `cols rows` and then one piece per line";
    puz_header_of_one_value: ["edge", "--format", "puz"], "3\n" => "1:2: expected a header `cols rows`, found 1 values";
    puz_header_not_a_number: ["edge"], "3 -1\n" => "1:3: expected a positive number of columns or rows, found `-1`";
    puz_header_too_large: ["edge"], "64 17\n" => "1:1: the header `64 17` (cols rows) asks for 1088 cells, at most 1024 are allowed";
    puz_fewer_pieces_than_the_header: ["edge"], "2 2\n1 2 3 4\n1 2 3 4\n" => "3:8: the header `2 2` (cols rows) asks for 4 pieces, found 2";
    puz_more_pieces_than_the_header: ["edge"], "2 1\n1 2 3 4\n1 2 3 4\n1 2 3 4\n" => "4:1: the header `2 1` (cols rows) asks for 2 pieces, found more";
    puz_three_colours: ["edge"], "1 1\n1 2 3\n" => "2:6: a piece has four colours (north east south west), found 3";
    puz_five_colours: ["edge"], "1 1\n1 2 3 4 5\n" => "2:9: a piece has four colours (north east south west), found 5";
    puz_colour_out_of_range: ["edge"], "1 1\n1 2 3 1024\n" => "2:7: expected a colour 0-1023, found `1024`";
    puz_colour_not_a_number: ["edge"], "1 1\n1 2 x 4\n" => "2:5: expected a colour 0-1023, found `x`";
}

// `.clue` and `.sol` files, checked against the 3×3 puzzle of Brendan Owen's set 1.
/// Runs `puzzle edge OPTION FILE` (FILE holding `contents`) on the 3×3 puzzle and expects the
/// error `FILE:MESSAGE`.
fn clue_refused(option: &str, name: &str, contents: &str, message: &str) {
    let file = temp_file(name, contents);
    check(&["edge", option, file.as_str(), SET1_3X3], "", (1, "", &format!("error: {file}:{message}\n")));
}

cases! {
    clue_missing_piece: clue_refused("--clue", "missing.clue", "0 0 0 0\n9 1 0 0\n", "2:1: tile 9 does not exist: the puzzle has 9 pieces, 0 to 8");
    clue_column_off_the_board: clue_refused("--clue", "column.clue", "0 3 0 0\n", "1:1: column 3 is off the board: columns are 0 to 2");
    clue_row_off_the_board: clue_refused("--clue", "row.clue", "c\n  0 0 7 0\n", "2:3: row 7 is off the board: rows are 0 to 2");
    clue_rotation_outside_0_to_3:
        clue_refused("--clue", "rotation.clue", "0 0 0 4\n", "1:7: expected a rotation 0-3, found `4`"),
        clue_refused("--clue", "negative.clue", "0 0 0 -1\n", "1:7: expected a rotation 0-3, found `-1`");
    clue_two_on_one_cell: clue_refused("--clue", "twice.clue", "0 1 1 0\n\n1 1 1 0\n", "3:1: the cell at column 1, row 1 is already given on line 1");
    clue_one_piece_twice: clue_refused("--clue", "piece.clue", "4 0 0 0\n4 1 0 0\n", "2:1: tile 4 is already placed on line 1");
    clue_wrong_number_of_values:
        clue_refused("--clue", "three.clue", "0 0 0\n", "1:6: a line has four numbers (tile col row rot), found 3"),
        clue_refused("--clue", "five.clue", "0 0 0 0 0\n", "1:9: a line has four numbers (tile col row rot), found 5");
    clue_not_a_number: clue_refused("--clue", "word.clue", "zero 0 0 0\n", "1:1: expected a whole number, found `zero`");
}

#[test]
fn clue_turned_without_rotations() {
    let file = temp_file("turned.clue", "2 0 0 1\n");
    let message = format!("error: {file}:1:1: tile 2 is turned by 1 but the puzzle does not allow rotations\n");
    check(&["edge", "--no-rotate", "--clue", file.as_str(), SET1_3X3], "", (1, "", &message));
}

#[test]
fn sol_leaving_cells_empty() {
    // Not a position: the cells are missing from the file.
    let file = temp_file("partial.sol", "2 0 0 1\n");
    check(
        &["edge", "--verify", file.as_str(), SET1_3X3],
        "",
        (1, "", &format!("error: {file}: the solution leaves cells empty\n")),
    );
}

#[test]
fn sol_on_a_missing_piece() {
    clue_refused(
        "--verify",
        "missing.sol",
        "12 0 0 0\n",
        "1:1: tile 12 does not exist: the puzzle has 9 pieces, 0 to 8",
    );
}

// Line endings and byte-order marks are accepted in every format.
answered! {
    crlf_and_bom_judge_a: ["slide"], "\u{feff}1 0 3\r\n4 2 5\r\n7 8 6\r\n" => "3\n";
    crlf_and_bom_judge_b: ["slide"], "\u{feff}2\r\n1#3\r\n425\r\n786\r\n\r\n123\r\n456\r\n78#\r\n" => "3\n0\n";
    crlf_and_bom_grid: ["slide"], "\u{feff}1 2\r\n3 0\r\n\r\n1 0\r\n3 2\r\n" => "0\n1\n";
    crlf_and_bom_lines: ["slide", "--size", "2x2"], "\u{feff}# id tiles\r\na 1 2 3 0\r\nb 1 0 3 2\r\n" => "a 0\nb 1\n";
    crlf_and_bom_marks: ["edge", "--count"], "\u{feff}A+ B+ C+ D+\r\n" => "4\n";
    crlf_and_bom_puz: ["edge", "--count"], "\u{feff}c a comment\r\n1 1\r\n1 2 3 4\r\n" => "4\n";
}

#[test]
fn crlf_and_bom_goal_and_clue() {
    let goal = temp_file("goal_crlf.txt", "\u{feff}1 0\r\n2 3\r\n");
    check(&["slide", "--goal", goal.as_str()], "1 0\n2 3\n", (0, "0\n", ""));
    let sol = std::fs::read_to_string(common::workspace_root().join("fixtures/data/brendan_set1_03x03.sol")).unwrap();
    let sol = temp_file("crlf.sol", format!("\u{feff}{}", sol.replace('\n', "\r\n")));
    check(&["edge", "--verify", sol.as_str(), SET1_3X3], "", (0, "ok\n", ""));
}

// NUL bytes and invalid UTF-8 are refused cleanly, at their place, whether the format is read
// whole or a line at a time.
refused! {
    nul_byte_judge_a: ["slide"], "1 0 3\n4 2\x005\n7 8 6\n" => "2:4: a NUL byte: expected text, not binary data";
    nul_byte_judge_b: ["slide"], "1\n1#3\n4\x0025\n786\n" => "3:2: a NUL byte: expected text, not binary data";
    nul_byte_grid: ["slide", "--format", "grid"], "\u{feff}\x001 2\n3 0\n" => "1:1: a NUL byte: expected text, not binary data";
    nul_byte_lines: ["slide", "--size", "2x2"], "1 2 3 0\n1 2 3\x00 0\n" => "2:6: a NUL byte: expected text, not binary data";
    nul_byte_marks: ["edge"], "A+ B+ C+ D\x00+\n" => "1:11: a NUL byte: expected text, not binary data";
    nul_byte_puz: ["edge"], "1 1\n1 2 3 \x004\n" => "2:7: a NUL byte: expected text, not binary data";
    invalid_utf8_judge_a: ["slide"], b"1 0 3\n4 \xff 5\n7 8 6\n" => "2:3: invalid UTF-8";
    invalid_utf8_judge_b: ["slide"], b"1\n1#3\n4\xc3\n786\n" => "3:2: invalid UTF-8";
    invalid_utf8_lines: ["slide", "--size", "2x2"], b"\xef\xbb\xbfa\xe9 1 2 3 0\n" => "1:2: invalid UTF-8";
    invalid_utf8_marks: ["edge"], b"A+ B+ \xfe+ D+\n" => "1:7: invalid UTF-8";
    invalid_utf8_puz: ["edge"], b"1 1\r\n1 2 3 4\xff\r\n" => "2:8: invalid UTF-8";
}

#[test]
fn control_characters_are_shown_escaped() {
    let message = "error: <stdin>:3:2: expected a digit 1-8 or `#`, found `\\u{1b}`\n";
    check(&["slide"], "1\n1#3\n4\x1b5\n786\n", (1, message, message));
}

#[test]
fn nul_byte_in_a_clue_file() {
    clue_refused("--clue", "nul.clue", "0 0 0 0\n1 1\x00 0 0\n", "2:4: a NUL byte: expected text, not binary data");
}

/// A 1000×1000 board in the grid format: the goal with its first tiles swapped twice, so it is
/// solvable and far from the goal; `swaps` = 1 makes it unsolvable.
fn huge_board(swaps: usize) -> String {
    let side = 1000u32;
    let mut tiles: Vec<u32> = (1..side * side).chain([0]).collect();
    let n = tiles.len();
    for swap in 0..swaps {
        tiles.swap(swap, n - 2 - swap);
    }
    let mut text = String::with_capacity(8 * tiles.len());
    for row in tiles.chunks(side as usize) {
        let row: Vec<String> = row.iter().map(u32::to_string).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
    }
    text
}

#[test]
fn huge_board_is_refused_without_limits() {
    let message = "error: <stdin>: board 1: a 1000x1000 board is too large to search to the end (more than 255 \
                   cells); give --max-nodes N or --time-limit SECONDS to search it until the limit, or \
                   --fast for a quick answer\n";
    check(&["slide"], huge_board(2), (1, message, message));
}

#[test]
fn huge_board_gives_up_within_the_limits() {
    // Two pairs of tiles swapped across the board: tiles 1 and 999999 are 999 + 998 cells from
    // home each, tiles 2 and 999998 999 + 996 each.
    let manhattan = 2 * (999 + 998) + 2 * (999 + 996);
    // Any valid solution bounds the optimum from above.
    let fast = common::puzzle(&["slide", "--fast"], &huge_board(2));
    assert_eq!(fast.code, 0, "{}", fast.failure("fast"));
    let (moves, note) = fast.stdout.trim_end().split_once(' ').unwrap_or((fast.stdout.trim_end(), ""));
    let moves: u64 = moves.parse().unwrap_or_else(|_| panic!("{}", fast.failure("a number of moves")));
    assert!(note.is_empty() || note.starts_with("(fast, not optimal, lower bound "), "{}", fast.stdout);
    for limit in [&["--max-nodes", "100000"][..], &["--time-limit", "0.2"][..]] {
        let run = common::puzzle(&[&["slide"], limit].concat(), &huge_board(2));
        assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{}", run.failure("gave up"));
        let bound = run
            .stdout
            .strip_prefix("gave up (lower bound ")
            .and_then(|rest| rest.strip_suffix("; --within 1.5 answers sooner, --fast at once)\n"))
            .and_then(|bound| bound.parse::<u64>().ok())
            .unwrap_or_else(|| panic!("{}", run.failure("gave up with a bound")));
        assert!((manhattan..=moves).contains(&bound), "bound {bound}, Manhattan {manhattan}, a solution of {moves}");
    }
}

#[test]
fn huge_unsolvable_board_is_answered_by_parity() {
    check(&["slide"], huge_board(1), (0, "unsolvable\n", ""));
}

/// `n` random 3×3 boards (a fixed linear congruential sequence), solvable or not.
fn boards(n: usize) -> Vec<[u32; 9]> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    (0..n)
        .map(|_| {
            let mut tiles = [0, 1, 2, 3, 4, 5, 6, 7, 8];
            for i in (1..9).rev() {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                tiles.swap(i, (state >> 33) as usize % (i + 1));
            }
            tiles
        })
        .collect()
}

#[test]
fn large_lines_input_is_answered_in_order_with_a_bad_board_in_place() {
    let boards = boards(20_000);
    let mut input = String::new();
    for (i, tiles) in boards.iter().enumerate() {
        let tiles: Vec<String> = tiles.iter().map(u32::to_string).collect();
        if i == 12_345 {
            input.push_str(&format!("{i} 1 1 2 3 4 5 6 7 0\n"));
        } else {
            input.push_str(&format!("{i} {}\n", tiles.join(" ")));
        }
    }
    let run = common::puzzle(&["slide", "--size", "3x3"], &input);
    assert_eq!(run.code, 1, "{}", run.failure("exit status"));
    assert_eq!(run.stderr, "error: <stdin>:12346:9: tile 1 appears twice\n");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), boards.len());
    for (i, line) in lines.iter().enumerate() {
        let (label, answer) = line.split_once(' ').unwrap();
        assert_eq!(label, i.to_string());
        if i == 12_345 {
            assert_eq!(answer, "error: <stdin>:12346:9: tile 1 appears twice");
        } else {
            assert!(answer == "unsolvable" || answer.parse::<u32>().is_ok_and(|moves| moves <= 31), "{line}");
        }
    }
}

#[test]
fn large_judge_b_input_is_answered_in_order() {
    let boards = boards(20_000);
    let mut input = format!("{}\n", boards.len());
    for tiles in &boards {
        let cells: String = tiles.iter().map(|&t| if t == 0 { '#' } else { char::from(b'0' + t as u8) }).collect();
        input.push_str(&format!("{}\n{}\n{}\n\n", &cells[0..3], &cells[3..6], &cells[6..9]));
    }
    let run = common::puzzle(&["slide"], &input);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{}", run.failure("exit status"));
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), boards.len());
    assert!(lines.iter().all(|l| *l == "impossible" || l.parse::<u32>().is_ok_and(|m| m <= 31)));
}

/// Answers of a long lines or judge-B input come out before the input ends: the first chunk of
/// 4096 boards is answered while the writer still holds standard input open.
#[test]
fn batches_are_answered_while_they_are_read() {
    for (args, head, board) in [
        (&["slide", "--size", "3x3"][..], "", "1 2 3 4 5 6 7 0 8\n"),
        (&["slide", "--format", "judge-b"][..], "10000\n", "123\n456\n7#8\n"),
    ] {
        let (mut command, _cache) = common::command();
        let mut child = command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs");
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, receiver) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if sender.send(line.expect("stdout is text")).is_err() {
                    break;
                }
            }
        });
        stdin.write_all(head.as_bytes()).unwrap();
        stdin.write_all(board.repeat(5000).as_bytes()).unwrap();
        stdin.flush().unwrap();
        let first = receiver.recv_timeout(Duration::from_secs(60));
        assert_eq!(first.as_deref(), Ok("1"), "{args:?}: no answer before the input ended");
        drop(stdin);
        let status = child.wait().expect("the binary finishes");
        reader.join().unwrap();
        // Judge B was promised 10000 boards and got 5000: a count error after the answers.
        assert_eq!(status.code(), Some(if head.is_empty() { 0 } else { 1 }), "{args:?}");
        assert_eq!(receiver.iter().count(), 4999, "{args:?}");
    }
}

/// `puzzle merge` of nothing (an empty file, blank lines, empty standard input) is an error: a
/// lost set of outputs must not pass for an empty answer.
#[test]
fn merge_of_nothing_is_an_error() {
    let empty = common::temp_file("empty.jsonl", "");
    let blank = common::temp_file("blank.jsonl", "\n  \n\n");
    for (args, stdin) in
        [(vec!["merge", empty.as_str()], ""), (vec!["merge", blank.as_str()], ""), (vec!["merge", "-"], "")]
    {
        let run = common::puzzle(&args, stdin);
        assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{}", run.failure("refused"));
        assert!(run.stderr.contains("nothing to merge"), "{}", run.failure("the message"));
    }
}

/// A cache directory that cannot be written stops `puzzle pdb build` before any work, naming
/// it (exit status 1); solving with such a cache still works, naming the table it lacks.
#[test]
fn an_unwritable_cache_is_named_before_any_build() {
    let dir = common::scratch();
    // Under a regular file no directory can be made, even by root.
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let cache = file.join("cache");
    let started = std::time::Instant::now();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_puzzle"))
        .args(["pdb", "build", "4x4"])
        .env("PUZZLE_CACHE_DIR", &cache)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&cache.display().to_string()) && stderr.contains("cannot store"), "{stderr}");
    assert!(started.elapsed() < std::time::Duration::from_secs(20), "it built before it checked");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_puzzle"))
        .args(["slide", "--heuristic", "pdb"])
        .env("PUZZLE_CACHE_DIR", &cache)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"5 1 2 3\n0 6 7 4\n9 10 11 8\n13 14 15 12\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!((output.status.code(), String::from_utf8_lossy(&output.stdout).trim()), (Some(0), "7"), "{stderr}");
    assert!(stderr.contains("is not in the cache") && stderr.contains("4x4"), "{stderr}");
}

/// A cache path that is a file, or that has a file on the way to it, is named with what is wrong
/// with it, instead of the system's "file exists" or "not a directory".
#[test]
fn a_cache_path_that_is_a_file_is_named() {
    let dir = common::scratch();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let under = file.join("cache");
    for (cache, wrong) in [
        (&file, format!("{}: the pattern-database cache is a file, not a directory", file.display())),
        (
            &under,
            format!("{}: the pattern-database cache cannot be created: {} is a file", under.display(), file.display()),
        ),
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_puzzle"))
            .args(["pdb", "build", "4x4"])
            .env("PUZZLE_CACHE_DIR", cache)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        assert!(stderr.starts_with(&format!("error: {wrong}")), "{stderr}");
        assert!(!stderr.contains("os error"), "{stderr}");
        // Solving still works, the tables built in memory, the cache named once per table.
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_puzzle"));
        command.env("PUZZLE_CACHE_DIR", cache);
        let args = ["slide", "--heuristic", "pdb"];
        let mut child = common::spawn(&mut command, &args, Stdio::piped(), Stdio::piped(), Stdio::piped());
        child.stdin.take().unwrap().write_all(b"5 1 2 3\n0 6 7 4\n9 10 11 8\n13 14 15 12\n").unwrap();
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!((output.status.code(), String::from_utf8_lossy(&output.stdout).trim()), (Some(0), "7"), "{stderr}");
        assert!(stderr.contains("is a file, not a directory") && !stderr.contains("os error"), "{stderr}");
    }
}

/// `/dev/full`, a device whose every write fails with "no space left on device".
#[cfg(target_os = "linux")]
fn full() -> Stdio {
    Stdio::from(std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full opens"))
}

/// Runs `puzzle ARGS` with `stdin` and the standard output and error given (`/dev/full`, or
/// piped); returns the exit status and what stderr shows when it is piped.
#[cfg(target_os = "linux")]
fn with_outputs(args: &[&str], stdin: &str, stdout: Stdio, stderr: Stdio) -> (i32, String) {
    let (mut command, _cache) = common::command();
    let mut child = common::spawn(&mut command, args, Stdio::piped(), stdout, stderr);
    let mut child_stdin = child.stdin.take().expect("stdin is piped");
    // The binary may exit before reading all of it.
    let _ = child_stdin.write_all(stdin.as_bytes());
    drop(child_stdin);
    let output = child.wait_with_output().expect("the binary finishes");
    (output.status.code().expect("the binary exits normally"), String::from_utf8(output.stderr).unwrap())
}

/// Answers that cannot be written are an output error, not an internal one (exit status 2
/// would ask for a bug report): every mode that prints, help and version included.
#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_is_an_output_error() {
    let board = "1 0 3\n4 2 5\n7 8 6\n";
    let answer =
        "{\"solvable\":true,\"moves\":1,\"path\":\"R\",\"board\":\"1 2 3 / 4 5 6 / 7 _ 8\",\"status\":\"solved\"}";
    let shard_line = &format!("{}\n", common::sharded(0, 1, "0123456789abcdef", answer));
    let expected = "error: <stdout>: cannot write: No space left on device (os error 28)\n";
    for (args, stdin) in [
        (&["slide"][..], board),
        (&["slide", "--json", "--path"][..], board),
        (&["slide", "--size", "3x3"][..], "1 0 3 4 2 5 7 8 6\n"),
        (&["slide", "--fast"][..], board),
        (&["slide", "--split", "2"][..], board),
        (&["edge", "--best", "--jobs", "1", "--max-nodes", "1000", SET1_3X3][..], ""),
        (&["edge", SET1_3X3][..], ""),
        (&["edge", "--count", SET1_3X3][..], ""),
        (&["edge", "--all", "--json", SET1_3X3][..], ""),
        (&["edge", "--split", "1", SET1_3X3][..], ""),
        (&["edge", "--verify", "fixtures/data/brendan_set1_03x03.sol", SET1_3X3][..], ""),
        (&["merge", "-"][..], shard_line),
        (&["pdb", "path"][..], ""),
        (&["--help"][..], ""),
        (&["--version"][..], ""),
        (&["slide", "--help"][..], ""),
        (&["edge", "-h"][..], ""),
    ] {
        assert_eq!(
            with_outputs(args, stdin, full(), Stdio::piped()),
            (1, expected.to_owned()),
            "puzzle {}",
            args.join(" ")
        );
    }
    // Files named on the command line say the same with their name.
    let expected = "error: /dev/full: cannot write: No space left on device (os error 28)\n";
    for (args, stdin) in [
        (&["edge", "--sol", "/dev/full", SET1_3X3][..], ""),
        (&["edge", "--svg", "/dev/full", SET1_3X3][..], ""),
        (&["slide", "--svg", "/dev/full"][..], board),
    ] {
        let run = common::puzzle(args, stdin);
        assert_eq!((run.code, run.stderr.as_str()), (1, expected), "{}", run.failure("unexpected"));
    }
}

/// A message that cannot be written on standard error is dropped, and the exit status still
/// says what happened (`eprintln!` would panic: exit status 101).
#[cfg(target_os = "linux")]
#[test]
fn a_full_stderr_is_not_a_panic() {
    let empty = temp_file("empty.txt", "");
    let board = "1 0 3\n4 2 5\n7 8 6\n";
    for (args, stdin, stdout_full, expected) in [
        (&["slide", empty.as_str()][..], "", false, 1),
        (&["slide", "--no-such-flag"][..], "", false, 1),
        (&["slide", "--size", "3x3"][..], "1 0 3 4 2 5 7 8 6\n1 1 3 4 2 5 7 8 6\n", false, 1),
        (&["slide"][..], board, false, 0),
        (&["slide"][..], board, true, 1),
        (&["slide", "--help"][..], "", true, 1),
        (&["edge", "--verify", "fixtures/data/brendan_set1_03x03.sol", SET1_3X3][..], "", true, 1),
        (&["edge", empty.as_str()][..], "", false, 1),
        (&["merge", "-"][..], "", false, 1),
    ] {
        let stdout = if stdout_full { full() } else { Stdio::piped() };
        let (code, _) = with_outputs(args, stdin, stdout, full());
        assert_eq!(code, expected, "puzzle {} (stdout on /dev/full: {stdout_full})", args.join(" "));
    }
}

/// A reader that goes away (`puzzle … | head -1`) ends the run in silence with exit status 0,
/// for a small answer and for a batch whose answers outgrow the pipe's buffer.
#[test]
fn a_closed_pipe_is_silent_and_successful() {
    let many = "1 2 3 4 5 6 7 0 8\n".repeat(20_000);
    for (args, stdin) in [
        (&["slide"][..], "1 0 3\n4 2 5\n7 8 6\n"),
        (&["slide", "--size", "3x3", "--path"][..], many.as_str()),
        (&["edge", "--all", SET1_3X3][..], ""),
        (&["--help"][..], ""),
    ] {
        let (mut command, _cache) = common::command();
        let mut child = common::spawn(&mut command, args, Stdio::piped(), Stdio::piped(), Stdio::piped());
        // The reader goes away before the binary has its input, so before it answers.
        drop(child.stdout.take());
        let mut child_stdin = child.stdin.take().expect("stdin is piped");
        let _ = child_stdin.write_all(stdin.as_bytes());
        drop(child_stdin);
        let output = child.wait_with_output().expect("the binary finishes");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!((output.status.code(), stderr.as_str()), (Some(0), ""), "puzzle {}", args.join(" "));
    }
}

/// A bad token of a million characters is quoted by its first 40 and `…`, in every format: the
/// message stays one short line.
#[test]
fn a_long_bad_token_is_quoted_by_its_start() {
    let long = |c: &str| c.repeat(1_000_000);
    let quoted = |c: &str| format!("{}…", c.repeat(40));
    let sol = temp_file("long.sol", format!("{} 0 0 0\n", long("7")));
    let cases = [
        (
            vec!["slide", "--format", "judge-b"],
            format!("{}\n", long("9")),
            format!("1:1: expected the number of boards T, found `{}`", quoted("9")),
        ),
        (
            vec!["slide", "--format", "judge-a"],
            format!("1 0 3\n4 {} 5\n7 8 6\n", long("x")),
            format!("2:3: expected a tile number 0-8, found `{}`", quoted("x")),
        ),
        (
            vec!["slide", "--format", "grid"],
            format!("1 2\n3 {}\n", long("x")),
            format!("2:3: expected a tile number 0-3 or `_`, found `{}`", quoted("x")),
        ),
        (
            vec!["edge"],
            format!("A+ {} C+ D+\n", long("A")),
            format!("1:4: bad mark `{}`: `A` is not a half (+ top, - bottom, / left, * right)", quoted("A")),
        ),
        (
            vec!["edge", "--format", "puz"],
            format!("1 1\n1 2 {} 4\n", long("7")),
            format!("2:5: expected a colour 0-1023, found `{}`", quoted("7")),
        ),
    ];
    for (args, stdin, message) in cases {
        let run = common::puzzle_bytes(&args, stdin.as_bytes());
        let expected = format!("error: <stdin>:{message}\n");
        assert_eq!((run.code, run.stderr.as_str()), (1, expected.as_str()), "{}", run.failure("unexpected"));
        // A bad board of a grid batch is also reported in its place.
        assert!(run.stdout.is_empty() || run.stdout == expected, "{}", run.failure("unexpected"));
    }
    let run = common::puzzle(&["edge", "--verify", sol.as_str(), SET1_3X3], "");
    let expected = format!("error: {sol}:1:1: expected a whole number, found `{}`\n", quoted("7"));
    assert_eq!((run.code, run.stderr.as_str()), (1, expected.as_str()), "{}", run.failure("unexpected"));
    // JSON lines: serde's messages quote whole strings; they are cut the same way.
    let unit = format!("{{\"unit\":\"{}\"}}", "9".repeat(1_000));
    let run = common::puzzle(&["edge", "--unit", &unit, SET1_3X3], "");
    let expected = format!("error: --unit:1:1010: invalid type: string \"{}\", expected usize\n", quoted("9"));
    assert_eq!((run.code, run.stderr.as_str()), (1, expected.as_str()), "{}", run.failure("unexpected"));
    let line = format!("{}\n", common::sealed("{}", &format!("{{\"unit\":0,\"prefix\":\"{}\"}}", long("9"))));
    let run = common::puzzle(&["merge", "-"], &line);
    let expected = format!(
        "error: <stdin>:1:1: not a unit result of `puzzle edge --unit`: invalid type: string \"{}\", expected a sequence\n",
        quoted("9")
    );
    assert_eq!((run.code, run.stderr.as_str()), (1, expected.as_str()), "{}", run.failure("unexpected"));
    // Bad values of arguments too, in clap's words and in ours.
    let run = common::puzzle(&["slide", "--size", &format!("{}x4", long("9")[..100_000].to_owned())], "");
    assert_eq!(run.code, 1, "{}", run.failure("exit status"));
    assert!(run.stderr.len() < 400 && run.stderr.contains(&quoted("9")), "{}", run.failure("a short message"));
}

/// Argument values out of their range, and flags that cannot go together, are usage errors that
/// name the range or the conflict (none is dropped silently).
#[test]
fn arguments_out_of_range_or_in_conflict() {
    let run = common::puzzle(&["slide", "--time-limit", "1e9"], "1 0 3\n4 2 5\n7 8 6\n");
    assert_eq!(run.code, 1, "{}", run.failure("exit status"));
    assert!(
        run.stderr.contains("expected a number of seconds from 0 up to (not including) 1e9, not `1e9`"),
        "{}",
        run.failure("the range named")
    );
    // Set 1's 3×3 has colours 0 to 4 (read here from the file, not assumed).
    let text = std::fs::read_to_string(common::workspace_root().join(SET1_3X3)).expect("the fixture");
    let largest = text
        .lines()
        .skip(1)
        .flat_map(|line| line.split_whitespace().map(|c| c.parse::<u16>().expect("a colour")))
        .max()
        .expect("pieces");
    for priority in [largest + 1, 9999] {
        let run = common::puzzle(&["edge", "--best", "--priority", &priority.to_string(), SET1_3X3], "");
        let expected =
            format!("error: --priority: colour {priority} is not in this puzzle, whose colours are 0-{largest}\n");
        assert_eq!(
            (run.code, run.stdout.as_str(), run.stderr.as_str()),
            (1, "", expected.as_str()),
            "{}",
            run.failure("refused")
        );
    }
    let run =
        common::puzzle(&["edge", "--best", "--priority", &largest.to_string(), "--time-limit", "0.1", SET1_3X3], "");
    assert_eq!(run.code, 0, "{}", run.failure("a colour of the puzzle is accepted"));
    let run = common::puzzle(&["edge", "--distinct", "--plain", SET1_3X3], "");
    assert_eq!(run.code, 1, "{}", run.failure("exit status"));
    assert!(
        run.stderr.starts_with("error: the argument '--distinct' cannot be used with '--plain'"),
        "{}",
        run.failure("the conflict named")
    );
}

/// `--best`'s settings that would be ignored or mean nothing are refused, naming the flag: no
/// placements per restart, a break past the board's last cell (set 1's 3×3 has 9 cells, depths
/// 0 to 8), and `--plain`, which `--best` has no use for.
#[test]
fn best_settings_that_mean_nothing_are_refused() {
    let cases: [(&[&str], &str); 4] = [
        (&["--restart-nodes", "0"], "error: invalid value '0' for '--restart-nodes <N>'"),
        (
            &["--breaks", "99999999999"],
            "error: --breaks: depth 99999999999 is past the board's last cell (depths 0 to 8)\n",
        ),
        (&["--breaks", "3,9"], "error: --breaks: depth 9 is past the board's last cell (depths 0 to 8)\n"),
        (&["--plain"], "error: the argument '--best' cannot be used with '--plain'"),
    ];
    for (flags, expected) in cases {
        let run = common::puzzle(&[&["edge", "--best", "--time-limit", "0.1"], flags, &[SET1_3X3]].concat(), "");
        assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{}", run.failure("refused"));
        assert!(run.stderr.starts_with(expected), "{}", run.failure(expected));
    }
    // The last cell's depth and one placement per restart are settings like any other.
    let run = common::puzzle(
        &["edge", "--best", "--time-limit", "0.1", "--breaks", "8", "--restart-nodes", "1", SET1_3X3],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.failure("accepted"));
}

/// `-` names standard output for no output file (`--sol`, `--svg`, `--html`): standard output
/// carries the answers, and a file named `-` is not what a user means. Refused before any work,
/// naming the flag, and no file `-` is made.
#[test]
fn a_dash_is_not_an_output_file() {
    let board = "1 0 3\n4 2 5\n7 8 6\n";
    let puz = common::workspace_root().join(SET1_3X3);
    let puz = puz.to_str().expect("a UTF-8 path");
    for (args, stdin, flag) in [
        (&["edge", "--sol", "-", puz][..], "", "--sol <FILE>"),
        (&["edge", "--svg", "-", puz][..], "", "--svg <FILE>"),
        (&["edge", "--html", "-", puz][..], "", "--html <FILE>"),
        (&["edge", "--best", "--checkpoint", "-", puz][..], "", "--checkpoint <FILE>"),
        (&["slide", "--svg", "-"][..], board, "--svg <FILE>"),
        (&["slide", "--html", "-"][..], board, "--html <FILE>"),
    ] {
        let dir = common::scratch();
        let (mut command, _cache) = common::command();
        let mut child = command
            .args(args)
            .current_dir(dir.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let _ = child.stdin.take().expect("stdin is piped").write_all(stdin.as_bytes());
        let output = child.wait_with_output().expect("the binary finishes");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let expected = format!(
            "error: invalid value '-' for '{flag}': standard output carries the answers: name a file (`./-` for a \
             file named -)"
        );
        assert_eq!(output.status.code(), Some(1), "puzzle {}: {stderr}", args.join(" "));
        assert!(output.stdout.is_empty(), "puzzle {}: nothing answered", args.join(" "));
        assert!(stderr.starts_with(&expected), "puzzle {}: {stderr}", args.join(" "));
        assert!(!dir.path().join("-").exists(), "puzzle {}: a file named - was made", args.join(" "));
    }
}

/// `--size` that the input's format fixes otherwise is refused, naming the size given and the
/// one the format or the puzzle has: the judge formats are 3x3, a `.puz` file gives its own.
#[test]
fn a_size_the_input_contradicts_is_refused() {
    let judge_b = "1\n1#3\n425\n786\n";
    for (format, stdin) in [("judge-b", judge_b), ("judge-a", "1 0 3\n4 2 5\n7 8 6\n")] {
        let run = common::puzzle(&["slide", "--format", format, "--size", "4x4"], stdin);
        let expected = format!("error: --size 4x4: --format {format} boards are 3x3\n");
        assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (1, "", expected.as_str()), "{run:?}");
        // Their own size is no contradiction.
        let run = common::puzzle(&["slide", "--format", format, "--size", "3x3"], stdin);
        assert_eq!((run.code, run.stdout.as_str()), (0, "3\n"), "{}", run.failure("3x3 accepted"));
    }
    // A grid gives each board its own size.
    let run = common::puzzle(&["slide", "--format", "grid", "--size", "4x4"], "1 0 3\n4 2 5\n7 8 6\n");
    let expected =
        "error: --size 4x4: --format grid boards give their own size (a row of tiles per line); --size is for \
                    --format lines\n";
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (1, "", expected), "{run:?}");
    let run = common::puzzle(&["edge", "--size", "2x2", SET1_3X3], "");
    let expected = format!("error: --size 2x2: the puzzle in {SET1_3X3} is 3x3 (a .puz file gives its own size)\n");
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (1, "", expected.as_str()), "{run:?}");
    let run = common::puzzle(&["edge", "--size", "3x3", SET1_3X3], "");
    assert_eq!(run.code, 0, "{}", run.failure("its own size accepted"));
}

/// A marks solution that fails the check names what the neighbour shows and the complementary
/// mark it needs.
#[test]
fn a_marks_mismatch_names_the_mark_needed() {
    // Piece 0 shows B* to the east (sides north, west, south, east); piece 1 shows D+ to the west.
    let puzzle = temp_file("two.txt", "A+ D+ C+ B*\nA+ D+ C+ C*\n");
    let sol = temp_file("two.sol", "0 0 0 0\n1 1 0 0\n");
    let run = common::puzzle(&["edge", "--size", "1x2", "--verify", sol.as_str(), puzzle.as_str()], "");
    let expected = format!(
        "error: {sol}: cell (row 0, col 0) shows B* on its east side, but its neighbour there shows D+ where it needs B/\n"
    );
    assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (1, "", expected.as_str()), "{run:?}");
}
