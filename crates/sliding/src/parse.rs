//! The input formats of sliding boards, read with positions for every error.
//!
//! - Judge A (BOJ 1525): three rows of three whitespace-separated integers `0..=8`, `0` the blank.
//! - Judge B (BOJ 11112): a count `T`, then `T` boards of three rows of three characters from
//!   `1`-`8` and `#` (the blank), blank lines allowed between boards.
//! - Grid ([`parse_grid`]): boards of any R×C as rows of whitespace-separated tiles, boards
//!   separated by blank lines; `0`, `_` and `#` are the blank.
//! - Lines ([`parse_lines`]): one board of a size given by the caller per line, its tiles the
//!   line's last R·C tokens and the tokens before them a label; `#` lines are comments.

use puzzle_core::text::{excerpt, lines, Line, Pos, Token};
use thiserror::Error;

use crate::board::{Board, BoardSpec};

mod grid;
mod lines;

pub use crate::board::{BoardError, BLANK, MAX_BOARD_CELLS};
pub use grid::{parse_goal, parse_grid};
pub use lines::{parse_line, parse_lines};

const SIDE: usize = 3;

/// The input formats.
///
/// ```
/// use sliding::parse::{detect_format, Format};
///
/// assert_eq!(detect_format("1 2 3\n4 5 6\n7 8 0\n"), Format::JudgeA);
/// assert_eq!(detect_format("1\n123\n456\n78#\n"), Format::JudgeB);
/// assert_eq!(detect_format("1 2\n3 0\n"), Format::Grid);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// BOJ 1525: one board of integers, `0` the blank.
    JudgeA,
    /// BOJ 11112: a count, then boards of characters, `#` the blank.
    JudgeB,
    /// Boards of any R×C as rows of tiles, separated by blank lines (see [`parse_grid`]).
    Grid,
    /// One board of a size given by the caller per line, after an optional label (see
    /// [`parse_lines`]); never detected.
    Lines,
}

/// One board of a batch input, with its label, or the error that refused it.
///
/// ```
/// use sliding::parse::parse_lines;
///
/// let batch = parse_lines("first 1 2 3 0\n", 2, 2)?;
/// let entry = &batch.entries[0];
/// assert_eq!(entry.label.as_deref(), Some("first"));
/// assert_eq!(entry.board.as_ref().map(|board| board.tiles()), Ok(&[1, 2, 3, 0][..]));
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The words before the tiles joined by single spaces, when there are any.
    pub label: Option<String>,
    /// The board, or why it was refused.
    pub board: Result<Board, ParseError>,
}

/// A batch input: entries in input order.
///
/// ```
/// use sliding::parse::parse_grid;
///
/// // The second board has tile 3 twice; it keeps its place between the other two.
/// let batch = parse_grid("1 2\n3 0\n\n3 3\n1 0\n\n0 1\n2 3\n")?;
/// let good: Vec<bool> = batch.entries.iter().map(|entry| entry.board.is_ok()).collect();
/// assert_eq!(good, [true, false, true]);
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    /// One entry per board found, in input order; a bad board is an `Err` in its place.
    pub entries: Vec<Entry>,
}

/// A parse error at a position in the input.
///
/// ```
/// use puzzle_core::text::Pos;
/// use sliding::parse::{parse_judge_a, ParseErrorKind};
///
/// // The `x` is on line 2, column 3.
/// let error = parse_judge_a("1 2 3\n4 x 5\n6 7 0\n").unwrap_err();
/// assert_eq!(error.pos, Pos::new(2, 3));
/// assert_eq!(error.kind, ParseErrorKind::NotATile("x".to_owned()));
/// assert_eq!(error.to_string(), "2:3: expected a tile number 0-8, found `x`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{pos}: {kind}")]
pub struct ParseError {
    /// Where the problem is.
    pub pos: Pos,
    /// What the problem is.
    pub kind: ParseErrorKind,
}

