//! The board's own symmetries: counting pictures through a corner piece unlike every other
//! (docs/algorithms.md, "the board's turns"), and counting pictures up to the board's turns.
//! Which corner piece is pinned is the plan's choice (`plan.rs`); the engines take it as built.
//!
//! Its `impl Engine` is one job, counting pictures through the board's turns (the corner split
//! and the distinct pictures), kept apart from `engine.rs` (the type and its searches' face) and
//! `tables.rs` (building the lists it counts over).

use search::walk::{Observe, Watch};

use super::tables::ListKey;
use super::{Counts, Engine, Mode};
use crate::model::{Placement, Puzzle, FRAME};

/// A corner piece unlike every other, pinned by a count of pictures through the board's turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Corner {
    /// The piece.
    pub(crate) piece: usize,
    /// The number of turns of the whole board: pictures per orbit.
    pub(crate) turns: u64,
}

impl Engine {
    /// The pictures counted through the board's turns ([`Engine::corner_split`]), when the
    /// engine has a corner: the reduced searches' count times the turns of the board.
    pub(super) fn count_by_turns(&self, watch: &Watch<'_>, observe: Observe<'_>) -> Option<Counts> {
        let corner = self.corner?;
        let mut counts = self.count_corner_split(watch, observe)?;
        counts.solutions *= corner.turns;
        Some(counts)
    }

    /// The pictures of the searches the corner reduces a count to ([`Engine::corner_split`]):
    /// one per orbit under the board's turns. Under a node limit, each search has what the ones
    /// before it left.
    fn count_corner_split(&self, watch: &Watch<'_>, observe: Observe<'_>) -> Option<Counts> {
        let engines = self.corner_split()?;
        let mut total = Counts::default();
        for engine in &engines {
            let part = watch.with_budget(watch.budget().saturating_sub(total.nodes));
            total = total + engine.count_tree(Mode::Pictures, &part, observe);
            if part.stopped() {
                watch.stop();
                break;
            }
        }
        Some(total)
    }

    /// The board's turns as a shortcut for counting pictures, with the engine's corner piece
    /// (one whose four sides, up to rotation, no other piece shows, on a framed board whose
    /// pieces turn, without clues). Every picture shows it in exactly one corner, and a turn of
    /// the whole board carries each picture onto another one with the piece in another corner.
    /// So on a square board the pictures with it in the top-left corner are a quarter of all,
    /// and each orbit under the turns holds exactly one of them; on an oblong board (half turns
    /// only) the pictures with it top-left or top-right are half of all, one per orbit. Returns
    /// the engines of those searches (one, or two on an oblong board).
    pub(super) fn corner_split(&self) -> Option<Vec<Engine>> {
        let corner = self.corner?.piece;
        let puzzle = &self.puzzle;
        let frame = usize::from(FRAME);
        let top_left = |list: ListKey| list.class == 0 && list.north == frame && list.west == frame;
        let top_right = |list: ListKey| list.class == 1 && list.north == frame;
        let mut engines =
            vec![Engine::build(puzzle, &[], |list, piece| !top_left(list) || piece == corner, self.words)];
        if puzzle.rows() != puzzle.cols() {
            engines.push(Engine::build(
                puzzle,
                &[],
                |list, piece| (!top_left(list) || piece != corner) && (!top_right(list) || piece == corner),
                self.words,
            ));
        }
        for engine in &mut engines {
            engine.look_below = self.look_below;
            (engine.order, engine.cell_at, engine.north_at, engine.west_at) =
                (self.order, self.cell_at.clone(), self.north_at.clone(), self.west_at.clone());
        }
        Some(engines)
    }

    /// Counts solutions up to the board's own symmetries: pictures that a turn of the whole board
    /// carries onto each other count once (a half turn on any board, quarter turns too on a square
    /// one; none when pieces may not turn, since turning the board turns them, nor with clues,
    /// which a turn would move). Sequential, except with a corner piece as [`Engine::count`]
    /// uses: then every orbit holds exactly one picture of its reduced searches, which run in
    /// parallel.
    pub(super) fn count_distinct_pictures(&self, watch: &Watch<'_>) -> Counts {
        if let Some(counts) = self.count_corner_split(watch, &|_, _, _| {}) {
            return counts;
        }
        let clued = self.fixed.iter().any(Option::is_some);
        one_per_orbit(&self.puzzle, clued, |visit| {
            super::shared_searches::for_each_solution(self, Mode::Pictures, watch, visit)
        })
    }
}

/// The pictures that `for_each` streams (complete boards, placements by cell), counted once per
/// orbit under the turns of the whole board: a half turn on any board, quarter turns too on a
/// square one; none when pieces may not turn (turning the board turns them) or with clues
/// (`clued`: clues fix the board in place, so a turn of a solution moves them and is no
/// solution of the same puzzle). Returns `for_each`'s counts with the solutions so counted.
pub(super) fn one_per_orbit(
    puzzle: &Puzzle,
    clued: bool,
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
