//! Generic state-space search: breadth-first search, A*, IDA* and the depth-first walk.
//!
//! The searches know nothing about puzzles. A problem is described by closures in the style of
//! the `pathfinding` crate: `successors` lists the moves from a state as `(move, next, cost)`,
//! `success` recognises a goal, and A*/IDA* take a `heuristic` that must be *admissible* (never
//! more than the true remaining cost) for the returned solutions to be optimal. [`astar()`] and
//! [`idastar()`] take the same arguments, so either can replace the other.
//!
//! This crate is the shared vocabulary of every search in the workspace ([`Limits`], [`Status`],
//! [`Stats`], [`Progress`]) and a set of plain reference algorithms. The domains' hot loops are
//! specialised searches of their own that speak this vocabulary; the algorithms here answer small
//! problems and serve as the oracles their tests compare against.
//!
//! "No solution" is a value, never an error: every search returns an [`Outcome`] whose
//! [`Status`] says whether it found a solution, proved there is none, or gave up at a limit.
//!
//! # Where to start
//!
//! - [`bfs()`] finds the fewest moves; [`astar()`] and [`idastar()`] the cheapest path, guided
//!   by a heuristic. Each returns an [`Outcome`]: a [`Status`] holding the [`Solution`], and the
//!   [`Stats`] of the search.
//! - [`walk`] is the in-place depth-first core of the hot loops: implement [`walk::Walk`] for a
//!   state and run the drivers ([`walk::count`], [`walk::first`], …) on it.
//! - [`Limits`] stops any of them: a node budget, a deadline, an interrupt flag.
//!
//! Two jugs of 3 and 5 litres, a tap and a drain: how to measure 4 litres?
//!
//! ```
//! use search::{bfs, Limits, Status};
//!
//! // A state is the litres in the small jug and in the big one.
//! let moves = |&(small, big): &(u8, u8)| {
//!     let into_big = small.min(5 - big);
//!     let into_small = big.min(3 - small);
//!     [
//!         ("fill small", (3, big)),
//!         ("fill big", (small, 5)),
//!         ("empty small", (0, big)),
//!         ("empty big", (small, 0)),
//!         ("small into big", (small - into_big, big + into_big)),
//!         ("big into small", (small + into_small, big - into_small)),
//!     ]
//! };
//! let outcome = bfs(&(0, 0), moves, |&(_, big)| big == 4, &Limits::NONE);
//! let solution = outcome.status.found().unwrap();
//! // The puzzle's known answer: fill the big jug and pour it into the small one, which leaves
//! // 2 litres; empty the small jug, pour the 2 litres into it, fill the big jug again and top
//! // the small one up from it.
//! let answer = ["fill big", "big into small", "empty small", "big into small", "fill big", "big into small"];
//! assert_eq!(solution.moves, answer);
//! assert_eq!(solution.states.last(), Some(&(3, 4)));
//!
//! // After every move one jug is empty or full, so 2 and 2 litres are never seen: the search
//! // proves it by running out of states.
//! let outcome = bfs(&(0, 0), moves, |&state| state == (2, 2), &Limits::NONE);
//! assert_eq!(outcome.status, Status::Exhausted);
//! // Given two expansions only, it gives up instead.
//! let limits = Limits { max_expanded: Some(2), ..Limits::NONE };
//! assert_eq!(bfs(&(0, 0), moves, |&(_, big)| big == 4, &limits).status, Status::GaveUp);
//! ```
#![deny(missing_docs)]
#![warn(unreachable_pub)]

mod astar;
mod bfs;
pub mod deepen;
mod idastar;
pub mod walk;

use std::fmt::Debug;
use std::ops::Add;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

pub use astar::astar;
pub use bfs::bfs;
pub use idastar::idastar;

/// A path cost: a totally ordered, additive quantity whose [`Default`] is zero.
///
/// ```
/// use std::ops::Add;
///
/// use search::{astar, Cost, Limits};
///
/// /// Minutes of travel: a cost that is not a bare number.
/// #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
/// struct Minutes(u32);
///
/// impl Add for Minutes {
///     type Output = Minutes;
///
///     fn add(self, other: Minutes) -> Minutes {
///         Minutes(self.0 + other.0)
///     }
/// }
///
/// fn is_cost<C: Cost>() {}
/// is_cost::<Minutes>();
///
/// // From stop 0 to stop 2: straight on in 10 minutes, or by stop 1 in 3 + 4.
/// let legs = |&stop: &u8| match stop {
///     0 => vec![(1, 1, Minutes(3)), (2, 2, Minutes(10))],
///     1 => vec![(2, 2, Minutes(4))],
///     _ => vec![],
/// };
/// let outcome = astar(&0, legs, |_| Minutes(0), |&stop| stop == 2, &Limits::NONE);
/// assert_eq!(outcome.status.found().unwrap().cost, Minutes(7));
/// ```
pub trait Cost: Copy + Ord + Add<Output = Self> + Default + Debug {}

