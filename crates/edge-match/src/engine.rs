//! The fast engine for every puzzle: every rotation expanded in advance into candidate lists
//! keyed by the cell's frame class and the codes its placed neighbours impose (north and west),
//! used pieces in a bitset, an explicit stack, and no allocation inside the loop.
//!
//! Cells are filled in an order that reaches every cell after its north and west neighbours
//! (row-major unless built for another: [`Engine::in_order`]; any other order runs on
//! [`OrderedEngine`]). A candidate list holds `(piece, rotation)` pairs in the order piece index,
//! then rotation 0 to 3, so [`Mode::Plain`] in row order is exactly the plain search the
//! benchmarks compare: each placement of a piece is one node, the one completing a board
//! included, and every complete placement is a solution. [`Mode::Pictures`] skips a candidate
//! that shows the same four sides as an earlier candidate still available at that cell, so each
//! picture (the codes every cell shows) is found once however identical pieces are swapped.
//!
//! Both engines have one interface (`shared_searches.rs`): a private trait over their walks and counts, and the
//! same public methods written once over it. Both walks are [`search::walk::Walk`]s, driven by
//! the depth-first core's loops (count, first, every solution, prefixes, resume, the parallel
//! split); every search takes the [`search::Limits`] of the `search` crate (placements,
//! deadline, interrupt flag) through the core's one watch, looked at every few million
//! placements.
//!
//! By job: `tables.rs` builds the lists, `walk.rs` walks them, `count_loop.rs` is the tight counting
//! loop (the core's hook for the row engine), `parallel.rs` holds the depth of the cut for
//! rayon's threads, `symmetry.rs` uses the board's turns, `order.rs` and `ordered.rs` (with
//! `ordered_walk.rs`) hold the scan orders and the engine for any order, `estimate.rs` Knuth's
//! estimator by which a plan (`crate::plan`) picks an order and a corner. The modules' uses form
//! no cycle (`cargo xtask tidy` reads them): `count_loop` → `walk` → `tables`, `estimate` → `ordered`
//! → `symmetry` → `shared_searches`, `ordered_walk` → `ordered`.
//!
//! `Engine`'s own code is split by the same jobs, not by accident of growth: this file holds the
//! type, its constructors and its side of the shared searches; `tables.rs` the `impl Engine` that
//! builds the lists (`Engine::build`); `symmetry.rs` the one that counts through the board's
//! turns; and `gpu_tree.rs` (feature `gpu`) the one that flattens the lists for the kernel.

use search::walk::{Observe, Watch};

use crate::model::{Placement, Puzzle};

mod count_loop;
mod estimate;
#[cfg(feature = "gpu")]
pub(crate) mod gpu_tree;
mod order;
mod ordered;
mod ordered_walk;
mod parallel;
mod shared_searches;
mod symmetry;
mod tables;
mod walk;

pub(crate) use estimate::{build_candidates, cheapest_corner, estimate_order};
#[cfg(any(test, feature = "test-support"))]
pub use estimate::{estimate_nodes, estimate_tight_nodes};
pub use order::Order;
pub use ordered::OrderedEngine;
use parallel::count_split;
pub use shared_searches::{Search, Split, SplitError};
pub(crate) use symmetry::{unique_corners, Corner};
use tables::{north_west_links, Candidate};
use walk::RowWalk;

/// How solutions are told apart.
///
/// ```
/// use edge_match::{parse_puzzle, Limits, Mode, Order, OrderPick, ParseOptions, Solver, Task};
///
/// // A piece with A+ on every side: its four turns are four placements but one picture.
/// let puzzle = parse_puzzle("A+ A+ A+ A+\n", &ParseOptions::default()).unwrap();
/// let count = |mode| {
///     let plan = Solver::new(&puzzle, &[]).plan(Task::Count, mode, Some(OrderPick::Given(Order::Row)), false);
///     plan.count(&Limits::NONE, &|_, _, _| {}).solutions
/// };
/// assert_eq!((count(Mode::Plain), count(Mode::Pictures)), (4, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every complete placement is a solution, and every placement a node.
    Plain,
    /// One solution per picture: identical pieces (or a piece's identical turns) are not
    /// swapped to make the same picture again.
    Pictures,
}

