//! Which lower bound a search uses: the kinds a caller names, and the heuristic ready to search
//! with (pattern databases loaded). The estimates themselves, kept up to date move by move, are
//! in `ida/estimate.rs`; the tables and their lookups in `pdb`.

use std::sync::Arc;

use crate::pdb::PdbHeuristic;

/// The heuristics a caller can ask for.
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
