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
//! Memory: one byte per placement, 2 bits per state, then the table's 4 bits per placement; for
//! 8 tiles of the 15-puzzle 0.5 GiB, 0.17 GiB and 0.25 GiB (the 2-bit codes are dropped before
//! the table is written).

mod convert;
mod layout;
mod level;
mod perm;

use layout::Layout;
use level::{Found, LevelBfs, UNREACHED};
use perm::Shifts;

use super::{rank, PatternDb, PatternKey};

/// How far a build has come, reported from the worker threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// The depth (pattern moves) being expanded.
    pub depth: u32,
    /// Placements reached so far.
    pub reached: u64,
    /// Placements in the table.
    pub entries: u64,
}

pub(super) fn build(key: &PatternKey, progress: &(dyn Fn(&BuildProgress) + Sync)) -> PatternDb {
    build_with(key, progress, perm::MAX_TABLE_BYTES, convert::TASK_ENTRIES)
}

/// [`build`] with at most `max_table_bytes` for the order maps' tables and `task_entries` table
/// entries written per task of the last pass.
fn build_with(
    key: &PatternKey,
    progress: &(dyn Fn(&BuildProgress) + Sync),
    max_table_bytes: usize,
    task_entries: usize,
) -> PatternDb {
    let layout = Layout::new(key);
    let needed: Vec<(u8, u8)> = {
        let mut pairs: Vec<(u8, u8)> =
            layout.moves.iter().filter(|mv| mv.from != mv.to).map(|mv| (mv.from, mv.to)).collect();
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    };
    let shifts = Shifts::new(layout.k, &needed, max_table_bytes);
    let mut depth = vec![UNREACHED; key.entries()];

    // Depth 0: the pattern at home, the blank's region around the blank's goal cell.
    let home = key.tiles();
    let map = home.iter().fold(0u64, |m, &c| m | 1 << c);
    let map_index = layout.binomials.colex(map);
    let open = layout.grid.board() & !map;
    let regions = layout.grid.regions(open);
    let region = regions.iter().position(|&r| r & (1 << key.blank()) != 0).unwrap_or_else(|| unreachable!());
    let order = rank(home.iter().map(|&cell| (map & ((1u64 << cell) - 1)).count_ones() as u8), layout.k);
    depth[map_index * layout.perms + order] = 0;

    let search = LevelBfs::new(&layout, &shifts);
    search.start(layout.block_start[map_index] as usize + region, order);
    let entries = key.entries() as u64;
    let reached = std::sync::atomic::AtomicU64::new(1);
    for level in 0u32.. {
        let report = |found: Found| {
            let reached = reached.fetch_add(found.placements, std::sync::atomic::Ordering::Relaxed) + found.placements;
            progress(&BuildProgress { depth: level, reached, entries });
        };
        if search.level(level, &mut depth, &report).states == 0 {
            break;
        }
    }
    drop(search);
    let nibbles = convert::to_nibbles(key, &layout, &depth, task_entries);
    PatternDb { key: key.clone(), nibbles }
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
            let table = build(&key, &|_| {});
            assert_eq!(build_with(&key, &|_| {}, 0, convert::TASK_ENTRIES), table, "{key}");
            for task_entries in [1, 8, 100] {
                assert_eq!(build_with(&key, &|_| {}, perm::MAX_TABLE_BYTES, task_entries), table, "{key}");
            }
        }
    }

    #[test]
    fn maps_are_ranked_in_colex_order() {
        let key = PatternKey::new(3, 3, 0, &[1, 2, 3]).unwrap();
        let layout = Layout::new(&key);
        let maps = layout::maps(9, 3, &layout.binomials);
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
