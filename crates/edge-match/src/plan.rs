//! Planning a search once: a [`Solver`] holds a puzzle and its clues, and [`Solver::plan`] decides what a search will be — its scan
//! order (given, the library's default for the task, or `auto`: the order whose tree Knuth's
//! estimator finds smallest), the corner piece a count of pictures pins (the one with the
//! smallest tree, when several are unlike every other piece), the estimated placements, and the
//! engine built for that order (the row engine only when the order is one it runs) — and the
//! first solution, the counts, every solution and the work units of a split all run on that
//! [`Plan`].

use search::walk::Counts;
use search::Limits;
use thiserror::Error;

use crate::answer::Answer;
use crate::engine::{
    build_candidates, cheapest_corner, estimate_order, estimated_tables, unique_corners, Corner, Engine, Join, Kept,
    Mode, Order, OrderedEngine, Search, Split, SplitError, DEFAULT_MEMORY,
};
use crate::model::{Placement, Puzzle};

/// A puzzle and its clues, ready to plan searches.
#[derive(Clone, Debug)]
pub struct Solver {
    puzzle: Puzzle,
    clues: Vec<Option<Placement>>,
    memory: u64,
}

/// Why clues cannot go with a puzzle ([`Solver::with_clues`]).
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::{ClueError, Placement, Solver};
///
/// let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
/// let error = Solver::with_clues(&puzzle, &[None, None]).unwrap_err();
/// assert_eq!(error, ClueError::Cells { found: 2, cells: 1 });
/// assert_eq!(error.to_string(), "2 clue cells for a board of 1 cells: give none, or one per cell");
/// assert!(Solver::with_clues(&puzzle, &[Some(Placement::new(0, 3))]).is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ClueError {
    /// Neither no clue cells nor one per cell.
    #[error("{found} clue cells for a board of {cells} cells: give none, or one per cell")]
    Cells {
        /// Clue cells given.
        found: usize,
        /// Cells of the board.
        cells: usize,
    },
    /// A clue names a piece the puzzle does not have.
    #[error("the clue of cell {cell} names piece {piece}, but the puzzle has {pieces} pieces")]
    NoSuchPiece {
        /// The cell, row-major from 0.
        cell: usize,
        /// The piece named.
        piece: usize,
        /// The puzzle's pieces.
        pieces: usize,
    },
    /// Two clues name one piece.
    #[error("the clues of cells {first} and {cell} both name piece {piece}")]
    PieceTwice {
        /// The first cell naming it.
        first: usize,
        /// The second.
        cell: usize,
        /// The piece.
        piece: usize,
    },
    /// A clue turns a piece in a puzzle whose pieces do not turn.
    #[error("the clue of cell {cell} turns its piece, but this puzzle's pieces do not turn")]
    Turned {
        /// The cell.
        cell: usize,
    },
}

impl Solver {
    /// Takes `puzzle`, with no clues.
    pub fn new(puzzle: &Puzzle) -> Solver {
        Solver { puzzle: puzzle.clone(), clues: Vec::new(), memory: DEFAULT_MEMORY }
    }

    /// Takes `puzzle` with `clues`: none, or one entry per cell, row-major, each naming a
    /// distinct piece of the puzzle, turned only where its pieces turn ([`crate::sol::clue_cells`]
    /// makes such clues from a `.clue` file).
    pub fn with_clues(puzzle: &Puzzle, clues: &[Option<Placement>]) -> Result<Solver, ClueError> {
        let (cells, pieces) = (puzzle.rows() * puzzle.cols(), puzzle.pieces().len());
        if !clues.is_empty() && clues.len() != cells {
            return Err(ClueError::Cells { found: clues.len(), cells });
        }
        let mut first_cell = vec![None; pieces];
        for (cell, clue) in clues.iter().enumerate() {
            let Some(Placement { piece, rotation }) = *clue else { continue };
            let Some(first) = first_cell.get_mut(piece) else {
                return Err(ClueError::NoSuchPiece { cell, piece, pieces });
            };
            if let Some(first) = *first {
                return Err(ClueError::PieceTwice { first, cell, piece });
            }
            *first = Some(cell);
            if rotation.quarter_turns() != 0 && !puzzle.rotate() {
                return Err(ClueError::Turned { cell });
            }
        }
        Ok(Solver { clues: clues.to_vec(), ..Solver::new(puzzle) })
    }

