//! The arguments of `puzzle slide`, as clap parses them; [`super::settings`] makes the run's
//! settings of them. The flags `edge` has too come from [`crate::shared_args`].

use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};
use sliding::HeuristicKind;

use crate::jobs::JobsArg;
use crate::shared_args::{FileArg, MaxNodesArg, OutputArg, SvgArg, TimeLimitArg};

/// Arguments of `puzzle slide`.
#[derive(Debug, Args)]
#[command(mut_arg("json", |arg| arg.help(
    "Print one JSON object per board per line: {\"label\" (lines format), \"solvable\", \"moves\", \
     \"path\", \"board\", \"status\" (solved, unsolvable or gave up), \"nodes\", \"optimal\" (the path \
     is proven shortest), \"lower_bound\" (proven; equal to moves when optimal)}"
)))]
#[command(mut_arg("time_limit", |arg| arg.help(
    "Give up on a board after this many seconds, counting the time spent building (or loading) \
     the pattern databases it waits for: a board whose tables are still being built when its time \
     is up gives up, and nothing of the unfinished tables is kept"
)))]
pub(crate) struct SlideArgs {
    #[command(flatten)]
    pub(crate) file: FileArg,
    /// The input format; detected when absent: a lone number `T` first means judge-b, exactly
    /// three rows of three numbers judge-a, `--size` lines, anything else (any other R×C board) grid
    #[arg(long, value_enum)]
    pub(crate) format: Option<SlideFormat>,
    /// The board size for the lines format, as RxC (for example 4x4)
    #[arg(long, value_parser = crate::values::parse_slide_size)]
    pub(crate) size: Option<(usize, usize)>,
    /// The goal: blank-last (1 2 … N-1 _), blank-first (_ 1 2 … N-1, Korf's convention), or a
    /// file holding one goal board in the grid format
    #[arg(long, default_value = "blank-last")]
    pub(crate) goal: String,
    /// The lower bound that guides the search; by default pattern databases up to 25 cells
    /// (built once and cached), linear conflict beyond, and a complete table for the judges' 3×3
    #[arg(long, value_enum)]
    pub(crate) heuristic: Option<HeuristicArg>,
    /// Answer at once instead of optimally: a valid solution for a board of any size (a shuffled
    /// 300×300 board in a second or two, a 1000×1000 one in 20–30 seconds on two cores,
    /// its moves printed or not, in under 512 MB) by the constructive solver, with a lower bound
    /// on the optimum (on the judges' 3×3, the exact distance of the complete table), marked
    /// optimal only when its length meets that bound. The moves are checked by replay as they are
    /// made, kept compressed, and checked against what was replayed as they are printed; should
    /// a check fail (a bug), the output stops there, incomplete, with an internal error (exit 2).
    /// It searches no tree, so --max-nodes is refused with it; --time-limit and the signals
    /// stop it
    #[arg(long, conflicts_with_all = ["heuristic", "max_nodes"])]
    pub(crate) fast: bool,
    /// Answer within W times the optimum (W from 1 to 100, in hundredths: 1.5, 1.25; 1 is the
    /// optimal default): weighted IDA* with the same admissible bounds, guaranteed by the
    /// search, often far sooner on big boards; marked when not proven optimal, with a lower
    /// bound on the optimum
    #[arg(long, value_name = "W", value_parser = parse_weight, conflicts_with = "fast")]
    pub(crate) within: Option<sliding::Weight>,
    #[command(flatten)]
    pub(crate) max_nodes: MaxNodesArg,
    #[command(flatten)]
    pub(crate) time_limit: TimeLimitArg,
    /// Also print an optimal path after each answer: the letters U, D, L, R say where the blank
    /// moves
    #[arg(long)]
    pub(crate) path: bool,
    #[command(flatten)]
    pub(crate) output: OutputArg,
    #[command(flatten)]
    pub(crate) jobs: JobsArg,
    /// Solve only the K-th of N interleaved parts of the batch (the boards i, from 0, with
    /// i mod N = K-1); needs --json, whose lines then start with "index" (the board's place in
    /// the input) and "total" (boards in the input) for `puzzle merge`
    #[arg(long, value_name = "K/N", value_parser = crate::scale_out::shard::parse_shard, requires = "json")]
    pub(crate) shard: Option<crate::scale_out::shard::Shard>,
    /// Write the work units of the one board's optimal search, cut at DEPTH moves, as JSON
    /// lines (round 1 of rounds of IDA*: each unit searches to one bound), for `--unit` on many
    /// machines and `puzzle merge`, which gives the answer or the next round's units
    /// (docs/scale-out.md); the answer itself when the board needs no search
    #[arg(long, value_name = "DEPTH", conflicts_with_all = ["unit", "shard", "fast", "within", "svg", "path"])]
    pub(crate) split: Option<usize>,
    #[command(flatten)]
    pub(crate) max_units: crate::scale_out::budget::MaxUnitsArg,
    /// Search one work unit of `--split` or of `puzzle merge` (a JSON line) and print its result
    /// as a JSON line; `-` reads unit lines from standard input, solved on --jobs threads. The
    /// board is in the line: a FILE given too must hold the same board
    #[arg(long, value_name = "LINE", conflicts_with_all = ["shard", "fast", "within", "svg", "heuristic", "path"])]
    pub(crate) unit: Option<String>,
    /// With --unit: write in FILE the number of a unit that reaches the goal, and skip the units
    /// after the one FILE names (workers of one round sharing FILE stop early; the answer does
    /// not change); a regular file, or one not made yet
    #[arg(long, value_name = "FILE", requires = "unit", value_parser = crate::values::parse_state_file)]
    pub(crate) found_file: Option<std::path::PathBuf>,
    /// Add each board's solving time in seconds: after the answer in text, as "seconds" in JSON
    /// (for benchmarks; it makes the output vary from run to run)
    #[arg(long)]
    pub(crate) timings: bool,
    #[command(flatten)]
    pub(crate) svg: SvgArg,
    #[command(flatten)]
    pub(crate) html: crate::html::SlideHtmlArg,
}

