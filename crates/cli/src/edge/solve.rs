//! `puzzle edge` without `--verify`, `--split`, `--unit` or `--best`, for every puzzle: the first
//! solution, counts and `--all` on the plan the library's [`Solver`] makes (the scan order asked
//! for, or its default), each answer checked before it is printed, then handed to the printer of
//! the output format (`print.rs`).

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use anyhow::Context as _;
use edge_match::check::Solution;
use edge_match::{Limits, Placement, Plan, Puzzle, Solver, Task};
use edge_match::{Mode, Order};

use super::args::Job;
use super::print::{printer, EdgePrinter, Shown};
use super::OrderArg;

/// Solves `puzzle` with `clues` as `args` ask.
pub(crate) fn run(job: &Job<'_>, out: &mut impl Write) -> anyhow::Result<()> {
    let Job { args, puzzle, clues } = job;
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
    // The GPU opened before the plan, so that a missing one is said at once.
    let device = super::gpu::open(args.gpu)?;
    let bar = args.count.then(|| crate::progress::bar(0, "{spinner} [{elapsed_precise}] {msg}"));
    let estimate = bar.as_ref().is_some_and(|bar| !bar.is_hidden()) && !args.plain;
    // Planned under the search's limits: a deadline or a signal during the estimates stops the
    // plan, and the search on it then gives up at once, answering as a stopped search does.
    let mut solver = Solver::with_clues(puzzle, clues)?;
    if let Some(bytes) = args.memory {
        solver = solver.with_memory(bytes);
    }
    let plan = solver.plan_within(task, mode, args.order.map(OrderArg::pick), estimate, &limits);
    let shown = Shown {
        order: plan.order.name(),
        estimated_nodes: plan.estimate.filter(|_| plan.auto).map(|e| e.round() as u64),
    };
    // A marks puzzle's JSON names the order only when it was not the seed's row-major default.
    let marks_shown = (args.order.is_some() || plan.order != Order::Row || plan.auto).then_some(shown);
    let printer = printer(puzzle, args.output.json, shown, marks_shown, args.plain);
    let out: &mut dyn Write = out;
    // The solutions a count keeps for its page: none without one.
    let kept = if args.html.path.is_some() { crate::html::edge::MAX_PAGE_SOLUTIONS } else { 0 };
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
        // With a page to draw, the count keeps the first solutions it finds; the GPU's counts
        // keep none, so its page's boards come from a search of their own on the CPU.
        let counted = match &device {
            Some(device) => device.count(&plan, &limits, &observe).map(|counts| (counts, None)),
            None => Ok(plan.count_keeping(&limits, &observe, kept)).map(|(counts, boards)| (counts, Some(boards))),
        };
        drop(ticker);
        let (counts, boards) = counted?;
        let pinned = plan.corner.filter(|_| boards.is_some() && plan.mode() == Mode::Pictures);
        write_count_page(puzzle, &plan, &limits, &counts, boards, pinned, args.html.path.as_deref())?;
        return printer.count(out, &counts, started.elapsed().as_secs_f64());
    }
    if args.distinct {
        let (counts, boards) = match &device {
            Some(device) => (device.count_distinct(&plan, &limits)?, None),
            None => {
                let (counts, boards) = plan.count_distinct_keeping(&limits, kept);
                (counts, Some(boards))
            }
        };
        write_count_page(puzzle, &plan, &limits, &counts, boards, None, args.html.path.as_deref())?;
        return printer.count(out, &counts, started.elapsed().as_secs_f64());
    }
    if args.all {
        return write_all(puzzle, &plan, &limits, &*printer, args.html.path.as_deref(), out);
    }
    let answer = plan.first(&limits);
    let nodes = answer.counts.nodes;
    if answer.status() == edge_match::Status::GaveUp {
        return printer.gave_up(out, nodes, started.elapsed().as_secs_f64());
    }
    let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    let solution = match answer.board {
        Some(placements) => Some(checked(puzzle, &placements)?),
        None => None,
    };
    if let (Some(path), Some(solution)) = (&args.sol, &solution) {
        std::fs::write(path, edge_match::parse::write_sol(puzzle, solution.placements())).map_err(|e| {
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
    if let Some(path) = &args.html.path {
        crate::html::write(path, &crate::html::edge::first(puzzle, solution.as_ref()))?;
    }
    printer.first(out, solution.as_ref(), nodes, elapsed_ms)
}

/// Writes the page of a count to `html`, if asked: `boards`, the solutions the count kept, or
/// where it kept none (`None`: the GPU's count) those of a search of the plan's own.
fn write_count_page(
    puzzle: &Puzzle,
    plan: &Plan,
    limits: &Limits<'_>,
    counts: &edge_match::Counts,
    boards: Option<Vec<Vec<Placement>>>,
    pinned: Option<usize>,
    html: Option<&std::path::Path>,
) -> anyhow::Result<()> {
    let Some(path) = html else { return Ok(()) };
    let boards = boards.unwrap_or_else(|| crate::html::edge::searched(plan, limits, counts));
    crate::html::write(path, &crate::html::edge::counted(puzzle, &boards, counts, pinned)?)
}

/// Re-checks the solver's answer independently; a failure is a bug, reported as an internal
/// error rather than printed as an answer.
fn checked(puzzle: &Puzzle, placements: &[Placement]) -> anyhow::Result<Solution> {
    edge_match::check::check_solution(puzzle, placements).context("the solver's answer failed the independent check")
}

/// `--all`: every solution as it is found, checked first, then, when the search stopped early,
/// how many were found; with `--html`, a page of the first ones.
fn write_all(
    puzzle: &Puzzle,
    plan: &Plan,
    limits: &Limits<'_>,
    printer: &dyn EdgePrinter,
    html: Option<&std::path::Path>,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let mut number = 0u64;
    let mut failure = None;
    let mut shown = Vec::new();
    let visit = |placements: &[Placement]| {
        number += 1;
        let written = checked(puzzle, placements).and_then(|solution| {
            printer.solution(out, number, &solution)?;
            if html.is_some() && shown.len() < crate::html::edge::MAX_PAGE_SOLUTIONS {
                shown.push(solution);
            }
            Ok(())
        });
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
    if let Some(path) = html {
        let found = if counts.stopped {
            format!("{number} solutions found before a limit stopped the search")
        } else {
            format!("{number} solutions")
        };
        crate::html::write(path, &crate::html::edge::solutions(puzzle, &shown, found))?;
    }
    // A stream stopped early says so after the solutions found.
    printer.end(out, number, counts.stopped)
}

#[cfg(test)]
mod tests {
    use clap::Parser;
    use edge_match::testing::{puz_text, random_colour_puzzle, solution_walks};
    use serde_json::Value;

    use super::*;

    #[derive(Parser)]
    struct Edge {
        #[command(flatten)]
        args: super::super::EdgeArgs,
    }

    /// Runs `puzzle edge ARGS FILE` (with `--html PAGE` when `html`) on `threads` of rayon's
    /// threads: the page, if any, and the walks streaming solutions made on the thread that ran it.
    fn run_edge(args: &[&str], file: &std::path::Path, html: bool, threads: usize) -> (Option<String>, u64) {
        let dir = tempfile::tempdir().unwrap();
        let page = dir.path().join("page.html");
        let mut argv = vec!["edge", file.to_str().unwrap()];
        argv.extend(args);
        if html {
            argv.extend(["--html", page.to_str().unwrap()]);
        }
        let edge = Edge::parse_from(argv);
        let run = || {
            let before = solution_walks();
            super::super::run(&edge.args, &mut Vec::new()).unwrap();
            solution_walks() - before
        };
        let walks = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(run);
        (html.then(|| std::fs::read_to_string(page).unwrap()), walks)
    }

    /// The boards a page draws, as placements by cell.
    fn drawn(page: &str) -> Vec<Vec<Placement>> {
        let open = r#"<script type="application/json" id="data">"#;
        let start = page.find(open).unwrap() + open.len();
        let data: Value = serde_json::from_str(&page[start..start + page[start..].find("</script>").unwrap()]).unwrap();
        let cell = |c: &Value| Placement::new(c[0].as_u64().unwrap() as usize, c[1].as_u64().unwrap() as u8);
        let boards = data["boards"].as_array().unwrap();
        boards.iter().map(|board| board["cells"].as_array().unwrap().iter().map(cell).collect()).collect()
    }

    /// A count's page draws the first boards the count itself kept (checked, and the same on
    /// one thread and two), and walks no solution besides the count's own.
    #[test]
    fn a_count_page_draws_the_boards_the_count_found_without_searching_again() {
        let mut drawn_boards = 0;
        // Framed boards (a corner piece to pin or not) and an unframed one, all of many solutions.
        for (seed, size, colours, framed) in [(1, 4, 3, true), (2, 4, 3, true), (3, 3, 4, false)] {
            let puzzle = random_colour_puzzle(size, size, colours, framed, true, seed);
            let dir = tempfile::tempdir().unwrap();
            let file = dir.path().join("puzzle.puz");
            std::fs::write(&file, puz_text(&puzzle)).unwrap();
            let solver = Solver::new(&puzzle);
            for (flags, task, mode) in [
                (&["--count"][..], Task::Count, Mode::Pictures),
                (&["--count", "--plain"][..], Task::Count, Mode::Plain),
                (&["--distinct"][..], Task::Distinct, Mode::Pictures),
            ] {
                let what = format!("seed {seed}, {flags:?}");
                let (_, without) = run_edge(flags, &file, false, 1);
                let (one, walks) = run_edge(flags, &file, true, 1);
                assert_eq!(walks, without, "{what}: the page searched again");
                let (two, _) = run_edge(flags, &file, true, 2);
                let one = one.unwrap();
                assert_eq!(Some(&one), two.as_ref(), "{what}: one thread and two");
                let plan = solver.plan(task, mode, None, false);
                let keep = crate::html::edge::MAX_PAGE_SOLUTIONS;
                let (counts, kept) = match task {
                    Task::Distinct => plan.count_distinct_keeping(&Limits::NONE, keep),
                    _ => plan.count_keeping(&Limits::NONE, &|_, _, _| {}, keep),
                };
                assert!(counts.solutions > 0, "{what}");
                assert_eq!(drawn(&one), kept, "{what}");
                drawn_boards += kept.len();
            }
        }
        assert!(drawn_boards > 40, "{drawn_boards}");
    }
}