    /// The same solver, whose counts may use up to `bytes` of memory for a join (2 GiB
    /// unless given; 0: never a join, always the walk). The counts are the same either way.
    ///
    /// ```
    /// use edge_match::parse::{ParseOptions, parse_puzzle};
    /// use edge_match::{Limits, Mode, Solver, Task};
    ///
    /// let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
    /// let plan = Solver::new(&puzzle).with_memory(0).plan(Task::Count, Mode::Plain, None, false);
    /// assert_eq!((plan.joined_rows, plan.count(&Limits::NONE, &|_, _, _| {}).solutions), (None, 4));
    /// ```
    #[must_use]
    pub fn with_memory(mut self, bytes: u64) -> Solver {
        self.memory = bytes;
        self
    }

    /// Plans `task` in `mode`: the order `pick` asks for (`None`: the library's default,
    /// `OrderPick::default_for`), the corner a count pins, the estimate (computed for a given
    /// order only when `estimate` asks), and the engine. Counts never depend on the order; the
    /// first solution and the order of a solution stream do.
    ///
    /// ```
    /// use edge_match::{Mode, Order};
    /// use edge_match::parse::{ParseOptions, parse_puzzle};
    /// use edge_match::{Limits, OrderPick, Solver, Task};
    ///
    /// let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
    /// let plan = Solver::new(&puzzle).plan(Task::Count, Mode::Pictures, Some(OrderPick::Given(Order::Snake)), false);
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
    /// let solver = Solver::new(&puzzle);
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
        let (puzzle, clues) = (&self.puzzle, &self.clues[..]);
        let pick = pick.unwrap_or_else(|| OrderPick::default_for(puzzle, task, mode));
        let pins = (task == Task::Count && mode == Mode::Pictures) || task == Task::Distinct;
        // A node limit bounds the planning as it bounds the search: the probes look at no more
        // candidates than the search may place, and where building one order's engine alone
        // would list more, nothing is estimated (`auto` takes row order, a count pins the first
        // unique corner), so a small limit is spent on the search, not on its plan.
        let affordable = limits.max_expanded.is_none_or(|nodes| build_candidates(puzzle) <= nodes);
        // A time limit likewise: the estimates have a tenth of the time left, and where that
        // runs out first they are dropped as above, leaving the search the rest. Only the
        // search's own deadline or a signal stops the plan.
        let planning = Limits { deadline: limits.deadline.map(planning_deadline), ..*limits };
        let mut stopped = false;
        // The row engine's tables, built the first time they are needed: the corners' estimates,
        // those of every order the row engine runs, and the plan's engine in such an order (or
        // its join) all run on them, so that they are built once.
        let row_tables = std::cell::OnceCell::new();
        let row_engine =
            || row_tables.get_or_init(|| Engine::planned(puzzle, clues, Order::Row, None, 1).expect("row order"));
        let corner = if pins {
            let (corners, turns) = unique_corners(puzzle, clues);
            match corners.len() {
                0 => None,
                1 => Some(Corner { piece: corners[0], turns }),
                _ if !affordable => Some(Corner { piece: corners[0], turns }),
                _ => {
                    // Any of the corners gives the same count: stopped, the first serves.
                    let cheapest = cheapest_corner(row_engine(), &corners, &planning);
                    stopped |= cheapest.is_none() && limits.stopped();
                    let piece = cheapest.unwrap_or(corners[0]);
                    Some(Corner { piece, turns })
                }
            }
        } else {
            None
        };
        // A distinct count searches the pictures' tree whatever the mode.
        let estimated_mode = if task == Task::Distinct { Mode::Pictures } else { mode };
        let estimate_of = |order: Order| {
            let probed = estimated_tables(puzzle, clues, estimated_mode, order, corner, row_engine, &planning)?;
            estimate_order(&probed, estimated_mode, &planning)
        };
        let (order, estimate, estimates) = match pick {
            _ if stopped => (Order::Row, None, Vec::new()),
            OrderPick::Auto if !affordable || build_candidates(puzzle) > AUTO_MAX_CANDIDATES => {
                (Order::Row, None, Vec::new())
            }
            OrderPick::Auto => {
                let estimates: Option<Vec<(Order, f64)>> =
                    Order::ALL.iter().map(|&order| estimate_of(order).map(|nodes| (order, nodes))).collect();
                match estimates {
                    Some(estimates) => {
                        let &(order, nodes) =
                            estimates
                                .iter()
                                .fold(&estimates[0], |best, here| if here.1 < best.1 { here } else { best });
                        (order, Some(nodes), estimates)
                    }
                    None => {
                        stopped = limits.stopped();
                        (Order::Row, None, Vec::new())
                    }
                }
            }
            OrderPick::Given(order) => {
                let estimate = estimate && affordable;
                let nodes = if estimate { estimate_of(order) } else { None };
                stopped |= estimate && nodes.is_none() && limits.stopped();
                (order, nodes, Vec::new())
            }
        };
        let engine = match Engine::runs(puzzle, order) {
            true => {
                Built::Row(Box::new(row_engine().planned_from(order, corner).expect("an order the row engine runs")))
            }
            false => Built::Ordered(Box::new(OrderedEngine::planned(puzzle, clues, order, corner))),
        };
        // A count may meet in the middle (`engine/join.rs`): in row order, whatever order the walk
        // takes, where the join's estimate is well under the walk's; never under a node limit,
        // whose placements are the walk's, nor for an order given other than row. It runs on the
        // plan's tables where they are the row engine's (in any order), sharing their corner split.
        let counts = task == Task::Count || (task == Task::Distinct && corner.is_some());
        let row = matches!(pick, OrderPick::Auto | OrderPick::Given(Order::Row));
        let join = if counts && row && !stopped && limits.max_expanded.is_none() && self.memory > 0 {
            let planned = |engine: &Engine| Join::plan_on(engine, estimated_mode, self.memory, None, &planning);
            match &engine {
                Built::Row(engine) => planned(engine),
                Built::Ordered(_) => row_engine().planned_from(Order::Row, corner).and_then(|e| planned(&e)),
            }
            .map(Box::new)
        } else {
            None
        };
        // Each picture the join finds through the board's turns stands for them in a count, for
        // one orbit when counting up to them.
        let turns = corner.filter(|_| task == Task::Count && mode == Mode::Pictures).map_or(1, |c| c.turns);
        let joined_rows = join.as_ref().map(|join| join.top_rows());
        let auto = pick == OrderPick::Auto;
        Plan {
            order,
            corner: corner.map(|c| c.piece),
            estimate,
            auto,
            estimates,
            stopped,
            joined_rows,
            mode,
            engine,
            join,
            turns,
        }
    }
}

