//! The numeric `.puz` format of the public benchmark sets, and telling it apart from the marks
//! format.
//!
//! ```text
//! c a 2x1 board: two columns, one row
//! 2 1
//! 0 1 0 0
//! 0 0 0 1
//! ```
//!
//! The first line that is not blank and not a comment is the header `cols rows`; then come
//! exactly `cols * rows` pieces, one a line, four colours each in north, east, south, west order
//! (clockwise from north). Pieces are numbered from 0 in the order they appear. Lines whose first
//! character (after spaces) is `c` or `#` are comments; blank lines are skipped.

use puzzle_core::text::excerpt;
use puzzle_core::text::{lines, Line, Pos};

use crate::model::{Puzzle, PuzzleError, PuzzleSpec, FRAME};

/// What the `.puz` format itself does not say: whether colour 0 is the frame and whether pieces
/// may turn.
///
/// ```
/// use edge_match::parse::{PuzOptions, parse_puz};
///
/// let text = "2 1\n0 1 0 0\n0 0 0 1\n";
/// // Colour 0 occurs, so by default it is the frame; the options can say otherwise.
/// assert!(parse_puz(text, &PuzOptions::default()).unwrap().framed());
/// let puzzle = parse_puz(text, &PuzOptions { frame: Some(false), rotate: false }).unwrap();
/// assert!(!puzzle.framed() && !puzzle.rotate());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzOptions {
    /// Whether colour 0 is the frame; `None` decides by the pieces: framed exactly when some
    /// side shows colour 0.
    pub frame: Option<bool>,
    /// Whether pieces may be turned.
    pub rotate: bool,
}

impl Default for PuzOptions {
    /// The frame decided by the pieces, rotations allowed.
    fn default() -> PuzOptions {
        PuzOptions { frame: None, rotate: true }
    }
}

/// Input that is not a puzzle in the `.puz` format, and where.
///
/// ```
/// use edge_match::parse::{PuzErrorKind, PuzOptions, parse_puz};
///
/// // The second piece's colour `x` is not a number: the error points at line 3, column 5.
/// let err = parse_puz("2 1\n0 1 0 0\n0 0 x 1\n", &PuzOptions::default()).unwrap_err();
/// assert_eq!((err.pos.line, err.pos.col), (3, 5));
/// assert!(matches!(err.kind, PuzErrorKind::BadColour { .. }), "{err}");
/// assert!(err.to_string().starts_with("3:5: "), "{err}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: {kind}")]
pub struct PuzError {
    /// Where the problem is: the offending token, the first extra value or the end of a short
    /// line, the first extra piece, the end of the last piece when pieces are missing, or the
    /// header for a board the pieces cannot make (1:1 when there is no header at all).
    pub pos: Pos,
    /// What the problem is.
    pub kind: PuzErrorKind,
}

/// What is wrong with `.puz` input.
///
/// ```
/// use edge_match::parse::{PuzErrorKind, PuzOptions, parse_puz};
///
/// let err = parse_puz("c nothing but a comment\n", &PuzOptions::default()).unwrap_err();
/// assert_eq!(err.kind, PuzErrorKind::NoHeader);
/// let err = parse_puz("2 1 1\n", &PuzOptions::default()).unwrap_err();
/// assert_eq!(err.kind, PuzErrorKind::HeaderCount { found: 3 });
/// // The header asks for two pieces; one is given.
/// let err = parse_puz("2 1\n0 1 0 0\n", &PuzOptions::default()).unwrap_err();
/// assert!(matches!(err.kind, PuzErrorKind::TooFewPieces { .. }), "{err}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzErrorKind {
    /// Nothing but blank lines and comments.
    #[error("empty input: expected a header `cols rows` and then one piece per line")]
    NoHeader,
    /// The header line does not hold exactly two values.
    #[error("expected a header `cols rows`, found {found} values")]
    HeaderCount {
        /// How many tokens the header line has.
        found: usize,
    },
    /// A header value that is not a positive whole number.
    #[error("expected a positive number of columns or rows, found `{token}`")]
    BadSize {
        /// The token as written.
        token: String,
    },
    /// A piece line with fewer or more than four values.
    #[error("a piece has four colours (north east south west), found {found}")]
    ColourCount {
        /// How many tokens the line has.
        found: usize,
    },
    /// A side that is not a colour number.
    #[error("expected a colour 0-{max}, found `{token}`", max = Puzzle::MAX_COLOUR)]
    BadColour {
        /// The token as written.
        token: String,
    },
    /// The header asks for more cells than the engine indexes.
    #[error(
        "the header `{cols} {rows}` (cols rows) asks for {} cells, at most {max} are allowed",
        *cols as u128 * *rows as u128
    )]
    TooManyCells {
        /// Columns of the board.
        cols: usize,
        /// Rows of the board.
        rows: usize,
        /// The most cells allowed.
        max: usize,
    },
    /// The input ends before the board is full.
    #[error("the header `{cols} {rows}` (cols rows) asks for {}, found {found}", pieces(*expected))]
    TooFewPieces {
        /// Columns of the board.
        cols: usize,
        /// Rows of the board.
        rows: usize,
        /// Pieces the board needs.
        expected: usize,
        /// Pieces given.
        found: usize,
    },
    /// A piece line after the board is full.
    #[error("the header `{cols} {rows}` (cols rows) asks for {}, found more", pieces(*expected))]
    TooManyPieces {
        /// Columns of the board.
        cols: usize,
        /// Rows of the board.
        rows: usize,
        /// Pieces the board needs.
        expected: usize,
    },
    /// The pieces do not make a valid puzzle.
    #[error(transparent)]
    Colour(#[from] PuzzleError),
}

