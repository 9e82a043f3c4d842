//! The grid format: boards of any R×C as rows of whitespace-separated tiles, separated by blank
//! lines, and the goal board read in the same format.

use puzzle_core::text::{lines, Line, Pos};

use super::{parse_tile, to_board, Batch, Entry, ParseError, ParseErrorKind};
use crate::board::{Board, BoardError, BoardSpec, MAX_BOARD_CELLS};

/// Reads a grid input: boards separated by one or more blank lines, each a block of rows of
/// whitespace-separated tiles (a non-negative integer, or `_` or `#`; `0`, `_` and `#` are the
/// blank).
///
/// A board has as many columns as its first row has tokens and as many rows as its block has
/// lines. Fails as a whole only when there is no board at all; a malformed board becomes an
/// `Err` entry in its place. Grid boards have no labels.
///
/// ```
/// use sliding::parse::parse_grid;
///
/// // A 2x3 board and a 3x2 board; `_` is the blank.
/// let batch = parse_grid("1 2 3\n4 5 _\n\n\n1 2\n3 4\n5 0\n")?;
/// let shapes: Result<Vec<(usize, usize)>, _> = batch
///     .entries
///     .iter()
///     .map(|entry| entry.board.as_ref().map(|board| (board.shape().rows(), board.shape().cols())))
///     .collect();
/// assert_eq!(shapes, Ok(vec![(2, 3), (3, 2)]));
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
pub fn parse_grid(text: &str) -> Result<Batch, ParseError> {
    let blocks = blocks(text);
    if blocks.is_empty() {
        return Err(ParseError { pos: Pos::new(1, 1), kind: ParseErrorKind::Empty });
    }
    let entries = blocks.iter().map(|rows| Entry { label: None, board: parse_board(rows) }).collect();
    Ok(Batch { entries })
}

/// Reads exactly one board in the grid format, such as a goal.
///
/// A problem with that board is reported first; a second board after it is an error at the
/// second board's first token.
///
/// ```
/// use puzzle_core::text::Pos;
/// use sliding::parse::{parse_goal, ParseErrorKind};
///
/// assert_eq!(parse_goal("_ 1\n2 3\n")?.tiles(), &[0, 1, 2, 3]);
/// // A second board starts on line 4.
/// let error = parse_goal("0 1\n2 3\n\n1 2\n3 0\n").unwrap_err();
/// assert_eq!((error.pos, error.kind), (Pos::new(4, 1), ParseErrorKind::SecondGoal));
/// # Ok::<(), sliding::parse::ParseError>(())
/// ```
pub fn parse_goal(text: &str) -> Result<Board, ParseError> {
    let blocks = blocks(text);
    let Some((first, rest)) = blocks.split_first() else {
        return Err(ParseError { pos: Pos::new(1, 1), kind: ParseErrorKind::Empty });
    };
    let board = parse_board(first)?;
    if let Some(second) = rest.first() {
        return Err(ParseError { pos: second[0].first_non_blank(), kind: ParseErrorKind::SecondGoal });
    }
    Ok(board)
}

/// The maximal runs of non-blank lines of `text`, each one board.
fn blocks(text: &str) -> Vec<Vec<Line<'_>>> {
    let mut blocks = Vec::new();
    let mut current = Vec::new();
    for line in lines(text) {
        if !line.is_blank() {
            current.push(line);
        } else if !current.is_empty() {
            blocks.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        blocks.push(current);
    }
    blocks
}

