//! The fast engine for every puzzle: every rotation expanded in advance into candidate lists
//! keyed by the cell's frame class and the codes its placed neighbours impose (north and west),
//! used pieces in a bitset, an explicit stack, and no allocation inside the loop.
//!
//! Cells are filled in an order that reaches every cell after its north and west neighbours
//! (row-major unless [`Engine::set_order`] says otherwise; any other order runs on
//! [`OrderedEngine`]). A candidate list holds `(piece, rotation)` pairs in the order piece index,
//! then rotation 0 to 3, so [`Mode::Plain`] in row order is exactly the plain search the
//! benchmarks compare: each placement of a piece is one node, the one completing a board
//! included, and every complete placement is a solution. [`Mode::Pictures`] skips a candidate
//! that shows the same four sides as an earlier candidate still available at that cell, so each
//! picture (the codes every cell shows) is found once however identical pieces are swapped.
//!
//! By job: `tables.rs` builds the lists, `search.rs` walks them (the general loops), `fast.rs`
//! is the tight counting loop, `parallel.rs` cuts the tree for rayon's threads, `symmetry.rs`
//! uses the board's turns, `order.rs` and `ordered.rs` hold the scan orders and the engine for
//! any order, `estimate.rs` Knuth's estimator that picks one.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use crate::model::{Placement, Puzzle};

pub(crate) mod cursor;
mod estimate;
mod fast;
mod order;
mod ordered;
mod parallel;
mod search;
mod symmetry;
mod tables;

use cursor::{Cursor, STOP_INTERVAL};
pub use estimate::{choose_order, estimate_nodes, estimate_order, estimate_tight_nodes, OrderChoice};
pub use order::Order;
pub use ordered::OrderedEngine;
pub(crate) use search::Search;
pub use symmetry::turned_picture;
use tables::{north_west_links, Candidate};

/// How solutions are told apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every complete placement is a solution, and every placement a node.
    Plain,
    /// One solution per picture: identical pieces (or a piece's identical turns) are not
    /// swapped to make the same picture again.
    Pictures,
}

/// A puzzle prepared for searching.
#[derive(Clone, Debug)]
pub struct Engine {
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
    /// the list below this one, see [`fast::dense_slots`]); `slot_twins` (per slot, `words`
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
    /// Placements after which a search stops (see [`Engine::limit_nodes`]); `u64::MAX`: none.
    node_limit: u64,
    /// In [`Mode::Pictures`], whether the tight loop looks at the cell below (see
    /// [`Engine::look_below`]).
    look_below: bool,
    /// The scan order ([`Engine::set_order`]): row-major unless set.
    order: Order,
    /// Per depth: the cell filled there, and the depths of its north and west neighbours
    /// ([`NO_NEIGHBOUR`] on the border); both come before it in every order the engine takes.
    cell_at: Vec<u32>,
    north_at: Vec<u32>,
    west_at: Vec<u32>,
}

/// What a search counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Solutions found.
    pub solutions: u64,
    /// Placements made.
    pub nodes: u64,
}

impl Counts {
    fn add(self, other: Counts) -> Counts {
        Counts { solutions: self.solutions + other.solutions, nodes: self.nodes + other.nodes }
    }
}

impl Engine {
    /// Prepares `puzzle`, with `clues[cell]` fixing a piece and rotation on some cells (an empty
    /// slice for none). A clue that cannot fit its cell leaves the puzzle without solutions.
    pub fn new(puzzle: &Puzzle, clues: &[Option<Placement>]) -> Engine {
        Engine::build(puzzle, clues, |_, _| true, 1)
    }

    /// [`Engine::new`] with a used set of at least `words` 64-bit words in the fast loop
    /// (rounded up to 1, 2, 4, 8 or 16), so that tests can run the multi-word loop on small
    /// boards. The answers are those of [`Engine::new`].
    pub fn with_words(puzzle: &Puzzle, clues: &[Option<Placement>], words: usize) -> Engine {
        Engine::build(puzzle, clues, |_, _| true, words)
    }

    /// Makes every search of this engine (of a board of `rows` rows) run in `order`, if that
    /// order fills every cell after its north and west neighbours ([`Order::north_west_first`]:
    /// row, column, diagonal, snake), and says whether it did; else the engine is unchanged.
    /// The tight counting loop serves every such order.
    pub fn set_order(&mut self, order: Order, rows: usize) -> bool {
        match north_west_links(order, rows, self.cols) {
            Some((cell_at, north_at, west_at)) => {
                (self.order, self.cell_at, self.north_at, self.west_at) = (order, cell_at, north_at, west_at);
                true
            }
            None => false,
        }
    }

    /// The order this engine searches in.
    pub fn order(&self) -> Order {
        self.order
    }

