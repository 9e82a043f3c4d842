//! One board's optimal search spread over many processes, as rounds of IDA\* cut into work
//! units.
//!
//! IDA\* searches the tree of nodes with `f = g + h` within a bound, raising the bound to the
//! least `f` it cut off until an iteration reaches the goal. [`Planner::split`] cuts every
//! iteration at a fixed depth `D` into the same units: unit 0, the nodes above the cut, and one
//! unit per move sequence of `D` moves ([`SplitSearch::prefixes`]). A round is one iteration:
//! every unit searches its part to the round's bound ([`SplitSearch::run_unit`]) and reports
//! whether it reached the goal, its nodes, and the least `f` it cut off. The units partition the
//! iteration, so:
//!
//! - the rounds together visit exactly the nodes of the unsplit search's iterations (the last
//!   round all of its iteration, where the unsplit search stops at its first path);
//! - when no unit reaches the goal, the least of the units' cut-off values is the next
//!   iteration's bound, a proven lower bound on the optimum;
//! - when some do, the first in move order (unit 0 first) holds the first optimal path in move
//!   order, the very path of the unsplit search, and its length is the round's bound.
//!
//! A unit is a pure function of the board, the goal, the heuristic, its prefix and the bound:
//! rerun, it gives the same answer, so a lost unit is rerun and a unit run twice changes nothing.

use std::fmt;

use puzzle_core::Direction;
use search::Limits;
use thiserror::Error;

use crate::answer::{Answer, Method, Path, Verdict};
use crate::board::Board;
use crate::check::check;
use crate::heuristic::Heuristic;
use crate::heuristic::HeuristicKind;
use crate::ida::duplicates::Machines;
use crate::ida::{units, Geometry, NodeLoop, State};
use crate::planner::{PlanError, Planner, Start, MAX_CELLS_WITHOUT_LIMITS};
use crate::replay::CheckError;
use crate::solve::{lower_bound, with_estimate, EstimateTask, SolveError};
use crate::tiers::choose_tables;

/// The most moves a split may cut at: deeper cuts make millions of units.
pub const MAX_SPLIT_DEPTH: usize = 24;

/// Why a split or a unit was refused.
///
/// ```
/// use puzzle_core::{Direction, Shape};
/// use sliding::split::SplitError;
/// use sliding::{Board, Goal, GoalKind, HeuristicKind, Limits, Planner};
/// use sliding::planner::MemoryTables;
///
/// // The goal after the blank moves up and then left: two moves away.
/// let goal = Board::goal(Shape::new(2, 3)?, GoalKind::BlankLast)?;
/// let board = goal.replay(&[Direction::North, Direction::West]).expect("both moves stay on the board");
/// let tables = MemoryTables::default();
/// let planner =
///     Planner::new(Goal::Kind(GoalKind::BlankLast), &tables).with_heuristic(HeuristicKind::Manhattan);
/// // A cut at depth 0 would be no cut.
/// assert_eq!(planner.split(&board, 0, &Limits::NONE).unwrap_err(), SplitError::Depth(0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SplitError {
    /// The depth is 0 or above [`MAX_SPLIT_DEPTH`].
    #[error("the split depth must be 1 to {MAX_SPLIT_DEPTH} moves, not {0}")]
    Depth(usize),
    /// The board is too large for the byte-celled search units use.
    #[error("a split search takes boards of at most {MAX_CELLS_WITHOUT_LIMITS} cells, not {0}")]
    TooLarge(String),
    /// The prefix is not a move sequence of the split's depth on this board.
    #[error("the prefix is not {depth} moves that stay on the board and never undo the move before")]
    Prefix {
        /// The split's depth.
        depth: usize,
    },
    /// The board cannot be searched (no goal, tables missing...).
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// The heuristic named leaves the pattern databases' tier open: every unit must search
    /// with the same tables, so a split names its tier.
    #[error("a split search's pattern databases must name their tier (pdb-quick, pdb-mid, pdb-full or pdb-catalogue)")]
    NoTier,
    /// The limits (a deadline, a signal) stopped the listing of the units before it was whole.
    #[error("the split was stopped before its units were listed")]
    Stopped,
}

