//! A table whose memory the system refuses is an error that names the table and the bytes, with
//! exit status 1: not a panic, not an abort. The refusal is made real with `ulimit -v`, so the
//! system refuses one of the first big allocations of `puzzle pdb build 4x4` (the 55 MiB of
//! depths or the 124 MiB of region depths of its 7-tile table) before any table is built.

#![cfg(target_os = "linux")]

use std::process::Command;

use crate::common;

/// The address space allowed: room for the program with one worker thread and one malloc arena
/// (under 45 MiB of mappings in a debug build), not for the table's depths and region depths on
/// top of them.
const ADDRESS_SPACE_KIB: u32 = 120_000;

#[test]
fn refused_table_memory_is_a_clear_error() {
    let scratch = common::scratch();
    let cache = scratch.path().join("cache");
    let output = Command::new("sh")
        .args(["-c", &format!("ulimit -v {ADDRESS_SPACE_KIB} && exec \"$0\" pdb build 4x4 --quiet")])
        .arg(env!("CARGO_BIN_EXE_puzzle"))
        .env("PUZZLE_CACHE_DIR", &cache)
        // One worker thread and one malloc arena: the program's own mappings stay the same on a
        // machine of any number of cores.
        .env("RAYON_NUM_THREADS", "1")
        .env("MALLOC_ARENA_MAX", "1")
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "stderr: {stderr}");
    assert!(
        stderr.starts_with("error: cannot allocate ")
            && stderr.contains(" bytes) for the ")
            && stderr.ends_with(" of pattern database 4x4 blank 0 tiles 1,2,3,4,5,6,7: not enough memory\n"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    // Nothing of the table is left in the cache.
    let left = std::fs::read_dir(&cache).map(|dir| dir.filter_map(Result::ok).map(|e| e.file_name()).collect());
    assert!(left.as_ref().map_or(true, Vec::is_empty), "{left:?}");
}
