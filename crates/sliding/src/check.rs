//! The independent check every answer passes before a caller sees it: the path replays to the
//! goal, respects the Manhattan bound and its parity, and "unsolvable" agrees with the parity
//! rule. It shares nothing with the searches.

use puzzle_core::Parity;

use crate::answer::{Outcome, Path};
use crate::board::Board;
use crate::replay::CheckError;
use crate::solvable::is_solvable;

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
/// # Ok::<(), sliding::parse::BoardError>(())
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
