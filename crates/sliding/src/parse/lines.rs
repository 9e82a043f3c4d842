//! The lines format: one board of a size given by the caller per line, after an optional label,
//! as in benchmark files such as Korf's 100 instances.

use puzzle_core::text::{lines, Line, Pos};

use super::{parse_tile, to_board, Batch, Entry, ParseError, ParseErrorKind};
use crate::board::BoardSpec;

/// Reads a lines input of `rows`×`cols` boards: one board per line, its tiles the line's last
/// `rows * cols` whitespace-separated tokens (a non-negative integer, or `_` or `#`; `0`, `_` and
/// `#` are the blank), the tokens before them its label, joined by single spaces.
///
/// Blank lines and lines whose first non-blank character is `#` are skipped as comments, so a
/// board with the blank first and no label writes it `0` or `_`. Fails as a whole only when
/// there is no board at all; a malformed board becomes an `Err` entry in its place.
///
/// ```
/// use sliding::parse::parse_lines;
///
/// let text = "# two 2x2 boards\n1 0 1 2 3\n\n2 3 0 2 1 3\n";
/// let batch = parse_lines(text, 2, 2)?;
/// let labels: Vec<Option<&str>> = batch.entries.iter().map(|entry| entry.label.as_deref()).collect();
/// assert_eq!(labels, [Some("1"), Some("2 3")]);
/// assert_eq!(batch.entries[1].board.as_ref().map(|board| board.tiles()), Ok(&[0, 2, 1, 3][..]));
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
pub fn parse_lines(text: &str, rows: usize, cols: usize) -> Result<Batch, ParseError> {
    let entries: Vec<Entry> = lines(text).filter_map(|line| parse_line(&line, rows, cols)).collect();
    if entries.is_empty() {
        return Err(ParseError { pos: Pos::new(1, 1), kind: ParseErrorKind::Empty });
    }
    Ok(Batch { entries })
}

/// Whether `line` is blank or a comment.
fn is_skipped(line: &Line<'_>) -> bool {
    let text = line.text.trim_start();
    text.is_empty() || text.starts_with('#')
}

/// Reads one line of a lines input of `rows`×`cols` boards, as [`parse_lines`] does, for callers
/// that read their input a line at a time: `None` for a blank or comment line, else the line's
/// label and board.
///
/// ```
/// use puzzle_core::text::lines;
/// use sliding::parse::parse_line;
///
/// let entries: Vec<_> = lines("# a comment\n\nkorf 0 1 2 3\n").filter_map(|line| parse_line(&line, 2, 2)).collect();
/// assert_eq!(entries.len(), 1);
/// assert_eq!(entries[0].label.as_deref(), Some("korf"));
/// assert!(entries[0].board.is_ok());
/// ```
pub fn parse_line(line: &Line<'_>, rows: usize, cols: usize) -> Option<Entry> {
    (!is_skipped(line)).then(|| parse_entry(line, rows, cols))
}

/// Reads the label and board of a line that is neither blank nor a comment. The tokens are
/// counted first and then read as they come, never collected: a line takes memory for its label
/// and its board's tiles only.
fn parse_entry(line: &Line<'_>, rows: usize, cols: usize) -> Entry {
    let n_cells = rows.saturating_mul(cols);
    let found = line.tokens().count();
    let Some(n_label) = found.checked_sub(n_cells) else {
        let kind = ParseErrorKind::TilesInLine { expected: n_cells, rows, cols, found };
        return Entry { label: None, board: Err(ParseError { pos: line.end(), kind }) };
    };
    let mut tokens = line.tokens();
    let mut label = String::new();
    for token in tokens.by_ref().take(n_label) {
        if !label.is_empty() {
            label.push(' ');
        }
        label.push_str(token.text);
    }
    let label = (!label.is_empty()).then_some(label);
    let mut tiles = tokens.peekable();
    let board_start = tiles.peek().map_or_else(|| line.end(), |token| token.pos);
    let tiles = tiles.map(|token| parse_tile(&token, n_cells)).collect::<Result<Vec<u32>, _>>();
    let position = |cell: usize| line.tokens().nth(n_label + cell).map_or(board_start, |token| token.pos);
    let board = tiles.and_then(|tiles| to_board(BoardSpec { rows, cols, tiles }, &position, board_start));
    // A line that is a whole board of more tiles (a 4x4 line read with a 3x3 size) is named so,
    // rather than its first tiles read as a label; a line whose last tiles are a board keeps its
    // label, whatever it holds.
    if board.is_err() && n_label > 0 && is_whole_board(line, found) {
        let kind = ParseErrorKind::LineOfOtherSize { expected: n_cells, rows, cols, found };
        let pos = line.tokens().next().map_or_else(|| line.end(), |token| token.pos);
        return Entry { label: None, board: Err(ParseError { pos, kind }) };
    }
    Entry { label, board }
}

