//! Filling the cells a search left empty: each empty cell in scan order gets the unused piece and
//! turn (of the right frame class) that matches most of its placed neighbours, so a board
//! reported is complete and scores the joins those pieces happen to match as well.

use crate::model::{Placement, Puzzle, EAST, NORTH, SOUTH, WEST};

/// `cells` with every empty cell filled greedily in `order`.
pub(crate) fn complete(puzzle: &Puzzle, cells: &[Option<Placement>], order: &[usize]) -> Vec<Option<Placement>> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let mut cells = cells.to_vec();
    let mut used = vec![false; puzzle.pieces().len()];
    for p in cells.iter().flatten() {
        used[p.piece] = true;
    }
    let rotations: u8 = if puzzle.rotate() { 4 } else { 1 };
    for &cell in order {
        if cells[cell].is_some() {
            continue;
        }
        let (r, c) = (cell / cols, cell % cols);
        let outside = [r == 0, c + 1 == cols, r + 1 == rows, c == 0];
        let neighbour = |dir: usize| -> Option<usize> {
            match dir {
                NORTH if r > 0 => Some(cell - cols),
                EAST if c + 1 < cols => Some(cell + 1),
                SOUTH if r + 1 < rows => Some(cell + cols),
                WEST if c > 0 => Some(cell - 1),
                _ => None,
            }
        };
        let shows: [Option<u16>; 4] = [NORTH, EAST, SOUTH, WEST].map(|dir| {
            let other = cells[neighbour(dir)?]?;
            Some(puzzle.partner(puzzle.placed(other)[(dir + 2) % 4]))
        });
        let mut best: Option<(usize, Placement)> = None;
        for (piece, _) in puzzle.pieces().iter().enumerate() {
            if used[piece] {
                continue;
            }
            for rotation in 0..rotations {
                let sides = puzzle.oriented(piece, rotation);
                if puzzle.framed() && (0..4).any(|dir| (sides[dir] == 0) != outside[dir]) {
                    continue;
                }
                let matching = (0..4).filter(|&dir| shows[dir] == Some(sides[dir])).count();
                let better = match best {
                    None => true,
                    Some((m, _)) => matching > m,
                };
                if better {
                    best = Some((matching, Placement::new(piece, rotation)));
                }
            }
        }
        if let Some((_, placement)) = best {
            used[placement.piece] = true;
            cells[cell] = Some(placement);
        }
    }
    cells
}

/// Matching joins between placed neighbours (the engine's own count; the CLI prints the
/// independent checker's).
pub(crate) fn matching(puzzle: &Puzzle, cells: &[Option<Placement>]) -> usize {
    let cols = puzzle.cols();
    let mut count = 0;
    for (cell, p) in cells.iter().enumerate() {
        let Some(p) = p else { continue };
        let sides = puzzle.placed(*p);
        if cell % cols + 1 < cols {
            if let Some(q) = cells[cell + 1] {
                count += usize::from(puzzle.partner(sides[EAST]) == puzzle.placed(q)[WEST]);
            }
        }
        if let Some(Some(q)) = cells.get(cell + cols) {
            count += usize::from(puzzle.partner(sides[SOUTH]) == puzzle.placed(*q)[NORTH]);
        }
    }
    count
}
