//! The budget and the limits of writing a split's units (`puzzle slide --split`, `puzzle edge
//! --split`): the units are counted first, in a pass that keeps and writes nothing, and more
//! than `--max-units` are refused with their number and the bytes they would take; then they are
//! listed again and written one line at a time. Both passes stop at a signal or at the time
//! limit as every search does (the walk polls them, and the writing looks before each line), so
//! what a stopped split leaves is whole lines and a message saying how many of how many.

use std::io::Write;
use std::time::{Duration, Instant};

use clap::Args;

use crate::input::BadInput;
use crate::interrupt::Interrupted;

/// The default of `--max-units`: ten million unit lines, a few gigabytes.
pub(crate) const DEFAULT_MAX_UNITS: u64 = 10_000_000;

/// `--max-units N`: the most units a split may write.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct MaxUnitsArg {
    /// With --split: refuse a cut of more than N units (counted before any is written, naming
    /// how many and the bytes they would take)
    #[arg(id = "max_units", long = "max-units", value_name = "N", default_value_t = DEFAULT_MAX_UNITS,
          value_parser = clap::value_parser!(u64).range(1..), requires = "split")]
    pub(crate) value: u64,
}

/// How the writing of one split's units is bounded: the budget of units, the deadline of
/// `--time-limit` (from the split's start) and the signals.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SplitBudget {
    max_units: u64,
    time_limit: Option<Duration>,
    deadline: Option<Instant>,
}

impl SplitBudget {
    /// The budget of a split begun now, under `--max-units` and `--time-limit`.
    pub(crate) fn new(max_units: u64, time_limit: Option<Duration>) -> SplitBudget {
        let deadline = time_limit.and_then(|limit| Instant::now().checked_add(limit));
        SplitBudget { max_units, time_limit, deadline }
    }

    /// The limits the listing walks poll: the deadline and the signals, no node budget.
    pub(crate) fn limits(&self) -> search::Limits<'static> {
        crate::interrupt::build_limits(self.deadline)
    }

    /// Runs `plan` (the planning of the split: its order, corner, heuristic, tables) until a
    /// signal or the deadline without telling it of the deadline ([`crate::interrupt::unseen_deadline`]):
    /// a plan under a time limit would choose differently (it leaves the search most of the time),
    /// and a split's plan, bound into every unit, must be the same with or without one. `None`
    /// when it was stopped.
    pub(crate) fn plan<T>(&self, plan: impl FnOnce(&search::Limits<'_>) -> T) -> Option<T> {
        crate::interrupt::unseen_deadline(self.deadline, plan)
    }

    /// Whether a signal came or the time limit passed: the writing stops before its next line.
    pub(crate) fn must_stop(&self) -> bool {
        crate::interrupt::build_limits(self.deadline).stopped()
    }

    /// Whether `units` (unit 0 included) fit the budget.
    pub(crate) fn allows(&self, units: u64) -> bool {
        units <= self.max_units
    }

    /// The refusal of a cut at `depth` with more units than the budget, each line about
    /// `line_bytes` long (with its newline).
    pub(crate) fn too_many(&self, depth: usize, line_bytes: u64) -> anyhow::Error {
        let bytes = (self.max_units + 1).saturating_mul(line_bytes);
        let message = format!(
            "the cut at depth {depth} has more than {} units (--max-units {}), which would take more than {} of \
             unit lines: give a smaller DEPTH, or a larger --max-units to write them all",
            self.max_units,
            self.max_units,
            bytes_in_words(bytes)
        );
        BadInput { file: "--split".to_owned(), pos: None, message }.into()
    }

    /// Why the split stopped (a signal, else the time limit), `written` units of `units` when it
    /// stopped while writing, `None` while counting them.
    pub(crate) fn stopped(&self, written: Option<(u64, u64)>) -> anyhow::Error {
        let what = match written {
            None => "while planning or counting its units, and no unit was written".to_owned(),
            Some((written, units)) => format!(
                "after writing {written} of its {units} unit lines: the output is incomplete (every line written is \
                 whole), split again"
            ),
        };
        if crate::interrupt::interrupted() {
            return Interrupted(format!("the split was stopped {what}")).into();
        }
        let seconds = self.time_limit.map_or(0.0, |limit| limit.as_secs_f64());
        let message = format!(
            "gave up at the time limit of {seconds} s {what}; give a longer --time-limit, or none, or a smaller DEPTH"
        );
        BadInput { file: "--split".to_owned(), pos: None, message }.into()
    }
}

/// The unit lines of one split, written one at a time as they are listed again after their
/// count: each line is looked at against the budget's limits before it is written.
pub(crate) struct UnitLines<'a, W: Write> {
    out: &'a mut W,
    budget: SplitBudget,
    written: u64,
    units: u64,
    failure: Option<anyhow::Error>,
}

impl<'a, W: Write> UnitLines<'a, W> {
    /// The writer of `units` lines (as counted) to `out`.
    pub(crate) fn new(out: &'a mut W, budget: SplitBudget, units: u64) -> UnitLines<'a, W> {
        UnitLines { out, budget, written: 0, units, failure: None }
    }

    /// Writes `line` and a newline unless the writing must stop (a signal, the time limit, an
    /// output that cannot be written): `false` then, and the listing stops.
    pub(crate) fn write(&mut self, line: anyhow::Result<String>) -> bool {
        if self.failure.is_some() || self.budget.must_stop() {
            return false;
        }
        match line.and_then(|line| Ok(writeln!(self.out, "{line}")?)) {
            Ok(()) => {
                self.written += 1;
                true
            }
            Err(err) => {
                self.failure = Some(err);
                false
            }
        }
    }

    /// The end of the writing, once the listing has ended (`listed`: to its end): every line
    /// counted written, or why not.
    pub(crate) fn finish(self, listed: bool) -> anyhow::Result<()> {
        if let Some(err) = self.failure {
            return Err(err);
        }
        if listed && self.written == self.units {
            return Ok(());
        }
        // What was written is whole lines: let them out before the message.
        self.out.flush()?;
        if listed {
            anyhow::bail!("the split listed {} units after counting {}", self.written, self.units);
        }
        Err(self.budget.stopped(Some((self.written, self.units))))
    }
}

/// A number of bytes in words: `4.3 GB`.
fn bytes_in_words(bytes: u64) -> String {
    match bytes {
        0..=999_999 => format!("{:.1} kB", bytes as f64 / 1e3),
        1_000_000..=999_999_999 => format!("{:.1} MB", bytes as f64 / 1e6),
        _ => format!("{:.1} GB", bytes as f64 / 1e9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_are_put_in_words() {
        assert_eq!(bytes_in_words(1_500), "1.5 kB");
        assert_eq!(bytes_in_words(2_000_000), "2.0 MB");
        assert_eq!(bytes_in_words(4_300_000_000), "4.3 GB");
    }

    #[test]
    fn a_passed_time_limit_stops_the_writing_before_its_next_line() {
        let budget = SplitBudget::new(10, Some(Duration::ZERO));
        assert!(budget.must_stop());
        let mut out = Vec::new();
        let mut lines = UnitLines::new(&mut out, budget, 3);
        assert!(!lines.write(Ok("{}".to_owned())));
        let err = lines.finish(false).unwrap_err().to_string();
        assert!(err.contains("after writing 0 of its 3 unit lines"), "{err}");
        assert!(out.is_empty());
        let budget = SplitBudget::new(10, None);
        assert!(budget.allows(10) && !budget.allows(11));
        assert!(budget.too_many(4, 100).to_string().contains("more than 10 units"));
    }
}
