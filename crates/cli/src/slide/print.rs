//! The printers of `puzzle slide`'s answers, one per output format: [`TextPrinter`] (one line
//! per board, the judges' words for no solution) and [`JsonPrinter`] (one JSON object per line).
//! The batch hands each answer as the library gave it (`sliding::Answer`), or each refused
//! board, to the [`Printer`] chosen once from the arguments; no solving code asks which format
//! it prints.

use std::io::Write;

use serde::Serialize;
use sliding::parse::Format;
use sliding::{Board, Method, Verdict};

use super::moves;
use super::settings::SlideSettings;
use super::status::AnswerStatus;
use crate::shared_args::OutputFormat;

/// One board's answer, with what the printers need to say it besides: where it stands in the
/// input and how long it took.
pub(super) struct Answered<'a> {
    /// The input's format (the judges have their own words for no solution).
    pub(super) format: Format,
    /// The label of the lines format.
    pub(super) label: Option<&'a str>,
    pub(super) board: &'a Board,
    /// The planner's answer, checked.
    pub(super) answer: &'a sliding::Answer,
    /// The board's solving time (with the tables it waited for).
    pub(super) seconds: f64,
    /// The board's place in the input, under `--shard`.
    pub(super) place: Option<crate::scale_out::shard::Place<'a>>,
}

/// The printer of this run's output format.
pub(super) enum Printer {
    Text(TextPrinter),
    Json(JsonPrinter),
}

impl Printer {
    /// The printer the settings ask for.
    pub(super) fn new(settings: &SlideSettings) -> Printer {
        match settings.output {
            OutputFormat::Text => Printer::Text(TextPrinter {
                show_path: settings.show_path,
                timings: settings.timings,
                fast: settings.fast,
                within: settings.within.is_some(),
            }),
            OutputFormat::Json => Printer::Json(JsonPrinter { timings: settings.timings }),
        }
    }

    /// Writes one board's answer.
    pub(super) fn answer(&self, out: &mut impl Write, answered: &Answered<'_>) -> anyhow::Result<()> {
        match self {
            Printer::Text(printer) => printer.answer(out, answered),
            Printer::Json(printer) => printer.answer(out, answered),
        }
    }

    /// Writes a bad board in its place (the batch also says it on stderr).
    pub(super) fn error(
        &self,
        out: &mut impl Write,
        label: Option<&str>,
        message: &str,
        place: Option<crate::scale_out::shard::Place<'_>>,
    ) -> anyhow::Result<()> {
        match self {
            Printer::Text(_) => {
                if let Some(label) = label {
                    write!(out, "{label} ")?;
                }
                writeln!(out, "error: {message}")?;
                Ok(())
            }
            Printer::Json(_) => {
                let json = match label {
                    Some(label) => serde_json::json!({ "label": label, "error": message }),
                    None => serde_json::json!({ "error": message }),
                };
                write_json_line(out, place, &json)
            }
        }
    }
}

/// One line per board: the number of moves (marked when not proven optimal), the path with
/// `--path`, or the judges' words for no solution.
pub(super) struct TextPrinter {
    /// `--path`.
    show_path: bool,
    /// `--timings`.
    timings: bool,
    /// `--fast` and `--within`, for the advice after `gave up`.
    fast: bool,
    within: bool,
}

impl TextPrinter {
    fn answer(&self, out: &mut impl Write, answered: &Answered<'_>) -> anyhow::Result<()> {
        let answer = answered.answer;
        if let Some(label) = answered.label {
            write!(out, "{label} ")?;
        }
        // The letters are made only when printed: a fast answer on a big board has billions of
        // moves, read back or made again and written as they come.
        match (answer.verdict(), answered.format) {
            (Verdict::Solved(path), _) => {
                write!(out, "{}", path.n_moves())?;
                if !answer.optimal() {
                    let bound = answer.lower_bound().unwrap_or(0);
                    match answer.method() {
                        Method::Weighted(_, weight) => write!(out, " (within {weight}× optimal, lower bound {bound})")?,
                        Method::Fast => write!(out, " (fast, not optimal, lower bound {bound})")?,
                        _ => write!(out, " (not proven optimal, lower bound {bound})")?,
                    }
                }
                if self.show_path && path.n_moves() > 0 {
                    write!(out, " ")?;
                    moves::write_letters(path, out)?;
                }
            }
            (Verdict::GaveUp, _) => match (answer.lower_bound(), self.within) {
                (Some(bound), false) if !self.fast => {
                    write!(out, "gave up (lower bound {bound}; --within 1.5 answers sooner, --fast at once)")?
                }
                (Some(bound), true) => {
                    write!(out, "gave up (lower bound {bound}; a larger --within answers sooner, --fast at once)")?
                }
                _ => write!(out, "gave up")?,
            },
            (Verdict::Unsolvable, Format::JudgeA) => write!(out, "-1")?,
            (Verdict::Unsolvable, Format::JudgeB) => write!(out, "impossible")?,
            (Verdict::Unsolvable, Format::Grid | Format::Lines) => write!(out, "unsolvable")?,
        }
        if self.timings {
            write!(out, " {} nodes {:.4} s", answer.nodes(), answered.seconds)?;
        }
        writeln!(out)?;
        Ok(())
    }
}

