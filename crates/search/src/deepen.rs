//! Iterative deepening written once: [`deepen`] runs bounded depth-first passes, each bound the
//! least estimate the pass before cut off, until one reaches a goal, a limit stops one, or one
//! cuts nothing off. [`Run`] is what a pass gives and what the whole deepening gives. IDA\*
//! ([`crate::idastar()`]) and the domains' specialised IDA\* searches run on it; each brings its
//! own pass (a closure over the bound).

/// What a bounded depth-first search did: one pass with one bound (an IDA\* iteration, a part of
/// one), or a whole [`deepen`] of them.
///
/// A pass that neither found a path nor gave up searched everything within its bound; a whole
/// deepening that neither found a path nor gave up searched every reachable state.
///
/// ```
/// use search::deepen::{deepen, Run};
///
/// // Passes that never reach a goal and cut nothing off above bound 3: the deepening ends
/// // there, having searched everything, and reports the bound of that last pass.
/// let run: Run<(), u32> = deepen(1, |bound, _| Run { path: None, next_bound: (bound < 3).then_some(bound + 1), nodes: 2, gave_up: false });
/// assert_eq!(run, Run { path: None, next_bound: Some(3), nodes: 6, gave_up: false });
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run<P, C> {
    /// The first path (in the pass's move order) that reached a goal within the bound.
    pub path: Option<P>,
    /// Of one pass: the least estimate above the bound it cut off, the bound of the pass after
    /// it (`None`: it cut off nothing). Of a whole deepening: that of the last pass that ended
    /// without a path (`None`: none did), a bound every path to a goal reaches, since the
    /// estimate is admissible.
    pub next_bound: Option<C>,
    /// Nodes visited.
    pub nodes: u64,
    /// A limit (nodes, time, a signal) stopped it before its end: the other fields are what it
    /// reached, not its answer.
    pub gave_up: bool,
}

/// Nothing found, nothing cut off, no node visited: what a tally over passes starts from.
impl<P, C> Default for Run<P, C> {
    fn default() -> Run<P, C> {
        Run { path: None, next_bound: None, nodes: 0, gave_up: false }
    }
}

/// Runs `pass` with the bound `start`, then with each pass's next bound, until a pass finds a
/// path, gives up or cuts nothing off; `pass` is given the bound and the nodes the passes before
/// it visited (for a node budget over them all). The result has the last pass's path and
/// `gave_up`, the nodes of all of them, and the next bound of the last pass that ended without
/// a path.
///
/// ```
/// use search::deepen::{deepen, Run};
///
/// // A pass over a line of states 0, 1, 2, …: within bound `b` it reaches 0..=b, and the goal
/// // is 4; it cuts off state b + 1.
/// let run = deepen(1u32, |bound, _| {
///     let nodes = u64::from(bound.min(4)) + 1;
///     match bound >= 4 {
///         true => Run { path: Some(vec![1, 2, 3, 4]), next_bound: None, nodes, gave_up: false },
///         false => Run { path: None, next_bound: Some(bound + 1), nodes, gave_up: false },
///     }
/// });
/// assert_eq!(run.path, Some(vec![1, 2, 3, 4]));
/// // Bounds 1, 2, 3 and 4 visit 2 + 3 + 4 + 5 states; the last pass without a path had
/// // bound 3 and cut off state 4.
/// assert_eq!((run.nodes, run.next_bound), (14, Some(4)));
/// // A pass that gives up ends the deepening.
/// let stopped: Run<(), u32> = deepen(0, |_, spent| Run { path: None, next_bound: Some(1), nodes: 5, gave_up: spent >= 10 });
/// assert_eq!((stopped.nodes, stopped.gave_up, stopped.next_bound), (15, true, Some(1)));
/// ```
pub fn deepen<P, C: Copy>(start: C, mut pass: impl FnMut(C, u64) -> Run<P, C>) -> Run<P, C> {
    let mut bound = start;
    let mut nodes = 0u64;
    let mut cut = None;
    loop {
        let Run { path, next_bound, nodes: visited, gave_up } = pass(bound, nodes);
        nodes += visited;
        let next = match next_bound {
            Some(next) if path.is_none() && !gave_up => next,
            _ => return Run { path, next_bound: cut, nodes, gave_up },
        };
        cut = Some(next);
        bound = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pass over the states `0..=last` of a line whose goal is `goal`, with the distance to it
    /// as the estimate and every state one move from the next.
    fn line_pass(last: u32, goal: Option<u32>, budget: u64) -> impl FnMut(u32, u64) -> Run<u32, u32> {
        move |bound, spent| {
            let mut nodes = 0;
            for state in 0..=last {
                if spent + nodes == budget {
                    return Run { path: None, next_bound: None, nodes, gave_up: true };
                }
                nodes += 1;
                if Some(state) == goal {
                    return Run { path: Some(state), next_bound: None, nodes, gave_up: false };
                }
                if state + 1 > bound && state < last {
                    return Run { path: None, next_bound: Some(state + 1), nodes, gave_up: false };
                }
            }
            Run { path: None, next_bound: None, nodes, gave_up: false }
        }
    }

    #[test]
    fn deepens_to_the_goal_and_sums_the_nodes() {
        // Bounds 0..=3: 1 + 2 + 3 + 4 nodes, the last with the goal.
        let run = deepen(0, line_pass(9, Some(3), u64::MAX));
        assert_eq!(run, Run { path: Some(3), next_bound: Some(3), nodes: 10, gave_up: false });
    }

    #[test]
    fn ends_when_nothing_is_cut_off() {
        // No goal: bounds 0..=4 visit 1 + 2 + 3 + 4 + 5 states, the last pass cutting nothing.
        let run = deepen(0, line_pass(4, None, u64::MAX));
        assert_eq!(run, Run { path: None, next_bound: Some(4), nodes: 15, gave_up: false });
    }

    #[test]
    fn gives_up_with_the_budget_over_all_passes() {
        // Passes of 1, 2 and 3 nodes, then the budget of 7 stops the fourth after one node.
        let run = deepen(0, line_pass(9, Some(8), 7));
        assert_eq!(run, Run { path: None, next_bound: Some(3), nodes: 7, gave_up: true });
    }

    #[test]
    fn a_first_pass_that_finds_proves_no_cut() {
        let run = deepen(5, line_pass(9, Some(0), u64::MAX));
        assert_eq!(run, Run { path: Some(0), next_bound: None, nodes: 1, gave_up: false });
    }
}
