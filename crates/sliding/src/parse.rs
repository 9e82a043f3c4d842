//! The two judge formats of the 3×3 puzzle, read with positions for every error.
//!
//! - Judge A (BOJ 1525): three rows of three whitespace-separated integers `0..=8`, `0` the blank.
//! - Judge B (BOJ 11112): a count `T`, then `T` boards of three rows of three characters from
//!   `1`-`8` and `#` (the blank), blank lines allowed between boards.

use puzzle_core::text::{lines, Line, Pos};
use thiserror::Error;

use crate::board::{Board, BoardError, BoardSpec, BLANK};

const SIDE: usize = 3;

/// The judge formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// BOJ 1525: one board of integers, `0` the blank.
    JudgeA,
    /// BOJ 11112: a count, then boards of characters, `#` the blank.
    JudgeB,
}

/// A parse error at a position in the input.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{pos}: {kind}")]
pub struct ParseError {
    /// Where the problem is.
    pub pos: Pos,
    /// What the problem is.
    pub kind: ParseErrorKind,
}

/// What is wrong with the input; messages are lowercase without a trailing period.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// Nothing but whitespace.
    #[error("empty input: expected a board")]
    Empty,
    /// A token that should be a tile number is not one.
    #[error("expected a tile number 0-8, found `{0}`")]
    NotATile(String),
    /// A row with the wrong number of values.
    #[error("expected {expected} values in a row, found {found}")]
    ValuesInRow {
        /// Values a row must have.
        expected: usize,
        /// Values found.
        found: usize,
    },
    /// A board with the wrong number of rows.
    #[error("expected {expected} rows, found {found}")]
    Rows {
        /// Rows a board must have.
        expected: usize,
        /// Rows found.
        found: usize,
    },
    /// A character that is not a judge-B cell.
    #[error("expected a digit 1-8 or `#`, found `{0}`")]
    NotACell(char),
    /// A judge-B row with the wrong number of cells.
    #[error("expected {expected} cells in a row, found {found}")]
    CellsInRow {
        /// Cells a row must have.
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// The first line of judge B is not a count.
    #[error("expected the number of boards T, found `{0}`")]
    NotACount(String),
    /// Fewer boards than the count announced.
    #[error("expected {expected} boards (T) but the input ends after {found}")]
    TooFewBoards {
        /// The count announced.
        expected: usize,
        /// Complete boards found.
        found: usize,
    },
    /// More input after the announced number of boards.
    #[error("unexpected input after the last board (T = {expected})")]
    TooManyBoards {
        /// The count announced.
        expected: usize,
    },
    /// The values do not form a board.
    #[error("{0}")]
    Board(BoardError),
}

/// The format of `text`: judge B when its first non-blank line holds a single token (the count
/// `T`), judge A otherwise.
pub fn detect_format(text: &str) -> Format {
    match lines(text).find(|line| !line.is_blank()) {
        Some(line) if line.tokens().count() == 1 => Format::JudgeB,
        _ => Format::JudgeA,
    }
}

/// Reads one judge-A board. Blank lines are ignored.
pub fn parse_judge_a(text: &str) -> Result<Board, ParseError> {
    let rows: Vec<Line<'_>> = lines(text).filter(|line| !line.is_blank()).collect();
    let Some(first) = rows.first() else {
        return Err(ParseError { pos: Pos::new(1, 1), kind: ParseErrorKind::Empty });
    };
    let mut positions = Vec::with_capacity(SIDE * SIDE);
    let mut tiles = Vec::with_capacity(SIDE * SIDE);
    // Errors are reported in reading order: the first thing wrong is the one named.
    for (row_idx, row) in rows.iter().enumerate() {
        if row_idx == SIDE {
            let kind = ParseErrorKind::Rows { expected: SIDE, found: rows.len() };
            return Err(ParseError { pos: row.start(), kind });
        }
        let tokens: Vec<_> = row.tokens().collect();
        if tokens.len() != SIDE {
            let pos = tokens.get(SIDE).map_or_else(|| row.end(), |t| t.pos);
            return Err(ParseError { pos, kind: ParseErrorKind::ValuesInRow { expected: SIDE, found: tokens.len() } });
        }
        for token in tokens {
            let value = token
                .text
                .parse::<u32>()
                .map_err(|_| ParseError { pos: token.pos, kind: ParseErrorKind::NotATile(token.text.to_owned()) })?;
            positions.push(token.pos);
            tiles.push(value);
        }
    }
    if rows.len() < SIDE {
        let last = rows.last().unwrap_or(first);
        let kind = ParseErrorKind::Rows { expected: SIDE, found: rows.len() };
        return Err(ParseError { pos: Pos::new(last.number + 1, 1), kind });
    }
    to_board(tiles, &positions, first.first_non_blank())
}

