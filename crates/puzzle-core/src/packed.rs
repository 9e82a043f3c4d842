//! Boards packed into one `u128`: a fixed number of bits per cell, enough for the 24-puzzle.
//!
//! A 3×3 board is better ranked (see [`crate::rank`]); larger boards have too many states for a
//! dense table, and are hashed and compared as packed words instead.

/// A packed board: cell `i` holds the value in bits `i * bits .. (i + 1) * bits` of the word.
///
/// The bits per cell are fixed by the [`Packing`] that made the value; values made by different
/// packings must not be mixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct PackedTiles(u128);

impl PackedTiles {
    /// The raw word, for hashing or storing.
    ///
    /// ```
    /// use puzzle_core::Packing;
    ///
    /// // Four cells of two bits each, cell 0 in the lowest bits.
    /// let packing = Packing::for_cells(4).unwrap();
    /// assert_eq!(packing.pack(&[3, 0, 1, 2]).word(), 0b10_01_00_11);
    /// ```
    pub const fn word(self) -> u128 {
        self.0
    }
}

/// How the cells of a board of a given size are packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Packing {
    n_cells: usize,
    bits: u32,
}

impl Packing {
    /// The packing for boards of `n_cells` cells holding values `0..n_cells`, or `None` when
    /// they do not fit in 128 bits (more than 25 cells).
    ///
    /// ```
    /// use puzzle_core::Packing;
    ///
    /// assert_eq!(Packing::for_cells(9).unwrap().bits_per_cell(), 4);
    /// assert_eq!(Packing::for_cells(25).unwrap().bits_per_cell(), 5);
    /// // 26 cells of 5 bits need 130 bits.
    /// assert_eq!(Packing::for_cells(26), None);
    /// assert_eq!(Packing::for_cells(0), None);
    /// ```
    pub const fn for_cells(n_cells: usize) -> Option<Packing> {
        if n_cells == 0 {
            return None;
        }
        // Bits needed to hold the value n_cells - 1.
        let bits = usize::BITS - (n_cells - 1).leading_zeros();
        let bits = if bits == 0 { 1 } else { bits };
        if n_cells * bits as usize > 128 {
            return None;
        }
        Some(Packing { n_cells, bits })
    }

    /// The number of cells.
    ///
    /// ```
    /// use puzzle_core::Packing;
    ///
    /// assert_eq!(Packing::for_cells(16).unwrap().n_cells(), 16);
    /// ```
    pub const fn n_cells(self) -> usize {
        self.n_cells
    }

    /// Bits used by each cell.
    ///
    /// ```
    /// use puzzle_core::Packing;
    ///
    /// // Values 0..16 fit in 4 bits, values 0..17 need 5.
    /// assert_eq!(Packing::for_cells(16).unwrap().bits_per_cell(), 4);
    /// assert_eq!(Packing::for_cells(17).unwrap().bits_per_cell(), 5);
    /// ```
    pub const fn bits_per_cell(self) -> u32 {
        self.bits
    }

    const fn mask(self) -> u128 {
        (1u128 << self.bits) - 1
    }

    /// Packs `values` (exactly `n_cells` of them, each below `2^bits`).
    ///
    /// ```
    /// use puzzle_core::Packing;
    ///
    /// let packing = Packing::for_cells(9).unwrap();
    /// let goal = packing.pack(&[1, 2, 3, 4, 5, 6, 7, 8, 0]);
    /// assert_eq!(packing.get(goal, 0), 1);
    /// assert_eq!(packing.get(goal, 8), 0);
    /// assert_ne!(goal, packing.pack(&[1, 2, 3, 4, 5, 6, 7, 0, 8]));
    /// ```
    pub fn pack(self, values: &[u8]) -> PackedTiles {
        debug_assert_eq!(values.len(), self.n_cells);
        let mut word = 0u128;
        for (i, &value) in values.iter().enumerate() {
            word |= (value as u128 & self.mask()) << (i as u32 * self.bits);
        }
        PackedTiles(word)
    }

