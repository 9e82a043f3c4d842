//! The depth-first loops both engines share: counting, the first solution, every solution in
//! turn, the prefixes that cut a tree for the threads, and replaying one. Each engine's walk
//! ([`super::Search`], the ordered engine's `Walk`) says only how to open, try and take back a
//! candidate; the loops here are written once and compiled for each. The tight counting loop
//! (`fast.rs`) is the exception: it is specialised for the north-west orders.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use super::Counts;
use crate::model::Placement;

/// Placements between two looks at the stop flag.
pub(super) const STOP_INTERVAL: u64 = 1 << 22;

/// Whether a search of `nodes` placements has spent its `budget`; if so, sets `stop`.
#[inline(never)]
pub(super) fn out_of_nodes(nodes: u64, budget: u64, stop: &AtomicBool) -> bool {
    let out = nodes >= budget;
    if out {
        stop.store(true, Relaxed);
    }
    out
}

/// A depth-first walk over one engine's candidate lists, one cell per depth.
pub(crate) trait Cursor {
    /// A candidate as the engine stores it.
    type Move: Copy;
    /// The cells of the board: the depth of a complete board.
    fn cells(&self) -> usize;
    /// The cell to fill next.
    fn depth(&self) -> usize;
    /// The depth the walk never backtracks above (a replayed prefix).
    fn floor(&self) -> usize;
    /// Sets [`Cursor::floor`].
    fn set_floor(&mut self, floor: usize);
    /// What the walk has counted.
    fn counts(&mut self) -> &mut Counts;
    /// The placements after which the walk stops (`u64::MAX`: no limit).
    fn budget(&self) -> u64;
    /// The next candidate for the current depth, counted as a node; `None` when the cell has
    /// no more.
    fn advance(&mut self) -> Option<Self::Move>;
    /// Places a candidate at the current depth and opens the next cell.
    fn push(&mut self, candidate: Self::Move);
    /// Takes back the placement above the current depth.
    fn pop(&mut self);
    /// Leaves the current cell without further candidates (its placement is a replayed one).
    fn close(&mut self);
    /// The candidates placed above the current depth, by depth.
    fn prefix(&self) -> Vec<Self::Move>;
    /// The placements made; a complete board's by cell (row-major), whatever the order.
    fn placements(&self) -> Vec<Placement>;
    /// Counts every solution below the floor: [`count`], unless the engine has a faster loop.
    fn count_below(&mut self, stop: &AtomicBool)
    where
        Self: Sized,
    {
        count(self, stop);
    }
}

/// Counts every solution below the floor.
pub(crate) fn count<C: Cursor>(walk: &mut C, stop: &AtomicBool) {
    let cells = walk.cells();
    if walk.depth() >= cells {
        return;
    }
    let last = cells - 1;
    let mut next_look = (walk.counts().nodes + STOP_INTERVAL).min(walk.budget());
    loop {
        match walk.advance() {
            Some(_) if walk.depth() == last => walk.counts().solutions += 1,
            Some(candidate) => walk.push(candidate),
            None => {
                if walk.depth() == walk.floor() {
                    return;
                }
                walk.pop();
            }
        }
        let nodes = walk.counts().nodes;
        if nodes >= next_look {
            next_look = (nodes + STOP_INTERVAL).min(walk.budget());
            if stop.load(Relaxed) || out_of_nodes(nodes, walk.budget(), stop) {
                return;
            }
        }
    }
}

/// Finds the next complete board below the floor; the walk is left on it.
pub(crate) fn first<C: Cursor>(walk: &mut C, stop: &AtomicBool) -> Option<Vec<Placement>> {
    let (cells, nodes, budget) = (walk.cells(), walk.counts().nodes, walk.budget());
    if cells == 0 || stop.load(Relaxed) || out_of_nodes(nodes, budget, stop) {
        return None;
    }
    let mut next_look = (nodes + STOP_INTERVAL).min(budget);
    loop {
        match walk.advance() {
            Some(candidate) => {
                walk.push(candidate);
                if walk.depth() == cells {
                    walk.counts().solutions += 1;
                    return Some(walk.placements());
                }
            }
            None => {
                if walk.depth() == walk.floor() {
                    return None;
                }
                walk.pop();
            }
        }
        let nodes = walk.counts().nodes;
        if nodes >= next_look {
            next_look = (nodes + STOP_INTERVAL).min(budget);
            if stop.load(Relaxed) || out_of_nodes(nodes, budget, stop) {
                return None;
            }
        }
    }
}

/// Calls `visit` with every solution below the floor in walk order, until it returns `false`
/// or `stop` is set.
pub(crate) fn for_each<C: Cursor>(walk: &mut C, stop: &AtomicBool, mut visit: impl FnMut(&[Placement]) -> bool) {
    while let Some(solution) = first(walk, stop) {
        if !visit(&solution) {
            break;
        }
        // Continue from the solution: take back the last placement and go on.
        walk.pop();
    }
}

/// Every partial board of `depth` cells in walk order, counting the placements (and any
/// solutions, on boards of that many cells) above that depth.
pub(crate) fn prefixes<C: Cursor>(walk: &mut C, depth: usize) -> Vec<Vec<C::Move>> {
    let cells = walk.cells();
    let depth = depth.min(cells);
    if depth == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    loop {
        match walk.advance() {
            Some(candidate) => {
                walk.push(candidate);
                if walk.depth() == depth {
                    if depth == cells {
                        walk.counts().solutions += 1;
                    } else {
                        out.push(walk.prefix());
                    }
                    walk.pop();
                }
            }
            None => {
                if walk.depth() == 0 {
                    return out;
                }
                walk.pop();
            }
        }
    }
}

/// Replays `prefix` (placements of the first cells, already counted) as the new floor.
pub(crate) fn resume<C: Cursor>(walk: &mut C, prefix: &[C::Move]) {
    for &candidate in prefix {
        walk.close();
        walk.push(candidate);
    }
    let depth = walk.depth();
    walk.set_floor(depth);
}
