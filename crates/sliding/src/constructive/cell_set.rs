//! A set of cells, one bit each: the fixed cells the blank must not enter, asked about at every
//! step of a tile. A 1000×1000 board's set takes 128 KB and stays in the processor's
//! second-level cache, where a byte a cell (1 MB) did not: a step down a column reads a new row,
//! and that read was a miss.

/// Cells `0..n`, each in the set or not.
#[derive(Clone, Debug)]
pub(super) struct CellSet {
    words: Vec<u64>,
}

impl CellSet {
    /// The empty set of cells `0..n`.
    pub(super) fn new(n: usize) -> CellSet {
        CellSet { words: vec![0; n.div_ceil(64)] }
    }

    /// Whether `cell` is in the set.
    #[inline(always)]
    pub(super) fn contains(&self, cell: usize) -> bool {
        self.words[cell / 64] >> (cell % 64) & 1 != 0
    }

    /// Puts `cell` in the set (`true`) or takes it out.
    #[inline]
    pub(super) fn set(&mut self, cell: usize, fixed: bool) {
        let bit = 1u64 << (cell % 64);
        if fixed {
            self.words[cell / 64] |= bit;
        } else {
            self.words[cell / 64] &= !bit;
        }
    }
}

#[cfg(test)]
mod tests {
    use puzzle_core::SplitMix64;

    use super::CellSet;

    /// The set says what a plain vector of flags says, after any changes, at the ends of its
    /// words and past the last whole word.
    #[test]
    fn agrees_with_a_vector_of_flags() {
        let mut rng = SplitMix64::new(3);
        for n in [1, 63, 64, 65, 130, 1000] {
            let (mut set, mut flags) = (CellSet::new(n), vec![false; n]);
            for _ in 0..4 * n {
                let (cell, fixed) = (rng.below(n), rng.below(2) == 0);
                set.set(cell, fixed);
                flags[cell] = fixed;
                let probe = rng.below(n);
                assert_eq!(set.contains(probe), flags[probe], "cell {probe} of {n}");
            }
            assert!((0..n).all(|cell| set.contains(cell) == flags[cell]), "{n} cells");
        }
    }
}
