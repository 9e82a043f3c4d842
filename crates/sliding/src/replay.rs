//! A board replayed move by move at memory speed: the checker that follows a path handed over in
//! chunks (the fast solver's answers for big boards are never held whole in memory).

use puzzle_core::{Direction, Shape};

use thiserror::Error;

use crate::board::{Board, BLANK};
use crate::solvable::is_solvable;

/// Why an answer failed its check; always a bug in the solver, never bad input.
///
/// ```
/// use puzzle_core::Direction;
/// use sliding::{check, Board, BoardSpec, CheckError, GoalKind, Verdict, Path};
///
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![1, 2, 0, 3] })?;
/// let goal = Board::goal(board.shape(), GoalKind::BlankLast)?;
/// // The blank is on the bottom row, so a first move down leaves the board.
/// let off = Verdict::Solved(Path::Moves(vec![Direction::South]));
/// assert_eq!(check(&board, &goal, &off), Err(CheckError::OffBoard { index: 0 }));
/// // One move right solves it, so "unsolvable" is wrong.
/// assert_eq!(check(&board, &goal, &Verdict::Unsolvable), Err(CheckError::Solvability));
/// # Ok::<(), sliding::parse::BoardError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CheckError {
    /// Move `index` leaves the board.
    #[error("move {index} of the path leaves the board")]
    OffBoard {
        /// The 0-based index of the move.
        index: usize,
    },
    /// The path ends on another board than the goal.
    #[error("the path ends at {end}, not at the goal")]
    WrongEnd {
        /// Where it ends.
        end: String,
    },
    /// The path length and the Manhattan distance differ in parity, which no path can do.
    #[error("a path of {moves} moves cannot have Manhattan distance {manhattan}")]
    ParityMismatch {
        /// Path length.
        moves: usize,
        /// Manhattan distance of the board.
        manhattan: usize,
    },
    /// The path is shorter than the Manhattan lower bound.
    #[error("a path of {moves} moves is shorter than the Manhattan distance {manhattan}")]
    BelowLowerBound {
        /// Path length.
        moves: usize,
        /// Manhattan distance of the board.
        manhattan: usize,
    },
    /// The answer says unsolvable (or solved) against the parity rule.
    #[error("the answer disagrees with the parity rule")]
    Solvability,
    /// The answer claims a lower bound on the fewest moves above the moves of its own path.
    #[error("the answer claims at least {bound} moves but its path has {moves}")]
    BoundAboveMoves {
        /// The claimed lower bound.
        bound: u64,
        /// The moves of the path.
        moves: u64,
    },
}

/// The change of row and column of each direction (in [`Direction::index`] order), as wrapping
/// additions.
const STEPS: [(usize, usize); 4] = [(usize::MAX, 0), (0, usize::MAX), (1, 0), (0, 1)];

/// A board and the moves applied to it so far; [`Replay::finish`] makes the same checks as
/// [`check`](crate::check) does on a whole path.
///
/// ```
/// use sliding::{Board, BoardSpec, GoalKind};
/// use sliding::constructive::Replay;
/// use puzzle_core::{Direction, Shape};
/// let start = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![1, 2, 0, 3] })?;
/// let goal = Board::goal(Shape::new(2, 2)?, GoalKind::BlankLast)?;
/// let mut replay = Replay::new(&start);
/// replay.apply(&[Direction::East])?;
/// assert_eq!(replay.n_moves(), 1);
/// replay.finish(&start, &goal)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Replay {
    shape: Shape,
    tiles: Vec<u32>,
    rows: usize,
    cols: usize,
    blank: usize,
    blank_row: usize,
    blank_col: usize,
    n_moves: u64,
}

impl Replay {
    /// `board` with no move made yet.
    pub fn new(board: &Board) -> Replay {
        let shape = board.shape();
        let (rows, cols) = (shape.rows(), shape.cols());
        let blank = board.blank().0;
        Replay {
            shape,
            tiles: board.tiles().to_vec(),
            rows,
            cols,
            blank,
            blank_row: blank / cols,
            blank_col: blank % cols,
            n_moves: 0,
        }
    }

