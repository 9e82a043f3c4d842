//! `puzzle edge` on marks puzzles: the seed's format, solved on the colour engine through
//! `MarksEngine`, rendered as the boxes of the original assignment.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use anyhow::Context as _;
use edge_match::engine::Mode;
use edge_match::{
    check_solution, parse_puzzle, render_pieces, render_solution, MarksEngine, ParseErrorKind, ParseOptions, Placement,
    Puzzle, Solution,
};
use serde::Serialize;

use super::json::CountJson;
use super::EdgeArgs;
use crate::input::Input;

/// Solves the marks puzzle in `input` as `args` ask.
pub(super) fn run(args: &EdgeArgs, input: &Input, out: &mut impl Write) -> anyhow::Result<()> {
    // Flags of colour puzzles only are refused rather than ignored.
    let colour_only = [
        (args.split.is_some(), "--split"),
        (args.unit.is_some(), "--unit"),
        (args.clue.is_some(), "--clue"),
        (args.sol.is_some(), "--sol"),
        (args.verify.is_some(), "--verify"),
        (args.best, "--best"),
        (args.frame, "--frame"),
        (args.no_frame, "--no-frame"),
    ];
    if let Some((_, flag)) = colour_only.iter().find(|(given, _)| *given) {
        let message = format!("{flag} works on colour puzzles (the .puz format), not on marks puzzles");
        anyhow::bail!(crate::input::BadInput { file: input.name.clone(), pos: None, message });
    }
    let options = ParseOptions { size: args.size, rotate: !args.no_rotate };
    let puzzle = parse_puzzle(&input.text, &options).map_err(|err| {
        let message = match err.kind {
            ParseErrorKind::NotSquare { .. } => format!("{}; give the board's size with --size RxC", err.kind),
            _ => err.kind.to_string(),
        };
        input.error(err.pos, message)
    })?;
    // The node limit, the time limit and Ctrl-C stop the engine through one flag, as for colour
    // puzzles.
    let stop = &crate::interrupt::STOP;
    crate::interrupt::stop_after(args.time_limit);
    let mut engine = MarksEngine::new(&puzzle);
    engine.limit_nodes(args.max_nodes);
    let mode = if args.plain { Mode::Plain } else { Mode::Pictures };
    // Row-major unless --order says otherwise (the marks first solution's contract, and the
    // placements the marks outputs have always reported); the JSON names an order only then.
    let plan = match args.order.as_deref() {
        None => None,
        Some("auto") => {
            let choice = edge_match::engine::choose_order(engine.model(), &[], mode, args.count);
            Some((choice.order, Some(choice.estimated_nodes.round() as u64)))
        }
        Some(name) => {
            let order = name.parse::<edge_match::engine::Order>().map_err(|message| crate::input::BadInput {
                file: "--order".to_owned(),
                pos: None,
                message,
            })?;
            Some((order, None))
        }
    };
    if let Some((order, _)) = plan {
        engine.set_order(order);
    }
    if args.count || args.distinct {
        let counts = if args.distinct { engine.count_distinct(stop) } else { engine.count(mode, stop) };
        let complete = !stop.load(Relaxed);
        if args.json {
            let json = CountJson {
                rows: puzzle.rows(),
                cols: puzzle.cols(),
                solutions: complete.then_some(counts.solutions),
                solutions_so_far: (!complete).then_some(counts.solutions),
                nodes: counts.nodes,
                elapsed_ms: None,
                order: plan.map(|(order, _)| order.name()),
                estimated_nodes: plan.and_then(|(_, estimated)| estimated),
                status: if complete { "complete" } else { "gave up" },
            };
            writeln!(out, "{}", serde_json::to_string(&json)?)?;
        } else if complete {
            writeln!(out, "{}", counts.solutions)?;
        } else {
            writeln!(out, "gave up after {} nodes: at least {} solutions", counts.nodes, counts.solutions)?;
        }
        return Ok(());
    }
    if args.all {
        return write_all(args, &puzzle, &engine, mode, stop, out);
    }
    let (found, nodes) = engine.first(stop);
    let solution = match found {
        Some(placements) => Some(checked(&puzzle, &placements)?),
        None if !stop.load(Relaxed) => None,
        None => {
            if args.json {
                let json = serde_json::json!({
                    "rows": puzzle.rows(), "cols": puzzle.cols(), "solved": null, "placements": null,
                    "nodes": nodes, "status": "gave up",
                });
                writeln!(out, "{json}")?;
            } else {
                writeln!(out, "gave up after {nodes} nodes")?;
            }
            return Ok(());
        }
    };
    if let Some(path) = &args.svg {
        crate::svg::write(path, &crate::svg::edge::marks_board(&puzzle, solution.as_ref()))?;
    }
    if args.json {
        let json = FirstJson {
            rows: puzzle.rows(),
            cols: puzzle.cols(),
            solved: solution.is_some(),
            placements: solution.as_ref().map(|solution| {
                (solution.placements().iter())
                    .map(|p| PlacementJson { piece: p.piece, rotation: p.rotation.quarter_turns() })
                    .collect()
            }),
            nodes,
        };
        writeln!(out, "{}", serde_json::to_string(&json)?)?;
        return Ok(());
    }
    writeln!(out, "pieces (piece,rotation = input index, counter-clockwise quarter turns):")?;
    write!(out, "{}", render_pieces(&puzzle))?;
    writeln!(out)?;
    match &solution {
        Some(solution) => {
            writeln!(out, "solution:")?;
            write!(out, "{}", render_solution(&puzzle, solution))?;
        }
        None => writeln!(out, "no solution")?,
    }
    Ok(())
}

/// `--all`: every solution as it is found, checked first: boxes headed `solution K:` separated by
/// blank lines, or JSON lines `{"solution":K,"placements":[...]}`; then, when the search stopped
/// early, how many were found.
fn write_all(
    args: &EdgeArgs,
    puzzle: &Puzzle,
    engine: &MarksEngine,
    mode: Mode,
    stop: &AtomicBool,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let mut number = 0u64;
    let mut failure = None;
    engine.for_each_solution(mode, stop, |placements| {
        number += 1;
        let written = (|| -> anyhow::Result<()> {
            let solution = checked(puzzle, placements)?;
            if args.json {
                let placements: Vec<PlacementJson> = (solution.placements().iter())
                    .map(|p| PlacementJson { piece: p.piece, rotation: p.rotation.quarter_turns() })
                    .collect();
                writeln!(out, "{}", serde_json::json!({ "solution": number, "placements": placements }))?;
            } else {
                if number > 1 {
                    writeln!(out)?;
                }
                writeln!(out, "solution {number}:")?;
                write!(out, "{}", render_solution(puzzle, &solution))?;
            }
            Ok(())
        })();
        let ok = written.is_ok();
        failure = written.err();
        ok
    });
    if let Some(err) = failure {
        return Err(err);
    }
    super::json::write_stream_end(out, args.json, "", number, stop)?;
    Ok(())
}

/// Re-checks the solver's answer independently; a failure is a bug, reported as an internal
/// error rather than printed as an answer.
fn checked(puzzle: &Puzzle, placements: &[Placement]) -> anyhow::Result<Solution> {
    check_solution(puzzle, placements).context("the solver's answer failed the independent check")
}

/// `--json` output for the first solution.
#[derive(Serialize)]
struct FirstJson {
    rows: usize,
    cols: usize,
    solved: bool,
    placements: Option<Vec<PlacementJson>>,
    /// Pieces placed during the search.
    nodes: u64,
}

#[derive(Serialize)]
struct PlacementJson {
    piece: usize,
    rotation: usize,
}
