//! The independent checker for answers to every puzzle: every piece used once, rotations as
//! allowed, touching sides matching and, on a framed board, the frame colour exactly on the
//! sides that face the outside.
//!
//! It is deliberately plain and shares nothing with any solver: it turns pieces with its own
//! index arithmetic rather than [`Puzzle::oriented`], walks the board cell by cell, and decides
//! whether two sides match by the rule of the puzzle's format: two marks by [`Mark::fits`]
//! (the marks themselves, not the codes the engines compare), two colours by equality (or the
//! puzzle's partner table). A bug in a solver's tables or in the marks' numbering cannot hide
//! here as well.

use std::fmt;

use crate::mark::Mark;
use crate::model::{Placement, Puzzle, FRAME};

/// A side of a cell, in the files' clockwise order.
///
/// ```
/// use edge_match::check::Side;
///
/// assert_eq!(Side::North.opposite(), Side::South);
/// assert_eq!(Side::ALL.map(Side::index), [0, 1, 2, 3]);
/// assert_eq!(Side::West.to_string(), "west");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Towards row 0.
    North,
    /// Towards the last column.
    East,
    /// Towards the last row.
    South,
    /// Towards column 0.
    West,
}

impl Side {
    /// The four sides in file order: north, east, south, west.
    pub const ALL: [Side; 4] = [Side::North, Side::East, Side::South, Side::West];

    /// The side's index in file order (north 0, east 1, south 2, west 3).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side facing the other way.
    pub const fn opposite(self) -> Side {
        match self {
            Side::North => Side::South,
            Side::East => Side::West,
            Side::South => Side::North,
            Side::West => Side::East,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::North => "north",
            Side::East => "east",
            Side::South => "south",
            Side::West => "west",
        })
    }
}

/// What a side shows, as its puzzle's format names it: a colour number, or a mark.
///
/// ```
/// use edge_match::check::{CheckError, Label, check_solution};
/// use edge_match::parse::{PuzOptions, parse_puz};
/// use edge_match::Placement;
///
/// // Two colour pieces whose touching sides differ (3 against 2): the mismatch names both colours.
/// let puzzle = parse_puz("2 1\n1 3 1 1\n1 1 1 2\n", &PuzOptions::default()).unwrap();
/// let err = check_solution(&puzzle, &[Placement::new(0, 0), Placement::new(1, 0)]).unwrap_err();
/// let CheckError::Mismatch { shows, other, .. } = err else { panic!("{err}") };
/// assert_eq!((shows, other), (Label::Colour(3), Label::Colour(2)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Label {
    /// A colour of a `.puz` puzzle (or a bare code).
    Colour(u16),
    /// A mark of a marks puzzle.
    Mark(Mark),
}

impl Label {
    /// What `code` stands for in `puzzle`.
    fn of(puzzle: &Puzzle, code: u16) -> Label {
        match puzzle.marks() {
            Some(marks) => Label::Mark(marks[usize::from(code)]),
            None => Label::Colour(code),
        }
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::Colour(colour) => write!(f, "{colour}"),
            Label::Mark(mark) => write!(f, "{mark}"),
        }
    }
}

/// What a mismatch's message adds about the side that should have touched one showing `shows`:
/// for a mark, the complementary mark it needs (` where it needs B/` after `B*`), which is not
/// the mark shown; nothing for a colour, whose match is the colour itself (or a partner the
/// label alone does not know).
fn needed(shows: Label) -> String {
    match shows {
        Label::Mark(mark) => format!(" where it needs {}", mark.complement()),
        Label::Colour(_) => String::new(),
    }
}

/// Whether sides showing codes `a` and `b` may touch in `puzzle`: marks by [`Mark::fits`],
/// colours when equal (or partners, for a puzzle given a partner table).
fn fits(puzzle: &Puzzle, a: u16, b: u16) -> bool {
    match puzzle.marks() {
        Some(marks) => marks[usize::from(a)].fits(marks[usize::from(b)]),
        None => puzzle.partner(a) == b,
    }
}

