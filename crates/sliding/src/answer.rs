//! What a solver returns for one board: the answer and the work it took. Its own module so the
//! searches (`ida`, `large`, `fast`) and `solve`, which dispatches to them, depend on it and not
//! on each other.

use puzzle_core::Direction;

/// An answer with the work it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The answer.
    pub answer: Answer,
    /// Search nodes visited (0 for table lookups and parity decisions). With several threads on
    /// one board the count can vary from run to run; the answer does not.
    pub nodes: u64,
}

/// The answer for one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A sequence of blank moves to the goal: optimal from [`solve`](crate::solve::solve) and
    /// [`solve_with`](crate::solve::solve_with), at most the weight times the optimum from
    /// [`solve_within`](crate::solve_within), short but not optimal from
    /// [`solve_fast`](crate::solve_fast).
    Solved(Vec<Direction>),
    /// The goal cannot be reached (decided by parity, without search).
    Unsolvable,
    /// A limit stopped the search before it could decide.
    GaveUp,
}
