//! The flags `slide` and `edge` share, each declared once (name, value, parser) and flattened
//! into both commands' arguments — the input file, the output format, the limits, the picture
//! and the progress bars (`--jobs` has its own module) — and the output format built from them
//! once ([`OutputFormat`]). The limits they set are `search::Limits`, built in `interrupt`.
//!
//! A flag's help here is the general one. Where a flag means more for one command (`edge
//! --max-nodes` with `--best`, `edge --svg` with `--best`), that command words its help with
//! clap's `mut_arg`; the value and its parsing stay here.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

/// The input: one puzzle file, or standard input.
#[derive(Debug, Args)]
pub(crate) struct FileArg {
    /// The puzzle file; standard input when absent or `-`
    #[arg(id = "file", value_name = "FILE")]
    pub(crate) path: Option<PathBuf>,
}

/// The output format: text (the default) or JSON.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct OutputArg {
    /// Print one line of JSON instead of text
    #[arg(long)]
    pub(crate) json: bool,
}

impl OutputArg {
    /// The format the answers are printed in.
    pub(crate) fn format(self) -> OutputFormat {
        if self.json {
            OutputFormat::Json
        } else {
            OutputFormat::Text
        }
    }
}

/// The formats answers are printed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OutputFormat {
    /// Lines for people (and the judges).
    Text,
    /// One JSON object per line (`--json`).
    Json,
}

/// `--max-nodes N`: the search nodes a search may visit.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct MaxNodesArg {
    /// Give up on a board after this many search nodes
    #[arg(id = "max_nodes", long = "max-nodes", value_name = "N")]
    pub(crate) value: Option<u64>,
}

/// `--time-limit SECONDS`: the time a search may take.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct TimeLimitArg {
    /// Give up on a board after this many seconds
    #[arg(id = "time_limit", long = "time-limit", value_name = "SECONDS", value_parser = crate::values::parse_seconds)]
    pub(crate) value: Option<Duration>,
}

/// `--svg FILE`: also draw the answer as a picture.
#[derive(Debug, Args)]
pub(crate) struct SvgArg {
    /// Also draw each board as SVG to FILE: the first board, the goal and the moves (at most 20
    /// boards of a batch)
    #[arg(id = "svg", long = "svg", value_name = "FILE", value_parser = crate::values::parse_output_file)]
    pub(crate) path: Option<PathBuf>,
}

/// `--quiet`, a flag of every command.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct ProgressArg {
    /// No progress bars (they are drawn on standard error, only when it is a terminal)
    #[arg(long, global = true)]
    pub(crate) quiet: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_format() {
        assert_eq!(OutputArg { json: true }.format(), OutputFormat::Json);
        assert_eq!(OutputArg { json: false }.format(), OutputFormat::Text);
    }
}
