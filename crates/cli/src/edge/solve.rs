//! `puzzle edge` without `--verify`, `--split`, `--unit` or `--best`, for every puzzle: the first
//! solution, counts and `--all` on the plan the library's [`Solver`] makes (the scan order asked
//! for, or its default), each answer checked before it is printed. Puzzles read from the marks format
//! keep the seed's outputs (boxes, `solution K:` blocks, their JSON keys); `.puz` puzzles print
//! `.sol` lines.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use anyhow::Context as _;
use edge_match::engine::{Counts, Mode, Order};
use edge_match::{Limits, Placement, Plan, Puzzle, Solution, Solver, Task};
use serde::Serialize;

use super::json::CountJson;
use super::{EdgeArgs, OrderArg};

/// Solves `puzzle` with `clues` as `args` ask.
pub fn run(args: &EdgeArgs, puzzle: &Puzzle, clues: &[Option<Placement>], out: &mut impl Write) -> anyhow::Result<()> {
    let marks = puzzle.marks().is_some();
    let started = Instant::now();
    let limits = crate::interrupt::limits(args.time_limit.value, args.max_nodes.value);
    let mode = if args.plain { Mode::Plain } else { Mode::Pictures };
    let task = match (args.count, args.distinct, args.all) {
        (true, _, _) => Task::Count,
        (_, true, _) => Task::Distinct,
        (_, _, true) => Task::List,
        _ => Task::First,
    };
    // The plan: the order given or the library's default for the task (auto, or row for the
    // plain search and the first solution of a marks puzzle); a count's progress bar shows the
    // time left from the plan's estimate, made for a given order too when the bar is shown.
    let bar = args.count.then(|| crate::progress::bar(0, "{spinner} [{elapsed_precise}] {msg}"));
    let estimate = bar.as_ref().is_some_and(|bar| !bar.is_hidden()) && !args.plain;
    let plan = Solver::new(puzzle, clues).plan(task, mode, args.order.map(OrderArg::pick), estimate);
    let shown = Shown {
        order: plan.order.name(),
        estimated_nodes: plan.estimate.filter(|_| plan.auto).map(|e| e.round() as u64),
    };
    // A marks puzzle's JSON names the order only when it was not the seed's row-major default.
    let marks_shown = (args.order.is_some() || plan.order != Order::Row || plan.auto).then_some(shown);
    if let Some(bar) = bar {
        // Subtrees finished out of all (each search through the board's turns has its own) and
        // the placements made in them, kept in atomics the ticker reads: the workers never touch
        // the bar. The time left is the plan's estimate of the placements still to make at the
        // rate so far.
        let progress = std::sync::Arc::new([AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0)]);
        let seen = progress.clone();
        let estimate = plan.estimate;
        let ticker = crate::progress::Ticker::start(bar, move || {
            let [done, total, nodes] = [0, 1, 2].map(|i| seen[i].load(Relaxed));
            crate::progress::count_message(done, total, nodes, estimate, started.elapsed())
        });
        let observe = |done: usize, total: usize, nodes: u64| {
            progress[0].store(done as u64, Relaxed);
            progress[1].store(total as u64, Relaxed);
            progress[2].fetch_add(nodes, Relaxed);
        };
        let counts = plan.count(&limits, &observe);
        drop(ticker);
        return write_count(args, puzzle, counts, started, if marks { marks_shown } else { Some(shown) }, out);
    }
    if args.distinct {
        let counts = plan.count_distinct(&limits);
        return write_count(args, puzzle, counts, started, if marks { marks_shown } else { Some(shown) }, out);
    }
    if args.all {
        return write_all(args, puzzle, &plan, &limits, out);
    }
    let (found, counts) = plan.first(&limits);
    let nodes = counts.nodes;
    if found.is_none() && counts.stopped {
        let seconds = started.elapsed().as_secs_f64();
        if marks && args.output.json {
            let json = serde_json::json!({
                "rows": puzzle.rows(), "cols": puzzle.cols(), "solved": null, "placements": null,
                "nodes": nodes, "status": "gave up",
            });
            writeln!(out, "{json}")?;
        } else if marks {
            writeln!(out, "gave up after {nodes} nodes")?;
        } else if args.output.json {
            let json = serde_json::json!({
                "rows": puzzle.rows(), "cols": puzzle.cols(), "solved": null, "placements": null,
                "nodes": nodes, "elapsed_ms": seconds * 1000.0, "status": "gave up",
                "order": shown.order, "estimated_nodes": shown.estimated_nodes,
            });
            writeln!(out, "{json}")?;
        } else {
            writeln!(out, "gave up after {nodes} placements in {seconds:.3} s")?;
        }
        return Ok(());
    }
    let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    let solution = match found {
        Some(placements) => Some(checked(puzzle, &placements)?),
        None => None,
    };
    if let (Some(path), Some(solution)) = (&args.sol, &solution) {
        std::fs::write(path, edge_match::sol::write_sol(puzzle, solution.placements())).map_err(|e| {
            crate::input::BadInput {
                file: path.display().to_string(),
                pos: None,
                message: format!("cannot write: {e}"),
            }
        })?;
    }
    if let Some(path) = &args.svg.path {
        crate::svg::write(path, &crate::svg::edge::board(puzzle, solution.as_ref()))?;
    }
    if marks {
        return write_marks_first(args, puzzle, solution.as_ref(), nodes, marks_shown, out);
    }
    if args.output.json {
        let json = FirstJson {
            rows: puzzle.rows(),
            cols: puzzle.cols(),
            solved: solution.is_some(),
            placements: solution.as_ref().map(|s| s.placements().iter().map(PlacementJson::from).collect()),
            solutions: u64::from(solution.is_some()),
            nodes,
            elapsed_ms,
            order: shown.order,
            estimated_nodes: shown.estimated_nodes,
        };
        writeln!(out, "{}", serde_json::to_string(&json)?)?;
        return Ok(());
    }
    match &solution {
        Some(solution) => {
            writeln!(out, "solution ({} placements):", nodes)?;
            write!(out, "{}", edge_match::render_solution(puzzle, solution.placements()))?;
        }
        None => writeln!(out, "no solution")?,
    }
    Ok(())
}