/// Reads one board from its non-empty block of non-blank rows.
///
/// The memory a board takes is its tiles': its shape is checked against [`MAX_BOARD_CELLS`]
/// before any tile is read, tokens are read as they come (those past a row's end only counted),
/// and a tile's position is found again when an error needs it.
fn parse_board(rows: &[Line<'_>]) -> Result<Board, ParseError> {
    let cols = rows[0].tokens().count();
    let board_start = rows[0].first_non_blank();
    if rows.len().checked_mul(cols).is_none_or(|cells| cells > MAX_BOARD_CELLS) {
        let kind = ParseErrorKind::Board(BoardError::TooLarge { rows: rows.len(), cols });
        return Err(ParseError { pos: board_start, kind });
    }
    // The shape is known before any tile is read, so a bad token can be told the range it missed.
    let n_cells = rows.len() * cols;
    let mut tiles = Vec::with_capacity(n_cells);
    // Errors are reported in reading order: the first thing wrong is the one named.
    for row in rows {
        let (mut found, mut extra) = (0, None);
        for token in row.tokens() {
            if found < cols {
                tiles.push(parse_tile(&token, n_cells)?);
            } else if found == cols {
                extra = Some(token.pos);
            }
            found += 1;
        }
        if found != cols {
            let pos = extra.unwrap_or_else(|| row.end());
            return Err(ParseError { pos, kind: ParseErrorKind::ValuesInRow { expected: cols, found } });
        }
    }
    let position = |cell: usize| rows[cell / cols].tokens().nth(cell % cols).map_or(board_start, |token| token.pos);
    to_board(BoardSpec { rows: rows.len(), cols, tiles }, &position, board_start)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Renders a board or an error as text, so expectations read like the input.
    fn render(board: &Result<Board, ParseError>) -> Result<String, String> {
        board.as_ref().map(|b| b.to_string()).map_err(|e| e.to_string())
    }

    fn check(text: &str, expected: Result<&[Result<&str, &str>], &str>) {
        let got: Result<Vec<Result<String, String>>, String> = parse_grid(text)
            .map(|batch| {
                assert!(batch.entries.iter().all(|entry| entry.label.is_none()), "{text:?}");
                batch.entries.iter().map(|entry| render(&entry.board)).collect()
            })
            .map_err(|e| e.to_string());
        let got: Result<Vec<Result<&str, &str>>, &str> = got
            .as_ref()
            .map(|entries| entries.iter().map(|r| r.as_ref().map(String::as_str).map_err(String::as_str)).collect())
            .map_err(String::as_str);
        assert_eq!(got.as_deref().map_err(|e| *e), expected, "{text:?}");
    }

    #[test]
    fn good_boards() {
        check("1 2 3\n4 5 0\n", Ok(&[Ok("1 2 3 / 4 5 _")]));
        check("1 2\n3 _\n4 5\n", Ok(&[Ok("1 2 / 3 _ / 4 5")]));
        check("# 1\n2 3\n", Ok(&[Ok("_ 1 / 2 3")]));
        check("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n", Ok(&[Ok("1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 _")]));
        check("\u{feff}  1  2\t3\r\n4 05 _ \r\n\r\n\r\n1 0\r\n3 2\r\n", Ok(&[Ok("1 2 3 / 4 5 _"), Ok("1 _ / 3 2")]));
        check("\n\n1 2\n3 0\n\n  \n\t\n0 1\n2 3\n\n", Ok(&[Ok("1 2 / 3 _"), Ok("_ 1 / 2 3")]));
        check("1 0 3\n4 2 5\n7 8 6\n", Ok(&[Ok("1 _ 3 / 4 2 5 / 7 8 6")]));
        check(
            "1 2 3\n4 _ 5\n\n 5  1  2  3\n 4  6 10  7\n 8  9 0  11\n12 13 14 15\n",
            Ok(&[Ok("1 2 3 / 4 _ 5"), Ok("5 1 2 3 / 4 6 10 7 / 8 9 _ 11 / 12 13 14 15")]),
        );
    }

    #[test]
    fn bad_boards_keep_their_place() {
        check(
            "1 2\n3 0\n\n1 2\n3 x\n\n0 1\n2 3\n",
            Ok(&[Ok("1 2 / 3 _"), Err("5:3: expected a tile number 0-3 or `_`, found `x`"), Ok("_ 1 / 2 3")]),
        );
        check("1 2 x\n3 4 0\n", Ok(&[Err("1:5: expected a tile number 0-5 or `_`, found `x`")]));
        check("1 2 -3\n4 5 0\n", Ok(&[Err("1:5: expected a tile number 0-5 or `_`, found `-3`")]));
        check("1 2 +3\n4 5 0\n", Ok(&[Err("1:5: expected a tile number 0-5 or `_`, found `+3`")]));
        check("1 2 __\n4 5 3\n", Ok(&[Err("1:5: expected a tile number 0-5 or `_`, found `__`")]));
        check("99999999999 0\n1 2\n", Ok(&[Err("1:1: expected a tile number 0-3 or `_`, found `99999999999`")]));
        check("1 2 3\n4 0\n", Ok(&[Err("2:4: expected 3 values in a row, found 2")]));
        check("1 2 3\n4 0 5 6\n", Ok(&[Err("2:7: expected 3 values in a row, found 4")]));
        check("1 2 3\n4 x\n", Ok(&[Err("2:3: expected a tile number 0-5 or `_`, found `x`")]));
        check("1 2 3\n4 0 9\n", Ok(&[Err("2:5: tile 9 is out of range 0..5")]));
        check("1 2 3\n4 _ 0\n", Ok(&[Err("2:5: a second blank")]));
        check("1 2 3\n4 0 3\n", Ok(&[Err("2:5: tile 3 appears twice")]));
        check("  1 2\n3 2\n", Ok(&[Err("1:3: the board has no blank")]));
        check(" 1 0 2\n", Ok(&[Err("1:2: a board needs at least 2 rows and 2 columns, found 1x3")]));
        check("0\n1\n", Ok(&[Err("1:1: a board needs at least 2 rows and 2 columns, found 2x1")]));
        // Past the largest board, named by its shape before its tiles are read.
        let wide = format!("{}\n", "1 ".repeat(524_289)).repeat(2);
        let message =
            "1:1: a 2x524289 board has 1048578 cells, more than the largest supported, 1048576 cells (1024x1024)";
        check(&format!("1 0\n2 3\n\n{wide}"), Ok(&[Ok("1 _ / 2 3"), Err(&message.replace("1:1", "4:1"))]));
        check(&wide, Ok(&[Err(message)]));
    }

    #[test]
    fn empty_input() {
        check("", Err("1:1: empty input: expected a board"));
        check("\u{feff}\r\n  \n\t\n", Err("1:1: empty input: expected a board"));
    }

    fn check_goal(text: &str, expected: Result<&str, &str>) {
        let got = render(&parse_goal(text));
        assert_eq!(got.as_deref().map_err(String::as_str), expected, "{text:?}");
    }

    #[test]
    fn goal() {
        check_goal("1 2 3\n4 5 _\n", Ok("1 2 3 / 4 5 _"));
        check_goal("\n\n0 1\r\n2 3\r\n\n", Ok("_ 1 / 2 3"));
        check_goal("", Err("1:1: empty input: expected a board"));
        check_goal("1 2\n3 0\n\n  1 2\n3 0\n", Err("4:3: expected one goal board, found a second one"));
        check_goal("1 2\n3 1\n\n1 2\n3 0\n", Err("1:1: the board has no blank"));
        check_goal("1 2\n3 y\n", Err("2:3: expected a tile number 0-3 or `_`, found `y`"));
    }
}
