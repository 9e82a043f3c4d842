//! Fuzzing every parser and the command line: random bytes, random text over each format's
//! alphabet, and fixtures mutated by small edits go into each parser (in process) and into the
//! built `puzzle` binary. Nothing may panic, and every error must be well formed: a non-empty
//! one-line message, lowercase, without a trailing period, at a position inside the input; the
//! binary exits with 0 or 1 and its every stderr line starts with `error: `, also when its
//! standard output or its standard error is `/dev/full` (a write that fails is no panic).
//!
//! Command lines also name their output and state files at random among the input itself,
//! devices, FIFOs and directories (`fuzz_cli_files`): no input is ever replaced, nothing hangs.
//!
//! `PUZZLE_FUZZ_CASES` sets the inputs per parser (default 1000, a few seconds in debug builds);
//! the binary gets a hundredth of them (at least 32 per command line). `cargo xtask fuzz --cases N`
//! runs them in release and prints how many inputs each parser survived.

use crate::common;

use std::io::Write;
use std::process::Stdio;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use puzzle_core::text::Pos;

/// Fixtures the mutations start from, bundled so that the test needs no file at run time.
const SLIDE_FIXTURES: &[&str] = &[
    include_str!("../../../../fixtures/slide/judge_a_sample1.txt"),
    include_str!("../../../../fixtures/slide/judge_a_tabs.txt"),
    include_str!("../../../../fixtures/slide/judge_a_no_final_newline.txt"),
    include_str!("../../../../fixtures/slide/judge_b_mixed.txt"),
    include_str!("../../../../fixtures/slide/judge_b_blank_lines.txt"),
    include_str!("../../../../fixtures/slide/judge_b_extremes.txt"),
    "1 2 3\n4 _ 5\n\n 5  1  2  3\n 4  6 10  7\n 8  9 0  11\n12 13 14 15\n",
    "\u{feff}1 2\r\n3 #\r\n\r\n0 1\r\n2 3\r\n",
];

const LINES_FIXTURES: &[&str] = &[
    "# id optimal t0 t1 t2 t3 t4 t5 t6 t7 t8\n1 2 1 2 3 4 5 6 7 0 8\n2 0 1 2 3 4 5 6 7 8 0\nx 8 6 7 2 5 4 3 0 1\n",
    "\u{feff}a 1 2 3 0\r\n# comment\r\n\r\nb _ 1 2 3\r\n",
    "1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n2 55 13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6\n",
];

const MARKS_FIXTURES: &[&str] = &[
    include_str!("../../../../fixtures/edge/example1.txt"),
    include_str!("../../../../fixtures/edge/random_1.txt"),
    include_str!("../../../../fixtures/edge/size_2x3.txt"),
    include_str!("../../../../fixtures/edge/no_rotate_1.txt"),
    include_str!("../../../../fixtures/edge/single_piece.txt"),
];

const PUZ: &str = include_str!("../../../../fixtures/data/brendan_set1_03x03.puz");
const PUZ_FIXTURES: &[&str] = &[PUZ, "c a 2x1 board\n2 1\n0 1 0 0\n0 0 0 1\n", "\u{feff}1 1\r\n5 5 5 1023\r\n"];

const SOL_FIXTURES: &[&str] = &[
    include_str!("../../../../fixtures/data/brendan_set1_03x03.sol"),
    "c a clue\n4 1 1 0\n\n0 2 2 3\n",
    "\u{feff}2 0 0 1\r\n",
];

