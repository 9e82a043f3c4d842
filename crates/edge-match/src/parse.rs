//! Reading puzzles and placed pieces, each format into the one model: the marks format
//! ([`parse_puzzle`], this file; its sides are [`Mark`]s), the numeric `.puz` format
//! ([`parse_puz`]; [`detect_edge_format`] tells the two apart), and the `.sol` placements
//! ([`parse_sol`], [`clue_cells`], and [`write_sol`] the other way), each with its error type.
//!
//! The marks format: one piece per line, four marks in north, west, south, east order.
//!
//! ```text
//! # the first piece of the first example
//! A* B* B/ C*
//! ```
//!
//! Blank lines and lines whose first character (after spaces) is `#` are skipped. Pieces are
//! numbered from 0 in the order they appear.
//!
//! The puzzle is read into the one model ([`Puzzle`]): every mark that occurs, and its
//! complement, gets a code, numbered densely in mark order (`A+ A- A/ A* B+ …`); a code's
//! partner is its complement's code; the sides go from the format's order (north, west, south,
//! east) to the model's (north, east, south, west); the border is free; and the marks stay on
//! as the codes' labels ([`Puzzle::marks`]). Rotations are counter-clockwise quarter turns in
//! both.

use std::collections::BTreeMap;

use puzzle_core::text::excerpt;
use puzzle_core::text::{lines, Pos};

pub use crate::mark::{Half, Mark, MarkError};
use crate::model::{Puzzle, PuzzleError, PuzzleSpec};
pub use crate::puz::{detect_edge_format, parse_puz, EdgeFormat, PuzError, PuzErrorKind, PuzOptions};
pub use crate::sol::{clue_cells, parse_sol, write_sol, SolError, SolErrorKind, SolLine};

/// What the marks format itself does not say: the board's size and whether pieces may turn.
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
///
/// // Two pieces make no square board, so the size must be given: one row, two columns.
/// let text = "B+ C+ D+ A+\nE+ A- F+ G+\n";
/// let options = ParseOptions { size: Some((1, 2)), rotate: false };
/// let puzzle = parse_puzzle(text, &options).unwrap();
/// assert_eq!((puzzle.rows(), puzzle.cols(), puzzle.rotate()), (1, 2, false));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseOptions {
    /// Rows and columns of the board; `None` means a square board of `√pieces` on a side.
    pub size: Option<(usize, usize)>,
    /// Whether pieces may be turned.
    pub rotate: bool,
}

impl Default for ParseOptions {
    /// A square board with rotations allowed.
    fn default() -> ParseOptions {
        ParseOptions { size: None, rotate: true }
    }
}

/// Input that is not a puzzle in the marks format, and where.
///
/// ```
/// use edge_match::parse::{ParseErrorKind, ParseOptions, parse_puzzle};
///
/// // The second piece has three marks; the error points at its line.
/// let err = parse_puzzle("A+ B+ C+ D+\nA- B- C-\n", &ParseOptions::default()).unwrap_err();
/// assert_eq!(err.pos.line, 2);
/// assert_eq!(err.kind, ParseErrorKind::MarkCount { found: 3 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: {kind}")]
pub struct ParseError {
    /// Where the problem is: the offending token, or the last piece's line for a piece count
    /// that does not fit the board (line 1 when there are no pieces).
    pub pos: Pos,
    /// What the problem is.
    pub kind: ParseErrorKind,
}

