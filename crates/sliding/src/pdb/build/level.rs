//! One level of the breadth-first search: every block takes in the states its neighbours reached
//! at the current depth.
//!
//! Each block holds 2 bits per order: `0` not reached, else `1 + depth % 3`. A block is written
//! only by the task that owns its map, which also owns the map's depth bytes; the neighbours are
//! only read, and only for entries of the current depth, which no writer touches during the level.
//! So no atomic read-modify-write is needed: the words are atomics only to be shared.
//!
//! For each move into a block, the work is chosen by size: a move that keeps the tiles' order
//! compares whole words (32 entries at a time); otherwise the block either pushes, walking the
//! neighbour's entries at the current depth, or pulls, walking its own unreached entries, which
//! ever list is shorter. Entries of the neighbour at three levels back share the current code;
//! pushing them finds nothing new, and pulling cannot meet them (their neighbours are reached).

use std::sync::atomic::{AtomicU32, AtomicU64, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::layout::Layout;
use super::perm::{Shift, Shifts};
use crate::pdb::regions::Regions;

/// A depth byte of a placement not reached yet.
pub(super) const UNREACHED: u8 = u8::MAX;
/// The largest depth a depth byte holds (deeper levels are stored as this).
const MAX_DEPTH: u8 = u8::MAX - 1;

/// The low bit of every 2-bit entry of a word.
const LOW: u64 = 0x5555_5555_5555_5555;

/// A bit at the low bit of every 2-bit entry that equals `code` (1 to 3).
#[inline]
fn equal(word: u64, code: u64) -> u64 {
    let x = word ^ (code * LOW);
    !(x | x >> 1) & LOW
}

/// A bit at the low bit of every 2-bit entry that is 0.
#[inline]
fn zero(word: u64) -> u64 {
    !(word | word >> 1) & LOW
}

/// The breadth-first search over the abstract space, level by level: its state between levels.
pub(super) struct LevelBfs<'a> {
    layout: &'a Layout,
    shifts: &'a Shifts,
    words_per_block: usize,
    /// The entries of the last word of a block that hold orders (low bits).
    last_valid: u64,
    codes: Vec<AtomicU64>,
    /// Entries reached at the current depth, and at the next, per block (alternating by depth).
    frontier: [Vec<AtomicU32>; 2],
    /// Entries holding each code (depth % 3), per block: what a push walks.
    with_code: [Vec<AtomicU32>; 3],
    unreached: Vec<AtomicU32>,
    /// For a table to be split, the blocks of the maps whose open cells are cut, and their
    /// states' depths (as the depth bytes), each written when the state is first reached.
    regions: Option<&'a Regions>,
    region_depths: &'a [AtomicU8],
}

/// What one level found.
#[derive(Clone, Copy, Default)]
pub(super) struct Found {
    pub(super) states: u64,
    pub(super) placements: u64,
}

impl std::ops::Add for Found {
    type Output = Found;
    fn add(self, other: Found) -> Found {
        Found { states: self.states + other.states, placements: self.placements + other.placements }
    }
}

/// Mutable state for one block's work in a level.
struct Block<'b> {
    words: &'b [AtomicU64],
    /// The block's region depths, by order; empty when the map's open cells are one region.
    region_depths: &'b [AtomicU8],
    depth: &'b mut [u8],
    next_code: u64,
    next_depth: u8,
    found: Found,
}

impl Block<'_> {
    /// Records that the entries `bits` (low bits) of word `w` (with value `old`) are reached.
    #[inline]
    fn mark(&mut self, w: usize, old: u64, mut bits: u64) {
        self.words[w].store(old | (bits * self.next_code), Relaxed);
        self.found.states += u64::from(bits.count_ones());
        while bits != 0 {
            let order = w * 32 + bits.trailing_zeros() as usize / 2;
            bits &= bits - 1;
            if let Some(depth) = self.region_depths.get(order) {
                depth.store(self.next_depth, Relaxed);
            }
            if self.depth[order] == UNREACHED {
                self.depth[order] = self.next_depth;
                self.found.placements += 1;
            }
        }
    }
}

