//! Best boards for puzzles too hard to solve, the way the Eternity II record holders search:
//! a depth-first search in a scan order of rows from a corner and then columns
//! ([`order`](self)), allowed a schedule of mismatches ("breaks") that opens late
//! ([`Breaks`]), with candidates ordered so that pieces of a few priority colours go first and
//! at a minimum rate, restarted every so many placements with a reshuffled order drawn from the
//! seed, on as many threads as asked, each with its own restarts. The threads are those of
//! rayon's pool (the one way a process sets its threads); the calling thread collects their
//! reports.
//!
//! The score of a board is the number of joins between two placed pieces that match. Every
//! time a thread's search places more matching joins than before, the board, its empty cells
//! filled with the pieces left (`best/complete.rs`) and improved by local moves
//! (`best/improve.rs`), goes to the caller as an [`Event::Improvement`] if it beats the best so
//! far. [`BoardSearch::run`] ends on a stop flag, a node budget, a perfect board or an exhausted
//! search, and returns a [`Checkpoint`] that [`BoardSearch::resume`] continues exactly.
//!
//! ```
//! use edge_match::best::{BoardSearch, Control, Event, Settings};
//! use edge_match::parse::{PuzOptions, parse_puz};
//!
//! let puzzle = parse_puz("2 2\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n", &PuzOptions::default()).unwrap();
//! let search = BoardSearch::new(&puzzle, &[], Settings::record(&puzzle));
//! let mut best = 0;
//! let outcome = search.run(&Control { limits: &edge_match::Limits::NONE, checkpoint_every: None }, |event| {
//!     if let Event::Improvement(found) = event {
//!         best = found.matching;
//!     }
//!     true
//! });
//! assert_eq!(best, 4);
//! assert_eq!(outcome.checkpoint.best().unwrap().len(), 4);
//! ```

mod checkpoint;
mod complete;
mod improve;
mod order;
mod rng;
mod schedule;
mod settings;
mod state;
mod tables;
mod worker;

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub use schedule::{default_priority, Breaks, BreaksError, RECORD_BREAKS};
pub use settings::{RestartSchedule, Settings};
pub use state::{Checkpoint, CheckpointError};

use search::walk::{Poll, Watch};

use crate::model::{Placement, Puzzle};
use state::{PuzzleKey, ThreadState};
use tables::CandidateTables;
use worker::{Exit, Worker};

/// A board better than every one reported before.
///
/// ```
/// use edge_match::best::{BoardSearch, Control, Event, Settings};
/// use edge_match::check::score_board;
/// use edge_match::Limits;
/// # use edge_match::parse::{PuzOptions, parse_puz};
/// // A framed 2x2 board of four corners whose four joins can all match.
/// let puzzle = parse_puz("2 2\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n", &PuzOptions::default()).unwrap();
/// let search = BoardSearch::new(&puzzle, &[], Settings::record(&puzzle));
/// let mut found = Vec::new();
/// search.run(&Control { limits: &Limits::NONE, checkpoint_every: None }, |event| {
///     if let Event::Improvement(better) = event {
///         found.push(better);
///     }
///     true
/// });
/// // Each report beats the one before, and its score is the checker's.
/// assert!(found.windows(2).all(|pair| pair[0].matching < pair[1].matching));
/// for better in &found {
///     assert_eq!(score_board(&puzzle, &better.cells).unwrap().matching, better.matching);
/// }
/// assert_eq!(found.last().unwrap().matching, 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Improvement {
    /// The board, one entry per cell row-major: the search's cells, the empty ones filled, then
    /// improved by local moves (`best/improve.rs`), which may move the search's own pieces.
    pub cells: Vec<Option<Placement>>,
    /// The board as the search had it, before completion.
    pub partial: Vec<Option<Placement>>,
    /// Matching joins of `cells` (the engine's count).
    pub matching: usize,
    /// Cells the search had placed (clues included).
    pub depth: usize,
    /// Mismatches the search had made.
    pub breaks: usize,
    /// The thread that found it.
    pub thread: usize,
    /// Placements that thread had made.
    pub nodes: u64,
    /// Time since the run began (resumed runs included).
    pub elapsed: Duration,
}

