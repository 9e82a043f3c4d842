//! The one way in for solving sliding boards: a [`Planner`] holds the goal, the heuristic policy,
//! the strategy and a [`TableSource`], plans each board shape once (goal, complete 3×3 table,
//! pattern-database tier or linear conflict, the size rule) and answers boards under
//! [`Limits`], every answer checked before it is returned.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use puzzle_core::Shape;
use search::Limits;
use thiserror::Error;

use crate::answer::{Answer, Method, Path, Verdict};
use crate::board::{Board, GoalKind};
use crate::constructive::KeepMoves;
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::ida::duplicates::Machines;
use crate::ida::SPLIT_NODES;
use crate::machine::DuplicateMachine;
use crate::pdb::{PatternDb, PatternKey};
use crate::pdb::{PdbHeuristic, Tier, PDB_MAX_CELLS};
use crate::replay::CheckError;
use crate::solvable::is_solvable;
use crate::solve::{bound_at, judge_goal, lower_bound, search_state, SearchStart};
use crate::table_3x3::DistanceTable;
use crate::tiers::{choose_tables, TableChoice};
use crate::weight::Weight;
use crate::weighted::{search_from, Deepen};

pub use crate::solve::SolveError;
#[doc(hidden)] // for tests: not part of the API
pub use crate::tally::{tally, Tally};
pub use crate::weight::{WeightError, MAX_WEIGHT};

/// The most cells of a board searched for an optimal answer without a node or time limit:
/// larger boards leave the fast byte-celled search, and an optimal answer for them would take
/// for ever.
pub const MAX_CELLS_WITHOUT_LIMITS: usize = 255;

/// Boards whose linear conflict is at most this many moves are first searched with linear
/// conflict alone, before any pattern database is loaded or built: a board a few moves from the
/// goal is answered at once on a fresh machine.
pub const CHEAP_BOUND: u32 = 30;

/// The nodes that first search may visit before the planner turns to pattern databases: a few
/// milliseconds, against the half second the quick 4×4 tables take to build.
pub(crate) const CHEAP_NODES: u64 = 500_000;

/// Where pattern databases come from. The library never touches files: [`MemoryTables`] builds
/// tables in memory; a program keeps them in a cache directory by implementing this trait.
///
/// ```
/// use std::sync::Arc;
///
/// use sliding::pdb::{PatternDb, PatternKey};
/// use sliding::{Board, BoardSpec, Goal, GoalKind, Limits, Verdict, Planner};
/// use sliding::planner::{TableError, TableSource};
///
/// /// A source with no tables at all: the planner searches without pattern databases.
/// struct NoTables;
///
/// impl TableSource for NoTables {
///     fn is_cached(&self, _key: &PatternKey) -> bool {
///         false
///     }
///
///     fn table(&self, key: &PatternKey, _limits: &Limits<'_>) -> Result<Option<Arc<PatternDb>>, TableError> {
///         Err(TableError { key: key.to_string(), message: "no tables here".to_owned() })
///     }
/// }
///
/// let planner = Planner::new(Goal::Kind(GoalKind::BlankLast), &NoTables);
/// // One move from the goal: the blank moves right.
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 3, tiles: vec![1, 2, 3, 4, 0, 5] })?;
/// let answer = planner.solve(&board, &Limits::NONE)?;
/// assert!(matches!(answer.verdict(), Verdict::Solved(path) if path.n_moves() == 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait TableSource: Sync {
    /// Whether the table for `key` is at hand without a long build (loaded, cached on disk, or
    /// small). The planner prefers the strongest tables for which this holds.
    fn is_cached(&self, key: &PatternKey) -> bool;

    /// The table for `key`: loaded, or built now under `limits` (a signal or the deadline stops
    /// a build, as [`PatternDb::build_limited`] does; the node limit does not apply). `Ok(None)`:
    /// the limits stopped the build, and nothing of it is kept.
    fn table(&self, key: &PatternKey, limits: &Limits<'_>) -> Result<Option<Arc<PatternDb>>, TableError>;

    /// Told before tables of `shape` that are not cached are built because the work ahead pays
    /// for them (`reason` says which, why and about how long, for the user); a program prints
    /// it. Does nothing by default.
    fn building_tables(&self, shape: Shape, reason: &str) {
        let _ = (shape, reason);
    }

    /// The duplicate-pruning machine of a `rows`×`cols` board and `depth`
    /// ([`DuplicateMachine::depth_for`]) when it is at hand without a build (loaded, or read
    /// from where the program keeps its tables); the search then walks it from its first node.
    /// `None` by default: the search builds small machines in memory as its work grows.
    fn machine(&self, rows: usize, cols: usize, depth: usize) -> Option<Arc<DuplicateMachine>> {
        let _ = (rows, cols, depth);
        None
    }
}

