//! The value parsers of arguments that several commands share: board sizes (`--size`, `pdb
//! build`), seconds (`--time-limit`, `--checkpoint-every`) and the files answers are also
//! written to (`--sol`, `--svg`, `--html`). `--jobs` has its own module.
//! A bad value is quoted through [`excerpt`], as the input parsers quote bad tokens.

use std::path::PathBuf;
use std::time::Duration;

use puzzle_core::text::excerpt;

/// The most cells a sliding board may have (`slide --size`, `pdb build`).
const MAX_SLIDE_CELLS: usize = 1 << 20;

/// Reads `ROWSxCOLS` (or `ROWSXCOLS`) with both sides at least `min_side` and at most
/// `max_cells` cells in all.
fn parse_size(text: &str, min_side: usize, max_cells: usize) -> Result<(usize, usize), String> {
    let number = |t: &str| t.trim().parse::<usize>().ok().filter(|&side| side >= min_side);
    let size = text.split_once(['x', 'X']).and_then(|(rows, cols)| Some((number(rows)?, number(cols)?)));
    match size {
        Some((rows, cols)) if rows.checked_mul(cols).is_some_and(|cells| cells <= max_cells) => Ok((rows, cols)),
        _ => {
            let cells = if max_cells == usize::MAX { String::new() } else { format!(" and at most {max_cells} cells") };
            Err(format!("expected ROWSxCOLS with both at least {min_side}{cells}, like 4x4, found `{}`", excerpt(text)))
        }
    }
}

/// A sliding board's size: both sides at least 2, at most 2^20 cells.
pub(crate) fn parse_slide_size(text: &str) -> Result<(usize, usize), String> {
    parse_size(text, 2, MAX_SLIDE_CELLS)
}

/// An edge-matching board's size: both sides at least 1 (a 1xN strip is a board).
pub(crate) fn parse_edge_size(text: &str) -> Result<(usize, usize), String> {
    parse_size(text, 1, usize::MAX)
}

/// A file the answer is also written to (`--sol`, `--svg`, `--html`, `--checkpoint`): any path but `-`, which
/// would otherwise make a file named `-` where a user means standard output, and standard output
/// already carries the answers (`./-` names such a file).
pub(crate) fn parse_output_file(text: &str) -> Result<PathBuf, String> {
    if text.is_empty() {
        return Err(EMPTY_PATH.to_owned());
    }
    if text == "-" {
        return Err("standard output carries the answers: name a file (`./-` for a file named -)".to_owned());
    }
    Ok(PathBuf::from(text))
}

/// The message for an empty file name.
const EMPTY_PATH: &str = "expected a file name, found an empty one";

/// A file the run reads and writes again (`--found-file`): any path but an empty one.
pub(crate) fn parse_state_file(text: &str) -> Result<PathBuf, String> {
    if text.is_empty() {
        return Err(EMPTY_PATH.to_owned());
    }
    Ok(PathBuf::from(text))
}

/// The seconds between two checkpoints (`--checkpoint-every`): as [`parse_seconds`], at least 1,
/// so that saving the state never takes over the search.
pub(crate) fn parse_checkpoint_every(text: &str) -> Result<Duration, String> {
    match parse_seconds(text) {
        Ok(every) if every < Duration::from_secs(1) => {
            Err(format!("expected at least 1 second between two checkpoints, not `{}`", excerpt(text)))
        }
        parsed => parsed,
    }
}

/// Reads a number of seconds: finite, not negative, below 10^9.
pub(crate) fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>().ok().filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9).map(Duration::from_secs_f64).ok_or_else(
        || format!("expected a number of seconds from 0 up to (not including) 1e9, not `{}`", excerpt(text)),
    )
}

