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

use search::Limits;

use crate::answer::Answer;
use crate::engine::{Mode, Order};
use crate::model::{Placement, Puzzle};
use crate::plan::{OrderPick, Plan, Task};

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
    /// use edge_match::{Mode, Order};
    /// use edge_match::parse::{ParseOptions, parse_puzzle};
    /// use edge_match::{Limits, OrderPick, Solver, Task};
    ///
    /// let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
    /// let plan = Solver::new(&puzzle, &[]).plan(Task::Count, Mode::Pictures, Some(OrderPick::Given(Order::Snake)), false);
    /// assert_eq!(plan.order, Order::Snake);
    /// assert_eq!(plan.count(&Limits::NONE, &|_, _, _| {}).solutions, 4);
    /// ```
    pub fn plan(&self, task: Task, mode: Mode, pick: Option<OrderPick>, estimate: bool) -> Plan {
        self.plan_within(task, mode, pick, estimate, &Limits::NONE)
    }

    /// [`Solver::plan`] under the `limits` of the search that will run on the plan: the
    /// estimates (`auto`, the corner a count pins, `estimate`) poll its deadline and interrupt
    /// flag, and stop with them ([`Plan::stopped`]). They have a budget of their own besides,
    /// counted in candidates looked at so that the choice does not depend on the machine, and
    /// spend no more than the search may: at most its node limit in candidates (none at all
    /// where building one order's engine would list more) and a tenth of the time left before
    /// its deadline; where those run out, nothing is estimated and `auto` takes row order, so
    /// the search has the rest.
    ///
    /// ```
    /// use std::time::Instant;
    ///
    /// use edge_match::parse::{ParseOptions, parse_puzzle};
    /// use edge_match::{Limits, Mode, Order, OrderPick, Solver, Status, Task};
    ///
    /// let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
    /// let solver = Solver::new(&puzzle, &[]);
    /// // A deadline already passed: the plan is stopped, and so is the search on it.
    /// let passed = Limits { deadline: Some(Instant::now()), ..Limits::NONE };
    /// let plan = solver.plan_within(Task::Count, Mode::Pictures, Some(OrderPick::Auto), false, &passed);
    /// assert!(plan.stopped && plan.estimate.is_none());
    /// assert_eq!(plan.first(&passed).status(), Status::GaveUp);
    /// // Without limits, `auto` estimates every order.
    /// let plan = solver.plan_within(Task::Count, Mode::Pictures, Some(OrderPick::Auto), false, &Limits::NONE);
    /// assert!(!plan.stopped && plan.estimates.len() == Order::ALL.len());
    /// ```
    pub fn plan_within(
        &self,
        task: Task,
        mode: Mode,
        pick: Option<OrderPick>,
        estimate: bool,
        limits: &Limits<'_>,
    ) -> Plan {
        Plan::new(&self.puzzle, &self.clues, task, mode, pick, estimate, limits)
    }
}

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
    let plan = Solver::new(puzzle, &[]).plan(Task::First, Mode::Plain, Some(OrderPick::Given(Order::Row)), false);
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
    let plan = Solver::new(puzzle, &[]).plan(Task::Count, Mode::Pictures, Some(OrderPick::Given(Order::Row)), false);
    Answer { board: None, counts: plan.count(limits, &|_, _, _| {}) }
}

#[cfg(test)]
mod tests;
