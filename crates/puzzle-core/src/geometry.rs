//! Rectangular boards: cells numbered row-major, the four directions and neighbourhoods.

use std::fmt;

/// One of the four directions on a board, listed counter-clockwise from north.
///
/// The counter-clockwise order makes rotation arithmetic plain: turning a direction by `r`
/// counter-clockwise quarter turns adds `r` to its index modulo 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Towards row 0 (up).
    North = 0,
    /// Towards column 0 (left).
    West = 1,
    /// Towards the last row (down).
    South = 2,
    /// Towards the last column (right).
    East = 3,
}

impl Direction {
    /// All four directions in counter-clockwise order, starting at north.
    pub const ALL: [Direction; 4] = [Direction::North, Direction::West, Direction::South, Direction::East];

    /// The direction with index `idx % 4` in counter-clockwise order.
    ///
    /// ```
    /// use puzzle_core::Direction;
    ///
    /// assert_eq!(Direction::from_index(1), Direction::West);
    /// assert_eq!(Direction::from_index(6), Direction::South);
    /// ```
    pub const fn from_index(idx: usize) -> Direction {
        match idx % 4 {
            0 => Direction::North,
            1 => Direction::West,
            2 => Direction::South,
            _ => Direction::East,
        }
    }

    /// The index of this direction in counter-clockwise order (north 0, west 1, south 2, east 3).
    ///
    /// ```
    /// use puzzle_core::Direction;
    ///
    /// assert_eq!(Direction::East.index(), 3);
    /// for (i, dir) in Direction::ALL.into_iter().enumerate() {
    ///     assert_eq!(dir.index(), i);
    ///     assert_eq!(Direction::from_index(i), dir);
    /// }
    /// ```
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction pointing the other way.
    ///
    /// ```
    /// use puzzle_core::Direction;
    ///
    /// assert_eq!(Direction::North.opposite(), Direction::South);
    /// assert_eq!(Direction::West.opposite(), Direction::East);
    /// for dir in Direction::ALL {
    ///     assert_eq!(dir.opposite().opposite(), dir);
    /// }
    /// ```
    pub const fn opposite(self) -> Direction {
        Direction::from_index(self.index() + 2)
    }

    /// The letter of a move in this direction: `U`, `L`, `D` or `R`.
    ///
    /// ```
    /// use puzzle_core::Direction;
    ///
    /// let letters: String = Direction::ALL.iter().map(|dir| dir.move_letter()).collect();
    /// assert_eq!(letters, "ULDR");
    /// ```
    pub const fn move_letter(self) -> char {
        match self {
            Direction::North => 'U',
            Direction::West => 'L',
            Direction::South => 'D',
            Direction::East => 'R',
        }
    }

    /// The direction whose [`move_letter`](Self::move_letter) is `letter`.
    ///
    /// ```
    /// use puzzle_core::Direction;
    ///
    /// assert_eq!(Direction::from_move_letter('R'), Some(Direction::East));
    /// assert_eq!(Direction::from_move_letter('x'), None);
    /// for dir in Direction::ALL {
    ///     assert_eq!(Direction::from_move_letter(dir.move_letter()), Some(dir));
    /// }
    /// ```
    pub const fn from_move_letter(letter: char) -> Option<Direction> {
        match letter {
            'U' => Some(Direction::North),
            'L' => Some(Direction::West),
            'D' => Some(Direction::South),
            'R' => Some(Direction::East),
            _ => None,
        }
    }

    /// Row and column offsets of one step in this direction.
    ///
    /// ```
    /// use puzzle_core::Direction;
    ///
    /// assert_eq!(Direction::North.delta(), (-1, 0));
    /// assert_eq!(Direction::East.delta(), (0, 1));
    /// // A step and a step back cancel out.
    /// for dir in Direction::ALL {
    ///     let (there, back) = (dir.delta(), dir.opposite().delta());
    ///     assert_eq!((there.0 + back.0, there.1 + back.1), (0, 0));
    /// }
    /// ```
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Direction::North => (-1, 0),
            Direction::West => (0, -1),
            Direction::South => (1, 0),
            Direction::East => (0, 1),
        }
    }
}

/// A cell index on a board: `row * cols + col`, counted row-major from the top-left.
///
/// ```
/// use puzzle_core::{Cell, Shape};
///
/// // On a board of 3 rows and 4 columns, row 1 and column 2 is cell 1 * 4 + 2.
/// let shape = Shape::new(3, 4).unwrap();
/// assert_eq!(shape.cell(1, 2), Some(Cell(6)));
/// assert_eq!(shape.row_col(Cell(6)), (1, 2));
/// // Row 3 is off the board.
/// assert_eq!(shape.cell(3, 0), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub usize);

