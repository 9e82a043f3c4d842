//! The colour engine under any scan order ([`Order`]): per cell, candidate lists keyed by the
//! colours of up to two sides whose neighbours are already placed when the order reaches the
//! cell; further placed neighbours are checked explicitly, the frame rules and clues are built
//! into each cell's lists.
//!
//! A node is a placement, as in [`super::Engine`]; [`Mode::Pictures`] skips a candidate showing
//! the same four sides as an earlier candidate of its list whose piece is still free, so each
//! picture is found once. Counts do not depend on the order; the tree's size does.

use super::mode::Mode;
use super::order::Order;
use super::pin::Pin;
use super::symmetry::Corner;
use crate::model::{Placement, Puzzle, EAST, FRAME, NORTH, SOUTH, WEST};
use search::Limits;

/// A candidate: a piece, its turn and the four sides it then shows; a side facing a neighbour
/// placed later in the order holds its partner instead ([`Puzzle::partner`]), the code that
/// neighbour must show.
#[derive(Clone, Copy, Debug)]
pub(super) struct Candidate {
    pub(super) piece: u16,
    pub(super) rotation: u8,
    pub(super) sides: [u16; 4],
}

/// No earlier twin.
const NO_TWIN: u32 = u32::MAX;

/// What a cell needs, by its place in the order.
#[derive(Clone, Debug, Default)]
pub(super) struct CellPlan {
    /// The cell's table: its lists start here in `ranges`.
    pub(super) table: usize,
    /// Up to two keyed sides: (neighbour cell, the neighbour's side facing this cell, the
    /// table's stride for that key).
    pub(super) keyed: Vec<(usize, usize, usize)>,
    /// Further placed neighbours: (neighbour cell, its side facing this cell, this cell's side).
    pub(super) checked: Vec<(usize, usize, usize)>,
}

/// A puzzle prepared for searching in a given order.
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::testing::{OrderedEngine, Search};
/// use edge_match::{Limits, Mode, Order};
///
/// // A spiral visits the cells in another order; the count does not change.
/// let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
/// let engine = OrderedEngine::new(&puzzle, &[], Order::Spiral);
/// assert_eq!(engine.order(), Order::Spiral);
/// assert_eq!(engine.count(Mode::Pictures, &Limits::NONE).solutions, 4);
/// ```
#[derive(Clone, Debug)]
pub struct OrderedEngine {
    pub(super) puzzle: Puzzle,
    /// The corner piece a count of pictures pins (`symmetry.rs`), if any.
    pub(super) corner: Option<Corner>,
    pub(super) order: Order,
    pub(super) cells: Vec<usize>,
    pub(super) plans: Vec<CellPlan>,
    pub(super) candidates: Vec<Candidate>,
    pub(super) twins: Vec<u32>,
    pub(super) ranges: Vec<(u32, u32)>,
    pieces: usize,
    pub(super) cols: usize,
    rows: usize,
    /// Keys of the lists' slots: the colours (at least one).
    keys: usize,
    pub(super) clued: bool,
}

/// The neighbour of `cell` across `side`, if inside the board.
fn neighbour(cell: usize, side: usize, rows: usize, cols: usize) -> Option<usize> {
    let (r, c) = (cell / cols, cell % cols);
    match side {
        NORTH if r > 0 => Some(cell - cols),
        SOUTH if r + 1 < rows => Some(cell + cols),
        WEST if c > 0 => Some(cell - 1),
        EAST if c + 1 < cols => Some(cell + 1),
        _ => None,
    }
}

impl OrderedEngine {
    // Public only to tests (`test-support`); the crate's own way in is `planned`.
    #[cfg_attr(not(any(test, feature = "test-support")), allow(dead_code))]
    /// Prepares `puzzle` for searching in `order`, with `clues[cell]` fixing a piece and turn on
    /// some cells (an empty slice for none). Its counts search the whole tree; a
    /// [`crate::Plan`] for a count pins a corner piece instead, where the board's turns allow.
    pub fn new(puzzle: &Puzzle, clues: &[Option<Placement>], order: Order) -> OrderedEngine {
        OrderedEngine::planned(puzzle, clues, order, None)
    }

