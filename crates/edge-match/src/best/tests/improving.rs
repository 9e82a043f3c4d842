//! The local improvement of a filled board against a plain enumeration of every exchange and
//! turn: it never lowers the score, never moves a clue, keeps every piece once with the frame
//! outside, and stops only where no single exchange or turn raises the score.

use super::*;
use crate::best::complete::{complete, matching, IMPROVEMENT_BUDGET};
use crate::best::improve::improve;

/// The most joins any one exchange of two cells' pieces (or turn of one piece in place) reaches
/// on `cells`, each piece in any turn that puts the frame outside, `fixed` left where it is.
fn best_single_move(puzzle: &Puzzle, cells: &[Option<Placement>], fixed: usize) -> usize {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let fits = |cell: usize, sides: [u16; 4]| {
        let outside = [cell < cols, cell % cols == cols - 1, cell / cols == rows - 1, cell % cols == 0];
        !puzzle.framed() || (0..4).all(|d| (sides[d] == 0) == outside[d])
    };
    let mut best = matching(puzzle, cells);
    for a in 0..cells.len() {
        for b in a..cells.len() {
            if a == fixed || b == fixed {
                continue;
            }
            let (pa, pb) = (cells[a].unwrap().piece, cells[b].unwrap().piece);
            for ta in 0..4 {
                for tb in 0..4 {
                    let mut board = cells.to_vec();
                    // At `a` the piece from `b`, at `b` the piece from `a` (the same when a == b).
                    let (at_a, at_b) = (Placement::new(pb, ta), Placement::new(pa, tb));
                    if !fits(a, puzzle.placed(at_a)) || !fits(b, puzzle.placed(at_b)) {
                        continue;
                    }
                    board[b] = Some(at_b);
                    board[a] = Some(at_a);
                    if a == b && ta != tb {
                        continue;
                    }
                    best = best.max(matching(puzzle, &board));
                }
            }
        }
    }
    best
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn improved_boards_are_local_optima(
        shape in 0usize..5,
        is_framed in any::<bool>(),
        colours in 2u16..=4,
        seed in 0u64..10_000,
        clue in 0usize..64,
    ) {
        let (rows, cols) = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)][shape];
        let puzzle = if is_framed { framed(rows, cols, colours, 3, seed) } else { unframed(rows, cols, colours, seed) };
        let order: Vec<usize> = (0..rows * cols).collect();
        // A greedy board of these pieces, one cell of it a clue.
        let mut cells = complete(&puzzle, &vec![None; rows * cols], &order, 0);
        prop_assert!(cells.iter().all(Option::is_some));
        let fixed = clue % (rows * cols);
        let mut clues = vec![None; rows * cols];
        clues[fixed] = cells[fixed];
        let before = matching(&puzzle, &cells);
        let gained = improve(&puzzle, &mut cells, &clues, &order, u64::MAX);
        let score = score_board(&puzzle, &cells).unwrap();
        prop_assert_eq!(score.placed, rows * cols);
        prop_assert_eq!(score.matching, before + gained);
        prop_assert_eq!(cells[fixed], clues[fixed]);
        prop_assert_eq!(best_single_move(&puzzle, &cells, fixed), score.matching);
    }
}

/// A board one exchange from perfect gains, and ends where no single move gains (a hill climb
/// may take another exchange first and stop short of perfect).
#[test]
fn a_board_one_exchange_from_perfect_gains() {
    let mut tried = 0;
    for seed in 0..50 {
        let puzzle = framed(4, 4, 3, 0, seed);
        let order: Vec<usize> = (0..16).collect();
        let solved = complete(&puzzle, &vec![None; 16], &order, IMPROVEMENT_BUDGET);
        if matching(&puzzle, &solved) != 24 {
            continue;
        }
        // Two inner cells exchanged, each piece kept in its turn.
        let mut cells = solved.clone();
        cells.swap(5, 10);
        let before = matching(&puzzle, &cells);
        if before == 24 {
            continue;
        }
        tried += 1;
        let gained = improve(&puzzle, &mut cells, &[], &order, u64::MAX);
        assert!(gained > 0, "seed {seed}");
        assert_eq!(best_single_move(&puzzle, &cells, usize::MAX), before + gained, "seed {seed}");
    }
    assert!(tried >= 10, "only {tried} boards were solved and broken");
}