/// The first solution of a marks puzzle as the seed prints it: the pieces and the board as boxes
/// (or `no solution`), or one line of JSON.
fn write_marks_first(
    args: &EdgeArgs,
    puzzle: &Puzzle,
    solution: Option<&Solution>,
    nodes: u64,
    plan: Option<Shown>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    if args.output.json {
        let json = MarksFirstJson {
            rows: puzzle.rows(),
            cols: puzzle.cols(),
            solved: solution.is_some(),
            placements: solution.map(|s| s.placements().iter().map(PlacementJson::from).collect()),
            nodes,
            order: plan.map(|plan| plan.order),
            estimated_nodes: plan.and_then(|plan| plan.estimated_nodes),
        };
        writeln!(out, "{}", serde_json::to_string(&json)?)?;
        return Ok(());
    }
    writeln!(out, "pieces (piece,rotation = input index, counter-clockwise quarter turns):")?;
    write!(out, "{}", edge_match::render_pieces(puzzle))?;
    writeln!(out)?;
    match solution {
        Some(solution) => {
            writeln!(out, "solution:")?;
            write!(out, "{}", edge_match::render_solution(puzzle, solution.placements()))?;
        }
        None => writeln!(out, "no solution")?,
    }
    Ok(())
}

/// Re-checks the solver's answer independently; a failure is a bug, reported as an internal
/// error rather than printed as an answer.
fn checked(puzzle: &Puzzle, placements: &[Placement]) -> anyhow::Result<Solution> {
    edge_match::check_solution(puzzle, placements).context("the solver's answer failed the independent check")
}