impl<'a> LevelBfs<'a> {
    /// The search over `layout`'s states, writing the depths of the states of the cut maps of
    /// `regions` in `region_depths` (all `UNREACHED`, `regions.entries()` of them).
    pub(super) fn new(
        layout: &'a Layout,
        shifts: &'a Shifts,
        regions: Option<&'a Regions>,
        region_depths: &'a [AtomicU8],
    ) -> LevelBfs<'a> {
        let perms = layout.perms;
        let words_per_block = perms.div_ceil(32);
        let tail = perms - (words_per_block - 1) * 32;
        let last_valid = if tail == 32 { LOW } else { LOW & ((1u64 << (2 * tail)) - 1) };
        let blocks = layout.blocks();
        let counts = |value: u32| (0..blocks).map(|_| AtomicU32::new(value)).collect::<Vec<_>>();
        LevelBfs {
            layout,
            shifts,
            words_per_block,
            last_valid,
            codes: (0..blocks * words_per_block).map(|_| AtomicU64::new(0)).collect(),
            frontier: [counts(0), counts(0)],
            with_code: [counts(0), counts(0), counts(0)],
            unreached: counts(perms as u32),
            regions,
            region_depths,
        }
    }

    /// The region depths of block `region` of map `map`, empty when the map's open cells are one
    /// region.
    fn region_depths(&self, map: usize, region: usize) -> &'a [AtomicU8] {
        let perms = self.layout.perms;
        match self.regions.and_then(|r| r.first_block(map)) {
            Some(first) => &self.region_depths[(first + region) * perms..][..perms],
            None => &[],
        }
    }

    fn words(&self, block: usize) -> &[AtomicU64] {
        &self.codes[block * self.words_per_block..][..self.words_per_block]
    }

    fn valid(&self, w: usize) -> u64 {
        if w + 1 == self.words_per_block {
            self.last_valid
        } else {
            LOW
        }
    }

    /// Marks the single state (map, region, order) at depth 0.
    pub(super) fn start(&self, map: usize, region: usize, order: usize) {
        let block = self.layout.block_start[map] as usize + region;
        if let Some(depth) = self.region_depths(map, region).get(order) {
            depth.store(0, Relaxed);
        }
        self.words(block)[order / 32].store(1 << (2 * (order % 32)), Relaxed);
        self.frontier[0][block].store(1, Relaxed);
        self.with_code[0][block].store(1, Relaxed);
        self.unreached[block].store(self.layout.perms as u32 - 1, Relaxed);
    }

    /// Expands the states at `depth` into those at `depth + 1`, writing their placements' depth
    /// bytes (`depth` holds them by map, `k!` per map). `report` sees each task's findings. Once
    /// `stopped` says so the tasks not begun are skipped, and the level is left half done.
    pub(super) fn level(
        &self,
        depth: u32,
        depth_bytes: &mut [u8],
        report: &(dyn Fn(Found) + Sync),
        stopped: &(dyn Fn() -> bool + Sync),
    ) -> Found {
        let layout = self.layout;
        let perms = layout.perms;
        // Enough maps per task to make it worth a task, and enough tasks for both cores.
        let maps_per_task = ((1 << 16) / perms).clamp(1, 1 << 10);
        let next_code = 1 + u64::from((depth + 1) % 3);
        let next_depth = u8::try_from(depth + 1).unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
        let (current, next) = (&self.frontier[depth as usize % 2], &self.frontier[(depth as usize + 1) % 2]);
        depth_bytes
            .par_chunks_mut(perms * maps_per_task)
            .enumerate()
            .map(|(task, chunk)| {
                let mut found = Found::default();
                if stopped() {
                    return found;
                }
                for (i, map_depth) in chunk.chunks_mut(perms).enumerate() {
                    let map = task * maps_per_task + i;
                    let mut block = Block {
                        words: &[],
                        region_depths: &[],
                        depth: map_depth,
                        next_code,
                        next_depth,
                        found: Found::default(),
                    };
                    let first = layout.block_start[map] as usize;
                    for b in first..layout.block_start[map + 1] as usize {
                        block.region_depths = self.region_depths(map, b - first);
                        self.expand(b, &mut block, current, next, depth);
                    }
                    found = found + block.found;
                }
                report(found);
                found
            })
            .reduce(Found::default, |a, b| a + b)
    }

    /// Brings into block `b` the states its neighbours reached at the current depth.
    fn expand<'b>(&'b self, b: usize, block: &mut Block<'b>, current: &[AtomicU32], next: &[AtomicU32], depth: u32) {
        let code = 1 + u64::from(depth % 3);
        let with_code = &self.with_code[depth as usize % 3];
        block.words = self.words(b);
        let before = block.found.states;
        let mut unreached = self.unreached[b].load(Relaxed);
        for mv in self.layout.moves_of(b) {
            if unreached == 0 {
                break;
            }
            let source = mv.source as usize;
            if current[source].load(Relaxed) == 0 {
                continue;
            }
            let added = block.found.states;
            if mv.from == mv.to {
                self.same_order(block, source, code);
            } else if with_code[source].load(Relaxed) < unreached {
                self.push(block, source, self.shifts.shift(mv.to, mv.from), code);
            } else {
                self.pull(block, source, self.shifts.shift(mv.from, mv.to), code);
            }
            unreached -= (block.found.states - added) as u32;
        }
        let new = (block.found.states - before) as u32;
        next[b].store(new, Relaxed);
        let next_with_code = &self.with_code[(depth as usize + 1) % 3][b];
        next_with_code.store(next_with_code.load(Relaxed) + new, Relaxed);
        self.unreached[b].store(unreached, Relaxed);
    }

    /// A move that keeps the order: entry `i` of the source goes to entry `i`.
    #[inline]
    fn same_order(&self, block: &mut Block<'_>, source: usize, code: u64) {
        for (w, word) in self.words(source).iter().enumerate() {
            let reached = equal(word.load(Relaxed), code);
            if reached == 0 {
                continue;
            }
            let old = block.words[w].load(Relaxed);
            let new = reached & zero(old) & self.valid(w);
            if new != 0 {
                block.mark(w, old, new);
            }
        }
    }

    /// Walks the source's entries at the current code; `back` maps them to the block's orders.
    #[inline]
    fn push(&self, block: &mut Block<'_>, source: usize, back: Shift<'_>, code: u64) {
        for (w, word) in self.words(source).iter().enumerate() {
            let mut reached = equal(word.load(Relaxed), code);
            while reached != 0 {
                let order = back.get(w * 32 + reached.trailing_zeros() as usize / 2);
                reached &= reached - 1;
                let (bw, bit) = (order / 32, 2 * (order % 32));
                let old = block.words[bw].load(Relaxed);
                if (old >> bit) & 3 == 0 {
                    block.mark(bw, old, 1 << bit);
                }
            }
        }
    }

    /// Walks the block's unreached entries; `ahead` maps them to the source's orders.
    #[inline]
    fn pull(&self, block: &mut Block<'_>, source: usize, ahead: Shift<'_>, code: u64) {
        let source = self.words(source);
        for w in 0..self.words_per_block {
            let old = block.words[w].load(Relaxed);
            let mut open = zero(old) & self.valid(w);
            let mut new = 0;
            while open != 0 {
                let bit = open.trailing_zeros();
                open &= open - 1;
                let order = ahead.get(w * 32 + bit as usize / 2);
                if (source[order / 32].load(Relaxed) >> (2 * (order % 32))) & 3 == code {
                    new |= 1 << bit;
                }
            }
            if new != 0 {
                block.mark(w, old, new);
            }
        }
    }
}
