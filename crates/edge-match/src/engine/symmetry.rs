//! The board's own symmetries: counting pictures through a corner piece unlike every other
//! (docs/algorithms.md, "the board's turns"), and counting pictures up to the board's turns.
//! Which corner piece is pinned is the plan's choice (`plan.rs`); the engines take it as built.
//!
//! It knows no engine: each engine's counts through the turns use it (`row_search.rs`,
//! `ordered_walk.rs`).

use search::walk::{Counts, Watch};

use super::kept::Kept;
use crate::model::{Placement, Puzzle, FRAME};

/// A corner piece unlike every other, pinned by a count of pictures through the board's turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Corner {
    /// The piece.
    pub(crate) piece: usize,
    /// The number of turns of the whole board: pictures per orbit.
    pub(crate) turns: u64,
}

/// The counts of the searches the board's turns reduce a count to, one after the other, each by
/// `count` (under a node limit, each has what the ones before it left; boards it keeps come
/// after the earlier searches').
pub(super) fn count_in_turn<E>(
    engines: &[E],
    watch: &Watch<'_>,
    mut count: impl FnMut(&E, &Watch<'_>) -> Counts,
) -> Counts {
    let mut total = Counts::default();
    for engine in engines {
        let part = watch.with_budget(watch.budget().saturating_sub(total.nodes));
        total = total + count(engine, &part);
        if part.stopped() {
            watch.stop();
            break;
        }
    }
    total
}

/// The pictures that `for_each` streams (complete boards, placements by cell), counted once per
/// orbit under the turns of the whole board: a half turn on any board, quarter turns too on a
/// square one; none when pieces may not turn (turning the board turns them) or with clues
/// (`clued`: clues fix the board in place, so a turn of a solution moves them and is no
/// solution of the same puzzle). Returns `for_each`'s counts with the solutions so counted;
/// the first pictures counted go to `kept`.
pub(super) fn one_per_orbit(
    puzzle: &Puzzle,
    clued: bool,
    kept: &mut Kept,
    for_each: impl FnOnce(&mut dyn FnMut(&[Placement]) -> bool) -> Counts,
) -> Counts {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let turns: &[u8] = match (puzzle.rotate() && !clued, rows == cols) {
        (false, _) => &[],
        (true, true) => &[1, 2, 3],
        (true, false) => &[2],
    };
    let mut distinct = 0;
    let mut counts = for_each(&mut |placements| {
        let here: Vec<[u16; 4]> = placements.iter().map(|p| puzzle.placed(*p)).collect();
        // Counted when no turn of it is smaller: once per orbit.
        if turns.iter().all(|&t| turned_picture(&here, rows, cols, t) >= here) {
            distinct += 1;
            kept.offer(|| placements.to_vec());
        }
        true
    });
    counts.solutions = distinct;
    counts
}

/// For counting pictures through the board's turns: on a framed board (at least 2×2) whose
/// pieces turn, without clues, the corner pieces whose four sides, up to rotation, no other piece
/// shows (any of them serves; the plan picks the one with the smallest tree), and the number of
/// turns of the whole board (pictures per orbit).
pub(crate) fn unique_corners(puzzle: &Puzzle, clues: &[Option<Placement>]) -> (Vec<usize>, u64) {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let turns = if rows == cols { 4 } else { 2 };
    if !puzzle.framed() || !puzzle.rotate() || rows < 2 || cols < 2 || clues.iter().any(Option::is_some) {
        return (Vec::new(), turns);
    }
    let shape = |piece: usize| (0..4).map(|r| puzzle.oriented(piece, r)).min();
    let is_corner = |sides: &[u16; 4]| {
        (0..4).any(|d| sides[d] == FRAME && sides[(d + 1) % 4] == FRAME)
            && sides.iter().filter(|&&side| side == FRAME).count() == 2
    };
    let pieces = puzzle.pieces();
    let corners: Vec<usize> = (0..pieces.len())
        .filter(|&k| is_corner(&pieces[k]) && (0..pieces.len()).all(|other| other == k || shape(other) != shape(k)))
        .collect();
    (corners, turns)
}

/// The picture of a board turned by `turns` counter-clockwise quarter turns (a square board for
/// odd `turns`): cell contents move, and each cell's sides turn with the board.
pub(crate) fn turned_picture(picture: &[[u16; 4]], rows: usize, cols: usize, turns: u8) -> Vec<[u16; 4]> {
    let mut current = picture.to_vec();
    let (mut r, mut c) = (rows, cols);
    for _ in 0..turns % 4 {
        // One counter-clockwise quarter turn: cell (row, col) goes to (c - 1 - col, row) on a
        // board of c rows and r columns; its east side becomes its north side.
        let mut next = vec![[0u16; 4]; r * c];
        for row in 0..r {
            for col in 0..c {
                let [n, e, s, w] = current[row * c + col];
                next[(c - 1 - col) * r + row] = [e, s, w, n];
            }
        }
        current = next;
        std::mem::swap(&mut r, &mut c);
    }
    current
}