    /// The engine of a plan: `order`, and `corner` pinned by counts of pictures.
    pub(crate) fn planned(
        puzzle: &Puzzle,
        clues: &[Option<Placement>],
        order: Order,
        corner: Option<Corner>,
    ) -> OrderedEngine {
        let mut engine = OrderedEngine::build(puzzle, clues, order, |_, _| true);
        engine.corner = corner;
        engine
    }

    /// [`OrderedEngine::new`], with `keep(cell, piece)` deciding whether a piece may go on a cell.
    pub(super) fn build(
        puzzle: &Puzzle,
        clues: &[Option<Placement>],
        order: Order,
        keep: impl Fn(usize, usize) -> bool,
    ) -> OrderedEngine {
        let Some(engine) = OrderedEngine::build_within(puzzle, clues, order, keep, &Limits::NONE) else {
            unreachable!("no limits stop the building")
        };
        engine
    }

    /// [`OrderedEngine::build`], looking at `limits` before each cell's lists (a board of 1,024
    /// pieces and few colours has four million candidates): `None` when they stop it.
    pub(super) fn build_within(
        puzzle: &Puzzle,
        clues: &[Option<Placement>],
        order: Order,
        keep: impl Fn(usize, usize) -> bool,
        limits: &Limits<'_>,
    ) -> Option<OrderedEngine> {
        super::builds::tally(super::builds::Work::TableBuild);
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let keys = puzzle.n_colours().max(1);
        let cells = order.cells(rows, cols);
        let framed = puzzle.framed();
        let mut reserved = vec![false; puzzle.pieces().len()];
        for clue in clues.iter().flatten() {
            reserved[clue.piece] = true;
        }
        let rotations: &[u8] = if puzzle.rotate() { &[0, 1, 2, 3] } else { &[0] };
        let mut placed_before = vec![false; rows * cols];
        let mut by_sides: Vec<([u16; 4], u32)> = Vec::new();
        let (mut plans, mut candidates, mut twins, mut ranges) =
            (vec![CellPlan::default(); rows * cols], Vec::<Candidate>::new(), Vec::new(), Vec::new());
        for &cell in &cells {
            if limits.stopped() {
                return None;
            }
            let mut plan = CellPlan { table: ranges.len(), ..CellPlan::default() };
            let mut stride = 1;
            for side in [NORTH, WEST, EAST, SOUTH] {
                if let Some(other) = neighbour(cell, side, rows, cols).filter(|&n| placed_before[n]) {
                    let facing = (side + 2) % 4;
                    if plan.keyed.len() < 2 {
                        plan.keyed.push((other, facing, stride));
                        stride *= keys;
                    } else {
                        plan.checked.push((other, facing, side));
                    }
                }
            }
            placed_before[cell] = true;
            // Every candidate that may go here, by table slot, in piece then turn order.
            let mut here: Vec<(usize, Candidate)> = Vec::new();
            let clue = clues.get(cell).copied().flatten();
            for (piece, &is_reserved) in reserved.iter().enumerate() {
                let allowed = match clue {
                    Some(clue) => clue.piece == piece,
                    None => !is_reserved,
                };
                if !allowed || !keep(cell, piece) {
                    continue;
                }
                // A clue is taken in its own turn, whether or not pieces may turn.
                let clue_turn = clue.map(|clue| [clue.turns()]);
                for &rotation in clue_turn.as_ref().map_or(rotations, |turn| &turn[..]) {
                    let sides = puzzle.oriented(piece, rotation);
                    let frame_ok = !framed
                        || (0..4).all(|side| (sides[side] == FRAME) == neighbour(cell, side, rows, cols).is_none());
                    if !frame_ok {
                        continue;
                    }
                    // Towards a neighbour placed later, the side carries its partner, what that
                    // neighbour must show: every comparison below is then an equality.
                    let sides: [u16; 4] = std::array::from_fn(|side| match neighbour(cell, side, rows, cols) {
                        Some(other) if !placed_before[other] => puzzle.partner(sides[side]),
                        _ => sides[side],
                    });
                    let slot: usize = plan
                        .keyed
                        .iter()
                        .map(|&(_, facing, stride)| usize::from(sides[(facing + 2) % 4]) * stride)
                        .sum();
                    here.push((slot, Candidate { piece: piece as u16, rotation, sides }));
                }
            }
            here.sort_by_key(|&(slot, _)| slot);
            let table_size = stride;
            let mut next = 0;
            for slot in 0..table_size {
                let start = candidates.len();
                while next < here.len() && here[next].0 == slot {
                    candidates.push(here[next].1);
                    twins.push(NO_TWIN);
                    next += 1;
                }
                // Each candidate's twin is the last earlier one of its list showing the same
                // four sides: found by sorting the list's sides (a list of few colours holds
                // hundreds of candidates, too many to look back through from each).
                by_sides.clear();
                by_sides.extend((start..candidates.len()).map(|i| (candidates[i].sides, i as u32)));
                by_sides.sort_unstable();
                for pair in by_sides.windows(2) {
                    if pair[0].0 == pair[1].0 {
                        twins[pair[1].1 as usize] = pair[0].1;
                    }
                }
                ranges.push((start as u32, candidates.len() as u32));
            }
            plans[cell] = plan;
        }
        Some(OrderedEngine {
            puzzle: puzzle.clone(),
            corner: None,
            order,
            cells,
            plans,
            candidates,
            twins,
            ranges,
            pieces: puzzle.pieces().len(),
            cols,
            rows,
            keys,
            clued: clues.iter().any(Option::is_some),
        })
    }

