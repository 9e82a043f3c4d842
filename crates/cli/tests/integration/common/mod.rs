//! Helpers shared by the CLI tests: running the built `puzzle` binary and keeping what it did.

// Each test binary includes this module and uses a different part of it.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// What one run of the binary printed and how it exited.
#[derive(Debug)]
pub struct Run {
    /// The command line, for messages.
    pub command: String,
    /// The exit status.
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl Run {
    /// A failure message naming the command and showing what it printed.
    pub fn failure(&self, what: &str) -> String {
        format!(
            "`{}`: {what}\n    exit code: {}\n    stdout: {:?}\n    stderr: {:?}",
            self.command, self.code, self.stdout, self.stderr
        )
    }
}

/// The workspace root, where fixture paths like `fixtures/slide/x.txt` start.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the workspace root exists")
}

/// Runs `puzzle ARGS` from the workspace root with `stdin` as standard input.
pub fn puzzle(args: &[&str], stdin: &str) -> Run {
    puzzle_bytes(args, stdin.as_bytes())
}

/// The `puzzle` binary with `PUZZLE_CACHE_DIR` in a fresh temporary directory, removed when the
/// returned directory is dropped: a test never reads or writes the user's cache.
pub fn command() -> (Command, tempfile::TempDir) {
    let cache = tempfile::Builder::new().prefix("puzzle-test-cache").tempdir().expect("a temporary cache directory");
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzle"));
    command.env("PUZZLE_CACHE_DIR", cache.path());
    (command, cache)
}

/// Starts `command` (the binary, or a program that runs it) with `args` from the workspace root,
/// its standard input, output and error as given.
pub fn spawn(command: &mut Command, args: &[&str], stdin: Stdio, stdout: Stdio, stderr: Stdio) -> Child {
    command
        .args(args)
        .current_dir(workspace_root())
        .stdin(stdin)
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("the binary runs")
}

/// Sends `signal` (`-INT`, `-TERM`, …) to the running `child` through `kill`.
pub fn signal(child: &Child, signal: &str) {
    let sent = Command::new("kill").args([signal, &child.id().to_string()]).status().expect("kill runs");
    assert!(sent.success(), "kill {signal}");
}

/// Sends `signal` to `child` once `after` has passed, and waits for it to end.
pub fn signal_after(child: Child, after: std::time::Duration, signal_name: &str) -> std::process::Output {
    std::thread::sleep(after);
    signal(&child, signal_name);
    child.wait_with_output().expect("the binary finishes")
}

/// A temporary directory for a test's files, removed when dropped.
pub struct TempDir(pub tempfile::TempDir);

impl TempDir {
    /// A fresh directory (`_name` says what it is for, in the test).
    pub fn new(_name: &str) -> TempDir {
        TempDir(scratch())
    }

    /// The path of `file` in the directory, as text for a command line.
    pub fn path(&self, file: &str) -> String {
        self.0.path().join(file).to_str().unwrap().to_owned()
    }
}

/// A file in a temporary directory of its own, removed with it when dropped.
pub struct TempFile {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl TempFile {
    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file's path as text, for a command line.
    pub fn as_str(&self) -> &str {
        self.path.to_str().expect("a UTF-8 temporary path")
    }
}

impl std::fmt::Display for TempFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.path.display())
    }
}

/// A file named `name` holding `contents`, in a temporary directory removed when it is dropped.
pub fn temp_file(name: &str, contents: impl AsRef<[u8]>) -> TempFile {
    let dir = scratch();
    let path = dir.path().join(name);
    std::fs::write(&path, contents).expect("the temporary file is written");
    TempFile { _dir: dir, path }
}

/// An empty temporary directory, removed when dropped.
pub fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new().prefix("puzzle-test").tempdir().expect("a temporary directory")
}

/// Runs `puzzle ARGS` from the workspace root with `stdin`, any bytes, as standard input.
pub fn puzzle_bytes(args: &[&str], stdin: &[u8]) -> Run {
    let (mut command, _cache) = command();
    let mut child = spawn(&mut command, args, Stdio::piped(), Stdio::piped(), Stdio::piped());
    // Written from another thread, so that a binary answering while it reads never waits on a
    // full stdout pipe while this thread waits on a full stdin pipe.
    let mut child_stdin = child.stdin.take().expect("stdin is piped");
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || child_stdin.write_all(&stdin));
    let output = child.wait_with_output().expect("the binary finishes");
    // The binary may exit without reading its input (a bad argument), closing the pipe first.
    if let Err(err) = writer.join().expect("the writer thread finishes") {
        assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe, "{err}");
    }
    Run {
        command: format!("puzzle {}", args.join(" ")),
        code: output.status.code().expect("the binary exits normally"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// `line` (a JSON object) as a worker ends it with `"result_hash"` (docs/formats.md): the fingerprint (XXH3) of
/// the 16 hexadecimal digits of the fingerprint of `unit` (the unit's line, or the keys of its place for
/// a board of a sharded batch), `|` and `line` — made here from the documented rule.
pub fn sealed(unit: &str, line: &str) -> String {
    let unit_hash = format!("{:016x}", puzzle_core::fingerprint::fingerprint(unit.as_bytes()));
    let hash = puzzle_core::fingerprint::fingerprint(format!("{unit_hash}|{line}").as_bytes());
    format!("{},\"result_hash\":\"{hash:016x}\"}}", line.strip_suffix('}').expect("a JSON object"))
}

/// An edge unit line, or a result line of one, with its `"unit_hash"` made again from the
/// documented rule (docs/formats.md): the fingerprint (XXH3), in 16 hexadecimal digits, of the
/// unit's keys before it as one JSON object — as a hand that edits a unit would remake it.
pub fn edge_unit_rehashed(line: &str) -> String {
    const KEY: &str = ",\"unit_hash\":\"";
    let at = line.find(KEY).expect("an edge unit with its hash");
    let hash = puzzle_core::fingerprint::fingerprint(format!("{}}}", &line[..at]).as_bytes());
    let rest = &line[at + KEY.len() + 16..];
    format!("{}{KEY}{hash:016x}{rest}", &line[..at])
}

/// A sharded line of board `index` of `total` of the input whose fingerprint is `input` (16
/// hexadecimal digits), whose answer is `answer` (a JSON object), as `puzzle slide --shard K/N
/// --json` writes it for the default goal.
pub fn sharded(index: usize, total: usize, input: &str, answer: &str) -> String {
    let place = format!("\"index\":{index},\"total\":{total},\"input\":\"{input}\",\"goal\":\"blank-last\"");
    let line = format!("{{{place},{}", answer.strip_prefix('{').expect("a JSON object"));
    sealed(&format!("{{{place}}}"), &line)
}

/// A slide unit's `"unit_hash"` as docs/formats.md gives it: the fingerprint (XXH3) of
/// `puzzle|units|round|bound|nodes_before|unit|prefix` (`null` for unit 0's prefix), written
/// here from the documented rule.
pub fn slide_unit_hash(unit: &serde_json::Value) -> String {
    let identity = format!(
        "{}|{}|{}|{}|{}|{}|{}",
        unit["puzzle"].as_str().expect("a unit's puzzle"),
        unit["units"],
        unit["round"],
        unit["bound"],
        unit["nodes_before"],
        unit["unit"],
        unit["prefix"].as_str().unwrap_or("null")
    );
    format!("{:016x}", puzzle_core::fingerprint::fingerprint(identity.as_bytes()))
}
