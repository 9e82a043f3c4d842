//! The one model of every edge-matching puzzle: a board of rows × columns, one piece per cell,
//! each side of a piece a small integer *code*, and a matching rule saying which code a touching
//! side must show. Both input formats parse into it: the numeric `.puz` files ([`crate::puz`])
//! with their colours as codes, and the marks format ([`crate::parse`]) with each mark a code
//! whose partner is its complement and the marks kept as labels for drawing.
//!
//! Sides are listed clockwise from north (N, E, S, W) as in the `.puz` files, and a piece turned
//! by `r` counter-clockwise quarter turns ([`Rotation`]) shows `sides[(d + r) % 4]` on side `d`,
//! the `.sol` convention. Touching sides match when one shows the partner of the other; without
//! a partner table every code is its own partner (colours match when equal). On a *framed* board
//! code 0 is the frame: a side shows 0 exactly when it faces the outside.

use puzzle_core::Rotation;
use thiserror::Error;

/// The frame colour of a framed board.
pub const FRAME: u16 = 0;

/// Sides in file order: north, east, south, west.
pub(crate) const NORTH: usize = 0;
/// East, in file order.
pub(crate) const EAST: usize = 1;
/// South, in file order.
pub(crate) const SOUTH: usize = 2;
/// West, in file order.
pub(crate) const WEST: usize = 3;

/// A puzzle as read, not yet checked.
///
/// ```
/// use edge_match::{Puzzle, PuzzleSpec};
///
/// // One row of two pieces inside a frame (colour 0); their touching sides show colour 1.
/// let spec = PuzzleSpec { rows: 1, cols: 2, pieces: vec![[0, 1, 0, 0], [0, 0, 0, 1]], framed: true, rotate: true };
/// let puzzle = Puzzle::try_from(spec).unwrap();
/// assert_eq!(puzzle.pieces(), &[[0, 1, 0, 0], [0, 0, 0, 1]]);
/// assert!(puzzle.framed());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSpec {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// The pieces in file order, sides N, E, S, W.
    pub pieces: Vec<[u16; 4]>,
    /// Whether colour 0 is the frame (sides facing outside show 0, and only those).
    pub framed: bool,
    /// Whether pieces may be turned.
    pub rotate: bool,
}

/// Why a [`PuzzleSpec`] is not a puzzle.
///
/// ```
/// use edge_match::{Puzzle, PuzzleError, PuzzleSpec};
///
/// // Three pieces for a board of two cells.
/// let spec = PuzzleSpec { rows: 1, cols: 2, pieces: vec![[1, 1, 1, 1]; 3], framed: false, rotate: true };
/// let err = Puzzle::try_from(spec).unwrap_err();
/// assert_eq!(err, PuzzleError::WrongPieceCount { rows: 1, cols: 2, pieces: 3 });
/// assert_eq!(err.to_string(), "a 1x2 board needs 2 pieces, found 3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// The pieces do not fill the board exactly.
    #[error("a {rows}x{cols} board needs {} pieces, found {pieces}", *rows as u128 * *cols as u128)]
    WrongPieceCount {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// Pieces given.
        pieces: usize,
    },
    /// The board has no cells, or more than the engine indexes.
    #[error("a board needs 1 to {max} cells, not {rows}x{cols}")]
    BoardSize {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
        /// The most cells allowed.
        max: usize,
    },
    /// A colour beyond the engine's tables.
    #[error("colour {colour} is too large (at most {max})")]
    ColourTooLarge {
        /// The colour.
        colour: u16,
        /// The largest allowed.
        max: u16,
    },
    /// A partner table that does not pair codes (see `Puzzle::with_partners`).
    #[error("the partner table does not pair codes: code {code} has partner {partner}")]
    Partners {
        /// The first code whose partner is out of range or not paired back.
        code: u16,
        /// Its partner in the table.
        partner: u16,
    },
    /// Mark labels that are not one per code, or whose complements are not the codes' partners
    /// (see `Puzzle::with_marks`).
    #[error("the marks do not label the codes: code {code}")]
    Marks {
        /// The first code whose mark is missing or whose partner is not labelled by its
        /// complement.
        code: u16,
    },
}

/// A valid puzzle: 1 to [`Puzzle::MAX_CELLS`] cells, exactly one piece per cell, codes up to
/// [`Puzzle::MAX_COLOUR`], and a partner table that pairs codes.
///
/// ```
/// use edge_match::parse::{PuzOptions, parse_puz};
/// use edge_match::Placement;
///
/// let puzzle = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// assert_eq!((puzzle.rows(), puzzle.cols()), (1, 2));
/// // Sides are listed north, east, south, west; a piece turned once counter-clockwise shows
/// // on its north side what it lists for east.
/// assert_eq!(puzzle.pieces()[0], [0, 1, 0, 0]);
/// assert_eq!(puzzle.placed(Placement::new(0, 1)), [1, 0, 0, 0]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    rows: usize,
    cols: usize,
    pieces: Vec<[u16; 4]>,
    framed: bool,
    rotate: bool,
    n_colours: usize,
    /// `partner[c]`: the code a side touching a side of code `c` must show; empty when every
    /// code is its own partner (colours match when equal).
    partner: Vec<u16>,
    /// The mark each code stands for, when the puzzle came from the marks format; empty for
    /// colour puzzles.
    marks: Vec<crate::mark::Mark>,
}