/// Why a shape was refused.
///
/// ```
/// use puzzle_core::{Shape, ShapeError};
///
/// let err = Shape::new(3, 0).unwrap_err();
/// assert_eq!(err, ShapeError::Empty);
/// assert_eq!(err.to_string(), "a board needs at least one row and one column");
/// // Rows times columns must be a number of cells that memory can index.
/// assert_eq!(Shape::new(usize::MAX / 2, 3), Err(ShapeError::TooLarge));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// A board needs at least one row and one column.
    Empty,
    /// The number of cells does not fit in memory indices.
    TooLarge,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::Empty => f.write_str("a board needs at least one row and one column"),
            ShapeError::TooLarge => f.write_str("the board has too many cells"),
        }
    }
}

impl std::error::Error for ShapeError {}

/// The dimensions of a rectangular board; both are at least 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    rows: usize,
    cols: usize,
}

impl Shape {
    /// A board of `rows` × `cols` cells.
    ///
    /// ```
    /// use puzzle_core::{Shape, ShapeError};
    ///
    /// let shape = Shape::new(2, 3).unwrap();
    /// assert_eq!(shape.to_string(), "2x3");
    /// assert_eq!(Shape::new(0, 3), Err(ShapeError::Empty));
    /// assert_eq!(Shape::new(usize::MAX, 2), Err(ShapeError::TooLarge));
    /// ```
    pub fn new(rows: usize, cols: usize) -> Result<Shape, ShapeError> {
        if rows == 0 || cols == 0 {
            return Err(ShapeError::Empty);
        }
        rows.checked_mul(cols).ok_or(ShapeError::TooLarge)?;
        Ok(Shape { rows, cols })
    }

    /// The number of rows.
    ///
    /// ```
    /// use puzzle_core::Shape;
    ///
    /// assert_eq!(Shape::new(2, 3).unwrap().rows(), 2);
    /// ```
    pub const fn rows(self) -> usize {
        self.rows
    }

    /// The number of columns.
    ///
    /// ```
    /// use puzzle_core::Shape;
    ///
    /// assert_eq!(Shape::new(2, 3).unwrap().cols(), 3);
    /// ```
    pub const fn cols(self) -> usize {
        self.cols
    }

    /// The number of cells, `rows * cols`.
    ///
    /// ```
    /// use puzzle_core::Shape;
    ///
    /// assert_eq!(Shape::new(2, 3).unwrap().n_cells(), 6);
    /// assert_eq!(Shape::new(1, 1).unwrap().n_cells(), 1);
    /// ```
    pub const fn n_cells(self) -> usize {
        self.rows * self.cols
    }

    /// The cell at `row`, `col`, if it is on the board.
    ///
    /// ```
    /// use puzzle_core::{Cell, Shape};
    ///
    /// let shape = Shape::new(2, 3).unwrap();
    /// assert_eq!(shape.cell(0, 0), Some(Cell(0)));
    /// assert_eq!(shape.cell(1, 2), Some(Cell(5)));
    /// assert_eq!(shape.cell(2, 0), None);
    /// assert_eq!(shape.cell(0, 3), None);
    /// ```
    pub const fn cell(self, row: usize, col: usize) -> Option<Cell> {
        if row < self.rows && col < self.cols {
            Some(Cell(row * self.cols + col))
        } else {
            None
        }
    }

    /// The row and column of `cell`.
    ///
    /// ```
    /// use puzzle_core::{Cell, Shape};
    ///
    /// let shape = Shape::new(2, 3).unwrap();
    /// assert_eq!(shape.row_col(Cell(5)), (1, 2));
    /// for cell in shape.cells() {
    ///     let (row, col) = shape.row_col(cell);
    ///     assert_eq!(shape.cell(row, col), Some(cell));
    /// }
    /// ```
    pub const fn row_col(self, cell: Cell) -> (usize, usize) {
        (cell.0 / self.cols, cell.0 % self.cols)
    }