/// The inputs per parser: `PUZZLE_FUZZ_CASES`, else 1000.
fn cases() -> u32 {
    std::env::var("PUZZLE_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1000)
}

/// One small edit of a text, positions taken modulo its length.
#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, char),
    InsertText(usize, &'static str),
    Delete(usize, usize),
    Replace(usize, char),
    DuplicateLine(usize),
    DeleteLine(usize),
    SwapLines(usize, usize),
    Truncate(usize),
    /// Two characters trade places: tiles of a board, marks of a piece, lines of a file.
    SwapChars(usize, usize),
}

/// Characters that matter to some format, and a few that matter to none.
const CHARS: &[char] = &[
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '#', '_', ' ', '\t', '\n', '\r', '-', '+', '*', '/', 'A', 'B',
    'Z', 'a', 'c', 'x', '.', '\0', '\u{feff}', '\u{1b}', '\u{a0}', 'é', '\u{2028}',
];

/// Tokens and lines worth inserting whole.
const TEXTS: &[&str] = &[
    "\n\n",
    "\r\n",
    " 0 ",
    " 4294967296 ",
    " 18446744073709551616 ",
    " 99999999999999999999999 ",
    "-1",
    "1000000",
    "1024",
    "\n# comment\n",
    "\nc comment\n",
    "\n3 3\n",
    "\n64 64\n",
    "A+ B- C/ D*\n",
    "\n1 0 3\n4 2 5\n7 8 6\n",
    "\n1#3\n425\n786\n",
    "\n0 0 0 0\n",
];

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), prop::sample::select(CHARS)).prop_map(|(at, c)| Edit::Insert(at, c)),
        (any::<usize>(), prop::sample::select(TEXTS)).prop_map(|(at, t)| Edit::InsertText(at, t)),
        (any::<usize>(), 1..20usize).prop_map(|(at, n)| Edit::Delete(at, n)),
        (any::<usize>(), prop::sample::select(CHARS)).prop_map(|(at, c)| Edit::Replace(at, c)),
        any::<usize>().prop_map(Edit::DuplicateLine),
        any::<usize>().prop_map(Edit::DeleteLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapLines(a, b)),
        any::<usize>().prop_map(Edit::Truncate),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapChars(a, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapChars(a, b)),
    ]
}

/// `text` after `edits`.
fn mutated(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        let n = chars.len();
        let at = |i: usize| if n == 0 { 0 } else { i % (n + 1) };
        match *edit {
            Edit::Insert(i, c) => chars.insert(at(i), c),
            Edit::InsertText(i, t) => {
                let i = at(i);
                chars.splice(i..i, t.chars());
            }
            Edit::Delete(i, len) => {
                let i = at(i);
                chars.drain(i..(i + len).min(n));
            }
            Edit::Replace(i, c) if n > 0 => chars[i % n] = c,
            Edit::Replace(..) => {}
            Edit::Truncate(i) => chars.truncate(at(i)),
            Edit::SwapChars(i, j) if n > 0 => chars.swap(i % n, j % n),
            Edit::SwapChars(..) => {}
            Edit::DuplicateLine(i) | Edit::DeleteLine(i) | Edit::SwapLines(i, _) => {
                let text: String = chars.iter().collect();
                let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
                if lines.is_empty() {
                    continue;
                }
                let i = i % lines.len();
                match *edit {
                    Edit::DuplicateLine(_) => lines.insert(i, lines[i]),
                    Edit::DeleteLine(_) => drop(lines.remove(i)),
                    Edit::SwapLines(_, j) => {
                        let j = j % lines.len();
                        lines.swap(i, j);
                    }
                    _ => {}
                }
                chars = lines.concat().chars().collect();
            }
        }
    }
    chars.into_iter().collect()
}

/// Random bytes read as text (invalid UTF-8 replaced), random text over `alphabet` (a regex
/// character class with a length), or a fixture after a few edits.
fn inputs(fixtures: &'static [&'static str], alphabet: &'static str) -> impl Strategy<Value = String> {
    prop_oneof![
        1 => prop::collection::vec(any::<u8>(), 0..300).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        2 => proptest::string::string_regex(alphabet).expect("a valid alphabet"),
        6 => (prop::sample::select(fixtures), prop::collection::vec(edit(), 0..4))
            .prop_map(|(text, edits)| mutated(text, &edits)),
    ]
}

/// Checks that an error at `pos` with `message` is well formed for `input`.
fn well_formed(input: &str, pos: Pos, message: &str) -> Result<(), TestCaseError> {
    prop_assert!(!message.is_empty(), "empty message");
    prop_assert!(!message.contains('\n'), "a message of several lines: {message:?}");
    prop_assert!(!message.ends_with('.'), "a trailing period: {message:?}");
    prop_assert!(!message.starts_with(|c: char| c.is_uppercase()), "not lowercase: {message:?}");
    let lines: Vec<&str> = puzzle_core::text::lines(input).map(|line| line.text).collect();
    prop_assert!(pos.line >= 1 && pos.col >= 1, "{pos} for {message:?}");
    match lines.get(pos.line - 1) {
        Some(line) => prop_assert!(pos.col <= line.chars().count() + 1, "{pos} beyond its line for {message:?}"),
        None => prop_assert!(pos.line == lines.len() + 1 && pos.col == 1, "{pos} beyond the input for {message:?}"),
    }
    Ok(())
}

