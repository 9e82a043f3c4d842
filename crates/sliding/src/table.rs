//! The complete distance table of the 3×3 puzzle: every state's exact distance to one goal.
//!
//! A breadth-first search backwards from the goal over permutation ranks (`0..9!`) visits all
//! 181,440 reachable states in a few milliseconds; afterwards every 3×3 question is a lookup,
//! and an optimal path is read off by stepping to any neighbour one move closer.

use std::sync::OnceLock;

use puzzle_core::{factorial, rank_nibbles, Cell, Direction, Shape};

use crate::board::{Board, GoalKind};
use crate::MOVE_ORDER;

const N_CELLS: usize = 9;
const BLANK_SHIFT: u32 = 60;
const FROM_SHIFT: u32 = 56;
const TILES_MASK: u64 = (1 << (4 * N_CELLS)) - 1;
const UNREACHED: u8 = u8::MAX;

/// Exact distances from every 3×3 state to a fixed goal.
#[derive(Clone)]
pub struct DistanceTable {
    goal: Board,
    /// Indexed by the rank of the state's tiles; `UNREACHED` for states of the other parity.
    distance: Vec<u8>,
}

impl std::fmt::Debug for DistanceTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DistanceTable").field("goal", &self.goal).finish_non_exhaustive()
    }
}

impl DistanceTable {
    /// The table for the judges' goal `1 2 3 / 4 5 6 / 7 8 _`, built once per process.
    pub fn blank_last() -> &'static DistanceTable {
        static TABLE: OnceLock<DistanceTable> = OnceLock::new();
        TABLE.get_or_init(|| {
            let shape = Shape::new(3, 3).unwrap_or_else(|_| unreachable!("3x3 is a valid shape"));
            let goal = Board::goal(shape, GoalKind::BlankLast).unwrap_or_else(|_| unreachable!("3x3 has a goal"));
            DistanceTable::build(&goal).unwrap_or_else(|| unreachable!("the goal is 3x3"))
        })
    }

    /// Builds the table for `goal` by breadth-first search; `None` unless `goal` is 3×3.
    pub fn build(goal: &Board) -> Option<DistanceTable> {
        let shape = goal.shape();
        if shape.rows() != 3 || shape.cols() != 3 {
            return None;
        }
        let mut distance = vec![UNREACHED; factorial(N_CELLS) as usize];
        // Queued states are packed: tile of cell i in bits 4i..4i+4, the blank's cell in bits
        // 60..64 and the cell it came from (plus one, 0 for none) in bits 56..60. So expanding a
        // state needs no unranking, no search for the blank, and no rank for the move back.
        let start = pack(goal.tiles()) | (goal.blank().0 as u64) << BLANK_SHIFT;
        distance[rank_nibbles(start & TILES_MASK, N_CELLS) as usize] = 0;
        let mut queue: Vec<u64> = Vec::with_capacity(factorial(N_CELLS) as usize / 2);
        queue.push(start);
        let neighbours = neighbour_table(shape);
        // The queue is processed one layer (one distance) at a time.
        let (mut head, mut next_distance) = (0, 1u8);
        while head < queue.len() {
            let layer_end = queue.len();
            while head < layer_end {
                let state = queue[head];
                head += 1;
                let tiles = state & TILES_MASK;
                let blank = (state >> BLANK_SHIFT) as usize;
                let came_from = ((state >> FROM_SHIFT) & 0xf) as usize;
                for &target in neighbours[blank].iter().flatten() {
                    if target + 1 == came_from {
                        continue;
                    }
                    let next_tiles = slide(tiles, blank, target);
                    let slot = &mut distance[rank_nibbles(next_tiles, N_CELLS) as usize];
                    if *slot == UNREACHED {
                        *slot = next_distance;
                        let from = (blank as u64 + 1) << FROM_SHIFT;
                        queue.push(next_tiles | ((target as u64) << BLANK_SHIFT) | from);
                    }
                }
            }
            next_distance += 1;
        }
        Some(DistanceTable { goal: goal.clone(), distance })
    }

    /// The goal this table measures distances to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The number of states that can reach the goal (181,440 for any 3×3 goal).
    pub fn n_reachable(&self) -> usize {
        self.distance.iter().filter(|&&d| d != UNREACHED).count()
    }

    /// The exact number of moves from `board` to the goal, or `None` when it cannot be reached
    /// (or `board` is not 3×3).
    pub fn distance(&self, board: &Board) -> Option<u8> {
        if board.shape() != self.goal.shape() {
            return None;
        }
        self.distance_packed(pack(board.tiles()))
    }

    /// An optimal path from `board` to the goal: at each step the first move in [`MOVE_ORDER`]
    /// that brings the board one move closer.
    pub fn path(&self, board: &Board) -> Option<Vec<Direction>> {
        let shape = self.goal.shape();
        if board.shape() != shape {
            return None;
        }
        let mut tiles = pack(board.tiles());
        let mut blank = board.blank().0;
        let mut remaining = self.distance_packed(tiles)?;
        let mut path = Vec::with_capacity(usize::from(remaining));
        while remaining > 0 {
            let (dir, target, next) = MOVE_ORDER.iter().find_map(|&dir| {
                let target = shape.neighbour(Cell(blank), dir)?.0;
                let next = slide(tiles, blank, target);
                (self.distance_packed(next) == Some(remaining - 1)).then_some((dir, target, next))
            })?;
            path.push(dir);
            (tiles, blank) = (next, target);
            remaining -= 1;
        }
        Some(path)
    }

    fn distance_packed(&self, tiles: u64) -> Option<u8> {
        let d = self.distance[rank_nibbles(tiles, N_CELLS) as usize];
        (d != UNREACHED).then_some(d)
    }
}

