//! How `puzzle edge` prints the first solution, a count and an `--all` stream: a printer per
//! text format and one JSON printer, as `slide/print.rs` does for `puzzle slide`. The solving code in `solve.rs`
//! decides what to print; a printer decides how. Four formats: `.puz` puzzles print `.sol`
//! lines or JSON; puzzles read from the seed's marks format keep its outputs (boxes, `solution
//! K:` blocks) and its JSON keys. The JSON lines are the types of `json/answer.rs`.

use std::io::Write;

use edge_match::check::Solution;
use edge_match::Counts;
use edge_match::Puzzle;

use super::json::answer::{CountJson, FirstGaveUpJson, FirstJson, SearchRun, SolutionJson, StreamEndJson};
use super::json::{CellJson, SearchStatus};

/// The scan order a search ran in, and the tree size `--order auto` estimated for it, as the
/// outputs show them.
#[derive(Clone, Copy)]
pub(super) struct Shown {
    pub(super) order: &'static str,
    pub(super) estimated_nodes: Option<u64>,
}

/// Prints the answers of one puzzle in one output format.
pub(super) trait EdgePrinter {
    /// The first solution's search stopped (a limit or Ctrl-C) before it found one.
    fn gave_up(&self, out: &mut dyn Write, nodes: u64, seconds: f64) -> anyhow::Result<()>;
    /// The first solution (checked), or that there is none.
    fn first(
        &self,
        out: &mut dyn Write,
        solution: Option<&Solution>,
        nodes: u64,
        elapsed_ms: f64,
    ) -> anyhow::Result<()>;
    /// A count of solutions (complete, or what was reached when `counts.stopped`).
    fn count(&self, out: &mut dyn Write, counts: &Counts, seconds: f64) -> anyhow::Result<()>;
    /// Solution `number` (from 1) of an `--all` stream, checked.
    fn solution(&self, out: &mut dyn Write, number: u64, solution: &Solution) -> anyhow::Result<()>;
    /// The end of an `--all` stream of `found` solutions: a line when it stopped early, or when it
    /// found none.
    fn end(&self, out: &mut dyn Write, found: u64, stopped: bool) -> anyhow::Result<()>;
}

/// The printer for `puzzle`'s format and `--json`. `shown` is the plan as a `.puz` output shows
/// it; `marks_shown` as a marks output does (only when not the seed's row-major default);
/// `plain`: the count of a plain search adds its rate.
pub(super) fn printer<'p>(
    puzzle: &'p Puzzle,
    json: bool,
    shown: Shown,
    marks_shown: Option<Shown>,
    plain: bool,
) -> Box<dyn EdgePrinter + 'p> {
    match (puzzle.marks().is_some(), json) {
        (false, false) => Box::new(SolText { puzzle, plain }),
        (false, true) => Box::new(EdgeJson { puzzle, timed: true, shown: Some(shown) }),
        (true, false) => Box::new(MarksText { puzzle }),
        (true, true) => Box::new(EdgeJson { puzzle, timed: false, shown: marks_shown }),
    }
}

/// `.puz` puzzles as text: the board drawn, `.sol` blocks, counts as numbers.
struct SolText<'p> {
    puzzle: &'p Puzzle,
    plain: bool,
}

/// Marks puzzles as the seed prints them: pieces and boards as boxes.
struct MarksText<'p> {
    puzzle: &'p Puzzle,
}

/// Puzzles as JSON lines: a `.puz` puzzle's with the time and the plan (`timed`), a marks
/// puzzle's with the seed's keys (and the plan when it was not row-major).
struct EdgeJson<'p> {
    puzzle: &'p Puzzle,
    timed: bool,
    shown: Option<Shown>,
}

impl EdgeJson<'_> {
    /// The time a line shows, in milliseconds, of a search that took `seconds`.
    fn elapsed_ms(&self, seconds: f64) -> Option<f64> {
        self.timed.then_some(seconds * 1000.0)
    }
}

/// A count as text: the number, or what was reached after what `gave_up` says.
fn count_text(out: &mut dyn Write, counts: &Counts, gave_up: &str) -> anyhow::Result<()> {
    if counts.stopped {
        writeln!(out, "gave up after {gave_up}: at least {} solutions", counts.solutions)?;
    } else {
        writeln!(out, "{}", counts.solutions)?;
    }
    Ok(())
}

