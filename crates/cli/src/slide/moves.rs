//! A path's letters written as they are read (fast answers on big boards have billions of
//! moves, read back or made again, checked, as they are printed): in chunks straight to the
//! output, in the text line or into the JSON line's `"path"` string, never held whole as letters.

use std::io::Write;

use sliding::constructive::StreamError;
use sliding::Path;

/// Writes the letters `U`, `D`, `L`, `R` of `path` to `out`; `Err` is the first error of
/// writing, or a fast path's failed check (a bug) after which nothing more is written.
pub(super) fn write_letters(path: &Path, out: &mut impl Write) -> anyhow::Result<()> {
    path.stream_letters(&mut |text| out.write_all(text)).map_err(|err| match err {
        StreamError::Sink(err) => anyhow::Error::from(err),
        wrong @ StreamError::Wrong(_) => anyhow::anyhow!("{wrong}; the path printed is incomplete"),
    })
}

/// Writes `line`, a JSON answer serialized with an empty `"path"` string, with the letters of
/// `path` written into that string as they are made, then a newline. A JSON string never holds
/// an unescaped quote, so `"path":""` occurs in the line only as the key and its empty value.
pub(super) fn write_json_line(out: &mut impl Write, line: &str, path: &Path) -> anyhow::Result<()> {
    const EMPTY_PATH: &str = "\"path\":\"";
    let at = line.find("\"path\":\"\"").map(|at| at + EMPTY_PATH.len());
    let Some(at) = at else { anyhow::bail!("no empty path in {line}") };
    out.write_all(&line.as_bytes()[..at])?;
    write_letters(path, out)?;
    out.write_all(&line.as_bytes()[at..])?;
    writeln!(out)?;
    Ok(())
}