    /// All cells in row-major order.
    ///
    /// ```
    /// use puzzle_core::{Cell, Shape};
    ///
    /// let cells: Vec<Cell> = Shape::new(2, 2).unwrap().cells().collect();
    /// assert_eq!(cells, [Cell(0), Cell(1), Cell(2), Cell(3)]);
    /// ```
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (0..self.n_cells()).map(Cell)
    }

    /// The cell one step from `cell` in `dir`, or `None` at the edge of the board.
    ///
    /// ```
    /// use puzzle_core::{Cell, Direction, Shape};
    ///
    /// let shape = Shape::new(2, 3).unwrap();
    /// assert_eq!(shape.neighbour(Cell(1), Direction::South), Some(Cell(4)));
    /// assert_eq!(shape.neighbour(Cell(1), Direction::East), Some(Cell(2)));
    /// assert_eq!(shape.neighbour(Cell(0), Direction::North), None);
    /// assert_eq!(shape.neighbour(Cell(2), Direction::East), None);
    /// // A corner has two neighbours.
    /// assert_eq!(Direction::ALL.iter().filter_map(|&dir| shape.neighbour(Cell(0), dir)).count(), 2);
    /// ```
    pub fn neighbour(self, cell: Cell, dir: Direction) -> Option<Cell> {
        let (row, col) = self.row_col(cell);
        let (d_row, d_col) = dir.delta();
        let row = row.checked_add_signed(d_row)?;
        let col = col.checked_add_signed(d_col)?;
        self.cell(row, col)
    }

    /// The cells next to `cell`, in the order of [`Direction::ALL`] (north, west, south, east),
    /// those off the board left out.
    ///
    /// ```
    /// use puzzle_core::{Cell, Shape};
    ///
    /// let shape = Shape::new(2, 3).unwrap();
    /// assert_eq!(shape.neighbours(Cell(0)).collect::<Vec<_>>(), [Cell(3), Cell(1)]);
    /// assert_eq!(shape.neighbours(Cell(4)).collect::<Vec<_>>(), [Cell(1), Cell(3), Cell(5)]);
    /// ```
    pub fn neighbours(self, cell: Cell) -> impl Iterator<Item = Cell> {
        Direction::ALL.into_iter().filter_map(move |dir| self.neighbour(cell, dir))
    }

    /// Manhattan distance between two cells.
    ///
    /// ```
    /// use puzzle_core::{Cell, Shape};
    ///
    /// let shape = Shape::new(2, 3).unwrap();
    /// // From the top-left corner to the bottom-right one: one row and two columns.
    /// assert_eq!(shape.manhattan(Cell(0), Cell(5)), 3);
    /// assert_eq!(shape.manhattan(Cell(4), Cell(4)), 0);
    /// ```
    pub fn manhattan(self, a: Cell, b: Cell) -> usize {
        let (ra, ca) = self.row_col(a);
        let (rb, cb) = self.row_col(b);
        ra.abs_diff(rb) + ca.abs_diff(cb)
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(shape: (usize, usize), cell: usize, dir: Direction, expected: Option<usize>) {
        let shape = Shape::new(shape.0, shape.1).unwrap();
        assert_eq!(shape.neighbour(Cell(cell), dir), expected.map(Cell), "{shape} cell {cell} {dir:?}");
    }

    #[test]
    fn neighbours() {
        use Direction::*;
        check((3, 3), 0, North, None);
        check((3, 3), 0, West, None);
        check((3, 3), 0, South, Some(3));
        check((3, 3), 0, East, Some(1));
        check((3, 3), 4, North, Some(1));
        check((3, 3), 4, West, Some(3));
        check((3, 3), 8, South, None);
        check((3, 3), 8, East, None);
        check((2, 4), 3, East, None);
        check((2, 4), 3, South, Some(7));
        check((1, 1), 0, North, None);
    }

    #[test]
    fn neighbour_is_symmetric() {
        let shape = Shape::new(4, 5).unwrap();
        for cell in shape.cells() {
            for dir in Direction::ALL {
                if let Some(next) = shape.neighbour(cell, dir) {
                    assert_eq!(shape.neighbour(next, dir.opposite()), Some(cell));
                    assert_eq!(shape.manhattan(cell, next), 1);
                }
            }
        }
    }

    #[test]
    fn move_letters_round_trip() {
        for dir in Direction::ALL {
            assert_eq!(Direction::from_move_letter(dir.move_letter()), Some(dir));
            assert_eq!(Direction::from_index(dir.index()), dir);
        }
        assert_eq!(Direction::from_move_letter('X'), None);
    }

    #[test]
    fn empty_shape_is_refused() {
        assert_eq!(Shape::new(0, 3), Err(ShapeError::Empty));
        assert_eq!(Shape::new(3, 0), Err(ShapeError::Empty));
        assert_eq!(Shape::new(usize::MAX, 2), Err(ShapeError::TooLarge));
    }
}