/// What is wrong with marks-format input.
///
/// ```
/// use edge_match::parse::{ParseErrorKind, ParseOptions, parse_puzzle};
///
/// // Three pieces cannot fill a square board.
/// let text = "A+ A+ A+ A+\nA+ A+ A+ A+\nA+ A+ A+ A+\n";
/// let err = parse_puzzle(text, &ParseOptions::default()).unwrap_err();
/// assert_eq!(err.kind, ParseErrorKind::NotSquare { pieces: 3 });
/// assert_eq!(err.kind.to_string(), "3 pieces cannot fill a square board");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// Nothing but blank lines and comments.
    #[error("no pieces: expected one line of four marks (north west south east) per piece")]
    NoPieces,
    /// A token that is not a letter and a half.
    #[error("bad mark `{token}`: {reason}")]
    BadMark {
        /// The token as written.
        token: String,
        /// Why it is not a mark.
        reason: MarkError,
    },
    /// A line with fewer or more than four marks.
    #[error("a piece has four marks (north west south east), found {found}")]
    MarkCount {
        /// How many tokens the line has.
        found: usize,
    },
    /// No size was given and the number of pieces is not a perfect square.
    #[error("{pieces} pieces cannot fill a square board")]
    NotSquare {
        /// How many pieces there are.
        pieces: usize,
    },
    /// The board has no rows or no columns.
    #[error("a board needs at least one row and one column")]
    EmptyBoard,
    /// The pieces do not fill the board exactly.
    #[error("a {rows}x{cols} board needs {} pieces, found {pieces}", *rows as u128 * *cols as u128)]
    WrongPieceCount {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// Pieces given.
        pieces: usize,
    },
    /// More pieces than the engine indexes.
    #[error("too many pieces: {pieces}, at most {max}")]
    TooManyPieces {
        /// Pieces given.
        pieces: usize,
        /// The most a puzzle may have, [`Puzzle::MAX_CELLS`].
        max: usize,
    },
    /// The model refused the puzzle (no valid marks puzzle makes this happen).
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
}

/// Reads marks-format `text` into a valid puzzle of the one model.
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
///
/// // Four pieces, so a 2x2 board; a comment line and a blank line are skipped.
/// let text = "# four pieces\nA+ B+ C+ D+\n\nA- B- C- D-\nA/ B/ C/ D/\nA* B* C* D*\n";
/// let puzzle = parse_puzzle(text, &ParseOptions::default()).unwrap();
/// assert_eq!((puzzle.rows(), puzzle.cols()), (2, 2));
/// assert_eq!(puzzle.pieces().len(), 4);
/// ```
pub fn parse_puzzle(text: &str, options: &ParseOptions) -> Result<Puzzle, ParseError> {
    let (rows, cols, pieces, last_piece) = parse_pieces(text, options)?;
    let fail = |kind| ParseError { pos: last_piece, kind };
    if rows == 0 || cols == 0 {
        return Err(fail(ParseErrorKind::EmptyBoard));
    }
    if pieces.len() > Puzzle::MAX_CELLS {
        return Err(fail(ParseErrorKind::TooManyPieces { pieces: pieces.len(), max: Puzzle::MAX_CELLS }));
    }
    if rows.checked_mul(cols) != Some(pieces.len()) {
        return Err(fail(ParseErrorKind::WrongPieceCount { rows, cols, pieces: pieces.len() }));
    }
    model(rows, cols, &pieces, options.rotate).map_err(|err| fail(err.into()))
}

/// Piece `piece` of a puzzle read from the marks format, as its line in that format (marks
/// north, west, south, east, e.g. `A* B* B/ C*`); `None` for a colour puzzle or a piece it does
/// not have.
#[cfg(test)]
pub(crate) fn piece_line(puzzle: &Puzzle, piece: usize) -> Option<String> {
    let marks = puzzle.marks()?;
    let [north, east, south, west] = puzzle.pieces().get(piece)?.map(|code| marks[usize::from(code)]);
    Some(format!("{north} {west} {south} {east}"))
}

/// The model of marks pieces (sides north, west, south, east): dense codes over the marks that
/// occur and their complements, in mark order, partners from the complements, sides reordered
/// to north, east, south, west, no frame, the marks as labels.
fn model(rows: usize, cols: usize, pieces: &[[Mark; 4]], rotate: bool) -> Result<Puzzle, PuzzleError> {
    let mut code: BTreeMap<Mark, u16> = BTreeMap::new();
    for &mark in pieces.iter().flatten() {
        code.insert(mark, 0);
        code.insert(mark.complement(), 0);
    }
    for (next, value) in code.values_mut().enumerate() {
        // At most Mark::N_CODES (104) codes.
        *value = next as u16;
    }
    let partner: Vec<u16> = code.keys().map(|mark| code[&mark.complement()]).collect();
    let labels: Vec<Mark> = code.keys().copied().collect();
    let pieces =
        pieces.iter().map(|&[north, west, south, east]| [north, east, south, west].map(|m| code[&m])).collect();
    let spec = PuzzleSpec { rows, cols, pieces, framed: false, rotate };
    Puzzle::try_from(spec)?.with_partners(partner)?.with_marks(labels)
}