/// A table could not be had (a cache that could not be read or written, say).
///
/// ```
/// use sliding::planner::TableError;
///
/// let error = TableError { key: "4x4-0-1.2.3".to_owned(), message: "the cache is read-only".to_owned() };
/// assert_eq!(error.to_string(), "pattern database 4x4-0-1.2.3: the cache is read-only");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("pattern database {key}: {message}")]
pub struct TableError {
    /// The table's name.
    pub key: String,
    /// What went wrong.
    pub message: String,
}

/// Tables built in memory when first asked for and kept for the life of the value. Only tables
/// of at most 2^22 entries count as cached, so the planner never builds the big ones unasked.
///
/// ```
/// use sliding::pdb::PatternKey;
/// use sliding::Limits;
/// use sliding::planner::{MemoryTables, TableSource};
///
/// let tables = MemoryTables::default();
/// // The three tiles whose goal cells are 0, 1 and 2 on a 2x3 board with the blank's goal in
/// // cell 5: 6 * 5 * 4 = 120 placements, a small table.
/// let key = PatternKey::new(2, 3, 5, &[0, 1, 2])?;
/// assert_eq!(key.entries(), 120);
/// assert!(tables.is_cached(&key));
/// let table = tables.table(&key, &Limits::NONE)?.expect("no limits stop the build");
/// assert_eq!(table.key(), &key);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct MemoryTables {
    loaded: Mutex<HashMap<PatternKey, Arc<PatternDb>>>,
}

impl std::fmt::Debug for MemoryTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let loaded = self.loaded.lock().map(|loaded| loaded.keys().map(ToString::to_string).collect::<Vec<_>>());
        f.debug_struct("MemoryTables").field("loaded", &loaded.unwrap_or_default()).finish()
    }
}

impl TableSource for MemoryTables {
    fn is_cached(&self, key: &PatternKey) -> bool {
        key.entries() <= 1 << 22 || self.loaded.lock().is_ok_and(|loaded| loaded.contains_key(key))
    }

    fn table(&self, key: &PatternKey, limits: &Limits<'_>) -> Result<Option<Arc<PatternDb>>, TableError> {
        let mut loaded = self.loaded.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(db) = loaded.get(key) {
            return Ok(Some(Arc::clone(db)));
        }
        let built = PatternDb::build_limited(key, &|_| {}, limits)
            .map_err(|err| TableError { key: key.to_string(), message: err.to_string() })?;
        let Some(db) = built else { return Ok(None) };
        Ok(Some(Arc::clone(loaded.entry(key.clone()).or_insert(Arc::new(db)))))
    }
}

/// The goal boards are solved to.
///
/// ```
/// use puzzle_core::Direction;
/// use sliding::{Board, BoardSpec, Goal, GoalKind, Limits, Verdict, Path, Planner};
/// use sliding::planner::MemoryTables;
///
/// // Korf's goal, blank first, given as a board.
/// let goal = Board::try_from(BoardSpec { rows: 2, cols: 3, tiles: vec![0, 1, 2, 3, 4, 5] })?;
/// let tables = MemoryTables::default();
/// let planner = Planner::new(Goal::Board(goal), &tables);
/// // The blank moves left (tile 1 slides right) to reach it.
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 3, tiles: vec![1, 0, 2, 3, 4, 5] })?;
/// let answer = planner.solve(&board, &Limits::NONE)?;
/// assert_eq!(answer.verdict(), &Verdict::Solved(Path::Moves(vec![Direction::West])));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The goal of this kind for each board's shape.
    Kind(GoalKind),
    /// This board; boards of other shapes are refused.
    Board(Board),
}

