//! Building a pattern database: breadth-first search from the goal over (placement of the
//! pattern's tiles, region of the blank), level by level, on all of rayon's threads.
//!
//! The blank moves for free among the cells the pattern leaves open, so a state is a placement
//! together with the connected open region holding the blank. The search does not rank states as
//! the table does. It splits a placement into the set of cells the tiles occupy (a *map*) and the
//! order of the tiles along those cells, and keeps one *block* per map and region with 2 bits for
//! each of the `k!` orders (`layout`). A tile moving one column keeps the order, and so does a
//! tile moving one row past no other pattern tile; any other move shifts the order by a fixed map
//! of ranks, a table per (from, to) place (`perm`). So each move between two blocks is a pass
//! over two blocks of a few kilobytes, in cache, with no ranking of placements and no regions
//! computed per state; a level is a pass over the blocks (`level`). The first region of a placement
//! reached fixes its depth, kept in one byte per placement, and the last pass turns depths into
//! the table's excesses in its own order (`convert`).
//!
//! Where the table is split by the blank's region (`super::regions`), the states of the maps
//! whose open cells are cut also get a depth byte each, written when they are first reached;
//! at the end the first region's depths and the least of the others' become the two excesses.
//!
//! A build polls its [`Limits`] (the interrupt flag and the deadline, not the node limit) once
//! per task of every pass, a few thousand placements each, and gives up within a fraction of a
//! second of a signal or the deadline, returning no table.
//!
//! Memory: one byte per placement, 2 bits per state, then the table's 4 bits per placement; for
//! 8 tiles of the 15-puzzle 0.5 GiB, 0.17 GiB and 0.25 GiB (the 2-bit codes are dropped before
//! the table is written). A split table takes a byte per placement, and its search a byte per
//! state of a cut map (101 MB for 6 tiles of the 24-puzzle) and another per placement.

mod convert;
mod layout;
mod level;
mod perm;

use layout::Layout;
use level::{Found, LevelBfs, UNREACHED};
use perm::Shifts;

use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;
use search::Limits;

use super::memory::{filled_vec, MemoryError, TableMemory};
use super::regions::Regions;
use super::{rank, table_bytes, PatternDb, PatternKey};

/// How far a build has come, reported from the worker threads.
///
/// ```
/// use std::sync::Mutex;
///
/// use sliding::pdb::{BuildProgress, PatternDb, PatternKey};
///
/// let key = PatternKey::new(3, 3, 8, &[0, 1, 2])?;
/// let seen: Mutex<Vec<BuildProgress>> = Mutex::new(Vec::new());
/// PatternDb::build(&key, &|progress| seen.lock().unwrap().push(*progress))?;
/// // Every report counts against the table's 9 * 8 * 7 placements.
/// let seen = seen.into_inner()?;
/// assert!(seen.iter().all(|progress| progress.entries == 9 * 8 * 7 && progress.reached <= progress.entries));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// The depth (pattern moves) being expanded.
    pub depth: u32,
    /// Placements reached so far.
    pub reached: u64,
    /// Placements in the table.
    pub entries: u64,
}

/// The table of `key`, or `Ok(None)` when `limits` stopped the build (a signal or the
/// deadline); the error when the system would not give the memory of its depths or its table.
pub(super) fn build(
    key: &PatternKey,
    progress: &(dyn Fn(&BuildProgress) + Sync),
    limits: &Limits<'_>,
) -> Result<Option<PatternDb>, MemoryError> {
    build_with(key, progress, limits, perm::MAX_TABLE_BYTES, convert::TASK_ENTRIES)
}

/// [`build`] with at most `max_table_bytes` for the order maps' tables and `task_entries` table
/// entries written per task of the last pass.
fn build_with(
    key: &PatternKey,
    progress: &(dyn Fn(&BuildProgress) + Sync),
    limits: &Limits<'_>,
    max_table_bytes: usize,
    task_entries: usize,
) -> Result<Option<PatternDb>, MemoryError> {
    // Before the memory is taken: a build asked for after its deadline does nothing.
    let stopped = || limits.stopped();
    if stopped() {
        return Ok(None);
    }
    let layout = Layout::new(key);
    let needed: Vec<(u8, u8)> = {
        let mut pairs: Vec<(u8, u8)> =
            layout.moves.iter().filter(|mv| mv.from != mv.to).map(|mv| (mv.from, mv.to)).collect();
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    };
    // The setup passes take a few tenths of a second each on the big tables: the limits are
    // looked at between them too.
    if stopped() {
        return Ok(None);
    }
    let shifts = Shifts::new(layout.k, &needed, max_table_bytes);
    if stopped() {
        return Ok(None);
    }
    let mut depth = filled_vec(key.entries(), || format!("the depths of pattern database {key}"), || UNREACHED)?;
    let regions = Regions::new(key);
    if stopped() {
        return Ok(None);
    }
    let region_depths: Vec<AtomicU8> = filled_vec(
        regions.as_ref().map_or(0, Regions::entries),
        || format!("the region depths of pattern database {key}"),
        || AtomicU8::new(UNREACHED),
    )?;

    // Depth 0: the pattern at home, the blank's region around the blank's goal cell.
    let home = key.tiles();
    let map = home.iter().fold(0u64, |m, &c| m | 1 << c);
    let map_index = layout.binomials.colex(map);
    let open = layout.grid.board() & !map;
    let region =
        layout.grid.regions(open).iter().position(|&r| r & (1 << key.blank()) != 0).unwrap_or_else(|| unreachable!());
    let order = rank(home.iter().map(|&cell| (map & ((1u64 << cell) - 1)).count_ones() as u8), layout.k);
    depth[map_index * layout.perms + order] = 0;

    let search = LevelBfs::new(&layout, &shifts, regions.as_ref(), &region_depths);
    if stopped() {
        return Ok(None);
    }
    search.start(map_index, region, order);
    let entries = key.entries() as u64;
    let reached = std::sync::atomic::AtomicU64::new(1);
    for level in 0u32.. {
        let report = |found: Found| {
            let reached = reached.fetch_add(found.placements, std::sync::atomic::Ordering::Relaxed) + found.placements;
            progress(&BuildProgress { depth: level, reached, entries });
        };
        let found = search.level(level, &mut depth, &report, &stopped);
        // A stopped level skipped some of its tasks: its count means nothing.
        if stopped() {
            return Ok(None);
        }
        if found.states == 0 {
            break;
        }
    }
    drop(search);
    // A split table: the first region's depths in `depth`, the least of the others' in `others`.
    let others = regions.as_ref().map(|regions| split_depths(&layout, regions, &region_depths, &mut depth));
    drop(region_depths);
    if stopped() {
        return Ok(None);
    }
    let mut nibbles = TableMemory::zeroed(table_bytes(key, others.is_some()), || key.memory_name())?;
    convert::to_nibbles(key, &layout, (&depth, others.as_deref()), task_entries, &mut nibbles, &stopped);
    if stopped() {
        return Ok(None);
    }
    Ok(Some(PatternDb::from_parts(key, nibbles, regions)))
}

