//! `puzzle slide`: sliding puzzles of any size in the judge, grid and lines formats, answered
//! optimally, in parallel, and checked before printing.
//!
//! The arguments (`args`) become the run's settings once (`settings`); this module reads the
//! input in its format and hands the boards, chunk by chunk, to the batch (`batch`), which
//! solves them with the library's planner under the run's limits (`limited_planner`) and hands
//! each answer to the printer of the output format (`print`). `--split` and `--unit` are in
//! `crate::scale_out::slide_units`.

use std::io::Write;
use std::path::Path;

use puzzle_core::text::Pos;
use sliding::parse::Format;
use sliding::{Goal, GoalKind};

use crate::input::{Input, Reported};
use crate::pdb_cache::PdbCache;
use crate::stream::LineStream;

mod args;
mod batch;
mod limited_planner;
mod moves;
pub(crate) mod print;
pub(crate) mod settings;
pub(crate) mod status;
pub(crate) use args::{SlideArgs, SlideFormat};
pub(crate) use batch::Item;
use batch::{Batch, CHUNK};
use limited_planner::LimitedPlanner;
use print::Printer;
use settings::{Mode, SlideSettings};

/// Runs `puzzle slide`.
///
/// The lines format and judge B are read a line at a time and answered in chunks, so an input
/// of any length needs memory only for a chunk; the other formats are read whole.
pub(crate) fn run(args: &SlideArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let settings = SlideSettings::new(args);
    judge_size(&settings)?;
    check_files(&settings)?;
    if let (Mode::Unit { line, found_file }, None) = (&settings.mode, &settings.file) {
        return crate::scale_out::slide_units::run_units(line, found_file.as_deref(), &settings, None, out);
    }
    let (stream, format) = open_batch(settings.file.as_deref(), settings.format, settings.size)?;
    let goal = read_goal(&settings.goal)?;
    let tables = PdbCache::default();
    let mut batch = Batch {
        planner: LimitedPlanner::new(&settings, goal.clone(), &tables),
        goal,
        printer: Printer::new(&settings),
        answered: 0,
        bad_input: false,
        strips: settings.svg.as_ref().map(|_| crate::svg::slide::Strips::default()),
        page: settings.html.as_ref().map(|_| crate::html::slide::Boards::default()),
        held: Vec::new(),
        held_from: None,
    };
    let batch_error = read_boards(stream, format, settings.size, &mut |name, format, items| {
        batch.answer(&settings, format, name, items, out)
    })?;
    batch.finish(&settings, out)?;
    if let (Some(path), Some(strips)) = (&settings.svg, &batch.strips) {
        crate::svg::write(path, &strips.render())?;
    }
    if let (Some(path), Some(page)) = (&settings.html, &batch.page) {
        crate::html::write(path, &page.render())?;
    }
    if let Some(err) = batch_error {
        out.flush()?;
        crate::output::eprintln_or_drop!("error: {err}");
        batch.bad_input = true;
    }
    if batch.bad_input {
        return Err(Reported.into());
    }
    Ok(())
}

/// Refuses a `--size` the format would drop without a word: judge A and judge B boards are 3x3
/// by definition (`--size 3x3` is accepted), and a grid gives each board its own size.
/// The batch input at `path` (standard input when `None`) and its format: as `--format` gives
/// it, the lines format with `--size`, else detected.
pub(crate) fn open_batch(
    path: Option<&std::path::Path>,
    format: Option<Format>,
    size: Option<(usize, usize)>,
) -> anyhow::Result<(LineStream, Format)> {
    let mut stream = LineStream::open(path)?;
    let format = match (format, size) {
        (Some(format), _) => format,
        (None, Some(_)) => Format::Lines,
        // Told once, from the first lines: they tell judge B, judge A (three lines of three
        // numbers, and no fourth) and grids apart as the whole text would.
        (None, None) => stream
            .first_non_blank(sliding::parse::DETECT_LINES)?
            .map_or(Format::Grid, |text| sliding::parse::detect_format(&text)),
    };
    Ok((stream, format))
}

/// What [`read_boards`] hands each chunk of boards to: the input's name, its format, the boards.
pub(crate) type EachChunk<'a> = dyn FnMut(&str, Format, Vec<Item>) -> anyhow::Result<()> + 'a;