/// Placements that passed [`check_solution`] for a puzzle; the only way to make one.
///
/// ```
/// use edge_match::check::check_solution;
/// use edge_match::parse::{PuzOptions, parse_puz};
/// use edge_match::Placement;
///
/// let puzzle = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// let placements = [Placement::new(0, 0), Placement::new(1, 0)];
/// let solution = check_solution(&puzzle, &placements).unwrap();
/// assert_eq!(solution.into_placements(), placements);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    placements: Vec<Placement>,
}

impl Solution {
    /// The placements, row-major from the top-left.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// The placements, row-major from the top-left.
    pub fn into_placements(self) -> Vec<Placement> {
        self.placements
    }
}

/// Why placements are not a (partial) solution. Rows and columns count from 0 at the top-left.
///
/// ```
/// use edge_match::check::{CheckError, check_solution};
/// use edge_match::parse::{PuzOptions, parse_puz};
/// use edge_match::Placement;
///
/// let puzzle = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// // Piece 0 on both cells.
/// let err = check_solution(&puzzle, &[Placement::new(0, 0), Placement::new(0, 0)]).unwrap_err();
/// assert!(matches!(err, CheckError::PieceReused { piece: 0, .. }), "{err}");
/// // One placement for two cells.
/// let err = check_solution(&puzzle, &[Placement::new(0, 0)]).unwrap_err();
/// assert_eq!(err, CheckError::WrongLength { cells: 2, found: 1 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// Not one entry per cell.
    #[error("{found} placements for a board of {cells} cells")]
    WrongLength {
        /// Cells on the board.
        cells: usize,
        /// Entries given.
        found: usize,
    },
    /// A placement names a piece that does not exist.
    #[error("cell (row {row}, col {col}) holds piece {piece}, but there are only {n_pieces} pieces")]
    NoSuchPiece {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
        /// The piece named.
        piece: usize,
        /// How many pieces the puzzle has.
        n_pieces: usize,
    },
    /// A piece lies on two cells.
    #[error("piece {piece} lies on cell (row {}, col {}) and again on cell (row {row}, col {col})", first.0, first.1)]
    PieceReused {
        /// The piece.
        piece: usize,
        /// Row and column of the first cell holding it.
        first: (usize, usize),
        /// The second cell's row.
        row: usize,
        /// The second cell's column.
        col: usize,
    },
    /// A piece is turned although rotations are not allowed.
    #[error("cell (row {row}, col {col}) turns its piece by {rotation} but rotations are not allowed")]
    RotationNotAllowed {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
        /// The rotation given.
        rotation: puzzle_core::Rotation,
    },
    /// Two touching sides do not match.
    #[error(
        "cell (row {row}, col {col}) shows {shows} on its {side} side, but its neighbour there shows {other}{}",
        needed(*shows)
    )]
    Mismatch {
        /// Row of the cell to the north or west of the pair.
        row: usize,
        /// Column of the cell to the north or west of the pair.
        col: usize,
        /// The side of that cell that touches the other: east or south.
        side: Side,
        /// What it shows there.
        shows: Label,
        /// What the neighbour shows on the touching side.
        other: Label,
    },
    /// On a framed board, a side facing the outside shows a colour other than the frame.
    #[error(
        "cell (row {row}, col {col}) shows {colour} on its {side} side, which faces the outside and must show the \
         frame colour 0"
    )]
    NotFrame {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
        /// The side facing the outside.
        side: Side,
        /// The colour it shows.
        colour: u16,
    },
    /// On a framed board, a side facing another cell shows the frame colour.
    #[error("cell (row {row}, col {col}) shows the frame colour 0 on its {side} side, which faces another cell")]
    FrameInside {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
        /// The side facing another cell.
        side: Side,
    },
}

