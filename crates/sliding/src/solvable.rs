//! Solvability by permutation parity, for any board shape of at least 2×2 and any goal.
//!
//! A move swaps the blank with a neighbour: one transposition of the cells' contents, and one
//! step of the blank. So the parity of the permutation taking the board to the goal (blank
//! included) always equals the parity of the blank's Manhattan distance to its goal cell.
//! Conversely every board meeting that condition is reachable on boards of at least 2×2 (the
//! classic result of Johnson & Story, 1879), which the tests confirm by exhaustive search.

use puzzle_core::{permutation_parity, Cell, Parity};

use crate::board::{Board, BLANK};

/// Whether `goal` can be reached from `board` by sliding tiles. Boards of different shapes are
/// never solvable.
///
/// ```
/// use sliding::{is_solvable, Board, BoardSpec, GoalKind};
///
/// let goal = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![1, 2, 3, 0] })?;
/// let one_move_away = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![1, 2, 0, 3] })?;
/// assert!(is_solvable(&one_move_away, &goal));
/// // Two tiles swapped, the blank in place: a single transposition, which no sliding makes.
/// let swapped = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![2, 1, 3, 0] })?;
/// assert!(!is_solvable(&swapped, &goal));
/// // Korf's goal differs from the judges' goal by a 4-cycle (odd) while its blank is two
/// // steps from the bottom-right corner (even): unreachable on a 2x2 board.
/// let korf = Board::goal(goal.shape(), GoalKind::BlankFirst)?;
/// assert!(!is_solvable(&korf, &goal));
/// # Ok::<(), sliding::parse::BoardError>(())
/// ```
pub fn is_solvable(board: &Board, goal: &Board) -> bool {
    crate::count(crate::Step::Parity);
    if board.shape() != goal.shape() {
        return false;
    }
    let n_cells = goal.tiles().len();
    // Boards up to 8×8 work in stack buffers, so batches of small boards allocate nothing here.
    const STACK_CELLS: usize = 64;
    if n_cells <= STACK_CELLS {
        let (mut goal_cell, mut to_goal) = ([0u32; STACK_CELLS], [0u32; STACK_CELLS]);
        parity_rule(board, goal, &mut goal_cell[..n_cells], &mut to_goal[..n_cells])
    } else {
        parity_rule(board, goal, &mut vec![0; n_cells], &mut vec![0; n_cells])
    }
}

/// The parity rule, with scratch space for the goal cell of every tile and the permutation.
fn parity_rule(board: &Board, goal: &Board, goal_cell: &mut [u32], to_goal: &mut [u32]) -> bool {
    for (cell, &tile) in goal.tiles().iter().enumerate() {
        goal_cell[tile as usize] = cell as u32;
    }
    // Cell i of the board holds a tile that belongs at goal_cell[tile]: the permutation to undo.
    for (slot, &tile) in to_goal.iter_mut().zip(board.tiles()) {
        *slot = goal_cell[tile as usize];
    }
    let blank_steps = board.shape().manhattan(board.blank(), Cell(goal_cell[BLANK as usize] as usize));
    permutation_parity(to_goal) == Parity::of(blank_steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BoardSpec, GoalKind};
    use puzzle_core::Shape;

    fn check(rows: usize, cols: usize, tiles: &[u32], kind: GoalKind, expected: bool) {
        let board = Board::try_from(BoardSpec { rows, cols, tiles: tiles.to_vec() }).unwrap();
        let goal = Board::goal(Shape::new(rows, cols).unwrap(), kind).unwrap();
        assert_eq!(is_solvable(&board, &goal), expected, "{board} to {goal}");
    }

    #[test]
    fn known_cases() {
        use GoalKind::*;
        check(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0], BlankLast, true);
        check(3, 3, &[1, 2, 3, 4, 5, 6, 8, 7, 0], BlankLast, false);
        check(3, 3, &[1, 0, 3, 4, 2, 5, 7, 8, 6], BlankLast, true);
        // Sam Loyd's 14-15 puzzle.
        check(4, 4, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0], BlankLast, false);
        check(4, 4, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], BlankLast, false);
        check(4, 4, &[1, 2, 3, 0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], BlankFirst, true);
        check(2, 2, &[0, 3, 2, 1], BlankFirst, false);
        check(2, 2, &[3, 0, 2, 1], BlankFirst, false);
        check(2, 2, &[2, 1, 0, 3], BlankFirst, true);
        check(2, 2, &[1, 3, 0, 2], BlankFirst, true);
    }
}
