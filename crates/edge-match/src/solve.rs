//! The two shortest ways into the engines for every puzzle, whatever format it was read from:
//! [`first_solution`] and [`count_solutions`] plan (a [`Solver`], `plan.rs`) and run the search
//! in row order under [`search::Limits`].
//!
//! Orders that fill every cell after its north and west neighbours (row, column, diagonal, snake)
//! run on the row engine and its tight counting loop; the others on the ordered engine. The
//! first solution is the first in the order: in row-major order, cells are filled from the
//! top-left, the unused pieces tried in input order and each piece in rotations 0, 1, 2, 3 (only
//! 0 when rotations are off).
//!
//! A puzzle read from the marks format searches exactly the tree of the seed's solver: the row
//! engine does not look at the cell below before placing, so that the placements the marks
//! outputs report stay those of the original assignment's search.

use search::Limits;

use crate::answer::Answer;
use crate::engine::{Mode, Order};
use crate::model::Puzzle;
use crate::plan::{OrderPick, Solver, Task};

/// Finds the first solution in row-major order: cells are filled from the top-left, the unused
/// pieces tried in input order and each piece in rotations 0, 1, 2, 3 (only 0 when rotations
/// are off).
/// `limits.max_expanded` limits the placements made; `limits.progress` is not updated.
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::{first_solution, Limits, Placement, Status};
///
/// // One row of two unturnable pieces: piece 0 shows A+ east, piece 1 shows A- west, and the
/// // other way round piece 1's G+ would meet piece 0's C+, which do not fit.
/// let options = ParseOptions { size: Some((1, 2)), rotate: false };
/// let puzzle = parse_puzzle("B+ C+ D+ A+\nE+ A- F+ G+\n", &options).unwrap();
/// let answer = first_solution(&puzzle, &Limits::NONE);
/// assert_eq!(answer.status(), Status::Found(vec![Placement::new(0, 0), Placement::new(1, 0)]));
/// ```
pub fn first_solution(puzzle: &Puzzle, limits: &Limits<'_>) -> Answer {
    let plan = Solver::new(puzzle).plan(Task::First, Mode::Plain, Some(OrderPick::Given(Order::Row)), false);
    plan.first(limits)
}

/// Counts the distinct solutions: two solutions are the same when every cell shows the same
/// four codes (marks, colours), whichever pieces show them. `limits.max_expanded` limits the placements made
/// (the count then runs on one thread).
///
/// So a piece that looks the same after a turn, or two identical pieces swapped, make no new
/// solution, while the four turns of a whole square board are four solutions.
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::{count_solutions, Limits};
///
/// // One cell, one piece: its four turns show four different pictures...
/// let turned = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
/// assert_eq!(count_solutions(&turned, &Limits::NONE).counts.solutions, 4);
/// // ...unless the piece looks the same whichever way it is turned.
/// let same = parse_puzzle("A+ A+ A+ A+\n", &ParseOptions::default()).unwrap();
/// let answer = count_solutions(&same, &Limits::NONE);
/// assert_eq!(answer.counts.solutions, 1);
/// assert!(answer.complete());
/// ```
pub fn count_solutions(puzzle: &Puzzle, limits: &Limits<'_>) -> Answer {
    let plan = Solver::new(puzzle).plan(Task::Count, Mode::Pictures, Some(OrderPick::Given(Order::Row)), false);
    Answer { board: None, counts: plan.count(limits, &|_, _, _| {}) }
}

#[cfg(test)]
mod tests;
