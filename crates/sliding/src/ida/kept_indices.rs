//! Table indices kept move by move: when one tile moves, each lookup that reads it changes its
//! index by a few terms instead of ranking its whole pattern again.
//!
//! A lookup's index is the mixed-radix rank of its tiles' table cells ([`crate::pdb`]): the
//! digit of slot `j` is its cell less the cells of the slots before it that lie below. When the
//! tile of slot `s` moves from table cell `c` to `c'`, only two kinds of digits change:
//! - its own, by `c' - c` less (or, moving down, plus) one for each earlier slot's tile lying
//!   strictly between the two cells;
//! - those of the later slots whose tiles lie strictly between the two cells, by one each.
//!
//! A move along a table row has no cell between its two cells, so the index changes by the
//! slot's weight; a move across rows looks at the pattern tiles between (usually none or one).
//! What a move of one cell changes besides the weights (the two cells as bits, the cells
//! between, how many cells it crosses and which way) depends only on the lookup, the cell and the
//! direction, so it is worked out once per heuristic ([`Step`]).
//!
//! Beside the index, a lookup keeps the table cells its tiles occupy, as bits: they find the tiles
//! between, and a split table's lookup ranks them (the *map*, [`crate::pdb::regions`]) where the
//! blank's region decides the entry.

use puzzle_core::Direction;

use crate::pdb::lookup::{Lookup, MAX_LOOKUPS};
use crate::pdb::{PatternDb, PdbHeuristic};

use super::state::State;

/// The widest pattern whose indices are kept.
const MAX_WIDTH: usize = 8;
/// The most cells a board may have for its indices to be kept.
pub(super) const MAX_CELLS: usize = 32;

/// A lookup's placement as the search keeps it: the table's index and the table cells the tiles
/// occupy (bits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Place {
    pub(crate) index: u32,
    pub(crate) occupied: u32,
}

/// What a lookup's place changes by when a tile moves one cell, the same for every tile.
#[derive(Clone, Copy, Debug, Default)]
struct Step {
    /// The tile's table cells before and after, as bits: flipped in the occupied cells.
    flip: u32,
    /// The table cells strictly between the two: the pattern's tiles there change the index.
    between: u32,
    /// The table cells the tile moves by, negative towards lower cells.
    hops: i32,
}

/// What stays fixed for a heuristic: per lookup, its cells, its tiles' slots and weights.
pub(crate) struct KeptPlan {
    /// `steps[l][cell][dir]`: lookup `l`'s [`Step`] when the blank moves `dir` onto state cell
    /// `cell` and the tile there moves into the blank's cell (default where the blank cannot
    /// come from that side).
    steps: [[[Step; 4]; MAX_CELLS]; MAX_LOOKUPS],
    /// `tile_weight[l][tile]`: what one step of `tile`'s digit adds to lookup `l`'s index (0
    /// for a tile the pattern lacks). This and `between` are added modulo 2^32 (negative
    /// values wrapped): an index is below 2^32, so the wrapping sums give it exactly, and the
    /// tables take half the cache of signed 64-bit ones.
    tile_weight: [[u32; MAX_CELLS]; MAX_LOOKUPS],
    /// `cell_map[l][state cell]`: lookup `l`'s table cell.
    cell_map: [[u8; MAX_CELLS]; MAX_LOOKUPS],
    /// `state_cell[l][table cell]`: the inverse.
    state_cell: [[u8; MAX_CELLS]; MAX_LOOKUPS],
    /// `slot[l][tile]`: one more than the slot of `tile` in lookup `l`'s pattern, 0 when the
    /// pattern lacks it.
    slot: [[u8; MAX_CELLS]; MAX_LOOKUPS],
    /// `between[l][s][o]`: what a tile of slot `o - 1` lying between the two cells of a move of
    /// slot `s` adds to the change of the index (in the direction of increasing cells): the later
    /// slot's weight, or minus slot `s`'s weight for an earlier slot; 0 for `o = 0` (no pattern
    /// tile there).
    between: [[[u32; MAX_WIDTH + 1]; MAX_WIDTH]; MAX_LOOKUPS],
    /// `sum_of[l]`: the sum whose part holds lookup `l`.
    sum_of: [u8; MAX_LOOKUPS],
    /// `mates[l]`: the lookups of the part that holds lookup `l` (itself twice for a part of
    /// one), whose larger excess the part takes.
    mates: [[u8; 2]; MAX_LOOKUPS],
    /// Whether some part has two lookups; without, a part's excess is its one lookup's, and a
    /// new excess changes its sum by the difference alone.
    paired: bool,
    /// How many sums the heuristic takes the largest of.
    sums: usize,
    /// How many lookups it has.
    lookups: usize,
    /// `stage_sums[k]`: the first and the end of partition `k`'s sums, for a catalogue read
    /// partition by partition ([`PdbHeuristic::stages`]).
    stage_sums: [(u8, u8); MAX_STAGES],
    stages: usize,
}