/// Tiles packed four bits per cell, cell i in bits `4 * i .. 4 * i + 4`.
fn pack(tiles: &[u32]) -> u64 {
    tiles.iter().enumerate().fold(0, |word, (cell, &tile)| word | (u64::from(tile) << (4 * cell)))
}

/// The packed tiles after the tile on `target` slides onto the blank's cell `blank`.
fn slide(tiles: u64, blank: usize, target: usize) -> u64 {
    let tile = (tiles >> (4 * target)) & 0xf;
    (tiles & !(0xf << (4 * target))) | (tile << (4 * blank))
}

/// For each cell, the cells next to it.
fn neighbour_table(shape: Shape) -> [[Option<usize>; 4]; N_CELLS] {
    std::array::from_fn(|cell| Direction::ALL.map(|dir| shape.neighbour(Cell(cell), dir).map(|c| c.0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSpec;

    fn check(tiles: [u32; 9], expected: Option<u8>) {
        let board = Board::try_from(BoardSpec { rows: 3, cols: 3, tiles: tiles.to_vec() }).unwrap();
        let table = DistanceTable::blank_last();
        assert_eq!(table.distance(&board), expected, "{board}");
        let path = table.path(&board);
        assert_eq!(path.as_ref().map(Vec::len), expected.map(usize::from));
        if let Some(path) = path {
            assert_eq!(board.replay(&path).as_ref(), Ok(table.goal()));
        }
    }

    #[test]
    fn known_distances() {
        check([1, 2, 3, 4, 5, 6, 7, 8, 0], Some(0));
        check([1, 0, 3, 4, 2, 5, 7, 8, 6], Some(3));
        check([1, 2, 3, 4, 5, 6, 8, 7, 0], None);
        // The two hardest states, 31 moves (Reinefeld 1993).
        check([8, 6, 7, 2, 5, 4, 3, 0, 1], Some(31));
        check([6, 4, 7, 8, 5, 0, 3, 2, 1], Some(31));
    }

    #[test]
    fn half_the_states_are_reachable() {
        assert_eq!(DistanceTable::blank_last().n_reachable(), 181_440);
    }
}
