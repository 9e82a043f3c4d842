//! `puzzle merge` of several `puzzle edge --best --json` runs: every line read back into its
//! type ([`crate::edge::json::best`]), its hash and its board checked, and the line of the best
//! board kept as it was written.

use std::io::Write;

use crate::edge::json::best::{BestLine, ImprovementJson, RunUnit};
use crate::input::BadInput;

/// Why a line of a `--best --json` run is refused: a hash that does not match its puzzle and
/// fields, or a board that contradicts itself (a wrong size, a piece out of range or used
/// twice, a count of pieces placed or of joins that is not the board's).
fn line_refusal(text: &str, line: &BestLine) -> anyhow::Result<Option<String>> {
    let (fields, hash) = match super::seal::unseal(text) {
        Ok(unsealed) => unsealed,
        Err(refused) => return Ok(Some(refused)),
    };
    let unit = serde_json::to_string(&RunUnit { puzzle: line.puzzle() })?;
    if let Some(refused) = super::seal::refusal(&unit, &fields.line(), &hash) {
        return Ok(Some(refused));
    }
    Ok(match line {
        BestLine::End(_) => None,
        BestLine::Board(board) => board_refusal(board),
    })
}

/// What a board line says against itself, if anything.
fn board_refusal(board: &ImprovementJson) -> Option<String> {
    let ImprovementJson { rows, cols, cells, edges, edges_matching: matching, mismatches, placed, .. } = *board;
    if rows.checked_mul(cols) != Some(cells) || cells == 0 {
        return Some(format!("a {rows}x{cols} board has not {cells} cells"));
    }
    // The placements first: their number bounds the board's size before anything is counted.
    if board.placements.len() != cells {
        return Some(format!("expected \"placements\": one entry for each of the {cells} cells"));
    }
    if edges != rows * (cols - 1) + cols * (rows - 1) {
        return Some(format!("a {rows}x{cols} board has not {edges} joins"));
    }
    let mut used = vec![false; cells];
    let mut filled = vec![false; cells];
    for (cell, entry) in board.placements.iter().enumerate() {
        let Some(entry) = entry else { continue };
        if entry.piece >= cells || entry.rotation >= 4 {
            return Some(format!("cell {cell}: expected null or a piece below {cells} turned 0 to 3"));
        }
        if std::mem::replace(&mut used[entry.piece], true) {
            return Some(format!("piece {} is placed twice", entry.piece));
        }
        filled[cell] = true;
    }
    let count = filled.iter().filter(|&&f| f).count();
    if count != placed {
        return Some(format!("\"placed\" says {placed} pieces, but the placements hold {count}"));
    }
    // Each join between two filled cells either matches or not.
    let joins = (0..cells)
        .filter(|&cell| filled[cell])
        .map(|cell| {
            let east = cell % cols + 1 < cols && filled[cell + 1];
            let south = cell + cols < cells && filled[cell + cols];
            usize::from(east) + usize::from(south)
        })
        .sum::<usize>();
    if matching + mismatches != joins {
        return Some(format!(
            "{matching} joins matching and {mismatches} not make {}, but the placements have {joins} joins between pieces",
            matching + mismatches
        ));
    }
    None
}

/// `puzzle merge` over `--best --json` outputs: the line of the best board (most joins matching,
/// the first of equals), as it was written, with `against` every board checked against the
/// pieces first. Every record is `(place, text)`.
pub(crate) fn merge(
    records: &[(String, &str)],
    against: Option<&super::against::Against>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let mut best: Option<(usize, &str)> = None;
    let mut shape: Option<(usize, usize, &str)> = None;
    let mut puzzle: Option<(String, &str)> = None;
    for (place, text) in records {
        crate::interrupt::poll_merge()?;
        let line: BestLine = serde_json::from_str(text).map_err(|_| {
            let message =
                "expected a line of `puzzle edge --best --json` (with \"edges_matching\", \"rows\", \"cols\" \
                           and \"placements\")";
            bad(place, message.to_owned())
        })?;
        // A run's last line holds no board, but is of the run's puzzle too.
        if let BestLine::Board(board) = &line {
            match shape {
                None => shape = Some((board.rows, board.cols, place)),
                Some((r, c, first)) if (r, c) != (board.rows, board.cols) => {
                    let (rows, cols) = (board.rows, board.cols);
                    return Err(bad(place, format!("a {rows}x{cols} board, but {first} has a {r}x{c} one")));
                }
                Some(_) => {}
            }
        }
        if let Some(refused) = line_refusal(text, &line)? {
            return Err(bad(place, refused));
        }
        let key = line.puzzle();
        match &puzzle {
            None => puzzle = Some((key.to_owned(), place)),
            Some((first, from)) if first != key => {
                let message =
                    format!("a line of puzzle {key}, but {from} is of puzzle {first}: merge the runs of one puzzle");
                return Err(bad(place, message));
            }
            Some(_) => {}
        }
        let BestLine::Board(board) = &line else { continue };
        if let Some(against) = against {
            if puzzle.as_ref().is_some_and(|(_, from)| *from == place.as_str()) {
                against.check_key(key, edge_match::Mode::Plain)?;
            }
            let cells: Vec<_> =
                board.placements.iter().map(|cell| cell.as_ref().map(edge_match::Placement::from)).collect();
            if let Some(wrong) = against.board_refusal(&cells, board.edges_matching, board.mismatches) {
                return Err(bad(place, wrong));
            }
        }
        if best.is_none_or(|(b, _)| board.edges_matching > b) {
            best = Some((board.edges_matching, text));
        }
    }
    let Some((_, text)) = best else {
        // Runs that ended before their first board (a signal, a time limit) have nothing to
        // merge: not an empty answer.
        let message = "nothing to merge: the `--best` outputs hold no board, only the ends of their runs".to_owned();
        return Err(bad("puzzle merge", message));
    };
    writeln!(out, "{text}")?;
    Ok(())
}

fn bad(file: &str, message: String) -> anyhow::Error {
    BadInput { file: file.to_owned(), pos: None, message }.into()
}