/// The most partitions of a catalogue whose indices are kept.
pub(crate) const MAX_STAGES: usize = 4;

/// The most sums a kept heuristic may have (one per symmetry of the grid).
pub(crate) const MAX_SUMS: usize = 8;

/// The running totals of a heuristic's sums, kept beside the lookups' excesses.
pub(crate) type Sums = [u32; MAX_SUMS];

impl KeptPlan {
    /// The plan for `heuristic` on a board of `cells` cells, or `None` when its patterns are
    /// too wide or the board too large for the fixed arrays.
    pub(crate) fn new(heuristic: &PdbHeuristic, cells: usize) -> Option<Box<KeptPlan>> {
        if cells > MAX_CELLS
            || !heuristic.fits(cells)
            || heuristic.lookups.iter().any(|l| l.tiles().len() > MAX_WIDTH || l.table.key().cells() != cells)
        {
            return None;
        }
        // Every lookup must sit in exactly one part of one sum, with at most one mate.
        let parts = heuristic.parts();
        let mut seen = [false; MAX_LOOKUPS];
        let mut sum_of = [0u8; MAX_LOOKUPS];
        let mut mates = [[0u8; 2]; MAX_LOOKUPS];
        if parts.len() > MAX_SUMS || heuristic.stages().len() > MAX_STAGES {
            return None;
        }
        let mut stage_sums = [(0u8, 0u8); MAX_STAGES];
        let mut first = 0;
        for (k, &(_, end)) in heuristic.stages().iter().enumerate() {
            stage_sums[k] = (first as u8, end as u8);
            first = end;
        }
        for (s, sum) in parts.iter().enumerate() {
            for members in sum {
                if !(1..=2).contains(&members.len()) {
                    return None;
                }
                let pair = [members[0] as u8, members[members.len() - 1] as u8];
                for &l in members {
                    if std::mem::replace(&mut seen[l], true) {
                        return None;
                    }
                    sum_of[l] = s as u8;
                    mates[l] = pair;
                }
            }
        }
        let mut plan = Box::new(KeptPlan {
            steps: [[[Step::default(); 4]; MAX_CELLS]; MAX_LOOKUPS],
            tile_weight: [[0; MAX_CELLS]; MAX_LOOKUPS],
            cell_map: [[0; MAX_CELLS]; MAX_LOOKUPS],
            state_cell: [[0; MAX_CELLS]; MAX_LOOKUPS],
            slot: [[0; MAX_CELLS]; MAX_LOOKUPS],
            between: [[[0; MAX_WIDTH + 1]; MAX_WIDTH]; MAX_LOOKUPS],
            sum_of,
            mates,
            paired: mates.iter().any(|[a, b]| a != b),
            sums: parts.len(),
            lookups: heuristic.lookups.len(),
            stage_sums,
            stages: heuristic.stages().len(),
        });
        for (l, lookup) in heuristic.lookups.iter().enumerate() {
            plan.cell_map[l][..cells].copy_from_slice(&lookup.cell_map()[..cells]);
            for state_cell in 0..cells {
                plan.state_cell[l][usize::from(lookup.cell_map()[state_cell])] = state_cell as u8;
            }
            for (s, &tile) in lookup.tiles().iter().enumerate() {
                plan.slot[l][usize::from(tile)] = s as u8 + 1;
                plan.tile_weight[l][usize::from(tile)] = lookup.weights()[s];
            }
            let (rows, cols) = (lookup.table.key().rows(), lookup.table.key().cols());
            for cell in 0..cells {
                for dir in Direction::ALL {
                    // The blank came onto `cell` moving `dir`: it was one cell the other way.
                    let (dr, dc) = dir.opposite().delta();
                    let (r, c) = ((cell / cols) as isize + dr, (cell % cols) as isize + dc);
                    if !(0..rows as isize).contains(&r) || !(0..cols as isize).contains(&c) {
                        continue;
                    }
                    let to = r as usize * cols + c as usize;
                    let (from, to) = (lookup.cell_map()[cell], lookup.cell_map()[to]);
                    let (lo, hi) = (u32::from(from.min(to)), u32::from(from.max(to)));
                    plan.steps[l][cell][dir.index()] = Step {
                        flip: 1 << lo | 1 << hi,
                        between: ((1u32 << hi) - 1) & !((2u32 << lo) - 1),
                        hops: i32::from(to) - i32::from(from),
                    };
                }
            }
            let weights = lookup.weights();
            for (s, &w) in weights.iter().enumerate() {
                for (j, &wj) in weights.iter().enumerate() {
                    plan.between[l][s][j + 1] = if j > s { wj } else { w.wrapping_neg() };
                }
            }
        }
        Some(plan)
    }

