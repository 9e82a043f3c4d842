//! Signals and time limits. The first Ctrl-C (SIGINT), SIGTERM or SIGHUP sets a flag that every
//! search polls (through its [`Limits`], with the deadline of `--time-limit`): searches stop, what was found so far is printed (and a `--best` run writes its
//! checkpoint), and the process exits with status 130. A second signal ends the process at once
//! (also with 130), for work that does not poll the flag, removing the temporary files being
//! written (`atomic_file`) first.
//!
//! SIGTERM matters on clusters: Slurm ends a job at its time limit, and preempts or requeues it,
//! with SIGTERM (then SIGKILL after `KillWait` seconds), so a task must save its work on SIGTERM
//! exactly as on Ctrl-C.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

use search::Limits;

/// Set by Ctrl-C, SIGTERM or SIGHUP.
pub(crate) static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The exit status after an interruption (128 + SIGINT, as shells report Ctrl-C), whichever of
/// the three signals it was.
pub(crate) const EXIT_INTERRUPTED: u8 = 130;

/// Installs the handler of SIGINT, SIGTERM and SIGHUP (the `ctrlc` crate's `termination`
/// feature; once per process, later calls do nothing).
pub(crate) fn install() {
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Relaxed) {
            crate::atomic_file::remove_unfinished();
            std::process::exit(i32::from(EXIT_INTERRUPTED));
        }
    });
}

/// Whether a signal asked the process to stop.
pub(crate) fn interrupted() -> bool {
    INTERRUPTED.load(Relaxed)
}

/// The limits of a search: at most `max_nodes` placements, until `time_limit` has passed (from
/// now), and until a signal sets [`INTERRUPTED`]. Every search of `puzzle edge` takes them, and
/// looks at the clock and the flag as it goes: no thread sleeps to stop it.
pub(crate) fn limits(time_limit: Option<Duration>, max_nodes: Option<u64>) -> Limits<'static> {
    Limits {
        max_expanded: max_nodes,
        deadline: time_limit.map(|limit| Instant::now().checked_add(limit).unwrap_or_else(far_future)),
        interrupt: Some(&INTERRUPTED),
        progress: None,
    }
}

/// The limits of `puzzle slide`'s searches, built once from its flags: at most `max_nodes` nodes,
/// until a signal sets [`INTERRUPTED`], reporting to the progress bars. The deadline is a board's
/// own: `--time-limit` counts from when the board's search begins, which sets it then.
pub(crate) fn slide_limits(max_nodes: Option<u64>) -> Limits<'static> {
    Limits {
        max_expanded: max_nodes,
        deadline: None,
        interrupt: Some(&INTERRUPTED),
        progress: Some(&crate::progress::SEARCH),
    }
}

/// The limits of a board's search begun at `started`: the run's `limits` (from [`slide_limits`]),
/// with the deadline `time_limit` after `started` (none without a time limit).
pub(crate) fn deadline_from(
    limits: Limits<'static>,
    time_limit: Option<Duration>,
    started: Instant,
) -> Limits<'static> {
    Limits { deadline: time_limit.map(|limit| started.checked_add(limit).unwrap_or_else(far_future)), ..limits }
}

/// The limits of work that counts no nodes: building a table (until the `deadline` of the board
/// waiting for it, when it has one: a work unit's tables are built with none), listing or
/// checking a split's units. It stops at `deadline` and when a signal sets [`INTERRUPTED`].
pub(crate) fn build_limits(deadline: Option<Instant>) -> Limits<'static> {
    Limits { max_expanded: None, deadline, interrupt: Some(&INTERRUPTED), progress: None }
}

/// Runs `work` under limits that stop it at a signal or at `deadline` without telling it of the
/// deadline (work that would plan differently under one): a watcher thread looks at both every
/// 10 ms and raises the work's own flag. `None` when it was stopped.
pub(crate) fn unseen_deadline<T>(deadline: Option<Instant>, work: impl FnOnce(&Limits<'_>) -> T) -> Option<T> {
    let stop = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    let watched = build_limits(deadline);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Relaxed) {
                if watched.stopped() {
                    stop.store(true, Relaxed);
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        });
        let limits = Limits { interrupt: Some(&stop), ..Limits::NONE };
        let worked = work(&limits);
        done.store(true, Relaxed);
        (!stop.load(Relaxed)).then_some(worked)
    })
}

/// Work that a signal stopped before it was done, where nothing else is printed: the message says
/// what was left undone, and the exit status is [`EXIT_INTERRUPTED`].
#[derive(Debug)]
pub(crate) struct Interrupted(pub String);

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "interrupted: {}", self.0)
    }
}

impl std::error::Error for Interrupted {}

/// Stops a merge that a signal asked to stop, before it prints anything: every loop of `puzzle
/// merge` over the lines calls it for each line (looking at the flag costs next to nothing).
pub(crate) fn poll_merge() -> anyhow::Result<()> {
    if interrupted() {
        anyhow::bail!(Interrupted("the merge was stopped before it printed anything".to_owned()));
    }
    Ok(())
}

/// A moment no search reaches (a time limit too large for the clock).
fn far_future() -> Instant {
    Instant::now() + Duration::from_secs(100 * 365 * 24 * 3600)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_boards_deadline_counts_from_its_start() {
        let started = Instant::now();
        let limits = deadline_from(slide_limits(Some(7)), Some(Duration::from_secs(2)), started);
        assert_eq!((limits.max_expanded, limits.deadline), (Some(7), Some(started + Duration::from_secs(2))));
        assert!(limits.interrupt.is_some() && limits.progress.is_some(), "signals stop it, the bars see it");
        let none = deadline_from(slide_limits(None), None, started);
        assert_eq!((none.max_expanded, none.deadline), (None, None));
    }
}
