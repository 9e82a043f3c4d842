//! One IDA\* iteration as a [`search::walk::Walk`]: the board moved in place, the estimate
//! updated from the one tile that moved and restored from what it saved, an explicit stack of
//! per-depth move cursors, and the bound test in [`Walk::advance`], which records the least `f`
//! it cuts off (the next iteration's bound).
//!
//! Moves are offered in [`MOVE_ORDER`](crate::MOVE_ORDER), never the one that undoes the move
//! before, so the first solution the walk reaches is the first path in that order. A node is
//! counted when [`Walk::advance`] offers it (the root by whoever starts the walk): the nodes the
//! search reports.
//!
//! The walk follows the duplicate-pruning machine ([`super::duplicates`]) beside the moves, a
//! machine state per frame, and offers no child whose move completes a forbidden sequence: the
//! same children the node loop of kept indices skips, so both loops visit the same nodes.
//!
//! [`NodeLoop`] is the hook for a loop made for one estimate ([`super::pdb_node_loop`]): it searches below
//! the walk's floor as [`search::walk::first`] does, node for node, polling the same
//! [`Watch`].

use puzzle_core::Direction;
use search::walk::{first, Counts, Walk, Watch};

use std::sync::Arc;

use super::duplicates::{Duplicates, Machines, FORBIDDEN};
use super::{slide_blank, slide_to, Estimate, Geometry, LinearConflict, Manhattan, Run, State};

/// Boards of at most this many cells are searched without the table of transpositions: on the
/// 15-puzzle it saves 10–21% of the nodes (Korf's 100 on the 7-8 and 6-6-3 tables) and costs
/// as much time in its reads, while on the 24-puzzle it saves 20–40% of them and about a fifth of
/// the time (docs/experiments.md, "The table of transpositions").
const TRANSPOSITIONS_ABOVE_CELLS: usize = 16;

/// One node on the walk's stack.
#[derive(Clone, Copy)]
struct Frame<S> {
    /// The node's estimate.
    h: u32,
    /// The index in the geometry's legal moves of the blank's cell of the next move to try.
    next: u8,
    /// What the estimate saved when the move into this node was made (`None` at the floor of a
    /// fresh walk, the root).
    saved: Option<S>,
    /// The blank's cell before that move.
    parent_blank: u8,
    /// The duplicate-pruning machine's state after the moves to this node ([`FORBIDDEN`]: a
    /// replayed prefix holds a forbidden sequence, and nothing below it is offered).
    machine: u32,
}

/// A child offered by [`Walk::advance`] and already made, kept until [`Walk::push`] takes it (or
/// the walk moves on, which takes it back).
#[derive(Clone, Copy)]
struct Offered<S> {
    dir: Direction,
    h: u32,
    saved: S,
    parent_blank: u8,
    machine: u32,
}

/// One IDA\* iteration with a bound, standing on one node.
pub(crate) struct Iteration<'g, E: Estimate> {
    pub(super) geometry: &'g Geometry,
    /// The planner's duplicate-pruning machines, which the estimate chooses from.
    machines: &'g Machines,
    pub(super) state: State,
    pub(super) estimate: E,
    pub(super) bound: u32,
    /// The least `f` above the bound among the children cut off so far (`u32::MAX`: none).
    pub(super) next_bound: u32,
    /// The moves from the root to the current node.
    pub(super) path: Vec<Direction>,
    pub(super) counts: Counts,
    /// Whether the node loop of kept indices cuts states it reached before
    /// ([`super::transpositions`]): on boards of more than [`TRANSPOSITIONS_ABOVE_CELLS`] cells.
    pub(super) transpositions: bool,
    /// The table's generation: searches given the same one read each other's entries (the
    /// subtrees one thread takes in turn, [`super::parallel`]); `None`, a fresh one per search.
    pub(super) generation: Option<u64>,
    /// The duplicate-pruning machine, chosen by the estimate ([`Estimate::duplicates`]) when the
    /// walk first moves below its root, with whether it replaces the table of transpositions.
    duplicates: Option<(Arc<Duplicates>, bool)>,
    frames: Vec<Frame<E::Saved>>,
    offered: Option<Offered<E::Saved>>,
    floor: usize,
    /// Children at this depth are not offered, nor cut off: a work unit's top stops there.
    ceiling: usize,
}

