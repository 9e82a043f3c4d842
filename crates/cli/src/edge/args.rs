//! The arguments of `puzzle edge` and the help text on its input; the flags `slide` has too come
//! from [`crate::shared_args`].

use std::path::PathBuf;

use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};
use edge_match::{Order, OrderPick};

use crate::shared_args::{FileArg, MaxNodesArg, OutputArg, SvgArg, TimeLimitArg};

/// Arguments of `puzzle edge`.
#[derive(Debug, Args)]
#[command(after_long_help = format!("{FORMAT}\n\n{}", crate::EXIT_CODES))]
// The shared flags that say more here than in `slide`.
#[command(mut_arg("file", |arg| arg.help("The puzzle file (marks or .puz format); standard input when absent or `-`")))]
#[command(mut_arg("time_limit", |arg| arg.help(
    "Give up after this many seconds (every mode; with --best, end with the best board so far)"
)))]
#[command(mut_arg("max_nodes", |arg| arg.help(
    "Give up after this many search nodes (placements), in every mode (a count then runs on one \
     thread; each --unit has the whole limit); with --best: stop after this many placements in all \
     (each thread its share)"
)))]
#[command(mut_arg("svg", |arg| arg.help(
    "Also draw the first solution as SVG to FILE: four coloured triangles per piece (the pieces as \
     given when there is no solution); with --best, the best board so far"
).conflicts_with_all(["count", "distinct", "all", "verify"])))]
pub(crate) struct EdgeArgs {
    #[command(flatten)]
    pub(crate) file: FileArg,
    /// marks: the board's size as ROWSxCOLS, e.g. 2x3 [default: square, √pieces on a side] (a
    /// .puz file gives its own)
    #[arg(long, value_name = "RxC", value_parser = crate::values::parse_edge_size)]
    pub(crate) size: Option<(usize, usize)>,
    /// Keep every piece as given (rotation 0) instead of trying all four rotations
    #[arg(long)]
    pub(crate) no_rotate: bool,
    /// Count the distinct solutions instead of showing the first one
    #[arg(long)]
    pub(crate) count: bool,
    #[command(flatten)]
    pub(crate) output: OutputArg,
    /// The input format; detected when absent (a first line of two numbers `cols rows` means puz)
    #[arg(long, value_enum)]
    pub(crate) format: Option<EdgeFormatArg>,
    /// Colour 0 is the frame (sides facing outside show 0, and only those); .puz boards only
    /// [default: when colour 0 appears]
    #[arg(long, conflicts_with = "no_frame")]
    pub(crate) frame: bool,
    /// The border is free, colour 0 is an ordinary colour; .puz boards only
    #[arg(long)]
    pub(crate) no_frame: bool,
    /// Fixed pieces, one `tile col row rot` line each ((0,0) top-left, rot = counter-clockwise
    /// quarter turns, tile = the piece's input index from 0)
    #[arg(long, value_name = "FILE")]
    pub(crate) clue: Option<PathBuf>,
    /// Write the solution found as `.sol` lines (`tile col row rot`) to FILE
    #[arg(long, value_name = "FILE", value_parser = crate::values::parse_output_file)]
    pub(crate) sol: Option<PathBuf>,
    /// Count solutions up to the board's own symmetries (turns of the whole board), a symmetric
    /// solution once (a count of pictures: not with --plain)
    #[arg(long, conflicts_with_all = ["count", "all", "plain"])]
    pub(crate) distinct: bool,
    /// Print every solution (distinct pictures; with --plain every placement) in search order:
    /// `.sol` blocks for .puz, boxes headed `solution K:` for marks, JSON lines with --json
    #[arg(long, conflicts_with = "count")]
    pub(crate) all: bool,
    /// With --count or --all: the plain row-major search (every complete placement is a solution,
    /// identical pictures not merged), reporting placements per second (.puz)
    #[arg(long)]
    pub(crate) plain: bool,
    /// The order cells are filled in: row, column, diagonal, spiral, frame-first, snake, or auto
    /// (each order's search tree estimated by random probes, the smallest taken) [default: auto
    /// for counts, --distinct, --all, --split and the first solution of .puz boards; row for the
    /// first solution of marks puzzles and with --plain; with --unit, the unit's]. With --best:
    /// row, column, diagonal or snake turned upside down (cells after their south and west
    /// neighbours), or auto (the default there), the record solvers' order
    #[arg(long, value_name = "ORDER", value_enum, conflicts_with = "resume")]
    pub(crate) order: Option<OrderArg>,
    /// Check the solution in FILE (`.sol` lines) with the independent checker instead of
    /// solving; prints `ok`, or the first problem and exit status 1
    #[arg(long, value_name = "FILE")]
    pub(crate) verify: Option<PathBuf>,
    /// For boards too hard to finish (Eternity II), search for the board with the most
    /// matching joins the way the record solvers do (a schedule of allowed mismatches, priority
    /// colours, seeded restarts, every thread), printing each improvement (score, seconds, pieces
    /// placed, mismatches, `.sol` lines); stops at --time-limit or Ctrl-C with the best board
    #[arg(long, conflicts_with_all = ["count", "distinct", "all", "plain"])]
    pub(crate) best: bool,
    /// With --best: the depths (cells placed in scan order, each less than the board's cells)
    /// from which one more mismatch is allowed, e.g. 201,206,211, or `none` [default: Blackwood's ten from 201 to 239, scaled to
    /// the board]
    #[arg(long, value_name = "DEPTHS", requires = "best", conflicts_with = "resume")]
    pub(crate) breaks: Option<String>,
    /// With --best: the seed of the restarts' candidate orders (same seed, same search)
    /// [default: 0]
    #[arg(long, value_name = "N", requires = "best", conflicts_with = "resume")]
    pub(crate) seed: Option<u64>,
    /// With --best: colours whose pieces go first, at the record solver's minimum rate,
    /// e.g. 13,16,10, or `none` [default: 13,16,10 on Eternity II (a 16x16 board whose colours 13, 16
    /// and 10 play the roles they play in e2.puz), none elsewhere]
    #[arg(long, value_name = "COLOURS", requires = "best", conflicts_with = "resume")]
    pub(crate) priority: Option<String>,
    /// With --best: placements per restart of each thread, at least 1 [default: 1000000000]
    #[arg(long, value_name = "N", requires = "best", conflicts_with = "resume", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) restart_nodes: Option<u64>,
    /// With --best: how long each restart runs: `fixed` (--restart-nodes each) or `luby`
    /// (--restart-nodes times 1, 1, 2, 1, 1, 2, 4, …, the Luby sequence) [default: fixed]
    #[arg(long, value_name = "SCHEDULE", requires = "best", conflicts_with = "resume", value_parser = ["fixed", "luby"])]
    pub(crate) restart_schedule: Option<String>,
    /// With --best: save the search's state to FILE every few minutes and at the end
    /// (time limit, Ctrl-C), for --resume; a regular file (or one not made yet) in a directory
    /// that can be written, and no input or other output of the run (it may be the --resume file)
    #[arg(long, value_name = "FILE", requires = "best", value_parser = crate::values::parse_output_file)]
    pub(crate) checkpoint: Option<PathBuf>,
    /// With --checkpoint: seconds between two checkpoints, at least 1 [default: 300]
    #[arg(long, value_name = "SECONDS", value_parser = crate::values::parse_checkpoint_every, requires = "checkpoint")]
    pub(crate) checkpoint_every: Option<std::time::Duration>,
    /// With --best: continue the search saved in FILE by --checkpoint, with its settings
    /// and best board
    #[arg(long, value_name = "FILE", requires = "best", conflicts_with = "jobs")]
    pub(crate) resume: Option<PathBuf>,
    /// Count on the GPU (with --count, --distinct or --unit): the same counts as the CPU, from a
    /// binary built with `--features gpu`, on a Vulkan, Metal or DirectX 12 driver
    #[arg(long, conflicts_with_all = ["all", "best", "verify", "split", "sol", "svg"])]
    pub(crate) gpu: bool,
    /// With --count or --distinct: the memory a count that meets in the middle may use (the
    /// bottom rows' table and the sort buffers), as bytes or with K, M or G; 0 never meets in
    /// the middle [default: 2G]. The counts are the same either way
    #[arg(long, value_name = "BYTES", value_parser = crate::values::parse_memory)]
    pub(crate) memory: Option<u64>,
    #[command(flatten)]
    pub(crate) time_limit: TimeLimitArg,
    #[command(flatten)]
    pub(crate) max_nodes: MaxNodesArg,
    #[command(flatten)]
    pub(crate) svg: SvgArg,
    #[command(flatten)]
    pub(crate) html: crate::html::EdgeHtmlArg,
    #[command(flatten)]
    pub(crate) jobs: crate::jobs::JobsArg,
    /// Cut the search (plain with --plain, else distinct pictures) at DEPTH cells and write
    /// its independent work units as JSON lines, for --unit and `puzzle merge`; with --count,
    /// the count's search (a corner piece pinned where the board allows: about a quarter of the
    /// work, units counted but not listed)
    #[arg(long, value_name = "DEPTH", conflicts_with_all = ["unit", "all", "distinct", "best", "verify", "sol"])]
    pub(crate) split: Option<usize>,
    #[command(flatten)]
    pub(crate) max_units: crate::scale_out::budget::MaxUnitsArg,
    /// Solve one work unit (the JSON line written by --split) with the same file and
    /// options, printing one JSON line: its counts, and every solution with --all; `-` solves
    /// the unit lines on standard input one after another, a result line for each, in order
    #[arg(long, value_name = "LINE", conflicts_with_all = ["distinct", "best", "verify", "sol"])]
    pub(crate) unit: Option<String>,
}

