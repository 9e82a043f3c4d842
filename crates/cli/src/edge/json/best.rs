//! The lines of `puzzle edge --best --json`: a better board, the run's end, and the unit their
//! `"result_hash"` binds them to. `puzzle merge` reads both lines back into these types. Their
//! keys are in alphabetical order (the order the lines have always had), then `"result_hash"`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::CellJson;

/// A better board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct ImprovementJson {
    pub(crate) cells: usize,
    pub(crate) cols: usize,
    pub(crate) edges: usize,
    pub(crate) edges_matching: usize,
    pub(crate) elapsed_ms: f64,
    pub(crate) mismatches: usize,
    /// Placements the finding thread had made (`null` for a resumed checkpoint's board).
    pub(crate) nodes: Option<u64>,
    pub(crate) placed: usize,
    /// One entry per cell, row-major, `null` for an empty cell.
    pub(crate) placements: Vec<Option<CellJson>>,
    pub(crate) puzzle: String,
    pub(crate) rows: usize,
    pub(crate) search_mismatches: Option<usize>,
    pub(crate) search_placed: Option<usize>,
    pub(crate) url: Option<String>,
}

/// The last line of a run. A new key is a field here, in its alphabetical place (with
/// `#[serde(default)]`, so that the end lines of earlier runs still merge), and its value where
/// `edge/best.rs` makes this line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct RunEndJson {
    pub(crate) breaks: String,
    pub(crate) cells: usize,
    /// Placements by the cells on the board after them, clues included (entry `k`: `k` cells),
    /// without trailing zeros.
    pub(crate) depth_nodes: Vec<u64>,
    pub(crate) edges: usize,
    pub(crate) edges_matching: usize,
    pub(crate) elapsed_ms: u64,
    /// Why the run ended.
    pub(crate) end: RunEnd,
    pub(crate) jobs: usize,
    pub(crate) nodes: u64,
    pub(crate) puzzle: String,
    pub(crate) seed: u64,
}

/// Why a `--best` run ended, as the JSON end line and the text's `c end (…)` line say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RunEnd {
    /// Every join matches.
    Solved,
    /// The search tried every board its breaks allow.
    Exhausted,
    /// `--max-nodes`.
    NodeLimit,
    /// A signal.
    Interrupted,
    /// `--time-limit`.
    TimeLimit,
}

impl RunEnd {
    const ALL: [RunEnd; 5] =
        [RunEnd::Solved, RunEnd::Exhausted, RunEnd::NodeLimit, RunEnd::Interrupted, RunEnd::TimeLimit];

    /// The words of both outputs.
    pub(crate) fn words(self) -> &'static str {
        match self {
            RunEnd::Solved => "solved",
            RunEnd::Exhausted => "search exhausted",
            RunEnd::NodeLimit => "node limit",
            RunEnd::Interrupted => "interrupted",
            RunEnd::TimeLimit => "time limit",
        }
    }
}

impl std::fmt::Display for RunEnd {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(self.words())
    }
}

impl Serialize for RunEnd {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.words())
    }
}

impl<'de> Deserialize<'de> for RunEnd {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RunEnd, D::Error> {
        let words = std::borrow::Cow::<'de, str>::deserialize(deserializer)?;
        RunEnd::ALL.into_iter().find(|end| end.words() == words).ok_or_else(|| {
            let expected: Vec<&str> = RunEnd::ALL.iter().map(|end| end.words()).collect();
            serde::de::Error::custom(format!("unknown end `{words}`, expected one of {}", expected.join(", ")))
        })
    }
}

/// A line of a `--best --json` run, as `puzzle merge` reads it: a run's end, or a board.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(untagged)]
pub(crate) enum BestLine {
    /// The last line (with `"end"`): no board, but of the run's puzzle too.
    End(RunEndJson),
    /// A better board.
    Board(ImprovementJson),
}

impl BestLine {
    /// The puzzle the line's run searched ([`RunUnit`]).
    pub(crate) fn puzzle(&self) -> &str {
        match self {
            BestLine::End(end) => &end.puzzle,
            BestLine::Board(board) => &board.puzzle,
        }
    }
}

/// The unit a run's lines answer, as their `"result_hash"` names it: the puzzle searched.
#[derive(Serialize)]
pub(crate) struct RunUnit<'a> {
    pub(crate) puzzle: &'a str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_end_reads_back_from_its_words() {
        for end in RunEnd::ALL {
            let text = serde_json::to_string(&end).unwrap();
            assert_eq!(text, format!("\"{end}\""));
            assert_eq!(serde_json::from_str::<RunEnd>(&text).unwrap(), end);
        }
        assert!(serde_json::from_str::<RunEnd>("\"stopped\"").is_err());
    }
}
