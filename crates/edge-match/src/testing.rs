//! Test support (the `test-support` feature, and this crate's own unit tests): seeded random
//! puzzles, written once for every test that needs them, and a plain brute force to check
//! answers against.
//!
//! The generators cut a board from a random picture, so every puzzle they make has a solution;
//! few colours or letters make many solutions and repeated pieces. A seed gives the same puzzle
//! on every run and machine ([`SplitMix64`] is the workspace's own generator, not a crate's whose
//! streams may change).
//!
//! The brute force ([`brute_colour`], [`brute_marks`]) shares nothing with the engines: it fills
//! the cells row-major from the top-left, trying every unused piece in input order and every
//! allowed turn, and checks every touching side and the frame by their definitions in
//! docs/formats.md.
//!
//! The engines themselves ([`Engine`], [`OrderedEngine`], their one trait [`Search`]) and the
//! estimator are here too: a program reaches them only through a [`crate::Plan`], while the
//! tests compare them with each other and with the brute force directly.
//!
//! [`marks_oracle`] is the old marks solver (a plain recursive backtracking search), which the
//! marks path of the engine is tested against.

pub mod marks_oracle;

use std::collections::BTreeSet;
use std::ops::Range;

use crate::mark::Mark;
use crate::model::{Placement, Puzzle, PuzzleSpec};

pub use puzzle_core::SplitMix64;

pub use crate::engine::{estimate_nodes, solution_walks, table_builds, Engine, OrderedEngine, Search};

/// Every board shape the brute-force comparisons try: one cell, one row and one column up to 5,
/// and small rectangles up to 12 cells.
///
/// ```
/// use edge_match::testing::SMALL_SHAPES;
///
/// assert!(SMALL_SHAPES.iter().all(|&(rows, cols)| rows * cols <= 12));
/// assert!(SMALL_SHAPES.contains(&(1, 1)) && SMALL_SHAPES.contains(&(5, 1)));
/// ```
pub const SMALL_SHAPES: &[(usize, usize)] = &[
    (1, 1),
    (1, 2),
    (1, 3),
    (1, 4),
    (1, 5),
    (2, 1),
    (3, 1),
    (4, 1),
    (5, 1),
    (2, 2),
    (2, 3),
    (3, 2),
    (3, 3),
    (2, 4),
    (4, 2),
    (3, 4),
    (4, 3),
];

/// Runs `check(round, rows, cols, rng)` on each of `shapes` in each round of `rounds`, drawing
/// from one generator seeded with `seed`; returns how many checks ran (`check` returns `false`
/// where it checked nothing, as where the brute force gave up). The seeded rounds of the
/// randomised comparisons.
///
/// ```
/// use edge_match::testing::{brute_colour, random_many_colour_puzzle, rounds_of_shapes};
///
/// let checked = rounds_of_shapes(7, 0..2, &[(1, 2), (2, 2)], |_round, rows, cols, rng| {
///     let (_, puzzle) = random_many_colour_puzzle(rows, cols, rng);
///     !brute_colour(&puzzle, &[], 1_000).gave_up
/// });
/// assert_eq!(checked, 4);
/// ```
pub fn rounds_of_shapes(
    seed: u64,
    rounds: Range<usize>,
    shapes: &[(usize, usize)],
    mut check: impl FnMut(usize, usize, usize, &mut SplitMix64) -> bool,
) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut checked = 0;
    for round in rounds {
        for &(rows, cols) in shapes {
            checked += usize::from(check(round, rows, cols, &mut rng));
        }
    }
    checked
}

/// One case of [`clued_rounds`]: where it was drawn, the random clued puzzle
/// ([`random_clued_case`]) and what the brute force found on it.
#[derive(Clone, Debug)]
pub struct CluedCase {
    /// The round it was drawn in.
    pub round: usize,
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its clues: empty, or one entry per cell.
    pub clues: Vec<Option<Placement>>,
    /// [`brute_colour`] on the puzzle and its clues; it did not give up.
    pub expected: Brute<u16>,
}

