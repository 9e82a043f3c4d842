//! `puzzle slide`: sliding puzzles of any size in the judge, grid and lines formats, answered
//! optimally, in parallel, and checked before printing.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::{Args, ValueEnum};
use puzzle_core::Pos;
use rayon::prelude::*;
use serde::Serialize;
use sliding::{Board, Format, Goal, GoalKind, HeuristicKind, PlanError};

use crate::input::{BadInput, Input, Reported};
use crate::pdb_cache::Tables;
use crate::stream::LineStream;

mod moves;
mod outcome;
mod units;
use outcome::{Kind, Outcome, Printed};
pub use units::merge as merge_units;

/// Arguments of `puzzle slide`.
#[derive(Debug, Args)]
pub struct SlideArgs {
    /// The puzzle file; standard input when absent or `-`
    pub file: Option<PathBuf>,
    /// The input format; detected when absent: a lone number `T` first means judge-b, one 3×3
    /// board of numbers judge-a, `--size` lines, anything else grid
    #[arg(long, value_enum)]
    pub format: Option<SlideFormat>,
    /// The board size for the lines format, as RxC (for example 4x4)
    #[arg(long, value_parser = crate::values::parse_slide_size)]
    pub size: Option<(usize, usize)>,
    /// The goal: blank-last (1 2 … N-1 _), blank-first (_ 1 2 … N-1, Korf's convention), or a
    /// file holding one goal board in the grid format
    #[arg(long, default_value = "blank-last")]
    pub goal: String,
    /// The lower bound that guides the search; by default pattern databases up to 25 cells
    /// (built once and cached), linear conflict beyond, and a complete table for the judges' 3×3
    #[arg(long, value_enum)]
    pub heuristic: Option<HeuristicArg>,
    /// Answer at once instead of optimally: a valid solution for a board of any size (a shuffled
    /// 300×300 board in seconds, a 1000×1000 one in minutes, in little memory) by the
    /// constructive solver, marked not optimal, with a lower bound on the optimum. The moves are
    /// checked as they are printed; should a check fail (a bug), the output stops there,
    /// incomplete, with an internal error (exit 2)
    #[arg(long, conflicts_with = "heuristic")]
    pub fast: bool,
    /// Answer within W times the optimum (W at least 1, in hundredths: 1.5, 1.25; 1 is the
    /// optimal default): weighted IDA* with the same admissible bounds, guaranteed by the
    /// search, often far sooner on big boards; marked when not proven optimal, with a lower
    /// bound on the optimum
    #[arg(long, value_name = "W", value_parser = parse_weight, conflicts_with = "fast")]
    pub within: Option<sliding::Weight>,
    /// Give up on a board after this many search nodes
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Give up on a board after this many seconds
    #[arg(long, value_name = "SECONDS", value_parser = crate::values::parse_seconds)]
    pub time_limit: Option<Duration>,
    /// Also print an optimal path after each answer: the letters U, D, L, R say where the blank
    /// moves
    #[arg(long)]
    pub path: bool,
    /// Print one JSON object per board per line: {"label" (lines format), "solvable", "moves",
    /// "path", "board", "status" (solved, unsolvable or gave up), "nodes", "optimal" (the path
    /// is proven shortest), "lower_bound" (proven; equal to moves when optimal)}
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub jobs: crate::jobs::JobsArg,
    /// Solve only the K-th of N interleaved parts of the batch (the boards i, from 0, with
    /// i mod N = K-1); needs --json, whose lines then start with "index" (the board's place in
    /// the input) and "total" (boards in the input) for `puzzle merge`
    #[arg(long, value_name = "K/N", value_parser = crate::shard::parse_shard, requires = "json")]
    pub shard: Option<crate::shard::Shard>,
    /// Write the work units of the one board's optimal search, cut at DEPTH moves, as JSON
    /// lines (round 1 of rounds of IDA*: each unit searches to one bound), for `--unit` on many
    /// machines and `puzzle merge`, which gives the answer or the next round's units
    /// (docs/scale-out.md); the answer itself when the board needs no search
    #[arg(long, value_name = "DEPTH", conflicts_with_all = ["unit", "shard", "fast", "within", "svg", "path"])]
    pub split: Option<usize>,
    /// Search one work unit of `--split` or of `puzzle merge` (a JSON line) and print its result
    /// as a JSON line; `-` reads unit lines from standard input, solved on --jobs threads. The
    /// board is in the line: a FILE given too must hold the same board
    #[arg(long, value_name = "LINE", conflicts_with_all = ["shard", "fast", "within", "svg", "heuristic", "path"])]
    pub unit: Option<String>,
    /// With --unit: write in FILE the number of a unit that reaches the goal, and skip the units
    /// after the one FILE names (workers of one round sharing FILE stop early; the answer does
    /// not change)
    #[arg(long, value_name = "FILE", requires = "unit")]
    pub found_file: Option<PathBuf>,
    /// Add each board's solving time in seconds: after the answer in text, as "seconds" in JSON
    /// (for benchmarks; it makes the output vary from run to run)
    #[arg(long)]
    pub timings: bool,
    /// Also draw each board as SVG to FILE: the first board, the goal and the moves (at most 20
    /// boards of a batch)
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// The input formats of `puzzle slide`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SlideFormat {
    /// BOJ 1525: three rows of three integers 0-8, 0 the blank; prints the moves or -1
    JudgeA,
    /// BOJ 11112: a count T, then T boards of three rows like `1#3`; prints the moves or
    /// `impossible` per board
    JudgeB,
    /// Boards of any size: rows of integers (blank 0, `_` or `#`), boards separated by blank
    /// lines
    Grid,
    /// One board per line with --size: the last R·C numbers are the tiles, earlier fields a label
    /// echoed in the output; `#` starts a comment line
    Lines,
}

