//! Counting in parallel: the tree is cut at a shallow depth and the subtrees below the cut run on
//! rayon's pool; their counts add up to exactly the sequential ones.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use rayon::prelude::*;

use super::cursor::{self, Cursor, Watch};
use super::Counts;

/// Subtrees wanted for counting in parallel (see [`count_split`]).
pub(super) const SUBTREES: usize = 4096;

/// Observes a count's progress: `observe(done, total, placements)` each time one of the `total`
/// subtrees of a search is finished, with the placements made in it (for a progress display).
pub type Observe<'a> = &'a (dyn Fn(usize, usize, u64) + Sync);

/// Counts the tree that `new_walk()` walks with `count_below` (which counts below a walk's
/// floor), on rayon's threads, or on the calling thread when `watch` limits the placements (so
/// that the placements made are the same on every run). The tree is cut at the shallowest depth
/// (up to a quarter of the `cells`, at most a row of `cols` and three cells) with at least
/// [`SUBTREES`] subtrees, so that they balance the threads' work while each stays big enough to
/// pay for its start; boards of at most 16 cells are not cut. The counts are exactly the
/// sequential ones.
pub(super) fn count_split<C: Cursor>(
    cells: usize,
    cols: usize,
    new_walk: impl Fn() -> C + Sync,
    count_below: impl Fn(&mut C, &Watch<'_>) + Sync,
    watch: &Watch<'_>,
    observe: Observe<'_>,
) -> Counts
where
    C::Move: Sync,
{
    if watch.limited() {
        let mut walk = new_walk();
        count_below(&mut walk, watch);
        return *walk.counts();
    }
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
            if watch.must_stop(0) {
                return Counts::default();
            }
            let mut walk = new_walk();
            cursor::resume(&mut walk, prefix);
            count_below(&mut walk, watch);
            let counts = *walk.counts();
            observe(done.fetch_add(1, Relaxed) + 1, prefixes.len(), counts.nodes);
            counts
        })
        .reduce(Counts::default, Counts::add);
    top.counts().add(below)
}
