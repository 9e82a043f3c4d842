//! `puzzle merge`: joins the outputs of a spread-out job. Shard outputs of `puzzle slide --shard
//! K/N --json` go back into input order, exactly as one run without `--shard` prints them; one
//! round of `puzzle slide --unit` results gives the answer or the next round's units; the unit
//! results of `puzzle edge --unit` add up to one result of the whole search; of the runs of
//! `puzzle edge --best --json`, the best board is kept.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::against::Against;
use super::edge_units::{json_error, json_message};
use super::kind::LineKind;
use crate::edge::json::units::{MergedJson, SearchJson, UnitGaveUp, UnitResultJson};
use crate::edge::json::{CellJson, SearchStatus};
use crate::edge::puzzle_file::PuzzleRead;
use crate::input::{BadInput, Input, Reported};
use edge_match::Placement;

/// Arguments of `puzzle merge`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("checked_against").args(["puzzle", "input"])))]
pub(crate) struct MergeArgs {
    /// Output files (JSON lines), in any order, all of one job: of `puzzle slide --shard K/N
    /// --json`, of `puzzle slide --unit` (one round of a `slide --split`), of `puzzle edge --unit`
    /// or of `puzzle edge --best --json`; `-` is standard input
    #[arg(required = true, value_name = "OUTPUTS")]
    pub(crate) outputs: Vec<PathBuf>,
    /// Check every edge-matching board of the outputs (the solutions of `puzzle edge --unit
    /// --all` results, the boards of `puzzle edge --best --json` lines) against the pieces of
    /// this puzzle file, read as `puzzle edge` reads it with the options below
    #[arg(long, value_name = "FILE")]
    pub(crate) puzzle: Option<PathBuf>,
    /// With --puzzle: the clues the workers were given (as for `puzzle edge`)
    #[arg(long, value_name = "FILE", requires = "puzzle")]
    pub(crate) clue: Option<PathBuf>,
    /// With --puzzle: colour 0 is the frame (as for `puzzle edge`)
    #[arg(long, requires = "puzzle", conflicts_with = "no_frame")]
    pub(crate) frame: bool,
    /// With --puzzle: the border is free (as for `puzzle edge`)
    #[arg(long, requires = "puzzle")]
    pub(crate) no_frame: bool,
    /// With --puzzle: pieces keep rotation 0 (as for `puzzle edge`)
    #[arg(long, requires = "puzzle")]
    pub(crate) no_rotate: bool,
    /// With --puzzle: a marks board's size as ROWSxCOLS (as for `puzzle edge`); with --input,
    /// the lines format's board size (as for `puzzle slide`)
    #[arg(long, value_name = "RxC", value_parser = crate::values::parse_edge_size, requires = "checked_against")]
    pub(crate) size: Option<(usize, usize)>,
    /// Check every line of `puzzle slide --shard K/N --json` outputs against the batch input
    /// they were cut from, read as `puzzle slide` reads it with --format and --size: its
    /// fingerprint, its number of boards and the board at each index (without it, a total
    /// lowered with the last boards dropped cannot be seen)
    #[arg(long, value_name = "FILE", conflicts_with = "puzzle")]
    pub(crate) input: Option<PathBuf>,
    /// With --input: its format (as for `puzzle slide`)
    #[arg(long, value_enum, requires = "input")]
    pub(crate) format: Option<crate::slide::SlideFormat>,
}

/// One line of an output file, with where it came from and its kind. Its value is parsed again
/// where it is checked, and not kept: a merge of millions of lines holds their text only.
struct Record<'a> {
    file: &'a str,
    line: usize,
    text: &'a str,
    kind: Option<LineKind>,
}

impl Record<'_> {
    /// The line read as `T` (its JSON was read once already, so it parses).
    fn parse<T: serde::de::DeserializeOwned>(&self) -> anyhow::Result<T> {
        serde_json::from_str(self.text).map_err(|err| self.error(format!("expected JSON lines: {err}")).into())
    }

    fn place(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }

    fn error(&self, message: impl Into<String>) -> BadInput {
        BadInput {
            file: self.file.to_owned(),
            pos: Some(puzzle_core::text::Pos::new(self.line, 1)),
            message: crate::input::shorten_quotes(&message.into()),
        }
    }
}

