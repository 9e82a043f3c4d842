//! Reading an edge-matching puzzle file as `puzzle edge` reads it: the format (given or
//! detected), the size of a marks board, the frame of a `.puz` board, whether pieces turn, and
//! the clues. `puzzle edge` and `puzzle merge --puzzle` (which checks the boards of workers'
//! outputs against the pieces) read a puzzle through the same code, so both see one puzzle.

use std::path::Path;

use edge_match::parse::{ParseErrorKind, ParseOptions};
use edge_match::{Placement, Puzzle};

use super::args::EdgeFormatArg;
use crate::input::{BadInput, Input};

/// The limit of an edge-matching input's size, and why.
pub(crate) const EDGE_INPUT_LIMIT: Option<(usize, &str)> = Some((
    crate::input::MAX_EDGE_INPUT_BYTES,
    "far more than a puzzle of at most 1024 pieces takes (its clues and solutions too)",
));

/// The flags that decide the puzzle a file holds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PuzzleRead<'a> {
    /// `--format`; detected when absent.
    pub(crate) format: Option<EdgeFormatArg>,
    /// `--size` (marks boards; a `.puz` file gives its own, which must agree).
    pub(crate) size: Option<(usize, usize)>,
    /// `--no-rotate`.
    pub(crate) no_rotate: bool,
    /// `--frame` and `--no-frame` (`.puz` boards only).
    pub(crate) frame: bool,
    pub(crate) no_frame: bool,
    /// `--clue`.
    pub(crate) clue: Option<&'a Path>,
}

/// The puzzle in `input` and its clues (one entry per cell, row-major), read as `how` says.
pub(crate) fn read(input: &Input, how: &PuzzleRead<'_>) -> anyhow::Result<(Puzzle, Vec<Option<Placement>>)> {
    let format = how.format.unwrap_or_else(|| match edge_match::parse::detect_edge_format(&input.text) {
        edge_match::parse::EdgeFormat::Puz => EdgeFormatArg::Puz,
        edge_match::parse::EdgeFormat::Marks => EdgeFormatArg::Marks,
    });
    let puzzle = match format {
        EdgeFormatArg::Puz => read_puz(how, input)?,
        EdgeFormatArg::Marks => read_marks(how, input)?,
    };
    let clues = match how.clue {
        None => Vec::new(),
        Some(path) => {
            let clue_input = Input::read_at_most(Some(path), EDGE_INPUT_LIMIT)?;
            let lines = edge_match::parse::parse_sol(&clue_input.text).map_err(|e| clue_input.error(e.pos, e.kind))?;
            edge_match::parse::clue_cells(&puzzle, &lines).map_err(|e| clue_input.error(e.pos, e.kind))?
        }
    };
    Ok((puzzle, clues))
}

/// A `.puz` puzzle, framed as `--frame`/`--no-frame` say (else when colour 0 appears).
fn read_puz(how: &PuzzleRead<'_>, input: &Input) -> anyhow::Result<Puzzle> {
    let frame = match (how.frame, how.no_frame) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    };
    let options = edge_match::parse::PuzOptions { frame, rotate: !how.no_rotate };
    let puzzle = edge_match::parse::parse_puz(&input.text, &options).map_err(|e| input.error(e.pos, e.kind))?;
    // A `.puz` file gives its own size: another `--size` would be dropped without a word.
    if let Some((rows, cols)) = how.size {
        if (rows, cols) != (puzzle.rows(), puzzle.cols()) {
            let message = format!(
                "the puzzle in {} is {}x{} (a .puz file gives its own size)",
                input.name,
                puzzle.rows(),
                puzzle.cols()
            );
            anyhow::bail!(BadInput { file: format!("--size {rows}x{cols}"), pos: None, message });
        }
    }
    Ok(puzzle)
}

/// A marks puzzle, of the size `--size` gives (else square).
fn read_marks(how: &PuzzleRead<'_>, input: &Input) -> anyhow::Result<Puzzle> {
    // The frame is a colour of `.puz` puzzles; a marks board's border is always free.
    if let Some(flag) = [(how.frame, "--frame"), (how.no_frame, "--no-frame")].iter().find(|(given, _)| *given) {
        let message = format!("{} works on colour puzzles (the .puz format), not on marks puzzles", flag.1);
        anyhow::bail!(BadInput { file: input.name.clone(), pos: None, message });
    }
    let options = ParseOptions { size: how.size, rotate: !how.no_rotate };
    edge_match::parse::parse_puzzle(&input.text, &options).map_err(|err| {
        let message = match err.kind {
            ParseErrorKind::NotSquare { .. } => format!("{}; give the board's size with --size RxC", err.kind),
            _ => err.kind.to_string(),
        };
        input.error(err.pos, message).into()
    })
}