/// One JSON object per board per line (`--json`), starting with `"index"` and `"total"` under
/// `--shard`.
pub(super) struct JsonPrinter {
    /// `--timings`: `"seconds"`.
    timings: bool,
}

/// One board's answer as JSON, the one form of `puzzle slide --json` (each board's line), of
/// `puzzle slide --split` on a board that needs no search, and of `puzzle merge` of a split's
/// last round (with [`SplitJson`] after it).
#[derive(Serialize)]
pub(crate) struct AnswerJson<'a> {
    /// The label of the lines format.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) label: Option<&'a str>,
    pub(crate) solvable: bool,
    pub(crate) moves: Option<u64>,
    /// The moves' letters (`--json` writes them into an empty string as they are made).
    pub(crate) path: Option<&'a str>,
    pub(crate) board: String,
    pub(crate) status: AnswerStatus,
    pub(crate) nodes: u64,
    pub(crate) optimal: bool,
    pub(crate) lower_bound: Option<u64>,
    /// `--timings`: the board's solving time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) seconds: Option<f64>,
    /// The split search that found the answer (`puzzle merge`).
    #[serde(flatten)]
    pub(crate) split: Option<SplitJson<'a>>,
}

/// The split search behind a merged answer: its rounds, units and heuristic.
#[derive(Serialize)]
pub(crate) struct SplitJson<'a> {
    pub(crate) rounds: u32,
    pub(crate) units: usize,
    pub(crate) heuristic: &'a str,
}

impl JsonPrinter {
    fn answer(&self, out: &mut impl Write, answered: &Answered<'_>) -> anyhow::Result<()> {
        let answer = answered.answer;
        let path = match answer.verdict() {
            Verdict::Solved(path) => Some(path),
            Verdict::Unsolvable | Verdict::GaveUp => None,
        };
        let json = AnswerJson {
            label: answered.label,
            status: AnswerStatus::of(answer.verdict()),
            solvable: *answer.verdict() != Verdict::Unsolvable,
            moves: path.map(|path| path.n_moves()),
            // The letters are written into the empty string as they are made.
            path: path.map(|_| ""),
            board: answered.board.to_string(),
            nodes: answer.nodes(),
            optimal: answer.optimal(),
            lower_bound: answer.lower_bound(),
            seconds: self.timings.then_some(answered.seconds),
            split: None,
        };
        match (path, answered.place) {
            (Some(path), None) => moves::write_json_line(out, &serde_json::to_string(&json)?, path),
            (Some(path), Some(place)) => {
                let line = crate::scale_out::shard::json_line(Some(place), &json)?;
                crate::scale_out::shard::write_record(out, Some(place), |mut out| {
                    moves::write_json_line(&mut out, &line, path)
                })
            }
            (None, place) => write_json_line(out, place, &json),
        }
    }
}

/// Writes `record` as one JSON line: as it is, or under `--shard` (`place` set) with its place
/// and its hash ([`crate::scale_out::shard::write_json_line`]).
fn write_json_line(
    out: &mut impl Write,
    place: Option<crate::scale_out::shard::Place<'_>>,
    record: &impl serde::Serialize,
) -> anyhow::Result<()> {
    match place {
        None => Ok(writeln!(out, "{}", serde_json::to_string(record)?)?),
        Some(place) => crate::scale_out::shard::write_json_line(out, Some(place), record),
    }
}
