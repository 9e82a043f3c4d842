//! `cargo xtask board RxC`: a seeded random sliding board in the grid format, for the README's
//! tour and for trying the solvers on boards of any size (`> board.txt`, then `puzzle slide`).

use std::io::Write;

use anyhow::Context;
use puzzle_core::{Shape, SplitMix64};
use sliding::{Board, GoalKind};

use crate::constructive_bench::{scramble, shuffle};

/// Writes one board of `rows`×`cols` to `out`: shuffled uniformly among the boards that reach the
/// blank-last goal, or `moves` random moves from it.
pub fn write(rows: usize, cols: usize, moves: Option<usize>, seed: u64, out: &mut impl Write) -> anyhow::Result<()> {
    let shape = Shape::new(rows, cols).with_context(|| format!("no {rows}x{cols} board"))?;
    let goal = Board::goal(shape, GoalKind::BlankLast)?;
    let mut rng = SplitMix64::new(seed);
    let board = match moves {
        Some(moves) => scramble(&goal, moves, &mut rng),
        None => shuffle(&goal, &mut rng)?,
    };
    for row in board.tiles().chunks(cols) {
        let row: Vec<String> = row.iter().map(u32::to_string).collect();
        writeln!(out, "{}", row.join(" "))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_seeded_and_solvable() {
        let text = |seed| {
            let mut out = Vec::new();
            write(3, 5, None, seed, &mut out).expect("a board");
            String::from_utf8(out).expect("text")
        };
        assert_eq!(text(1), text(1));
        assert_ne!(text(1), text(2));
        let board = sliding::parse::parse_grid(&text(1)).expect("a grid").entries.remove(0).board.expect("a board");
        let goal = Board::goal(board.shape(), GoalKind::BlankLast).expect("a goal");
        assert!(sliding::is_solvable(&board, &goal));
        let mut out = Vec::new();
        write(2, 2, Some(0), 7, &mut out).expect("a board");
        assert_eq!(String::from_utf8(out).expect("text"), "1 2\n3 0\n");
    }
}
