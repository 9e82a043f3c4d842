//! The one answer for one board, from the searches to the printer: [`Answer`] holds what was
//! found ([`Verdict`], with its [`Path`]), the work it took, the proven lower bound, whether it
//! is optimal and how it was found ([`Method`]). Its own module so the searches and the planner
//! depend on it and not on each other.

use puzzle_core::Direction;

use crate::constructive::{FastPath, StreamError};
use crate::heuristic::HeuristicKind;
use crate::weight::Weight;

/// One board's answer with what is known about it: what [`Planner::solve`](crate::Planner::solve)
/// returns, checked, and what a program prints.
///
/// ```
/// use sliding::{Answer, Board, BoardSpec, Goal, GoalKind, Limits, Method, Verdict, Planner};
/// use sliding::planner::MemoryTables;
///
/// let tables = MemoryTables::default();
/// let planner = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables);
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 3, tiles: vec![1, 2, 3, 4, 0, 5] })?;
/// let answer: Answer = planner.solve(&board, &Limits::NONE)?;
/// let Verdict::Solved(path) = answer.verdict() else { unreachable!("a solvable board, no limits") };
/// assert_eq!((path.n_moves(), answer.lower_bound(), answer.optimal()), (1, Some(1), true));
/// assert!(matches!(answer.method(), Method::Search(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Made only by [`Answer::new`], which derives whether it is optimal from the outcome and the
/// lower bound, so the two cannot disagree; [`Answer::check`] verifies the
/// path and that the bound does not exceed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// What was found: a path, unsolvable, or gave up.
    outcome: Verdict,
    /// Search nodes visited (0 for table lookups, parity and the constructive solver). With
    /// several threads on one board the count can vary from run to run; the path does not.
    nodes: u64,
    /// A proven lower bound on the fewest moves: the moves themselves when the answer is
    /// optimal; `None` when the board is unsolvable.
    lower_bound: Option<u64>,
    /// Whether the path is proven shortest (always for unsolvable boards).
    optimal: bool,
    /// How the answer was found.
    method: Method,
}

/// What a solver found for one board.
///
/// ```
/// use sliding::{Board, BoardSpec, Goal, GoalKind, Limits, Verdict, Planner};
/// use sliding::planner::MemoryTables;
///
/// let tables = MemoryTables::default();
/// let planner = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables);
/// // Tiles 1 and 2 swapped with the blank at home: an odd permutation, so no path exists.
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![2, 1, 3, 0] })?;
/// assert_eq!(planner.solve(&board, &Limits::NONE)?.verdict(), &Verdict::Unsolvable);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A sequence of blank moves to the goal: optimal from the optimal search, at most the
    /// weight times the optimum from the weighted one, short but not optimal from the
    /// constructive solver.
    Solved(Path),
    /// The goal cannot be reached (decided by parity, without search).
    Unsolvable,
    /// A limit stopped the search before it could decide.
    GaveUp,
}

/// The moves of a solution: in memory, or those of a fast answer on a big board, which may
/// have billions and are read back compressed or made again, checked, when they are read.
///
/// ```
/// use puzzle_core::Direction;
/// use sliding::Path;
///
/// let path = Path::Moves(vec![Direction::North, Direction::West]);
/// assert_eq!(path.n_moves(), 2);
/// assert_eq!(path.as_moves(), Some(&[Direction::North, Direction::West][..]));
/// let mut letters = Vec::new();
/// let streamed = path.stream_letters(&mut |chunk: &[u8]| {
///     letters.extend_from_slice(chunk);
///     Ok::<(), std::convert::Infallible>(())
/// });
/// assert!(streamed.is_ok());
/// assert_eq!(letters, b"UL");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Path {
    /// The moves in memory.
    Moves(Vec<Direction>),
    /// A fast answer's moves, read by [`FastPath::stream`].
    Fast(FastPath),
}

/// How an answer was found.
///
/// ```
/// use sliding::{Board, BoardSpec, Goal, GoalKind, Limits, Method, Planner};
/// use sliding::planner::MemoryTables;
///
/// let tables = MemoryTables::default();
/// let planner = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables);
/// // A board that is already the goal needs no search.
/// let board = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![1, 2, 3, 0] })?;
/// assert_eq!(planner.solve(&board, &Limits::NONE)?.method(), Method::Parity);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Decided without search: parity said unsolvable, or the board is the goal.
    Parity,
    /// Read from the complete 3×3 distance table.
    Table,
    /// IDA\* with this heuristic.
    Search(HeuristicKind),
    /// Weighted IDA\* with this heuristic and weight: at most the weight times the optimum.
    Weighted(HeuristicKind, Weight),
    /// A\* with the Manhattan distance over whole boards (a second opinion for tests).
    AStar,
    /// The constructive solver.
    Fast,
}