/// Checks that `placements` (one per cell, row-major from the top-left) solve `puzzle`.
///
/// Every piece must be used exactly once, turned by 0 to 3 quarter turns (0 unless the puzzle
/// allows rotations), every two touching sides must match, and on a framed board
/// a side must show the frame colour 0 exactly when it faces the outside. On a board without a
/// frame the border is free.
///
/// ```
/// use edge_match::check::{CheckError, check_solution};
/// use edge_match::parse::{PuzOptions, parse_puz};
/// use edge_match::Placement;
///
/// // A framed 2x1 board: piece 0 shows colour 1 east, piece 1 shows it west.
/// let puzzle = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// assert!(check_solution(&puzzle, &[Placement::new(0, 0), Placement::new(1, 0)]).is_ok());
/// // Swapped, colour 1 faces the frame on both ends.
/// let err = check_solution(&puzzle, &[Placement::new(1, 0), Placement::new(0, 0)]).unwrap_err();
/// assert!(matches!(err, CheckError::NotFrame { .. } | CheckError::FrameInside { .. }), "{err}");
/// ```
pub fn check_solution(puzzle: &Puzzle, placements: &[Placement]) -> Result<Solution, CheckError> {
    let cells: Vec<Option<Placement>> = placements.iter().copied().map(Some).collect();
    // With one placement per cell, as many cells as pieces and no piece twice, every piece is
    // used exactly once.
    check_cells(&cells, puzzle)?;
    Ok(Solution { placements: placements.to_vec() })
}

/// The colour `placement` shows on `side`: a piece turned `r` times counter-clockwise shows on
/// side `d` what it lists at `(d + r) % 4`.
fn shown(puzzle: &Puzzle, placement: Placement, side: Side) -> u16 {
    puzzle.pieces()[placement.piece][(side.index() + placement.rotation.quarter_turns()) % 4]
}

/// Checks every placement of `cells` on its own (the board's length, pieces that exist and are
/// used once, rotations as allowed) and returns the number of cells holding a piece, so that the
/// checks of touching sides can index safely.
fn check_pieces(cells: &[Option<Placement>], puzzle: &Puzzle) -> Result<usize, CheckError> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let n_pieces = puzzle.pieces().len();
    if cells.len() != rows * cols {
        return Err(CheckError::WrongLength { cells: rows * cols, found: cells.len() });
    }
    let mut cell_of_piece: Vec<Option<(usize, usize)>> = vec![None; n_pieces];
    let mut placed = 0;
    for (cell, placement) in cells.iter().enumerate() {
        let Some(Placement { piece, rotation }) = *placement else { continue };
        let (row, col) = (cell / cols, cell % cols);
        if piece >= n_pieces {
            return Err(CheckError::NoSuchPiece { row, col, piece, n_pieces });
        }
        if let Some(first) = cell_of_piece[piece] {
            return Err(CheckError::PieceReused { piece, first, row, col });
        }
        cell_of_piece[piece] = Some((row, col));
        if rotation != puzzle_core::Rotation::R0 && !puzzle.rotate() {
            return Err(CheckError::RotationNotAllowed { row, col, rotation });
        }
        placed += 1;
    }
    Ok(placed)
}

/// Checks a partly filled board against `puzzle` (one entry per cell, row-major, `None` for an
/// empty cell) and counts the pairs of touching placed pieces, all of which match when it
/// succeeds: the placed pieces obey the rules of [`check_solution`], empty cells and the sides
/// facing them are free (except that a side facing a cell may not show the frame colour).
fn check_cells(cells: &[Option<Placement>], puzzle: &Puzzle) -> Result<usize, CheckError> {
    check_pieces(cells, puzzle)?;
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let mut matching = 0;
    for row in 0..rows {
        for col in 0..cols {
            let Some(placement) = cells[row * cols + col] else { continue };
            for side in Side::ALL {
                let colour = shown(puzzle, placement, side);
                let neighbour = match side {
                    Side::North => row.checked_sub(1).map(|up| (up, col)),
                    Side::West => col.checked_sub(1).map(|left| (row, left)),
                    Side::South => (row + 1 < rows).then_some((row + 1, col)),
                    Side::East => (col + 1 < cols).then_some((row, col + 1)),
                };
                let Some((next_row, next_col)) = neighbour else {
                    if puzzle.framed() && colour != FRAME {
                        return Err(CheckError::NotFrame { row, col, side, colour });
                    }
                    continue;
                };
                if puzzle.framed() && colour == FRAME {
                    return Err(CheckError::FrameInside { row, col, side });
                }
                // Each touching pair is compared once, from its north or west cell.
                if !matches!(side, Side::East | Side::South) {
                    continue;
                }
                let Some(other_placement) = cells[next_row * cols + next_col] else { continue };
                let other = shown(puzzle, other_placement, side.opposite());
                if !fits(puzzle, colour, other) {
                    let (shows, other) = (Label::of(puzzle, colour), Label::of(puzzle, other));
                    return Err(CheckError::Mismatch { row, col, side, shows, other });
                }
                matching += 1;
            }
        }
    }
    Ok(matching)
}