    /// Makes `moves`, in order; [`CheckError::OffBoard`] (its index counted from the first move
    /// ever applied) at the first that leaves the board, the moves before it made.
    pub fn apply(&mut self, moves: &[Direction]) -> Result<(), CheckError> {
        // The blank's cell always holds `BLANK`: a move copies the tile it meets into the
        // blank's cell and leaves the new blank cell as it is (a stale value that no move reads,
        // since no move reads the blank's own cell); `BLANK` is written there once at the end.
        // Without a branch on the direction: a move off the board wraps a coordinate past the
        // edge, which one comparison each catches.
        let (rows, cols) = (self.rows, self.cols);
        let offsets = [cols.wrapping_neg(), usize::MAX, cols, 1];
        let (mut row, mut col, mut blank) = (self.blank_row, self.blank_col, self.blank);
        let tiles = &mut self.tiles[..];
        let mut failed = None;
        for (i, &dir) in moves.iter().enumerate() {
            let k = dir.index();
            let (d_row, d_col) = STEPS[k];
            let (next_row, next_col) = (row.wrapping_add(d_row), col.wrapping_add(d_col));
            if (next_row >= rows) | (next_col >= cols) {
                failed = Some(i);
                break;
            }
            (row, col) = (next_row, next_col);
            let next = blank.wrapping_add(offsets[k]);
            tiles[blank] = tiles[next];
            blank = next;
        }
        tiles[blank] = BLANK;
        (self.blank_row, self.blank_col, self.blank) = (row, col, blank);
        match failed {
            None => {
                self.n_moves += moves.len() as u64;
                Ok(())
            }
            Some(i) => {
                self.n_moves += i as u64;
                Err(CheckError::OffBoard { index: self.n_moves as usize })
            }
        }
    }

    /// The moves applied so far.
    #[cfg(any(test, feature = "test-support"))]
    pub fn n_moves(&self) -> u64 {
        self.n_moves
    }

    /// The board now.
    pub(crate) fn board(&self) -> Board {
        Board::from_parts(self.shape, self.tiles.clone(), self.blank)
    }

    /// Whether the moves applied to `start` make a valid answer for `goal`: the goal reachable,
    /// reached, and the number of moves at least the Manhattan distance and of its parity.
    pub fn finish(&self, start: &Board, goal: &Board) -> Result<(), CheckError> {
        if !is_solvable(start, goal) {
            return Err(CheckError::Solvability);
        }
        if self.tiles != goal.tiles() {
            return Err(CheckError::WrongEnd { end: self.board().to_string() });
        }
        let manhattan = start.manhattan_to(goal);
        let moves = self.n_moves as usize;
        if moves % 2 != manhattan % 2 {
            return Err(CheckError::ParityMismatch { moves, manhattan });
        }
        if moves < manhattan {
            return Err(CheckError::BelowLowerBound { moves, manhattan });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BoardSpec, GoalKind};

    fn board(rows: usize, cols: usize, tiles: Vec<u32>) -> Board {
        Board::try_from(BoardSpec { rows, cols, tiles }).unwrap()
    }

    /// The replay agrees with `Board::replay` move for move, chunked or not, on every move of
    /// a walk that bumps into every edge.
    #[test]
    fn agrees_with_the_board() {
        let start = board(3, 4, vec![5, 1, 2, 3, 0, 6, 7, 4, 9, 10, 11, 8]);
        let walk: Vec<Direction> =
            (0..200u64).map(|i| Direction::from_index((i * 7 + i / 3) as usize)).collect::<Vec<_>>();
        let expected = start.replay(&walk);
        for chunk in [1, 3, 64, 1000] {
            let mut replay = Replay::new(&start);
            let result = walk.chunks(chunk).try_for_each(|moves| replay.apply(moves));
            match &expected {
                Ok(end) => {
                    assert_eq!(result, Ok(()));
                    assert_eq!(&replay.board(), end);
                }
                Err(index) => assert_eq!(result, Err(CheckError::OffBoard { index: *index })),
            }
        }
    }

    #[test]
    fn finish_checks_like_check() {
        let goal = Board::goal(Shape::new(2, 2).unwrap(), GoalKind::BlankLast).unwrap();
        let start = board(2, 2, vec![1, 2, 0, 3]);
        let mut replay = Replay::new(&start);
        assert!(matches!(replay.finish(&start, &goal), Err(CheckError::WrongEnd { .. })));
        replay.apply(&[Direction::East]).unwrap();
        assert_eq!(replay.finish(&start, &goal), Ok(()));
        assert_eq!(replay.apply(&[Direction::East]), Err(CheckError::OffBoard { index: 1 }));
    }
}
