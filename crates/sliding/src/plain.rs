//! The plain solvers the planner is built from, called directly: for tests only (feature
//! `test-support`), which compare them with each other and with exhaustive tables. A program
//! solves through [`crate::Planner`].

use search::{Limits, Status};

use crate::answer::{Answer, Method, Path, Verdict};
use crate::board::Board;
use crate::heuristic::Heuristic;
use crate::ida;
use crate::solvable::is_solvable;
use crate::solve::{SolveError, ASTAR_MAX_STATES};
use crate::table_3x3::DistanceTable;
use crate::MOVE_ORDER;

/// Finds an optimal path from `board` to `goal`.
///
/// Unsolvable boards are recognised by parity alone. The 3×3 board with the judges' goal is
/// answered from the [`DistanceTable`]; other boards use IDA* with linear conflicts. `limits`
/// bounds the search; the table lookup never gives up.
///
/// ```
/// use puzzle_core::Direction;
/// use sliding::{Limits, Verdict, Path};
/// use sliding::parse::parse_judge_a;
/// use sliding::testing::solve;
///
/// let goal = parse_judge_a("1 2 3\n4 5 6\n7 8 0\n")?;
/// let board = parse_judge_a("1 2 3\n4 5 6\n7 0 8\n")?;
/// assert_eq!(solve(&board, &goal, &Limits::NONE)?, Verdict::Solved(Path::Moves(vec![Direction::East])));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(board: &Board, goal: &Board, limits: &Limits<'_>) -> Result<Verdict, SolveError> {
    if board.shape() != goal.shape() {
        return Err(SolveError::ShapeMismatch { board: board.shape().to_string(), goal: goal.shape().to_string() });
    }
    if !is_solvable(board, goal) {
        return Ok(Verdict::Unsolvable);
    }
    let table = DistanceTable::blank_last();
    if goal == table.goal() {
        // The parity rule said solvable, so the table has this state; `None` would be a bug, which
        // `check` reports.
        return Ok(table.path(board).map_or(Verdict::Unsolvable, |path| Verdict::Solved(Path::Moves(path))));
    }
    Ok(solve_with(board, goal, &Heuristic::LinearConflict, limits)?.into_verdict())
}

/// Finds the first optimal path in move order (up, down, left, right) from `board` to `goal` with IDA* and
/// `heuristic`, or says why there is none. Unsolvable boards are recognised by parity alone.
///
/// The path does not depend on the heuristic or on the number of threads: all of them find the
/// same first optimal path. A [`Heuristic::Pdb`] must have been made for this shape and goal
/// blank cell.
///
/// ```
/// use puzzle_core::{Direction, Shape};
/// use sliding::{Board, GoalKind, Limits, Verdict, Path};
/// use sliding::testing::{solve_with, Heuristic};
///
/// // The goal after the blank moves up and then left: two tiles one cell out of place.
/// let goal = Board::goal(Shape::new(2, 3)?, GoalKind::BlankLast)?;
/// let board = goal.replay(&[Direction::North, Direction::West]).expect("both moves stay on the board");
/// let answer = solve_with(&board, &goal, &Heuristic::Manhattan, &Limits::NONE)?;
/// // The two moves taken back, in reverse order, are the only path of two moves.
/// assert_eq!(answer.verdict(), &Verdict::Solved(Path::Moves(vec![Direction::East, Direction::South])));
/// assert!(answer.optimal());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_with(
    board: &Board,
    goal: &Board,
    heuristic: &Heuristic,
    limits: &Limits<'_>,
) -> Result<Answer, SolveError> {
    solve_split(board, goal, heuristic, limits, ida::SPLIT_NODES)
}

