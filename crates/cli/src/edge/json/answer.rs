//! The lines of one `puzzle edge --json` run: the first solution (or that the search gave up
//! before one), a count, and an `--all` stream's solutions and its end. A `.puz` puzzle's lines
//! carry the time and the plan; a marks puzzle's keep the seed's keys (and the plan when it was
//! not row-major).

use serde::Serialize;

use super::{CellJson, SearchStatus};

/// What a search cost and how it was planned, at the end of the first solution's line and of a
/// count's.
#[derive(Clone, Copy, Debug, Serialize)]
pub(crate) struct SearchRun {
    /// Pieces placed during the search.
    pub(crate) nodes: u64,
    /// Time of the search (`.puz` puzzles only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) elapsed_ms: Option<f64>,
    /// The scan order searched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) order: Option<&'static str>,
    /// The search tree's size that `--order auto` estimated for that order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) estimated_nodes: Option<u64>,
}

/// The first solution, or that there is none.
#[derive(Serialize)]
pub(crate) struct FirstJson {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) solved: bool,
    pub(crate) placements: Option<Vec<CellJson>>,
    /// 1 or 0 (`.puz` puzzles only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) solutions: Option<u64>,
    #[serde(flatten)]
    pub(crate) run: SearchRun,
}

/// The first solution's search stopped before it found one. Its keys are in alphabetical order,
/// as this line has always had them.
#[derive(Serialize)]
pub(crate) struct FirstGaveUpJson {
    pub(crate) cols: usize,
    /// `.puz` puzzles only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) elapsed_ms: Option<f64>,
    /// `.puz` puzzles only, `null` when the order was not estimated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) estimated_nodes: Option<Option<u64>>,
    pub(crate) nodes: u64,
    /// `.puz` puzzles only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) order: Option<&'static str>,
    /// `null`: no solution was found.
    pub(crate) placements: (),
    pub(crate) rows: usize,
    /// `null`: whether one exists is not known.
    pub(crate) solved: (),
    /// Always [`SearchStatus::GaveUp`].
    pub(crate) status: SearchStatus,
}

/// `--count`.
#[derive(Serialize)]
pub(crate) struct CountJson {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    /// The count, when the search finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) solutions: Option<u64>,
    /// What a search that gave up had found: a lower bound, never the answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) solutions_so_far: Option<u64>,
    #[serde(flatten)]
    pub(crate) run: SearchRun,
    pub(crate) status: SearchStatus,
}

/// One solution of an `--all` stream; its keys in alphabetical order, as it has always had them.
#[derive(Serialize)]
pub(crate) struct SolutionJson {
    pub(crate) placements: Vec<CellJson>,
    /// Its number, from 1.
    pub(crate) solution: u64,
}

/// The line that ends an `--all` stream that gave up or found nothing; its keys in alphabetical
/// order, as it has always had them.
#[derive(Serialize)]
pub(crate) struct StreamEndJson {
    /// A complete search that found none: 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) solutions: Option<u64>,
    /// A search that gave up: the solutions it printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) solutions_so_far: Option<u64>,
    pub(crate) status: SearchStatus,
}
