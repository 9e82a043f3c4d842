//! The old marks solver, kept as a test oracle for the engine: a plain recursive backtracking
//! search, written independently of the engines ([`crate::testing::Engine`], [`crate::testing::OrderedEngine`])
//! and of the search crate's drivers.
//!
//! Cells are filled row-major from the top-left. At each cell the unused pieces are tried in
//! input order and each piece in rotations 0, 1, 2, 3 (only 0 when rotations are off); that
//! order fixes which solution is "first". A piece fits when its north side fits the south side
//! of the piece above and its west side the east side of the piece to the left; sides on the
//! border fit anything. Sides are compared as the marks themselves ([`Puzzle::marks`]), a mark
//! fitting its complement, not as the codes the engine numbers them by. The placements counted
//! are the pieces put on the board, one for each candidate tried.

use std::collections::HashMap;
use std::ops::ControlFlow;

use puzzle_core::Direction;

use crate::answer::Answer;
use crate::mark::Mark;
use crate::model::{Placement, Puzzle};
use search::walk::Counts;

/// Finds the first solution in the search order described in the [module docs](self), and the
/// placements made up to it (all of them when there is none).
///
/// ```
/// use edge_match::testing::marks_oracle::first_solution;
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::Placement;
///
/// let options = ParseOptions { size: Some((1, 2)), rotate: false };
/// let puzzle = parse_puzzle("B+ C+ D+ A+\nE+ A- F+ G+\n", &options).unwrap();
/// let answer = first_solution(&puzzle);
/// assert_eq!(answer.board, Some(vec![Placement::new(0, 0), Placement::new(1, 0)]));
/// // Piece 0 at the first cell, then piece 1: two placements.
/// assert_eq!(answer.counts.nodes, 2);
/// ```
pub fn first_solution(puzzle: &Puzzle) -> Answer {
    let mut found = None;
    let nodes = solve(puzzle, false, |search| {
        found = Some(search.placements());
        ControlFlow::Break(())
    });
    let solutions = u64::from(found.is_some());
    Answer { board: found, counts: Counts { solutions, nodes, stopped: false } }
}

/// Counts the distinct solutions: two solutions are the same when every cell shows the same
/// four marks, whichever pieces show them.
///
/// So a piece that looks the same after a turn, or two identical pieces swapped, make no new
/// solution, while the four turns of a whole square board are four solutions.
///
/// ```
/// use edge_match::testing::marks_oracle::count_solutions;
/// use edge_match::parse::{ParseOptions, parse_puzzle};
///
/// // One piece showing A+ on every side: four turns, one picture.
/// let puzzle = parse_puzzle("A+ A+ A+ A+\n", &ParseOptions::default()).unwrap();
/// assert_eq!(count_solutions(&puzzle).counts.solutions, 1);
/// ```
pub fn count_solutions(puzzle: &Puzzle) -> Answer {
    let (solutions, nodes) = count_all(puzzle, true);
    Answer { board: None, counts: Counts { solutions, nodes, stopped: false } }
}

