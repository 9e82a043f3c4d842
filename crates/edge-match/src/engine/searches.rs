//! The searches both engines share, written once: the row engine (`row.rs`) and the engine for
//! any order (`ordered.rs`) implement the one trait [`Search`] by saying how to walk and count
//! their lists, and every search they offer is a provided method of it: the first solution,
//! counts, every solution, and the work units of a split. A plan (`crate::plan`) calls them on
//! whichever engine it built.

use search::walk::{self, Counts, Observe, Walk, Watch};
use search::Limits;

use super::kept::Kept;
use super::mode::Mode;
use super::order::Order;
use crate::answer::Answer;
use crate::model::{Placement, Puzzle};

/// The tree above a split depth: the placements made there and the partial boards at the depth.
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::{Limits, Mode, Order, OrderPick, Placement, Solver, Task};
///
/// // One row of two unturnable pieces: with nothing placed yet, either may take the first cell.
/// let options = ParseOptions { size: Some((1, 2)), rotate: false };
/// let puzzle = parse_puzzle("B+ C+ D+ A+\nE+ A- F+ G+\n", &options).unwrap();
/// let plan = Solver::new(&puzzle).plan(Task::List, Mode::Plain, Some(OrderPick::Given(Order::Row)), false);
/// let split = plan.split(1, &Limits::NONE).unwrap();
/// assert_eq!(split.prefixes, [[Placement::new(0, 0)], [Placement::new(1, 0)]]);
/// // Below the prefixes lies the one solution.
/// let below: u64 = split.prefixes.iter().map(|prefix| plan.count_below(prefix, &Limits::NONE).unwrap().solutions).sum();
/// assert_eq!(below, 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// Placements above the depth (no solution lies there: the depth is below the cell count).
    pub above: Counts,
    /// Every partial board of exactly `depth` cells the search reaches, in search order, each
    /// placement by depth in the engine's order.
    pub prefixes: Vec<Vec<Placement>>,
}

/// Why a split or a unit cannot be searched.
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::{Limits, Mode, Order, OrderPick, Solver, SplitError, Task};
///
/// // A board of two cells cannot be cut at depth 2: nothing would be left below.
/// let options = ParseOptions { size: Some((1, 2)), rotate: false };
/// let puzzle = parse_puzzle("B+ C+ D+ A+\nE+ A- F+ G+\n", &options).unwrap();
/// let plan = Solver::new(&puzzle).plan(Task::List, Mode::Plain, Some(OrderPick::Given(Order::Row)), false);
/// assert_eq!(plan.split(2, &Limits::NONE), Err(SplitError::TooDeep { depth: 2, cells: 2 }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SplitError {
    /// The depth leaves no cell below the cut.
    #[error("the split depth must be less than the board's {cells} cells, found {depth}")]
    TooDeep {
        /// The depth asked for (or the prefix's length).
        depth: usize,
        /// Cells on the board.
        cells: usize,
    },
    /// A count that pins a corner piece is cut at depth 0: its searches (two on an oblong board)
    /// would have units with the same empty prefix.
    #[error("a count that pins a corner piece is cut at depth 1 or more, not 0")]
    PinnedAtZero,
    /// The units of a count that pins a corner piece hold only the pictures with that piece in
    /// one corner, so they can be counted but not listed.
    #[error(
        "the unit belongs to a count that pins a corner piece: it can be counted, not listed (split without --count \
         to list the solutions)"
    )]
    PinnedList,
    /// A prefix placement the search would not make at its cell.
    #[error(
        "the prefix's placement {cell} (piece {piece} turned {rotation}) is not one this search makes at that cell: \
         the unit belongs to another puzzle or other options"
    )]
    NotInSearch {
        /// The cell (row-major, from 0) of the placement.
        cell: usize,
        /// The piece placed there.
        piece: usize,
        /// Its counter-clockwise quarter turns.
        rotation: u8,
    },
    /// The limits (a deadline, a signal) stopped the listing of the units before it was whole.
    #[error("the split was stopped before its units were listed")]
    Stopped,
}

/// What an engine's walk tells besides the core's [`Walk`] (whose depth is the cells filled,
/// solved when every cell is): the placements its moves make.
pub trait PlacingWalk: Walk {
    /// The placement a move makes.
    fn placement(&self, candidate: Self::Move) -> Placement;
    /// The placements made; a complete board's by cell (row-major), whatever the order.
    fn placements(&self) -> Vec<Placement>;
}

