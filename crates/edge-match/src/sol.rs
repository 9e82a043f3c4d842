//! The `.sol` and `.clue` formats: one placed piece a line, as `tile col row rot`.
//!
//! ```text
//! c the solution of a 2x1 board
//! 0 0 0 0
//! 1 1 0 0
//! ```
//!
//! `tile` is the piece's 0-based index in the `.puz` file, `(col, row)` its cell counted from 0
//! at the top-left, and `rot` the counter-clockwise quarter turns (0 to 3) applied to the piece
//! as listed. A `.sol` places every piece; a `.clue` is a partial `.sol` that fixes some pieces
//! before the search. Blank lines and lines whose first character (after spaces) is `c` or `#`
//! are skipped.

use std::fmt::Write as _;

use puzzle_core::text::excerpt;
use puzzle_core::text::{lines, Pos};

use crate::model::{Placement, Puzzle};

/// One line of a `.sol` or `.clue` file, read but not yet checked against a puzzle.
///
/// ```
/// use edge_match::parse::parse_sol;
///
/// let lines = parse_sol("c tile col row rot\n1 0 2 3\n").unwrap();
/// let line = lines[0];
/// assert_eq!((line.piece, line.col, line.row, line.rotation), (1, 0, 2, 3));
/// assert_eq!((line.pos.line, line.pos.col), (2, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SolLine {
    /// The piece's index in the puzzle, from 0.
    pub piece: usize,
    /// The cell's column, from 0 at the left.
    pub col: usize,
    /// The cell's row, from 0 at the top.
    pub row: usize,
    /// Counter-clockwise quarter turns, 0 to 3.
    pub rotation: u8,
    /// Where the line's first value is, so that [`clue_cells`] can point at a line it refuses.
    pub pos: Pos,
}

/// A `.sol` or `.clue` file that is wrong, or wrong for its puzzle, and where.
///
/// ```
/// use edge_match::parse::{SolErrorKind, parse_sol};
///
/// // Four quarter turns are written 0: a rotation is 0 to 3.
/// let err = parse_sol("0 0 0 0\n1 1 0 4\n").unwrap_err();
/// assert_eq!((err.pos.line, err.pos.col), (2, 7));
/// assert!(matches!(err.kind, SolErrorKind::BadRotation { .. }), "{err}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: {kind}")]
pub struct SolError {
    /// Where the problem is: the offending token, the first extra value or the end of a short
    /// line, or the start of a line that does not fit the puzzle.
    pub pos: Pos,
    /// What the problem is.
    pub kind: SolErrorKind,
}

/// What is wrong with a `.sol` or `.clue` file.
///
/// ```
/// use edge_match::parse::{PuzOptions, SolErrorKind, clue_cells, parse_puz, parse_sol};
///
/// let puzzle = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// // The puzzle has pieces 0 and 1 only.
/// let lines = parse_sol("5 0 0 0\n").unwrap();
/// let err = clue_cells(&puzzle, &lines).unwrap_err();
/// assert!(matches!(err.kind, SolErrorKind::NoSuchPiece { piece: 5, .. }), "{err}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolErrorKind {
    /// A tile, column or row that is not a whole number.
    #[error("expected a whole number, found `{token}`")]
    NotANumber {
        /// The token as written.
        token: String,
    },
    /// A line with fewer or more than four values.
    #[error("a line has four numbers (tile col row rot), found {found}")]
    ValueCount {
        /// How many tokens the line has.
        found: usize,
    },
    /// A rotation that is not 0, 1, 2 or 3.
    #[error("expected a rotation 0-3, found `{token}`")]
    BadRotation {
        /// The token as written.
        token: String,
    },
    /// A tile the puzzle does not have.
    #[error("tile {piece} does not exist: the puzzle has {n_pieces} pieces, 0 to {}", n_pieces - 1)]
    NoSuchPiece {
        /// The tile named.
        piece: usize,
        /// How many pieces the puzzle has (at least one).
        n_pieces: usize,
    },
    /// A column beyond the board.
    #[error("column {col} is off the board: columns are 0 to {}", cols - 1)]
    ColOutOfRange {
        /// The column named.
        col: usize,
        /// Columns of the board (at least one).
        cols: usize,
    },
    /// A row beyond the board.
    #[error("row {row} is off the board: rows are 0 to {}", rows - 1)]
    RowOutOfRange {
        /// The row named.
        row: usize,
        /// Rows of the board (at least one).
        rows: usize,
    },
    /// A turned piece on a puzzle whose pieces may not turn.
    #[error("tile {piece} is turned by {rotation} but the puzzle does not allow rotations")]
    RotationNotAllowed {
        /// The tile.
        piece: usize,
        /// Its rotation.
        rotation: u8,
    },
    /// A cell given a second time.
    #[error("the cell at column {col}, row {row} is already given on line {first_line}")]
    CellTwice {
        /// The cell's column.
        col: usize,
        /// The cell's row.
        row: usize,
        /// The line that gave it first.
        first_line: usize,
    },
    /// A piece placed a second time.
    #[error("tile {piece} is already placed on line {first_line}")]
    PieceTwice {
        /// The tile.
        piece: usize,
        /// The line that placed it first.
        first_line: usize,
    },
}

