//! What the searches share around a board: why a board cannot be searched ([`SolveError`]),
//! the board as IDA\* sees it, a heuristic's value at a board ([`lower_bound`], which the planner
//! and the benchmarks use), the judges' goal, the one place where a heuristic becomes the
//! estimate a search moves ([`with_estimate`]) and the one place where a search loop's raw result
//! becomes an [`Answer`] ([`answer_of_run`]). The plain solvers built on them are in `plain`.

use std::sync::Arc;

use thiserror::Error;

use crate::answer::{Answer, Method, Path, Verdict};
use crate::board::{Board, GoalKind, BLANK};
use crate::heuristic::Heuristic;
use crate::ida::{self, Geometry, NodeLoop, State};
use crate::weight::Weight;

/// Why a board could not be answered.
///
/// ```
/// use sliding::{Board, BoardSpec, GoalKind};
/// use sliding::planner::SolveError;
/// use sliding::testing::{lower_bound, Heuristic};
///
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![1, 2, 3, 0] })?;
/// let goal = Board::goal(puzzle_core::Shape::new(3, 3)?, GoalKind::BlankLast)?;
/// let error = lower_bound(&board, &goal, &Heuristic::Manhattan).unwrap_err();
/// assert_eq!(error, SolveError::ShapeMismatch { board: "2x2".to_owned(), goal: "3x3".to_owned() });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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

/// A board as IDA\* sees it, made once per board ([`search_state`]): the shape's geometry, the
/// state (tiles renamed after their goal cell, so the goal is the identity) and the goal cell of
/// the blank.
#[derive(Clone)]
pub(crate) struct SearchStart {
    pub(crate) geometry: Arc<Geometry>,
    pub(crate) state: State,
    pub(crate) blank_tile: u8,
    rows: usize,
    cols: usize,
}

/// The board as IDA* sees it: tiles renamed after their goal cell, so the goal is the identity.
pub(crate) fn search_state(board: &Board, goal: &Board) -> SearchStart {
    crate::count(crate::Step::SearchState);
    let n = board.tiles().len();
    let mut goal_cell = vec![0u8; n];
    for (cell, &tile) in goal.tiles().iter().enumerate() {
        goal_cell[tile as usize] = cell as u8;
    }
    let cells: Vec<u8> = board.tiles().iter().map(|&t| goal_cell[t as usize]).collect();
    let state = State::new(&cells, board.blank().0 as u8);
    let (rows, cols) = (board.shape().rows(), board.shape().cols());
    SearchStart { geometry: Geometry::of(rows, cols), state, blank_tile: goal_cell[BLANK as usize], rows, cols }
}

/// Work to do with the estimate of a heuristic, whichever it is: [`with_estimate`] calls
/// [`EstimateTask::run`] once, monomorphised for the estimate, so the hot loops stay generic.
pub(crate) trait EstimateTask {
    /// What the work gives.
    type Output;

    /// Does the work with `estimate` (not yet reset) on `state`.
    fn run<E: NodeLoop + Sync>(self, geometry: &Geometry, state: &State, estimate: E) -> Self::Output;
}

/// `task` run with the estimate of `heuristic` for `board` on its way to `goal` (of its shape, at
/// most 255 cells): the one place where a [`Heuristic`] becomes an estimate the searches move.
pub(crate) fn with_estimate<T: EstimateTask>(
    board: &Board,
    goal: &Board,
    heuristic: &Heuristic,
    task: T,
) -> Result<T::Output, SolveError> {
    with_estimate_at(&search_state(board, goal), heuristic, task)
}

/// [`with_estimate`] from a board already turned into its search state.
pub(crate) fn with_estimate_at<T: EstimateTask>(
    start: &SearchStart,
    heuristic: &Heuristic,
    task: T,
) -> Result<T::Output, SolveError> {
    let SearchStart { geometry, state, blank_tile, rows, cols } = start;
    let (blank_tile, rows, cols, n) = (*blank_tile, *rows, *cols, state.cells);
    Ok(match heuristic {
        Heuristic::Manhattan => task.run(geometry, state, ida::Manhattan { blank_tile, value: 0 }),
        Heuristic::LinearConflict => task.run(geometry, state, ida::LinearConflict::new(blank_tile, rows, cols)),
        Heuristic::Pdb(pdb) => {
            if !pdb.fits(n) {
                return Err(SolveError::HeuristicMismatch);
            }
            task.run(geometry, state, ida::Pdb::new(blank_tile, Arc::clone(pdb), n))
        }
    })
}

/// The value `heuristic` gives the board of `start`: [`lower_bound`] on a board already turned
/// into its search state.
pub(crate) fn bound_at(start: &SearchStart, heuristic: &Heuristic) -> Result<u32, SolveError> {
    with_estimate_at(start, heuristic, Reset)
}

/// The estimate's value at the state: [`lower_bound`]'s task.
struct Reset;

