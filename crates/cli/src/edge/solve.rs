//! `puzzle edge` without `--verify`, `--split`, `--unit` or `--best`, for every puzzle: the first
//! solution, counts and `--all` on the library's [`Solver`], in the scan order asked for or chosen
//! by the estimator, each answer checked before it is printed. Puzzles read from the marks format
//! keep the seed's outputs (boxes, `solution K:` blocks, their JSON keys); `.puz` puzzles print
//! `.sol` lines.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use anyhow::Context as _;
use edge_match::engine::{choose_order, estimate_order, Counts, Mode, Order};
use edge_match::{Placement, Puzzle, Solution, Solver};
use serde::Serialize;

use super::json::CountJson;
use super::EdgeArgs;

/// Solves `puzzle` with `clues` as `args` ask.
pub fn run(args: &EdgeArgs, puzzle: &Puzzle, clues: &[Option<Placement>], out: &mut impl Write) -> anyhow::Result<()> {
    let marks = puzzle.marks().is_some();
    let stop = &crate::interrupt::STOP;
    let started = Instant::now();
    crate::interrupt::stop_after(args.time_limit.value);
    let mode = if args.plain { Mode::Plain } else { Mode::Pictures };
    // The scan order: given, or chosen by the estimator. Row-major without --order for the plain
    // search (its placements are a contract) and for the first solution of a marks puzzle (the
    // seed's).
    let counting = args.count || args.distinct || args.all;
    let row_by_default = args.plain || (marks && !counting);
    let (order, estimated) = match args.order.as_deref() {
        Some("auto") | None if !(row_by_default && args.order.is_none()) => {
            // A count (and the distinct count) searches the trees left by the board's turns.
            let choice = choose_order(puzzle, clues, mode, args.count || args.distinct);
            (choice.order, Some(choice.estimated_nodes.round() as u64))
        }
        Some("auto") | None => (Order::Row, None),
        Some(name) => {
            let order = name.parse::<Order>().map_err(|message| crate::input::BadInput {
                file: "--order".to_owned(),
                pos: None,
                message,
            })?;
            (order, None)
        }
    };
    let plan = Plan { order: order.name(), estimated_nodes: estimated };
    // A marks puzzle's JSON names the order only when it was not the seed's row-major default.
    let marks_plan = (args.order.is_some() || order != Order::Row || estimated.is_some()).then_some(plan);
    let mut solver = Solver::new(puzzle, clues);
    solver.set_order(order);
    // The node limit stops the search through the same flag as Ctrl-C and the time limit.
    solver.limit_nodes(args.max_nodes.value);
    if args.count {
        // Subtrees finished out of all (each search through the board's turns has its own) and
        // the placements made in them, kept in atomics the ticker reads: the workers never touch
        // the bar. The time left is the estimator's: the estimated placements still to make at
        // the rate so far (estimated here for a given order, when the bar is shown).
        let progress = std::sync::Arc::new([AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0)]);
        let shown = progress.clone();
        let bar = crate::progress::bar(0, "{spinner} [{elapsed_precise}] {msg}");
        let estimate = match estimated {
            Some(nodes) => Some(nodes as f64),
            None if !bar.is_hidden() && !args.plain => Some(estimate_order(puzzle, clues, mode, order, true)),
            None => None,
        };
        let ticker = crate::progress::Ticker::start(bar, move || {
            let [done, total, nodes] = [0, 1, 2].map(|i| shown[i].load(Relaxed));
            crate::progress::count_message(done, total, nodes, estimate, started.elapsed())
        });
        let observe = |done: usize, total: usize, nodes: u64| {
            progress[0].store(done as u64, Relaxed);
            progress[1].store(total as u64, Relaxed);
            progress[2].fetch_add(nodes, Relaxed);
        };
        let counts = solver.count_observed(mode, stop, &observe);
        drop(ticker);
        return write_count(args, puzzle, counts, started, if marks { marks_plan } else { Some(plan) }, out);
    }
    if args.distinct {
        let counts = solver.count_distinct(stop);
        return write_count(args, puzzle, counts, started, if marks { marks_plan } else { Some(plan) }, out);
    }
    if args.all {
        return write_all(args, &solver, mode, stop, out);
    }
    let (found, nodes) = solver.first(stop);
    if found.is_none() && stop.load(Relaxed) {
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
                "order": plan.order, "estimated_nodes": plan.estimated_nodes,
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
        return write_marks_first(args, puzzle, solution.as_ref(), nodes, marks_plan, out);
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
            order: plan.order,
            estimated_nodes: plan.estimated_nodes,
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
    plan: Option<Plan>,
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
    solver: &Solver,
    mode: Mode,
    stop: &AtomicBool,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let puzzle = solver.puzzle();
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
    solver.for_each_solution(mode, stop, visit);
    if let Some(err) = failure {
        return Err(err);
    }
    // A stream stopped early says so after the solutions found.
    super::json::write_stream_end(out, args.output.json, if marks { "" } else { "c " }, number, stop)?;
    Ok(())
}

fn write_count(
    args: &EdgeArgs,
    puzzle: &Puzzle,
    counts: Counts,
    started: Instant,
    plan: Option<Plan>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let seconds = started.elapsed().as_secs_f64();
    let marks = puzzle.marks().is_some();
    // Stopped early (time limit or Ctrl-C): the counts are what was reached, never the answer.
    let complete = !crate::interrupt::STOP.load(Relaxed);
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

/// The scan order a search ran in, and the tree size `--order auto` estimated for it.
#[derive(Clone, Copy)]
struct Plan {
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