/// The input formats of `puzzle slide`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum SlideFormat {
    /// BOJ 1525: three rows of three integers 0-8, 0 the blank; prints the moves or -1
    JudgeA,
    /// BOJ 11112: a count T, then T boards of three rows like `1#3`; prints the moves or
    /// `impossible` per board
    JudgeB,
    /// Boards of any size: rows of integers (blank 0, `_` or `#`), boards separated by blank
    /// lines
    Grid,
    /// One board per line with --size: the last R·C numbers are the tiles, earlier fields a label
    /// echoed in the output; `#` starts a comment line
    Lines,
}

impl SlideFormat {
    /// The library's format.
    pub(crate) fn format(self) -> sliding::parse::Format {
        use sliding::parse::Format;
        match self {
            SlideFormat::JudgeA => Format::JudgeA,
            SlideFormat::JudgeB => Format::JudgeB,
            SlideFormat::Grid => Format::Grid,
            SlideFormat::Lines => Format::Lines,
        }
    }
}

/// A value of `--heuristic`: the library's heuristic kind with its name and help on the command
/// line (clap's `ValueEnum` cannot be derived on another crate's enum).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HeuristicArg(pub HeuristicKind);

impl ValueEnum for HeuristicArg {
    fn value_variants<'a>() -> &'a [HeuristicArg] {
        &[
            HeuristicArg(HeuristicKind::Manhattan),
            HeuristicArg(HeuristicKind::LinearConflict),
            HeuristicArg(HeuristicKind::Pdb(None)),
        ]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self.0 {
            HeuristicKind::Manhattan => PossibleValue::new("manhattan").help("Manhattan distance"),
            HeuristicKind::LinearConflict => {
                PossibleValue::new("linear-conflict").help("Manhattan distance plus linear conflicts")
            }
            HeuristicKind::Pdb(_) => PossibleValue::new("pdb")
                .help("Additive pattern databases (7-8 on 4×4, 6-6-6-6 on 5×5), with mirrored lookups"),
        })
    }
}

/// `--within W`: a number at least 1.
fn parse_weight(text: &str) -> Result<sliding::Weight, String> {
    text.parse::<sliding::Weight>().map_err(|err| format!("`{}`: {err}", puzzle_core::text::excerpt(text)))
}
