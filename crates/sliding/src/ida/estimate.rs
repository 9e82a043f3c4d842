//! The lower bounds IDA* keeps up to date move by move: the board as the search sees it, the
//! shared geometry, and the Manhattan, linear-conflict and pattern-database estimates.

use std::cell::RefCell;
use std::sync::Arc;

use puzzle_core::Direction;

use super::duplicates::{self, Duplicates, Machines};
use super::kept_indices::{KeptPlan, Place, Sums, MAX_SUMS};
use super::state::State;
use crate::pdb::lookup::MAX_LOOKUPS;
use crate::pdb::PdbHeuristic;

/// The geometry shared by every node.
pub(crate) struct Geometry {
    /// `neighbour[cell][dir]`: the cell the blank reaches moving `dir` (`u8::MAX` off the board
    /// and past its last cell).
    pub(super) neighbour: Box<[[u8; 4]; 256]>,
    /// `legal[cell][..legal_len[cell]]`: the blank's moves from `cell` in
    /// [`MOVE_ORDER`](crate::MOVE_ORDER), with the cell each reaches, so that the search loops
    /// over the moves there are instead of testing all four.
    pub(super) legal: Box<[[(Direction, u8); 4]; 256]>,
    pub(super) legal_len: Box<[u8; 256]>,
    /// `distance[tile][cell]`: Manhattan distance of `tile` at `cell` from its goal cell.
    distance: Box<[[u8; 256]; 256]>,
    rows: usize,
    cols: usize,
}

impl Geometry {
    pub(crate) fn new(rows: usize, cols: usize) -> Geometry {
        let n = rows * cols;
        let mut neighbour = Box::new([[u8::MAX; 4]; 256]);
        for (cell, out) in neighbour.iter_mut().enumerate().take(n) {
            let (r, c) = (cell / cols, cell % cols);
            for dir in Direction::ALL {
                let (dr, dc) = dir.delta();
                let (nr, nc) = (r as isize + dr, c as isize + dc);
                if (0..rows as isize).contains(&nr) && (0..cols as isize).contains(&nc) {
                    out[dir.index()] = (nr as usize * cols + nc as usize) as u8;
                }
            }
        }
        let mut legal = Box::new([[(Direction::North, 0u8); 4]; 256]);
        let mut legal_len = Box::new([0u8; 256]);
        for cell in 0..n {
            for dir in crate::MOVE_ORDER {
                let to = neighbour[cell][dir.index()];
                if to != u8::MAX {
                    legal[cell][usize::from(legal_len[cell])] = (dir, to);
                    legal_len[cell] += 1;
                }
            }
        }
        let mut distance = Box::new([[0u8; 256]; 256]);
        for (tile, row) in distance.iter_mut().enumerate().take(n) {
            for (cell, d) in row.iter_mut().enumerate().take(n) {
                *d = ((tile / cols).abs_diff(cell / cols) + (tile % cols).abs_diff(cell % cols)) as u8;
            }
        }
        Geometry { neighbour, legal, legal_len, distance, rows, cols }
    }

    /// The geometry of `rows`×`cols` boards, made once per shape and thread: a board's lower
    /// bounds and its search (and the next board of a batch, mostly of one shape) share it, where
    /// each used to fill its own tables.
    pub(crate) fn of(rows: usize, cols: usize) -> Arc<Geometry> {
        thread_local! {
            static LAST: RefCell<Option<Arc<Geometry>>> = const { RefCell::new(None) };
        }
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            match &*last {
                Some(geometry) if (geometry.rows, geometry.cols) == (rows, cols) => Arc::clone(geometry),
                _ => Arc::clone(last.insert(Arc::new(Geometry::new(rows, cols)))),
            }
        })
    }

    /// Columns of the board.
    pub(super) fn cols(&self) -> usize {
        self.cols
    }

    pub(super) fn rows(&self) -> usize {
        self.rows
    }

    /// `distance()[tile][cell]`: the Manhattan distance of `tile` at `cell` from its goal cell.
    pub(super) fn distance(&self) -> &[[u8; 256]; 256] {
        &self.distance
    }
}

