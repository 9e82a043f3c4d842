//! One board's answer as printed: from the planner's searches (the path kept) or its fast
//! solver (the path read back from its tape, or made again, checked, as it is printed).

use puzzle_core::Direction;
use sliding::{Answer, Board, StreamError};

use super::limited_planner::Timed;
use super::moves::Moves;
use crate::svg::slide::{Drawn, MAX_DRAWN_MOVES};
use crate::svg::MAX_DRAWN_CELLS;

/// An answer of the planner's searches (the path kept) or of its fast solver (the path made
/// again when printed).
pub(super) enum PlannedAnswer {
    Searched(sliding::Report),
    Fast(sliding::FastReport),
}

impl Timed {
    /// What a picture shows of the answer for `board`: a fast answer's moves are read only as far
    /// as the picture needs them (its first moves, or all of them on a board small enough to
    /// draw), never held whole.
    pub(super) fn drawn(&self, board: &Board) -> anyhow::Result<Drawn> {
        Ok(match &self.report {
            PlannedAnswer::Searched(report) => Drawn::of(board, &report.answer),
            PlannedAnswer::Fast(report) => match &report.answer {
                sliding::FastAnswer::Solved(path) if board.shape().n_cells() <= MAX_DRAWN_CELLS => {
                    Drawn::of(board, &Answer::Solved(path.to_vec().map_err(anyhow::Error::msg)?))
                }
                sliding::FastAnswer::Solved(path) => {
                    let mut first: Vec<Direction> = Vec::new();
                    let read = path.stream(&mut |moves| {
                        let room = MAX_DRAWN_MOVES - first.len();
                        first.extend_from_slice(&moves[..moves.len().min(room)]);
                        if first.len() == MAX_DRAWN_MOVES {
                            return Err(Enough);
                        }
                        Ok(())
                    });
                    match read {
                        Ok(()) | Err(StreamError::Sink(Enough)) => {}
                        Err(wrong @ StreamError::Wrong(_)) => anyhow::bail!("{wrong}"),
                    }
                    Drawn::Solved { n_moves: path.n_moves(), first, end: None }
                }
                sliding::FastAnswer::Unsolvable => Drawn::Unsolvable,
                sliding::FastAnswer::GaveUp => Drawn::GaveUp,
            },
        })
    }
}

/// A picture's moves are read no further.
#[derive(Debug)]
struct Enough;

impl std::fmt::Display for Enough {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "enough moves for the picture")
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