/// What [`Planner::split`] gives: an answer that needs no search, or the search to split.
///
/// ```
/// use sliding::split::Split;
/// use sliding::{Goal, GoalKind, Limits, Verdict, Planner};
/// use sliding::parse::parse_judge_a;
/// use sliding::planner::MemoryTables;
///
/// let tables = MemoryTables::default();
/// let planner = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables);
/// // Two tiles swapped: parity answers, nothing to split.
/// let board = parse_judge_a("2 1 3\n4 5 6\n7 8 0\n")?;
/// let split = planner.split(&board, 4, &Limits::NONE)?;
/// assert!(matches!(split, Split::Answered(answer) if *answer.verdict() == Verdict::Unsolvable));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub enum Split {
    /// Parity says unsolvable, or the board is the goal.
    Answered(Answer),
    /// The search, ready to be cut into units.
    Search(SplitSearch),
}

/// One board's search cut at a fixed depth; see the [module documentation](self).
///
/// ```
/// use puzzle_core::{Direction, Shape};
/// use sliding::split::Split;
/// use sliding::{Board, Goal, GoalKind, HeuristicKind, Limits, Planner};
/// use sliding::planner::MemoryTables;
///
/// // The goal after the blank moves up and then left: two moves away.
/// let goal = Board::goal(Shape::new(2, 3)?, GoalKind::BlankLast)?;
/// let board = goal.replay(&[Direction::North, Direction::West]).expect("both moves stay on the board");
/// let tables = MemoryTables::default();
/// let planner =
///     Planner::new(Goal::Kind(GoalKind::BlankLast), &tables).with_heuristic(HeuristicKind::Manhattan);
/// let Split::Search(search) = planner.split(&board, 1, &Limits::NONE)? else {
///     unreachable!("a solvable board")
/// };
/// // The Manhattan distance, 2, is the optimum here, so the first round finds the path.
/// let bound = search.start_bound();
/// assert_eq!(bound, 2);
/// let mut found = search.run_unit(None, bound, &Limits::NONE)?.path;
/// for prefix in search.prefixes(&Limits::NONE)? {
///     found = found.or(search.run_unit(Some(&prefix), bound, &Limits::NONE)?.path);
/// }
/// let path = found.expect("a path within the optimum");
/// assert_eq!(path, [Direction::East, Direction::South]);
/// search.check(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct SplitSearch {
    board: Board,
    goal: Board,
    heuristic: Heuristic,
    named: HeuristicKind,
    depth: usize,
    geometry: std::sync::Arc<Geometry>,
    /// Boxed: the state's fixed arrays would make every [`Split`] half a kilobyte.
    state: Box<State>,
    /// The planner's duplicate-pruning machines, which every unit walks.
    machines: std::sync::Arc<Machines>,
}

impl fmt::Debug for SplitSearch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SplitSearch")
            .field("board", &self.board.to_string())
            .field("goal", &self.goal.to_string())
            .field("heuristic", &self.named)
            .field("depth", &self.depth)
            .finish_non_exhaustive()
    }
}

/// What one unit found in one round: the run result of every iteration of the crate's searches
/// ([`search::deepen::Run`]): the first path in move order within the round's bound, the least
/// `f` above the bound the unit cut off (its share of the next round's bound), its nodes, and
/// whether a limit stopped it (then the other fields are what it reached, not its answer).
///
/// ```
/// use puzzle_core::{Direction, Shape};
/// use sliding::split::Split;
/// use sliding::{Board, Goal, GoalKind, HeuristicKind, Limits, Planner};
/// use sliding::planner::MemoryTables;
///
/// // The goal after the blank moves up and then left: two moves away.
/// let goal = Board::goal(Shape::new(2, 3)?, GoalKind::BlankLast)?;
/// let board = goal.replay(&[Direction::North, Direction::West]).expect("both moves stay on the board");
/// let tables = MemoryTables::default();
/// let planner =
///     Planner::new(Goal::Kind(GoalKind::BlankLast), &tables).with_heuristic(HeuristicKind::Manhattan);
/// let Split::Search(search) = planner.split(&board, 1, &Limits::NONE)? else {
///     unreachable!("a solvable board")
/// };
/// // Moving the blank right takes tile 2 home, and down then tile 3: the unit reaches the goal.
/// let right = search.run_unit(Some(&[Direction::East]), 2, &Limits::NONE)?;
/// assert_eq!(right.path, Some(vec![Direction::East, Direction::South]));
/// // Moving it left takes tile 1 from home: nothing within the bound of two moves.
/// let left = search.run_unit(Some(&[Direction::West]), 2, &Limits::NONE)?;
/// assert_eq!((left.path, left.gave_up), (None, false));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type UnitOutcome = search::deepen::Run<Vec<Direction>, u32>;

