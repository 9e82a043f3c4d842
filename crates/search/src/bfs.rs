//! Breadth-first search: the fewest moves, whatever their costs.

use std::collections::VecDeque;
use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::{Limits, Outcome, Solution, Stats, Status};

/// Finds a path from `start` to a state accepted by `success` with the fewest moves.
///
/// `successors` lists `(move, next)` pairs; they are explored in the order given, so among
/// shortest paths the one returned is the first in that order. The cost of the solution is its
/// number of moves. Memory grows with the number of distinct states reached.
///
/// ```
/// use search::{bfs, Limits, Status};
///
/// // From 1 to 10 by "add one" and "double", staying at most 20.
/// let moves = |&n: &u32| [('+', n + 1), ('*', n * 2)].into_iter().filter(|&(_, next)| next <= 20);
/// let outcome = bfs(&1, moves, |&n| n == 10, &Limits::NONE);
/// let solution = outcome.status.found().unwrap();
/// assert_eq!(solution.cost, 4);
/// assert_eq!(solution.states, [1, 2, 4, 5, 10]);
/// assert_eq!(solution.moves, ['+', '*', '+', '*']);
/// // 21 cannot be reached: every state was seen, none is the goal.
/// assert_eq!(bfs(&1, moves, |&n| n == 21, &Limits::NONE).status, Status::Exhausted);
/// ```
pub fn bfs<N, M, FN, IN, FS>(
    start: &N,
    mut successors: FN,
    mut success: FS,
    limits: &Limits<'_>,
) -> Outcome<N, M, usize>
where
    N: Eq + Hash + Clone,
    M: Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (M, N)>,
    FS: FnMut(&N) -> bool,
{
    let mut stats = Stats::default();
    // Every state reached, with the index of its parent and the move from it.
    let mut nodes: Vec<(N, Option<(usize, M)>)> = vec![(start.clone(), None)];
    let mut seen: FxHashMap<N, ()> = FxHashMap::default();
    seen.insert(start.clone(), ());
    let mut queue = VecDeque::from([0usize]);
    while let Some(idx) = queue.pop_front() {
        if success(&nodes[idx].0) {
            return Outcome { status: Status::Found(rebuild(nodes, idx)), stats };
        }
        if limits.exceeded(&stats) {
            return Outcome { status: Status::GaveUp, stats };
        }
        stats.expanded += 1;
        let current = nodes[idx].0.clone();
        for (mv, next) in successors(&current) {
            stats.generated += 1;
            if seen.insert(next.clone(), ()).is_none() {
                nodes.push((next, Some((idx, mv))));
                queue.push_back(nodes.len() - 1);
            }
        }
    }
    Outcome { status: Status::Exhausted, stats }
}

fn rebuild<N: Clone, M: Clone>(nodes: Vec<(N, Option<(usize, M)>)>, goal: usize) -> Solution<N, M, usize> {
    let (states, moves) = crate::path_to(goal, |at| (&nodes[at].0, nodes[at].1.as_ref()));
    let cost = moves.len();
    Solution { states, moves, cost }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Moves on the integers: +1 or *2, a classic shortest-path toy.
    fn check(start: u32, goal: u32, expected_moves: Option<&[&str]>) {
        let outcome = bfs(&start, |&n| [("+1", n + 1), ("*2", n * 2)], |&n| n == goal, &Limits::NONE);
        match expected_moves {
            Some(moves) => {
                let solution = outcome.status.found().expect("a solution");
                assert_eq!(solution.moves, moves);
                assert_eq!(solution.cost, moves.len());
                assert_eq!(solution.states.first(), Some(&start));
                assert_eq!(solution.states.last(), Some(&goal));
            }
            None => assert_eq!(outcome.status, Status::Exhausted),
        }
    }

    #[test]
    fn shortest_paths() {
        check(1, 1, Some(&[]));
        check(1, 2, Some(&["+1"]));
        check(1, 8, Some(&["+1", "*2", "*2"]));
        check(3, 13, Some(&["*2", "*2", "+1"]));
    }

    #[test]
    fn exhausted_when_unreachable() {
        let outcome = bfs(&0u8, |&n| if n < 5 { vec![((), n + 1)] } else { vec![] }, |&n| n == 9, &Limits::NONE);
        assert_eq!(outcome.status, Status::Exhausted);
        assert_eq!(outcome.stats.expanded, 6);
    }

    #[test]
    fn gives_up_at_the_limit() {
        let limits = Limits { max_expanded: Some(3), ..Limits::NONE };
        let outcome = bfs(&0u64, |&n| [((), n + 1)], |&n| n == 1000, &limits);
        assert_eq!(outcome.status, Status::GaveUp);
        assert_eq!(outcome.stats.expanded, 3);
    }
}
