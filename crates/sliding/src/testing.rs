//! What tests and benchmarks call besides the planner (feature `test-support`): the plain
//! solvers the planner is built from, called directly, which the tests compare with each other
//! and with exhaustive tables, and the heuristics ready to search with. A program solves
//! through [`Planner`](crate::Planner). [`oracle`] is breadth-first search over plain tile
//! vectors, the independent check the tests compare lengths with.

pub mod oracle;

use std::ops::ControlFlow;
use std::sync::Arc;

use puzzle_core::Direction;
use search::Limits;

use crate::answer::{Path, Verdict};
use crate::board::Board;
use crate::constructive::{solve_fast_into, Streamed};
use crate::ida::duplicates::Duplicates;
use crate::machine::DuplicateMachine;
use crate::pdb::{PartSpec, PatternDb, PdbHeuristic};
use crate::solve::{search_state, SolveError};

pub use crate::fast::solve_fast_checked;
pub use crate::heuristic::Heuristic;
pub use crate::ida::census::{Census, CensusIteration};
pub use crate::plain::{solve, solve_astar, solve_split, solve_with};
pub use crate::solve::{judge_goal, lower_bound, ASTAR_MAX_STATES};
pub use crate::table_3x3::DistanceTable;
pub use crate::weighted::{solve_within, solve_within_split};

/// The constructive solver's moves in memory, for tests that look at them whole (programs
/// answer through [`Planner::solve_fast`](crate::Planner::solve_fast)): a valid, usually far from optimal, solution from `board` to `goal` for any board size, in
/// time about linear in the length of the path.
///
/// `goal` may be any arrangement of the same shape (the blank anywhere). The caller must pass
/// boards of equal shapes: a shape mismatch is a caller bug, answered [`Verdict::Unsolvable`]
/// without panicking. [`Verdict::Unsolvable`] otherwise means the parity rule
/// ([`is_solvable`](crate::is_solvable)) says the goal cannot be reached. [`Verdict::GaveUp`] means `limits` stopped
/// the work: the interrupt flag and the deadline are looked at once per placed tile
/// (`max_expanded` is not used: no search tree is expanded here).
///
/// The path is not optimal; on a random board it is a few times the Manhattan lower bound. A
/// board of `n` cells on a side needs about `8/3 · n³` moves, so a 1000×1000 board's path takes
/// gigabytes as a vector: [`solve_fast_into`] hands the moves over in chunks instead, and
/// [`FastPath`](crate::constructive::FastPath) makes them again when they are read.
///
/// ```
/// use sliding::{Board, BoardSpec, GoalKind, Verdict, Path};
/// use sliding::testing::solve_fast;
/// use puzzle_core::Shape;
/// let board = Board::try_from(BoardSpec { rows: 3, cols: 4, tiles: vec![5, 1, 2, 3, 0, 6, 7, 4, 9, 10, 11, 8] })?;
/// let goal = Board::goal(Shape::new(3, 4)?, GoalKind::BlankFirst)?;
/// let Verdict::Solved(Path::Moves(path)) = solve_fast(&board, &goal, &search::Limits::NONE) else { panic!() };
/// assert_eq!(board.replay(&path), Ok(goal));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_fast(board: &Board, goal: &Board, limits: &Limits<'_>) -> Verdict {
    let mut path = Vec::new();
    let mut sink = |moves: &[Direction]| {
        path.extend_from_slice(moves);
        ControlFlow::Continue(())
    };
    match solve_fast_into(board, goal, limits, &mut sink) {
        Streamed::Solved(_) => Verdict::Solved(Path::Moves(path)),
        Streamed::Unsolvable => Verdict::Unsolvable,
        Streamed::GaveUp | Streamed::Halted => Verdict::GaveUp,
    }
}

/// A census of a catalogue of `partitions` (each a partition of the tiles into parts read
/// through the grid's symmetries, as `PdbHeuristic::with_catalogue` takes them, from `tables`)
/// on an exact IDA\* from `board` to `goal` whose estimate is the largest of every partition's:
/// per iteration, how many partitions were tight at each searched node ([`Census`]), walking
/// `machine` (none: no duplicate pruning beyond the move that undoes the one before), stopped
/// after `max_nodes` nodes. For measuring what a catalogue would cost a node loop; it is far
/// slower than the planner's search. The board must be solvable: IDA\* does not stop on an
/// unsolvable one before the node limit.
///
/// ```
/// use std::sync::Arc;
///
/// use puzzle_core::Shape;
/// use sliding::pdb::{PartSpec, PatternDb, PatternKey};
/// use sliding::testing::census;
/// use sliding::{Board, BoardSpec, GoalKind};
///
/// let identity: Vec<u8> = (0..6).collect();
/// let part = |tiles: &[usize]| PartSpec { key: PatternKey::new(2, 3, 0, tiles).unwrap(), through: identity.clone() };
/// let partitions = vec![vec![part(&[1, 2]), part(&[3, 4, 5])], vec![part(&[1, 4]), part(&[2, 3, 5])]];
/// let tables: Vec<Arc<PatternDb>> =
///     partitions.iter().flatten().map(|part| Arc::new(PatternDb::build(&part.key, &|_| {}).unwrap())).collect();
/// let goal = Board::goal(Shape::new(2, 3)?, GoalKind::BlankFirst)?;
/// // Two moves from the goal: the blank went right, then down.
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 3, tiles: vec![1, 4, 2, 3, 0, 5] })?;
/// let found = census(&board, &goal, &partitions, &tables, None, Some(10_000))?;
/// assert_eq!(found.path.map(|path| path.len()), Some(2));
/// // Every searched node but the goal counted once by how many partitions were tight there.
/// let iteration = found.iterations.last().expect("one iteration at least");
/// assert_eq!(iteration.tight.iter().sum::<u64>() + 1, iteration.nodes);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn census(
    board: &Board,
    goal: &Board,
    partitions: &[Vec<PartSpec>],
    tables: &[Arc<PatternDb>],
    machine: Option<&DuplicateMachine>,
    max_nodes: Option<u64>,
) -> Result<Census, SolveError> {
    if board.shape() != goal.shape() {
        return Err(SolveError::ShapeMismatch { board: board.shape().to_string(), goal: goal.shape().to_string() });
    }
    let start = search_state(board, goal);
    let n = start.state.cells;
    let mut estimates = Vec::with_capacity(partitions.len());
    for partition in partitions.iter().take(crate::ida::census::MAX_PARTITIONS) {
        let heuristic =
            PdbHeuristic::with_catalogue(board.shape(), goal.blank().0, std::slice::from_ref(partition), tables)
                .map_err(|_| SolveError::HeuristicMismatch)?;
        if !heuristic.fits(n) {
            return Err(SolveError::HeuristicMismatch);
        }
        estimates.push(crate::ida::Pdb::new(start.blank_tile, Arc::new(heuristic), n));
    }
    let duplicates = machine.map_or_else(Duplicates::none, |machine| Arc::clone(&machine.inner));
    Ok(crate::ida::census::census(&start.geometry, &duplicates, &start.state, estimates, max_nodes.unwrap_or(u64::MAX)))
}
