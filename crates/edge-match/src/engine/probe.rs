//! What Knuth's probes (`estimate.rs`) read of an engine ([`Probe`]): the cells in order, the
//! candidates that fit a cell given the cells placed, and the look-ahead's question whether a
//! cell keeps a free piece. Both engines answer it, so that an order the row engine runs
//! (north and west first) is estimated on the tables its count then searches, and every other
//! order on the ordered engine's.
//!
//! For the same puzzle and order, both list the same candidates in the same order (piece,
//! then turn, of those the frame rules and the placed neighbours allow) with the same
//! look-alikes, so a probe makes the same random choices on either (`estimate/tests.rs`).

use super::mode::Mode;
use super::order::NO_NEIGHBOUR;
use super::ordered::OrderedEngine;
use super::pin::Pin;
use super::row::{Engine, NO_TWIN};
use crate::model::FRAME;

/// An engine the estimator probes: candidates are indices, `at_cell[cell]` the one placed on
/// a cell, `used` the pieces placed (64 to a word), and `pin` the corner pin of the search.
pub(super) trait Probe {
    /// The number of cells.
    fn n_cells(&self) -> usize;
    /// The rows and columns of the board.
    fn shape(&self) -> (usize, usize);
    /// The cell filled at `depth`.
    fn cell_at(&self, depth: usize) -> usize;
    /// The piece of candidate `index`.
    fn piece_of(&self, index: u32) -> usize;
    /// Words of a used set.
    fn words(&self) -> usize;
    /// The candidates that fit cell `depth` of the order given the placements in `at_cell`,
    /// free in `used`, allowed there by `pin`, and (in [`Mode::Pictures`]) without a free
    /// earlier look-alike: calls `found` with each, in the list's order.
    fn children(&self, depth: usize, at_cell: &[u32], used: &[u64], mode: Mode, pin: Pin, found: impl FnMut(u32));
    /// Whether some free piece other than `skip`, allowed at `cell` by `pin`, fits `cell`'s
    /// north and west neighbours among those `placed` (any colour on the others).
    fn any_fit(&self, cell: usize, at_cell: &[u32], placed: &[bool], used: &[u64], skip: usize, pin: Pin) -> bool;
}

impl Probe for OrderedEngine {
    fn n_cells(&self) -> usize {
        OrderedEngine::n_cells(self)
    }
    fn shape(&self) -> (usize, usize) {
        OrderedEngine::shape(self)
    }
    fn cell_at(&self, depth: usize) -> usize {
        OrderedEngine::cell_at(self, depth)
    }
    fn piece_of(&self, index: u32) -> usize {
        OrderedEngine::piece_of(self, index)
    }
    fn words(&self) -> usize {
        OrderedEngine::words(self)
    }
    fn children(&self, depth: usize, at_cell: &[u32], used: &[u64], mode: Mode, pin: Pin, found: impl FnMut(u32)) {
        OrderedEngine::children(self, depth, at_cell, used, mode, pin, found);
    }
    fn any_fit(&self, cell: usize, at_cell: &[u32], placed: &[bool], used: &[u64], skip: usize, pin: Pin) -> bool {
        OrderedEngine::any_fit(self, cell, at_cell, placed, used, skip, pin)
    }
}

/// Whether `piece` is in the used set.
#[inline(always)]
fn is_used(used: &[u64], piece: usize) -> bool {
    used[piece / 64] >> (piece % 64) & 1 != 0
}

/// The row engine's lists as the fast loop reads them (`table[cell]`: the frame class, or a
/// clued cell's own), in the engine's order.
impl Probe for Engine {
    fn n_cells(&self) -> usize {
        self.cells
    }
    fn shape(&self) -> (usize, usize) {
        (self.cells / self.cols, self.cols)
    }
    fn cell_at(&self, depth: usize) -> usize {
        self.cell_at[depth] as usize
    }
    fn piece_of(&self, index: u32) -> usize {
        self.candidates[index as usize].piece()
    }
    fn words(&self) -> usize {
        self.puzzle.pieces().len().div_ceil(64).max(1)
    }
    fn children(&self, depth: usize, at_cell: &[u32], used: &[u64], mode: Mode, pin: Pin, mut found: impl FnMut(u32)) {
        let cell = self.cell_at[depth] as usize;
        let north = match self.north_at[depth] {
            NO_NEIGHBOUR => self.border_key,
            _ => self.candidates[at_cell[cell - self.cols] as usize].south(),
        };
        let west = match self.west_at[depth] {
            NO_NEIGHBOUR => self.border_key,
            _ => self.candidates[at_cell[cell - 1] as usize].east(),
        };
        let keys = self.keys as u32;
        let (start, end) = self.ranges[((self.table[cell] * keys + north) * keys + west) as usize];
        for index in start..end {
            let piece = self.candidates[index as usize].piece();
            if !pin.allows(cell, piece) || is_used(used, piece) {
                continue;
            }
            if mode == Mode::Pictures {
                let mut twin = self.twins[index as usize];
                while twin != NO_TWIN && is_used(used, self.candidates[twin as usize].piece()) {
                    twin = self.twins[twin as usize];
                }
                if twin != NO_TWIN {
                    continue;
                }
            }
            found(index);
        }
    }
    fn any_fit(&self, cell: usize, at_cell: &[u32], placed: &[bool], used: &[u64], skip: usize, pin: Pin) -> bool {
        let (cols, keys) = (self.cols, self.keys as u32);
        let framed = self.puzzle.framed();
        const { assert!(FRAME == 0, "the frame is key 0") };
        // A side's key: the border's, a placed neighbour's, or every key an inner side may
        // show (on a framed board, any but the frame's).
        let span = |neighbour: Option<usize>, side: fn(super::row::Candidate) -> u32| match neighbour {
            None => self.border_key..self.border_key + 1,
            Some(other) if placed[other] => {
                let key = side(self.candidates[at_cell[other] as usize]);
                key..key + 1
            }
            Some(_) => u32::from(framed)..keys,
        };
        let north = span((cell >= cols).then(|| cell - cols), |c| c.south());
        let west = span((cell % cols != 0).then(|| cell - 1), |c| c.east());
        north.into_iter().any(|n| {
            west.clone().any(|w| {
                let (start, end) = self.ranges[((self.table[cell] * keys + n) * keys + w) as usize];
                (start..end).any(|index| {
                    let piece = self.candidates[index as usize].piece();
                    piece != skip && !is_used(used, piece) && pin.allows(cell, piece)
                })
            })
        })
    }
}
