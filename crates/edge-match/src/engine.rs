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

use crate::colour::{ColourPlacement, ColourPuzzle, EAST, FRAME, NORTH, SOUTH, WEST};

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
    /// For puzzles of at most 64 pieces: per list, the pieces it holds as a bit mask, and
    /// `first[list * 64 + piece]` the index of that piece's first candidate in it.
    piece_masks: Vec<u64>,
    first: Vec<u32>,
    /// Per candidate: the index of the same piece's next turn in its list, or `u32::MAX`.
    next_turn: Vec<u32>,
    /// Per cell: its frame class, or the range of its single fixed candidate.
    class: Vec<u8>,
    fixed: Vec<Option<(u32, u32)>>,
    /// Key for a side facing the outside: the frame colour, or "any".
    border_key: u32,
}

/// What a search counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Solutions found.
    pub solutions: u64,
    /// Placements made.
    pub nodes: u64,
}

impl Engine {
    /// Prepares `puzzle`, with `clues[cell]` fixing a piece and rotation on some cells (an empty
    /// slice for none). A clue that cannot fit its cell leaves the puzzle without solutions.
    pub fn new(puzzle: &ColourPuzzle, clues: &[Option<ColourPlacement>]) -> Engine {
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
                    for piece in (0..puzzle.pieces().len()).filter(|&p| !reserved[p]) {
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
                                candidates.push(Candidate::new(piece, rotation, sides[EAST], sides[SOUTH]));
                                twins.push(twin);
                            }
                        }
                    }
                    ranges[(class * keys + north) * keys + west] = (start as u32, candidates.len() as u32);
                }
            }
        }
        let class = (0..cells)
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
        for (cell, clue) in clues.iter().enumerate() {
            if let Some(clue) = clue {
                let sides = puzzle.oriented(clue.piece, clue.rotation);
                let start = candidates.len() as u32;
                candidates.push(Candidate::new(clue.piece, clue.rotation, sides[EAST], sides[SOUTH]));
                twins.push(NO_TWIN);
                fixed[cell] = Some((start, start + 1));
            }
        }
        let small = puzzle.pieces().len() <= 64;
        let mut piece_masks = Vec::new();
        let mut first = Vec::new();
        let mut next_turn = vec![u32::MAX; candidates.len()];
        for &(start, end) in &ranges {
            for index in start..end.saturating_sub(1) {
                if candidates[index as usize + 1].piece() == candidates[index as usize].piece() {
                    next_turn[index as usize] = index + 1;
                }
            }
        }
        if small {
            piece_masks = vec![0u64; ranges.len()];
            first = vec![u32::MAX; ranges.len() * 64];
            for (list, &(start, end)) in ranges.iter().enumerate() {
                for index in (start..end).rev() {
                    let piece = candidates[index as usize].piece();
                    piece_masks[list] |= 1 << piece;
                    first[list * 64 + piece] = index;
                }
            }
        }
        Engine { cells, cols, keys, candidates, twins, ranges, piece_masks, first, next_turn, class, fixed, border_key }
    }

    /// The candidates' slice for `cell` given its neighbours' colours (`north`, `west` are keys).
    #[inline(always)]
    fn range(&self, cell: usize, north: u32, west: u32) -> (u32, u32) {
        let key = (usize::from(self.class[cell]) * self.keys + north as usize) * self.keys + west as usize;
        self.ranges[key]
    }

    /// Counts solutions (in `mode`) and placements, splitting the tree across rayon's threads.
    /// `stop` ends the search early (the counts are then partial).
    pub fn count(&self, puzzle: &ColourPuzzle, mode: Mode, stop: &AtomicBool) -> Counts {
        let mut top = Search::new(self, puzzle, mode);
        let prefixes = top.prefixes(self.split_depth());
        let below = prefixes
            .par_iter()
            .map(|prefix| {
                let mut search = Search::new(self, puzzle, mode);
                search.resume(prefix);
                search.count(stop);
                search.counts
            })
            .reduce(Counts::default, |a, b| Counts { solutions: a.solutions + b.solutions, nodes: a.nodes + b.nodes });
        Counts { solutions: top.counts.solutions + below.solutions, nodes: top.counts.nodes + below.nodes }
    }

    /// Counts on the calling thread only.
    pub fn count_sequential(&self, puzzle: &ColourPuzzle, mode: Mode, stop: &AtomicBool) -> Counts {
        let mut search = Search::new(self, puzzle, mode);
        search.count(stop);
        search.counts
    }

    /// The first solution in search order, with the placements made to find it.
    pub fn first(&self, puzzle: &ColourPuzzle, stop: &AtomicBool) -> (Option<Vec<ColourPlacement>>, u64) {
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
        puzzle: &ColourPuzzle,
        stop: &AtomicBool,
        deadline: Option<std::time::Instant>,
        mut improved: impl FnMut(&[ColourPlacement]),
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
        puzzle: &ColourPuzzle,
        mode: Mode,
        stop: &AtomicBool,
        mut visit: impl FnMut(&[ColourPlacement]) -> bool,
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
    /// one; none when pieces may not turn, since turning the board turns them). Sequential.
    pub fn count_distinct(&self, puzzle: &ColourPuzzle, stop: &AtomicBool) -> Counts {
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let picture = |placements: &[ColourPlacement]| -> Vec<[u16; 4]> {
            placements.iter().map(|p| puzzle.oriented(p.piece, p.rotation)).collect()
        };
        let turns: &[u8] = match (puzzle.rotate(), rows == cols) {
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

    /// A depth that leaves enough subtrees for the threads on boards worth splitting.
    fn split_depth(&self) -> usize {
        if self.cells <= 16 {
            0
        } else {
            (self.cells / 4).clamp(2, self.cols + 3)
        }
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

/// Placements between two looks at the stop flag.
const STOP_INTERVAL: u64 = 1 << 22;

/// One depth-first search over an [`Engine`].
pub(crate) struct Search<'a> {
    engine: &'a Engine,
    puzzle: &'a ColourPuzzle,
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
}

impl<'a> Search<'a> {
    pub(crate) fn new(engine: &'a Engine, puzzle: &'a ColourPuzzle, mode: Mode) -> Search<'a> {
        let words = puzzle.pieces().len().div_ceil(64);
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
        let cols = engine.cols;
        let north = if depth < cols { engine.border_key } else { self.placed[depth - cols].south() };
        let west = if depth % cols == 0 { engine.border_key } else { self.placed[depth - 1].east() };
        let (start, end) = match engine.fixed[depth] {
            None => engine.range(depth, north, west),
            Some(range) => {
                if self.fixed_fits(range.0, north, west, depth) {
                    range
                } else {
                    (0, 0)
                }
            }
        };
        self.next[depth] = start;
        self.end[depth] = end;
    }

    /// Whether the fixed candidate at `index` fits cell `depth` (frame rules and neighbours).
    fn fixed_fits(&self, index: u32, north: u32, west: u32, depth: usize) -> bool {
        let engine = self.engine;
        let c = engine.candidates[index as usize];
        let sides = self.puzzle.oriented(c.piece(), c.rotation());
        let cols = engine.cols;
        let (row, col) = (depth / cols, depth % cols);
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

    /// Counts every solution below the floor: the tight loop for puzzles of at most 64 pieces
    /// without clues, else the general one.
    pub(crate) fn count(&mut self, stop: &AtomicBool) {
        let no_clues = self.engine.fixed.iter().all(Option::is_none);
        if self.used.len() == 1 && no_clues {
            match self.mode {
                Mode::Plain => self.count_small::<false>(stop),
                Mode::Pictures => self.count_small::<true>(stop),
            }
        } else {
            self.count_general(stop);
        }
    }

    /// [`Search::count`] with the used pieces in one register and the neighbours' keys read from
    /// per-cell tables; the last cell's candidates are counted without being placed.
    fn count_small<const PICTURES: bool>(&mut self, stop: &AtomicBool) {
        if self.engine.next_turn.iter().all(|&n| n == u32::MAX) {
            self.count_small_with::<PICTURES, true>(stop);
        } else {
            self.count_small_with::<PICTURES, false>(stop);
        }
    }

    /// The loop of [`Search::count_small`]; `SINGLE`: no piece has two turns in one list.
    /// Arrays are sized 64 and indexed modulo 64 (a puzzle here has at most 64 cells), which
    /// lets the compiler drop the bounds checks.
    fn count_small_with<const PICTURES: bool, const SINGLE: bool>(&mut self, stop: &AtomicBool) {
        #[derive(Clone, Copy, Default)]
        struct Frame {
            /// Pieces of the cell's list not tried yet.
            pending: u64,
            /// The cell's list.
            list: u32,
            /// The next turn of the piece being tried, or `u32::MAX`.
            turn: u32,
        }
        #[derive(Clone, Copy, Default)]
        struct CellInfo {
            above: u32,
            left: u32,
            class_base: u32,
        }
        const NONE: u32 = u32::MAX;
        let engine = self.engine;
        let cells = engine.cells;
        if self.depth >= cells || cells > 64 {
            return;
        }
        let cols = engine.cols;
        let keys = engine.keys as u32;
        let candidates = &engine.candidates[..];
        let twins = &engine.twins[..];
        let masks = &engine.piece_masks[..];
        let first = &engine.first[..];
        let next_turn = &engine.next_turn[..];
        let border = engine.border_key;
        // Per cell: where its north and west keys come from. Slot 64 of `north_part`/`west_part`
        // holds the border's key, so a border cell reads it like any neighbour.
        const BORDER: u32 = 64;
        let mut info = [CellInfo::default(); 64];
        for (d, cell) in info.iter_mut().enumerate().take(cells) {
            *cell = CellInfo {
                above: if d < cols { BORDER } else { (d - cols) as u32 },
                left: if d % cols == 0 { BORDER } else { (d - 1) as u32 },
                class_base: u32::from(engine.class[d]) * keys * keys,
            };
        }
        let mut placed = [Candidate(0); 64];
        let mut north_part = [0u32; 128];
        let mut west_part = [0u32; 128];
        north_part[BORDER as usize] = border * keys;
        west_part[BORDER as usize] = border;
        for d in 0..self.depth {
            placed[d] = self.placed[d];
            north_part[d] = self.placed[d].south() * keys;
            west_part[d] = self.placed[d].east();
        }
        let key_of = |depth: usize, north_part: &[u32; 128], west_part: &[u32; 128]| -> u32 {
            let cell = info[depth & 63];
            cell.class_base + north_part[cell.above as usize & 127] + west_part[cell.left as usize & 127]
        };
        let twin_free = |index: usize, used: u64| {
            let mut twin = twins[index];
            while twin != NO_TWIN {
                if used >> candidates[twin as usize].piece() & 1 == 0 {
                    return true;
                }
                twin = twins[twin as usize];
            }
            false
        };
        let last = cells - 1;
        let floor = self.floor;
        let mut used = self.used[0];
        let mut depth = self.depth;
        let (mut nodes, mut solutions) = (self.counts.nodes, self.counts.solutions);
        let mut next_look = nodes + STOP_INTERVAL;
        let mut frames = [Frame::default(); 64];
        let key = key_of(depth, &north_part, &west_part);
        frames[depth & 63] = Frame { pending: masks[key as usize], list: key, turn: NONE };
        loop {
            let frame = &mut frames[depth & 63];
            let index = if !SINGLE && frame.turn != NONE {
                let t = frame.turn;
                frame.turn = next_turn[t as usize];
                t
            } else {
                let free = frame.pending & !used;
                if free == 0 {
                    if depth == floor {
                        break;
                    }
                    depth -= 1;
                    used &= !(1 << placed[depth & 63].piece());
                    continue;
                }
                frame.pending = free & (free - 1);
                let piece = free.trailing_zeros() as usize;
                let index = first[frame.list as usize * 64 + piece];
                if !SINGLE {
                    frame.turn = next_turn[index as usize];
                }
                index
            };
            if PICTURES && twin_free(index as usize, used) {
                continue;
            }
            let c = candidates[index as usize];
            nodes += 1;
            if depth == last {
                solutions += 1;
                continue;
            }
            // A placement that leaves the next cell no free piece is a node and a dead end:
            // counted without being placed.
            placed[depth & 63] = c;
            north_part[depth & 63] = c.south() * keys;
            west_part[depth & 63] = c.east();
            let key = key_of(depth + 1, &north_part, &west_part);
            let with = used | 1 << c.piece();
            let pending = masks[key as usize];
            if pending & !with == 0 {
                continue;
            }
            used = with;
            depth += 1;
            frames[depth & 63] = Frame { pending, list: key, turn: NONE };
            if nodes >= next_look {
                next_look = nodes + STOP_INTERVAL;
                if stop.load(Relaxed) {
                    break;
                }
            }
        }
        self.placed[..cells].copy_from_slice(&placed[..cells]);
        self.used[0] = used;
        self.depth = depth;
        self.counts = Counts { solutions, nodes };
    }

    /// Counts every solution below the floor, for any puzzle.
    fn count_general(&mut self, stop: &AtomicBool) {
        let last = self.engine.cells - 1;
        let mut next_look = self.counts.nodes + STOP_INTERVAL;
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
                next_look = self.counts.nodes + STOP_INTERVAL;
                if stop.load(Relaxed) {
                    return;
                }
            }
        }
    }

    /// Finds the first complete board; the search state is left on it.
    pub(crate) fn first(&mut self, stop: &AtomicBool) -> Option<Vec<ColourPlacement>> {
        let mut next_look = self.counts.nodes + STOP_INTERVAL;
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
                next_look = self.counts.nodes + STOP_INTERVAL;
                if stop.load(Relaxed) {
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
    pub(crate) fn resume_checked(&mut self, prefix: &[ColourPlacement]) -> bool {
        for placement in prefix {
            loop {
                match self.advance() {
                    Some(c) if c.piece() == placement.piece && c.rotation() == placement.rotation => {
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

    fn placements(&self) -> Vec<ColourPlacement> {
        self.placed[..self.depth].iter().map(|c| ColourPlacement { piece: c.piece(), rotation: c.rotation() }).collect()
    }
}