/// What is wrong with the input; messages are lowercase without a trailing period.
///
/// ```
/// use sliding::parse::{parse_judge_a, ParseErrorKind};
///
/// // A judge-A board has three rows; this one stops after two.
/// let error = parse_judge_a("1 2 3\n4 5 6\n").unwrap_err();
/// assert_eq!(error.kind, ParseErrorKind::Rows { expected: 3, found: 2 });
/// assert_eq!(error.kind.to_string(), "expected 3 rows, found 2");
/// ```
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
    /// A token that should be a tile of a grid or lines board is not one.
    #[error("expected a tile number 0-{max} or `_`, found `{found}`")]
    NotATileUpTo {
        /// The largest tile of the board (its number of cells minus one).
        max: usize,
        /// The token found.
        found: String,
    },
    /// A lines-format line with fewer tokens than the board has cells.
    #[error("expected {expected} tiles for a {rows}x{cols} board, found {found}")]
    TilesInLine {
        /// Tiles a board must have: `rows * cols`.
        expected: usize,
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// Tokens found on the line.
        found: usize,
    },
    /// A lines-format line that is a whole board of another size: its tokens are the tiles
    /// `0..found` each once, and its last `expected` are not a board, so no part of it is a label.
    #[error(
        "the line is a whole board of {found} tiles, not a label and the {expected} tiles of a {rows}x{cols} board: \
         is the size right?"
    )]
    LineOfOtherSize {
        /// Tiles a board must have: `rows * cols`.
        expected: usize,
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// Tiles on the line.
        found: usize,
    },
    /// A goal input with more than one board.
    #[error("expected one goal board, found a second one")]
    SecondGoal,
}

/// The format of `text`: a first non-blank line of a single token (the count `T`) means judge B,
/// unless the lines after it are single tiles not all three characters long (a grid of one
/// column, `1` `2` `0`, which judge B's rows of three cells such as `1#3` never are);
/// exactly three non-blank lines of three numbers each, with no blank line between them, mean
/// judge A; anything else, and an empty input, is a grid (so a board of three columns and more
/// or fewer than three rows is a grid). [`Format::Lines`] is never detected, as it needs a size.
///
/// ```
/// use sliding::parse::{detect_format, Format};
///
/// // Three rows of three numbers: judge A; four rows of three: a 4x3 grid.
/// assert_eq!(detect_format("0 1 2\n3 4 5\n6 7 8\n"), Format::JudgeA);
/// assert_eq!(detect_format("0 1 2\n3 4 5\n6 7 8\n9 10 11\n"), Format::Grid);
/// assert_eq!(detect_format(""), Format::Grid);
/// // A count and judge-B rows; a column of single tiles.
/// assert_eq!(detect_format("1\n123\n456\n78#\n"), Format::JudgeB);
/// assert_eq!(detect_format("1\n2\n0\n"), Format::Grid);
/// ```
pub fn detect_format(text: &str) -> Format {
    crate::count(crate::Step::FormatDetection);
    let mut rows = lines(text).filter(|line| !line.is_blank());
    match rows.next().map(|line| line.tokens().count()) {
        Some(1) if !is_column(rows.take(DETECT_LINES - 1)) => Format::JudgeB,
        Some(1) => Format::Grid,
        Some(SIDE) if is_judge_a(text) => Format::JudgeA,
        _ => Format::Grid,
    }
}

/// The non-blank lines [`detect_format`] looks at: the first, and three more to tell a judge-B
/// board (three rows of three cells, one of them `#`) from a grid of one column.
pub const DETECT_LINES: usize = 4;

/// Whether `rows` (the lines after a first line of one token) go on with a grid of one column: at
/// least one row, each a single tile (digits, `_` or `#`), not all three characters long as the
/// rows of a judge-B board are.
fn is_column<'a>(rows: impl Iterator<Item = Line<'a>>) -> bool {
    let mut n_rows = 0;
    let mut all_three_long = true;
    for row in rows {
        let mut tokens = row.tokens();
        let (Some(token), None) = (tokens.next(), tokens.next()) else { return false };
        let tile = matches!(token.text, "_" | "#") || token.text.bytes().all(|b| b.is_ascii_digit());
        if !tile {
            return false;
        }
        n_rows += 1;
        all_three_long &= token.text.len() == SIDE;
    }
    n_rows > 0 && !all_three_long
}

