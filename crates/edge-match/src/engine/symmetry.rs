//! The board's own symmetries: counting pictures through a corner piece unlike every other
//! (docs/algorithms.md, "the board's turns"), and counting pictures up to the board's turns.

use std::sync::atomic::AtomicBool;

use super::tables::ListKey;
use super::{estimate, Counts, Engine, Mode};
use crate::model::{Placement, Puzzle, FRAME};

/// The searches [`Engine::corner_split`] reduces counting pictures to.
struct CornerSplit {
    /// Engines whose candidate lists fix the chosen corner piece's place.
    engines: Vec<Engine>,
    /// The number of turns of the whole board: pictures per orbit.
    turns: u64,
}

impl CornerSplit {
    /// The pictures of the reduced searches: one per orbit under the board's turns.
    fn count(&self, puzzle: &Puzzle, stop: &AtomicBool, observe: &(dyn Fn(usize, usize, u64) + Sync)) -> Counts {
        let mut total = Counts::default();
        for engine in &self.engines {
            // Under a node limit, each search has what the ones before it left.
            let mut engine = engine.clone();
            engine.node_limit = engine.node_limit.saturating_sub(total.nodes);
            total = total.add(engine.count_tree(puzzle, Mode::Pictures, stop, observe));
        }
        total
    }
}

impl Engine {
    /// The pictures counted through the board's turns ([`Engine::corner_split`]), when the
    /// board allows it: the reduced searches' count times the turns of the board.
    pub(super) fn count_by_turns(
        &self,
        puzzle: &Puzzle,
        stop: &AtomicBool,
        observe: &(dyn Fn(usize, usize, u64) + Sync),
    ) -> Option<Counts> {
        let split = self.corner_split(puzzle)?;
        let mut counts = split.count(puzzle, stop, observe);
        counts.solutions *= split.turns;
        Some(counts)
    }

    /// The board's turns as a shortcut for counting pictures. On a framed board (at least 2×2)
    /// whose pieces turn, without clues, take the first corner piece whose four sides, up to
    /// rotation, no other piece shows. Every picture shows it in exactly one corner, and a turn
    /// of the whole board carries each picture onto another one with the piece in another
    /// corner. So on a square board the pictures with it in the top-left corner are a quarter of
    /// all, and each orbit under the turns holds exactly one of them; on an oblong board (half
    /// turns only) the pictures with it top-left or top-right are half of all, one per orbit.
    fn corner_split(&self, puzzle: &Puzzle) -> Option<CornerSplit> {
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        if !puzzle.framed() || !puzzle.rotate() || rows < 2 || cols < 2 || self.fixed.iter().any(Option::is_some) {
            return None;
        }
        let (corner, turns) = unique_corner(puzzle)?;
        let frame = usize::from(FRAME);
        let top_left = |list: ListKey| list.class == 0 && list.north == frame && list.west == frame;
        let top_right = |list: ListKey| list.class == 1 && list.north == frame;
        let mut engines =
            vec![Engine::build(puzzle, &[], |list, piece| !top_left(list) || piece == corner, self.words)];
        if rows != cols {
            engines.push(Engine::build(
                puzzle,
                &[],
                |list, piece| (!top_left(list) || piece != corner) && (!top_right(list) || piece == corner),
                self.words,
            ));
        }
        for engine in &mut engines {
            engine.node_limit = self.node_limit;
            engine.look_below = self.look_below;
            (engine.order, engine.cell_at, engine.north_at, engine.west_at) =
                (self.order, self.cell_at.clone(), self.north_at.clone(), self.west_at.clone());
        }
        Some(CornerSplit { engines, turns })
    }

    /// Counts solutions up to the board's own symmetries: pictures that a turn of the whole board
    /// carries onto each other count once (a half turn on any board, quarter turns too on a square
    /// one; none when pieces may not turn, since turning the board turns them, nor with clues,
    /// which a turn would move). Sequential,
    /// except with such a corner piece as [`Engine::count`] uses: then every orbit holds exactly
    /// one picture of its reduced searches, which run in parallel.
    pub fn count_distinct(&self, puzzle: &Puzzle, stop: &AtomicBool) -> Counts {
        if let Some(split) = self.corner_split(puzzle) {
            return split.count(puzzle, stop, &|_, _, _| {});
        }
        let clued = self.fixed.iter().any(Option::is_some);
        one_per_orbit(puzzle, clued, |visit| self.for_each_solution(puzzle, Mode::Pictures, stop, visit))
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

/// For counting pictures through the board's turns ([`Engine::count`]): on a framed board (at
/// least 2×2) whose pieces turn, a corner piece whose four sides, up to rotation, no other piece
/// shows, and the number of turns of the whole board (pictures per orbit). With several such
/// corners, the one whose pinned search has the smallest estimated tree
/// ([`estimate::cheapest_corner`]), remembered per puzzle for the process.
pub(super) fn unique_corner(puzzle: &Puzzle) -> Option<(usize, u64)> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    if !puzzle.framed() || !puzzle.rotate() || rows < 2 || cols < 2 {
        return None;
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
    let turns = if rows == cols { 4 } else { 2 };
    match corners.len() {
        0 => None,
        1 => Some((corners[0], turns)),
        _ => Some((estimate::cheapest_corner(puzzle, &corners), turns)),
    }
}

/// The picture of a board turned by `turns` counter-clockwise quarter turns (a square board for
/// odd `turns`): cell contents move, and each cell's sides turn with the board.
pub fn turned_picture(picture: &[[u16; 4]], rows: usize, cols: usize, turns: u8) -> Vec<[u16; 4]> {
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