impl<'g, E: Estimate> Iteration<'g, E> {
    /// The iteration with `bound` from `state`, whose estimate `estimate` (reset to the state)
    /// puts at `h`, walking a machine of `machines`; nothing counted.
    pub(crate) fn new(
        geometry: &'g Geometry,
        machines: &'g Machines,
        state: &State,
        estimate: &E,
        h: u32,
        bound: u32,
    ) -> Iteration<'g, E> {
        let mut frames = Vec::with_capacity(256);
        frames.push(Frame { h, next: 0, saved: None, parent_blank: state.blank, machine: 0 });
        Iteration {
            geometry,
            machines,
            state: state.clone(),
            estimate: estimate.clone(),
            bound,
            next_bound: u32::MAX,
            path: Vec::with_capacity(256),
            counts: Counts::default(),
            transpositions: state.cells > TRANSPOSITIONS_ABOVE_CELLS,
            generation: None,
            duplicates: None,
            frames,
            offered: None,
            floor: 0,
            ceiling: usize::MAX,
        }
    }

    /// The same walk offering no child at `depth` or below (nor cutting one off there).
    pub(crate) fn with_ceiling(mut self, depth: usize) -> Iteration<'g, E> {
        self.ceiling = depth;
        self
    }

    /// The same walk following `machine` (which leaves the table of transpositions as it is)
    /// instead of the estimate's choice.
    #[cfg(test)]
    pub(crate) fn with_duplicates(mut self, machine: Arc<Duplicates>) -> Iteration<'g, E> {
        self.duplicates = Some((machine, false));
        self
    }

    /// The current node's estimate.
    pub(super) fn h(&self) -> u32 {
        self.frames.last().map_or(0, |frame| frame.h)
    }

    /// The current node's cost `g`, in the estimate's units.
    pub(super) fn g(&self) -> u32 {
        self.path.len() as u32 * E::STEP
    }

    /// The duplicate-pruning machine this walk follows, and whether it replaces the table of
    /// transpositions: chosen on the first call from the nodes counted so far (the work this
    /// board's search has done, 0 in a subtree of the parallel split or a unit).
    pub(super) fn duplicates(&mut self) -> (Arc<Duplicates>, bool) {
        let (geometry, machines) = (self.geometry, self.machines);
        let spent = self.counts.nodes;
        let estimate = &self.estimate;
        let (machine, replaces) = self
            .duplicates
            .get_or_insert_with(|| estimate.duplicates(machines, geometry.rows(), geometry.cols(), spent));
        (Arc::clone(machine), *replaces)
    }

    /// The machine's state at the current node.
    pub(super) fn machine_state(&self) -> u32 {
        self.frames.last().map_or(0, |frame| frame.machine)
    }

    /// The least `f` above the bound among the children cut off so far, if any was.
    pub(super) fn least_cut(&self) -> Option<u32> {
        (self.next_bound != u32::MAX).then_some(self.next_bound)
    }

    /// What the walk did since it had counted `counted_before` nodes, `found` saying whether it
    /// stands on the goal: the one result of every iteration, unit and split.
    pub(crate) fn into_run(self, found: bool, counted_before: u64) -> Run {
        Run {
            next_bound: self.least_cut(),
            path: found.then_some(self.path),
            nodes: self.counts.nodes - counted_before,
            gave_up: self.counts.stopped && !found,
        }
    }

    /// Takes back the child [`Walk::advance`] made and [`Walk::push`] did not take.
    #[inline(always)]
    fn take_back_offered(&mut self) {
        if let Some(offered) = self.offered.take() {
            self.estimate.restore(offered.saved);
            slide_to(&mut self.state, offered.parent_blank);
        }
    }
}

