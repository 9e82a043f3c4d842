//! `--jobs N`, the one thread argument of every command that works in parallel (`slide`,
//! `edge`, `edge --best`): one parser, one meaning of 0 (all cores, as with ripgrep's
//! `--threads 0`), one upper bound, and one way the threads are set (rayon's global pool,
//! built once in `main` before any parallel work).

use clap::Args;

/// The most threads `--jobs` accepts: more than the cores of most machines (`--jobs 0` or no
/// `--jobs` takes all of them, however many), few enough that starting the pool stays cheap
/// where cores are few. On 2 cores a run of one judge board took 0.1 s with 256 threads, 0.9 s
/// with 512 and 7 s with 1024, and `--jobs 10000` spent 73 s on five judge boards before it was
/// refused.
pub(crate) const MAX_JOBS: usize = 256;

/// The thread argument, flattened into the arguments of each command that has threads.
#[derive(Clone, Copy, Debug, Default, Args)]
pub(crate) struct JobsArg {
    /// Threads to work on, 1 to 256, or 0 for all cores [default: all cores]; answers and
    /// counts do not depend on it (the course of a --best search does: each thread has its own
    /// restarts)
    #[arg(long, value_name = "N", value_parser = parse_jobs)]
    pub(crate) jobs: Option<usize>,
}

impl JobsArg {
    /// The number of threads asked for: `None` for all cores (no `--jobs`, or `--jobs 0`).
    pub(crate) fn threads(self) -> Option<usize> {
        self.jobs.filter(|&jobs| jobs > 0)
    }

    /// Sets the number of threads every parallel part of this process uses (rayon's global
    /// pool); called once, before any parallel work.
    pub(crate) fn set_threads(self) -> anyhow::Result<()> {
        if let Some(threads) = self.threads() {
            rayon::ThreadPoolBuilder::new().num_threads(threads).build_global()?;
        }
        Ok(())
    }
}

/// The number of threads parallel work runs on: `--jobs N`, else all cores (after
/// [`JobsArg::set_threads`]).
pub(crate) fn current_threads() -> usize {
    rayon::current_num_threads()
}

/// Reads `--jobs N`: a whole number from 0 (all cores) to [`MAX_JOBS`].
pub(crate) fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(jobs) if jobs <= MAX_JOBS => Ok(jobs),
        _ => Err(format!(
            "expected a number of threads from 1 to {MAX_JOBS}, or 0 for all cores, found `{}`",
            puzzle_core::text::excerpt(text)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(input: &str, expected: Result<usize, ()>) {
        assert_eq!(parse_jobs(input).map_err(|_| ()), expected, "{input:?}");
    }

    #[test]
    fn jobs() {
        check("0", Ok(0));
        check("1", Ok(1));
        check("2", Ok(2));
        check("256", Ok(256));
        check("257", Err(()));
        check("1024", Err(()));
        check("10000", Err(()));
        check("-1", Err(()));
        check("many", Err(()));
        check("", Err(()));
        check("99999999999999999999999", Err(()));
    }

    #[test]
    fn zero_means_all_cores() {
        assert_eq!(JobsArg { jobs: Some(0) }.threads(), None);
        assert_eq!(JobsArg { jobs: None }.threads(), None);
        assert_eq!(JobsArg { jobs: Some(3) }.threads(), Some(3));
    }
}
