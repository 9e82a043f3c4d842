//! Counts of the steps one request should take once each: input formats detected, boards turned
//! into the searches' state, parity computed and cached tables read. Tests check with them that a
//! request walks down the layers once (`puzzle slide` prints them on standard error when
//! `PUZZLE_TALLY` is set). Counted only with the `test-support` feature; without it every count
//! stays zero and counting costs nothing. The counters are the crate root's (`crate::count`),
//! which every layer may call.

/// The steps of the process so far (all zero without the `test-support` feature).
///
/// ```
/// use sliding::planner::{tally, Tally};
///
/// let Tally { format_detections, .. } = tally();
/// let _ = sliding::parse::detect_format("1 2 3\n4 5 6\n7 8 0\n");
/// let counted = if cfg!(feature = "test-support") { 1 } else { 0 };
/// assert!(tally().format_detections >= format_detections + counted);
/// ```
#[doc(hidden)] // for tests: not part of the API
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Input formats told from their text.
    pub format_detections: u64,
    /// Boards turned into the state the searches move.
    pub search_states: u64,
    /// Parity computations.
    pub parities: u64,
    /// Cached tables read and checked (pattern databases and duplicate-pruning machines).
    pub table_reads: u64,
}

/// What this process has counted so far ([`Tally`]).
///
/// ```
/// use sliding::planner::tally;
///
/// let before = tally().parities;
/// let board = sliding::parse::parse_judge_a("1 2 3\n4 5 6\n7 0 8\n")?;
/// assert!(sliding::is_solvable(&board, &sliding::testing::judge_goal(&board)));
/// let counted = if cfg!(feature = "test-support") { 1 } else { 0 };
/// assert!(tally().parities >= before + counted);
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
#[doc(hidden)] // for tests: not part of the API
pub fn tally() -> Tally {
    #[cfg(any(test, feature = "test-support"))]
    {
        let get = |step: crate::Step| crate::COUNTS[step as usize].load(std::sync::atomic::Ordering::Relaxed);
        Tally {
            format_detections: get(crate::Step::FormatDetection),
            search_states: get(crate::Step::SearchState),
            parities: get(crate::Step::Parity),
            table_reads: get(crate::Step::TableRead),
        }
    }
    #[cfg(not(any(test, feature = "test-support")))]
    Tally::default()
}
