//! The depth-first core every hot search of the workspace runs on: an in-place, monomorphised
//! [`Walk`] over a tree (apply a move, take it back, the bound test inside [`Walk::advance`]),
//! the drivers written once for every walk — [`count`], [`first`], [`for_each`], [`prefixes`]
//! and [`resume`] for work units, [`split_count`] and [`first_in_order`] for the threads — and
//! the one limits watch
//! ([`Watch`], polled through a [`Poll`]) that every loop looks at the same way.
//!
//! A domain implements [`Walk`] for its state: the sliding puzzles' IDA* iteration (the bound
//! test is its `advance`), the edge engines' cell-by-cell placement. A loop specialised for one
//! domain (a tight counting loop, a node loop with its tables in local arrays) is a hook beside
//! these drivers: it polls the same [`Watch`] with a [`Poll`] and leaves the walk where the
//! generic driver would, so that the two can be compared node for node in tests.
//!
//! The closure-based searches of this crate ([`crate::bfs()`], [`crate::idastar()`], …) stay
//! for cold searches and as oracles; this module is for loops where every instruction counts.
//!
//! Start with [`Walk`]'s example, a walk over the orderings of four numbers; each driver's
//! example runs the same walk.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

use rayon::prelude::*;

use crate::Limits;

mod drivers;
mod first;
mod orderings;

pub use drivers::{count, first, for_each, for_each_prefix, prefixes, prefixes_within, resume, resume_checked};
pub use first::{first_in_order, FirstInOrder};
pub use orderings::Orderings;

/// Nodes between two looks at the limits, unless the [`Watch`] says otherwise: a few
/// milliseconds of a count's placements, so a deadline or a signal is seen within them; a look
/// (the clock and a few flags) costs well under a microsecond.
pub const INTERVAL: u64 = 1 << 18;

/// What a walk counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Solutions found.
    pub solutions: u64,
    /// Nodes made (moves applied, placements made: what the walk counts as one step of work).
    pub nodes: u64,
    /// Whether a limit (node budget, deadline, interrupt) stopped the walk: the counts are then
    /// what was reached, not the answer.
    pub stopped: bool,
}

impl std::ops::Add for Counts {
    type Output = Counts;

    /// The counts of two parts of one search.
    ///
    /// ```
    /// use search::walk::Counts;
    ///
    /// let a = Counts { solutions: 2, nodes: 10, stopped: false };
    /// let b = Counts { solutions: 1, nodes: 5, stopped: true };
    /// assert_eq!(a + b, Counts { solutions: 3, nodes: 15, stopped: true });
    /// ```
    fn add(self, other: Counts) -> Counts {
        Counts {
            solutions: self.solutions + other.solutions,
            nodes: self.nodes + other.nodes,
            stopped: self.stopped || other.stopped,
        }
    }
}

