//! The row engine ([`Engine`]): the type, its constructors and the candidate it lists. The
//! tables are built in `tables.rs`, walked in `walk.rs` (the tight loop in `count_loop.rs`), and
//! searched in `row_search.rs`; this file names none of them, so they may all name it.

use super::order::{north_west_links, Order};
use super::symmetry::Corner;
use crate::model::{Placement, Puzzle};

/// A puzzle prepared for searching in an order that fills every cell after its north and west
/// neighbours, with the tight counting loop.
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::testing::{Engine, Search};
/// use edge_match::{Limits, Mode, Order, Placement};
///
/// // One row of two unturnable pieces whose only solution is piece 0, then piece 1.
/// let options = ParseOptions { size: Some((1, 2)), rotate: false };
/// let puzzle = parse_puzzle("B+ C+ D+ A+\nE+ A- F+ G+\n", &options).unwrap();
/// let engine = Engine::new(&puzzle, &[]);
/// assert_eq!(engine.first(&Limits::NONE).board, Some(vec![Placement::new(0, 0), Placement::new(1, 0)]));
/// // On a 2x2 board a spiral fills the bottom-right cell before its west neighbour, so the
/// // tight loop cannot run it.
/// let square = parse_puzzle(&"A+ A+ A+ A+\n".repeat(4), &ParseOptions::default()).unwrap();
/// assert!(Engine::in_order(&square, &[], Order::Spiral).is_none());
/// assert!(Engine::in_order(&square, &[], Order::Column).is_some());
/// ```
#[derive(Clone, Debug)]
pub struct Engine {
    pub(super) puzzle: Puzzle,
    /// The corner piece a count of pictures pins (`symmetry.rs`), if any.
    pub(super) corner: Option<Corner>,
    pub(super) cells: usize,
    pub(super) cols: usize,
    /// Colours plus one: the key for "any colour" on an unframed border.
    pub(super) keys: usize,
    pub(super) candidates: Vec<Candidate>,
    /// For each candidate, the index of the previous candidate of its list with the same four
    /// sides, or [`NO_TWIN`].
    pub(super) twins: Vec<u32>,
    /// `ranges[(class * keys + north) * keys + west]`: the candidates' slice.
    pub(super) ranges: Vec<(u32, u32)>,
    /// The words of the fast loop's used set: 1, 2, 4, 8 or 16 (pieces up to 64 times that).
    pub(super) words: usize,
    /// For the fast loop (else empty), every set of pieces `words` words long: per list, the
    /// pieces it holds (`piece_masks[list * words..]`); per list and word, the piece's first
    /// candidate in the list and the index of its next turn there (or `u32::MAX`) in
    /// `slots[blocks[list * words + word] + rank]`, packed (`rank`: the pieces of that word of
    /// the list below this one, see `dense_slots` in `tables.rs`); `slot_twins` (per slot, `words`
    /// words each) the pieces with an earlier candidate of the same four sides in the list;
    /// `twin_masks` the same as `slot_twins` per candidate, for the later turns.
    pub(super) piece_masks: Vec<u64>,
    pub(super) blocks: Vec<u32>,
    pub(super) slots: Vec<(Candidate, u32)>,
    pub(super) slot_twins: Vec<u64>,
    pub(super) twin_masks: Vec<u64>,
    /// For the fast loop: `north_masks[((class * keys + north) * 2 + west_border) * words..]`,
    /// the pieces that fit a cell of that class below a south side `north` whatever its west
    /// neighbour shows (`west_border`: the cell is in the first column of a framed board).
    pub(super) north_masks: Vec<u64>,
    /// Per candidate: the index of the same piece's next turn in its list, or `u32::MAX`.
    pub(super) next_turn: Vec<u32>,
    /// Per cell: its frame class, or the range of its single fixed candidate.
    pub(super) class: Vec<u8>,
    pub(super) fixed: Vec<Option<(u32, u32)>>,
    /// Per cell: the table of lists the fast loop reads for it: its frame class, or for a fixed
    /// cell a table of its own (lists keyed by north and west, holding the clue where it fits).
    pub(super) table: Vec<u32>,
    /// Key for a side facing the outside: the frame colour, or "any".
    pub(super) border_key: u32,
    /// In [`Mode::Pictures`], whether the tight loop looks at the cell below before placing:
    /// on, but for puzzles read from the marks format, whose placements stay those of the
    /// seed's search (the count is the same either way).
    pub(super) look_below: bool,
    /// The scan order: row-major unless built for another ([`Engine::in_order`]).
    pub(super) order: Order,
    /// Per depth: the cell filled there, and the depths of its north and west neighbours
    /// (`NO_NEIGHBOUR`, `order.rs`, on the border); both come before it in every order the engine takes.
    pub(super) cell_at: Vec<u32>,
    pub(super) north_at: Vec<u32>,
    pub(super) west_at: Vec<u32>,
    /// The searches of the corner split (`row_search.rs`), derived from this engine's tables
    /// the first time a count asks and kept, so that the plan's join and its count share them. Set only for this engine's
    /// corner and order: whatever changes those starts from an empty one.
    pub(super) split: std::sync::OnceLock<Option<Vec<Engine>>>,
}

