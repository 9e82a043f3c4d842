//! The join's counts against the brute force (`crate::testing`), on boards of every shape the
//! brute force finishes, each meeting row, both modes, with and without a pinned corner; and
//! the boards a join keeps against those the walk keeps.

use search::walk::Watch;
use search::Limits;

use super::super::kept::Kept;
use super::super::mode::Mode;
use super::super::order::Order;
use super::super::row::Engine;
use super::super::searches::Search;
use super::super::symmetry::{unique_corners, Corner};
use super::Join;
use crate::model::{Placement, Puzzle};
use crate::testing::{brute_colour, random_colour_puzzle, Brute};

/// Enough for the tables of these boards.
const MEMORY: u64 = 64 << 20;

/// Boards a join keeps in these tests.
const KEEP: usize = 5;

/// The join's solutions of `puzzle` meeting below `top_rows` rows, in `mode`, with `corner`,
/// and the first [`KEEP`] boards it keeps, which must be those the walk keeps.
/// Its top leaves go to buffers of `buffer` keys in all (each thread its share).
fn joined(puzzle: &Puzzle, mode: Mode, corner: Option<Corner>, top_rows: usize, buffer: usize) -> Option<u64> {
    let mut join = Join::plan(puzzle, &[], mode, corner, MEMORY, Some(top_rows), &Limits::NONE)?;
    join.buffer = Some(buffer);
    assert_eq!(join.top_rows(), top_rows);
    let turns = corner.map_or(1, |corner| corner.turns);
    let mut kept = Kept::new(KEEP);
    let counts = join.count(turns, &Watch::new(&Limits::NONE), &|_, _, _| {}, &mut kept).expect("the table fits");
    assert!(!counts.stopped);
    let walk = Engine::planned(puzzle, &[], Order::Row, corner, 1).expect("row order");
    let (walked, boards) = walk.count_keeping(mode, &Limits::NONE, &|_, _, _| {}, KEEP);
    assert_eq!(walked.solutions, counts.solutions);
    let kept: Vec<Vec<Placement>> = kept.into_boards();
    assert_eq!(kept, boards, "the join keeps the walk's first boards");
    for board in &kept {
        crate::check::check_solution(puzzle, board).expect("a kept board is a solution");
    }
    Some(counts.solutions)
}

/// Every join of `puzzle` against `brute`: each meeting row, plain and pictures, and pictures
/// through the turns where a corner is unique. Returns the joins made.
fn check(what: &str, puzzle: &Puzzle, brute: &Brute<u16>) -> usize {
    let mut made = 0;
    let (corners, turns) = unique_corners(puzzle, &[]);
    let corner = corners.first().map(|&piece| Corner { piece, turns });
    for top_rows in 1..puzzle.rows() {
        for (mode, corner, expected) in [
            (Mode::Plain, None, brute.solutions),
            (Mode::Pictures, None, brute.pictures.len() as u64),
            (Mode::Pictures, corner, brute.pictures.len() as u64),
        ] {
            let what = format!("{what}, {mode:?}, corner {corner:?}, {top_rows} rows on top");
            // Small buffers merge many times, one buffer once.
            for buffer in [7, 1 << 20] {
                let solutions = joined(puzzle, mode, corner, top_rows, buffer);
                assert_eq!(solutions, Some(expected), "{what}, buffers of {buffer}");
                made += 1;
            }
        }
    }
    made
}

#[test]
fn joins_count_what_the_brute_force_counts_on_every_shape() {
    let shapes = [
        (2, 1),
        (3, 1),
        (5, 1),
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 4),
        (4, 2),
        (3, 4),
        (4, 3),
        (2, 5),
        (5, 2),
        (4, 4),
        (2, 6),
        (6, 2),
    ];
    let (mut made, mut solutions, mut with_corner) = (0, 0, 0);
    for (rows, cols) in shapes {
        for colours in [2, 3] {
            for framed in [true, false] {
                for rotate in [true, false] {
                    let seed = (rows * 1000 + cols * 100 + usize::from(colours) * 10) as u64 + u64::from(framed);
                    let puzzle = random_colour_puzzle(rows, cols, colours, framed, rotate, seed);
                    let brute = brute_colour(&puzzle, &[], 3_000_000);
                    if brute.gave_up {
                        continue;
                    }
                    let what = format!("{rows}x{cols}, {colours} colours, framed {framed}, rotate {rotate}");
                    made += check(&what, &puzzle, &brute);
                    solutions += brute.solutions;
                    with_corner += usize::from(!unique_corners(&puzzle, &[]).0.is_empty());
                }
            }
        }
    }
    // Enough boards were finished by the brute force, with solutions and corners to pin.
    assert!(made > 300 && solutions > 10_000 && with_corner > 5, "{made} joins, {solutions} solutions, {with_corner}");
}

#[test]
fn a_join_needs_two_rows_and_no_clues() {
    let row = random_colour_puzzle(1, 4, 2, true, true, 1);
    assert!(Join::plan(&row, &[], Mode::Plain, None, MEMORY, Some(1), &Limits::NONE).is_none());
    let square = random_colour_puzzle(3, 3, 2, true, true, 1);
    let clue = crate::model::Placement::new(0, 0);
    let clues = [Some(clue), None, None, None, None, None, None, None, None];
    assert!(Join::plan(&square, &clues, Mode::Plain, None, MEMORY, Some(1), &Limits::NONE).is_none());
    assert!(Join::plan(&square, &[], Mode::Plain, None, MEMORY, Some(3), &Limits::NONE).is_none());
    assert!(Join::plan(&square, &[], Mode::Plain, None, MEMORY, Some(2), &Limits::NONE).is_some());
}
