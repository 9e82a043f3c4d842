//! One depth-first walk over the row engine ([`Engine`]): the used set and the explicit stack of
//! candidate slices, as a [`Walk`] for the drivers of the depth-first core (`search::walk`),
//! one cell per depth. The tight counting loop over the same walk is in `count_loop.rs`.

use search::walk::Walk;

use search::walk::Counts;

use super::mode::Mode;
use super::order::{Order, NO_NEIGHBOUR};
use super::row::{Candidate, Engine, NO_TWIN};
use super::searches::PlacingWalk;
use crate::model::{Placement, Puzzle, EAST, FRAME, NORTH, SOUTH, WEST};

/// One depth-first walk over an [`Engine`].
#[derive(Debug)]
pub struct RowWalk<'a> {
    pub(super) engine: &'a Engine,
    pub(super) puzzle: &'a Puzzle,
    pub(super) mode: Mode,
    pub(super) used: Vec<u64>,
    /// Per depth: the next candidate index and the end of the slice.
    pub(super) next: Vec<u32>,
    pub(super) end: Vec<u32>,
    /// Per depth: the candidate placed there.
    pub(super) placed: Vec<Candidate>,
    /// The cell to fill next.
    pub(super) depth: usize,
    /// The search never backtracks above this depth (a replayed prefix).
    pub(super) floor: usize,
    pub(crate) counts: Counts,
}

impl<'a> RowWalk<'a> {
    pub(crate) fn new(engine: &'a Engine, mode: Mode) -> RowWalk<'a> {
        let puzzle = &engine.puzzle;
        let words = puzzle.pieces().len().div_ceil(64).max(engine.words);
        let mut search = RowWalk {
            engine,
            puzzle,
            mode,
            used: vec![0; words],
            next: vec![0; engine.cells + 1],
            end: vec![0; engine.cells + 1],
            placed: vec![Candidate(0); engine.cells],
            depth: 0,
            floor: 0,
            counts: Counts::default(),
        };
        search.open(0);
        search
    }

    /// Sets up the candidate slice of cell `depth` from its placed neighbours.
    #[inline(always)]
    pub(super) fn open(&mut self, depth: usize) {
        if depth == self.engine.cells {
            return;
        }
        let engine = self.engine;
        let cell = engine.cell_at[depth] as usize;
        let (north_at, west_at) = (engine.north_at[depth], engine.west_at[depth]);
        let north = if north_at == NO_NEIGHBOUR { engine.border_key } else { self.placed[north_at as usize].south() };
        let west = if west_at == NO_NEIGHBOUR { engine.border_key } else { self.placed[west_at as usize].east() };
        let (start, end) = match engine.fixed[cell] {
            None => engine.range(cell, north, west),
            Some(range) => {
                if self.fixed_fits(range.0, north, west, cell) {
                    range
                } else {
                    (0, 0)
                }
            }
        };
        self.next[depth] = start;
        self.end[depth] = end;
    }

    /// Whether the fixed candidate at `index` fits `cell` (frame rules and neighbours).
    fn fixed_fits(&self, index: u32, north: u32, west: u32, cell: usize) -> bool {
        let engine = self.engine;
        let c = engine.candidates[index as usize];
        let sides = self.puzzle.oriented(c.piece(), c.rotation());
        let cols = engine.cols;
        let (row, col) = (cell / cols, cell % cols);
        let rows = engine.cells / cols;
        let any = (engine.keys - 1) as u32;
        let side_fits = |side: u16, key: u32| key == any || u32::from(side) == key;
        let framed_ok = !self.puzzle.framed()
            || ((sides[NORTH] == FRAME) == (row == 0)
                && (sides[WEST] == FRAME) == (col == 0)
                && (sides[EAST] == FRAME) == (col + 1 == cols)
                && (sides[SOUTH] == FRAME) == (row + 1 == rows));
        framed_ok && side_fits(sides[NORTH], north) && side_fits(sides[WEST], west)
    }

    #[inline(always)]
    pub(super) fn is_used(&self, piece: usize) -> bool {
        self.used[piece >> 6] >> (piece & 63) & 1 != 0
    }

    /// In [`Mode::Pictures`]: whether an earlier candidate with the same sides is still free.
    #[inline(always)]
    pub(super) fn twin_free(&self, index: usize) -> bool {
        let mut twin = self.engine.twins[index];
        while twin != NO_TWIN {
            if !self.is_used(self.engine.candidates[twin as usize].piece()) {
                return true;
            }
            twin = self.engine.twins[twin as usize];
        }
        false
    }
}

impl Walk for RowWalk<'_> {
    type Move = Candidate;

    search::walk_bookkeeping!(depth = depth, floor, counts);

    /// Places candidate `c` at the current depth and opens the next cell.
    #[inline(always)]
    fn push(&mut self, c: Candidate) {
        let piece = c.piece();
        self.used[piece >> 6] |= 1 << (piece & 63);
        self.placed[self.depth] = c;
        self.depth += 1;
        self.open(self.depth);
    }

    /// Takes back the placement above the current depth.
    #[inline(always)]
    fn pop(&mut self) {
        self.depth -= 1;
        let piece = self.placed[self.depth].piece();
        self.used[piece >> 6] &= !(1 << (piece & 63));
    }

    /// The next candidate to place at the current depth, counted as a node; `None` when the
    /// cell has no more.
    #[inline(always)]
    fn advance(&mut self) -> Option<Candidate> {
        let depth = self.depth;
        while self.next[depth] < self.end[depth] {
            let index = self.next[depth] as usize;
            self.next[depth] += 1;
            let c = self.engine.candidates[index];
            if self.is_used(c.piece()) || (self.mode == Mode::Pictures && self.twin_free(index)) {
                continue;
            }
            self.counts.nodes += 1;
            return Some(c);
        }
        None
    }

    #[inline(always)]
    fn close(&mut self) {
        self.next[self.depth] = self.end[self.depth];
    }

    /// Every cell filled.
    #[inline(always)]
    fn solved(&self) -> bool {
        self.depth == self.engine.cells
    }

    /// The last cell: every candidate offered there completes a board.
    #[inline(always)]
    fn leaf(&self) -> bool {
        self.depth + 1 == self.engine.cells
    }

    fn prefix(&self) -> Vec<Candidate> {
        self.placed[..self.depth].to_vec()
    }
}

impl PlacingWalk for RowWalk<'_> {
    fn placement(&self, c: Candidate) -> Placement {
        Placement::new(c.piece(), c.rotation())
    }

    fn placements(&self) -> Vec<Placement> {
        let placement = |c: &Candidate| Placement::new(c.piece(), c.rotation());
        let mut out: Vec<Placement> = self.placed[..self.depth].iter().map(placement).collect();
        if self.depth == self.engine.cells && self.engine.order != Order::Row {
            for (depth, c) in self.placed.iter().enumerate() {
                out[self.engine.cell_at[depth] as usize] = placement(c);
            }
        }
        out
    }
}