/// The heuristics of `--heuristic`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HeuristicArg {
    /// Manhattan distance
    Manhattan,
    /// Manhattan distance plus linear conflicts
    LinearConflict,
    /// Additive pattern databases (7-8 on 4×4, 6-6-6-6 on 5×5), with mirrored lookups
    Pdb,
}

/// `--within W`: a number at least 1.
fn parse_weight(text: &str) -> Result<sliding::Weight, String> {
    text.parse::<sliding::Weight>().map_err(|err| format!("`{}`: {err}", puzzle_core::text::excerpt(text)))
}

/// One board's answer as JSON.
#[derive(Serialize)]
struct JsonAnswer<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'a str>,
    solvable: bool,
    moves: Option<u64>,
    path: Option<String>,
    board: String,
    status: &'static str,
    nodes: u64,
    optimal: bool,
    lower_bound: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seconds: Option<f64>,
}

/// One board of the input, read or refused.
struct Item {
    label: Option<String>,
    board: Result<Board, BadInput>,
}

/// Boards solved (in parallel) and printed together when a batch is read a line at a time.
const CHUNK: usize = 4096;

/// Runs `puzzle slide`.
///
/// The lines format and judge B are read a line at a time and answered in chunks, so an input
/// of any length needs memory only for a chunk; the other formats are read whole.
pub fn run(args: &SlideArgs, out: &mut impl Write) -> anyhow::Result<()> {
    if let (Some(unit), None) = (&args.unit, &args.file) {
        return units::run_units(args, unit, None, out);
    }
    let mut stream = LineStream::open(args.file.as_deref())?;
    let format = match (args.format, args.size) {
        (Some(SlideFormat::JudgeA), _) => Format::JudgeA,
        (Some(SlideFormat::JudgeB), _) => Format::JudgeB,
        (Some(SlideFormat::Grid), _) => Format::Grid,
        (Some(SlideFormat::Lines), _) | (None, Some(_)) => Format::Lines,
        // The first line tells judge B; judge A and grids are told apart on the whole text below.
        (None, None) => stream.first_non_blank()?.map_or(Format::Grid, sliding::detect_format),
    };
    let goal = read_goal(&args.goal)?;
    let tables = Tables::default();
    let mut batch = Batch {
        solver: Solver::new(args, goal, &tables),
        answered: 0,
        bad_input: false,
        strips: args.svg.as_ref().map(|_| crate::svg::slide::Strips::default()),
        held: Vec::new(),
        held_from: None,
    };
    let mut batch_error = None;
    match format {
        Format::Lines => {
            let (rows, cols) = args.size.context("the lines format needs --size RxC")?;
            let mut chunk = Vec::new();
            while let Some(line) = stream.next_line()? {
                if let Some(entry) = sliding::parse_line(&line.as_line(), rows, cols) {
                    chunk
                        .push(Item { label: entry.label, board: entry.board.map_err(|e| stream.error(e.pos, e.kind)) });
                }
                if chunk.len() == CHUNK {
                    batch.answer(args, format, &stream.name, std::mem::take(&mut chunk), out)?;
                }
            }
            if batch.answered == 0 && batch.held.is_empty() && chunk.is_empty() {
                return Err(stream.error(Pos::new(1, 1), sliding::ParseErrorKind::Empty).into());
            }
            batch.answer(args, format, &stream.name, chunk, out)?;
        }
        Format::JudgeB => {
            let mut reader = sliding::JudgeBReader::default();
            let mut chunk = Vec::new();
            while !reader.is_done() {
                let Some(line) = stream.next_line()? else { break };
                if let Some(board) = reader.push(line.as_line()).map_err(|e| stream.error(e.pos, e.kind))? {
                    chunk.push(Item { label: None, board: board.map_err(|e| stream.error(e.pos, e.kind)) });
                }
                if chunk.len() == CHUNK {
                    batch.answer(args, format, &stream.name, std::mem::take(&mut chunk), out)?;
                }
            }
            let end = reader.finish().map_err(|e| stream.error(e.pos, e.kind))?;
            chunk.extend(
                end.last_board.map(|board| Item { label: None, board: board.map_err(|e| stream.error(e.pos, e.kind)) }),
            );
            batch_error = end.batch_error.map(|err| stream.error(err.pos, err.kind));
            batch.answer(args, format, &stream.name, chunk, out)?;
        }
        Format::JudgeA | Format::Grid => {
            let input = stream.into_input()?;
            let format = if args.format.is_none() { sliding::detect_format(&input.text) } else { format };
            let items = if format == Format::JudgeA {
                let board = sliding::parse_judge_a(&input.text).map_err(|e| input.error(e.pos, e.kind))?;
                vec![Item { label: None, board: Ok(board) }]
            } else {
                let entries = sliding::parse_grid(&input.text).map_err(|e| input.error(e.pos, e.kind))?.entries;
                entries
                    .into_iter()
                    .map(|e| Item { label: e.label, board: e.board.map_err(|e| input.error(e.pos, e.kind)) })
                    .collect()
            };
            batch.answer(args, format, &input.name, items, out)?;
        }
    }
    batch.finish(args, out)?;
    if let (Some(path), Some(strips)) = (&args.svg, &batch.strips) {
        crate::svg::write(path, &strips.render())?;
    }
    if let Some(err) = batch_error {
        out.flush()?;
        eprintln!("error: {err}");
        batch.bad_input = true;
    }
    if batch.bad_input {
        return Err(Reported.into());
    }
    Ok(())
}