impl<T: Copy + Ord + Add<Output = T> + Default + Debug> Cost for T {}

/// What a search counted while it ran.
///
/// ```
/// use search::{bfs, Limits, Stats};
///
/// // Counting up from 0 to 3: 0, 1 and 2 are expanded, each giving one successor, and 3 is
/// // recognised as the goal before it is expanded.
/// let outcome = bfs(&0u32, |&n| [((), n + 1)], |&n| n == 3, &Limits::NONE);
/// assert_eq!(outcome.stats, Stats { expanded: 3, generated: 3 });
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// States whose successors were listed.
    pub expanded: u64,
    /// Successor states produced (including ones discarded as duplicates).
    pub generated: u64,
}

/// Bounds on the work a search may do before it gives up. The interrupt flag and the progress
/// counters are borrowed for `'a`, so a caller may keep them anywhere (a `static`, an `Arc`, a
/// local of the thread that runs the search).
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits<'a> {
    /// Give up once this many states have been expanded.
    pub max_expanded: Option<u64>,
    /// Give up once this moment has passed (checked every [`Limits::CLOCK_INTERVAL`] expansions).
    pub deadline: Option<Instant>,
    /// Give up once this flag is set, for example by a Ctrl-C handler (checked with the clock).
    pub interrupt: Option<&'a AtomicBool>,
    /// Where a search that supports it reports how far it got, for a progress display.
    pub progress: Option<&'a Progress>,
}

/// Counters a search updates as it runs, for a progress display: read them from another thread.
#[derive(Debug, Default)]
pub struct Progress {
    /// Nodes visited so far (by every search sharing these counters).
    pub nodes: AtomicU64,
    /// The bound of the current iteration, for iterative deepening.
    pub bound: AtomicU64,
}

impl Progress {
    /// Counters at zero, usable in a `static`.
    ///
    /// ```
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// use search::Progress;
    ///
    /// // In a `static`, where a progress display on another thread can read it.
    /// static PROGRESS: Progress = Progress::new();
    /// assert_eq!(PROGRESS.nodes.load(Relaxed), 0);
    /// PROGRESS.nodes.fetch_add(1024, Relaxed);
    /// PROGRESS.bound.store(42, Relaxed);
    /// assert_eq!((PROGRESS.nodes.load(Relaxed), PROGRESS.bound.load(Relaxed)), (1024, 42));
    /// ```
    pub const fn new() -> Progress {
        Progress { nodes: AtomicU64::new(0), bound: AtomicU64::new(0) }
    }
}

impl PartialEq for Limits<'_> {
    fn eq(&self, other: &Limits<'_>) -> bool {
        let same_flag = match (self.interrupt, other.interrupt) {
            (None, None) => true,
            (Some(a), Some(b)) => std::ptr::eq(a, b),
            _ => false,
        };
        self.max_expanded == other.max_expanded && self.deadline == other.deadline && same_flag
    }
}

impl Eq for Limits<'_> {}

