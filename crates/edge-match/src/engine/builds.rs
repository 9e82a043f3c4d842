//! A tally of the candidate tables built on the calling thread (either engine's lists, every
//! piece in every turn sorted into them), so that tests can check how often a plan and its count
//! build them; counted only for tests (`test-support`), a no-op otherwise.

#[cfg(any(test, feature = "test-support"))]
thread_local! {
    static BUILDS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Counts one more build of candidate tables on this thread.
#[inline]
pub(super) fn tally() {
    #[cfg(any(test, feature = "test-support"))]
    BUILDS.with(|builds| builds.set(builds.get() + 1));
}

/// The candidate tables built on this thread so far (every plan, estimate and search of either
/// engine that lists every piece in every turn again counts one).
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::testing::{Engine, table_builds};
///
/// let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
/// let before = table_builds();
/// let _ = Engine::new(&puzzle, &[]);
/// assert_eq!(table_builds(), before + 1);
/// ```
#[cfg(any(test, feature = "test-support"))]
pub fn table_builds() -> u64 {
    BUILDS.with(std::cell::Cell::get)
}
