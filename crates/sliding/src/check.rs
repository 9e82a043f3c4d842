//! The independent check every answer passes before a caller sees it: the path replays to the
//! goal, respects the Manhattan bound and its parity, and "unsolvable" agrees with the parity
//! rule. It shares nothing with the searches.

use crate::answer::{Answer, Verdict};
use crate::board::Board;
use crate::replay::{CheckError, Replay};
use crate::solvable::is_solvable;

/// Checks `outcome` for `board` and `goal` independently of how it was found: a path must stay
/// on the board, end at the goal, respect the Manhattan bound and its parity; "unsolvable" must
/// agree with the parity rule. The moves are streamed through a [`Replay`], a fast answer's made
/// again chunk by chunk, so memory stays that of one board however long the path.
///
/// Optimality itself is not re-proved here; the tests compare the solver with exhaustive search.
///
/// ```
/// use puzzle_core::Direction;
/// use sliding::{check, Board, BoardSpec, CheckError, GoalKind, Verdict, Path};
///
/// // 1 2
/// // _ 3
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![1, 2, 0, 3] })?;
/// let goal = Board::goal(board.shape(), GoalKind::BlankLast)?;
/// let right = Verdict::Solved(Path::Moves(vec![Direction::East]));
/// assert_eq!(check(&board, &goal, &right), Ok(()));
/// // Up takes the blank to the top-left corner, which is not the goal.
/// let up = Verdict::Solved(Path::Moves(vec![Direction::North]));
/// assert!(matches!(check(&board, &goal, &up), Err(CheckError::WrongEnd { .. })));
/// # Ok::<(), sliding::parse::BoardError>(())
/// ```
pub fn check(board: &Board, goal: &Board, outcome: &Verdict) -> Result<(), CheckError> {
    match outcome {
        Verdict::Solved(path) => {
            if !is_solvable(board, goal) {
                return Err(CheckError::Solvability);
            }
            let mut replay = Replay::new(board);
            path.stream_or(&mut |moves| replay.apply(moves), |end| CheckError::WrongEnd { end })?;
            replay.finish(board, goal)
        }
        Verdict::Unsolvable if is_solvable(board, goal) => Err(CheckError::Solvability),
        Verdict::Unsolvable | Verdict::GaveUp => Ok(()),
    }
}

impl Answer {
    /// [`check`] of the answer's outcome, and its claimed lower bound at most the moves of its
    /// path: what every answer passes before a caller sees it.
    ///
    /// ```
    /// use puzzle_core::Direction;
    /// use sliding::{Answer, Board, BoardSpec, CheckError, GoalKind, Method, Verdict, Path};
    ///
    /// let board = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![1, 2, 0, 3] })?;
    /// let goal = Board::goal(board.shape(), GoalKind::BlankLast)?;
    /// let right = || Verdict::Solved(Path::Moves(vec![Direction::East]));
    /// assert_eq!(Answer::new(right(), 0, 1, Method::Fast).check(&board, &goal), Ok(()));
    /// let claimed = Answer::new(right(), 0, 3, Method::Fast);
    /// assert_eq!(claimed.check(&board, &goal), Err(CheckError::BoundAboveMoves { bound: 3, moves: 1 }));
    /// # Ok::<(), sliding::parse::BoardError>(())
    /// ```
    pub fn check(&self, board: &Board, goal: &Board) -> Result<(), CheckError> {
        check(board, goal, self.verdict())?;
        self.check_bound()
    }

    /// The claimed lower bound at most the moves of the path, without reading the moves: all of
    /// [`Answer::check`] a fast answer needs once its moves were checked as they were made.
    pub(crate) fn check_bound(&self) -> Result<(), CheckError> {
        match (self.verdict(), self.lower_bound()) {
            (Verdict::Solved(path), Some(bound)) if bound > path.n_moves() => {
                Err(CheckError::BoundAboveMoves { bound, moves: path.n_moves() })
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::{Method, Path};
    use puzzle_core::Direction::{East, North, South};

    /// A bound above the path's length is refused, one at or below it is not; the same path's
    /// outcome alone passes either way.
    #[test]
    fn a_bound_above_the_moves_is_refused() {
        let (board, goal) = crate::board::one_move_from_goal();
        // Three moves: east, then away and back, so bounds 1 and 3 are both at most the moves.
        let path = || Verdict::Solved(Path::Moves(vec![East, North, South]));
        assert_eq!(check(&board, &goal, &path()), Ok(()));
        for bound in [1, 3] {
            assert_eq!(Answer::new(path(), 0, bound, Method::Fast).check(&board, &goal), Ok(()));
        }
        for bound in [4, 5, 40] {
            let answer = Answer::new(path(), 0, bound, Method::Table);
            assert_eq!(answer.check(&board, &goal), Err(CheckError::BoundAboveMoves { bound, moves: 3 }));
        }
        // A bound on an answer that gave up has no path to exceed.
        assert_eq!(Answer::new(Verdict::GaveUp, 0, 40, Method::Fast).check(&board, &goal), Ok(()));
    }
}