impl<E: Estimate> Walk for Iteration<'_, E> {
    type Move = Direction;

    search::walk_bookkeeping!(depth = path.len(), floor, counts);

    /// The next child within the bound, made (the board moved, the estimate updated); the
    /// children over it are taken back at once and their least `f` kept.
    #[inline]
    fn advance(&mut self) -> Option<Direction> {
        self.take_back_offered();
        let geometry = self.geometry;
        let blank = self.state.blank;
        let moves = &geometry.legal[usize::from(blank)][..usize::from(geometry.legal_len[usize::from(blank)])];
        let previous = self.path.last().copied();
        let depth = self.path.len();
        let g = self.g();
        if self.duplicates.is_none() {
            self.duplicates();
        }
        // Borrowed, not cloned: an `Arc` clone a node would cost an atomic add in the hot loop.
        let transitions = self.duplicates.as_ref().map_or(&[][..], |(machine, _)| machine.transitions());
        let frame = self.frames.last_mut()?;
        if frame.machine == FORBIDDEN {
            return None;
        }
        let &on_moves = transitions.get(frame.machine as usize)?;
        while let Some(&(dir, target)) = moves.get(usize::from(frame.next)) {
            frame.next += 1;
            if previous == Some(dir.opposite()) {
                continue;
            }
            // A move that completes a forbidden sequence is not made: an earlier sequence
            // reaches the same board.
            let machine = on_moves[dir.index()];
            if machine == FORBIDDEN {
                continue;
            }
            let (tile, from, to) = slide_to(&mut self.state, target);
            let (child_h, saved) = self.estimate.update(geometry, &self.state, tile, from, to);
            let f = g + E::STEP + child_h;
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
            } else if depth + 1 < self.ceiling {
                self.counts.nodes += 1;
                self.offered = Some(Offered { dir, h: child_h, saved, parent_blank: blank, machine });
                return Some(dir);
            }
            self.estimate.restore(saved);
            slide_to(&mut self.state, blank);
        }
        None
    }

    /// Stands on the child `dir`: the one [`Walk::advance`] made, or a move replayed (a prefix),
    /// made here.
    #[inline]
    fn push(&mut self, dir: Direction) {
        let offered = match self.offered.take() {
            Some(offered) if offered.dir == dir => offered,
            other => {
                self.offered = other;
                self.take_back_offered();
                let parent_blank = self.state.blank;
                let Some((tile, from, to)) = slide_blank(self.geometry, &mut self.state, dir) else {
                    unreachable!("a move pushed stays on the board")
                };
                let (h, saved) = self.estimate.update(self.geometry, &self.state, tile, from, to);
                let (duplicates, _) = self.duplicates();
                let machine = match self.machine_state() {
                    FORBIDDEN => FORBIDDEN,
                    state => duplicates.transitions()[state as usize][dir.index()],
                };
                Offered { dir, h, saved, parent_blank, machine }
            }
        };
        self.path.push(dir);
        self.frames.push(Frame {
            h: offered.h,
            next: 0,
            saved: Some(offered.saved),
            parent_blank: offered.parent_blank,
            machine: offered.machine,
        });
    }

    #[inline]
    fn pop(&mut self) {
        self.take_back_offered();
        if self.path.pop().is_some() {
            if let Some(Frame { saved: Some(saved), parent_blank, .. }) = self.frames.pop() {
                self.estimate.restore(saved);
                slide_to(&mut self.state, parent_blank);
            }
        }
    }

    fn close(&mut self) {
        self.take_back_offered();
        if let Some(frame) = self.frames.last_mut() {
            frame.next = 4;
        }
    }

    #[inline(always)]
    fn solved(&self) -> bool {
        self.h() == 0
    }

    fn prefix(&self) -> Vec<Direction> {
        self.path.clone()
    }
}

/// An estimate's way to search below a walk's floor: [`search::walk::first`] unless the estimate
/// has a loop of its own.
pub(crate) trait NodeLoop: Estimate {
    /// The search below `walk`'s floor by a loop made for this estimate, or `None` to use
    /// [`search::walk::first`]. Both count the same nodes, reach the same first solution (leaving
    /// the walk on it) and cut off the same children, polling `watch` through a
    /// [`search::walk::Poll`].
    fn below(walk: &mut Iteration<'_, Self>, watch: &Watch<'_>) -> Option<bool> {
        let _ = (walk, watch);
        None
    }
}

impl NodeLoop for Manhattan {}

impl NodeLoop for LinearConflict {}

/// Counts the walk's floor node, and searches below it unless it is the goal: `true` with the
/// walk standing on the first goal in move order, `false` when there is none within the bound or
/// a limit stopped the walk (`counts.stopped`).
pub(crate) fn from_floor<E: NodeLoop>(walk: &mut Iteration<'_, E>, watch: &Watch<'_>) -> bool {
    walk.counts.nodes += 1;
    if walk.solved() {
        walk.counts.solutions += 1;
        return true;
    }
    below(walk, watch)
}

/// Searches below the walk's floor (not counting it) by the estimate's own loop, or by
/// [`search::walk::first`].
pub(crate) fn below<E: NodeLoop>(walk: &mut Iteration<'_, E>, watch: &Watch<'_>) -> bool {
    match E::below(walk, watch) {
        Some(found) => found,
        None => first(walk, watch),
    }
}