/// Whether a parser accepted its input (`Ok(true)`), or refused it with a well-formed error
/// (`Ok(false)`); every parsing crate's error has a `pos` and a `kind`.
macro_rules! accepted {
    ($text:expr, $parsed:expr) => {
        match $parsed {
            Ok(_) => Ok(true),
            Err(err) => well_formed($text, err.pos, &err.kind.to_string()).map(|()| false),
        }
    };
}

/// Runs `property` on `cases()` inputs from `strategy` and reports how many survived, and of
/// those how many were accepted (`Ok(true)`) rather than refused with a well-formed error.
fn fuzz<S: Strategy>(name: &str, strategy: S, property: impl Fn(S::Value) -> Result<bool, TestCaseError>)
where
    S::Value: std::fmt::Debug,
{
    fuzz_n(name, cases(), strategy, property);
}

fn fuzz_n<S: Strategy>(name: &str, cases: u32, strategy: S, property: impl Fn(S::Value) -> Result<bool, TestCaseError>)
where
    S::Value: std::fmt::Debug,
{
    let (survived, accepted) = (AtomicU64::new(0), AtomicU64::new(0));
    let config = Config { cases, failure_persistence: None, ..Config::default() };
    let result = TestRunner::new(config).run(&strategy, |input| {
        if property(input)? {
            accepted.fetch_add(1, Ordering::Relaxed);
        }
        survived.fetch_add(1, Ordering::Relaxed);
        Ok(())
    });
    if let Err(err) = result {
        panic!("fuzz: {name}: {err}");
    }
    let (survived, accepted) = (survived.load(Ordering::Relaxed), accepted.load(Ordering::Relaxed));
    println!("fuzz: {name}: {survived} inputs survived ({accepted} accepted, {} refused)", survived - accepted);
}

const SLIDE_ALPHABET: &str = "[0-9#_ \\t\\r\\n\\-x]{0,120}";

#[test]
fn fuzz_judge_a() {
    fuzz("judge A", inputs(SLIDE_FIXTURES, SLIDE_ALPHABET), |text| {
        let _ = sliding::parse::detect_format(&text);
        accepted!(&text, sliding::parse::parse_judge_a(&text))
    });
}

#[test]
fn fuzz_judge_b() {
    fuzz("judge B", inputs(SLIDE_FIXTURES, SLIDE_ALPHABET), |text| match sliding::parse::parse_judge_b(&text) {
        Ok(input) => {
            let mut errors = input.boards.iter().filter_map(|b| b.as_ref().err()).chain(&input.batch_error);
            let mut accepted = true;
            for err in errors.by_ref() {
                well_formed(&text, err.pos, &err.kind.to_string())?;
                accepted = false;
            }
            Ok(accepted)
        }
        Err(err) => well_formed(&text, err.pos, &err.kind.to_string()).map(|()| false),
    });
}

/// The errors of a grid or lines batch, or its error as a whole.
fn batch_errors(
    text: &str,
    batch: Result<sliding::parse::Batch, sliding::parse::ParseError>,
) -> Result<bool, TestCaseError> {
    match batch {
        Ok(batch) => {
            prop_assert!(!batch.entries.is_empty());
            let mut accepted = true;
            for err in batch.entries.iter().filter_map(|e| e.board.as_ref().err()) {
                well_formed(text, err.pos, &err.kind.to_string())?;
                accepted = false;
            }
            Ok(accepted)
        }
        Err(err) => well_formed(text, err.pos, &err.kind.to_string()).map(|()| false),
    }
}

#[test]
fn fuzz_grid() {
    fuzz("grid", inputs(SLIDE_FIXTURES, SLIDE_ALPHABET), |text| batch_errors(&text, sliding::parse::parse_grid(&text)));
}

#[test]
fn fuzz_lines() {
    let sizes = prop_oneof![
        4 => Just((3, 3)),
        2 => Just((4, 4)),
        2 => Just((2, 2)),
        2 => (0..7usize, 0..7usize),
        1 => Just((usize::MAX, 2)),
        1 => Just((1 << 16, 1 << 16)),
    ];
    fuzz("lines", (inputs(LINES_FIXTURES, "[0-9#_ a-c\\t\\r\\n\\-]{0,120}"), sizes), |(text, (rows, cols))| {
        batch_errors(&text, sliding::parse::parse_lines(&text, rows, cols))
    });
}