/// What [`BoardSearch::run`] reports as it goes.
///
/// ```
/// use std::time::Duration;
///
/// use edge_match::best::{BoardSearch, Control, Event, Settings};
/// use edge_match::Limits;
/// # use edge_match::parse::{PuzOptions, parse_puz};
/// // A framed 2x2 board of four corners whose four joins can all match.
/// let puzzle = parse_puz("2 2\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n", &PuzOptions::default()).unwrap();
/// let search = BoardSearch::new(&puzzle, &[], Settings::record(&puzzle));
/// let control = Control { limits: &Limits::NONE, checkpoint_every: Some(Duration::from_secs(60)) };
/// let mut improvements = 0;
/// search.run(&control, |event| {
///     match event {
///         Event::Improvement(_) => improvements += 1,
///         Event::Checkpoint(checkpoint) => assert!(checkpoint.nodes() > 0),
///     }
///     true
/// });
/// assert!(improvements > 0);
/// ```
#[derive(Clone, Debug)]
pub enum Event {
    /// A better board.
    Improvement(Improvement),
    /// The state, every [`Control::checkpoint_every`].
    Checkpoint(Checkpoint),
}

/// When a run stops, besides finding a perfect board or exhausting its search.
///
/// ```
/// use edge_match::best::{BoardSearch, Control, End, Settings};
/// use edge_match::Limits;
/// # use edge_match::parse::{PuzOptions, parse_puz};
/// // A framed 2x2 board of four corners whose four joins can all match.
/// let puzzle = parse_puz("2 2\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n", &PuzOptions::default()).unwrap();
/// // No limit: the run ends on the perfect board.
/// let control = Control { limits: &Limits::NONE, checkpoint_every: None };
/// let outcome = BoardSearch::new(&puzzle, &[], Settings::record(&puzzle)).run(&control, |_| true);
/// assert_eq!(outcome.end, End::Solved);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Control<'a> {
    /// Stop after `max_expanded` placements in all (each thread its share, counted from the
    /// start of the first run), at the deadline (a time limit) or when the interrupt flag is set
    /// (Ctrl-C); the deadline and the flag are looked at every few hundred thousand placements.
    pub limits: &'a search::Limits<'a>,
    /// Report the state this often.
    pub checkpoint_every: Option<Duration>,
}

/// Why a run ended.
///
/// ```
/// use edge_match::best::{BoardSearch, Control, End, Settings};
/// use edge_match::check::check_solution;
/// use edge_match::Limits;
/// # use edge_match::parse::{PuzOptions, parse_puz};
/// // A framed 2x2 board of four corners whose four joins can all match.
/// let puzzle = parse_puz("2 2\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n", &PuzOptions::default()).unwrap();
/// let control = Control { limits: &Limits::NONE, checkpoint_every: None };
/// let outcome = BoardSearch::new(&puzzle, &[], Settings::record(&puzzle)).run(&control, |_| true);
/// assert_eq!(outcome.end, End::Solved);
/// // A solved board is a solution the checker accepts.
/// let board: Vec<_> = outcome.checkpoint.best().unwrap().iter().map(|cell| cell.unwrap()).collect();
/// assert!(check_solution(&puzzle, &board).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// A complete board without a mismatch.
    Solved,
    /// Every board the schedule allows was seen.
    Exhausted,
    /// The stop flag.
    Stopped,
    /// The node budget.
    NodeLimit,
}

/// What a `--best` run did: why it ended, its placements, the state to resume from.
///
/// ```
/// use edge_match::best::{BoardSearch, Control, Settings};
/// use edge_match::Limits;
/// # use edge_match::parse::{PuzOptions, parse_puz};
/// // A framed 2x2 board of four corners whose four joins can all match.
/// let puzzle = parse_puz("2 2\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n", &PuzOptions::default()).unwrap();
/// let control = Control { limits: &Limits::NONE, checkpoint_every: None };
/// let outcome = BoardSearch::new(&puzzle, &[], Settings::record(&puzzle)).run(&control, |_| true);
/// // Filling four cells takes at least four placements.
/// assert!(outcome.nodes >= 4);
/// assert_eq!(outcome.checkpoint.nodes(), outcome.nodes);
/// ```
#[derive(Clone, Debug)]
pub struct BestRun {
    /// Why it ended.
    pub end: End,
    /// Placements in all, resumed runs included.
    pub nodes: u64,
    /// The state at the end, to resume from.
    pub checkpoint: Checkpoint,
}