/// Letters handed over at a time by [`Path::stream_letters`] for moves in memory.
const LETTERS: usize = 1 << 15;

impl Path {
    /// The number of moves.
    pub fn n_moves(&self) -> u64 {
        match self {
            Path::Moves(moves) => moves.len() as u64,
            Path::Fast(path) => path.n_moves(),
        }
    }

    /// The moves when they are in memory; `None` for a fast answer's.
    #[cfg(any(test, feature = "test-support"))]
    pub fn as_moves(&self) -> Option<&[Direction]> {
        match self {
            Path::Moves(moves) => Some(moves),
            Path::Fast(_) => None,
        }
    }

    /// Hands the moves to `sink` in order, in chunks (see [`FastPath::stream`] for a fast
    /// answer's, which are checked again as they are read).
    pub fn stream<E>(&self, sink: &mut dyn FnMut(&[Direction]) -> Result<(), E>) -> Result<(), StreamError<E>> {
        match self {
            Path::Moves(moves) => moves.chunks(LETTERS).try_for_each(|chunk| sink(chunk).map_err(StreamError::Sink)),
            Path::Fast(path) => path.stream(sink),
        }
    }

    /// [`Path::stream`] with the sink's error as it is, and a fast answer's moves that went
    /// wrong as they were made again as `wrong(the board they reached)`.
    pub(crate) fn stream_or<E>(
        &self,
        sink: &mut dyn FnMut(&[Direction]) -> Result<(), E>,
        wrong: impl FnOnce(String) -> E,
    ) -> Result<(), E> {
        self.stream(sink).map_err(|error| match error {
            StreamError::Sink(error) => error,
            StreamError::Wrong(end) => wrong(end),
        })
    }

    /// [`Path::stream`] with the moves as the letters `U`, `D`, `L`, `R` (as
    /// [`path_letters`](crate::path_letters)).
    pub fn stream_letters<E>(&self, sink: &mut dyn FnMut(&[u8]) -> Result<(), E>) -> Result<(), StreamError<E>> {
        match self {
            Path::Moves(moves) => {
                let mut letters: Vec<u8> = Vec::with_capacity(LETTERS.min(moves.len()));
                moves.chunks(LETTERS).try_for_each(|chunk| {
                    letters.clear();
                    crate::push_path_letters(chunk, &mut letters);
                    sink(&letters).map_err(StreamError::Sink)
                })
            }
            Path::Fast(path) => path.stream_letters(sink),
        }
    }

    /// The first `limit` moves (all of them when there are fewer), read no further: what a
    /// picture or a page shows of a path that may be too long to hold. `Err` says why a fast
    /// answer's moves read again are wrong (a bug).
    pub fn first_moves(&self, limit: usize) -> Result<Vec<Direction>, String> {
        let mut first: Vec<Direction> = Vec::new();
        let read = self.stream(&mut |moves| {
            let room = limit - first.len();
            first.extend_from_slice(&moves[..moves.len().min(room)]);
            if first.len() == limit {
                return Err(Enough);
            }
            Ok(())
        });
        match read {
            Ok(()) | Err(StreamError::Sink(Enough)) => Ok(first),
            Err(StreamError::Wrong(message)) => Err(StreamError::<Enough>::Wrong(message).to_string()),
        }
    }
}

impl From<Vec<Direction>> for Path {
    fn from(moves: Vec<Direction>) -> Path {
        Path::Moves(moves)
    }
}

/// [`Path::first_moves`] has read enough.
#[derive(Debug)]
struct Enough;

impl std::fmt::Display for Enough {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "enough moves read")
    }
}