    /// The searches a count in `mode` reduces to through the board's turns (in
    /// [`Mode::Pictures`], with the engine's corner piece: that piece fixed top-left, and on an
    /// oblong board top-right too), with the number of turns; `None` when the count searches
    /// this whole tree.
    pub(super) fn turned_searches(&self, mode: Mode) -> Option<(Vec<OrderedEngine>, u64)> {
        let Corner { piece, turns } = self.corner.filter(|_| mode == Mode::Pictures && !self.clued)?;
        let Some(engines) = OrderedEngine::pinned_within(&self.puzzle, self.order, piece, &Limits::NONE) else {
            unreachable!("no limits stop the building")
        };
        Some((engines, turns))
    }

    /// The searches of a count of `puzzle`'s pictures in `order` through the board's turns with
    /// `corner` pinned ([`OrderedEngine::turned_searches`]): that piece fixed top-left, and on
    /// an oblong board top-right too. `None` when `limits` stop the building.
    pub(super) fn pinned_within(
        puzzle: &Puzzle,
        order: Order,
        corner: usize,
        limits: &Limits<'_>,
    ) -> Option<Vec<OrderedEngine>> {
        let pins = Pin::searches(corner, puzzle.rows(), puzzle.cols());
        let build =
            |pin: Pin| OrderedEngine::build_within(puzzle, &[], order, |cell, piece| pin.allows(cell, piece), limits);
        pins.into_iter().map(build).collect()
    }

    /// The candidates that fit cell `depth` of the order given the placements in `at_cell`,
    /// free in `used`, allowed there by `pin`, and (in [`Mode::Pictures`]) without a free
    /// earlier twin: calls `found` with each candidate's index. With a pin, the candidates of
    /// the engine built with it ([`OrderedEngine::pinned_within`]), in the same order.
    pub(super) fn children(
        &self,
        depth: usize,
        at_cell: &[u32],
        used: &[u64],
        mode: Mode,
        pin: Pin,
        mut found: impl FnMut(u32),
    ) {
        let (start, end) = self.range(depth, at_cell);
        let cell = self.cells[depth];
        let plan = &self.plans[cell];
        for index in start..end {
            if pin.allows(cell, self.piece_of(index)) && self.fits(index, plan, at_cell, used, mode) {
                found(index);
            }
        }
    }