/// A puzzle prepared for the search.
///
/// ```
/// use edge_match::best::{BoardSearch, Control, End, Settings};
/// use edge_match::Limits;
/// # use edge_match::parse::{PuzOptions, parse_puz};
/// // A framed 2x2 board of four corners whose four joins can all match.
/// let puzzle = parse_puz("2 2\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n", &PuzOptions::default()).unwrap();
/// let control = Control { limits: &Limits::NONE, checkpoint_every: None };
/// let first = BoardSearch::new(&puzzle, &[], Settings::record(&puzzle)).run(&control, |_| true);
/// assert_eq!(first.end, End::Solved);
/// // The checkpoint resumes on the same puzzle and clues.
/// assert!(BoardSearch::resume(&puzzle, &[], first.checkpoint).is_ok());
/// ```
#[derive(Debug)]
pub struct BoardSearch<'p> {
    puzzle: &'p Puzzle,
    tables: CandidateTables,
    settings: Settings,
    key: PuzzleKey,
    start: Option<Checkpoint>,
}

/// Placements between two looks at the watch: a few milliseconds in a release build, about a
/// second in a debug one (2^22 kept an interrupted debug run going for most of a minute).
const CHECK: u64 = 1 << 18;

enum Msg {
    Improvement(Improvement),
    State(usize, u64, ThreadState),
    Done(usize, Exit, bool, ThreadState),
}

impl<'p> BoardSearch<'p> {
    /// Prepares `puzzle` with `clues` (one entry per cell, or empty) for a new run.
    ///
    /// # Panics
    ///
    /// If `settings.order` is an order that does not fill every cell after its north and west
    /// neighbours (spiral, frame-first).
    pub fn new(puzzle: &'p Puzzle, clues: &[Option<Placement>], mut settings: Settings) -> BoardSearch<'p> {
        settings.jobs = settings.jobs.max(1);
        settings.restart_nodes = settings.restart_nodes.max(1);
        let tables = CandidateTables::new(puzzle, clues, &settings);
        BoardSearch { puzzle, tables, settings, key: PuzzleKey::of(puzzle, clues), start: None }
    }

    /// Prepares to continue the run saved in `checkpoint`, with its settings.
    pub fn resume(
        puzzle: &'p Puzzle,
        clues: &[Option<Placement>],
        checkpoint: Checkpoint,
    ) -> Result<BoardSearch<'p>, CheckpointError> {
        if !checkpoint.key.names(puzzle, clues) {
            return Err(CheckpointError::OtherPuzzle);
        }
        let mut search = BoardSearch::new(puzzle, clues, checkpoint.settings.clone());
        if search.settings != checkpoint.settings {
            return Err(CheckpointError::Invalid("the settings are out of range".to_owned()));
        }
        if let Some(best) = &checkpoint.best {
            if best.len() != puzzle.rows() * puzzle.cols() {
                return Err(CheckpointError::Invalid(format!(
                    "the best board has {} cells, but the puzzle has {}",
                    best.len(),
                    puzzle.rows() * puzzle.cols()
                )));
            }
        }
        for (i, state) in checkpoint.threads.iter().enumerate() {
            let mut worker = Worker::new(&search.tables, search.settings.seed, i, state.restart, state.restart_start);
            if state.nodes < state.restart_start || worker.replay(&state.stack).is_none() {
                return Err(CheckpointError::BadStack(i));
            }
            if worker.set_depth_nodes(&state.depth_nodes).is_none()
                || state
                    .depth_nodes
                    .iter()
                    .try_fold(0u64, |sum, &count| sum.checked_add(count))
                    .is_none_or(|sum| sum > state.nodes)
            {
                return Err(CheckpointError::Invalid(format!(
                    "thread {i}: \"depth_nodes\" does not fit the puzzle or counts more than the thread's placements"
                )));
            }
        }
        search.start = Some(checkpoint);
        Ok(search)
    }

    /// The settings of the run.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The best board of the checkpoint resumed, if any.
    pub fn checkpoint_best(&self) -> Option<&[Option<Placement>]> {
        self.start.as_ref().and_then(Checkpoint::best)
    }