/// [`rounds_of_shapes`] over random clued puzzles: in each round and shape, draws a
/// [`random_clued_case`], brute-forces it with at most `limit` placements and, where the brute
/// force finished, runs `check` on it with the same generator; returns how many checks ran
/// (`check` returns `false` where it checked nothing).
///
/// ```
/// use edge_match::testing::clued_rounds;
///
/// let checked = clued_rounds(7, 0..2, &[(1, 2), (2, 2)], 100_000, |case, _rng| {
///     assert_eq!(case.puzzle.pieces().len(), case.rows * case.cols);
///     assert!(!case.expected.gave_up);
///     true
/// });
/// assert_eq!(checked, 4);
/// ```
pub fn clued_rounds(
    seed: u64,
    rounds: Range<usize>,
    shapes: &[(usize, usize)],
    limit: u64,
    mut check: impl FnMut(CluedCase, &mut SplitMix64) -> bool,
) -> usize {
    rounds_of_shapes(seed, rounds, shapes, |round, rows, cols, rng| {
        let (puzzle, clues) = random_clued_case(rows, cols, rng, limit);
        let expected = brute_colour(&puzzle, &clues, limit);
        !expected.gave_up && check(CluedCase { round, rows, cols, puzzle, clues, expected }, rng)
    })
}

/// A random colour puzzle of `rows`×`cols` for boards of more than 16 cells: 3 to 8 colours,
/// which keep the brute force small, framed or not, turning or not, every piece from the
/// picture. Returns the shape drawn, for messages.
///
/// ```
/// use edge_match::testing::{random_many_colour_puzzle, SplitMix64};
///
/// let (shape, puzzle) = random_many_colour_puzzle(5, 4, &mut SplitMix64::new(1));
/// assert_eq!((shape.rows, shape.cols, puzzle.pieces().len()), (5, 4, 20));
/// assert!((3..=8).contains(&shape.colours), "{shape:?}");
/// ```
pub fn random_many_colour_puzzle(rows: usize, cols: usize, rng: &mut SplitMix64) -> (ColourShape, Puzzle) {
    let shape = ColourShape::drawn(rows, cols, 3, 6, rng);
    let puzzle = Puzzle::try_from(random_colour_spec(shape, rng)).expect("a generated puzzle is valid");
    (shape, puzzle)
}

/// What [`random_colour_spec`] makes.
///
/// ```
/// use edge_match::testing::{brute_colour, random_colour_spec, ColourShape, SplitMix64};
/// use edge_match::check::check_solution;
/// use edge_match::{Placement, Puzzle};
///
/// let shape = ColourShape { rows: 2, cols: 3, colours: 2, framed: true, rotate: true, noise: 0 };
/// let puzzle = Puzzle::try_from(random_colour_spec(shape, &mut SplitMix64::new(5))).unwrap();
/// // Cut from a picture without noise: the brute force finds a board the checker accepts.
/// let brute = brute_colour(&puzzle, &[], u64::MAX);
/// let board: Vec<Placement> = brute.first().unwrap().iter().map(|&(piece, turns)| Placement::new(piece, turns)).collect();
/// assert!(check_solution(&puzzle, &board).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColourShape {
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// Inner colours, `1..=colours` (0 is the frame).
    pub colours: u16,
    /// Whether the outside shows the frame colour 0 (else the border shows random colours).
    pub framed: bool,
    /// Whether pieces may turn (and are then turned at random).
    pub rotate: bool,
    /// Inner sides recoloured at random after the picture is cut, so that the puzzle usually
    /// has no perfect board (0: a solvable puzzle).
    pub noise: usize,
}

impl ColourShape {
    /// A shape of `rows`×`cols` drawn from `rng`, in this order: `fewest` to `fewest + more - 1`
    /// colours, framed half the time, turning two times in three; without noise.
    fn drawn(rows: usize, cols: usize, fewest: u16, more: usize, rng: &mut SplitMix64) -> ColourShape {
        ColourShape {
            rows,
            cols,
            colours: fewest + rng.below(more) as u16,
            framed: rng.below(2) == 0,
            rotate: rng.below(3) != 0,
            noise: 0,
        }
    }
}