impl Puzzle {
    /// The most cells (and pieces) a board may have.
    pub const MAX_CELLS: usize = 1024;
    /// The largest colour number.
    pub const MAX_COLOUR: u16 = 1023;

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The pieces in file order, sides N, E, S, W.
    pub fn pieces(&self) -> &[[u16; 4]] {
        &self.pieces
    }

    /// Whether colour 0 is the frame.
    pub fn framed(&self) -> bool {
        self.framed
    }

    /// Whether pieces may be turned.
    pub fn rotate(&self) -> bool {
        self.rotate
    }

    /// One more than the largest colour used.
    pub fn n_colours(&self) -> usize {
        self.n_colours
    }

    /// The rotations a piece may take, in the order the searches try them.
    #[cfg(any(test, feature = "test-support"))]
    pub(crate) const fn rotations(&self) -> &'static [Rotation] {
        if self.rotate {
            &Rotation::ALL
        } else {
            &[Rotation::R0]
        }
    }

    /// The mark each code stands for (indexed by code), when the puzzle came from the marks
    /// format.
    pub fn marks(&self) -> Option<&[crate::mark::Mark]> {
        (!self.marks.is_empty()).then_some(self.marks.as_slice())
    }

    /// Labels every code with the mark it stands for: `marks[c]` for code `c`, one per code
    /// ([`Puzzle::n_colours`]), the complement of each code's mark labelling its partner.
    /// Nothing else changes: marks only name codes, for drawing and for the checker.
    pub(crate) fn with_marks(mut self, marks: Vec<crate::mark::Mark>) -> Result<Puzzle, PuzzleError> {
        if marks.len() != self.n_colours {
            return Err(PuzzleError::Marks { code: marks.len().min(self.n_colours) as u16 });
        }
        for (code, mark) in marks.iter().enumerate() {
            let code = code as u16;
            if marks[usize::from(self.partner(code))] != mark.complement() {
                return Err(PuzzleError::Marks { code });
            }
        }
        self.marks = marks;
        Ok(self)
    }

    /// Makes sides match through `partner` instead of by equal codes: two touching sides match
    /// when one shows the partner of the other (`partner[c]` for code `c`). The table must pair
    /// codes (`partner[partner[c]] == c`, every entry below its length) and, on a framed board,
    /// keep the frame colour its own partner. Codes up to the table's length count as colours.
    ///
    /// The engines stay equality-only: a candidate carries, for each side whose neighbour is
    /// placed after it, the partner of what it shows there (docs/algorithms.md, "Partner
    /// tables").
    pub(crate) fn with_partners(mut self, partner: Vec<u16>) -> Result<Puzzle, PuzzleError> {
        let too_long = partner.len() > usize::from(Self::MAX_COLOUR) + 1;
        for (code, &p) in partner.iter().enumerate() {
            let code = code as u16;
            let paired = partner.get(usize::from(p)) == Some(&code);
            if too_long || !paired || (self.framed && code == FRAME && p != FRAME) {
                return Err(PuzzleError::Partners { code, partner: p });
            }
        }
        if let Some(&code) = self.pieces.iter().flatten().find(|&&code| usize::from(code) >= partner.len()) {
            if !partner.is_empty() {
                return Err(PuzzleError::Partners { code, partner: code });
            }
        }
        self.n_colours = self.n_colours.max(partner.len());
        self.partner = if partner.iter().enumerate().all(|(c, &p)| usize::from(p) == c) { Vec::new() } else { partner };
        Ok(self)
    }

    /// The code a side touching a side of code `code` must show: `code` itself unless a partner
    /// table was given (`Puzzle::with_partners`).
    #[inline]
    pub fn partner(&self, code: u16) -> u16 {
        self.partner.get(usize::from(code)).copied().unwrap_or(code)
    }

    /// Whether every code is its own partner (colours match when equal).
    pub(crate) fn equal_colours(&self) -> bool {
        self.partner.is_empty()
    }

    /// The sides (N, E, S, W) of `piece` turned by `turns` counter-clockwise quarter turns
    /// (taken mod 4): the engines' form of [`Puzzle::placed`].
    pub fn oriented(&self, piece: usize, turns: u8) -> [u16; 4] {
        let sides = self.pieces[piece];
        let r = usize::from(turns % 4);
        [sides[r], sides[(1 + r) % 4], sides[(2 + r) % 4], sides[(3 + r) % 4]]
    }

    /// The sides (N, E, S, W) that `placement` shows.
    ///
    /// # Panics
    ///
    /// If the placement names a piece the puzzle does not have.
    pub fn placed(&self, placement: Placement) -> [u16; 4] {
        self.oriented(placement.piece, placement.turns())
    }
}

impl TryFrom<PuzzleSpec> for Puzzle {
    type Error = PuzzleError;

