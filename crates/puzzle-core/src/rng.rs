//! The workspace's one seeded pseudo-random generator (SplitMix64), for everything that must
//! repeat on every machine: generated fixtures, estimator probes, restart orders, test inputs.
//!
//! It is written here rather than taken from a crate because its streams are part of our
//! fixtures and answers (the edge estimator's probes choose scan orders): a crate update must not
//! change them.

/// SplitMix64 (Steele, Lea and Flood 2014): a 64-bit state advanced by a constant and scrambled
/// on output. Fast and well mixed; not cryptographic and need not be.
///
/// ```
/// use puzzle_core::SplitMix64;
///
/// let mut a = SplitMix64::new(42);
/// let mut b = SplitMix64::new(42);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(6) < 6);
/// ```
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose stream depends only on `seed`.
    ///
    /// ```
    /// let mut rng = puzzle_core::SplitMix64::new(1_234_567);
    /// assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
    /// ```
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// let mut rng = puzzle_core::SplitMix64::new(7);
    /// let (x, y) = (rng.next_u64(), rng.next_u64());
    /// assert_ne!(x, y);
    /// ```
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound`, by multiply-shift (its bias is below 2^-64 × bound).
    ///
    /// # Panics
    /// When `bound` is 0: the range is empty.
    ///
    /// ```
    /// let mut rng = puzzle_core::SplitMix64::new(3);
    /// assert!((0..1000).all(|_| rng.below(10) < 10));
    /// ```
    pub fn below(&mut self, bound: usize) -> usize {
        assert!(bound > 0, "below(0) has no possible value");
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }

    /// One element of a non-empty slice.
    ///
    /// # Panics
    /// When `items` is empty.
    ///
    /// ```
    /// let mut rng = puzzle_core::SplitMix64::new(5);
    /// assert!([1, 2, 3].contains(rng.pick(&[1, 2, 3])));
    /// ```
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Shuffles `items` in place (Fisher–Yates).
    ///
    /// ```
    /// let mut items = [1, 2, 3, 4, 5];
    /// puzzle_core::SplitMix64::new(9).shuffle(&mut items);
    /// items.sort();
    /// assert_eq!(items, [1, 2, 3, 4, 5]);
    /// ```
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
