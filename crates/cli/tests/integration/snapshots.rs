//! Snapshot tests of what `puzzle` shows a person for every fixture: the input, the command, its
//! exit code, standard output and standard error. Refresh with `cargo xtask snapshots`, then
//! review with `git diff` or `cargo insta review`.

use crate::common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use common::workspace_root;

/// `path` relative to the workspace root with `/` separators, so snapshots do not depend on the
/// machine.
fn relative(path: &Path) -> String {
    let path = path.canonicalize().unwrap();
    let relative = path.strip_prefix(workspace_root()).unwrap();
    relative.components().map(|part| part.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}

/// Runs `check` on every `*.txt` fixture in `dir` (from the workspace root), in name order, with
/// the file's name as the snapshot's suffix and the file as its input: the naming of
/// `insta::glob!`, without the glob feature's regex crates in every test build.
fn each_fixture(dir: &str, check: impl Fn(&Path)) {
    let dir = workspace_root().join(dir);
    let entries = fs::read_dir(&dir).unwrap_or_else(|err| panic!("{}: {err}", dir.display()));
    let mut paths: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "{}: no fixtures", dir.display());
    for path in paths {
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_suffix(path.file_name().and_then(|name| name.to_str()).expect("a UTF-8 name"));
        settings.set_input_file(&path);
        settings.bind(|| check(&path));
    }
}

/// Text followed by a newline, noting when the original did not end with one.
fn block(text: &str) -> String {
    if text.is_empty() || text.ends_with('\n') {
        text.to_owned()
    } else {
        format!("{text}\n(no newline at end)\n")
    }
}

/// Runs `puzzle ARGS` from the workspace root on the fixture `input` and renders what happened.
fn render(input: &str, args: &[String]) -> String {
    let root = workspace_root();
    let text = fs::read_to_string(root.join(input)).unwrap();
    let (mut command, _cache) = common::command();
    let output = command.args(args).current_dir(&root).output().expect("the puzzle binary runs");
    let exit = output.status.code().map_or("none (killed by a signal)".to_owned(), |code| code.to_string());
    format!(
        "----- input: {input}\n{}----- command: puzzle {}\n----- exit code: {exit}\n----- stdout\n{}----- stderr\n{}",
        block(&text),
        args.join(" "),
        block(&String::from_utf8_lossy(&output.stdout)),
        block(&String::from_utf8_lossy(&output.stderr)),
    )
}

/// The snapshot's `info`: the fixture and the puzzle parameters given on the command line.
fn info<'a>(input: &'a str, args: &'a str) -> BTreeMap<&'static str, &'a str> {
    BTreeMap::from([("fixture", input), ("args", args)])
}

/// The puzzle parameters of an edge fixture: the `args:` line of its `.expected` file.
fn edge_args(input: &str) -> String {
    let expected = workspace_root().join(format!("{}.expected", input.strip_suffix(".txt").unwrap()));
    let text = fs::read_to_string(&expected).unwrap_or_else(|err| panic!("{}: {err}", expected.display()));
    let args = text.lines().find_map(|line| line.strip_prefix("args:"));
    args.unwrap_or_else(|| panic!("{}: no `args:` line", expected.display())).trim().to_owned()
}

#[test]
fn slide() {
    each_fixture("fixtures/slide", |path| {
        let input = relative(path);
        let args = vec!["slide".to_owned(), "--path".to_owned(), input.clone()];
        let rendered = render(&input, &args);
        insta::with_settings!({
            description => format!("puzzle slide --path {input}: the optimal moves of every board"),
            info => &info(&input, "--path"),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(rendered);
        });
    });
}

#[test]
fn edge() {
    each_fixture("fixtures/edge", |path| {
        let input = relative(path);
        let puzzle_args = edge_args(&input);
        let mut args = vec!["edge".to_owned()];
        args.extend(puzzle_args.split_whitespace().map(str::to_owned));
        args.push(input.clone());
        let rendered = render(&input, &args);
        insta::with_settings!({
            description => format!("puzzle {}: the first solution as a picture", args.join(" ")),
            info => &info(&input, &puzzle_args),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(rendered);
        });
    });
}

/// Colour puzzles (the numeric `.puz` format) in every mode whose output does not depend on the
/// clock: the first solution drawn as colour boxes, counts, the `.sol` stream, the check of a
/// published solution, and a board with no solution once its pieces may not turn.
#[test]
fn colour() {
    let board = "fixtures/data/brendan_set1_03x03.puz";
    let runs: [(&str, &[&str]); 6] = [
        ("colour_first", &[]),
        ("colour_count", &["--count"]),
        ("colour_distinct", &["--distinct"]),
        ("colour_all", &["--all"]),
        ("colour_verify", &["--verify", "fixtures/data/brendan_set1_03x03.sol"]),
        ("colour_no_rotate", &["--no-rotate"]),
    ];
    for (name, flags) in runs {
        let mut args = vec!["edge".to_owned()];
        args.extend(flags.iter().map(|flag| (*flag).to_owned()));
        args.push(board.to_owned());
        let rendered = render(board, &args);
        insta::with_settings!({
            description => format!("puzzle {}", args.join(" ")),
            info => &info(board, &flags.join(" ")),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(name, rendered);
        });
    }
}
