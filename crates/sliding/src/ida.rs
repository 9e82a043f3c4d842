//! IDA* specialised for sliding puzzles: the board is mutated in place, the heuristic is updated
//! from the one tile that moved, and the move that undoes the previous one is never tried.
//!
//! Moves are tried in [`MOVE_ORDER`](crate::MOVE_ORDER), so the path returned is the first optimal
//! path in that order: the same path whatever the heuristic and however many threads search.
//! Large iterations are split at a fixed depth into subtrees searched in parallel; the answer is
//! taken from the first subtree (in move order) that holds one, so it does not depend on timing.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

use puzzle_core::Direction;
use search::Limits;

mod duplicates;
mod estimate;
mod kept;
mod lean;
mod parallel;
mod transpositions;
pub(crate) mod units;

pub(crate) use estimate::{Estimate, Geometry, LinearConflict, Manhattan, Pdb, State};

/// How an IDA* run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    Found(Vec<Direction>),
    GaveUp,
    /// Every node within reach was searched without finding the goal (only `large` says so;
    /// parity rules it out for the boards searched).
    Exhausted,
}

/// What the search did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    pub(crate) ending: Ending,
    /// Nodes visited (depends on the thread count when subtrees run in parallel).
    pub(crate) nodes: u64,
    /// The least `f` cut off by the last iteration that ran to its end without finding a path
    /// (the bound of the iteration after it); `None` when no iteration ran to its end without
    /// one. Every path to the goal has a node with `f` at least this much (`within` turns it
    /// into a lower bound on the optimum).
    pub(crate) cut: Option<u32>,
}

/// Boards of at most this many cells are searched without the table of transpositions: on the
/// 15-puzzle it saves 10–21% of the nodes (Korf's 100 on the 7-8 and 6-6-3 tables) and costs
/// as much time in its reads, while on the 24-puzzle it saves 20–40% of them and about a fifth of
/// the time (docs/experiments.md, "The table of transpositions").
const TRANSPOSITIONS_ABOVE_CELLS: usize = 16;

/// Iterations larger than this are split into subtrees for the thread pool.
pub(crate) const SPLIT_NODES: u64 = 1 << 20;

/// Shared between the threads of one board's search.
struct Budget<'a> {
    limits: &'a Limits<'a>,
    nodes: AtomicU64,
    stop: AtomicBool,
    /// Nodes between two looks at the budget: small when the node limit is small.
    interval: u64,
}

impl<'a> Budget<'a> {
    /// A budget under `limits`, looked at every `interval` nodes, nothing spent yet.
    fn new(limits: &'a Limits<'a>, interval: u64) -> Budget<'a> {
        Budget { limits, nodes: AtomicU64::new(0), stop: AtomicBool::new(false), interval }
    }

    /// Adds `nodes` to the count; `false` once a limit is reached.
    fn spend(&self, nodes: u64) -> bool {
        let total = self.nodes.fetch_add(nodes, Relaxed) + nodes;
        if let Some(progress) = self.limits.progress {
            progress.nodes.fetch_add(nodes, Relaxed);
        }
        let over = self.limits.max_expanded.is_some_and(|max| total >= max)
            || self.limits.interrupted()
            || self.limits.deadline.is_some_and(|d| std::time::Instant::now() >= d);
        if over {
            self.stop.store(true, Relaxed);
        }
        !over && !self.stop.load(Relaxed)
    }
}

/// The most nodes between two looks at the shared budget.
const BUDGET_INTERVAL: u64 = 1 << 12;

pub(crate) struct Dfs<'a, E> {
    geometry: &'a Geometry,
    state: State,
    estimate: E,
    bound: u32,
    next_bound: u32,
    path: Vec<Direction>,
    nodes: u64,
    unspent: u64,
    budget: &'a Budget<'a>,
    /// A subtree earlier in move order that already found a path: stop this one.
    cancel: Option<(&'a AtomicUsize, usize)>,
    gave_up: bool,
    /// Whether the node loop of kept indices cuts states it reached before
    /// ([`transpositions`]): on boards of more than [`TRANSPOSITIONS_ABOVE_CELLS`] cells.
    transpositions: bool,
    /// The table's generation: searches given the same one read each other's entries (the
    /// subtrees one thread takes in turn, [`parallel`]); `None`, a fresh one per search.
    generation: Option<u64>,
}

impl<'a, E: Estimate> Dfs<'a, E> {
    /// A search of `state` within `bound`, from scratch.
    fn new(
        geometry: &'a Geometry,
        state: &State,
        estimate: &E,
        bound: u32,
        budget: &'a Budget<'a>,
        cancel: Option<(&'a AtomicUsize, usize)>,
    ) -> Dfs<'a, E> {
        Dfs {
            geometry,
            state: state.clone(),
            estimate: estimate.clone(),
            bound,
            next_bound: u32::MAX,
            path: Vec::new(),
            nodes: 0,
            unspent: 0,
            budget,
            cancel,
            gave_up: false,
            transpositions: state.cells > TRANSPOSITIONS_ABOVE_CELLS,
            generation: None,
        }
    }