/// A count as JSON; `elapsed_ms` only in the `.puz` form (the marks form keeps the seed's keys).
fn count_json(
    out: &mut dyn Write,
    puzzle: &Puzzle,
    counts: &Counts,
    elapsed_ms: Option<f64>,
    shown: Option<Shown>,
) -> anyhow::Result<()> {
    // Stopped early (a limit or Ctrl-C): the counts are what was reached, never the answer.
    let complete = !counts.stopped;
    let json = CountJson {
        rows: puzzle.rows(),
        cols: puzzle.cols(),
        solutions: complete.then_some(counts.solutions),
        solutions_so_far: (!complete).then_some(counts.solutions),
        run: search_run(counts.nodes, elapsed_ms, shown),
        status: SearchStatus::of(counts.stopped),
    };
    writeln!(out, "{}", serde_json::to_string(&json)?)?;
    Ok(())
}

/// What a search cost and its plan, as the first solution's line and a count's end.
fn search_run(nodes: u64, elapsed_ms: Option<f64>, shown: Option<Shown>) -> SearchRun {
    SearchRun {
        nodes,
        elapsed_ms,
        order: shown.map(|shown| shown.order),
        estimated_nodes: shown.and_then(|shown| shown.estimated_nodes),
    }
}

/// The first solution's search stopped before it found one, as JSON: with the time and the plan
/// in the `.puz` form (`puz`), the seed's keys in the marks form.
fn gave_up_json(out: &mut dyn Write, puzzle: &Puzzle, nodes: u64, puz: Option<(f64, Shown)>) -> anyhow::Result<()> {
    let json = FirstGaveUpJson {
        cols: puzzle.cols(),
        elapsed_ms: puz.map(|(elapsed_ms, _)| elapsed_ms),
        estimated_nodes: puz.map(|(_, shown)| shown.estimated_nodes),
        nodes,
        order: puz.map(|(_, shown)| shown.order),
        placements: (),
        rows: puzzle.rows(),
        solved: (),
        status: SearchStatus::GaveUp,
    };
    writeln!(out, "{}", serde_json::to_string(&json)?)?;
    Ok(())
}

/// One solution of a text `--all` stream: its header line and its board, after a blank line
/// from the solution before.
fn solution_text(out: &mut dyn Write, number: u64, header: &str, board: &str) -> anyhow::Result<()> {
    if number > 1 {
        writeln!(out)?;
    }
    writeln!(out, "{header}")?;
    write!(out, "{board}")?;
    Ok(())
}

/// One solution of an `--all` stream as a JSON line (both formats).
fn solution_json(out: &mut dyn Write, number: u64, solution: &Solution) -> anyhow::Result<()> {
    let placements = solution.placements().iter().map(CellJson::from).collect();
    writeln!(out, "{}", serde_json::to_string(&SolutionJson { placements, solution: number })?)?;
    Ok(())
}

impl EdgePrinter for SolText<'_> {
    fn gave_up(&self, out: &mut dyn Write, nodes: u64, seconds: f64) -> anyhow::Result<()> {
        writeln!(out, "gave up after {nodes} placements in {seconds:.3} s")?;
        Ok(())
    }

    fn first(&self, out: &mut dyn Write, solution: Option<&Solution>, nodes: u64, _: f64) -> anyhow::Result<()> {
        match solution {
            Some(solution) => {
                writeln!(out, "solution ({} placements):", nodes)?;
                write!(out, "{}", edge_match::render::render_solution(self.puzzle, solution.placements()))?;
            }
            None => writeln!(out, "no solution")?,
        }
        Ok(())
    }

    fn count(&self, out: &mut dyn Write, counts: &Counts, seconds: f64) -> anyhow::Result<()> {
        count_text(out, counts, &format!("{} placements in {seconds:.3} s", counts.nodes))?;
        if self.plain {
            let rate = counts.nodes as f64 / seconds.max(1e-9) / 1e6;
            writeln!(out, "{} placements in {seconds:.3} s ({rate:.1} M placements/s)", counts.nodes)?;
        }
        Ok(())
    }

    fn solution(&self, out: &mut dyn Write, number: u64, solution: &Solution) -> anyhow::Result<()> {
        let board = edge_match::parse::write_sol(self.puzzle, solution.placements());
        solution_text(out, number, &format!("c solution {number}"), &board)
    }

    fn end(&self, out: &mut dyn Write, found: u64, stopped: bool) -> anyhow::Result<()> {
        Ok(write_stream_end(out, false, "c ", found, stopped)?)
    }
}

