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
use sliding::pdb::TableFileError;

use crate::cache_dir::{cache_dir, check_writable};
use crate::interrupt::{self, Interrupted};
use crate::table_cache::{self, Cached};

/// The machine of a `rows`×`cols` board and `depth` from the cache: `None` when it is not there
/// (or the cache cannot be named). A damaged or foreign file is named and rebuilt, as a damaged
/// table is, and stored again where the cache can be written.
pub(crate) fn load(rows: usize, cols: usize, depth: usize) -> Option<Arc<DuplicateMachine>> {
    let key = (rows, cols, depth);
    let path = table_cache::path::<DuplicateMachine>(&key).ok()?;
    match table_cache::read::<DuplicateMachine>(&path, &key) {
        Cached::Found(machine) => Some(Arc::new(machine)),
        Cached::Missing => None,
        Cached::Unopened(err) => cannot_read(&path, &err),
        Cached::Damaged(TableFileError::Read(err)) => cannot_read(&path, &err),
        Cached::Damaged(err) => {
            crate::output::eprintln_or_drop!("warning: {}: {err}; rebuilding it", path.display());
            let machine = build_with_progress(rows, cols, depth)?;
            let dir = path.parent().unwrap_or(Path::new("."));
            if check_writable(dir).is_ok() {
                if let Err(err) = table_cache::store(&machine, &path) {
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

/// Says that the machine's file at `path` could not be read (`err`): the search goes without it.
fn cannot_read(path: &Path, err: &dyn std::fmt::Display) -> Option<Arc<DuplicateMachine>> {
    crate::output::eprintln_or_drop!("warning: cannot read {}: {err}; searching without it", path.display());
    None
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
        let cached =
            !force && matches!(table_cache::read::<DuplicateMachine>(&path, &(rows, cols, depth)), Cached::Found(_));
        if cached {
            writeln!(out, "ok      {name}: {} (checked in {:.1} s)", path.display(), started.elapsed().as_secs_f64())?;
            continue;
        }
        let Some(machine) = build_with_progress(rows, cols, depth) else {
            return Err(Interrupted(format!("the {name} was not built, and nothing of it was written")).into());
        };
        let built = started.elapsed().as_secs_f64();
        table_cache::store(&machine, &path)?;
        writeln!(out, "built   {name}: {} ({built:.1} s, {} states)", path.display(), machine.states())?;
        out.flush()?;
    }
    Ok(())
}
