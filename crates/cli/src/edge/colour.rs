//! `puzzle edge` for colour puzzles (the numeric `.puz` format): first solution, counts with the
//! fast engine, clues, `.sol` output, each answer checked before it is printed.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use anyhow::Context as _;
use edge_match::engine::{choose_order, estimate_order, Counts, Engine, Mode, Order, OrderedEngine};
use edge_match::{ColourPlacement, ColourPuzzle};
use serde::Serialize;

use super::json::CountJson;
use super::EdgeArgs;
use crate::input::Input;

/// Solves a colour puzzle read from `input`.
pub fn run(args: &EdgeArgs, input: &Input, out: &mut impl Write) -> anyhow::Result<()> {
    let frame = match (args.frame, args.no_frame) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    };
    let options = edge_match::puz::PuzOptions { frame, rotate: !args.no_rotate };
    let puzzle = edge_match::puz::parse_puz(&input.text, &options).map_err(|e| input.error(e.pos, e.kind))?;
    let clues = match &args.clue {
        None => Vec::new(),
        Some(path) => {
            let clue_input = Input::read(Some(path))?;
            let lines = edge_match::sol::parse_sol(&clue_input.text).map_err(|e| clue_input.error(e.pos, e.kind))?;
            edge_match::sol::clue_cells(&puzzle, &lines).map_err(|e| clue_input.error(e.pos, e.kind))?
        }
    };
    if let Some(path) = &args.verify {
        return verify(&puzzle, path, out);
    }
    if args.split.is_some() || args.unit.is_some() {
        return super::split::run(args, &puzzle, &clues, out);
    }
    if args.best {
        return super::best::run(args, &puzzle, &clues, out);
    }
    let stop = &crate::interrupt::STOP;
    let started = Instant::now();
    crate::interrupt::stop_after(args.time_limit);
    let mode = if args.plain { Mode::Plain } else { Mode::Pictures };
    // The scan order: given, or chosen by the estimator (the plain search keeps rows).
    let (order, estimated) = match args.order.as_deref() {
        Some("auto") | None if !(args.distinct || args.plain && args.order.is_none()) => {
            let choice = choose_order(&puzzle, &clues, mode, args.count);
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
    // Orders that fill every cell after its north and west neighbours run on the row engine
    // and its tight loop; the others on the ordered engine.
    let mut engine = Engine::new(&puzzle, &clues);
    engine.set_order(order, puzzle.rows());
    // The node limit stops the search through the same flag as Ctrl-C and the time limit.
    engine.limit_nodes(args.max_nodes);
    let ordered = (engine.order() != order).then(|| {
        let mut ordered = OrderedEngine::new(&puzzle, &clues, order);
        ordered.limit_nodes(args.max_nodes);
        ordered
    });
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
            None if !bar.is_hidden() && !args.plain => Some(estimate_order(&puzzle, &clues, mode, order, true)),
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
        let counts = match &ordered {
            Some(ordered) => ordered.count_observed(&puzzle, mode, stop, &observe),
            None => engine.count_observed(&puzzle, mode, stop, &observe),
        };
        drop(ticker);
        return write_count(args, &puzzle, counts, started, Some(plan), out);
    }
    if args.distinct {
        let counts = engine.count_distinct(&puzzle, stop);
        return write_count(args, &puzzle, counts, started, None, out);
    }
    if args.all {
        return write_all(args, &puzzle, &engine, ordered.as_ref(), mode, stop, out);
    }
    let (found, nodes) = match &ordered {
        Some(ordered) => ordered.first(stop),
        None => engine.first(&puzzle, stop),
    };
    if found.is_none() && stop.load(Relaxed) {
        let seconds = started.elapsed().as_secs_f64();
        if args.json {
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
        Some(placements) => Some(
            edge_match::colour_check::check_colour_solution(&puzzle, &placements)
                .context("the solver's answer failed the independent check")?,
        ),
        None => None,
    };
    if let (Some(path), Some(solution)) = (&args.sol, &solution) {
        std::fs::write(path, edge_match::sol::write_sol(&puzzle, solution.placements())).map_err(|e| {
            crate::input::BadInput {
                file: path.display().to_string(),
                pos: None,
                message: format!("cannot write: {e}"),
            }
        })?;
    }
    if let Some(path) = &args.svg {
        crate::svg::write(path, &crate::svg::edge::colour_board(&puzzle, solution.as_ref()))?;
    }
    if args.json {
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
            write!(out, "{}", edge_match::colour_render::render_colour_solution(&puzzle, solution.placements()))?;
        }
        None => writeln!(out, "no solution")?,
    }
    Ok(())
}

