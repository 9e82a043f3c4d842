//! `puzzle edge`: edge-matching puzzles. This module reads the input in either format (marks or
//! `.puz`) into the one model, reads the clues (`puzzle_file`, which `puzzle merge --puzzle`
//! reads through too), and hands the puzzle to the mode asked for:
//! `--verify` (here), `--split`/`--unit` (`crate::scale_out::edge_units`), `--best` (`best`), or
//! the first solution, counts and `--all` (`solve`). Every mode serves both formats; only the
//! output of the seed's marks format keeps its own shape (boxes, its JSON keys). The arguments
//! (`args`) and the shared JSON shapes (`json`) depend on nothing here, so the modules form no
//! cycle.

pub(crate) mod args;
pub(crate) mod best;
pub(crate) mod gpu;
pub(crate) mod json;
mod print;
pub(crate) mod puzzle_file;
mod solve;

use std::io::Write;

use edge_match::{Placement, Puzzle};

pub(crate) use args::{EdgeArgs, Job, OrderArg};

use crate::input::{BadInput, Input};
use puzzle_file::{PuzzleRead, EDGE_INPUT_LIMIT};

/// Runs `puzzle edge`.
pub(crate) fn run(args: &EdgeArgs, out: &mut impl Write) -> anyhow::Result<()> {
    check_files(args)?;
    let input = Input::read_at_most(args.file.path.as_deref(), EDGE_INPUT_LIMIT)?;
    let how = PuzzleRead {
        format: args.format,
        size: args.size,
        no_rotate: args.no_rotate,
        frame: args.frame,
        no_frame: args.no_frame,
        clue: args.clue.as_deref(),
    };
    let (puzzle, clues) = puzzle_file::read(&input, &how)?;
    if let Some(path) = &args.verify {
        return verify(&puzzle, path, out);
    }
    if args.gpu && !(args.count || args.distinct || args.unit.is_some()) {
        let message = "the GPU counts: give --count, --distinct or --unit with it".to_owned();
        return Err(BadInput { file: "--gpu".to_owned(), pos: None, message }.into());
    }
    let job = Job { args, puzzle, clues };
    if args.split.is_some() || args.unit.is_some() {
        return crate::scale_out::edge_units::run(&job, out);
    }
    if args.best {
        return best::run(&job, out);
    }
    solve::run(&job, out)
}

/// Refuses, before any work, an output that names an input or another output (`--resume` and
/// `--checkpoint` may name one file), and a checkpoint that is not a regular file.
fn check_files(args: &EdgeArgs) -> anyhow::Result<()> {
    use crate::paths::RunFile;
    if let Some(path) = &args.resume {
        crate::paths::check_state_file("--resume", path, true)?;
    }
    if let Some(path) = &args.checkpoint {
        crate::paths::check_state_file("--checkpoint", path, false)?;
    }
    crate::paths::check_distinct([
        RunFile::input("FILE", args.file.path.as_deref()),
        RunFile::input("--clue", args.clue.as_deref()),
        RunFile::input("--verify", args.verify.as_deref()),
        RunFile::state("--resume", args.resume.as_deref(), false, "checkpoint"),
        RunFile::output("--sol", args.sol.as_deref()),
        RunFile::output("--svg", args.svg.path.as_deref()),
        RunFile::output("--html", args.html.path.as_deref()),
        RunFile::state("--checkpoint", args.checkpoint.as_deref(), true, "checkpoint"),
    ])
}

/// `--verify`: a `.sol` file through the independent checker.
fn verify(puzzle: &Puzzle, path: &std::path::Path, out: &mut impl Write) -> anyhow::Result<()> {
    let input = Input::read_at_most(Some(path), EDGE_INPUT_LIMIT)?;
    let lines = edge_match::parse::parse_sol(&input.text).map_err(|e| input.error(e.pos, e.kind))?;
    let cells = edge_match::parse::clue_cells(puzzle, &lines).map_err(|e| input.error(e.pos, e.kind))?;
    let placements: Option<Vec<Placement>> = cells.into_iter().collect();
    let Some(placements) = placements else {
        let message = "the solution leaves cells empty".to_owned();
        return Err(BadInput { file: input.name.clone(), pos: None, message }.into());
    };
    match edge_match::check::check_solution(puzzle, &placements) {
        Ok(_) => writeln!(out, "ok")?,
        Err(err) => return Err(BadInput { file: input.name.clone(), pos: None, message: err.to_string() }.into()),
    }
    Ok(())
}
