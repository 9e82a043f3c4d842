//! Generic state-space search: breadth-first search, A*, IDA* and depth-first backtracking.
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
#![deny(missing_docs)]

pub mod astar;
pub mod backtrack;
pub mod bfs;
pub mod idastar;
pub mod walk;

use std::fmt::Debug;
use std::ops::Add;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

pub use astar::astar;
pub use backtrack::{backtrack, Backtrack, BacktrackEnd, BacktrackOutcome};
pub use bfs::bfs;
pub use idastar::idastar;

/// A path cost: a totally ordered, additive quantity whose [`Default`] is zero.
pub trait Cost: Copy + Ord + Add<Output = Self> + Default + Debug {}

impl<T: Copy + Ord + Add<Output = T> + Default + Debug> Cost for T {}

/// What a search counted while it ran.
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
    ///
    /// ```
    /// use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
    ///
    /// use search::{bfs, Limits, Status};
    ///
    /// let stop = AtomicBool::new(false);
    /// let limits = Limits { interrupt: Some(&stop), ..Limits::NONE };
    /// assert!(!limits.interrupted());
    /// // Ctrl-C: a search given these limits gives up.
    /// stop.store(true, Relaxed);
    /// assert!(limits.interrupted());
    /// let outcome = bfs(&0u32, |&n| [((), n + 1)], |&n| n == 5, &limits);
    /// assert_eq!(outcome.status, Status::GaveUp);
    /// ```
    pub fn interrupted(&self) -> bool {
        self.interrupt.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// How many expansions pass between two looks at the clock.
    pub const CLOCK_INTERVAL: u64 = 1024;

    /// Whether a search that has done `expanded` expansions must stop.
    ///
    /// ```
    /// use search::Limits;
    ///
    /// let limits = Limits { max_expanded: Some(10), ..Limits::NONE };
    /// assert!(!limits.exceeded_at(9));
    /// assert!(limits.exceeded_at(10));
    /// assert!(!Limits::NONE.exceeded_at(u64::MAX));
    /// ```
    pub fn exceeded_at(&self, expanded: u64) -> bool {
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome<N, M, C> {
    /// The solution, or why there is none.
    pub status: Status<Solution<N, M, C>>,
    /// Work done.
    pub stats: Stats,
}