/// A lower bound kept up to date as tiles move.
pub(crate) trait Estimate: Clone + Send {
    /// What [`Estimate::restore`] needs to undo one update.
    type Saved: Copy + Send;
    /// What one move adds to the cost `g`, in the units of the estimate: 1 for the admissible
    /// estimates, the weight's denominator for a weighted one (`weighted::Weighted`), so that
    /// `f = g + h` stays in integers.
    const STEP: u32 = 1;
    /// The bound for `state`, computed from scratch.
    fn reset(&mut self, geometry: &Geometry, state: &State) -> u32;
    /// The bound after `tile` moved from `from` to `to` (`state` already updated).
    fn update(&mut self, geometry: &Geometry, state: &State, tile: u8, from: u8, to: u8) -> (u32, Self::Saved);
    /// Undoes the update that returned `saved`.
    fn restore(&mut self, saved: Self::Saved);
    /// The duplicate-pruning machine a walk with this estimate follows on a `rows`×`cols` board
    /// after `spent` nodes of its search, and whether it replaces the table of transpositions:
    /// by default the shape's from the planner's `machines` ([`Machines::for_search`]), which
    /// does.
    fn duplicates(&self, machines: &Machines, rows: usize, cols: usize, spent: u64) -> (Arc<Duplicates>, bool) {
        let machine = machines.for_search(rows, cols, spent);
        let replaces = duplicates::REPLACES_TRANSPOSITIONS && machine.states() > 1;
        (machine, replaces)
    }
}

fn manhattan(geometry: &Geometry, state: &State, blank_tile: u8) -> u32 {
    state.pos[..state.cells]
        .iter()
        .enumerate()
        .filter(|&(tile, _)| tile != usize::from(blank_tile))
        .map(|(tile, &cell)| u32::from(geometry.distance[tile][usize::from(cell)]))
        .sum()
}

/// The Manhattan distance.
#[derive(Clone)]
pub(crate) struct Manhattan {
    pub(crate) blank_tile: u8,
    pub(crate) value: u32,
}

impl Estimate for Manhattan {
    type Saved = u32;

    fn reset(&mut self, geometry: &Geometry, state: &State) -> u32 {
        self.value = manhattan(geometry, state, self.blank_tile);
        self.value
    }

    #[inline]
    fn update(&mut self, geometry: &Geometry, _: &State, tile: u8, from: u8, to: u8) -> (u32, u32) {
        let saved = self.value;
        let d = &geometry.distance[usize::from(tile)];
        self.value = self.value + u32::from(d[usize::from(to)]) - u32::from(d[usize::from(from)]);
        (self.value, saved)
    }

    fn restore(&mut self, saved: u32) {
        self.value = saved;
    }
}

/// Manhattan distance plus linear conflicts, kept per row and per column.
#[derive(Clone)]
pub(crate) struct LinearConflict {
    pub(crate) manhattan: Manhattan,
    pub(crate) rows: usize,
    /// Extra moves per row, then per column.
    pub(crate) lines: Vec<u32>,
    pub(crate) extra: u32,
}

impl LinearConflict {
    pub(crate) fn new(blank_tile: u8, rows: usize, cols: usize) -> LinearConflict {
        LinearConflict { manhattan: Manhattan { blank_tile, value: 0 }, rows, lines: vec![0; rows + cols], extra: 0 }
    }

    /// Extra moves for one line: tiles in the line whose goal is in the line must come out of
    /// it, two moves each, until the rest appear in goal order (the longest increasing run of
    /// goal positions stays).
    fn line_extra(&self, geometry: &Geometry, state: &State, line: usize) -> u32 {
        let cols = geometry.cols;
        // A line holds at most 255 cells (the specialised search takes boards of up to 255
        // cells), so one byte per entry and 256 entries cover any line of any shape.
        let mut goals = [0u8; 256];
        let mut n = 0;
        let (first, step, len) =
            if line < self.rows { (line * cols, 1, cols) } else { (line - self.rows, cols, self.rows) };
        for cell in (0..len).map(|i| first + i * step) {
            let tile = usize::from(state.board[cell]);
            if tile == usize::from(self.manhattan.blank_tile) {
                continue;
            }
            let home = if line < self.rows { tile / cols == line } else { tile % cols == line - self.rows };
            if home {
                goals[n] = tile as u8;
                n += 1;
            }
        }
        2 * (n as u32 - longest_increasing(&goals[..n]))
    }
}

