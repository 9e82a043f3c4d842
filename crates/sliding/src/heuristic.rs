//! Which lower bound a search uses: the kinds a caller names, and the heuristic ready to search
//! with (pattern databases loaded). The estimates themselves, kept up to date move by move, are
//! in `ida/estimate.rs`; the tables and their lookups in `pdb`.

use std::sync::Arc;

use crate::pdb::PdbHeuristic;

/// The heuristics a caller can ask for.
///
/// ```
/// use sliding::{Board, BoardSpec, Goal, GoalKind, HeuristicKind, Limits, Method, Planner};
/// use sliding::planner::MemoryTables;
///
/// let tables = MemoryTables::default();
/// let planner = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables).with_heuristic(HeuristicKind::Manhattan);
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 3, tiles: vec![1, 2, 3, 4, 0, 5] })?;
/// let answer = planner.solve(&board, &Limits::NONE)?;
/// assert_eq!(answer.method, Method::Search(HeuristicKind::Manhattan));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeuristicKind {
    /// Sum over tiles of the row and column distance to the goal cell.
    Manhattan,
    /// Manhattan plus two moves per tile that must leave its goal row or column to let another
    /// tile of that line pass.
    LinearConflict,
    /// Additive pattern databases, the largest of the lookups through the board's symmetries.
    Pdb,
}

/// A heuristic ready to search with (pattern databases loaded).
///
/// ```
/// use sliding::HeuristicKind;
/// use sliding::parse::parse_judge_a;
/// use sliding::testing::{lower_bound, Heuristic};
///
/// // Tiles 1 and 2 are each one cell from home, in each other's way on their goal row.
/// let board = parse_judge_a("2 1 3\n4 5 6\n7 8 0\n")?;
/// let goal = parse_judge_a("1 2 3\n4 5 6\n7 8 0\n")?;
/// assert_eq!(lower_bound(&board, &goal, &Heuristic::Manhattan)?, 2);
/// // One of them must leave the row and come back: two moves more.
/// assert_eq!(lower_bound(&board, &goal, &Heuristic::LinearConflict)?, 4);
/// assert_eq!(Heuristic::LinearConflict.kind(), HeuristicKind::LinearConflict);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub enum Heuristic {
    /// The Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// Pattern databases for one board shape and goal blank cell.
    Pdb(Arc<PdbHeuristic>),
}

impl Heuristic {
    /// Which kind it is.
    pub fn kind(&self) -> HeuristicKind {
        match self {
            Heuristic::Manhattan => HeuristicKind::Manhattan,
            Heuristic::LinearConflict => HeuristicKind::LinearConflict,
            Heuristic::Pdb(_) => HeuristicKind::Pdb,
        }
    }
}
