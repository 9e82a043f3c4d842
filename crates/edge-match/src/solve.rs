//! Solving by backtracking: the first solution in the specified order, or the number of
//! distinct solutions.
//!
//! Cells are filled row-major from the top-left. At each cell the unused pieces are tried in
//! input order and each piece in rotations 0, 1, 2, 3 (only 0 when rotations are off); that
//! order fixes which solution is "first". A piece fits when its north side fits the south side
//! of the piece above and its west side the east side of the piece to the left; sides on the
//! border fit anything.

use std::collections::HashMap;
use std::ops::ControlFlow;

use puzzle_core::Direction;
use search::{backtrack, Backtrack, BacktrackEnd, Limits, Stats, Status};

use crate::code::{EdgeCode, Matching};
use crate::puzzle::{Placement, Puzzle};

/// The result of [`first_solution`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstSolution {
    /// The placements of the first solution, row-major; or [`Status::Exhausted`] when there is
    /// none, or [`Status::GaveUp`] when the limits were reached first.
    pub status: Status<Vec<Placement>>,
    /// Work done by the search.
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
    /// Work done by the search.
    pub stats: Stats,
}

/// Finds the first solution in the search order described in the [module docs](self).
pub fn first_solution(puzzle: &Puzzle, limits: &Limits<'_>) -> FirstSolution {
    let tables = Tables::new(puzzle);
    let mut search = Search::new(&tables, false);
    let mut found = None;
    let outcome = backtrack(&mut search, limits, |search, _| {
        found = Some(search.placements());
        ControlFlow::Break(())
    });
    let status = match (outcome.end, found) {
        (BacktrackEnd::Stopped, Some(placements)) => Status::Found(placements),
        (BacktrackEnd::GaveUp, _) => Status::GaveUp,
        (BacktrackEnd::Exhausted | BacktrackEnd::Stopped, _) => Status::Exhausted,
    };
    FirstSolution { status, stats: outcome.stats }
}

/// Counts the distinct solutions: two solutions are the same when every cell shows the same
/// four marks, whichever pieces show them.
///
/// So a piece that looks the same after a turn, or two identical pieces swapped, make no new
/// solution, while the four turns of a whole square board are four solutions.
pub fn count_solutions(puzzle: &Puzzle, limits: &Limits<'_>) -> SolutionCount {
    let tables = Tables::new(puzzle);
    let mut search = Search::new(&tables, true);
    let mut solutions = 0u64;
    let outcome = backtrack(&mut search, limits, |_, _| {
        solutions += 1;
        ControlFlow::Continue(())
    });
    SolutionCount { solutions, complete: outcome.end == BacktrackEnd::Exhausted, stats: outcome.stats }
}

/// A piece in one of its allowed rotations, with its sides as codes.
#[derive(Clone, Copy, Debug)]
struct Oriented {
    /// The sides after turning, indexed by [`Direction::index`].
    sides: [EdgeCode; 4],
    placement: Placement,
    /// The closest oriented piece before this one in search order that shows the same four
    /// sides, if any; following these links visits every earlier look-alike.
    earlier_twin: Option<u32>,
}

/// Everything about a puzzle the search looks up, computed once before it starts.
#[derive(Debug)]
struct Tables {
    cols: usize,
    n_cells: usize,
    n_pieces: usize,
    /// How many rotations each piece has in `oriented` (4, or 1 without rotations).
    n_rotations: usize,
    /// All allowed rotations of all pieces in search order: piece `p` in its `k`-th allowed
    /// rotation is at `p * n_rotations + k`.
    oriented: Vec<Oriented>,
    matching: Matching,
}