/// Reads the boards of a batch input in `format` (as [`open_batch`] gave it) from `stream`,
/// handing them to `each` with the input's name, in order and in chunks (the lines formats a
/// chunk at a time, as they are read); returns the error of the whole input (judge B's count),
/// if any. What `puzzle slide` answers, and what `puzzle merge --input` checks shards against.
pub(crate) fn read_boards(
    mut stream: LineStream,
    format: Format,
    size: Option<(usize, usize)>,
    each: &mut EachChunk<'_>,
) -> anyhow::Result<Option<crate::input::BadInput>> {
    let mut batch_error = None;
    match format {
        Format::Lines => {
            let Some((rows, cols)) = size else {
                let message = "the lines format needs the board size: give --size RxC (for example 4x4)".to_owned();
                return Err(crate::input::BadInput { file: "--format lines".to_owned(), pos: None, message }.into());
            };
            let mut any = false;
            let mut chunk = Vec::new();
            while let Some(line) = stream.next_line()? {
                if let Some(entry) = sliding::parse::parse_line(&line.as_line(), rows, cols) {
                    chunk
                        .push(Item { label: entry.label, board: entry.board.map_err(|e| stream.error(e.pos, e.kind)) });
                }
                if chunk.len() == CHUNK {
                    any = true;
                    each(&stream.name, format, std::mem::take(&mut chunk))?;
                }
            }
            if !any && chunk.is_empty() {
                return Err(stream.error(Pos::new(1, 1), sliding::parse::ParseErrorKind::Empty).into());
            }
            each(&stream.name, format, chunk)?;
        }
        Format::JudgeB => {
            let mut reader = sliding::parse::JudgeBReader::default();
            let mut chunk = Vec::new();
            while !reader.is_done() {
                let Some(line) = stream.next_line()? else { break };
                if let Some(board) = reader.push(line.as_line()).map_err(|e| stream.error(e.pos, e.kind))? {
                    chunk.push(Item { label: None, board: board.map_err(|e| stream.error(e.pos, e.kind)) });
                }
                if chunk.len() == CHUNK {
                    each(&stream.name, format, std::mem::take(&mut chunk))?;
                }
            }
            let end = reader.finish().map_err(|e| stream.error(e.pos, e.kind))?;
            chunk.extend(
                end.last_board.map(|board| Item { label: None, board: board.map_err(|e| stream.error(e.pos, e.kind)) }),
            );
            batch_error = end.batch_error.map(|err| stream.error(err.pos, err.kind));
            each(&stream.name, format, chunk)?;
        }
        Format::JudgeA | Format::Grid => {
            let input = stream.into_input()?;
            let items = if format == Format::JudgeA {
                let board = sliding::parse::parse_judge_a(&input.text).map_err(|e| input.error(e.pos, e.kind))?;
                vec![Item { label: None, board: Ok(board) }]
            } else {
                let entries = sliding::parse::parse_grid(&input.text).map_err(|e| input.error(e.pos, e.kind))?.entries;
                entries
                    .into_iter()
                    .map(|e| Item { label: e.label, board: e.board.map_err(|e| input.error(e.pos, e.kind)) })
                    .collect()
            };
            each(&input.name, format, items)?;
        }
    }
    Ok(batch_error)
}

fn judge_size(settings: &SlideSettings) -> anyhow::Result<()> {
    let Some((rows, cols)) = settings.size else { return Ok(()) };
    let message = match settings.format {
        Some(Format::JudgeA) if (rows, cols) != (3, 3) => "--format judge-a boards are 3x3",
        Some(Format::JudgeB) if (rows, cols) != (3, 3) => "--format judge-b boards are 3x3",
        Some(Format::Grid) => {
            "--format grid boards give their own size (a row of tiles per line); --size is for --format lines"
        }
        _ => return Ok(()),
    };
    Err(crate::input::BadInput { file: format!("--size {rows}x{cols}"), pos: None, message: message.to_owned() }.into())
}

/// Refuses, before any work, an output that names an input or another output, and a
/// `--found-file` that is not a regular file.
fn check_files(settings: &SlideSettings) -> anyhow::Result<()> {
    use crate::paths::RunFile;
    let goal_file =
        (!matches!(settings.goal.as_str(), "blank-last" | "blank-first")).then(|| Path::new(&settings.goal));
    let found_file = match &settings.mode {
        Mode::Unit { found_file, .. } => found_file.as_deref(),
        _ => None,
    };
    if let Some(path) = found_file {
        crate::paths::check_state_file("--found-file", path, false)?;
    }
    crate::paths::check_distinct([
        RunFile::input("FILE", settings.file.as_deref()),
        RunFile::input("--goal", goal_file),
        RunFile::output("--svg", settings.svg.as_deref()),
        RunFile::output("--html", settings.html.as_deref()),
        RunFile::output("--found-file", found_file),
    ])
}

/// The goal of `--goal`: a name, or a file holding one goal board.
fn read_goal(goal: &str) -> anyhow::Result<Goal> {
    Ok(match goal {
        "blank-last" => Goal::Kind(GoalKind::BlankLast),
        "blank-first" => Goal::Kind(GoalKind::BlankFirst),
        path => {
            let input = Input::read(Some(std::path::Path::new(path)))?;
            Goal::Board(sliding::parse::parse_goal(&input.text).map_err(|e| input.error(e.pos, e.kind))?)
        }
    })
}