impl Engine {
    // Public only to tests (`test-support`); the crate's own way in is `planned`.
    #[cfg_attr(not(any(test, feature = "test-support")), allow(dead_code))]
    /// Prepares `puzzle` in row order, with `clues[cell]` fixing a piece and rotation on some
    /// cells (an empty slice for none). A clue that cannot fit its cell leaves the puzzle without
    /// solutions. Its counts search the whole tree; a [`crate::Plan`] for a count pins a
    /// corner piece instead, where the board's turns allow (docs/algorithms.md).
    pub fn new(puzzle: &Puzzle, clues: &[Option<Placement>]) -> Engine {
        Engine::planned(puzzle, clues, Order::Row, None, 1).expect("row order")
    }

    // Public only to tests (`test-support`); the crate's own way in is `planned`.
    #[cfg_attr(not(any(test, feature = "test-support")), allow(dead_code))]
    /// [`Engine::new`] in `order`, if that order fills every cell after its north and west
    /// neighbours ([`Order::north_west_first`]: row, column, diagonal, snake); else `None`.
    pub fn in_order(puzzle: &Puzzle, clues: &[Option<Placement>], order: Order) -> Option<Engine> {
        Engine::planned(puzzle, clues, order, None, 1)
    }

    // Public only to tests (`test-support`); the crate's own way in is `planned`.
    #[cfg_attr(not(any(test, feature = "test-support")), allow(dead_code))]
    /// [`Engine::in_order`] with a used set of at least `words` 64-bit words in the fast loop
    /// (rounded up to 1, 2, 4, 8 or 16), so that tests can run the multi-word loop on small
    /// boards. The answers are those of [`Engine::in_order`].
    pub fn with_words(puzzle: &Puzzle, clues: &[Option<Placement>], order: Order, words: usize) -> Option<Engine> {
        Engine::planned(puzzle, clues, order, None, words)
    }

    /// The engine of a plan: `order`, and `corner` pinned by counts of pictures.
    pub(crate) fn planned(
        puzzle: &Puzzle,
        clues: &[Option<Placement>],
        order: Order,
        corner: Option<Corner>,
        words: usize,
    ) -> Option<Engine> {
        let (cell_at, north_at, west_at) = north_west_links(order, puzzle.rows(), puzzle.cols())?;
        let mut engine = Engine::build(puzzle, clues, |_, _| true, words);
        (engine.order, engine.cell_at, engine.north_at, engine.west_at) = (order, cell_at, north_at, west_at);
        engine.corner = corner;
        Some(engine)
    }

    /// Whether the row engine runs `order` on `puzzle`'s board: whether the order fills every
    /// cell after its north and west neighbours there ([`Engine::in_order`]).
    pub(crate) fn runs(puzzle: &Puzzle, order: Order) -> bool {
        north_west_links(order, puzzle.rows(), puzzle.cols()).is_some()
    }

    /// The engine of a plan in `order` with `corner` on this engine's tables (those of
    /// [`Engine::planned`] in any order and with any corner), linked for it: nothing is built,
    /// and its corner split starts empty. `None` where the order is not one the row engine runs.
    pub(crate) fn planned_from(&self, order: Order, corner: Option<Corner>) -> Option<Engine> {
        let (cell_at, north_at, west_at) = north_west_links(order, self.puzzle.rows(), self.cols)?;
        let mut engine = Engine { split: std::sync::OnceLock::new(), ..self.clone() };
        (engine.order, engine.cell_at, engine.north_at, engine.west_at) = (order, cell_at, north_at, west_at);
        engine.corner = corner;
        Some(engine)
    }

    /// The candidates' slice for `cell` given its neighbours' colours (`north`, `west` are keys).
    #[inline(always)]
    pub(super) fn range(&self, cell: usize, north: u32, west: u32) -> (u32, u32) {
        let key = (usize::from(self.class[cell]) * self.keys + north as usize) * self.keys + west as usize;
        self.ranges[key]
    }
}

/// A candidate packed in 32 bits: piece (10 bits), rotation (2), east colour (10), south (10).
/// East and south hold what the neighbours there must show: the partners of the piece's sides
/// ([`Puzzle::partner`]; the colours themselves for equal-colour puzzles), so that lists
/// keyed by the sides a piece shows north and west are found by equality alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate(pub(super) u32);

impl Candidate {
    pub(super) fn new(piece: usize, rotation: u8, east: u16, south: u16) -> Candidate {
        Candidate(piece as u32 | u32::from(rotation) << 10 | u32::from(east) << 12 | u32::from(south) << 22)
    }
    #[inline(always)]
    pub(crate) fn piece(self) -> usize {
        (self.0 & 0x3ff) as usize
    }
    #[inline(always)]
    pub(crate) fn rotation(self) -> u8 {
        ((self.0 >> 10) & 3) as u8
    }
    #[inline(always)]
    pub(super) fn east(self) -> u32 {
        (self.0 >> 12) & 0x3ff
    }
    #[inline(always)]
    pub(super) fn south(self) -> u32 {
        self.0 >> 22
    }
}

/// No earlier twin.
pub(super) const NO_TWIN: u32 = u32::MAX;
