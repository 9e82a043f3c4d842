//! The constructive solver's answers as [`Verdict`]s: checked as they are made and kept as a
//! [`FastPath`](crate::constructive::FastPath) ([`solve_fast_checked`], what
//! [`Planner::solve_fast`](crate::Planner::solve_fast) answers with: the one fast path). Apart
//! from `constructive`, which the answer's [`Path`] reads back, so that neither imports the other.

use search::Limits;

use crate::answer::{Path, Verdict};
use crate::board::Board;
use crate::constructive::{checked_path, KeepMoves};
use crate::replay::CheckError;
use crate::solvable::is_solvable;

/// The constructive solver's answer for `board`, each move checked by replay as it is made
/// (the same checks as [`check`](crate::check)) and then kept as `keep` says: compressed, or
/// only counted, in a [`FastPath`](crate::constructive::FastPath).
///
/// `Err` is a path that failed its check, a bug in the solver.
///
/// ```
/// use sliding::{check, Limits, Verdict};
/// use sliding::constructive::KeepMoves;
/// use sliding::parse::parse_judge_a;
/// use sliding::testing::solve_fast_checked;
///
/// let board = parse_judge_a("0 1 2\n3 4 5\n6 7 8\n")?;
/// let goal = parse_judge_a("1 2 3\n4 5 6\n7 8 0\n")?;
/// let outcome = solve_fast_checked(&board, &goal, &Limits::NONE, &KeepMoves::Count)?;
/// assert!(matches!(outcome, Verdict::Solved(_)));
/// assert_eq!(check(&board, &goal, &outcome), Ok(()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_fast_checked(
    board: &Board,
    goal: &Board,
    limits: &Limits<'_>,
    keep: &KeepMoves,
) -> Result<Verdict, CheckError> {
    if board.shape() != goal.shape() || !is_solvable(board, goal) {
        return Ok(Verdict::Unsolvable);
    }
    Ok(checked_path(board, goal, limits, keep)?.map_or(Verdict::GaveUp, |path| Verdict::Solved(Path::Fast(path))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::Path;
    use crate::check;
    use crate::constructive::KeepMoves;
    use crate::replay::CheckError;
    use puzzle_core::Direction::{South, West};
    use search::Limits;

    /// A fast answer's moves, made again and streamed, pass the same checks as the moves in
    /// memory, and fail them from another start.
    #[test]
    fn fast_paths_are_checked_streamed() {
        let (board, goal) = crate::board::one_move_from_goal();
        let fast = solve_fast_checked(&board, &goal, &Limits::NONE, &KeepMoves::Count).expect("checked");
        assert!(matches!(fast, Verdict::Solved(Path::Fast(_))));
        assert_eq!(check::check(&board, &goal, &fast), Ok(()));
        // From the goal itself the same moves either leave the board or end elsewhere.
        assert!(check::check(&goal, &goal, &fast).is_err());
        let off = Verdict::Solved(Path::Moves(vec![South]));
        assert_eq!(check::check(&board, &goal, &off), Err(CheckError::OffBoard { index: 0 }));
        let west = Verdict::Solved(Path::Moves(vec![West]));
        assert!(matches!(check::check(&board, &goal, &west), Err(CheckError::WrongEnd { .. })));
    }
}