/// Runs `puzzle merge`.
pub(crate) fn run(args: &MergeArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let inputs: Vec<Input> = args.outputs.iter().map(|path| Input::read(Some(path))).collect::<anyhow::Result<_>>()?;
    let mut records = Vec::new();
    for input in &inputs {
        for (number, text) in input.text.lines().enumerate() {
            let text = text.strip_suffix('\r').unwrap_or(text);
            let text = if number == 0 { text.strip_prefix('\u{feff}').unwrap_or(text) } else { text };
            crate::interrupt::poll_merge()?;
            if text.trim().is_empty() {
                continue;
            }
            let kind = LineKind::of_text(text).map_err(|err| {
                let bad = json_error(&input.name, number + 1, &err);
                BadInput { message: format!("expected JSON lines: {}", bad.message), ..bad }
            })?;
            records.push(Record { file: &input.name, line: number + 1, text, kind });
        }
    }
    let Some(first) = records.first() else {
        // A lost set of outputs must not pass for an empty answer.
        let names: Vec<&str> = inputs.iter().map(|input| input.name.as_str()).collect();
        return Err(BadInput {
            file: "puzzle merge".to_owned(),
            pos: None,
            message: format!("nothing to merge: {} holds no output line", names.join(", ")),
        }
        .into());
    };
    let Some(kind) = first.kind else { return Err(first.error(NOT_AN_OUTPUT).into()) };
    let against = match &args.puzzle {
        None => None,
        Some(path) => {
            if !matches!(kind, LineKind::EdgeResult | LineKind::Best) {
                let message = format!("checks edge-matching boards, but the first line is {}", kind.described());
                return Err(BadInput { file: "--puzzle".to_owned(), pos: None, message }.into());
            }
            let how = PuzzleRead {
                format: None,
                size: args.size,
                no_rotate: args.no_rotate,
                frame: args.frame,
                no_frame: args.no_frame,
                clue: args.clue.as_deref(),
            };
            Some(Against::read(path, &how)?)
        }
    };
    let batch = match &args.input {
        None => None,
        Some(_) if kind != LineKind::Shard => return Err(super::batch_input::not_shards(kind.described())),
        Some(path) => Some(super::batch_input::BatchInput::read(
            path,
            args.format.map(crate::slide::SlideFormat::format),
            args.size,
        )?),
    };
    // Every line of one kind: a line of another is named as the mix-up it is.
    for record in &records {
        let Some(other) = record.kind else { continue };
        if other.is_unit() {
            return Err(record.error(other.mix_up("an output of a worker")).into());
        }
        if other != kind {
            return Err(record.error(other.mix_up(kind.described())).into());
        }
    }
    match kind {
        LineKind::SlideResult => {
            let lines: Vec<(String, &str)> = records.iter().map(|r| (r.place(), r.text)).collect();
            super::slide_units::merge(&lines, out)
        }
        LineKind::EdgeResult => merge_units(&records, against.as_ref(), out),
        LineKind::Shard => merge_shards(&records, batch.as_ref(), out),
        LineKind::Best => {
            let best: Vec<(String, &str)> = records.iter().map(|r| (r.place(), r.text)).collect();
            super::best_runs::merge(&best, against.as_ref(), out)
        }
        LineKind::SlideUnit | LineKind::EdgeUnit => unreachable!("refused above"),
    }
}

const NOT_AN_OUTPUT: &str = "expected a line of `puzzle slide --shard K/N --json` (with \"index\"), `puzzle slide \
     --unit` (with \"search\":\"slide\"), `puzzle edge --unit` (with \"unit\") or `puzzle edge --best --json` (with \
     \"edges_matching\")";

