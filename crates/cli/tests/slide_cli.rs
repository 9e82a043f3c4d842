//! `puzzle slide` run as a process: stdout byte for byte, stderr and exit status.

mod common;

/// Runs `puzzle slide ARGS` with `stdin` as standard input; returns (status, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let run = common::puzzle(&[&["slide"], args].concat(), stdin);
    (run.code, run.stdout, run.stderr)
}

fn check(args: &[&str], stdin: &str, expected: (i32, &str, &str)) {
    let (code, stdout, stderr) = run(args, stdin);
    assert_eq!((code, stdout.as_str(), stderr.as_str()), expected, "puzzle slide {args:?} <<< {stdin:?}");
}

#[test]
fn judge_a_answers() {
    check(&[], "1 0 3\n4 2 5\n7 8 6\n", (0, "3\n", ""));
    check(&[], "1 2 3\n4 5 6\n7 8 0\n", (0, "0\n", ""));
    check(&[], "1 2 3\n4 5 6\n8 7 0\n", (0, "-1\n", ""));
    check(&["-"], "8 6 7\n2 5 4\n3 0 1\n", (0, "31\n", ""));
    check(&["--path"], "1 0 3\n4 2 5\n7 8 6\n", (0, "3 DRD\n", ""));
    check(&["--path"], "1 2 3\n4 5 6\n7 8 0\n", (0, "0\n", ""));
    check(&["--path"], "1 2 3\n4 5 6\n8 7 0\n", (0, "-1\n", ""));
}

#[test]
fn judge_b_answers() {
    let input = "3\n1#3\n425\n786\n\n123\n456\n87#\n\n123\n456\n78#\n";
    check(&[], input, (0, "3\nimpossible\n0\n", ""));
    check(&["--path"], input, (0, "3 DRD\nimpossible\n0\n", ""));
    check(&["--format", "judge-b"], "0\n", (0, "", ""));
}

#[test]
fn json_lines() {
    let input = "2\n1#3\n425\n786\n123\n456\n87#\n";
    let expected = concat!(
        r#"{"solvable":true,"moves":3,"path":"DRD","board":"1 _ 3 / 4 2 5 / 7 8 6"}"#,
        "\n",
        r#"{"solvable":false,"moves":null,"path":null,"board":"1 2 3 / 4 5 6 / 8 7 _"}"#,
        "\n"
    );
    check(&["--json"], input, (0, expected, ""));
}

#[test]
fn forced_format_mismatch_is_an_error() {
    check(
        &["--format", "judge-a"],
        "1\n1#3\n425\n786\n",
        (1, "", "error: <stdin>:1:2: expected 3 values in a row, found 1\n"),
    );
    check(
        &["--format", "judge-b"],
        "1 0 3\n4 2 5\n7 8 6\n",
        (1, "", "error: <stdin>:1:3: expected the number of boards T, found `1 0 3`\n"),
    );
}

#[test]
fn bad_input_names_the_place() {
    check(&[], "", (1, "", "error: <stdin>:1:1: empty input: expected a board\n"));
    check(&[], " \n\t\n", (1, "", "error: <stdin>:1:1: empty input: expected a board\n"));
    check(&[], "1 0 3\n4 2 5\n", (1, "", "error: <stdin>:3:1: expected 3 rows, found 2\n"));
    check(&[], "1 0 3\n4 2 5 6\n7 8 6\n", (1, "", "error: <stdin>:2:7: expected 3 values in a row, found 4\n"));
    check(&[], "1 0 3\n4 9 5\n7 8 6\n", (1, "", "error: <stdin>:2:3: tile 9 is out of range 0..8\n"));
    check(&[], "1 0 3\n4 2 5\n7 2 6\n", (1, "", "error: <stdin>:3:3: tile 2 appears twice\n"));
    check(&[], "1 8 3\n4 2 5\n7 6 4\n", (1, "", "error: <stdin>:1:1: the board has no blank\n"));
    check(&[], "1 0 3\n4 2 5\n7 0 6\n", (1, "", "error: <stdin>:3:3: a second blank\n"));
    check(&[], "x\n", (1, "", "error: <stdin>:1:1: expected the number of boards T, found `x`\n"));
}

#[test]
fn a_bad_board_keeps_its_place_in_a_batch() {
    let input = "3\n1#3\n425\n786\n1#3\n4x5\n786\n123\n456\n78#\n";
    let message = "error: <stdin>:6:2: expected a digit 1-8 or `#`, found `x`\n";
    check(&[], input, (1, &format!("3\n{message}0\n"), message));
    let (code, stdout, _) = run(&["--json"], input);
    assert_eq!(code, 1);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[1].starts_with(r#"{"error":"<stdin>:6:2: "#), "{}", lines[1]);
}

#[test]
fn count_disagreeing_with_the_boards() {
    check(
        &[],
        "2\n1#3\n425\n786\n",
        (1, "3\n", "error: <stdin>:5:1: expected 2 boards (T) but the input ends after 1\n"),
    );
    check(
        &[],
        "1\n1#3\n425\n786\n123\n456\n78#\n",
        (1, "3\n", "error: <stdin>:5:1: unexpected input after the last board (T = 1)\n"),
    );
}

#[test]
fn missing_file() {
    let (code, stdout, stderr) = run(&["/nonexistent/board.txt"], "");
    assert_eq!((code, stdout.as_str()), (1, ""));
    assert!(stderr.starts_with("error: /nonexistent/board.txt: cannot read: "), "{stderr}");
}

#[test]
fn invalid_utf8_is_refused() {
    let dir = std::env::temp_dir().join(format!("puzzle-slide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("latin1.txt");
    std::fs::write(&file, b"1 0 3\n4 \xff 5\n7 8 6\n").expect("write");
    let (code, stdout, stderr) = run(&[file.to_str().expect("utf-8 path")], "");
    assert_eq!((code, stdout.as_str()), (1, ""));
    assert_eq!(stderr, format!("error: {}:2:3: invalid UTF-8\n", file.display()));
}
