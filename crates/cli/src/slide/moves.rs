//! A path to print, in memory or read back (or made again) as it is printed (fast answers on big
//! boards have billions of moves): letters written in chunks straight to the output, in the text
//! line or into the JSON line's `"path"` string, never held whole as letters.

use std::io::Write;

use puzzle_core::Direction;
use sliding::{FastPath, StreamError};

/// The moves of an answer.
#[derive(Clone, Copy)]
pub(super) enum Moves<'a> {
    /// In memory.
    Kept(&'a [Direction]),
    /// A fast answer's: read back from its tape, or made again, checked, as they are written.
    Made(&'a FastPath),
}

/// Letters written at a time.
const LETTERS: usize = 1 << 15;

impl<'a> Moves<'a> {
    /// The number of moves.
    pub(super) fn len(self) -> u64 {
        match self {
            Moves::Kept(path) => path.len() as u64,
            Moves::Made(path) => path.n_moves(),
        }
    }

    /// Hands the letters `U`, `D`, `L`, `R` to `write` in chunks; `Err` is the first error of
    /// `write`, or the fast path's failed check (a bug) after which nothing more is written.
    fn letters<E>(self, write: &mut dyn FnMut(&[u8]) -> Result<(), E>) -> Result<(), StreamError<E>> {
        match self {
            Moves::Kept(path) => {
                let mut buffer: Vec<u8> = Vec::with_capacity(LETTERS);
                for chunk in path.chunks(LETTERS) {
                    buffer.clear();
                    sliding::push_path_letters(chunk, &mut buffer);
                    write(&buffer).map_err(StreamError::Sink)?;
                }
                Ok(())
            }
            Moves::Made(path) => path.stream_letters(write),
        }
    }

    /// Writes the letters to `out`.
    pub(super) fn write_letters(self, out: &mut impl Write) -> anyhow::Result<()> {
        self.letters(&mut |text| out.write_all(text)).map_err(|err| match err {
            StreamError::Sink(err) => anyhow::Error::from(err),
            wrong @ StreamError::Wrong(_) => anyhow::anyhow!("{wrong}; the path printed is incomplete"),
        })
    }
}

/// Writes `line`, a JSON answer serialized with an empty `"path"` string, with the letters of
/// `moves` written into that string as they are made, then a newline. A JSON string never holds
/// an unescaped quote, so `"path":""` occurs in the line only as the key and its empty value.
pub(super) fn write_json_line(out: &mut impl Write, line: &str, moves: Moves<'_>) -> anyhow::Result<()> {
    const EMPTY_PATH: &str = "\"path\":\"";
    let at = line.find("\"path\":\"\"").map(|at| at + EMPTY_PATH.len());
    let Some(at) = at else { anyhow::bail!("no empty path in {line}") };
    out.write_all(&line.as_bytes()[..at])?;
    moves.write_letters(out)?;
    out.write_all(&line.as_bytes()[at..])?;
    writeln!(out)?;
    Ok(())
}
