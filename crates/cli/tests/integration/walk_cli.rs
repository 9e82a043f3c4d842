//! `puzzle slide FILE` on a 15-puzzle walks down the layers once: the input's format is detected
//! once, the board turned into the searches' state once, and each cached table read once. The
//! binary counts these steps in the tests' build (sliding's `test-support` feature) and prints
//! them on standard error when `PUZZLE_TALLY` is set.

use std::process::Command;

use crate::common;

/// The counts of the tally line `puzzle slide` prints with `PUZZLE_TALLY` set:
/// format detections, search states, parities and table reads.
fn tally(stderr: &str) -> [u64; 4] {
    let line = stderr.lines().find_map(|line| line.strip_prefix("tally: ")).unwrap_or_else(|| panic!("{stderr}"));
    let counts: Vec<u64> = line
        .split(", ")
        .map(|part| part.rsplit(' ').next().and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{line}")))
        .collect();
    counts.try_into().unwrap_or_else(|_| panic!("{line}"))
}

/// `puzzle slide --goal blank-first FILE` with the cache `cache`: standard output and the tally.
fn slide(cache: &std::path::Path, file: &std::path::Path) -> (String, [u64; 4]) {
    let output = Command::new(env!("CARGO_BIN_EXE_puzzle"))
        .env("PUZZLE_CACHE_DIR", cache)
        .env("PUZZLE_TALLY", "1")
        .args(["slide", "--goal", "blank-first"])
        .arg(file)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    (String::from_utf8(output.stdout).unwrap(), tally(&stderr))
}

#[test]
fn a_15_puzzle_is_detected_converted_and_its_tables_read_once_each() {
    // Korf's instance 55 and its published optimal length (fixtures/data/korf100.txt: id,
    // length, the tiles row-major with 0 the blank), written as a grid of four rows.
    let korf = std::fs::read_to_string(common::workspace_root().join("fixtures/data/korf100.txt")).unwrap();
    let fields: Vec<&str> = korf.lines().find(|line| line.starts_with("55 ")).unwrap().split(' ').collect();
    let (length, tiles) = (fields[1], &fields[2..]);
    let grid: String = tiles.chunks(4).map(|row| row.join(" ") + "\n").collect();
    let scratch = common::scratch();
    let file = scratch.path().join("korf55.txt");
    std::fs::write(&file, grid).unwrap();
    let cache = scratch.path().join("cache");
    // The first run builds the quick tables and stores them in the empty cache; the second
    // reads them.
    let (built, _) = slide(&cache, &file);
    assert_eq!(built, format!("{length}\n"));
    let tables = std::fs::read_dir(&cache)
        .unwrap()
        .filter(|entry| entry.as_ref().unwrap().file_name().to_string_lossy().ends_with(".pdb"))
        .count();
    assert!(tables >= 2, "{tables} tables stored");
    let (read, [detections, search_states, _, table_reads]) = slide(&cache, &file);
    assert_eq!(read, format!("{length}\n"));
    assert_eq!((detections, search_states, table_reads), (1, 1, tables as u64));
}