/// A board's score as the Eternity II community counts it: joins between two placed pieces
/// that match, out of all the joins of the board (480 on Eternity II). The
/// frame is not a join: on a framed board it must show the frame colour and never counts.
///
/// ```
/// use edge_match::check::{BoardScore, score_board};
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::Placement;
///
/// // A 2x2 board of one piece type with A+ on every side: A+ never meets its complement A-,
/// // so none of the four joins matches.
/// let text = "A+ A+ A+ A+\n".repeat(4);
/// let puzzle = parse_puzzle(&text, &ParseOptions::default()).unwrap();
/// let cells: Vec<_> = (0..4).map(|piece| Some(Placement::new(piece, 0))).collect();
/// let score = score_board(&puzzle, &cells).unwrap();
/// assert_eq!(score, BoardScore { matching: 0, mismatches: 4, edges: 4, placed: 4 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardScore {
    /// Joins between two placed pieces that match.
    pub matching: usize,
    /// Joins between two placed pieces that do not match.
    pub mismatches: usize,
    /// Joins of the whole board: `rows × (cols − 1) + cols × (rows − 1)`.
    pub edges: usize,
    /// Cells holding a piece.
    pub placed: usize,
}

/// Scores a board whose touching sides may differ (one entry per cell, row-major, `None` for
/// an empty cell). The pieces must still be valid: each used once, turned as allowed and, on a
/// framed board, showing the frame colour exactly on the sides that face the outside.
///
/// ```
/// use edge_match::check::score_board;
/// use edge_match::parse::{PuzOptions, parse_puz};
/// use edge_match::Placement;
///
/// // A 2x1 board has one join; with one cell empty, nothing is scored on it yet.
/// let puzzle = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// let score = score_board(&puzzle, &[Some(Placement::new(0, 0)), None]).unwrap();
/// assert_eq!((score.matching, score.mismatches, score.edges, score.placed), (0, 0, 1, 1));
/// ```
pub fn score_board(puzzle: &Puzzle, cells: &[Option<Placement>]) -> Result<BoardScore, CheckError> {
    let placed = check_pieces(cells, puzzle)?;
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    for row in 0..rows {
        for col in 0..cols {
            let Some(placement) = cells[row * cols + col] else { continue };
            if puzzle.framed() {
                let faces_outside = [row == 0, col == cols - 1, row == rows - 1, col == 0];
                for side in Side::ALL {
                    let colour = shown(puzzle, placement, side);
                    if faces_outside[side.index()] && colour != FRAME {
                        return Err(CheckError::NotFrame { row, col, side, colour });
                    }
                    if !faces_outside[side.index()] && colour == FRAME {
                        return Err(CheckError::FrameInside { row, col, side });
                    }
                }
            }
        }
    }
    let (mut matching, mut mismatches) = (0, 0);
    for row in 0..rows {
        for col in 0..cols {
            let Some(here) = cells[row * cols + col] else { continue };
            // Each join once: from the cell on its west or north.
            if col + 1 < cols {
                if let Some(east) = cells[row * cols + col + 1] {
                    if fits(puzzle, shown(puzzle, here, Side::East), shown(puzzle, east, Side::West)) {
                        matching += 1;
                    } else {
                        mismatches += 1;
                    }
                }
            }
            if row + 1 < rows {
                if let Some(south) = cells[(row + 1) * cols + col] {
                    if fits(puzzle, shown(puzzle, here, Side::South), shown(puzzle, south, Side::North)) {
                        matching += 1;
                    } else {
                        mismatches += 1;
                    }
                }
            }
        }
    }
    Ok(BoardScore { matching, mismatches, edges: rows * (cols - 1) + cols * (rows - 1), placed })
}

