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
    pub const fn n_cells(self) -> usize {
        self.n_cells
    }

    /// Bits used by each cell.
    pub const fn bits_per_cell(self) -> u32 {
        self.bits
    }

    const fn mask(self) -> u128 {
        (1u128 << self.bits) - 1
    }

    /// Packs `values` (exactly `n_cells` of them, each below `2^bits`).
    pub fn pack(self, values: &[u8]) -> PackedTiles {
        debug_assert_eq!(values.len(), self.n_cells);
        let mut word = 0u128;
        for (i, &value) in values.iter().enumerate() {
            word |= (value as u128 & self.mask()) << (i as u32 * self.bits);
        }
        PackedTiles(word)
    }

    /// The value of cell `cell_idx`.
    pub const fn get(self, packed: PackedTiles, cell_idx: usize) -> u8 {
        ((packed.0 >> (cell_idx as u32 * self.bits)) & self.mask()) as u8
    }

    /// `packed` with cell `cell_idx` set to `value`.
    pub const fn set(self, packed: PackedTiles, cell_idx: usize, value: u8) -> PackedTiles {
        let shift = cell_idx as u32 * self.bits;
        let cleared = packed.0 & !(self.mask() << shift);
        PackedTiles(cleared | ((value as u128 & self.mask()) << shift))
    }

    /// `packed` with the values of two cells exchanged.
    pub const fn swap(self, packed: PackedTiles, a: usize, b: usize) -> PackedTiles {
        let va = self.get(packed, a);
        let vb = self.get(packed, b);
        self.set(self.set(packed, a, vb), b, va)
    }

    /// Writes the values of all cells into `out` (`out.len() == n_cells`).
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
