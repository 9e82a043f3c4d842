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

/// How an edge search ended, in every JSON line that says it (`"status"`): the one spelling of
/// a search stopped by a limit or a signal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum SearchStatus {
    /// The search finished: its counts are the answer.
    #[serde(rename = "complete")]
    Complete,
    /// A limit (`--time-limit`, `--max-nodes`) or Ctrl-C stopped it: what it reached, never the
    /// answer.
    #[serde(rename = "gave up")]
    GaveUp,
}

impl SearchStatus {
    /// The status of a search that `stopped` or not.
    pub(crate) fn of(stopped: bool) -> SearchStatus {
        if stopped {
            SearchStatus::GaveUp
        } else {
            SearchStatus::Complete
        }
    }

    /// The status a JSON line says, if it says one of these.
    pub(crate) fn of_line(value: &serde_json::Value) -> Option<SearchStatus> {
        value.get("status").and_then(|status| SearchStatus::deserialize(status).ok())
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
    pub(crate) status: SearchStatus,
}

/// The JSON line that ends an `--all` stream ([`write_stream_end`]); its keys in alphabetical
/// order, as it has always had them.
#[derive(Serialize)]
struct StreamEnd {
    /// A complete search that found none: 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<u64>,
    /// A search that gave up: the solutions it printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions_so_far: Option<u64>,
    status: SearchStatus,
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
        (true, _, true) => {
            let end = StreamEnd { solutions: None, solutions_so_far: Some(found), status: SearchStatus::GaveUp };
            writeln!(out, "{}", serde_json::to_string(&end)?)
        }
        (true, _, false) => writeln!(out, "{prefix}gave up after {found} solutions"),
        (false, 0, true) => {
            let end = StreamEnd { solutions: Some(0), solutions_so_far: None, status: SearchStatus::Complete };
            writeln!(out, "{}", serde_json::to_string(&end)?)
        }
        (false, 0, false) => writeln!(out, "{prefix}no solution"),
        (false, _, _) => Ok(()),
    }
}
