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
    if text == "-" {
        return Err("standard output carries the answers: name a file (`./-` for a file named -)".to_owned());
    }
    Ok(PathBuf::from(text))
}

/// Reads a number of seconds: finite, not negative, below 10^9.
pub(crate) fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>().ok().filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e9).map(Duration::from_secs_f64).ok_or_else(
        || format!("expected a number of seconds from 0 up to (not including) 1e9, not `{}`", excerpt(text)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(parse: fn(&str) -> Result<(usize, usize), String>, input: &str, expected: Result<(usize, usize), ()>) {
        assert_eq!(parse(input).map_err(|_| ()), expected, "{input:?}");
    }

    #[test]
    fn slide_sizes() {
        let slide = parse_slide_size;
        check(slide, "4x4", Ok((4, 4)));
        check(slide, "2X3", Ok((2, 3)));
        check(slide, " 3 x 5 ", Ok((3, 5)));
        check(slide, "1024x1024", Ok((1024, 1024)));
        check(slide, "1024x1025", Err(()));
        check(slide, "1x4", Err(()));
        check(slide, "4x1", Err(()));
        check(slide, "0x4", Err(()));
        check(slide, "4", Err(()));
        check(slide, "x4", Err(()));
        check(slide, "4x", Err(()));
        check(slide, "4x4x4", Err(()));
        check(slide, "-2x4", Err(()));
        check(slide, "99999999999999999999x2", Err(()));
        check(slide, "4294967296x4294967296", Err(()));
    }

    #[test]
    fn edge_sizes() {
        let edge = parse_edge_size;
        check(edge, "3x3", Ok((3, 3)));
        check(edge, "2x3", Ok((2, 3)));
        check(edge, "16X16", Ok((16, 16)));
        check(edge, "1x5", Ok((1, 5)));
        check(edge, "1x1", Ok((1, 1)));
        check(edge, "0x3", Err(()));
        check(edge, "3x0", Err(()));
        check(edge, "3", Err(()));
        check(edge, "3x", Err(()));
        check(edge, "x3", Err(()));
        check(edge, "-1x3", Err(()));
        check(edge, "3x3x3", Err(()));
        check(edge, "a x b", Err(()));
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