/// A depth-first walk over a tree, in place: it stands on one node at a time and offers that
/// node's children one by one.
///
/// The walk counts its own nodes in [`Walk::counts`] (where is the domain's choice: a sliding
/// search counts the nodes it enters, an edge engine the placements it tries) and never goes
/// back above its [`Walk::floor`] (the end of a replayed prefix).
///
/// The orderings of four numbers as a walk ([`Orderings`], whose source is the smallest whole
/// implementation of this trait), counted by [`count`] and listed by [`first`]:
///
/// ```
/// use search::walk::{count, first, Counts, Orderings, Walk, Watch};
/// use search::Limits;
///
/// let limits = Limits::NONE;
/// let watch = Watch::new(&limits);
/// let mut walk = Orderings::new(4);
/// count(&mut walk, &watch);
/// // 4! = 24 orderings; the nodes are the partial orderings of 1 to 4 numbers:
/// // 4 + 4·3 + 4·3·2 + 4·3·2·1 = 64.
/// assert_eq!(*walk.counts(), Counts { solutions: 24, nodes: 64, stopped: false });
///
/// // The numbers are offered in increasing order, so the orderings come lexicographically.
/// let mut walk = Orderings::new(4);
/// assert!(first(&mut walk, &watch));
/// assert_eq!(walk.prefix(), [0, 1, 2, 3]);
/// assert!(first(&mut walk, &watch));
/// assert_eq!(walk.prefix(), [0, 1, 3, 2]);
/// ```
pub trait Walk {
    /// A move (a child) as the walk stores it.
    type Move: Copy;
    /// The node's depth: the moves applied since the root.
    fn depth(&self) -> usize;
    /// The depth the walk never backtracks above.
    fn floor(&self) -> usize;
    /// Sets [`Walk::floor`].
    fn set_floor(&mut self, floor: usize);
    /// What the walk has counted.
    fn counts(&mut self) -> &mut Counts;
    /// The next child of the current node that passes the walk's tests (the bound, the
    /// constraints), counted as the walk counts nodes; `None` when the node has no more.
    fn advance(&mut self) -> Option<Self::Move>;
    /// Applies a child that [`Walk::advance`] offered and stands on it.
    fn push(&mut self, child: Self::Move);
    /// Takes back the move above the current node and stands on its parent, whose remaining
    /// children [`Walk::advance`] offers next.
    fn pop(&mut self);
    /// Marks the current node as having no more children to offer (the node is a replayed
    /// prefix's, whose siblings belong to other work).
    fn close(&mut self);
    /// Whether the current node is a solution.
    fn solved(&self) -> bool;
    /// Whether every child [`Walk::advance`] offers at the current node is a solution, so that
    /// [`count`] counts them without applying them (the last cell of a board).
    #[inline(always)]
    fn leaf(&self) -> bool {
        false
    }
    /// The moves applied above the current node, by depth.
    fn prefix(&self) -> Vec<Self::Move>;
}

/// Writes a [`Walk`]'s four bookkeeping accessors inside its `impl Walk` block: [`Walk::depth`]
/// from `depth = FIELD` or `depth = FIELD.METHOD()` (`self.` is written by the macro), and
/// [`Walk::floor`], [`Walk::set_floor`] and [`Walk::counts`] from the fields named next, which
/// hold the floor and the [`Counts`]. Each is `#[inline(always)]`: the drivers call them around
/// every node, and the expansion is exactly the four methods a walk would write by hand.
///
/// [`Orderings`] writes `search::walk_bookkeeping!(depth = placed.len(), floor, counts);`, so
/// that a replayed prefix sets its depth and floor and its nodes are counted:
///
/// ```
/// use search::walk::{count, resume, Counts, Orderings, Walk, Watch};
/// use search::Limits;
///
/// let mut walk = Orderings::new(4);
/// resume(&mut walk, &[2, 0]);
/// assert_eq!((walk.depth(), walk.floor()), (2, 2));
/// count(&mut walk, &Watch::new(&Limits::NONE));
/// // Below 2, 0: the orderings 2 0 1 3 and 2 0 3 1, in 2 + 2 nodes.
/// assert_eq!(*walk.counts(), Counts { solutions: 2, nodes: 4, stopped: false });
/// walk.set_floor(0);
/// assert_eq!(walk.floor(), 0);
/// ```
#[macro_export]
macro_rules! walk_bookkeeping {
    (depth = $depth:ident $(. $method:ident ())?, $floor:ident, $counts:ident $(,)?) => {
        #[inline(always)]
        fn depth(&self) -> usize {
            self.$depth $(.$method())?
        }

        #[inline(always)]
        fn floor(&self) -> usize {
            self.$floor
        }

        #[inline(always)]
        fn set_floor(&mut self, floor: usize) {
            self.$floor = floor;
        }

        #[inline(always)]
        fn counts(&mut self) -> &mut $crate::walk::Counts {
            &mut self.$counts
        }
    };
}

