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
use search::Limits;

use super::{slide_blank as slide, Budget, Dfs, Estimate, Geometry, State, BUDGET_INTERVAL};
use crate::MOVE_ORDER;

/// What one unit of an iteration did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct UnitRun {
    /// The path the unit found (from the start, its prefix included): the first in move order.
    pub(crate) found: Option<Vec<Direction>>,
    /// The least `f` above the bound among the nodes the unit cut off (`u32::MAX`: none).
    pub(crate) next_bound: u32,
    /// Nodes visited.
    pub(crate) nodes: u64,
    /// A limit stopped the unit before its end: its other fields are not the unit's answer.
    pub(crate) gave_up: bool,
}

/// Unit 0 of the iteration with `bound` cut at `depth` (at least 1): the nodes above the cut.
pub(crate) fn top<E: Estimate>(
    geometry: &Geometry,
    state: &State,
    mut estimate: E,
    depth: usize,
    bound: u32,
) -> UnitRun {
    struct Top<'a, E> {
        geometry: &'a Geometry,
        state: State,
        estimate: E,
        bound: u32,
        depth: usize,
        path: Vec<Direction>,
        nodes: u64,
        next_bound: u32,
    }
    impl<E: Estimate> Top<'_, E> {
        fn walk(&mut self, g: u32, h: u32) -> bool {
            self.nodes += 1;
            if h == 0 {
                return true;
            }
            for dir in MOVE_ORDER {
                if self.path.last() == Some(&dir.opposite()) {
                    continue;
                }
                let Some((tile, from, to)) = slide(self.geometry, &mut self.state, dir) else { continue };
                let (child_h, saved) = self.estimate.update(self.geometry, &self.state, tile, from, to);
                let f = g + E::STEP + child_h;
                // A child at the cut's depth within the bound is its own unit's.
                if f > self.bound {
                    self.next_bound = self.next_bound.min(f);
                } else if self.path.len() + 1 < self.depth {
                    self.path.push(dir);
                    if self.walk(g + E::STEP, child_h) {
                        return true;
                    }
                    self.path.pop();
                }
                self.estimate.restore(saved);
                slide(self.geometry, &mut self.state, dir.opposite());
            }
            false
        }
    }
    let h = estimate.reset(geometry, state);
    if h > bound {
        return UnitRun { found: None, next_bound: h, nodes: 0, gave_up: false };
    }
    let mut top = Top {
        geometry,
        state: state.clone(),
        estimate,
        bound,
        depth,
        path: Vec::new(),
        nodes: 0,
        next_bound: u32::MAX,
    };
    let found = top.walk(0, h).then(|| top.path.clone());
    UnitRun { found, next_bound: top.next_bound, nodes: top.nodes, gave_up: false }
}

/// The unit of the iteration with `bound` below `prefix` (a move sequence of the cut's depth):
/// nothing when a node on the way is over the bound (unit 0 counts that cut), else the
/// depth-first search of the subtree, under `limits`, on this thread.
pub(crate) fn below<E: Estimate>(
    geometry: &Geometry,
    state: &State,
    mut estimate: E,
    prefix: &[Direction],
    bound: u32,
    limits: &Limits<'_>,
) -> UnitRun {
    let interval = limits.max_expanded.map_or(BUDGET_INTERVAL, |max| (max / 16).clamp(1, BUDGET_INTERVAL));
    let budget = Budget::new(limits, interval);
    let mut h = estimate.reset(geometry, state);
    let nothing = UnitRun { found: None, next_bound: u32::MAX, nodes: 0, gave_up: false };
    if h > bound {
        return nothing;
    }
    let mut dfs = Dfs::new(geometry, state, &estimate, bound, &budget, None);
    let mut g = 0;
    for &dir in prefix {
        let Some((tile, from, to)) = dfs.slide(dir) else { return nothing };
        h = dfs.estimate.update(geometry, &dfs.state, tile, from, to).0;
        g += E::STEP;
        if g + h > bound {
            return nothing;
        }
    }
    dfs.path = prefix.to_vec();
    let found = dfs.search(g, h, prefix.last().copied());
    let gave_up = dfs.gave_up && !found;
    UnitRun { found: found.then(|| dfs.path.clone()), next_bound: dfs.next_bound, nodes: dfs.nodes, gave_up }
}

/// Every move sequence of exactly `depth` moves from `state` that never undoes the move before
/// it, in move order: the prefixes of the units, whatever the bound.
pub(crate) fn prefixes(geometry: &Geometry, state: &State, depth: usize) -> Vec<Vec<Direction>> {
    fn walk(
        geometry: &Geometry,
        state: &mut State,
        depth: usize,
        path: &mut Vec<Direction>,
        out: &mut Vec<Vec<Direction>>,
    ) {
        if path.len() == depth {
            out.push(path.clone());
            return;
        }
        for dir in MOVE_ORDER {
            if path.last() == Some(&dir.opposite()) {
                continue;
            }
            if slide(geometry, state, dir).is_some() {
                path.push(dir);
                walk(geometry, state, depth, path, out);
                path.pop();
                slide(geometry, state, dir.opposite());
            }
        }
    }
    let mut out = Vec::new();
    walk(geometry, &mut state.clone(), depth, &mut Vec::new(), &mut out);
    out
}