    /// BoardSearch time before this run (that of the checkpoint resumed).
    pub fn elapsed_before(&self) -> Duration {
        Duration::from_millis(self.start.as_ref().map_or(0, Checkpoint::elapsed_ms))
    }

    /// Searches until `control` says stop, the board is perfect or the search is exhausted,
    /// calling `on_event` (on this thread) with each better board and each checkpoint; the run
    /// stops (as by the interrupt flag) when `on_event` returns `false`.
    pub fn run(&self, control: &Control<'_>, mut on_event: impl FnMut(Event) -> bool) -> BestRun {
        let jobs = self.settings.jobs;
        let offset = Duration::from_millis(self.start.as_ref().map_or(0, |c| c.elapsed_ms));
        let started = Instant::now();
        let mut best: Option<Vec<Option<Placement>>> = self.start.as_ref().and_then(|c| c.best.clone());
        let mut best_score = best.as_ref().map_or(0, |cells| complete::matching(self.puzzle, cells));
        let shared_best = AtomicUsize::new(best_score);
        let generation = AtomicU64::new(0);
        // The threads share one watch of the deadline and the interrupt flag, whose stop flag is
        // also the run's halt (a thread finished the search, or `on_event` said stop). The
        // placement limit is shared out among the threads, each stopping at its own share
        // without stopping the others, so it is not the watch's budget.
        let unbudgeted = search::Limits { max_expanded: None, progress: None, ..*control.limits };
        let watch = Watch::new(&unbudgeted).every(CHECK);
        let watch = &watch;
        let mut states: Vec<ThreadState> = match &self.start {
            Some(c) => c.threads.clone(),
            None => (0..jobs)
                .map(|_| ThreadState {
                    restart: 0,
                    nodes: 0,
                    restart_start: 0,
                    best_partial: 0,
                    next_tie: 0,
                    best_filled: 0,
                    stack: vec![0],
                    finished: false,
                    depth_nodes: Vec::new(),
                })
                .collect(),
        };
        let mut ends: Vec<Option<(Exit, bool)>> =
            states.iter().map(|s| s.finished.then_some((Exit::Bound, false))).collect();
        let (tx, rx) = mpsc::channel::<Msg>();
        let checkpoint = |states: &[ThreadState], best: &Option<Vec<Option<Placement>>>| Checkpoint {
            key: self.key,
            settings: self.settings.clone(),
            elapsed_ms: (offset + started.elapsed()).as_millis() as u64,
            best: best.clone(),
            threads: states.to_vec(),
        };
        rayon::in_place_scope(|scope| {
            for (thread, state) in states.iter().enumerate() {
                if state.finished {
                    continue;
                }
                let tx = tx.clone();
                let state = state.clone();
                let (shared_best, generation) = (&shared_best, &generation);
                let limit = control
                    .limits
                    .max_expanded
                    .map(|max| max / jobs as u64 + u64::from((thread as u64) < max % jobs as u64));
                scope.spawn(move |_| {
                    let t = &self.tables;
                    let s = &self.settings;
                    let mut worker = Worker::new(t, s.seed, thread, state.restart, state.restart_start);
                    worker.nodes = state.nodes;
                    worker.best_partial = state.best_partial;
                    worker.next_tie = state.next_tie;
                    // Checked by `resume`, like the stack.
                    let _ = worker.set_depth_nodes(&state.depth_nodes);
                    // Checked by `resume`; a fresh state is the empty stack.
                    let _ = worker.replay(&state.stack);
                    // The best filled board's score, shared by the report and the checkpoint.
                    let best_filled = std::cell::Cell::new(state.best_filled as usize);
                    let save = |w: &Worker<'_>, finished: bool| ThreadState {
                        restart: w.restart,
                        nodes: w.nodes,
                        restart_start: w.restart_start,
                        best_partial: w.best_partial,
                        next_tie: w.next_tie,
                        best_filled: best_filled.get() as u32,
                        stack: w.stack(),
                        finished,
                        depth_nodes: w.depth_nodes(),
                    };
                    let mut seen = generation.load(Relaxed);
                    let mut reported = worker.best_partial;
                    let mut report = |w: &Worker<'_>, depth: usize| {
                        let partial = w.board(depth);
                        let budget =
                            if w.best_partial > reported { complete::IMPROVEMENT_BUDGET } else { complete::TIE_BUDGET };
                        reported = w.best_partial;
                        let mut cells = complete::complete(self.puzzle, &partial, &t.order, budget);
                        let mut matching = complete::matching(self.puzzle, &cells);
                        if matching + improve::REACH > best_filled.get() {
                            matching += improve::improve(self.puzzle, &mut cells, &t.clues, &t.order, improve::BUDGET);
                        }
                        best_filled.set(best_filled.get().max(matching));
                        if shared_best.fetch_max(matching, Relaxed) < matching {
                            let placed = partial.iter().flatten().count();
                            let _ = tx.send(Msg::Improvement(Improvement {
                                cells,
                                partial,
                                matching,
                                depth: placed,
                                breaks: w.mismatches(depth),
                                thread,
                                nodes: w.nodes,
                                elapsed: offset + started.elapsed(),
                            }));
                        }
                    };
                    let mut poll = Poll::new(worker.nodes, watch);
                    loop {
                        // Looked at on every return of the worker: at most every `CHECK`
                        // placements, and at every restart.
                        if poll.must_stop(worker.nodes, watch) {
                            let _ = tx.send(Msg::Done(thread, Exit::Bound, true, save(&worker, false)));
                            return;
                        }
                        if limit.is_some_and(|l| worker.nodes >= l) {
                            let _ = tx.send(Msg::Done(thread, Exit::Bound, false, save(&worker, false)));
                            return;
                        }
                        if worker.nodes - worker.restart_start >= s.restart_length(worker.restart) {
                            worker.restart();
                        }
                        let g = generation.load(Relaxed);
                        if g != seen {
                            seen = g;
                            let _ = tx.send(Msg::State(thread, g, save(&worker, false)));
                        }
                        let mut bound =
                            poll.next().min(worker.restart_start.saturating_add(s.restart_length(worker.restart)));
                        if let Some(l) = limit {
                            bound = bound.min(l);
                        }
                        match worker.run(bound, &mut report) {
                            Exit::Bound => {}
                            exit => {
                                watch.stop();
                                let _ = tx.send(Msg::Done(thread, exit, false, save(&worker, true)));
                                return;
                            }
                        }
                    }
                });
            }
            drop(tx);
            let mut last = Instant::now();
            let mut pending: Option<(u64, Vec<bool>)> = None;
            loop {
                match rx.recv_timeout(Duration::from_millis(50)) {
                    Ok(Msg::Improvement(found)) => {
                        if found.matching > best_score {
                            best_score = found.matching;
                            best = Some(found.cells.clone());
                            if !on_event(Event::Improvement(found)) {
                                watch.stop();
                            }
                        }
                    }
                    Ok(Msg::State(thread, g, state)) => {
                        states[thread] = state;
                        if let Some((pg, got)) = &mut pending {
                            if *pg == g {
                                got[thread] = true;
                                if got.iter().zip(&ends).all(|(&got, end)| got || end.is_some()) {
                                    pending = None;
                                    if !on_event(Event::Checkpoint(checkpoint(&states, &best))) {
                                        watch.stop();
                                    }
                                }
                            }
                        }
                    }
                    Ok(Msg::Done(thread, exit, stopped, state)) => {
                        states[thread] = state;
                        ends[thread] = Some((exit, stopped));
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
                if let Some(every) = control.checkpoint_every {
                    if pending.is_none() && last.elapsed() >= every {
                        last = Instant::now();
                        let g = generation.fetch_add(1, Relaxed) + 1;
                        pending = Some((g, vec![false; jobs]));
                    }
                }
            }
        });
        let end = if ends.iter().any(|e| matches!(e, Some((Exit::Solved, _)))) {
            End::Solved
        } else if ends.iter().any(|e| matches!(e, Some((Exit::Exhausted, _)))) {
            End::Exhausted
        } else if ends.iter().any(|e| matches!(e, Some((_, true)))) {
            End::Stopped
        } else {
            End::NodeLimit
        };
        let checkpoint = checkpoint(&states, &best);
        BestRun { end, nodes: checkpoint.nodes(), checkpoint }
    }
}

#[cfg(test)]
mod tests;
