//! One depth-first walk over an [`OrderedEngine`], as a [`Walk`] for the drivers of the
//! depth-first core (`search::walk`), and the ordered engine's counts over it (its side of the
//! engines' one trait, `searches.rs`). `ordered.rs` holds the engine's lists and knows nothing of its
//! walk.

use search::walk::{self, Counts, Observe, Walk, Watch};

use super::kept::Kept;
use super::mode::Mode;
use super::order::Order;
use super::ordered::OrderedEngine;
use super::parallel::count_tree;
use super::searches::{for_each_watched, search_basics, PlacingWalk, Search};
use super::symmetry::{count_in_turn, one_per_orbit};
use crate::model::{Placement, Puzzle};

impl Search for OrderedEngine {
    search_basics!(OrderedWalk);

    fn count_below_floor(below: &mut OrderedWalk<'_>, watch: &Watch<'_>) {
        walk::count(below, watch);
    }

    fn count_watched(&self, mode: Mode, watch: &Watch<'_>, observe: Observe<'_>, kept: &mut Kept) -> Counts {
        match self.turned_searches(mode) {
            Some((engines, turns)) => {
                let mut counts = count_in_turn(&engines, watch, |engine, part| {
                    count_tree(engine, Mode::Pictures, part, observe, kept)
                });
                counts.solutions *= turns;
                counts
            }
            None => count_tree(self, mode, watch, observe, kept),
        }
    }

    /// Through the board's turns when the count's reduced searches apply (every orbit holds
    /// exactly one of their pictures), else over every picture on the calling thread.
    fn count_distinct_watched(&self, watch: &Watch<'_>, kept: &mut Kept) -> Counts {
        if let Some((engines, _)) = self.turned_searches(Mode::Pictures) {
            return count_in_turn(&engines, watch, |engine, part| {
                count_tree(engine, Mode::Pictures, part, &|_, _, _| {}, kept)
            });
        }
        one_per_orbit(&self.puzzle, self.clued, kept, |visit| for_each_watched(self, Mode::Pictures, watch, visit))
    }

    fn turned(&self, mode: Mode) -> Option<(Vec<OrderedEngine>, u64)> {
        self.turned_searches(mode)
    }
}

/// One depth-first walk over an [`OrderedEngine`].
#[derive(Debug)]
pub struct OrderedWalk<'a> {
    engine: &'a OrderedEngine,
    mode: Mode,
    used: Vec<u64>,
    /// Per cell: the candidate placed there.
    at_cell: Vec<u32>,
    /// Per depth: the next candidate index and the end of the slice.
    next: Vec<u32>,
    end: Vec<u32>,
    depth: usize,
    floor: usize,
    counts: Counts,
}

impl<'a> OrderedWalk<'a> {
    pub(crate) fn new(engine: &'a OrderedEngine, mode: Mode) -> OrderedWalk<'a> {
        let n = engine.cells.len();
        let mut walk = OrderedWalk {
            engine,
            mode,
            used: vec![0; engine.words()],
            at_cell: vec![0; n],
            next: vec![0; n + 1],
            end: vec![0; n + 1],
            depth: 0,
            floor: 0,
            counts: Counts::default(),
        };
        walk.open();
        walk
    }

    #[inline(always)]
    fn open(&mut self) {
        if self.depth < self.engine.cells.len() {
            let (start, end) = self.engine.range(self.depth, &self.at_cell);
            self.next[self.depth] = start;
            self.end[self.depth] = end;
        }
    }
}

impl Walk for OrderedWalk<'_> {
    type Move = u32;

    search::walk_bookkeeping!(depth = depth, floor, counts);

    /// The next candidate for the current depth, counted as a node.
    #[inline(always)]
    fn advance(&mut self) -> Option<u32> {
        let depth = self.depth;
        let plan = &self.engine.plans[self.engine.cells[depth]];
        while self.next[depth] < self.end[depth] {
            let index = self.next[depth];
            self.next[depth] += 1;
            if self.engine.fits(index, plan, &self.at_cell, &self.used, self.mode) {
                self.counts.nodes += 1;
                return Some(index);
            }
        }
        None
    }

    #[inline(always)]
    fn push(&mut self, index: u32) {
        let piece = self.engine.candidates[index as usize].piece;
        self.used[usize::from(piece >> 6)] |= 1 << (piece & 63);
        self.at_cell[self.engine.cells[self.depth]] = index;
        self.depth += 1;
        self.open();
    }

    #[inline(always)]
    fn pop(&mut self) {
        self.depth -= 1;
        let piece = self.engine.candidates[self.at_cell[self.engine.cells[self.depth]] as usize].piece;
        self.used[usize::from(piece >> 6)] &= !(1 << (piece & 63));
    }

    #[inline(always)]
    fn close(&mut self) {
        self.next[self.depth] = self.end[self.depth];
    }

    /// Every cell filled.
    #[inline(always)]
    fn solved(&self) -> bool {
        self.depth == self.engine.cells.len()
    }

    /// The last cell: every candidate offered there completes a board.
    #[inline(always)]
    fn leaf(&self) -> bool {
        self.depth + 1 == self.engine.cells.len()
    }

    fn prefix(&self) -> Vec<u32> {
        (0..self.depth).map(|d| self.at_cell[self.engine.cells[d]]).collect()
    }
}

impl PlacingWalk for OrderedWalk<'_> {
    fn placement(&self, index: u32) -> Placement {
        let c = self.engine.candidates[index as usize];
        Placement::new(usize::from(c.piece), c.rotation)
    }

    fn placements(&self) -> Vec<Placement> {
        self.at_cell
            .iter()
            .map(|&index| {
                let c = self.engine.candidates[index as usize];
                Placement::new(usize::from(c.piece), c.rotation)
            })
            .collect()
    }
}