/// Reads the lines of a `.sol` or `.clue` file, in file order, without a puzzle to check them
/// against (see [`clue_cells`]).
///
/// ```
/// use edge_match::parse::parse_sol;
///
/// let lines = parse_sol("c a solution\n0 0 0 0\n\n1 1 0 0\n").unwrap();
/// assert_eq!(lines.len(), 2);
/// assert_eq!((lines[1].piece, lines[1].col, lines[1].row), (1, 1, 0));
/// assert!(parse_sol("0 0 0\n").is_err());
/// ```
pub fn parse_sol(text: &str) -> Result<Vec<SolLine>, SolError> {
    let mut sol_lines = Vec::new();
    for line in lines(text) {
        let trimmed = line.text.trim_start();
        if trimmed.is_empty() || trimmed.starts_with(['c', '#']) {
            continue;
        }
        let mut values = [0; 4];
        let mut found = 0;
        for token in line.tokens() {
            if found == 4 {
                let kind = SolErrorKind::ValueCount { found: line.tokens().count() };
                return Err(SolError { pos: token.pos, kind });
            }
            let number = read_number(token.text);
            values[found] = match (found, number) {
                (3, Some(rotation)) if rotation < 4 => rotation,
                (3, _) => {
                    let kind = SolErrorKind::BadRotation { token: excerpt(token.text) };
                    return Err(SolError { pos: token.pos, kind });
                }
                (_, Some(value)) => value,
                (_, None) => {
                    let kind = SolErrorKind::NotANumber { token: excerpt(token.text) };
                    return Err(SolError { pos: token.pos, kind });
                }
            };
            found += 1;
        }
        if found < 4 {
            return Err(SolError { pos: line.end(), kind: SolErrorKind::ValueCount { found } });
        }
        let [piece, col, row, rotation] = values;
        // The rotation was checked to be below 4 above.
        let rotation = rotation as u8;
        sol_lines.push(SolLine { piece, col, row, rotation, pos: line.first_non_blank() });
    }
    Ok(sol_lines)
}

/// A whole number written with digits only: no sign, no spaces.
fn read_number(token: &str) -> Option<usize> {
    if token.bytes().all(|byte| byte.is_ascii_digit()) {
        token.parse().ok()
    } else {
        None
    }
}

/// Checks `lines` against `puzzle` and lays them on the board: the result holds one entry per
/// cell, row-major from the top-left, `Some` where a line places a piece.
///
/// Every line must name a piece, column and row of the puzzle, no cell or piece may be given
/// twice, and pieces may be turned only when the puzzle allows it. An error points at the start
/// of the offending line; for a repeat, at the second of the two lines.
///
/// ```
/// use edge_match::parse::{PuzOptions, clue_cells, parse_puz, parse_sol};
/// use edge_match::Placement;
///
/// let puzzle = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// // A clue for the second cell (column 1, row 0) only.
/// let cells = clue_cells(&puzzle, &parse_sol("1 1 0 2\n").unwrap()).unwrap();
/// assert_eq!(cells, [None, Some(Placement::new(1, 2))]);
/// ```
pub fn clue_cells(puzzle: &Puzzle, lines: &[SolLine]) -> Result<Vec<Option<Placement>>, SolError> {
    let (rows, cols, n_pieces) = (puzzle.rows(), puzzle.cols(), puzzle.pieces().len());
    let mut cells: Vec<Option<(Placement, usize)>> = vec![None; rows * cols];
    let mut line_of_piece: Vec<Option<usize>> = vec![None; n_pieces];
    for line in lines {
        let SolLine { piece, col, row, rotation, pos } = *line;
        let fail = |kind| Err(SolError { pos, kind });
        if piece >= n_pieces {
            return fail(SolErrorKind::NoSuchPiece { piece, n_pieces });
        }
        if col >= cols {
            return fail(SolErrorKind::ColOutOfRange { col, cols });
        }
        if row >= rows {
            return fail(SolErrorKind::RowOutOfRange { row, rows });
        }
        if rotation != 0 && !puzzle.rotate() {
            return fail(SolErrorKind::RotationNotAllowed { piece, rotation });
        }
        let cell = &mut cells[row * cols + col];
        if let Some((_, first_line)) = *cell {
            return fail(SolErrorKind::CellTwice { col, row, first_line });
        }
        if let Some(first_line) = line_of_piece[piece] {
            return fail(SolErrorKind::PieceTwice { piece, first_line });
        }
        *cell = Some((Placement::new(piece, rotation), pos.line));
        line_of_piece[piece] = Some(pos.line);
    }
    Ok(cells.into_iter().map(|cell| cell.map(|(placement, _)| placement)).collect())
}

