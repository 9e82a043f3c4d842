//! The tile and blank movers of the constructive solver: a tile walked to its cell one step at a
//! time, by fixed patterns of moves while the blank is beside it, and the blank routed around
//! the fixed cells and the tile it must not move (the breadth-first fallbacks are in `bfs.rs`).

use puzzle_core::Direction;

use super::work::{Stop, Work, STEPS};

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

impl Work<'_, '_> {
    /// Whether the cell at `row`, `col` has a neighbour the blank may enter other than `avoid`.
    #[inline]
    fn has_open_neighbour(&self, cell: usize, row: usize, col: usize, avoid: usize) -> bool {
        (row > 0 && self.open(cell - self.cols, avoid))
            || (row + 1 < self.rows && self.open(cell + self.cols, avoid))
            || (col > 0 && self.open(cell - 1, avoid))
            || (col + 1 < self.cols && self.open(cell + 1, avoid))
    }

    /// Walks the tile that belongs on goal cell `label` to cell `target`, one step at a time.
    pub(super) fn move_tile(&mut self, label: usize, target: usize) -> Result<(), Stop> {
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
    pub(super) fn route_blank(&mut self, target: usize, avoid: usize) -> Result<(), Stop> {
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
