//! The filling of a best board's empty cells against a plain enumeration of every filling: with
//! few cells empty it is exact, and it never moves a placed piece.

use super::*;
use crate::best::complete::{complete, matching, IMPROVEMENT_BUDGET};

/// The most joins any filling of the empty cells of `cells` matches, with the pieces no cell
/// holds, each in any turn that puts the frame outside on a framed board.
fn best_filling(puzzle: &Puzzle, cells: &[Option<Placement>]) -> usize {
    let empty: Vec<usize> = (0..cells.len()).filter(|&cell| cells[cell].is_none()).collect();
    let free: Vec<usize> =
        (0..puzzle.pieces().len()).filter(|&piece| cells.iter().flatten().all(|p| p.piece != piece)).collect();
    fn go(
        puzzle: &Puzzle,
        board: &mut Vec<Option<Placement>>,
        empty: &[usize],
        free: &mut Vec<usize>,
        best: &mut usize,
    ) {
        let Some((&cell, rest)) = empty.split_first() else {
            *best = (*best).max(matching(puzzle, board));
            return;
        };
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let outside = [cell < cols, cell % cols == cols - 1, cell / cols == rows - 1, cell % cols == 0];
        for i in 0..free.len() {
            let piece = free.swap_remove(i);
            for turns in 0..4 {
                let sides = puzzle.oriented(piece, turns);
                if puzzle.framed() && (0..4).any(|d| (sides[d] == 0) != outside[d]) {
                    continue;
                }
                board[cell] = Some(Placement::new(piece, turns));
                go(puzzle, board, rest, free, best);
            }
            board[cell] = None;
            free.push(piece);
            let last = free.len() - 1;
            free.swap(i, last);
        }
    }
    let mut best = 0;
    go(puzzle, &mut cells.to_vec(), &empty, &mut free.clone(), &mut best);
    best
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Up to four empty cells, anywhere: the filling matches as many joins as the best filling,
    /// keeps every placed piece, and uses each piece once with the frame outside.
    #[test]
    fn few_empty_cells_are_filled_exactly(
        shape in 0usize..5,
        is_framed in any::<bool>(),
        colours in 2u16..=4,
        seed in 0u64..10_000,
        holes in proptest::collection::vec(0usize..64, 1..=4),
    ) {
        let (rows, cols) = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)][shape];
        let puzzle = if is_framed { framed(rows, cols, colours, 3, seed) } else { unframed(rows, cols, colours, seed) };
        let order: Vec<usize> = (0..rows * cols).collect();
        // Some complete board of these pieces, then the cells the test empties.
        let full = complete(&puzzle, &vec![None; rows * cols], &order, IMPROVEMENT_BUDGET);
        prop_assert!(full.iter().all(Option::is_some));
        let mut cells = full.clone();
        for hole in holes {
            cells[hole % (rows * cols)] = None;
        }
        let filled = complete(&puzzle, &cells, &order, IMPROVEMENT_BUDGET);
        let score = score_board(&puzzle, &filled).unwrap();
        prop_assert_eq!(score.placed, rows * cols);
        prop_assert_eq!(score.matching, matching(&puzzle, &filled));
        prop_assert_eq!(score.matching, best_filling(&puzzle, &cells));
        for (cell, placed) in cells.iter().enumerate() {
            if placed.is_some() {
                prop_assert_eq!(filled[cell], *placed);
            }
        }
    }
}