/// `n` pieces, in words.
fn pieces(n: usize) -> String {
    if n == 1 {
        "1 piece".to_owned()
    } else {
        format!("{n} pieces")
    }
}

/// Which format edge-matching input is in.
///
/// ```
/// use edge_match::parse::{EdgeFormat, detect_edge_format};
///
/// assert_eq!(detect_edge_format("c a comment\n2 1\n0 1 0 0\n0 0 0 1\n"), EdgeFormat::Puz);
/// assert_eq!(detect_edge_format("A* B* B/ C*\n"), EdgeFormat::Marks);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdgeFormat {
    /// The marks format: one piece per line, like `A* B* B/ C*` (see [`crate::parse::parse_puzzle`]).
    Marks,
    /// The numeric `.puz` format: a header `cols rows`, then one piece per line (see this module).
    Puz,
}

/// Guesses the format of `text`: [`EdgeFormat::Puz`] when the first line that is neither blank
/// nor a comment (`#` or `c` first) consists of exactly two integers, else [`EdgeFormat::Marks`].
///
/// A sign is allowed on the integers here so that a header like `3 -1` is read as a bad `.puz`
/// header rather than as bad marks.
///
/// ```
/// use edge_match::parse::{EdgeFormat, detect_edge_format};
///
/// // Two integers first: a `.puz` header, even a bad one.
/// assert_eq!(detect_edge_format("3 -1\n"), EdgeFormat::Puz);
/// // Anything else is read as marks (and refused there if it is not marks either).
/// assert_eq!(detect_edge_format("3 1 4\n"), EdgeFormat::Marks);
/// ```
pub fn detect_edge_format(text: &str) -> EdgeFormat {
    let is_integer = |token: &str| {
        let digits = token.strip_prefix(['+', '-']).unwrap_or(token);
        !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit())
    };
    match lines(text).find(|line| !is_skipped(line)) {
        Some(line) if line.tokens().count() == 2 && line.tokens().all(|token| is_integer(token.text)) => {
            EdgeFormat::Puz
        }
        _ => EdgeFormat::Marks,
    }
}

/// Whether `line` is blank or a comment, in either format's comment style.
fn is_skipped(line: &Line<'_>) -> bool {
    let text = line.text.trim_start();
    text.is_empty() || text.starts_with(['c', '#'])
}

/// Reads `.puz` text into a valid puzzle.
///
/// ```
/// use edge_match::parse::{PuzOptions, parse_puz};
///
/// // The header is `cols rows`: two columns, one row.
/// let puzzle = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// assert_eq!((puzzle.rows(), puzzle.cols()), (1, 2));
/// assert_eq!(puzzle.pieces(), &[[0, 1, 0, 0], [0, 0, 0, 1]]);
/// ```
pub fn parse_puz(text: &str, options: &PuzOptions) -> Result<Puzzle, PuzError> {
    let mut content = lines(text).filter(|line| !is_skipped(line));
    let header = content.next().ok_or(PuzError { pos: Pos::new(1, 1), kind: PuzErrorKind::NoHeader })?;
    let header_pos = header.first_non_blank();
    let [cols, rows] = read_values(&header, |found| PuzErrorKind::HeaderCount { found }, read_size)?;
    let expected = cols.saturating_mul(rows);
    if expected > Puzzle::MAX_CELLS {
        // Refused before reading the pieces, so that the message names the limit rather than
        // the pieces missing for an impossible board.
        let kind = PuzErrorKind::TooManyCells { cols, rows, max: Puzzle::MAX_CELLS };
        return Err(PuzError { pos: header_pos, kind });
    }
    let mut pieces = Vec::with_capacity(expected);
    let mut last_end = header.end();
    for line in content {
        if pieces.len() == expected {
            let kind = PuzErrorKind::TooManyPieces { cols, rows, expected };
            return Err(PuzError { pos: line.first_non_blank(), kind });
        }
        pieces.push(read_values(&line, |found| PuzErrorKind::ColourCount { found }, read_colour)?);
        last_end = line.end();
    }
    if pieces.len() < expected {
        let kind = PuzErrorKind::TooFewPieces { cols, rows, expected, found: pieces.len() };
        return Err(PuzError { pos: last_end, kind });
    }
    let framed = options.frame.unwrap_or_else(|| pieces.iter().flatten().any(|&colour| colour == FRAME));
    let spec = PuzzleSpec { rows, cols, pieces, framed, rotate: options.rotate };
    Puzzle::try_from(spec).map_err(|err| PuzError { pos: header_pos, kind: err.into() })
}

