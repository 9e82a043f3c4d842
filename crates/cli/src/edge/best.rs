//! `puzzle edge --best` for every puzzle: runs the best-board search of
//! [`edge_match::best`], scores every board it reports with the independent scorer before
//! printing it (text with `.sol` lines and a viewer link, or JSON lines), keeps the best board's
//! picture (`--svg`), writes checkpoints (`--checkpoint`, every few minutes and at the end) and
//! resumes them (`--resume`). `puzzle merge` keeps the best board of several runs
//! ([`crate::scale_out::best_runs`]).

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use edge_match::best::{BoardSearch, Breaks, Checkpoint, Control, End, Event, Settings};
use edge_match::check::{score_board, BoardScore};
use edge_match::{OrderPick, Placement, Puzzle};

use super::args::Job;
use super::EdgeArgs;
use crate::edge::json::best::{ImprovementJson, RunEnd, RunEndJson, RunUnit};
use crate::edge::json::CellJson;
use crate::input::BadInput;

/// How often `--checkpoint` is written while the search runs, unless `--checkpoint-every`.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(300);

/// The largest checkpoint `--resume` reads: 16 MiB, far more than the state of the largest board
/// (1024 cells) on the most threads takes.
const MAX_CHECKPOINT_BYTES: usize = 1 << 24;

/// Runs `--best` on `puzzle` with `clues`.
pub(crate) fn run(job: &Job<'_>, out: &mut impl Write) -> anyhow::Result<()> {
    let Job { args, puzzle, clues } = job;
    if let Some(path) = &args.checkpoint {
        // A directory the checkpoint cannot be written in is found now, not minutes in.
        crate::paths::check_writable_dir("--checkpoint", &checkpoint_target(path)?)?;
    }
    let search = match &args.resume {
        Some(path) => {
            let input = crate::paths::read_state_file("--resume", path, MAX_CHECKPOINT_BYTES)?;
            let checkpoint = Checkpoint::parse(&input.text).map_err(|e| bad(&input.name, e.to_string()))?;
            // The run's threads are rayon's pool (`--jobs` is refused with `--resume`): as many
            // as the checkpoint's, so that each of its threads runs from the start.
            let jobs = checkpoint.settings().jobs.min(crate::jobs::MAX_JOBS);
            crate::jobs::JobsArg { jobs: Some(jobs) }.set_threads()?;
            BoardSearch::resume(puzzle, clues, checkpoint).map_err(|e| bad(&input.name, e.to_string()))?
        }
        None => {
            let mut settings = Settings::record(puzzle);
            settings.seed = args.seed.unwrap_or(0);
            settings.jobs = crate::jobs::current_threads();
            if let Some(breaks) = &args.breaks {
                if breaks.trim().is_empty() {
                    let message = "no depths: give depths like 201,206,211, or `none` for no breaks".to_owned();
                    return Err(bad("--breaks", message));
                }
                settings.breaks = Breaks::parse(breaks).map_err(|e| bad("--breaks", e.to_string()))?;
                let cells = puzzle.rows() * puzzle.cols();
                // A depth the scan never reaches would allow a mismatch that is never used.
                if let Some(depth) = settings.breaks.depths().iter().find(|&&depth| depth >= cells) {
                    let message = format!("depth {depth} is past the board's last cell (depths 0 to {})", cells - 1);
                    return Err(bad("--breaks", message));
                }
            }
            if let Some(colours) = &args.priority {
                if puzzle.marks().is_some() {
                    let message = "--priority names colours of .puz puzzles; marks puzzles have none".to_owned();
                    return Err(bad("--priority", message));
                }
                settings.priority = parse_colours(colours, puzzle.n_colours())?;
            }
            if let Some(nodes) = args.restart_nodes {
                settings.restart_nodes = nodes;
            }
            if let Some(schedule) = &args.restart_schedule {
                settings.restart_schedule = schedule.parse().map_err(|message| bad("--restart-schedule", message))?;
            }
            settings.order = match args.order.map(super::OrderArg::pick) {
                None | Some(OrderPick::Auto) => None,
                Some(OrderPick::Given(order)) if order.north_west_first() => Some(order),
                Some(OrderPick::Given(order)) => {
                    let message = format!(
                        "--best fills every cell after its south and west neighbours: give --order row, column, \
                         diagonal, snake (each turned upside down) or auto (the record solvers' order), not {order}"
                    );
                    return Err(bad("--order", message));
                }
            };
            BoardSearch::new(puzzle, clues, settings)
        }
    };
    let name = args.file.path.as_deref().and_then(|p| p.file_stem()).map_or("puzzle".into(), |s| s.to_string_lossy());
    let key = run_key(puzzle, clues);
    let mut printer = Printer { args, puzzle, key: key.clone(), name: name.into_owned(), best: None, failure: None };
    if let Some(path) = &args.resume {
        writeln_info(args, out, &format!("resumed from {}", path.display()))?;
    }
    // A resumed run starts from its best board: printed again so that every output holds it.
    if let Some(cells) = search.checkpoint_best() {
        printer.improvement(out, cells, None, search.elapsed_before(), None)?;
    }
    let limits = crate::interrupt::limits(args.time_limit.value, args.max_nodes.value);
    let started = Instant::now();
    let every = args.checkpoint.as_ref().map(|_| args.checkpoint_every.unwrap_or(CHECKPOINT_EVERY));
    let control = Control { limits: &limits, checkpoint_every: every };
    let outcome = search.run(&control, |event| {
        if printer.failure.is_some() {
            return false;
        }
        let result = match event {
            Event::Improvement(found) => printer.improvement(
                out,
                &found.cells,
                Some((found.depth, found.breaks, found.matching)),
                found.elapsed,
                Some(found.nodes),
            ),
            Event::Checkpoint(checkpoint) => write_checkpoint(args, &checkpoint),
        };
        if let Err(err) = result {
            printer.failure = Some(err);
        }
        printer.failure.is_none()
    });
    if let Some(err) = printer.failure {
        return Err(err);
    }
    write_checkpoint(args, &outcome.checkpoint)?;
    let why = match outcome.end {
        End::Solved => RunEnd::Solved,
        End::Exhausted => RunEnd::Exhausted,
        End::NodeLimit => RunEnd::NodeLimit,
        End::Stopped if crate::interrupt::interrupted() => RunEnd::Interrupted,
        End::Stopped => RunEnd::TimeLimit,
    };
    let seconds = started.elapsed().as_secs_f64();
    let total_ms = outcome.checkpoint.elapsed_ms();
    let (matching, edges) = printer.best.map_or((0, edges_of(puzzle)), |s| (s.matching, s.edges));
    let settings = search.settings();
    if args.output.json {
        let json = RunEndJson {
            breaks: settings.breaks.to_string(),
            cells: puzzle.rows() * puzzle.cols(),
            depth_nodes: outcome.checkpoint.depth_nodes(),
            edges,
            edges_matching: matching,
            elapsed_ms: total_ms,
            end: why,
            jobs: settings.jobs,
            nodes: outcome.nodes,
            puzzle: key.clone(),
            seed: settings.seed,
        };
        writeln!(out, "{}", crate::scale_out::seal::seal_json(&RunUnit { puzzle: &key }, &json)?)?;
    } else {
        let total = (search.elapsed_before() + started.elapsed()).as_secs_f64();
        let rate = outcome.nodes as f64 / total.max(1e-3) / 1e6;
        writeln!(
            out,
            "c end ({why}): best {matching}/{edges} joins after {} placements in {:.3} s ({seconds:.3} s this run, \
             {rate:.1} M placements/s, seed {}, {} threads, breaks {})",
            outcome.nodes,
            total_ms as f64 / 1000.0,
            settings.seed,
            settings.jobs,
            settings.breaks
        )?;
    }
    Ok(())
}

