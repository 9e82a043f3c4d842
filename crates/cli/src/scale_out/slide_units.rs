//! `puzzle slide --split DEPTH` and `--unit LINE`: one board's optimal search as rounds of work
//! units (the library's `sliding::split`), and `puzzle merge` of one round's results into the
//! answer or the next round's units.
//!
//! A round is driven from outside: `--split` writes round 1; workers run each unit line with
//! `--unit`; `puzzle merge` of their results prints either the answer (one line with "status")
//! or the next round's unit lines, to be run the same way (docs/scale-out.md).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::Instant;

use puzzle_core::Direction;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sliding::split::{Split, SplitError, SplitSearch};
use sliding::{Board, BoardSpec, Goal, HeuristicKind, PlanError, Verdict};

use crate::input::BadInput;
use crate::pdb_cache::PdbCache;
use crate::slide::print::{AnswerJson, SplitJson};
use crate::slide::status::{AnswerStatus, UnitStatus};

/// The value of `"search"` in every line of a split sliding search.
const SEARCH: &str = "slide";

/// One work unit of one round, as `--split` and `puzzle merge` write it and `--unit` reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct UnitLine {
    /// Always `slide`: tells these lines from the edge-matching units.
    pub(crate) search: String,
    /// The version of `puzzle` that split the search; units of another version are refused.
    pub(crate) version: String,
    /// A hash of everything below up to `depth`: the same in every line of one split.
    pub(crate) puzzle: String,
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    /// The board's tiles, row by row, 0 the blank.
    pub(crate) board: Vec<u32>,
    /// The goal's tiles.
    pub(crate) goal: Vec<u32>,
    /// The heuristic every unit searches with.
    pub(crate) heuristic: String,
    /// The depth of the cut, in moves.
    pub(crate) depth: usize,
    /// The number of units of every round.
    pub(crate) units: usize,
    /// The round, from 1.
    pub(crate) round: u32,
    /// This round's bound: no path shorter exists (proven by the rounds before).
    pub(crate) bound: u32,
    /// Nodes visited by the rounds before this one.
    pub(crate) nodes_before: u64,
    /// This unit, from 0.
    pub(crate) unit: usize,
    /// The unit's moves (`U`, `D`, `L`, `R`, where the blank moves); `null` for unit 0, the nodes
    /// above the cut.
    pub(crate) prefix: Option<String>,
    /// A hash of every key above ([`unit_hash`]): binds the round, the bound and the prefix to
    /// the split, so a changed line is refused before it is searched and again when merged.
    pub(crate) unit_hash: String,
}

/// One unit's result: its line's keys, then what it found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct UnitResult {
    #[serde(flatten)]
    pub(crate) unit: UnitLine,
    pub(crate) status: UnitStatus,
    /// The path found, from the start.
    pub(crate) path: Option<String>,
    /// The least `f` above the bound the unit cut off (`null`: none).
    pub(crate) next_bound: Option<u32>,
    /// Nodes visited.
    pub(crate) nodes: u64,
    /// Time taken, in milliseconds (varies from run to run).
    pub(crate) elapsed_ms: f64,
}

impl UnitResult {
    /// The result's line, ended with the hash that binds it to its unit ([`super::seal`]).
    fn sealed_line(&self) -> anyhow::Result<String> {
        super::seal::seal_json(&self.unit, self)
    }