/// Whether `text` is one block of exactly three non-blank lines of three numbers each.
fn is_judge_a(text: &str) -> bool {
    // At most one line and one token past a judge-A board are looked at, so a long input costs
    // nothing here.
    let rows: Vec<Line<'_>> = lines(text).filter(|line| !line.is_blank()).take(SIDE + 1).collect();
    rows.len() == SIDE
        && rows.windows(2).all(|pair| pair[1].number == pair[0].number + 1)
        && rows.iter().all(|row| {
            let tokens: Vec<_> = row.tokens().take(SIDE + 1).collect();
            tokens.len() == SIDE && tokens.iter().all(|token| token.text.parse::<u32>().is_ok())
        })
}

/// Reads one judge-A board. Blank lines are ignored.
///
/// ```
/// use sliding::parse::parse_judge_a;
///
/// let board = parse_judge_a("1 2 3\n\n4 5 6\n7 8 0\n")?;
/// assert_eq!(board.tiles(), &[1, 2, 3, 4, 5, 6, 7, 8, 0]);
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
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
        // Counted, not collected: a row of millions of tokens takes no memory for them.
        let found = row.tokens().count();
        if found != SIDE {
            let pos = row.tokens().nth(SIDE).map_or_else(|| row.end(), |t| t.pos);
            return Err(ParseError { pos, kind: ParseErrorKind::ValuesInRow { expected: SIDE, found } });
        }
        for token in row.tokens() {
            let value = token
                .text
                .parse::<u32>()
                .map_err(|_| ParseError { pos: token.pos, kind: ParseErrorKind::NotATile(excerpt(token.text)) })?;
            positions.push(token.pos);
            tiles.push(value);
        }
    }
    if rows.len() < SIDE {
        let last = rows.last().unwrap_or(first);
        let kind = ParseErrorKind::Rows { expected: SIDE, found: rows.len() };
        return Err(ParseError { pos: Pos::new(last.number + 1, 1), kind });
    }
    to_board(BoardSpec { rows: SIDE, cols: SIDE, tiles }, &|cell| positions[cell], first.first_non_blank())
}

/// A judge-B input: the boards in order, each read or refused on its own, so one bad board does
/// not lose the others.
///
/// ```
/// use sliding::parse::parse_judge_b;
///
/// // Two boards announced, one given.
/// let input = parse_judge_b("2\n123\n456\n78#\n")?;
/// assert_eq!(input.boards.len(), 1);
/// assert_eq!(input.boards[0].as_ref().map(|board| board.tiles()), Ok(&[1, 2, 3, 4, 5, 6, 7, 8, 0][..]));
/// let batch_error = input.batch_error.map(|error| error.to_string());
/// assert_eq!(batch_error.as_deref(), Some("5:1: expected 2 boards (T) but the input ends after 1"));
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg(any(test, feature = "test-support"))]
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
///
/// ```
/// use sliding::parse::parse_judge_b;
///
/// // The first board has a `9`, which is not a cell; the second is read all the same.
/// let input = parse_judge_b("2\n123\n459\n78#\n\n#12\n345\n678\n")?;
/// assert!(input.boards[0].is_err());
/// assert_eq!(input.boards[1].as_ref().map(|board| board.tiles()), Ok(&[0, 1, 2, 3, 4, 5, 6, 7, 8][..]));
/// assert_eq!(input.batch_error, None);
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
#[cfg(any(test, feature = "test-support"))]
pub fn parse_judge_b(text: &str) -> Result<JudgeBInput, ParseError> {
    let mut reader = JudgeBReader::default();
    let mut boards = Vec::new();
    for line in lines(text) {
        if reader.is_done() {
            break;
        }
        boards.extend(reader.push(line)?);
    }
    let end = reader.finish()?;
    boards.extend(end.last_board);
    Ok(JudgeBInput { boards, batch_error: end.batch_error })
}

/// Reads judge-B input one line at a time, giving each board as soon as its last row is read,
/// so that a caller can answer a batch of any length without holding it (see [`parse_judge_b`]
/// for the whole text at once).
///
/// ```
/// use puzzle_core::text::lines;
/// use sliding::parse::JudgeBReader;
///
/// let mut reader = JudgeBReader::default();
/// let mut boards = Vec::new();
/// for line in lines("1\n#12\n345\n678\n") {
///     boards.extend(reader.push(line)?);
/// }
/// let end = reader.finish()?;
/// assert_eq!((boards.len(), end.last_board, end.batch_error), (1, None, None));
/// assert_eq!(boards[0].as_ref().map(|board| board.blank().0), Ok(0));
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct JudgeBReader {
    /// The count `T`, once read.
    count: Option<usize>,
    /// The rows of the board being read: line number and text.
    pending: Vec<(usize, String)>,
    /// Boards given so far.
    boards: usize,
    /// The number of the last non-blank line read.
    last_line: usize,
    /// Input found after the last board.
    extra: Option<ParseError>,
}

