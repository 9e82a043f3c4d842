//! `puzzle slide`'s settings, built once from its arguments (ripgrep's split: the arguments as
//! clap parsed them, then what the run means): the input, the mode, the planner's strategy and
//! heuristic, the limits and the output. Nothing here reads a file; the goal file is read when
//! the input has been opened, as before.

use std::path::PathBuf;
use std::time::Duration;

use sliding::parse::Format;
use sliding::{HeuristicKind, Strategy, Weight};

use super::args::{SlideArgs, SlideFormat};
use crate::scale_out::shard::Shard;
use crate::shared_args::OutputFormat;

/// What one run of `puzzle slide` does.
pub(crate) enum Mode {
    /// Answer every board (of this shard, under `--shard`).
    Answer { shard: Option<Shard> },
    /// `--split DEPTH`: the one board's work units, at most `max_units` (`--max-units`).
    Split { depth: usize, max_units: u64 },
    /// `--unit LINE`: search work units.
    Unit { line: String, found_file: Option<PathBuf> },
}

/// The settings of one run.
pub(crate) struct SlideSettings {
    /// The puzzle file; standard input when `None`.
    pub(crate) file: Option<PathBuf>,
    /// The input format given with `--format`; detected when `None`.
    pub(crate) format: Option<Format>,
    /// `--size`: the lines format's board size.
    pub(crate) size: Option<(usize, usize)>,
    /// `--goal`: a goal's name or a file.
    pub(crate) goal: String,
    pub(crate) mode: Mode,
    /// The planner's strategy (`--fast`, `--within`), else its default.
    pub(crate) strategy: Option<Strategy>,
    /// `--heuristic`, else the planner's choice.
    pub(crate) heuristic: Option<HeuristicKind>,
    pub(crate) fast: bool,
    pub(crate) within: Option<Weight>,
    /// `--max-nodes` and the signals; a board's search adds its deadline.
    pub(crate) limits: sliding::Limits<'static>,
    /// `--time-limit`: each board's, from when its search begins.
    pub(crate) time_limit: Option<Duration>,
    pub(crate) output: OutputFormat,
    /// `--path`: the moves after each answer.
    pub(crate) show_path: bool,
    /// `--timings`: each board's time.
    pub(crate) timings: bool,
    /// `--svg FILE`.
    pub(crate) svg: Option<PathBuf>,
    /// `--html FILE`.
    pub(crate) html: Option<PathBuf>,
}

impl SlideSettings {
    pub(crate) fn new(args: &SlideArgs) -> SlideSettings {
        let mode = match (args.split, &args.unit) {
            (Some(depth), _) => Mode::Split { depth, max_units: args.max_units.value },
            (None, Some(line)) => Mode::Unit { line: line.clone(), found_file: args.found_file.clone() },
            (None, None) => Mode::Answer { shard: args.shard },
        };
        let strategy = match (args.fast, args.within) {
            // clap refuses the two together.
            (_, Some(weight)) => Some(Strategy::Within(weight)),
            (true, None) => Some(Strategy::Fast),
            (false, None) => None,
        };
        SlideSettings {
            file: args.file.path.clone(),
            format: args.format.map(SlideFormat::format),
            size: args.size,
            goal: args.goal.clone(),
            mode,
            strategy,
            heuristic: args.heuristic.map(|arg| arg.0),
            fast: args.fast,
            within: args.within,
            limits: crate::interrupt::slide_limits(args.max_nodes.value),
            time_limit: args.time_limit.value,
            output: args.output.format(),
            show_path: args.path,
            timings: args.timings,
            svg: args.svg.path.clone(),
            html: args.html.path.clone(),
        }
    }
}