/// How hard the solver tries.
///
/// ```
/// use sliding::{check, Board, BoardSpec, Goal, GoalKind, Limits, Verdict, Planner, Strategy, Weight};
/// use sliding::planner::MemoryTables;
///
/// let tables = MemoryTables::default();
/// let goal = Board::try_from(BoardSpec { rows: 2, cols: 3, tiles: vec![1, 2, 3, 4, 5, 0] })?;
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 3, tiles: vec![1, 2, 3, 4, 0, 5] })?;
/// // Within twice the optimum of one move, and odd like every path from this board: one move.
/// let within = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables)
///     .with_strategy(Strategy::Within(Weight::new(2.0)?));
/// let answer = within.solve(&board, &Limits::NONE)?;
/// assert!(matches!(answer.verdict(), Verdict::Solved(path) if path.n_moves() == 1));
/// // The constructive solver's answer is valid, not necessarily shortest.
/// let fast = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables).with_strategy(Strategy::Fast);
/// let answer = fast.solve(&board, &Limits::NONE)?;
/// assert_eq!(check(&board, &goal, answer.verdict()), Ok(()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Strategy {
    /// Shortest solutions (the default).
    Optimal,
    /// Solutions at most this weight times the optimum, by weighted IDA\* with the same
    /// admissible heuristics (`testing::solve_within`); `Within(Weight::ONE)` is [`Strategy::Optimal`].
    /// Boards the complete 3×3 table answers are still answered optimally.
    Within(Weight),
    /// A valid solution for any board, quickly, by the constructive solver
    /// ([`Planner::solve_fast`]); not optimal.
    Fast,
}

/// Why a board could not be answered.
///
/// ```
/// use sliding::{Board, BoardSpec, Goal, GoalKind, Limits, PlanError, Planner};
/// use sliding::planner::{MemoryTables, SolveError};
///
/// let tables = MemoryTables::default();
/// let goal = Board::goal(puzzle_core::Shape::new(2, 3)?, GoalKind::BlankLast)?;
/// let planner = Planner::new(Goal::Board(goal), &tables);
/// // A 2x2 board cannot reach a 2x3 goal.
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![1, 2, 3, 0] })?;
/// let error = planner.solve(&board, &Limits::NONE).unwrap_err();
/// assert!(matches!(error, PlanError::Solve(SolveError::ShapeMismatch { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlanError {
    /// The board does not fit the goal.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The goal's kind has no board of this shape.
    #[error("no goal for a {shape} board: {reason}")]
    NoGoal {
        /// The board's shape, `RxC`.
        shape: String,
        /// Why.
        reason: String,
    },
    /// Pattern databases were asked for a board too large for them.
    #[error("pattern databases are available for boards of at most {PDB_MAX_CELLS} cells, not {shape}")]
    PdbTooLarge {
        /// The board's shape, `RxC`.
        shape: String,
    },
    /// A solvable board too large to search to the end, with no limit given.
    #[error(
        "a {shape} board is too large to search to the end (more than {MAX_CELLS_WITHOUT_LIMITS} cells); give a \
         node or time limit to search it until the limit, or ask for a fast answer"
    )]
    TooLarge {
        /// The board's shape, `RxC`.
        shape: String,
    },
    /// A table could not be had.
    #[error(transparent)]
    Table(#[from] TableError),
    /// A signal or the deadline stopped the building of a table before it was done. Where a
    /// board waits for it, [`Planner::solve`] answers [`Verdict::GaveUp`] instead.
    #[error("building pattern database {key} was stopped (a signal or the time limit) before it was done")]
    Stopped {
        /// The table's name.
        key: String,
    },
    /// An answer failed its check: a bug in the solver.
    #[error("wrong answer for {board}: {error}")]
    Wrong {
        /// The board.
        board: String,
        /// What the checker found.
        error: CheckError,
    },
}

/// What the planner needs of one board, found once ([`Planner::start`]): whether it reaches its
/// goal (parity), whether it is the goal, and for a board to search its search state and its
/// linear-conflict bound.
#[derive(Clone)]
pub(crate) struct Start {
    pub(crate) solvable: bool,
    pub(crate) at_goal: bool,
    search: Option<SearchStart>,
    linear_conflict: Option<u32>,
}

