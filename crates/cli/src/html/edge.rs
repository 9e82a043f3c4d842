//! The data of an edge-matching page: each board shown — the first solution, the first
//! solutions of `--all` and the counts, or the best board of `--best` — as `--svg` draws it,
//! with the placement of every cell (shown on hover) and, on a best board, its mismatched joins,
//! found here and counted against the independent scorer's count.

use edge_match::check::{BoardScore, Solution};
use edge_match::Counts;
use edge_match::{Limits, Placement, Plan, Puzzle};
use serde_json::{json, Value};

/// The most solutions a page of `--all` or a count holds, to step through.
pub(crate) const MAX_PAGE_SOLUTIONS: usize = 20;

/// The page of the first solution, or of the pieces as given when there is none.
pub(crate) fn first(puzzle: &Puzzle, solution: Option<&Solution>) -> String {
    let svg = crate::svg::edge::board(puzzle, solution);
    let (cells, note): (Vec<Option<Placement>>, &str) = match solution {
        Some(solution) => {
            (solution.placements().iter().copied().map(Some).collect(), "the first solution: every join matches")
        }
        None => (
            (0..puzzle.pieces().len()).map(|piece| Some(Placement::new(piece, 0))).collect(),
            "no solution: the pieces as given",
        ),
    };
    let board = entry(puzzle, &cells, svg, Vec::new());
    render(puzzle, note.to_owned(), vec![board])
}

/// The page of the first solutions of `--all` or a count (at most [`MAX_PAGE_SOLUTIONS`]), with
/// `found` saying how many there are in all.
pub(crate) fn solutions(puzzle: &Puzzle, solutions: &[Solution], found: String) -> String {
    let note = match solutions.len() {
        0 => format!("{found}: no board to show"),
        1 => format!("{found}; the first found is shown"),
        n => format!("{found}; the first {n} found are shown"),
    };
    let boards = (solutions.iter().enumerate())
        .map(|(index, solution)| {
            let cells: Vec<Option<Placement>> = solution.placements().iter().copied().map(Some).collect();
            let caption = format!("solution {} (piece,rotation in each cell)", index + 1);
            entry(puzzle, &cells, crate::svg::edge::cells(puzzle, &cells, &caption), Vec::new())
        })
        .collect();
    render(puzzle, note, boards)
}

/// The page of a count (`--count`, `--distinct`) of `counts`: `boards`, the first solutions
/// the count found (at most [`MAX_PAGE_SOLUTIONS`]), each checked before it is drawn. `pinned`:
/// the corner piece a count of pictures pinned, whose boards each stand for their turns with
/// the whole board.
pub(crate) fn counted(
    puzzle: &Puzzle,
    boards: &[Vec<Placement>],
    counts: &Counts,
    pinned: Option<usize>,
) -> anyhow::Result<String> {
    let found = (boards.iter().take(MAX_PAGE_SOLUTIONS))
        .map(|board| edge_match::check::check_solution(puzzle, board))
        .collect::<Result<Vec<Solution>, _>>()
        .map_err(|err| anyhow::Error::from(err).context("the solver's answer failed the independent check"))?;
    let mut counted = match counts.stopped {
        true => format!("at least {} solutions (a limit stopped the count)", counts.solutions),
        false => format!("{} solutions", counts.solutions),
    };
    if let Some(piece) = pinned.filter(|_| !found.is_empty()) {
        counted.push_str(&format!(
            " (counted with corner piece {piece} pinned: each board shown stands for its turns with the whole board)"
        ));
    }
    Ok(solutions(puzzle, &found, counted))
}

/// The first solutions of `plan` (at most [`MAX_PAGE_SOLUTIONS`]) found by a search of its own
/// under `limits`, for a count that cannot keep the boards it finds (the GPU's); none where
/// `counts` found none.
pub(crate) fn searched(plan: &Plan, limits: &Limits<'_>, counts: &Counts) -> Vec<Vec<Placement>> {
    let mut found = Vec::new();
    if counts.solutions > 0 {
        plan.for_each_solution(limits, |placements| {
            found.push(placements.to_vec());
            found.len() < MAX_PAGE_SOLUTIONS
        });
    }
    found
}

/// The page of a `--best` board whose score the independent scorer gave as `score`: its
/// mismatched joins are found again here and must be as many.
pub(crate) fn best(puzzle: &Puzzle, cells: &[Option<Placement>], score: &BoardScore) -> anyhow::Result<String> {
    let mismatched = mismatches(puzzle, cells);
    anyhow::ensure!(
        mismatched.len() == score.mismatches,
        "the page found {} mismatched joins on the best board, the independent scorer {}",
        mismatched.len(),
        score.mismatches
    );
    let caption = format!("best board: {} of {} joins matching", score.matching, score.edges);
    let svg = crate::svg::edge::cells(puzzle, cells, &caption);
    let note = format!(
        "the best board found: {} of {} joins matching, {} mismatched (marked ✗), {} of {} cells filled",
        score.matching,
        score.edges,
        score.mismatches,
        score.placed,
        cells.len()
    );
    Ok(render(puzzle, note, vec![entry(puzzle, cells, svg, mismatched)]))
}