impl Tables {
    fn new(puzzle: &Puzzle) -> Tables {
        let rotations = puzzle.rotations();
        let mut oriented = Vec::with_capacity(puzzle.pieces().len() * rotations.len());
        let mut last_seen: HashMap<[EdgeCode; 4], u32> = HashMap::new();
        for (piece, codes) in puzzle.edge_codes().into_iter().enumerate() {
            for &rotation in rotations {
                let sides = rotation.rotate_sides(codes);
                // Oriented indices fit in u32 because a puzzle has at most MAX_PIECES pieces.
                let idx = oriented.len() as u32;
                let earlier_twin = last_seen.insert(sides, idx);
                oriented.push(Oriented { sides, placement: Placement { piece, rotation }, earlier_twin });
            }
        }
        Tables {
            cols: puzzle.cols(),
            n_cells: puzzle.shape().n_cells(),
            n_pieces: puzzle.pieces().len(),
            n_rotations: rotations.len(),
            oriented,
            matching: puzzle.matching(),
        }
    }
}

/// The partial board the backtracking search works on.
#[derive(Debug)]
struct Search<'t> {
    tables: &'t Tables,
    /// The oriented pieces placed so far, row-major; its length is the next cell to fill.
    board: Vec<u32>,
    used: Vec<bool>,
    /// Whether to list only one candidate per distinct picture at each cell (for counting).
    distinct: bool,
}

