//! Depth-first backtracking over choices applied and undone in place, with an explicit stack.

use std::ops::ControlFlow;

use crate::{Limits, Stats};

/// A problem solved by making one choice after another on a mutable partial solution.
///
/// The search calls [`choices`](Backtrack::choices) to list what may be done next, then for
/// each choice [`apply`](Backtrack::apply)s it, explores below, and [`undo`](Backtrack::undo)s
/// it. Choices are tried in the order listed, which fixes the order solutions are reported in.
///
/// Bit strings without two ones side by side, listed:
///
/// ```
/// use std::ops::ControlFlow;
///
/// use search::{backtrack, Backtrack, Limits};
///
/// /// Strings of `len` bits with no two ones side by side.
/// struct Spaced {
///     len: usize,
///     bits: Vec<bool>,
/// }
///
/// impl Backtrack for Spaced {
///     type Choice = bool;
///
///     fn choices(&mut self, out: &mut Vec<bool>) {
///         out.push(false);
///         if self.bits.last() != Some(&true) {
///             out.push(true);
///         }
///     }
///
///     fn apply(&mut self, bit: bool) {
///         self.bits.push(bit);
///     }
///
///     fn undo(&mut self, _bit: bool) {
///         self.bits.pop();
///     }
///
///     fn is_complete(&self) -> bool {
///         self.bits.len() == self.len
///     }
/// }
///
/// let mut found = Vec::new();
/// backtrack(&mut Spaced { len: 4, bits: Vec::new() }, &Limits::NONE, |_, bits| {
///     found.push(bits.iter().map(|&one| if one { '1' } else { '0' }).collect::<String>());
///     ControlFlow::Continue(())
/// });
/// // The eight strings, listed by hand in the order the choices are tried (0 before 1).
/// assert_eq!(found, ["0000", "0001", "0010", "0100", "0101", "1000", "1001", "1010"]);
/// ```
pub trait Backtrack {
    /// One step of a partial solution (for example a piece placed on a cell).
    type Choice: Copy;

    /// Appends the choices available now to `out`, in the order they should be tried. An empty
    /// list marks a dead end.
    fn choices(&mut self, out: &mut Vec<Self::Choice>);

    /// Makes `choice`, one of those just listed.
    fn apply(&mut self, choice: Self::Choice);

    /// Takes back `choice`, the most recently applied one.
    fn undo(&mut self, choice: Self::Choice);

    /// Whether the partial solution is complete.
    fn is_complete(&self) -> bool;
}

/// How a backtracking search ended.
///
/// ```
/// use std::ops::ControlFlow;
///
/// use search::{backtrack, Backtrack, BacktrackEnd, Limits};
///
/// # /// Strings of `len` bits with no two ones side by side.
/// # struct Spaced {
/// #     len: usize,
/// #     bits: Vec<bool>,
/// # }
/// #
/// # impl Backtrack for Spaced {
/// #     type Choice = bool;
/// #
/// #     fn choices(&mut self, out: &mut Vec<bool>) {
/// #         out.push(false);
/// #         if self.bits.last() != Some(&true) {
/// #             out.push(true);
/// #         }
/// #     }
/// #
/// #     fn apply(&mut self, bit: bool) {
/// #         self.bits.push(bit);
/// #     }
/// #
/// #     fn undo(&mut self, _bit: bool) {
/// #         self.bits.pop();
/// #     }
/// #
/// #     fn is_complete(&self) -> bool {
/// #         self.bits.len() == self.len
/// #     }
/// # }
/// let mut problem = Spaced { len: 3, bits: Vec::new() };
/// let all = backtrack(&mut problem, &Limits::NONE, |_, _| ControlFlow::Continue(()));
/// assert_eq!(all.end, BacktrackEnd::Exhausted);
/// let first = backtrack(&mut problem, &Limits::NONE, |_, _| ControlFlow::Break(()));
/// assert_eq!(first.end, BacktrackEnd::Stopped);
/// assert_eq!(problem.bits, [false, false, false]);
/// // Strings of 40 bits are too many to list with 100 expansions.
/// let limits = Limits { max_expanded: Some(100), ..Limits::NONE };
/// let mut long = Spaced { len: 40, bits: Vec::new() };
/// let cut = backtrack(&mut long, &limits, |_, _| ControlFlow::Continue(()));
/// assert_eq!(cut.end, BacktrackEnd::GaveUp);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BacktrackEnd {
    /// Every choice was explored.
    Exhausted,
    /// The solution callback asked to stop.
    Stopped,
    /// A limit was reached first.
    GaveUp,
}