/// The state of a run across the chunks of its input.
struct Batch<'t> {
    solver: Solver<'t>,
    /// Boards answered (or refused) so far, to number the boards of later chunks.
    answered: usize,
    /// Whether a board was refused.
    bad_input: bool,
    /// With `--svg`: the pictures of the boards so far.
    strips: Option<crate::svg::slide::Strips>,
    /// Under `--shard`: the boards read so far, and the format and file they came from.
    held: Vec<Item>,
    held_from: Option<(Format, String)>,
}

impl Batch<'_> {
    /// Solves the boards of `items` (the next chunk of the input) in parallel and prints their
    /// answers in input order. Under `--shard` the boards are only kept: a shard's lines carry
    /// the number of boards in the whole input, so [`Batch::finish`] answers them at the end.
    fn answer(
        &mut self,
        args: &SlideArgs,
        format: Format,
        name: &str,
        items: Vec<Item>,
        out: &mut impl Write,
    ) -> anyhow::Result<()> {
        if args.shard.is_some() || args.split.is_some() || args.unit.is_some() {
            self.held.extend(items);
            self.held_from = Some((format, name.to_owned()));
            return Ok(());
        }
        self.solve_chunk(args, format, name, &items, None, out)
    }

    /// Answers the boards kept under `--shard`, or splits (`--split`) or checks (`--unit` with a
    /// file) the one board kept.
    fn finish(&mut self, args: &SlideArgs, out: &mut impl Write) -> anyhow::Result<()> {
        if args.split.is_some() || args.unit.is_some() {
            let items = std::mem::take(&mut self.held);
            let name = self.held_from.take().map_or_else(|| "<input>".to_owned(), |(_, name)| name);
            let flag = if args.split.is_some() { "--split" } else { "--unit" };
            let [item] = items.as_slice() else {
                return Err(BadInput {
                    file: name,
                    pos: None,
                    message: format!("{flag} takes one board, and the input holds {}", items.len()),
                }
                .into());
            };
            let board = item.board.as_ref().map_err(Clone::clone)?;
            return match (args.split, &args.unit) {
                (Some(depth), _) => units::split(depth, board, &self.solver.planner, out),
                (None, Some(unit)) => units::run_units(args, unit, Some(board), out),
                (None, None) => unreachable!("split or unit"),
            };
        }
        if let Some((format, name)) = self.held_from.take() {
            let items = std::mem::take(&mut self.held);
            let total = items.len();
            self.solve_chunk(args, format, &name, &items, Some(total), out)?;
        }
        Ok(())
    }

    /// Solves this shard's boards of `items` on `--jobs` threads and prints their answers in
    /// input order; `total`, under `--shard`, is the number of boards in the whole input.
    fn solve_chunk(
        &mut self,
        args: &SlideArgs,
        format: Format,
        name: &str,
        items: &[Item],
        total: Option<usize>,
        out: &mut impl Write,
    ) -> anyhow::Result<()> {
        // Each board keeps its number (from 0) in the whole input.
        let selected: Vec<(usize, &Item)> =
            (self.answered..).zip(items).filter(|&(number, _)| crate::shard::selects(args.shard, number)).collect();
        self.answered += items.len();
        let solver = &self.solver;
        // On the threads `--jobs` set for the whole process.
        solver.prepare(items)?;
        // Boards answered, and the search's nodes and bound (of the board searched last).
        let ticker = crate::progress::Ticker::start(
            crate::progress::bar(
                selected.len() as u64,
                "{spinner} [{elapsed_precise}] {pos}/{len} boards {wide_bar} {msg}",
            ),
            || {
                let search = &crate::progress::SEARCH;
                let nodes = search.nodes.load(std::sync::atomic::Ordering::Relaxed);
                let bound = search.bound.load(std::sync::atomic::Ordering::Relaxed);
                format!("{} nodes, bound {bound}", crate::progress::human(nodes))
            },
        );
        let answers: Vec<anyhow::Result<Option<Result<Timed, String>>>> = selected
            .par_iter()
            .map(|(_, item)| {
                let answer = item.board.as_ref().ok().map(|board| solver.solve(board)).transpose();
                ticker.bar().inc(1);
                answer
            })
            .collect();
        drop(ticker);
        for (&(number, item), answer) in selected.iter().zip(answers) {
            let place = total.map(|total| (number, total));
            let message = match (&item.board, answer?) {
                (Ok(board), Some(Ok(solved))) => {
                    write_answer(out, args, format, item.label.as_deref(), board, &solved, place)?;
                    if let Some(strips) = &mut self.strips {
                        strips.push_answer(number + 1, item.label.as_deref(), board, &solved.answer()?);
                    }
                    continue;
                }
                (Err(bad), _) => bad.to_string(),
                (Ok(_), Some(Err(message))) => format!("{name}: board {}: {message}", number + 1),
                (Ok(_), None) => unreachable!("every good board is solved"),
            };
            write_error(out, args, item.label.as_deref(), &message, place)?;
            if let Some(strips) = &mut self.strips {
                strips.push_error(number + 1, item.label.as_deref(), &message);
            }
            self.bad_input = true;
        }
        if items.len() == CHUNK {
            // Answers of a long batch appear chunk by chunk.
            out.flush()?;
        }
        Ok(())
    }
}