/// `--verify`: a `.sol` file through the independent checker.
fn verify(puzzle: &ColourPuzzle, path: &std::path::Path, out: &mut impl Write) -> anyhow::Result<()> {
    let input = Input::read(Some(path))?;
    let lines = edge_match::sol::parse_sol(&input.text).map_err(|e| input.error(e.pos, e.kind))?;
    let cells = edge_match::sol::clue_cells(puzzle, &lines).map_err(|e| input.error(e.pos, e.kind))?;
    let placements: Option<Vec<ColourPlacement>> = cells.into_iter().collect();
    let Some(placements) = placements else {
        return Err(crate::input::BadInput {
            file: input.name.clone(),
            pos: None,
            message: "the solution leaves cells empty".to_owned(),
        }
        .into());
    };
    match edge_match::colour_check::check_colour_solution(puzzle, &placements) {
        Ok(_) => writeln!(out, "ok")?,
        Err(err) => {
            return Err(crate::input::BadInput { file: input.name.clone(), pos: None, message: err.to_string() }.into())
        }
    }
    Ok(())
}

/// `--all`: every solution as it is found, checked first, as `.sol` blocks or JSON lines.
fn write_all(
    args: &EdgeArgs,
    puzzle: &ColourPuzzle,
    engine: &Engine,
    ordered: Option<&OrderedEngine>,
    mode: Mode,
    stop: &AtomicBool,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let mut number = 0u64;
    let mut failure = None;
    let visit = |placements: &[ColourPlacement]| {
        number += 1;
        let written = (|| -> anyhow::Result<()> {
            let solution = edge_match::colour_check::check_colour_solution(puzzle, placements)
                .context("the solver's answer failed the independent check")?;
            if args.json {
                let placements: Vec<PlacementJson> = solution.placements().iter().map(PlacementJson::from).collect();
                let line = serde_json::json!({ "solution": number, "placements": placements });
                writeln!(out, "{line}")?;
            } else {
                if number > 1 {
                    writeln!(out)?;
                }
                writeln!(out, "c solution {number}")?;
                write!(out, "{}", edge_match::sol::write_sol(puzzle, solution.placements()))?;
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
    match ordered {
        Some(ordered) => ordered.for_each_solution(mode, stop, visit),
        None => engine.for_each_solution(puzzle, mode, stop, visit),
    };
    if let Some(err) = failure {
        return Err(err);
    }
    // A stream stopped early says so after the solutions found.
    super::json::write_stream_end(out, args.json, "c ", number, stop)?;
    Ok(())
}

fn write_count(
    args: &EdgeArgs,
    puzzle: &ColourPuzzle,
    counts: Counts,
    started: Instant,
    plan: Option<Plan>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let seconds = started.elapsed().as_secs_f64();
    // Stopped early (time limit or Ctrl-C): the counts are what was reached, never the answer.
    let complete = !crate::interrupt::STOP.load(Relaxed);
    if args.json {
        let json = CountJson {
            rows: puzzle.rows(),
            cols: puzzle.cols(),
            solutions: complete.then_some(counts.solutions),
            solutions_so_far: (!complete).then_some(counts.solutions),
            nodes: counts.nodes,
            elapsed_ms: Some(seconds * 1000.0),
            order: plan.map(|plan| plan.order),
            estimated_nodes: plan.and_then(|plan| plan.estimated_nodes),
            status: if complete { "complete" } else { "gave up" },
        };
        writeln!(out, "{}", serde_json::to_string(&json)?)?;
        return Ok(());
    }
    if complete {
        writeln!(out, "{}", counts.solutions)?;
    } else {
        writeln!(
            out,
            "gave up after {} placements in {seconds:.3} s: at least {} solutions",
            counts.nodes, counts.solutions
        )?;
    }
    if args.plain {
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

impl From<&ColourPlacement> for PlacementJson {
    fn from(p: &ColourPlacement) -> PlacementJson {
        PlacementJson { piece: p.piece, rotation: p.rotation }
    }
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