/// What [`parse_pieces`] read: rows, columns, the pieces and where the last one's line starts.
type Read = (usize, usize, Vec<[Mark; 4]>, Pos);

/// Parses the pieces (sides north, west, south, east) and the board's size, and returns where
/// the last piece's line starts, the place to blame when their number is wrong.
fn parse_pieces(text: &str, options: &ParseOptions) -> Result<Read, ParseError> {
    let mut pieces = Vec::new();
    let mut last_piece = Pos::new(1, 1);
    for line in lines(text) {
        let first = line.first_non_blank();
        if line.is_blank() || line.text.trim_start().starts_with('#') {
            continue;
        }
        last_piece = first;
        let mut sides = Vec::with_capacity(4);
        for token in line.tokens() {
            if sides.len() == 4 {
                return Err(ParseError {
                    pos: token.pos,
                    kind: ParseErrorKind::MarkCount { found: line.tokens().count() },
                });
            }
            let mark = token.text.parse::<Mark>().map_err(|reason| ParseError {
                pos: token.pos,
                kind: ParseErrorKind::BadMark { token: excerpt(token.text), reason },
            })?;
            sides.push(mark);
        }
        let Ok(sides) = <[Mark; 4]>::try_from(sides.as_slice()) else {
            return Err(ParseError { pos: line.end(), kind: ParseErrorKind::MarkCount { found: sides.len() } });
        };
        pieces.push(sides);
    }
    if pieces.is_empty() {
        return Err(ParseError { pos: Pos::new(1, 1), kind: ParseErrorKind::NoPieces });
    }
    let (rows, cols) = match options.size {
        Some(size) => size,
        None => {
            let side = square_side(pieces.len())
                .ok_or(ParseError { pos: last_piece, kind: ParseErrorKind::NotSquare { pieces: pieces.len() } })?;
            (side, side)
        }
    };
    Ok((rows, cols, pieces, last_piece))
}