/// [`solve_with`], with iterations split across threads once one has visited `split_after`
/// nodes (2^20 in `solve_with`). For tests and tuning: the answer must not change.
///
/// ```
/// use puzzle_core::{Direction, Shape};
/// use sliding::{Board, GoalKind, Limits};
/// use sliding::testing::{solve_split, solve_with, Heuristic};
///
/// // The goal after the blank moves up and then left: two tiles one cell out of place.
/// let goal = Board::goal(Shape::new(2, 3)?, GoalKind::BlankLast)?;
/// let board = goal.replay(&[Direction::North, Direction::West]).expect("both moves stay on the board");
/// // Splitting after a single node changes the work, not the answer.
/// let split = solve_split(&board, &goal, &Heuristic::LinearConflict, &Limits::NONE, 1)?;
/// let whole = solve_with(&board, &goal, &Heuristic::LinearConflict, &Limits::NONE)?;
/// assert_eq!(split.verdict(), whole.verdict());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_split(
    board: &Board,
    goal: &Board,
    heuristic: &Heuristic,
    limits: &Limits<'_>,
    split_after: u64,
) -> Result<Answer, SolveError> {
    if let Heuristic::Pdb(pdb) = heuristic {
        if !pdb.fits(board.tiles().len()) {
            return Err(SolveError::HeuristicMismatch);
        }
    }
    // The optimal search is the weighted one with weight one, node for node.
    crate::weighted::solve_within_split(board, goal, heuristic, limits, crate::weight::Weight::ONE, split_after)
}