#[test]
fn fuzz_goal() {
    fuzz("goal", inputs(SLIDE_FIXTURES, SLIDE_ALPHABET), |text| accepted!(&text, sliding::parse::parse_goal(&text)));
}

/// Runs an edge-matching puzzle parser (`parse`: the text, one of `options`, whether pieces
/// turn) on inputs from `fixtures` and `alphabet`, the format's detection on each input first.
fn fuzz_edge<O: std::fmt::Debug>(
    name: &str,
    fixtures: &'static [&'static str],
    alphabet: &'static str,
    options: impl Strategy<Value = O>,
    parse: impl Fn(&str, O, bool) -> Result<bool, TestCaseError>,
) {
    fuzz(name, (inputs(fixtures, alphabet), options, any::<bool>()), |(text, option, rotate)| {
        let _ = edge_match::parse::detect_edge_format(&text);
        parse(&text, option, rotate)
    });
}

#[test]
fn fuzz_marks() {
    let sizes = prop_oneof![Just(None), (0..5usize, 0..5usize).prop_map(Some), Just(Some((usize::MAX, 3)))];
    fuzz_edge("marks", MARKS_FIXTURES, "[A-E+\\-/*# \\t\\r\\na]{0,120}", sizes, |text, size, rotate| {
        accepted!(text, edge_match::parse::parse_puzzle(text, &edge_match::parse::ParseOptions { size, rotate }))
    });
}

#[test]
fn fuzz_puz() {
    let frames = prop_oneof![Just(None), Just(Some(true)), Just(Some(false))];
    fuzz_edge("puz", PUZ_FIXTURES, "[0-9c# \\t\\r\\n\\-]{0,120}", frames, |text, frame, rotate| {
        accepted!(text, edge_match::parse::parse_puz(text, &edge_match::parse::PuzOptions { frame, rotate }))
    });
}

#[test]
fn fuzz_sol_and_clue() {
    let puzzles = [true, false].map(|rotate| {
        edge_match::parse::parse_puz(PUZ, &edge_match::parse::PuzOptions { frame: None, rotate }).unwrap()
    });
    let strategy = (inputs(SOL_FIXTURES, "[0-9c# \\t\\r\\n\\-]{0,120}"), any::<bool>());
    fuzz("sol/clue", strategy, |(text, rotate)| {
        match edge_match::parse::parse_sol(&text) {
            Ok(lines) => {
                let puzzle = &puzzles[usize::from(!rotate)];
                match edge_match::parse::clue_cells(puzzle, &lines) {
                    Ok(cells) => {
                        let placements: Option<Vec<_>> = cells.into_iter().collect();
                        if let Some(placements) = placements {
                            // A full board goes to the checker, which must answer without panicking.
                            let _ = edge_match::check::check_solution(puzzle, &placements);
                        }
                        Ok(true)
                    }
                    Err(err) => well_formed(&text, err.pos, &err.kind.to_string()).map(|()| false),
                }
            }
            Err(err) => well_formed(&text, err.pos, &err.kind.to_string()).map(|()| false),
        }
    });
}

/// Where the binary's standard output and standard error go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sink {
    /// Both into pipes the test reads.
    Piped,
    /// Standard output on `/dev/full` (every write fails with "no space left on device").
    StdoutFull,
    /// Standard error on `/dev/full`: the binary's messages are lost, its exit status is not.
    StderrFull,
}

impl Sink {
    /// `/dev/full` opened for writing, or a pipe where the system has no such device.
    fn full() -> Stdio {
        match std::fs::OpenOptions::new().write(true).open("/dev/full") {
            Ok(full) => Stdio::from(full),
            Err(_) => Stdio::piped(),
        }
    }
}

/// Mostly pipes, and now and then a full standard output or standard error.
fn sinks() -> impl Strategy<Value = Sink> {
    prop_oneof![6 => Just(Sink::Piped), 1 => Just(Sink::StdoutFull), 1 => Just(Sink::StderrFull)]
}