impl Solver {
    /// The plan of a split's units, made again from what the split recorded (its `order` and
    /// the `corner` its count pins, [`Plan::order`] and [`Plan::corner`]) without probing: no
    /// estimate, no join (a unit counts below its prefix by the walk). A corner is a count of
    /// pictures' ([`Task::Count`] in [`Mode::Pictures`]), one of the pieces that qualify;
    /// without one the plan is [`Task::List`]'s. Refused, with the reason, where the corner
    /// does not fit this puzzle.
    ///
    /// ```
    /// use edge_match::parse::{ParseOptions, parse_puzzle};
    /// use edge_match::{Limits, Mode, Order, OrderPick, Solver, Task};
    ///
    /// let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
    /// let solver = Solver::new(&puzzle);
    /// let cut = solver.plan_cut(Mode::Pictures, Order::Snake, None).unwrap();
    /// let listed = solver.plan(Task::List, Mode::Pictures, Some(OrderPick::Given(Order::Snake)), false);
    /// assert_eq!((cut.order, cut.corner, cut.engine_name()), (listed.order, listed.corner, listed.engine_name()));
    /// assert!(solver.plan_cut(Mode::Pictures, Order::Row, Some(7)).is_err());
    /// ```
    pub fn plan_cut(&self, mode: Mode, order: Order, corner: Option<usize>) -> Result<Plan, String> {
        let (puzzle, clues) = (&self.puzzle, &self.clues[..]);
        let corner = match corner {
            None => None,
            Some(_) if mode != Mode::Pictures => {
                return Err("a plain search pins no corner piece".to_owned());
            }
            Some(piece) => {
                let (corners, turns) = unique_corners(puzzle, clues);
                if !corners.contains(&piece) {
                    return Err(format!(
                        "piece {piece} is not a corner piece unlike every other that a count may pin on this puzzle"
                    ));
                }
                Some(Corner { piece, turns })
            }
        };
        let engine = match Engine::planned(puzzle, clues, order, corner, 1) {
            Some(engine) => Built::Row(Box::new(engine)),
            None => Built::Ordered(Box::new(OrderedEngine::planned(puzzle, clues, order, corner))),
        };
        Ok(Plan {
            order,
            corner: corner.map(|c| c.piece),
            estimate: None,
            auto: false,
            estimates: Vec::new(),
            stopped: false,
            joined_rows: None,
            mode,
            engine,
            join: None,
            turns: corner.filter(|_| mode == Mode::Pictures).map_or(1, |c| c.turns),
        })
    }
}

