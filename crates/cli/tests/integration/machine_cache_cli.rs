//! The duplicate-pruning machine in the table cache: a missing one is not built by a solve, a
//! damaged one is named, rebuilt and stored again, and a cached one gives the same answer.

use crate::common;
use std::process::{Command, Stdio};

/// A 3×6 board 38 moves from the blank-first goal, solved with linear conflict in a fraction of
/// a second: boards over 16 cells take the machine from the cache.
const BOARD: &str = "12 7 6 2 10 4\n3 0 8 9 5 11\n1 14 13 15 16 17\n";

/// The files of 3×6 machines in `cache`, whatever their depth.
fn machine_files(cache: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(cache)
        .map(|dir| dir.filter_map(|entry| entry.ok()?.file_name().into_string().ok()).collect())
        .unwrap_or_default();
    names.retain(|name| name.starts_with("3x6-machine-d") && name.ends_with(".fsm"));
    names
}

/// `puzzle slide` on [`BOARD`] with the cache `cache`: exit status, stdout (the JSON without
/// its node count, which the machine changes) and stderr.
fn solve(cache: &std::path::Path) -> (Option<i32>, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzle"));
    command.env("PUZZLE_CACHE_DIR", cache);
    let args = ["slide", "--goal", "blank-first", "--heuristic", "linear-conflict", "--json"];
    let mut child = common::spawn(&mut command, &args, Stdio::piped(), Stdio::piped(), Stdio::piped());
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), BOARD.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let without_nodes: String =
        stdout.split(',').filter(|field| !field.starts_with("\"nodes\"")).collect::<Vec<_>>().join(",");
    (output.status.code(), without_nodes, String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn a_damaged_machine_is_named_and_rebuilt_and_the_answer_does_not_change() {
    let scratch = super::common::scratch();
    let cache = scratch.path();
    // No machine in the cache: the solve builds its small ones in memory and writes none.
    let (code, plain, stderr) = solve(cache);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(plain.contains("\"moves\":38") && plain.contains("\"optimal\":true"), "{plain}");
    assert_eq!(machine_files(cache), Vec::<String>::new());
    assert!(stderr.is_empty(), "{stderr}");
    // A damaged file where the machine belongs: named, rebuilt, stored whole.
    let name = "3x6-machine-d12.v3.fsm";
    std::fs::write(cache.join(name), "garbage\n").unwrap();
    let (code, damaged, stderr) = solve(cache);
    assert_eq!((code, &damaged), (Some(0), &plain), "{stderr}");
    assert!(
        stderr.contains(name)
            && stderr.contains("not a duplicate-pruning machine file")
            && stderr.contains("rebuilding"),
        "{stderr}"
    );
    let stored = std::fs::read(cache.join(name)).unwrap();
    assert!(stored.starts_with(b"puzzle-machine v3 rows=3 cols=6 depth=12 states="), "{:?}", &stored[..40]);
    // The stored machine is read back without a word, and the answer is the same.
    let (code, cached, stderr) = solve(cache);
    assert_eq!((code, &cached, stderr.as_str()), (Some(0), &plain, ""));
    // A file cut short is refused by its length.
    std::fs::write(cache.join(name), &stored[..stored.len() - 3]).unwrap();
    let (code, cut, stderr) = solve(cache);
    assert_eq!((code, &cut), (Some(0), &plain), "{stderr}");
    assert!(stderr.contains("bytes of transitions") && stderr.contains("rebuilding"), "{stderr}");
    assert_eq!(std::fs::read(cache.join(name)).unwrap(), stored);
}