/// One search's view of its [`Limits`]: the nodes it may make, the deadline and the interrupt
/// flag, and whether one of them has stopped it. The threads of one search share it, so that the
/// first to stop ends the others; each loop looks at it through its own [`Poll`].
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
///
/// use search::walk::Watch;
/// use search::Limits;
///
/// let limits = Limits { max_expanded: Some(100), ..Limits::NONE };
/// let watch = Watch::new(&limits);
/// assert!(!watch.must_stop(99));
/// assert!(watch.must_stop(100));
/// // A stop is remembered, for the other threads of the search to see.
/// assert!(watch.stopped());
///
/// // Ctrl-C: a handler sets the flag, and the next look at the watch stops the search.
/// let interrupt = AtomicBool::new(false);
/// let limits = Limits { interrupt: Some(&interrupt), ..Limits::NONE };
/// let watch = Watch::new(&limits);
/// assert!(!watch.must_stop(u64::MAX - 1));
/// interrupt.store(true, Relaxed);
/// assert!(watch.must_stop(0));
/// ```
#[derive(Debug)]
pub struct Watch<'l> {
    limits: &'l Limits<'l>,
    budget: u64,
    limited: bool,
    interval: u64,
    stopped: AtomicBool,
    /// For a subtree of a search that wants the first solution in subtree order: the least
    /// index of a subtree that found one so far, and this subtree's; a later subtree stops.
    below: Option<(&'l AtomicUsize, usize)>,
    parent: Option<&'l Watch<'l>>,
}

impl<'l> Watch<'l> {
    /// The watch of a search under `limits`, looked at every [`INTERVAL`] nodes.
    pub fn new(limits: &'l Limits<'l>) -> Watch<'l> {
        let budget = limits.max_expanded.unwrap_or(u64::MAX);
        Watch {
            limits,
            budget,
            limited: limits.max_expanded.is_some(),
            interval: INTERVAL,
            stopped: AtomicBool::new(false),
            below: None,
            parent: None,
        }
    }

    /// The same watch, looked at every `interval` nodes (at least 1): for walks whose nodes are
    /// dear, so that a deadline is seen soon enough.
    ///
    /// ```
    /// use search::walk::{Watch, INTERVAL};
    /// use search::Limits;
    ///
    /// // A walk whose nodes are dear looks every 16 nodes instead of every 2^18.
    /// let limits = Limits::NONE;
    /// assert_eq!(Watch::new(&limits).interval(), INTERVAL);
    /// assert_eq!(Watch::new(&limits).every(16).interval(), 16);
    /// assert_eq!(Watch::new(&limits).every(0).interval(), 1);
    /// ```
    #[must_use]
    pub fn every(mut self, interval: u64) -> Watch<'l> {
        self.interval = interval.max(1);
        self
    }

    /// The same limits with `budget` nodes (a later part of a search that has spent some).
    ///
    /// ```
    /// use search::walk::Watch;
    /// use search::Limits;
    ///
    /// // A search of at most 100 nodes whose first part spent 60 goes on with the 40 left.
    /// let limits = Limits { max_expanded: Some(100), ..Limits::NONE };
    /// let rest = Watch::new(&limits).with_budget(40);
    /// assert_eq!(rest.budget(), 40);
    /// assert!(!rest.must_stop(39));
    /// assert!(rest.must_stop(40));
    /// ```
    pub fn with_budget(&self, budget: u64) -> Watch<'l> {
        Watch { budget, stopped: AtomicBool::new(self.stopped()), ..*self }
    }

    /// The watch of subtree `index` of a search that wants the first solution in subtree order:
    /// it stops once a subtree before it has found one (`first_found` holds the least such
    /// index), or when `self` stops; a limit it reaches stops `self` too.
    pub(crate) fn subtree(&'l self, first_found: &'l AtomicUsize, index: usize) -> Watch<'l> {
        Watch { stopped: AtomicBool::new(false), below: Some((first_found, index)), parent: Some(self), ..*self }
    }

    /// The nodes after which the search stops (`u64::MAX`: no limit).
    #[inline(always)]
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// Nodes between two looks.
    #[inline(always)]
    pub fn interval(&self) -> u64 {
        self.interval
    }

    /// Whether the nodes are limited (`max_expanded` given, even `u64::MAX`): a search then runs
    /// on the calling thread, so that the nodes it makes are the same on every run.
    ///
    /// ```
    /// use search::walk::Watch;
    /// use search::Limits;
    ///
    /// assert!(!Watch::new(&Limits::NONE).limited());
    /// // Even a budget that is never spent makes a run reproducible node for node.
    /// let limits = Limits { max_expanded: Some(u64::MAX), ..Limits::NONE };
    /// assert!(Watch::new(&limits).limited());
    /// ```
    pub fn limited(&self) -> bool {
        self.limited
    }

    /// The limits watched.
    pub(crate) fn limits(&self) -> &'l Limits<'l> {
        self.limits
    }

    /// Whether a search that has made `nodes` nodes must stop (the budget spent, the deadline
    /// passed, the interrupt flag set, another thread stopped, or an earlier subtree found a
    /// solution); if so, remembers it.
    #[cold]
    #[inline(never)]
    pub fn must_stop(&self, nodes: u64) -> bool {
        let limit = nodes >= self.budget || self.limits.stopped();
        if limit {
            if let Some(parent) = self.parent {
                parent.stop();
            }
        }
        let overtaken = self.below.is_some_and(|(first, me)| first.load(Relaxed) < me);
        let stop = limit || overtaken || self.stopped() || self.parent.is_some_and(Watch::stopped);
        if stop {
            self.stopped.store(true, Relaxed);
        }
        stop
    }

    /// Whether the search has stopped.
    pub fn stopped(&self) -> bool {
        self.stopped.load(Relaxed)
    }

    /// Marks the search stopped (a later part of it spent the budget).
    pub fn stop(&self) {
        self.stopped.store(true, Relaxed);
    }
}