/// For a split table: sets the depths of the placements whose open cells are cut to those of
/// their first region (the region of the lowest open cell, the map's first block), and returns
/// the least depths over their other regions, which for the other placements are their depths.
fn split_depths(layout: &Layout, regions: &Regions, region_depths: &[AtomicU8], depth: &mut [u8]) -> Vec<u8> {
    let perms = layout.perms;
    let mut others = depth.to_vec();
    depth.par_chunks_mut(perms).zip(others.par_chunks_mut(perms)).enumerate().for_each(|(map, (first, other))| {
        let Some(block) = regions.first_block(map) else { return };
        let count = (layout.block_start[map + 1] - layout.block_start[map]) as usize;
        let blocks = &region_depths[block * perms..(block + count) * perms];
        for (order, (first, other)) in first.iter_mut().zip(other.iter_mut()).enumerate() {
            *first = blocks[order].load(Relaxed);
            *other = (1..count).map(|region| blocks[region * perms + order].load(Relaxed)).min().unwrap_or(UNREACHED);
        }
    });
    others
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computed_order_maps_and_small_tasks_build_the_same_table() {
        for (rows, cols, blank, tiles) in
            [(2, 3, 0, &[1, 3, 4][..]), (3, 3, 4, &[0, 1, 2, 3, 5]), (3, 4, 0, &[1, 2, 3])]
        {
            let key = PatternKey::new(rows, cols, blank, tiles).unwrap();
            let none = &Limits::NONE;
            let table = build(&key, &|_| {}, none).unwrap();
            assert_eq!(build_with(&key, &|_| {}, none, 0, convert::TASK_ENTRIES).unwrap(), table, "{key}");
            for task_entries in [1, 8, 100] {
                assert_eq!(
                    build_with(&key, &|_| {}, none, perm::MAX_TABLE_BYTES, task_entries).unwrap(),
                    table,
                    "{key}"
                );
            }
        }
    }

    #[test]
    fn a_signal_stops_the_build_within_the_tasks_under_way() {
        use std::sync::atomic::{AtomicBool, AtomicUsize};
        let key = PatternKey::new(4, 4, 0, &[1, 2, 3, 4, 5]).unwrap();
        let flag = AtomicBool::new(false);
        let limits = Limits { interrupt: Some(&flag), ..Limits::NONE };
        let after = AtomicUsize::new(0);
        // The flag is set as a signal would set it, once the search is under way; each task of a
        // level reports once, so the reports after it count the tasks that did not see it.
        let progress = |progress: &BuildProgress| {
            if flag.load(Relaxed) {
                after.fetch_add(1, Relaxed);
            } else if progress.reached > 1000 {
                flag.store(true, Relaxed);
            }
        };
        assert_eq!(build(&key, &progress, &limits), Ok(None));
        assert!(flag.load(Relaxed), "the search reached 1000 placements");
        assert!(after.load(Relaxed) < rayon::current_num_threads(), "{} tasks after the stop", after.load(Relaxed));
    }

    #[test]
    fn maps_are_ranked_in_colex_order() {
        let key = PatternKey::new(3, 3, 0, &[1, 2, 3]).unwrap();
        let layout = Layout::new(&key);
        let maps = crate::pdb::regions::maps(9, 3, &layout.binomials);
        assert_eq!(maps.len(), 84);
        for (index, &map) in maps.iter().enumerate() {
            assert_eq!(map.count_ones(), 3);
            assert_eq!(layout.binomials.colex(map), index);
        }
        assert!(maps.windows(2).all(|w| w[0] < w[1]));
        let grid = &layout.grid;
        assert_eq!(grid.around(1 << 4), 0b010_101_010);
        assert_eq!(grid.around(1 << 0), 0b000_001_010);
        assert_eq!(grid.around(1 << 2), 0b000_100_010);
        assert_eq!(grid.region(1, 0b111_000_011), 0b000_000_011);
        assert_eq!(grid.regions(0b101_000_101), vec![1, 4, 64, 256]);
    }
}