/// Reads an amount of memory: a whole number of bytes, or of KiB, MiB or GiB with the suffix
/// K, M or G (`512M`, `4G`), below 2^60 bytes.
pub(crate) fn parse_memory(text: &str) -> Result<u64, String> {
    let trimmed = text.trim();
    let (digits, unit) = match trimmed.char_indices().last() {
        Some((at, 'k' | 'K')) => (&trimmed[..at], 1u64 << 10),
        Some((at, 'm' | 'M')) => (&trimmed[..at], 1 << 20),
        Some((at, 'g' | 'G')) => (&trimmed[..at], 1 << 30),
        _ => (trimmed, 1),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(unit))
        .filter(|&bytes| bytes < 1 << 60)
        .ok_or_else(|| format!("expected bytes, or a whole number with K, M or G (e.g. 4G), not `{}`", excerpt(text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory() {
        for (input, expected) in
            [("0", Some(0)), ("4096", Some(4096)), ("512M", Some(512 << 20)), ("4g", Some(4 << 30)), ("3K", Some(3072))]
        {
            assert_eq!(parse_memory(input).ok(), expected, "{input:?}");
        }
        for refused in ["", "G", "1.5G", "-1", "4T", "99999999999G"] {
            assert!(parse_memory(refused).is_err(), "{refused:?}");
        }
    }

    fn check(parse: fn(&str) -> Result<(usize, usize), String>, input: &str, expected: Result<(usize, usize), ()>) {
        assert_eq!(parse(input).map_err(|_| ()), expected, "{input:?}");
    }

    /// Each size with what a sliding board (sides from 2, at most 2^20 cells) and an
    /// edge-matching board (sides from 1) make of it: one reading, two bounds.
    #[test]
    fn sizes() {
        for (input, slide, edge) in [
            ("4x4", Ok((4, 4)), Ok((4, 4))),
            ("2X3", Ok((2, 3)), Ok((2, 3))),
            (" 3 x 5 ", Ok((3, 5)), Ok((3, 5))),
            ("1024x1024", Ok((1024, 1024)), Ok((1024, 1024))),
            ("1024x1025", Err(()), Ok((1024, 1025))),
            ("1x4", Err(()), Ok((1, 4))),
            ("4x1", Err(()), Ok((4, 1))),
            ("3x3", Ok((3, 3)), Ok((3, 3))),
            ("2x3", Ok((2, 3)), Ok((2, 3))),
            ("16X16", Ok((16, 16)), Ok((16, 16))),
            ("1x5", Err(()), Ok((1, 5))),
            ("1x1", Err(()), Ok((1, 1))),
        ] {
            check(parse_slide_size, input, slide);
            check(parse_edge_size, input, edge);
        }
        // Not two whole numbers around an `x`, a side of 0, or more cells than a `usize` holds.
        let refused = [
            "0x4",
            "4",
            "x4",
            "4x",
            "4x4x4",
            "-2x4",
            "99999999999999999999x2",
            "4294967296x4294967296",
            "0x3",
            "3x0",
            "3",
            "3x",
            "x3",
            "-1x3",
            "3x3x3",
            "a x b",
        ];
        for input in refused {
            check(parse_slide_size, input, Err(()));
            check(parse_edge_size, input, Err(()));
        }
    }

    #[test]
    fn messages_name_the_range_and_quote_a_short_prefix() {
        assert_eq!(
            parse_slide_size("1x4"),
            Err("expected ROWSxCOLS with both at least 2 and at most 1048576 cells, like 4x4, found `1x4`".to_owned())
        );
        assert_eq!(
            parse_edge_size("0x3"),
            Err("expected ROWSxCOLS with both at least 1, like 4x4, found `0x3`".to_owned())
        );
        assert_eq!(parse_output_file(""), Err("expected a file name, found an empty one".to_owned()));
        assert_eq!(parse_state_file(""), Err("expected a file name, found an empty one".to_owned()));
        assert_eq!(parse_state_file("-"), Ok(PathBuf::from("-")));
        assert_eq!(
            parse_checkpoint_every("0"),
            Err("expected at least 1 second between two checkpoints, not `0`".to_owned())
        );
        assert_eq!(parse_checkpoint_every("0.5").map_err(|_| ()), Err(()));
        assert_eq!(parse_checkpoint_every("1"), Ok(Duration::from_secs(1)));
        assert_eq!(parse_checkpoint_every("x").map_err(|_| ()), Err(()));
        let long = "7".repeat(100_000);
        assert_eq!(
            parse_seconds(&long),
            Err(format!(
                "expected a number of seconds from 0 up to (not including) 1e9, not `{}…`",
                "7".repeat(puzzle_core::text::EXCERPT_CHARS)
            ))
        );
    }
}
