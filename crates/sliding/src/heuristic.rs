//! Which lower bound a search uses: the kinds a caller names, and the heuristic ready to search
//! with (pattern databases loaded). The estimates themselves, kept up to date move by move, are
//! in `ida/estimate.rs`; the tables and their lookups in `pdb`.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::pdb::{PdbHeuristic, Tier};

/// The heuristics a caller can ask for, by name: the one heuristic enum of the crate, for the
/// planner ([`Planner::with_heuristic`](crate::Planner::with_heuristic)), an answer's
/// [`Method`](crate::Method) and a split search's units.
///
/// Its names (`Display`, `FromStr`) are those of a unit line: `manhattan`, `linear-conflict`,
/// and `pdb-quick`, `pdb-mid`, `pdb-full`, `pdb-catalogue` for pattern databases of a tier.
/// `Pdb(None)` (the tier the planner chooses, which a unit never leaves open) is written `pdb`
/// and not read back.
///
/// ```
/// use sliding::pdb::Tier;
/// use sliding::{Board, BoardSpec, Goal, GoalKind, HeuristicKind, Limits, Method, Planner};
/// use sliding::planner::MemoryTables;
///
/// let tables = MemoryTables::default();
/// let planner = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables).with_heuristic(HeuristicKind::Manhattan);
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 3, tiles: vec![1, 2, 3, 4, 0, 5] })?;
/// let answer = planner.solve(&board, &Limits::NONE)?;
/// assert_eq!(answer.method(), Method::Search(HeuristicKind::Manhattan));
/// assert_eq!("pdb-mid".parse(), Ok(HeuristicKind::Pdb(Some(Tier::Mid))));
/// assert_eq!(HeuristicKind::LinearConflict.to_string(), "linear-conflict");
/// assert!("pdb".parse::<HeuristicKind>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeuristicKind {
    /// Sum over tiles of the row and column distance to the goal cell.
    Manhattan,
    /// Manhattan plus two moves per tile that must leave its goal row or column to let another
    /// tile of that line pass.
    LinearConflict,
    /// Additive pattern databases, the largest of the lookups through the board's symmetries:
    /// of this tier, or of the tier the planner chooses for the shape and the batch (`None`,
    /// also what an answer's [`Method`](crate::Method) says).
    Pdb(Option<Tier>),
}

impl fmt::Display for HeuristicKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HeuristicKind::Manhattan => "manhattan",
            HeuristicKind::LinearConflict => "linear-conflict",
            HeuristicKind::Pdb(None) => "pdb",
            HeuristicKind::Pdb(Some(Tier::Quick)) => "pdb-quick",
            HeuristicKind::Pdb(Some(Tier::Mid)) => "pdb-mid",
            HeuristicKind::Pdb(Some(Tier::Full)) => "pdb-full",
            HeuristicKind::Pdb(Some(Tier::Catalogue)) => "pdb-catalogue",
        })
    }
}

impl FromStr for HeuristicKind {
    type Err = String;

    fn from_str(text: &str) -> Result<HeuristicKind, String> {
        Ok(match text {
            "manhattan" => HeuristicKind::Manhattan,
            "linear-conflict" => HeuristicKind::LinearConflict,
            "pdb-quick" => HeuristicKind::Pdb(Some(Tier::Quick)),
            "pdb-mid" => HeuristicKind::Pdb(Some(Tier::Mid)),
            "pdb-full" => HeuristicKind::Pdb(Some(Tier::Full)),
            "pdb-catalogue" => HeuristicKind::Pdb(Some(Tier::Catalogue)),
            _ => {
                return Err(
                    "expected manhattan, linear-conflict, pdb-quick, pdb-mid, pdb-full or pdb-catalogue".to_owned()
                )
            }
        })
    }
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
            Heuristic::Pdb(_) => HeuristicKind::Pdb(None),
        }
    }
}
