//! Where the table cache lives and whether it can be written, for the pattern databases
//! (`pdb_cache.rs`) and the duplicate-pruning machines (`machine_cache.rs`) kept there.
//!
//! The cache directory is `$PUZZLE_CACHE_DIR` when set, else the platform's cache directory:
//! `$XDG_CACHE_HOME/puzzle` or `~/.cache/puzzle` on Linux and other Unix systems,
//! `~/Library/Caches/puzzle` on macOS, `%LOCALAPPDATA%\puzzle\cache` on Windows.

use std::path::{Path, PathBuf};

use anyhow::Context;

/// The cache directory (see the module documentation). The platform's rules come from the
/// `directories` crate, which follows the XDG base directories, Apple's and Windows' known
/// folders.
pub(crate) fn cache_dir() -> anyhow::Result<PathBuf> {
    if let Some(dir) = std::env::var_os("PUZZLE_CACHE_DIR").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "puzzle")
        .map(|dirs| dirs.cache_dir().to_path_buf())
        .context("no cache directory: set PUZZLE_CACHE_DIR (or HOME)")
}

/// Whether files can be written in `dir` (made if missing): a probe file is created and
/// removed. The error says why not, as a phrase (`is not writable: …`).
pub(crate) fn check_writable(dir: &Path) -> Result<(), String> {
    // A file where the directory (or a directory above it) should be is named, rather than left
    // to the system's "file exists" or "not a directory".
    if let Some(file) = dir.ancestors().find(|path| path.exists()).filter(|path| !path.is_dir()) {
        return Err(match file == dir {
            true => "is a file, not a directory".to_owned(),
            false => format!("cannot be created: {} is a file, not a directory", file.display()),
        });
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot be created: {e}"))?;
    let probe = dir.join(format!(".write-probe-{}", std::process::id()));
    match std::fs::OpenOptions::new().write(true).create_new(true).open(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(format!("is not writable: {e}")),
    }
}