/// The scan order asked for.
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::{Mode, Order, OrderPick, Task};
///
/// let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
/// // The plain search always runs in row order.
/// assert_eq!(OrderPick::default_for(&puzzle, Task::Count, Mode::Plain), OrderPick::Given(Order::Row));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderPick {
    /// Each order's search tree estimated by random probes (seeded: the choice is reproducible),
    /// the smallest taken; ties go to the earlier order of [`Order::ALL`]. On a board too big to
    /// build every order's engine at once (over a million candidates each: more than 500
    /// cells whose pieces turn), row order, untried.
    Auto,
    /// This order.
    Given(Order),
}

/// What a plan is for: it decides which tree the estimates look at and whether a corner is
/// pinned.
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::{Limits, Mode, Order, OrderPick, Solver, Task};
///
/// // One cell: the piece's four turns are four pictures, and also the four turns of the board,
/// // so up to the board's turns there is one.
/// let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
/// let solver = Solver::new(&puzzle);
/// let row = Some(OrderPick::Given(Order::Row));
/// assert_eq!(solver.plan(Task::Count, Mode::Pictures, row, false).count(&Limits::NONE, &|_, _, _| {}).solutions, 4);
/// assert_eq!(solver.plan(Task::Distinct, Mode::Pictures, row, false).count_distinct(&Limits::NONE).solutions, 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// The first solution.
    First,
    /// A count (in [`Mode::Pictures`], through the board's turns where a corner piece allows).
    Count,
    /// The count up to the board's turns.
    Distinct,
    /// Every solution in search order, or the work units of a split (whose solutions, merged,
    /// come in that order): the whole tree, no corner pinned.
    List,
}

impl OrderPick {
    /// The library's default for `task` in `mode` on `puzzle`: row order for the plain search
    /// (its placements are the benchmarks' figures) and for the first solution of a puzzle read
    /// from the marks format (the seed's); `auto` otherwise.
    pub fn default_for(puzzle: &Puzzle, task: Task, mode: Mode) -> OrderPick {
        if mode == Mode::Plain || (puzzle.marks().is_some() && task == Task::First) {
            OrderPick::Given(Order::Row)
        } else {
            OrderPick::Auto
        }
    }
}

