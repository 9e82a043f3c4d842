//! Improving a complete board by local moves: a first-improvement hill climb over every
//! exchange of two pieces that are not clues (each piece in its best turn at the other's cell)
//! and every turn of one piece in place, then, when none gains, over the 3×3 windows around the
//! mismatched cells, each emptied and filled again by the filling's branch and bound. It repeats
//! until no move raises the matching joins or the budget of exchanges is spent. It runs after
//! the filling (`complete.rs`), on the board a report sends, so the search itself never sees it.

use super::complete::{self, neighbour};
use crate::model::{Placement, Puzzle};

/// A filled board is improved when it scores more than the best board its thread has filled so
/// far minus this: on Eternity II's deep boards the climb gained 0 to 3 joins. Improving every board
/// within 5 gave the same bests on five seeds.
pub(crate) const REACH: usize = 3;

/// Pairs of cells looked at, at most, on one board.
pub(crate) const BUDGET: u64 = 1 << 16;

/// The branch and bound's placements for one window.
const WINDOW_BUDGET: u64 = 1 << 12;

/// `cells` (every cell filled) improved in place by exchanges, turns and windows filled in
/// `order`; `clues` stay. Looks at most `budget` pairs of cells; returns the joins gained.
pub(crate) fn improve(
    puzzle: &Puzzle,
    cells: &mut [Option<Placement>],
    clues: &[Option<Placement>],
    order: &[usize],
    budget: u64,
) -> usize {
    if cells.iter().any(Option::is_none) {
        return 0;
    }
    let movable: Vec<usize> = (0..cells.len()).filter(|&cell| clues.get(cell).is_none_or(Option::is_none)).collect();
    let board = Board {
        puzzle,
        neighbours: (0..cells.len()).map(|cell| [0, 1, 2, 3].map(|dir| neighbour(puzzle, cell, dir))).collect(),
    };
    let mut budget = budget;
    let mut gained = 0;
    loop {
        // An exchange that gains raises some cell's matches, so one of its two cells has a
        // mismatch now.
        let bad: Vec<usize> = movable
            .iter()
            .copied()
            .filter(|&cell| {
                cells[cell].is_some_and(|p| board.fit(cells, cell, puzzle.placed(p), usize::MAX) < board.sides(cell))
            })
            .collect();
        let mut improved = false;
        for &a in &bad {
            for &b in &movable {
                if budget == 0 {
                    return gained;
                }
                budget -= 1;
                if let Some((gain, pa, pb)) = board.best_exchange(cells, a, b) {
                    cells[a] = Some(pa);
                    cells[b] = Some(pb);
                    gained += gain;
                    improved = true;
                }
            }
        }
        if improved {
            continue;
        }
        // Then each mismatched cell's 3×3 window, emptied and filled again by the branch and
        // bound with the window's own pieces.
        let mut score = complete::matching(puzzle, cells);
        for &cell in &bad {
            let mut trial = cells.to_vec();
            for w in board.window(cell, clues) {
                trial[w] = None;
            }
            let trial = complete::complete(puzzle, &trial, order, WINDOW_BUDGET);
            let after = complete::matching(puzzle, &trial);
            if after > score {
                cells.copy_from_slice(&trial);
                gained += after - score;
                score = after;
                improved = true;
            }
        }
        if !improved {
            return gained;
        }
    }
}

/// The board's shape, looked up once.
struct Board<'p> {
    puzzle: &'p Puzzle,
    neighbours: Vec<[Option<usize>; 4]>,
}

impl Board<'_> {
    /// The turns of `piece` that fit `cell`'s frame class, with the sides they show.
    fn turns(&self, cell: usize, piece: usize) -> impl Iterator<Item = (Placement, [u16; 4])> + '_ {
        complete::turns(self.puzzle, piece, self.neighbours[cell].map(|n| n.is_none()))
    }

    /// The cells of the 3×3 window around `cell`, inside the board, that are not clues.
    fn window(&self, cell: usize, clues: &[Option<Placement>]) -> Vec<usize> {
        let (rows, cols) = (self.puzzle.rows(), self.puzzle.cols());
        let (r, c) = (cell / cols, cell % cols);
        let mut window = Vec::with_capacity(9);
        for wr in r.saturating_sub(1)..(r + 2).min(rows) {
            for wc in c.saturating_sub(1)..(c + 2).min(cols) {
                let w = wr * cols + wc;
                if clues.get(w).is_none_or(Option::is_none) {
                    window.push(w);
                }
            }
        }
        window
    }

    /// How many neighbours `cell` has.
    fn sides(&self, cell: usize) -> usize {
        self.neighbours[cell].iter().flatten().count()
    }

    /// Joins `sides` at `cell` matches with its neighbours, `skip` left out.
    fn fit(&self, cells: &[Option<Placement>], cell: usize, sides: [u16; 4], skip: usize) -> usize {
        let mut matches = 0;
        for (dir, n) in self.neighbours[cell].iter().enumerate() {
            let Some(n) = *n else { continue };
            if n == skip {
                continue;
            }
            let Some(other) = cells[n] else { continue };
            matches += usize::from(self.puzzle.partner(self.puzzle.placed(other)[(dir + 2) % 4]) == sides[dir]);
        }
        matches
    }

    /// Whether `a` showing `sa` and `b` showing `sb` match across their shared side, if any.
    fn between(&self, a: usize, sa: [u16; 4], b: usize, sb: [u16; 4]) -> usize {
        self.neighbours[a]
            .iter()
            .position(|&n| n == Some(b))
            .map_or(0, |dir| usize::from(self.puzzle.partner(sa[dir]) == sb[(dir + 2) % 4]))
    }

    /// The best exchange of the pieces at `a` and `b` (a turn in place when `a == b`), if it
    /// matches more joins: the gain and the new placements at `a` and `b`.
    fn best_exchange(&self, cells: &[Option<Placement>], a: usize, b: usize) -> Option<(usize, Placement, Placement)> {
        let (pa, pb) = (cells[a]?, cells[b]?);
        // On a framed board a piece only fits cells of its own frame class.
        let zeros = |piece: usize| self.puzzle.pieces()[piece].iter().filter(|&&side| side == 0).count();
        if self.puzzle.framed() && zeros(pa.piece) != zeros(pb.piece) {
            return None;
        }
        let (sa, sb) = (self.puzzle.placed(pa), self.puzzle.placed(pb));
        if a == b {
            let now = self.fit(cells, a, sa, usize::MAX);
            let (score, placement) = self
                .turns(a, pa.piece)
                .map(|(p, s)| (self.fit(cells, a, s, usize::MAX), p))
                .max_by_key(|&(score, _)| score)?;
            return (score > now).then_some((score - now, placement, placement));
        }
        let adjacent = self.neighbours[a].contains(&Some(b));
        let skip = |other: usize| if adjacent { other } else { usize::MAX };
        let now = self.fit(cells, a, sa, skip(b)) + self.fit(cells, b, sb, skip(a)) + self.between(a, sa, b, sb);
        let mut best: Option<(usize, Placement, Placement)> = None;
        for (qa, ta) in self.turns(a, pb.piece) {
            let at_a = self.fit(cells, a, ta, skip(b));
            for (qb, tb) in self.turns(b, pa.piece) {
                let score = at_a + self.fit(cells, b, tb, skip(a)) + self.between(a, ta, b, tb);
                if score > now && best.is_none_or(|(gain, _, _)| score - now > gain) {
                    best = Some((score - now, qa, qb));
                }
            }
        }
        best
    }
}
