//! The one way into the engines ([`crate::engine`]) for every puzzle, whatever format it was
//! read from: a [`Solver`] takes a [`Puzzle`] and its clues, a scan order and a node limit, and
//! finds the first solution, counts (pictures, plain placements, up to the board's turns) or
//! lists every solution. [`first_solution`] and [`count_solutions`] do the same under
//! [`search::Limits`].
//!
//! Orders that fill every cell after its north and west neighbours (row, column, diagonal, snake)
//! run on the row engine and its tight counting loop; the others on the ordered engine. The
//! first solution is the first in the order: in row-major order, cells are filled from the
//! top-left, the unused pieces tried in input order and each piece in rotations 0, 1, 2, 3 (only
//! 0 when rotations are off).
//!
//! A puzzle read from the marks format searches exactly the tree of the seed's solver: the row
//! engine does not look at the cell below before placing ([`Engine::look_below`]), so that the
//! placements the marks outputs report stay those of the original assignment's search.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

use search::{Limits, Stats, Status};

use crate::engine::{Counts, Engine, Mode, Order, OrderedEngine};
use crate::model::{Placement, Puzzle};

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

/// A puzzle and its clues prepared for search in one scan order (row-major until
/// [`Solver::set_order`] says otherwise).
#[derive(Clone, Debug)]
pub struct Solver {
    puzzle: Puzzle,
    clues: Vec<Option<Placement>>,
    engine: Engine,
    /// The engine of an order the row engine cannot run, when one was chosen.
    ordered: Option<OrderedEngine>,
    order: Order,
    node_limit: Option<u64>,
}

impl Solver {
    /// Prepares `puzzle` with `clues` (one entry per cell, row-major, or empty for none).
    ///
    /// # Panics
    ///
    /// If `clues` is neither empty nor one entry per cell, or a clue names a piece the puzzle
    /// does not have ([`crate::sol::clue_cells`] makes valid clues).
    pub fn new(puzzle: &Puzzle, clues: &[Option<Placement>]) -> Solver {
        let mut engine = Engine::new(puzzle, clues);
        if puzzle.marks().is_some() {
            engine.look_below(false);
        }
        Solver {
            puzzle: puzzle.clone(),
            clues: clues.to_vec(),
            engine,
            ordered: None,
            order: Order::Row,
            node_limit: None,
        }
    }

    /// Searches in `order` from now on. Counts never depend on the order; the first solution
    /// and the order of a solution stream do.
    pub fn set_order(&mut self, order: Order) {
        let rows = self.puzzle.rows();
        self.order = order;
        self.ordered = (!self.engine.set_order(order, rows)).then(|| {
            let mut ordered = OrderedEngine::new(&self.puzzle, &self.clues, order);
            ordered.limit_nodes(self.node_limit);
            ordered
        });
    }

    /// The order searches run in.
    pub fn order(&self) -> Order {
        self.order
    }

    /// The puzzle searched.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Makes every search stop once it has made `limit` placements (`None`: no limit), setting
    /// the `stop` flag it was given; searches then run on the calling thread only, so that the
    /// placements made are the same on every run ([`Engine::limit_nodes`]).
    pub fn limit_nodes(&mut self, limit: Option<u64>) {
        self.node_limit = limit;
        self.engine.limit_nodes(limit);
        if let Some(ordered) = &mut self.ordered {
            ordered.limit_nodes(limit);
        }
    }

    /// The first solution in the search order, with the placements made to find it; `None`
    /// when there is none or `stop` was set first.
    pub fn first(&self, stop: &AtomicBool) -> (Option<Vec<Placement>>, u64) {
        match &self.ordered {
            Some(ordered) => ordered.first(stop),
            None => self.engine.first(&self.puzzle, stop),
        }
    }

    /// Counts solutions and placements: [`Mode::Pictures`] counts distinct pictures (two
    /// solutions are the same when every cell shows the same four codes), [`Mode::Plain`] every
    /// complete placement. Runs on rayon's threads unless a node limit is set.
    pub fn count(&self, mode: Mode, stop: &AtomicBool) -> Counts {
        self.count_observed(mode, stop, &|_, _, _| {})
    }