    fn try_from(spec: PuzzleSpec) -> Result<Puzzle, PuzzleError> {
        let PuzzleSpec { rows, cols, pieces, framed, rotate } = spec;
        let cells = rows.saturating_mul(cols);
        if cells == 0 || cells > Self::MAX_CELLS {
            return Err(PuzzleError::BoardSize { rows, cols, max: Self::MAX_CELLS });
        }
        if pieces.len() != cells {
            return Err(PuzzleError::WrongPieceCount { rows, cols, pieces: pieces.len() });
        }
        let largest = pieces.iter().flatten().copied().max().unwrap_or(0);
        if largest > Self::MAX_COLOUR {
            return Err(PuzzleError::ColourTooLarge { colour: largest, max: Self::MAX_COLOUR });
        }
        Ok(Puzzle {
            rows,
            cols,
            pieces,
            framed,
            rotate,
            n_colours: usize::from(largest) + 1,
            partner: Vec::new(),
            marks: Vec::new(),
        })
    }
}

/// One cell of an answer, as in a `.sol` line: which piece (by input index, from 0) lies there,
/// turned how far.
///
/// ```
/// use edge_match::Placement;
///
/// // Turns are taken mod 4: five quarter turns are one.
/// let placement = Placement::new(7, 5);
/// assert_eq!((placement.piece, placement.turns()), (7, 1));
/// assert_eq!(placement.to_string(), "7,1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// The piece's index in input order, from 0.
    pub piece: usize,
    /// How far the piece is turned counter-clockwise.
    pub rotation: Rotation,
}

impl Placement {
    /// `piece` turned by `turns` counter-clockwise quarter turns (taken mod 4).
    pub const fn new(piece: usize, turns: u8) -> Placement {
        Placement { piece, rotation: Rotation::from_quarter_turns(turns as usize) }
    }

    /// The counter-clockwise quarter turns, 0 to 3.
    pub const fn turns(self) -> u8 {
        self.rotation.quarter_turns() as u8
    }
}

impl std::fmt::Display for Placement {
    /// `piece,rotation`, e.g. `7,3`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.piece, self.rotation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_follows_the_sol_convention() {
        let puzzle =
            Puzzle::try_from(PuzzleSpec { rows: 1, cols: 1, pieces: vec![[1, 2, 3, 4]], framed: false, rotate: true })
                .unwrap();
        assert_eq!(puzzle.oriented(0, 0), [1, 2, 3, 4]);
        // One counter-clockwise quarter turn brings the east side to the north.
        assert_eq!(puzzle.oriented(0, 1), [2, 3, 4, 1]);
        for piece_rot in 0..4 {
            let once = puzzle.oriented(0, piece_rot);
            assert_eq!(puzzle.oriented(0, piece_rot + 4), once);
        }
        assert_eq!(puzzle.n_colours(), 5);
    }

    #[test]
    fn partner_tables_must_pair_codes() {
        let puzzle = |framed| {
            let spec = PuzzleSpec { rows: 1, cols: 2, pieces: vec![[0, 1, 2, 3], [0, 1, 2, 3]], framed, rotate: true };
            Puzzle::try_from(spec).unwrap()
        };
        // Codes 0..6: 1 and 4 pair up, the others are their own partners.
        let paired = puzzle(false).with_partners(vec![0, 4, 2, 3, 1, 5]).unwrap();
        assert_eq!((paired.partner(1), paired.partner(4), paired.partner(2)), (4, 1, 2));
        assert_eq!(paired.n_colours(), 6, "codes up to the table's length");
        assert!(!paired.equal_colours());
        // The identity is no table at all.
        let plain = puzzle(false).with_partners(vec![0, 1, 2, 3]).unwrap();
        assert!(plain.equal_colours() && plain == puzzle(false));
        let err = |code, partner| Err(PuzzleError::Partners { code, partner });
        assert_eq!(puzzle(false).with_partners(vec![1, 2, 0, 3]), err(0, 1), "not an involution");
        assert_eq!(puzzle(false).with_partners(vec![0, 1, 2, 7]), err(3, 7), "out of range");
        assert_eq!(puzzle(false).with_partners(vec![0, 1, 2]), err(3, 3), "a code without a partner");
        assert_eq!(puzzle(true).with_partners(vec![1, 0, 2, 3]), err(0, 1), "the frame pairs with itself");
    }

    #[test]
    fn specs_are_validated() {
        let spec =
            |rows, cols, n| PuzzleSpec { rows, cols, pieces: vec![[1, 1, 1, 1]; n], framed: false, rotate: true };
        assert!(Puzzle::try_from(spec(2, 2, 4)).is_ok());
        assert_eq!(Puzzle::try_from(spec(2, 2, 3)), Err(PuzzleError::WrongPieceCount { rows: 2, cols: 2, pieces: 3 }));
        assert!(matches!(Puzzle::try_from(spec(0, 2, 0)), Err(PuzzleError::BoardSize { .. })));
        let mut big = spec(1, 1, 1);
        big.pieces[0][2] = 2000;
        assert_eq!(Puzzle::try_from(big), Err(PuzzleError::ColourTooLarge { colour: 2000, max: 1023 }));
    }
}