/// The name of the puzzle a run searches, with its clues, written in every `--json` line as
/// `"puzzle"`: [`edge_match::puzzle_key`] as a plain split names it.
fn run_key(puzzle: &Puzzle, clues: &[Option<Placement>]) -> String {
    format!("{:016x}", edge_match::puzzle_key(puzzle, clues, edge_match::Mode::Plain))
}

fn bad(file: &str, message: String) -> anyhow::Error {
    BadInput { file: file.to_owned(), pos: None, message }.into()
}

fn edges_of(puzzle: &Puzzle) -> usize {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    rows * (cols - 1) + cols * (rows - 1)
}

/// Reads `--priority`: `none`, or colours of the puzzle (below `n_colours`), the frame's colour 0
/// included.
fn parse_colours(text: &str, n_colours: usize) -> anyhow::Result<Vec<u16>> {
    if text == "none" {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|c| {
            let excerpt = puzzle_core::text::excerpt(c.trim());
            let colour = c.trim().parse::<u16>().map_err(|_| {
                bad("--priority", format!("expected `none` or colours like 13,16,10, found `{excerpt}`"))
            })?;
            if usize::from(colour) >= n_colours {
                let range = n_colours.saturating_sub(1);
                return Err(bad(
                    "--priority",
                    format!("colour {colour} is not in this puzzle, whose colours are 0-{range}"),
                ));
            }
            Ok(colour)
        })
        .collect()
}

fn writeln_info(args: &EdgeArgs, out: &mut impl Write, message: &str) -> anyhow::Result<()> {
    if !args.output.json {
        writeln!(out, "c {message}")?;
    }
    Ok(())
}

/// Writes `checkpoint` to `--checkpoint` (a temporary file, then a rename), at the file a
/// symbolic link names.
fn write_checkpoint(args: &EdgeArgs, checkpoint: &Checkpoint) -> anyhow::Result<()> {
    let Some(path) = &args.checkpoint else { return Ok(()) };
    write_atomically(&checkpoint_target(path)?, &checkpoint.to_json())
}

