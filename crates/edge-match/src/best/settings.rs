//! How a run searches ([`Settings`]): the seed, threads, breaks, restarts, priority colours and
//! scan order, and the record solvers' choice of them.

use crate::best::schedule::{default_priority, Breaks};
use crate::engine::Order;
use crate::model::Puzzle;

/// How long each restart of a thread runs.
///
/// ```
/// use edge_match::best::RestartSchedule;
///
/// // Luby, Sinclair and Zuckerman's sequence: 1, 1, 2, 1, 1, 2, 4, 1, …
/// let luby: Vec<u64> = (0..15).map(|restart| RestartSchedule::Luby.length(10, restart)).collect();
/// assert_eq!(luby, [10, 10, 20, 10, 10, 20, 40, 10, 10, 20, 10, 10, 20, 40, 80]);
/// assert_eq!(RestartSchedule::Fixed.length(10, 6), 10);
/// assert_eq!("luby".parse::<RestartSchedule>(), Ok(RestartSchedule::Luby));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RestartSchedule {
    /// Every restart runs the same number of placements.
    #[default]
    Fixed,
    /// Restart `r` (from 0) runs the unit times the `r + 1`-th term of the Luby sequence, which
    /// is within a logarithmic factor of the best fixed length for any distribution of run
    /// lengths, without knowing it.
    Luby,
}

impl RestartSchedule {
    /// Placements of restart `restart` (from 0) for a unit of `unit` placements.
    pub fn length(self, unit: u64, restart: u64) -> u64 {
        match self {
            RestartSchedule::Fixed => unit,
            RestartSchedule::Luby => unit.saturating_mul(luby(restart.saturating_add(1))),
        }
    }

    /// The name `--restart-schedule` takes and checkpoints write.
    pub(crate) fn name(self) -> &'static str {
        match self {
            RestartSchedule::Fixed => "fixed",
            RestartSchedule::Luby => "luby",
        }
    }
}

impl std::str::FromStr for RestartSchedule {
    type Err = String;

    fn from_str(text: &str) -> Result<RestartSchedule, String> {
        match text {
            "fixed" => Ok(RestartSchedule::Fixed),
            "luby" => Ok(RestartSchedule::Luby),
            _ => Err(format!("expected fixed or luby, found `{}`", puzzle_core::text::excerpt(text))),
        }
    }
}

/// The `i`-th term (from 1) of the Luby sequence: `2^(k-1)` when `i = 2^k - 1`, else the term
/// `i - 2^(k-1) + 1` where `2^(k-1) <= i < 2^k - 1`.
fn luby(mut i: u64) -> u64 {
    loop {
        // The smallest k with i <= 2^k - 1.
        let k = 64 - i.leading_zeros();
        if k >= 64 || i == (1u64 << k) - 1 {
            return 1u64 << (k - 1).min(62);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

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
    /// Placements per restart, or the unit of a Luby schedule.
    pub restart_nodes: u64,
    /// How long each restart runs: always [`Settings::restart_nodes`], or that times the Luby
    /// sequence.
    pub restart_schedule: RestartSchedule,
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
    /// Placements of restart `restart` (from 0).
    pub(crate) fn restart_length(&self, restart: u64) -> u64 {
        self.restart_schedule.length(self.restart_nodes, restart)
    }

    /// The record solvers' settings for `puzzle`, seed 0, one thread.
    pub fn record(puzzle: &Puzzle) -> Settings {
        Settings {
            seed: 0,
            jobs: 1,
            breaks: Breaks::record(puzzle.rows() * puzzle.cols()),
            restart_nodes: 1_000_000_000,
            restart_schedule: RestartSchedule::Fixed,
            priority: default_priority(puzzle),
            cell_breaks: 1,
            border_breaks: false,
            order: None,
        }
    }
}
