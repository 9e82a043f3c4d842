//! Inputs past the size limits are refused before they take memory, naming the limit: a line
//! longer than 16 MiB, a sliding board of more than 2^20 cells, an edge-matching input larger
//! than 16 MiB. Where GNU time is at `/usr/bin/time`, the peak memory of each refusal is checked
//! to stay within a few times the input's size.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common;

/// What a refusal printed on stderr, its exit status, and its peak memory in bytes when
/// `/usr/bin/time` measured it.
struct Refusal {
    code: Option<i32>,
    stderr: String,
    peak: Option<u64>,
}

/// Runs `puzzle ARGS` on `stdin` (under `/usr/bin/time` when it is there, for the peak memory).
fn refused(args: &[&str], stdin: &[u8]) -> Refusal {
    let (mut command, _cache) = common::command();
    let timed = std::path::Path::new("/usr/bin/time").is_file();
    if timed {
        let program = command.get_program().to_owned();
        let envs: Vec<_> = command.get_envs().map(|(k, v)| (k.to_owned(), v.map(ToOwned::to_owned))).collect();
        command = Command::new("/usr/bin/time");
        command.args(["-f", "peak-kb %M"]).arg(program);
        for (key, value) in envs {
            if let Some(value) = value {
                command.env(key, value);
            }
        }
    } else {
        println!("the peak memory is not checked: /usr/bin/time is missing");
    }
    let mut child = common::spawn(&mut command, args, Stdio::piped(), Stdio::null(), Stdio::piped());
    let mut child_stdin = child.stdin.take().expect("stdin is piped");
    // The binary stops reading once it has refused the input.
    let _ = child_stdin.write_all(stdin);
    drop(child_stdin);
    let output = child.wait_with_output().expect("the binary finishes");
    let mut stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let mut peak = None;
    if timed {
        let at = stderr.rfind("peak-kb ").expect("/usr/bin/time reports the peak");
        peak = Some(stderr[at + 8..].trim().parse::<u64>().expect("a number of kilobytes") * 1024);
        // GNU time says how the command exited before its figure when it failed.
        stderr.truncate(at);
        stderr = stderr.lines().filter(|line| !line.starts_with("Command exited")).collect::<Vec<_>>().join("\n");
    }
    Refusal { code: output.status.code(), stderr, peak }
}

/// Checks that `refusal` exited 1 with `message` and took at most three times `input_bytes`
/// besides the process's own 32 MiB.
fn check(refusal: &Refusal, message: &str, input_bytes: usize) {
    assert_eq!(refusal.code, Some(1), "{}", refusal.stderr);
    assert_eq!(refusal.stderr.trim_end(), message);
    if let Some(peak) = refusal.peak {
        let allowed = 3 * input_bytes as u64 + (32 << 20);
        assert!(peak <= allowed, "{message}: {peak} bytes at the peak for {input_bytes} bytes of input");
    }
}

#[test]
fn a_line_past_16_mib_is_refused_as_it_is_read() {
    let line = format!("{}\n", "1 ".repeat(8_500_000));
    let message = "error: <stdin>:1:1: a line longer than 16777216 bytes (16 MiB), the longest an input may hold";
    for args in [&["slide"][..], &["slide", "--size", "4x4"], &["slide", "--format", "grid"]] {
        check(&refused(args, line.as_bytes()), message, line.len());
    }
    // Work units on standard input too (`--unit -`, of either puzzle family).
    let unit_args: [&[&str]; 2] =
        [&["slide", "--unit", "-"], &["edge", "--unit", "-", "fixtures/data/brendan_set1_03x03.puz"]];
    for args in unit_args {
        check(&refused(args, line.as_bytes()), message, line.len());
    }
    // After good lines too, read a line at a time or whole.
    let input = format!("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n\n{line}");
    let message = message.replace(":1:1:", ":6:1:");
    check(&refused(&["slide", "--format", "grid"], input.as_bytes()), &message, input.len());
}

#[test]
fn a_board_past_the_largest_is_refused_from_its_shape() {
    // Four rows of three million tiles: 24 MB, read whole (the grid format), refused from the
    // first row's width before the 12 million tiles take memory.
    let row = format!("{}\n", "1 ".repeat(3_000_000));
    let file = common::temp_file("wide.txt", row.repeat(4));
    let message = format!(
        "error: {}:1:1: a 4x3000000 board has 12000000 cells, more than the largest supported, 1048576 cells \
         (1024x1024)",
        file.as_str()
    );
    check(&refused(&["slide", file.as_str()], b""), &message, 4 * row.len());
}

#[test]
fn an_edge_input_past_16_mib_is_refused_as_it_is_read() {
    let pieces = "A* B* C* D*\n".repeat(1_500_000);
    let message = "error: <stdin>: the input is larger than 16777216 bytes, far more than a puzzle of at most 1024 \
                   pieces takes (its clues and solutions too)";
    check(&refused(&["edge"], pieces.as_bytes()), message, pieces.len());
    let file = common::temp_file("many.puz", format!("2 2\n{}", "1 2 3 4\n".repeat(2_200_000)));
    let message = format!(
        "error: {}: the input is larger than 16777216 bytes, far more than a puzzle of at most 1024 pieces takes (its \
         clues and solutions too)",
        file.as_str()
    );
    check(&refused(&["edge", file.as_str()], b""), &message, 16 << 20);
}
