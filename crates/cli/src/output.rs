//! Standard output and its failures: every answer goes through one writer that remembers why
//! standard output could not be written, so that `main` reports a full disk as an output error
//! (`error: <stdout>: cannot write: …`, exit status 1) rather than as a bug, and a reader that
//! went away (`puzzle … | head`) with silence and exit status 0.

use std::io::{self, Write};
use std::process::ExitCode;

/// The name standard output has in messages, as `<stdin>` names standard input.
pub(crate) const STDOUT_NAME: &str = "<stdout>";

/// A writer to standard output (or any writer, in tests) that keeps its first failure.
pub(crate) struct Output<W> {
    inner: W,
    failure: Option<io::Error>,
}

impl<W: Write> Output<W> {
    /// Wraps `inner`.
    pub(crate) fn new(inner: W) -> Output<W> {
        Output { inner, failure: None }
    }

    /// The first error writing or flushing returned, if any.
    pub(crate) fn failure(&self) -> Option<&io::Error> {
        self.failure.as_ref()
    }

    /// Keeps the first failure of `result` and passes it on unchanged.
    fn keep<T>(&mut self, result: io::Result<T>) -> io::Result<T> {
        if let Err(err) = &result {
            // An interrupted write is retried by `write_all`; it is not a failure.
            if self.failure.is_none() && err.kind() != io::ErrorKind::Interrupted {
                self.failure = Some(io::Error::new(err.kind(), err.to_string()));
            }
        }
        result
    }
}

impl<W: Write> Write for Output<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let result = self.inner.write(buf);
        self.keep(result)
    }

    fn flush(&mut self) -> io::Result<()> {
        let result = self.inner.flush();
        self.keep(result)
    }
}

/// `eprintln!` that cannot panic: writes one line on standard error and ignores a failure to
/// write it. `eprintln!` panics when standard error is full or closed (`2>/dev/full`), which
/// would turn a message nobody can read into exit status 101; the exit status still says what
/// happened.
macro_rules! eprintln_or_drop {
    ($($arg:tt)*) => {
        $crate::output::to_stderr(format_args!($($arg)*))
    };
}
pub(crate) use eprintln_or_drop;

/// Writes `line` and a newline on standard error, ignoring a failure (see [`eprintln_or_drop`]).
pub(crate) fn to_stderr(line: std::fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// Reports a failure to write standard output and chooses the exit status: silence and 0 when
/// the reader went away (a closed pipe), else `error: <stdout>: cannot write: …` and 1, like
/// every error the user can fix (`--sol` and `--svg` files that cannot be written say the same).
pub(crate) fn report_failure(err: &io::Error) -> ExitCode {
    if err.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::SUCCESS;
    }
    eprintln_or_drop!("error: {STDOUT_NAME}: cannot write: {err}");
    ExitCode::from(1)
}

/// Prints clap's help or version text on standard output (its errors go to standard error
/// with exit status 1), reporting a failure to write it as any other output's.
pub(crate) fn print_clap(err: &clap::Error) -> ExitCode {
    if err.use_stderr() {
        print_usage_error(err);
        // A usage error is bad input, not an internal error.
        return ExitCode::from(1);
    }
    let printed = err.print();
    match printed.and_then(|()| io::stdout().flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => report_failure(&failure),
    }
}

/// Prints a usage error, quoting a bad value as the input parsers quote a bad token: at most
/// its first characters (clap quotes the whole value, which may be 128 kB long).
fn print_usage_error(err: &clap::Error) {
    use clap::error::{ContextKind, ContextValue};
    let long = [ContextKind::InvalidValue, ContextKind::InvalidArg].into_iter().find_map(|kind| match err.get(kind) {
        Some(ContextValue::String(value)) if puzzle_core::text::excerpt(value).len() < value.len() => Some(value),
        _ => None,
    });
    match long {
        Some(value) => {
            let rendered = err.render().to_string().replace(value.as_str(), &puzzle_core::text::excerpt(value));
            let _ = io::stderr().lock().write_all(rendered.as_bytes());
        }
        None => drop(err.print()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that accepts `room` bytes, then fails with `kind`.
    struct Full {
        room: usize,
        kind: io::ErrorKind,
    }

    impl Write for Full {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.room == 0 {
                return Err(io::Error::from(self.kind));
            }
            let n = buf.len().min(self.room);
            self.room -= n;
            Ok(n)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_first_failure_is_kept() {
        let mut out = Output::new(Full { room: 3, kind: io::ErrorKind::StorageFull });
        assert!(out.write_all(b"ab").is_ok());
        assert!(out.failure().is_none());
        assert!(out.write_all(b"cd").is_err());
        let _ = Output::keep(&mut out, Err::<(), _>(io::Error::from(io::ErrorKind::BrokenPipe)));
        assert_eq!(out.failure().map(io::Error::kind), Some(io::ErrorKind::StorageFull));
    }

    #[test]
    fn an_interrupted_write_is_not_a_failure() {
        let mut out = Output::new(Full { room: 0, kind: io::ErrorKind::Interrupted });
        assert!(out.write(b"a").is_err());
        assert!(out.failure().is_none());
    }
}