/// A colour puzzle cut from a random picture drawn from `rng`: the picture's edge colours
/// (horizontal edges row by row, then vertical ones), `noise` recoloured inner sides, each
/// piece turned at random when pieces turn, then the pieces shuffled.
///
/// ```
/// use edge_match::testing::{random_colour_spec, ColourShape, SplitMix64};
///
/// let shape = ColourShape { rows: 3, cols: 2, colours: 4, framed: false, rotate: false, noise: 1 };
/// let spec = random_colour_spec(shape, &mut SplitMix64::new(9));
/// assert_eq!((spec.rows, spec.cols, spec.pieces.len()), (3, 2, 6));
/// assert!(spec.pieces.iter().flatten().all(|&colour| (1..=4).contains(&colour)));
/// // The same seed draws the same puzzle.
/// assert_eq!(random_colour_spec(shape, &mut SplitMix64::new(9)), spec);
/// ```
pub fn random_colour_spec(shape: ColourShape, rng: &mut SplitMix64) -> PuzzleSpec {
    let ColourShape { rows, cols, colours, framed, rotate, noise } = shape;
    let mut colour = |border: bool| if framed && border { 0 } else { 1 + (rng.next_u64() % u64::from(colours)) as u16 };
    // Horizontal edges: (rows + 1) x cols; vertical edges: rows x (cols + 1).
    let horizontal: Vec<u16> = (0..(rows + 1) * cols).map(|i| colour(i < cols || i >= rows * cols)).collect();
    let vertical: Vec<u16> =
        (0..rows * (cols + 1)).map(|i| colour(i % (cols + 1) == 0 || i % (cols + 1) == cols)).collect();
    let mut pieces = pieces_of_picture(rows, cols, &horizontal, &vertical);
    for _ in 0..noise {
        let piece = rng.below(pieces.len());
        let side = rng.below(4);
        if pieces[piece][side] != 0 || !framed {
            pieces[piece][side] = 1 + (rng.next_u64() % u64::from(colours)) as u16;
        }
    }
    for sides in &mut pieces {
        let turn = if rotate { rng.below(4) } else { 0 };
        *sides = [sides[turn], sides[(turn + 1) % 4], sides[(turn + 2) % 4], sides[(turn + 3) % 4]];
    }
    for i in (1..pieces.len()).rev() {
        pieces.swap(i, rng.below(i + 1));
    }
    PuzzleSpec { rows, cols, pieces, framed, rotate }
}

/// The pieces (north, east, south, west, cell by cell row-major) cut from a picture of `rows` x
/// `cols` cells given by its edge colours: `horizontal` the (rows + 1) x cols edges row by row
/// from the top, `vertical` the rows x (cols + 1) edges row by row from the left.
///
/// ```
/// use edge_match::testing::pieces_of_picture;
///
/// // One row of two cells: the edge between them is vertical edge 1.
/// let pieces = pieces_of_picture(1, 2, &[1, 2, 3, 4], &[5, 6, 7]);
/// assert_eq!(pieces, [[1, 6, 3, 5], [2, 7, 4, 6]]);
/// ```
pub fn pieces_of_picture<C: Copy>(rows: usize, cols: usize, horizontal: &[C], vertical: &[C]) -> Vec<[C; 4]> {
    (0..rows * cols)
        .map(|cell| {
            let (r, c) = (cell / cols, cell % cols);
            [
                horizontal[r * cols + c],
                vertical[r * (cols + 1) + c + 1],
                horizontal[(r + 1) * cols + c],
                vertical[r * (cols + 1) + c],
            ]
        })
        .collect()
}

/// [`random_colour_spec`] without noise, seeded with `seed`, validated.
///
/// ```
/// use edge_match::testing::{brute_colour, random_colour_puzzle};
///
/// let puzzle = random_colour_puzzle(2, 2, 3, true, true, 7);
/// assert!(puzzle.framed() && puzzle.rotate());
/// // Cut from a picture, it has a solution.
/// assert!(brute_colour(&puzzle, &[], u64::MAX).solutions > 0);
/// ```
pub fn random_colour_puzzle(rows: usize, cols: usize, colours: u16, framed: bool, rotate: bool, seed: u64) -> Puzzle {
    let shape = ColourShape { rows, cols, colours, framed, rotate, noise: 0 };
    Puzzle::try_from(random_colour_spec(shape, &mut SplitMix64::new(seed))).expect("a generated puzzle is valid")
}

