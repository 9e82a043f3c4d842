//! From the search's layout (depth bytes by map and order) to the table's: one 4-bit excess per
//! placement in [`rank`](crate::pdb::rank) order, or for a split table a byte of two, from the
//! depths of the first region and the least of the others (`crate::pdb::regions`).
//!
//! The table's rank has the first tiles' cells as its leading digits, and the search's order rank
//! has the first tiles' places as its leading digits. So the placements with the first `f` tiles
//! on given cells are one run of the table (a task's own bytes, sized to stay in cache), and in
//! each map holding those cells, one run of depth bytes. A task walks those runs in order, the
//! remaining tiles' places chosen one tile at a time in increasing order (the order rank's order),
//! and adds up each entry's table rank and Manhattan distance on the way down.

use rayon::prelude::*;

use super::layout::Layout;
use super::level::UNREACHED;
use super::perm::factorial;
use crate::pdb::regions::maps;
use crate::pdb::{unrank, PatternKey, MAX_EXCESS};

/// The most table entries a task writes: 128 KiB of nibbles, which stay in the cache.
pub(super) const TASK_ENTRIES: usize = 1 << 18;

/// Depth bytes copied at once from the runs of several maps: the copies' loads are independent,
/// so the processor overlaps their misses instead of waiting for each run in turn.
const BATCH_BYTES: usize = 1 << 12;

/// What one task needs while it walks the placements of one map.
struct Walk<'a> {
    out: &'a mut [u8],
    /// Whether `out` holds a split byte per placement rather than a nibble.
    split: bool,
    /// The map's cells in increasing order.
    sorted: [u8; 64],
    /// `weights[i]`: the table rank's weight of tile `i`'s digit.
    weights: &'a [usize],
    distance: &'a [Vec<u8>],
    k: usize,
}

impl Walk<'_> {
    /// Writes the excess of the placement whose depth byte is `depth[*index]` (and, split, the
    /// other regions' `others[*index]`).
    #[inline(always)]
    fn leaf(&mut self, (depth, others): Runs<'_>, index: &mut usize, offset: usize, manhattan: u32) {
        let entry = |d: u8| if d == UNREACHED { 0 } else { excess(d, manhattan) };
        let d = depth[*index];
        if self.split {
            // A region the goal cannot reach (some placements, with every tile but one or two
            // in the pattern) takes the other's value: no search meets it, and the least of the
            // two stays the placement's.
            let o = others[*index];
            let (d, o) = (if d == UNREACHED { o } else { d }, if o == UNREACHED { d } else { o });
            self.out[offset] = entry(d) | entry(o) << 4;
        } else {
            self.out[offset / 2] |= entry(d) << ((offset & 1) * 4);
        }
        *index += 1;
    }

    /// Places tiles `i..k` on the free places of `free_places` (bits), with `used` the cells of
    /// tiles before `i`; `index` is the next byte of the runs, `offset` and `manhattan` the sums
    /// so far.
    #[allow(clippy::too_many_arguments)]
    fn place(
        &mut self,
        runs: Runs<'_>,
        i: usize,
        free_places: u32,
        used: u64,
        index: &mut usize,
        offset: usize,
        manhattan: u32,
    ) {
        if i + 2 >= self.k {
            // The last one or two tiles: no more calls, which cost more than the work here.
            let mut places = free_places;
            while places != 0 {
                let place = places.trailing_zeros();
                places &= places - 1;
                let cell = self.sorted[place as usize];
                let digit = usize::from(cell) - (used & ((1u64 << cell) - 1)).count_ones() as usize;
                let (offset, manhattan) =
                    (offset + digit * self.weights[i], manhattan + u32::from(self.distance[i][usize::from(cell)]));
                if i + 1 == self.k {
                    self.leaf(runs, index, offset, manhattan);
                } else {
                    let last = self.sorted[(free_places & !(1 << place)).trailing_zeros() as usize];
                    let used = used | 1 << cell;
                    let digit = usize::from(last) - (used & ((1u64 << last) - 1)).count_ones() as usize;
                    self.leaf(
                        runs,
                        index,
                        offset + digit,
                        manhattan + u32::from(self.distance[i + 1][usize::from(last)]),
                    );
                }
            }
            return;
        }
        let mut places = free_places;
        while places != 0 {
            let place = places.trailing_zeros();
            places &= places - 1;
            let cell = self.sorted[place as usize];
            let digit = usize::from(cell) - (used & ((1u64 << cell) - 1)).count_ones() as usize;
            self.place(
                runs,
                i + 1,
                free_places & !(1 << place),
                used | 1 << cell,
                index,
                offset + digit * self.weights[i],
                manhattan + u32::from(self.distance[i][usize::from(cell)]),
            );
        }
    }
}

/// `distance[i][cell]`: the Manhattan distance of the pattern's tile `i` at `cell`.
fn distances(key: &PatternKey) -> Vec<Vec<u8>> {
    let (n, cols) = (key.cells(), key.cols());
    key.tiles()
        .iter()
        .map(|&tile| {
            let tile = usize::from(tile);
            (0..n).map(|c| ((tile / cols).abs_diff(c / cols) + (tile % cols).abs_diff(c % cols)) as u8).collect()
        })
        .collect()
}