    /// What the result says against its unit, if anything: a status the workers write, a path
    /// exactly when one was found, starting with the unit's prefix and as long as the round's
    /// bound (no shorter path exists, and the search went no further), and a next bound above
    /// the round's bound (the least estimate the unit cut off for exceeding it).
    fn inconsistency(&self) -> Option<String> {
        let line = &self.unit;
        match (self.status, &self.path) {
            (UnitStatus::Found, Some(path)) => {
                if path.len() != line.bound as usize {
                    return Some(format!("the path has {} moves, not the round's bound {}", path.len(), line.bound));
                }
                if let Some(prefix) = &line.prefix {
                    if !path.starts_with(prefix.as_str()) {
                        return Some(format!("the path does not start with the unit's prefix {prefix}"));
                    }
                }
            }
            (UnitStatus::Found, None) => return Some("the status is \"found\" but there is no path".to_owned()),
            (status @ (UnitStatus::Searched | UnitStatus::Skipped | UnitStatus::GaveUp), Some(_)) => {
                let status = serde_json::to_string(&status).unwrap_or_default();
                return Some(format!("the status is {status} but there is a path"));
            }
            (UnitStatus::Searched | UnitStatus::Skipped | UnitStatus::GaveUp, None) => {}
        }
        if self.status == UnitStatus::Skipped && (self.nodes, self.next_bound) != (0, None) {
            return Some("a skipped unit searched nothing, but this one has nodes or a next bound".to_owned());
        }
        match self.next_bound {
            Some(next) if next <= line.bound => {
                Some(format!("the next bound {next} is not above the round's bound {}", line.bound))
            }
            _ => None,
        }
    }
}

/// Bad input in `file`; quoted parts of the message (the unit line's strings, in serde's words
/// too) are cut to their first characters.
fn bad(file: &str, message: impl Into<String>) -> anyhow::Error {
    BadInput { file: file.to_owned(), pos: None, message: crate::input::shorten_quotes(&message.into()) }.into()
}

fn letters(path: &[Direction]) -> String {
    sliding::path_letters(path)
}

fn directions(text: &str) -> Option<Vec<Direction>> {
    text.chars().map(Direction::from_move_letter).collect()
}

/// The fingerprint (XXH3) of the split's identity, in 16 hexadecimal digits: the same in every line of a split.
fn puzzle_hash(line: &UnitLine) -> String {
    let identity = format!(
        "{}|{}|{}x{}|{:?}|{:?}|{}|{}",
        line.search, line.version, line.rows, line.cols, line.board, line.goal, line.heuristic, line.depth
    );
    format!("{:016x}", puzzle_core::fingerprint::fingerprint(identity.as_bytes()))
}

/// The unit's `"unit_hash"` ([`super::seal::unit_hash`]) over everything that decides its
/// search: the split (through `puzzle`), the round, its bound, the nodes before it, the unit and
/// its prefix.
fn unit_hash(line: &UnitLine) -> String {
    let identity = format!(
        "{}|{}|{}|{}|{}|{}|{}",
        line.puzzle,
        line.units,
        line.round,
        line.bound,
        line.nodes_before,
        line.unit,
        line.prefix.as_deref().unwrap_or("null")
    );
    super::seal::unit_hash(&identity)
}

/// Why `line` is not as `--split` or `puzzle merge` wrote it, if it is not: a search of
/// another kind, a hash that does not match the keys it covers, a unit that does not exist.
fn line_refusal(line: &UnitLine) -> Option<String> {
    if line.search != SEARCH {
        return Some(format!(
            "a unit of a `{}` search, not of `puzzle slide`",
            puzzle_core::text::excerpt(&line.search)
        ));
    }
    if line.version != env!("CARGO_PKG_VERSION") {
        return Some(format!(
            "a unit of puzzle {}, but this is puzzle {}: split again with this version",
            puzzle_core::text::excerpt(&line.version),
            env!("CARGO_PKG_VERSION")
        ));
    }
    if puzzle_hash(line) != line.puzzle {
        return Some(
            "the unit's \"puzzle\" does not match its board, goal, heuristic and depth: the line was changed"
                .to_owned(),
        );
    }
    if unit_hash(line) != line.unit_hash {
        return Some(
            "the unit's \"unit_hash\" does not match its round, bound, prefix and the other keys it binds: the line \
             was changed"
                .to_owned(),
        );
    }
    if line.unit >= line.units {
        return Some(format!("unit {} of {} units does not exist", line.unit, line.units));
    }
    if (line.unit == 0) != line.prefix.is_none() {
        return Some("unit 0 and only unit 0 has no prefix".to_owned());
    }
    None
}