#[cfg(test)]
mod tests {
    use puzzle_core::Rotation;

    use super::*;
    use crate::puz::{parse_puz, PuzOptions};
    use crate::sol::{clue_cells, parse_sol};

    /// A framed 2x2 board: each piece is a corner, listed turned away from its place.
    const FRAMED: &str = "2 2\n4 3 0 0\n0 1 2 0\n0 0 2 4\n0 3 1 0\n";
    /// Its solution as `(piece, rotation)`, row-major.
    const ANSWER: [(usize, u8); 4] = [(1, 0), (3, 3), (2, 2), (0, 1)];

    /// Checks `placements` (`None` for an empty cell) on `puzzle` read with `frame`; a full board
    /// also goes through [`check_solution`], which must agree.
    fn check(
        puzzle: &str,
        frame: Option<bool>,
        rotate: bool,
        cells: &[Option<(usize, u8)>],
        expected: Result<usize, CheckError>,
    ) {
        let puzzle = parse_puz(puzzle, &PuzOptions { frame, rotate }).unwrap();
        let cells: Vec<Option<Placement>> =
            cells.iter().map(|cell| cell.map(|(piece, rotation)| Placement::new(piece, rotation))).collect();
        assert_eq!(check_cells(&cells, &puzzle), expected, "{cells:?}");
        if let Some(placements) = cells.iter().copied().collect::<Option<Vec<Placement>>>() {
            let got = check_solution(&puzzle, &placements).map(Solution::into_placements);
            assert_eq!(got, expected.map(|_| placements));
        }
    }

    /// The answer with `cell` changed to `placement`.
    fn with(cell: usize, placement: Option<(usize, u8)>) -> Vec<Option<(usize, u8)>> {
        let mut cells: Vec<Option<(usize, u8)>> = ANSWER.iter().copied().map(Some).collect();
        cells[cell] = placement;
        cells
    }

    #[test]
    fn accepts_the_answer() {
        check(FRAMED, None, true, &with(0, Some((1, 0))), Ok(4));
        // Without the frame the same board still matches inside.
        check(FRAMED, Some(false), true, &with(0, Some((1, 0))), Ok(4));
        // On a board without a frame the border is free.
        check("1 1\n1 2 3 4\n", None, true, &[Some((0, 3))], Ok(0));
        check("2 1\n1 2 3 4\n5 6 7 2\n", None, false, &[Some((0, 0)), Some((1, 0))], Ok(1));
    }

    #[test]
    fn rejects_each_kind_of_mistake() {
        use CheckError::*;
        let answer = with(0, Some((1, 0)));
        check(FRAMED, None, true, &answer[..3], Err(WrongLength { cells: 4, found: 3 }));
        check(FRAMED, None, true, &with(3, Some((4, 1))), Err(NoSuchPiece { row: 1, col: 1, piece: 4, n_pieces: 4 }));
        check(FRAMED, None, true, &with(3, Some((1, 0))), Err(PieceReused { piece: 1, first: (0, 0), row: 1, col: 1 }));
        check(FRAMED, None, false, &answer, Err(RotationNotAllowed { row: 0, col: 1, rotation: Rotation::R3 }));
        // Cell (0,0) turned once shows 1 to the north, on the border.
        let not_frame = NotFrame { row: 0, col: 0, side: Side::North, colour: 1 };
        check(FRAMED, None, true, &with(0, Some((1, 1))), Err(not_frame));
        // Turned three times, it keeps 0 to the north but shows it to the east as well.
        check(FRAMED, None, true, &with(0, Some((1, 3))), Err(FrameInside { row: 0, col: 0, side: Side::East }));
        // A piece whose north colour is 5 instead of 3 meets the 3 of the cell above it.
        let wrong = FRAMED.replace("4 3 0 0", "4 5 0 0");
        let mismatch = Mismatch { row: 0, col: 1, side: Side::South, shows: Label::Colour(3), other: Label::Colour(5) };
        check(&wrong, None, true, &answer, Err(mismatch));
        // Without a frame the turned corner meets its east neighbour with the wrong colour.
        let mismatch = Mismatch { row: 0, col: 0, side: Side::East, shows: Label::Colour(2), other: Label::Colour(1) };
        check(FRAMED, Some(false), true, &with(0, Some((1, 1))), Err(mismatch));
        check(
            "1 1\n1 2 3 4\n",
            Some(true),
            true,
            &[Some((0, 0))],
            Err(NotFrame { row: 0, col: 0, side: Side::North, colour: 1 }),
        );
    }