impl EstimateTask for Reset {
    type Output = u32;

    fn run<E: NodeLoop + Sync>(self, geometry: &Geometry, state: &State, mut estimate: E) -> u32 {
        estimate.reset(geometry, state)
    }
}

/// The answer of `run`, the search loops' raw result, made once here for every IDA\* of the
/// crate (a weighted run's path has had its loops cut out by the caller): its lower bound is
/// `start_h` (the heuristic at the start) or the cut of the last finished iteration divided by
/// `scale` (the weight in the run's units), whichever is larger, rounded up to the parity of
/// `manhattan`.
pub(crate) fn answer_of_run(
    run: ida::Run,
    manhattan: u32,
    start_h: u32,
    scale: u32,
    weight: Weight,
    heuristic: &Heuristic,
) -> Answer {
    let from_cut = run.next_bound.map_or(0, |cut| cut.div_ceil(scale));
    let mut proven = start_h.max(from_cut);
    proven += (proven ^ manhattan) & 1;
    let method = match weight.is_one() {
        true => Method::Search(heuristic.kind()),
        false => Method::Weighted(heuristic.kind(), weight),
    };
    let (outcome, lower_bound) = match run.path {
        // The optimal search's first path is optimal: its length is the bound.
        Some(path) if weight.is_one() => {
            let moves = path.len() as u64;
            (Verdict::Solved(Path::Moves(path)), moves)
        }
        Some(path) => (Verdict::Solved(Path::Moves(path)), u64::from(proven)),
        None if run.gave_up => (Verdict::GaveUp, u64::from(proven)),
        // Every node within reach searched without finding the goal: parity rules it out for the
        // boards searched, and the answer's check reports it if it ever happens.
        None => (Verdict::Unsolvable, 0),
    };
    Answer::new(outcome, run.nodes, lower_bound, method)
}

/// The value `heuristic` gives `board` on its way to `goal`: at most the true distance. For tests
/// and reports; boards must have at most 255 cells.
///
/// ```
/// use sliding::{Board, BoardSpec, GoalKind};
/// use sliding::testing::{lower_bound, Heuristic};
///
/// // Tiles 1 and 3 are one cell from home; tile 2 is in the opposite corner, two cells away.
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![0, 1, 2, 3] })?;
/// let goal = Board::goal(board.shape(), GoalKind::BlankLast)?;
/// assert_eq!(lower_bound(&board, &goal, &Heuristic::Manhattan)?, 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn lower_bound(board: &Board, goal: &Board, heuristic: &Heuristic) -> Result<u32, SolveError> {
    if board.shape() != goal.shape() {
        return Err(SolveError::ShapeMismatch { board: board.shape().to_string(), goal: goal.shape().to_string() });
    }
    with_estimate(board, goal, heuristic, Reset)
}

/// The goal of the judges for a shape: tiles in order, blank last.
///
/// ```
/// use sliding::parse::parse_judge_a;
/// use sliding::testing::judge_goal;
///
/// let board = parse_judge_a("8 7 6\n5 4 3\n2 1 0\n")?;
/// assert_eq!(judge_goal(&board).tiles(), &[1, 2, 3, 4, 5, 6, 7, 8, 0]);
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
pub fn judge_goal(board: &Board) -> Board {
    Board::goal(board.shape(), GoalKind::BlankLast).unwrap_or_else(|_| unreachable!("a board's shape has a goal"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_catalogue_takes_the_larger_sum() {
        use std::sync::Arc;

        use puzzle_core::{Direction, Shape};

        use crate::board::{Board, GoalKind};
        use crate::heuristic::Heuristic;
        use crate::pdb::{PartSpec, PatternDb, PatternKey, PdbHeuristic};

        let shape = Shape::new(2, 3).unwrap();
        let goal = Board::goal(shape, GoalKind::BlankFirst).unwrap();
        let identity: Vec<u8> = (0..6).collect();
        let part =
            |tiles: &[usize]| PartSpec { key: PatternKey::new(2, 3, 0, tiles).unwrap(), through: identity.clone() };
        // Two partitions of the five tiles: the estimate is the larger of their sums.
        let catalogue = vec![vec![part(&[1, 2]), part(&[3, 4, 5])], vec![part(&[1, 4]), part(&[2, 3, 5])]];
        let tables: Vec<Arc<PatternDb>> =
            catalogue.iter().flatten().map(|part| Arc::new(PatternDb::build(&part.key, &|_| {}).unwrap())).collect();
        let pdb = PdbHeuristic::with_catalogue(shape, 0, &catalogue, &tables).unwrap();
        let heuristic = Heuristic::Pdb(Arc::new(pdb));
        // Two moves from the goal: at least the Manhattan distance 2 and at most the distance 2.
        let board = goal.replay(&[Direction::East, Direction::South]).expect("both moves stay on the board");
        assert_eq!(lower_bound(&board, &goal, &heuristic).unwrap(), 2);
    }
}