/// What is left when a judge-B input ends: the last board if its rows were cut short, and a
/// problem with the count.
///
/// ```
/// use puzzle_core::text::lines;
/// use sliding::parse::JudgeBReader;
///
/// // The input ends after two of the board's three rows.
/// let mut reader = JudgeBReader::default();
/// for line in lines("1\n#12\n345\n") {
///     assert_eq!(reader.push(line)?, None);
/// }
/// let end = reader.finish()?;
/// assert!(matches!(end.last_board, Some(Err(_))));
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeBEnd {
    /// A board with fewer than three rows at the end of the input (always an `Err`).
    pub last_board: Option<Result<Board, ParseError>>,
    /// The count disagrees with the boards, as in `JudgeBInput::batch_error`.
    pub batch_error: Option<ParseError>,
}

impl JudgeBReader {
    /// Reads the next line; a board whose last row this is comes back. Fails only when the
    /// first non-blank line is not a count.
    pub fn push(&mut self, line: Line<'_>) -> Result<Option<Result<Board, ParseError>>, ParseError> {
        if line.is_blank() || self.extra.is_some() {
            return Ok(None);
        }
        self.last_line = line.number;
        let Some(count) = self.count else {
            self.count = Some(parse_count(&line)?);
            return Ok(None);
        };
        if self.boards == count {
            let kind = ParseErrorKind::TooManyBoards { expected: count };
            self.extra = Some(ParseError { pos: line.start(), kind });
            return Ok(None);
        }
        self.pending.push((line.number, line.text.to_owned()));
        Ok((self.pending.len() == SIDE).then(|| self.take_board()))
    }

    /// Whether the rest of the input no longer matters: input was found after the last board.
    pub fn is_done(&self) -> bool {
        self.extra.is_some()
    }

    /// Ends the input. Fails when there was no count at all.
    pub fn finish(mut self) -> Result<JudgeBEnd, ParseError> {
        let Some(count) = self.count else {
            return Err(ParseError { pos: Pos::new(1, 1), kind: ParseErrorKind::Empty });
        };
        let last_board = (!self.pending.is_empty()).then(|| self.take_board());
        let batch_error = self.extra.or_else(|| {
            (self.boards < count).then(|| {
                let kind = ParseErrorKind::TooFewBoards { expected: count, found: self.boards };
                ParseError { pos: Pos::new(self.last_line + 1, 1), kind }
            })
        });
        Ok(JudgeBEnd { last_board, batch_error })
    }

    /// Reads the pending rows as one board.
    fn take_board(&mut self) -> Result<Board, ParseError> {
        let board = {
            let rows: Vec<Line<'_>> =
                self.pending.iter().map(|(number, text)| Line { number: *number, text }).collect();
            parse_judge_b_board(&rows)
        };
        self.pending.clear();
        self.boards += 1;
        board
    }
}

fn parse_count(line: &Line<'_>) -> Result<usize, ParseError> {
    let mut tokens = line.tokens();
    let token = tokens.next().ok_or(ParseError { pos: line.start(), kind: ParseErrorKind::Empty })?;
    if let Some(extra) = tokens.next() {
        return Err(ParseError { pos: extra.pos, kind: ParseErrorKind::NotACount(excerpt(line.text.trim())) });
    }
    token.text.parse().map_err(|_| ParseError { pos: token.pos, kind: ParseErrorKind::NotACount(excerpt(token.text)) })
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
        // Cells are single characters; whitespace between or around them is tolerated. They are
        // read as they come, the ones past the row's end only counted, so a long line takes no
        // memory for them.
        let (mut found, mut extra) = (0, None);
        for (pos, c) in row.chars().filter(|(_, c)| !c.is_whitespace()) {
            let value = match c {
                '#' => BLANK,
                '1'..='8' => u32::from(c) - u32::from('0'),
                _ => return Err(ParseError { pos, kind: ParseErrorKind::NotACell(c) }),
            };
            if found < SIDE {
                positions.push(pos);
                tiles.push(value);
            } else if found == SIDE {
                extra = Some(pos);
            }
            found += 1;
        }
        if found != SIDE {
            let pos = extra.unwrap_or_else(|| row.end());
            return Err(ParseError { pos, kind: ParseErrorKind::CellsInRow { expected: SIDE, found } });
        }
    }
    to_board(BoardSpec { rows: SIDE, cols: SIDE, tiles }, &|cell| positions[cell], rows[0].first_non_blank())
}