/// The whole square root of `n`, if `n` is a perfect square.
fn square_side(n: usize) -> Option<usize> {
    // Counting up is plenty: the side of any board worth solving is tiny.
    (1..).take_while(|side: &usize| side.saturating_mul(*side) <= n).find(|side| side * side == n)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "A* B* B/ C*\nB/ A* C/ C*\nC* A/ B/ B*\nA* C* B/ B*\nD+ C/ A* B/\n\
                           D+ A/ C/ D-\nD- A* A/ C/\nA* B/ C* D-\nD+ A/ A* B*\n";

    /// Parses `input` with `size`, giving the board's size and first piece, or the error as
    /// `(line, col, message)`.
    fn check(input: &str, size: Option<(usize, usize)>, expected: Result<(usize, usize, &str), (usize, usize, &str)>) {
        let options = ParseOptions { size, rotate: true };
        let got = match parse_puzzle(input, &options) {
            Ok(puzzle) => Ok((puzzle.rows(), puzzle.cols(), piece_line(&puzzle, 0).unwrap())),
            Err(err) => Err((err.pos.line, err.pos.col, err.kind.to_string())),
        };
        let expected = expected.map(|(r, c, first)| (r, c, first.to_owned())).map_err(|(l, c, m)| (l, c, m.to_owned()));
        assert_eq!(got, expected, "{input:?}");
    }

    #[test]
    fn good_input() {
        check(EXAMPLE, None, Ok((3, 3, "A* B* B/ C*")));
        check("# comment\n\n  A+ B+ C+ D+  \r\n", None, Ok((1, 1, "A+ B+ C+ D+")));
        check("\u{feff}A+\tB+ C+ D+\n   # indented comment\n", None, Ok((1, 1, "A+ B+ C+ D+")));
        check(&"A+ B- C/ D*\n".repeat(6), Some((2, 3)), Ok((2, 3, "A+ B- C/ D*")));
        check(&"A+ B- C/ D*\n".repeat(6), Some((3, 2)), Ok((3, 2, "A+ B- C/ D*")));
        check(&"A+ B- C/ D*\n".repeat(4), Some((1, 4)), Ok((1, 4, "A+ B- C/ D*")));
    }

    #[test]
    fn bad_marks_point_at_the_token() {
        let bad = |token: &str, reason: &str| format!("bad mark `{token}`: {reason}");
        let halves = "(+ top, - bottom, / left, * right)";
        check("A+ a* C+ D+", None, Err((1, 4, &bad("a*", "a mark starts with a picture letter A-Z"))));
        check("\nA+ B+ A C+", None, Err((2, 7, &bad("A", &format!("the letter needs a half after it {halves}")))));
        check("A# B+ C+ D+", None, Err((1, 1, &bad("A#", &format!("`#` is not a half {halves}")))));
        check("A+ B+ C+  AB+", None, Err((1, 11, &bad("AB+", &format!("`B` is not a half {halves}")))));
        check("A+ B+ C+ A++", None, Err((1, 10, &bad("A++", "a mark is one letter and one half, like `A*`"))));
        check("A+ B+ C+ D+ # trailing", None, Err((1, 13, "a piece has four marks (north west south east), found 6")));
    }

    #[test]
    fn wrong_number_of_marks() {
        let found = |n: usize| format!("a piece has four marks (north west south east), found {n}");
        check("A+ B+ C+", None, Err((1, 9, &found(3))));
        check("A+ B+ C+ D+\nA+\n", None, Err((2, 3, &found(1))));
        check("A+ B+ C+ D+ A+", None, Err((1, 13, &found(5))));
    }

    #[test]
    fn piece_counts_that_do_not_fit() {
        let no_pieces = "no pieces: expected one line of four marks (north west south east) per piece";
        check("", None, Err((1, 1, no_pieces)));
        check("\n# only a comment\n\n", None, Err((1, 1, no_pieces)));
        check(&"A+ B- C/ D*\n".repeat(8), None, Err((8, 1, "8 pieces cannot fill a square board")));
        check("A+ B- C/ D*\n  A+ B- C/ D*\n\n", None, Err((2, 3, "2 pieces cannot fill a square board")));
        check(&"A+ B- C/ D*\n".repeat(5), Some((2, 3)), Err((5, 1, "a 2x3 board needs 6 pieces, found 5")));
        check(&"A+ B- C/ D*\n".repeat(9), Some((2, 3)), Err((9, 1, "a 2x3 board needs 6 pieces, found 9")));
        check("A+ B- C/ D*\n", Some((0, 1)), Err((1, 1, "a board needs at least one row and one column")));
    }

    #[test]
    fn options_reach_the_puzzle() {
        let options = ParseOptions { size: Some((1, 2)), rotate: false };
        let puzzle = parse_puzzle("A+ B- C/ D*\nD/ C- B+ A+\n", &options).unwrap();
        assert_eq!((puzzle.rows(), puzzle.cols(), puzzle.rotate(), puzzle.framed()), (1, 2, false, false));
        assert_eq!(ParseOptions::default(), ParseOptions { size: None, rotate: true });
    }

    #[test]
    fn marks_become_codes_with_complements_as_partners() {
        let puzzle = parse_puzzle("A+ B- C/ D*\n", &ParseOptions::default()).unwrap();
        let marks = puzzle.marks().unwrap();
        // Every mark and its complement, in mark order.
        let names: Vec<String> = marks.iter().map(Mark::to_string).collect();
        assert_eq!(names, ["A+", "A-", "B+", "B-", "C/", "C*", "D/", "D*"]);
        for code in 0..marks.len() as u16 {
            assert!(marks[usize::from(code)].fits(marks[usize::from(puzzle.partner(code))]));
        }
        // Sides north, east, south, west: A+, D*, C/, B-.
        assert_eq!(puzzle.pieces()[0], [0, 7, 4, 3]);
        assert_eq!(piece_line(&puzzle, 0).unwrap(), "A+ B- C/ D*");
    }

    #[test]
    fn square_sides() {
        let got: Vec<Option<usize>> = (0..10).map(square_side).collect();
        assert_eq!(got, [None, Some(1), None, None, Some(2), None, None, None, None, Some(3)]);
    }

    #[test]
    fn piece_line_reads_back_as_written() {
        let puzzle = parse_puzzle("A* B* B/ C*\n", &ParseOptions::default()).unwrap();
        // The line reads back as written, whatever order the model keeps the sides in.
        assert_eq!(piece_line(&puzzle, 0).as_deref(), Some("A* B* B/ C*"));
        assert_eq!(piece_line(&puzzle, 1), None);
    }
}