fn read_goal(goal: &str) -> anyhow::Result<Goal> {
    Ok(match goal {
        "blank-last" => Goal::Kind(GoalKind::BlankLast),
        "blank-first" => Goal::Kind(GoalKind::BlankFirst),
        path => {
            let input = Input::read(Some(std::path::Path::new(path)))?;
            Goal::Board(sliding::parse_goal(&input.text).map_err(|e| input.error(e.pos, e.kind))?)
        }
    })
}

/// The library's planner with this run's limits.
struct Solver<'t> {
    planner: sliding::Solver<'t>,
    fast: bool,
    max_nodes: Option<u64>,
    time_limit: Option<Duration>,
}

impl<'t> Solver<'t> {
    fn new(args: &SlideArgs, goal: Goal, tables: &'t Tables) -> Solver<'t> {
        let mut planner = sliding::Solver::new(goal, tables);
        if args.fast {
            planner = planner.with_strategy(sliding::Strategy::Fast);
        }
        if let Some(weight) = args.within {
            planner = planner.with_strategy(sliding::Strategy::Within(weight));
        }
        if let Some(kind) = args.heuristic {
            planner = planner.with_heuristic(match kind {
                HeuristicArg::Manhattan => HeuristicKind::Manhattan,
                HeuristicArg::LinearConflict => HeuristicKind::LinearConflict,
                HeuristicArg::Pdb => HeuristicKind::Pdb,
            });
        }
        Solver { planner, fast: args.fast, max_nodes: args.max_nodes, time_limit: args.time_limit }
    }

    /// Plans the shapes of the good boards of `items` together (the table decision sees the
    /// whole chunk).
    fn prepare(&self, items: &[Item]) -> anyhow::Result<()> {
        let boards: Vec<&Board> = items.iter().filter_map(|item| item.board.as_ref().ok()).collect();
        self.planner.prepare(&boards).map_err(|err| match err {
            PlanError::PdbTooLarge { .. } => {
                BadInput { file: "--heuristic".to_owned(), pos: None, message: err.to_string() }.into()
            }
            err => anyhow::Error::from(err),
        })
    }

    /// Solves one board; the planner checks the answer. `Err` inside is a board the planner
    /// refuses (it does not fit the goal, or is too large to search without a limit).
    fn solve(&self, board: &Board) -> anyhow::Result<Result<Timed, String>> {
        let started = Instant::now();
        let limits = sliding::Limits {
            max_expanded: self.max_nodes,
            deadline: self.time_limit.map(|limit| started + limit),
            interrupt: Some(&crate::interrupt::INTERRUPTED),
            progress: Some(&crate::progress::SEARCH),
        };
        // A fast answer's path is not kept: it is made again, checked, as it is printed.
        let report = match self.fast {
            true => self.planner.solve_fast(board, &limits).map(Outcome::Fast),
            false => self.planner.solve(board, &limits).map(Outcome::Searched),
        };
        match report {
            Ok(report) => Ok(Ok(Timed { report, seconds: started.elapsed().as_secs_f64() })),
            Err(PlanError::TooLarge { shape }) => Ok(Err(format!(
                "a {shape} board is too large to search to the end (more than {} cells); give --max-nodes N or \
                 --time-limit SECONDS to search it until the limit, or --fast for a quick answer",
                sliding::planner::MAX_CELLS_WITHOUT_LIMITS
            ))),
            Err(err @ (PlanError::Solve(_) | PlanError::NoGoal { .. })) => Ok(Err(err.to_string())),
            Err(err) => Err(err.into()),
        }
    }
}

/// An answer and the time it took.
struct Timed {
    report: Outcome,
    seconds: f64,
}

/// Writes one board's answer line; `place` is the board's number and the input's size under
/// `--shard`.
fn write_answer(
    out: &mut impl Write,
    args: &SlideArgs,
    format: Format,
    label: Option<&str>,
    board: &Board,
    timed: &Timed,
    place: Option<(usize, usize)>,
) -> anyhow::Result<()> {
    let solved = Printed::of(&timed.report);
    let seconds = args.timings.then_some(timed.seconds);
    // The letters are made only when printed: a fast answer on a big board has billions of moves,
    // made again and written as they come.
    let path = solved.moves;
    let status = match solved.answer {
        Kind::Solved => "solved",
        Kind::Unsolvable => "unsolvable",
        Kind::GaveUp => "gave up",
    };
    if args.json {
        let json = JsonAnswer {
            label,
            status,
            solvable: solved.answer != Kind::Unsolvable,
            moves: path.map(|p| p.len()),
            path: path.map(|_| String::new()),
            board: board.to_string(),
            nodes: solved.nodes,
            optimal: solved.optimal,
            lower_bound: solved.lower_bound,
            seconds,
        };
        return match path {
            Some(path) => moves::write_json_line(out, &crate::shard::json_line(place, &json)?, path),
            None => crate::shard::write_json_line(out, place, &json),
        };
    }
    if let Some(label) = label {
        write!(out, "{label} ")?;
    }
    match (solved.answer, path, format) {
        (_, Some(path), _) => {
            write!(out, "{}", path.len())?;
            if !solved.optimal {
                let bound = solved.lower_bound.unwrap_or(0);
                match solved.method {
                    sliding::Method::Weighted(_, weight) => {
                        write!(out, " (within {weight}× optimal, lower bound {bound})")?
                    }
                    sliding::Method::Fast => write!(out, " (fast, not optimal, lower bound {bound})")?,
                    _ => write!(out, " (not proven optimal, lower bound {bound})")?,
                }
            }
            if args.path && path.len() > 0 {
                write!(out, " ")?;
                path.write_letters(out)?;
            }
        }
        (Kind::GaveUp, _, _) => match (solved.lower_bound, args.within) {
            (Some(bound), None) if !args.fast => {
                write!(out, "gave up (lower bound {bound}; --within 1.5 answers sooner, --fast at once)")?
            }
            (Some(bound), Some(_)) => {
                write!(out, "gave up (lower bound {bound}; a larger --within answers sooner, --fast at once)")?
            }
            _ => write!(out, "gave up")?,
        },
        (_, None, Format::JudgeA) => write!(out, "-1")?,
        (_, None, Format::JudgeB) => write!(out, "impossible")?,
        (_, None, Format::Grid | Format::Lines) => write!(out, "unsolvable")?,
    }
    if let Some(seconds) = seconds {
        write!(out, " {} nodes {seconds:.4} s", solved.nodes)?;
    }
    writeln!(out)?;
    Ok(())
}

/// Writes a bad board in its place: `error: …` on stdout (or `{"error": …}`), and on stderr.
fn write_error(
    out: &mut impl Write,
    args: &SlideArgs,
    label: Option<&str>,
    message: &str,
    place: Option<(usize, usize)>,
) -> anyhow::Result<()> {
    if args.json {
        let json = match label {
            Some(label) => serde_json::json!({ "label": label, "error": message }),
            None => serde_json::json!({ "error": message }),
        };
        crate::shard::write_json_line(out, place, &json)?;
    } else {
        if let Some(label) = label {
            write!(out, "{label} ")?;
        }
        writeln!(out, "error: {message}")?;
    }
    out.flush()?;
    eprintln!("error: {message}");
    Ok(())
}