fn tiles(board: &Board) -> Vec<u32> {
    board.tiles().to_vec()
}

/// `--split DEPTH` on the one board of the input: round 1's units, or the answer when the board
/// needs no search. The units are counted first (more than the budget's are refused), then
/// written one line at a time; a signal or the time limit stops either pass ([`super::budget`]).
pub(crate) fn split(
    depth: usize,
    budget: super::budget::SplitBudget,
    board: &Board,
    solver: &sliding::Planner<'_>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    // The signals and the time limit, no node limit: the tables a split needs are built whole
    // unless one of them comes, and the plan is the one made without a time limit.
    let Some(planned) = budget.plan(|limits| solver.split(board, depth, limits)) else {
        return Err(budget.stopped(None));
    };
    let limits = budget.limits();
    let search = match planned.map_err(|e| bad("--split", e.to_string()))? {
        Split::Answered(report) => {
            let status = AnswerStatus::of(report.verdict());
            let moves = (status == AnswerStatus::Solved).then_some(0);
            let answered = AnswerJson {
                label: None,
                solvable: moves.is_some(),
                moves,
                path: moves.map(|_| ""),
                board: board.to_string(),
                status,
                nodes: 0,
                optimal: true,
                lower_bound: report.lower_bound(),
                seconds: None,
                split: None,
            };
            // This line has always had its keys in alphabetical order: serde_json's map (without
            // the `preserve_order` feature) sorts them.
            writeln!(out, "{}", serde_json::to_value(&answered)?)?;
            return Ok(());
        }
        Split::Search(search) => search,
    };
    let mut template = UnitLine {
        search: SEARCH.to_owned(),
        version: env!("CARGO_PKG_VERSION").to_owned(),
        puzzle: String::new(),
        rows: board.shape().rows(),
        cols: board.shape().cols(),
        board: tiles(board),
        goal: tiles(search.goal()),
        heuristic: search.heuristic().to_string(),
        depth,
        units: 0,
        round: 1,
        bound: search.start_bound(),
        nodes_before: 0,
        unit: 0,
        prefix: None,
        unit_hash: String::new(),
    };
    template.puzzle = puzzle_hash(&template);
    // The count: unit 0 and one unit per prefix, up to one past the budget.
    let (mut units, mut line_bytes) = (1_u64, 0_u64);
    match search.for_each_prefix(&limits, |prefix| {
        units += 1;
        if units == 2 {
            let line = UnitLine { unit: 1, prefix: Some(letters(prefix)), ..template.clone() };
            // Its hash, 16 digits, is not made yet.
            line_bytes = serde_json::to_string(&line).map_or(0, |line| line.len() as u64 + 17);
        }
        budget.allows(units)
    }) {
        Ok(()) => {}
        Err(SplitError::Stopped) if !budget.allows(units) => return Err(budget.too_many(depth, line_bytes)),
        Err(SplitError::Stopped) => return Err(budget.stopped(None)),
        Err(err) => return Err(bad("--split", err.to_string())),
    }
    template.units = usize::try_from(units)?;
    let template = template;
    let line = |unit: usize, prefix: Option<String>| -> anyhow::Result<String> {
        let mut line = UnitLine { unit, prefix, ..template.clone() };
        line.unit_hash = unit_hash(&line);
        Ok(serde_json::to_string(&line)?)
    };
    let mut lines = super::budget::UnitLines::new(out, budget, units);
    let mut number = 0;
    let listed = lines.write(line(0, None))
        && search
            .for_each_prefix(&limits, |prefix| {
                number += 1;
                lines.write(line(number, Some(letters(prefix))))
            })
            .is_ok();
    lines.finish(listed)
}

/// Writes the units of one round: `template` with each unit's number and prefix.
fn write_round(
    template: &UnitLine,
    prefixes: impl Iterator<Item = Option<String>>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    for (unit, prefix) in prefixes.enumerate() {
        if crate::interrupt::interrupted() {
            out.flush()?;
            anyhow::bail!(crate::interrupt::Interrupted(format!(
                "the merge was stopped after writing {unit} of the next round's {} unit lines: the output is \
                 incomplete (every line written is whole), merge again",
                template.units
            )));
        }
        let mut line = UnitLine { unit, prefix, ..template.clone() };
        line.unit_hash = unit_hash(&line);
        writeln!(out, "{}", serde_json::to_string(&line)?)?;
    }
    Ok(())
}