/// `--all`: every solution as it is found, checked first: `.sol` blocks (boxes headed
/// `solution K:` for a marks puzzle) or JSON lines; then, when the search stopped early, how many
/// were found.
fn write_all(
    args: &EdgeArgs,
    puzzle: &Puzzle,
    plan: &Plan,
    limits: &Limits<'_>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let marks = puzzle.marks().is_some();
    let mut number = 0u64;
    let mut failure = None;
    let visit = |placements: &[Placement]| {
        number += 1;
        let written = (|| -> anyhow::Result<()> {
            let solution = checked(puzzle, placements)?;
            if args.output.json {
                let placements: Vec<PlacementJson> = solution.placements().iter().map(PlacementJson::from).collect();
                let line = serde_json::json!({ "solution": number, "placements": placements });
                writeln!(out, "{line}")?;
            } else {
                if number > 1 {
                    writeln!(out)?;
                }
                if marks {
                    writeln!(out, "solution {number}:")?;
                    write!(out, "{}", edge_match::render_solution(puzzle, solution.placements()))?;
                } else {
                    writeln!(out, "c solution {number}")?;
                    write!(out, "{}", edge_match::sol::write_sol(puzzle, solution.placements()))?;
                }
            }
            Ok(())
        })();
        match written {
            Ok(()) => true,
            Err(err) => {
                failure = Some(err);
                false
            }
        }
    };
    let counts = plan.for_each_solution(limits, visit);
    if let Some(err) = failure {
        return Err(err);
    }
    // A stream stopped early says so after the solutions found.
    super::json::write_stream_end(out, args.output.json, if marks { "" } else { "c " }, number, counts.stopped)?;
    Ok(())
}

fn write_count(
    args: &EdgeArgs,
    puzzle: &Puzzle,
    counts: Counts,
    started: Instant,
    plan: Option<Shown>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let seconds = started.elapsed().as_secs_f64();
    let marks = puzzle.marks().is_some();
    // Stopped early (a limit or Ctrl-C): the counts are what was reached, never the answer.
    let complete = !counts.stopped;
    if args.output.json {
        let json = CountJson {
            rows: puzzle.rows(),
            cols: puzzle.cols(),
            solutions: complete.then_some(counts.solutions),
            solutions_so_far: (!complete).then_some(counts.solutions),
            nodes: counts.nodes,
            // The marks format's count keeps the seed's keys (and the order, when not row-major).
            elapsed_ms: (!marks).then_some(seconds * 1000.0),
            order: plan.map(|plan| plan.order),
            estimated_nodes: plan.and_then(|plan| plan.estimated_nodes),
            status: if complete { "complete" } else { "gave up" },
        };
        writeln!(out, "{}", serde_json::to_string(&json)?)?;
        return Ok(());
    }
    if complete {
        writeln!(out, "{}", counts.solutions)?;
    } else if marks {
        writeln!(out, "gave up after {} nodes: at least {} solutions", counts.nodes, counts.solutions)?;
    } else {
        writeln!(
            out,
            "gave up after {} placements in {seconds:.3} s: at least {} solutions",
            counts.nodes, counts.solutions
        )?;
    }
    if args.plain && !marks {
        let rate = counts.nodes as f64 / seconds.max(1e-9) / 1e6;
        writeln!(out, "{} placements in {seconds:.3} s ({rate:.1} M placements/s)", counts.nodes)?;
    }
    Ok(())
}

#[derive(Serialize, Clone)]
struct PlacementJson {
    piece: usize,
    rotation: u8,
}

impl From<&Placement> for PlacementJson {
    fn from(p: &Placement) -> PlacementJson {
        PlacementJson { piece: p.piece, rotation: p.turns() }
    }
}

/// `--json` output for the first solution of a marks puzzle: the seed's keys, and the order when
/// it was asked for or chosen.
#[derive(Serialize)]
struct MarksFirstJson {
    rows: usize,
    cols: usize,
    solved: bool,
    placements: Option<Vec<PlacementJson>>,
    /// Pieces placed during the search.
    nodes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    order: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    estimated_nodes: Option<u64>,
}

/// The scan order a search ran in, and the tree size `--order auto` estimated for it, as the
/// outputs show them.
#[derive(Clone, Copy)]
struct Shown {
    order: &'static str,
    estimated_nodes: Option<u64>,
}

/// `--json` output for the first solution.
#[derive(Serialize)]
struct FirstJson {
    rows: usize,
    cols: usize,
    solved: bool,
    placements: Option<Vec<PlacementJson>>,
    solutions: u64,
    nodes: u64,
    elapsed_ms: f64,
    order: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    estimated_nodes: Option<u64>,
}