    /// Makes every search of this engine stop once it has made `limit` placements (`None`: no
    /// limit), setting the `stop` flag it was given, so that the caller sees a stopped search as
    /// after Ctrl-C. Searches then run on the calling thread only, so that the placements made
    /// are the same on every run: a first solution, `--all` and the general count stop exactly
    /// at the limit, the tight counting loop after the cell it is expanding (at most one cell's
    /// candidates more). Each work unit ([`Engine::count_below`]) has the whole limit.
    pub fn limit_nodes(&mut self, limit: Option<u64>) {
        self.node_limit = limit.unwrap_or(u64::MAX);
    }

    /// Whether a picture count ([`Mode::Pictures`]) skips making a placement that leaves the
    /// cell below it without a free piece that fits (on by default). The count is the same
    /// either way; off, its placements are exactly those of the plain row-major search with
    /// look-alike candidates skipped (the figure the old marks solver reported).
    pub fn look_below(&mut self, on: bool) {
        self.look_below = on;
    }

    /// The candidates' slice for `cell` given its neighbours' colours (`north`, `west` are keys).
    #[inline(always)]
    fn range(&self, cell: usize, north: u32, west: u32) -> (u32, u32) {
        let key = (usize::from(self.class[cell]) * self.keys + north as usize) * self.keys + west as usize;
        self.ranges[key]
    }

    /// Counts solutions (in `mode`) and placements, splitting the tree across rayon's threads.
    /// `stop` ends the search early (the counts are then partial).
    ///
    /// In [`Mode::Pictures`], on a framed board whose pieces turn, without clues, with a corner
    /// piece unlike every other (docs/algorithms.md, "the board's turns"), only the pictures with
    /// that piece in the top-left corner (and the top-right one, on an oblong board) are searched
    /// and the turns of the whole board make up the rest: `nodes` are then the placements of
    /// that smaller search.
    pub fn count(&self, puzzle: &Puzzle, mode: Mode, stop: &AtomicBool) -> Counts {
        self.count_observed(puzzle, mode, stop, &|_, _, _| {})
    }

    /// [`Engine::count`], calling `observe(done, total, placements)` from the worker threads each
    /// time one of the `total` subtrees of a search is finished, with the placements made in it
    /// (for a progress display).
    pub fn count_observed(
        &self,
        puzzle: &Puzzle,
        mode: Mode,
        stop: &AtomicBool,
        observe: &(dyn Fn(usize, usize, u64) + Sync),
    ) -> Counts {
        let by_turns = if mode == Mode::Pictures { self.count_by_turns(puzzle, stop, observe) } else { None };
        by_turns.unwrap_or_else(|| self.count_tree(puzzle, mode, stop, observe))
    }

    /// Counts on the calling thread only.
    pub fn count_sequential(&self, puzzle: &Puzzle, mode: Mode, stop: &AtomicBool) -> Counts {
        let mut search = Search::new(self, puzzle, mode);
        search.count(stop);
        search.counts
    }

    /// The first solution in search order, with the placements made to find it.
    pub fn first(&self, puzzle: &Puzzle, stop: &AtomicBool) -> (Option<Vec<Placement>>, u64) {
        let mut search = Search::new(self, puzzle, Mode::Plain);
        let found = cursor::first(&mut search, stop);
        (found, search.counts.nodes)
    }

    /// Searches in plain order for the longest run of cells filled from the top-left without a
    /// mismatch, calling `improved` with the partial board each time the run grows, until the
    /// board is complete, the space is exhausted, `deadline` passes or `stop` is set. Returns
    /// the placements made.
    pub fn best(
        &self,
        puzzle: &Puzzle,
        stop: &AtomicBool,
        deadline: Option<std::time::Instant>,
        mut improved: impl FnMut(&[Placement]),
    ) -> u64 {
        let mut search = Search::new(self, puzzle, Mode::Plain);
        let mut best = 0;
        let mut next_look = STOP_INTERVAL >> 4;
        loop {
            match search.advance() {
                Some(c) => {
                    search.push(c);
                    if search.depth() > best {
                        best = search.depth();
                        improved(&search.placements());
                        if best == self.cells {
                            break;
                        }
                    }
                }
                None => {
                    if search.depth() == 0 {
                        break;
                    }
                    search.pop();
                }
            }
            if search.counts.nodes >= next_look {
                next_look = search.counts.nodes + (STOP_INTERVAL >> 4);
                if stop.load(Relaxed) || deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                    break;
                }
            }
        }
        search.counts.nodes
    }

    /// Calls `visit` with every solution (in `mode`) in search order, on the calling thread, until
    /// it returns `false` or `stop` is set. Returns the placements made.
    pub fn for_each_solution(
        &self,
        puzzle: &Puzzle,
        mode: Mode,
        stop: &AtomicBool,
        visit: impl FnMut(&[Placement]) -> bool,
    ) -> Counts {
        let mut search = Search::new(self, puzzle, mode);
        cursor::for_each(&mut search, stop, visit);
        search.counts
    }
}
