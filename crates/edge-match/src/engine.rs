//! The fast engine for colour puzzles: every rotation expanded in advance into candidate lists
//! keyed by the cell's frame class and the two colours its placed neighbours impose (north and
//! west), used pieces in a bitset, an explicit stack, and no allocation inside the loop.
//!
//! Cells are filled row-major from the top-left. A candidate list holds `(piece, rotation)` pairs
//! in the order piece index, then rotation 0 to 3, so [`Mode::Plain`] is exactly the plain search
//! the benchmarks compare: each placement of a piece is one node, the one completing a board
//! included, and every complete placement is a solution. [`Mode::Pictures`] skips a candidate
//! that shows the same four sides as an earlier candidate still available at that cell, so each
//! picture (the colours every cell shows) is found once however identical pieces are swapped.
//!
//! Counting splits the tree at a fixed depth into subtrees that run on rayon's pool; their counts
//! add up to exactly the sequential ones.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use rayon::prelude::*;

use crate::model::{Placement, Puzzle, EAST, FRAME, NORTH, SOUTH, WEST};

mod estimate;
mod fast;
mod order;
mod ordered;

pub use estimate::{choose_order, estimate_nodes, estimate_order, estimate_tight_nodes, OrderChoice};
pub use order::Order;
pub use ordered::OrderedEngine;

/// How solutions are told apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every complete placement is a solution, and every placement a node.
    Plain,
    /// One solution per picture: identical pieces (or a piece's identical turns) are not
    /// swapped to make the same picture again.
    Pictures,
}

/// A candidate packed in 32 bits: piece (10 bits), rotation (2), east colour (10), south (10).
/// East and south hold what the neighbours there must show: the partners of the piece's sides
/// ([`Puzzle::partner`]; the colours themselves for equal-colour puzzles), so that lists
/// keyed by the sides a piece shows north and west are found by equality alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Candidate(u32);