    /// Lookup `l`'s [`Place`] after its tile `tile` moved from state cell `from` into the
    /// blank's cell, the blank having moved `dir` onto `from`, from the one before; `board` is
    /// the board before or after the move (the cells between the two are the same).
    #[inline(always)]
    pub(crate) fn moved(&self, l: usize, place: Place, board: &[u8; 256], tile: u8, from: u8, dir: Direction) -> Place {
        let l = l & (MAX_LOOKUPS - 1);
        let step = self.steps[l][usize::from(from) & (MAX_CELLS - 1)][dir.index() & 3];
        let mut delta = (step.hops as u32).wrapping_mul(self.tile_weight[l][usize::from(tile) & (MAX_CELLS - 1)]);
        // The pattern's tiles strictly between the two cells: usually none or one.
        let mut crossed = place.occupied & step.between;
        if crossed != 0 {
            let slot = &self.slot[l];
            let s = usize::from(slot[usize::from(tile) & (MAX_CELLS - 1)]).wrapping_sub(1) & (MAX_WIDTH - 1);
            let between = &self.between[l][s];
            let mut passed = 0u32;
            while crossed != 0 {
                let x = crossed.trailing_zeros() as usize;
                crossed &= crossed - 1;
                let occupant = board[usize::from(self.state_cell[l][x & (MAX_CELLS - 1)])];
                passed = passed.wrapping_add(between[usize::from(slot[usize::from(occupant) & (MAX_CELLS - 1)])]);
            }
            delta = delta.wrapping_add(if step.hops > 0 { passed } else { passed.wrapping_neg() });
        }
        Place { index: place.index.wrapping_add(delta), occupied: place.occupied ^ step.flip }
    }

    /// Lookup `l`'s [`Place`] for `state`, from scratch.
    pub(crate) fn place(&self, l: usize, lookup: &Lookup, state: &State) -> Place {
        let cell = |tile: &u8| self.cell_map[l][usize::from(state.pos[usize::from(*tile)]) & (MAX_CELLS - 1)];
        let occupied = lookup.tiles().iter().fold(0u32, |bits, tile| bits | 1 << cell(tile));
        Place { index: lookup.index(&state.pos) as u32, occupied }
    }

    /// Lookup `l`'s table cell for the state cell `cell`.
    #[inline(always)]
    pub(crate) fn table_cell(&self, l: usize, cell: u8) -> u8 {
        self.cell_map[l][usize::from(cell) & (MAX_CELLS - 1)]
    }

    /// Lookup `l`'s excess in its `table` with its tiles at `place` and the blank at state cell
    /// `blank`.
    #[inline(always)]
    pub(crate) fn excess(&self, l: usize, table: &PatternDb, place: Place, blank: u8) -> u8 {
        let index = place.index as usize;
        table.pick(table.nibbles()[table.byte_of(index)], index, place.occupied, self.table_cell(l, blank))
    }

    /// The totals of the sums for the lookups' `excess`.
    pub(crate) fn sums(&self, excess: &[u8; MAX_LOOKUPS]) -> Sums {
        let mut sums = [0; MAX_SUMS];
        for l in 0..self.lookups {
            let [a, b] = self.mates[l];
            // Each part once: from its first member.
            if usize::from(a) == l {
                sums[usize::from(self.sum_of[l])] += u32::from(excess[l].max(excess[usize::from(b)]));
            }
        }
        sums
    }

