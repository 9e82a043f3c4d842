//! One IDA\* iteration cut at a fixed depth into subtrees that rayon's threads search
//! ([`search::walk::first_in_order`]): the first subtree in move order that reaches the goal
//! gives the path, and the nodes and next bound are merged up to it, so that the answer does
//! not depend on timing.

use search::walk::{first_in_order, prefixes, Watch};

use super::iteration::{below, from_floor, Iteration, NodeLoop};
use super::transpositions::new_generation;
use super::{Geometry, Searched, State};

/// The deepest cut tried.
const DEEPEST: usize = 16;

/// What the subtrees' walks counted, merged in move order.
#[derive(Clone, Copy)]
struct Tally {
    nodes: u64,
    /// The least `f` cut off (`u32::MAX`: none).
    least_cut: u32,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally { nodes: 0, least_cut: u32::MAX }
    }
}

/// One iteration with the tree cut at the shallowest depth (up to [`DEEPEST`]) with many more
/// subtrees than threads: the subtrees are searched in parallel, and the first one in move order
/// that reaches the goal gives the path. Its nodes are those above the cut (the root, and every
/// node down to the cut's depth) and those below it of the subtrees up to the first that found
/// the goal (all of them when none did).
pub(super) fn iteration<E: NodeLoop + Sync>(
    geometry: &Geometry,
    state: &State,
    estimate: &E,
    h: u32,
    bound: u32,
    watch: &Watch<'_>,
) -> Searched {
    let new_walk = || Iteration::new(geometry, state, estimate, h, bound);
    let want = 32 * rayon::current_num_threads();
    let mut cut: Option<(Iteration<'_, E>, Vec<_>)> = None;
    for depth in 1..=DEEPEST {
        let mut top = new_walk();
        let roots = prefixes(&mut top, depth);
        // A goal at or above the cut would not be a subtree's: the shallower cut keeps it below.
        if top.counts.solutions > 0 || roots.is_empty() {
            break;
        }
        let enough = roots.len() >= want;
        cut = Some((top, roots));
        if enough {
            break;
        }
    }
    let Some((top, roots)) = cut.filter(|_| h > 0) else {
        // The goal is within a move of the root, or the tree ends there: one walk searches it.
        let mut walk = new_walk();
        let found = from_floor(&mut walk, watch);
        let Iteration { path, next_bound, counts, .. } = walk;
        return Searched { found: found.then_some(path), next_bound, nodes: counts.nodes, gave_up: counts.stopped };
    };
    // A thread's subtrees share its table of transpositions (one generation): each comes after
    // the ones it searched before in move order.
    let worker = new_generation;
    let walk_for = |generation: &u64| {
        let mut walk = new_walk();
        walk.generation = Some(*generation);
        walk
    };
    let tally = |walk: &mut Iteration<'_, E>| Tally { nodes: walk.counts.nodes, least_cut: walk.next_bound };
    let merge = |a: Tally, b: Tally| Tally { nodes: a.nodes + b.nodes, least_cut: a.least_cut.min(b.least_cut) };
    let result = first_in_order(&roots, worker, walk_for, below, tally, merge, watch);
    let Tally { nodes: below_nodes, least_cut: least_below } = result.tally;
    // The children cut above the roots count too: without them the next bound could skip a
    // value that a path needs, and the first path found would no longer be the shortest.
    Searched {
        nodes: 1 + top.counts.nodes + below_nodes,
        next_bound: least_below.min(top.next_bound),
        gave_up: result.stopped,
        found: result.found.map(|(_, walk)| walk.path),
    }
}
