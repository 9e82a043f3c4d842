//! The corner pin of a count of pictures as a filter on cells ([`Pin`]): which piece may go on
//! which cell in each of the searches the count reduces to through the board's turns
//! (`symmetry.rs`). The estimator applies it as it probes one order's unpinned tables, so that
//! one build of them serves every corner it probes; the ordered engine builds its count's
//! searches with it.

/// One search of a count with a corner piece pinned: at most one cell that takes only that
/// piece and one that never takes it. Every other cell takes any piece. Made only from a corner
/// piece unlike every other ([`Pin::searches`]), so the pin never separates a candidate from
/// a look-alike: filtering a list by it leaves every look-alike chain as a build of the list
/// without those pieces would make it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Pin {
    /// (cell, piece): the cell takes only the piece.
    only: Option<(usize, usize)>,
    /// (cell, piece): the cell never takes the piece.
    never: Option<(usize, usize)>,
}

impl Pin {
    /// No pin: the whole tree.
    pub(super) const NONE: Pin = Pin { only: None, never: None };

    /// The searches of a count of the pictures of a `rows` × `cols` board with `corner` (a
    /// corner piece unlike every other) pinned: that piece top-left, and on an oblong board a
    /// second search with it top-right (and not top-left).
    pub(super) fn searches(corner: usize, rows: usize, cols: usize) -> Vec<Pin> {
        let mut pins = vec![Pin { only: Some((0, corner)), never: None }];
        if rows != cols {
            pins.push(Pin { only: Some((cols - 1, corner)), never: Some((0, corner)) });
        }
        pins
    }

    /// Whether `piece` may go on `cell`.
    #[inline(always)]
    pub(super) fn allows(self, cell: usize, piece: usize) -> bool {
        self.only.is_none_or(|(at, only)| at != cell || only == piece)
            && self.never.is_none_or(|(at, never)| at != cell || never != piece)
    }
}
