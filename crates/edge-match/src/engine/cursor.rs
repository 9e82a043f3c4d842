//! The depth-first loops both engines share: counting, the first solution, every solution in
//! turn, the prefixes that cut a tree for the threads, and replaying one. Each engine's walk
//! (`walk.rs`'s `RowWalk`, the ordered engine's `OrderedWalk`) says only how to open, try and
//! take back a candidate; the loops here are written once and compiled for each. The tight
//! counting loop (`fast.rs`) is the exception: it is specialised for the north-west orders.
//! Every loop looks at its [`Watch`] (the search's [`Limits`]) every [`STOP_INTERVAL`]
//! placements.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

use search::Limits;

use super::Counts;
use crate::model::Placement;

/// Placements between two looks at the limits.
pub(super) const STOP_INTERVAL: u64 = 1 << 22;

/// One search's view of its [`Limits`]: the placements it may make (`max_expanded`), the deadline
/// and the interrupt flag, and whether one of them has stopped it. The threads of one count share
/// it, so that the first to stop ends the others.
#[derive(Debug)]
pub(crate) struct Watch<'l> {
    limits: &'l Limits<'l>,
    budget: u64,
    limited: bool,
    stopped: AtomicBool,
}

impl<'l> Watch<'l> {
    pub(crate) fn new(limits: &'l Limits<'l>) -> Watch<'l> {
        let budget = limits.max_expanded.unwrap_or(u64::MAX);
        Watch { limits, budget, limited: limits.max_expanded.is_some(), stopped: AtomicBool::new(false) }
    }

    /// The same limits with `budget` placements (a later part of a search that has spent some).
    pub(crate) fn with_budget(&self, budget: u64) -> Watch<'l> {
        Watch { limits: self.limits, budget, limited: self.limited, stopped: AtomicBool::new(self.stopped()) }
    }

    /// The placements after which the search stops (`u64::MAX`: no limit).
    #[inline(always)]
    pub(crate) fn budget(&self) -> u64 {
        self.budget
    }

    /// Whether the placements are limited (`max_expanded` given, even `u64::MAX`): counts then
    /// run on the calling thread, so that the placements made are the same on every run.
    pub(crate) fn limited(&self) -> bool {
        self.limited
    }

    /// Whether a search that has made `nodes` placements must stop (the budget spent, the
    /// deadline passed, the interrupt flag set, or another thread stopped); if so, remembers it.
    #[cold]
    #[inline(never)]
    pub(crate) fn must_stop(&self, nodes: u64) -> bool {
        let late = || self.limits.deadline.is_some_and(|deadline| Instant::now() >= deadline);
        let stop = nodes >= self.budget || self.stopped() || self.limits.interrupted() || late();
        if stop {
            self.stopped.store(true, Relaxed);
        }
        stop
    }

    /// The flag [`Watch::must_stop`] sets.
    #[inline(always)]
    pub(crate) fn stopped_flag(&self) -> &AtomicBool {
        &self.stopped
    }

    /// Whether a limit has stopped the search.
    pub(crate) fn stopped(&self) -> bool {
        self.stopped.load(Relaxed)
    }

    /// Marks the search stopped (a later part of it spent the budget).
    pub(crate) fn stop(&self) {
        self.stopped.store(true, Relaxed);
    }
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
    /// The placement a candidate makes.
    fn placement(&self, candidate: Self::Move) -> Placement;
}

/// Counts every solution below the floor.
pub(crate) fn count<C: Cursor>(walk: &mut C, watch: &Watch<'_>) {
    let cells = walk.cells();
    if walk.depth() >= cells {
        return;
    }
    let last = cells - 1;
    let mut next_look = (walk.counts().nodes + STOP_INTERVAL).min(watch.budget());
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
            next_look = (nodes + STOP_INTERVAL).min(watch.budget());
            if watch.must_stop(nodes) {
                return;
            }
        }
    }
}

/// Finds the next complete board below the floor; the walk is left on it.
pub(crate) fn first<C: Cursor>(walk: &mut C, watch: &Watch<'_>) -> Option<Vec<Placement>> {
    let (cells, nodes, budget) = (walk.cells(), walk.counts().nodes, watch.budget());
    if cells == 0 || watch.must_stop(nodes) {
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
            if watch.must_stop(nodes) {
                return None;
            }
        }
    }
}

/// Calls `visit` with every solution below the floor in walk order, until it returns `false`
/// or a limit stops it.
pub(crate) fn for_each<C: Cursor>(walk: &mut C, watch: &Watch<'_>, visit: &mut dyn FnMut(&[Placement]) -> bool) {
    while let Some(solution) = first(walk, watch) {
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

/// Replays `prefix`, a partial board from outside (a work unit), as the new floor with nothing
/// counted yet: each placement must be one the walk makes at its depth, else `false` and the
/// walk is unusable.
pub(crate) fn resume_checked<C: Cursor>(walk: &mut C, prefix: &[Placement]) -> bool {
    for placement in prefix {
        loop {
            match walk.advance() {
                Some(c) if walk.placement(c) == *placement => {
                    walk.close();
                    walk.push(c);
                    break;
                }
                Some(_) => {}
                None => return false,
            }
        }
    }
    let depth = walk.depth();
    walk.set_floor(depth);
    *walk.counts() = Counts::default();
    true
}