/// Puts sharded records back in input order, without their `index` and `total` keys; with
/// `batch` (`--input`), each checked against the board of the input at its index.
fn merge_shards(
    records: &[Record<'_>],
    batch: Option<&super::batch_input::BatchInput>,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let mut total: Option<(u64, u64, String, &Record<'_>)> = None;
    let mut placed: BTreeMap<u64, Placed<'_>> = BTreeMap::new();
    for record in records {
        crate::interrupt::poll_merge()?;
        let place: super::shard::ShardPlace = record.parse()?;
        let (Some(index), Some(size)) = (place.index, place.total) else {
            return Err(record
                .error(if place.unit.is_some() {
                    "a unit result among shard outputs: merge them separately".to_owned()
                } else {
                    format!("{NOT_AN_OUTPUT}: \"index\" and \"total\" must be whole numbers")
                })
                .into());
        };
        let expected_form = || {
            record.error(
                "expected a line as `puzzle slide --shard K/N --json` writes it, starting with \
                 {\"index\":I,\"total\":T,\"input\":\"F\",\"goal\":\"G\",",
            )
        };
        let Some(Ok(input)) = place.input.as_deref().map(|f| u64::from_str_radix(f, 16)) else {
            return Err(expected_form().into());
        };
        let Some(goal) = place.goal.as_deref() else { return Err(expected_form().into()) };
        // The record as the run without --shard prints it: the same line without the keys of
        // its place and its hash, which binds it there.
        let place = super::shard::Place { index: index as usize, total: size as usize, input, goal };
        let rest = match super::shard::unsealed_record(record.text, place) {
            Ok(Some(rest)) => rest,
            Ok(None) => return Err(expected_form().into()),
            Err(refused) => return Err(record.error(refused).into()),
        };
        let answer: super::shard::ShardAnswer = serde_json::from_str(record.text)
            .map_err(|err| record.error(format!("not a board's answer of `puzzle slide --json`: {err}")))?;
        if let Some(wrong) = answer.inconsistency().or_else(|| answer.replay_refusal(goal)) {
            return Err(record.error(wrong).into());
        }
        if let Some(wrong) = batch.and_then(|batch| batch.refusal(index, size, input, &answer)) {
            return Err(record.error(wrong).into());
        }
        match &total {
            None => total = Some((size, input, goal.to_owned(), record)),
            Some((_, _, first_goal, from)) if first_goal != goal => {
                return Err(record
                    .error(format!(
                        "this output is solved toward another goal than {} (`{}`): merge the shards of one batch",
                        from.place(),
                        puzzle_core::text::excerpt(goal)
                    ))
                    .into())
            }
            &Some((other, _, _, from)) if other != size => {
                return Err(record
                    .error(format!("this output is of an input of {size} boards, but {} says {other}", from.place()))
                    .into())
            }
            &Some((_, other, _, from)) if other != input => {
                return Err(record
                    .error(format!(
                        "this output is of another input than {} (input {input:016x}, there {other:016x}): merge the \
                         shards of one batch",
                        from.place()
                    ))
                    .into())
            }
            Some(_) => {}
        }
        if index >= size {
            return Err(record.error(format!("board index {index} is not below the total of {size} boards")).into());
        }
        let error = answer.error;
        let rest = Rest::of(record.text, rest);
        if let Some(earlier) = placed.insert(index, Placed { record, rest, error }) {
            return Err(record.error(format!("board index {index} is also on {}", earlier.record.place())).into());
        }
    }
    let size = total.as_ref().map_or(0, |(size, _, _, _)| *size);
    if let Some(missing) = (0..size).find(|index| !placed.contains_key(index)) {
        let count = (0..size).filter(|index| !placed.contains_key(index)).count();
        return Err(BadInput {
            file: "puzzle merge".to_owned(),
            pos: None,
            message: format!(
                "{count} of {size} boards are missing, the first is board index {missing}: is a shard's output missing?"
            ),
        }
        .into());
    }
    let mut errors = Vec::new();
    for (printed, placed) in placed.values().enumerate() {
        if crate::interrupt::interrupted() {
            out.flush()?;
            anyhow::bail!(crate::interrupt::Interrupted(format!(
                "the merge was stopped after printing {printed} of {size} boards: the output is incomplete (every \
                 line printed is whole)"
            )));
        }
        match &placed.rest {
            Rest::Within(range) => writeln!(out, "{{{}}}", &placed.record.text[range.clone()])?,
            Rest::Owned(rest) => writeln!(out, "{rest}")?,
        }
        errors.extend(placed.error.clone());
    }
    // As the run without --shard: bad boards are in their place, repeated on stderr, status 1.
    if !errors.is_empty() {
        out.flush()?;
        for message in errors {
            crate::output::eprintln_or_drop!("error: {message}");
        }
        return Err(Reported.into());
    }
    Ok(())
}

/// A board's line of a shard, checked, kept until the boards are printed in input order.
struct Placed<'a> {
    record: &'a Record<'a>,
    rest: Rest,
    /// The board's error message, for a bad board: repeated on stderr.
    error: Option<String>,
}

/// A sharded line as the run without `--shard` prints it: where its fields stand in the line
/// read, between the braces (as written, when they are), else the line made again.
enum Rest {
    Within(std::ops::Range<usize>),
    Owned(String),
}

impl Rest {
    /// `rest`, the record of the sharded line `text`, kept as a range of `text` when its fields
    /// stand there as they are.
    fn of(text: &str, rest: String) -> Rest {
        let fields = rest.strip_prefix('{').and_then(|r| r.strip_suffix('}')).unwrap_or_default();
        match text.find(fields) {
            Some(start) if !fields.is_empty() => Rest::Within(start..start + fields.len()),
            _ => Rest::Owned(rest),
        }
    }
}

/// Adds up the results of every unit of one split, checking that each unit is there once, and
/// with `against` every solution listed against the pieces.
fn merge_units(records: &[Record<'_>], against: Option<&Against>, out: &mut impl Write) -> anyhow::Result<()> {
    let mut search: Option<(SearchJson, bool, &Record<'_>)> = None;
    let mut results: BTreeMap<usize, (&Record<'_>, UnitResultJson)> = BTreeMap::new();
    let mut prefixes: HashMap<Vec<CellJson>, &Record<'_>> = HashMap::new();
    for record in records {
        crate::interrupt::poll_merge()?;
        let (sealed, hash) = super::seal::unseal(record.text).map_err(|refused| record.error(refused))?;
        let fields = sealed.line();
        let stopped = serde_json::from_str::<UnitResultJson<UnitGaveUp>>(&fields).ok();
        if let Some(stopped) = stopped.filter(|stopped| stopped.outcome.status == SearchStatus::GaveUp) {
            let unit = stopped.line.unit;
            return Err(record
                .error(format!("unit {unit} gave up (time limit or Ctrl-C) and has no count: run it again"))
                .into());
        }
        let result = UnitResultJson::read(&fields).map_err(|err| {
            record.error(format!("not a unit result of `puzzle edge --unit`: {}", json_message(&err)))
        })?;
        if let Some(refused) = super::seal::refusal(&serde_json::to_string(&result.line)?, &fields, &hash) {
            return Err(record.error(refused).into());
        }
        // The result is bound to its unit; the unit to the split.
        if let Some(refused) = result.line.refusal()? {
            return Err(record.error(format!("unit {}: {refused}", result.line.unit)).into());
        }
        if let Some(wrong) = result.inconsistency() {
            return Err(record.error(format!("unit {}: {wrong}", result.line.unit)).into());
        }
        let here = (result.line.search.clone(), result.outcome.all.is_some());
        match &search {
            None => search = Some((here.0, here.1, record)),
            Some((first, _, from)) if *first != here.0 => {
                return Err(record
                    .error(format!(
                        "this result is of another split than {} (puzzle, size, mode, order, depth or number of units differ)",
                        from.place()
                    ))
                    .into())
            }
            Some((_, all, from)) if *all != here.1 => {
                return Err(record
                    .error(format!(
                        "units were solved with and without --all: this one {} it, {} {}",
                        if here.1 { "with" } else { "without" },
                        from.place(),
                        if *all { "with" } else { "without" },
                    ))
                    .into())
            }
            Some(_) => {}
        }
        if result.line.unit >= result.line.search.units {
            return Err(record
                .error(format!("unit {} is not below the split's {} units", result.line.unit, result.line.search.units))
                .into());
        }
        if let Some((earlier, _)) = results.get(&result.line.unit) {
            return Err(record.error(format!("unit {} is also on {}", result.line.unit, earlier.place())).into());
        }
        // Each unit searched below its own prefix: with every unit there and none shared, the
        // prefixes are all those of the split (unit 0 checked how many there are).
        match (&result.line.prefix, result.line.unit) {
            (None, 0) => {}
            (Some(prefix), unit) if unit > 0 && prefix.len() == result.line.search.depth => {
                if let Some(earlier) = prefixes.insert(prefix.clone(), record) {
                    return Err(record.error(format!("this unit's prefix is also that of {}", earlier.place())).into());
                }
            }
            _ => {
                return Err(record.error("unit 0 has no prefix, and every other unit one of `depth` placements").into())
            }
        }
        results.insert(result.line.unit, (record, result));
    }
    let Some((search, with_all, _)) = search else { return Ok(()) };
    if let Some(against) = against {
        against.check_key(&search.puzzle, search.mode.into())?;
        // The split cut again: every unit's number and prefix are the cut's, so a unit dropped
        // and the rest renumbered (their hashes made again) is refused.
        let mut wrong = None;
        let units = against.cut(&search, |number, prefix| {
            if let Some((record, result)) = results.get(&number) {
                let cells: Vec<CellJson> = prefix.iter().map(CellJson::from).collect();
                if result.line.prefix.as_deref() != Some(&cells[..]) {
                    wrong = Some(record.error(format!(
                        "unit {number}'s prefix is not the one the puzzle cut at depth {} gives unit {number}: the \
                         line was changed",
                        search.depth
                    )));
                    return false;
                }
            }
            number < search.units
        })?;
        if let Some(wrong) = wrong {
            return Err(wrong.into());
        }
        if units != search.units {
            let message = format!(
                "the puzzle cut at depth {} has {units} units{}, but the results say {}: the lines were changed",
                search.depth,
                if units > search.units { " or more" } else { "" },
                search.units
            );
            return Err(BadInput { file: "puzzle merge".to_owned(), pos: None, message }.into());
        }
        let joins = search.rows * (search.cols - 1) + search.cols * (search.rows - 1);
        for (record, result) in results.values() {
            for (number, solution) in result.outcome.all.iter().flatten().enumerate() {
                let cells: Vec<_> = solution.iter().map(|cell| Some(Placement::from(cell))).collect();
                if let Some(wrong) = against.board_refusal(&cells, joins, 0) {
                    return Err(record
                        .error(format!("unit {}: solution {number} of the list: {wrong}", result.line.unit))
                        .into());
                }
            }
        }
    }
    if let Some(missing) = (0..search.units).find(|unit| !results.contains_key(unit)) {
        let count = (0..search.units).filter(|unit| !results.contains_key(unit)).count();
        return Err(BadInput {
            file: "puzzle merge".to_owned(),
            pos: None,
            message: format!("{count} of {} units have no result, the first is unit {missing}", search.units),
        }
        .into());
    }
    // The units partition the search: no solution is below two prefixes, nor twice below one.
    let mut listed: HashMap<&[CellJson], (usize, usize)> = HashMap::new();
    for (record, result) in results.values() {
        for (number, solution) in result.outcome.all.iter().flatten().enumerate() {
            if let Some((unit, earlier)) = listed.insert(solution, (result.line.unit, number)) {
                return Err(record
                    .error(format!(
                        "unit {}: solution {number} of the list is also solution {earlier} of unit {unit}: a \
                         solution is listed once",
                        result.line.unit
                    ))
                    .into());
            }
        }
    }
    drop(listed);
    // The merged line has never named the engine.
    let search = SearchJson { engine: None, ..search };
    let mut merged = MergedJson { search, solutions: 0, nodes: 0, elapsed_ms: 0.0, all: with_all.then(Vec::new) };
    // Units are in search order, so their solutions are too.
    for (record, result) in results.into_values() {
        let too_many = || record.error("the counts add up to more than 2^64 - 1");
        merged.solutions = merged.solutions.checked_add(result.outcome.solutions).ok_or_else(too_many)?;
        merged.nodes = merged.nodes.checked_add(result.outcome.nodes).ok_or_else(too_many)?;
        merged.elapsed_ms += result.outcome.elapsed_ms;
        if let (Some(all), Some(found)) = (merged.all.as_mut(), result.outcome.all) {
            all.extend(found);
        }
    }
    writeln!(out, "{}", serde_json::to_string(&merged)?)?;
    Ok(())
}