/// A unit line read and checked, with the search it belongs to rebuilt.
fn read_unit(text: &str, name: &str) -> anyhow::Result<(UnitLine, Board, Board, HeuristicKind)> {
    if let Some(mix_up) = super::kind::unit_mix_up(text, super::kind::LineKind::SlideUnit) {
        return Err(bad(name, mix_up));
    }
    let line: UnitLine = serde_json::from_str(text.trim())
        .map_err(|e| bad(name, format!("expected a unit line of `puzzle slide --split` or `puzzle merge`: {e}")))?;
    if let Some(refused) = line_refusal(&line) {
        return Err(bad(name, refused));
    }
    let board_of = |tiles: &[u32], what: &str| {
        let tiles = tiles.to_vec();
        Board::try_from(BoardSpec { rows: line.rows, cols: line.cols, tiles })
            .map_err(|e| bad(name, format!("the unit's {what}: {e}")))
    };
    let board = board_of(&line.board, "board")?;
    let goal = board_of(&line.goal, "goal")?;
    let heuristic: HeuristicKind =
        line.heuristic.parse().map_err(|e: String| bad(name, format!("\"heuristic\": {e}")))?;
    Ok((line, board, goal, heuristic))
}

/// `--unit LINE` (or `--unit -`: unit lines from standard input, solved on `--jobs` threads and
/// printed in order; none is no work): each unit searched to its round's bound, one result line per unit.
/// `expected`: the board of the input file, when one was given with the unit.
pub(crate) fn run_units(
    text: &str,
    found_file: Option<&Path>,
    settings: &crate::slide::settings::SlideSettings,
    expected: Option<&Board>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let lines = super::unit_lines(text, |line, _, _, _| Ok(line))?;
    let units = lines.iter().map(|(name, text)| read_unit(text, name)).collect::<anyhow::Result<Vec<_>>>()?;
    // Every unit is checked before any is searched, so that a bad line is refused before the
    // results of the lines above it are printed.
    for ((name, _), (line, board, _, _)) in lines.iter().zip(&units) {
        if let Some(text) = &line.prefix {
            let prefix =
                directions(text).ok_or_else(|| bad(name, "the prefix holds a letter other than U, D, L, R"))?;
            if !sliding::split::is_unit_prefix(board, line.depth, &prefix) {
                let message = format!(
                    "the prefix is not {} moves that stay on the board and never undo the move before",
                    line.depth
                );
                return Err(bad(name, message));
            }
        }
    }
    if let Some(expected) = expected {
        for ((name, _), (_, board, _, _)) in lines.iter().zip(&units) {
            if board != expected {
                return Err(bad(name, format!("the unit is of board {board}, but the input holds {expected}")));
            }
        }
    }
    let tables = PdbCache::default();
    let solver = sliding::Planner::new(Goal::Kind(sliding::GoalKind::BlankLast), &tables);
    // Units are taken in the order given, one at a time by each thread: once one reaches the
    // goal, the units after it cannot change the answer, and those not started are skipped.
    let next = AtomicUsize::new(0);
    let found_unit = AtomicUsize::new(usize::MAX);
    let results: Vec<Mutex<Option<anyhow::Result<UnitResult>>>> = units.iter().map(|_| Mutex::new(None)).collect();
    // On the threads `--jobs` set for the whole process.
    (0..rayon::current_num_threads()).into_par_iter().for_each(|_| loop {
        let index = next.fetch_add(1, Relaxed);
        let (Some((line, board, goal, heuristic)), Some((name, _))) = (units.get(index), lines.get(index)) else {
            break;
        };
        let found_before = found_unit.load(Relaxed) < line.unit
            || found_file.and_then(read_found).is_some_and(|found| found < line.unit);
        let result = if found_before {
            Ok(unsearched(line, UnitStatus::Skipped, 0.0))
        } else {
            // The unit's time counts from here: building its tables is part of it.
            let started = Instant::now();
            let limits = crate::interrupt::deadline_from(settings.limits, settings.time_limit, started);
            match solver.unit_search(board, goal, *heuristic, line.depth, &limits) {
                Ok(search) => run_one(&limits, started, &search, line, name),
                Err(SplitError::Plan(PlanError::Stopped { .. })) => {
                    Ok(unsearched(line, UnitStatus::GaveUp, started.elapsed().as_secs_f64() * 1000.0))
                }
                Err(err) => Err(bad(name, err.to_string())),
            }
        };
        if result.as_ref().is_ok_and(|r| r.status == UnitStatus::Found) {
            found_unit.fetch_min(line.unit, Relaxed);
            if let Some(file) = found_file {
                write_found(file, line.unit);
            }
        }
        *results[index].lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
    });
    for result in results {
        let result = result.into_inner().unwrap_or_else(|e| e.into_inner());
        let result = result.unwrap_or_else(|| Err(anyhow::anyhow!("a unit was not run")));
        writeln!(out, "{}", result?.sealed_line()?)?;
        out.flush()?;
    }
    Ok(())
}

