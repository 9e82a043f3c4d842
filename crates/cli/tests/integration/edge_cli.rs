//! `puzzle edge` end to end: runs the built binary on the example puzzles and bad input, and
//! checks its stdout, stderr and exit status.

use crate::common;

use common::Run;

/// The first example: its first solution turns pieces every which way.
const EXAMPLE_1: &str = include_str!("../../../../fixtures/edge/example1.txt");

/// The second example: nine pieces with four solutions.
const EXAMPLE_2: &str = include_str!("../../../../fixtures/edge/example2.txt");

const FIRST_1: [(usize, usize); 9] = [(0, 2), (1, 1), (7, 3), (2, 3), (6, 2), (5, 0), (4, 1), (8, 0), (3, 3)];
const FIRST_2: [(usize, usize); 9] = [(0, 1), (8, 1), (6, 1), (4, 1), (3, 1), (5, 1), (7, 1), (2, 1), (1, 1)];

/// Nine copies of a piece whose sides are all top halves, which fit nothing.
fn no_solution() -> String {
    "A+ B+ C+ D+\n".repeat(9)
}

/// Runs `puzzle edge ARGS` with `stdin` as standard input.
fn edge(args: &[&str], stdin: &str) -> Run {
    common::puzzle(&[&["edge"], args].concat(), stdin)
}

use common::temp_file;

/// The `placements` of `--json` output as `(piece, rotation)` pairs, after checking the keys.
fn json_placements(stdout: &str, rows: u64, cols: u64) -> Option<Vec<(usize, usize)>> {
    assert_eq!(stdout.lines().count(), 1, "one line: {stdout}");
    assert!(stdout.ends_with('\n'));
    let json: serde_json::Value = serde_json::from_str(stdout).expect("stdout is JSON");
    assert_eq!(json["rows"], rows, "{json}");
    assert_eq!(json["cols"], cols, "{json}");
    assert!(json["nodes"].is_u64(), "{json}");
    let placements = json["placements"].as_array().map(|placements| {
        placements
            .iter()
            .map(|p| (p["piece"].as_u64().unwrap() as usize, p["rotation"].as_u64().unwrap() as usize))
            .collect()
    });
    assert_eq!(json["solved"], placements.is_some(), "{json}");
    placements
}

/// Runs with `args` and `stdin` and expects exit status 0, nothing on stderr and, with
/// `--json`, the `placements` given (`None` for no solution).
fn check(args: &[&str], stdin: &str, (rows, cols): (u64, u64), expected: Option<&[(usize, usize)]>) {
    let mut args = args.to_vec();
    args.push("--json");
    let run = edge(&args, stdin);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{args:?}");
    assert_eq!(json_placements(&run.stdout, rows, cols).as_deref(), expected, "{args:?}");
}

#[test]
fn first_solutions() {
    check(&[], EXAMPLE_1, (3, 3), Some(&FIRST_1));
    check(&["-"], EXAMPLE_2, (3, 3), Some(&FIRST_2));
    let file = temp_file("example-2.txt", EXAMPLE_2);
    check(&[file.as_str()], "", (3, 3), Some(&FIRST_2));
    check(&[], &no_solution(), (3, 3), None);
    check(&["--no-rotate"], EXAMPLE_1, (3, 3), None);
    // Example 2's answer turns every piece once; the whole board turned back uses none turned.
    let unturned = [(7, 0), (4, 0), (0, 0), (2, 0), (3, 0), (8, 0), (1, 0), (5, 0), (6, 0)];
    check(&["--no-rotate"], EXAMPLE_2, (3, 3), Some(&unturned));
    // Every inner edge of this 2x3 board has its own picture; the border shows Z+.
    let two_by_three = "F- C* Z+ D/\nZ+ B* G+ Z+\nZ+ Z+ E+ A/\nG- D* Z+ Z+\nE- Z+ Z+ C/\nZ+ A* F+ B/\n";
    let answer = [(2, 0), (5, 0), (1, 0), (4, 0), (0, 0), (3, 0)];
    check(&["--size", "2x3"], two_by_three, (2, 3), Some(&answer));
    check(&["--size", "1x1"], "A+ B+ C+ D+", (1, 1), Some(&[(0, 0)]));
}

#[test]
fn input_with_bom_crlf_comments_and_blank_lines() {
    let input = format!("\u{feff}# comment\r\n\r\n{}", EXAMPLE_1.replace('\n', "\r\n"));
    check(&[], &input, (3, 3), Some(&FIRST_1));
}

#[test]
fn counts() {
    for (args, stdin, expected) in [
        (&[][..], EXAMPLE_1, "4\n"),
        (&[], EXAMPLE_2, "4\n"),
        (&[], &no_solution(), "0\n"),
        (&["--no-rotate"], EXAMPLE_2, "1\n"),
        (&["--size", "1x1"], "A+ B/ A+ B/", "2\n"),
    ] {
        let mut args = args.to_vec();
        args.push("--count");
        let run = edge(&args, stdin);
        assert_eq!((run.code, run.stdout.as_str(), run.stderr.as_str()), (0, expected, ""), "{args:?}");
    }
    let run = edge(&["--count", "--json"], EXAMPLE_1);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!((&json["rows"], &json["cols"], &json["solutions"]), (&3.into(), &3.into(), &4.into()), "{json}");
    assert_eq!(run.stdout.lines().count(), 1);
}