impl Planner<'_> {
    /// The search of `board` cut at `depth` moves, with the heuristic the planner would choose
    /// for it (the one asked for, else the strongest pattern databases at hand, or the big ones
    /// when the board pays for them), or the answer when no search is needed. Building tables
    /// stops at `limits`' deadline or interrupt with [`PlanError::Stopped`].
    ///
    /// ```
    /// use sliding::split::Split;
    /// use sliding::{Board, BoardSpec, Goal, GoalKind, Limits, Planner};
    /// use sliding::planner::MemoryTables;
    ///
    /// let tables = MemoryTables::default();
    /// let solver = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables);
    /// let board = Board::try_from(BoardSpec { rows: 3, cols: 3, tiles: vec![8, 6, 7, 2, 5, 4, 3, 0, 1] })?;
    /// let Split::Search(search) = solver.split(&board, 4, &Limits::NONE)? else { unreachable!("a solvable board") };
    /// // Rounds: every unit to one bound; the least of their next bounds is the next round's.
    /// let mut bound = search.start_bound();
    /// let path = loop {
    ///     let mut next = u32::MAX;
    ///     let mut found = None;
    ///     for unit in std::iter::once(None).chain(search.prefixes(&Limits::NONE)?.into_iter().map(Some)) {
    ///         let outcome = search.run_unit(unit.as_deref(), bound, &Limits::NONE)?;
    ///         found = found.or(outcome.path);
    ///         next = next.min(outcome.next_bound.unwrap_or(u32::MAX));
    ///     }
    ///     if let Some(path) = found { break path; }
    ///     bound = next;
    /// };
    /// assert_eq!(path.len(), 31); // the hardest 3×3 board
    /// search.check(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn split(&self, board: &Board, depth: usize, limits: &Limits<'_>) -> Result<Split, SplitError> {
        let goal = self.plan(board).goal?;
        let start = Start::without_search(board, &goal);
        if !start.solvable || start.at_goal {
            // The planner answers these without a search.
            let report = self.answer(board, &goal, false, None, &start, &Limits::NONE)?;
            debug_assert!(matches!(report.method(), Method::Parity));
            return Ok(Split::Answered(report));
        }
        let named = match self.heuristic {
            Some(named @ (HeuristicKind::Manhattan | HeuristicKind::LinearConflict | HeuristicKind::Pdb(Some(_)))) => {
                named
            }
            Some(HeuristicKind::Pdb(None)) | None => {
                match choose_tables(&goal, &[board], &|key| self.tables.is_cached(key)) {
                    Some(choice) => {
                        if let Some(reason) = &choice.building_because {
                            self.tables.building_tables(board.shape(), reason);
                        }
                        HeuristicKind::Pdb(Some(choice.tier))
                    }
                    None if self.heuristic.is_some() => {
                        return Err(PlanError::PdbTooLarge { shape: board.shape().to_string() }.into())
                    }
                    None => HeuristicKind::LinearConflict,
                }
            }
        };
        self.install_machine(board.shape());
        self.unit_search(board, &goal, named, depth, limits).map(Split::Search)
    }

    /// The search of `board` toward `goal` cut at `depth` moves with the `heuristic` named (the
    /// pattern databases come from the solver's table source): what a unit's worker rebuilds
    /// from the unit's line. The board must be solvable and not the goal. Building its tables
    /// stops at `limits`' deadline or interrupt with [`PlanError::Stopped`], so the time a unit
    /// spends on them counts against its limit.
    pub fn unit_search(
        &self,
        board: &Board,
        goal: &Board,
        heuristic: HeuristicKind,
        depth: usize,
        limits: &Limits<'_>,
    ) -> Result<SplitSearch, SplitError> {
        let (geometry, state) = split_state(board, goal, depth)?;
        let loaded = match heuristic {
            HeuristicKind::Manhattan => Heuristic::Manhattan,
            HeuristicKind::LinearConflict => Heuristic::LinearConflict,
            HeuristicKind::Pdb(None) => return Err(SplitError::NoTier),
            // Building the tables counts against the unit's limits, as its search does: a signal
            // or the deadline stops the build with `PlanError::Stopped`.
            HeuristicKind::Pdb(Some(tier)) => self.tier_heuristic(goal, tier, limits)?,
        };
        if let Heuristic::Pdb(pdb) = &loaded {
            if !pdb.fits(board.tiles().len()) {
                return Err(PlanError::Solve(SolveError::HeuristicMismatch).into());
            }
        }
        Ok(SplitSearch {
            board: board.clone(),
            goal: goal.clone(),
            heuristic: loaded,
            named: heuristic,
            depth,
            geometry,
            state: Box::new(state),
            machines: std::sync::Arc::clone(&self.machines),
        })
    }
}

