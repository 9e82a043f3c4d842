//! What an `--html` page holds of one board's answer: every move of a board small enough to
//! animate (a fast answer's read back from its tape, checked as it is read), only the first
//! moves of a larger one, so that a path of billions of moves is never held whole.

use puzzle_core::Direction;
use sliding::{Answer, Board, StreamError};

use super::limited_planner::Timed;
use super::outcome::PlannedAnswer;
use crate::html::slide::{Watched, MAX_ANIMATED_CELLS, MAX_LISTED_MOVES};

impl Timed {
    /// What a page shows of the answer for `board`.
    pub(super) fn watched(&self, board: &Board) -> anyhow::Result<Watched> {
        let animated = board.shape().n_cells() <= MAX_ANIMATED_CELLS;
        Ok(match &self.report {
            PlannedAnswer::Searched(report) => match &report.answer {
                Answer::Solved(path) => {
                    let kept = if animated { path.len() } else { path.len().min(MAX_LISTED_MOVES) };
                    Watched::Solved { n_moves: path.len() as u64, moves: path[..kept].to_vec() }
                }
                Answer::Unsolvable => Watched::Unsolvable,
                Answer::GaveUp => Watched::GaveUp,
            },
            PlannedAnswer::Fast(report) => match &report.answer {
                sliding::FastAnswer::Solved(path) if animated => {
                    Watched::Solved { n_moves: path.n_moves(), moves: path.to_vec().map_err(anyhow::Error::msg)? }
                }
                sliding::FastAnswer::Solved(path) => {
                    let mut first: Vec<Direction> = Vec::new();
                    let read = path.stream(&mut |moves| {
                        let room = MAX_LISTED_MOVES - first.len();
                        first.extend_from_slice(&moves[..moves.len().min(room)]);
                        if first.len() == MAX_LISTED_MOVES {
                            return Err(Listed);
                        }
                        Ok(())
                    });
                    match read {
                        Ok(()) | Err(StreamError::Sink(Listed)) => {}
                        Err(wrong @ StreamError::Wrong(_)) => anyhow::bail!("{wrong}"),
                    }
                    Watched::Solved { n_moves: path.n_moves(), moves: first }
                }
                sliding::FastAnswer::Unsolvable => Watched::Unsolvable,
                sliding::FastAnswer::GaveUp => Watched::GaveUp,
            },
        })
    }
}

/// A page's moves are read no further.
#[derive(Debug)]
struct Listed;

impl std::fmt::Display for Listed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "enough moves for the page")
    }
}
