//! A fast answer for boards whose path does not fit in memory: the constructive solver runs once
//! to count the moves and check them by replay as they are made, keeping them compressed on a
//! [`Tape`] while a budget allows; they are read back from the tape, or made again, checked the
//! same way, when there is none.

use std::ops::ControlFlow;
use std::sync::Arc;

use puzzle_core::Direction;
use search::Limits;

use super::compressed_moves::{Tape, TapeBudget, TapeError, TapeWriter};
use super::{solve_fast_into, Streamed};
use crate::board::Board;
use crate::replay::{CheckError, Replay};

/// A checked fast answer: its length, and its moves read back (or made again) on demand by
/// [`FastPath::stream`].
///
/// ```
/// use sliding::{Limits, Verdict, Path};
/// use sliding::constructive::KeepMoves;
/// use sliding::parse::parse_judge_a;
/// use sliding::testing::solve_fast_checked;
///
/// let board = parse_judge_a("8 7 6\n5 4 3\n2 1 0\n")?;
/// let goal = parse_judge_a("1 2 3\n4 5 6\n7 8 0\n")?;
/// let Ok(Verdict::Solved(Path::Fast(path))) = solve_fast_checked(&board, &goal, &Limits::NONE, &KeepMoves::Count)
/// else {
///     unreachable!("a solvable board, no limits")
/// };
/// // Only the number was kept: reading the moves makes them again.
/// assert!(!path.is_kept());
/// let mut moves = Vec::new();
/// path.stream(&mut |chunk| {
///     moves.extend_from_slice(chunk);
///     Ok::<(), std::convert::Infallible>(())
/// })?;
/// assert_eq!(moves.len() as u64, path.n_moves());
/// assert_eq!(board.replay(&moves), Ok(goal));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FastPath {
    start: Board,
    goal: Board,
    n_moves: u64,
    /// The moves as they were checked, when they were kept.
    tape: Option<Arc<Tape>>,
}

/// What [`Planner::solve_fast`](crate::Planner::solve_fast) keeps of a path's moves for reading
/// them later.
///
/// ```
/// use std::sync::Arc;
///
/// use sliding::{Limits, Verdict, Path};
/// use sliding::constructive::{KeepMoves, TapeBudget};
/// use sliding::parse::parse_judge_a;
/// use sliding::testing::solve_fast_checked;
///
/// let board = parse_judge_a("8 7 6\n5 4 3\n2 1 0\n")?;
/// let goal = parse_judge_a("1 2 3\n4 5 6\n7 8 0\n")?;
/// let keep = KeepMoves::Compressed(Arc::new(TapeBudget::new(1 << 30)));
/// let Ok(Verdict::Solved(Path::Fast(path))) = solve_fast_checked(&board, &goal, &Limits::NONE, &keep) else {
///     unreachable!("a solvable board, no limits")
/// };
/// // A budget of a gigabyte holds the moves of a 3x3 board.
/// assert!(path.is_kept());
/// assert_eq!(board.replay(&path.to_vec()?), Ok(goal));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub enum KeepMoves {
    /// Only their number: reading them makes them again (the solver's work once more).
    Count,
    /// The moves themselves, compressed (a few bits per hundred moves on the solver's paths),
    /// while the budget, shared by the answers of a run, holds them; past it only their number.
    Compressed(Arc<TapeBudget>),
}

/// Why [`FastPath::stream`] stopped before the end.
///
/// ```
/// use sliding::{Limits, Verdict, Path};
/// use sliding::constructive::{KeepMoves, StreamError};
/// use sliding::parse::parse_judge_a;
/// use sliding::testing::solve_fast_checked;
///
/// let board = parse_judge_a("8 7 6\n5 4 3\n2 1 0\n")?;
/// let goal = parse_judge_a("1 2 3\n4 5 6\n7 8 0\n")?;
/// let Ok(Verdict::Solved(path @ Path::Fast(_))) = solve_fast_checked(&board, &goal, &Limits::NONE, &KeepMoves::Count)
/// else {
///     unreachable!("a solvable board, no limits")
/// };
/// // A sink that cannot take the moves (a closed pipe, say) stops the stream with its error.
/// let result = path.stream(&mut |_| Err("the pipe is closed"));
/// assert!(matches!(result, Err(StreamError::Sink("the pipe is closed"))));
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
#[derive(Debug)]
pub enum StreamError<E> {
    /// The sink failed (its error); the moves before the failing chunk were handed over.
    Sink(E),
    /// The moves made again failed their check, or differ in number from the first time (a
    /// bug; the message says which): the moves handed over so far are an incomplete path, and the
    /// chunk that failed was not handed over.
    Wrong(String),
}

