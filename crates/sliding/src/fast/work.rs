//! The constructive solver's state: the relabelled board, the fixed cells, the moves so far, and
//! the tile and blank movers that place the tiles line by line (the breadth-first fallbacks are
//! in `bfs.rs`, the choice of the next line in `lines.rs`).

use std::time::Instant;

use puzzle_core::Direction;
use search::Limits;

use super::aware::{AWARE_CELLS, TRAIN};
use super::cell_set::CellSet;
use super::finish;
use super::moves::{Recorder, Sink};
use crate::board::{Board, BLANK};

/// The label of the blank in [`Work::cells`].
pub(super) const HOLE: u32 = u32::MAX;

/// Regions of at most this many cells choose their next line by trying each candidate and
/// keeping the one placed in the fewest moves (larger regions take the first candidate).
const LOOKAHEAD_CELLS: usize = 10_000;

/// A row or column to place: its cells in order along `along`, the region on its `inward` side.
#[derive(Clone, Debug)]
pub(super) struct Line {
    pub(super) cells: Vec<usize>,
    pub(super) along: Direction,
    pub(super) inward: Direction,
}

/// Which goal cells belong to the line being placed, a row or a column, and where in it.
#[derive(Clone, Copy, Debug)]
struct LineTest {
    /// The line's first goal cell and the span to its last: a label outside is not the line's.
    first: usize,
    span: usize,
    /// Whether the line is a column (its cells `cols` apart) rather than a row.
    down: bool,
    /// The board's `⌈2^64 / cols⌉` (see [`row_of`]).
    col_magic: u64,
}

impl LineTest {
    /// The place in the line of the goal cell `label`, when it is one of its cells.
    #[inline(always)]
    fn index(self, label: usize) -> Option<usize> {
        let n = label.wrapping_sub(self.first);
        if n >= self.span {
            return None;
        }
        if !self.down {
            return Some(n);
        }
        // A column's span holds most of the region's rows: its cells are the multiples of `cols`
        // in it. With `M = ⌈2^64 / cols⌉`, `cols` divides `n` exactly when `n·M mod 2^64 < M`
        // (Lemire, Kaser and Kurz, as in [`row_of`]): a multiplication, where the row and
        // column of every label in the span (the line's tiles are looked for at every move)
        // would take two. The row is `n·M`'s high word.
        let low = (n as u64).wrapping_mul(self.col_magic);
        (low < self.col_magic).then(|| row_of(self.col_magic, n))
    }
}

/// The row of `cell` on a board whose columns give `col_magic` = `⌈2^64 / cols⌉`, without a
/// division: `⌊M·cell / 2^64⌋` is the row for every cell below 2^32 (Lemire, Kaser and Kurz,
/// "Faster remainder by direct computation", 2019).
#[inline(always)]
fn row_of(col_magic: u64, cell: usize) -> usize {
    ((u128::from(col_magic) * cell as u128) >> 64) as usize
}

/// Why the solver stopped without a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The interrupt flag or the deadline.
    Limit,
    /// No move sequence was found where one should exist (a bug: the tests make sure it does
    /// not happen).
    Stuck,
    /// The sink asked to stop.
    Halted,
}

/// The board being solved, relabelled so that the goal is the identity.
pub(super) struct Work<'l, 's> {
    /// Rows of the board.
    pub(super) rows: usize,
    /// Columns of the board.
    pub(super) cols: usize,
    /// `2^64 / cols` rounded up: a cell's row is a multiplication away (a division costs tens of
    /// cycles, and the movers ask for rows and columns at every step).
    col_magic: u64,
    /// For each cell, the goal cell of the tile on it, or [`HOLE`].
    pub(super) cells: Vec<u32>,
    /// The line being placed: rows `line_rows.0..line_rows.1`, columns `line_cols.0..line_cols.1`
    /// (one row or one column of the region).
    line_rows: (usize, usize),
    line_cols: (usize, usize),
    /// Which labels are the line's, and their places in it.
    line: LineTest,
    /// For each cell of that line, in order, the cell its tile is on now. Only the line's tiles
    /// are followed: a table of every tile's cell would take a write to a random place in
    /// megabytes at every move, which on big boards costs more than the rest of the move.
    line_pos: Vec<u32>,
    /// The blank's cell, row and column.
    pub(super) blank: usize,
    pub(super) blank_row: usize,
    pub(super) blank_col: usize,
    /// The goal's blank cell.
    pub(super) goal_blank: usize,
    /// Cells the blank must not enter: placed tiles and everything outside the region.
    pub(super) fixed: CellSet,
    /// The unsolved region: rows `top..bottom`, columns `left..right`.
    pub(super) top: usize,
    pub(super) bottom: usize,
    pub(super) left: usize,
    pub(super) right: usize,
    /// The moves so far.
    pub(super) moves: Recorder<'s>,
    /// Breadth-first search scratch: the stamp of the search that reached each cell.
    pub(super) seen: Vec<u32>,
    pub(super) stamp: u32,
    /// The move that reached each cell in the current search.
    pub(super) via: Vec<Direction>,
    pub(super) queue: Vec<u32>,
    pub(super) trail: Vec<Direction>,
    /// The greedy walk of the blank being worked out.
    route: Vec<Direction>,
    /// In the corner trick at the end of a line, when a cell off the line is fixed for a while.
    cornering: bool,
    /// Whether the blank's walks, the sides it goes around a tile on and the trains of tiles
    /// pushed together are chosen by the tiles they move (see [`AWARE_CELLS`]).
    pub(super) aware: bool,
    /// The most tiles the aware solver pushes a step at once, in a line ([`TRAIN`]; the tests
    /// set 1 to compare).
    pub(super) train: usize,
    limits: &'l Limits<'l>,
}