/// One board: its picture (without the XML declaration, to sit inside the page), where its cells
/// lie in the picture, their placements, and the mismatched joins to mark.
fn entry(puzzle: &Puzzle, cells: &[Option<Placement>], svg: String, mismatched: Vec<Value>) -> Value {
    let svg = svg.split_once("?>\n").map_or(svg.as_str(), |(_, rest)| rest).to_owned();
    let (left, top, cell) = crate::svg::edge::cell_grid(puzzle);
    let drawn = puzzle.rows() * puzzle.cols() <= crate::svg::MAX_DRAWN_CELLS;
    let placements: Vec<Value> = match drawn {
        true => cells.iter().map(|c| c.map_or(Value::Null, |p| json!([p.piece, p.turns()]))).collect(),
        false => Vec::new(),
    };
    json!({
        "svg": svg,
        "rows": puzzle.rows(),
        "cols": puzzle.cols(),
        "left": left,
        "top": top,
        "cell": cell,
        "cells": placements,
        "mismatches": mismatched,
    })
}

fn render(puzzle: &Puzzle, note: String, boards: Vec<Value>) -> String {
    let kind = if puzzle.marks().is_some() { "marks" } else { "colour" };
    let heading = format!("puzzle edge: a {}x{} {kind} puzzle", puzzle.rows(), puzzle.cols());
    let halves = match puzzle.marks() {
        Some(_) => {
            "Each side shows its mark: a picture letter and its half (+ top, - bottom, / left, * right); \
             matching halves share a colour, the top and left halves strong, the bottom and right ones pale."
        }
        None => "Each side shows its colour's number (the grey frame is left unnumbered).",
    };
    super::page(
        &heading,
        &json!({ "kind": "edge", "heading": heading, "note": note, "legend": halves, "boards": boards }),
    )
}

/// The joins of `cells` whose two sides do not fit, each as `[row, col, side]` of the cell on its
/// west or north (side "east" or "south").
fn mismatches(puzzle: &Puzzle, cells: &[Option<Placement>]) -> Vec<Value> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let fits = |a: u16, b: u16| match puzzle.marks() {
        Some(marks) => marks[usize::from(a)].fits(marks[usize::from(b)]),
        None => puzzle.partner(a) == b,
    };
    // The sides a placement shows, north, east, south, west.
    let sides = |cell: usize| cells[cell].map(|p| puzzle.placed(p));
    let mut found = Vec::new();
    for row in 0..rows {
        for col in 0..cols {
            let Some(here) = sides(row * cols + col) else { continue };
            if let Some(east) = (col + 1 < cols).then(|| sides(row * cols + col + 1)).flatten() {
                if !fits(here[1], east[3]) {
                    found.push(json!([row, col, "east"]));
                }
            }
            if let Some(south) = (row + 1 < rows).then(|| sides((row + 1) * cols + col)).flatten() {
                if !fits(here[2], south[0]) {
                    found.push(json!([row, col, "south"]));
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use edge_match::check::score_board;
    use edge_match::parse::{parse_puz, PuzOptions};

    use super::*;

    /// Two pieces side by side, colours 1 and 2 on their inner sides: the east side of piece 0
    /// turned by `turns` against the west side of piece 1.
    fn pair(first_turns: u8) -> (Puzzle, Vec<Option<Placement>>) {
        // N E S W: piece 0 shows 1 east, piece 1 shows 1 west.
        let puzzle =
            parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions { frame: Some(false), ..PuzOptions::default() }).unwrap();
        (puzzle, vec![Some(Placement::new(0, first_turns)), Some(Placement::new(1, 0))])
    }

    #[test]
    fn mismatched_joins_are_the_ones_the_scorer_counts() {
        let (puzzle, cells) = pair(0);
        assert_eq!(mismatches(&puzzle, &cells), Vec::<Value>::new());
        let (puzzle, cells) = pair(1);
        // Turned a quarter counter-clockwise, piece 0 shows its 1 north: the join does not fit.
        assert_eq!(mismatches(&puzzle, &cells), vec![json!([0, 0, "east"])]);
        let score = score_board(&puzzle, &cells).unwrap();
        assert!(best(&puzzle, &cells, &score).unwrap().contains(r#""mismatches":[[0,0,"east"]]"#));
        let wrong = BoardScore { mismatches: 0, ..score };
        assert!(best(&puzzle, &cells, &wrong).is_err());
    }
}