    /// Sets lookup `l`'s excess to `value`, and its sum's total with it.
    #[inline]
    pub(crate) fn set(&self, l: usize, value: u8, excess: &mut [u8; MAX_LOOKUPS], sums: &mut Sums) {
        let l = l & (MAX_LOOKUPS - 1);
        let total = &mut sums[usize::from(self.sum_of[l]) & (MAX_SUMS - 1)];
        if !self.paired {
            *total = total.wrapping_add(u32::from(value)).wrapping_sub(u32::from(excess[l]));
            excess[l] = value;
            return;
        }
        let [a, b] = self.mates[l];
        let (a, b) = (usize::from(a) & (MAX_LOOKUPS - 1), usize::from(b) & (MAX_LOOKUPS - 1));
        let before = excess[a].max(excess[b]);
        excess[l] = value;
        let after = excess[a].max(excess[b]);
        *total = total.wrapping_add(u32::from(after)).wrapping_sub(u32::from(before));
    }

    /// The largest of the sums: the excess over Manhattan, in pairs of moves.
    #[inline]
    pub(crate) fn largest(&self, sums: &Sums) -> u32 {
        match self.sums {
            1 => sums[0],
            2 => sums[0].max(sums[1]),
            n => sums[..n].iter().copied().max().unwrap_or(0),
        }
    }

    /// The sum whose part holds lookup `l`.
    #[inline(always)]
    pub(crate) fn sum_of(&self, l: usize) -> u8 {
        self.sum_of[l & (MAX_LOOKUPS - 1)]
    }

    /// Whether some part has two lookups (whose larger excess it takes).
    pub(crate) fn paired(&self) -> bool {
        self.paired
    }

    /// How many partitions the heuristic reads one after the other (1 unless a catalogue).
    pub(crate) fn stages(&self) -> usize {
        self.stages
    }