/// The length of the longest strictly increasing subsequence of `values` (patience sorting:
/// `tails[k]` is the smallest last value of an increasing run of length `k + 1`).
fn longest_increasing(values: &[u8]) -> u32 {
    let mut tails = [0u8; 256];
    let mut len = 0;
    for &value in values {
        let at = tails[..len].partition_point(|&tail| tail < value);
        tails[at] = value;
        len = len.max(at + 1);
    }
    len as u32
}

impl Estimate for LinearConflict {
    type Saved = (u32, u32, usize, u32, usize, u32);

    fn reset(&mut self, geometry: &Geometry, state: &State) -> u32 {
        self.manhattan.reset(geometry, state);
        for line in 0..self.lines.len() {
            self.lines[line] = self.line_extra(geometry, state, line);
        }
        self.extra = self.lines.iter().sum();
        self.manhattan.value + self.extra
    }

    fn update(&mut self, geometry: &Geometry, state: &State, tile: u8, from: u8, to: u8) -> (u32, Self::Saved) {
        let (md, md_saved) = self.manhattan.update(geometry, state, tile, from, to);
        let cols = geometry.cols;
        let (from, to) = (usize::from(from), usize::from(to));
        // A vertical move changes two rows, a horizontal one two columns.
        let (a, b) = if from / cols != to / cols {
            (from / cols, to / cols)
        } else {
            (self.rows + from % cols, self.rows + to % cols)
        };
        let saved = (md_saved, self.extra, a, self.lines[a], b, self.lines[b]);
        let (new_a, new_b) = (self.line_extra(geometry, state, a), self.line_extra(geometry, state, b));
        self.extra = self.extra - self.lines[a] - self.lines[b] + new_a + new_b;
        self.lines[a] = new_a;
        self.lines[b] = new_b;
        (md + self.extra, saved)
    }

    fn restore(&mut self, saved: Self::Saved) {
        let (md, extra, a, va, b, vb) = saved;
        self.manhattan.restore(md);
        self.extra = extra;
        self.lines[a] = va;
        self.lines[b] = vb;
    }
}

/// Manhattan distance plus twice the pattern databases' excess.
#[derive(Clone)]
pub(crate) struct Pdb {
    pub(crate) manhattan: Manhattan,
    pub(crate) heuristic: Arc<PdbHeuristic>,
    /// The current excess of each lookup.
    pub(crate) excess: [u8; MAX_LOOKUPS],
    /// How the lookups' indices are kept move by move, when the heuristic allows it.
    pub(super) kept: Option<Arc<KeptPlan>>,
    /// The current place of each lookup's tiles, and the totals of the sums, when they are kept.
    pub(super) place: [Place; MAX_LOOKUPS],
    pub(super) sums: Sums,
    /// The duplicate-pruning machine the node loop of kept indices walks beside the moves
    /// ([`super::duplicates`]); `None`, the one for the board's shape.
    pub(super) duplicates: Option<Arc<Duplicates>>,
    /// What the moves not yet undone replaced, one entry per lookup a move changed, the last
    /// move's on top: an update saves the few lookups its tile changes, not every array.
    undo: Vec<Undo>,
}

/// One lookup's place and excess before a move changed them.
#[derive(Clone, Copy, Debug)]
struct Undo {
    place: Place,
    lookup: u8,
    excess: u8,
}

impl Pdb {
    pub(crate) fn new(blank_tile: u8, heuristic: Arc<PdbHeuristic>, cells: usize) -> Pdb {
        let kept = KeptPlan::new(&heuristic, cells).map(Arc::from);
        Pdb {
            manhattan: Manhattan { blank_tile, value: 0 },
            heuristic,
            excess: [0; MAX_LOOKUPS],
            kept,
            place: [Place::default(); MAX_LOOKUPS],
            sums: [0; MAX_SUMS],
            duplicates: None,
            undo: Vec::with_capacity(256),
        }
    }
}

impl Estimate for Pdb {
    /// The Manhattan distance before the move, and how many entries it pushed on `undo`.
    type Saved = (u32, u8);