/// The result of [`backtrack()`].
///
/// ```
/// use std::ops::ControlFlow;
///
/// use search::{backtrack, Backtrack, BacktrackEnd, BacktrackOutcome, Limits, Stats};
///
/// # /// Strings of `len` bits with no two ones side by side.
/// # struct Spaced {
/// #     len: usize,
/// #     bits: Vec<bool>,
/// # }
/// #
/// # impl Backtrack for Spaced {
/// #     type Choice = bool;
/// #
/// #     fn choices(&mut self, out: &mut Vec<bool>) {
/// #         out.push(false);
/// #         if self.bits.last() != Some(&true) {
/// #             out.push(true);
/// #         }
/// #     }
/// #
/// #     fn apply(&mut self, bit: bool) {
/// #         self.bits.push(bit);
/// #     }
/// #
/// #     fn undo(&mut self, _bit: bool) {
/// #         self.bits.pop();
/// #     }
/// #
/// #     fn is_complete(&self) -> bool {
/// #         self.bits.len() == self.len
/// #     }
/// # }
/// // Strings of two bits: choices are listed at the start, after 0 and after 1 (3 times), and
/// // 0, 00, 01, 1 and 10 are applied (5 choices), 00, 01 and 10 being complete.
/// let mut solutions = 0;
/// let outcome = backtrack(&mut Spaced { len: 2, bits: Vec::new() }, &Limits::NONE, |_, _| {
///     solutions += 1;
///     ControlFlow::Continue(())
/// });
/// let stats = Stats { expanded: 3, generated: 5 };
/// assert_eq!(outcome, BacktrackOutcome { end: BacktrackEnd::Exhausted, stats });
/// assert_eq!(solutions, 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BacktrackOutcome {
    /// Why the search ended.
    pub end: BacktrackEnd,
    /// Work done: `generated` counts applied choices, `expanded` the times choices were listed.
    pub stats: Stats,
}

