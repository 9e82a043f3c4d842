//! Where the halves of a join meet: the top rows walked by the tight loop (`count_loop.rs`,
//! stopped at the last top cell) on rayon's threads, each leaf a key (`key.rs`: the south
//! colours of its last row, the pieces it left) in its thread's buffer; a full buffer is
//! sorted and merged with the bottom rows' sorted table (`bottom.rs`), every run of equal keys
//! adding its length times the table's count. Reads go forward through both sides, so the
//! table is read in passes, never at random.
//!
//! A count that keeps boards also keeps the first top leaves that meet the table, looked up
//! one by one ([`FirstMeets`]), for the join to fill their bottom rows (`join.rs`).

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use search::walk::{Counts, Observe, Watch};

use super::super::count_loop::{Leaves, Stop};
use super::super::mode::Mode;
use super::super::row::{Candidate, Engine};
use super::bottom::Table;
use super::key::KeyLayout;
use super::leaves::each_leaf;

/// Counts the solutions of `engine`'s board in `mode` (row order) as the pairs of a top leaf
/// (its first `meeting.depth` cells filled) and a filling of the rows below in the table that
/// meet on their key (the top's last row showing south only the prefixes of the table's
/// boundaries); the threads' buffers hold `meeting.buffer` keys in all. The
/// placements are the top walk's; `None` when the tight loop cannot run the engine.
/// With `keep` above 0, also the first top leaves in the tree's order that meet the table
/// (placements by depth), as many as hold at least `keep` solutions where there are so many.
pub(crate) fn meet(
    engine: &Engine,
    mode: Mode,
    meeting: &Meeting<'_>,
    watch: &Watch<'_>,
    observe: Observe<'_>,
    keep: u64,
) -> Option<(Counts, Vec<Vec<Candidate>>)> {
    let &Meeting { depth, layout, table, tree, buffer } = meeting;
    let cols = engine.cols;
    let workers = rayon::current_num_threads().max(1);
    let cap = (buffer / workers).max(1);
    let stop = Stop { depth, tree, from: depth - cols };
    let bound = AtomicUsize::new(usize::MAX);
    let new_sink = || {
        let first =
            (keep > 0).then(|| FirstMeets { bound: &bound, keep, subtree: 0, solutions: 0, leaves: Vec::new() });
        Sink { layout, table, depth, cols, keys: Vec::new(), cap, solutions: 0, first }
    };
    let (mut counts, sinks) = each_leaf(engine, mode, stop, new_sink, watch, observe)?;
    let mut leaves = Vec::new();
    for mut sink in sinks {
        sink.flush();
        counts.solutions += sink.solutions;
        leaves.extend(sink.first.map(|first| first.leaves).unwrap_or_default());
    }
    // Each subtree's leaves came to one sink, in order: a stable sort by subtree keeps that.
    leaves.sort_by_key(|&(subtree, _)| subtree);
    Some((counts, leaves.into_iter().map(|(_, leaf)| leaf).collect()))
}

/// What the top walks of a join meet: the cells of the top rows (a multiple of the columns),
/// the keys' layout, the bottom rows' table and its boundaries as a tree of prefixes
/// (`bottom::boundary_tree`), and the keys the sort buffers hold in all.
pub(crate) struct Meeting<'a> {
    pub(crate) depth: usize,
    pub(crate) layout: &'a KeyLayout,
    pub(crate) table: &'a Table,
    pub(crate) tree: &'a [u32],
    pub(crate) buffer: usize,
}

/// One thread's leaves: their keys until the buffer is full, the solutions merged so far, and
/// for a count that keeps boards, the first leaves that meet.
struct Sink<'a> {
    layout: &'a KeyLayout,
    table: &'a Table,
    depth: usize,
    cols: usize,
    keys: Vec<u128>,
    cap: usize,
    solutions: u64,
    first: Option<FirstMeets<'a>>,
}

