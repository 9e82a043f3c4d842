//! Signals and time limits. The first Ctrl-C (SIGINT), SIGTERM or SIGHUP sets a flag that every
//! search polls: searches stop, what was found so far is printed (and a `--best` run writes its
//! checkpoint), and the process exits with status 130. A second signal ends the process at once
//! (also with 130), for work that does not poll the flag.
//!
//! SIGTERM matters on clusters: Slurm ends a job at its time limit, and preempts or requeues it,
//! with SIGTERM (then SIGKILL after `KillWait` seconds), so a task must save its work on SIGTERM
//! exactly as on Ctrl-C.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// Set by Ctrl-C, SIGTERM or SIGHUP.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Set by a signal (see [`INTERRUPTED`]) or when the time limit of [`stop_after`] passes: the flag the edge-matching
/// engine polls.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// The exit status after an interruption (128 + SIGINT, as shells report Ctrl-C), whichever of
/// the three signals it was.
pub const EXIT_INTERRUPTED: u8 = 130;

/// Installs the handler of SIGINT, SIGTERM and SIGHUP (the `ctrlc` crate's `termination`
/// feature; once per process, later calls do nothing).
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Relaxed) {
            std::process::exit(i32::from(EXIT_INTERRUPTED));
        }
        STOP.store(true, Relaxed);
    });
}

/// Whether a signal asked the process to stop.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Relaxed)
}

/// Sets [`STOP`] once `limit` has passed (from a sleeping thread), and returns the deadline.
pub fn stop_after(limit: Option<Duration>) -> Option<Instant> {
    let limit = limit?;
    let deadline = Instant::now().checked_add(limit)?;
    if limit.is_zero() {
        // No time at all: stopped before the search starts, not whenever the thread runs.
        STOP.store(true, Relaxed);
        return Some(deadline);
    }
    std::thread::spawn(move || {
        std::thread::sleep(limit);
        STOP.store(true, Relaxed);
    });
    Some(deadline)
}
