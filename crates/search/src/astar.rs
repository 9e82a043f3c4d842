//! A*: best-first search on `cost so far + heuristic`, optimal for admissible heuristics.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;
use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::{Cost, Limits, Outcome, Solution, Stats, Status};

/// Finds a cheapest path from `start` to a state accepted by `success`.
///
/// `successors` lists `(move, next, cost)`; `heuristic` estimates the remaining cost and must be
/// **admissible** (never above the true cheapest remaining cost) for the result to be optimal;
/// with a consistent heuristic no state is expanded twice. Ties on `cost + heuristic` go to the
/// deeper state (larger cost so far), then to the state reached first, so the result is
/// deterministic. Same arguments as [`crate::idastar()`]; A* keeps every reached state in memory.
///
/// ```
/// use search::{astar, Limits};
///
/// // Roads between four towns: (from, to, length).
/// let roads = [(0, 1, 4), (0, 2, 1), (2, 1, 2), (1, 3, 1), (2, 3, 5)];
/// let successors = |&town: &usize| {
///     roads.iter().filter(move |road| road.0 == town).map(move |&(_, to, length)| ((town, to), to, length))
/// };
/// // No estimate (0 is always admissible): A* is then Dijkstra's algorithm.
/// let outcome = astar(&0, successors, |_| 0, |&town| town == 3, &Limits::NONE);
/// let solution = outcome.status.found().unwrap();
/// assert_eq!(solution.cost, 4);
/// assert_eq!(solution.states, [0, 2, 1, 3]);
/// assert_eq!(solution.moves, [(0, 2), (2, 1), (1, 3)]);
/// ```
pub fn astar<N, M, C, FN, IN, FH, FS>(
    start: &N,
    mut successors: FN,
    mut heuristic: FH,
    mut success: FS,
    limits: &Limits<'_>,
) -> Outcome<N, M, C>
where
    N: Eq + Hash + Clone,
    M: Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (M, N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    let mut stats = Stats::default();
    // Reached states: the state, its best known cost, and how it was best reached.
    let mut nodes: Vec<Node<N, M, C>> = vec![Node { state: start.clone(), cost: C::default(), parent: None }];
    let mut index: FxHashMap<N, usize> = FxHashMap::default();
    index.insert(start.clone(), 0);
    let mut open = BinaryHeap::new();
    open.push(Entry { estimate: heuristic(start), cost: C::default(), idx: 0 });
    while let Some(Entry { cost, idx, .. }) = open.pop() {
        if cost > nodes[idx].cost {
            // A cheaper route to this state was found after this entry was queued.
            continue;
        }
        if success(&nodes[idx].state) {
            return Outcome { status: Status::Found(rebuild(&nodes, idx)), stats };
        }
        if limits.exceeded(&stats) {
            return Outcome { status: Status::GaveUp, stats };
        }
        stats.expanded += 1;
        let current = nodes[idx].state.clone();
        for (mv, next, step_cost) in successors(&current) {
            stats.generated += 1;
            let next_cost = cost + step_cost;
            let next_idx = match index.get(&next) {
                Some(&known) if nodes[known].cost <= next_cost => continue,
                Some(&known) => {
                    nodes[known].cost = next_cost;
                    nodes[known].parent = Some((idx, mv));
                    known
                }
                None => {
                    index.insert(next.clone(), nodes.len());
                    nodes.push(Node { state: next, cost: next_cost, parent: Some((idx, mv)) });
                    nodes.len() - 1
                }
            };
            let estimate = next_cost + heuristic(&nodes[next_idx].state);
            open.push(Entry { estimate, cost: next_cost, idx: next_idx });
        }
    }
    Outcome { status: Status::Exhausted, stats }
}

struct Node<N, M, C> {
    state: N,
    cost: C,
    parent: Option<(usize, M)>,
}

/// An entry of the open list; the heap pops the greatest, so the order is reversed: lowest
/// estimate first, then highest cost so far, then lowest index (reached first).
struct Entry<C> {
    estimate: C,
    cost: C,
    idx: usize,
}

impl<C: Ord> Ord for Entry<C> {
    fn cmp(&self, other: &Self) -> Ordering {
        (Reverse(&self.estimate), &self.cost, Reverse(self.idx)).cmp(&(
            Reverse(&other.estimate),
            &other.cost,
            Reverse(other.idx),
        ))
    }
}

impl<C: Ord> PartialOrd for Entry<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Ord> PartialEq for Entry<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<C: Ord> Eq for Entry<C> {}

fn rebuild<N: Clone, M: Clone, C: Cost>(nodes: &[Node<N, M, C>], goal: usize) -> Solution<N, M, C> {
    let (states, moves) = crate::path_to(goal, |at| (&nodes[at].state, nodes[at].parent.as_ref()));
    Solution { states, moves, cost: nodes[goal].cost }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small weighted graph: edges (from, to, cost).
    const EDGES: &[(u8, u8, u32)] = &[(0, 1, 4), (0, 2, 1), (2, 1, 2), (1, 3, 1), (2, 3, 5), (3, 4, 3), (5, 4, 1)];

    fn successors(n: &u8) -> Vec<(u8, u8, u32)> {
        EDGES.iter().filter(|e| e.0 == *n).map(|&(_, to, cost)| (to, to, cost)).collect()
    }

    fn check(start: u8, goal: u8, expected: Option<(u32, &[u8])>) {
        let outcome = astar(&start, successors, |_| 0, |&n| n == goal, &Limits::NONE);
        match expected {
            Some((cost, path)) => {
                let solution = outcome.status.found().expect("a solution");
                assert_eq!(solution.cost, cost);
                assert_eq!(solution.moves, path);
            }
            None => assert_eq!(outcome.status, Status::Exhausted),
        }
    }

    #[test]
    fn cheapest_paths() {
        check(0, 0, Some((0, &[])));
        check(0, 1, Some((3, &[2, 1])));
        check(0, 3, Some((4, &[2, 1, 3])));
        check(0, 4, Some((7, &[2, 1, 3, 4])));
        check(0, 5, None);
    }

    #[test]
    fn gives_up_at_the_limit() {
        let limits = Limits { max_expanded: Some(2), ..Limits::NONE };
        let outcome = astar(&0u32, |&n| [((), n + 1, 1u32)], |_| 0, |&n| n == 100, &limits);
        assert_eq!(outcome.status, Status::GaveUp);
    }
}
