//! One IDA\* iteration cut at a fixed depth into subtrees that rayon's threads search
//! ([`search::walk::first_in_order`]): the first subtree in move order that reaches the goal
//! gives the path, and the nodes and next bound are merged up to it, so that the answer does
//! not depend on timing.

use search::walk::{first_in_order, prefixes, Watch};

use super::duplicates::Machines;
use super::iteration::{below, from_floor, Iteration, NodeLoop};
use super::transpositions::new_generation;
use super::{Geometry, Run, State};

/// The deepest cut tried.
const DEEPEST: usize = 16;

/// One iteration with the tree cut at the shallowest depth (up to [`DEEPEST`]) with many more
/// subtrees than threads: the subtrees are searched in parallel, and the first one in move order
/// that reaches the goal gives the path. Its nodes are those above the cut (the root, and every
/// node down to the cut's depth) and those below it of the subtrees up to the first that found
/// the goal (all of them when none did).
pub(super) fn iteration<E: NodeLoop + Sync>(
    geometry: &Geometry,
    machines: &Machines,
    state: &State,
    estimate: &E,
    h: u32,
    bound: u32,
    watch: &Watch<'_>,
) -> Run {
    let new_walk = || Iteration::new(geometry, machines, state, estimate, h, bound);
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
        return walk.into_run(found, 0);
    };
    // A thread's subtrees share its table of transpositions (one generation): each comes after
    // the ones it searched before in move order.
    let worker = new_generation;
    let walk_for = |generation: &u64| {
        let mut walk = new_walk();
        walk.generation = Some(*generation);
        walk
    };
    // What the subtrees' walks counted, merged in move order.
    let tally =
        |walk: &mut Iteration<'_, E>| Run { next_bound: walk.least_cut(), nodes: walk.counts.nodes, ..Run::default() };
    let merge = |a: Run, b: Run| Run {
        next_bound: a.next_bound.into_iter().chain(b.next_bound).min(),
        nodes: a.nodes + b.nodes,
        ..Run::default()
    };
    let result = first_in_order(&roots, worker, walk_for, below, tally, merge, watch);
    let found = result.found.map(|(_, walk)| walk.path);
    // The children cut above the roots count too: without them the next bound could skip a
    // value that a path needs, and the first path found would no longer be the shortest.
    Run {
        gave_up: result.stopped && found.is_none(),
        path: found,
        next_bound: result.tally.next_bound.into_iter().chain(top.least_cut()).min(),
        nodes: 1 + top.counts.nodes + result.tally.nodes,
    }
}

#[cfg(test)]
mod tests {
    use puzzle_core::SplitMix64;
    use search::walk::Watch;
    use search::Limits;

    use super::super::duplicates::Machines;
    use super::super::iteration::{from_floor, Iteration};
    use super::super::kept_indices::tests::random_walk;
    use super::super::{Geometry, LinearConflict, Manhattan, State};
    use super::iteration;

    /// Every iteration up to the one that reaches the goal, split over several threads and
    /// searched by one walk: the same next bounds and the same first path; an iteration that
    /// does not reach the goal counts the same nodes either way (the nodes above the cut are
    /// counted once, by the cut).
    fn check<E: super::NodeLoop + Sync>(
        geometry: &Geometry,
        machines: &Machines,
        state: &State,
        mut estimate: E,
        at: &str,
    ) -> usize {
        let limits = Limits::NONE;
        let watch = Watch::new(&limits);
        let h = estimate.reset(geometry, state);
        let mut bound = h;
        let mut iterations = 0;
        loop {
            let mut walk = Iteration::new(geometry, machines, state, &estimate, h, bound);
            let found = from_floor(&mut walk, &watch);
            let split = iteration(geometry, machines, state, &estimate, h, bound, &watch);
            let at = format!("{at}, bound {bound}");
            assert_eq!(split.path.as_ref(), found.then_some(&walk.path), "{at}");
            assert!(!split.gave_up, "{at}");
            iterations += 1;
            if found {
                return iterations;
            }
            assert_eq!((split.nodes, split.next_bound), (walk.counts.nodes, walk.least_cut()), "{at}");
            bound = walk.next_bound;
        }
    }

    #[test]
    fn a_split_iteration_searches_as_one_walk() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
        let mut rng = SplitMix64::new(41);
        let mut iterations = 0;
        let machines = Machines::default();
        for (rows, cols) in [(3, 3), (2, 4), (3, 4), (4, 4)] {
            let geometry = Geometry::new(rows, cols);
            let n = rows * cols;
            for _ in 0..8 {
                let steps = rng.below(50);
                let state = random_walk(&geometry, n, steps, &mut rng);
                let at = format!("{rows}x{cols} after {steps} moves");
                iterations += pool.install(|| {
                    check(&geometry, &machines, &state, Manhattan { blank_tile: 0, value: 0 }, &at)
                        + check(&geometry, &machines, &state, LinearConflict::new(0, rows, cols), &at)
                });
            }
        }
        assert!(iterations >= 100, "{iterations} iterations compared");
    }
}