/// A judge-B input: the boards in order, each read or refused on its own, so one bad board does
/// not lose the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeBInput {
    /// One entry per board found, in input order.
    pub boards: Vec<Result<Board, ParseError>>,
    /// A problem with the batch as a whole (the count does not match the boards), reported after
    /// the boards.
    pub batch_error: Option<ParseError>,
}

/// Reads a judge-B input: the count `T`, then boards of three non-blank rows each.
///
/// Fails as a whole only when there is no count; a malformed board becomes an `Err` entry in
/// its place and a count that disagrees with the boards becomes `batch_error`.
pub fn parse_judge_b(text: &str) -> Result<JudgeBInput, ParseError> {
    let mut rows = lines(text).filter(|line| !line.is_blank());
    let Some(count_line) = rows.next() else {
        return Err(ParseError { pos: Pos::new(1, 1), kind: ParseErrorKind::Empty });
    };
    let count = parse_count(&count_line)?;
    let rows: Vec<Line<'_>> = rows.collect();
    let mut chunks = rows.chunks(SIDE);
    let mut boards = Vec::with_capacity(count.min(rows.len() / SIDE + 1));
    for chunk in chunks.by_ref().take(count) {
        boards.push(parse_judge_b_board(chunk));
    }
    let batch_error = if let Some(extra) = chunks.next() {
        Some(ParseError { pos: extra[0].start(), kind: ParseErrorKind::TooManyBoards { expected: count } })
    } else if boards.len() < count {
        let end = rows.last().unwrap_or(&count_line);
        let kind = ParseErrorKind::TooFewBoards { expected: count, found: boards.len() };
        Some(ParseError { pos: Pos::new(end.number + 1, 1), kind })
    } else {
        None
    };
    Ok(JudgeBInput { boards, batch_error })
}

fn parse_count(line: &Line<'_>) -> Result<usize, ParseError> {
    let mut tokens = line.tokens();
    let token = tokens.next().ok_or(ParseError { pos: line.start(), kind: ParseErrorKind::Empty })?;
    if let Some(extra) = tokens.next() {
        return Err(ParseError { pos: extra.pos, kind: ParseErrorKind::NotACount(line.text.trim().to_owned()) });
    }
    token
        .text
        .parse()
        .map_err(|_| ParseError { pos: token.pos, kind: ParseErrorKind::NotACount(token.text.to_owned()) })
}

