//! Counting in parallel: the tree is cut at a shallow depth and the subtrees below the cut run on
//! rayon's pool; their counts add up to exactly the sequential ones.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

use rayon::prelude::*;

use super::cursor::{self, Cursor};
use super::search::Search;
use super::{Counts, Engine, Mode};
use crate::model::Puzzle;

impl Engine {
    /// [`Engine::count`] over the whole tree.
    pub(super) fn count_tree(
        &self,
        puzzle: &Puzzle,
        mode: Mode,
        stop: &AtomicBool,
        observe: &(dyn Fn(usize, usize, u64) + Sync),
    ) -> Counts {
        if self.node_limit != u64::MAX {
            return self.count_sequential(puzzle, mode, stop);
        }
        count_split(self.cells, self.cols, || Search::new(self, puzzle, mode), stop, observe)
    }
}

/// Subtrees wanted for counting in parallel (see [`count_split`]).
const SUBTREES: usize = 4096;

/// Counts the tree that `new_walk()` walks, on rayon's threads. The tree is cut at the
/// shallowest depth (up to a quarter of the `cells`, at most a row of `cols` and three cells)
/// with at least [`SUBTREES`] subtrees, so that they balance the threads' work while each stays
/// big enough to pay for its start; boards of at most 16 cells are not cut. `observe(done,
/// total, placements)` is called from the worker threads each time one of the `total` subtrees
/// is finished, with the placements made in it. The counts are exactly the sequential ones.
pub(super) fn count_split<C: Cursor>(
    cells: usize,
    cols: usize,
    new_walk: impl Fn() -> C + Sync,
    stop: &AtomicBool,
    observe: &(dyn Fn(usize, usize, u64) + Sync),
) -> Counts
where
    C::Move: Sync,
{
    let deepest = if cells <= 16 { 0 } else { (cells / 4).clamp(2, cols + 3) };
    let mut depth = deepest.min(1);
    let (mut top, prefixes) = loop {
        let mut top = new_walk();
        let prefixes = cursor::prefixes(&mut top, depth);
        if depth >= deepest || prefixes.len() >= SUBTREES {
            break (top, prefixes);
        }
        depth += 1;
    };
    let done = AtomicUsize::new(0);
    let below = prefixes
        .par_iter()
        .map(|prefix| {
            if stop.load(Relaxed) {
                return Counts::default();
            }
            let mut walk = new_walk();
            cursor::resume(&mut walk, prefix);
            walk.count_below(stop);
            let counts = *walk.counts();
            observe(done.fetch_add(1, Relaxed) + 1, prefixes.len(), counts.nodes);
            counts
        })
        .reduce(Counts::default, Counts::add);
    top.counts().add(below)
}
