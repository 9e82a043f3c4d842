//! One IDA\* iteration cut into work units at a fixed depth, for searches spread over many
//! processes ([`crate::split`]).
//!
//! The iteration with bound `B` is the tree of nodes with `f = g + h <= B` that the depth-first
//! search of [`super::idastar`] walks. Cut at depth `D`, it falls into unit 0 (every node above
//! `D`, with the goals found there and the `f` of every child cut off there, down to depth `D`)
//! and one unit per move sequence of `D` moves (the subtree below the node it leads to, if every
//! node on the way is within the bound). The units partition the iteration's nodes, so their
//! nodes add up to the iteration's (on boards with a table of transpositions, each unit keeps its
//! own and cuts only its own repeated states, so they add up to more), the least of their next
//! bounds is at most the optimum, as the iteration's is, and the first unit (in move order, unit
//! 0 first) that finds a path finds the path the whole iteration finds.

use puzzle_core::Direction;
use search::walk::{first, for_each_prefix as cut_each, prefixes_within as cut_at, resume_checked, Walk, Watch};
use search::Limits;

use std::sync::Arc;

use super::duplicates::{Duplicates, Machines};
use super::iteration::{from_floor, Iteration, NodeLoop};
use super::{Estimate, Geometry, Run, State, POLL_INTERVAL};

/// Unit 0 of the iteration with `bound` cut at `depth` (at least 1): the nodes above the cut,
/// walked by [`search::walk::first`] with no child offered at the cut's depth (those within the
/// bound are their own units'; those over it are cut off here).
pub(crate) fn top<E: Estimate>(
    geometry: &Geometry,
    machines: &Machines,
    state: &State,
    mut estimate: E,
    depth: usize,
    bound: u32,
) -> Run {
    let h = estimate.reset(geometry, state);
    if h > bound {
        return Run { next_bound: Some(h), ..Run::default() };
    }
    let mut walk = Iteration::new(geometry, machines, state, &estimate, h, bound).with_ceiling(depth);
    walk.counts.nodes = 1;
    // Unit 0 is small and runs to its end.
    let found = walk.h() == 0 || first(&mut walk, &Watch::new(&Limits::NONE));
    walk.into_run(found, 0)
}

/// The unit of the iteration with `bound` below `prefix` (a move sequence of the cut's depth):
/// nothing when a node on the way is over the bound (unit 0 counts that cut), else the
/// depth-first search of the subtree, under `limits`, on this thread.
pub(crate) fn below<E: NodeLoop>(
    geometry: &Geometry,
    machines: &Machines,
    state: &State,
    mut estimate: E,
    prefix: &[Direction],
    bound: u32,
    limits: &Limits<'_>,
) -> Run {
    let h = estimate.reset(geometry, state);
    if h > bound {
        return Run::default();
    }
    let mut walk = Iteration::new(geometry, machines, state, &estimate, h, bound);
    // The walk offers only moves on the board within the bound: a prefix it does not offer has
    // a node over the bound on the way.
    if !resume_checked(&mut walk, prefix, |_, child, &wanted| child == wanted) {
        return Run::default();
    }
    // The siblings of the prefix's nodes cut off on the way are unit 0's.
    walk.next_bound = u32::MAX;
    let watch = Watch::new(limits).every(POLL_INTERVAL);
    let found = from_floor(&mut walk, &watch);
    walk.into_run(found, 0)
}

/// An estimate that never reaches the goal nor cuts a move off: the walk it drives lists every
/// move sequence.
#[derive(Clone)]
struct Blind;

impl Estimate for Blind {
    type Saved = ();

    fn reset(&mut self, _: &Geometry, _: &State) -> u32 {
        1
    }

    fn update(&mut self, _: &Geometry, _: &State, _: u8, _: u8, _: u8) -> (u32, ()) {
        (1, ())
    }

    fn restore(&mut self, (): ()) {}

    /// No duplicate-pruning machine: the list of units is the same whatever machine the
    /// workers have (a forbidden prefix's unit is empty, not missing).
    fn duplicates(&self, _: &Machines, _: usize, _: usize, _: u64) -> (Arc<Duplicates>, bool) {
        (Duplicates::none(), false)
    }
}

/// Every move sequence of exactly `depth` moves from `state` that never undoes the move before
/// it, in move order: the prefixes of the units, whatever the bound.
/// `None` when `limits` stop the listing first.
pub(crate) fn prefixes(
    geometry: &Geometry,
    state: &State,
    depth: usize,
    limits: &Limits<'_>,
) -> Option<Vec<Vec<Direction>>> {
    // `Blind` walks no machine: the store is never read.
    let machines = Machines::default();
    let mut walk = Iteration::new(geometry, &machines, state, &Blind, 1, u32::MAX);
    cut_at(&mut walk, depth, &Watch::new(limits))
}

/// [`prefixes`] without keeping them: `visit` is called with each, and returns `false` to stop.
/// `true` when the listing went to its end.
pub(crate) fn for_each_prefix(
    geometry: &Geometry,
    state: &State,
    depth: usize,
    limits: &Limits<'_>,
    mut visit: impl FnMut(&[Direction]) -> bool,
) -> bool {
    // `Blind` walks no machine: the store is never read.
    let machines = Machines::default();
    let mut walk = Iteration::new(geometry, &machines, state, &Blind, 1, u32::MAX);
    cut_each(&mut walk, depth, &Watch::new(limits), &mut |walk: &Iteration<'_, _>| visit(&walk.prefix()))
}
