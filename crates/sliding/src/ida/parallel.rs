//! One IDA\* iteration cut at a fixed depth into subtrees that the thread pool searches; the
//! first subtree in move order that reaches the goal gives the path, so the answer does not
//! depend on timing.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

use puzzle_core::Direction;
use rayon::prelude::*;
use search::Limits;

use super::{Budget, Dfs, Estimate, Geometry, State};
use crate::MOVE_ORDER;

/// One iteration with the tree cut at a fixed depth: the subtrees are searched in parallel, and
/// the first one in move order that reaches the goal gives the path.
pub(super) fn parallel_iteration<E: Estimate + Sync>(
    geometry: &Geometry,
    state: &State,
    estimate: &E,
    h: u32,
    bound: u32,
    budget: &Budget<'_>,
) -> (Option<Vec<Direction>>, u32, u64, bool) {
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
    let results: Vec<(Option<Vec<Direction>>, u32, u64, bool)> = roots
        .par_iter()
        .enumerate()
        .map(|(index, prefix)| {
            if first.load(Relaxed) < index {
                return (None, u32::MAX, 0, false);
            }
            let mut dfs = Dfs::new(geometry, state, estimate, bound, budget, Some((&first, index)));
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
        })
        .collect();
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
    let budget = Budget { limits: &Limits::NONE, nodes: AtomicU64::new(0), stop: AtomicBool::new(false), interval: 1 };
    let walker = Dfs::new(geometry, state, estimate, bound, &budget, None);
    let mut cut = Cut { walker, depth, out: Vec::new(), least_cut: u32::MAX };
    cut.walk(0, h);
    (cut.out, cut.least_cut)
}