/// Whether the `found` tokens of `line` are the tiles `0..found`, each once (the blank as `0`,
/// `_` or `#`).
fn is_whole_board(line: &Line<'_>, found: usize) -> bool {
    let mut seen = vec![false; found];
    line.tokens().all(|token| match parse_tile(&token, found) {
        Ok(tile) => seen.get_mut(tile as usize).is_some_and(|seen| !std::mem::replace(seen, true)),
        Err(_) => false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    type Expected<'a> = Result<&'a [(Option<&'a str>, Result<&'a str, &'a str>)], &'a str>;

    fn check((rows, cols, text): (usize, usize, &str), expected: Expected<'_>) {
        type Owned = Result<Vec<(Option<String>, Result<String, String>)>, String>;
        let got: Owned = parse_lines(text, rows, cols)
            .map(|batch| {
                let render =
                    |entry: Entry| (entry.label, entry.board.map(|b| b.to_string()).map_err(|e| e.to_string()));
                batch.entries.into_iter().map(render).collect()
            })
            .map_err(|e| e.to_string());
        let expected: Owned = expected
            .map(|entries| {
                let own = |&(label, board): &(Option<&str>, Result<&str, &str>)| {
                    (label.map(str::to_owned), board.map(str::to_owned).map_err(str::to_owned))
                };
                entries.iter().map(own).collect()
            })
            .map_err(str::to_owned);
        assert_eq!(got, expected, "{rows}x{cols} {text:?}");
    }

    #[test]
    fn good_boards() {
        check((2, 2, "1 2 3 0\n"), Ok(&[(None, Ok("1 2 / 3 _"))]));
        check((2, 3, "1 2 3 4 5 0\n"), Ok(&[(None, Ok("1 2 3 / 4 5 _"))]));
        check((3, 2, "1 2 3 4 5 0\n"), Ok(&[(None, Ok("1 2 / 3 4 / 5 _"))]));
        check((2, 2, "a b 1 2 3 _\n"), Ok(&[(Some("a b"), Ok("1 2 / 3 _"))]));
        check((2, 2, "  x\t y   1 2 3 #  \n"), Ok(&[(Some("x y"), Ok("1 2 / 3 _"))]));
        check(
            (4, 4, "1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n"),
            Ok(&[(Some("1 57"), Ok("14 13 15 7 / 11 12 9 5 / 6 _ 2 1 / 4 8 10 3"))]),
        );
        check(
            (2, 2, "\u{feff}# a comment\r\n\r\n   # an indented comment\r\nfirst 1 2 3 0\r\n\r\n_ 1 2 3\r\n"),
            Ok(&[(Some("first"), Ok("1 2 / 3 _")), (None, Ok("_ 1 / 2 3"))]),
        );
    }

    #[test]
    fn bad_boards_keep_their_place() {
        check(
            (2, 2, "one 1 2 3 0\ntwo 1 2 x 0\nthree 0 1 2 3\n"),
            Ok(&[
                (Some("one"), Ok("1 2 / 3 _")),
                (Some("two"), Err("2:9: expected a tile number 0-3 or `_`, found `x`")),
                (Some("three"), Ok("_ 1 / 2 3")),
            ]),
        );
        check((2, 2, "1 2 3\n"), Ok(&[(None, Err("1:6: expected 4 tiles for a 2x2 board, found 3"))]));
        check((4, 4, "# c\n  1 2 3 \n"), Ok(&[(None, Err("2:9: expected 16 tiles for a 4x4 board, found 3"))]));
        check(
            (4, 4, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 0\n"),
            Ok(&[(None, Err("1:34: expected a tile number 0-15 or `_`, found `x`"))]),
        );
        check((2, 2, "1 2 -3 0\n"), Ok(&[(None, Err("1:5: expected a tile number 0-3 or `_`, found `-3`"))]));
        check(
            (2, 2, "1 2 99999999999 0\n"),
            Ok(&[(None, Err("1:5: expected a tile number 0-3 or `_`, found `99999999999`"))]),
        );
        check((2, 2, "7 1 2 3 4\n"), Ok(&[(Some("7"), Err("1:9: tile 4 is out of range 0..3"))]));
        // A 4x4 line read as 3x3: no label of seven tiles, but the line named for what it is.
        let message = "1:1: the line is a whole board of 16 tiles, not a label and the 9 tiles of a 3x3 board: \
                       is the size right?";
        check((3, 3, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n"), Ok(&[(None, Err(message))]));
        // A label that happens to complete a bigger board does not matter when the tiles after
        // it are a board; one that repeats a tile is a label whatever follows.
        check((2, 2, "4 1 2 3 0\n"), Ok(&[(Some("4"), Ok("1 2 / 3 _"))]));
        check((2, 2, "1 1 2 3 4\n"), Ok(&[(Some("1"), Err("1:9: tile 4 is out of range 0..3"))]));
        check((2, 2, "L 1 2 3 1\n"), Ok(&[(Some("L"), Err("1:3: the board has no blank"))]));
        check((2, 2, "1 0 3 _\n"), Ok(&[(None, Err("1:7: a second blank"))]));
        check((2, 2, "1 0 3 3\n"), Ok(&[(None, Err("1:7: tile 3 appears twice"))]));
        check(
            (1, 4, "x 1 2 3 0\n"),
            Ok(&[(Some("x"), Err("1:3: a board needs at least 2 rows and 2 columns, found 1x4"))]),
        );
    }

    #[test]
    fn empty_input() {
        check((2, 2, ""), Err("1:1: empty input: expected a board"));
        check((2, 2, "\n  \n# only comments\n\t# 1 2 3 0\n"), Err("1:1: empty input: expected a board"));
    }

    #[test]
    fn korf_files() {
        let files = [
            (
                concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/data/korf100.txt"),
                4,
                100,
                "1 57",
                "14 13 15 7 / 11 12 9 5 / 6 _ 2 1 / 4 8 10 3",
            ),
            (
                concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/data/korf24.txt"),
                5,
                50,
                "1 95",
                "14 5 9 2 18 / 8 23 19 12 17 / 15 _ 10 20 4 / 6 11 21 1 7 / 24 3 16 22 13",
            ),
        ];
        for (path, side, count, first_label, first_board) in files {
            // A missing file fails the test: these are the oracle inputs, not optional extras.
            let text = std::fs::read_to_string(path).unwrap_or_else(|err| panic!("{path}: {err}"));
            let batch = parse_lines(&text, side, side).unwrap_or_else(|err| panic!("{path}: {err}"));
            assert_eq!(batch.entries.len(), count, "{path}");
            for entry in &batch.entries {
                assert!(entry.board.is_ok(), "{path}: {entry:?}");
                assert_eq!(entry.label.as_deref().map(|label| label.split(' ').count()), Some(2), "{path}: {entry:?}");
            }
            let first = &batch.entries[0];
            assert_eq!(first.label.as_deref(), Some(first_label), "{path}");
            assert_eq!(first.board.as_ref().map(ToString::to_string).as_deref(), Ok(first_board), "{path}");
        }
    }
}
