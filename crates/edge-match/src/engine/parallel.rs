//! Counting in parallel: the tree is cut at a shallow depth (the engines' depth rule, below)
//! with the core's [`search::walk::cut`], and the subtrees below the cut run on rayon's pool with
//! [`search::walk::split_count`]; their counts add up to exactly the sequential ones.

use search::walk::{self, Counts, Observe, Walk, Watch};

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
pub(super) fn count_tree<'e, S: Search>(engine: &'e S, mode: Mode, watch: &Watch<'_>, observe: Observe<'_>) -> Counts
where
    <S::Walk<'e> as Walk>::Move: Sync,
{
    let new_walk = || engine.walk(mode);
    if watch.limited() {
        let mut walk = new_walk();
        S::count_below_floor(&mut walk, watch);
        return *walk.counts();
    }
    let cols = engine.puzzle().cols();
    let (top, prefixes) = cut_tree(new_walk, engine.puzzle().rows() * cols, cols);
    walk::split_count(top, &prefixes, new_walk, S::count_below_floor, watch, observe)
}