/// A puzzle prepared for searching in an order that fills every cell after its north and west
/// neighbours, with the tight counting loop.
///
/// ```
/// use edge_match::{parse_puzzle, Engine, Limits, Mode, Order, ParseOptions, Placement, Search};
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
    puzzle: Puzzle,
    /// The corner piece a count of pictures pins (`symmetry.rs`), if any.
    corner: Option<Corner>,
    cells: usize,
    cols: usize,
    /// Colours plus one: the key for "any colour" on an unframed border.
    keys: usize,
    candidates: Vec<Candidate>,
    /// For each candidate, the index of the previous candidate of its list with the same four
    /// sides, or [`NO_TWIN`].
    twins: Vec<u32>,
    /// `ranges[(class * keys + north) * keys + west]`: the candidates' slice.
    ranges: Vec<(u32, u32)>,
    /// The words of the fast loop's used set: 1, 2, 4, 8 or 16 (pieces up to 64 times that).
    words: usize,
    /// For the fast loop (else empty), every set of pieces `words` words long: per list, the
    /// pieces it holds (`piece_masks[list * words..]`); per list and word, the piece's first
    /// candidate in the list and the index of its next turn there (or `u32::MAX`) in
    /// `slots[blocks[list * words + word] + rank]`, packed (`rank`: the pieces of that word of
    /// the list below this one, see [`count_loop::dense_slots`]); `slot_twins` (per slot, `words`
    /// words each) the pieces with an earlier candidate of the same four sides in the list;
    /// `twin_masks` the same as `slot_twins` per candidate, for the later turns.
    piece_masks: Vec<u64>,
    blocks: Vec<u32>,
    slots: Vec<(Candidate, u32)>,
    slot_twins: Vec<u64>,
    twin_masks: Vec<u64>,
    /// For the fast loop: `north_masks[((class * keys + north) * 2 + west_border) * words..]`,
    /// the pieces that fit a cell of that class below a south side `north` whatever its west
    /// neighbour shows (`west_border`: the cell is in the first column of a framed board).
    north_masks: Vec<u64>,
    /// Per candidate: the index of the same piece's next turn in its list, or `u32::MAX`.
    next_turn: Vec<u32>,
    /// Per cell: its frame class, or the range of its single fixed candidate.
    class: Vec<u8>,
    fixed: Vec<Option<(u32, u32)>>,
    /// Per cell: the table of lists the fast loop reads for it: its frame class, or for a fixed
    /// cell a table of its own (lists keyed by north and west, holding the clue where it fits).
    table: Vec<u32>,
    /// Key for a side facing the outside: the frame colour, or "any".
    border_key: u32,
    /// In [`Mode::Pictures`], whether the tight loop looks at the cell below before placing:
    /// on, but for puzzles read from the marks format, whose placements stay those of the
    /// seed's search (the count is the same either way).
    look_below: bool,
    /// The scan order: row-major unless built for another ([`Engine::in_order`]).
    order: Order,
    /// Per depth: the cell filled there, and the depths of its north and west neighbours
    /// ([`NO_NEIGHBOUR`] on the border); both come before it in every order the engine takes.
    cell_at: Vec<u32>,
    north_at: Vec<u32>,
    west_at: Vec<u32>,
}

/// What a search counted: solutions, placements (the nodes of every edge search), and whether
/// a limit stopped it. The depth-first core's counts, so that the engines' walks, the tight loop
/// and the parallel split add up one type.
pub use search::walk::Counts;

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

    /// The candidates' slice for `cell` given its neighbours' colours (`north`, `west` are keys).
    #[inline(always)]
    fn range(&self, cell: usize, north: u32, west: u32) -> (u32, u32) {
        let key = (usize::from(self.class[cell]) * self.keys + north as usize) * self.keys + west as usize;
        self.ranges[key]
    }

    /// The count of the whole tree in `mode` (no shortcut by the board's turns).
    fn count_tree(&self, mode: Mode, watch: &Watch<'_>, observe: Observe<'_>) -> Counts {
        count_split(self.cells, self.cols, || RowWalk::new(self, mode), |walk, watch| walk.count(watch), watch, observe)
    }
}

impl shared_searches::Searchable for Engine {
    type Walk<'a> = RowWalk<'a>;

    fn searched(&self) -> &Puzzle {
        &self.puzzle
    }

    fn scan_order(&self) -> Order {
        self.order
    }

    fn walk(&self, mode: Mode) -> RowWalk<'_> {
        RowWalk::new(self, mode)
    }

    fn count_below_floor(below: &mut RowWalk<'_>, watch: &Watch<'_>) {
        below.count(watch);
    }

    fn count_watched(&self, mode: Mode, watch: &Watch<'_>, observe: Observe<'_>) -> Counts {
        let by_turns = if mode == Mode::Pictures { self.count_by_turns(watch, observe) } else { None };
        by_turns.unwrap_or_else(|| self.count_tree(mode, watch, observe))
    }

    fn count_distinct_watched(&self, watch: &Watch<'_>) -> Counts {
        self.count_distinct_pictures(watch)
    }

    fn turned(&self, mode: Mode) -> Option<(Vec<Engine>, u64)> {
        let turns = self.corner.filter(|_| mode == Mode::Pictures)?.turns;
        Some((self.corner_split()?, turns))
    }
}