impl Start {
    /// What a board that is not searched needs: parity, and whether it is the goal.
    pub(crate) fn without_search(board: &Board, goal: &Board) -> Start {
        Start { solvable: is_solvable(board, goal), at_goal: board == goal, search: None, linear_conflict: None }
    }

    /// Whether the board's search waits for pattern databases: solvable, not the goal, and not
    /// near it (those are tried without tables first).
    fn needs_tables(&self, planner: &Planner<'_>, board: &Board) -> bool {
        self.solvable && !self.at_goal && !planner.near_goal(board, self)
    }

    /// A lower bound without tables: the linear-conflict bound found, else [`start_bound`].
    fn bound(&self, board: &Board, goal: &Board) -> u64 {
        self.linear_conflict.map_or_else(|| start_bound(board, goal), u64::from)
    }
}

/// What one board shape needs.
#[derive(Clone)]
pub(crate) struct Plan {
    pub(crate) goal: Result<Board, PlanError>,
    /// The complete 3×3 table answers it (the judges' goal, no heuristic asked for).
    judge_table: bool,
    /// The heuristic, once a board of this shape needed a search.
    heuristic: Option<Heuristic>,
}

/// Solves boards of any shape; see the [module documentation](self).
///
/// ```
/// use sliding::{Board, BoardSpec, Goal, GoalKind, Verdict, Path, Planner};
/// use sliding::planner::MemoryTables;
/// let tables = MemoryTables::default();
/// let solver = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables);
/// let board = Board::try_from(BoardSpec {
///     rows: 4,
///     cols: 4,
///     tiles: vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15],
/// })?;
/// let report = solver.solve(&board, &sliding::Limits::NONE)?;
/// assert_eq!(report.verdict(), &Verdict::Solved(Path::Moves(vec![puzzle_core::Direction::East])));
/// assert!(report.optimal());
/// assert_eq!(report.lower_bound(), Some(1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Planner<'t> {
    goal: Goal,
    pub(crate) heuristic: Option<HeuristicKind>,
    pub(crate) strategy: Strategy,
    pub(crate) tables: &'t dyn TableSource,
    plans: Mutex<HashMap<Shape, Plan>>,
    /// The duplicate-pruning machines its searches walk, loaded or built once for all its boards
    /// and threads (shared with its split searches).
    pub(crate) machines: Arc<Machines>,
    /// What `prepare` found of the boards of the batch it prepared, taken by their `solve`.
    starts: Mutex<HashMap<Board, Start>>,
}

impl std::fmt::Debug for Planner<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Planner")
            .field("goal", &self.goal)
            .field("heuristic", &self.heuristic)
            .field("strategy", &self.strategy)
            .finish_non_exhaustive()
    }
}

impl<'t> Planner<'t> {
    /// A solver for `goal` drawing pattern databases from `tables`: optimal answers, with the
    /// heuristic chosen per shape.
    pub fn new(goal: Goal, tables: &'t dyn TableSource) -> Planner<'t> {
        Planner {
            goal,
            heuristic: None,
            strategy: Strategy::Optimal,
            tables,
            plans: Mutex::new(HashMap::new()),
            machines: Arc::default(),
            starts: Mutex::new(HashMap::new()),
        }
    }

    /// Always search with this heuristic (and never the complete 3×3 table).
    pub fn with_heuristic(mut self, kind: HeuristicKind) -> Planner<'t> {
        self.heuristic = Some(kind);
        self
    }

