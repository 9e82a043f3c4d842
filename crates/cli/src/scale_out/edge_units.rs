//! `puzzle edge --split DEPTH` and `--unit LINE` for every puzzle: one search written out as
//! JSON-lines work units and one unit solved, each line a type of [`crate::edge::json::units`];
//! here a unit's hash and what a result says against itself, which `puzzle merge` checks too.

use std::io::Write;
use std::time::Instant;

use anyhow::Context as _;
use edge_match::{Counts, Mode, Order};
use edge_match::{Limits, OrderPick, Placement, Plan, Puzzle, Solver, Split, SplitError, Task};
use serde::Serialize;

use crate::edge::args::{EdgeArgs, Job, OrderArg};
use crate::edge::json::units::{Counted, ModeJson, SearchJson, UnitGaveUp, UnitJson, UnitResultJson};
use crate::edge::json::{CellJson, SearchStatus};
use crate::input::BadInput;
use puzzle_core::text::excerpt;

impl UnitJson {
    /// Unit `unit` of `search`, sealed with its hash.
    fn new(search: &SearchJson, unit: usize, prefix: Option<Vec<CellJson>>) -> anyhow::Result<UnitJson> {
        let version = super::seal::VERSION.to_owned();
        let mut line = UnitJson { version, search: search.clone(), unit, prefix, unit_hash: String::new() };
        line.unit_hash = super::seal::unit_hash(&serde_json::to_string(&line)?);
        Ok(line)
    }

    /// Why the line is not as `--split` wrote it, if it is not: of another version, or a hash
    /// that does not match the keys it binds.
    pub(crate) fn refusal(&self) -> anyhow::Result<Option<String>> {
        if let Some(refused) = super::seal::version_refusal(&self.version, "puzzle edge --split") {
            return Ok(Some(refused));
        }
        let bare = UnitJson { unit_hash: String::new(), ..self.clone() };
        Ok((super::seal::unit_hash(&serde_json::to_string(&bare)?) != self.unit_hash).then(|| {
            "the unit's \"unit_hash\" does not match its puzzle, plan, depth, prefix and the other keys it binds: \
             the line was changed"
                .to_owned()
        }))
    }
}

impl<T: Serialize> UnitResultJson<T> {
    /// The result's line, ended with the hash that binds it to its unit ([`super::seal`]).
    pub(crate) fn sealed_line(&self) -> anyhow::Result<String> {
        super::seal::seal_json(&self.line, self)
    }
}

impl UnitResultJson {
    /// What the result says against itself or against its unit, if anything: no solution above
    /// the cut (unit 0), pieces of the board each used once, `--all`'s solutions as many as the
    /// count and each a whole board, and at least the placements that the solutions need.
    pub(crate) fn inconsistency(&self) -> Option<String> {
        let UnitJson { search, unit, prefix, .. } = &self.line;
        let SearchJson { rows, cols, corner, depth, .. } = search;
        let (rows, cols, depth) = (*rows, *cols, *depth);
        let Some(cells) = rows.checked_mul(cols) else {
            return Some(format!("a board of {} by {} cells cannot be", rows, cols));
        };
        if depth >= cells {
            return Some(format!("the depth {} is not below the board's {cells} cells", depth));
        }
        if *unit == 0 && self.outcome.solutions > 0 {
            return Some(format!(
                "unit 0 counts the placements above the cut, where no solution lies, but says {} solutions",
                self.outcome.solutions
            ));
        }
        // Checked in the placements' own size, whatever the line says the board's size is.
        let whole = |cells_json: &[CellJson], what: &str, size: usize| -> Option<String> {
            if cells_json.len() != size {
                return Some(format!("{what} has {} placements, not {size}", cells_json.len()));
            }
            let mut seen = std::collections::HashSet::new();
            for cell in cells_json {
                if cell.piece >= cells || cell.rotation >= 4 {
                    return Some(format!(
                        "{what} places piece {} turned {}, which a board of {cells} pieces has not",
                        cell.piece, cell.rotation
                    ));
                }
                if !seen.insert(cell.piece) {
                    return Some(format!("{what} places piece {} twice", cell.piece));
                }
            }
            None
        };
        if let Some(prefix) = prefix {
            if let Some(wrong) = whole(prefix, "the prefix", depth) {
                return Some(wrong);
            }
        }
        if let Some(all) = &self.outcome.all {
            if all.len() as u64 != self.outcome.solutions {
                return Some(format!("the result lists {} solutions but counts {}", all.len(), self.outcome.solutions));
            }
            for (number, solution) in all.iter().enumerate() {
                if let Some(wrong) = whole(solution, &format!("solution {number} of the list"), cells) {
                    return Some(wrong);
                }
            }
        }
        // Every solution is a placement at the last cell, and the first of them the end of a
        // path of `cells - depth` placements below the prefix; a count that pins a corner
        // counts each picture for the board's turns, at most 4.
        if self.outcome.solutions > 0 {
            let turns = if corner.is_some() { 4 } else { 1 };
            let needed = ((cells - depth) as u64 - 1).saturating_add(self.outcome.solutions.div_ceil(turns));
            if self.outcome.nodes < needed {
                return Some(format!(
                    "{} solutions below a prefix of {} of {cells} cells need at least {needed} placements, but the result says {}",
                    self.outcome.solutions, depth, self.outcome.nodes
                ));
            }
        }
        None
    }
}

