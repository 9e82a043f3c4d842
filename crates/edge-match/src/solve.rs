//! Solving marks puzzles on the colour engine ([`crate::engine`]): the first solution in the
//! specified order, the number of distinct solutions, or every solution.
//!
//! Cells are filled row-major from the top-left. At each cell the unused pieces are tried in
//! input order and each piece in rotations 0, 1, 2, 3 (only 0 when rotations are off); that
//! order fixes which solution is "first". A piece fits when its north side fits the south side
//! of the piece above and its west side the east side of the piece to the left; sides on the
//! border fit anything.
//!
//! A [`MarksEngine`] turns the puzzle into the engine's model: each mark that occurs (and its
//! complement) gets a small code, the complement of a mark becomes the code's partner
//! ([`ColourPuzzle::with_partners`]), the sides go from the marks order (north, west, south,
//! east) to the engine's (north, east, south, west), and rotations, counter-clockwise quarter
//! turns in both, carry over unchanged. The border is free. Placements come back as the marks'
//! [`Placement`]s with the same piece indices.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

use puzzle_core::{Direction, Rotation};
use search::{Limits, Stats, Status};

use crate::code::EdgeCode;
use crate::colour::{ColourPlacement, ColourPuzzle, ColourSpec};
use crate::engine::{Counts, Engine, Mode, Order, OrderedEngine};
use crate::puzzle::{Placement, Puzzle};

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

/// A marks puzzle prepared for the colour engine.
#[derive(Clone, Debug)]
pub struct MarksEngine {
    model: ColourPuzzle,
    engine: Engine,
    /// The engine of another scan order than row-major, when one was chosen
    /// ([`MarksEngine::set_order`]).
    ordered: Option<OrderedEngine>,
    node_limit: Option<u64>,
}

impl MarksEngine {
    /// Converts `puzzle` to the engine's model and prepares the engine.
    pub fn new(puzzle: &Puzzle) -> MarksEngine {
        let model = colour_model(puzzle);
        let mut engine = Engine::new(&model, &[]);
        // The placements a count reports stay those of the marks solver before the engine.
        engine.look_below(false);
        MarksEngine { model, engine, ordered: None, node_limit: None }
    }

    /// Searches in `order` from now on (row-major, the default, runs the row engine, whose
    /// placements are the old solver's; another order the ordered engine, whose counts are the
    /// same and whose tree is not). [`MarksEngine::count_distinct`] stays row-major.
    pub fn set_order(&mut self, order: Order) {
        self.ordered = (order != Order::Row).then(|| {
            let mut ordered = OrderedEngine::new(&self.model, &[], order);
            ordered.limit_nodes(self.node_limit);
            ordered
        });
    }

    /// The puzzle as the engine sees it: sides N, E, S, W as codes matching through partners.
    pub fn model(&self) -> &ColourPuzzle {
        &self.model
    }

    /// Makes every search stop once it has made `limit` placements (`None`: no limit), setting
    /// the `stop` flag it was given ([`Engine::limit_nodes`]).
    pub fn limit_nodes(&mut self, limit: Option<u64>) {
        self.node_limit = limit;
        self.engine.limit_nodes(limit);
        if let Some(ordered) = &mut self.ordered {
            ordered.limit_nodes(limit);
        }
    }

    /// The first solution in search order (row-major unless [`MarksEngine::set_order`] chose
    /// another), with the placements made to find it.
    pub fn first(&self, stop: &AtomicBool) -> (Option<Vec<Placement>>, u64) {
        let (found, nodes) = match &self.ordered {
            Some(ordered) => ordered.first(stop),
            None => self.engine.first(&self.model, stop),
        };
        (found.map(|found| placements(&found)), nodes)
    }

    /// Counts solutions and placements: [`Mode::Pictures`] counts distinct pictures (two
    /// solutions are the same when every cell shows the same four marks), [`Mode::Plain`] every
    /// complete placement. Runs on rayon's threads unless a node limit is set. The placements are
    /// those of the row-major search (look-alike candidates skipped for pictures), without the
    /// engine's look at the cell below ([`Engine::look_below`]).
    pub fn count(&self, mode: Mode, stop: &AtomicBool) -> Counts {
        match &self.ordered {
            Some(ordered) => ordered.count(&self.model, mode, stop),
            None => self.engine.count(&self.model, mode, stop),
        }
    }

