//! IDA* for boards too large for the byte-sized cells of the specialised search (more than 255
//! cells): the board is moved in place, the Manhattan distance is updated from the one tile that
//! moved, and the search keeps an explicit stack, so its memory is the board plus two bytes per
//! move of the current path, whatever the board's size.
//!
//! Moves are tried in [`MOVE_ORDER`](crate::MOVE_ORDER) and the move that undoes the previous one
//! is never tried, so the path returned is the first optimal path in that order, as with the
//! specialised search.

use puzzle_core::{Cell, Direction};
use search::Limits;

use crate::board::{Board, BLANK};
use crate::ida::{Ending, Run};
use crate::MOVE_ORDER;

/// The longest path the search follows before giving up: a bound on its memory (two bytes a
/// move), reached only after at least as many expansions.
pub(crate) const MAX_DEPTH: usize = 1 << 26;

/// Finds the first optimal path in move order from `board` to `goal` with the Manhattan
/// distance, or gives up at `limits` (or at [`MAX_DEPTH`] moves). The caller has checked that
/// the shapes agree and that the goal can be reached.
pub(crate) fn search(board: &Board, goal: &Board, limits: &Limits<'_>) -> Run {
    search_weighted(board, goal, limits, 1, 1)
}

/// As [`search`] with `f = step * g + weight * h` (`weight >= step`): weighted IDA*, whose first
/// path is at most `weight / step` times the optimum (`within` proves it). `step = weight = 1`
/// is [`search`] itself. `Run::cut` is in the same units as `f`.
pub(crate) fn search_weighted(board: &Board, goal: &Board, limits: &Limits<'_>, step: usize, weight: usize) -> Run {
    let shape = board.shape();
    let cols = shape.cols();
    let mut goal_cell = vec![0usize; goal.tiles().len()];
    for (cell, &tile) in goal.tiles().iter().enumerate() {
        goal_cell[tile as usize] = cell;
    }
    let distance = |tile: u32, cell: usize| {
        let home = goal_cell[tile as usize];
        (home / cols).abs_diff(cell / cols) + (home % cols).abs_diff(cell % cols)
    };
    let mut tiles = board.tiles().to_vec();
    let mut blank = board.blank().0;
    let start_h: usize =
        tiles.iter().enumerate().filter(|&(_, &tile)| tile != BLANK).map(|(cell, &tile)| distance(tile, cell)).sum();
    let mut nodes = 0u64;
    let mut cut = None;
    // A Manhattan distance of zero puts every tile, and so the blank, at home.
    if start_h == 0 {
        return Run { ending: Ending::Found(Vec::new()), nodes, cut };
    }
    let mut bound = weight * start_h;
    // Each iteration undoes all its moves, so it starts again from the board as given.
    loop {
        if limits.exceeded_at(nodes) {
            return Run { ending: Ending::GaveUp, nodes, cut };
        }
        nodes += 1;
        let mut path: Vec<Direction> = Vec::new();
        // `next_move[depth]`: the index in MOVE_ORDER of the next move to try at that depth.
        let mut next_move: Vec<u8> = vec![0];
        let mut h = start_h;
        let mut next_bound = usize::MAX;
        while let Some(tried) = next_move.last_mut() {
            let Some(&dir) = MOVE_ORDER.get(usize::from(*tried)) else {
                // Every move from here was tried: step back to the parent.
                next_move.pop();
                if let Some(dir) = path.pop() {
                    let back = shape.neighbour(Cell(blank), dir.opposite()).map_or(blank, |cell| cell.0);
                    let tile = tiles[back];
                    h = h + distance(tile, blank) - distance(tile, back);
                    tiles.swap(blank, back);
                    blank = back;
                }
                continue;
            };
            *tried += 1;
            if path.last() == Some(&dir.opposite()) {
                continue;
            }
            let Some(target) = shape.neighbour(Cell(blank), dir) else { continue };
            let tile = tiles[target.0];
            let moved_h = h + distance(tile, blank) - distance(tile, target.0);
            let estimate = step * (path.len() + 1) + weight * moved_h;
            if estimate > bound {
                next_bound = next_bound.min(estimate);
                continue;
            }
            tiles.swap(blank, target.0);
            blank = target.0;
            h = moved_h;
            path.push(dir);
            if h == 0 {
                return Run { ending: Ending::Found(path), nodes, cut };
            }
            if limits.exceeded_at(nodes) || path.len() >= MAX_DEPTH {
                return Run { ending: Ending::GaveUp, nodes, cut };
            }
            nodes += 1;
            next_move.push(0);
        }
        if next_bound == usize::MAX {
            // Nothing exceeded the bound and no goal was found: the goal cannot be reached, which
            // the caller's parity check rules out; the answer's check reports it if it happens.
            return Run { ending: Ending::Exhausted, nodes, cut };
        }
        // Bounds beyond `u32` are reported as `u32::MAX`, still a valid (weaker) cut.
        cut = Some(u32::try_from(next_bound).unwrap_or(u32::MAX));
        bound = next_bound;
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::answer::{Outcome, Path};
    use crate::board::{BoardSpec, GoalKind};
    use crate::check::check;
    use crate::heuristic::Heuristic;
    use crate::plain::solve_with;
    use puzzle_core::Shape;

    /// The goal of `kind` scrambled by `moves` (indices into MOVE_ORDER, illegal ones skipped).
    fn scrambled(rows: usize, cols: usize, kind: GoalKind, moves: &[usize]) -> (Board, Board) {
        let goal = Board::goal(Shape::new(rows, cols).unwrap(), kind).unwrap();
        let mut board = goal.clone();
        for &m in moves {
            board.move_blank(MOVE_ORDER[m % 4]);
        }
        (board, goal)
    }

    #[test]
    fn a_large_board_a_few_moves_away() {
        use Direction::South;
        let (board, goal) = scrambled(20, 30, GoalKind::BlankLast, &[0, 0, 1, 0, 0, 0]);
        let solved = solve_with(&board, &goal, &Heuristic::LinearConflict, &Limits::NONE).unwrap();
        assert_eq!(solved.outcome, Outcome::Solved(Path::Moves(vec![South, South, South, South])));
        check(&board, &goal, &solved.outcome).unwrap();
        let (board, goal) = scrambled(16, 16, GoalKind::BlankFirst, &[1, 1, 3, 3, 1, 3]);
        let solved = solve_with(&board, &goal, &Heuristic::Manhattan, &Limits::NONE).unwrap();
        assert!(matches!(&solved.outcome, Outcome::Solved(Path::Moves(path)) if path.len() == 6), "{solved:?}");
        check(&board, &goal, &solved.outcome).unwrap();
    }

    #[test]
    fn limits_stop_a_huge_board_in_little_memory() {
        // 1000x1000: a random board would need far more than these limits allow; a scrambled goal
        // with its first tiles swapped twice is far from the goal and still solvable.
        let n = 1000 * 1000;
        let mut tiles: Vec<u32> = (1..n as u32).chain([BLANK]).collect();
        tiles.swap(0, n - 2);
        tiles.swap(1, n - 3);
        let board = Board::try_from(BoardSpec { rows: 1000, cols: 1000, tiles }).unwrap();
        let goal = Board::goal(board.shape(), GoalKind::BlankLast).unwrap();
        let limits = Limits { max_expanded: Some(10_000), deadline: None, interrupt: None, progress: None };
        let solved = solve_with(&board, &goal, &Heuristic::LinearConflict, &limits).unwrap();
        assert_eq!(solved.outcome, Outcome::GaveUp);
        assert_eq!(solved.nodes, 10_000);
    }

    proptest! {
        /// On boards the specialised IDA* can also search, both find the same first optimal path.
        #[test]
        fn agrees_with_the_specialised_search(
            rows in 2..4usize,
            cols in 2..4usize,
            blank_first in any::<bool>(),
            moves in prop::collection::vec(0..4usize, 0..30),
        ) {
            let kind = if blank_first { GoalKind::BlankFirst } else { GoalKind::BlankLast };
            let (board, goal) = scrambled(rows, cols, kind, &moves);
            let expected = solve_with(&board, &goal, &Heuristic::Manhattan, &Limits::NONE).unwrap();
            let got = search(&board, &goal, &Limits::NONE);
            prop_assert_eq!(Outcome::Solved(Path::Moves(match got.ending {
                crate::ida::Ending::Found(path) => path,
                ending => panic!("{ending:?} on a scrambled goal"),
            })), expected.outcome);
        }
    }
}