impl<E: std::fmt::Display> std::fmt::Display for StreamError<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StreamError::Sink(err) => write!(f, "{err}"),
            StreamError::Wrong(message) => write!(f, "the fast path made again is wrong: {message}"),
        }
    }
}

impl<E: std::fmt::Debug + std::fmt::Display> std::error::Error for StreamError<E> {}

impl<E> From<TapeError<E>> for StreamError<E> {
    fn from(err: TapeError<E>) -> StreamError<E> {
        match err {
            TapeError::Sink(err) => StreamError::Sink(err),
            TapeError::Corrupt(message) => StreamError::Wrong(message),
        }
    }
}

/// The constructive solver's path from `board` to `goal` (of its shape, and solvable), each move
/// checked by replay as it is made (the same checks as [`check`](crate::check)) and then kept
/// as `keep` says: compressed, or only counted. `Ok(None)`: `limits` stopped it.
///
/// `Err` is a path that failed its check, a bug in the solver.
pub(crate) fn checked_path(
    board: &Board,
    goal: &Board,
    limits: &Limits<'_>,
    keep: &KeepMoves,
) -> Result<Option<FastPath>, CheckError> {
    let mut replay = Replay::new(board);
    let mut writer = match keep {
        KeepMoves::Count => None,
        KeepMoves::Compressed(budget) => Some(TapeWriter::new(Arc::clone(budget))),
    };
    let mut wrong = None;
    let mut sink = |moves: &[Direction]| match replay.apply(moves) {
        Ok(()) => {
            if let Some(writer) = &mut writer {
                writer.push(moves);
            }
            ControlFlow::Continue(())
        }
        Err(err) => {
            wrong = Some(err);
            ControlFlow::Break(())
        }
    };
    let streamed = solve_beside(board, goal, limits, &mut sink);
    if let Some(err) = wrong {
        return Err(err);
    }
    match streamed {
        Streamed::Solved(n_moves) => {
            replay.finish(board, goal)?;
            let tape = writer.and_then(TapeWriter::finish).map(Arc::new);
            Ok(Some(FastPath { start: board.clone(), goal: goal.clone(), n_moves, tape }))
        }
        // The caller has ruled out an unsolvable board: a bug the answer's check reports.
        Streamed::Unsolvable => Err(CheckError::Solvability),
        Streamed::GaveUp | Streamed::Halted => Ok(None),
    }
}

/// Boards of at least this many cells are solved on a thread of their own (see [`solve_beside`]);
/// smaller ones on the caller's, where starting a thread would cost more than it saves.
const THREAD_CELLS: usize = 1 << 11;

/// Chunks made but not yet taken, at most: the solver waits when it is this far ahead.
const CHUNKS_AHEAD: usize = 8;

/// [`solve_fast_into`] with `take` as the sink, the solver running on a thread of its own for big
/// boards: the replay and the printing of one chunk on this thread overlap the making of the
/// next ones (the two take about the same time a move; together on one thread, twice as long).
/// The chunks, their order and the answer are the same as on one thread; `take` is called on
/// the caller's thread (it may hold what cannot move between threads, such as a locked
/// standard output).
fn solve_beside(
    board: &Board,
    goal: &Board,
    limits: &Limits<'_>,
    take: &mut dyn FnMut(&[Direction]) -> ControlFlow<()>,
) -> Streamed {
    if board.tiles().len() < THREAD_CELLS {
        return solve_fast_into(board, goal, limits, take);
    }
    let produce = |send: &mut dyn FnMut(&mut Vec<Direction>) -> ControlFlow<()>| {
        let mut chunk = Vec::new();
        solve_fast_into(board, goal, limits, &mut |moves| {
            chunk.clear();
            chunk.extend_from_slice(moves);
            send(&mut chunk)
        })
    };
    super::producer_thread::beside(CHUNKS_AHEAD, produce, &mut |chunk: &Vec<Direction>| take(chunk))
}

impl FastPath {
    /// The number of moves.
    pub fn n_moves(&self) -> u64 {
        self.n_moves
    }