/// A random colour puzzle of `rows` x `cols` (random colours, frame, turns and noise; a free
/// border sometimes with colour 0 as an ordinary colour) and up to two clues: usually cells of a
/// solution the brute force found within `limit` placements (so that the clues leave
/// solutions), sometimes a random piece and turn.
///
/// ```
/// use edge_match::testing::{random_clued_case, SplitMix64};
///
/// let (puzzle, clues) = random_clued_case(2, 3, &mut SplitMix64::new(4), 10_000);
/// assert_eq!(puzzle.pieces().len(), 6);
/// assert!(clues.is_empty() || clues.len() == 6);
/// assert!(clues.iter().flatten().count() <= 2);
/// ```
pub fn random_clued_case(
    rows: usize,
    cols: usize,
    rng: &mut SplitMix64,
    limit: u64,
) -> (Puzzle, Vec<Option<Placement>>) {
    let mut shape = ColourShape::drawn(rows, cols, 1, 4, rng);
    shape.noise = usize::from(rng.below(4) == 0);
    let mut spec = random_colour_spec(shape, rng);
    if !spec.framed && rng.below(2) == 0 {
        // Colour 0 as an ordinary colour of a free border (`--no-frame`).
        spec.pieces.iter_mut().flatten().for_each(|colour| *colour -= 1);
    }
    let puzzle = Puzzle::try_from(spec).expect("a generated puzzle is valid");
    let cells = rows * cols;
    let mut clues = Vec::new();
    let wanted = [0, 0, 1, 2][rng.below(4)];
    if wanted > 0 {
        clues = vec![None; cells];
        let unclued = brute_colour(&puzzle, &[], limit);
        let board = (!unclued.boards.is_empty()).then(|| unclued.boards[rng.below(unclued.boards.len())].clone());
        for _ in 0..wanted {
            let cell = rng.below(cells);
            let (piece, rotation) = match &board {
                Some(board) if rng.below(4) != 0 => board[cell],
                _ => (rng.below(cells), if puzzle.rotate() { rng.below(4) as u8 } else { 0 }),
            };
            if clues.iter().flatten().all(|c: &Placement| c.piece != piece) {
                clues[cell] = Some(Placement::new(piece, rotation));
            }
        }
    }
    (puzzle, clues)
}

/// The `.puz` text of a puzzle: `cols rows`, then one `north east south west` line per piece.
///
/// ```
/// use edge_match::testing::{puz_text, random_colour_puzzle};
/// use edge_match::parse::{PuzOptions, parse_puz};
///
/// let puzzle = random_colour_puzzle(2, 3, 4, true, false, 11);
/// let options = PuzOptions { frame: Some(true), rotate: false };
/// assert_eq!(parse_puz(&puz_text(&puzzle), &options).unwrap(), puzzle);
/// ```
pub fn puz_text(puzzle: &Puzzle) -> String {
    let mut text = format!("{} {}\n", puzzle.cols(), puzzle.rows());
    for [n, e, s, w] in puzzle.pieces() {
        text.push_str(&format!("{n} {e} {s} {w}\n"));
    }
    text
}