/// One search, planned: the order, the corner, the estimate, and the engine built for them.
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::{Limits, Mode, Order, OrderPick, Placement, Solver, Task};
///
/// // One row of two unturnable pieces whose only solution is piece 0, then piece 1.
/// let options = ParseOptions { size: Some((1, 2)), rotate: false };
/// let puzzle = parse_puzzle("B+ C+ D+ A+\nE+ A- F+ G+\n", &options).unwrap();
/// let plan = Solver::new(&puzzle).plan(Task::List, Mode::Plain, Some(OrderPick::Given(Order::Row)), false);
/// let mut seen = Vec::new();
/// plan.for_each_solution(&Limits::NONE, |placements| {
///     seen.push(placements.to_vec());
///     true
/// });
/// assert_eq!(seen, [[Placement::new(0, 0), Placement::new(1, 0)]]);
/// ```
#[derive(Clone, Debug)]
pub struct Plan {
    /// The scan order.
    pub order: Order,
    /// The corner piece (input index) a count of pictures pins, if any.
    pub corner: Option<usize>,
    /// The estimated placements of the search, when `auto` chose the order or an estimate was
    /// asked for.
    pub estimate: Option<f64>,
    /// Whether `auto` chose the order (its estimate is then the one to report).
    pub auto: bool,
    /// With `auto`, every order tried and its estimate, in [`Order::ALL`]'s order.
    pub estimates: Vec<(Order, f64)>,
    /// Whether the limits the plan was made under stopped its estimates (a deadline passed, a
    /// signal came): `auto` then stands for row order, the corner for the first that qualifies,
    /// and nothing is estimated; a search under the same limits gives up at once, as it would
    /// have had the estimates been made.
    pub stopped: bool,
    /// Where a count meets in the middle (docs/algorithms.md, "the join"): the rows above the
    /// meeting; `None` where the count walks the whole tree.
    pub joined_rows: Option<usize>,
    mode: Mode,
    engine: Built,
    join: Option<Box<Join>>,
    /// The board's turns each picture a join finds through a pinned corner stands for.
    turns: u64,
}

/// The engine of a plan: the row engine for the orders it runs, else the engine for any order.
#[derive(Clone, Debug)]
enum Built {
    Row(Box<Engine>),
    Ordered(Box<OrderedEngine>),
}

/// `$body` with `$engine` bound to whichever engine `$built` holds: the one place a plan tells
/// its engines apart. Both implement the one trait of searches ([`Search`]), whose provided
/// methods the body calls; each arm is compiled for its own engine.
macro_rules! on_engine {
    ($built:expr, $engine:ident => $body:expr) => {
        match $built {
            Built::Row($engine) => $body,
            Built::Ordered($engine) => $body,
        }
    };
}

/// The searches of a plan that the GPU kernel runs.
#[cfg(feature = "gpu")]
enum GpuTask<'p> {
    /// [`Plan::count`] (`limited`: under a placement limit).
    Count(bool),
    /// [`Plan::count_distinct`].
    Distinct(bool),
    /// [`Plan::count_below`] this prefix.
    Unit(&'p [Placement]),
}

#[cfg(feature = "gpu")]
impl GpuTask<'_> {
    fn on<F: crate::engine::gpu_tree::GpuSource>(
        self,
        engine: &F,
        mode: Mode,
    ) -> Option<crate::engine::gpu_tree::GpuJobs> {
        use crate::engine::gpu_tree::{count_jobs, distinct_jobs, unit_jobs};
        match self {
            GpuTask::Count(limited) => count_jobs(engine, mode, limited),
            GpuTask::Distinct(limited) => distinct_jobs(engine, limited),
            GpuTask::Unit(prefix) => unit_jobs(engine, mode, prefix),
        }
    }
}

/// The most candidates one order's engine may list (every piece in every turn at every cell,
/// [`build_candidates`]) for `auto` to build and probe every order's: past it, building the six
/// engines alone costs over half a second and their probes several seconds (a 32×32 board whose
/// pieces turn lists 4.2 M per order), so `auto` takes row order untried.
/// Every board of Gallicchio's suite and Brendan's sets lists at most 640,000 (20×20), so their
/// choices are the estimates' still.
const AUTO_MAX_CANDIDATES: u64 = 1_000_000;

/// The moment a plan's estimates stop at, under a search that must stop at `deadline`: a tenth
/// of the time left, so that a time limit is spent on the search, not on choosing its order.
fn planning_deadline(deadline: std::time::Instant) -> std::time::Instant {
    let now = std::time::Instant::now();
    now + deadline.saturating_duration_since(now) / 10
}

