//! Pieces, placements and puzzles: an unvalidated [`PuzzleSpec`] becomes a [`Puzzle`] that
//! cannot be wrong through [`TryFrom`].

use std::fmt;

use puzzle_core::{Direction, Rotation, Shape};

use crate::code::{EdgeCode, Matching};
use crate::mark::Mark;

/// A square piece: one mark on each side, indexed by [`Direction::index`] (north, west, south,
/// east).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The marks on the north, west, south and east sides, in that order.
    pub sides: [Mark; 4],
}

impl Piece {
    /// The mark on side `dir`.
    pub const fn side(self, dir: Direction) -> Mark {
        self.sides[dir.index()]
    }

    /// The piece turned by `rotation`: the mark on side `d` moves to side `d + r` (mod 4).
    pub fn rotated(self, rotation: Rotation) -> Piece {
        Piece { sides: rotation.rotate_sides(self.sides) }
    }
}

impl fmt::Display for Piece {
    /// The marks-format line of the piece, e.g. `A* B* B/ C*`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [north, west, south, east] = self.sides;
        write!(f, "{north} {west} {south} {east}")
    }
}

/// One cell of an answer: which piece (by input index) lies there, turned how far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// The piece's index in input order, from 0.
    pub piece: usize,
    /// How far the piece is turned counter-clockwise.
    pub rotation: Rotation,
}

impl fmt::Display for Placement {
    /// `(piece,rotation)`, e.g. `(7,3)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.piece, self.rotation.quarter_turns())
    }
}

/// A puzzle as read, not yet checked: any values may be stored here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSpec {
    /// The number of rows of the board.
    pub rows: usize,
    /// The number of columns of the board.
    pub cols: usize,
    /// The pieces in input order; there must be exactly `rows * cols` of them.
    pub pieces: Vec<Piece>,
    /// Whether pieces may be turned.
    pub rotate: bool,
}

/// Why a [`PuzzleSpec`] is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// The board has no rows or no columns.
    #[error("a board needs at least one row and one column")]
    EmptyBoard,
    /// The pieces do not fill the board exactly.
    #[error("a {rows}x{cols} board needs {} pieces, found {pieces}", *rows as u128 * *cols as u128)]
    WrongPieceCount {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// Pieces given.
        pieces: usize,
    },
    /// More pieces than the solver indexes.
    #[error("too many pieces: {pieces}, at most {max}")]
    TooManyPieces {
        /// Pieces given.
        pieces: usize,
        /// The most a puzzle may have, [`Puzzle::MAX_PIECES`].
        max: usize,
    },
}

/// A valid puzzle: at least one row and one column, exactly one piece per cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    shape: Shape,
    pieces: Vec<Piece>,
    rotate: bool,
}

impl Puzzle {
    /// The most pieces a puzzle may have: the engine's most cells
    /// ([`ColourPuzzle::MAX_CELLS`](crate::ColourPuzzle::MAX_CELLS)).
    pub const MAX_PIECES: usize = crate::colour::ColourPuzzle::MAX_CELLS;

    /// The board's dimensions.
    pub const fn shape(&self) -> Shape {
        self.shape
    }

    /// The number of rows.
    pub const fn rows(&self) -> usize {
        self.shape.rows()
    }

    /// The number of columns.
    pub const fn cols(&self) -> usize {
        self.shape.cols()
    }

    /// The pieces in input order, one per cell.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// Whether pieces may be turned.
    pub const fn rotate(&self) -> bool {
        self.rotate
    }

    /// The rotations a piece may take, in the order the search tries them.
    pub const fn rotations(&self) -> &'static [Rotation] {
        if self.rotate {
            &Rotation::ALL
        } else {
            &[Rotation::R0]
        }
    }

    /// Every piece's sides as [`EdgeCode`]s, in input order, to be compared through
    /// [`matching`](Self::matching).
    pub fn edge_codes(&self) -> Vec<[EdgeCode; 4]> {
        self.pieces.iter().map(|piece| piece.sides.map(Mark::code)).collect()
    }

    /// Which code fits against which for this puzzle's sides.
    pub fn matching(&self) -> Matching {
        Matching::marks()
    }
}

impl TryFrom<PuzzleSpec> for Puzzle {
    type Error = PuzzleError;

    fn try_from(spec: PuzzleSpec) -> Result<Puzzle, PuzzleError> {
        let shape = Shape::new(spec.rows, spec.cols).map_err(|_| PuzzleError::EmptyBoard)?;
        if spec.pieces.len() > Puzzle::MAX_PIECES {
            return Err(PuzzleError::TooManyPieces { pieces: spec.pieces.len(), max: Puzzle::MAX_PIECES });
        }
        if spec.pieces.len() != shape.n_cells() {
            return Err(PuzzleError::WrongPieceCount { rows: spec.rows, cols: spec.cols, pieces: spec.pieces.len() });
        }
        Ok(Puzzle { shape, pieces: spec.pieces, rotate: spec.rotate })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(text: &str) -> Piece {
        let marks: Vec<Mark> = text.split(' ').map(|m| m.parse().unwrap()).collect();
        Piece { sides: marks.try_into().unwrap() }
    }

    fn check(rows: usize, cols: usize, n_pieces: usize, expected: Result<(), PuzzleError>) {
        let spec = PuzzleSpec { rows, cols, pieces: vec![piece("A+ B+ C+ D+"); n_pieces], rotate: true };
        let got = Puzzle::try_from(spec).map(|puzzle| {
            assert_eq!((puzzle.rows(), puzzle.cols(), puzzle.pieces().len()), (rows, cols, n_pieces));
        });
        assert_eq!(got, expected, "{rows}x{cols} with {n_pieces} pieces");
    }

    #[test]
    fn validates_the_piece_count() {
        check(1, 1, 1, Ok(()));
        check(3, 3, 9, Ok(()));
        check(2, 3, 6, Ok(()));
        check(3, 3, 8, Err(PuzzleError::WrongPieceCount { rows: 3, cols: 3, pieces: 8 }));
        check(2, 3, 9, Err(PuzzleError::WrongPieceCount { rows: 2, cols: 3, pieces: 9 }));
        check(0, 3, 0, Err(PuzzleError::EmptyBoard));
        check(3, 0, 0, Err(PuzzleError::EmptyBoard));
    }

    #[test]
    fn messages() {
        let err = PuzzleError::WrongPieceCount { rows: 2, cols: 3, pieces: 5 };
        assert_eq!(err.to_string(), "a 2x3 board needs 6 pieces, found 5");
        assert_eq!(PuzzleError::EmptyBoard.to_string(), "a board needs at least one row and one column");
    }

    #[test]
    fn rotations_follow_the_flag() {
        let spec = |rotate| PuzzleSpec { rows: 1, cols: 1, pieces: vec![piece("A+ B+ C+ D+")], rotate };
        assert_eq!(Puzzle::try_from(spec(true)).unwrap().rotations(), &Rotation::ALL);
        assert_eq!(Puzzle::try_from(spec(false)).unwrap().rotations(), &[Rotation::R0]);
    }

    #[test]
    fn rotated_moves_side_d_to_d_plus_r() {
        let p = piece("A+ B+ C+ D+");
        assert_eq!(p.rotated(Rotation::R1), piece("D+ A+ B+ C+"));
        assert_eq!(p.rotated(Rotation::R1).side(Direction::West), p.side(Direction::North));
        assert_eq!(p.to_string(), "A+ B+ C+ D+");
        let placement = Placement { piece: 10, rotation: Rotation::R3 };
        assert_eq!(placement.to_string(), "(10,3)");
    }
}
