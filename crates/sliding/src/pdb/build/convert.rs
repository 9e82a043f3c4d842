//! From the search's layout (depth bytes by map and order) to the table's: one 4-bit excess per
//! placement in [`rank`](crate::pdb::rank) order.
//!
//! The output is written in order, two entries per byte, each task its own run of bytes; the
//! depth bytes are read where they lie. Placements are walked by their first `k - 1` tiles (a
//! *base*) and then the last tile's free cells in increasing order. The last tile is the largest
//! tile number, so inserting it into the base's order and the base's cells changes the ranks by
//! sums that depend only on how many base cells lie below it: they are computed once per base.

use rayon::prelude::*;

use super::layout::Layout;
use super::level::UNREACHED;
use crate::pdb::{unrank, PatternKey, MAX_EXCESS};

/// Output bytes per task.
const CHUNK_BYTES: usize = 1 << 16;

/// The pieces of the map and order ranks of every placement with one base.
struct Base {
    /// Occupied cells of the base.
    mask: u64,
    manhattan: u32,
    /// Indexed by the number `j` of base cells below the last tile's cell: the map rank and the
    /// order rank without the last tile's own terms.
    map_rank: [usize; 16],
    order_rank: [usize; 16],
}

impl Base {
    fn new(layout: &Layout, distance: &[Vec<u8>], base: usize) -> Base {
        let (n, k) = (layout.n, layout.k);
        let mut cells = [0u8; 16];
        unrank(base, n, &mut cells[..k - 1]);
        let mut tile_at = [0u8; 64];
        let mut mask = 0u64;
        let mut manhattan = 0;
        for (tile, &cell) in cells[..k - 1].iter().enumerate() {
            tile_at[usize::from(cell)] = tile as u8;
            mask |= 1 << cell;
            manhattan += u32::from(distance[tile][usize::from(cell)]);
        }
        // The base's cells in increasing order, and the tiles on them.
        let (mut sorted, mut order) = ([0usize; 16], [0u8; 16]);
        let mut rest = mask;
        for i in 0..k - 1 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            sorted[i] = cell;
            order[i] = tile_at[cell];
        }
        // Lehmer digits of the base's order: later tiles with smaller numbers.
        let mut digits = [0usize; 16];
        let mut later = 0u32;
        for i in (0..k - 1).rev() {
            digits[i] = (later & ((1 << order[i]) - 1)).count_ones() as usize;
            later |= 1 << order[i];
        }
        let fact = super::perm::factorial;
        let c = &layout.binomials;
        // With j base cells below the last tile, those below keep their place and those above
        // move up one; the last tile at place j is larger than the k - 1 - j tiles after it.
        let (mut map_rank, mut order_rank) = ([0usize; 16], [0usize; 16]);
        let (mut low_map, mut low_order) = (0, 0);
        for j in 0..k {
            map_rank[j] = low_map;
            order_rank[j] = low_order + (k - 1 - j) * fact(k - 1 - j);
            if j + 1 < k {
                low_map += c.get(sorted[j], j + 1) as usize;
                low_order += digits[j] * fact(k - 1 - j);
            }
        }
        let (mut high_map, mut high_order) = (0, 0);
        for j in (0..k).rev() {
            if j + 1 < k {
                high_map += c.get(sorted[j], j + 2) as usize;
                high_order += digits[j] * fact(k - 2 - j);
            }
            map_rank[j] += high_map;
            order_rank[j] += high_order;
        }
        Base { mask, manhattan, map_rank, order_rank }
    }
}

/// The table's nibbles from the depth bytes.
pub(super) fn to_nibbles(key: &PatternKey, layout: &Layout, depth: &[u8]) -> Vec<u8> {
    let (n, k, entries) = (key.cells(), layout.k, key.entries());
    let cols = key.cols();
    let distance: Vec<Vec<u8>> = key
        .tiles()
        .iter()
        .map(|&tile| {
            let tile = usize::from(tile);
            (0..n).map(|c| ((tile / cols).abs_diff(c / cols) + (tile % cols).abs_diff(c % cols)) as u8).collect()
        })
        .collect();
    let last_radix = n - k + 1;
    let board = layout.grid.board();
    let mut nibbles = vec![0u8; entries.div_ceil(2)];
    nibbles.par_chunks_mut(CHUNK_BYTES).enumerate().for_each(|(chunk_idx, out)| {
        let first = chunk_idx * CHUNK_BYTES * 2;
        let end = (first + out.len() * 2).min(entries);
        let mut entry = first;
        while entry < end {
            let base_index = entry / last_radix;
            let base = Base::new(layout, &distance, base_index);
            let mut free = board & !base.mask;
            // Skip the free cells of this base before `entry`.
            for _ in 0..entry % last_radix {
                free &= free - 1;
            }
            while free != 0 && entry < end {
                let cell = free.trailing_zeros() as usize;
                free &= free - 1;
                let j = (base.mask & ((1u64 << cell) - 1)).count_ones() as usize;
                let map = base.map_rank[j] + layout.binomials.get(cell, j + 1) as usize;
                let d = depth[map * layout.perms + base.order_rank[j]];
                if d != UNREACHED {
                    let manhattan = base.manhattan + u32::from(distance[k - 1][cell]);
                    let d = u32::from(d);
                    debug_assert!(d >= manhattan && (d - manhattan) % 2 == 0);
                    let excess = ((d - manhattan) / 2).min(u32::from(MAX_EXCESS)) as u8;
                    out[(entry - first) / 2] |= excess << ((entry & 1) * 4);
                }
                entry += 1;
            }
        }
    });
    nibbles
}