    fn reset(&mut self, geometry: &Geometry, state: &State) -> u32 {
        self.manhattan.reset(geometry, state);
        self.undo.clear();
        for (l, lookup) in self.heuristic.lookups.iter().enumerate() {
            self.excess[l] = lookup.excess(&state.pos, state.blank);
        }
        if let Some(kept) = &self.kept {
            for (l, lookup) in self.heuristic.lookups.iter().enumerate() {
                self.place[l] = kept.place(l, lookup, state);
            }
            self.sums = kept.sums(&self.excess);
            debug_assert_eq!(kept.largest(&self.sums), self.heuristic.combine(&self.excess));
        }
        self.manhattan.value + 2 * self.heuristic.combine(&self.excess)
    }

    #[inline(always)]
    fn update(&mut self, geometry: &Geometry, state: &State, tile: u8, from: u8, to: u8) -> (u32, Self::Saved) {
        let (md, md_saved) = self.manhattan.update(geometry, state, tile, from, to);
        let heuristic = &*self.heuristic;
        let reading = heuristic.reading(tile);
        let saved = (md_saved, reading.len() as u8);
        if let Some(kept) = &self.kept {
            // The blank moved from `to` onto `from`.
            let neighbours = &geometry.neighbour[usize::from(to)];
            let dir =
                Direction::ALL.into_iter().find(|dir| neighbours[dir.index()] == from).unwrap_or(Direction::North);
            for &l in reading {
                let l = usize::from(l) & (MAX_LOOKUPS - 1);
                let before = self.place[l];
                self.undo.push(Undo { place: before, lookup: l as u8, excess: self.excess[l] });
                let place = kept.moved(l, before, &state.board, tile, from, dir);
                self.place[l] = place;
                let table = &heuristic.lookups[l].table;
                kept.set(l, kept.excess(l, table, place, state.blank), &mut self.excess, &mut self.sums);
            }
            return (md + 2 * kept.largest(&self.sums), saved);
        }
        for &l in reading {
            let l = usize::from(l) & (MAX_LOOKUPS - 1);
            self.undo.push(Undo { place: Place::default(), lookup: l as u8, excess: self.excess[l] });
            self.excess[l] = heuristic.lookups[l].excess(&state.pos, state.blank);
        }
        (md + 2 * heuristic.combine(&self.excess), saved)
    }

    #[inline(always)]
    fn restore(&mut self, (md, changed): Self::Saved) {
        self.manhattan.restore(md);
        for _ in 0..changed {
            let Some(undo) = self.undo.pop() else { unreachable!("every update pushed what it changed") };
            let l = usize::from(undo.lookup) & (MAX_LOOKUPS - 1);
            self.place[l] = undo.place;
            match &self.kept {
                Some(kept) => kept.set(l, undo.excess, &mut self.excess, &mut self.sums),
                None => self.excess[l] = undo.excess,
            }
        }
    }

    /// The machine the estimate names (a test's), which leaves the table of transpositions as
    /// it is, else the shape's.
    fn duplicates(&self, machines: &Machines, rows: usize, cols: usize, spent: u64) -> (Arc<Duplicates>, bool) {
        match &self.duplicates {
            Some(named) => (Arc::clone(named), false),
            None => {
                let machine = machines.for_search(rows, cols, spent);
                let replaces = duplicates::REPLACES_TRANSPOSITIONS && machine.states() > 1;
                (machine, replaces)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::longest_increasing;

    /// The longest increasing subsequence by trying every subset: the plain definition.
    fn brute_force(values: &[u8]) -> u32 {
        (0u32..1 << values.len())
            .filter(|subset| {
                let picked: Vec<u8> = (0..values.len()).filter(|i| subset >> i & 1 == 1).map(|i| values[i]).collect();
                picked.windows(2).all(|w| w[0] < w[1])
            })
            .map(u32::count_ones)
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn longest_increasing_matches_the_definition() {
        let mut seed = 0x2545_f491_u64;
        for len in 0..=12 {
            for _ in 0..40 {
                let values: Vec<u8> = (0..len)
                    .map(|_| {
                        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                        (seed >> 58) as u8
                    })
                    .collect();
                assert_eq!(longest_increasing(&values), brute_force(&values), "{values:?}");
            }
        }
        // A line of 254 tiles in goal order, the longest a board of 255 cells can hold.
        let sorted: Vec<u8> = (0..254).collect();
        assert_eq!(longest_increasing(&sorted), 254);
    }
}