/// A marks puzzle (the marks format's text) cut from a random picture: each inner edge a random
/// letter among the first `letters` with a random half on one side and its complement on the
/// other, each border side a random mark; pieces turned at random when `rotate`, then shuffled.
///
/// ```
/// use edge_match::testing::{brute_marks, random_marks_text, SplitMix64};
/// use edge_match::parse::{ParseOptions, parse_puzzle};
///
/// let text = random_marks_text(2, 2, 3, true, &mut SplitMix64::new(2));
/// let puzzle = parse_puzzle(&text, &ParseOptions::default()).unwrap();
/// // Cut from a picture, it has a solution.
/// assert!(brute_marks(&puzzle, u64::MAX).solutions > 0);
/// ```
pub fn random_marks_text(rows: usize, cols: usize, letters: u8, rotate: bool, rng: &mut SplitMix64) -> String {
    const HALVES: [char; 4] = ['+', '-', '/', '*'];
    let complement = |half: usize| half ^ 1;
    // Draws by modulo rather than `SplitMix64::below`, so that the benchmark puzzle
    // `fixtures/data/marks_6x6_seed5.txt` stays the one drawn before the generators were merged.
    let below = |rng: &mut SplitMix64, n: usize| (rng.next_u64() % n as u64) as usize;
    let mark = |rng: &mut SplitMix64| ((b'A' + below(rng, usize::from(letters)) as u8) as char, below(rng, 4));
    // Per cell, marks in north west south east order, as (letter, half index).
    let mut cells = vec![[('A', 0usize); 4]; rows * cols];
    for cell in 0..rows * cols {
        let (r, c) = (cell / cols, cell % cols);
        // North and west: the complement of the neighbour's south and east, or a random mark.
        cells[cell][0] = if r > 0 {
            let (letter, half) = cells[cell - cols][2];
            (letter, complement(half))
        } else {
            mark(rng)
        };
        cells[cell][1] = if c > 0 {
            let (letter, half) = cells[cell - 1][3];
            (letter, complement(half))
        } else {
            mark(rng)
        };
        cells[cell][2] = mark(rng);
        cells[cell][3] = mark(rng);
    }
    for sides in &mut cells {
        let turn = if rotate { below(rng, 4) } else { 0 };
        // Turned by `turn`: the mark on side d comes from side d - turn.
        *sides = [0, 1, 2, 3].map(|d| sides[(d + 4 - turn) % 4]);
    }
    for i in (1..cells.len()).rev() {
        cells.swap(i, below(rng, i + 1));
    }
    let mut text = String::new();
    for sides in cells {
        let marks: Vec<String> = sides.iter().map(|&(letter, half)| format!("{letter}{}", HALVES[half])).collect();
        text.push_str(&marks.join(" "));
        text.push('\n');
    }
    text
}

/// What [`brute_colour`] or [`brute_marks`] found.
///
/// ```
/// use edge_match::testing::brute_colour;
/// use edge_match::parse::{PuzOptions, parse_puz};
///
/// // A framed 2x1 board: piece 0 unturned then piece 1, or the whole board turned half-way,
/// // piece 1 then piece 0 both turned twice; four placements fit on the way, and the two
/// // boards show one picture.
/// let puzzle = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// let brute = brute_colour(&puzzle, &[], u64::MAX);
/// assert_eq!(brute.boards, [[(0, 0), (1, 0)], [(1, 2), (0, 2)]]);
/// assert_eq!((brute.solutions, brute.placements, brute.pictures.len()), (2, 4, 1));
/// assert!(!brute.gave_up);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Brute<S> {
    /// Placements made (each piece placed in a turn that fits, the one completing a board
    /// included): the plain search's node count.
    pub placements: u64,
    /// Complete boards: the plain search's solutions.
    pub solutions: u64,
    /// The distinct pictures (the sides every cell shows, row-major).
    pub pictures: BTreeSet<Vec<[S; 4]>>,
    /// Every complete board in search order, as (piece, quarter turns) per cell.
    pub boards: Vec<Vec<(usize, u8)>>,
    /// For each board of `boards`, the placements made when it was completed (its last
    /// placement included): where a plain search stopped after N placements has found exactly
    /// the boards with `found_at <= N`.
    pub found_at: Vec<u64>,
    /// Whether the search stopped at its placement limit (the rest is then partial).
    pub gave_up: bool,
}

impl<S> Brute<S> {
    fn new() -> Brute<S> {
        Brute {
            placements: 0,
            solutions: 0,
            pictures: BTreeSet::new(),
            boards: Vec::new(),
            found_at: Vec::new(),
            gave_up: false,
        }
    }

    /// The first complete board in search order.
    pub fn first(&self) -> Option<&Vec<(usize, u8)>> {
        self.boards.first()
    }
}

