//! Progress bars on standard error (the `indicatif` crate): drawn only when standard error is a
//! terminal (indicatif hides them otherwise), never with `--quiet`, never on standard output.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

/// Set by `--quiet`.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Counters the sliding searches update, shown by [`Ticker`].
pub static SEARCH: search::Progress = search::Progress::new();

/// `--quiet`: no progress bars.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Relaxed);
}

/// A bar of `len` steps with `template` (indicatif's syntax), or a hidden one under `--quiet`.
pub fn bar(len: u64, template: &str) -> ProgressBar {
    if QUIET.load(Relaxed) {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()));
    bar
}

/// A bar that redraws itself every 200 ms, so that its clock moves while a long search holds
/// the other threads; its message is refreshed by `message` on each tick.
pub struct Ticker {
    bar: ProgressBar,
    done: std::sync::Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Ticker {
    /// Starts ticking `bar`, calling `message` for its text on every tick.
    pub fn start(bar: ProgressBar, message: impl Fn() -> String + Send + 'static) -> Ticker {
        let done = std::sync::Arc::new(AtomicBool::new(false));
        let thread = (!bar.is_hidden()).then(|| {
            let (bar, done) = (bar.clone(), done.clone());
            std::thread::spawn(move || {
                while !done.load(Relaxed) {
                    bar.set_message(message());
                    bar.tick();
                    // Woken early by `drop`, so a finished bar never waits out the interval.
                    std::thread::park_timeout(Duration::from_millis(200));
                }
            })
        });
        Ticker { bar, done, thread }
    }

    /// The bar, to move it on.
    pub fn bar(&self) -> &ProgressBar {
        &self.bar
    }
}

impl Drop for Ticker {
    fn drop(&mut self) {
        self.done.store(true, Relaxed);
        if let Some(thread) = self.thread.take() {
            thread.thread().unpark();
            let _ = thread.join();
        }
        self.bar.finish_and_clear();
    }
}

/// A count in thousands, millions or billions, for messages.
pub fn human(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{:.1} k", n as f64 / 1e3),
        1_000_000..=999_999_999 => format!("{:.1} M", n as f64 / 1e6),
        _ => format!("{:.1} G", n as f64 / 1e9),
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
}