/// One loop's schedule of looks at its [`Watch`]: the node count at which it looks next, and
/// the nodes it has reported to the limits' progress counters. Every loop, generic or
/// specialised, polls this way:
///
/// ```
/// use search::walk::{Poll, Watch};
/// use search::Limits;
///
/// let limits = Limits { max_expanded: Some(1000), ..Limits::NONE };
/// let watch = Watch::new(&limits).every(64);
/// let mut nodes = 0;
/// let mut poll = Poll::new(nodes, &watch);
/// loop {
///     nodes += 1; // one node of work
///     if poll.due(nodes) && poll.must_stop(nodes, &watch) {
///         break;
///     }
/// }
/// // The budget is met exactly, so that limited runs are reproducible.
/// assert_eq!(nodes, 1000);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Poll {
    next: u64,
    reported: u64,
}

impl Poll {
    /// The schedule of a loop that starts with `nodes` made.
    #[inline]
    pub fn new(nodes: u64, watch: &Watch<'_>) -> Poll {
        Poll { next: nodes.saturating_add(watch.interval()).min(watch.budget()), reported: nodes }
    }

    /// The node count of the next look.
    #[inline(always)]
    pub fn next(&self) -> u64 {
        self.next
    }

    /// Whether a loop that has made `nodes` nodes is due to look.
    #[inline(always)]
    pub fn due(&self, nodes: u64) -> bool {
        nodes >= self.next
    }

    /// Looks at the watch with `nodes` made: reports them to the progress counters, schedules
    /// the next look, and says whether the loop must stop.
    #[cold]
    #[inline(never)]
    pub fn must_stop(&mut self, nodes: u64, watch: &Watch<'_>) -> bool {
        if let Some(progress) = watch.limits().progress {
            progress.nodes.fetch_add(nodes.saturating_sub(self.reported), Relaxed);
        }
        self.reported = nodes;
        self.next = nodes.saturating_add(watch.interval()).min(watch.budget());
        watch.must_stop(nodes)
    }
}

