//! Validated sliding-puzzle boards: a permutation of tiles with exactly one blank.

use std::fmt;

use puzzle_core::{Cell, Direction, Shape};
use thiserror::Error;

/// The value of the blank cell on a board.
pub const BLANK: u32 = 0;

/// The most cells a board may have: 2^20 (a 1024×1024 board). The parsers refuse a larger board
/// from its shape, before its tiles take memory.
pub const MAX_BOARD_CELLS: usize = 1 << 20;

/// An unvalidated board as read from input: `rows * cols` tile values row-major, `0` the blank.
///
/// ```
/// use sliding::{Board, BoardSpec};
///
/// // Read from input as numbers, checked once by `TryFrom`.
/// let spec = BoardSpec { rows: 2, cols: 3, tiles: vec![1, 2, 3, 4, 5, 0] };
/// let board = Board::try_from(spec)?;
/// assert_eq!(board.tiles(), &[1, 2, 3, 4, 5, 0]);
/// # Ok::<(), sliding::parse::BoardError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardSpec {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Tile values, row-major; `0` is the blank.
    pub tiles: Vec<u32>,
}

/// Why a [`BoardSpec`] is not a board. Cell indices are row-major positions in the spec.
///
/// ```
/// use sliding::{Board, BoardSpec};
/// use sliding::parse::BoardError;
///
/// // Tile 2 twice on a 2x2 board: the second one, in cell 3, is named.
/// let spec = BoardSpec { rows: 2, cols: 2, tiles: vec![0, 2, 1, 2] };
/// assert_eq!(Board::try_from(spec), Err(BoardError::Duplicate { cell: 3, value: 2 }));
/// let spec = BoardSpec { rows: 1, cols: 4, tiles: vec![1, 2, 3, 0] };
/// assert_eq!(Board::try_from(spec).unwrap_err().to_string(), "a board needs at least 2 rows and 2 columns, found 1x4");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// Sliding needs at least two rows and two columns.
    #[error("a board needs at least 2 rows and 2 columns, found {rows}x{cols}")]
    TooSmall {
        /// Rows given.
        rows: usize,
        /// Columns given.
        cols: usize,
    },
    /// More cells than [`MAX_BOARD_CELLS`].
    #[error("a {rows}x{cols} board has {cells} cells, more than the largest supported, {MAX_BOARD_CELLS} cells (1024x1024)", cells = *rows as u128 * *cols as u128)]
    TooLarge {
        /// Rows given.
        rows: usize,
        /// Columns given.
        cols: usize,
    },
    /// The number of tiles is not `rows * cols`.
    #[error("expected {expected} tiles, found {found}")]
    WrongCount {
        /// `rows * cols`.
        expected: usize,
        /// Tiles given.
        found: usize,
    },
    /// A tile value is not below `rows * cols`.
    #[error("tile {value} is out of range 0..{max}")]
    OutOfRange {
        /// The cell holding it.
        cell: usize,
        /// The value.
        value: u32,
        /// The largest allowed value.
        max: u32,
    },
    /// A value appears twice; for the blank this means two blanks.
    #[error("{}", if *value == BLANK { "a second blank".to_owned() } else { format!("tile {value} appears twice") })]
    Duplicate {
        /// The cell of the second occurrence.
        cell: usize,
        /// The value.
        value: u32,
    },
    /// No cell holds the blank.
    #[error("the board has no blank")]
    NoBlank,
}

/// A sliding-puzzle board: every value `0..rows*cols` exactly once, `0` the blank, at least 2×2.
///
/// ```
/// use puzzle_core::Direction;
/// use sliding::{Board, BoardSpec, GoalKind};
///
/// // 1 2
/// // _ 3
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![1, 2, 0, 3] })?;
/// assert_eq!(board.blank().0, 2);
/// // The blank moves right (tile 3 slides left) and the tiles are in order.
/// let goal = Board::goal(board.shape(), GoalKind::BlankLast)?;
/// assert_eq!(board.moved(Direction::East), Some(goal.clone()));
/// // The blank is on the bottom row: it cannot move down.
/// assert_eq!(board.moved(Direction::South), None);
/// // Tile 3 is one cell from its goal cell.
/// assert_eq!(board.manhattan_to(&goal), 1);
/// # Ok::<(), sliding::parse::BoardError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    shape: Shape,
    tiles: Vec<u32>,
    blank: Cell,
}

impl TryFrom<BoardSpec> for Board {
    type Error = BoardError;