    #[test]
    fn partial_boards() {
        use CheckError::*;
        check(FRAMED, None, true, &[None; 4], Ok(0));
        check(FRAMED, None, true, &with(3, None), Ok(2));
        check(FRAMED, None, true, &[Some((1, 0)), None, None, Some((0, 1))], Ok(0));
        check(
            FRAMED,
            None,
            true,
            &[None, None, None, Some((1, 0))],
            Err(FrameInside { row: 1, col: 1, side: Side::North }),
        );
        check(
            FRAMED,
            None,
            true,
            &[Some((3, 0)), None, None, Some((3, 1))],
            Err(PieceReused { piece: 3, first: (0, 0), row: 1, col: 1 }),
        );
        let wrong = FRAMED.replace("4 3 0 0", "4 5 0 0");
        let mismatch = Mismatch { row: 0, col: 1, side: Side::South, shows: Label::Colour(3), other: Label::Colour(5) };
        check(&wrong, None, true, &[None, Some((3, 3)), None, Some((0, 1))], Err(mismatch));
        check(&wrong, None, true, &[None, Some((3, 3)), Some((2, 2)), None], Ok(0));
    }

    #[test]
    fn messages() {
        let cases = [
            (CheckError::WrongLength { cells: 4, found: 3 }, "3 placements for a board of 4 cells"),
            (
                CheckError::NoSuchPiece { row: 1, col: 1, piece: 4, n_pieces: 4 },
                "cell (row 1, col 1) holds piece 4, but there are only 4 pieces",
            ),
            (
                CheckError::PieceReused { piece: 1, first: (0, 0), row: 1, col: 2 },
                "piece 1 lies on cell (row 0, col 0) and again on cell (row 1, col 2)",
            ),
            (
                CheckError::RotationNotAllowed { row: 0, col: 1, rotation: Rotation::R3 },
                "cell (row 0, col 1) turns its piece by 3 but rotations are not allowed",
            ),
            (
                CheckError::Mismatch {
                    row: 0,
                    col: 1,
                    side: Side::South,
                    shows: Label::Colour(3),
                    other: Label::Colour(5),
                },
                "cell (row 0, col 1) shows 3 on its south side, but its neighbour there shows 5",
            ),
            (
                CheckError::Mismatch {
                    row: 0,
                    col: 0,
                    side: Side::East,
                    shows: Label::Mark("B*".parse().unwrap()),
                    other: Label::Mark("B*".parse().unwrap()),
                },
                "cell (row 0, col 0) shows B* on its east side, but its neighbour there shows B* where it needs B/",
            ),
            (
                CheckError::NotFrame { row: 0, col: 0, side: Side::North, colour: 1 },
                "cell (row 0, col 0) shows 1 on its north side, which faces the outside and must show the frame \
                 colour 0",
            ),
            (
                CheckError::FrameInside { row: 0, col: 0, side: Side::West },
                "cell (row 0, col 0) shows the frame colour 0 on its west side, which faces another cell",
            ),
        ];
        for (err, expected) in cases {
            assert_eq!(err.to_string(), expected);
        }
    }

    #[test]
    fn sides() {
        let opposite: Vec<Side> = Side::ALL.iter().map(|side| side.opposite()).collect();
        assert_eq!(opposite, [Side::South, Side::West, Side::North, Side::East]);
        let indices: Vec<usize> = Side::ALL.iter().map(|side| side.index()).collect();
        assert_eq!(indices, [0, 1, 2, 3]);
    }