/// Observes a count's progress: `observe(done, total, nodes)` each time one of the `total`
/// subtrees of a search is finished, with the nodes made in it (for a progress display).
pub type Observe<'a> = &'a (dyn Fn(usize, usize, u64) + Sync);

/// The subtrees of the walk `new_walk()` makes, cut at the shallowest depth from 1 up to
/// `deepest` with at least `wanted` of them (0: the whole tree as one): the walk left above the
/// cut, with the nodes (and any solutions) above it counted, and the prefixes in walk order.
///
/// ```
/// use search::walk::{cut, Counts, Orderings, Walk};
///
/// // At least 10 pieces of the orderings of 0..4, cut no deeper than 3: depth 1 gives 4 pieces,
/// // too few, and depth 2 gives 4·3 = 12.
/// let (mut top, starts) = cut(|| Orderings::new(4), 3, 10);
/// assert_eq!(starts.len(), 12);
/// assert_eq!((&starts[0], &starts[11]), (&vec![0, 1], &vec![3, 2]));
/// // The 4 + 12 nodes above the cut are counted in the walk left above it.
/// assert_eq!(top.counts().nodes, 16);
/// ```
pub fn cut<W: Walk>(new_walk: impl Fn() -> W, deepest: usize, wanted: usize) -> (W, Vec<Vec<W::Move>>) {
    let mut depth = deepest.min(1);
    loop {
        let mut top = new_walk();
        let prefixes = prefixes(&mut top, depth);
        if depth >= deepest || prefixes.len() >= wanted {
            return (top, prefixes);
        }
        depth += 1;
    }
}

/// Counts below each of `prefixes` of `top` with `count_below` (which counts below a walk's
/// floor: [`count`] or a domain's tight loop) on rayon's threads, each subtree in a fresh walk
/// from `new_walk()`; the counts of `top` (the nodes above the cut) are added. The counts are
/// exactly the sequential ones.
///
/// ```
/// use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
///
/// use search::walk::{count, cut, split_count, Counts, Orderings, Walk, Watch};
/// use search::Limits;
///
/// // The orderings of 0..4 counted on rayon's threads, one subtree per start of two numbers.
/// let (top, starts) = cut(|| Orderings::new(4), 2, 12);
/// let finished = AtomicUsize::new(0);
/// let observe = |_done: usize, _total: usize, _nodes: u64| {
///     finished.fetch_add(1, Relaxed);
/// };
/// let watch = Watch::new(&Limits::NONE);
/// let total = split_count(top, &starts, || Orderings::new(4), count, &watch, &observe);
/// // Exactly the sequential count: 4! = 24 orderings below 4 + 12 + 24 + 24 = 64 nodes.
/// assert_eq!(total, Counts { solutions: 24, nodes: 64, stopped: false });
/// assert_eq!(finished.load(Relaxed), 12);
/// ```
pub fn split_count<W: Walk>(
    mut top: W,
    prefixes: &[Vec<W::Move>],
    new_walk: impl Fn() -> W + Sync,
    count_below: impl Fn(&mut W, &Watch<'_>) + Sync,
    watch: &Watch<'_>,
    observe: Observe<'_>,
) -> Counts
where
    W::Move: Sync,
{
    let done = AtomicUsize::new(0);
    let below = prefixes
        .par_iter()
        .map(|prefix| {
            if watch.must_stop(0) {
                return Counts::default();
            }
            let mut walk = new_walk();
            resume(&mut walk, prefix);
            count_below(&mut walk, watch);
            let counts = *walk.counts();
            observe(done.fetch_add(1, Relaxed) + 1, prefixes.len(), counts.nodes);
            counts
        })
        .reduce(Counts::default, |a, b| a + b);
    *top.counts() + below
}

#[cfg(test)]
mod tests;