/// The change of row and column of each direction (in [`Direction::index`] order), as wrapping
/// additions.
pub(super) const STEPS: [(usize, usize); 4] = [(usize::MAX, 0), (0, usize::MAX), (1, 0), (0, 1)];

/// Adds to `route` the moves that push a train of `tiles` tiles in a line one step in `dir` (see
/// `Work::train`), the blank beside the first tile or, `around` it first, behind: along the side
/// to the cell in front of the last tile, `across` into it, and back along the line.
///
/// A tile alone, the most frequent, is a copy of a few bytes made in the caller's loop (a call
/// cost a tenth of the 1000×1000 solver's time); a train, the aware solver's, is a call.
#[inline(always)]
fn train_moves(route: &mut Vec<Direction>, around: Option<Direction>, dir: Direction, across: Direction, tiles: usize) {
    match (around, tiles) {
        (None, 1) => route.extend_from_slice(&[dir, across, dir.opposite()]),
        (Some(around), 1) => route.extend_from_slice(&[around, dir, dir, across, dir.opposite()]),
        _ => long_train_moves(route, around, dir, across, tiles),
    }
}

/// [`train_moves`] for more than one tile.
#[inline(never)]
fn long_train_moves(
    route: &mut Vec<Direction>,
    around: Option<Direction>,
    dir: Direction,
    across: Direction,
    tiles: usize,
) {
    route.extend(around);
    route.resize(route.len() + tiles + usize::from(around.is_some()), dir);
    route.push(across);
    route.resize(route.len() + tiles, dir.opposite());
}

/// The moves that bring the blank closer along each axis.
fn toward(from: usize, to: usize, less: Direction, more: Direction) -> Option<Direction> {
    match from.cmp(&to) {
        std::cmp::Ordering::Less => Some(more),
        std::cmp::Ordering::Greater => Some(less),
        std::cmp::Ordering::Equal => None,
    }
}

impl<'l, 's> Work<'l, 's> {
    /// The relabelled `board` for `goal` (of the same shape), its moves going to `sink`.
    pub(super) fn new(board: &Board, goal: &Board, limits: &'l Limits<'l>, sink: &'s mut Sink<'s>) -> Work<'l, 's> {
        let shape = board.shape();
        let (rows, cols) = (shape.rows(), shape.cols());
        let n = rows * cols;
        // Boards have at least two columns, so this fits.
        let col_magic = u64::MAX / cols as u64 + 1;
        let mut goal_cell = vec![0u32; n];
        for (cell, &tile) in goal.tiles().iter().enumerate() {
            goal_cell[tile as usize] = cell as u32;
        }
        let cells: Vec<u32> =
            board.tiles().iter().map(|&tile| if tile == BLANK { HOLE } else { goal_cell[tile as usize] }).collect();
        Work {
            rows,
            cols,
            col_magic,
            cells,
            line_rows: (0, 0),
            line_cols: (0, 0),
            line: LineTest { first: 0, span: 0, down: false, col_magic },
            line_pos: Vec::new(),
            blank: board.blank().0,
            blank_row: board.blank().0 / cols,
            blank_col: board.blank().0 % cols,
            goal_blank: goal.blank().0,
            fixed: CellSet::new(n),
            top: 0,
            bottom: rows,
            left: 0,
            right: cols,
            moves: Recorder::new(sink),
            seen: vec![0; n],
            stamp: 0,
            via: vec![Direction::North; n],
            queue: Vec::new(),
            trail: Vec::new(),
            route: Vec::new(),
            cornering: false,
            aware: n <= AWARE_CELLS,
            train: TRAIN,
            limits,
        }
    }

