//! Optimal solutions by plain calls (for tests, benchmarks and experiments; the planner,
//! [`crate::Planner`], chooses among them): a table lookup for the 3×3 goal of the judges,
//! IDA* or A* with a chosen heuristic otherwise.

use std::sync::Arc;

use search::{Limits, Status};
use thiserror::Error;

pub use crate::answer::{Answer, Solved};
use crate::board::{Board, GoalKind, BLANK};
use crate::heuristic::Heuristic;
use crate::ida::{self, Ending, Estimate, Geometry, NodeLoop, State};
use crate::solvable::is_solvable;
use crate::table::DistanceTable;
use crate::MOVE_ORDER;

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
    /// The pattern databases were made for another shape or goal.
    #[error("the pattern databases were made for another board shape or goal")]
    HeuristicMismatch,
    /// A* keeps every board it reaches, and this shape has more than fit in memory.
    #[error(
        "A* keeps every board it reaches, and a {shape} board has {states} reachable boards, more than \
         {ASTAR_MAX_STATES} fit in memory; use IDA* (`solve_with`), or give A* a node limit"
    )]
    StateSpaceTooLarge {
        /// The board's shape, `RxC`.
        shape: String,
        /// Reachable boards: half of all placements, as a decimal number.
        states: String,
    },
}

/// The most reachable boards [`solve_astar`] takes on without a node limit (at about a hundred
/// bytes per stored board, some 13 GiB).
pub const ASTAR_MAX_STATES: u64 = 1 << 27;

/// Finds an optimal path from `board` to `goal`.
///
/// Unsolvable boards are recognised by parity alone. The 3×3 board with the judges' goal is
/// answered from the [`DistanceTable`]; other boards use IDA* with linear conflicts. `limits`
/// bounds the search; the table lookup never gives up.
pub fn solve(board: &Board, goal: &Board, limits: &Limits<'_>) -> Result<Answer, SolveError> {
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
    Ok(solve_with(board, goal, &Heuristic::LinearConflict, limits)?.answer)
}

/// Finds the first optimal path in [`MOVE_ORDER`] from `board` to `goal` with IDA* and
/// `heuristic`, or says why there is none. Unsolvable boards are recognised by parity alone.
///
/// The path does not depend on the heuristic or on the number of threads: all of them find the
/// same first optimal path. A [`Heuristic::Pdb`] must have been made for this shape and goal
/// blank cell.
pub fn solve_with(
    board: &Board,
    goal: &Board,
    heuristic: &Heuristic,
    limits: &Limits<'_>,
) -> Result<Solved, SolveError> {
    solve_split(board, goal, heuristic, limits, ida::SPLIT_NODES)
}

/// [`solve_with`], with iterations split across threads once one has visited `split_after`
/// nodes (2^20 in `solve_with`). For tests and tuning: the answer must not change.
pub fn solve_split(
    board: &Board,
    goal: &Board,
    heuristic: &Heuristic,
    limits: &Limits<'_>,
    split_after: u64,
) -> Result<Solved, SolveError> {
    if board.shape() != goal.shape() {
        return Err(SolveError::ShapeMismatch { board: board.shape().to_string(), goal: goal.shape().to_string() });
    }
    if !is_solvable(board, goal) {
        return Ok(Solved { answer: Answer::Unsolvable, nodes: 0 });
    }
    Ok(solved_from(optimal_run(board, goal, heuristic, limits, split_after)?.0))
}

/// The optimal IDA\* run from `board` (of `goal`'s shape, solvable) with `heuristic`, and the
/// heuristic's value at the start: the driver the planner and [`solve_split`] call. Boards of
/// more than 255 cells are searched with the Manhattan distance in place (`large`).
pub(crate) fn optimal_run(
    board: &Board,
    goal: &Board,
    heuristic: &Heuristic,
    limits: &Limits<'_>,
    split_after: u64,
) -> Result<(ida::Run, u32), SolveError> {
    let n = board.tiles().len();
    if n > usize::from(u8::MAX) {
        return Ok((crate::large::search(board, goal, limits), board.manhattan_to(goal) as u32));
    }
    let (geometry, state, blank_tile) = search_state(board, goal);
    let (rows, cols) = (board.shape().rows(), board.shape().cols());
    let manhattan = ida::Manhattan { blank_tile, value: 0 };
    Ok(match heuristic {
        Heuristic::Manhattan => run_from(&geometry, &state, manhattan, limits, split_after),
        Heuristic::LinearConflict => {
            run_from(&geometry, &state, ida::LinearConflict::new(blank_tile, rows, cols), limits, split_after)
        }
        Heuristic::Pdb(pdb) => {
            if !pdb.fits(n) {
                return Err(SolveError::HeuristicMismatch);
            }
            let estimate = ida::Pdb::new(blank_tile, Arc::clone(pdb), n);
            run_from(&geometry, &state, estimate, limits, split_after)
        }
    })
}

