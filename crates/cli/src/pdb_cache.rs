//! Pattern databases in the table cache (`table_cache.rs`): loaded with their checks, and
//! built (with a progress bar on a terminal) when they are missing, stale or corrupt.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use sliding::machine::DuplicateMachine;
use sliding::pdb::{MemoryError, PatternDb, PatternKey};
use sliding::planner::{TableError, TableSource};
use sliding::Limits;

use crate::cache_dir::{cache_dir, check_writable};
use crate::interrupt::{self, Interrupted};
use crate::table_cache::{self, Cached};

/// Tables smaller than this are built in memory every time (in milliseconds) and never written.
/// The quick tables of the 15- and 24-puzzle (5-tile and 4-tile patterns, 524,160 and 303,600
/// entries) are above it: they take a second or more to build, which every worker of a cluster
/// would pay again, and a few hundred kilobytes to keep.
const CACHE_MIN_ENTRIES: usize = 1 << 18;

/// Loads tables from the cache, building and storing the missing ones; tables already loaded in
/// this process are shared. The planner of `sliding` draws its tables from here.
#[derive(Default)]
pub(crate) struct PdbCache {
    loaded: Mutex<HashMap<PatternKey, Arc<PatternDb>>>,
    /// Duplicate-pruning machines by shape and depth, as read (`None`: not in the cache).
    machines: Mutex<HashMap<MachineKey, Option<Arc<DuplicateMachine>>>>,
}

/// A board shape and machine depth: rows, columns, depth.
type MachineKey = (usize, usize, usize);

impl PdbCache {
    /// Whether the table for `key` is at hand without a long build: loaded already, small enough
    /// to build in memory at once, or in the cache directory (a damaged file is rebuilt when it
    /// is read).
    pub(crate) fn is_cached(&self, key: &PatternKey) -> bool {
        key.entries() < CACHE_MIN_ENTRIES
            || self.loaded.lock().is_ok_and(|loaded| loaded.contains_key(key))
            || cache_dir().is_ok_and(|dir| dir.join(key.file_name()).is_file())
    }

    /// The table for `key`: from memory, from the cache file, or built now until the deadline
    /// of `limits` or a signal (`None` when either stopped the build).
    pub(crate) fn get(&self, key: &PatternKey, limits: &Limits<'_>) -> anyhow::Result<Option<Arc<PatternDb>>> {
        if let Some(db) = self.loaded.lock().map_err(|_| anyhow::anyhow!("table cache poisoned"))?.get(key) {
            return Ok(Some(Arc::clone(db)));
        }
        let Some(db) = load_or_build(key, limits.deadline)? else { return Ok(None) };
        let db = Arc::new(db);
        self.loaded.lock().map_err(|_| anyhow::anyhow!("table cache poisoned"))?.insert(key.clone(), Arc::clone(&db));
        Ok(Some(db))
    }
}

impl TableSource for PdbCache {
    fn is_cached(&self, key: &PatternKey) -> bool {
        PdbCache::is_cached(self, key)
    }

    fn table(&self, key: &PatternKey, limits: &Limits<'_>) -> Result<Option<Arc<PatternDb>>, TableError> {
        self.get(key, limits).map_err(|err| TableError { key: key.to_string(), message: format!("{err:#}") })
    }

    fn building_tables(&self, shape: puzzle_core::Shape, reason: &str) {
        crate::output::eprintln_or_drop!(
            "note: building pattern databases for {shape} once (`puzzle pdb build` does it ahead): {reason}"
        );
    }

    fn machine(&self, rows: usize, cols: usize, depth: usize) -> Option<Arc<DuplicateMachine>> {
        let mut machines = self.machines.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        machines.entry((rows, cols, depth)).or_insert_with(|| crate::machine_cache::load(rows, cols, depth)).clone()
    }
}

