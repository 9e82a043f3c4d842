//! A table of the states an iteration has reached, so that a state reached again by another path
//! of the same or greater cost is not searched twice (a transposition table, as Reinefeld and
//! Marsland's IDA* with memory).
//!
//! In the tile puzzle no two moves commute, but longer cycles abound (the blank going round a
//! 2×2 block three times is 12 moves), so the depth-first tree holds the same state at the same
//! cost many times. The table keeps, per slot, one state and the cost at which the running
//! search reached it. A node whose state is in the table at no greater cost is cut: the earlier
//! visit either searched everything below it within the bound and found no path (else the search
//! would have stopped), or is one of the node's own ancestors, and a path through a cycle is
//! never the shortest.
//!
//! What this keeps, and why (`docs/algorithms.md`, "A table of transpositions"):
//! - the length and the path found: the first path in move order is still found, since any path
//!   below a cut node also runs, at no greater cost, below the earlier visit (or through the
//!   ancestor it cycles back to), which comes first in move order;
//! - the next bound stays at most the optimum (an optimal path has no repeated state, so its
//!   first cut node is reached by some search path at no greater cost).
//!
//! The key is the whole board, packed exactly (a few bits per cell), so two states never share
//! an entry by accident. Entries carry the search's *generation*: an iteration never reads
//! another iteration's entries, and of a split iteration, a subtree reads only those of the
//! subtrees the same thread searched before it in the same iteration, which come before it in
//! move order (`parallel.rs` hands them out in that order, through
//! `search::walk::first_in_order`) and ended without reaching the goal. A subtree later in move
//! order must never cut an earlier one's nodes, and what a cancelled subtree left is unfinished.
//! The slots are overwritten freely; a lost entry only costs nodes.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::pdb::memory::TableMemory;

/// The most bits a packed board may take.
const KEY_BITS: u32 = 128;

/// The fewest slots a table starts with (512 KiB).
const MIN_SLOTS_LOG2: u32 = 14;

/// The most slots a table grows to (128 MiB per thread), reached by searches of more than 2^23
/// nodes: on 24-puzzles of hundreds of millions of nodes, 2^22 slots cut 7–8% more nodes than
/// 2^20 and 2^24 no more than 2^22 in more time; on #40 (9 M nodes) 2^20 keep nearly all the
/// nodes 2^22 keep (docs/experiments.md, "The table of transpositions").
const MAX_SLOTS_LOG2: u32 = 22;

/// Bytes of a slot: the key (`KEY_BYTES`, little-endian), then the tag (up to `USED_BYTES`):
/// the generation (high bits) and the cost at which the state was reached (low 16 bits); the
/// rest is padding, so that a slot never straddles two cache lines.
const SLOT_BYTES: usize = 32;
const KEY_BYTES: usize = 16;
const USED_BYTES: usize = KEY_BYTES + 8;

/// One thread's table, reused by the searches it runs. The slots live in memory advised for
/// huge pages (`TableMemory`, as the pattern databases do): a table of 2^20 slots in 4-KiB pages
/// would miss the processor's TLB on most reads.
pub(super) struct Transpositions {
    slots: TableMemory,
    generation: u64,
    /// Bits per cell of the packed board.
    cell_bits: u32,
}

/// The next generation to hand out, unique in the process.
static NEXT_GENERATION: AtomicU64 = AtomicU64::new(1);

/// A generation no table has seen: the searches given it share entries, and only they.
pub(super) fn new_generation() -> u64 {
    NEXT_GENERATION.fetch_add(1, Relaxed)
}

thread_local! {
    static TABLE: RefCell<Option<Transpositions>> = const { RefCell::new(None) };
}

impl Transpositions {
    /// This thread's table for a search of a board of `cells` cells that reads and writes the
    /// entries of `generation` ([`new_generation`]); `None` when such a board does not pack into
    /// a key. Give it back with [`Transpositions::put_back`] after a search of `nodes` nodes.
    pub(super) fn take(cells: usize, generation: u64) -> Option<Transpositions> {
        let cell_bits = usize::BITS - (cells.max(2) - 1).leading_zeros();
        if cells as u32 * cell_bits > KEY_BITS {
            return None;
        }
        // Memory the system refuses leaves the search without the table, as a board that does
        // not pack does.
        let mut table = match TABLE.with(|t| t.borrow_mut().take()) {
            Some(table) => table,
            None => Transpositions {
                slots: TableMemory::zeroed(SLOT_BYTES << MIN_SLOTS_LOG2, String::new).ok()?,
                generation: 0,
                cell_bits,
            },
        };
        table.generation = generation;
        table.cell_bits = cell_bits;
        Some(table)
    }

    /// Returns the table to this thread, grown when the search had many more nodes than slots.
    pub(super) fn put_back(mut self, nodes: u64) {
        let wanted = (nodes / 2).max(1).ilog2().clamp(MIN_SLOTS_LOG2, MAX_SLOTS_LOG2);
        if 1usize << wanted > self.len() {
            // Refused memory keeps the smaller table.
            if let Ok(slots) = TableMemory::zeroed(SLOT_BYTES << wanted, String::new) {
                self.slots = slots;
            }
        }
        TABLE.with(|t| *t.borrow_mut() = Some(self));
    }

    /// The packed form of `board` (`cells` cells, each holding a value below `cells`).
    pub(super) fn key(&self, board: &[u8]) -> u128 {
        board
            .iter()
            .enumerate()
            .fold(0u128, |key, (cell, &value)| key | u128::from(value) << (cell as u32 * self.cell_bits))
    }