/// A run of `puzzle edge` once its puzzle is read: the arguments, the puzzle and its clues (one
/// entry per cell, row-major), for the mode the arguments ask for.
#[derive(Debug)]
pub(crate) struct Job<'a> {
    pub(crate) args: &'a EdgeArgs,
    pub(crate) puzzle: edge_match::Puzzle,
    pub(crate) clues: Vec<Option<edge_match::Placement>>,
}

/// `--order`: the library's order pick (a scan order of [`Order::ALL`], or `auto`) with its name
/// and help on the command line (clap's `ValueEnum` cannot be derived on another crate's enum).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OrderArg(pub(crate) OrderPick);

impl OrderArg {
    /// `auto`, then every order in the library's order.
    const VALUES: [OrderArg; 1 + Order::ALL.len()] = {
        let mut values = [OrderArg(OrderPick::Auto); 1 + Order::ALL.len()];
        let mut at = 0;
        while at < Order::ALL.len() {
            values[at + 1] = OrderArg(OrderPick::Given(Order::ALL[at]));
            at += 1;
        }
        values
    };

    /// The library's order pick.
    pub(crate) fn pick(self) -> OrderPick {
        self.0
    }
}

impl ValueEnum for OrderArg {
    fn value_variants<'a>() -> &'a [OrderArg] {
        &OrderArg::VALUES
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let (name, help) = match self.0 {
            OrderPick::Auto => ("auto", "The order with the smallest estimated search tree"),
            OrderPick::Given(order) => (
                order.name(),
                match order {
                    Order::Row => "Row by row from the top-left",
                    Order::Column => "Column by column from the top-left",
                    Order::Diagonal => "Anti-diagonals from the top-left corner",
                    Order::Spiral => "Rings from the outside in",
                    Order::FrameFirst => "The outer ring, then the inside row by row",
                    Order::Snake => "Rows two at a time, column by column",
                },
            ),
        };
        Some(PossibleValue::new(name).help(help))
    }
}