/// The items of [`Search`] that both engines write alike, in their `impl Search` block: the walk
/// type `$walk` (made by `$walk::new(engine, mode)`), and the puzzle and order the engine keeps
/// in its fields `puzzle` and `order`.
macro_rules! search_basics {
    ($walk:ident) => {
        type Walk<'a> = $walk<'a>;

        fn puzzle(&self) -> &Puzzle {
            &self.puzzle
        }

        fn order(&self) -> Order {
            self.order
        }

        fn walk(&self, mode: Mode) -> $walk<'_> {
            $walk::new(self, mode)
        }
    };
}
pub(super) use search_basics;

/// The searches every engine offers, as provided methods over the few things an engine provides
/// (its walk and its counts): the same names, signatures and documentation for both engines,
/// and the way a plan runs whichever engine it built.
///
/// ```
/// use edge_match::testing::{Engine, Search};
/// use edge_match::{parse::parse_puzzle, parse::ParseOptions, Limits, Mode};
///
/// let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
/// let engine = Engine::new(&puzzle, &[]);
/// assert_eq!(engine.count(Mode::Pictures, &Limits::NONE).solutions, 4);
/// assert!(engine.first(&Limits::NONE).board.is_some());
/// ```
// Public only to tests (`test-support`), which call every search; a plan calls all but `count`.
#[cfg_attr(not(any(test, feature = "test-support")), allow(dead_code))]
pub trait Search: std::fmt::Debug + Sync + Sized {
    /// One depth-first walk over the engine's lists.
    type Walk<'a>: PlacingWalk
    where
        Self: 'a;

    /// The puzzle searched.
    fn puzzle(&self) -> &Puzzle;

    /// The order this engine searches in.
    fn order(&self) -> Order;

    /// A walk from the empty board in `mode`.
    fn walk(&self, mode: Mode) -> Self::Walk<'_>;

    /// Counts every solution below the walk's floor (the tight loop where the engine has one).
    fn count_below_floor(walk: &mut Self::Walk<'_>, watch: &Watch<'_>);

    /// [`Search::count_below_floor`], keeping the first solutions in `kept`: the same counts,
    /// by the core's generic loop unless the engine has a faster one.
    fn keep_below_floor(walk: &mut Self::Walk<'_>, watch: &Watch<'_>, kept: &mut Kept) {
        walk::for_each(walk, watch, &mut |solved| {
            kept.offer(|| solved.placements());
            true
        });
    }

    /// Counts the solutions in `mode`, through the board's turns where the engine has a corner,
    /// keeping the first the count finds in `kept` (those of the reduced searches, through the
    /// board's turns: each stands for its turns).
    fn count_watched(&self, mode: Mode, watch: &Watch<'_>, observe: Observe<'_>, kept: &mut Kept) -> Counts;