    fn try_from(spec: BoardSpec) -> Result<Board, BoardError> {
        let BoardSpec { rows, cols, tiles } = spec;
        if rows < 2 || cols < 2 {
            return Err(BoardError::TooSmall { rows, cols });
        }
        if rows.checked_mul(cols).is_none_or(|cells| cells > MAX_BOARD_CELLS) {
            return Err(BoardError::TooLarge { rows, cols });
        }
        let shape = Shape::new(rows, cols).map_err(|_| BoardError::TooSmall { rows, cols })?;
        let n_cells = shape.n_cells();
        if tiles.len() != n_cells {
            return Err(BoardError::WrongCount { expected: n_cells, found: tiles.len() });
        }
        let max = u32::try_from(n_cells - 1).unwrap_or(u32::MAX);
        if let Some((cell, &value)) = tiles.iter().enumerate().find(|&(_, &value)| value > max) {
            return Err(BoardError::OutOfRange { cell, value, max });
        }
        // A missing blank is reported before the duplicate tile it forces, as the clearer message.
        let blank = tiles.iter().position(|&t| t == BLANK).map(Cell).ok_or(BoardError::NoBlank)?;
        let mut seen = vec![false; n_cells];
        for (cell, &value) in tiles.iter().enumerate() {
            if std::mem::replace(&mut seen[value as usize], true) {
                return Err(BoardError::Duplicate { cell, value });
            }
        }
        Ok(Board { shape, tiles, blank })
    }
}

/// Where the blank is on a goal board.
///
/// ```
/// use puzzle_core::Shape;
/// use sliding::{Board, GoalKind};
///
/// let shape = Shape::new(2, 3)?;
/// assert_eq!(Board::goal(shape, GoalKind::BlankLast)?.tiles(), &[1, 2, 3, 4, 5, 0]);
/// assert_eq!(Board::goal(shape, GoalKind::BlankFirst)?.tiles(), &[0, 1, 2, 3, 4, 5]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalKind {
    /// `1 2 … N-1 _`: tiles in order, the blank last (the judges' goal).
    BlankLast,
    /// `_ 1 2 … N-1`: the blank first, tiles in order (Korf's convention).
    BlankFirst,
}

impl Board {
    /// The goal board of `kind` for a shape of at least 2×2.
    pub fn goal(shape: Shape, kind: GoalKind) -> Result<Board, BoardError> {
        let n = u32::try_from(shape.n_cells()).map_err(|_| BoardError::TooSmall { rows: 0, cols: 0 })?;
        let tiles = match kind {
            GoalKind::BlankLast => (1..n).chain([BLANK]).collect(),
            GoalKind::BlankFirst => (0..n).collect(),
        };
        Board::try_from(BoardSpec { rows: shape.rows(), cols: shape.cols(), tiles })
    }

    /// A board from parts that keep the invariants: `tiles` a rearrangement of a valid board's
    /// tiles in `shape`, the blank on `blank`.
    pub(crate) fn from_parts(shape: Shape, tiles: Vec<u32>, blank: usize) -> Board {
        debug_assert_eq!(tiles.get(blank), Some(&BLANK));
        Board { shape, tiles, blank: Cell(blank) }
    }

    /// The board's dimensions.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The tiles row-major, `0` the blank.
    pub fn tiles(&self) -> &[u32] {
        &self.tiles
    }

    /// The cell of the blank.
    pub fn blank(&self) -> Cell {
        self.blank
    }

    /// The board after the blank moves one step in `dir` (the tile there slides the other way),
    /// or `None` when the blank is at that edge.
    pub fn moved(&self, dir: Direction) -> Option<Board> {
        let mut next = self.clone();
        next.move_blank(dir).then_some(next)
    }

    /// Moves the blank one step in `dir` in place; `false` (and no change) at that edge.
    pub fn move_blank(&mut self, dir: Direction) -> bool {
        let Some(target) = self.shape.neighbour(self.blank, dir) else { return false };
        self.tiles.swap(self.blank.0, target.0);
        self.blank = target;
        true
    }

    /// The board after the moves in `path`, or the index of the first move that leaves the board.
    pub fn replay(&self, path: &[Direction]) -> Result<Board, usize> {
        let mut board = self.clone();
        for (i, &dir) in path.iter().enumerate() {
            if !board.move_blank(dir) {
                return Err(i);
            }
        }
        Ok(board)
    }

    /// Sum over tiles of the Manhattan distance from their cell here to their cell on `goal`.
    ///
    /// A lower bound on the moves to `goal`, with the same parity as any path to it.
    pub fn manhattan_to(&self, goal: &Board) -> usize {
        let mut goal_cell = vec![Cell(0); self.tiles.len()];
        for (cell, &tile) in goal.tiles.iter().enumerate() {
            goal_cell[tile as usize] = Cell(cell);
        }
        self.tiles
            .iter()
            .enumerate()
            .filter(|&(_, &tile)| tile != BLANK)
            .map(|(cell, &tile)| self.shape.manhattan(Cell(cell), goal_cell[tile as usize]))
            .sum()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({}, {self})", self.shape)
    }
}

/// Rows separated by ` / `, tiles by spaces, the blank as `_`: `1 2 3 / 4 5 6 / 7 8 _`.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (row_idx, row) in self.tiles.chunks(self.shape.cols()).enumerate() {
            if row_idx > 0 {
                f.write_str(" / ")?;
            }
            for (i, &tile) in row.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                if tile == BLANK {
                    f.write_str("_")?;
                } else {
                    write!(f, "{tile}")?;
                }
            }
        }
        Ok(())
    }
}

