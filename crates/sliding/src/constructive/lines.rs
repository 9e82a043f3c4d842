//! The constructive solver's choice of the next line: the rows and columns that may be placed,
//! and a trial placement that counts a candidate's moves and puts everything back.

use puzzle_core::Direction;

use super::work::{Line, Stop, Work};

impl Work<'_, '_> {
    /// The lines that may be placed next: the region's longer side loses a row or a column (either
    /// when it is square), from either end, but never the line holding the goal's blank cell.
    /// Never empty while the region is larger than the final one.
    pub(super) fn line_options(&self) -> Vec<Line> {
        let (goal_row, goal_col) = self.split(self.goal_blank);
        let (height, width) = (self.bottom - self.top, self.right - self.left);
        let mut options = Vec::with_capacity(4);
        let row = |row: usize, inward| Line {
            cells: (self.left..self.right).map(|col| row * self.cols + col).collect(),
            along: Direction::East,
            inward,
        };
        let col = |col: usize, inward| Line {
            cells: (self.top..self.bottom).map(|row| row * self.cols + col).collect(),
            along: Direction::South,
            inward,
        };
        if height >= width && height >= 3 {
            if goal_row != self.top {
                options.push(row(self.top, Direction::South));
            }
            if goal_row != self.bottom - 1 {
                options.push(row(self.bottom - 1, Direction::North));
            }
        }
        if width >= 3 && (width > height || options.is_empty() || width == height) {
            if goal_col != self.left {
                options.push(col(self.left, Direction::East));
            }
            if goal_col != self.right - 1 {
                options.push(col(self.right - 1, Direction::West));
            }
        }
        options
    }

    /// The moves placing `line` would take from here, leaving the state as it was.
    ///
    /// Only the region's cells change while a line is placed (the blank never leaves it), and
    /// none of them is fixed before: they alone are saved and restored.
    pub(super) fn trial(&mut self, line: &Line) -> Result<usize, Stop> {
        let saved = (self.blank, self.top, self.bottom, self.left, self.right);
        let region: Vec<usize> = (self.top..self.bottom)
            .flat_map(|row| (self.left..self.right).map(move |col| (row, col)))
            .map(|(row, col)| row * self.cols + col)
            .collect();
        let labels: Vec<u32> = region.iter().map(|&cell| self.cells[cell]).collect();
        let tail = self.moves.start_trial();
        let result = self.place_line(line.clone());
        let cost = self.moves.end_trial(tail);
        for (&cell, &label) in region.iter().zip(&labels) {
            self.cells[cell] = label;
            self.fixed.set(cell, false);
        }
        (self.blank, self.top, self.bottom, self.left, self.right) = saved;
        (self.blank_row, self.blank_col) = self.split(self.blank);
        match result {
            Ok(()) => Ok(cost),
            Err(Stop::Stuck) => Ok(usize::MAX),
            Err(stop) => Err(stop),
        }
    }
}
