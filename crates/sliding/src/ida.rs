//! IDA* specialised for sliding puzzles: the board is mutated in place, the heuristic is updated
//! from the one tile that moved, and the move that undoes the previous one is never tried.
//!
//! Every iteration runs on the depth-first core of `search` ([`search::walk`]): [`iteration`]
//! is the walk, [`pdb_node_loop`] the node loop that pays for pattern databases (a hook of the core),
//! [`parallel`] the split of a large iteration over rayon's threads, [`units`] the work units of
//! one iteration for many processes.
//!
//! Moves are tried in [`MOVE_ORDER`](crate::MOVE_ORDER), so the path returned is the first optimal
//! path in that order: the same path whatever the heuristic and however many threads search.
//! Large iterations are split at a fixed depth into subtrees searched in parallel; the answer is
//! taken from the first subtree (in move order) that holds one, so it does not depend on timing.

use std::sync::atomic::Ordering::Relaxed;

use puzzle_core::Direction;
use search::deepen::deepen;
use search::walk::Watch;
use search::Limits;

#[cfg(feature = "test-support")]
pub(crate) mod census;
pub(crate) mod duplicates;
mod estimate;
mod iteration;
mod kept_indices;
mod parallel;
mod pdb_node_loop;
mod state;
mod transpositions;
pub(crate) mod units;

pub(crate) use estimate::{Estimate, Geometry, LinearConflict, Manhattan, Pdb};
pub(crate) use iteration::NodeLoop;
use iteration::{from_floor, Iteration};
pub(crate) use state::State;

/// What a search did, whole or one iteration (or one part of one): the path if it reached the
/// goal, the least `f` cut off, the nodes visited and whether a limit stopped it (see
/// [`search::deepen::Run`]). Nodes depend on the thread count when subtrees run in parallel (the
/// cut, and so the nodes above it, depend on it). A whole run's next bound is that of the last
/// iteration that ended without a path: every path to the goal has a node with `f` at least
/// this much (`solve` turns it into a lower bound on the optimum).
pub(crate) type Run = search::deepen::Run<Vec<Direction>, u32>;

/// Iterations larger than this are split into subtrees for the thread pool.
pub(crate) const SPLIT_NODES: u64 = 1 << 20;

/// Nodes between two looks at the limits (the deadline, the interrupt flag): a few
/// microseconds of search, so that a time limit is kept closely; a node budget is met exactly.
pub(crate) const POLL_INTERVAL: u64 = 1 << 12;

/// Moves the blank of `state` to `target`, a neighbour of its cell: the tile that moved, the
/// cell it left and the cell it reached.
#[inline]
fn slide_to(state: &mut State, target: u8) -> (u8, u8, u8) {
    let from_blank = state.blank;
    let tile = state.board[usize::from(target)];
    let blank_tile = state.board[usize::from(from_blank)];
    state.board[usize::from(from_blank)] = tile;
    state.board[usize::from(target)] = blank_tile;
    state.pos[usize::from(tile)] = from_blank;
    state.pos[usize::from(blank_tile)] = target;
    state.blank = target;
    (tile, target, from_blank)
}

/// Moves the blank of `state` by `dir`: the tile that moved, the cell it left and the cell it
/// reached, or `None` off the board.
#[inline]
fn slide_blank(geometry: &Geometry, state: &mut State, dir: Direction) -> Option<(u8, u8, u8)> {
    let to = geometry.neighbour[usize::from(state.blank)][dir.index()];
    (to != u8::MAX).then(|| slide_to(state, to))
}

/// Finds the first optimal path (in move order) from `state` to the goal, whose tiles are their
/// own goal cells, walking the duplicate-pruning machines of `machines`. The board must be
/// solvable.
///
/// Every iteration is an [`Iteration`] walked by [`search::walk::first`] (or the estimate's own
/// [`NodeLoop`]) under one [`Watch`] of `limits`. An iteration of `split_nodes` nodes or more
/// makes the ones after it run on rayon's threads ([`parallel`]), unless the nodes are limited:
/// a node budget keeps the search on this thread, so that where it stops is the same on every run.
pub(crate) fn idastar<E: NodeLoop + Sync>(
    geometry: &Geometry,
    machines: &duplicates::Machines,
    state: &State,
    mut estimate: E,
    limits: &Limits<'_>,
    split_nodes: u64,
) -> Run {
    let watch = Watch::new(limits).every(POLL_INTERVAL);
    let h = estimate.reset(geometry, state);
    let mut split = false;
    deepen(h, |bound, spent| {
        if let Some(progress) = limits.progress.filter(|_| bound > h) {
            // In moves: a weighted search counts hundredths.
            progress.bound.store(u64::from(bound / E::STEP), Relaxed);
        }
        let searched = if split {
            parallel::iteration(geometry, machines, state, &estimate, h, bound, &watch)
        } else {
            let mut walk = Iteration::new(geometry, machines, state, &estimate, h, bound);
            // The walk counts on from the iterations before it, whose nodes the budget counts.
            walk.counts.nodes = spent;
            let found = from_floor(&mut walk, &watch);
            walk.into_run(found, spent)
        };
        split |= searched.nodes >= split_nodes && rayon::current_num_threads() > 1 && !watch.limited();
        searched
    })
}