/// The brute force over a colour puzzle with `clues[cell]` fixing some cells (empty for none),
/// stopping after `limit` placements. A clue's piece goes only to its cell, turned as given.
///
/// ```
/// use edge_match::testing::brute_colour;
/// use edge_match::parse::{PuzOptions, parse_puz};
/// use edge_match::Placement;
///
/// // A clue putting piece 1, turned twice, on the first cell leaves one of the two boards.
/// let puzzle = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// let brute = brute_colour(&puzzle, &[Some(Placement::new(1, 2)), None], u64::MAX);
/// assert_eq!(brute.boards, [[(1, 2), (0, 2)]]);
/// ```
pub fn brute_colour(puzzle: &Puzzle, clues: &[Option<Placement>], limit: u64) -> Brute<u16> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let turns: Vec<u8> = if puzzle.rotate() { vec![0, 1, 2, 3] } else { vec![0] };
    let clue_of = |cell: usize| clues.get(cell).copied().flatten();
    let is_clue_piece = |piece: usize| clues.iter().flatten().any(|c| c.piece == piece);
    let candidates = |cell: usize| -> Vec<(usize, u8, [u16; 4])> {
        let mut out = Vec::new();
        for piece in 0..puzzle.pieces().len() {
            for &turn in &turns {
                let ok = match clue_of(cell) {
                    Some(clue) => clue.piece == piece && clue.turns() == turn,
                    None => !is_clue_piece(piece),
                };
                if ok {
                    // Turned by `turn` counter-clockwise: side d shows the listed side d + turn.
                    let listed = puzzle.pieces()[piece];
                    let sides = [0, 1, 2, 3].map(|d| listed[(d + usize::from(turn)) % 4]);
                    out.push((piece, turn, sides));
                }
            }
        }
        out
    };
    let fits = |board: &[(usize, u8, [u16; 4])], cell: usize, [n, e, s, w]: [u16; 4]| {
        let (row, col) = (cell / cols, cell % cols);
        let mut ok = true;
        if row > 0 {
            ok &= n == board[cell - cols].2[2];
        }
        if col > 0 {
            ok &= w == board[cell - 1].2[1];
        }
        if puzzle.framed() {
            ok &= (n == 0) == (row == 0) && (w == 0) == (col == 0);
            ok &= (e == 0) == (col + 1 == cols) && (s == 0) == (row + 1 == rows);
        }
        ok
    };
    let lists: Vec<_> = (0..rows * cols).map(candidates).collect();
    let mut out = Brute::new();
    let mut board = Vec::new();
    let mut used = vec![false; puzzle.pieces().len()];
    brute(&lists, &fits, &mut board, &mut used, limit, &mut out);
    out
}

/// The brute force over a marks puzzle (free border, sides matching when [`Mark::fits`]),
/// stopping after `limit` placements.
///
/// ```
/// use edge_match::testing::brute_marks;
/// use edge_match::parse::{ParseOptions, parse_puzzle};
///
/// // Piece 0's east A+ meets piece 1's west A-; the other way round G+ would meet C+.
/// let options = ParseOptions { size: Some((1, 2)), rotate: false };
/// let puzzle = parse_puzzle("B+ C+ D+ A+\nE+ A- F+ G+\n", &options).unwrap();
/// assert_eq!(brute_marks(&puzzle, u64::MAX).boards, [[(0, 0), (1, 0)]]);
/// ```
pub fn brute_marks(puzzle: &Puzzle, limit: u64) -> Brute<Mark> {
    let cols = puzzle.cols();
    let turns: Vec<u8> = if puzzle.rotate() { vec![0, 1, 2, 3] } else { vec![0] };
    let mut list = Vec::new();
    for (piece, p) in marks_nwse(puzzle).iter().enumerate() {
        for &turn in &turns {
            // Sides north 0, west 1, south 2, east 3; turned by `turn` the mark on side d moves
            // to side d + turn.
            let sides = [0, 1, 2, 3].map(|d| p[(d + 4 - usize::from(turn)) % 4]);
            list.push((piece, turn, sides));
        }
    }
    let fits = |board: &[(usize, u8, [Mark; 4])], cell: usize, [n, w, _, _]: [Mark; 4]| {
        let (row, col) = (cell / cols, cell % cols);
        (row == 0 || n.fits(board[cell - cols].2[2])) && (col == 0 || w.fits(board[cell - 1].2[3]))
    };
    let lists = vec![list; puzzle.rows() * cols];
    let mut out = Brute::new();
    let mut board = Vec::new();
    let mut used = vec![false; puzzle.pieces().len()];
    brute(&lists, &fits, &mut board, &mut used, limit, &mut out);
    out
}