    /// Counts pictures up to turns of the whole board (a half turn; quarter turns too on a
    /// square board; none when pieces may not turn): each orbit once
    /// ([`Engine::count_distinct`]; the border is free, so every turn of a solution is one).
    /// Sequential.
    pub fn count_distinct(&self, stop: &AtomicBool) -> Counts {
        self.engine.count_distinct(&self.model, stop)
    }

    /// Calls `visit` with every solution (in `mode`) in search order, on the calling thread,
    /// until it returns `false` or `stop` is set. Returns what was counted.
    pub fn for_each_solution(
        &self,
        mode: Mode,
        stop: &AtomicBool,
        mut visit: impl FnMut(&[Placement]) -> bool,
    ) -> Counts {
        let visit = |found: &[ColourPlacement]| visit(&placements(found));
        match &self.ordered {
            Some(ordered) => ordered.for_each_solution(mode, stop, visit),
            None => self.engine.for_each_solution(&self.model, mode, stop, visit),
        }
    }
}

/// The engine's model of a marks puzzle: codes numbered densely over the marks that occur and
/// their complements (in [`EdgeCode`] order), partners from [`Puzzle::matching`], sides
/// reordered from N, W, S, E to N, E, S, W, no frame.
fn colour_model(puzzle: &Puzzle) -> ColourPuzzle {
    let matching = puzzle.matching();
    let edge_codes = puzzle.edge_codes();
    let mut dense: BTreeMap<EdgeCode, u16> = BTreeMap::new();
    for &code in edge_codes.iter().flatten() {
        dense.insert(code, 0);
        dense.insert(matching.partner(code), 0);
    }
    for (next, value) in dense.values_mut().enumerate() {
        // At most Mark::N_CODES (104) codes.
        *value = next as u16;
    }
    let partner: Vec<u16> = dense.keys().map(|&code| dense[&matching.partner(code)]).collect();
    let side = |sides: &[EdgeCode; 4], dir: Direction| dense[&sides[dir.index()]];
    let pieces = edge_codes
        .iter()
        .map(|sides| {
            [
                side(sides, Direction::North),
                side(sides, Direction::East),
                side(sides, Direction::South),
                side(sides, Direction::West),
            ]
        })
        .collect();
    let spec = ColourSpec { rows: puzzle.rows(), cols: puzzle.cols(), pieces, framed: false, rotate: puzzle.rotate() };
    // A valid marks puzzle has 1 to Puzzle::MAX_PIECES = ColourPuzzle::MAX_CELLS cells, at most
    // 104 codes, and the complement pairs marks: the conversion cannot fail.
    let model = ColourPuzzle::try_from(spec).expect("a marks puzzle fits the colour model");
    model.with_partners(partner).expect("complements pair marks")
}

/// The engine's placements as the marks' ones: the same piece indices, and counter-clockwise
/// quarter turns in both models.
fn placements(found: &[ColourPlacement]) -> Vec<Placement> {
    found
        .iter()
        .map(|p| Placement { piece: p.piece, rotation: Rotation::from_quarter_turns(usize::from(p.rotation)) })
        .collect()
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
    let mut engine = MarksEngine::new(puzzle);
    engine.limit_nodes(limits.max_expanded);
    let ((found, nodes), stopped) = with_stop(limits, |stop| engine.first(stop));
    let status = match found {
        Some(placements) => Status::Found(placements),
        None if stopped => Status::GaveUp,
        None => Status::Exhausted,
    };
    FirstSolution { status, stats: Stats { expanded: 0, generated: nodes } }
}

/// Counts the distinct solutions: two solutions are the same when every cell shows the same
/// four marks, whichever pieces show them. `limits.max_expanded` limits the placements made
/// (the count then runs on one thread).
///
/// So a piece that looks the same after a turn, or two identical pieces swapped, make no new
/// solution, while the four turns of a whole square board are four solutions.
pub fn count_solutions(puzzle: &Puzzle, limits: &Limits<'_>) -> SolutionCount {
    let mut engine = MarksEngine::new(puzzle);
    engine.limit_nodes(limits.max_expanded);
    let (counts, stopped) = with_stop(limits, |stop| engine.count(Mode::Pictures, stop));
    SolutionCount {
        solutions: counts.solutions,
        complete: !stopped,
        stats: Stats { expanded: 0, generated: counts.nodes },
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
