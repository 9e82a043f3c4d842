//! `puzzle slide`: 3×3 sliding puzzles in the judge formats, answered byte-exactly.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};
use serde::Serialize;
use sliding::{Answer, Board, Format};

use crate::input::{BadInput, Input, Reported};

/// Arguments of `puzzle slide`.
#[derive(Debug, Args)]
pub struct SlideArgs {
    /// The puzzle file; standard input when absent or `-`
    pub file: Option<PathBuf>,
    /// The input format; detected from the first line when absent (a lone number `T` means
    /// judge-b)
    #[arg(long, value_enum)]
    pub format: Option<SlideFormat>,
    /// Also print an optimal path after each answer: the letters U, D, L, R say where the blank
    /// moves
    #[arg(long)]
    pub path: bool,
    /// Print one JSON object per board per line: {"solvable", "moves", "path"}
    #[arg(long)]
    pub json: bool,
}

/// The input formats of `puzzle slide`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SlideFormat {
    /// BOJ 1525: three rows of three integers 0-8, 0 the blank; prints the moves or -1
    JudgeA,
    /// BOJ 11112: a count T, then T boards of three rows like `1#3`; prints the moves or
    /// `impossible` per board
    JudgeB,
}

/// One board's answer as JSON.
#[derive(Serialize)]
struct JsonAnswer {
    solvable: bool,
    moves: Option<usize>,
    path: Option<String>,
    board: String,
}

/// Runs `puzzle slide`.
pub fn run(args: &SlideArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let input = Input::read(args.file.as_deref())?;
    let format = match args.format {
        Some(SlideFormat::JudgeA) => Format::JudgeA,
        Some(SlideFormat::JudgeB) => Format::JudgeB,
        None => sliding::detect_format(&input.text),
    };
    match format {
        Format::JudgeA => {
            let board = sliding::parse_judge_a(&input.text).map_err(|e| input.error(e.pos, e.kind))?;
            write_answer(out, args, format, &board)
        }
        Format::JudgeB => {
            let batch = sliding::parse_judge_b(&input.text).map_err(|e| input.error(e.pos, e.kind))?;
            let mut bad_input = false;
            for entry in &batch.boards {
                match entry {
                    Ok(board) => write_answer(out, args, format, board)?,
                    Err(err) => {
                        // The board is reported in its place so the other answers keep their lines.
                        let bad = input.error(err.pos, &err.kind);
                        write_error(out, args, &bad)?;
                        bad_input = true;
                    }
                }
            }
            if let Some(err) = &batch.batch_error {
                out.flush()?;
                eprintln!("error: {}", input.error(err.pos, &err.kind));
                bad_input = true;
            }
            if bad_input {
                return Err(Reported.into());
            }
            Ok(())
        }
    }
}

/// Solves `board`, checks the answer, and writes its line.
fn write_answer(out: &mut impl Write, args: &SlideArgs, format: Format, board: &Board) -> anyhow::Result<()> {
    let goal = sliding::judge_goal(board);
    let answer = sliding::solve(board, &goal, &search::Limits::NONE)?;
    sliding::check(board, &goal, &answer).with_context(|| format!("wrong answer for {board}"))?;
    let path = match &answer {
        Answer::Solved(path) => Some(sliding::path_letters(path)),
        Answer::Unsolvable => None,
        Answer::GaveUp => anyhow::bail!("the search gave up on {board} without a limit"),
    };
    if args.json {
        let json = JsonAnswer {
            solvable: path.is_some(),
            moves: path.as_ref().map(String::len),
            path: path.clone(),
            board: board.to_string(),
        };
        serde_json::to_writer(&mut *out, &json)?;
        writeln!(out)?;
        return Ok(());
    }
    match (path, format) {
        (Some(path), _) if args.path && !path.is_empty() => writeln!(out, "{} {path}", path.len())?,
        (Some(path), _) => writeln!(out, "{}", path.len())?,
        (None, Format::JudgeA) => writeln!(out, "-1")?,
        (None, Format::JudgeB) => writeln!(out, "impossible")?,
    }
    Ok(())
}

/// Writes a bad board in its place: `error: …` on stdout (or `{"error": …}`), and on stderr.
fn write_error(out: &mut impl Write, args: &SlideArgs, bad: &BadInput) -> anyhow::Result<()> {
    if args.json {
        serde_json::to_writer(&mut *out, &serde_json::json!({ "error": bad.to_string() }))?;
        writeln!(out)?;
    } else {
        writeln!(out, "error: {bad}")?;
    }
    out.flush()?;
    eprintln!("error: {bad}");
    Ok(())
}