/// The input formats of `puzzle edge`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum EdgeFormatArg {
    /// Marks like `A* B* B/ C*`, one piece per line, N W S E
    Marks,
    /// Numeric colours: `cols rows`, then `N E S W` per piece; 0 is the frame when present
    Puz,
}

const FORMAT: &str = "\
Input, marks format: one piece per line, four marks in north west south east order, e.g.
`A* B* B/ C*`. A mark is a picture letter A-Z and a half: + top, - bottom, / left, * right.
Touching sides match when they show the two halves of one picture (A+ with A-, A/ with A*);
sides on the border match anything. Blank lines and lines starting with # are skipped.
Input, .puz format: a first line `cols rows`, then one piece per line, four colour numbers in
north east south west order; touching sides match when equal; colour 0 is the frame when it
appears (docs/formats.md). Both formats run on the same engine with every flag.

Output for marks: the pieces, then the first solution (cells row-major from the top-left,
pieces tried in input order, rotations 0 to 3) as boxes labelled (piece,rotation): the input
index of the piece and its counter-clockwise quarter turns. Or `no solution`.
--json: {\"rows\":R,\"cols\":C,\"solved\":BOOL,\"placements\":[{\"piece\":P,\"rotation\":R},...]|null,\"nodes\":N}
--count: the number of distinct pictures (the turns of a whole square board count apart);
with --json {\"rows\":R,\"cols\":C,\"solutions\":N,\"nodes\":N,\"order\":O,\"estimated_nodes\":E,\"status\":S}.
Output for .puz: `solution (N placements):` and the board as boxes labelled piece,rotation;
--count the number; --all `.sol` blocks; JSON keys as in docs/formats.md.";
