//! One board's answer as printed: from the planner's searches (the path kept) or its fast
//! solver (the path made again, checked, as it is printed).

use sliding::Answer;

use super::limited_planner::Timed;
use super::moves::Moves;

/// An answer of the planner's searches (the path kept) or of its fast solver (the path made
/// again when printed).
pub(super) enum PlannedAnswer {
    Searched(sliding::Report),
    Fast(sliding::FastReport),
}

impl Timed {
    /// The answer with its path in memory (for the pictures).
    pub(super) fn answer(&self) -> anyhow::Result<Answer> {
        Ok(match &self.report {
            PlannedAnswer::Searched(report) => report.answer.clone(),
            PlannedAnswer::Fast(report) => match &report.answer {
                sliding::FastAnswer::Solved(path) => Answer::Solved(path.to_vec().map_err(anyhow::Error::msg)?),
                sliding::FastAnswer::Unsolvable => Answer::Unsolvable,
                sliding::FastAnswer::GaveUp => Answer::GaveUp,
            },
        })
    }
}

/// What an answer says, from a search's report or a fast one.
pub(super) struct Printed<'a> {
    pub(super) answer: Kind,
    pub(super) moves: Option<Moves<'a>>,
    pub(super) nodes: u64,
    pub(super) optimal: bool,
    pub(super) lower_bound: Option<u64>,
    pub(super) method: sliding::Method,
}

/// The kinds of answer.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Solved,
    Unsolvable,
    GaveUp,
}

impl Printed<'_> {
    pub(super) fn of(outcome: &PlannedAnswer) -> Printed<'_> {
        match outcome {
            PlannedAnswer::Searched(report) => {
                let (answer, moves) = match &report.answer {
                    Answer::Solved(path) => (Kind::Solved, Some(Moves::Kept(path))),
                    Answer::Unsolvable => (Kind::Unsolvable, None),
                    Answer::GaveUp => (Kind::GaveUp, None),
                };
                let (nodes, optimal, lower_bound, method) =
                    (report.nodes, report.optimal, report.lower_bound, report.method);
                Printed { answer, moves, nodes, optimal, lower_bound, method }
            }
            PlannedAnswer::Fast(report) => {
                let (answer, moves) = match &report.answer {
                    sliding::FastAnswer::Solved(path) => (Kind::Solved, Some(Moves::Made(path))),
                    sliding::FastAnswer::Unsolvable => (Kind::Unsolvable, None),
                    sliding::FastAnswer::GaveUp => (Kind::GaveUp, None),
                };
                let (optimal, lower_bound) = (report.optimal, report.lower_bound);
                Printed { answer, moves, nodes: 0, optimal, lower_bound, method: sliding::Method::Fast }
            }
        }
    }
}