/// Where `--checkpoint PATH` is written: `PATH` when it does not exist yet (its directory must),
/// the file itself when it is a regular file, or the regular file a symbolic link leads to. A
/// device, a FIFO, a directory or a dangling link is refused, before any search: a rename over
/// `/dev/full` or a FIFO would replace it with a plain file.
fn checkpoint_target(path: &Path) -> anyhow::Result<std::path::PathBuf> {
    let refuse = |message: String| bad(&path.display().to_string(), message);
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => {
            std::fs::canonicalize(path).map_err(|e| refuse(format!("cannot resolve the checkpoint path: {e}")))
        }
        Ok(_) => {
            Err(refuse("the checkpoint must be a regular file (or not exist yet), not a directory or device".into()))
        }
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            if std::fs::symlink_metadata(path).is_ok() {
                return Err(refuse("the checkpoint is a symbolic link to nothing".into()));
            }
            let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
            if !dir.is_dir() {
                return Err(refuse(format!("cannot write a checkpoint: no directory {}", dir.display())));
            }
            Ok(path.to_path_buf())
        }
        Err(err) => Err(refuse(format!("cannot write: {err}"))),
    }
}

fn write_atomically(path: &Path, text: &str) -> anyhow::Result<()> {
    crate::atomic_file::write_atomically(path, |out| out.write_all(text.as_bytes()))
        .map_err(|e| bad(&path.display().to_string(), format!("cannot write: {e}")))
}

/// Prints improvements, each scored by the independent scorer first.
struct Printer<'a> {
    args: &'a EdgeArgs,
    puzzle: &'a Puzzle,
    /// The puzzle's name in the JSON lines ([`run_key`]).
    key: String,
    name: String,
    best: Option<BoardScore>,
    failure: Option<anyhow::Error>,
}

impl Printer<'_> {
    /// Prints `cells` if the scorer finds it better than the best printed. `search` is what the
    /// engine said: cells it placed, mismatches it made, and its own count of matching joins,
    /// which must agree with the scorer's.
    fn improvement(
        &mut self,
        out: &mut impl Write,
        cells: &[Option<Placement>],
        search: Option<(usize, usize, usize)>,
        elapsed: Duration,
        nodes: Option<u64>,
    ) -> anyhow::Result<()> {
        let score = score_board(self.puzzle, cells).context("the search's board failed the independent check")?;
        if let Some((_, _, claimed)) = search {
            anyhow::ensure!(
                claimed == score.matching,
                "the search counted {claimed} matching joins but the independent scorer {}",
                score.matching
            );
        }
        if self.best.is_some_and(|b| b.matching >= score.matching) {
            return Ok(());
        }
        self.best = Some(score);
        let puzzle = self.puzzle;
        let elapsed_ms = elapsed.as_secs_f64() * 1000.0;
        let url = if puzzle.rows() == 16 && puzzle.cols() == 16 && puzzle.marks().is_none() {
            edge_match::render::bucas_url(puzzle, cells, &self.name)
        } else {
            None
        };
        let (depth, breaks) = search.map_or((None, None), |(d, b, _)| (Some(d), Some(b)));
        if self.args.output.json {
            let placements = cells.iter().map(|cell| cell.as_ref().map(CellJson::from)).collect();
            let json = ImprovementJson {
                cells: puzzle.rows() * puzzle.cols(),
                cols: puzzle.cols(),
                edges: score.edges,
                edges_matching: score.matching,
                elapsed_ms,
                mismatches: score.mismatches,
                nodes,
                placed: score.placed,
                placements,
                puzzle: self.key.clone(),
                rows: puzzle.rows(),
                search_mismatches: breaks,
                search_placed: depth,
                url,
            };
            writeln!(out, "{}", crate::scale_out::seal::seal_json(&RunUnit { puzzle: &self.key }, &json)?)?;
        } else {
            let found = match (depth, breaks) {
                (Some(d), Some(b)) => {
                    format!(" by placing {d} pieces with {b} mismatches, then the rest filled and improved")
                }
                _ => " (the checkpoint's best board)".to_owned(),
            };
            writeln!(
                out,
                "c best {}/{} joins after {:.3} s: {} pieces placed, {} mismatches{found}",
                score.matching,
                score.edges,
                elapsed_ms / 1000.0,
                score.placed,
                score.mismatches
            )?;
            if let Some(url) = &url {
                writeln!(out, "c {url}")?;
            }
            let placed: Vec<(usize, Placement)> =
                cells.iter().enumerate().filter_map(|(cell, p)| p.map(|p| (cell, p))).collect();
            let cols = puzzle.cols();
            for (cell, p) in placed {
                writeln!(out, "{} {} {} {}", p.piece, cell % cols, cell / cols, p.rotation)?;
            }
        }
        out.flush()?;
        if let Some(path) = &self.args.svg.path {
            let caption = format!("best board: {} of {} joins matching", score.matching, score.edges);
            crate::svg::write(path, &crate::svg::edge::cells(puzzle, cells, &caption))?;
        }
        if let Some(path) = &self.args.html.path {
            crate::html::write(path, &crate::html::edge::best(puzzle, cells, &score)?)?;
        }
        Ok(())
    }
}