/// Reads exactly `N` values from `line` with `read`, blaming the offending token for a bad
/// value and the first extra token, or the end of a short line, for a wrong count.
fn read_values<T: Copy + Default, const N: usize>(
    line: &Line<'_>,
    count_error: impl Fn(usize) -> PuzErrorKind,
    read: impl Fn(&str) -> Result<T, PuzErrorKind>,
) -> Result<[T; N], PuzError> {
    let mut values = [T::default(); N];
    let mut found = 0;
    for token in line.tokens() {
        if found == N {
            return Err(PuzError { pos: token.pos, kind: count_error(line.tokens().count()) });
        }
        values[found] = read(token.text).map_err(|kind| PuzError { pos: token.pos, kind })?;
        found += 1;
    }
    if found < N {
        return Err(PuzError { pos: line.end(), kind: count_error(found) });
    }
    Ok(values)
}

/// A whole number written with digits only: no sign, no spaces.
fn read_number<T: std::str::FromStr>(token: &str) -> Option<T> {
    if token.bytes().all(|byte| byte.is_ascii_digit()) {
        token.parse().ok()
    } else {
        None
    }
}

/// A board size: a positive whole number.
fn read_size(token: &str) -> Result<usize, PuzErrorKind> {
    read_number(token).filter(|&size: &usize| size > 0).ok_or_else(|| PuzErrorKind::BadSize { token: excerpt(token) })
}

