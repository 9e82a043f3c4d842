//! Counting in parallel: the tree is cut at a shallow depth (the engines' depth rule, below)
//! with the core's [`search::walk::cut`], and the subtrees below the cut run on rayon's pool with
//! [`search::walk::split_count`]; their counts add up to exactly the sequential ones. A count
//! that keeps boards ([`Kept`]) keeps each subtree's first and joins them in the subtrees'
//! order, so that it keeps the tree's first boards on any number of threads.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use rayon::prelude::*;
use search::walk::{self, Counts, Observe, Walk, Watch};

use super::kept::Kept;
use super::mode::Mode;
use super::searches::Search;

/// Subtrees wanted for counting in parallel (see [`count_tree`]).
pub(super) const SUBTREES: usize = 4096;

/// The deepest cut of a board of `cells` cells and `cols` columns: up to a quarter of the cells,
/// at most a row and three cells, so that the subtrees balance the threads' work while each
/// stays big enough to pay for its start; boards of at most 16 cells are not cut (0).
pub(super) fn deepest_cut(cells: usize, cols: usize) -> usize {
    if cells <= 16 {
        0
    } else {
        (cells / 4).clamp(2, cols + 3)
    }
}

/// The tree `new_walk()` walks, cut at the shallowest depth up to [`deepest_cut`] with at least
/// [`SUBTREES`] subtrees: the walk left above the cut (its placements counted) and the prefixes.
pub(super) fn cut_tree<W: Walk>(new_walk: impl Fn() -> W, cells: usize, cols: usize) -> (W, Vec<Vec<W::Move>>) {
    walk::cut(new_walk, deepest_cut(cells, cols), SUBTREES)
}

/// The count of `engine`'s whole tree in `mode` (no shortcut by the board's turns), below the
/// cut by the engine's own counting ([`Search::count_below_floor`]): on rayon's threads cut by
/// [`cut_tree`], or on the calling thread when `watch` limits the placements (so that the
/// placements made are the same on every run). The counts are exactly the sequential ones.
/// Where `kept` was asked for boards, the subtrees keep theirs ([`Search::keep_below_floor`])
/// and `kept` gets the tree's first, after those it held.
pub(super) fn count_tree<'e, S: Search>(
    engine: &'e S,
    mode: Mode,
    watch: &Watch<'_>,
    observe: Observe<'_>,
    kept: &mut Kept,
) -> Counts
where
    <S::Walk<'e> as Walk>::Move: Sync,
{
    let new_walk = || engine.walk(mode);
    if watch.limited() {
        let mut walk = new_walk();
        match kept.asked() {
            true => S::keep_below_floor(&mut walk, watch, kept),
            false => S::count_below_floor(&mut walk, watch),
        }
        return *walk.counts();
    }
    let cols = engine.puzzle().cols();
    let (top, prefixes) = cut_tree(new_walk, engine.puzzle().rows() * cols, cols);
    if !kept.asked() {
        return walk::split_count(top, &prefixes, new_walk, S::count_below_floor, watch, observe);
    }
    let (counts, below) = keep_split(top, &prefixes, new_walk, S::keep_below_floor, watch, observe, kept.empty_like());
    kept.append(below);
    counts
}

/// [`walk::split_count`] keeping boards: each subtree below `prefixes` counted in a fresh walk
/// by `keep_below` ([`Search::keep_below_floor`]) with a collection like `empty`, and the
/// collections joined in the prefixes' order (rayon's reduction keeps the order of its items).
fn keep_split<W: Walk>(
    mut top: W,
    prefixes: &[Vec<W::Move>],
    new_walk: impl Fn() -> W + Sync,
    keep_below: impl Fn(&mut W, &Watch<'_>, &mut Kept) + Sync,
    watch: &Watch<'_>,
    observe: Observe<'_>,
    empty: Kept,
) -> (Counts, Kept)
where
    W::Move: Sync,
{
    let done = AtomicUsize::new(0);
    let (below, kept) = prefixes
        .par_iter()
        .map(|prefix| {
            let mut kept = empty.empty_like();
            if watch.must_stop(0) {
                return (Counts::default(), kept);
            }
            let mut walk = new_walk();
            walk::resume(&mut walk, prefix);
            keep_below(&mut walk, watch, &mut kept);
            let counts = *walk.counts();
            observe(done.fetch_add(1, Relaxed) + 1, prefixes.len(), counts.nodes);
            (counts, kept)
        })
        .reduce(|| (Counts::default(), empty.empty_like()), |(a, first), (b, later)| (a + b, first.then(later)));
    (*top.counts() + below, kept)
}