    /// Whether the moves were kept (compressed), so that [`FastPath::stream`] reads them back
    /// instead of making them again.
    #[cfg(any(test, feature = "test-support"))]
    pub fn is_kept(&self) -> bool {
        self.tape.is_some()
    }

    /// Hands the moves to `sink` in order, in chunks of some thousands or millions.
    ///
    /// Kept moves are read back, each block checked against the hash and count written when its
    /// moves were checked by replay. Otherwise the moves are made again, each chunk checked by
    /// replay before it is handed over, and the last one only once the replay has reached the
    /// goal in [`FastPath::n_moves`] moves. Either way a sink that prints never prints the end of
    /// a wrong path; on [`StreamError::Wrong`] it has printed an incomplete one. No limit applies:
    /// the work is at most the same as the first time.
    pub fn stream<E>(&self, sink: &mut dyn FnMut(&[Direction]) -> Result<(), E>) -> Result<(), StreamError<E>> {
        match self.kept()? {
            Some(tape) => tape.play(sink).map_err(StreamError::from),
            None => self.make_again(sink),
        }
    }

    /// [`FastPath::stream`] with the moves as the letters `U`, `D`, `L`, `R` (as
    /// [`path_letters`](crate::path_letters)), read back from the tape without a step through
    /// [`Direction`]s.
    pub fn stream_letters<E>(&self, sink: &mut dyn FnMut(&[u8]) -> Result<(), E>) -> Result<(), StreamError<E>> {
        if let Some(tape) = self.kept()? {
            return tape.play_letters_beside(sink).map_err(StreamError::from);
        }
        let mut letters = Vec::new();
        self.make_again(&mut |moves| {
            letters.clear();
            crate::push_path_letters(moves, &mut letters);
            sink(&letters)
        })
    }

    /// The tape, when the moves were kept, checked to hold as many moves as the answer.
    fn kept<E>(&self) -> Result<Option<&Tape>, StreamError<E>> {
        match self.tape.as_deref() {
            Some(tape) if tape.n_moves() != self.n_moves => {
                Err(StreamError::Wrong(format!("{} moves kept instead of {}", tape.n_moves(), self.n_moves)))
            }
            tape => Ok(tape),
        }
    }

    /// [`FastPath::stream`] by making the moves again.
    fn make_again<E>(&self, sink: &mut dyn FnMut(&[Direction]) -> Result<(), E>) -> Result<(), StreamError<E>> {
        let mut replay = Replay::new(&self.start);
        let mut held: Vec<Direction> = Vec::new();
        let mut failed = None;
        let mut pass_on = |moves: &[Direction]| {
            let result = match replay.apply(moves) {
                Err(err) => Err(StreamError::Wrong(err.to_string())),
                Ok(()) if held.is_empty() => Ok(()),
                Ok(()) => sink(&held).map_err(StreamError::Sink),
            };
            match result {
                Ok(()) => {
                    held.clear();
                    held.extend_from_slice(moves);
                    ControlFlow::Continue(())
                }
                Err(err) => {
                    failed = Some(err);
                    ControlFlow::Break(())
                }
            }
        };
        let streamed = solve_beside(&self.start, &self.goal, &Limits::NONE, &mut pass_on);
        if let Some(err) = failed {
            return Err(err);
        }
        if streamed != Streamed::Solved(self.n_moves) {
            return Err(StreamError::Wrong(format!("{streamed:?} instead of {} moves", self.n_moves)));
        }
        replay.finish(&self.start, &self.goal).map_err(|err| StreamError::Wrong(err.to_string()))?;
        if held.is_empty() {
            return Ok(());
        }
        sink(&held).map_err(StreamError::Sink)
    }

    /// The whole path in memory, checked: for small boards (a gigabyte for 10^9 moves). `Err`
    /// says why the moves made again are wrong (a bug).
    #[cfg(any(test, feature = "test-support"))]
    pub fn to_vec(&self) -> Result<Vec<Direction>, String> {
        let mut path = Vec::with_capacity(self.n_moves as usize);
        let collected = self.stream(&mut |moves| {
            path.extend_from_slice(moves);
            Ok::<(), std::convert::Infallible>(())
        });
        match collected {
            Ok(()) => Ok(path),
            Err(StreamError::Wrong(message)) => Err(message),
            Err(StreamError::Sink(never)) => match never {},
        }
    }
}