const ONE_PIECE_NO_SOLUTION_TEXT: &str = "\
pieces (piece,rotation = input index, counter-clockwise quarter turns):
+--- A+ ---+ +--- A+ ---+
|          | |          |
B+  (0,0) D+ B+  (1,0) D+
|          | |          |
+--- C+ ---+ +--- C+ ---+

no solution
";

/// The text output on standard input: example 1's is the text its snapshot pins for the file
/// (`snapshots/integration__snapshots__edge@example1.txt.snap`), one piece with no solution's
/// is here.
#[test]
fn text_output() {
    let example_1_text = edge(&["fixtures/edge/example1.txt"], "").stdout;
    assert!(example_1_text.starts_with("pieces (piece,rotation"), "{example_1_text}");
    for (args, stdin, expected) in [
        (&[][..], EXAMPLE_1, example_1_text.as_str()),
        (&["--size", "1x2"], "A+ B+ C+ D+\nA+ B+ C+ D+\n", ONE_PIECE_NO_SOLUTION_TEXT),
    ] {
        let run = edge(args, stdin);
        assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{args:?}");
        assert_eq!(run.stdout, expected, "\n{}", run.stdout);
        assert!(run.stdout.lines().all(|line| !line.ends_with(' ')), "no trailing spaces");
    }
}

/// Bad input in a file: exit status 1, nothing on stdout, and `error: FILE:LINE:COL: MESSAGE`.
fn check_bad(name: &str, args: &[&str], input: &str, expected: &str) {
    let path = temp_file(name, input);
    let mut all_args = args.to_vec();
    all_args.push(path.as_str());
    let run = edge(&all_args, "");
    // Best effort: a leftover file in the temporary directory harms nothing.
    assert_eq!(run.code, 1, "{name}: {run:?}");
    assert_eq!(run.stdout, "", "{name}");
    assert_eq!(run.stderr, format!("error: {}:{expected}\n", path), "{name}");
}

#[test]
fn bad_input() {
    let halves = "(+ top, - bottom, / left, * right)";
    check_bad("lowercase.txt", &[], "A+ a* C+ D+\n", "1:4: bad mark `a*`: a mark starts with a picture letter A-Z");
    check_bad(
        "no-half.txt",
        &[],
        "A+ B+ C+ D+\n# fine so far\nA+ B+ A C+\n",
        &format!("3:7: bad mark `A`: the letter needs a half after it {halves}"),
    );
    check_bad("bad-half.txt", &[], "A# B+ C+ D+\n", &format!("1:1: bad mark `A#`: `#` is not a half {halves}"));
    check_bad("two-letters.txt", &[], "A+ B+ C+ AB+\n", &format!("1:10: bad mark `AB+`: `B` is not a half {halves}"));
    check_bad("three-marks.txt", &[], "A+ B+ C+\n", "1:9: a piece has four marks (north west south east), found 3");
    check_bad(
        "five-marks.txt",
        &[],
        "A+ B+ C+ D+ A-\n",
        "1:13: a piece has four marks (north west south east), found 5",
    );
    check_bad(
        "empty.txt",
        &[],
        "\n# nothing here\n",
        "1:1: no pieces: expected one line of four marks (north west south east) per piece",
    );
    check_bad(
        "eight.txt",
        &[],
        &"A+ B+ C+ D+\n".repeat(8),
        "8:1: 8 pieces cannot fill a square board; give the board's size with --size RxC",
    );
    check_bad(
        "wrong-size.txt",
        &["--size", "2x3"],
        &"A+ B+ C+ D+\n".repeat(5),
        "5:1: a 2x3 board needs 6 pieces, found 5",
    );
}

#[test]
fn bad_input_on_stdin_is_named_stdin() {
    let run = edge(&[], "A+ B+ C+ D+\nA+ B+ C+ d+\n");
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr, "error: <stdin>:2:10: bad mark `d+`: a mark starts with a picture letter A-Z\n");
}

#[test]
fn bad_arguments() {
    for size in ["0x3", "3", "3x", "axb"] {
        let run = edge(&["--size", size], EXAMPLE_1);
        // The value is refused before any input is read: bad arguments are bad input, status 1.
        assert_eq!(run.code, 1, "{size}: {run:?}");
        assert_eq!(run.stdout, "");
        assert!(run.stderr.contains("--size"), "{size}: {}", run.stderr);
    }
    let scratch = common::scratch();
    let missing = scratch.path().join("no-such-file.txt");
    let run = edge(&[missing.to_str().unwrap()], "");
    assert_eq!((run.code, run.stdout.as_str()), (1, ""));
    assert!(run.stderr.starts_with(&format!("error: {}: cannot read", missing.display())), "{}", run.stderr);
}