/// The marks of every piece of a puzzle read from the marks format, in that format's order:
/// north, west, south, east.
///
/// # Panics
///
/// If the puzzle was not read from the marks format.
///
/// ```
/// use edge_match::testing::marks_nwse;
/// use edge_match::parse::{Mark, ParseOptions, parse_puzzle};
///
/// let puzzle = parse_puzzle("A* B* B/ C*\n", &ParseOptions::default()).unwrap();
/// let marks: Vec<Mark> = ["A*", "B*", "B/", "C*"].iter().map(|mark| mark.parse().unwrap()).collect();
/// assert_eq!(marks_nwse(&puzzle), [[marks[0], marks[1], marks[2], marks[3]]]);
/// ```
pub fn marks_nwse(puzzle: &Puzzle) -> Vec<[Mark; 4]> {
    let marks = puzzle.marks().expect("a puzzle read from the marks format");
    puzzle.pieces().iter().map(|&[n, e, s, w]| [n, w, s, e].map(|code| marks[usize::from(code)])).collect()
}

/// A placed cell of the brute force: piece, quarter turns, the sides it shows.
type Placed<S> = (usize, u8, [S; 4]);

/// Whether sides fit a cell, given the board so far.
type Fits<'a, S> = &'a dyn Fn(&[Placed<S>], usize, [S; 4]) -> bool;

/// The search of both brute forces: `lists[cell]` the (piece, turn, sides) to try there, in
/// order; `fits` whether sides fit a cell given the board so far.
fn brute<S: Copy + Ord>(
    lists: &[Vec<Placed<S>>],
    fits: Fits<'_, S>,
    board: &mut Vec<Placed<S>>,
    used: &mut Vec<bool>,
    limit: u64,
    out: &mut Brute<S>,
) {
    let cell = board.len();
    if cell == lists.len() {
        out.solutions += 1;
        out.pictures.insert(board.iter().map(|&(_, _, sides)| sides).collect());
        out.boards.push(board.iter().map(|&(piece, turn, _)| (piece, turn)).collect());
        out.found_at.push(out.placements);
        return;
    }
    for &(piece, turn, sides) in &lists[cell] {
        if used[piece] || !fits(board, cell, sides) {
            continue;
        }
        if out.placements >= limit {
            out.gave_up = true;
            return;
        }
        out.placements += 1;
        used[piece] = true;
        board.push((piece, turn, sides));
        brute(lists, fits, board, used, limit, out);
        board.pop();
        used[piece] = false;
    }
}

/// The number of pictures up to turns of the whole board (a half turn; quarter turns too on a
/// square board; none when pieces may not turn), colour sides in north east south west order:
/// every picture mapped to the smallest of its turns.
///
/// ```
/// use edge_match::testing::{brute_colour, orbits};
/// use edge_match::parse::{PuzOptions, parse_puz};
///
/// // One cell: its piece's four turns are four pictures, and the four turns of the board.
/// let puzzle = parse_puz("1 1\n1 2 3 4\n", &PuzOptions::default()).unwrap();
/// let pictures = brute_colour(&puzzle, &[], u64::MAX).pictures;
/// assert_eq!(pictures.len(), 4);
/// assert_eq!(orbits(&pictures, 1, 1, true), 1);
/// assert_eq!(orbits(&pictures, 1, 1, false), 4);
/// ```
pub fn orbits(pictures: &BTreeSet<Vec<[u16; 4]>>, rows: usize, cols: usize, rotate: bool) -> u64 {
    // A counter-clockwise quarter turn of a board of r rows and c columns: the cell at (row, col)
    // goes to (c - 1 - col, row) of a board of c rows and r columns, and its east side becomes
    // its north side.
    let quarter = |p: &[[u16; 4]], r: usize, c: usize| -> Vec<[u16; 4]> {
        let mut next = vec![[0u16; 4]; r * c];
        for row in 0..r {
            for col in 0..c {
                let [n, e, s, w] = p[row * c + col];
                next[(c - 1 - col) * r + row] = [e, s, w, n];
            }
        }
        next
    };
    let canonical: BTreeSet<Vec<[u16; 4]>> = pictures
        .iter()
        .map(|p| {
            let mut images = vec![p.clone()];
            if rotate {
                let q1 = quarter(p, rows, cols);
                let q2 = quarter(&q1, cols, rows);
                images.push(q2.clone());
                if rows == cols {
                    images.push(q1);
                    images.push(quarter(&q2, rows, cols));
                }
            }
            images.into_iter().min().expect("at least the picture itself")
        })
        .collect();
    canonical.len() as u64
}
