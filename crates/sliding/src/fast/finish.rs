//! The last small region of the constructive solver (at most 3×3, 2×4 or 4×2), solved optimally by
//! IDA\* with the Manhattan distance inside the region.

use puzzle_core::Direction;

use super::work::{Stop, Work, HOLE};

/// The most cells a final region has.
pub(super) const MAX_CELLS: usize = 9;

/// A deeper bound than any optimum of a region of [`MAX_CELLS`] cells (31 for the 3×3 puzzle):
/// reaching it means the region was not solvable, a bug.
const MAX_BOUND: usize = 64;

/// The region as a small puzzle: for each region cell the region index of its tile's goal cell.
struct Region {
    height: usize,
    width: usize,
    tiles: [u8; MAX_CELLS],
    blank: usize,
    goal_blank: usize,
    moves: Vec<Direction>,
}

/// Solves the remaining region of `work` (every tile in it belongs in it) optimally, appending
/// the moves.
pub(super) fn finish(work: &mut Work<'_, '_>) -> Result<(), Stop> {
    let (height, width) = (work.bottom - work.top, work.right - work.left);
    let n = height * width;
    if n > MAX_CELLS {
        return Err(Stop::Stuck);
    }
    let region_cell = |i: usize| (work.top + i / width) * work.cols + work.left + i % width;
    let region_index = |cell: usize| (cell / work.cols - work.top) * width + (cell % work.cols - work.left);
    let mut region =
        Region { height, width, tiles: [0; MAX_CELLS], blank: 0, goal_blank: 0, moves: Vec::with_capacity(MAX_BOUND) };
    for i in 0..n {
        let cell = region_cell(i);
        let label = work.cells[cell];
        if label == HOLE {
            region.blank = i;
            region.tiles[i] = u8::MAX;
        } else {
            region.tiles[i] = region_index(label as usize) as u8;
        }
        if cell == work.goal_blank {
            region.goal_blank = i;
        }
    }
    let mut bound = region.manhattan();
    loop {
        if bound > MAX_BOUND {
            return Err(Stop::Stuck);
        }
        match region.search(0, bound, None) {
            Ok(()) => break,
            Err(next) => bound = next,
        }
    }
    for &dir in &region.moves {
        work.step(dir);
    }
    Ok(())
}

impl Region {
    fn manhattan(&self) -> usize {
        let n = self.height * self.width;
        (0..n)
            .filter(|&i| i != self.blank)
            .map(|i| {
                let goal = self.tiles[i] as usize;
                (i / self.width).abs_diff(goal / self.width) + (i % self.width).abs_diff(goal % self.width)
            })
            .sum()
    }

    /// Depth-first search to `bound`; `Ok` with the path in `moves`, or the smallest `f` above it.
    fn search(&mut self, depth: usize, bound: usize, last: Option<Direction>) -> Result<(), usize> {
        let h = self.manhattan();
        let f = depth + h;
        if f > bound {
            return Err(f);
        }
        if h == 0 && self.blank == self.goal_blank {
            return Ok(());
        }
        let mut next_bound = usize::MAX;
        let (row, col) = (self.blank / self.width, self.blank % self.width);
        for dir in Direction::ALL {
            if last == Some(dir.opposite()) {
                continue;
            }
            let other = match dir {
                Direction::North if row > 0 => self.blank - self.width,
                Direction::South if row + 1 < self.height => self.blank + self.width,
                Direction::West if col > 0 => self.blank - 1,
                Direction::East if col + 1 < self.width => self.blank + 1,
                _ => continue,
            };
            let old = self.blank;
            self.tiles.swap(old, other);
            self.blank = other;
            self.moves.push(dir);
            match self.search(depth + 1, bound, Some(dir)) {
                Ok(()) => return Ok(()),
                Err(f) => next_bound = next_bound.min(f),
            }
            self.moves.pop();
            self.tiles.swap(old, other);
            self.blank = old;
        }
        Err(next_bound)
    }
}
