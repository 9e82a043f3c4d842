//! Helpers shared by the CLI tests: running the built `puzzle` binary and keeping what it did.

// Each test binary includes this module and uses a different part of it.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

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

/// Runs `puzzle ARGS` from the workspace root with `stdin`, any bytes, as standard input.
pub fn puzzle_bytes(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzle"))
        .args(args)
        .current_dir(workspace_root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
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