/// The search state of a split of `board` toward `goal` at `depth` moves, once the three are
/// checked to make one.
fn split_state(board: &Board, goal: &Board, depth: usize) -> Result<(std::sync::Arc<Geometry>, State), SplitError> {
    if depth == 0 || depth > MAX_SPLIT_DEPTH {
        return Err(SplitError::Depth(depth));
    }
    if board.shape() != goal.shape() {
        let mismatch = SolveError::ShapeMismatch { board: board.shape().to_string(), goal: goal.shape().to_string() };
        return Err(PlanError::Solve(mismatch).into());
    }
    if board.shape().n_cells() > MAX_CELLS_WITHOUT_LIMITS {
        return Err(SplitError::TooLarge(board.shape().to_string()));
    }
    let crate::solve::SearchStart { geometry, state, .. } = crate::solve::search_state(board, goal);
    Ok((geometry, state))
}

/// The prefixes of units 1, 2, … of the split of `board` toward `goal` at `depth` moves, as
/// [`SplitSearch::prefixes`] lists them, without a heuristic or its tables: what a merge checks
/// a round's units against, so that a unit whose prefix was changed is refused.
///
/// ```
/// use puzzle_core::{Direction, Shape};
/// use sliding::split::unit_prefixes;
/// use sliding::{Board, GoalKind, Limits};
///
/// let goal = Board::goal(Shape::new(2, 3)?, GoalKind::BlankLast)?;
/// // The blank in the corner moves up or left, and then on without undoing its move.
/// let prefixes = unit_prefixes(&goal, &goal, 2, &Limits::NONE)?;
/// assert_eq!(prefixes.len(), 3);
/// assert!(prefixes.iter().all(|p| p.len() == 2 && p[1] != p[0].opposite()));
/// assert!(prefixes.contains(&vec![Direction::West, Direction::West]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn unit_prefixes(
    board: &Board,
    goal: &Board,
    depth: usize,
    limits: &Limits<'_>,
) -> Result<Vec<Vec<Direction>>, SplitError> {
    let (geometry, state) = split_state(board, goal, depth)?;
    units::prefixes(&geometry, &state, depth, limits).ok_or(SplitError::Stopped)
}

impl SplitSearch {
    /// The goal it is searched toward.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The heuristic every unit searches with.
    pub fn heuristic(&self) -> HeuristicKind {
        self.named
    }

    /// The first round's bound: the heuristic's value of the board, a lower bound on the
    /// optimum.
    pub fn start_bound(&self) -> u32 {
        lower_bound(&self.board, &self.goal, &self.heuristic).unwrap_or(0)
    }

    /// The prefixes of units 1, 2, …: every sequence of the cut's depth in moves that never
    /// undoes the move before it, in move order. The same whatever the bound. The listing polls
    /// `limits` ([`SplitError::Stopped`]): a deep cut lists millions of units.
    pub fn prefixes(&self, limits: &Limits<'_>) -> Result<Vec<Vec<Direction>>, SplitError> {
        units::prefixes(&self.geometry, &self.state, self.depth, limits).ok_or(SplitError::Stopped)
    }

