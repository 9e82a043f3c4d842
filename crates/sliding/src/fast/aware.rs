//! The tile-aware choices of the constructive solver (on boards of at most [`AWARE_CELLS`]
//! cells): what a move does to the distance of the tile it pushes from its goal cell, and the
//! trains of tiles pushed a step at once.

use puzzle_core::Direction;

use super::work::{Work, STEPS};

/// Boards of at most this many cells have the blank's walks and the sides it goes around a tile
/// on chosen by the tiles they move: of two ways that cost the same, the one that brings more of
/// the tiles it pushes nearer their goal cells (and a tile going both ways goes the longer way
/// first, so that there is a choice of sides), and push the tiles in front of a tile along with
/// it where that pays ([`Work::train`]). Placements later on are shorter by as much: on uniformly
/// shuffled 100×100 boards the paths are about 25% shorter (2.91–2.93 times the Manhattan bound
/// instead of 3.88–3.89). Those choices read cells ahead of the blank before moving; while the
/// board's cells fit in the processor's cache that costs little, but on larger boards each read
/// waits on memory, and a 1000×1000 board took 1.4–1.5 times as long with the walks' choices
/// alone (`docs/benchmarks.md`), so larger boards keep the walks worked out on positions alone.
pub(super) const AWARE_CELLS: usize = 1 << 18;

/// The most tiles the solver aware of the tiles pushes a step at once, in a line (see
/// [`Work::train`]).
pub(super) const TRAIN: usize = 4;

/// What a step in `moving` does to the distance of a tile `to_goal` (rows and columns, as wrapping
/// differences) from its goal cell: 1 nearer, -1 farther.
#[inline]
fn gain_toward((to_row, to_col): (usize, usize), moving: Direction) -> i32 {
    // The goal lies ahead: the distance along the move's axis shrinks.
    let (d_row, d_col) = STEPS[moving.index()];
    let ahead = to_row.wrapping_mul(d_row).wrapping_add(to_col.wrapping_mul(d_col));
    2 * i32::from((ahead as isize) > 0) - 1
}

impl Work<'_, '_> {
    /// What moving the tile on `cell` (at `row`, `col`) one step in `moving` does to its
    /// distance from its goal cell: 1 nearer, -1 farther.
    #[inline]
    pub(super) fn gain(&self, cell: usize, at: (usize, usize), moving: Direction) -> i32 {
        gain_toward(self.to_goal(cell, at), moving)
    }

    /// The way from the tile on `cell` (at `row`, `col`) to its goal cell: rows and columns, as
    /// wrapping differences.
    #[inline]
    fn to_goal(&self, cell: usize, (row, col): (usize, usize)) -> (usize, usize) {
        let (goal_row, goal_col) = self.split(self.cells[cell] as usize);
        (goal_row.wrapping_sub(row), goal_col.wrapping_sub(col))
    }

    /// For the blank on `blank` (at `row`, `col`), free to step `v` or `h`: how much nearer
    /// home the tile met by the step `v` comes than the one met by the step `h` (see
    /// [`Work::gain`]); each such tile is pushed back onto the blank's cell.
    #[inline]
    pub(super) fn step_gain(&self, blank: usize, (row, col): (usize, usize), v: Direction, h: Direction) -> i32 {
        let ((v_row, _), (_, h_col)) = (STEPS[v.index()], STEPS[h.index()]);
        self.gain(self.offset(blank, v), (row.wrapping_add(v_row), col), v.opposite())
            - self.gain(self.offset(blank, h), (row, col.wrapping_add(h_col)), h.opposite())
    }

    /// The blank beside the tile on `tile` (at `at`), on its side `side`, or behind it (`behind`)
    /// with `side` open, the tile bound one step on in `dir`: how many tiles to push that step at
    /// once (the tile and up to `self.train - 1` in front of it, in a line), and the score of
    /// that train; `None` when the cells the blank goes through are not open.
    ///
    /// The blank goes along the line's side `side` to the cell in front of the last tile, steps
    /// into it and comes back along the line, each tile moving one step in `dir`: `2k + 1` moves
    /// for `k` tiles from the side, two more from behind (around the tile's own cell first). The
    /// tiles of the side line each move a step back, the tile in front of the last one a step
    /// sideways. The score is what the train does to those tiles' distances from their goal cells
    /// (the pushed tile's own step aside, see [`Work::gain`]) less one for each tile taken along:
    /// its two more moves must bring more than one step nearer home in all. A tile in front that
    /// would move away from its goal ends the train. On shuffled 100×100 boards, trains make the
    /// paths 6% shorter than the tile pushed alone (the weights were tried on those boards).
    pub(super) fn train(
        &self,
        tile: usize,
        at: (usize, usize),
        dir: Direction,
        side: Direction,
        behind: bool,
    ) -> Option<(usize, i32)> {
        let shift = |(row, col): (usize, usize), d: Direction| {
            let (d_row, d_col) = STEPS[d.index()];
            (row.wrapping_add(d_row), col.wrapping_add(d_col))
        };
        // The line runs along `dir`: its cells all have a cell on `side`, or none has.
        if self.room(at, side) == 0 {
            return None;
        }
        let (ahead, beside) = (self.delta(dir), self.delta(side));
        let open = |cell: usize| !self.fixed[cell];
        // Around the tile from behind: the tiles beside the blank and beside the tile.
        let mut gain = 0;
        if behind {
            let back = tile.wrapping_sub(ahead);
            if !open(back.wrapping_add(beside)) || !open(tile.wrapping_add(beside)) {
                return None;
            }
            gain += self.gain(back.wrapping_add(beside), shift(shift(at, dir.opposite()), side), side.opposite());
            gain += self.gain(tile.wrapping_add(beside), shift(at, side), dir.opposite());
        }
        // Then, for each more tile, the cell in front of the train so far and the one beside it.
        let mut best = None;
        let (mut cell, mut cell_at) = (tile, at);
        for tiles in 1..=self.train.min(self.room(at, dir)) {
            let front = cell.wrapping_add(ahead);
            let front_side = front.wrapping_add(beside);
            if !open(front) || !open(front_side) {
                break;
            }
            let front_at = shift(cell_at, dir);
            let back = self.gain(front_side, shift(front_at, side), dir.opposite());
            let to_goal = self.to_goal(front, front_at);
            let (aside, on) = (gain_toward(to_goal, side), gain_toward(to_goal, dir));
            let score = gain + back + aside - (tiles as i32 - 1);
            if best.map_or(true, |(_, best)| score > best) {
                best = Some((tiles, score));
            }
            // Taken along: the tile in front moves on instead of aside.
            if on < 0 {
                break;
            }
            gain += back + on;
            (cell, cell_at) = (front, front_at);
        }
        best
    }

    /// How many steps in `dir` the cell at `row`, `col` is from the board's edge.
    #[inline]
    fn room(&self, (row, col): (usize, usize), dir: Direction) -> usize {
        match dir {
            Direction::North => row,
            Direction::South => self.rows - 1 - row,
            Direction::West => col,
            Direction::East => self.cols - 1 - col,
        }
    }

    /// The change of cell of a step in `dir`, as a wrapping addition.
    #[inline]
    fn delta(&self, dir: Direction) -> usize {
        let (d_row, d_col) = STEPS[dir.index()];
        d_row.wrapping_mul(self.cols).wrapping_add(d_col)
    }
}