/// A* with the Manhattan distance over whole boards, for small boards and as a second opinion
/// in tests: the same optimal length as IDA*, though not always the same path. Boards with more
/// than [`ASTAR_MAX_STATES`] reachable boards are refused unless `limits` caps the expansions
/// below that.
///
/// ```
/// use puzzle_core::{Direction, Shape};
/// use sliding::{Board, GoalKind, Limits, Verdict};
/// use sliding::planner::SolveError;
/// use sliding::testing::solve_astar;
///
/// // The goal after the blank moves up and then left: two tiles one cell out of place.
/// let goal = Board::goal(Shape::new(2, 3)?, GoalKind::BlankLast)?;
/// let board = goal.replay(&[Direction::North, Direction::West]).expect("both moves stay on the board");
/// let answer = solve_astar(&board, &goal, &Limits::NONE)?;
/// assert!(matches!(answer.verdict(), Verdict::Solved(path) if path.n_moves() == 2));
/// // A 5x5 board has 25!/2 reachable boards: too many to keep without a node limit.
/// let big = Board::goal(Shape::new(5, 5)?, GoalKind::BlankLast)?;
/// let refused = solve_astar(&big, &big, &Limits::NONE);
/// assert!(matches!(refused, Err(SolveError::StateSpaceTooLarge { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_astar(board: &Board, goal: &Board, limits: &Limits<'_>) -> Result<Answer, SolveError> {
    if board.shape() != goal.shape() {
        return Err(SolveError::ShapeMismatch { board: board.shape().to_string(), goal: goal.shape().to_string() });
    }
    if !is_solvable(board, goal) {
        return Ok(Answer::unsolvable(Method::AStar));
    }
    // Reachable boards: n!/2, in u128 up to 34 cells, beyond which it is surely too many.
    let cells = board.tiles().len() as u128;
    let states = (2..=cells).try_fold(1u128, |acc, k| acc.checked_mul(k)).map(|all| all / 2);
    let limited = limits.max_expanded.is_some_and(|max| max <= ASTAR_MAX_STATES);
    if !limited && states.is_none_or(|states| states > u128::from(ASTAR_MAX_STATES)) {
        return Err(SolveError::StateSpaceTooLarge {
            shape: board.shape().to_string(),
            states: states.map_or_else(|| format!("more than {}", u128::MAX), |s| s.to_string()),
        });
    }
    let successors =
        |b: &Board| MOVE_ORDER.iter().filter_map(|&dir| Some((dir, b.moved(dir)?, 1u32))).collect::<Vec<_>>();
    let heuristic = |b: &Board| b.manhattan_to(goal) as u32;
    let success = |b: &Board| b == goal;
    let outcome = search::astar(board, successors, heuristic, success, limits);
    let outcome_nodes = outcome.stats.expanded;
    let (outcome, lower_bound) = match outcome.status {
        Status::Found(solution) => {
            let moves = solution.moves.len() as u64;
            (Verdict::Solved(Path::Moves(solution.moves)), moves)
        }
        Status::Exhausted => (Verdict::Unsolvable, 0),
        Status::GaveUp => (Verdict::GaveUp, u64::from(heuristic(board))),
    };
    Ok(Answer::new(outcome, outcome_nodes, lower_bound, Method::AStar))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BoardSpec, GoalKind};
    use crate::check::check;
    use crate::replay::CheckError;
    use crate::solve::judge_goal;

    fn board(rows: usize, cols: usize, tiles: &[u32]) -> Board {
        Board::try_from(BoardSpec { rows, cols, tiles: tiles.to_vec() }).unwrap()
    }

    fn check_solve(rows: usize, cols: usize, tiles: &[u32], kind: GoalKind, expected: Option<&str>) {
        let board = board(rows, cols, tiles);
        let goal = Board::goal(board.shape(), kind).unwrap();
        let answer = solve(&board, &goal, &Limits::NONE).unwrap();
        check(&board, &goal, &answer).unwrap();
        let path = match &answer {
            Verdict::Solved(path) => Some(path.as_moves().unwrap().iter().map(|d| d.move_letter()).collect::<String>()),
            Verdict::Unsolvable => None,
            Verdict::GaveUp => panic!("no limits were set"),
        };
        assert_eq!(path.as_deref(), expected, "{board}");
    }

    #[test]
    fn astar_refuses_boards_whose_states_cannot_fit_in_memory() {
        // 3x4: 12!/2 = 239,500,800 reachable boards, above the 2^27 A* takes on.
        let start = board(3, 4, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11]);
        let goal = Board::goal(start.shape(), GoalKind::BlankLast).unwrap();
        let err = solve_astar(&start, &goal, &Limits::NONE).unwrap_err();
        assert_eq!(err, SolveError::StateSpaceTooLarge { shape: "3x4".into(), states: "239500800".into() });
        assert!(err.to_string().contains("use IDA*"), "{err}");
        // With a node limit it runs (and here finds the one-move answer).
        let limits = Limits { max_expanded: Some(1000), ..Limits::NONE };
        let solved = solve_astar(&start, &goal, &limits).unwrap();
        assert!(
            matches!(solved.verdict(), Verdict::Solved(Path::Moves(path)) if path.len() == 1),
            "{:?}",
            solved.verdict()
        );
        // 3x3 fits: 181,440 boards.
        let start = board(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]);
        let goal = Board::goal(start.shape(), GoalKind::BlankLast).unwrap();
        assert!(solve_astar(&start, &goal, &Limits::NONE).is_ok());
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
        use puzzle_core::Direction::*;
        assert_eq!(
            check(&start, &goal, &Verdict::Solved(Path::Moves(vec![North]))),
            Err(CheckError::OffBoard { index: 0 })
        );
        assert!(matches!(
            check(&start, &goal, &Verdict::Solved(Path::Moves(vec![South]))),
            Err(CheckError::WrongEnd { .. })
        ));
        assert_eq!(check(&start, &goal, &Verdict::Unsolvable), Err(CheckError::Solvability));
        assert_eq!(check(&start, &goal, &Verdict::Solved(Path::Moves(vec![South, East, South]))), Ok(()));
    }

    #[test]
    fn gives_up_at_a_limit() {
        let start = board(3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]);
        let goal = Board::goal(start.shape(), GoalKind::BlankFirst).unwrap();
        let limits = Limits { max_expanded: Some(10), ..Limits::NONE };
        assert_eq!(solve(&start, &goal, &limits), Ok(Verdict::GaveUp));
    }
}