/// A colour: a whole number no larger than the engine's tables allow.
fn read_colour(token: &str) -> Result<u16, PuzErrorKind> {
    (read_number(token).filter(|&colour| colour <= Puzzle::MAX_COLOUR))
        .ok_or_else(|| PuzErrorKind::BadColour { token: excerpt(token) })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a puzzle reads as: rows, columns, pieces, framed; or the error as
    /// `(line, col, message)`.
    type Expected<'a> = Result<(usize, usize, Vec<[u16; 4]>, bool), (usize, usize, &'a str)>;

    fn check(input: &str, frame: Option<bool>, expected: Expected<'_>) {
        let got = match parse_puz(input, &PuzOptions { frame, rotate: true }) {
            Ok(puzzle) => Ok((puzzle.rows(), puzzle.cols(), puzzle.pieces().to_vec(), puzzle.framed())),
            Err(err) => Err((err.pos.line, err.pos.col, err.kind.to_string())),
        };
        let expected = expected.map_err(|(line, col, message)| (line, col, message.to_owned()));
        assert_eq!(got, expected, "{input:?}");
        if let Err(err) = parse_puz(input, &PuzOptions { frame, rotate: true }) {
            assert_eq!(err.to_string(), format!("{}:{}: {}", err.pos.line, err.pos.col, err.kind));
        }
    }

    #[test]
    fn good_input() {
        let two_by_one = vec![[0, 1, 0, 0], [0, 0, 0, 1]];
        check("2 1\n0 1 0 0\n0 0 0 1\n", None, Ok((1, 2, two_by_one.clone(), true)));
        check(
            "c comment\n\n  c indented\n# hash\n2 1\r\n0 1 0 0\r\n\n0 0 0 1",
            None,
            Ok((1, 2, two_by_one.clone(), true)),
        );
        check("\u{feff}2 1\n 0\t1 0  0 \nc between\n0 0 0 1\nc trailing\n\n", None, Ok((1, 2, two_by_one, true)));
        // Columns come first in the header.
        check("1 2\n1 2 3 4\n3 4 1 2\n", None, Ok((2, 1, vec![[1, 2, 3, 4], [3, 4, 1, 2]], false)));
        check("1 1\n0 0 0 0\n", Some(false), Ok((1, 1, vec![[0; 4]], false)));
        check("1 1\n5 5 5 1023\n", Some(true), Ok((1, 1, vec![[5, 5, 5, 1023]], true)));
        check("1 1\n007 5 5 5\n", None, Ok((1, 1, vec![[7, 5, 5, 5]], false)));
    }

    #[test]
    fn bad_numbers_point_at_the_token() {
        let size = |token: &str| format!("expected a positive number of columns or rows, found `{token}`");
        let colour = |token: &str| format!("expected a colour 0-1023, found `{token}`");
        check("x 1\n", None, Err((1, 1, &size("x"))));
        check("2 0\n", None, Err((1, 3, &size("0"))));
        check("2 -1\n", None, Err((1, 3, &size("-1"))));
        check("  +2 1\n", None, Err((1, 3, &size("+2"))));
        check("99999999999999999999999 1\n", None, Err((1, 1, &size("99999999999999999999999"))));
        check("1 1\n1 2 x 4\n", None, Err((2, 5, &colour("x"))));
        check("1 1\n1 2 3 -4\n", None, Err((2, 7, &colour("-4"))));
        check("1 1\n1 2 3 1.5\n", None, Err((2, 7, &colour("1.5"))));
        check("1 1\n1 2 3 1024\n", None, Err((2, 7, &colour("1024"))));
        check("1 1\n1 2 3 70000\n", None, Err((2, 7, &colour("70000"))));
    }

    #[test]
    fn wrong_number_of_values() {
        let header = |n: usize| format!("expected a header `cols rows`, found {n} values");
        let piece = |n: usize| format!("a piece has four colours (north east south west), found {n}");
        check("3\n", None, Err((1, 2, &header(1))));
        check("c no header\n1 2 3 4\n", None, Err((2, 5, &header(4))));
        check("1 1 1\n", None, Err((1, 5, &header(3))));
        check("1 1\n1 2 3\n", None, Err((2, 6, &piece(3))));
        check("1 1\n1 2 3 4 5 6\n", None, Err((2, 9, &piece(6))));
        check("1 1\n1 2 3 4 c\n", None, Err((2, 9, &piece(5))));
    }

    #[test]
    fn piece_counts_that_do_not_fit() {
        let empty = "empty input: expected a header `cols rows` and then one piece per line";
        check("", None, Err((1, 1, empty)));
        check("c only a comment\n\n", None, Err((1, 1, empty)));
        check("2 2\n", None, Err((1, 4, "the header `2 2` (cols rows) asks for 4 pieces, found 0")));
        check(
            "3 1\n1 1 1 1\n 1 1 1 1 \n\n",
            None,
            Err((3, 10, "the header `3 1` (cols rows) asks for 3 pieces, found 2")),
        );
        check(
            "1 1\n1 1 1 1\nc\n  1 1 1 1\n",
            None,
            Err((4, 3, "the header `1 1` (cols rows) asks for 1 piece, found more")),
        );
        let too_big = "the header `64 17` (cols rows) asks for 1088 cells, at most 1024 are allowed";
        check("c\n64 17\n", None, Err((2, 1, too_big)));
        let huge =
            "the header `99999999999 99999999999` (cols rows) asks for 9999999999800000000001 cells, at most 1024 \
                    are allowed";
        check("99999999999 99999999999\n", None, Err((1, 1, huge)));
    }

    #[test]
    fn options_are_kept() {
        let puzzle = parse_puz("1 1\n1 2 3 4\n", &PuzOptions { frame: None, rotate: false }).unwrap();
        assert!(!puzzle.rotate());
        assert_eq!(PuzOptions::default(), PuzOptions { frame: None, rotate: true });
    }

    #[test]
    fn detection() {
        let cases = [
            ("3 3\n0 0 1 1\n", EdgeFormat::Puz),
            ("c comment\n# comment\n\n  4 3\n", EdgeFormat::Puz),
            ("\u{feff}  1 2  \r\n", EdgeFormat::Puz),
            ("3 -1\n", EdgeFormat::Puz),
            ("A* B* B/ C*\n", EdgeFormat::Marks),
            ("# 3 3\nA+ B+ C+ D+\n", EdgeFormat::Marks),
            ("3\n", EdgeFormat::Marks),
            ("3 3 3\n", EdgeFormat::Marks),
            ("0 0 1 1\n", EdgeFormat::Marks),
            ("3 x\n", EdgeFormat::Marks),
            ("", EdgeFormat::Marks),
            ("c only comments\n", EdgeFormat::Marks),
        ];
        for (input, expected) in cases {
            assert_eq!(detect_edge_format(input), expected, "{input:?}");
        }
    }
}