impl Answer {
    /// The answer of `outcome` after `nodes` search nodes, found by `method`, with `lower_bound`
    /// proven on the fewest moves (kept only when the board is solvable). Whether it is optimal
    /// is derived here, the one place: a path exactly as long as the bound is; "unsolvable" is;
    /// an answer that gave up is not.
    ///
    /// ```
    /// use puzzle_core::Direction::{East, North};
    /// use sliding::{Answer, Method, Verdict, Path};
    ///
    /// let path = || Verdict::Solved(Path::Moves(vec![North, East]));
    /// assert!(Answer::new(path(), 0, 2, Method::Fast).optimal());
    /// assert!(!Answer::new(path(), 0, 0, Method::Fast).optimal());
    /// assert_eq!(Answer::new(Verdict::Unsolvable, 0, 5, Method::Parity).lower_bound(), None);
    /// ```
    pub fn new(outcome: Verdict, nodes: u64, lower_bound: u64, method: Method) -> Answer {
        let (lower_bound, optimal) = match &outcome {
            Verdict::Solved(path) => (Some(lower_bound), path.n_moves() == lower_bound),
            Verdict::Unsolvable => (None, true),
            Verdict::GaveUp => (Some(lower_bound), false),
        };
        Answer { outcome, nodes, lower_bound, optimal, method }
    }

    /// The answer for a board that is its own goal: no moves, decided without search.
    pub(crate) fn at_goal() -> Answer {
        Answer::new(Verdict::Solved(Path::Moves(Vec::new())), 0, 0, Method::Parity)
    }

    /// The answer for a board parity rules out.
    pub(crate) fn unsolvable(method: Method) -> Answer {
        Answer::new(Verdict::Unsolvable, 0, 0, method)
    }

    /// This answer with its lower bound raised to at least `bound` (and optimality derived again).
    pub(crate) fn with_bound_at_least(self, bound: u64) -> Answer {
        let raised = self.lower_bound.map_or(bound, |known| known.max(bound));
        Answer::new(self.outcome, self.nodes, raised, self.method)
    }

    /// What was found: a path, unsolvable, or gave up.
    pub fn verdict(&self) -> &Verdict {
        &self.outcome
    }

    /// What was found, taken out of the answer.
    #[cfg(any(test, feature = "test-support"))]
    pub fn into_verdict(self) -> Verdict {
        self.outcome
    }

    /// Search nodes visited (0 for table lookups, parity and the constructive solver). With
    /// several threads on one board the count can vary from run to run; the path does not.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A proven lower bound on the fewest moves: the moves themselves when the answer is
    /// optimal; `None` when the board is unsolvable.
    pub fn lower_bound(&self) -> Option<u64> {
        self.lower_bound
    }

    /// Whether the path is proven shortest (always for unsolvable boards).
    pub fn optimal(&self) -> bool {
        self.optimal
    }

    /// How the answer was found.
    pub fn method(&self) -> Method {
        self.method
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_core::Direction::*;

    fn check(path: Path, limit: usize, expected: &[Direction]) {
        assert_eq!(path.first_moves(limit).unwrap(), expected);
    }

    /// Optimal exactly when a path's moves equal its bound, whatever the method says.
    #[test]
    fn optimal_is_derived_from_the_bound() {
        let path = || Verdict::Solved(Path::Moves(vec![North, West, South]));
        for method in [Method::Parity, Method::Table, Method::AStar, Method::Fast] {
            assert!(Answer::new(path(), 7, 3, method).optimal());
            assert!(!Answer::new(path(), 7, 1, method).optimal());
            assert!(!Answer::new(Verdict::GaveUp, 7, 3, method).optimal());
            let unsolvable = Answer::new(Verdict::Unsolvable, 0, 3, method);
            assert_eq!((unsolvable.optimal(), unsolvable.lower_bound()), (true, None));
        }
        let raised = Answer::new(path(), 0, 1, Method::Fast).with_bound_at_least(3);
        assert_eq!((raised.lower_bound(), raised.optimal()), (Some(3), true));
    }

    #[test]
    fn first_moves_stop_at_the_limit() {
        let moves = vec![North, West, South, East, North];
        check(Path::Moves(moves.clone()), 2, &moves[..2]);
        check(Path::Moves(moves.clone()), 5, &moves);
        check(Path::Moves(moves.clone()), 9, &moves);
        check(Path::Moves(Vec::new()), 3, &[]);
    }

    #[test]
    fn letters_of_moves_in_memory() {
        // More than one chunk, so the chunks' order is checked too.
        let moves: Vec<Direction> = (0..LETTERS + 3).map(|i| Direction::ALL[i % 4]).collect();
        let mut text = Vec::new();
        Path::Moves(moves.clone())
            .stream_letters(&mut |letters| {
                text.extend_from_slice(letters);
                Ok::<(), ()>(())
            })
            .unwrap();
        let expected: String = moves.iter().map(|dir| dir.move_letter()).collect();
        assert_eq!(String::from_utf8(text).unwrap(), expected);
        assert_eq!(Path::Moves(moves).n_moves(), LETTERS as u64 + 3);
    }
}