/// Reads a tile of the grid and lines formats on a board of `n_cells` cells: decimal digits, or
/// `_` or `#` for the blank. Signs are refused, and numbers beyond `u32` are not tiles either.
fn parse_tile(token: &Token<'_>, n_cells: usize) -> Result<u32, ParseError> {
    let value = match token.text {
        "_" | "#" => Some(BLANK),
        digits if digits.bytes().all(|b| b.is_ascii_digit()) => digits.parse().ok(),
        _ => None,
    };
    value.ok_or_else(|| {
        let kind = ParseErrorKind::NotATileUpTo { max: n_cells.saturating_sub(1), found: excerpt(token.text) };
        ParseError { pos: token.pos, kind }
    })
}

/// Validates the values read and places a board error on the token it concerns: `position`
/// gives the position of each tile of `spec` (found again when needed, rather than kept for every
/// tile), `board_start` that of the board's first token.
fn to_board(spec: BoardSpec, position: &dyn Fn(usize) -> Pos, board_start: Pos) -> Result<Board, ParseError> {
    Board::try_from(spec).map_err(|err| {
        let pos = match &err {
            BoardError::OutOfRange { cell, .. } | BoardError::Duplicate { cell, .. } => position(*cell),
            BoardError::TooSmall { .. }
            | BoardError::TooLarge { .. }
            | BoardError::WrongCount { .. }
            | BoardError::NoBlank => board_start,
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
        let cases = [
            ("1 0 3\n4 2 5\n7 8 6\n", Format::JudgeA),
            ("\n\n1 0 3\r\n4 2 5\r\n7 8 6\r\n\n", Format::JudgeA),
            ("1 0 3\n4 2 5\n7 8 6", Format::JudgeA),
            // Three columns but not three rows of three numbers: a grid of any shape.
            ("1 0 3\n4 2 5\n7 8 6\n1 1 1\n", Format::Grid),
            ("1 5 3\n6 11 9\n2 0 8\n4 7 10\n", Format::Grid),
            ("1 0 3\n4 2 5\n", Format::Grid),
            ("1 0 3\n4 2\n", Format::Grid),
            ("1 0 3\n4 2 5 6\n7 8\n", Format::Grid),
            ("1 _ 3\n4 2 5\n7 8 6\n", Format::Grid),
            ("\n2\n1#3\n", Format::JudgeB),
            ("2\n\n1#3\n425\n786\n\n123\n456\n78#\n", Format::JudgeB),
            ("x\n", Format::JudgeB),
            ("", Format::Grid),
            (" \n\n", Format::Grid),
            ("1 0 3\n4 2 5\n\n7 8 6\n", Format::Grid),
            ("1 2 3\n4 5 0\n\n1 2 3\n4 0 5\n", Format::Grid),
            ("1 2\n3 0\n", Format::Grid),
            ("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 _\n", Format::Grid),
            ("1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n", Format::Grid),
            // One tile per line: a grid of one column, not a count and judge-B rows.
            ("1\n2\n0\n", Format::Grid),
            ("\n3\n\n_\n10\n2\n", Format::Grid),
            ("1\n0\n", Format::Grid),
            ("1\n123\n456\n78#\n", Format::JudgeB),
            ("1\n123\n456\n781\n", Format::JudgeB),
            ("1\n12#\n", Format::JudgeB),
            ("1\n1 2 3\n", Format::JudgeB),
            ("3\n", Format::JudgeB),
        ];
        for (text, expected) in cases {
            assert_eq!(detect_format(text), expected, "{text:?}");
        }
    }
}
