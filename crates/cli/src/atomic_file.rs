//! Files written whole or not at all: a temporary file in the target's directory, made by
//! `tempfile` with a name of its own, renamed over the target once written and synced, so a
//! reader sees the old file or the new one, never half of one, and two writers never share a
//! temporary file.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The temporary files being written now. A second signal ends the process at once, without
/// the destructors that would remove them: [`remove_unfinished`] does it first, so no half-written
/// file is left (a pattern database takes a second or so to write).
static UNFINISHED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Removes the temporary files being written now; for a process about to exit at once.
pub(crate) fn remove_unfinished() {
    remove_unfinished_where(|_| true);
}

/// Removes the temporary files being written now whose paths `chosen` picks.
fn remove_unfinished_where(chosen: impl Fn(&Path) -> bool) {
    // The handler runs on its own thread: a writer holding the lock for a moment is waited for.
    let unfinished = UNFINISHED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    for path in unfinished.iter().filter(|path| chosen(path)) {
        let _ = std::fs::remove_file(path);
    }
}

/// Keeps `path` in [`UNFINISHED`] while it lives.
struct Unfinished(PathBuf);

impl Unfinished {
    fn new(path: &Path) -> Unfinished {
        UNFINISHED.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(path.to_path_buf());
        Unfinished(path.to_path_buf())
    }
}

impl Drop for Unfinished {
    fn drop(&mut self) {
        let mut unfinished = UNFINISHED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(at) = unfinished.iter().position(|path| *path == self.0) {
            unfinished.swap_remove(at);
        }
    }
}

/// Writes the file at `path` with what `write` writes, through a temporary file in the same
/// directory (which must exist) that replaces `path` at the end. On an error the temporary file
/// is removed and `path` is left as it was.
pub(crate) fn write_atomically(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    let dir = path.parent().filter(|dir| !dir.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut builder = tempfile::Builder::new();
    builder.prefix(".puzzle-").suffix(".tmp");
    // `tempfile` makes its files readable by their owner only; the files written here are
    // shared (a cache on a cluster's common disk), so they get the mode a plain `File::create`
    // gives, the umask applied.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let temporary = builder.tempfile_in(dir)?;
    let _unfinished = Unfinished::new(temporary.path());
    let mut writer = BufWriter::new(temporary);
    write(&mut writer)?;
    let temporary = writer.into_inner().map_err(io::IntoInnerError::into_error)?;
    temporary.as_file().sync_all()?;
    temporary.persist(path).map_err(|err| err.error)?;
    Ok(())
}

/// The names in `dir`, sorted: what the tests of files written here look for.
#[cfg(test)]
pub(crate) fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writers_of_one_file_at_once_each_write_it_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("table.pdb");
        // Eight threads of one process write the same file at once, each its own contents of a
        // few hundred kilobytes: every write succeeds, and the file is one of them, whole.
        let contents: Vec<Vec<u8>> = (0..8u8).map(|i| vec![i; 300_000]).collect();
        std::thread::scope(|scope| {
            for content in &contents {
                let path = &path;
                scope.spawn(move || {
                    write_atomically(path, |out: &mut dyn Write| {
                        for chunk in content.chunks(1000) {
                            out.write_all(chunk)?;
                        }
                        Ok(())
                    })
                    .unwrap();
                });
            }
        });
        let written = std::fs::read(&path).unwrap();
        assert!(contents.contains(&written), "the file is not one writer's whole contents");
        assert_eq!(names(dir.path()), ["table.pdb"], "temporary files left behind");
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("checkpoint");
        std::fs::write(&path, "old").unwrap();
        let failed = write_atomically(&path, |out| {
            out.write_all(b"half")?;
            Err(io::Error::other("disk full"))
        });
        assert_eq!(failed.unwrap_err().to_string(), "disk full");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(names(dir.path()), ["checkpoint"]);
    }

    #[test]
    fn files_being_written_are_removed_before_an_exit_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("table.pdb");
        let done = write_atomically(&path, |out| {
            out.write_all(b"half")?;
            out.flush()?;
            // A second signal now: the handler removes the temporary file before it exits (the
            // files of this test only: other tests of this process write theirs at once).
            assert_eq!(names(dir.path()).len(), 1, "the temporary file is there");
            remove_unfinished_where(|path| path.starts_with(dir.path()));
            assert_eq!(names(dir.path()), Vec::<String>::new(), "the temporary file is gone");
            Ok(())
        });
        // (In the process that goes on, renaming the removed file fails.)
        assert!(done.is_err());
        assert_eq!(names(dir.path()), Vec::<String>::new());
        assert!(
            UNFINISHED.lock().unwrap().iter().all(|p| !p.starts_with(dir.path())),
            "the entry left with the writer"
        );
    }

    #[cfg(unix)]
    #[test]
    fn written_files_are_readable_by_others_as_the_umask_allows() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("table.pdb");
        write_atomically(&path, |out| out.write_all(b"table")).unwrap();
        let plain = dir.path().join("plain");
        std::fs::write(&plain, "plain").unwrap();
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), mode(&plain));
    }
}
