//! Duplicate-pruning machines in the table cache: one file per shape and depth beside the
//! pattern databases, read with its checks, rebuilt when damaged, built by `puzzle pdb build`.
//!
//! A machine missing from the cache is not built by a solve: the search then builds small ones
//! in memory as its work grows, which costs a user with an empty cache no wait (on Korf's 100 on
//! an empty cache the whole run takes about as long as the tables' build and the search; the
//! cached machine of 5×5 takes 0.4 s to build, the deeper ones seconds to minutes).

use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use sliding::machine::DuplicateMachine;

use crate::cache_dir::{cache_dir, check_writable};
use crate::interrupt::{self, Interrupted};

/// The machine of a `rows`×`cols` board and `depth` from the cache: `None` when it is not there
/// (or the cache cannot be named). A damaged or foreign file is named and rebuilt, as a damaged
/// table is, and stored again where the cache can be written.
pub(crate) fn load(rows: usize, cols: usize, depth: usize) -> Option<Arc<DuplicateMachine>> {
    let path = cache_dir().ok()?.join(DuplicateMachine::file_name(rows, cols, depth));
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return None,
        Err(err) => {
            crate::output::eprintln_or_drop!("warning: cannot read {}: {err}; searching without it", path.display());
            return None;
        }
    };
    match DuplicateMachine::from_file_bytes(rows, cols, depth, &bytes) {
        Ok(machine) => Some(Arc::new(machine)),
        Err(err) => {
            crate::output::eprintln_or_drop!("warning: {}: {err}; rebuilding it", path.display());
            let machine = build_with_progress(rows, cols, depth)?;
            let dir = path.parent().unwrap_or(Path::new("."));
            if check_writable(dir).is_ok() {
                if let Err(err) = store(&machine, &path) {
                    crate::output::eprintln_or_drop!(
                        "warning: cannot store the machine in {}: {err:#}",
                        path.display()
                    );
                }
            }
            Some(Arc::new(machine))
        }
    }
}

/// Builds the machine of a `rows`×`cols` board and `depth` until a signal stops it, with a
/// progress bar by move sequence length when standard error is a terminal.
fn build_with_progress(rows: usize, cols: usize, depth: usize) -> Option<DuplicateMachine> {
    let bar =
        crate::progress::bar(depth as u64, "{msg} [{elapsed_precise}] {wide_bar} sequences of {pos} of {len} moves");
    bar.set_message(format!("building duplicate-pruning machine {rows}x{cols} depth {depth}"));
    let machine = DuplicateMachine::build_limited(
        rows,
        cols,
        depth,
        &|len| bar.set_position(len as u64),
        &interrupt::build_limits(None),
    );
    bar.finish_and_clear();
    machine
}

/// Writes `machine` to `path` through a temporary file, so a reader never sees half of it.
fn store(machine: &DuplicateMachine, path: &Path) -> anyhow::Result<()> {
    let bytes = machine.file_bytes();
    crate::atomic_file::write_atomically(path, |file| file.write_all(&bytes))?;
    Ok(())
}

/// `puzzle pdb build`, after the tables: the machine of each shape (of those that walk one),
/// checked when cached, else built and stored, each reported with its time, states and place.
/// The cache was found writable by the tables' build.
pub(crate) fn build_command(shapes: &[(usize, usize)], force: bool, out: &mut impl Write) -> anyhow::Result<()> {
    let dir = cache_dir()?;
    for &(rows, cols) in shapes {
        let Some(depth) = DuplicateMachine::depth_for(rows, cols) else { continue };
        let path = dir.join(DuplicateMachine::file_name(rows, cols, depth));
        let started = Instant::now();
        let name = format!("duplicate-pruning machine {rows}x{cols} depth {depth}");
        let cached = !force
            && std::fs::read(&path)
                .ok()
                .and_then(|bytes| DuplicateMachine::from_file_bytes(rows, cols, depth, &bytes).ok())
                .is_some();
        if cached {
            writeln!(out, "ok      {name}: {} (checked in {:.1} s)", path.display(), started.elapsed().as_secs_f64())?;
            continue;
        }
        let Some(machine) = build_with_progress(rows, cols, depth) else {
            return Err(Interrupted(format!("the {name} was not built, and nothing of it was written")).into());
        };
        let built = started.elapsed().as_secs_f64();
        std::fs::create_dir_all(&dir)?;
        store(&machine, &path)?;
        writeln!(out, "built   {name}: {} ({built:.1} s, {} states)", path.display(), machine.states())?;
        out.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stored machine reads back whole; the temporary file is gone.
    #[test]
    fn a_stored_machine_reads_back() {
        let machine = DuplicateMachine::build(4, 4, 6);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(DuplicateMachine::file_name(4, 4, 6));
        store(&machine, &path).unwrap();
        let read = DuplicateMachine::from_file_bytes(4, 4, 6, &std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(read.states(), machine.states());
        assert_eq!(crate::atomic_file::names(dir.path()), [DuplicateMachine::file_name(4, 4, 6)]);
    }
}