    /// The key after the values at cells `a` and `b` (holding `x` and `y`) are swapped.
    #[inline(always)]
    pub(super) fn swapped(&self, key: u128, a: u8, b: u8, x: u8, y: u8) -> u128 {
        let change = u128::from(x ^ y);
        key ^ change << (u32::from(a) * self.cell_bits) ^ change << (u32::from(b) * self.cell_bits)
    }

    /// The number of slots.
    fn len(&self) -> usize {
        self.slots.len() / SLOT_BYTES
    }

    /// The byte offset of `key`'s slot.
    #[inline(always)]
    fn slot(&self, key: u128) -> usize {
        let mixed = (key as u64 ^ (key >> 64) as u64 ^ (key >> 96) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        ((mixed >> 32) as usize & (self.len() - 1)) * SLOT_BYTES
    }

    /// Whether the state `key` was reached before in this search at a cost of at most `g` (a
    /// node of it at cost `g` is then cut). An answer read early stays true: the earlier visit
    /// happened, whatever has taken its slot since.
    #[inline(always)]
    pub(super) fn contains(&self, key: u128, g: u32) -> bool {
        let at = self.slot(key);
        let Some(slot) = self.slots.get(at..at + USED_BYTES) else { return false };
        let (stored, tag) = slot.split_at(KEY_BYTES);
        let stored = u128::from_le_bytes(stored.try_into().expect("a key's bytes"));
        let tag = u64::from_le_bytes(tag.try_into().expect("a tag's bytes"));
        stored == key && tag >> 16 == self.generation && (tag & 0xffff) as u32 <= g
    }

    /// Records that the search reached the state `key` at cost `g`.
    #[inline(always)]
    pub(super) fn record(&mut self, key: u128, g: u32) {
        let Ok(g) = u16::try_from(g) else { return };
        let tag = self.generation << 16 | u64::from(g);
        let at = self.slot(key);
        if let Some(slot) = self.slots.get_mut(at..at + USED_BYTES) {
            slot[..KEY_BYTES].copy_from_slice(&key.to_le_bytes());
            slot[KEY_BYTES..].copy_from_slice(&tag.to_le_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board's key changes by a swap exactly as packing the swapped board does, keys of
    /// different boards differ, and the largest board that packs (25 cells) fits.
    #[test]
    fn keys_follow_swaps_and_tell_boards_apart() {
        for cells in [4, 9, 12, 16, 20, 25] {
            let table = Transpositions::take(cells, new_generation()).expect("packs");
            let mut board: Vec<u8> = (0..cells as u8).rev().collect();
            let mut key = table.key(&board);
            let mut keys = vec![key];
            let mut rng = puzzle_core::SplitMix64::new(cells as u64);
            for _ in 0..200 {
                let (a, b) = (rng.below(cells), rng.below(cells));
                if a == b {
                    continue;
                }
                key = table.swapped(key, a as u8, b as u8, board[a], board[b]);
                board.swap(a, b);
                assert_eq!(key, table.key(&board), "{cells} cells");
                keys.push(key);
            }
            let boards: std::collections::HashSet<u128> = keys.iter().copied().collect();
            // Equal keys only for equal boards: recount the boards themselves.
            let mut board: Vec<u8> = (0..cells as u8).rev().collect();
            let mut seen = std::collections::HashSet::new();
            seen.insert(board.clone());
            let mut rng = puzzle_core::SplitMix64::new(cells as u64);
            for _ in 0..200 {
                let (a, b) = (rng.below(cells), rng.below(cells));
                if a != b {
                    board.swap(a, b);
                    seen.insert(board.clone());
                }
            }
            assert_eq!(boards.len(), seen.len(), "{cells} cells");
            table.put_back(0);
        }
        assert!(Transpositions::take(26, 1).is_none(), "26 cells of 5 bits do not pack into 128");
        assert!(Transpositions::take(32, 1).is_none());
    }

    /// A state recorded at cost `g` cuts it at `g` and above, not below; another generation's
    /// records cut nothing, the same generation's do in a later search; a grown table starts
    /// empty.
    #[test]
    fn records_cut_within_one_search() {
        let mut table = Transpositions::take(16, new_generation()).expect("packs");
        let key = table.key(&(0..16).collect::<Vec<u8>>());
        let other = table.swapped(key, 0, 1, 0, 1);
        assert!(!table.contains(key, 10));
        table.record(key, 7);
        assert!(table.contains(key, 7) && table.contains(key, 9));
        assert!(!table.contains(key, 6), "a cheaper visit is searched");
        assert!(!table.contains(other, 7), "another state");
        table.record(key, 5);
        assert!(table.contains(key, 5));
        let generation = table.generation;
        table.put_back(0);
        let table = Transpositions::take(16, generation).expect("packs");
        assert!(table.contains(key, 9), "a search of the same generation reads them");
        table.put_back(0);
        let mut table = Transpositions::take(16, new_generation()).expect("packs");
        assert!(!table.contains(key, 9), "the next search starts afresh");
        table.record(other, 3);
        table.put_back(1 << 40);
        let table = Transpositions::take(16, new_generation()).expect("packs");
        assert_eq!(table.len(), 1 << MAX_SLOTS_LOG2, "grown to the most slots");
        assert!(!table.contains(other, 3));
        table.put_back(0);
    }
}
