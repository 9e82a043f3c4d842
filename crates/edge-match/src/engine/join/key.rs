//! The key the two halves of a join meet on: the colours the bottom rows' first row must show
//! north (the boundary) and the pieces the bottom rows use, packed in one `u128` so that both
//! halves sort and merge as plain integers.
//!
//! In [`Mode::Pictures`] two pieces alike up to a turn are one piece to a picture, so the set
//! is canonical: of each class of look-alike pieces, the first ones (in input order) as many
//! as the set holds of that class. A picture of the bottom rows then meets every picture of the
//! top rows that leaves it the same multiset of pieces, whichever of the look-alikes each used.

use super::super::mode::Mode;
use crate::model::Puzzle;

/// How a key is packed: `bits` per colour of the boundary, cell `j` of the row at `j * bits`,
/// then the pieces from bit `shift` on (piece `p` at `shift + p`).
#[derive(Clone, Debug)]
pub(crate) struct KeyLayout {
    bits: u32,
    shift: u32,
    /// Every piece, one bit each (not shifted).
    all: u128,
    /// In [`Mode::Pictures`], per class of more than one look-alike piece: the class's pieces,
    /// and for each count `n` the set of its first `n` pieces.
    classes: Vec<(u128, Vec<u128>)>,
}

impl KeyLayout {
    /// The layout for rows of `puzzle.cols()` cells in `mode`, or `None` when a key would not
    /// fit 128 bits (the colours' bits times the columns, plus one bit per piece).
    pub(crate) fn new(puzzle: &Puzzle, mode: Mode) -> Option<KeyLayout> {
        let keys = puzzle.n_colours() as u32 + 1;
        let bits = u32::BITS - (keys - 1).leading_zeros();
        let shift = bits.max(1) * puzzle.cols() as u32;
        let pieces = puzzle.pieces().len() as u32;
        if shift + pieces > 128 || pieces == 0 {
            return None;
        }
        let all = if pieces == 128 { u128::MAX } else { (1u128 << pieces) - 1 };
        let mut classes = Vec::new();
        if mode == Mode::Pictures {
            let turns: &[u8] = if puzzle.rotate() { &[0, 1, 2, 3] } else { &[0] };
            let shape = |piece: usize| turns.iter().map(|&t| puzzle.oriented(piece, t)).min();
            let mut seen = vec![false; pieces as usize];
            for first in 0..pieces as usize {
                if seen[first] {
                    continue;
                }
                let members: Vec<usize> = (first..pieces as usize).filter(|&p| shape(p) == shape(first)).collect();
                members.iter().for_each(|&p| seen[p] = true);
                if members.len() > 1 {
                    let mut prefixes = vec![0u128];
                    for &p in &members {
                        prefixes.push(prefixes.last().copied().unwrap_or(0) | 1 << p);
                    }
                    classes.push((prefixes[members.len()], prefixes));
                }
            }
        }
        Some(KeyLayout { bits: bits.max(1), shift, all, classes })
    }

    /// The boundary's part of a key: colour `colour` at cell `col` of the row.
    #[inline(always)]
    pub(crate) fn colour(&self, col: usize, colour: u32) -> u128 {
        u128::from(colour) << (col as u32 * self.bits)
    }

    /// The colour at cell `col` of a key's boundary.
    #[inline(always)]
    pub(crate) fn colour_of(&self, key: u128, col: usize) -> u32 {
        (key >> (col as u32 * self.bits)) as u32 & ((1 << self.bits) - 1)
    }

    /// The pieces' part of a key for the pieces in `set` (one bit each, not shifted).
    #[inline(always)]
    pub(crate) fn pieces(&self, mut set: u128) -> u128 {
        for (class, prefixes) in &self.classes {
            let n = (set & class).count_ones() as usize;
            set = set & !class | prefixes[n];
        }
        set << self.shift
    }

    /// Every piece, one bit each (not shifted).
    #[inline(always)]
    pub(crate) fn all(&self) -> u128 {
        self.all
    }
}