    /// The candidate slice for cell `depth` of the order.
    #[inline(always)]
    pub(super) fn range(&self, depth: usize, at_cell: &[u32]) -> (u32, u32) {
        let plan = &self.plans[self.cells[depth]];
        let mut slot = plan.table;
        for &(other, facing, stride) in &plan.keyed {
            slot += usize::from(self.candidates[at_cell[other] as usize].sides[facing]) * stride;
        }
        self.ranges[slot]
    }

    /// Whether candidate `index` may be placed: free, matching the checked neighbours, and in
    /// [`Mode::Pictures`] without a free earlier twin.
    #[inline(always)]
    pub(super) fn fits(&self, index: u32, plan: &CellPlan, at_cell: &[u32], used: &[u64], mode: Mode) -> bool {
        let c = self.candidates[index as usize];
        let is_used = |piece: u16| used[usize::from(piece >> 6)] >> (piece & 63) & 1 != 0;
        if is_used(c.piece) {
            return false;
        }
        for &(other, facing, side) in &plan.checked {
            if self.candidates[at_cell[other] as usize].sides[facing] != c.sides[side] {
                return false;
            }
        }
        if mode == Mode::Pictures {
            let mut twin = self.twins[index as usize];
            while twin != NO_TWIN {
                if !is_used(self.candidates[twin as usize].piece) {
                    return false;
                }
                twin = self.twins[twin as usize];
            }
        }
        true
    }

    /// Whether some free piece other than `skip`, allowed at `cell` by `pin`, has a candidate
    /// there that fits its keyed neighbours among those `placed` (any colour on the unplaced
    /// ones): the look-ahead of the tight loop ([`super::Engine`]), which the estimator copies.
    pub(super) fn any_fit(
        &self,
        cell: usize,
        at_cell: &[u32],
        placed: &[bool],
        used: &[u64],
        skip: usize,
        pin: Pin,
    ) -> bool {
        let plan = &self.plans[cell];
        // The slot of the placed keys, and the strides of the (at most two) keys still open,
        // which take every colour: no list of slots is built, since the estimator asks twice
        // per candidate it looks at.
        let (mut base, mut open, mut n_open) = (plan.table, [0usize; 2], 0);
        for &(other, facing, stride) in &plan.keyed {
            if placed[other] {
                base += usize::from(self.candidates[at_cell[other] as usize].sides[facing]) * stride;
            } else {
                open[n_open] = stride;
                n_open += 1;
            }
        }
        let span = |k: usize| if k < n_open { self.keys } else { 1 };
        let free_in = |slot: usize| {
            let (start, end) = self.ranges[slot];
            (start..end).any(|index| {
                let piece = usize::from(self.candidates[index as usize].piece);
                piece != skip && used[piece / 64] >> (piece % 64) & 1 == 0 && pin.allows(cell, piece)
            })
        };
        (0..span(0)).any(|a| (0..span(1)).any(|b| free_in(base + a * open[0] + b * open[1])))
    }

    /// The rows and columns of the board.
    pub(super) fn shape(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// The number of cells.
    pub(super) fn n_cells(&self) -> usize {
        self.cells.len()
    }

    /// The cell filled at `depth`.
    pub(super) fn cell_at(&self, depth: usize) -> usize {
        self.cells[depth]
    }

    /// The piece of candidate `index`.
    pub(super) fn piece_of(&self, index: u32) -> usize {
        usize::from(self.candidates[index as usize].piece)
    }

    /// Words of a used set.
    pub(super) fn words(&self) -> usize {
        self.pieces.div_ceil(64).max(1)
    }
}
