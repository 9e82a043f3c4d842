//! An independent checker for answers: every piece used once, rotations allowed, all touching
//! sides matching.
//!
//! It is deliberately plain and shares nothing with the solver's tables: it turns pieces with
//! its own index arithmetic and compares marks with [`Mark::fits`], so a bug in the solver's
//! encoding cannot hide here as well.

use puzzle_core::Rotation;

use crate::mark::Mark;
use crate::puzzle::{Placement, Puzzle};

/// Placements that passed [`check_solution`] for a puzzle; the only way to make one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    placements: Vec<Placement>,
}

impl Solution {
    /// The placements, row-major from the top-left.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// The placements, row-major from the top-left.
    pub fn into_placements(self) -> Vec<Placement> {
        self.placements
    }
}

/// Why placements are not a solution. Cells are numbered row-major from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// Not one placement per cell.
    #[error("{found} placements for a board of {cells} cells")]
    WrongLength {
        /// Cells on the board.
        cells: usize,
        /// Placements given.
        found: usize,
    },
    /// A placement names a piece that does not exist.
    #[error("cell {cell} holds piece {piece}, but there are only {n_pieces} pieces")]
    NoSuchPiece {
        /// The cell.
        cell: usize,
        /// The piece named.
        piece: usize,
        /// How many pieces the puzzle has.
        n_pieces: usize,
    },
    /// A piece lies on two cells.
    #[error("piece {piece} lies on cell {first} and on cell {again}")]
    PieceReused {
        /// The piece.
        piece: usize,
        /// The first cell holding it.
        first: usize,
        /// The second cell holding it.
        again: usize,
    },
    /// A piece is turned although rotations are not allowed.
    #[error("cell {cell} turns its piece but rotations are not allowed")]
    RotationNotAllowed {
        /// The cell.
        cell: usize,
    },
    /// Two touching sides do not match.
    #[error("cell {cell} shows {mark} where cell {neighbour} shows {other}, which does not match")]
    Mismatch {
        /// The cell to the north or west.
        cell: usize,
        /// The cell to its south or east.
        neighbour: usize,
        /// The mark `cell` shows on the touching side.
        mark: Mark,
        /// The mark `neighbour` shows on the touching side.
        other: Mark,
    },
}

/// Checks that `placements` (row-major) solve `puzzle`.
pub fn check_solution(puzzle: &Puzzle, placements: &[Placement]) -> Result<Solution, CheckError> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let n_pieces = puzzle.pieces().len();
    if placements.len() != rows * cols {
        return Err(CheckError::WrongLength { cells: rows * cols, found: placements.len() });
    }
    let mut cell_of_piece: Vec<Option<usize>> = vec![None; n_pieces];
    for (cell, placement) in placements.iter().enumerate() {
        let piece = placement.piece;
        if piece >= n_pieces {
            return Err(CheckError::NoSuchPiece { cell, piece, n_pieces });
        }
        if let Some(first) = cell_of_piece[piece] {
            return Err(CheckError::PieceReused { piece, first, again: cell });
        }
        cell_of_piece[piece] = Some(cell);
        if !puzzle.rotate() && placement.rotation != Rotation::R0 {
            return Err(CheckError::RotationNotAllowed { cell });
        }
    }
    // As many placements as pieces, none repeated: every piece is used exactly once.
    let shown = |cell: usize, side: usize| -> Mark {
        let placement = placements[cell];
        // Turning by r moves the mark on side d to side d + r, so side `side` now shows what
        // was on side `side - r`.
        let original = (side + 4 - placement.rotation.quarter_turns()) % 4;
        puzzle.pieces()[placement.piece].sides[original]
    };
    const NORTH: usize = 0;
    const WEST: usize = 1;
    const SOUTH: usize = 2;
    const EAST: usize = 3;
    for row in 0..rows {
        for col in 0..cols {
            let cell = row * cols + col;
            let mut touching = Vec::new();
            if col + 1 < cols {
                touching.push((cell + 1, EAST, WEST));
            }
            if row + 1 < rows {
                touching.push((cell + cols, SOUTH, NORTH));
            }
            for (neighbour, side, other_side) in touching {
                let (mark, other) = (shown(cell, side), shown(neighbour, other_side));
                if !mark.fits(other) {
                    return Err(CheckError::Mismatch { cell, neighbour, mark, other });
                }
            }
        }
    }
    Ok(Solution { placements: placements.to_vec() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{parse_puzzle, ParseOptions};

    const EXAMPLE: &str = "A* B* B/ C*\nB/ A* C/ C*\nC* A/ B/ B*\nA* C* B/ B*\nD+ C/ A* B/\n\
                           D+ A/ C/ D-\nD- A* A/ C/\nA* B/ C* D-\nD+ A/ A* B*\n";
    const ANSWER: [(usize, usize); 9] = [(0, 2), (1, 1), (7, 3), (2, 3), (6, 2), (5, 0), (4, 1), (8, 0), (3, 3)];

    fn check(puzzle: &str, rotate: bool, placements: &[(usize, usize)], expected: Result<(), CheckError>) {
        let puzzle = parse_puzzle(puzzle, &ParseOptions { size: None, rotate }).unwrap();
        let placements: Vec<Placement> = placements
            .iter()
            .map(|&(piece, turns)| Placement { piece, rotation: Rotation::from_quarter_turns(turns) })
            .collect();
        let got = check_solution(&puzzle, &placements).map(|solution| assert_eq!(solution.placements(), placements));
        assert_eq!(got, expected, "{placements:?}");
    }

    fn with(cell: usize, placement: (usize, usize)) -> Vec<(usize, usize)> {
        let mut answer = ANSWER.to_vec();
        answer[cell] = placement;
        answer
    }

    #[test]
    fn accepts_the_answer() {
        check(EXAMPLE, true, &ANSWER, Ok(()));
        check("A+ B+ C+ D+", true, &[(0, 3)], Ok(()));
        check("A+ B+ C+ D+", false, &[(0, 0)], Ok(()));
    }

    #[test]
    fn rejects_wrong_placements() {
        let mark = |text: &str| text.parse::<Mark>().unwrap();
        check(EXAMPLE, true, &ANSWER[..8], Err(CheckError::WrongLength { cells: 9, found: 8 }));
        check(EXAMPLE, true, &with(8, (9, 3)), Err(CheckError::NoSuchPiece { cell: 8, piece: 9, n_pieces: 9 }));
        check(EXAMPLE, true, &with(8, (0, 2)), Err(CheckError::PieceReused { piece: 0, first: 0, again: 8 }));
        // Piece 3 turned back to rotation 0 no longer meets its neighbours.
        let turned = with(8, (3, 0));
        check(
            EXAMPLE,
            true,
            &turned,
            Err(CheckError::Mismatch { cell: 5, neighbour: 8, mark: mark("C/"), other: mark("A*") }),
        );
        check("A+ B+ C+ D+", false, &[(0, 1)], Err(CheckError::RotationNotAllowed { cell: 0 }));
        // Swapping the first two pieces still matches between them, but no longer on the right.
        let mut swapped = ANSWER.to_vec();
        swapped.swap(0, 1);
        check(
            EXAMPLE,
            true,
            &swapped,
            Err(CheckError::Mismatch { cell: 1, neighbour: 2, mark: mark("B*"), other: mark("C*") }),
        );
    }

    #[test]
    fn messages() {
        let err = CheckError::PieceReused { piece: 0, first: 0, again: 8 };
        assert_eq!(err.to_string(), "piece 0 lies on cell 0 and on cell 8");
    }
}
