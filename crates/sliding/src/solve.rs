//! What the searches share around a board: why a board cannot be searched ([`SolveError`]),
//! the board as IDA\* sees it, a heuristic's value at a board ([`lower_bound`], which the planner
//! and the benchmarks use) and the judges' goal. The plain solvers built on them are in `plain`.

use std::sync::Arc;

use thiserror::Error;

use crate::board::{Board, GoalKind, BLANK};
use crate::heuristic::Heuristic;
use crate::ida::{self, Estimate, Geometry, State};

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

/// The most reachable boards `solve_astar` takes on without a node limit (at about a hundred
/// bytes per stored board, some 13 GiB).
pub const ASTAR_MAX_STATES: u64 = 1 << 27;

/// The board as IDA* sees it: tiles renamed after their goal cell, so the goal is the identity.
pub(crate) fn search_state(board: &Board, goal: &Board) -> (Geometry, State, u8) {
    let n = board.tiles().len();
    let mut goal_cell = vec![0u8; n];
    for (cell, &tile) in goal.tiles().iter().enumerate() {
        goal_cell[tile as usize] = cell as u8;
    }
    let cells: Vec<u8> = board.tiles().iter().map(|&t| goal_cell[t as usize]).collect();
    let state = State::new(&cells, board.blank().0 as u8);
    let geometry = Geometry::new(board.shape().rows(), board.shape().cols());
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

/// The goal of the judges for a shape: tiles in order, blank last.
pub fn judge_goal(board: &Board) -> Board {
    Board::goal(board.shape(), GoalKind::BlankLast).unwrap_or_else(|_| unreachable!("a board's shape has a goal"))
}