/// The table for `key` from its cache file when that file is sound, else built and written;
/// `None` when a signal or the `deadline` stopped the build (nothing is written then).
pub(crate) fn load_or_build(key: &PatternKey, deadline: Option<Instant>) -> anyhow::Result<Option<PatternDb>> {
    let limits = interrupt::build_limits(deadline);
    // A board whose time is up, or a run that a signal stops, gives up without the table: no
    // file is read or probed for it.
    if limits.stopped() {
        return Ok(None);
    }
    if key.entries() < CACHE_MIN_ENTRIES {
        return Ok(PatternDb::build_limited(key, &|_| {}, &limits)?);
    }
    let path = table_cache::path::<PatternDb>(key)?;
    // A missing cache directory, or a file in its place, holds no table: `check_writable` below
    // says what is wrong with it.
    let dir = path.parent().unwrap_or(Path::new("."));
    match table_cache::read::<PatternDb>(&path, key) {
        Cached::Missing | Cached::Unopened(_) if !dir.is_dir() => {}
        Cached::Found(db) => return Ok(Some(db)),
        Cached::Damaged(err) => crate::output::eprintln_or_drop!("warning: {}: {err}; rebuilding it", path.display()),
        Cached::Missing => {}
        Cached::Unopened(err) => {
            crate::output::eprintln_or_drop!("warning: cannot read {}: {err}; rebuilding it", path.display())
        }
    }
    // A read-only cache (a shared mount on a cluster) is used as it is: the missing table is
    // named at once and built in memory for this run only, never written.
    if let Err(err) = check_writable(dir) {
        crate::output::eprintln_or_drop!(
            "warning: pattern database {key} is not in the cache ({} is missing), and the cache {} {err}: building \
             it in memory for this run only; `puzzle pdb build` with a writable cache stores it",
            path.display(),
            dir.display()
        );
        return Ok(build_with_progress(key, &limits)?);
    }
    let Some(db) = build_with_progress(key, &limits)? else { return Ok(None) };
    if let Err(err) = table_cache::store(&db, &path) {
        crate::output::eprintln_or_drop!("warning: cannot store the table in {}: {err:#}", path.display());
    }
    Ok(Some(db))
}

/// Builds the table for `key` under `limits`, with a progress bar when standard error is a
/// terminal; `None` when the limits stopped it, the error when the system refused its memory.
pub(crate) fn build_with_progress(key: &PatternKey, limits: &Limits<'_>) -> Result<Option<PatternDb>, MemoryError> {
    let bar = crate::progress::bar(
        key.entries() as u64,
        "{msg} [{elapsed_precise}] {wide_bar} {percent:>3}% of {human_len} placements",
    );
    bar.set_message(format!("building pattern database {key}"));
    let db = PatternDb::build_limited(
        key,
        &|progress| {
            bar.set_position(progress.reached);
        },
        limits,
    );
    bar.finish_and_clear();
    db
}

/// `puzzle pdb build`: builds (or checks) the tables for the given sizes and goals and reports
/// each with its time and place.
pub(crate) fn build_command(keys: &[PatternKey], force: bool, out: &mut impl Write) -> anyhow::Result<()> {
    let dir = cache_dir()?;
    let mut checked_writable = false;
    for key in keys {
        let path = dir.join(key.file_name());
        let started = Instant::now();
        let cached = !force && matches!(table_cache::read::<PatternDb>(&path, key), Cached::Found(_));
        if cached {
            writeln!(out, "ok      {key}: {} (checked in {:.1} s)", path.display(), started.elapsed().as_secs_f64())?;
            continue;
        }
        // Before the work, not after: a table that cannot be stored is not built.
        if !checked_writable {
            check_writable(&dir).map_err(|message| crate::input::BadInput {
                file: dir.display().to_string(),
                pos: None,
                message: format!("the pattern-database cache {message}: cannot store {key} there"),
            })?;
            checked_writable = true;
        }
        // A signal stops the build within a second, and nothing of it is written.
        let Some(db) = build_with_progress(key, &interrupt::build_limits(None))? else {
            return Err(
                Interrupted(format!("pattern database {key} was not built, and nothing of it was written")).into()
            );
        };
        let built = started.elapsed().as_secs_f64();
        table_cache::store(&db, &path)?;
        writeln!(out, "built   {key}: {} ({built:.1} s)", path.display())?;
        out.flush()?;
    }
    Ok(())
}
