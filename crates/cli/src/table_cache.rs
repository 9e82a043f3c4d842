//! The one cache layer of the tables `puzzle` keeps in its cache directory (`cache_dir.rs`):
//! pattern databases and duplicate-pruning machines alike, each a [`CachedTable`] of `sliding`,
//! read from its file with its checks and written whole. What each kind does around it (which
//! tables a run wants, what it builds when one is missing or damaged, what it says) is in
//! `pdb_cache.rs` and `machine_cache.rs`.

use std::path::{Path, PathBuf};

use anyhow::Context;
use sliding::pdb::{CachedTable, TableFileError};

use crate::cache_dir::cache_dir;

/// What the cache holds for one table.
pub(crate) enum Cached<T: CachedTable> {
    /// The table, read and checked.
    Found(T),
    /// No file.
    Missing,
    /// A file that could not be opened.
    Unopened(std::io::Error),
    /// A file that is not the table: damaged, foreign, of another version, or unreadable.
    Damaged(TableFileError),
}

/// Where the table of `key` is kept: its file in the cache directory.
pub(crate) fn path<T: CachedTable>(key: &T::Key) -> anyhow::Result<PathBuf> {
    Ok(cache_dir()?.join(T::file_name(key)))
}

/// The table of `key` from its file at `path`, with its checks.
pub(crate) fn read<T: CachedTable>(path: &Path, key: &T::Key) -> Cached<T> {
    match std::fs::File::open(path) {
        Ok(file) => match T::read_checked(key, &file) {
            Ok(table) => Cached::Found(table),
            Err(err) => Cached::Damaged(err),
        },
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Cached::Missing,
        Err(err) => Cached::Unopened(err),
    }
}

/// Writes `table` to `path` (its directory made if missing) through a temporary file, so that a
/// reader never sees half a table.
pub(crate) fn store<T: CachedTable>(table: &T, path: &Path) -> anyhow::Result<()> {
    let dir = path.parent().context("cache path without a directory")?;
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    crate::atomic_file::write_atomically(path, |file| table.write_to(file))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use sliding::machine::DuplicateMachine;
    use sliding::pdb::{PatternDb, PatternKey};

    use super::*;
    use crate::atomic_file::names;

    #[test]
    fn threads_storing_one_table_at_once_each_store_it_whole() {
        let key = PatternKey::new(3, 3, 0, &[1, 2, 3, 4]).unwrap();
        let db = PatternDb::build(&key, &|_| {}).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(key.file_name());
        // Two boards of a batch may build and store the same table at once: the writers share no
        // temporary file, every store succeeds, and the file read back is the table.
        std::thread::scope(|scope| {
            for _ in 0..8 {
                scope.spawn(|| store(&db, &path).unwrap());
            }
        });
        let Cached::Found(read) = read::<PatternDb>(&path, &key) else { panic!("the table reads back") };
        assert_eq!(read, db);
        assert_eq!(names(dir.path()), [key.file_name()], "temporary files left behind");
    }

    /// A stored machine reads back whole; the temporary file is gone; a missing one is missing
    /// and a damaged one damaged.
    #[test]
    fn a_stored_machine_reads_back() {
        let machine = DuplicateMachine::build(4, 4, 6);
        let dir = tempfile::tempdir().unwrap();
        let key = (4, 4, 6);
        let path = dir.path().join(<DuplicateMachine as CachedTable>::file_name(&key));
        assert!(matches!(read::<DuplicateMachine>(&path, &key), Cached::Missing));
        store(&machine, &path).unwrap();
        let Cached::Found(read_back) = read::<DuplicateMachine>(&path, &key) else { panic!("the machine reads back") };
        assert_eq!(read_back.states(), machine.states());
        assert_eq!(names(dir.path()), [DuplicateMachine::file_name(4, 4, 6)]);
        std::fs::write(&path, "garbage\n").unwrap();
        assert!(matches!(read::<DuplicateMachine>(&path, &key), Cached::Damaged(_)));
    }
}
