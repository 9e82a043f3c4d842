//! The lines of `puzzle edge --best --json` as serde types (an improvement, the run's end, the
//! unit their `"result_hash"` binds them to), and `puzzle merge` of several runs, which keeps the
//! line of the best board after checking every line's hash and board.
//!
//! The keys of both lines are in alphabetical order (the order the lines have always had), then
//! `"result_hash"`.

use std::io::Write;

use serde::Serialize;

use crate::input::BadInput;

/// A better board, as `--best --json` prints it.
#[derive(Serialize)]
pub(crate) struct Improvement<'a> {
    pub(crate) cells: usize,
    pub(crate) cols: usize,
    pub(crate) edges: usize,
    pub(crate) edges_matching: usize,
    pub(crate) elapsed_ms: f64,
    pub(crate) mismatches: usize,
    /// Placements the finding thread had made (`null` for a resumed checkpoint's board).
    pub(crate) nodes: Option<u64>,
    pub(crate) placed: usize,
    /// One entry per cell, row-major, `null` for an empty cell.
    pub(crate) placements: Vec<Option<crate::edge::json::CellJson>>,
    pub(crate) puzzle: &'a str,
    pub(crate) rows: usize,
    pub(crate) search_mismatches: Option<usize>,
    pub(crate) search_placed: Option<usize>,
    pub(crate) url: Option<String>,
}

/// The last line of a `--best --json` run.
#[derive(Serialize)]
pub(crate) struct RunEnd<'a> {
    pub(crate) breaks: String,
    pub(crate) cells: usize,
    pub(crate) edges: usize,
    pub(crate) edges_matching: usize,
    pub(crate) elapsed_ms: u64,
    /// Why the run ended, as the text output says it.
    pub(crate) end: &'a str,
    pub(crate) jobs: usize,
    pub(crate) nodes: u64,
    pub(crate) puzzle: &'a str,
    pub(crate) seed: u64,
}

/// The unit a run's lines answer, as their `"result_hash"` names it: the puzzle searched.
#[derive(Serialize)]
pub(crate) struct RunUnit<'a> {
    pub(crate) puzzle: &'a str,
}

/// [`RunUnit`] of the puzzle named `key`.
pub(crate) fn run_unit(key: &str) -> RunUnit<'_> {
    RunUnit { puzzle: key }
}

/// Why a line of a `--best --json` run is refused: a hash that does not match its puzzle and
/// fields, or a board that contradicts itself (a wrong size, a piece out of range or used
/// twice, a count of pieces placed or of joins that is not the board's).
fn line_refusal(text: &str, value: &serde_json::Value) -> anyhow::Result<Option<String>> {
    let (fields, hash) = match super::seal::unseal(text) {
        Ok(unsealed) => unsealed,
        Err(refused) => return Ok(Some(refused)),
    };
    let key = value.get("puzzle").and_then(serde_json::Value::as_str).unwrap_or_default();
    if let Some(refused) = super::seal::refusal(&serde_json::to_string(&run_unit(key))?, &fields.line(), &hash) {
        return Ok(Some(refused));
    }
    if value.get("end").is_some() {
        return Ok(None);
    }
    let number = |key: &str| value.get(key).and_then(serde_json::Value::as_u64).and_then(|n| usize::try_from(n).ok());
    let (Some(rows), Some(cols), Some(cells), Some(edges), Some(matching), Some(mismatches), Some(placed)) = (
        number("rows"),
        number("cols"),
        number("cells"),
        number("edges"),
        number("edges_matching"),
        number("mismatches"),
        number("placed"),
    ) else {
        return Ok(Some("expected the whole numbers \"rows\", \"cols\", \"cells\", \"edges\", \"edges_matching\", \"mismatches\" and \"placed\"".to_owned()));
    };
    if rows.checked_mul(cols) != Some(cells) || cells == 0 {
        return Ok(Some(format!("a {rows}x{cols} board has not {cells} cells")));
    }
    // The placements first: their number bounds the board's size before anything is counted.
    let Some(placements) = value.get("placements").and_then(serde_json::Value::as_array).filter(|p| p.len() == cells)
    else {
        return Ok(Some(format!("expected \"placements\": one entry for each of the {cells} cells")));
    };
    if edges != rows * (cols - 1) + cols * (rows - 1) {
        return Ok(Some(format!("a {rows}x{cols} board has not {edges} joins")));
    }
    let mut used = vec![false; cells];
    let mut filled = vec![false; cells];
    for (cell, entry) in placements.iter().enumerate() {
        if entry.is_null() {
            continue;
        }
        let piece = entry.get("piece").and_then(serde_json::Value::as_u64).and_then(|n| usize::try_from(n).ok());
        let rotation = entry.get("rotation").and_then(serde_json::Value::as_u64);
        match (piece, rotation) {
            (Some(piece), Some(rotation)) if piece < cells && rotation < 4 => {
                if std::mem::replace(&mut used[piece], true) {
                    return Ok(Some(format!("piece {piece} is placed twice")));
                }
                filled[cell] = true;
            }
            _ => return Ok(Some(format!("cell {cell}: expected null or a piece below {cells} turned 0 to 3"))),
        }
    }
    let count = filled.iter().filter(|&&f| f).count();
    if count != placed {
        return Ok(Some(format!("\"placed\" says {placed} pieces, but the placements hold {count}")));
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
        return Ok(Some(format!(
            "{matching} joins matching and {mismatches} not make {}, but the placements have {joins} joins between pieces",
            matching + mismatches
        )));
    }
    Ok(None)
}