    #[inline]
    fn slide(&mut self, dir: Direction) -> Option<(u8, u8, u8)> {
        slide_blank(self.geometry, &mut self.state, dir)
    }

    /// Depth-first search below the current node with cost `g` and bound `h`; `true` when the
    /// goal was reached (the path is in `self.path`).
    fn search(&mut self, g: u32, h: u32, previous: Option<Direction>) -> bool {
        if let Some(found) = E::search(self, g, h, previous) {
            return found;
        }
        self.search_generic(g, h, previous)
    }

    /// Counts a node visited, and looks at the budget and at earlier subtrees now and then;
    /// `false` once the search must stop.
    #[inline(always)]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        self.unspent += 1;
        if self.unspent == self.budget.interval {
            self.unspent = 0;
            let cancelled = self.cancel.is_some_and(|(first, me)| first.load(Relaxed) < me);
            if cancelled || !self.budget.spend(self.budget.interval) {
                self.gave_up = true;
            }
        }
        !self.gave_up
    }

    /// [`Dfs::search`] through the estimate's `update` and `restore`.
    fn search_generic(&mut self, g: u32, h: u32, previous: Option<Direction>) -> bool {
        if !self.visit() {
            return false;
        }
        if h == 0 {
            return true;
        }
        let blank = usize::from(self.state.blank);
        let geometry = self.geometry;
        for &(dir, target) in &geometry.legal[blank][..usize::from(geometry.legal_len[blank])] {
            if previous == Some(dir.opposite()) {
                continue;
            }
            let (tile, from, to) = slide_to(&mut self.state, target);
            let (child_h, saved) = self.estimate.update(self.geometry, &self.state, tile, from, to);
            let f = g + E::STEP + child_h;
            if f <= self.bound {
                self.path.push(dir);
                if self.search_generic(g + E::STEP, child_h, Some(dir)) {
                    return true;
                }
                self.path.pop();
            } else {
                self.next_bound = self.next_bound.min(f);
            }
            self.estimate.restore(saved);
            slide_to(&mut self.state, blank as u8);
        }
        false
    }
}

/// Moves the blank of `state` to `target`, a neighbour of its cell: the tile that moved, the
/// cell it left and the cell it reached.
#[inline]
fn slide_to(state: &mut State, target: u8) -> (u8, u8, u8) {
    let from_blank = state.blank;
    let tile = state.board[usize::from(target)];
    let blank_tile = state.board[usize::from(from_blank)];
    state.board[usize::from(from_blank)] = tile;
    state.board[usize::from(target)] = blank_tile;
    state.pos[usize::from(tile)] = from_blank;
    state.pos[usize::from(blank_tile)] = target;
    state.blank = target;
    (tile, target, from_blank)
}

/// Moves the blank of `state` by `dir`: the tile that moved, the cell it left and the cell it
/// reached, or `None` off the board.
#[inline]
fn slide_blank(geometry: &Geometry, state: &mut State, dir: Direction) -> Option<(u8, u8, u8)> {
    let to = geometry.neighbour[usize::from(state.blank)][dir.index()];
    (to != u8::MAX).then(|| slide_to(state, to))
}

/// Finds the first optimal path (in move order) from `state` to the goal, whose tiles are their
/// own goal cells. The board must be solvable.
pub(crate) fn idastar<E: Estimate + Sync>(
    geometry: &Geometry,
    state: &State,
    mut estimate: E,
    limits: &Limits<'_>,
    split_nodes: u64,
) -> Run {
    let interval = limits.max_expanded.map_or(BUDGET_INTERVAL, |max| (max / 16).clamp(1, BUDGET_INTERVAL));
    let budget = Budget::new(limits, interval);
    let h = estimate.reset(geometry, state);
    let mut bound = h;
    let mut total = 0u64;
    let mut split = false;
    let mut cut = None;
    loop {
        let (found, next_bound, nodes, gave_up) = if split {
            parallel::parallel_iteration(geometry, state, &estimate, h, bound, &budget)
        } else {
            let mut dfs = Dfs::new(geometry, state, &estimate, bound, &budget, None);
            let found = dfs.search(0, h, None).then(|| dfs.path.clone());
            (found, dfs.next_bound, dfs.nodes, dfs.gave_up)
        };
        total += nodes;
        if let Some(path) = found {
            return Run { ending: Ending::Found(path), nodes: total, cut };
        }
        if gave_up || next_bound == u32::MAX {
            // `u32::MAX` would mean an exhausted space, which parity rules out for the boards
            // given here; the caller's check reports it if it ever happens.
            return Run { ending: Ending::GaveUp, nodes: total, cut };
        }
        cut = Some(next_bound);
        split |= nodes >= split_nodes && rayon::current_num_threads() > 1;
        bound = next_bound;
        if let Some(progress) = limits.progress {
            // In moves: a weighted search counts hundredths.
            progress.bound.store(u64::from(bound / E::STEP), Relaxed);
        }
    }
}