impl Plan {
    /// How solutions are told apart.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The engine the plan runs on: `row` (the row engine, for the orders it runs) or
    /// `ordered` (the engine for any order).
    pub fn engine_name(&self) -> &'static str {
        match self.engine {
            Built::Row(_) => "row",
            Built::Ordered(_) => "ordered",
        }
    }

    /// The first solution in the plan's order (placements by cell, row-major), with what the
    /// search counted; no board when there is none or `limits` stopped it first.
    pub fn first(&self, limits: &Limits<'_>) -> Answer {
        on_engine!(&self.engine, engine => engine.first(limits))
    }

    /// Counts solutions and placements on rayon's threads (on the calling thread under a node
    /// limit), calling `observe(done, total, placements)` from the workers each time one of the
    /// `total` subtrees of a search is finished (for a progress bar).
    /// A plan that meets in the middle counts by its join, and walks where the bottom rows
    /// turn out to have more fillings than its memory holds.
    pub fn count(&self, limits: &Limits<'_>, observe: &(dyn Fn(usize, usize, u64) + Sync)) -> Counts {
        if let Some(counts) = self.joined(limits, observe, &mut Kept::new(0)) {
            return counts;
        }
        on_engine!(&self.engine, engine => engine.count_observed(self.mode, limits, observe))
    }

    /// [`Plan::count`], keeping the first `keep` solutions the count itself finds (placements
    /// by cell), in the order of its tree and the same on any number of threads: the first
    /// solutions of [`Plan::for_each_solution`] where no corner is pinned; with one, the first
    /// pictures of the searches it reduces the count to (the corner piece top-left, and on an
    /// oblong board top-right), each standing for its turns of the board. A count stopped by
    /// `limits` keeps the first of those it found. A join keeps the first top rows that meet
    /// its table and fills their bottom rows by a walk below each, until it has `keep` boards.
    /// With `keep` 0 it is [`Plan::count`].
    ///
    /// ```
    /// use edge_match::parse::{ParseOptions, parse_puzzle};
    /// use edge_match::{Limits, Mode, Placement, Solver, Task};
    ///
    /// // One cell: the piece's four turns, the first two kept.
    /// let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
    /// let plan = Solver::new(&puzzle).plan(Task::Count, Mode::Plain, None, false);
    /// let (counts, boards) = plan.count_keeping(&Limits::NONE, &|_, _, _| {}, 2);
    /// assert_eq!(counts.solutions, 4);
    /// assert_eq!(boards, [[Placement::new(0, 0)], [Placement::new(0, 1)]]);
    /// ```
    pub fn count_keeping(
        &self,
        limits: &Limits<'_>,
        observe: &(dyn Fn(usize, usize, u64) + Sync),
        keep: usize,
    ) -> (Counts, Vec<Vec<Placement>>) {
        let mut kept = Kept::new(keep);
        if let Some(counts) = self.joined(limits, observe, &mut kept) {
            return (counts, kept.into_boards());
        }
        on_engine!(&self.engine, engine => engine.count_keeping(self.mode, limits, observe, keep))
    }

    /// Counts pictures up to the turns of the whole board, each orbit once.
    pub fn count_distinct(&self, limits: &Limits<'_>) -> Counts {
        self.count_distinct_keeping(limits, 0).0
    }

    /// [`Plan::count_distinct`], keeping the first `keep` pictures it counts (one of each
    /// orbit, placements by cell) in the order of its tree, as [`Plan::count_keeping`] does.
    pub fn count_distinct_keeping(&self, limits: &Limits<'_>, keep: usize) -> (Counts, Vec<Vec<Placement>>) {
        let mut kept = Kept::new(keep);
        if let Some(counts) = self.joined(limits, &|_, _, _| {}, &mut kept) {
            return (counts, kept.into_boards());
        }
        on_engine!(&self.engine, engine => engine.count_distinct_keeping(limits, keep))
    }

    /// The count by the plan's join, if it has one and its table fits, keeping boards in
    /// `kept` where asked.
    fn joined(
        &self,
        limits: &Limits<'_>,
        observe: &(dyn Fn(usize, usize, u64) + Sync),
        kept: &mut Kept,
    ) -> Option<Counts> {
        let join = self.join.as_ref().filter(|_| limits.max_expanded.is_none())?;
        let watch = search::walk::Watch::new(limits);
        join.count(self.turns, &watch, observe, kept)
    }

    /// Calls `visit` with every solution in search order, on the calling thread, until it
    /// returns `false` or `limits` stop the search. Returns what was counted.
    pub fn for_each_solution(&self, limits: &Limits<'_>, mut visit: impl FnMut(&[Placement]) -> bool) -> Counts {
        on_engine!(&self.engine, engine => engine.for_each_solution(self.mode, limits, &mut visit))
    }

    /// The tree above `depth` (less than the number of cells): its placements and the partial
    /// boards of `depth` cells, each placement by depth in the plan's order ([`crate::Split`]).
    /// A count that pins a corner piece is cut in the searches of its pictures with that piece
    /// in a corner (a quarter of the tree on a square board), at depth 1 or more. The listing
    /// polls `limits` ([`SplitError::Stopped`]): a deep cut lists millions of units.
    pub fn split(&self, depth: usize, limits: &Limits<'_>) -> Result<Split, SplitError> {
        on_engine!(&self.engine, engine => engine.split(self.mode, depth, limits))
    }

    /// [`Plan::split`] without keeping the partial boards: `visit` is called with each in
    /// order, and returns `false` to stop ([`SplitError::Stopped`], as when `limits` stop the
    /// listing); returns the placements above the depth. A cut of millions of units is counted
    /// and written this way, in constant memory.
    pub fn for_each_prefix(
        &self,
        depth: usize,
        limits: &Limits<'_>,
        mut visit: impl FnMut(&[Placement]) -> bool,
    ) -> Result<Counts, SplitError> {
        on_engine!(&self.engine, engine => engine.split_each(self.mode, depth, limits, &mut visit))
    }

    /// Counts below `prefix`, a partial board of [`Plan::split`], on the calling thread; with a
    /// pinned corner, each picture found stands for the turns of the board, so the units add up
    /// to [`Plan::count`].
    pub fn count_below(&self, prefix: &[Placement], limits: &Limits<'_>) -> Result<Counts, SplitError> {
        on_engine!(&self.engine, engine => engine.count_below(self.mode, prefix, limits))
    }

    /// The searches of [`Plan::count`] for the GPU kernel (`limited`: under a placement limit).
    #[cfg(feature = "gpu")]
    pub(crate) fn gpu_count_jobs(&self, limited: bool) -> Option<crate::engine::gpu_tree::GpuJobs> {
        on_engine!(&self.engine, engine => GpuTask::Count(limited).on(&**engine, self.mode))
    }

    /// The searches of [`Plan::count_distinct`] for the GPU kernel.
    #[cfg(feature = "gpu")]
    pub(crate) fn gpu_distinct_jobs(&self, limited: bool) -> Option<crate::engine::gpu_tree::GpuJobs> {
        on_engine!(&self.engine, engine => GpuTask::Distinct(limited).on(&**engine, self.mode))
    }

    /// The search of [`Plan::count_below`] for the GPU kernel; `None` where the CPU refuses the
    /// unit.
    #[cfg(feature = "gpu")]
    pub(crate) fn gpu_unit_jobs(&self, prefix: &[Placement]) -> Option<crate::engine::gpu_tree::GpuJobs> {
        on_engine!(&self.engine, engine => GpuTask::Unit(prefix).on(&**engine, self.mode))
    }

    /// Calls `visit` with every solution below `prefix` in search order; returns the counts.
    /// Refused for a count that pins a corner piece (its units hold only some of the pictures).
    pub fn solutions_below(
        &self,
        prefix: &[Placement],
        limits: &Limits<'_>,
        mut visit: impl FnMut(&[Placement]) -> bool,
    ) -> Result<Counts, SplitError> {
        on_engine!(&self.engine, engine => engine.solutions_below(self.mode, prefix, limits, &mut visit))
    }
}

#[cfg(test)]
mod tests;