/// Runs `--split` or `--unit` on a parsed puzzle.
pub(crate) fn run(job: &Job<'_>, out: &mut impl Write) -> anyhow::Result<()> {
    let Job { args, puzzle, clues } = job;
    let (mode, mode_json) =
        if args.plain { (Mode::Plain, ModeJson::Plain) } else { (Mode::Pictures, ModeJson::Pictures) };
    let key = format!("{:016x}", edge_match::puzzle_key(puzzle, clues, mode));
    let solver = Solver::with_clues(puzzle, clues)?;
    // Units list every solution of the whole tree in the plan's order, as `--all` does: the
    // plan of a list, in the order given or `--all`'s default. With `--count` they are the
    // count's: where it pins a corner piece (recorded in the units), they cut only the searches
    // of the pictures with that piece in a corner, and can be counted but not listed.
    let plan_of =
        |task: Task, pick: Option<OrderPick>, limits: &Limits<'_>| solver.plan_within(task, mode, pick, false, limits);
    if let Some(depth) = args.split {
        return split(job, depth, key, mode_json, &plan_of, out);
    }
    let text = args.unit.as_deref().context("neither --split nor --unit")?;
    // `--unit -`: unit lines from standard input, every one read and parsed before any is
    // solved, then solved one after another and printed in order; no line is no work. One
    // process for a slice of units, as `slide --unit -` does, instead of one per unit.
    let units = super::unit_lines(text, |line, name, file, number| read_unit(&line, name, file, number))?;
    let device = crate::edge::gpu::open(args.gpu)?;
    // The units of a slice share their plan: made once, for the first unit, and again only for
    // a unit of another order or corner.
    let mut plans = Plans { solver: &solver, last: None };
    for (name, unit) in units {
        run_unit(args, puzzle, &key, mode_json, &mut plans, &name, unit, device.as_ref(), out)?;
    }
    Ok(())
}