    /// Counts the pictures up to the board's turns, keeping the first pictures counted (one
    /// per orbit) in `kept`.
    fn count_distinct_watched(&self, watch: &Watch<'_>, kept: &mut Kept) -> Counts;

    /// The searches a count in `mode` reduces to through the board's turns (the corner piece
    /// fixed top-left, and on an oblong board top-right too), with the number of turns each
    /// picture found stands for; `None` when the count searches this whole tree.
    fn turned(&self, mode: Mode) -> Option<(Vec<Self>, u64)>;

    /// The first solution in this engine's order (placements by cell, row-major), with the
    /// placements made to find it; no board when there is none or `limits` stopped the search
    /// first (then `stopped` is set).
    fn first(&self, limits: &Limits<'_>) -> Answer {
        let watch = Watch::new(limits);
        let mut walk = self.walk(Mode::Plain);
        let board = walk::first(&mut walk, &watch).then(|| walk.placements());
        Answer { board, counts: finish(*walk.counts(), &watch) }
    }

    /// Counts solutions (in `mode`) and placements, splitting the tree across rayon's threads
    /// (on the calling thread when `limits` limit the placements, so that they are the same on
    /// every run: stopped exactly at the limit, or by the tight loop after the cell it is
    /// expanding). In [`Mode::Pictures`], with the corner piece the engine was built with
    /// (docs/algorithms.md, "the board's turns"), only the pictures with it top-left (and
    /// top-right, on an oblong board) are searched and the turns of the whole board make up the
    /// rest: `nodes` are then the placements of that smaller search.
    fn count(&self, mode: Mode, limits: &Limits<'_>) -> Counts {
        self.count_observed(mode, limits, &|_, _, _| {})
    }

    /// [`Search::count`], calling `observe(done, total, placements)` from the worker threads
    /// each time one of the `total` subtrees of a search is finished, with the placements made
    /// in it (for a progress display).
    fn count_observed(&self, mode: Mode, limits: &Limits<'_>, observe: Observe<'_>) -> Counts {
        let watch = Watch::new(limits);
        finish(self.count_watched(mode, &watch, observe, &mut Kept::new(0)), &watch)
    }

    /// [`Search::count_observed`], keeping the first `keep` solutions the count finds
    /// (placements by cell) in the order of its tree, the same on any number of threads; with
    /// a corner pinned, the pictures of its reduced searches (each standing for its turns of
    /// the board). A count stopped by `limits` keeps the first of those it found.
    fn count_keeping(
        &self,
        mode: Mode,
        limits: &Limits<'_>,
        observe: Observe<'_>,
        keep: usize,
    ) -> (Counts, Vec<Vec<Placement>>) {
        let watch = Watch::new(limits);
        let mut kept = Kept::new(keep);
        let counts = finish(self.count_watched(mode, &watch, observe, &mut kept), &watch);
        (counts, kept.into_boards())
    }

    /// Counts pictures up to the turns of the whole board, each orbit once: through the board's
    /// turns when the engine has a corner piece (in parallel), else over every picture on the
    /// calling thread.
    fn count_distinct(&self, limits: &Limits<'_>) -> Counts {
        let watch = Watch::new(limits);
        finish(self.count_distinct_watched(&watch, &mut Kept::new(0)), &watch)
    }

    /// [`Search::count_distinct`], keeping the first `keep` pictures it counts (one per orbit,
    /// placements by cell) in the order of its tree.
    fn count_distinct_keeping(&self, limits: &Limits<'_>, keep: usize) -> (Counts, Vec<Vec<Placement>>) {
        let watch = Watch::new(limits);
        let mut kept = Kept::new(keep);
        let counts = finish(self.count_distinct_watched(&watch, &mut kept), &watch);
        (counts, kept.into_boards())
    }

    /// Calls `visit` with every solution (in `mode`, placements by cell) in search order, on the
    /// calling thread, until it returns `false` or `limits` stop the search. Returns what was
    /// counted.
    fn for_each_solution(
        &self,
        mode: Mode,
        limits: &Limits<'_>,
        visit: &mut dyn FnMut(&[Placement]) -> bool,
    ) -> Counts {
        for_each_watched(self, mode, &Watch::new(limits), visit)
    }

    /// The tree above `depth` (which must be less than the number of cells) searched in `mode`:
    /// its placements and the partial boards of `depth` cells (placements by depth in this
    /// engine's order), in search order; [`SplitError::Stopped`] when `limits` stop the listing
    /// (a deadline, a signal, a node budget for the walk above the cut).
    ///
    /// An engine whose count goes through the board's turns ([`Search::turned`]) is cut in the
    /// trees of those searches, one after another: every prefix starts at cell 0, which tells
    /// the searches apart (the corner piece there, or not), so the depth must be at least 1.
    fn split(&self, mode: Mode, depth: usize, limits: &Limits<'_>) -> Result<Split, SplitError> {
        let mut prefixes = Vec::new();
        let above = self.split_each(mode, depth, limits, &mut |prefix| {
            prefixes.push(prefix.to_vec());
            true
        })?;
        Ok(Split { above, prefixes })
    }

    /// [`Search::split`] without keeping the partial boards: `visit` is called with each in
    /// search order, and returns `false` to stop the listing ([`SplitError::Stopped`], as when
    /// `limits` stop it). Returns the placements above the depth.
    fn split_each(
        &self,
        mode: Mode,
        depth: usize,
        limits: &Limits<'_>,
        visit: &mut dyn FnMut(&[Placement]) -> bool,
    ) -> Result<Counts, SplitError> {
        let cells = self.puzzle().rows() * self.puzzle().cols();
        if depth >= cells {
            return Err(SplitError::TooDeep { depth, cells });
        }
        let Some((searches, _)) = self.turned(mode) else {
            return split_tree(self, mode, depth, limits, visit);
        };
        if depth == 0 {
            return Err(SplitError::PinnedAtZero);
        }
        let mut above = Counts::default();
        for search in &searches {
            above = above + split_tree(search, mode, depth, limits, visit)?;
        }
        Ok(above)
    }

    /// Counts the solutions (in `mode`) and placements below `prefix`, a partial board from
    /// [`Search::split`], on the calling thread, under `limits` (each unit has the whole budget);
    /// through the board's turns where the engine's count goes through them (the prefix then
    /// belongs to the first of those searches that makes its placements, and each picture below
    /// it stands for the turns of the board).
    fn count_below(&self, mode: Mode, prefix: &[Placement], limits: &Limits<'_>) -> Result<Counts, SplitError> {
        let watch = Watch::new(limits);
        let Some((searches, turns)) = self.turned(mode) else {
            let mut walk = walk_below(self, mode, prefix)?;
            Self::count_below_floor(&mut walk, &watch);
            return Ok(finish(*walk.counts(), &watch));
        };
        if prefix.is_empty() {
            return Err(SplitError::PinnedAtZero);
        }
        let mut refused = None;
        for search in &searches {
            match walk_below(search, mode, prefix) {
                Ok(mut walk) => {
                    Self::count_below_floor(&mut walk, &watch);
                    let mut counts = finish(*walk.counts(), &watch);
                    counts.solutions *= turns;
                    return Ok(counts);
                }
                Err(err) => refused = refused.or(Some(err)),
            }
        }
        Err(refused.unwrap_or(SplitError::PinnedAtZero))
    }

    /// Calls `visit` with every solution (in `mode`) below `prefix` in search order, until it
    /// returns `false` or `limits` stop the search; returns the counts below `prefix`.
    fn solutions_below(
        &self,
        mode: Mode,
        prefix: &[Placement],
        limits: &Limits<'_>,
        visit: &mut dyn FnMut(&[Placement]) -> bool,
    ) -> Result<Counts, SplitError> {
        if self.turned(mode).is_some() {
            return Err(SplitError::PinnedList);
        }
        let watch = Watch::new(limits);
        let mut walk = walk_below(self, mode, prefix)?;
        super::builds::tally(super::builds::Work::SolutionWalk);
        walk::for_each(&mut walk, &watch, &mut |solved| visit(&solved.placements()));
        Ok(finish(*walk.counts(), &watch))
    }
}

/// `counts`, marked stopped when `watch` was.
fn finish(mut counts: Counts, watch: &Watch<'_>) -> Counts {
    counts.stopped = watch.stopped();
    counts
}

/// Every solution of `engine` in `mode` in walk order, to `visit`, until it returns `false` or
/// `watch` stops the walk.
pub(super) fn for_each_watched<S: Search>(
    engine: &S,
    mode: Mode,
    watch: &Watch<'_>,
    visit: &mut dyn FnMut(&[Placement]) -> bool,
) -> Counts {
    super::builds::tally(super::builds::Work::SolutionWalk);
    let mut walk = engine.walk(mode);
    walk::for_each(&mut walk, watch, &mut |solved| visit(&solved.placements()));
    finish(*walk.counts(), watch)
}

/// [`Search::split`] of `engine`'s own tree.
fn split_tree<S: Search>(
    engine: &S,
    mode: Mode,
    depth: usize,
    limits: &Limits<'_>,
    visit: &mut dyn FnMut(&[Placement]) -> bool,
) -> Result<Counts, SplitError> {
    let mut top = engine.walk(mode);
    let mut placements = Vec::with_capacity(depth);
    let listed = walk::for_each_prefix(&mut top, depth, &Watch::new(limits), &mut |walk: &S::Walk<'_>| {
        placements.clear();
        placements.extend(walk.prefix().into_iter().map(|c| walk.placement(c)));
        visit(&placements)
    });
    if !listed {
        return Err(SplitError::Stopped);
    }
    Ok(*top.counts())
}

/// A walk with `prefix` (a partial board of [`Search::split`]) replayed as its floor and nothing
/// counted yet.
fn walk_below<'a, S: Search>(engine: &'a S, mode: Mode, prefix: &[Placement]) -> Result<S::Walk<'a>, SplitError> {
    let cells = engine.puzzle().rows() * engine.puzzle().cols();
    if prefix.len() >= cells {
        return Err(SplitError::TooDeep { depth: prefix.len(), cells });
    }
    let is = |walk: &S::Walk<'a>, candidate, placement: &Placement| walk.placement(candidate) == *placement;
    let mut walk = engine.walk(mode);
    if !walk::resume_checked(&mut walk, prefix, is) {
        // Find the first placement the walk refused, for the message.
        let refused = |n: &usize| !walk::resume_checked(&mut engine.walk(mode), &prefix[..*n], is);
        let depth = (1..=prefix.len()).find(refused).map_or(0, |n| n - 1);
        let Placement { piece, rotation } = prefix[depth];
        let cell = engine.order().cells(engine.puzzle().rows(), engine.puzzle().cols())[depth];
        return Err(SplitError::NotInSearch { cell, piece, rotation: rotation.quarter_turns() as u8 });
    }
    Ok(walk)
}