    /// The largest of partition `stage`'s sums: its excess over Manhattan, in pairs of moves.
    #[inline(always)]
    pub(crate) fn largest_in(&self, sums: &Sums, stage: usize) -> u32 {
        let (first, end) = self.stage_sums[stage & (MAX_STAGES - 1)];
        let (first, end) = (usize::from(first) & (MAX_SUMS - 1), usize::from(end));
        match end.wrapping_sub(first) {
            1 => sums[first],
            2 => sums[first].max(sums[(first + 1) & (MAX_SUMS - 1)]),
            _ => sums[first..end.min(MAX_SUMS)].iter().copied().max().unwrap_or(0),
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::sync::Arc;

    use puzzle_core::{Shape, SplitMix64};

    use super::super::{slide_to, Estimate, Geometry, Pdb, State};
    use crate::pdb::{PartSpec, PatternDb, PatternKey, PdbHeuristic};

    /// The board `steps` random moves (possibly undoing each other) from the goal of `n` cells.
    pub(in crate::ida) fn random_walk(geometry: &Geometry, n: usize, steps: usize, rng: &mut SplitMix64) -> State {
        let mut state = State::new(&(0..n as u8).collect::<Vec<_>>(), 0);
        for _ in 0..steps {
            let blank = usize::from(state.blank);
            let moves = &geometry.legal[blank][..usize::from(geometry.legal_len[blank])];
            slide_to(&mut state, moves[rng.below(moves.len())].1);
        }
        state
    }

    /// The heuristic of `parts` (tables built here, small) on a `rows`×`cols` board, blank at 0:
    /// the last part's table plain, the others split, so that a search reads both forms.
    pub(in crate::ida) fn heuristic(rows: usize, cols: usize, parts: &[&[usize]]) -> Arc<PdbHeuristic> {
        let identity: Vec<u8> = (0..(rows * cols) as u8).collect();
        let specs: Vec<PartSpec> = parts
            .iter()
            .map(|tiles| PartSpec { key: PatternKey::new(rows, cols, 0, tiles).unwrap(), through: identity.clone() })
            .collect();
        let mut tables: Vec<PatternDb> = specs.iter().map(|p| PatternDb::build(&p.key, &|_| {}).unwrap()).collect();
        assert!(tables.iter().all(PatternDb::is_split), "{rows}x{cols}: small tables are split");
        if let Some(last) = tables.last_mut() {
            *last = last.plain();
        }
        let tables: Vec<Arc<PatternDb>> = tables.into_iter().map(Arc::new).collect();
        Arc::new(PdbHeuristic::with_partition(Shape::new(rows, cols).unwrap(), 0, &specs, &tables).unwrap())
    }

    /// The catalogue of `partitions` (tables built here, small, each partition's last one plain
    /// as in [`heuristic`]) on a `rows`×`cols` board, blank at 0.
    pub(in crate::ida) fn catalogue(rows: usize, cols: usize, partitions: &[&[&[usize]]]) -> Arc<PdbHeuristic> {
        let identity: Vec<u8> = (0..(rows * cols) as u8).collect();
        let mut all_specs = Vec::new();
        let mut tables = Vec::new();
        for parts in partitions {
            let specs: Vec<PartSpec> = parts
                .iter()
                .map(|tiles| PartSpec {
                    key: PatternKey::new(rows, cols, 0, tiles).unwrap(),
                    through: identity.clone(),
                })
                .collect();
            for (i, spec) in specs.iter().enumerate() {
                let table = PatternDb::build(&spec.key, &|_| {}).unwrap();
                tables.push(Arc::new(if i + 1 == specs.len() { table.plain() } else { table }));
            }
            all_specs.push(specs);
        }
        let shape = Shape::new(rows, cols).unwrap();
        Arc::new(PdbHeuristic::with_catalogue(shape, 0, &all_specs, &tables).unwrap())
    }

    /// On random walks that go forward and back, every kept index is the lookup's rank of the
    /// board as it stands, and the estimate is the one computed from scratch.
    #[test]
    fn kept_indices_are_the_ranks_of_the_board() {
        let cases: [(usize, usize, &[&[usize]]); 6] = [
            (3, 3, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]),
            // Both parts are their own reflections: one sum, each part the larger of two lookups.
            (3, 3, &[&[1, 3, 4], &[2, 5, 6, 7, 8]]),
            (2, 4, &[&[1, 2, 3], &[4, 5, 6, 7]]),
            (3, 4, &[&[1, 2, 4, 5, 8], &[3, 6, 7], &[9, 10, 11]]),
            (4, 4, &[&[1, 4, 5, 8], &[2, 3, 6, 7], &[9, 12, 13], &[10, 11, 14, 15]]),
            (
                5,
                5,
                &[
                    &[1, 2, 5],
                    &[3, 4, 8, 9],
                    &[6, 7, 10, 11],
                    &[12, 13, 14],
                    &[15, 16, 17, 20, 21],
                    &[18, 19, 22, 23, 24],
                ],
            ),
        ];
        let mut rng = SplitMix64::new(24);
        let mut paired = 0;
        for (rows, cols, parts) in cases {
            let n = rows * cols;
            let heuristic = heuristic(rows, cols, parts);
            let geometry = Geometry::new(rows, cols);
            let goal: Vec<u8> = (0..n as u8).collect();
            let mut state = State::new(&goal, 0);
            let mut estimate = Pdb::new(0, Arc::clone(&heuristic), n);
            let plan = Arc::clone(estimate.kept.as_ref().expect("the indices are kept"));
            paired += plan.mates.iter().filter(|[a, b]| a != b).count();
            estimate.reset(&geometry, &state);
            // The moves made and what each update saved, to go back along them.
            let mut trail = Vec::new();
            for step in 0..3000 {
                if !trail.is_empty() && rng.below(10) < 3 {
                    let (saved, back_to) = trail.pop().unwrap();
                    estimate.restore(saved);
                    slide_to(&mut state, back_to);
                } else {
                    let blank = usize::from(state.blank);
                    let moves = &geometry.legal[blank][..usize::from(geometry.legal_len[blank])];
                    let (_, target) = moves[rng.below(moves.len())];
                    let (tile, from, to) = slide_to(&mut state, target);
                    let (h, saved) = estimate.update(&geometry, &state, tile, from, to);
                    let fresh = Pdb::new(0, Arc::clone(&heuristic), n).reset(&geometry, &state);
                    assert_eq!(h, fresh, "{rows}x{cols} step {step}: the estimate");
                    trail.push((saved, blank as u8));
                }
                for (l, lookup) in heuristic.lookups.iter().enumerate() {
                    assert_eq!(estimate.place[l].index as usize, lookup.index(&state.pos), "{rows}x{cols} step {step}");
                    assert_eq!(estimate.place[l], plan.place(l, lookup, &state), "{rows}x{cols} step {step}");
                }
            }
        }
        assert!(paired > 0, "a part of two lookups was walked");
    }
}