impl Limits<'_> {
    /// No limits: search until a solution is found or the space is exhausted.
    pub const NONE: Limits<'static> = Limits { max_expanded: None, deadline: None, interrupt: None, progress: None };

    /// Whether the interrupt flag is set.
    pub(crate) fn interrupted(&self) -> bool {
        self.interrupt.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// How many expansions pass between two looks at the clock.
    pub const CLOCK_INTERVAL: u64 = 1024;

    /// Whether a search that has done `expanded` expansions must stop.
    pub(crate) fn exceeded_at(&self, expanded: u64) -> bool {
        self.max_expanded.is_some_and(|max| expanded >= max) || (expanded % Self::CLOCK_INTERVAL == 0 && self.stopped())
    }

    /// Whether the interrupt flag is set or the deadline has passed, whatever the count of
    /// expansions: for work that is not counted in expansions (building a table a search will
    /// use), polled every few thousand steps.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    ///
    /// use search::Limits;
    ///
    /// // The node limit does not stop such work; the clock does.
    /// assert!(!Limits { max_expanded: Some(0), ..Limits::NONE }.stopped());
    /// assert!(Limits { deadline: Some(Instant::now()), ..Limits::NONE }.stopped());
    /// let later = Instant::now() + Duration::from_secs(3600);
    /// assert!(!Limits { deadline: Some(later), ..Limits::NONE }.stopped());
    /// ```
    pub fn stopped(&self) -> bool {
        self.interrupted() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn exceeded(&self, stats: &Stats) -> bool {
        self.exceeded_at(stats.expanded)
    }
}

/// A path from the start to a goal.
///
/// ```
/// use search::{bfs, Limits};
///
/// // Doubling from 1 to 8.
/// let solution = bfs(&1u32, |&n| [('*', n * 2)], |&n| n == 8, &Limits::NONE).status.found().unwrap();
/// assert_eq!(solution.states, [1, 2, 4, 8]);
/// assert_eq!(solution.moves, ['*', '*', '*']);
/// // One state more than moves: the start and the state after each move.
/// assert_eq!(solution.states.len(), solution.moves.len() + 1);
/// assert_eq!(solution.cost, 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<N, M, C> {
    /// The states along the path, from the start to the goal inclusive (`moves.len() + 1` of them).
    pub states: Vec<N>,
    /// The moves taken, in order.
    pub moves: Vec<M>,
    /// The total cost of the moves.
    pub cost: C,
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status<T> {
    /// A solution was found.
    Found(T),
    /// The whole reachable space was searched: there is no solution.
    Exhausted,
    /// A limit was reached before the search could decide.
    GaveUp,
}

impl<T> Status<T> {
    /// The solution, if one was found.
    ///
    /// ```
    /// use search::Status;
    ///
    /// assert_eq!(Status::Found(3).found(), Some(3));
    /// assert_eq!(Status::<u32>::Exhausted.found(), None);
    /// assert_eq!(Status::<u32>::GaveUp.found(), None);
    /// ```
    pub fn found(self) -> Option<T> {
        match self {
            Status::Found(solution) => Some(solution),
            Status::Exhausted | Status::GaveUp => None,
        }
    }
}

/// The result of [`bfs()`], [`astar()`] or [`idastar()`]: how it ended and what it counted.
///
/// ```
/// use search::{bfs, Limits, Status};
///
/// // Doubling from 1 never reaches 3, and the space is endless: only a limit ends the search.
/// let limits = Limits { max_expanded: Some(5), ..Limits::NONE };
/// let outcome = bfs(&1u64, |&n| [((), n * 2)], |&n| n == 3, &limits);
/// assert_eq!(outcome.status, Status::GaveUp);
/// // It expanded 1, 2, 4, 8 and 16, then gave up.
/// assert_eq!(outcome.stats.expanded, 5);
/// match bfs(&1u64, |&n| [((), n * 2)], |&n| n == 16, &limits).status {
///     Status::Found(solution) => assert_eq!(solution.cost, 4),
///     Status::Exhausted | Status::GaveUp => unreachable!("16 is four doublings away"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome<N, M, C> {
    /// The solution, or why there is none.
    pub status: Status<Solution<N, M, C>>,
    /// Work done.
    pub stats: Stats,
}

/// The states and moves from the root to node `goal` of a search tree kept as nodes with parent
/// links (`bfs` and `astar`): `link(node)` is the node's state and, but for the root, its parent
/// node and the move from it.
fn path_to<'a, N: Clone + 'a, M: Clone + 'a>(
    goal: usize,
    link: impl Fn(usize) -> (&'a N, Option<&'a (usize, M)>),
) -> (Vec<N>, Vec<M>) {
    let (mut states, mut moves) = (Vec::new(), Vec::new());
    let mut at = goal;
    loop {
        let (state, parent) = link(at);
        states.push(state.clone());
        let Some((parent, mv)) = parent else { break };
        moves.push(mv.clone());
        at = *parent;
    }
    states.reverse();
    moves.reverse();
    (states, moves)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

    use super::*;

    #[test]
    fn interrupt_flag_and_expansion_limit() {
        let stop = AtomicBool::new(false);
        let limits = Limits { interrupt: Some(&stop), ..Limits::NONE };
        assert!(!limits.interrupted());
        // Ctrl-C: a search given these limits gives up.
        stop.store(true, Relaxed);
        assert!(limits.interrupted());
        let outcome = bfs(&0u32, |&n| [((), n + 1)], |&n| n == 5, &limits);
        assert_eq!(outcome.status, Status::GaveUp);

        let limits = Limits { max_expanded: Some(10), ..Limits::NONE };
        assert!(!limits.exceeded_at(9));
        assert!(limits.exceeded_at(10));
        assert!(!Limits::NONE.exceeded_at(u64::MAX));
    }
}