/// The unit a `--found-file` names: the least unit of the round known to reach the goal.
/// Only a regular file is opened (its type read first: opening a FIFO would block), and only its
/// first bytes are read (a number takes at most 20).
fn read_found(file: &Path) -> Option<usize> {
    use std::io::Read;
    if !std::fs::metadata(file).ok()?.is_file() {
        return None;
    }
    let mut text = String::new();
    std::fs::File::open(file).ok()?.take(64).read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

/// Records in `file` that `unit` reached the goal, unless it names a unit before it already.
/// Other workers of the round read it before each unit and skip the units after it. Written
/// whole and renamed, so a reader sees the old number or the new one; two workers writing at
/// once may keep the larger, which only costs time, never the answer (units before the number
/// always run).
fn write_found(file: &Path, unit: usize) {
    if read_found(file).is_some_and(|found| found <= unit) {
        return;
    }
    // Best effort: a found file that cannot be written only costs later units their skip.
    let _ = crate::atomic_file::write_atomically(file, |out: &mut dyn std::io::Write| writeln!(out, "{unit}"));
}

/// The result of a unit not searched, after `elapsed_ms`: [`UnitStatus::GaveUp`] when its tables
/// were not built in time (its limit passed, or a signal came), so merge asks for it to be run
/// again; [`UnitStatus::Skipped`] when a unit before it reached the goal.
fn unsearched(line: &UnitLine, status: UnitStatus, elapsed_ms: f64) -> UnitResult {
    UnitResult { unit: line.clone(), status, path: None, next_bound: None, nodes: 0, elapsed_ms }
}

fn run_one(
    limits: &sliding::Limits<'_>,
    started: Instant,
    search: &SplitSearch,
    line: &UnitLine,
    name: &str,
) -> anyhow::Result<UnitResult> {
    let prefix = match &line.prefix {
        None => None,
        Some(text) => {
            Some(directions(text).ok_or_else(|| bad(name, "the prefix holds a letter other than U, D, L, R"))?)
        }
    };
    let outcome = search.run_unit(prefix.as_deref(), line.bound, limits).map_err(|e| bad(name, e.to_string()))?;
    let status = match (&outcome.path, outcome.gave_up) {
        (_, true) => UnitStatus::GaveUp,
        (Some(_), false) => UnitStatus::Found,
        (None, false) => UnitStatus::Searched,
    };
    if let Some(path) = &outcome.path {
        search.check(path).map_err(|e| anyhow::anyhow!("unit {}: the path found fails the check: {e}", line.unit))?;
    }
    Ok(UnitResult {
        unit: line.clone(),
        status,
        path: outcome.path.as_deref().map(letters),
        next_bound: outcome.next_bound,
        nodes: outcome.nodes,
        elapsed_ms: started.elapsed().as_secs_f64() * 1000.0,
    })
}

/// `puzzle merge` of one round's unit results (`records`: place, line text): the answer when a
/// unit found the goal, else the next round's units.
pub(crate) fn merge(records: &[(String, &str)], out: &mut impl Write) -> anyhow::Result<()> {
    let mut first: Option<(&str, UnitResult)> = None;
    let mut by_unit: BTreeMap<usize, (&str, UnitResult)> = BTreeMap::new();
    for (place, text) in records {
        crate::interrupt::poll_merge()?;
        let (fields, hash) = super::seal::unseal(text).map_err(|refused| bad(place, refused))?;
        let line = fields.line();
        let result: UnitResult = serde_json::from_str(&line)
            .map_err(|e| bad(place, format!("expected a result of `puzzle slide --unit`: {e}")))?;
        if let Some(refused) = line_refusal(&result.unit) {
            return Err(bad(place, refused));
        }
        match &first {
            None => first = Some((place, result.clone())),
            Some((from, one)) => {
                let same = |a: &UnitLine, b: &UnitLine| {
                    (&a.puzzle, a.units, a.round, a.bound, a.nodes_before)
                        == (&b.puzzle, b.units, b.round, b.bound, b.nodes_before)
                };
                if !same(&one.unit, &result.unit) {
                    return Err(bad(
                        place,
                        format!(
                            "this result is of split {} round {} (bound {}), but {from} is of split {} round {} (bound {}): merge one round of one split at a time",
                            result.unit.puzzle, result.unit.round, result.unit.bound, one.unit.puzzle, one.unit.round, one.unit.bound
                        ),
                    ));
                }
            }
        }
        if let Some(refused) = super::seal::refusal(&serde_json::to_string(&result.unit)?, &line, &hash) {
            return Err(bad(place, refused));
        }
        if let Some(wrong) = result.inconsistency() {
            return Err(bad(place, format!("unit {}: {wrong}", result.unit.unit)));
        }
        let unit = result.unit.unit;
        if let Some((earlier, _)) = by_unit.insert(unit, (place, result)) {
            return Err(bad(place, format!("unit {unit} is also on {earlier}: remove one of the two")));
        }
    }
    let Some((first_place, one)) = first else { return Err(bad("puzzle merge", "nothing to merge")) };
    let template = one.unit;
    let (_, board, goal, _) = read_unit(&serde_json::to_string(&template)?, first_place)?;
    check_prefixes(&board, &goal, &template, by_unit.values().map(|(place, result)| (*place, &result.unit)))?;
    // The first unit in move order that found a path holds the unsplit search's path; units
    // after it cannot change the answer and may be missing.
    let found = by_unit.iter().find(|(_, (_, r))| r.status == UnitStatus::Found).map(|(&unit, _)| unit);
    let needed = found.map_or(template.units, |unit| unit + 1);
    // A unit stopped by a limit or a signal has no answer, and one skipped had a unit before it
    // reach the goal; after the first found one neither is needed.
    for (place, result) in by_unit.range(..needed).map(|(_, entry)| entry) {
        let unit = result.unit.unit;
        match result.status {
            UnitStatus::GaveUp => {
                let message =
                    format!("unit {unit} gave up (time or node limit, or a signal) and has no answer: run it again");
                return Err(bad(place, message));
            }
            UnitStatus::Skipped => {
                let message = format!(
                    "unit {unit} was skipped because a unit before it reached the goal, but no result merged here did: \
                     merge every result of the round, or run unit {unit} again"
                );
                return Err(bad(place, message));
            }
            UnitStatus::Searched | UnitStatus::Found => {}
        }
    }
    let missing: Vec<usize> = (0..needed).filter(|unit| !by_unit.contains_key(unit)).collect();
    if let Some(&first_missing) = missing.first() {
        // Counted among all the round's units: with a unit that reached the goal, only those
        // up to it are needed, and the message says so.
        let among = found
            .map_or_else(String::new, |unit| format!(" among the {needed} up to unit {unit} (which reached the goal)"));
        return Err(bad(
            "puzzle merge",
            format!(
                "{} of the {} units of round {} have no result{among}, the first is unit {first_missing}: run them (again)",
                missing.len(),
                template.units,
                template.round
            ),
        ));
    }
    let nodes = template.nodes_before + by_unit.values().map(|(_, r)| r.nodes).sum::<u64>();
    if let Some(unit) = found {
        let (place, result) = &by_unit[&unit];
        let text = result.path.as_deref().unwrap_or_default();
        let path = directions(text).ok_or_else(|| bad(place, "the path holds a letter other than U, D, L, R"))?;
        sliding::check(&board, &goal, &Verdict::Solved(sliding::Path::Moves(path.clone())))
            .map_err(|e| bad(place, format!("unit {unit}'s path is not an answer: {e}")))?;
        if path.len() != template.bound as usize {
            return Err(bad(
                place,
                format!("unit {unit}'s path has {} moves, not the round's bound {}", path.len(), template.bound),
            ));
        }
        let answer = AnswerJson {
            label: None,
            solvable: true,
            moves: Some(path.len() as u64),
            path: Some(text),
            board: board.to_string(),
            status: AnswerStatus::Solved,
            nodes,
            optimal: true,
            lower_bound: Some(u64::from(template.bound)),
            seconds: None,
            split: Some(SplitJson { rounds: template.round, units: template.units, heuristic: &template.heuristic }),
        };
        writeln!(out, "{}", serde_json::to_string(&answer)?)?;
        return Ok(());
    }
    let next = by_unit.values().filter_map(|(_, r)| r.next_bound).min().ok_or_else(|| {
        anyhow::anyhow!("no unit of round {} cut anything off, yet none found the goal", template.round)
    })?;
    let next_round = UnitLine { round: template.round + 1, bound: next, nodes_before: nodes, ..template };
    let prefixes: Vec<Option<String>> = by_unit.values().map(|(_, r)| r.unit.prefix.clone()).collect();
    write_round(&next_round, prefixes.into_iter(), out)
}

/// Checks that the units of a round are the split's: the board cut at the split's depth gives
/// `units` units, and each unit's prefix is the one the cut lists at its number. With each
/// number once (checked by the caller), the round's units are then each prefix of the cut once,
/// none foreign: a prefix changed into another unit's is refused even with its hashes made anew.
fn check_prefixes<'a>(
    board: &Board,
    goal: &Board,
    template: &UnitLine,
    units: impl Iterator<Item = (&'a str, &'a UnitLine)>,
) -> anyhow::Result<()> {
    // A signal stops the cut as it stops every long step of the CLI.
    let limits = crate::interrupt::build_limits(None);
    let prefixes = match sliding::split::unit_prefixes(board, goal, template.depth, &limits) {
        Ok(prefixes) => prefixes,
        Err(SplitError::Stopped) => {
            anyhow::bail!(crate::interrupt::Interrupted("the merge was stopped while it cut the board".to_owned()))
        }
        Err(err) => return Err(bad("puzzle merge", err.to_string())),
    };
    if prefixes.len() + 1 != template.units {
        return Err(bad(
            "puzzle merge",
            format!(
                "the board cut at depth {} has {} units, but the results say {}: the lines were changed",
                template.depth,
                prefixes.len() + 1,
                template.units
            ),
        ));
    }
    for (place, line) in units {
        let expected = line.unit.checked_sub(1).map(|k| letters(&prefixes[k]));
        if line.prefix != expected {
            let shown =
                |prefix: &Option<String>| prefix.as_deref().map_or("none".to_owned(), puzzle_core::text::excerpt);
            return Err(bad(
                place,
                format!(
                    "unit {}'s prefix {} is not the split's ({}): the line was changed",
                    line.unit,
                    shown(&line.prefix),
                    shown(&expected)
                ),
            ));
        }
    }
    Ok(())
}
