//! IDA*: iterative-deepening depth-first search on `cost so far + heuristic`, in linear memory.

use crate::deepen::{deepen, Run};
use crate::{Cost, Limits, Outcome, Solution, Stats, Status};

/// Finds a cheapest path from `start` to a state accepted by `success`, keeping only the current
/// path in memory.
///
/// Same arguments and guarantees as [`crate::astar()`]: `heuristic` must be **admissible** for
/// the result to be optimal. Each iteration is a depth-first search bounded by the smallest
/// `cost + heuristic` that exceeded the previous bound; successors are tried in the order given
/// and states already on the current path are skipped, so the search ends on finite spaces and
/// the path returned is the first optimal one in successor order.
///
/// ```
/// use search::{astar, idastar, Limits};
///
/// // Roads between four towns: (from, to, length).
/// let roads = [(0, 1, 4), (0, 2, 1), (2, 1, 2), (1, 3, 1), (2, 3, 5)];
/// let successors = |&town: &usize| {
///     roads.iter().filter(move |road| road.0 == town).map(move |&(_, to, length)| ((town, to), to, length))
/// };
/// // An admissible estimate: no town is more than 1 from town 3, except town 3 itself.
/// let estimate = |&town: &usize| u32::from(town != 3);
/// let outcome = idastar(&0, successors, estimate, |&town| town == 3, &Limits::NONE);
/// let solution = outcome.status.found().unwrap();
/// assert_eq!(solution.cost, 4);
/// assert_eq!(solution.states, [0, 2, 1, 3]);
/// // The same arguments to A* give the same cost.
/// let by_astar = astar(&0, successors, estimate, |&town| town == 3, &Limits::NONE);
/// assert_eq!(by_astar.status.found().unwrap().cost, solution.cost);
/// ```
pub fn idastar<N, M, C, FN, IN, FH, FS>(
    start: &N,
    mut successors: FN,
    mut heuristic: FH,
    mut success: FS,
    limits: &Limits<'_>,
) -> Outcome<N, M, C>
where
    N: Eq + Clone,
    M: Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (M, N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    let mut pass = Pass {
        successors: &mut successors,
        heuristic: &mut heuristic,
        success: &mut success,
        limits,
        stats: Stats::default(),
        states: vec![start.clone()],
        moves: Vec::new(),
    };
    let start_bound = (pass.heuristic)(start);
    // Each pass takes back its moves, so it starts again from `start`; a pass counts the
    // expansions it made.
    let run = deepen(start_bound, |bound, _| {
        let expanded = pass.stats.expanded;
        let step = pass.search(C::default(), bound);
        let nodes = pass.stats.expanded - expanded;
        match step {
            Step::Found(cost) => Run { path: Some(cost), next_bound: None, nodes, gave_up: false },
            Step::Deeper(next_bound) => Run { path: None, next_bound, nodes, gave_up: false },
            Step::GaveUp => Run { path: None, next_bound: None, nodes, gave_up: true },
        }
    });
    let status = match run {
        Run { path: Some(cost), .. } => Status::Found(Solution { states: pass.states, moves: pass.moves, cost }),
        Run { gave_up: true, .. } => Status::GaveUp,
        Run { .. } => Status::Exhausted,
    };
    Outcome { status, stats: pass.stats }
}

/// What one bounded depth-first pass found below a state.
enum Step<C> {
    /// A goal at this total cost; the path is left on the stacks.
    Found(C),
    /// No goal within the bound; the smallest estimate that exceeded it, if any did.
    Deeper(Option<C>),
    /// A limit was reached.
    GaveUp,
}

/// One pass's closures, counters and current path.
struct Pass<'a, N, M, FN, FH, FS> {
    successors: &'a mut FN,
    heuristic: &'a mut FH,
    success: &'a mut FS,
    limits: &'a Limits<'a>,
    stats: Stats,
    states: Vec<N>,
    moves: Vec<M>,
}

