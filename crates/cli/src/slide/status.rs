//! The `"status"` of a slide answer's JSON line and of a work unit's result: in their own file,
//! so that the printers, the shard reader and the units share them without importing each other.

use serde::{Deserialize, Serialize};
use sliding::Verdict;

/// What became of one board, the `"status"` of its JSON line: the one spelling of each, written
/// and read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum AnswerStatus {
    /// A path was found.
    Solved,
    /// Parity rules the goal out.
    Unsolvable,
    /// A limit or a signal stopped the search (written with a space).
    #[serde(rename = "gave up")]
    GaveUp,
}

impl AnswerStatus {
    /// The status of `outcome`.
    pub(crate) fn of(outcome: &Verdict) -> AnswerStatus {
        match outcome {
            Verdict::Solved(_) => AnswerStatus::Solved,
            Verdict::Unsolvable => AnswerStatus::Unsolvable,
            Verdict::GaveUp => AnswerStatus::GaveUp,
        }
    }
}

/// What one unit's search came to, the `"status"` of its result: the one spelling of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum UnitStatus {
    /// No path within the round's bound.
    Searched,
    /// A path as long as the bound.
    Found,
    /// Not searched: a unit before it reached the goal.
    Skipped,
    /// A limit or a signal stopped it: run it again (written with a space, as
    /// [`AnswerStatus::GaveUp`]).
    #[serde(rename = "gave up")]
    GaveUp,
}

#[cfg(test)]
mod tests {
    use super::{AnswerStatus, UnitStatus};

    /// The statuses are written and read back as the words of the JSON contract, and no other.
    #[test]
    fn statuses_keep_their_words() {
        let answers = [
            (AnswerStatus::Solved, "solved"),
            (AnswerStatus::Unsolvable, "unsolvable"),
            (AnswerStatus::GaveUp, "gave up"),
        ];
        for (status, word) in answers {
            assert_eq!(serde_json::to_string(&status).unwrap(), format!("\"{word}\""));
            assert_eq!(serde_json::from_str::<AnswerStatus>(&format!("\"{word}\"")).unwrap(), status);
        }
        let units = [
            (UnitStatus::Searched, "searched"),
            (UnitStatus::Found, "found"),
            (UnitStatus::Skipped, "skipped"),
            (UnitStatus::GaveUp, "gave up"),
        ];
        for (status, word) in units {
            assert_eq!(serde_json::to_string(&status).unwrap(), format!("\"{word}\""));
            assert_eq!(serde_json::from_str::<UnitStatus>(&format!("\"{word}\"")).unwrap(), status);
        }
        for other in ["\"gave_up\"", "\"gaveup\"", "\"GaveUp\"", "\"Solved\""] {
            assert!(serde_json::from_str::<AnswerStatus>(other).is_err(), "{other}");
            assert!(serde_json::from_str::<UnitStatus>(other).is_err(), "{other}");
        }
    }
}