    /// Solve with this strategy.
    pub fn with_strategy(mut self, strategy: Strategy) -> Planner<'t> {
        self.strategy = strategy;
        self
    }

    /// Plans the shapes of `boards`, a batch about to be solved, so that the table decision
    /// sees the whole batch (many 4×4 boards pay for the big tables). Boards of a shape not
    /// prepared are planned alone when they are solved. Errors that concern one board (a goal
    /// of another shape) are kept for that board's answer; an error here concerns them all.
    /// Tables are built under `limits` (the interrupt flag and the deadline); when they stop a
    /// build, [`PlanError::Stopped`] says so and the shape stays unprepared.
    pub fn prepare(&self, boards: &[&Board], limits: &Limits<'_>) -> Result<(), PlanError> {
        let mut searched: Vec<(Shape, Vec<&Board>)> = Vec::new();
        let mut starts = HashMap::new();
        {
            let mut plans = self.lock_plans();
            for &board in boards {
                let shape = board.shape();
                let plan = plans.entry(shape).or_insert_with(|| self.plan(board));
                if plan.judge_table || plan.heuristic.is_some() || self.strategy == Strategy::Fast {
                    continue;
                }
                // Parity answers unsolvable boards without search, so they need no heuristic;
                // boards near the goal are tried without tables first (`cheap_first`).
                let Ok(goal) = &plan.goal else { continue };
                let start = self.start(board, goal, plan);
                if start.needs_tables(self, board) {
                    match searched.iter_mut().find(|(s, _)| *s == shape) {
                        Some((_, boards)) => boards.push(board),
                        None => searched.push((shape, vec![board])),
                    }
                }
                // Kept for the board's `solve`, which takes it instead of looking again.
                starts.insert(board.clone(), start);
            }
        }
        *self.lock_starts() = starts;
        self.load_tables(searched, limits)
    }

    /// Loads (perhaps builds) the tables of each shape of `searched` for its boards, and the
    /// machine the table source keeps for it.
    fn load_tables(&self, searched: Vec<(Shape, Vec<&Board>)>, limits: &Limits<'_>) -> Result<(), PlanError> {
        for (shape, boards) in searched {
            let goal = match &self.lock_plans().get(&shape).map(|plan| plan.goal.clone()) {
                Some(Ok(goal)) => goal.clone(),
                _ => continue,
            };
            // Tables are loaded (perhaps built) without holding the lock.
            let heuristic = self.heuristic_for(&goal, &boards, limits)?;
            self.install_machine(shape);
            if let Some(plan) = self.lock_plans().get_mut(&shape) {
                plan.heuristic.get_or_insert(heuristic);
            }
        }
        Ok(())
    }

    /// Answers one board under `limits`, checked. The time spent building the tables the board
    /// waits for counts: when a signal or the deadline stops the build, the answer is
    /// [`Verdict::GaveUp`].
    ///
    /// Cheap path first: a board near its goal (linear conflict at most [`CHEAP_BOUND`]) of a
    /// shape whose tables are not loaded yet is first searched with linear conflict for up to
    /// `CHEAP_NODES` (500,000) nodes. Its answer is the same: IDA\* finds the first optimal path in move
    /// order whatever the admissible heuristic (only the pruning of other paths differs).
    pub fn solve(&self, board: &Board, limits: &Limits<'_>) -> Result<Answer, PlanError> {
        let plan = self.lock_plans().entry(board.shape()).or_insert_with(|| self.plan(board)).clone();
        let goal = plan.goal.clone()?;
        // The board is looked at once: by `prepare` (kept for here), else now.
        let taken = self.lock_starts().remove(board);
        let start = taken.unwrap_or_else(|| self.start(board, &goal, &plan));
        if let Some(report) = self.cheap_first(board, &goal, &plan, &start, limits)? {
            report.check(board, &goal).map_err(|error| PlanError::Wrong { board: board.to_string(), error })?;
            return Ok(report);
        }
        let plan = match plan {
            plan if plan.judge_table || plan.heuristic.is_some() || self.strategy == Strategy::Fast => plan,
            _ => {
                // A plan another thread finished meanwhile, else this board's own tables.
                let ready = self.lock_plans().get(&board.shape()).filter(|plan| plan.heuristic.is_some()).cloned();
                match ready {
                    Some(plan) => plan,
                    None => {
                        let searched = match start.needs_tables(self, board) {
                            true => vec![(board.shape(), vec![board])],
                            false => Vec::new(),
                        };
                        match self.load_tables(searched, limits) {
                            Err(PlanError::Stopped { .. }) => return self.stopped_answer(board, &start),
                            loaded => loaded?,
                        }
                        self.lock_plans().get(&board.shape()).cloned().unwrap_or(plan)
                    }
                }
            }
        };
        let report = self.answer(board, &goal, plan.judge_table, plan.heuristic.as_ref(), &start, limits)?;
        report.check(board, &goal).map_err(|error| PlanError::Wrong { board: board.to_string(), error })?;
        Ok(report)
    }

    /// The constructive solver's answer for `board`, as [`Planner::solve`] gives it under
    /// [`Strategy::Fast`] (whatever this solver's strategy; the one fast path of both): the path
    /// is not held as a vector: its moves are checked by replay as they are made and kept as
    /// `keep` says (compressed within a budget, or only counted; [`Planner::solve`] only counts
    /// them), and
    /// [`FastPath::stream`](crate::constructive::FastPath::stream) reads them back, or makes them again,
    /// checked again, for printing. Memory stays a few words per cell besides the budget however
    /// long the path.
    pub fn solve_fast(&self, board: &Board, limits: &Limits<'_>, keep: &KeepMoves) -> Result<Answer, PlanError> {
        let plan = self.lock_plans().entry(board.shape()).or_insert_with(|| self.plan(board)).clone();
        fast_answer(board, &plan.goal?, limits, keep)
    }

    /// Whether `board` is first tried without tables: no heuristic asked for, an optimal or
    /// weighted search, a shape pattern databases cover, and linear conflict at most
    /// [`CHEAP_BOUND`].
    fn near_goal(&self, board: &Board, start: &Start) -> bool {
        self.heuristic.is_none()
            && self.strategy != Strategy::Fast
            && board.shape().n_cells() <= PDB_MAX_CELLS
            && start.linear_conflict.is_some_and(|bound| bound <= CHEAP_BOUND)
    }

    /// What the planner needs of `board` on its way to `goal` (its shape's `plan`), found once:
    /// parity, and for a board to search, its search state and linear-conflict bound.
    fn start(&self, board: &Board, goal: &Board, plan: &Plan) -> Start {
        let solvable = is_solvable(board, goal);
        let at_goal = board == goal;
        let searched = solvable
            && !at_goal
            && !plan.judge_table
            && self.strategy != Strategy::Fast
            && board.tiles().len() <= usize::from(u8::MAX);
        let search = searched.then(|| search_state(board, goal));
        let linear_conflict = search.as_ref().and_then(|start| bound_at(start, &Heuristic::LinearConflict).ok());
        Start { solvable, at_goal, search, linear_conflict }
    }

    /// The answer of a short search with linear conflict, when `board` is near its goal and its
    /// shape would otherwise load pattern databases first; `None` to go on with the plan.
    fn cheap_first(
        &self,
        board: &Board,
        goal: &Board,
        plan: &Plan,
        start: &Start,
        limits: &Limits<'_>,
    ) -> Result<Option<Answer>, PlanError> {
        if self.heuristic.is_some() || self.strategy == Strategy::Fast || board.shape().n_cells() > PDB_MAX_CELLS {
            return Ok(None);
        }
        if plan.judge_table || plan.heuristic.is_some() || start.at_goal || !start.solvable {
            return Ok(None);
        }
        if !self.near_goal(board, start) {
            return Ok(None);
        }
        let budget = limits.max_expanded.map_or(CHEAP_NODES, |nodes| nodes.min(CHEAP_NODES));
        let short = Limits { max_expanded: Some(budget), ..*limits };
        let report = self.search(board, goal, &Heuristic::LinearConflict, start, &short)?;
        Ok(matches!(report.verdict(), Verdict::Solved(_)).then_some(report))
    }

    /// Makes the duplicate-pruning machine the table source keeps for `shape`, when it has one,
    /// the one every later search of this shape walks from its first node (batch, split units
    /// and the parallel split alike).
    pub(crate) fn install_machine(&self, shape: Shape) {
        if let Some(depth) = DuplicateMachine::depth_for(shape.rows(), shape.cols()) {
            if let Some(machine) = self.tables.machine(shape.rows(), shape.cols(), depth) {
                self.machines.install(shape.rows(), shape.cols(), depth, Arc::clone(&machine.inner));
            }
        }
    }

    fn lock_plans(&self) -> std::sync::MutexGuard<'_, HashMap<Shape, Plan>> {
        self.plans.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn lock_starts(&self) -> std::sync::MutexGuard<'_, HashMap<Board, Start>> {
        self.starts.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The plan of `board`'s shape, before any heuristic is chosen.
    pub(crate) fn plan(&self, board: &Board) -> Plan {
        let shape = board.shape();
        let goal = match &self.goal {
            Goal::Kind(kind) => Board::goal(shape, *kind)
                .map_err(|e| PlanError::NoGoal { shape: shape.to_string(), reason: e.to_string() }),
            Goal::Board(goal) if goal.shape() == shape => Ok(goal.clone()),
            Goal::Board(goal) => Err(PlanError::Solve(SolveError::ShapeMismatch {
                board: shape.to_string(),
                goal: goal.shape().to_string(),
            })),
        };
        let judge_table = self.heuristic.is_none()
            && self.strategy != Strategy::Fast
            && shape.n_cells() == 9
            && goal.as_ref().is_ok_and(|g| g == &judge_goal(board));
        Plan { goal, judge_table, heuristic: None }
    }

    /// The heuristic for `boards` (a batch of one shape) with this `goal`: the one asked for,
    /// else pattern databases of the tier [`choose_tables`] picks where the board is small
    /// enough, and linear conflict beyond.
    pub(crate) fn heuristic_for(
        &self,
        goal: &Board,
        boards: &[&Board],
        limits: &Limits<'_>,
    ) -> Result<Heuristic, PlanError> {
        let shape = goal.shape();
        let blank = goal.blank().0;
        let mut choice = choose_tables(goal, boards, &|key| self.tables.is_cached(key));
        // A weighted search finishes far sooner than the optimal one the big tables are built
        // for: it takes them when cached, and never waits minutes for them.
        if matches!(self.strategy, Strategy::Within(weight) if !weight.is_one()) {
            if let Some(big) = choice.as_mut().filter(|choice| choice.building_because.is_some()) {
                let quick = PdbHeuristic::tier_keys(shape.rows(), shape.cols(), blank, Tier::Quick);
                *big = TableChoice { tier: Tier::Quick, keys: quick.unwrap_or_default(), building_because: None };
            }
        }
        Ok(match (self.heuristic, choice) {
            (Some(HeuristicKind::Manhattan), _) => Heuristic::Manhattan,
            (Some(HeuristicKind::LinearConflict), _) | (None, None) => Heuristic::LinearConflict,
            (Some(HeuristicKind::Pdb(Some(tier))), _) => self.tier_heuristic(goal, tier, limits)?,
            (Some(HeuristicKind::Pdb(None)), None) => return Err(PlanError::PdbTooLarge { shape: shape.to_string() }),
            (Some(HeuristicKind::Pdb(None)) | None, Some(choice)) => {
                // A build already stopped (a board whose time is up) is not announced.
                if let Some(reason) = choice.building_because.as_ref().filter(|_| !limits.stopped()) {
                    self.tables.building_tables(shape, reason);
                }
                self.tier_heuristic(goal, choice.tier, limits)?
            }
        })
    }

    /// The pattern databases of `tier` for boards with this `goal`, loaded (or built under
    /// `limits`) from the table source.
    pub(crate) fn tier_heuristic(&self, goal: &Board, tier: Tier, limits: &Limits<'_>) -> Result<Heuristic, PlanError> {
        let shape = goal.shape();
        let blank = goal.blank().0;
        let keys = PdbHeuristic::tier_keys(shape.rows(), shape.cols(), blank, tier)
            .ok_or_else(|| PlanError::PdbTooLarge { shape: shape.to_string() })?;
        let mut loaded: Vec<Arc<PatternDb>> = Vec::with_capacity(keys.len());
        for key in &keys {
            let table = self.tables.table(key, limits)?;
            loaded.push(table.ok_or_else(|| PlanError::Stopped { key: key.to_string() })?);
        }
        let heuristic = PdbHeuristic::for_tier(shape, blank, tier, &loaded)
            .map_err(|key| TableError { key: key.to_string(), message: "missing from the tables given".to_owned() })?;
        Ok(Heuristic::Pdb(Arc::new(heuristic)))
    }

    /// The answer for a board whose tables a signal or the deadline stopped building: it gave up
    /// before its search began, with the bound known without tables.
    fn stopped_answer(&self, board: &Board, start: &Start) -> Result<Answer, PlanError> {
        let goal = self.lock_plans().entry(board.shape()).or_insert_with(|| self.plan(board)).goal.clone()?;
        let method = Method::Search(self.heuristic.unwrap_or(HeuristicKind::Pdb(None)));
        Ok(Answer::new(Verdict::GaveUp, 0, start.bound(board, &goal), method))
    }

    /// The answer for `board` by its plan, not yet checked.
    pub(crate) fn answer(
        &self,
        board: &Board,
        goal: &Board,
        judge_table: bool,
        heuristic: Option<&Heuristic>,
        start: &Start,
        limits: &Limits<'_>,
    ) -> Result<Answer, PlanError> {
        if !start.solvable {
            return Ok(Answer::unsolvable(Method::Parity));
        }
        if start.at_goal {
            return Ok(Answer::at_goal());
        }
        let shape = board.shape();
        if self.strategy == Strategy::Fast {
            return fast_answer(board, goal, limits, &KeepMoves::Count);
        }
        if judge_table {
            let path = DistanceTable::blank_last().path(board);
            let moves = path.as_ref().map_or(0, |p| p.len() as u64);
            let outcome = path.map_or(Verdict::Unsolvable, |path| Verdict::Solved(Path::Moves(path)));
            return Ok(Answer::new(outcome, 0, moves, Method::Table));
        }
        if shape.n_cells() > MAX_CELLS_WITHOUT_LIMITS && limits.max_expanded.is_none() && limits.deadline.is_none() {
            return Err(PlanError::TooLarge { shape: shape.to_string() });
        }
        let heuristic = heuristic.cloned().unwrap_or(Heuristic::LinearConflict);
        self.search(board, goal, &heuristic, start, limits)
    }

    /// IDA\* with `heuristic`, weighted by the strategy, with its proven bound.
    fn search(
        &self,
        board: &Board,
        goal: &Board,
        heuristic: &Heuristic,
        start: &Start,
        limits: &Limits<'_>,
    ) -> Result<Answer, PlanError> {
        let weight = match self.strategy {
            Strategy::Within(weight) => weight,
            Strategy::Optimal | Strategy::Fast => Weight::ONE,
        };
        // Either way the run proves a lower bound, which a run that gives up reports (at least
        // the start's linear conflict).
        let deepen = Deepen { limits, split_after: SPLIT_NODES, weight, machines: &self.machines };
        let answer = search_from(board, goal, start.search.as_ref(), heuristic, deepen)?;
        Ok(match answer.verdict() {
            Verdict::GaveUp => answer.with_bound_at_least(start.bound(board, goal)),
            _ => answer,
        })
    }
}

