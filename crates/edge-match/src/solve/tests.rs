//! The solver against the seed's examples and a plain brute force over marks.

use std::collections::BTreeSet;

use proptest::collection::vec;
use proptest::prelude::*;
use puzzle_core::Rotation;

use search::Status;

use super::*;
use crate::check::check_solution;
use crate::mark::{Half, Mark};
use crate::model::Placement;
use crate::parse::{parse_puzzle, piece_line, ParseOptions};

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
    placements.iter().map(|p| format!("({p})")).collect::<Vec<_>>().join(" ")
}

/// Solves `input` and compares the first solution (as `(piece,rotation)` row-major, or
/// `none`) and the number of distinct solutions.
fn check(input: &str, options: Options, expected: (&str, u64)) {
    let puzzle = puzzle(input, options);
    let first = match first_solution(&puzzle, &Limits::NONE).status() {
        Status::Found(placements) => {
            check_solution(&puzzle, &placements).unwrap();
            show(&placements)
        }
        Status::Exhausted => "none".to_owned(),
        Status::GaveUp => unreachable!("no limits"),
    };
    let count = count_solutions(&puzzle, &Limits::NONE);
    assert!(count.complete());
    assert_eq!((first.as_str(), count.counts.solutions), expected, "{input}");
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
    let example = puzzle(EXAMPLE_2, SQUARE);
    let turned: String = (0..9)
        .map(|piece| {
            let line = piece_line(&example, piece).unwrap();
            let marks: Vec<&str> = line.split(' ').collect();
            // Marks north, west, south, east: a quarter turn counter-clockwise moves each to the
            // next side.
            format!("{} {} {} {}\n", marks[3], marks[0], marks[1], marks[2])
        })
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
    assert_eq!(first_solution(&puzzle, &limits).status(), Status::GaveUp);
    assert!(!count_solutions(&puzzle, &limits).complete());
}

/// Every solution of `puzzle` in the specified search order, found plainly: every unused
/// piece in every allowed rotation at each cell, keeping a partial board only while its
/// touching sides fit (by [`Mark::fits`] on the marks each side shows, not the solver's
/// tables).
fn brute_force(puzzle: &Puzzle) -> Vec<Vec<Placement>> {
    /// The marks (north, west, south, east) piece `piece` shows turned `turns` times
    /// counter-clockwise, read back from its marks line.
    fn shown(puzzle: &Puzzle, piece: usize, turns: usize) -> [Mark; 4] {
        let line = piece_line(puzzle, piece).unwrap();
        let marks: Vec<Mark> = line.split(' ').map(|m| m.parse().unwrap()).collect();
        std::array::from_fn(|side| marks[(side + 4 - turns) % 4])
    }
    fn extend(puzzle: &Puzzle, board: &mut Vec<(Placement, [Mark; 4])>, all: &mut Vec<Vec<Placement>>) {
        let cols = puzzle.cols();
        let cell = board.len();
        if cell == puzzle.pieces().len() {
            all.push(board.iter().map(|(placement, _)| *placement).collect());
            return;
        }
        let max_turns = if puzzle.rotate() { 4 } else { 1 };
        for piece in 0..puzzle.pieces().len() {
            if board.iter().any(|(placement, _)| placement.piece == piece) {
                continue;
            }
            for turns in 0..max_turns {
                let marks = shown(puzzle, piece, turns);
                let fits_west = cell % cols == 0 || board[cell - 1].1[3].fits(marks[1]);
                let fits_north = cell < cols || board[cell - cols].1[2].fits(marks[0]);
                if fits_west && fits_north {
                    let rotation = Rotation::from_quarter_turns(turns);
                    board.push((Placement { piece, rotation }, marks));
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

/// The picture an answer shows: the codes of every cell (one code per mark).
fn picture(puzzle: &Puzzle, placements: &[Placement]) -> Vec<[u16; 4]> {
    placements.iter().map(|&p| puzzle.placed(p)).collect()
}

#[test]
fn brute_force_agrees_on_the_examples() {
    for input in [EXAMPLE_1, EXAMPLE_2, NO_SOLUTION] {
        let puzzle = puzzle(input, SQUARE);
        let all = brute_force(&puzzle);
        let pictures: BTreeSet<_> = all.iter().map(|p| picture(&puzzle, p)).collect();
        assert_eq!(count_solutions(&puzzle, &Limits::NONE).counts.solutions, pictures.len() as u64);
        assert_eq!(first_solution(&puzzle, &Limits::NONE).status().found(), all.first().cloned());
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
                let text: String = order
                    .iter()
                    .zip(&turns)
                    .map(|(&cell, &turn)| {
                        let turn = if rotate { turn } else { 0 };
                        let [n, w, s, e] = Rotation::from_quarter_turns(turn).rotate_sides(board[cell]);
                        format!("{n} {w} {s} {e}\n")
                    })
                    .collect();
                parse_puzzle(&text, &ParseOptions { size: Some((rows, cols)), rotate }).unwrap()
            })
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn solver_agrees_with_brute_force(puzzle in random_puzzle(6)) {
        let all = brute_force(&puzzle);
        let pictures: BTreeSet<Vec<[u16; 4]>> = all.iter().map(|p| picture(&puzzle, p)).collect();
        let first = first_solution(&puzzle, &Limits::NONE);
        prop_assert_eq!(first.status().found(), all.first().cloned());
        let count = count_solutions(&puzzle, &Limits::NONE);
        prop_assert!(count.complete());
        prop_assert_eq!(count.counts.solutions, pictures.len() as u64);
    }

    #[test]
    fn checker_accepts_what_the_solver_finds(puzzle in random_puzzle(9)) {
        if let Status::Found(placements) = first_solution(&puzzle, &Limits::NONE).status() {
            prop_assert!(check_solution(&puzzle, &placements).is_ok(), "{}", show(&placements));
        }
    }
}