/// `--all` on a marks puzzle: every picture as boxes headed `solution K:` (the first one the
/// first solution's boxes), blocks separated by blank lines; stopped early, how many were found.
#[test]
fn all_solutions_of_a_marks_puzzle() {
    let run = edge(&["--all"], EXAMPLE_1);
    assert_eq!(run.code, 0, "{}", run.failure("exit status"));
    let blocks: Vec<&str> = run.stdout.split("\n\n").collect();
    assert_eq!(blocks.len(), 4, "{}", run.failure("four pictures"));
    for (k, block) in blocks.iter().enumerate() {
        assert!(block.starts_with(&format!("solution {}:\n+---", k + 1)), "{}", run.failure("headers"));
    }
    let first = edge(&[], EXAMPLE_1);
    let first_boxes = first.stdout.split("solution:\n").nth(1).unwrap();
    assert_eq!(blocks[0].strip_prefix("solution 1:\n").unwrap(), first_boxes.trim_end_matches('\n'));
    let stopped = edge(&["--all", "--max-nodes", "1"], EXAMPLE_1);
    assert_eq!(stopped.stdout, "gave up after 0 solutions\n", "{}", stopped.failure("gave up"));
}

/// `--all` on a puzzle without solutions says so, as the first solution does (text: `no
/// solution`, a `.sol` comment line for `.puz`; JSON: a line with the count 0): an empty stream
/// would read as nothing done. A puzzle with solutions has no such line.
#[test]
fn all_solutions_of_a_puzzle_without_any() {
    // Two pieces that share no colour cannot touch, however they are turned.
    let puz = "2 1\n1 2 3 4\n5 6 7 8\n";
    for (args, stdin, expected) in [
        (&["--all"][..], no_solution(), "no solution\n"),
        (&["--all", "--json"][..], no_solution(), "{\"solutions\":0,\"status\":\"complete\"}\n"),
        (&["--all"][..], puz.to_owned(), "c no solution\n"),
        (&["--all", "--json"][..], puz.to_owned(), "{\"solutions\":0,\"status\":\"complete\"}\n"),
    ] {
        let run = edge(args, &stdin);
        assert_eq!((run.code, run.stdout.as_str()), (0, expected), "{}", run.failure("no solution said"));
    }
    let run = edge(&["--all", "--json"], EXAMPLE_1);
    assert_eq!(run.stdout.lines().count(), 4, "{}", run.failure("four solutions, no end line"));
    assert!(run.stdout.lines().all(|line| line.contains("\"solution\":")), "{}", run.failure("solutions only"));
}

/// The keys of the JSON object `line`, in the order the line has them.
fn keys_of(line: &str) -> Vec<String> {
    let object: serde_json::Map<String, serde_json::Value> = serde_json::from_str(line).unwrap();
    let mut keys: Vec<(usize, String)> =
        object.keys().map(|key| (line.find(&format!("\"{key}\":")).unwrap(), key.clone())).collect();
    keys.sort();
    keys.into_iter().map(|(_, key)| key).collect()
}

/// The first solution's `--json` line has its keys in the order docs/formats.md gives: the
/// seed's for a marks puzzle, with the count, the time and the order after them for a `.puz` one.
#[test]
fn first_solution_json_keys_are_in_the_documented_order() {
    let marks = edge(&["--json"], EXAMPLE_1);
    assert_eq!(keys_of(marks.stdout.trim()), ["rows", "cols", "solved", "placements", "nodes"]);
    let puz = edge(&["--json"], "2 1\n1 2 3 4\n5 6 7 8\n");
    let expected = ["rows", "cols", "solved", "placements", "solutions", "nodes", "elapsed_ms", "order"];
    // `--order auto`, the default, adds the estimate it chose by.
    assert_eq!(keys_of(puz.stdout.trim()), [&expected[..], &["estimated_nodes"]].concat(), "{}", puz.failure("keys"));
    let row = edge(&["--json", "--order", "row"], "2 1\n1 2 3 4\n5 6 7 8\n");
    assert_eq!(keys_of(row.stdout.trim()), expected, "{}", row.failure("keys"));
    assert!(puz.stdout.starts_with("{\"rows\":1,\"cols\":2,\"solved\":false,\"placements\":null,\"solutions\":0,"));
}

/// A first solution's search stopped by a limit says so in a JSON line whose keys are in
/// alphabetical order, as they have always been: the seed's for a marks puzzle, with the time
/// and the plan for a `.puz` one.
#[test]
fn a_first_solution_stopped_says_so_with_its_keys_in_alphabetical_order() {
    let marks = edge(&["--json", "--max-nodes", "1"], EXAMPLE_1);
    assert_eq!(keys_of(marks.stdout.trim()), ["cols", "nodes", "placements", "rows", "solved", "status"]);
    assert!(marks.stdout.ends_with(",\"placements\":null,\"rows\":3,\"solved\":null,\"status\":\"gave up\"}\n"));
    let puz = common::puzzle(&["edge", "--json", "--max-nodes", "1", "fixtures/data/brendan_set1_03x03.puz"], "");
    let expected =
        ["cols", "elapsed_ms", "estimated_nodes", "nodes", "order", "placements", "rows", "solved", "status"];
    assert_eq!(keys_of(puz.stdout.trim()), expected, "{}", puz.failure("keys"));
}