    /// [`SplitSearch::prefixes`] without keeping them: `visit` is called with each in move
    /// order and returns `false` to stop ([`SplitError::Stopped`], as when `limits` stop the
    /// listing). A cut of millions of units is counted and written this way, in constant memory.
    pub fn for_each_prefix(
        &self,
        limits: &Limits<'_>,
        visit: impl FnMut(&[Direction]) -> bool,
    ) -> Result<(), SplitError> {
        if units::for_each_prefix(&self.geometry, &self.state, self.depth, limits, visit) {
            Ok(())
        } else {
            Err(SplitError::Stopped)
        }
    }

    /// Runs one unit of the round with `bound`: unit 0 (`prefix` `None`), or the unit below
    /// `prefix`, on this thread, under `limits` (unit 0 is small and runs to its end).
    pub fn run_unit(
        &self,
        prefix: Option<&[Direction]>,
        bound: u32,
        limits: &Limits<'_>,
    ) -> Result<UnitOutcome, SplitError> {
        if let Some(prefix) = prefix {
            if !self.is_prefix(prefix) {
                return Err(SplitError::Prefix { depth: self.depth });
            }
        }
        let unit = Unit { depth: self.depth, prefix, bound, limits, machines: &self.machines };
        with_estimate(&self.board, &self.goal, &self.heuristic, unit).map_err(|error| PlanError::Solve(error).into())
    }

    /// Checks a path the rounds found, independently: it leads from the board to the goal.
    pub fn check(&self, path: &[Direction]) -> Result<(), CheckError> {
        check(&self.board, &self.goal, &Verdict::Solved(Path::Moves(path.to_vec())))
    }

    /// Whether `prefix` is one of [`SplitSearch::prefixes`], without listing them.
    fn is_prefix(&self, prefix: &[Direction]) -> bool {
        is_unit_prefix(&self.board, self.depth, prefix)
    }
}

/// Whether `prefix` is the prefix of a unit of `board` split at `depth` moves: `depth` moves that
/// stay on the board and never undo the move before, as [`SplitSearch::run_unit`] requires. For
/// checking every unit of a batch before any is searched.
///
/// ```
/// use sliding::parse::parse_judge_a;
/// use sliding::split::is_unit_prefix;
/// use puzzle_core::Direction;
///
/// let board = parse_judge_a("1 2 3\n4 5 6\n7 8 0\n")?;
/// // The blank is in the bottom-right corner.
/// assert!(is_unit_prefix(&board, 2, &[Direction::North, Direction::West]));
/// assert!(!is_unit_prefix(&board, 2, &[Direction::North, Direction::South]), "undoes the move before");
/// assert!(!is_unit_prefix(&board, 2, &[Direction::South, Direction::North]), "leaves the board");
/// assert!(!is_unit_prefix(&board, 3, &[Direction::North, Direction::West]), "not the depth");
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
pub fn is_unit_prefix(board: &Board, depth: usize, prefix: &[Direction]) -> bool {
    if prefix.len() != depth || prefix.windows(2).any(|pair| pair[1] == pair[0].opposite()) {
        return false;
    }
    let mut board = board.clone();
    prefix.iter().all(|&dir| board.moved(dir).map(|next| board = next).is_some())
}

/// One unit of one round: [`SplitSearch::run_unit`]'s task.
struct Unit<'p, 'l, 'a> {
    depth: usize,
    prefix: Option<&'p [Direction]>,
    bound: u32,
    limits: &'l Limits<'a>,
    machines: &'p Machines,
}

impl EstimateTask for Unit<'_, '_, '_> {
    type Output = UnitOutcome;

    fn run<E: NodeLoop + Sync>(self, geometry: &Geometry, state: &State, estimate: E) -> UnitOutcome {
        match self.prefix {
            None => units::top(geometry, self.machines, state, estimate, self.depth, self.bound),
            Some(prefix) => units::below(geometry, self.machines, state, estimate, prefix, self.bound, self.limits),
        }
    }
}

#[cfg(test)]
mod tests;
