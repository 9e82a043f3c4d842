//! How a run searches ([`Settings`]): the seed, threads, breaks, restarts, priority colours and
//! scan order, and the record solvers' choice of them.

use crate::best::schedule::{default_priority, Breaks};
use crate::engine::Order;
use crate::model::Puzzle;

/// How a run searches. Two runs with the same settings on the same puzzle make the same
/// placements in each thread.
///
/// ```
/// use edge_match::best::Settings;
/// # use edge_match::parse::{PuzOptions, parse_puz};
/// // A framed 2x2 board of four corners whose four joins can all match.
/// let puzzle = parse_puz("2 2\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n", &PuzOptions::default()).unwrap();
/// let settings = Settings::record(&puzzle);
/// assert_eq!((settings.seed, settings.jobs, settings.cell_breaks, settings.border_breaks), (0, 1, 1, false));
/// // The priority colours are tuned for Eternity II's 16x16 board only.
/// assert!(settings.priority.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The seed of every restart's candidate order.
    pub seed: u64,
    /// Threads, each with its own restarts, run on rayon's pool: a pool of fewer threads runs
    /// some of them only after others end, so size the pool to at least this.
    pub jobs: usize,
    /// Mismatches allowed by depth.
    pub breaks: Breaks,
    /// Placements per restart.
    pub restart_nodes: u64,
    /// Colours whose pieces go first, at the minimum rate of the record solver's curve.
    pub priority: Vec<u16>,
    /// Mismatches one piece may make with the neighbours already placed (the record solvers: 1).
    pub cell_breaks: u8,
    /// Whether a mismatch may lie on a join between two border cells (the record solvers: no).
    pub border_breaks: bool,
    /// The scan order: `None` for the record solvers' (`best/order.rs`), or one of the orders
    /// that fill every cell after its north and west neighbours ([`Order::north_west_first`]:
    /// row, column, diagonal, snake) turned upside down, so that every cell meets its south and
    /// west neighbours placed, as the candidate tables need (row: the rows from the bottom, each
    /// left to right).
    pub order: Option<Order>,
}

impl Settings {
    /// The record solvers' settings for `puzzle`, seed 0, one thread.
    pub fn record(puzzle: &Puzzle) -> Settings {
        Settings {
            seed: 0,
            jobs: 1,
            breaks: Breaks::record(puzzle.rows() * puzzle.cols()),
            restart_nodes: 1_000_000_000,
            priority: default_priority(puzzle),
            cell_breaks: 1,
            border_breaks: false,
            order: None,
        }
    }
}