/// The constructive solver's answer for `board` on its way to `goal`, its moves checked as they
/// are made and kept as `keep` says: what [`Planner::solve_fast`] and [`Planner::solve`] under
/// [`Strategy::Fast`] both answer, its bound checked against its moves.
fn fast_answer(board: &Board, goal: &Board, limits: &Limits<'_>, keep: &KeepMoves) -> Result<Answer, PlanError> {
    let wrong = |error| PlanError::Wrong { board: board.to_string(), error };
    let outcome = crate::fast::solve_fast_checked(board, goal, limits, keep).map_err(wrong)?;
    let bound = match outcome {
        Verdict::Unsolvable => 0,
        _ => fast_bound(board, goal),
    };
    let answer = Answer::new(outcome, 0, bound, Method::Fast);
    answer.check_bound().map_err(wrong)?;
    Ok(answer)
}

/// The lower bound a fast answer is given: the exact distance where the complete table of the
/// judges' 3×3 goal is at hand (so a shortest fast path is called optimal), else [`start_bound`].
fn fast_bound(board: &Board, goal: &Board) -> u64 {
    if board.shape().n_cells() == 9 && *goal == judge_goal(board) {
        if let Some(path) = DistanceTable::blank_last().path(board) {
            return path.len() as u64;
        }
    }
    start_bound(board, goal)
}

/// A lower bound for `board` without tables: linear conflict up to 255 cells, the Manhattan
/// distance beyond.
fn start_bound(board: &Board, goal: &Board) -> u64 {
    if board.tiles().len() <= usize::from(u8::MAX) {
        if let Ok(bound) = lower_bound(board, goal, &Heuristic::LinearConflict) {
            return u64::from(bound);
        }
    }
    board.manhattan_to(goal) as u64
}
