//! Tallies of work on the calling thread, so that tests can check how often a plan and its
//! count do it: the candidate tables built (either engine's lists, every piece in every turn
//! sorted into them) and the walks that stream solutions one by one (every solution, those
//! below a unit, the pictures a distinct count looks at without a corner). Counted only for
//! tests (`test-support`), a no-op otherwise.

/// What the tallies count.
#[derive(Clone, Copy)]
pub(super) enum Work {
    /// A build of candidate tables.
    TableBuild,
    /// A walk streaming solutions one by one.
    SolutionWalk,
}

#[cfg(any(test, feature = "test-support"))]
thread_local! {
    static COUNTS: [std::cell::Cell<u64>; 2] = const { [std::cell::Cell::new(0), std::cell::Cell::new(0)] };
}

/// Counts one more `work` on this thread (with `test-support`; nothing otherwise).
#[inline]
pub(super) fn tally(work: Work) {
    #[cfg(any(test, feature = "test-support"))]
    COUNTS.with(|counts| counts[work as usize].set(counts[work as usize].get() + 1));
    #[cfg(not(any(test, feature = "test-support")))]
    let _ = work;
}

/// How many `work` this thread has done so far.
#[cfg(any(test, feature = "test-support"))]
fn tallied(work: Work) -> u64 {
    COUNTS.with(|counts| counts[work as usize].get())
}

/// The walks that streamed solutions one by one on this thread so far (each
/// [`crate::Plan::for_each_solution`] and [`crate::Plan::solutions_below`] counts one; a count,
/// keeping boards or not, none unless it is a distinct count without a corner piece, which
/// looks at every picture).
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::testing::solution_walks;
/// use edge_match::{Limits, Mode, Solver, Task};
///
/// let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
/// let plan = Solver::new(&puzzle).plan(Task::Count, Mode::Plain, None, false);
/// let before = solution_walks();
/// let (counts, boards) = plan.count_keeping(&Limits::NONE, &|_, _, _| {}, 2);
/// assert_eq!((counts.solutions, boards.len(), solution_walks()), (4, 2, before));
/// plan.for_each_solution(&Limits::NONE, |_| true);
/// assert_eq!(solution_walks(), before + 1);
/// ```
#[cfg(any(test, feature = "test-support"))]
pub fn solution_walks() -> u64 {
    tallied(Work::SolutionWalk)
}

/// The candidate tables built on this thread so far (every plan, estimate and search of either
/// engine that lists every piece in every turn again counts one).
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::testing::{Engine, table_builds};
///
/// let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
/// let before = table_builds();
/// let _ = Engine::new(&puzzle, &[]);
/// assert_eq!(table_builds(), before + 1);
/// ```
#[cfg(any(test, feature = "test-support"))]
pub fn table_builds() -> u64 {
    tallied(Work::TableBuild)
}
