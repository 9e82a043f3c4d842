//! JSON shapes and stream endings that marks and colour puzzles share.

use serde::{Deserialize, Serialize};

/// One placed piece, in every JSON output and work unit: its index in input order and its
/// counter-clockwise quarter turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CellJson {
    /// The piece's index in file order.
    pub(crate) piece: usize,
    /// Counter-clockwise quarter turns.
    pub(crate) rotation: u8,
}

impl From<&edge_match::Placement> for CellJson {
    fn from(placement: &edge_match::Placement) -> CellJson {
        CellJson { piece: placement.piece, rotation: placement.turns() }
    }
}

impl From<&CellJson> for edge_match::Placement {
    fn from(cell: &CellJson) -> edge_match::Placement {
        edge_match::Placement::new(cell.piece, cell.rotation)
    }
}

/// `--json --count` output, for marks and colour puzzles.
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
    /// Pieces placed during the search.
    pub(crate) nodes: u64,
    /// Time of the search (colour puzzles only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) elapsed_ms: Option<f64>,
    /// The scan order searched (colour puzzles only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) order: Option<&'static str>,
    /// The search tree's size that `--order auto` estimated for that order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) estimated_nodes: Option<u64>,
    /// "complete" or "gave up".
    pub(crate) status: &'static str,
}

/// The last line of an `--all` stream after the `found` solutions printed: when `stop` ended it
/// early, that it gave up; when it ended without any solution, that there is none (an empty
/// stream would read as nothing done). A JSON line, or the text line with `prefix` (`c ` in
/// `.sol` streams); nothing after one solution or more found by a complete search.
pub(super) fn write_stream_end(
    out: &mut dyn std::io::Write,
    json: bool,
    prefix: &str,
    found: u64,
    stopped: bool,
) -> std::io::Result<()> {
    match (stopped, found, json) {
        (true, _, true) => writeln!(out, "{}", serde_json::json!({ "status": "gave up", "solutions_so_far": found })),
        (true, _, false) => writeln!(out, "{prefix}gave up after {found} solutions"),
        (false, 0, true) => writeln!(out, "{}", serde_json::json!({ "status": "complete", "solutions": 0 })),
        (false, 0, false) => writeln!(out, "{prefix}no solution"),
        (false, _, _) => Ok(()),
    }
}
