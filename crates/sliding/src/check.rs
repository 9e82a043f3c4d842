//! The independent check every answer passes before a caller sees it: the path replays to the
//! goal, respects the Manhattan bound and its parity, and "unsolvable" agrees with the parity
//! rule. It shares nothing with the searches.

use puzzle_core::Parity;
use thiserror::Error;

use crate::answer::{Outcome, Path};
use crate::board::Board;
use crate::solvable::is_solvable;

/// Why an answer failed its check; always a bug in the solver, never bad input.
///
/// ```
/// use puzzle_core::Direction;
/// use sliding::{check, Board, BoardSpec, CheckError, GoalKind, Outcome, Path};
///
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![1, 2, 0, 3] })?;
/// let goal = Board::goal(board.shape(), GoalKind::BlankLast)?;
/// // The blank is on the bottom row, so a first move down leaves the board.
/// let off = Outcome::Solved(Path::Moves(vec![Direction::South]));
/// assert_eq!(check(&board, &goal, &off), Err(CheckError::OffBoard { index: 0 }));
/// // One move right solves it, so "unsolvable" is wrong.
/// assert_eq!(check(&board, &goal, &Outcome::Unsolvable), Err(CheckError::Solvability));
/// # Ok::<(), sliding::BoardError>(())
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
}

/// Checks `outcome` for `board` and `goal` independently of how it was found: a path must stay
/// on the board, end at the goal, respect the Manhattan bound and its parity; "unsolvable" must
/// agree with the parity rule. A fast answer's moves are read whole first.
///
/// Optimality itself is not re-proved here; the tests compare the solver with exhaustive search.
///
/// ```
/// use puzzle_core::Direction;
/// use sliding::{check, Board, BoardSpec, CheckError, GoalKind, Outcome, Path};
///
/// // 1 2
/// // _ 3
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![1, 2, 0, 3] })?;
/// let goal = Board::goal(board.shape(), GoalKind::BlankLast)?;
/// let right = Outcome::Solved(Path::Moves(vec![Direction::East]));
/// assert_eq!(check(&board, &goal, &right), Ok(()));
/// // Up takes the blank to the top-left corner, which is not the goal.
/// let up = Outcome::Solved(Path::Moves(vec![Direction::North]));
/// assert!(matches!(check(&board, &goal, &up), Err(CheckError::WrongEnd { .. })));
/// # Ok::<(), sliding::BoardError>(())
/// ```
pub fn check(board: &Board, goal: &Board, outcome: &Outcome) -> Result<(), CheckError> {
    match outcome {
        Outcome::Solved(Path::Moves(path)) => {
            if !is_solvable(board, goal) {
                return Err(CheckError::Solvability);
            }
            let end = board.replay(path).map_err(|index| CheckError::OffBoard { index })?;
            if &end != goal {
                return Err(CheckError::WrongEnd { end: end.to_string() });
            }
            let manhattan = board.manhattan_to(goal);
            if Parity::of(path.len()) != Parity::of(manhattan) {
                return Err(CheckError::ParityMismatch { moves: path.len(), manhattan });
            }
            if path.len() < manhattan {
                return Err(CheckError::BelowLowerBound { moves: path.len(), manhattan });
            }
            Ok(())
        }
        // Read whole, to be checked as moves in memory are: the planner checks a fast answer by
        // replay as it is made instead, and printing reads it again checked.
        Outcome::Solved(path @ Path::Fast(_)) => match path.first_moves(usize::MAX) {
            Ok(moves) => check(board, goal, &Outcome::Solved(Path::Moves(moves))),
            Err(wrong) => Err(CheckError::WrongEnd { end: wrong }),
        },
        Outcome::Unsolvable if is_solvable(board, goal) => Err(CheckError::Solvability),
        Outcome::Unsolvable | Outcome::GaveUp => Ok(()),
    }
}