    /// [`Solver::count`], calling `observe(done, total, placements)` from the worker threads
    /// each time one of the `total` subtrees of a search is finished (for a progress bar).
    pub fn count_observed(
        &self,
        mode: Mode,
        stop: &AtomicBool,
        observe: &(dyn Fn(usize, usize, u64) + Sync),
    ) -> Counts {
        match &self.ordered {
            Some(ordered) => ordered.count_observed(&self.puzzle, mode, stop, observe),
            None => self.engine.count_observed(&self.puzzle, mode, stop, observe),
        }
    }

    /// Counts pictures up to turns of the whole board, each orbit once
    /// ([`Engine::count_distinct`]), in the search order.
    pub fn count_distinct(&self, stop: &AtomicBool) -> Counts {
        match &self.ordered {
            Some(ordered) => ordered.count_distinct(&self.puzzle, stop),
            None => self.engine.count_distinct(&self.puzzle, stop),
        }
    }

    /// Calls `visit` with every solution (in `mode`) in search order, on the calling thread,
    /// until it returns `false` or `stop` is set. Returns what was counted.
    pub fn for_each_solution(&self, mode: Mode, stop: &AtomicBool, visit: impl FnMut(&[Placement]) -> bool) -> Counts {
        match &self.ordered {
            Some(ordered) => ordered.for_each_solution(mode, stop, visit),
            None => self.engine.for_each_solution(&self.puzzle, mode, stop, visit),
        }
    }
}

/// Runs `search` with a stop flag that is set when `limits`' deadline passes or its interrupt
/// flag is set (watched from a second thread, every millisecond); returns what `search`
/// returned and whether the flag was set when it ended.
fn with_stop<T>(limits: &Limits<'_>, search: impl FnOnce(&AtomicBool) -> T) -> (T, bool) {
    let stop = AtomicBool::new(false);
    let (deadline, interrupt) = (limits.deadline, limits.interrupt);
    if deadline.is_none() && interrupt.is_none() {
        let result = search(&stop);
        return (result, stop.load(Relaxed));
    }
    let done = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Relaxed) {
                let late = deadline.is_some_and(|deadline| Instant::now() >= deadline);
                if late || interrupt.is_some_and(|flag| flag.load(Relaxed)) {
                    stop.store(true, Relaxed);
                    return;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        });
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            stop.store(true, Relaxed);
        }
        let result = search(&stop);
        done.store(true, Relaxed);
        result
    });
    (result, stop.load(Relaxed))
}

/// Finds the first solution in the search order described in the [module docs](self).
/// `limits.max_expanded` limits the placements made; `limits.progress` is not updated.
pub fn first_solution(puzzle: &Puzzle, limits: &Limits<'_>) -> FirstSolution {
    let mut solver = Solver::new(puzzle, &[]);
    solver.limit_nodes(limits.max_expanded);
    let ((found, nodes), stopped) = with_stop(limits, |stop| solver.first(stop));
    let status = match found {
        Some(placements) => Status::Found(placements),
        None if stopped => Status::GaveUp,
        None => Status::Exhausted,
    };
    FirstSolution { status, stats: Stats { expanded: 0, generated: nodes } }
}

/// Counts the distinct solutions: two solutions are the same when every cell shows the same
/// four codes (marks, colours), whichever pieces show them. `limits.max_expanded` limits the placements made
/// (the count then runs on one thread).
///
/// So a piece that looks the same after a turn, or two identical pieces swapped, make no new
/// solution, while the four turns of a whole square board are four solutions.
pub fn count_solutions(puzzle: &Puzzle, limits: &Limits<'_>) -> SolutionCount {
    let mut solver = Solver::new(puzzle, &[]);
    solver.limit_nodes(limits.max_expanded);
    let (counts, stopped) = with_stop(limits, |stop| solver.count(Mode::Pictures, stop));
    SolutionCount {
        solutions: counts.solutions,
        complete: !stopped,
        stats: Stats { expanded: 0, generated: counts.nodes },
    }
}

#[cfg(test)]
mod tests;