    /// The value of cell `cell_idx`.
    ///
    /// ```
    /// use puzzle_core::Packing;
    ///
    /// let packing = Packing::for_cells(4).unwrap();
    /// let packed = packing.pack(&[2, 0, 3, 1]);
    /// let values: Vec<u8> = (0..4).map(|cell| packing.get(packed, cell)).collect();
    /// assert_eq!(values, [2, 0, 3, 1]);
    /// ```
    pub const fn get(self, packed: PackedTiles, cell_idx: usize) -> u8 {
        ((packed.0 >> (cell_idx as u32 * self.bits)) & self.mask()) as u8
    }

    /// `packed` with cell `cell_idx` set to `value`.
    ///
    /// ```
    /// use puzzle_core::Packing;
    ///
    /// let packing = Packing::for_cells(4).unwrap();
    /// let packed = packing.set(packing.pack(&[0, 1, 2, 3]), 2, 0);
    /// assert_eq!(packed, packing.pack(&[0, 1, 0, 3]));
    /// ```
    pub const fn set(self, packed: PackedTiles, cell_idx: usize, value: u8) -> PackedTiles {
        let shift = cell_idx as u32 * self.bits;
        let cleared = packed.0 & !(self.mask() << shift);
        PackedTiles(cleared | ((value as u128 & self.mask()) << shift))
    }

    /// `packed` with the values of two cells exchanged.
    ///
    /// ```
    /// use puzzle_core::Packing;
    ///
    /// // The blank (0) slides left on a 2x2 board.
    /// let packing = Packing::for_cells(4).unwrap();
    /// let board = packing.pack(&[1, 2, 3, 0]);
    /// assert_eq!(packing.swap(board, 3, 2), packing.pack(&[1, 2, 0, 3]));
    /// assert_eq!(packing.swap(packing.swap(board, 3, 2), 3, 2), board);
    /// ```
    pub const fn swap(self, packed: PackedTiles, a: usize, b: usize) -> PackedTiles {
        let va = self.get(packed, a);
        let vb = self.get(packed, b);
        self.set(self.set(packed, a, vb), b, va)
    }

    /// Writes the values of all cells into `out` (`out.len() == n_cells`).
    ///
    /// ```
    /// use puzzle_core::Packing;
    ///
    /// let packing = Packing::for_cells(25).unwrap();
    /// let values: Vec<u8> = (0..25).rev().collect();
    /// let mut out = [0u8; 25];
    /// packing.unpack(packing.pack(&values), &mut out);
    /// assert_eq!(out[..], values[..]);
    /// ```
    pub fn unpack(self, packed: PackedTiles, out: &mut [u8]) {
        debug_assert_eq!(out.len(), self.n_cells);
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = self.get(packed, i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn check(n_cells: usize, expected_bits: Option<u32>) {
        assert_eq!(Packing::for_cells(n_cells).map(Packing::bits_per_cell), expected_bits, "{n_cells} cells");
    }

    #[test]
    fn bits_per_cell() {
        check(0, None);
        check(1, Some(1));
        check(4, Some(2));
        check(9, Some(4));
        check(16, Some(4));
        check(17, Some(5));
        check(25, Some(5));
        check(26, None);
    }

    proptest! {
        #[test]
        fn pack_unpack_round_trips(n_cells in 1usize..=25, seed in any::<u64>()) {
            let packing = Packing::for_cells(n_cells).unwrap();
            let mut values: Vec<u8> = (0..n_cells as u8).collect();
            // A cheap deterministic shuffle from the seed.
            let mut state = seed;
            for i in (1..values.len()).rev() {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                values.swap(i, (state >> 33) as usize % (i + 1));
            }
            let packed = packing.pack(&values);
            let mut back = vec![0; n_cells];
            packing.unpack(packed, &mut back);
            prop_assert_eq!(&back, &values);
            if n_cells >= 2 {
                let swapped = packing.swap(packed, 0, n_cells - 1);
                prop_assert_eq!(packing.get(swapped, 0), values[n_cells - 1]);
                prop_assert_eq!(packing.swap(swapped, 0, n_cells - 1), packed);
            }
        }
    }
}