impl Candidate {
    fn new(piece: usize, rotation: u8, east: u16, south: u16) -> Candidate {
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
    fn east(self) -> u32 {
        (self.0 >> 12) & 0x3ff
    }
    #[inline(always)]
    fn south(self) -> u32 {
        self.0 >> 22
    }
}

/// No earlier twin.
const NO_TWIN: u32 = u32::MAX;

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

/// A side facing the border, in [`Engine`]'s `north_at` and `west_at`.
const NO_NEIGHBOUR: u32 = u32::MAX;

/// For `order` on a `rows` x `cols` board: per depth, the cell and the depths of its north and
/// west neighbours, or `None` when some cell comes before its north or west neighbour.
fn north_west_links(order: Order, rows: usize, cols: usize) -> Option<(Vec<u32>, Vec<u32>, Vec<u32>)> {
    let cells = order.cells(rows, cols);
    let mut depth_of = vec![0usize; cells.len()];
    for (depth, &cell) in cells.iter().enumerate() {
        depth_of[cell] = depth;
    }
    let (mut north_at, mut west_at) = (Vec::with_capacity(cells.len()), Vec::with_capacity(cells.len()));
    for (depth, &cell) in cells.iter().enumerate() {
        let link = |neighbour: Option<usize>| match neighbour {
            None => Some(NO_NEIGHBOUR),
            Some(other) if depth_of[other] < depth => Some(depth_of[other] as u32),
            Some(_) => None,
        };
        north_at.push(link((cell >= cols).then(|| cell - cols))?);
        west_at.push(link((cell % cols != 0).then(|| cell - 1))?);
    }
    Some((cells.iter().map(|&cell| cell as u32).collect(), north_at, west_at))
}

/// A candidate list's key: the cell's frame class (bit 0: the east side faces the frame, bit 1:
/// the south side does) and the keys its north and west neighbours impose.
#[derive(Clone, Copy, Debug)]
struct ListKey {
    class: usize,
    north: usize,
    west: usize,
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

/// The searches [`Engine::corner_split`] reduces counting pictures to.
struct CornerSplit {
    /// Engines whose candidate lists fix the chosen corner piece's place.
    engines: Vec<Engine>,
    /// The number of turns of the whole board: pictures per orbit.
    turns: u64,
}

impl CornerSplit {
    /// The pictures of the reduced searches: one per orbit under the board's turns.
    fn count(&self, puzzle: &Puzzle, stop: &AtomicBool, observe: &(dyn Fn(usize, usize, u64) + Sync)) -> Counts {
        let mut total = Counts::default();
        for engine in &self.engines {
            // Under a node limit, each search has what the ones before it left.
            let mut engine = engine.clone();
            engine.node_limit = engine.node_limit.saturating_sub(total.nodes);
            total = total.add(engine.count_tree(puzzle, Mode::Pictures, stop, observe));
        }
        total
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

    /// [`Engine::new`], with `keep(list, piece)` deciding whether a piece enters a candidate list
    /// (`list` = its frame class and the north and west keys).
    fn build(
        puzzle: &Puzzle,
        clues: &[Option<Placement>],
        keep: impl Fn(ListKey, usize) -> bool,
        min_words: usize,
    ) -> Engine {
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let cells = rows * cols;
        let keys = puzzle.n_colours() + 1;
        let any = puzzle.n_colours() as u16;
        let framed = puzzle.framed();
        let border_key = if framed { u32::from(FRAME) } else { u32::from(any) };
        let mut reserved = vec![false; puzzle.pieces().len()];
        for clue in clues.iter().flatten() {
            reserved[clue.piece] = true;
        }
        let rotations: &[u8] = if puzzle.rotate() { &[0, 1, 2, 3] } else { &[0] };
        // Frame classes: bit 0 = the east side faces the frame, bit 1 = the south side does.
        let classes = if framed { 4 } else { 1 };
        let fits_class = |sides: [u16; 4], class: usize| {
            !framed || ((sides[EAST] == FRAME) == (class & 1 != 0) && (sides[SOUTH] == FRAME) == (class & 2 != 0))
        };
        let fits_key = |side: u16, key: usize, border: bool| {
            if framed {
                usize::from(side) == key && (side == FRAME) == border
            } else {
                key == usize::from(any) || usize::from(side) == key
            }
        };
        let mut candidates = Vec::new();
        let mut twins = Vec::new();
        let mut ranges = vec![(0u32, 0u32); classes * keys * keys];
        for class in 0..classes {
            for north in 0..keys {
                for west in 0..keys {
                    let start = candidates.len();
                    let list = ListKey { class, north, west };
                    for piece in (0..puzzle.pieces().len()).filter(|&p| !reserved[p] && keep(list, p)) {
                        for &rotation in rotations {
                            let sides = puzzle.oriented(piece, rotation);
                            let north_border = north == usize::from(FRAME) && framed;
                            let west_border = west == usize::from(FRAME) && framed;
                            if fits_key(sides[NORTH], north, north_border)
                                && fits_key(sides[WEST], west, west_border)
                                && fits_class(sides, class)
                            {
                                let twin = (start..candidates.len())
                                    .rev()
                                    .find(|&i| {
                                        let c: Candidate = candidates[i];
                                        puzzle.oriented(c.piece(), c.rotation()) == sides
                                    })
                                    .map_or(NO_TWIN, |i| i as u32);
                                // East and south neighbours come later: they must show the partners.
                                let (east, south) = (puzzle.partner(sides[EAST]), puzzle.partner(sides[SOUTH]));
                                candidates.push(Candidate::new(piece, rotation, east, south));
                                twins.push(twin);
                            }
                        }
                    }
                    ranges[(class * keys + north) * keys + west] = (start as u32, candidates.len() as u32);
                }
            }
        }
        let class: Vec<u8> = (0..cells)
            .map(|cell| {
                let (r, c) = (cell / cols, cell % cols);
                if framed {
                    u8::from(c + 1 == cols) | u8::from(r + 1 == rows) << 1
                } else {
                    0
                }
            })
            .collect();
        // A fixed cell gets a one-candidate list of its own, checked against its neighbours
        // like any other candidate when the search reaches it.
        let mut fixed = vec![None; cells];
        let mut table: Vec<u32> = class.iter().map(|&c: &u8| u32::from(c)).collect();
        for (cell, clue) in clues.iter().enumerate() {
            if let Some(clue) = clue {
                let sides = puzzle.placed(*clue);
                let start = candidates.len() as u32;
                let (east, south) = (puzzle.partner(sides[EAST]), puzzle.partner(sides[SOUTH]));
                candidates.push(Candidate::new(clue.piece, clue.turns(), east, south));
                twins.push(NO_TWIN);
                fixed[cell] = Some((start, start + 1));
                // The fast loop's table for this cell: the clue in the lists whose north and
                // west keys it fits, on a framed board only where the frame rules allow it.
                let (row, col) = (cell / cols, cell % cols);
                let frame_ok = !framed
                    || ((sides[NORTH] == FRAME) == (row == 0)
                        && (sides[WEST] == FRAME) == (col == 0)
                        && (sides[EAST] == FRAME) == (col + 1 == cols)
                        && (sides[SOUTH] == FRAME) == (row + 1 == rows));
                let side_fits = |side: u16, key: usize| key == usize::from(any) && !framed || usize::from(side) == key;
                table[cell] = (ranges.len() / (keys * keys)) as u32;
                for north in 0..keys {
                    for west in 0..keys {
                        let fits = frame_ok && side_fits(sides[NORTH], north) && side_fits(sides[WEST], west);
                        ranges.push(if fits { (start, start + 1) } else { (start, start) });
                    }
                }
            }
        }
        let mut next_turn = vec![u32::MAX; candidates.len()];
        for &(start, end) in &ranges {
            for index in start..end.saturating_sub(1) {
                if candidates[index as usize + 1].piece() == candidates[index as usize].piece() {
                    next_turn[index as usize] = index + 1;
                }
            }
        }
        let words = puzzle.pieces().len().div_ceil(64).max(min_words).max(1).next_power_of_two();
        let (mut piece_masks, mut blocks, mut slots, mut slot_twins, mut twin_masks, mut north_masks) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
        if words <= 16 {
            let bit = |piece: usize| (piece / 64, 1u64 << (piece % 64));
            twin_masks = vec![0u64; candidates.len() * words];
            for index in 0..candidates.len() {
                let mut twin = twins[index];
                while twin != NO_TWIN {
                    let (word, mask) = bit(candidates[twin as usize].piece());
                    twin_masks[index * words + word] |= mask;
                    twin = twins[twin as usize];
                }
            }
            piece_masks = vec![0u64; ranges.len() * words];
            for (list, &(start, end)) in ranges.iter().enumerate() {
                for c in &candidates[start as usize..end as usize] {
                    let (word, mask) = bit(c.piece());
                    piece_masks[list * words + word] |= mask;
                }
            }
            (blocks, slots, slot_twins) =
                fast::dense_slots(words, &ranges, &candidates, &next_turn, &twin_masks, &piece_masks);
            north_masks = vec![0u64; ranges.len() / keys * 2 * words];
            for list in 0..ranges.len() {
                let (class_north, west) = (list / keys, list % keys);
                let west_border = framed && west == usize::from(FRAME);
                let at = (class_north * 2 + usize::from(west_border)) * words;
                for word in 0..words {
                    north_masks[at + word] |= piece_masks[list * words + word];
                }
            }
        }
        let mut engine = Engine {
            cells,
            cols,
            keys,
            candidates,
            twins,
            ranges,
            words,
            piece_masks,
            blocks,
            slots,
            slot_twins,
            twin_masks,
            north_masks,
            next_turn,
            class,
            fixed,
            table,
            border_key,
            node_limit: u64::MAX,
            look_below: true,
            order: Order::Row,
            cell_at: Vec::new(),
            north_at: Vec::new(),
            west_at: Vec::new(),
        };
        engine.set_order(Order::Row, rows);
        engine
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
        if mode == Mode::Pictures {
            if let Some(split) = self.corner_split(puzzle) {
                let mut counts = split.count(puzzle, stop, observe);
                counts.solutions *= split.turns;
                return counts;
            }
        }
        self.count_tree(puzzle, mode, stop, observe)
    }

    /// [`Engine::count`] over the whole tree.
    fn count_tree(
        &self,
        puzzle: &Puzzle,
        mode: Mode,
        stop: &AtomicBool,
        observe: &(dyn Fn(usize, usize, u64) + Sync),
    ) -> Counts {
        if self.node_limit != u64::MAX {
            return self.count_sequential(puzzle, mode, stop);
        }
        let (top, prefixes) = self.split_for_threads(puzzle, mode);
        let done = std::sync::atomic::AtomicUsize::new(0);
        let below = prefixes
            .par_iter()
            .map(|prefix| {
                if stop.load(Relaxed) {
                    return Counts::default();
                }
                let mut search = Search::new(self, puzzle, mode);
                search.resume(prefix);
                search.count(stop);
                observe(done.fetch_add(1, Relaxed) + 1, prefixes.len(), search.counts.nodes);
                search.counts
            })
            .reduce(Counts::default, Counts::add);
        top.counts.add(below)
    }

    /// The board's turns as a shortcut for counting pictures. On a framed board (at least 2×2)
    /// whose pieces turn, without clues, take the first corner piece whose four sides, up to
    /// rotation, no other piece shows. Every picture shows it in exactly one corner, and a turn
    /// of the whole board carries each picture onto another one with the piece in another
    /// corner. So on a square board the pictures with it in the top-left corner are a quarter of
    /// all, and each orbit under the turns holds exactly one of them; on an oblong board (half
    /// turns only) the pictures with it top-left or top-right are half of all, one per orbit.
    fn corner_split(&self, puzzle: &Puzzle) -> Option<CornerSplit> {
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        if !puzzle.framed() || !puzzle.rotate() || rows < 2 || cols < 2 || self.fixed.iter().any(Option::is_some) {
            return None;
        }
        let (corner, turns) = unique_corner(puzzle)?;
        let frame = usize::from(FRAME);
        let top_left = |list: ListKey| list.class == 0 && list.north == frame && list.west == frame;
        let top_right = |list: ListKey| list.class == 1 && list.north == frame;
        let mut engines =
            vec![Engine::build(puzzle, &[], |list, piece| !top_left(list) || piece == corner, self.words)];
        if rows != cols {
            engines.push(Engine::build(
                puzzle,
                &[],
                |list, piece| (!top_left(list) || piece != corner) && (!top_right(list) || piece == corner),
                self.words,
            ));
        }
        for engine in &mut engines {
            engine.node_limit = self.node_limit;
            engine.look_below = self.look_below;
            (engine.order, engine.cell_at, engine.north_at, engine.west_at) =
                (self.order, self.cell_at.clone(), self.north_at.clone(), self.west_at.clone());
        }
        Some(CornerSplit { engines, turns })
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
        let found = search.first(stop);
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
                    if search.depth > best {
                        best = search.depth;
                        improved(&search.placements());
                        if best == self.cells {
                            break;
                        }
                    }
                }
                None => {
                    if search.depth == 0 {
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
        mut visit: impl FnMut(&[Placement]) -> bool,
    ) -> Counts {
        let mut search = Search::new(self, puzzle, mode);
        while let Some(solution) = search.first(stop) {
            if !visit(&solution) {
                break;
            }
            // Continue from the solution: take back the last placement and go on.
            search.pop();
        }
        search.counts
    }

    /// Counts solutions up to the board's own symmetries: pictures that a turn of the whole board
    /// carries onto each other count once (a half turn on any board, quarter turns too on a square
    /// one; none when pieces may not turn, since turning the board turns them, nor with clues,
    /// which a turn would move). Sequential,
    /// except with such a corner piece as [`Engine::count`] uses: then every orbit holds exactly
    /// one picture of its reduced searches, which run in parallel.
    pub fn count_distinct(&self, puzzle: &Puzzle, stop: &AtomicBool) -> Counts {
        if let Some(split) = self.corner_split(puzzle) {
            return split.count(puzzle, stop, &|_, _, _| {});
        }
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let picture =
            |placements: &[Placement]| -> Vec<[u16; 4]> { placements.iter().map(|p| puzzle.placed(*p)).collect() };
        // Clues fix the board in place: a turn of a solution is no solution of the same puzzle
        // (it moves the clues), so every picture is distinct.
        let clued = self.fixed.iter().any(Option::is_some);
        let turns: &[u8] = match (puzzle.rotate() && !clued, rows == cols) {
            (false, _) => &[],
            (true, true) => &[1, 2, 3],
            (true, false) => &[2],
        };
        let mut distinct = 0;
        let mut counts = self.for_each_solution(puzzle, Mode::Pictures, stop, |placements| {
            let here = picture(placements);
            // Counted when no turn of it is smaller: once per orbit.
            if turns.iter().all(|&t| turned_picture(&here, rows, cols, t) >= here) {
                distinct += 1;
            }
            true
        });
        counts.solutions = distinct;
        counts
    }

    /// The tree cut for the threads: the shallowest depth (up to a quarter of the cells, at
    /// most a row and three cells) with at least [`SUBTREES`] subtrees, so that they balance the
    /// threads' work while each stays big enough to pay for its start; boards of at most 16
    /// cells are not cut. Returns the search that walked above the cut (its counts) and the
    /// prefixes.
    fn split_for_threads<'a>(&'a self, puzzle: &'a Puzzle, mode: Mode) -> (Search<'a>, Vec<Vec<Candidate>>) {
        let deepest = if self.cells <= 16 { 0 } else { (self.cells / 4).clamp(2, self.cols + 3) };
        let mut depth = deepest.min(1);
        loop {
            let mut top = Search::new(self, puzzle, mode);
            let prefixes = top.prefixes(depth);
            if depth >= deepest || prefixes.len() >= SUBTREES {
                return (top, prefixes);
            }
            depth += 1;
        }
    }
}

/// For counting pictures through the board's turns ([`Engine::count`]): on a framed board (at
/// least 2×2) whose pieces turn, a corner piece whose four sides, up to rotation, no other piece
/// shows, and the number of turns of the whole board (pictures per orbit). With several such
/// corners, the one whose pinned search has the smallest estimated tree
/// ([`estimate::cheapest_corner`]), remembered per puzzle for the process.
fn unique_corner(puzzle: &Puzzle) -> Option<(usize, u64)> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    if !puzzle.framed() || !puzzle.rotate() || rows < 2 || cols < 2 {
        return None;
    }
    let shape = |piece: usize| (0..4).map(|r| puzzle.oriented(piece, r)).min();
    let is_corner = |sides: &[u16; 4]| {
        (0..4).any(|d| sides[d] == FRAME && sides[(d + 1) % 4] == FRAME)
            && sides.iter().filter(|&&side| side == FRAME).count() == 2
    };
    let pieces = puzzle.pieces();
    let corners: Vec<usize> = (0..pieces.len())
        .filter(|&k| is_corner(&pieces[k]) && (0..pieces.len()).all(|other| other == k || shape(other) != shape(k)))
        .collect();
    let turns = if rows == cols { 4 } else { 2 };
    match corners.len() {
        0 => None,
        1 => Some((corners[0], turns)),
        _ => Some((estimate::cheapest_corner(puzzle, &corners), turns)),
    }
}

/// The picture of a board turned by `turns` counter-clockwise quarter turns (a square board for
/// odd `turns`): cell contents move, and each cell's sides turn with the board.
pub fn turned_picture(picture: &[[u16; 4]], rows: usize, cols: usize, turns: u8) -> Vec<[u16; 4]> {
    let mut current = picture.to_vec();
    let (mut r, mut c) = (rows, cols);
    for _ in 0..turns % 4 {
        // One counter-clockwise quarter turn: cell (row, col) goes to (c - 1 - col, row) on a
        // board of c rows and r columns; its east side becomes its north side.
        let mut next = vec![[0u16; 4]; r * c];
        for row in 0..r {
            for col in 0..c {
                let [n, e, s, w] = current[row * c + col];
                next[(c - 1 - col) * r + row] = [e, s, w, n];
            }
        }
        current = next;
        std::mem::swap(&mut r, &mut c);
    }
    current
}

/// Subtrees wanted for counting in parallel (see [`Engine::split_for_threads`]).
const SUBTREES: usize = 4096;

/// Placements between two looks at the stop flag.
const STOP_INTERVAL: u64 = 1 << 22;

/// Whether a search of `nodes` placements has spent its `budget`; if so, sets `stop`.
#[inline(never)]
fn out_of_nodes(nodes: u64, budget: u64, stop: &AtomicBool) -> bool {
    let out = nodes >= budget;
    if out {
        stop.store(true, Relaxed);
    }
    out
}

/// One depth-first search over an [`Engine`].
pub(crate) struct Search<'a> {
    engine: &'a Engine,
    puzzle: &'a Puzzle,
    mode: Mode,
    used: Vec<u64>,
    /// Per depth: the next candidate index and the end of the slice.
    next: Vec<u32>,
    end: Vec<u32>,
    /// Per depth: the candidate placed there.
    placed: Vec<Candidate>,
    /// The cell to fill next.
    depth: usize,
    /// The search never backtracks above this depth (a replayed prefix).
    floor: usize,
    pub(crate) counts: Counts,
    /// [`Engine::limit_nodes`].
    budget: u64,
}

impl<'a> Search<'a> {
    pub(crate) fn new(engine: &'a Engine, puzzle: &'a Puzzle, mode: Mode) -> Search<'a> {
        let words = puzzle.pieces().len().div_ceil(64).max(engine.words);
        let mut search = Search {
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
            budget: engine.node_limit,
        };
        search.open(0);
        search
    }