/// [`ida::idastar`] with `estimate`, and the estimate's value at the start.
fn run_from<E: NodeLoop + Sync>(
    geometry: &Geometry,
    state: &State,
    estimate: E,
    limits: &Limits<'_>,
    split_after: u64,
) -> (ida::Run, u32) {
    let start = estimate.clone().reset(geometry, state);
    (ida::idastar(geometry, state, estimate, limits, split_after), start)
}

/// The answer an IDA* run gives.
pub(crate) fn solved_from(run: ida::Run) -> Solved {
    let answer = match run.ending {
        Ending::Found(path) => Answer::Solved(path),
        Ending::GaveUp => Answer::GaveUp,
        Ending::Exhausted => Answer::Unsolvable,
    };
    Solved { answer, nodes: run.nodes }
}

/// The board as IDA* sees it: tiles renamed after their goal cell, so the goal is the identity.
pub(crate) fn search_state(board: &Board, goal: &Board) -> (Arc<Geometry>, State, u8) {
    let n = board.tiles().len();
    let mut goal_cell = vec![0u8; n];
    for (cell, &tile) in goal.tiles().iter().enumerate() {
        goal_cell[tile as usize] = cell as u8;
    }
    let cells: Vec<u8> = board.tiles().iter().map(|&t| goal_cell[t as usize]).collect();
    let state = State::new(&cells, board.blank().0 as u8);
    let geometry = Geometry::of(board.shape().rows(), board.shape().cols());
    (geometry, state, goal_cell[BLANK as usize])
}

/// The value `heuristic` gives `board` on its way to `goal`: at most the true distance. For tests
/// and reports; boards must have at most 255 cells.
pub fn lower_bound(board: &Board, goal: &Board, heuristic: &Heuristic) -> Result<u32, SolveError> {
    if board.shape() != goal.shape() {
        return Err(SolveError::ShapeMismatch { board: board.shape().to_string(), goal: goal.shape().to_string() });
    }
    let (geometry, state, blank_tile) = search_state(board, goal);
    let (rows, cols) = (board.shape().rows(), board.shape().cols());
    let manhattan = ida::Manhattan { blank_tile, value: 0 };
    Ok(match heuristic {
        Heuristic::Manhattan => manhattan.clone().reset(&geometry, &state),
        Heuristic::LinearConflict => ida::LinearConflict::new(blank_tile, rows, cols).reset(&geometry, &state),
        Heuristic::Pdb(pdb) => {
            if !pdb.fits(board.tiles().len()) {
                return Err(SolveError::HeuristicMismatch);
            }
            ida::Pdb::new(blank_tile, Arc::clone(pdb), board.tiles().len()).reset(&geometry, &state)
        }
    })
}

/// A* with the Manhattan distance over whole boards, for small boards and as a second opinion
/// in tests: the same optimal length as IDA*, though not always the same path. Boards with more
/// than [`ASTAR_MAX_STATES`] reachable boards are refused unless `limits` caps the expansions
/// below that.
pub fn solve_astar(board: &Board, goal: &Board, limits: &Limits<'_>) -> Result<Solved, SolveError> {
    if board.shape() != goal.shape() {
        return Err(SolveError::ShapeMismatch { board: board.shape().to_string(), goal: goal.shape().to_string() });
    }
    if !is_solvable(board, goal) {
        return Ok(Solved { answer: Answer::Unsolvable, nodes: 0 });
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
    let answer = match outcome.status {
        Status::Found(solution) => Answer::Solved(solution.moves),
        Status::Exhausted => Answer::Unsolvable,
        Status::GaveUp => Answer::GaveUp,
    };
    Ok(Solved { answer, nodes: outcome.stats.expanded })
}

/// The goal of the judges for a shape: tiles in order, blank last.
pub fn judge_goal(board: &Board) -> Board {
    Board::goal(board.shape(), GoalKind::BlankLast).unwrap_or_else(|_| unreachable!("a board's shape has a goal"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSpec;
    use crate::check::{check, CheckError};

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
        assert!(matches!(&solved.answer, Answer::Solved(path) if path.len() == 1), "{:?}", solved.answer);
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
        assert_eq!(check(&start, &goal, &Answer::Solved(vec![North])), Err(CheckError::OffBoard { index: 0 }));
        assert!(matches!(check(&start, &goal, &Answer::Solved(vec![South])), Err(CheckError::WrongEnd { .. })));
        assert_eq!(check(&start, &goal, &Answer::Unsolvable), Err(CheckError::Solvability));
        assert_eq!(check(&start, &goal, &Answer::Solved(vec![South, East, South])), Ok(()));
    }

    #[test]
    fn gives_up_at_a_limit() {
        let start = board(3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]);
        let goal = Board::goal(start.shape(), GoalKind::BlankFirst).unwrap();
        let limits = Limits { max_expanded: Some(10), ..Limits::NONE };
        assert_eq!(solve(&start, &goal, &limits), Ok(Answer::GaveUp));
    }
}
