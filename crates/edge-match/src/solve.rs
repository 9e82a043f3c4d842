//! The one way into the engines ([`crate::engine`]) for every puzzle, whatever format it was
//! read from: a [`Solver`] takes a [`Puzzle`] and its clues and plans each search once
//! ([`Solver::plan`], [`crate::plan`]): the first solution, counts (pictures, plain placements,
//! up to the board's turns), every solution, work units. [`first_solution`] and
//! [`count_solutions`] do it in row order under [`search::Limits`].
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

use search::{Limits, Stats, Status};

use crate::engine::{Mode, Order};
use crate::model::{Placement, Puzzle};
use crate::plan::{OrderPick, Plan, Task};

/// The result of [`first_solution`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstSolution {
    /// The placements of the first solution, row-major; or [`Status::Exhausted`] when there is
    /// none, or [`Status::GaveUp`] when the limits were reached first.
    pub status: Status<Vec<Placement>>,
    /// Work done by the search: `generated` is the placements made (the engine does not count
    /// expansions; `expanded` stays 0).
    pub stats: Stats,
}

/// The result of [`count_solutions`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolutionCount {
    /// The number of distinct solutions found.
    pub solutions: u64,
    /// Whether the whole search space was explored; when `false` the limits were reached and
    /// `solutions` is only a lower bound.
    pub complete: bool,
    /// Work done by the search: `generated` is the placements made (`expanded` stays 0).
    pub stats: Stats,
}

/// A puzzle and its clues, ready to plan searches.
#[derive(Clone, Debug)]
pub struct Solver {
    puzzle: Puzzle,
    clues: Vec<Option<Placement>>,
}

impl Solver {
    /// Takes `puzzle` with `clues` (one entry per cell, row-major, or empty for none).
    ///
    /// # Panics
    ///
    /// Planning panics if `clues` is neither empty nor one entry per cell, or a clue names a
    /// piece the puzzle does not have ([`crate::sol::clue_cells`] makes valid clues).
    pub fn new(puzzle: &Puzzle, clues: &[Option<Placement>]) -> Solver {
        Solver { puzzle: puzzle.clone(), clues: clues.to_vec() }
    }

    /// The puzzle searched.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Plans `task` in `mode`: the order `pick` asks for (`None`: the library's default,
    /// [`OrderPick::default_for`]), the corner a count pins, the estimate (computed for a given
    /// order only when `estimate` asks), and the engine. Counts never depend on the order; the
    /// first solution and the order of a solution stream do.
    ///
    /// ```
    /// use edge_match::engine::{Mode, Order};
    /// use edge_match::{parse_puzzle, Limits, OrderPick, ParseOptions, Solver, Task};
    ///
    /// let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
    /// let plan = Solver::new(&puzzle, &[]).plan(Task::Count, Mode::Pictures, Some(OrderPick::Given(Order::Snake)), false);
    /// assert_eq!(plan.order, Order::Snake);
    /// assert_eq!(plan.count(&Limits::NONE, &|_, _, _| {}).solutions, 4);
    /// ```
    pub fn plan(&self, task: Task, mode: Mode, pick: Option<OrderPick>, estimate: bool) -> Plan {
        Plan::new(&self.puzzle, &self.clues, task, mode, pick, estimate)
    }
}

/// Finds the first solution in the search order described in the [module docs](self).
/// `limits.max_expanded` limits the placements made; `limits.progress` is not updated.
pub fn first_solution(puzzle: &Puzzle, limits: &Limits<'_>) -> FirstSolution {
    let plan = Solver::new(puzzle, &[]).plan(Task::First, Mode::Plain, Some(OrderPick::Given(Order::Row)), false);
    let (found, counts) = plan.first(limits);
    let status = match found {
        Some(placements) => Status::Found(placements),
        None if counts.stopped => Status::GaveUp,
        None => Status::Exhausted,
    };
    FirstSolution { status, stats: Stats { expanded: 0, generated: counts.nodes } }
}

/// Counts the distinct solutions: two solutions are the same when every cell shows the same
/// four codes (marks, colours), whichever pieces show them. `limits.max_expanded` limits the placements made
/// (the count then runs on one thread).
///
/// So a piece that looks the same after a turn, or two identical pieces swapped, make no new
/// solution, while the four turns of a whole square board are four solutions.
pub fn count_solutions(puzzle: &Puzzle, limits: &Limits<'_>) -> SolutionCount {
    let plan = Solver::new(puzzle, &[]).plan(Task::Count, Mode::Pictures, Some(OrderPick::Given(Order::Row)), false);
    let counts = plan.count(limits, &|_, _, _| {});
    SolutionCount {
        solutions: counts.solutions,
        complete: !counts.stopped,
        stats: Stats { expanded: 0, generated: counts.nodes },
    }
}

#[cfg(test)]
mod tests;
