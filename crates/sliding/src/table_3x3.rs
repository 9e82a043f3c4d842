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
const UNREACHED: u8 = u8::MAX;

/// Exact distances from every 3×3 state to a fixed goal.
///
/// ```
/// use sliding::parse::parse_judge_a;
/// use sliding::testing::DistanceTable;
///
/// let table = DistanceTable::blank_last();
/// // Half of the 9! arrangements can reach the goal.
/// assert_eq!(table.n_reachable(), 362_880 / 2);
/// assert_eq!(table.distance(table.goal()), Some(0));
/// let one_move = parse_judge_a("1 2 3\n4 5 6\n7 0 8\n")?;
/// assert_eq!(table.distance(&one_move), Some(1));
/// let swapped = parse_judge_a("2 1 3\n4 5 6\n7 8 0\n")?;
/// assert_eq!(table.distance(&swapped), None);
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
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
    pub(crate) fn build(goal: &Board) -> Option<DistanceTable> {
        let shape = goal.shape();
        if shape.rows() != 3 || shape.cols() != 3 {
            return None;
        }
        let mut distance = vec![UNREACHED; factorial(N_CELLS) as usize];
        let start = Ranked::new(pack(goal.tiles()), goal.blank().0);
        distance[start.rank as usize] = 0;
        let neighbours = neighbour_table(shape);
        // Only two layers (distances d and d + 1) are ever needed, so the search keeps two
        // buffers instead of a queue of all states: at most a few tens of thousands of states
        // instead of 181,440, which saves most of the page faults of a fresh process.
        let mut layer = vec![start];
        let mut next_layer = Vec::new();
        let mut next_distance = 1u8;
        while !layer.is_empty() {
            for state in &layer {
                for &target in &neighbours[usize::from(state.blank)] {
                    // The move back leads to a state of the previous layer.
                    if target + 1 == state.came_from {
                        continue;
                    }
                    let next = state.slide(usize::from(target));
                    let slot = &mut distance[next.rank as usize];
                    if *slot == UNREACHED {
                        *slot = next_distance;
                        next_layer.push(next);
                    }
                }
            }
            std::mem::swap(&mut layer, &mut next_layer);
            next_layer.clear();
            next_distance += 1;
        }
        Some(DistanceTable { goal: goal.clone(), distance })
    }

    /// The goal this table measures distances to.
    #[cfg(any(test, feature = "test-support"))]
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The number of states that can reach the goal (181,440 for any 3×3 goal).
    #[cfg(any(test, feature = "test-support"))]
    pub fn n_reachable(&self) -> usize {
        self.distance.iter().filter(|&&d| d != UNREACHED).count()
    }

    /// The exact number of moves from `board` to the goal, or `None` when it cannot be reached
    /// (or `board` is not 3×3).
    #[cfg(any(test, feature = "test-support"))]
    pub fn distance(&self, board: &Board) -> Option<u8> {
        if board.shape() != self.goal.shape() {
            return None;
        }
        self.distance_packed(pack(board.tiles()))
    }

    /// An optimal path from `board` to the goal: at each step the first move in move order (up,
    /// down, left, right) that brings the board one move closer.
    pub(crate) fn path(&self, board: &Board) -> Option<Vec<Direction>> {
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

/// A queued 3×3 state with its Lehmer code kept up to date, so that a move costs a few nibble
/// updates instead of ranking the new state from scratch.
///
/// Digit `i` of the Lehmer code counts the cells after `i` holding a smaller value than cell `i`;
/// the rank is the sum of digit `i` times `(8 - i)!`. Sliding the blank (value 0) changes only
/// the digits of the cells from the blank to the tile that moves, in ways spelled out in
/// [`Ranked::slide`]; the exhaustive tests compare every entry of the table with plain BFS.
#[derive(Clone, Copy, Debug)]
struct Ranked {
    /// Tiles, four bits per cell.
    tiles: u64,
    /// Lehmer digits, four bits per cell (the last is always 0).
    digits: u64,
    rank: u32,
    blank: u8,
    /// The cell the blank came from, plus one; 0 for the start.
    came_from: u8,
}

/// `(8 - i)!`, the weight of Lehmer digit `i`.
const WEIGHTS: [i64; N_CELLS] = [40320, 5040, 720, 120, 24, 6, 2, 1, 1];

fn nibble(word: u64, i: usize) -> i64 {
    ((word >> (4 * i)) & 0xf) as i64
}

impl Ranked {
    fn new(tiles: u64, blank: usize) -> Ranked {
        let mut digits = 0u64;
        for i in 0..N_CELLS {
            let smaller_after = (i + 1..N_CELLS).filter(|&j| nibble(tiles, j) < nibble(tiles, i)).count() as u64;
            digits |= smaller_after << (4 * i);
        }
        let rank = (0..N_CELLS).map(|i| nibble(digits, i) * WEIGHTS[i]).sum::<i64>() as u32;
        Ranked { tiles, digits, rank, blank: blank as u8, came_from: 0 }
    }

    /// The state after the tile on `target` (next to the blank) slides onto the blank.
    fn slide(&self, target: usize) -> Ranked {
        let p = usize::from(self.blank);
        let (old_digits, tiles) = (self.digits, self.tiles);
        let digit = |i: usize| nibble(old_digits, i);
        let tile = |i: usize| nibble(tiles, i);
        let below = |a: i64, b: i64| i64::from(a < b);
        let mut digits = old_digits;
        let mut rank = i64::from(self.rank);
        let mut set = |i: usize, value: i64| {
            rank += (value - digit(i)) * WEIGHTS[i];
            digits = (digits & !(0xf << (4 * i))) | ((value as u64) << (4 * i));
        };
        // The blank's own digit is always 0: no value is smaller than 0.
        if target == p + 1 {
            // Tile b moves left: it now also has the blank after it.
            set(p, digit(target) + 1);
            set(target, 0);
        } else if target + 1 == p {
            // Tile a moves right: it no longer has the blank after it.
            set(p, digit(target) - 1);
            set(target, 0);
        } else if target > p {
            // Tile b moves up three cells, past x1 and x2; the blank takes its old cell.
            let (b, x1, x2) = (tile(target), tile(p + 1), tile(p + 2));
            set(p, below(x1, b) + below(x2, b) + 1 + digit(target));
            set(p + 1, digit(p + 1) - below(b, x1) + 1);
            set(p + 2, digit(p + 2) - below(b, x2) + 1);
            set(target, 0);
        } else {
            // Tile a moves down three cells, past x1 and x2; the blank takes its old cell.
            let (a, x1, x2) = (tile(target), tile(target + 1), tile(target + 2));
            set(p, digit(target) - below(x1, a) - below(x2, a) - 1);
            set(target + 1, digit(target + 1) - 1 + below(a, x1));
            set(target + 2, digit(target + 2) - 1 + below(a, x2));
            set(target, 0);
        }
        Ranked {
            tiles: slide(tiles, p, target),
            digits,
            rank: rank as u32,
            blank: target as u8,
            came_from: p as u8 + 1,
        }
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
fn neighbour_table(shape: Shape) -> [Vec<u8>; N_CELLS] {
    std::array::from_fn(|cell| {
        Direction::ALL.iter().filter_map(|&dir| Some(shape.neighbour(Cell(cell), dir)?.0 as u8)).collect()
    })
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
    fn incremental_ranks_agree_with_ranking() {
        let shape = Shape::new(3, 3).unwrap();
        let neighbours = neighbour_table(shape);
        // A walk of random-looking moves from a scrambled state, checking every step.
        let mut state = Ranked::new(pack(&[8, 6, 7, 2, 5, 4, 3, 0, 1]), 7);
        let mut seed = 12345u64;
        for _ in 0..10_000 {
            assert_eq!(u64::from(state.rank), rank_nibbles(state.tiles, N_CELLS));
            assert_eq!(state.digits, Ranked::new(state.tiles, usize::from(state.blank)).digits);
            let options = &neighbours[usize::from(state.blank)];
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            state = state.slide(usize::from(options[(seed >> 33) as usize % options.len()]));
        }
    }

    #[test]
    fn half_the_states_are_reachable() {
        assert_eq!(DistanceTable::blank_last().n_reachable(), 181_440);
    }
}