/// Writes `placements` (one per cell, row-major from the top-left, as for
/// [`check_solution`](crate::check::check_solution)) as a `.sol` file: one
/// line `piece col row rot` per cell, in the same order.
///
/// ```
/// use edge_match::parse::{PuzOptions, parse_puz, write_sol};
/// use edge_match::Placement;
///
/// let puzzle = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// let text = write_sol(&puzzle, &[Placement::new(0, 0), Placement::new(1, 3)]);
/// assert_eq!(text, "0 0 0 0\n1 1 0 3\n");
/// ```
pub fn write_sol(puzzle: &Puzzle, placements: &[Placement]) -> String {
    let mut text = String::new();
    for (cell, placement) in placements.iter().enumerate() {
        let (row, col) = (cell / puzzle.cols(), cell % puzzle.cols());
        let _ = writeln!(text, "{} {col} {row} {}", placement.piece, placement.rotation);
    }
    text
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::model::PuzzleSpec;

    /// A `rows` by `cols` puzzle of plain pieces: only its size and the rotation flag matter here.
    fn puzzle(rows: usize, cols: usize, rotate: bool) -> Puzzle {
        let spec = PuzzleSpec { rows, cols, pieces: vec![[1, 2, 3, 4]; rows * cols], framed: false, rotate };
        Puzzle::try_from(spec).unwrap()
    }

    /// The placed cells as `(cell, piece, rotation)`, or an error as `(line, col, message)`.
    type Expected<'a> = Result<&'a [(usize, usize, u8)], (usize, usize, &'a str)>;

    /// Reads `input` as the lines of a 2x3 puzzle (2 rows, 3 columns) and lays them out as
    /// `(cell, piece, rotation)` for the placed cells, or gives the error as `(line, col, message)`.
    fn check(input: &str, rotate: bool, expected: Expected<'_>) {
        let got = parse_sol(input).and_then(|lines| clue_cells(&puzzle(2, 3, rotate), &lines));
        let got = match got {
            Ok(cells) => Ok((cells.iter().enumerate())
                .filter_map(|(cell, placement)| placement.map(|p| (cell, p.piece, p.turns())))
                .collect::<Vec<_>>()),
            Err(err) => {
                assert_eq!(err.to_string(), format!("{}:{}: {}", err.pos.line, err.pos.col, err.kind));
                Err((err.pos.line, err.pos.col, err.kind.to_string()))
            }
        };
        let expected = expected.map(<[_]>::to_vec).map_err(|(line, col, message)| (line, col, message.to_owned()));
        assert_eq!(got, expected, "{input:?}");
    }

    #[test]
    fn good_input() {
        check("", true, Ok(&[]));
        check("c a comment\n# another\n\n", true, Ok(&[]));
        check("0 0 0 0\n", true, Ok(&[(0, 0, 0)]));
        // Column first, then row: cell = row * cols + col.
        check("5 2 1 3\n4 1 0 2\n", true, Ok(&[(1, 4, 2), (5, 5, 3)]));
        check("\u{feff}  3\t2 0 1 \r\nc\r\n2 0 1 0\r\n", true, Ok(&[(2, 3, 1), (3, 2, 0)]));
        check("0 0 0 0\n1 1 0 0\n", false, Ok(&[(0, 0, 0), (1, 1, 0)]));
        let lines = parse_sol("c\n  7 8 9 3\n").unwrap();
        assert_eq!(lines, [SolLine { piece: 7, col: 8, row: 9, rotation: 3, pos: Pos::new(2, 3) }]);
    }

    #[test]
    fn bad_lines_point_at_the_token() {
        let number = |token: &str| format!("expected a whole number, found `{token}`");
        let rotation = |token: &str| format!("expected a rotation 0-3, found `{token}`");
        let count = |n: usize| format!("a line has four numbers (tile col row rot), found {n}");
        check("x 0 0 0\n", true, Err((1, 1, &number("x"))));
        check("0 0 0 0\n1 -1 0 0\n", true, Err((2, 3, &number("-1"))));
        check("0 0 +1 0\n", true, Err((1, 5, &number("+1"))));
        check("99999999999999999999999 0 0 0\n", true, Err((1, 1, &number("99999999999999999999999"))));
        check("0 0 0 4\n", true, Err((1, 7, &rotation("4"))));
        check("0 0 0 r\n", true, Err((1, 7, &rotation("r"))));
        check("0 0 0\n", true, Err((1, 6, &count(3))));
        check("\n  0\n", true, Err((2, 4, &count(1))));
        check("0 0 0 0 1\n", true, Err((1, 9, &count(5))));
        check("0 0 0 0 # no trailing comments\n", true, Err((1, 9, &count(8))));
    }

    #[test]
    fn lines_that_do_not_fit_the_puzzle() {
        check("0 0 0 0\n 6 0 0 0\n", true, Err((2, 2, "tile 6 does not exist: the puzzle has 6 pieces, 0 to 5")));
        check("0 3 0 0\n", true, Err((1, 1, "column 3 is off the board: columns are 0 to 2")));
        check("0 0 2 0\n", true, Err((1, 1, "row 2 is off the board: rows are 0 to 1")));
        check(
            "0 0 0 0\n1 1 0 1\n",
            false,
            Err((2, 1, "tile 1 is turned by 1 but the puzzle does not allow rotations")),
        );
        check("0 2 1 0\nc\n1 2 1 0\n", true, Err((3, 1, "the cell at column 2, row 1 is already given on line 1")));
        check("4 0 0 0\n\n4 1 0 0\n", true, Err((3, 1, "tile 4 is already placed on line 1")));
    }

    #[test]
    fn writes_row_major() {
        let placements =
            [(5, 0), (4, 1), (3, 2), (2, 3), (1, 0), (0, 1)].map(|(piece, rotation)| Placement::new(piece, rotation));
        let expected = "5 0 0 0\n4 1 0 1\n3 2 0 2\n2 0 1 3\n1 1 1 0\n0 2 1 1\n";
        assert_eq!(write_sol(&puzzle(2, 3, true), &placements), expected);
        assert_eq!(write_sol(&puzzle(2, 3, true), &[]), "");
    }

    proptest! {
        /// Writing a full board and reading it back gives the same placements.
        #[test]
        fn round_trip(
            (rows, cols, order, turns) in (1..6usize, 1..6usize).prop_flat_map(|(rows, cols)| {
                let n = rows * cols;
                (Just(rows), Just(cols), Just((0..n).collect::<Vec<_>>()).prop_shuffle(), prop::collection::vec(0..4u8, n))
            })
        ) {
            let puzzle = puzzle(rows, cols, true);
            let placements: Vec<Placement> = order
                .iter()
                .zip(&turns)
                .map(|(&piece, &rotation)| Placement::new(piece, rotation))
                .collect();
            let text = write_sol(&puzzle, &placements);
            let cells = clue_cells(&puzzle, &parse_sol(&text).unwrap()).unwrap();
            let read: Vec<Placement> = cells.into_iter().map(Option::unwrap).collect();
            prop_assert_eq!(read, placements);
        }

        /// Lines read from a shuffled `.clue` land on their cells whatever the order.
        #[test]
        fn clue_order_does_not_matter(
            (keep, order) in prop::collection::vec(any::<bool>(), 6)
                .prop_flat_map(|keep| (Just(keep), Just((0..6usize).collect::<Vec<_>>()).prop_shuffle()))
        ) {
            let puzzle = puzzle(2, 3, true);
            let mut text = String::new();
            for &cell in order.iter().filter(|&&cell| keep[cell]) {
                text += &format!("{} {} {} {}\n", 5 - cell, cell % 3, cell / 3, cell % 4);
            }
            let cells = clue_cells(&puzzle, &parse_sol(&text).unwrap()).unwrap();
            for (cell, got) in cells.iter().enumerate() {
                let expected = keep[cell].then_some(Placement::new(5 - cell, (cell % 4) as u8));
                prop_assert_eq!(*got, expected);
            }
        }
    }
}