    /// The row and column of `cell`, without a division (see [`row_of`]).
    #[inline]
    pub(super) fn split(&self, cell: usize) -> (usize, usize) {
        let row = row_of(self.col_magic, cell);
        (row, cell - row * self.cols)
    }

    /// Places every line, finishes the last region by exact search, and hands the last moves
    /// to the sink; returns the number of moves.
    pub(super) fn run(&mut self) -> Result<u64, Stop> {
        self.place_all()?;
        let moves = self.moves.finish();
        if self.moves.halted() {
            return Err(Stop::Halted);
        }
        Ok(moves)
    }

    fn place_all(&mut self) -> Result<(), Stop> {
        loop {
            let (height, width) = (self.bottom - self.top, self.right - self.left);
            if (height <= 3 && width <= 3) || height * width <= 8 {
                break;
            }
            let options = self.line_options();
            let mut choice = options[0].clone();
            if options.len() > 1 && height * width <= LOOKAHEAD_CELLS {
                let mut best = usize::MAX;
                for option in options {
                    let cost = self.trial(&option)?;
                    if cost < best {
                        best = cost;
                        choice = option;
                    }
                }
            }
            self.place_line(choice)?;
        }
        self.finish()
    }

    /// Solves the remaining region (every tile in it belongs in it) optimally and makes the moves.
    fn finish(&mut self) -> Result<(), Stop> {
        let (height, width) = (self.bottom - self.top, self.right - self.left);
        if height * width > finish::MAX_CELLS {
            return Err(Stop::Stuck);
        }
        let region_index = |cell: usize| (cell / self.cols - self.top) * width + (cell % self.cols - self.left);
        let mut region = finish::Region { height, width, tiles: [0; finish::MAX_CELLS], blank: 0 };
        let mut goal_blank = 0;
        for i in 0..height * width {
            let cell = (self.top + i / width) * self.cols + self.left + i % width;
            let label = self.cells[cell];
            if label == HOLE {
                region.blank = i;
                region.tiles[i] = u8::MAX;
            } else {
                region.tiles[i] = region_index(label as usize) as u8;
            }
            if cell == self.goal_blank {
                goal_blank = i;
            }
        }
        let moves = finish::solve(&region, goal_blank).ok_or(Stop::Stuck)?;
        for dir in moves {
            self.step(dir);
        }
        Ok(())
    }

    /// Places the tiles of `line` (cells in order along `along`, the rest of the region on the
    /// `inward` side, the line on the region's edge), then fixes the line and takes it out of the
    /// region.
    ///
    /// The line is placed starting from the end nearer the blank.
    pub(super) fn place_line(&mut self, line: Line) -> Result<(), Stop> {
        let Line { cells: mut line, mut along, inward } = line;
        self.follow_line(&line);
        if let (Some(&first), Some(&last)) = (line.first(), line.last()) {
            if self.distance(self.blank, last) < self.distance(self.blank, first) {
                line.reverse();
                along = along.opposite();
            }
        }
        // The line fills from both ends, each time the end whose tile is nearer the blank (the
        // blank's walk to the tile is the part of a placement that does nothing for the tile;
        // weighing in the tile's own distance made paths longer), until two neighbouring cells
        // are left: the corner trick works between two placed cells as at the end of the line.
        let (mut lo, mut hi) = (0, line.len());
        while hi - lo > 2 {
            self.check_limits()?;
            let cost = |work: &Self, cell: usize| work.distance(work.blank, work.tile_cell(cell));
            let cell = if cost(self, line[hi - 1]) < cost(self, line[lo]) {
                hi -= 1;
                line[hi]
            } else {
                lo += 1;
                line[lo - 1]
            };
            self.move_tile(cell, cell)?;
            self.fixed.set(cell, true);
        }
        self.check_limits()?;
        let (a, b) = (line[lo], line[lo + 1]);
        if self.tile_cell(a) == a && self.tile_cell(b) == b {
            // Already in place.
        } else {
            let inside = self.neighbour(b, inward).ok_or(Stop::Stuck)?;
            // Two cells inward of the line's last two cells: where the last tile is parked when
            // it is trapped in the dead end the second-to-last cell becomes.
            let parks = [a, b].map(|cell| self.neighbour(cell, inward).and_then(|c| self.neighbour(c, inward)));
            let mut attempt = 0;
            loop {
                self.move_tile(a, b)?;
                self.fixed.set(b, true);
                match self.move_tile(b, inside) {
                    Ok(()) => break,
                    Err(Stop::Stuck) if attempt < 4 => {
                        self.fixed.set(b, false);
                        let park = parks[attempt % 2].ok_or(Stop::Stuck)?;
                        self.move_tile(b, park)?;
                        attempt += 1;
                    }
                    Err(stop) => return Err(stop),
                }
            }
            self.fixed.set(inside, true);
            self.cornering = true;
            let routed = self.route_blank(a, usize::MAX);
            self.cornering = false;
            routed?;
            self.fixed.set(b, false);
            self.fixed.set(inside, false);
            self.step(along);
            self.step(inward);
        }
        self.fixed.set(a, true);
        self.fixed.set(b, true);
        self.shrink(inward);
        Ok(())
    }