    /// Brendan Owen's set 1, 3x3, and the generator's solution converted to `.sol`.
    const BRENDAN_3X3: &str = "3 3\n0 0 1 1\n0 0 1 2\n0 0 2 1\n0 0 2 2\n0 1 3 2\n0 1 4 1\n0 2 3 1\n0 2 4 2\n3 3 4 4\n";
    const BRENDAN_3X3_SOL: &str = "c solution of brendan/set1/pieces_03x03.txt\n\
                                   c format: tile(0-based) col row rot_anticlockwise, (0,0)=top-left\n\
                                   0 2 2 3\n1 0 2 2\n2 0 0 1\n3 2 0 0\n4 2 1 3\n5 0 1 1\n6 1 2 2\n7 1 0 0\n8 1 1 3\n";

    #[test]
    fn a_published_solution_checks_end_to_end() {
        let puzzle = parse_puz(BRENDAN_3X3, &PuzOptions::default()).unwrap();
        assert!(puzzle.framed());
        let cells = clue_cells(&puzzle, &parse_sol(BRENDAN_3X3_SOL).unwrap()).unwrap();
        assert_eq!(check_cells(&cells, &puzzle), Ok(12));
        let placements: Vec<Placement> = cells.into_iter().map(Option::unwrap).collect();
        let solution = check_solution(&puzzle, &placements).unwrap();
        assert_eq!(solution.placements(), placements);
        assert_eq!(solution.into_placements(), placements);
        // The centre piece put back unturned no longer meets its neighbours.
        let mut turned = placements.clone();
        turned[4].rotation = Rotation::R0;
        assert!(matches!(check_solution(&puzzle, &turned), Err(CheckError::Mismatch { .. })));
    }

    /// Scores checked by hand on the framed 2x2 board (4 joins) and a 3x1 strip.
    #[test]
    fn scores_by_hand() {
        let puzzle = parse_puz(FRAMED, &PuzOptions::default()).unwrap();
        let board = |cells: &[Option<(usize, u8)>]| -> Vec<Option<Placement>> {
            cells.iter().map(|c| c.map(|(piece, rotation)| Placement::new(piece, rotation))).collect()
        };
        let score = |matching, mismatches, placed| BoardScore { matching, mismatches, edges: 4, placed };
        let answer: Vec<Option<(usize, u8)>> = ANSWER.iter().copied().map(Some).collect();
        assert_eq!(score_board(&puzzle, &board(&answer)), Ok(score(4, 0, 4)));
        assert_eq!(score_board(&puzzle, &board(&[None; 4])), Ok(score(0, 0, 0)));
        assert_eq!(score_board(&puzzle, &board(&with(3, None))), Ok(score(2, 0, 3)));
        // A board with wrong colours inside: 4 5 0 0 for piece 0 makes the join with the cell
        // above it (which shows 3 south) a mismatch.
        let wrong = parse_puz(&FRAMED.replace("4 3 0 0", "4 5 0 0"), &PuzOptions::default()).unwrap();
        assert_eq!(score_board(&wrong, &board(&answer)), Ok(score(3, 1, 4)));
        // Frame rules still hold for placed pieces.
        assert_eq!(
            score_board(&puzzle, &board(&with(0, Some((1, 1))))),
            Err(CheckError::NotFrame { row: 0, col: 0, side: Side::North, colour: 1 })
        );
        assert!(matches!(score_board(&puzzle, &board(&answer[..3])), Err(CheckError::WrongLength { .. })));
        // A free-border strip 1x3: sides N E S W; joins 1-2 match (2 = 2), 2-3 do not (6 ≠ 9).
        let strip = parse_puz("3 1\n1 2 3 4\n5 6 7 2\n8 9 9 9\n", &PuzOptions::default()).unwrap();
        let cells = board(&[Some((0, 0)), Some((1, 0)), Some((2, 0))]);
        assert_eq!(score_board(&strip, &cells), Ok(BoardScore { matching: 1, mismatches: 1, edges: 2, placed: 3 }));
    }
}