impl<N, M, C, FN, IN, FH, FS> Pass<'_, N, M, FN, FH, FS>
where
    N: Eq + Clone,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (M, N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    fn search(&mut self, cost: C, bound: C) -> Step<C> {
        let Some(current) = self.states.last() else { return Step::Deeper(None) };
        let estimate = cost + (self.heuristic)(current);
        if estimate > bound {
            return Step::Deeper(Some(estimate));
        }
        if (self.success)(current) {
            return Step::Found(cost);
        }
        if self.limits.exceeded(&self.stats) {
            return Step::GaveUp;
        }
        self.stats.expanded += 1;
        let mut next_bound: Option<C> = None;
        for (mv, next, step_cost) in (self.successors)(current) {
            self.stats.generated += 1;
            if self.states.contains(&next) {
                continue;
            }
            self.states.push(next);
            self.moves.push(mv);
            match self.search(cost + step_cost, bound) {
                Step::Found(total) => return Step::Found(total),
                Step::GaveUp => return Step::GaveUp,
                Step::Deeper(exceeded) => {
                    next_bound = match (next_bound, exceeded) {
                        (Some(a), Some(b)) => Some(a.min(b)),
                        (a, b) => a.or(b),
                    };
                }
            }
            self.states.pop();
            self.moves.pop();
        }
        Step::Deeper(next_bound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::astar;
    use proptest::prelude::*;

    #[test]
    fn finds_cheapest_on_a_line() {
        // States 0..=10 on a line; the goal is 7; the heuristic is the exact distance.
        let outcome = idastar(
            &0i32,
            |&n| [(-1, n - 1, 1u32), (1, n + 1, 1)].into_iter().filter(|(_, m, _)| (0..=10).contains(m)),
            |&n| n.abs_diff(7),
            |&n| n == 7,
            &Limits::NONE,
        );
        let solution = outcome.status.found().expect("a solution");
        assert_eq!(solution.cost, 7);
        assert_eq!(solution.moves, vec![1; 7]);
        assert_eq!(solution.states.len(), 8);
    }

    #[test]
    fn exhausted_on_a_finite_space_without_goal() {
        let outcome =
            idastar(&0u8, |&n| if n < 4 { vec![((), n + 1, 1u8)] } else { vec![] }, |_| 0, |_| false, &Limits::NONE);
        assert_eq!(outcome.status, Status::Exhausted);
    }

    #[test]
    fn gives_up_at_the_limit() {
        let limits = Limits { max_expanded: Some(5), ..Limits::NONE };
        let outcome = idastar(&0u32, |&n| [((), n + 1, 1u32)], |_| 0, |&n| n == 100, &limits);
        assert_eq!(outcome.status, Status::GaveUp);
    }

    /// A random digraph on `n` vertices with small positive weights, as an adjacency list.
    fn graph() -> impl Strategy<Value = Vec<Vec<(usize, u32)>>> {
        (2usize..9).prop_flat_map(|n| proptest::collection::vec(proptest::collection::vec((0..n, 1u32..5), 0..4), n))
    }

    proptest! {
        #[test]
        fn agrees_with_astar_and_bfs(adjacency in graph(), goal_seed in any::<usize>()) {
            let goal = goal_seed % adjacency.len();
            let successors = |&n: &usize| adjacency[n].iter().map(|&(to, w)| (to, to, w)).collect::<Vec<_>>();
            let by_idastar = idastar(&0, successors, |_| 0, |&n| n == goal, &Limits::NONE);
            let by_astar = astar(&0, successors, |_| 0, |&n| n == goal, &Limits::NONE);
            let cost_ida = by_idastar.status.found().map(|s| s.cost);
            let cost_astar = by_astar.status.found().map(|s| s.cost);
            prop_assert_eq!(cost_ida, cost_astar);
            // With unit weights, BFS must agree too.
            let unit = |&n: &usize| adjacency[n].iter().map(|&(to, _)| (to, to, 1u32)).collect::<Vec<_>>();
            let ida_unit = idastar(&0, unit, |_| 0, |&n| n == goal, &Limits::NONE).status.found().map(|s| s.cost as usize);
            let bfs_unit = crate::bfs(&0, |&n| adjacency[n].iter().map(|&(to, _)| (to, to)).collect::<Vec<_>>(), |&n| n == goal, &Limits::NONE)
                .status.found().map(|s| s.cost);
            prop_assert_eq!(ida_unit, bfs_unit);
        }
    }
}