/// `--split DEPTH`: the units counted (more than `--max-units` are refused), then written one
/// line at a time; a signal or `--time-limit` stops either pass ([`super::budget`]).
fn split(
    job: &Job<'_>,
    depth: usize,
    key: String,
    mode_json: ModeJson,
    plan_of: &dyn Fn(Task, Option<OrderPick>, &Limits<'_>) -> Plan,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let Job { args, puzzle, .. } = job;
    let budget = super::budget::SplitBudget::new(args.max_units.value, args.time_limit.value);
    // The units' plan is bound into every unit line: one a signal or the time limit stopped is
    // not written.
    let task = if args.count { Task::Count } else { Task::List };
    let planned = budget.plan(|limits| plan_of(task, args.order.map(OrderArg::pick), limits));
    let Some(plan) = planned.filter(|plan| !plan.stopped) else { return Err(budget.stopped(None)) };
    let limits = budget.limits();
    let mut search = SearchJson {
        puzzle: key,
        rows: puzzle.rows(),
        cols: puzzle.cols(),
        mode: mode_json,
        order: plan.order.name().to_owned(),
        corner: plan.corner,
        engine: Some(plan.engine_name().to_owned()),
        depth,
        units: 0,
    };
    let line = |search: &SearchJson, number: usize, prefix: Option<&[Placement]>| -> anyhow::Result<String> {
        let prefix = prefix.map(|prefix| prefix.iter().map(CellJson::from).collect());
        Ok(serde_json::to_string(&UnitJson::new(search, number, prefix)?)?)
    };
    // The count: unit 0 and one unit per prefix, up to one past the budget.
    let (mut units, mut line_bytes) = (1_u64, 0_u64);
    let counted = plan.for_each_prefix(depth, &limits, |prefix| {
        units += 1;
        if units == 2 {
            line_bytes = line(&search, 1, Some(prefix)).map_or(0, |line| line.len() as u64 + 1);
        }
        budget.allows(units)
    });
    match counted {
        Ok(_) => {}
        Err(SplitError::Stopped) if !budget.allows(units) => return Err(budget.too_many(depth, line_bytes)),
        Err(SplitError::Stopped) => return Err(budget.stopped(None)),
        Err(err) => return Err(BadInput { file: "--split".to_owned(), pos: None, message: err.to_string() }.into()),
    }
    search.units = usize::try_from(units)?;
    let mut lines = super::budget::UnitLines::new(out, budget, units);
    let mut number = 0;
    let listed = lines.write(line(&search, 0, None))
        && plan
            .for_each_prefix(depth, &limits, |prefix| {
                number += 1;
                lines.write(line(&search, number, Some(prefix)))
            })
            .is_ok();
    lines.finish(listed)
}

/// A unit line read, or why it is not one: named at `name`, or for malformed JSON at its line
/// and column in `file` (whose line 1 is line `first_line`).
fn read_unit(text: &str, name: &str, file: &str, first_line: usize) -> anyhow::Result<UnitJson> {
    if let Some(mix_up) = super::kind::unit_mix_up(text, super::kind::LineKind::EdgeUnit) {
        return Err(BadInput { file: name.to_owned(), pos: None, message: mix_up }.into());
    }
    let unit = UnitJson::read(text).map_err(|err| json_error(file, first_line, &err))?;
    if let Some((at, cell)) = unit.prefix.iter().flatten().enumerate().find(|(_, cell)| cell.rotation >= 4) {
        let message = format!(
            "the prefix's placement {at} turns piece {} {} times: a rotation is 0 to 3 counter-clockwise quarter turns",
            cell.piece, cell.rotation
        );
        return Err(BadInput { file: name.to_owned(), pos: None, message }.into());
    }
    if let Some(message) = unit.refusal()? {
        return Err(BadInput { file: name.to_owned(), pos: None, message }.into());
    }
    Ok(unit)
}

/// Solves one unit of a split and prints its result line; `name` names it in errors
/// (`--unit`, or `<stdin>:N`).
#[allow(clippy::too_many_arguments)]
fn run_unit(
    args: &EdgeArgs,
    puzzle: &Puzzle,
    key: &str,
    mode_json: ModeJson,
    plans: &mut Plans<'_>,
    name: &str,
    unit: UnitJson,
    device: Option<&crate::edge::gpu::Device>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let refuse = |message: String| -> anyhow::Error { BadInput { file: name.to_owned(), pos: None, message }.into() };
    let search = &unit.search;
    if search.mode != mode_json {
        return Err(refuse(
            match search.mode {
                ModeJson::Plain => "the unit belongs to a plain search: give --plain too",
                ModeJson::Pictures => "the unit belongs to a search of distinct pictures: leave out --plain",
            }
            .to_owned(),
        ));
    }
    if search.puzzle != key || (search.rows, search.cols) != (puzzle.rows(), puzzle.cols()) {
        return Err(refuse(format!(
            "the unit belongs to another puzzle or other options (puzzle {}, here {key}): give --unit the same \
             file, --clue, --frame/--no-frame, --no-rotate and --plain as --split",
            search.puzzle
        )));
    }
    if unit.unit >= search.units {
        return Err(refuse(format!(
            "unit {} does not exist: the split has units 0 to {}",
            unit.unit,
            search.units - 1
        )));
    }
    // The unit's plan, made again from the order, the corner and the engine it carries (bound
    // by its hash) without probing again; an --order other than the unit's is refused.
    let Ok(unit_order) = search.order.parse::<Order>() else {
        return Err(refuse(format!("the unit's order `{}` is not one this version knows", excerpt(&search.order))));
    };
    if let Some(OrderArg(OrderPick::Given(order))) = args.order {
        if order != unit_order {
            return Err(refuse(format!(
                "the unit belongs to another plan: it was cut in {unit_order} order, but this search is in {order} \
                 order: leave out --order, or give --order {unit_order}"
            )));
        }
    }
    let plan = plans
        .cut(mode_json.into(), unit_order, search.corner)
        .map_err(|why| refuse(format!("the unit's plan does not fit this puzzle: {why}")))?;
    let engine = search.engine.as_deref().unwrap_or_default();
    if plan.engine_name() != engine {
        return Err(refuse(format!(
            "the unit's plan does not fit this puzzle: it says the engine `{}`, but {unit_order} order runs on the \
             `{}` engine",
            excerpt(engine),
            plan.engine_name()
        )));
    }
    let started = Instant::now();
    // The limits stop a unit as they stop every other search (each unit has the whole budget).
    let limits = crate::interrupt::limits(args.time_limit.value, args.max_nodes.value);
    let mut all = args.all.then(Vec::new);
    let counts = match (&unit.prefix, unit.unit) {
        (None, 0) => {
            // Unit 0: the tree above the depth, walked again so its placements count once.
            let split = match plan.split(search.depth, &limits) {
                Ok(split) => split,
                Err(SplitError::Stopped) => {
                    Split { above: Counts { stopped: true, ..Counts::default() }, prefixes: Vec::new() }
                }
                Err(err) => return Err(refuse(err.to_string())),
            };
            if !split.above.stopped && split.prefixes.len() + 1 != search.units {
                return Err(refuse(format!(
                    "the unit says the split has {} units, but this puzzle cut at depth {} has {}",
                    search.units,
                    search.depth,
                    split.prefixes.len() + 1
                )));
            }
            split.above
        }
        (Some(prefix), number) if number > 0 => {
            if prefix.len() != search.depth {
                return Err(refuse(format!(
                    "the prefix has {} placements but the depth is {}",
                    prefix.len(),
                    search.depth
                )));
            }
            let prefix: Vec<Placement> = prefix.iter().map(Placement::from).collect();
            if let Some(device) = device {
                device.count_below(plan, &prefix, &limits)?.map_err(|err| refuse(err.to_string()))?
            } else {
                solve_below(plan, puzzle, &prefix, &limits, all.as_mut()).map_err(|err| match err {
                    Below::Unit(err) => refuse(err.to_string()),
                    Below::Internal(err) => err,
                })?
            }
        }
        (None, _) => return Err(refuse("only unit 0 has no prefix".to_owned())),
        (Some(_), _) => {
            return Err(refuse("unit 0 has no prefix (it counts the placements above the depth)".to_owned()))
        }
    };
    let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    if counts.stopped {
        let outcome = UnitGaveUp {
            status: SearchStatus::GaveUp,
            solutions_so_far: counts.solutions,
            nodes: counts.nodes,
            elapsed_ms,
        };
        writeln!(out, "{}", UnitResultJson { line: unit, outcome }.sealed_line()?)?;
        return Ok(());
    }
    let outcome = Counted { solutions: counts.solutions, nodes: counts.nodes, elapsed_ms, all };
    let result = UnitResultJson { line: unit, outcome };
    writeln!(out, "{}", result.sealed_line()?)?;
    Ok(())
}

/// The plans of the units of one `--unit` run, made from what each unit carries
/// ([`Solver::plan_cut`]); the last one is kept for the next unit of the same plan.
struct Plans<'s> {
    solver: &'s Solver,
    last: Option<(Mode, Order, Option<usize>, Plan)>,
}

