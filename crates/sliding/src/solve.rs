//! Optimal solutions: a table lookup for the 3×3 goal of the judges, heuristic search otherwise,
//! and an independent check of every answer.

use puzzle_core::{Direction, Parity};
use search::{Limits, Status};
use thiserror::Error;

use crate::board::{Board, GoalKind};
use crate::solvable::is_solvable;
use crate::table::DistanceTable;
use crate::MOVE_ORDER;

/// The answer for one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// An optimal sequence of blank moves to the goal.
    Solved(Vec<Direction>),
    /// The goal cannot be reached (decided by parity, without search).
    Unsolvable,
    /// A limit stopped the search before it could decide.
    GaveUp,
}

/// Why a board could not be answered.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The board and the goal have different shapes.
    #[error("the board is {board} but the goal is {goal}")]
    ShapeMismatch {
        /// The board's shape, `RxC`.
        board: String,
        /// The goal's shape, `RxC`.
        goal: String,
    },
}

/// Why an answer failed its check; always a bug in the solver, never bad input.
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

/// Finds an optimal path from `board` to `goal`.
///
/// Unsolvable boards are recognised by parity alone. The 3×3 board with the judges' goal is
/// answered from the [`DistanceTable`]; other boards use A* with the Manhattan distance (up to
/// 12 cells) or IDA* (larger boards), with moves tried in [`MOVE_ORDER`]. `limits` bounds the
/// search; the table lookup never gives up.
pub fn solve(board: &Board, goal: &Board, limits: &Limits) -> Result<Answer, SolveError> {
    if board.shape() != goal.shape() {
        return Err(SolveError::ShapeMismatch { board: board.shape().to_string(), goal: goal.shape().to_string() });
    }
    if !is_solvable(board, goal) {
        return Ok(Answer::Unsolvable);
    }
    let table = DistanceTable::blank_last();
    if goal == table.goal() {
        // The parity rule said solvable, so the table has this state; `None` would be a bug, which
        // `check` reports.
        return Ok(table.path(board).map_or(Answer::Unsolvable, Answer::Solved));
    }
    let successors =
        |b: &Board| MOVE_ORDER.iter().filter_map(|&dir| Some((dir, b.moved(dir)?, 1u32))).collect::<Vec<_>>();
    let heuristic = |b: &Board| b.manhattan_to(goal) as u32;
    let success = |b: &Board| b == goal;
    let outcome = if board.tiles().len() <= 12 {
        search::astar(board, successors, heuristic, success, limits)
    } else {
        search::idastar(board, successors, heuristic, success, limits)
    };
    Ok(match outcome.status {
        Status::Found(solution) => Answer::Solved(solution.moves),
        // Parity said solvable, so an exhausted search would be a bug, which `check` reports.
        Status::Exhausted => Answer::Unsolvable,
        Status::GaveUp => Answer::GaveUp,
    })
}

/// Checks `answer` for `board` and `goal` independently of how it was found: a path must stay
/// on the board, end at the goal, respect the Manhattan bound and its parity; "unsolvable" must
/// agree with the parity rule.
///
/// Optimality itself is not re-proved here; the tests compare the solver with exhaustive search.
pub fn check(board: &Board, goal: &Board, answer: &Answer) -> Result<(), CheckError> {
    match answer {
        Answer::Solved(path) => {
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
        Answer::Unsolvable if is_solvable(board, goal) => Err(CheckError::Solvability),
        Answer::Unsolvable | Answer::GaveUp => Ok(()),
    }
}

/// The goal of the judges for a shape: tiles in order, blank last.
pub fn judge_goal(board: &Board) -> Board {
    Board::goal(board.shape(), GoalKind::BlankLast).unwrap_or_else(|_| unreachable!("a board's shape has a goal"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSpec;

    fn board(rows: usize, cols: usize, tiles: &[u32]) -> Board {
        Board::try_from(BoardSpec { rows, cols, tiles: tiles.to_vec() }).unwrap()
    }

    fn check_solve(rows: usize, cols: usize, tiles: &[u32], kind: GoalKind, expected: Option<&str>) {
        let board = board(rows, cols, tiles);
        let goal = Board::goal(board.shape(), kind).unwrap();
        let answer = solve(&board, &goal, &Limits::NONE).unwrap();
        check(&board, &goal, &answer).unwrap();
        let path = match &answer {
            Answer::Solved(path) => Some(path.iter().map(|d| d.move_letter()).collect::<String>()),
            Answer::Unsolvable => None,
            Answer::GaveUp => panic!("no limits were set"),
        };
        assert_eq!(path.as_deref(), expected, "{board}");
    }

    #[test]
    fn paths() {
        use GoalKind::*;
        check_solve(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0], BlankLast, Some(""));
        check_solve(3, 3, &[1, 0, 3, 4, 2, 5, 7, 8, 6], BlankLast, Some("DRD"));
        check_solve(3, 3, &[1, 2, 3, 4, 5, 6, 8, 7, 0], BlankLast, None);
        check_solve(2, 2, &[1, 3, 0, 2], BlankFirst, Some("RUL"));
        check_solve(2, 3, &[1, 2, 0, 3, 4, 5], BlankFirst, Some("LL"));
        check_solve(3, 3, &[1, 2, 0, 3, 4, 5, 6, 7, 8], BlankFirst, Some("LL"));
    }

    #[test]
    fn check_rejects_wrong_answers() {
        let start = board(3, 3, &[1, 0, 3, 4, 2, 5, 7, 8, 6]);
        let goal = judge_goal(&start);
        use Direction::*;
        assert_eq!(check(&start, &goal, &Answer::Solved(vec![North])), Err(CheckError::OffBoard { index: 0 }));
        assert!(matches!(check(&start, &goal, &Answer::Solved(vec![South])), Err(CheckError::WrongEnd { .. })));
        assert_eq!(check(&start, &goal, &Answer::Unsolvable), Err(CheckError::Solvability));
        assert_eq!(check(&start, &goal, &Answer::Solved(vec![South, East, South])), Ok(()));
    }

    #[test]
    fn gives_up_at_a_limit() {
        let start = board(3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]);
        let goal = Board::goal(start.shape(), GoalKind::BlankFirst).unwrap();
        let limits = Limits { max_expanded: Some(10) };
        assert_eq!(solve(&start, &goal, &limits), Ok(Answer::GaveUp));
    }
}
