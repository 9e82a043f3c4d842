//! One IDA\* iteration cut at a fixed depth into subtrees that the thread pool searches; the
//! first subtree in move order that reaches the goal gives the path, so the answer does not
//! depend on timing.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use puzzle_core::Direction;
use rayon::prelude::*;
use search::Limits;

use super::transpositions::new_generation;
use super::{Budget, Dfs, Estimate, Geometry, State};
use crate::MOVE_ORDER;

/// What a search of one subtree (or of the whole iteration) gives: the path if it reached the
/// goal, the least `f` cut off, the nodes visited, and whether it gave up.
type Searched = (Option<Vec<Direction>>, u32, u64, bool);

/// One iteration with the tree cut at a fixed depth: the subtrees are searched in parallel, and
/// the first one in move order that reaches the goal gives the path.
pub(super) fn parallel_iteration<E: Estimate + Sync>(
    geometry: &Geometry,
    state: &State,
    estimate: &E,
    h: u32,
    bound: u32,
    budget: &Budget<'_>,
) -> Searched {
    // Cut deep enough for many more subtrees than threads.
    let want = 32 * rayon::current_num_threads();
    let mut depth = 1;
    let (mut roots, mut cut_above) = frontier(geometry, state, estimate, h, bound, depth);
    while roots.len() < want && depth < 16 {
        depth += 1;
        let (deeper, deeper_cut) = frontier(geometry, state, estimate, h, bound, depth);
        if deeper.is_empty() {
            break;
        }
        (roots, cut_above) = (deeper, deeper_cut);
    }
    let first = AtomicUsize::new(usize::MAX);
    let search = |index: usize, prefix: &Vec<Direction>, generation: u64| {
        if first.load(Relaxed) < index {
            return (None, u32::MAX, 0, false);
        }
        let mut dfs = Dfs::new(geometry, state, estimate, bound, budget, Some((&first, index)));
        dfs.generation = Some(generation);
        let mut g = 0;
        let mut h = h;
        for &dir in prefix {
            let Some((tile, from, to)) = dfs.slide(dir) else { unreachable!("prefix moves stay on the board") };
            h = dfs.estimate.update(geometry, &dfs.state, tile, from, to).0;
            g += E::STEP;
        }
        dfs.path = prefix.clone();
        if g + h > bound {
            return (None, g + h, 0, false);
        }
        let found = dfs.search(g, h, prefix.last().copied());
        if found {
            first.fetch_min(index, Relaxed);
            return (Some(dfs.path), dfs.next_bound, dfs.nodes, false);
        }
        let cancelled = first.load(Relaxed) < index;
        (None, dfs.next_bound, dfs.nodes, dfs.gave_up && !cancelled)
    };
    // The threads take the subtrees in move order, each the next one not taken: once a subtree
    // reaches the goal, the others are at most a subtree or so further on (rayon's own split
    // of the range would send a thread to the second half at once, searching it in vain in the
    // iteration that finds the goal). A worker's subtrees share its table of transpositions
    // (one generation): each comes after the ones before it in move order.
    let (next, roots, search) = (&AtomicUsize::new(0), &roots, &search);
    let workers = rayon::current_num_threads().min(roots.len()).max(1);
    let mut results: Vec<(usize, Searched)> = (0..workers)
        .into_par_iter()
        .flat_map_iter(|_| {
            let generation = new_generation();
            std::iter::from_fn(move || {
                let index = next.fetch_add(1, Relaxed);
                roots.get(index).map(|prefix| (index, search(index, prefix, generation)))
            })
        })
        .collect();
    results.sort_unstable_by_key(|&(index, _)| index);
    let results: Vec<_> = results.into_iter().map(|(_, result)| result).collect();
    let nodes = results.iter().map(|r| r.2).sum();
    let gave_up = results.iter().any(|r| r.3);
    // The nodes cut above the roots count too: without them the next bound could skip a value
    // that a path needs, and the first path found would no longer be the shortest.
    let next_bound = results.iter().map(|r| r.1).min().unwrap_or(u32::MAX).min(cut_above);
    let found = results.into_iter().find_map(|r| r.0);
    let gave_up = gave_up && found.is_none();
    (found, next_bound, nodes, gave_up)
}

/// The move sequences of exactly `depth` moves within `bound`, in move order (a path that reaches
/// the goal earlier is kept as its own entry so it cannot be lost), and the least `f` of the
/// nodes cut off above that depth (`u32::MAX` when none was).
fn frontier<E: Estimate>(
    geometry: &Geometry,
    state: &State,
    estimate: &E,
    h: u32,
    bound: u32,
    depth: usize,
) -> (Vec<Vec<Direction>>, u32) {
    struct Cut<'a, E> {
        walker: Dfs<'a, E>,
        depth: usize,
        out: Vec<Vec<Direction>>,
        least_cut: u32,
    }
    impl<E: Estimate> Cut<'_, E> {
        fn walk(&mut self, g: u32, h: u32) {
            if self.walker.path.len() == self.depth || h == 0 {
                self.out.push(self.walker.path.clone());
                return;
            }
            for dir in MOVE_ORDER {
                if self.walker.path.last() == Some(&dir.opposite()) {
                    continue;
                }
                let Some((tile, from, to)) = self.walker.slide(dir) else { continue };
                let (child_h, saved) =
                    self.walker.estimate.update(self.walker.geometry, &self.walker.state, tile, from, to);
                let f = g + E::STEP + child_h;
                if f <= self.walker.bound {
                    self.walker.path.push(dir);
                    self.walk(g + E::STEP, child_h);
                    self.walker.path.pop();
                } else {
                    self.least_cut = self.least_cut.min(f);
                }
                self.walker.estimate.restore(saved);
                self.walker.slide(dir.opposite());
            }
        }
    }
    let budget = Budget::new(&Limits::NONE, 1);
    let walker = Dfs::new(geometry, state, estimate, bound, &budget, None);
    let mut cut = Cut { walker, depth, out: Vec::new(), least_cut: u32::MAX };
    cut.walk(0, h);
    (cut.out, cut.least_cut)
}