impl Plans<'_> {
    /// The plan of a unit cut in `order` pinning `corner`, or why it does not fit the puzzle.
    fn cut(&mut self, mode: Mode, order: Order, corner: Option<usize>) -> Result<&Plan, String> {
        let fits = |last: &(Mode, Order, Option<usize>, Plan)| (last.0, last.1, last.2) == (mode, order, corner);
        if !self.last.as_ref().is_some_and(fits) {
            let plan = self.solver.plan_cut(mode, order, corner)?;
            return Ok(&self.last.insert((mode, order, corner, plan)).3);
        }
        self.last.as_ref().map(|last| &last.3).ok_or_else(|| "no plan was made".to_owned())
    }
}

/// Why a unit's search failed: a unit that does not fit, or a solution that failed its check.
enum Below {
    Unit(edge_match::SplitError),
    Internal(anyhow::Error),
}

/// Counts below `prefix`, or with `all` lists every solution there, each checked first.
fn solve_below(
    plan: &Plan,
    puzzle: &Puzzle,
    prefix: &[Placement],
    limits: &Limits<'_>,
    all: Option<&mut Vec<Vec<CellJson>>>,
) -> Result<Counts, Below> {
    let Some(all) = all else {
        return plan.count_below(prefix, limits).map_err(Below::Unit);
    };
    let mut failure = None;
    let counts = plan
        .solutions_below(prefix, limits, |placements| match edge_match::check::check_solution(puzzle, placements) {
            Ok(solution) => {
                all.push(solution.placements().iter().map(CellJson::from).collect());
                true
            }
            Err(err) => {
                failure = Some(anyhow::Error::from(err).context("the solver's answer failed the independent check"));
                false
            }
        })
        .map_err(Below::Unit)?;
    match failure {
        Some(err) => Err(Below::Internal(err)),
        None => Ok(counts),
    }
}

/// A JSON error as bad input at its place in `file`, whose line 1 is line `first_line`.
pub(crate) fn json_error(file: &str, first_line: usize, err: &serde_json::Error) -> BadInput {
    let message = crate::input::shorten_quotes(&json_message(err));
    let pos = puzzle_core::text::Pos::new(first_line + err.line().max(1) - 1, err.column().max(1));
    BadInput { file: file.to_owned(), pos: Some(pos), message }
}

/// A JSON error's message without the place serde_json ends it with.
pub(crate) fn json_message(err: &serde_json::Error) -> String {
    let message = err.to_string();
    let suffix = format!(" at line {} column {}", err.line(), err.column());
    message.strip_suffix(&suffix).map_or(message.clone(), str::to_owned)
}
