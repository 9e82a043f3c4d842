//! The one answer type of an edge search, from the library to the printers ([`Answer`]): a leaf
//! that knows the placements and the depth-first core's counts, and nothing of the engines.

use search::walk::Counts;
use search::Status;

use crate::model::Placement;

/// What an edge search answered, the one answer type from the library to the printers: the
/// first solution's board when the search looked for one, and what it counted (solutions,
/// placements, whether a limit stopped it). A count leaves `board` empty.
///
/// ```
/// use edge_match::{Answer, Counts, Status};
///
/// let gave_up = Answer { board: None, counts: Counts { solutions: 0, nodes: 7, stopped: true } };
/// assert_eq!(gave_up.status(), Status::GaveUp);
/// assert!(!gave_up.complete());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The first solution's placements by cell (row-major), when the search looked for one and
    /// found it.
    pub board: Option<Vec<Placement>>,
    /// Solutions found, placements made, and whether a limit stopped the search (the counts
    /// are then what was reached: a lower bound).
    pub counts: Counts,
}

impl Answer {
    /// The first solution as a [`Status`]: found, none ([`Status::Exhausted`]), or
    /// [`Status::GaveUp`] when a limit stopped the search first.
    pub fn status(&self) -> Status<Vec<Placement>> {
        match &self.board {
            Some(placements) => Status::Found(placements.clone()),
            None if self.counts.stopped => Status::GaveUp,
            None => Status::Exhausted,
        }
    }

    /// Whether the whole tree was searched: the count is the answer, not a lower bound.
    #[cfg(any(test, feature = "test-support"))]
    pub fn complete(&self) -> bool {
        !self.counts.stopped
    }
}
