//! A tiny seeded pseudo-random generator (SplitMix64) so that generated fixtures are reproducible.

/// SplitMix64: a 64-bit state advanced by a constant and scrambled on output.
///
/// It is not cryptographic and need not be; it only has to give the same stream for the same seed
/// on every machine, which is why the fixtures do not use an external `rand` crate whose streams
/// may change between versions.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose stream depends only on `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound`; `bound` must be positive.
    pub fn below(&mut self, bound: usize) -> usize {
        assert!(bound > 0, "below(0) has no possible value");
        // Multiply-shift maps 64 random bits onto the range; its bias is far below anything a
        // fixture generator could notice.
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for last in (1..items.len()).rev() {
            let other = self.below(last + 1);
            items.swap(last, other);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    #[test]
    fn matches_the_reference_stream() {
        // The first outputs of SplitMix64 seeded with 1234567, as published with the algorithm.
        let mut rng = SplitMix64::new(1_234_567);
        let expected: [u64; 3] = [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423];
        for want in expected {
            assert_eq!(rng.next_u64(), want);
        }
    }

    #[test]
    fn below_stays_in_range_and_shuffle_is_a_permutation() {
        let mut rng = SplitMix64::new(7);
        for bound in 1..50 {
            assert!(rng.below(bound) < bound);
        }
        let mut items: Vec<u32> = (0..20).collect();
        rng.shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..20).collect::<Vec<u32>>());
    }
}