/// `puzzle merge` over `--best --json` outputs: the line of the best board (most joins matching,
/// the first of equals), as it was written, with `against` every board checked against the
/// pieces first. Every record is `(place, text, value)`.
pub(crate) fn merge(
    records: &[(String, &str)],
    against: Option<&super::against::Against>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let mut best: Option<(u64, &str)> = None;
    let mut shape: Option<(u64, u64, &str)> = None;
    let mut puzzle: Option<(String, &str)> = None;
    for (place, text) in records {
        crate::interrupt::poll_merge()?;
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|err| bad(place, format!("expected JSON lines: {err}")))?;
        let value = &value;
        // A run's last line (with "end") holds no board, but is of the run's puzzle too.
        let board = if value.get("end").is_some() {
            None
        } else {
            let number = |key: &str| value.get(key).and_then(serde_json::Value::as_u64);
            let (Some(matching), Some(rows), Some(cols), Some(_)) =
                (number("edges_matching"), number("rows"), number("cols"), value.get("placements"))
            else {
                let message =
                    "expected a line of `puzzle edge --best --json` (with \"edges_matching\", \"rows\", \"cols\" \
                               and \"placements\")";
                return Err(bad(place, message.to_owned()));
            };
            match shape {
                None => shape = Some((rows, cols, place)),
                Some((r, c, first)) if (r, c) != (rows, cols) => {
                    return Err(bad(place, format!("a {rows}x{cols} board, but {first} has a {r}x{c} one")));
                }
                Some(_) => {}
            }
            Some(matching)
        };
        if let Some(refused) = line_refusal(text, value)? {
            return Err(bad(place, refused));
        }
        let key = value.get("puzzle").and_then(serde_json::Value::as_str).unwrap_or_default();
        match &puzzle {
            None => puzzle = Some((key.to_owned(), place)),
            Some((first, from)) if first != key => {
                let message =
                    format!("a line of puzzle {key}, but {from} is of puzzle {first}: merge the runs of one puzzle");
                return Err(bad(place, message));
            }
            Some(_) => {}
        }
        if let (Some(against), Some(matching)) = (against, board) {
            if puzzle.as_ref().is_some_and(|(_, from)| *from == place.as_str()) {
                against.check_key(key, edge_match::Mode::Plain)?;
            }
            let mismatches = value.get("mismatches").and_then(serde_json::Value::as_u64).unwrap_or_default();
            if let Some(wrong) = against.board_refusal(&cells_of(value), matching as usize, mismatches as usize) {
                return Err(bad(place, wrong));
            }
        }
        if let Some(matching) = board {
            if best.is_none_or(|(b, _)| matching > b) {
                best = Some((matching, text));
            }
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

/// The placements of a line that [`line_refusal`] has passed: one entry per cell.
fn cells_of(value: &serde_json::Value) -> Vec<Option<edge_match::Placement>> {
    let placements = value.get("placements").and_then(serde_json::Value::as_array).map_or(&[][..], Vec::as_slice);
    placements
        .iter()
        .map(|entry| {
            let number = |key: &str| entry.get(key).and_then(serde_json::Value::as_u64);
            let (piece, rotation) = (number("piece")?, number("rotation")?);
            Some(edge_match::Placement::new(piece as usize, rotation as u8))
        })
        .collect()
}

fn bad(file: &str, message: String) -> anyhow::Error {
    BadInput { file: file.to_owned(), pos: None, message }.into()
}