    /// Sets up the candidate slice of cell `depth` from its placed neighbours.
    #[inline(always)]
    fn open(&mut self, depth: usize) {
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
    fn is_used(&self, piece: usize) -> bool {
        self.used[piece >> 6] >> (piece & 63) & 1 != 0
    }

    /// In [`Mode::Pictures`]: whether an earlier candidate with the same sides is still free.
    #[inline(always)]
    fn twin_free(&self, index: usize) -> bool {
        let mut twin = self.engine.twins[index];
        while twin != NO_TWIN {
            if !self.is_used(self.engine.candidates[twin as usize].piece()) {
                return true;
            }
            twin = self.engine.twins[twin as usize];
        }
        false
    }

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
    pub(crate) fn pop(&mut self) {
        self.depth -= 1;
        let piece = self.placed[self.depth].piece();
        self.used[piece >> 6] &= !(1 << (piece & 63));
    }

    /// The next candidate to place at the current depth, counted as a node; `None` when the
    /// cell has no more. A placement that completes the board is counted as a solution.
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

    /// Counts every solution below the floor: the tight loop of `fast.rs` when the puzzle's
    /// pieces fit its used set (at most 1024 pieces), else the general one.
    pub(crate) fn count(&mut self, stop: &AtomicBool) {
        if self.engine.piece_masks.is_empty() || self.engine.cells > 64 * self.engine.words {
            return self.count_general(stop);
        }
        match self.engine.words {
            1 => self.count_words::<1, 64, 128>(stop),
            2 => self.count_words::<2, 128, 256>(stop),
            4 => self.count_words::<4, 256, 512>(stop),
            8 => self.count_words::<8, 512, 1024>(stop),
            16 => self.count_words::<16, 1024, 2048>(stop),
            _ => self.count_general(stop),
        }
    }

    /// Counts every solution below the floor, for any puzzle.
    fn count_general(&mut self, stop: &AtomicBool) {
        let last = self.engine.cells - 1;
        let mut next_look = (self.counts.nodes + STOP_INTERVAL).min(self.budget);
        if self.depth > last {
            return;
        }
        loop {
            match self.advance() {
                Some(_) if self.depth == last => self.counts.solutions += 1,
                Some(c) => self.push(c),
                None => {
                    if self.depth == self.floor {
                        return;
                    }
                    self.pop();
                }
            }
            if self.counts.nodes >= next_look {
                next_look = (self.counts.nodes + STOP_INTERVAL).min(self.budget);
                if stop.load(Relaxed) || out_of_nodes(self.counts.nodes, self.budget, stop) {
                    return;
                }
            }
        }
    }

    /// Finds the first complete board; the search state is left on it.
    pub(crate) fn first(&mut self, stop: &AtomicBool) -> Option<Vec<Placement>> {
        if stop.load(Relaxed) || out_of_nodes(self.counts.nodes, self.budget, stop) {
            return None;
        }
        let mut next_look = (self.counts.nodes + STOP_INTERVAL).min(self.budget);
        loop {
            match self.advance() {
                Some(c) => {
                    self.push(c);
                    if self.depth == self.engine.cells {
                        self.counts.solutions += 1;
                        return Some(self.placements());
                    }
                }
                None => {
                    if self.depth == self.floor {
                        return None;
                    }
                    self.pop();
                }
            }
            if self.counts.nodes >= next_look {
                next_look = (self.counts.nodes + STOP_INTERVAL).min(self.budget);
                if stop.load(Relaxed) || out_of_nodes(self.counts.nodes, self.budget, stop) {
                    return None;
                }
            }
        }
    }

    /// Every partial board of `depth` cells in search order, counting the placements (and any
    /// solutions, on boards of fewer cells) above that depth.
    pub(crate) fn prefixes(&mut self, depth: usize) -> Vec<Vec<Candidate>> {
        let depth = depth.min(self.engine.cells);
        let mut out = Vec::new();
        if depth == 0 {
            out.push(Vec::new());
            return out;
        }
        loop {
            match self.advance() {
                Some(c) => {
                    self.push(c);
                    if self.depth == depth {
                        if depth == self.engine.cells {
                            self.counts.solutions += 1;
                        } else {
                            out.push(self.placed[..depth].to_vec());
                        }
                        self.pop();
                    }
                }
                None => {
                    if self.depth == 0 {
                        return out;
                    }
                    self.pop();
                }
            }
        }
    }

    /// Replays `prefix` (placements of the first cells, already counted) as the new floor.
    fn resume(&mut self, prefix: &[Candidate]) {
        for &c in prefix {
            self.next[self.depth] = self.end[self.depth];
            self.push(c);
        }
        self.floor = self.depth;
    }

    /// [`Search::resume`] for a prefix from outside (a work unit of `crate::split`): each
    /// placement must be one this search takes at its cell, else `false` and the search is
    /// unusable. The counts start from zero below the prefix.
    pub(crate) fn resume_checked(&mut self, prefix: &[Placement]) -> bool {
        for placement in prefix {
            loop {
                match self.advance() {
                    Some(c) if c.piece() == placement.piece && c.rotation() == placement.turns() => {
                        self.next[self.depth] = self.end[self.depth];
                        self.push(c);
                        break;
                    }
                    Some(_) => {}
                    None => return false,
                }
            }
        }
        self.floor = self.depth;
        self.counts = Counts::default();
        true
    }

    /// The placements made, by depth; a complete board's by cell (row-major) whatever the order.
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