impl EdgePrinter for EdgeJson<'_> {
    fn gave_up(&self, out: &mut dyn Write, nodes: u64, seconds: f64) -> anyhow::Result<()> {
        gave_up_json(out, self.puzzle, nodes, self.elapsed_ms(seconds).zip(self.shown))
    }

    fn first(
        &self,
        out: &mut dyn Write,
        solution: Option<&Solution>,
        nodes: u64,
        elapsed_ms: f64,
    ) -> anyhow::Result<()> {
        first_json(out, self.puzzle, solution, nodes, self.timed.then_some(elapsed_ms), self.shown)
    }

    fn count(&self, out: &mut dyn Write, counts: &Counts, seconds: f64) -> anyhow::Result<()> {
        count_json(out, self.puzzle, counts, self.elapsed_ms(seconds), self.shown)
    }

    fn solution(&self, out: &mut dyn Write, number: u64, solution: &Solution) -> anyhow::Result<()> {
        solution_json(out, number, solution)
    }

    fn end(&self, out: &mut dyn Write, found: u64, stopped: bool) -> anyhow::Result<()> {
        Ok(write_stream_end(out, true, "", found, stopped)?)
    }
}

impl EdgePrinter for MarksText<'_> {
    fn gave_up(&self, out: &mut dyn Write, nodes: u64, _: f64) -> anyhow::Result<()> {
        writeln!(out, "gave up after {nodes} nodes")?;
        Ok(())
    }

    fn first(&self, out: &mut dyn Write, solution: Option<&Solution>, _: u64, _: f64) -> anyhow::Result<()> {
        writeln!(out, "pieces (piece,rotation = input index, counter-clockwise quarter turns):")?;
        write!(out, "{}", edge_match::render::render_pieces(self.puzzle))?;
        writeln!(out)?;
        match solution {
            Some(solution) => {
                writeln!(out, "solution:")?;
                write!(out, "{}", edge_match::render::render_solution(self.puzzle, solution.placements()))?;
            }
            None => writeln!(out, "no solution")?,
        }
        Ok(())
    }

    fn count(&self, out: &mut dyn Write, counts: &Counts, _: f64) -> anyhow::Result<()> {
        count_text(out, counts, &format!("{} nodes", counts.nodes))
    }

    fn solution(&self, out: &mut dyn Write, number: u64, solution: &Solution) -> anyhow::Result<()> {
        let board = edge_match::render::render_solution(self.puzzle, solution.placements());
        solution_text(out, number, &format!("solution {number}:"), &board)
    }

    fn end(&self, out: &mut dyn Write, found: u64, stopped: bool) -> anyhow::Result<()> {
        Ok(write_stream_end(out, false, "", found, stopped)?)
    }
}

/// The first solution (or none) as JSON; `elapsed_ms` and the count only in the `.puz` form (the
/// marks form keeps the seed's keys).
fn first_json(
    out: &mut dyn Write,
    puzzle: &Puzzle,
    solution: Option<&Solution>,
    nodes: u64,
    elapsed_ms: Option<f64>,
    shown: Option<Shown>,
) -> anyhow::Result<()> {
    let json = FirstJson {
        rows: puzzle.rows(),
        cols: puzzle.cols(),
        solved: solution.is_some(),
        placements: solution.map(|s| s.placements().iter().map(CellJson::from).collect()),
        solutions: elapsed_ms.map(|_| u64::from(solution.is_some())),
        run: search_run(nodes, elapsed_ms, shown),
    };
    writeln!(out, "{}", serde_json::to_string(&json)?)?;
    Ok(())
}

/// The last line of an `--all` stream after the `found` solutions printed: when `stop` ended it
/// early, that it gave up; when it ended without any solution, that there is none (an empty
/// stream would read as nothing done). A JSON line, or the text line with `prefix` (`c ` in
/// `.sol` streams); nothing after one solution or more found by a complete search.
fn write_stream_end(
    out: &mut dyn std::io::Write,
    json: bool,
    prefix: &str,
    found: u64,
    stopped: bool,
) -> std::io::Result<()> {
    match (stopped, found, json) {
        (true, _, true) => {
            let end = StreamEndJson { solutions: None, solutions_so_far: Some(found), status: SearchStatus::GaveUp };
            writeln!(out, "{}", serde_json::to_string(&end)?)
        }
        (true, _, false) => writeln!(out, "{prefix}gave up after {found} solutions"),
        (false, 0, true) => {
            let end = StreamEndJson { solutions: Some(0), solutions_so_far: None, status: SearchStatus::Complete };
            writeln!(out, "{}", serde_json::to_string(&end)?)
        }
        (false, 0, false) => writeln!(out, "{prefix}no solution"),
        (false, _, _) => Ok(()),
    }
}