/// The excess of a depth over the placement's Manhattan distance, in pairs of moves, as a table
/// entry holds it.
#[inline(always)]
fn excess(depth: u8, manhattan: u32) -> u8 {
    let depth = u32::from(depth);
    debug_assert!(depth >= manhattan && (depth - manhattan) % 2 == 0);
    ((depth - manhattan) / 2).min(u32::from(MAX_EXCESS)) as u8
}

/// A run of depth bytes, and of the other regions' depths for a split table (else empty).
type Runs<'a> = (&'a [u8], &'a [u8]);

/// Writes the table's entries into `nibbles` (zeroed: one per two placements, or one per
/// placement for a split table) from the depth bytes and, for a split table, the least depths of
/// the other regions. Once `stopped` says so the tasks not begun are skipped, and the table is
/// left half written.
pub(super) fn to_nibbles(
    key: &PatternKey,
    layout: &Layout,
    (depth, others): (&[u8], Option<&[u8]>),
    task_entries: usize,
    nibbles: &mut [u8],
    stopped: &(dyn Fn() -> bool + Sync),
) {
    let split = others.is_some();
    let (n, k, entries) = (key.cells(), layout.k, key.entries());
    let distance = distances(key);
    // weights[i] = (n - i - 1) (n - i - 2) ... (n - k + 1).
    let weights: Vec<usize> = (0..k).map(|i| (i + 1..k).map(|j| n - j).product()).collect();
    // Fix as few leading tiles as keep a task's run small, leaving at least two tiles free so that
    // every run is a whole number of bytes (with fewer tiles there is one task).
    let fixed =
        (0..=k.saturating_sub(2)).find(|&f| weights[f] * (n - f) <= task_entries).unwrap_or(k.saturating_sub(2));
    let run = if fixed == 0 { entries } else { weights[fixed - 1] };
    let perms = layout.perms;
    let task_bytes = if split { run } else { run.div_ceil(2) };
    nibbles.par_chunks_mut(task_bytes).enumerate().for_each(|(task, out)| {
        if stopped() {
            return;
        }
        let mut cells = [0u8; 16];
        unrank(task, n, &mut cells[..fixed]);
        let fixed_mask = cells[..fixed].iter().fold(0u64, |m, &c| m | 1 << c);
        let fixed_manhattan: u32 = (0..fixed).map(|i| u32::from(distance[i][usize::from(cells[i])])).sum();
        let free_cells = layout.grid.board() & !fixed_mask;
        let mut walk = Walk { out, split, sorted: [0; 64], weights: &weights, distance: &distance, k };
        let run_bytes = factorial(k - fixed);
        let batch = (BATCH_BYTES / run_bytes).max(1);
        let mut buffer = vec![0u8; batch * run_bytes];
        let mut other_buffer = vec![0u8; if split { batch * run_bytes } else { 0 }];
        let mut places = vec![0u32; batch];
        // Every map holding the fixed cells: the fixed cells and k - fixed of the others.
        let maps: Vec<u64> = maps(n - fixed, k - fixed, &layout.binomials)
            .into_iter()
            .map(|choice| fixed_mask | deposit(choice, free_cells))
            .collect();
        let all_places = (1u32 << k) - 1;
        for group in maps.chunks(batch) {
            // The fixed tiles' places in each map, and where the map's run of depth bytes starts.
            places.fill(0);
            for (g, (&map, places)) in group.iter().zip(places.iter_mut()).enumerate() {
                let mut order = 0;
                for (i, &cell) in cells[..fixed].iter().enumerate() {
                    let place = (map & ((1u64 << cell) - 1)).count_ones();
                    order += (place - (*places & ((1 << place) - 1)).count_ones()) as usize * factorial(k - 1 - i);
                    *places |= 1 << place;
                }
                let start = layout.binomials.colex(map) * perms + order;
                let run = g * run_bytes..(g + 1) * run_bytes;
                buffer[run.clone()].copy_from_slice(&depth[start..start + run_bytes]);
                if let Some(others) = others {
                    other_buffer[run].copy_from_slice(&others[start..start + run_bytes]);
                }
            }
            for (g, (&map, &used_places)) in group.iter().zip(places.iter()).enumerate() {
                let run = g * run_bytes..(g + 1) * run_bytes;
                let runs = (&buffer[run.clone()], if split { &other_buffer[run] } else { &[][..] });
                let mut rest = map;
                for slot in walk.sorted.iter_mut().take(k) {
                    *slot = rest.trailing_zeros() as u8;
                    rest &= rest - 1;
                }
                let mut index = 0;
                walk.place(runs, fixed, all_places & !used_places, fixed_mask, &mut index, 0, fixed_manhattan);
            }
        }
    });
}

/// The bits of `bits` moved, in order, onto the set bits of `mask`.
fn deposit(mut bits: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    while mask != 0 && bits != 0 {
        let low = mask & mask.wrapping_neg();
        if bits & 1 != 0 {
            out |= low;
        }
        bits >>= 1;
        mask &= mask - 1;
    }
    out
}