impl<'t> Search<'t> {
    fn new(tables: &'t Tables, distinct: bool) -> Search<'t> {
        Search { tables, board: Vec::with_capacity(tables.n_cells), used: vec![false; tables.n_pieces], distinct }
    }

    fn placements(&self) -> Vec<Placement> {
        self.board.iter().map(|&o| self.tables.oriented[o as usize].placement).collect()
    }

    /// The code that side `dir` of the next cell must show, or `None` when anything goes there
    /// (the border, or a cell not filled yet).
    fn wanted(&self, dir: Direction) -> Option<EdgeCode> {
        let cell = self.board.len();
        let cols = self.tables.cols;
        let neighbour = match dir {
            Direction::North => cell.checked_sub(cols)?,
            Direction::West if cell % cols > 0 => cell - 1,
            Direction::West | Direction::South | Direction::East => return None,
        };
        let touching = self.tables.oriented[self.board[neighbour] as usize].sides[dir.opposite().index()];
        Some(self.tables.matching.partner(touching))
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
fn allows(wanted: Option<EdgeCode>, code: EdgeCode) -> bool {
    wanted.is_none() || wanted == Some(code)
}

impl Backtrack for Search<'_> {
    type Choice = u32;

    fn choices(&mut self, out: &mut Vec<u32>) {
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

    fn apply(&mut self, choice: u32) {
        self.used[self.tables.oriented[choice as usize].placement.piece] = true;
        self.board.push(choice);
    }

    fn undo(&mut self, choice: u32) {
        self.board.pop();
        self.used[self.tables.oriented[choice as usize].placement.piece] = false;
    }

    fn is_complete(&self) -> bool {
        self.board.len() == self.tables.n_cells
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use proptest::collection::vec;
    use proptest::prelude::*;
    use puzzle_core::Rotation;

    use super::*;
    use crate::check::check_solution;
    use crate::mark::{Half, Mark};
    use crate::parse::{parse_puzzle, ParseOptions};
    use crate::puzzle::{Piece, PuzzleSpec};

    const EXAMPLE_1: &str = "A* B* B/ C*\nB/ A* C/ C*\nC* A/ B/ B*\nA* C* B/ B*\nD+ C/ A* B/\n\
                             D+ A/ C/ D-\nD- A* A/ C/\nA* B/ C* D-\nD+ A/ A* B*\n";
    const EXAMPLE_2: &str = "B+ A* D+ C-\nB- D- C- A/\nA- D* B+ C*\nB* C/ D+ A-\nC+ D/ B/ A/\n\
                             D- A* C* B/\nC- B* D+ A/\nB- C* A+ D*\nD- A+ C+ B+\n";
    const NO_SOLUTION: &str = "A+ B+ C+ D+\nA+ B+ C+ D+\nA+ B+ C+ D+\nA+ B+ C+ D+\nA+ B+ C+ D+\n\
                               A+ B+ C+ D+\nA+ B+ C+ D+\nA+ B+ C+ D+\nA+ B+ C+ D+\n";

    /// How a puzzle is read: its size (square when `None`) and whether pieces may turn.
    type Options = (Option<(usize, usize)>, bool);
    const SQUARE: Options = (None, true);
    const NO_ROTATE: Options = (None, false);

    fn puzzle(input: &str, (size, rotate): Options) -> Puzzle {
        parse_puzzle(input, &ParseOptions { size, rotate }).unwrap()
    }

    fn show(placements: &[Placement]) -> String {
        placements.iter().map(Placement::to_string).collect::<Vec<_>>().join(" ")
    }

    /// Solves `input` and compares the first solution (as `(piece,rotation)` row-major, or
    /// `none`) and the number of distinct solutions.
    fn check(input: &str, options: Options, expected: (&str, u64)) {
        let puzzle = puzzle(input, options);
        let first = match first_solution(&puzzle, &Limits::NONE).status {
            Status::Found(placements) => {
                check_solution(&puzzle, &placements).unwrap();
                show(&placements)
            }
            Status::Exhausted => "none".to_owned(),
            Status::GaveUp => unreachable!("no limits"),
        };
        let count = count_solutions(&puzzle, &Limits::NONE);
        assert!(count.complete);
        assert_eq!((first.as_str(), count.solutions), expected, "{input}");
    }

    #[test]
    fn examples() {
        check(EXAMPLE_1, SQUARE, ("(0,2) (1,1) (7,3) (2,3) (6,2) (5,0) (4,1) (8,0) (3,3)", 4));
        check(EXAMPLE_2, SQUARE, ("(0,1) (8,1) (6,1) (4,1) (3,1) (5,1) (7,1) (2,1) (1,1)", 4));
        check(NO_SOLUTION, SQUARE, ("none", 0));
    }

    #[test]
    fn one_by_one() {
        // Every rotation of a lone piece fits; only the different-looking ones count.
        check("A+ B+ C+ D+", SQUARE, ("(0,0)", 4));
        check("A+ B/ A+ B/", SQUARE, ("(0,0)", 2));
        check("A+ A+ A+ A+", SQUARE, ("(0,0)", 1));
        check("A+ B+ C+ D+", NO_ROTATE, ("(0,0)", 1));
    }

    #[test]
    fn rectangles() {
        // C+ A* C+ A/ meets a copy of itself unturned or both half-turned; the swapped copies
        // show the same picture.
        check("C+ A* C+ A/\nC+ A* C+ A/", (Some((1, 2)), true), ("(0,0) (1,0)", 2));
        check("C+ A* C+ A/\nC+ A* C+ A/", (Some((1, 2)), false), ("(0,0) (1,0)", 1));
        // The same pair stacked: now the matching sides have to be turned to north and south.
        check("C+ A* C+ A/\nC+ A* C+ A/", (Some((2, 1)), true), ("(0,1) (1,1)", 2));
        check("C+ A* C+ A/\nC+ A* C+ A/", (Some((2, 1)), false), ("none", 0));
        // A 2x3 board where every inner edge has its own picture and the border shows Z+, which
        // fits nothing: one picture unturned, and the whole board half-turned as a second.
        let two_by_three = "F- C* Z+ D/\nZ+ B* G+ Z+\nZ+ Z+ E+ A/\nG- D* Z+ Z+\nE- Z+ Z+ C/\nZ+ A* F+ B/\n";
        check(two_by_three, (Some((2, 3)), false), ("(2,0) (5,0) (1,0) (4,0) (0,0) (3,0)", 1));
        check(two_by_three, (Some((2, 3)), true), ("(2,0) (5,0) (1,0) (4,0) (0,0) (3,0)", 2));
        // Read as 3x2, both pictures come back turned a quarter: rotation is allowed on any
        // board, and the answers of a 2x3 board turned onto its side solve the 3x2 one.
        check(two_by_three, (Some((3, 2)), true), ("(1,1) (3,1) (5,1) (0,1) (2,1) (4,1)", 2));
        check(two_by_three, (Some((3, 2)), false), ("none", 0));
    }

    /// Example 2 with every piece already turned once: without rotations it is solved by the
    /// same pieces unturned, and it has exactly one solution.
    #[test]
    fn no_rotate_uses_pieces_as_given() {
        let turned: String = puzzle(EXAMPLE_2, SQUARE)
            .pieces()
            .iter()
            .map(|piece| format!("{}\n", piece.rotated(Rotation::R1)))
            .collect();
        check(&turned, NO_ROTATE, ("(0,0) (8,0) (6,0) (4,0) (3,0) (5,0) (7,0) (2,0) (1,0)", 1));
        // Example 2's answer turns every piece once, so turning that whole board back a
        // quarter solves it with no piece turned at all.
        check(EXAMPLE_2, NO_ROTATE, ("(7,0) (4,0) (0,0) (2,0) (3,0) (8,0) (1,0) (5,0) (6,0)", 1));
        check(EXAMPLE_1, NO_ROTATE, ("none", 0));
    }

    #[test]
    fn limits_give_up() {
        let puzzle = puzzle(EXAMPLE_1, SQUARE);
        let limits = Limits { max_expanded: Some(3), ..Limits::NONE };
        assert_eq!(first_solution(&puzzle, &limits).status, Status::GaveUp);
        assert!(!count_solutions(&puzzle, &limits).complete);
    }

    /// Every solution of `puzzle` in the specified search order, found plainly: every unused
    /// piece in every allowed rotation at each cell, keeping a partial board only while its
    /// touching sides fit (by [`Mark::fits`], not the solver's tables).
    fn brute_force(puzzle: &Puzzle) -> Vec<Vec<Placement>> {
        fn shown(piece: &Piece, turns: usize) -> [Mark; 4] {
            std::array::from_fn(|side| piece.sides[(side + 4 - turns) % 4])
        }
        fn extend(puzzle: &Puzzle, board: &mut Vec<(Placement, [Mark; 4])>, all: &mut Vec<Vec<Placement>>) {
            let cols = puzzle.cols();
            let cell = board.len();
            if cell == puzzle.pieces().len() {
                all.push(board.iter().map(|(placement, _)| *placement).collect());
                return;
            }
            let max_turns = if puzzle.rotate() { 4 } else { 1 };
            for (piece_idx, piece) in puzzle.pieces().iter().enumerate() {
                if board.iter().any(|(placement, _)| placement.piece == piece_idx) {
                    continue;
                }
                for turns in 0..max_turns {
                    let marks = shown(piece, turns);
                    let fits_west = cell % cols == 0 || board[cell - 1].1[3].fits(marks[1]);
                    let fits_north = cell < cols || board[cell - cols].1[2].fits(marks[0]);
                    if fits_west && fits_north {
                        let rotation = Rotation::from_quarter_turns(turns);
                        board.push((Placement { piece: piece_idx, rotation }, marks));
                        extend(puzzle, board, all);
                        board.pop();
                    }
                }
            }
        }
        let mut all = Vec::new();
        extend(puzzle, &mut Vec::new(), &mut all);
        all
    }

    /// The picture an answer shows: the marks of every cell.
    fn picture(puzzle: &Puzzle, placements: &[Placement]) -> Vec<[Mark; 4]> {
        placements.iter().map(|p| puzzle.pieces()[p.piece].rotated(p.rotation).sides).collect()
    }

    #[test]
    fn brute_force_agrees_on_the_examples() {
        for input in [EXAMPLE_1, EXAMPLE_2, NO_SOLUTION] {
            let puzzle = puzzle(input, SQUARE);
            let all = brute_force(&puzzle);
            let pictures: BTreeSet<_> = all.iter().map(|p| picture(&puzzle, p)).collect();
            assert_eq!(count_solutions(&puzzle, &Limits::NONE).solutions, pictures.len() as u64);
            assert_eq!(first_solution(&puzzle, &Limits::NONE).status.found(), all.first().cloned());
        }
    }

    /// How [`random_puzzle`] makes its pieces.
    #[derive(Clone, Copy, Debug)]
    enum Make {
        /// Marks at random: usually no solution.
        Random,
        /// A solved board first (each side touching a neighbour gets the complement of the
        /// neighbour's mark), then its pieces shuffled and turned: at least one solution.
        Planted,
        /// Copies of one or two random pieces, turned at random: many look-alike pieces,
        /// which is what the distinct count must cope with.
        Copies(usize),
    }

    /// Random puzzles of up to `max_cells` cells drawn from one to three picture letters; few
    /// letters make symmetric and look-alike pieces common.
    fn random_puzzle(max_cells: usize) -> impl Strategy<Value = Puzzle> {
        let shapes: Vec<(usize, usize)> =
            (1..=3).flat_map(|r| (1..=3).map(move |c| (r, c))).filter(|&(r, c)| r * c <= max_cells).collect();
        let make = prop_oneof![Just(Make::Random), Just(Make::Planted), (1..=2usize).prop_map(Make::Copies)];
        (proptest::sample::select(shapes), 1u8..=3, make, any::<bool>()).prop_flat_map(
            |((rows, cols), n_letters, make, rotate)| {
                let n = rows * cols;
                let mark = (0..n_letters, 0..4usize)
                    .prop_map(|(letter, half)| Mark::new((b'A' + letter) as char, Half::ALL[half]).unwrap());
                let order = Just((0..n).collect::<Vec<usize>>()).prop_shuffle();
                (vec(vec(mark, 4), n), order, vec(0..4usize, n)).prop_map(move |(marks, order, turns)| {
                    let mut board: Vec<[Mark; 4]> = marks.into_iter().map(|m| [m[0], m[1], m[2], m[3]]).collect();
                    match make {
                        Make::Random => {}
                        Make::Planted => {
                            for cell in 0..n {
                                if cell >= cols {
                                    board[cell][0] = board[cell - cols][2].complement();
                                }
                                if cell % cols > 0 {
                                    board[cell][1] = board[cell - 1][3].complement();
                                }
                            }
                        }
                        Make::Copies(kinds) => {
                            for cell in kinds..n {
                                board[cell] = board[cell % kinds];
                            }
                        }
                    }
                    let pieces = order
                        .iter()
                        .zip(&turns)
                        .map(|(&cell, &turn)| {
                            let turn = if rotate { turn } else { 0 };
                            Piece { sides: board[cell] }.rotated(Rotation::from_quarter_turns(turn))
                        })
                        .collect();
                    Puzzle::try_from(PuzzleSpec { rows, cols, pieces, rotate }).unwrap()
                })
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn solver_agrees_with_brute_force(puzzle in random_puzzle(6)) {
            let all = brute_force(&puzzle);
            let pictures: BTreeSet<Vec<[Mark; 4]>> = all.iter().map(|p| picture(&puzzle, p)).collect();
            let first = first_solution(&puzzle, &Limits::NONE);
            prop_assert_eq!(first.status.found(), all.first().cloned());
            let count = count_solutions(&puzzle, &Limits::NONE);
            prop_assert!(count.complete);
            prop_assert_eq!(count.solutions, pictures.len() as u64);
        }

        #[test]
        fn checker_accepts_what_the_solver_finds(puzzle in random_puzzle(9)) {
            if let Status::Found(placements) = first_solution(&puzzle, &Limits::NONE).status {
                prop_assert!(check_solution(&puzzle, &placements).is_ok(), "{}", show(&placements));
            }
        }
    }
}