/// One thread's first top leaves that meet the table (each with the subtree it lies in), until
/// they hold `keep` solutions. The tree's first leaves holding `keep` solutions lie in the
/// subtrees up to `bound`, the least subtree by which some thread's leaves held that many; past
/// it no thread keeps any, so each keeps at most `keep` leaves.
struct FirstMeets<'a> {
    bound: &'a AtomicUsize,
    keep: u64,
    subtree: usize,
    solutions: u64,
    leaves: Vec<(usize, Vec<Candidate>)>,
}

impl Leaves for Sink<'_> {
    #[inline]
    fn leaf(&mut self, placed: &[Candidate], used: &[u64], last: Candidate) {
        let layout = self.layout;
        let mut set = u128::from(used[0]) | u128::from(used.get(1).copied().unwrap_or(0)) << 64;
        set |= 1 << last.piece();
        let mut key = layout.pieces(layout.all() & !set);
        let row = self.depth - self.cols;
        for (col, c) in placed[row..].iter().enumerate() {
            key |= layout.colour(col, c.south());
        }
        key |= layout.colour(self.cols - 1, last.south());
        if let Some(first) = self.first.as_mut() {
            first.offer(self.table, key, placed, last);
        }
        self.keys.push(key);
        if self.keys.len() >= self.cap {
            self.flush();
        }
    }

    fn subtree(&mut self, index: usize) {
        if let Some(first) = self.first.as_mut() {
            first.subtree = index;
        }
    }
}

impl FirstMeets<'_> {
    /// Keeps the leaf `placed` then `last`, whose key is `key`, if it meets `table` and may be
    /// among the tree's first.
    fn offer(&mut self, table: &Table, key: u128, placed: &[Candidate], last: Candidate) {
        if self.solutions >= self.keep || self.subtree > self.bound.load(Relaxed) {
            return;
        }
        let Ok(at) = table.keys.binary_search(&key) else { return };
        self.leaves.push((self.subtree, placed.iter().copied().chain([last]).collect()));
        self.solutions += table.counts[at];
        if self.solutions >= self.keep {
            self.bound.fetch_min(self.subtree, Relaxed);
        }
    }
}

impl Sink<'_> {
    /// Sorts the buffer and merges it with the table: each run of equal keys adds its length
    /// times the table's count of that key.
    fn flush(&mut self) {
        self.keys.sort_unstable();
        let (keys, counts) = (&self.table.keys[..], &self.table.counts[..]);
        let mut at = 0;
        let mut run = 0;
        while run < self.keys.len() && at < keys.len() {
            let key = self.keys[run];
            let mut end = run + 1;
            while end < self.keys.len() && self.keys[end] == key {
                end += 1;
            }
            at = gallop(keys, at, key);
            if at < keys.len() && keys[at] == key {
                self.solutions += (end - run) as u64 * counts[at];
            }
            run = end;
        }
        self.keys.clear();
    }
}

/// The first index from `at` on whose key is at least `key` (`keys.len()` if none): steps
/// doubling from `at`, then a binary search in the last step, so that keys sought in increasing
/// order cost little more than a pass.
fn gallop(keys: &[u128], at: usize, key: u128) -> usize {
    let mut step = 1;
    let mut low = at;
    while low + step < keys.len() && keys[low + step] < key {
        low += step;
        step *= 2;
    }
    let high = (low + step + 1).min(keys.len());
    low + keys[low..high].partition_point(|&k| k < key)
}

#[cfg(test)]
mod tests {
    use super::gallop;

    #[test]
    fn gallop_finds_the_first_key_not_below() {
        let keys: Vec<u128> = (0..100).map(|k| 3 * k).collect();
        for at in [0, 1, 10, 50, 99] {
            for key in 0..310u128 {
                let expected = keys.iter().position(|&k| k >= key).unwrap_or(keys.len()).max(at);
                assert_eq!(gallop(&keys, at, key), expected, "at {at}, key {key}");
            }
        }
    }
}
