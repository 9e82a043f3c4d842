//! `puzzle edge`: edge-matching puzzles. This module reads the input in either format (marks or
//! `.puz`) into the one model, reads the clues, and hands the puzzle to the mode asked for:
//! `--verify` (here), `--split`/`--unit` (`crate::scale_out::edge_units`), `--best` (`best`), or
//! the first solution, counts and `--all` (`solve`). Every mode serves both formats; only the
//! output of the seed's marks format keeps its own shape (boxes, its JSON keys). The arguments
//! (`args`) and the shared JSON shapes (`json`) depend on nothing here, so the modules form no
//! cycle.

mod args;
pub(crate) mod best;
pub(crate) mod gpu;
mod json;
mod print;
mod solve;

use std::io::Write;

use edge_match::{ParseErrorKind, ParseOptions, Placement, Puzzle};

pub(crate) use args::{EdgeArgs, EdgeFormatArg, OrderArg};

use crate::input::{BadInput, Input};

/// The limit of an edge-matching input's size, and why.
const EDGE_INPUT_LIMIT: Option<(usize, &str)> = Some((
    crate::input::MAX_EDGE_INPUT_BYTES,
    "far more than a puzzle of at most 1024 pieces takes (its clues and solutions too)",
));

/// Runs `puzzle edge`.
pub(crate) fn run(args: &EdgeArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let input = Input::read_at_most(args.file.path.as_deref(), EDGE_INPUT_LIMIT)?;
    let format = args.format.unwrap_or_else(|| match edge_match::detect_edge_format(&input.text) {
        edge_match::EdgeFormat::Puz => EdgeFormatArg::Puz,
        edge_match::EdgeFormat::Marks => EdgeFormatArg::Marks,
    });
    let puzzle = match format {
        EdgeFormatArg::Puz => read_puz(args, &input)?,
        EdgeFormatArg::Marks => read_marks(args, &input)?,
    };
    let clues = match &args.clue {
        None => Vec::new(),
        Some(path) => {
            let clue_input = Input::read_at_most(Some(path), EDGE_INPUT_LIMIT)?;
            let lines = edge_match::parse_sol(&clue_input.text).map_err(|e| clue_input.error(e.pos, e.kind))?;
            edge_match::clue_cells(&puzzle, &lines).map_err(|e| clue_input.error(e.pos, e.kind))?
        }
    };
    if let Some(path) = &args.verify {
        return verify(&puzzle, path, out);
    }
    if args.gpu && !(args.count || args.distinct || args.unit.is_some()) {
        let message = "the GPU counts: give --count, --distinct or --unit with it".to_owned();
        return Err(BadInput { file: "--gpu".to_owned(), pos: None, message }.into());
    }
    if args.split.is_some() || args.unit.is_some() {
        return crate::scale_out::edge_units::run(args, &puzzle, &clues, out);
    }
    if args.best {
        return best::run(args, &puzzle, &clues, out);
    }
    solve::run(args, &puzzle, &clues, out)
}

/// A `.puz` puzzle, framed as `--frame`/`--no-frame` say (else when colour 0 appears).
fn read_puz(args: &EdgeArgs, input: &Input) -> anyhow::Result<Puzzle> {
    let frame = match (args.frame, args.no_frame) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    };
    let options = edge_match::PuzOptions { frame, rotate: !args.no_rotate };
    let puzzle = edge_match::parse_puz(&input.text, &options).map_err(|e| input.error(e.pos, e.kind))?;
    // A `.puz` file gives its own size: another `--size` would be dropped without a word.
    if let Some((rows, cols)) = args.size {
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
fn read_marks(args: &EdgeArgs, input: &Input) -> anyhow::Result<Puzzle> {
    // The frame is a colour of `.puz` puzzles; a marks board's border is always free.
    if let Some(flag) = [(args.frame, "--frame"), (args.no_frame, "--no-frame")].iter().find(|(given, _)| *given) {
        let message = format!("{} works on colour puzzles (the .puz format), not on marks puzzles", flag.1);
        anyhow::bail!(BadInput { file: input.name.clone(), pos: None, message });
    }
    let options = ParseOptions { size: args.size, rotate: !args.no_rotate };
    edge_match::parse_puzzle(&input.text, &options).map_err(|err| {
        let message = match err.kind {
            ParseErrorKind::NotSquare { .. } => format!("{}; give the board's size with --size RxC", err.kind),
            _ => err.kind.to_string(),
        };
        input.error(err.pos, message).into()
    })
}

/// `--verify`: a `.sol` file through the independent checker.
fn verify(puzzle: &Puzzle, path: &std::path::Path, out: &mut impl Write) -> anyhow::Result<()> {
    let input = Input::read_at_most(Some(path), EDGE_INPUT_LIMIT)?;
    let lines = edge_match::parse_sol(&input.text).map_err(|e| input.error(e.pos, e.kind))?;
    let cells = edge_match::clue_cells(puzzle, &lines).map_err(|e| input.error(e.pos, e.kind))?;
    let placements: Option<Vec<Placement>> = cells.into_iter().collect();
    let Some(placements) = placements else {
        let message = "the solution leaves cells empty".to_owned();
        return Err(BadInput { file: input.name.clone(), pos: None, message }.into());
    };
    match edge_match::check_solution(puzzle, &placements) {
        Ok(_) => writeln!(out, "ok")?,
        Err(err) => return Err(BadInput { file: input.name.clone(), pos: None, message: err.to_string() }.into()),
    }
    Ok(())
}