/// Runs `puzzle ARGS` on `stdin` and fails when it takes longer than a minute (a hang is a
/// finding too).
fn run_with_deadline(args: &[&str], stdin: &str, sink: Sink) -> Result<common::Run, TestCaseError> {
    let (mut command, _cache) = common::command();
    let (stdout, stderr) = match sink {
        Sink::Piped => (Stdio::piped(), Stdio::piped()),
        Sink::StdoutFull => (Sink::full(), Stdio::piped()),
        Sink::StderrFull => (Stdio::piped(), Sink::full()),
    };
    let mut child = common::spawn(&mut command, args, Stdio::piped(), stdout, stderr);
    let mut child_stdin = child.stdin.take().expect("stdin is piped");
    let bytes = stdin.as_bytes().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = child_stdin.write_all(&bytes);
    });
    let started = Instant::now();
    while child.try_wait().expect("the binary can be waited for").is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            return Err(TestCaseError::fail(format!("`puzzle {}` ran over a minute on {stdin:?}", args.join(" "))));
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let output = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("the writer finishes");
    Ok(common::Run {
        command: format!("puzzle {} ({sink:?})", args.join(" ")),
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    })
}

/// Runs the binary on `text` with its output into `sink` and checks the exit status and stderr;
/// `Ok(true)` for exit status 0.
fn cli_survives(args: &[&str], text: &str, sink: Sink) -> Result<bool, TestCaseError> {
    let run = run_with_deadline(args, text, sink)?;
    prop_assert!(run.code == 0 || run.code == 1, "{}", run.failure("exit status"));
    if sink == Sink::StderrFull {
        return Ok(run.code == 0);
    }
    if run.code == 1 {
        prop_assert!(!run.stderr.is_empty(), "{}", run.failure("no message"));
    }
    for line in run.stderr.lines() {
        prop_assert!(line.starts_with("error: "), "{}", run.failure("stderr"));
        prop_assert!(!line.starts_with("error: internal"), "{}", run.failure("internal error"));
        // `error: <stdin>:LINE:COL: message`, or `error: <stdin>: board K: message`.
        let rest = line.strip_prefix("error: <stdin>:").unwrap_or_default();
        let mut parts = rest.splitn(3, ':');
        if let (Some(l), Some(c), Some(message)) = (parts.next(), parts.next(), parts.next()) {
            if let (Ok(l), Ok(c)) = (l.parse(), c.parse()) {
                let message = message.strip_prefix(' ').unwrap_or(message);
                well_formed(text, Pos::new(l, c), message)?;
            }
        }
    }
    Ok(run.code == 0)
}

/// The inputs for the binary: a hundredth of the parsers' share, at least 32 per command line.
fn cli_cases() -> u32 {
    (cases() / 100).max(32)
}

#[test]
fn fuzz_cli_slide() {
    // Limits keep every search short, and an explicit heuristic builds no pattern database.
    let limits = ["--max-nodes", "20000", "--heuristic", "linear-conflict"];
    const COMMANDS: [&[&str]; 4] = [&[], &["--format", "judge-b"], &["--size", "3x3"], &["--format", "grid", "--json"]];
    let strategy = (prop::sample::select(&COMMANDS[..]), inputs(SLIDE_FIXTURES, SLIDE_ALPHABET), sinks());
    fuzz_n("puzzle slide", cli_cases(), strategy, |(command, text, sink)| {
        cli_survives(&[&["slide"], &limits[..], command].concat(), &text, sink)
    });
    let strategy = (inputs(LINES_FIXTURES, "[0-9#_ a-c\\t\\r\\n\\-]{0,120}"), sinks());
    fuzz_n("puzzle slide --size 3x3", cli_cases(), strategy, |(text, sink)| {
        cli_survives(&[&["slide", "--size", "3x3"], &limits[..]].concat(), &text, sink)
    });
}

#[test]
fn fuzz_cli_edge() {
    // Pieces are kept few (the first solution of a small puzzle is quick; counts are not asked).
    let few_lines = |text: String| text.lines().take(12).collect::<Vec<_>>().join("\n");
    let strategy = (inputs(MARKS_FIXTURES, "[A-E+\\-/*# \\t\\r\\na]{0,120}").prop_map(few_lines), sinks());
    fuzz_n("puzzle edge (marks)", cli_cases(), strategy, |(text, sink)| cli_survives(&["edge"], &text, sink));
    let strategy = (inputs(PUZ_FIXTURES, "[0-9c# \\t\\r\\n\\-]{0,120}"), sinks());
    fuzz_n("puzzle edge (puz)", cli_cases(), strategy, |(text, sink)| cli_survives(&["edge", "--json"], &text, sink));
}

