//! Progress bars on standard error (the `indicatif` crate): drawn only when standard error is a
//! terminal (indicatif hides them otherwise), never with `--quiet`, never on standard output.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressState, ProgressStyle};

/// Set by `--quiet`.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Counters the sliding searches update, shown by [`Ticker`].
pub(crate) static SEARCH: search::Progress = search::Progress::new();

/// `--quiet`: no progress bars.
pub(crate) fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Relaxed);
}

/// A bar of `len` steps with `template` (indicatif's syntax), or a hidden one under `--quiet`.
pub(crate) fn bar(len: u64, template: &str) -> ProgressBar {
    if QUIET.load(Relaxed) {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()));
    bar
}

/// A bar that redraws itself every 200 ms (indicatif's steady tick), so that its clock moves
/// while a long search holds the other threads. Its message is the `{msg}` key computed at each
/// draw from the search's counters ([`ProgressStyle::with_key`]), so nothing but indicatif's own
/// ticker runs; the bar is cleared when the ticker is dropped.
pub(crate) struct Ticker {
    bar: ProgressBar,
}

impl Ticker {
    /// Starts ticking `bar`, calling `message` for its `{msg}` on every draw.
    pub(crate) fn start(bar: ProgressBar, message: impl Fn() -> String + Send + Sync + Clone + 'static) -> Ticker {
        if !bar.is_hidden() {
            let counters = move |_: &ProgressState, out: &mut dyn std::fmt::Write| {
                let _ = out.write_str(&message());
            };
            bar.set_style(bar.style().with_key("msg", counters));
            bar.enable_steady_tick(Duration::from_millis(200));
        }
        Ticker { bar }
    }

    /// The bar, to move it on.
    pub(crate) fn bar(&self) -> &ProgressBar {
        &self.bar
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        // Stops indicatif's ticker thread and waits for it, so that no draw follows the clear.
        self.bar.disable_steady_tick();
        self.bar.finish_and_clear();
    }
}

/// A count in thousands, millions or billions, for messages.
pub(crate) fn human(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{:.1} k", n as f64 / 1e3),
        1_000_000..=999_999_999 => format!("{:.1} M", n as f64 / 1e6),
        _ => format!("{:.1} G", n as f64 / 1e9),
    }
}

/// The message of a long count's bar: subtrees finished out of all, the placements made in
/// them and, with an estimate of the placements in all (Knuth's estimator, as `--order auto`
/// uses), the time left at the rate so far; once the count has passed the estimate, the time
/// left by the share of subtrees finished.
pub(crate) fn count_message(done: u64, total: u64, nodes: u64, estimate: Option<f64>, elapsed: Duration) -> String {
    let mut message = format!("{done}/{total} subtrees, {} placements", human(nodes));
    let seconds = elapsed.as_secs_f64();
    let left = match estimate {
        Some(estimate) if nodes > 0 && (nodes as f64) < estimate => {
            message += &format!(" of ~{}", human(estimate as u64));
            Some(seconds * (estimate - nodes as f64) / nodes as f64)
        }
        _ if done > 0 && done < total => Some(seconds * (total - done) as f64 / done as f64),
        _ => None,
    };
    if let Some(left) = left {
        message += &format!(", about {} left", duration(left));
    }
    message
}

/// Seconds as people say them: "42 s", "3 min 05 s", "2 h 07 min".
pub(crate) fn duration(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    match s {
        0..=59 => format!("{s} s"),
        60..=3599 => format!("{} min {:02} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_people_say_them() {
        assert_eq!(human(999), "999");
        assert_eq!(human(12_345), "12.3 k");
        assert_eq!(human(44_024_849), "44.0 M");
        assert_eq!(human(4_938_000_000), "4.9 G");
        assert_eq!(human(198_862_366_709), "198.9 G");
    }

    #[test]
    fn time_left_from_the_estimate() {
        assert_eq!(duration(42.4), "42 s");
        assert_eq!(duration(185.0), "3 min 05 s");
        assert_eq!(duration(7620.0), "2 h 07 min");
        let ten = Duration::from_secs(10);
        // A quarter of the estimated placements in 10 s: 30 s left.
        assert_eq!(
            count_message(5, 100, 250_000, Some(1e6), ten),
            "5/100 subtrees, 250.0 k placements of ~1.0 M, about 30 s left"
        );
        // Past the estimate: by the subtrees, 40 of 50 done in 10 s leaves 2.5 s.
        assert_eq!(
            count_message(40, 50, 2_000_000, Some(1e6), ten),
            "40/50 subtrees, 2.0 M placements, about 3 s left"
        );
        assert_eq!(count_message(0, 0, 0, None, ten), "0/0 subtrees, 0 placements");
    }
}