    /// Starts following the tiles of `line` (a row or column of the region): finds them in the
    /// region.
    fn follow_line(&mut self, line: &[usize]) {
        let (Some(&first), Some(&last)) = (line.iter().min(), line.iter().max()) else { return };
        let ((first_row, first_col), (last_row, last_col)) = (self.split(first), self.split(last));
        self.line_rows = (first_row, last_row + 1);
        self.line_cols = (first_col, last_col + 1);
        self.line = LineTest { first, span: last - first + 1, down: first_row != last_row, col_magic: self.col_magic };
        self.line_pos.clear();
        self.line_pos.resize(line.len(), u32::MAX);
        for row in self.top..self.bottom {
            for cell in row * self.cols + self.left..row * self.cols + self.right {
                if let Some(i) = self.line_index(self.cells[cell] as usize) {
                    self.line_pos[i] = cell as u32;
                }
            }
        }
    }

    /// The place in the line followed of the goal cell `label`, when it is one of its cells.
    #[inline]
    fn line_index(&self, label: usize) -> Option<usize> {
        self.line.index(label)
    }

    /// The cell of the tile that belongs on `label`, a cell of the line followed (any other
    /// tile is looked for on the whole board).
    pub(super) fn tile_cell(&self, label: usize) -> usize {
        match self.line_index(label).map(|i| self.line_pos[i]) {
            Some(cell) if cell != u32::MAX => cell as usize,
            _ => self.cells.iter().position(|&l| l as usize == label).unwrap_or(usize::MAX),
        }
    }

    /// Takes the line on the edge opposite `inward` out of the region bounds.
    fn shrink(&mut self, inward: Direction) {
        match inward {
            Direction::South => self.top += 1,
            Direction::North => self.bottom -= 1,
            Direction::East => self.left += 1,
            Direction::West => self.right -= 1,
        }
    }