/// Runs the search on `puzzle`, one candidate per picture at each cell when `distinct`, handing
/// every complete board to `on_solution` until it breaks; returns the placements made.
fn solve(puzzle: &Puzzle, distinct: bool, mut on_solution: impl FnMut(&OracleSearch<'_>) -> ControlFlow<()>) -> u64 {
    let tables = OracleTables::new(puzzle);
    let mut search = OracleSearch::new(&tables, distinct);
    let mut placed = 0;
    if search.is_complete() {
        let _ = on_solution(&search);
    } else {
        let _ = visit(&mut search, &mut placed, &mut on_solution);
    }
    placed
}

/// Tries every candidate at the next cell in order, going deeper below each, and hands each
/// complete board to `on_solution`; counts each candidate put on the board in `placed`.
fn visit(
    search: &mut OracleSearch<'_>,
    placed: &mut u64,
    on_solution: &mut dyn FnMut(&OracleSearch<'_>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut candidates = Vec::new();
    search.candidates(&mut candidates);
    for candidate in candidates {
        search.apply(candidate);
        *placed += 1;
        let flow = if search.is_complete() { on_solution(search) } else { visit(search, placed, on_solution) };
        search.undo(candidate);
        flow?;
    }
    ControlFlow::Continue(())
}

/// A piece in one of its allowed rotations, with its sides as codes.
#[derive(Clone, Copy, Debug)]
struct Oriented {
    /// The sides after turning, indexed by [`Direction::index`].
    sides: [Mark; 4],
    placement: Placement,
    /// The closest oriented piece before this one in search order that shows the same four
    /// sides, if any; following these links visits every earlier look-alike.
    earlier_twin: Option<u32>,
}

/// Everything about a puzzle the search looks up, computed once before it starts.
#[derive(Debug)]
struct OracleTables {
    cols: usize,
    n_cells: usize,
    n_pieces: usize,
    /// How many rotations each piece has in `oriented` (4, or 1 without rotations).
    n_rotations: usize,
    /// All allowed rotations of all pieces in search order: piece `p` in its `k`-th allowed
    /// rotation is at `p * n_rotations + k`.
    oriented: Vec<Oriented>,
}

impl OracleTables {
    fn new(puzzle: &Puzzle) -> OracleTables {
        let rotations = puzzle.rotations();
        let mut oriented = Vec::with_capacity(puzzle.pieces().len() * rotations.len());
        let mut last_seen: HashMap<[Mark; 4], u32> = HashMap::new();
        for (piece, codes) in super::marks_nwse(puzzle).into_iter().enumerate() {
            for &rotation in rotations {
                let sides = rotation.rotate_sides(codes);
                // Oriented indices fit in u32 because a puzzle has at most MAX_PIECES pieces.
                let idx = oriented.len() as u32;
                let earlier_twin = last_seen.insert(sides, idx);
                oriented.push(Oriented { sides, placement: Placement { piece, rotation }, earlier_twin });
            }
        }
        OracleTables {
            cols: puzzle.cols(),
            n_cells: puzzle.rows() * puzzle.cols(),
            n_pieces: puzzle.pieces().len(),
            n_rotations: rotations.len(),
            oriented,
        }
    }
}

/// The partial board the backtracking search works on.
#[derive(Debug)]
struct OracleSearch<'t> {
    tables: &'t OracleTables,
    /// The oriented pieces placed so far, row-major; its length is the next cell to fill.
    board: Vec<u32>,
    used: Vec<bool>,
    /// Whether to list only one candidate per distinct picture at each cell (for counting).
    distinct: bool,
}

impl<'t> OracleSearch<'t> {
    fn new(tables: &'t OracleTables, distinct: bool) -> OracleSearch<'t> {
        OracleSearch { tables, board: Vec::with_capacity(tables.n_cells), used: vec![false; tables.n_pieces], distinct }
    }

    fn placements(&self) -> Vec<Placement> {
        self.board.iter().map(|&o| self.tables.oriented[o as usize].placement).collect()
    }

    /// The mark that side `dir` of the next cell must show, or `None` when anything goes there
    /// (the border, or a cell not filled yet).
    fn wanted(&self, dir: Direction) -> Option<Mark> {
        let cell = self.board.len();
        let cols = self.tables.cols;
        let neighbour = match dir {
            Direction::North => cell.checked_sub(cols)?,
            Direction::West if cell % cols > 0 => cell - 1,
            Direction::West | Direction::South | Direction::East => return None,
        };
        let touching = self.tables.oriented[self.board[neighbour] as usize].sides[dir.opposite().index()];
        Some(touching.complement())
    }

    /// Whether a candidate showing the same four sides as oriented piece `o` has already been
    /// listed for this cell.
    ///
    /// Listing only the first of such look-alikes counts every picture exactly once. Two
    /// candidates `(p, r)` and `(q, s)` that show the same sides here leave the same pieces for
    /// the rest of the board up to rotation: either `p == q`, or `q` is `p` turned (without
    /// rotations, `q` equals `p`), and swapping a piece for a turned copy changes no picture the
    /// remaining pieces can form. So both subtrees produce the same set of pictures, and
    /// exploring one of them loses nothing; candidates showing different sides here produce
    /// disjoint sets, and by induction each subtree counts each of its pictures once. The
    /// look-alike was listed exactly when its piece is unused: it fits wherever `o` fits, and
    /// only allowed rotations are in the tables.
    fn twin_listed(&self, o: &Oriented) -> bool {
        let mut twin = o.earlier_twin;
        while let Some(t) = twin {
            let earlier = &self.tables.oriented[t as usize];
            if !self.used[earlier.placement.piece] {
                return true;
            }
            twin = earlier.earlier_twin;
        }
        false
    }
}

/// Whether a side showing `code` meets what is `wanted` there.
fn allows(wanted: Option<Mark>, code: Mark) -> bool {
    wanted.is_none() || wanted == Some(code)
}

impl OracleSearch<'_> {
    /// The oriented pieces that fit the next cell, in search order.
    fn candidates(&self, out: &mut Vec<u32>) {
        let north = self.wanted(Direction::North);
        let west = self.wanted(Direction::West);
        let n_rotations = self.tables.n_rotations;
        for piece in (0..self.tables.n_pieces).filter(|&piece| !self.used[piece]) {
            let first = piece * n_rotations;
            for (idx, o) in self.tables.oriented[first..first + n_rotations].iter().enumerate() {
                let fits =
                    allows(north, o.sides[Direction::North.index()]) && allows(west, o.sides[Direction::West.index()]);
                if fits && !(self.distinct && self.twin_listed(o)) {
                    out.push((first + idx) as u32);
                }
            }
        }
    }

    fn apply(&mut self, candidate: u32) {
        self.used[self.tables.oriented[candidate as usize].placement.piece] = true;
        self.board.push(candidate);
    }

    fn undo(&mut self, candidate: u32) {
        self.board.pop();
        self.used[self.tables.oriented[candidate as usize].placement.piece] = false;
    }

    fn is_complete(&self) -> bool {
        self.board.len() == self.tables.n_cells
    }
}

/// Every solution in search order: every complete placement when `distinct` is `false`, else
/// one per picture (the solutions [`count_solutions`] counts); and the placements made.
///
/// ```
/// use edge_match::testing::marks_oracle::all_solutions;
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::Placement;
///
/// let puzzle = parse_puzzle("A+ A+ A+ A+\n", &ParseOptions::default()).unwrap();
/// let every: Vec<Vec<Placement>> = (0..4).map(|turns| vec![Placement::new(0, turns)]).collect();
/// assert_eq!(all_solutions(&puzzle, false).0, every);
/// assert_eq!(all_solutions(&puzzle, true).0.len(), 1);
/// ```
pub fn all_solutions(puzzle: &Puzzle, distinct: bool) -> (Vec<Vec<Placement>>, u64) {
    let mut all = Vec::new();
    let nodes = solve(puzzle, distinct, |search| {
        all.push(search.placements());
        ControlFlow::Continue(())
    });
    (all, nodes)
}

/// How many solutions [`all_solutions`] lists, and the placements it makes, without keeping
/// them: for puzzles with too many solutions to hold.
///
/// ```
/// use edge_match::testing::marks_oracle::count_all;
/// use edge_match::parse::{ParseOptions, parse_puzzle};
///
/// let puzzle = parse_puzzle("A+ A+ A+ A+\n", &ParseOptions::default()).unwrap();
/// assert_eq!(count_all(&puzzle, false).0, 4);
/// assert_eq!(count_all(&puzzle, true).0, 1);
/// ```
pub fn count_all(puzzle: &Puzzle, distinct: bool) -> (u64, u64) {
    let mut solutions = 0;
    let nodes = solve(puzzle, distinct, |_| {
        solutions += 1;
        ControlFlow::Continue(())
    });
    (solutions, nodes)
}