/// Explores every sequence of choices depth-first, calling `on_solution` with the problem and
/// the choices made whenever the partial solution is complete.
///
/// `on_solution` returns [`ControlFlow::Break`] to stop (for "first solution") or
/// [`ControlFlow::Continue`] to go on (for counting). A complete partial solution is not
/// extended further. The problem is left as it started unless the search was stopped, in which
/// case the choices of the last solution stay applied.
///
/// ```
/// use std::ops::ControlFlow;
///
/// use search::{backtrack, Backtrack, BacktrackEnd, Limits};
///
/// /// Queens placed row by row on an n x n board, none attacking another.
/// struct Queens {
///     n: usize,
///     cols: Vec<usize>,
/// }
///
/// impl Backtrack for Queens {
///     type Choice = usize;
///
///     fn choices(&mut self, out: &mut Vec<usize>) {
///         let row = self.cols.len();
///         let safe = |col: usize| self.cols.iter().enumerate().all(|(r, &c)| c != col && row - r != c.abs_diff(col));
///         out.extend((0..self.n).filter(|&col| safe(col)));
///     }
///
///     fn apply(&mut self, col: usize) {
///         self.cols.push(col);
///     }
///
///     fn undo(&mut self, _col: usize) {
///         self.cols.pop();
///     }
///
///     fn is_complete(&self) -> bool {
///         self.cols.len() == self.n
///     }
/// }
///
/// // Counting: every solution, then the search runs out of choices.
/// let mut count = 0;
/// let outcome = backtrack(&mut Queens { n: 6, cols: Vec::new() }, &Limits::NONE, |_, _| {
///     count += 1;
///     ControlFlow::Continue(())
/// });
/// assert_eq!((outcome.end, count), (BacktrackEnd::Exhausted, 4));
/// // The first solution: its choices stay applied.
/// let mut queens = Queens { n: 4, cols: Vec::new() };
/// let outcome = backtrack(&mut queens, &Limits::NONE, |_, _| ControlFlow::Break(()));
/// assert_eq!((outcome.end, queens.cols), (BacktrackEnd::Stopped, vec![1, 3, 0, 2]));
/// ```
pub fn backtrack<P, F>(problem: &mut P, limits: &Limits<'_>, mut on_solution: F) -> BacktrackOutcome
where
    P: Backtrack,
    F: FnMut(&P, &[P::Choice]) -> ControlFlow<()>,
{
    let mut stats = Stats::default();
    let mut path: Vec<P::Choice> = Vec::new();
    if problem.is_complete() {
        let end = match on_solution(problem, &path) {
            ControlFlow::Break(()) => BacktrackEnd::Stopped,
            ControlFlow::Continue(()) => BacktrackEnd::Exhausted,
        };
        return BacktrackOutcome { end, stats };
    }
    // All pending choices of all levels live in one pool; each frame is the range of the pool
    // holding its level's choices and a cursor to the next one to try.
    let mut pool: Vec<P::Choice> = Vec::new();
    let mut frames: Vec<Frame> = Vec::new();
    problem.choices(&mut pool);
    stats.expanded += 1;
    frames.push(Frame { start: 0, next: 0 });
    while let Some(frame) = frames.last_mut() {
        if frame.next == pool.len() {
            pool.truncate(frame.start);
            frames.pop();
            if let Some(choice) = path.pop() {
                problem.undo(choice);
            }
            continue;
        }
        let choice = pool[frame.next];
        frame.next += 1;
        if limits.exceeded(&stats) {
            return BacktrackOutcome { end: BacktrackEnd::GaveUp, stats };
        }
        problem.apply(choice);
        path.push(choice);
        stats.generated += 1;
        if problem.is_complete() {
            if on_solution(problem, &path).is_break() {
                return BacktrackOutcome { end: BacktrackEnd::Stopped, stats };
            }
            path.pop();
            problem.undo(choice);
            continue;
        }
        let start = pool.len();
        problem.choices(&mut pool);
        stats.expanded += 1;
        frames.push(Frame { start, next: start });
    }
    BacktrackOutcome { end: BacktrackEnd::Exhausted, stats }
}

struct Frame {
    start: usize,
    next: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Place the numbers 0..n in a row so that neighbours differ by more than one: a small
    /// permutation problem whose solutions are easy to list by brute force.
    struct Spread {
        n: u8,
        row: Vec<u8>,
    }

    impl Backtrack for Spread {
        type Choice = u8;

        fn choices(&mut self, out: &mut Vec<u8>) {
            for value in 0..self.n {
                let fits = !self.row.contains(&value) && self.row.last().is_none_or(|&last| last.abs_diff(value) > 1);
                if fits {
                    out.push(value);
                }
            }
        }

        fn apply(&mut self, choice: u8) {
            self.row.push(choice);
        }

        fn undo(&mut self, choice: u8) {
            assert_eq!(self.row.pop(), Some(choice));
        }

        fn is_complete(&self) -> bool {
            self.row.len() == self.n as usize
        }
    }

    fn brute_force(n: u8) -> Vec<Vec<u8>> {
        fn permutations(rest: Vec<u8>) -> Vec<Vec<u8>> {
            if rest.is_empty() {
                return vec![vec![]];
            }
            let mut all = Vec::new();
            for (i, &first) in rest.iter().enumerate() {
                let mut others = rest.clone();
                others.remove(i);
                for mut tail in permutations(others) {
                    tail.insert(0, first);
                    all.push(tail);
                }
            }
            all
        }
        permutations((0..n).collect()).into_iter().filter(|p| p.windows(2).all(|w| w[0].abs_diff(w[1]) > 1)).collect()
    }

    fn check(n: u8) {
        let mut problem = Spread { n, row: Vec::new() };
        let mut found = Vec::new();
        let outcome = backtrack(&mut problem, &Limits::NONE, |p, path| {
            assert_eq!(p.row, path);
            found.push(path.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(outcome.end, BacktrackEnd::Exhausted);
        assert_eq!(found, brute_force(n), "n = {n}");
        assert!(problem.row.is_empty(), "the problem is restored");
    }

    #[test]
    fn finds_all_solutions_in_order() {
        for n in 0..=7 {
            check(n);
        }
    }

    #[test]
    fn stops_on_request_with_the_solution_applied() {
        let mut problem = Spread { n: 5, row: Vec::new() };
        let outcome = backtrack(&mut problem, &Limits::NONE, |_, _| ControlFlow::Break(()));
        assert_eq!(outcome.end, BacktrackEnd::Stopped);
        assert_eq!(Some(problem.row), brute_force(5).into_iter().next());
    }

    #[test]
    fn gives_up_at_the_limit() {
        let mut problem = Spread { n: 8, row: Vec::new() };
        let outcome =
            backtrack(
                &mut problem,
                &Limits { max_expanded: Some(3), ..Limits::NONE },
                |_, _| ControlFlow::Continue(()),
            );
        assert_eq!(outcome.end, BacktrackEnd::GaveUp);
    }
}