    fn check_limits(&self) -> Result<(), Stop> {
        if self.moves.halted() {
            Err(Stop::Halted)
        } else if self.limits.interrupted() || self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            Err(Stop::Limit)
        } else {
            Ok(())
        }
    }

    /// The cell one step from `cell` in `dir` inside the board.
    pub(super) fn neighbour(&self, cell: usize, dir: Direction) -> Option<usize> {
        let (row, col) = self.split(cell);
        match dir {
            Direction::North => (row > 0).then(|| cell - self.cols),
            Direction::South => (row + 1 < self.rows).then(|| cell + self.cols),
            Direction::West => (col > 0).then(|| cell - 1),
            Direction::East => (col + 1 < self.cols).then(|| cell + 1),
        }
    }

    /// Whether the blank may enter `cell` (not fixed, not `avoid`). Every cell outside the region
    /// is fixed (the region only ever loses lines whose tiles are placed), so this also keeps the
    /// blank inside the region.
    pub(super) fn open(&self, cell: usize, avoid: usize) -> bool {
        cell != avoid && !self.fixed.contains(cell)
    }

    /// Moves the blank one step (the caller knows the move stays on the board), cancelling it
    /// against the previous move when it undoes it.
    #[inline(always)]
    pub(super) fn step(&mut self, dir: Direction) {
        // Without a branch on the direction: the directions come in no predictable order.
        let (d_row, d_col) = STEPS[dir.index()];
        self.blank_row = self.blank_row.wrapping_add(d_row);
        self.blank_col = self.blank_col.wrapping_add(d_col);
        let next = self.blank.wrapping_add(d_row.wrapping_mul(self.cols)).wrapping_add(d_col);
        let label = self.cells[next];
        self.cells[self.blank] = label;
        if let Some(i) = self.line_index(label as usize) {
            self.line_pos[i] = self.blank as u32;
        }
        self.cells[next] = HOLE;
        self.blank = next;
        self.moves.push(dir);
    }

    /// Makes `dirs` in order (the caller knows they stay on the board), cancelling each against
    /// the previous move when it undoes it: the same as [`Work::step`] on each, with the blank
    /// kept in a register rather than in memory between two moves (a move's cell depends on the
    /// one before, so a round trip through memory at every move would make them wait on each
    /// other).
    #[inline]
    pub(super) fn walk(&mut self, dirs: &[Direction]) {
        let cols = self.cols;
        let offsets = [cols.wrapping_neg(), usize::MAX, cols, 1];
        // Copies and slices held apart from `self`: a write to a cell could, as far as the
        // compiler knows, change the fields of `self`, which it would then read again each move.
        let line = self.line;
        let (cells, line_pos) = (&mut self.cells[..], &mut self.line_pos[..]);
        let mut blank = self.blank;
        for &dir in dirs {
            let next = blank.wrapping_add(offsets[dir.index()]);
            let label = cells[next];
            // The blank's own cell is written once at the end: no move reads it before.
            cells[blank] = label;
            if let Some(i) = line.index(label as usize) {
                line_pos[i] = blank as u32;
            }
            blank = next;
        }
        cells[blank] = HOLE;
        self.blank = blank;
        (self.blank_row, self.blank_col) = self.split(blank);
        self.moves.push_all(dirs);
    }

    /// The cell one step from `cell` in `dir`, which the caller knows is on the board.
    #[inline]
    pub(super) fn offset(&self, cell: usize, dir: Direction) -> usize {
        match dir {
            Direction::North => cell - self.cols,
            Direction::South => cell + self.cols,
            Direction::West => cell - 1,
            Direction::East => cell + 1,
        }
    }

    /// The change of cell of a step in `dir`, as a wrapping addition: [`Work::offset`] without a
    /// branch on the direction, for the tile-aware scores, whose directions come in no
    /// predictable order. (`offset` written through it made the blind 1000×1000 run slower:
    /// median ratio 1.10 over three pairs, 0.97–1.11.)
    #[inline]
    pub(super) fn delta(&self, dir: Direction) -> usize {
        let (d_row, d_col) = STEPS[dir.index()];
        d_row.wrapping_mul(self.cols).wrapping_add(d_col)
    }

    /// Whether the cell at `row`, `col` has a neighbour the blank may enter other than `avoid`.
    #[inline]
    fn has_open_neighbour(&self, cell: usize, row: usize, col: usize, avoid: usize) -> bool {
        (row > 0 && self.open(cell - self.cols, avoid))
            || (row + 1 < self.rows && self.open(cell + self.cols, avoid))
            || (col > 0 && self.open(cell - 1, avoid))
            || (col + 1 < self.cols && self.open(cell + 1, avoid))
    }

    /// Walks the tile that belongs on goal cell `label` to cell `target`, one step at a time.
    fn move_tile(&mut self, label: usize, target: usize) -> Result<(), Stop> {
        let (target_row, target_col) = self.split(target);
        loop {
            let tile = self.tile_cell(label);
            if tile == target {
                return Ok(());
            }
            self.push_by_patterns(tile, target);
            let tile = self.tile_cell(label);
            if tile == target {
                return Ok(());
            }
            let (row, col) = self.split(tile);
            let vertical = toward(row, target_row, Direction::North, Direction::South);
            let horizontal = toward(col, target_col, Direction::West, Direction::East);
            let mut options: [Option<(usize, Direction, usize)>; 2] = [None, None];
            for (slot, dir) in options.iter_mut().zip([vertical, horizontal]) {
                // A step toward the target stays on the board.
                let Some(dir) = dir else { continue };
                let next = self.offset(tile, dir);
                let (next_row, next_col) = match dir {
                    Direction::North => (row - 1, col),
                    Direction::South => (row + 1, col),
                    Direction::West => (row, col - 1),
                    Direction::East => (row, col + 1),
                };
                // The blank must be able to get there: an open cell with an open neighbour
                // other than the tile (or the blank itself).
                if !self.open(next, usize::MAX)
                    || (next != self.blank && !self.has_open_neighbour(next, next_row, next_col, tile))
                {
                    continue;
                }
                let (blank_row, blank_col) = (self.blank_row, self.blank_col);
                // The tile lies on the straight segment from the blank to `next`: the blank goes
                // around it.
                let between = (blank_row == row
                    && row == next_row
                    && blank_col.min(next_col) < col
                    && col < blank_col.max(next_col))
                    || (blank_col == col
                        && col == next_col
                        && blank_row.min(next_row) < row
                        && row < blank_row.max(next_row));
                let cost = blank_row.abs_diff(next_row) + blank_col.abs_diff(next_col) + if between { 2 } else { 0 };
                *slot = Some((cost, dir, next));
            }
            if let [Some(first), Some(second)] = options {
                if second.0 < first.0 {
                    options = [Some(second), Some(first)];
                }
            }
            let mut stepped = false;
            for (_, dir, next) in options.into_iter().flatten() {
                if self.route_blank(next, tile).is_ok() {
                    self.step(dir.opposite());
                    stepped = true;
                    break;
                }
            }
            if !stepped {
                return match self.move_tile_by_search(label, target, 2, 1 << 12)? {
                    true => Ok(()),
                    false => Err(Stop::Stuck),
                };
            }
        }
    }

    /// Walks the tile on `tile` toward `target` while the blank is next to it and each step can
    /// be made by a fixed pattern of moves on open cells (1 move with the blank in front, 3 from
    /// a side, 5 from behind): without the tile-aware choices, the moves the general step of
    /// [`Work::move_tile`] would make (the same step chosen, the same side to go around), worked
    /// out on the positions alone and then made in one go; with them, the longer way first and
    /// the better side to go around, the moves so far made before each such side is chosen.
    /// Stops, having made the steps so far, at the first step the patterns do not cover.
    fn push_by_patterns(&mut self, tile: usize, target: usize) {
        let (target_row, target_col) = self.split(target);
        let (mut tile, (mut row, mut col)) = (tile, self.split(tile));
        // The side of the tile the blank is on; every pattern ends with the blank where the tile
        // was, behind it.
        let (blank_row, blank_col) = (self.blank_row, self.blank_col);
        let mut side = if blank_col == col && blank_row.wrapping_add(1) == row {
            Direction::North
        } else if blank_col == col && row.wrapping_add(1) == blank_row {
            Direction::South
        } else if blank_row == row && blank_col.wrapping_add(1) == col {
            Direction::West
        } else if blank_row == row && col.wrapping_add(1) == blank_col {
            Direction::East
        } else {
            return;
        };
        let mut route = std::mem::take(&mut self.route);
        route.clear();
        while tile != target {
            let vertical = toward(row, target_row, Direction::North, Direction::South);
            let horizontal = toward(col, target_col, Direction::West, Direction::East);
            // The general step's cost of each step (the blank's distance to the cell in front, 2
            // more when the tile is in the way), the vertical step first on a tie.
            let cost = |dir: Direction| match dir {
                d if d == side => 0,
                d if d == side.opposite() => 4,
                _ => 2,
            };
            // Both ways on: the cheaper step first, or, aware of the tiles, the longer way first
            // (the cheaper on a tie). Every order of the steps makes as many moves (3 for a step
            // across the one before, 5 for a step on in the same direction), but the longer way
            // first makes the tile's straight run away from the placed cells, where the blank can
            // go around the tile on either side and take the side whose tiles come nearer home:
            // on shuffled 100×100 boards the paths are 4% shorter than with the cheaper step
            // first (without the choice of sides, the same length).
            let dir = match (vertical, horizontal) {
                (Some(v), Some(h)) if self.aware => match row.abs_diff(target_row).cmp(&col.abs_diff(target_col)) {
                    std::cmp::Ordering::Greater => v,
                    std::cmp::Ordering::Less => h,
                    std::cmp::Ordering::Equal if cost(h) < cost(v) => h,
                    std::cmp::Ordering::Equal => v,
                },
                (Some(v), Some(h)) if cost(h) < cost(v) => h,
                (Some(d), _) | (None, Some(d)) => d,
                (None, None) => break,
            };
            // A step toward the target stays on the board.
            let front = self.offset(tile, dir);
            if self.fixed.contains(front) {
                break;
            }
            if dir == side {
                route.push(dir.opposite());
            } else if dir != side.opposite() {
                // From the side: through the corner beside the cell in front. Aware of the tiles,
                // the solver may take the tiles in front along (see `Work::train`).
                if self.fixed.contains(self.offset(front, side)) {
                    break;
                }
                let mut tiles = 1;
                if self.aware {
                    // The cells as the moves worked out so far leave them.
                    self.walk(&route);
                    route.clear();
                    // A train needs the tile in front to want to go on (see `Work::train`).
                    if self.gain(front, self.split(front), dir) > 0 {
                        (_, tiles) = self.train(tile, (row, col), dir, &[side], false).unwrap_or((side, 1));
                    }
                }
                train_moves(&mut route, None, dir, side.opposite(), tiles);
            } else {
                // From behind: around the tile on the first side whose three cells are open; the
                // solver aware of the tiles takes the side, and the number of tiles in front it
                // takes along, that bring the tiles they move nearest their goal cells (see
                // `Work::train`), the first side on a tie.
                let sides = match dir {
                    Direction::North | Direction::South => [Direction::West, Direction::East],
                    Direction::West | Direction::East => [Direction::North, Direction::South],
                };
                let (around, tiles) = if self.aware {
                    // As above, on the cells the moves worked out so far leave.
                    self.walk(&route);
                    route.clear();
                    match self.train(tile, (row, col), dir, &sides, true) {
                        Some(train) => train,
                        None => break,
                    }
                } else if self.can_go_around(tile, (row, col), dir, sides[0]) {
                    (sides[0], 1)
                } else if self.can_go_around(tile, (row, col), dir, sides[1]) {
                    (sides[1], 1)
                } else {
                    break;
                };
                train_moves(&mut route, Some(around), dir, around.opposite(), tiles);
            }
            // Every pattern ends with the blank where the tile was and the tile one step on.
            side = dir.opposite();
            let (d_row, d_col) = STEPS[dir.index()];
            (tile, row, col) = (front, row.wrapping_add(d_row), col.wrapping_add(d_col));
        }
        self.walk(&route);
        debug_assert!(self.offset(tile, side) == self.blank);
        self.route = route;
    }

    /// Whether the three cells on side `side` of the tile on `tile` (at `row`, `col`), pushed in
    /// `dir`, are on the board and open.
    #[inline]
    fn can_go_around(&self, tile: usize, (row, col): (usize, usize), dir: Direction, side: Direction) -> bool {
        let on_board = match side {
            Direction::North => row > 0,
            Direction::South => row + 1 < self.rows,
            Direction::West => col > 0,
            Direction::East => col + 1 < self.cols,
        };
        on_board && {
            let beside = self.offset(tile, side);
            !self.fixed.contains(beside)
                && !self.fixed.contains(self.offset(beside, dir))
                && !self.fixed.contains(self.offset(beside, dir.opposite()))
        }
    }

    /// Manhattan distance between two cells.
    pub(super) fn distance(&self, a: usize, b: usize) -> usize {
        let ((ar, ac), (br, bc)) = (self.split(a), self.split(b));
        ar.abs_diff(br) + ac.abs_diff(bc)
    }

    /// Brings the blank to `target` without moving the tile on `avoid` or any fixed tile.
    fn route_blank(&mut self, target: usize, avoid: usize) -> Result<(), Stop> {
        let (target_row, target_col) = self.split(target);
        // The greedy walk depends on the fixed cells alone, not on the tiles the blank moves:
        // it is worked out on the blank's position first, then made in one go.
        let mut route = std::mem::take(&mut self.route);
        route.clear();
        let (mut blank, mut row, mut col) = (self.blank, self.blank_row, self.blank_col);
        if self.clear_between(row, col, target_row, target_col, avoid) {
            // Nothing in the way: any walk toward the target gets there. Unless the solver is
            // aware of the tiles, its moves are known without looking at the cells (the longer
            // way until both are equal, then a staircase).
            let vertical = toward(row, target_row, Direction::North, Direction::South);
            let horizontal = toward(col, target_col, Direction::West, Direction::East);
            let (mut d_row, mut d_col) = (row.abs_diff(target_row), col.abs_diff(target_col));
            match (vertical, horizontal) {
                (Some(v), Some(h)) if self.aware => {
                    // Any monotone walk gets there in as many moves; each move pushes the tile
                    // ahead back onto the blank's cell. Of the two ways on, the walk takes the
                    // one whose tile comes nearer its goal cell (later placements are shorter by
                    // as much), else the longer way.
                    while d_row > 0 && d_col > 0 {
                        let gain = self.step_gain(blank, (row, col), v, h);
                        let dir = if gain > 0 || (gain == 0 && d_row >= d_col) { v } else { h };
                        if dir == v {
                            d_row -= 1;
                        } else {
                            d_col -= 1;
                        }
                        let (d_r, d_c) = STEPS[dir.index()];
                        (row, col, blank) = (row.wrapping_add(d_r), col.wrapping_add(d_c), self.offset(blank, dir));
                        route.push(dir);
                    }
                    route.resize(route.len() + d_row, v);
                    route.resize(route.len() + d_col, h);
                }
                (Some(v), Some(h)) => {
                    let straight = if d_col > d_row { h } else { v };
                    route.resize(route.len() + d_row.abs_diff(d_col), straight);
                    for _ in 0..d_row.min(d_col) {
                        route.extend_from_slice(&[v, h]);
                    }
                }
                (Some(d), None) => route.resize(d_row, d),
                (None, Some(d)) => route.resize(d_col, d),
                (None, None) => {}
            }
            self.walk(&route);
            self.route = route;
            return Ok(());
        }
        let arrived = loop {
            if blank == target {
                break true;
            }
            let vertical = toward(row, target_row, Direction::North, Direction::South);
            let horizontal = toward(col, target_col, Direction::West, Direction::East);
            let mut choices = [vertical, horizontal];
            let longer_across = col.abs_diff(target_col) > row.abs_diff(target_row);
            if let ([Some(v), Some(h)], true) = (choices, self.aware) {
                let gain = self.step_gain(blank, (row, col), v, h);
                if gain < 0 || (gain == 0 && longer_across) {
                    choices.swap(0, 1);
                }
            } else if longer_across {
                choices.swap(0, 1);
            }
            let mut moved = false;
            for dir in choices.into_iter().flatten() {
                // A step toward the target stays on the board.
                let next = self.offset(blank, dir);
                if self.open(next, avoid) {
                    route.push(dir);
                    let (d_row, d_col) = STEPS[dir.index()];
                    (blank, row, col) = (next, row.wrapping_add(d_row), col.wrapping_add(d_col));
                    moved = true;
                    break;
                }
            }
            if !moved {
                break false;
            }
        };
        self.walk(&route);
        self.route = route;
        if arrived || self.around(target, avoid) {
            return Ok(());
        }
        self.search_blank(target, avoid)
    }

    /// Whether the rectangle between the cells at `row`, `col` and `target_row`, `target_col`
    /// holds no cell the blank may not enter: it lies in the region, away from the line being
    /// placed (the only fixed cells of the region, but during the corner trick) and from
    /// `avoid`.
    #[inline]
    fn clear_between(&self, row: usize, col: usize, target_row: usize, target_col: usize, avoid: usize) -> bool {
        let (top, bottom) = (row.min(target_row), row.max(target_row));
        let (left, right) = (col.min(target_col), col.max(target_col));
        let inside = top >= self.top && bottom < self.bottom && left >= self.left && right < self.right;
        let off_line = bottom < self.line_rows.0
            || top >= self.line_rows.1
            || right < self.line_cols.0
            || left >= self.line_cols.1;
        let off_avoid = avoid >= self.cells.len() || {
            let (avoid_row, avoid_col) = self.split(avoid);
            !((top..=bottom).contains(&avoid_row) && (left..=right).contains(&avoid_col))
        };
        !self.cornering && inside && off_line && off_avoid
    }

    /// The blank just behind `avoid` with `target` just in front of it: goes around on either
    /// side when the three cells there are open.
    fn around(&mut self, target: usize, avoid: usize) -> bool {
        let Some(ahead) = Direction::ALL.into_iter().find(|&d| self.neighbour(self.blank, d) == Some(avoid)) else {
            return false;
        };
        if self.neighbour(avoid, ahead) != Some(target) {
            return false;
        }
        let sides = match ahead {
            Direction::North | Direction::South => [Direction::West, Direction::East],
            Direction::West | Direction::East => [Direction::North, Direction::South],
        };
        for side in sides {
            let cells = [self.neighbour(self.blank, side), self.neighbour(avoid, side), self.neighbour(target, side)];
            if cells.iter().all(|c| c.is_some_and(|c| self.open(c, avoid))) {
                for dir in [side, ahead, ahead, side.opposite()] {
                    self.step(dir);
                }
                return true;
            }
        }
        false
    }
}