/// A file a command line's output or state flag names: the puzzle file itself (by its name or
/// another), a new file (one of two names), a device, a FIFO or a directory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Input,
    InputByOtherName,
    New(u8),
    DevNull,
    DevZero,
    DevFull,
    Fifo,
    Dir,
}

fn targets() -> impl Strategy<Value = Target> {
    prop_oneof![
        Just(Target::Input),
        Just(Target::InputByOtherName),
        (0u8..2).prop_map(Target::New),
        Just(Target::DevNull),
        Just(Target::DevZero),
        Just(Target::DevFull),
        Just(Target::Fifo),
        Just(Target::Dir),
    ]
}

/// The command lines whose files are drawn: the command, the puzzle's text, and the two flags
/// given a target each.
const FILE_COMMANDS: [(&[&str], &str, [&str; 2]); 4] = [
    (&["slide"], "1 2 3\n4 5 6\n7 0 8\n", ["--svg", "--html"]),
    (&["slide", "--unit", "-"], "1 2 3\n4 5 6\n7 0 8\n", ["--found-file", "--found-file"]),
    (&["edge"], PUZ, ["--sol", "--svg"]),
    (&["edge", "--best", "--time-limit", "0.2", "--jobs", "1"], PUZ, ["--checkpoint", "--html"]),
];

#[cfg(unix)]
#[test]
fn fuzz_cli_files() {
    let strategy = (prop::sample::select(&FILE_COMMANDS[..]), targets(), targets());
    fuzz_n("puzzle output files", cli_cases(), strategy, |((command, text, flags), first, second)| {
        let dir = common::scratch();
        let input = dir.path().join("puzzle.txt");
        std::fs::write(&input, text).unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
        prop_assert!(made.success());
        let path = |target: Target| -> String {
            match target {
                Target::Input => input.display().to_string(),
                Target::InputByOtherName => dir.path().join(".").join("puzzle.txt").display().to_string(),
                Target::New(k) => dir.path().join(format!("out{k}")).display().to_string(),
                Target::DevNull => "/dev/null".to_owned(),
                Target::DevZero => "/dev/zero".to_owned(),
                Target::DevFull => "/dev/full".to_owned(),
                Target::Fifo => fifo.display().to_string(),
                Target::Dir => dir.path().display().to_string(),
            }
        };
        // A FIFO is drawn for the state files only: an output such as `--svg` may be a pipe
        // (`--svg >(viewer)`), whose opening waits for its reader as in any program.
        let state = |flag: &str, target: Target| match target {
            Target::Fifo if !matches!(flag, "--found-file" | "--checkpoint") => Target::DevNull,
            target => target,
        };
        let first = state(flags[0], first);
        // `--found-file` is one flag: the second draw is then not given.
        let mut args: Vec<String> = command.iter().map(|arg| (*arg).to_owned()).collect();
        args.extend([flags[0].to_owned(), path(first)]);
        let second = (flags[1] != flags[0]).then_some(state(flags[1], second));
        if let Some(second) = second {
            args.extend([flags[1].to_owned(), path(second)]);
        }
        args.push(input.display().to_string());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = run_with_deadline(&args, "", Sink::Piped)?;
        prop_assert!(run.code == 0 || run.code == 1, "{}", run.failure("exit status"));
        prop_assert!(!run.stderr.contains("error: internal"), "{}", run.failure("internal error"));
        prop_assert_eq!(std::fs::read_to_string(&input).unwrap(), text, "{}", run.failure("the input is kept"));
        let over_input = |target: Target| matches!(target, Target::Input | Target::InputByOtherName);
        let one_new = matches!((first, second), (Target::New(a), Some(Target::New(b))) if a == b);
        if over_input(first) || second.is_some_and(over_input) || one_new {
            prop_assert_eq!(run.code, 1, "{}", run.failure("an output over an input or another output"));
            // Named as such, unless a state file of the other draw was refused first.
            let named = run.stderr.contains("the same file as") || run.stderr.contains("expected a regular file");
            prop_assert!(named, "{}", run.failure("named"));
        }
        Ok(run.code == 0)
    });
}
