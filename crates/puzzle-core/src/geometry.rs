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
    pub const fn from_index(idx: usize) -> Direction {
        match idx % 4 {
            0 => Direction::North,
            1 => Direction::West,
            2 => Direction::South,
            _ => Direction::East,
        }
    }

    /// The index of this direction in counter-clockwise order (north 0, west 1, south 2, east 3).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction pointing the other way.
    pub const fn opposite(self) -> Direction {
        Direction::from_index(self.index() + 2)
    }

    /// The letter of a move in this direction: `U`, `L`, `D` or `R`.
    pub const fn move_letter(self) -> char {
        match self {
            Direction::North => 'U',
            Direction::West => 'L',
            Direction::South => 'D',
            Direction::East => 'R',
        }
    }

    /// The direction whose [`move_letter`](Self::move_letter) is `letter`.
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub usize);

/// Why a shape was refused.
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
    pub fn new(rows: usize, cols: usize) -> Result<Shape, ShapeError> {
        if rows == 0 || cols == 0 {
            return Err(ShapeError::Empty);
        }
        rows.checked_mul(cols).ok_or(ShapeError::TooLarge)?;
        Ok(Shape { rows, cols })
    }

    /// The number of rows.
    pub const fn rows(self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub const fn cols(self) -> usize {
        self.cols
    }

    /// The number of cells, `rows * cols`.
    pub const fn n_cells(self) -> usize {
        self.rows * self.cols
    }

    /// Whether the board is square.
    pub const fn is_square(self) -> bool {
        self.rows == self.cols
    }

    /// The cell at `row`, `col`, if it is on the board.
    pub const fn cell(self, row: usize, col: usize) -> Option<Cell> {
        if row < self.rows && col < self.cols {
            Some(Cell(row * self.cols + col))
        } else {
            None
        }
    }

    /// The row and column of `cell`.
    pub const fn row_col(self, cell: Cell) -> (usize, usize) {
        (cell.0 / self.cols, cell.0 % self.cols)
    }

    /// All cells in row-major order.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (0..self.n_cells()).map(Cell)
    }

    /// The cell one step from `cell` in `dir`, or `None` at the edge of the board.
    pub fn neighbour(self, cell: Cell, dir: Direction) -> Option<Cell> {
        let (row, col) = self.row_col(cell);
        let (d_row, d_col) = dir.delta();
        let row = row.checked_add_signed(d_row)?;
        let col = col.checked_add_signed(d_col)?;
        self.cell(row, col)
    }

    /// Manhattan distance between two cells.
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