fn parse_judge_b_board(rows: &[Line<'_>]) -> Result<Board, ParseError> {
    if rows.len() < SIDE {
        let last = rows[rows.len() - 1];
        let kind = ParseErrorKind::Rows { expected: SIDE, found: rows.len() };
        return Err(ParseError { pos: Pos::new(last.number + 1, 1), kind });
    }
    let mut positions = Vec::with_capacity(SIDE * SIDE);
    let mut tiles = Vec::with_capacity(SIDE * SIDE);
    for row in rows {
        // Cells are single characters; whitespace between or around them is tolerated.
        let cells: Vec<_> = row.chars().filter(|(_, c)| !c.is_whitespace()).collect();
        for &(pos, c) in &cells {
            let value = match c {
                '#' => BLANK,
                '1'..='8' => u32::from(c) - u32::from('0'),
                _ => return Err(ParseError { pos, kind: ParseErrorKind::NotACell(c) }),
            };
            positions.push(pos);
            tiles.push(value);
        }
        if cells.len() != SIDE {
            let pos = cells.get(SIDE).map_or_else(|| row.end(), |&(pos, _)| pos);
            return Err(ParseError { pos, kind: ParseErrorKind::CellsInRow { expected: SIDE, found: cells.len() } });
        }
    }
    to_board(tiles, &positions, rows[0].first_non_blank())
}

/// Validates the values read and places a board error on the token it concerns.
fn to_board(tiles: Vec<u32>, positions: &[Pos], board_start: Pos) -> Result<Board, ParseError> {
    Board::try_from(BoardSpec { rows: SIDE, cols: SIDE, tiles }).map_err(|err| {
        let pos = match &err {
            BoardError::OutOfRange { cell, .. } | BoardError::Duplicate { cell, .. } => positions[*cell],
            BoardError::TooSmall { .. } | BoardError::WrongCount { .. } | BoardError::NoBlank => board_start,
        };
        ParseError { pos, kind: ParseErrorKind::Board(err) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_a(text: &str, expected: Result<&str, &str>) {
        let got = parse_judge_a(text).map(|b| b.to_string()).map_err(|e| e.to_string());
        assert_eq!(got.as_ref().map(String::as_str).map_err(String::as_str), expected, "{text:?}");
    }

    #[test]
    fn judge_a() {
        check_a("1 0 3\n4 2 5\n7 8 6\n", Ok("1 _ 3 / 4 2 5 / 7 8 6"));
        check_a("\u{feff}1 0 3\r\n4 2 5\r\n\r\n7   8\t6", Ok("1 _ 3 / 4 2 5 / 7 8 6"));
        check_a("", Err("1:1: empty input: expected a board"));
        check_a("  \n\n", Err("1:1: empty input: expected a board"));
        check_a("1 0 3\n4 2 5\n", Err("3:1: expected 3 rows, found 2"));
        check_a("1 0 3\n4 2 5\n7 8 6\n1 1 1\n", Err("4:1: expected 3 rows, found 4"));
        check_a("1 0 3 4\n4 2 5\n7 8 6\n", Err("1:7: expected 3 values in a row, found 4"));
        check_a("1 0\n4 2 5\n7 8 6\n", Err("1:4: expected 3 values in a row, found 2"));
        check_a("1 0 x\n4 2 5\n7 8 6\n", Err("1:5: expected a tile number 0-8, found `x`"));
        check_a("1 0 -3\n4 2 5\n7 8 6\n", Err("1:5: expected a tile number 0-8, found `-3`"));
        check_a("1 0 3\n4 9 5\n7 8 6\n", Err("2:3: tile 9 is out of range 0..8"));
        check_a("1 0 3\n4 2 5\n7 3 6\n", Err("3:3: tile 3 appears twice"));
        check_a("1 0 3\n4 2 5\n7 0 6\n", Err("3:3: a second blank"));
        check_a("1 8 3\n4 2 5\n7 8 6\n", Err("1:1: the board has no blank"));
        check_a("99999999999 0 3\n4 2 5\n7 8 6\n", Err("1:1: expected a tile number 0-8, found `99999999999`"));
    }

    fn check_b(text: &str, expected: &[Result<&str, &str>], expected_batch: Option<&str>) {
        let input = parse_judge_b(text).unwrap();
        let got: Vec<Result<String, String>> =
            input.boards.iter().map(|b| b.as_ref().map(|b| b.to_string()).map_err(|e| e.to_string())).collect();
        let got: Vec<Result<&str, &str>> =
            got.iter().map(|r| r.as_ref().map(String::as_str).map_err(String::as_str)).collect();
        assert_eq!(got, expected, "{text:?}");
        assert_eq!(input.batch_error.map(|e| e.to_string()).as_deref(), expected_batch);
    }

    #[test]
    fn judge_b() {
        check_b(
            "2\n\n1#3\n425\n786\n\n123\n456\n78#\n",
            &[Ok("1 _ 3 / 4 2 5 / 7 8 6"), Ok("1 2 3 / 4 5 6 / 7 8 _")],
            None,
        );
        check_b("1\n1 # 3\n4 2 5\n7 8 6\n", &[Ok("1 _ 3 / 4 2 5 / 7 8 6")], None);
        check_b("0\n", &[], None);
        check_b(
            "3\n1#3\n425\n786\n1#3\n4x5\n786\n123\n456\n78#\n",
            &[
                Ok("1 _ 3 / 4 2 5 / 7 8 6"),
                Err("6:2: expected a digit 1-8 or `#`, found `x`"),
                Ok("1 2 3 / 4 5 6 / 7 8 _"),
            ],
            None,
        );
        check_b("1\n1#34\n425\n786\n", &[Err("2:4: expected 3 cells in a row, found 4")], None);
        check_b("1\n1#\n425\n786\n", &[Err("2:3: expected 3 cells in a row, found 2")], None);
        check_b("1\n1#3\n425\n781\n", &[Err("4:3: tile 1 appears twice")], None);
        check_b("1\n1#3\n425\n78#\n", &[Err("4:3: a second blank")], None);
        check_b("1\n123\n456\n781\n", &[Err("2:1: the board has no blank")], None);
        check_b(
            "2\n1#3\n425\n786\n",
            &[Ok("1 _ 3 / 4 2 5 / 7 8 6")],
            Some("5:1: expected 2 boards (T) but the input ends after 1"),
        );
        check_b("2\n1#3\n425\n786\n123\n", &[Ok("1 _ 3 / 4 2 5 / 7 8 6"), Err("6:1: expected 3 rows, found 1")], None);
        check_b(
            "1\n1#3\n425\n786\n123\n456\n78#\n",
            &[Ok("1 _ 3 / 4 2 5 / 7 8 6")],
            Some("5:1: unexpected input after the last board (T = 1)"),
        );
    }

    #[test]
    fn judge_b_without_a_count() {
        assert_eq!(parse_judge_b("").unwrap_err().to_string(), "1:1: empty input: expected a board");
        assert_eq!(parse_judge_b("x\n").unwrap_err().to_string(), "1:1: expected the number of boards T, found `x`");
        assert_eq!(parse_judge_b("-1\n").unwrap_err().to_string(), "1:1: expected the number of boards T, found `-1`");
    }

    #[test]
    fn detection() {
        assert_eq!(detect_format("1 0 3\n4 2 5\n7 8 6\n"), Format::JudgeA);
        assert_eq!(detect_format("\n2\n1#3\n"), Format::JudgeB);
        assert_eq!(detect_format(""), Format::JudgeA);
    }
}