/// Reads a board as [`Board`]'s `Display` writes it (`1 2 3 / 4 5 6 / 7 8 _`), so a board
/// printed in an answer can be checked again where only the answer is at hand.
///
/// ```
/// use sliding::Board;
///
/// let board: Board = "1 _ 3 / 4 2 5 / 7 8 6".parse()?;
/// assert_eq!(board.tiles(), &[1, 0, 3, 4, 2, 5, 7, 8, 6]);
/// assert_eq!(board.to_string().parse::<Board>()?, board);
/// assert!("1 2 / 3".parse::<Board>().unwrap_err().contains("row 2 has 1 tiles"));
/// # Ok::<(), String>(())
/// ```
impl std::str::FromStr for Board {
    type Err = String;

    fn from_str(text: &str) -> Result<Board, String> {
        let mut tiles = Vec::new();
        let mut rows = 0;
        let mut cols = 0;
        for (row_idx, row) in text.split('/').enumerate() {
            let before = tiles.len();
            for token in row.split_whitespace() {
                if tiles.len() >= MAX_BOARD_CELLS {
                    return Err(format!("more than {MAX_BOARD_CELLS} tiles"));
                }
                tiles.push(match token {
                    "_" => BLANK,
                    _ => token.parse().map_err(|_| {
                        format!("`{}` is neither a tile number nor the blank `_`", puzzle_core::text::excerpt(token))
                    })?,
                });
            }
            let width = tiles.len() - before;
            if row_idx == 0 {
                cols = width;
            } else if width != cols {
                return Err(format!("row {} has {width} tiles, but row 1 has {cols}", row_idx + 1));
            }
            rows += 1;
        }
        Board::try_from(BoardSpec { rows, cols, tiles }).map_err(|e| e.to_string())
    }
}

/// A 3×3 board one move (east) from the blank-last goal, and that goal: the checkers' tests'
/// board.
#[cfg(test)]
pub(crate) fn one_move_from_goal() -> (Board, Board) {
    let board =
        Board::try_from(BoardSpec { rows: 3, cols: 3, tiles: vec![1, 2, 3, 4, 5, 6, 7, 0, 8] }).expect("a valid board");
    let goal = Board::goal(board.shape(), GoalKind::BlankLast).expect("a goal");
    (board, goal)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(rows: usize, cols: usize, tiles: &[u32], expected: Result<&str, BoardError>) {
        let got = Board::try_from(BoardSpec { rows, cols, tiles: tiles.to_vec() }).map(|b| b.to_string());
        assert_eq!(got.as_deref().map_err(Clone::clone), expected, "{rows}x{cols} {tiles:?}");
    }

    #[test]
    fn validation() {
        check(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0], Ok("1 2 3 / 4 5 6 / 7 8 _"));
        check(2, 3, &[0, 1, 2, 3, 4, 5], Ok("_ 1 2 / 3 4 5"));
        check(1, 3, &[0, 1, 2], Err(BoardError::TooSmall { rows: 1, cols: 3 }));
        // The shape is refused before the tiles are looked at.
        check(1025, 1024, &[0, 1, 2], Err(BoardError::TooLarge { rows: 1025, cols: 1024 }));
        check(usize::MAX, 2, &[0, 1, 2], Err(BoardError::TooLarge { rows: usize::MAX, cols: 2 }));
        check(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8], Err(BoardError::WrongCount { expected: 9, found: 8 }));
        check(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 9], Err(BoardError::OutOfRange { cell: 8, value: 9, max: 8 }));
        check(3, 3, &[1, 2, 3, 4, 5, 6, 7, 1, 0], Err(BoardError::Duplicate { cell: 7, value: 1 }));
        check(3, 3, &[0, 2, 3, 4, 5, 6, 7, 1, 0], Err(BoardError::Duplicate { cell: 8, value: 0 }));
        check(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 1], Err(BoardError::NoBlank));
    }

    #[test]
    fn messages() {
        assert_eq!(BoardError::Duplicate { cell: 3, value: 0 }.to_string(), "a second blank");
        assert_eq!(
            BoardError::TooLarge { rows: 50, cols: 1_048_576 }.to_string(),
            "a 50x1048576 board has 52428800 cells, more than the largest supported, 1048576 cells (1024x1024)"
        );
        assert_eq!(BoardError::Duplicate { cell: 3, value: 5 }.to_string(), "tile 5 appears twice");
    }

    #[test]
    fn moves_and_replay() {
        let goal = Board::goal(Shape::new(3, 3).unwrap(), GoalKind::BlankLast).unwrap();
        assert_eq!(goal.moved(Direction::South), None);
        assert_eq!(goal.moved(Direction::East), None);
        let up = goal.moved(Direction::North).unwrap();
        assert_eq!(up.to_string(), "1 2 3 / 4 5 _ / 7 8 6");
        assert_eq!(up.moved(Direction::South).as_ref(), Some(&goal));
        assert_eq!(
            goal.replay(&[Direction::North, Direction::West, Direction::South]).unwrap().to_string(),
            "1 2 3 / 4 8 5 / 7 _ 6"
        );
        assert_eq!(goal.replay(&[Direction::North, Direction::East]), Err(1));
        assert_eq!(up.manhattan_to(&goal), 1);
    }
}
