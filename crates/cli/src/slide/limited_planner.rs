//! [`LimitedPlanner`]: the library's planner (`sliding::Planner`) with this run's strategy,
//! heuristic and limits, answering one board at a time and timing it; the answer goes to the
//! printers as the planner gave it.

use std::sync::Arc;
use std::time::{Duration, Instant};

use sliding::constructive::{KeepMoves, TapeBudget};
use sliding::{Answer, Board, Goal, PlanError};

use super::settings::SlideSettings;
use crate::input::BadInput;
use crate::interrupt::deadline_from;
use crate::pdb_cache::PdbCache;
use crate::shared_args::OutputFormat;

/// The library's planner with this run's limits.
pub(super) struct LimitedPlanner<'t> {
    pub(super) planner: sliding::Planner<'t>,
    fast: bool,
    /// What a fast answer keeps of its moves: they are kept (compressed) when they will be
    /// printed or drawn, so that printing reads them back instead of making them again.
    keep: KeepMoves,
    limits: sliding::Limits<'static>,
    /// `--time-limit`: each board's, from when its search begins.
    time_limit: Option<Duration>,
}

/// What became of one board of a batch.
pub(super) enum Solved {
    /// The planner's answer, checked, and the board's time in seconds.
    Answered { answer: Answer, seconds: f64 },
    /// A board the planner refuses (it does not fit the goal, or is too large to search without a
    /// limit): why.
    Refused(String),
    /// A board refused when it was read: nothing to solve (the batch reports the reading error).
    Unread,
}

/// The memory that the kept moves of a run's fast answers may take together: a 1000×1000
/// board's 2.6 × 10^9 moves take about 28 MB; past the budget an answer's moves are made again
/// when printed.
const KEPT_MOVES_BYTES: usize = 256 << 20;

impl<'t> LimitedPlanner<'t> {
    pub(super) fn new(settings: &SlideSettings, goal: Goal, tables: &'t PdbCache) -> LimitedPlanner<'t> {
        let mut planner = sliding::Planner::new(goal, tables);
        if let Some(strategy) = settings.strategy {
            planner = planner.with_strategy(strategy);
        }
        if let Some(kind) = settings.heuristic {
            planner = planner.with_heuristic(kind);
        }
        let printed = settings.show_path
            || settings.output == OutputFormat::Json
            || settings.svg.is_some()
            || settings.html.is_some();
        let keep = match printed {
            true => KeepMoves::Compressed(Arc::new(TapeBudget::new(KEPT_MOVES_BYTES))),
            false => KeepMoves::Count,
        };
        LimitedPlanner { planner, fast: settings.fast, keep, limits: settings.limits, time_limit: settings.time_limit }
    }

    /// Plans the shapes of `boards` together (the table decision sees the whole chunk), and
    /// returns when it began: the tables it builds are built under the limits of a board begun
    /// then, and the boards that wait for them count their time from then.
    pub(super) fn prepare(&self, boards: &[&Board]) -> anyhow::Result<Instant> {
        let started = Instant::now();
        match self.planner.prepare(boards, &deadline_from(self.limits, self.time_limit, started)) {
            // A signal or the deadline stopped a build: the boards give up as they are solved.
            Ok(()) | Err(PlanError::Stopped { .. }) => Ok(started),
            Err(err @ PlanError::PdbTooLarge { .. }) => {
                Err(BadInput { file: "--heuristic".to_owned(), pos: None, message: err.to_string() }.into())
            }
            Err(err) => Err(err.into()),
        }
    }

    /// Solves one board; the planner checks the answer. The board's time counts from `since` when
    /// it waited for tables built from then, else from now.
    pub(super) fn solve(&self, board: &Board, since: Option<Instant>) -> anyhow::Result<Solved> {
        let started = since.unwrap_or_else(Instant::now);
        let limits = deadline_from(self.limits, self.time_limit, started);
        // A fast answer's path is not held as a vector: it is kept compressed or made again,
        // checked, as it is printed.
        let answer = match self.fast {
            true => self.planner.solve_fast(board, &limits, &self.keep),
            false => self.planner.solve(board, &limits),
        };
        match answer {
            Ok(answer) => Ok(Solved::Answered { answer, seconds: started.elapsed().as_secs_f64() }),
            Err(PlanError::TooLarge { shape }) => Ok(Solved::Refused(format!(
                "a {shape} board is too large to search to the end (more than {} cells); give --max-nodes N or \
                 --time-limit SECONDS to search it until the limit, or --fast for a quick answer",
                sliding::planner::MAX_CELLS_WITHOUT_LIMITS
            ))),
            Err(err @ (PlanError::Solve(_) | PlanError::NoGoal { .. })) => Ok(Solved::Refused(err.to_string())),
            Err(err) => Err(err.into()),
        }
    }
}
