//! Where the halves of a join meet: the top rows walked by the tight loop (`count_loop.rs`,
//! stopped at the last top cell) on rayon's threads, each leaf a key (`key.rs`: the south
//! colours of its last row, the pieces it left) in its thread's buffer; a full buffer is
//! sorted and merged with the bottom rows' sorted table (`bottom.rs`), every run of equal keys
//! adding its length times the table's count. Reads go forward through both sides, so the
//! table is read in passes, never at random.

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
pub(crate) fn meet(
    engine: &Engine,
    mode: Mode,
    meeting: &Meeting<'_>,
    watch: &Watch<'_>,
    observe: Observe<'_>,
) -> Option<Counts> {
    let &Meeting { depth, layout, table, tree, buffer } = meeting;
    let cols = engine.cols;
    let workers = rayon::current_num_threads().max(1);
    let cap = (buffer / workers).max(1);
    let stop = Stop { depth, tree, from: depth - cols };
    let new_sink = || Sink { layout, table, depth, cols, keys: Vec::new(), cap, solutions: 0 };
    let (mut counts, sinks) = each_leaf(engine, mode, stop, new_sink, watch, observe)?;
    for mut sink in sinks {
        sink.flush();
        counts.solutions += sink.solutions;
    }
    Some(counts)
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

/// One thread's leaves: their keys until the buffer is full, and the solutions merged so far.
struct Sink<'a> {
    layout: &'a KeyLayout,
    table: &'a Table,
    depth: usize,
    cols: usize,
    keys: Vec<u128>,
    cap: usize,
    solutions: u64,
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
        self.keys.push(key);
        if self.keys.len() >= self.cap {
            self.flush();
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
