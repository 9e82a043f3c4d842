//! Lexicographic ranks of permutations: a 3×3 board becomes a number in `0..9!`.
//!
//! The rank of a permutation of `0..n` is its index in the lexicographic order of all `n!`
//! permutations (the Lehmer code read as a factorial-base number). Ranks fit in a `u64` for
//! `n <= 20`.

/// The largest `n` whose permutations can be ranked into a `u64`.
const MAX_RANKED_LEN: usize = 20;

/// `n!` for `n` in `0..=20`.
const FACTORIALS: [u64; MAX_RANKED_LEN + 1] = {
    let mut table = [1u64; MAX_RANKED_LEN + 1];
    let mut n = 2;
    while n <= MAX_RANKED_LEN {
        table[n] = table[n - 1] * n as u64;
        n += 1;
    }
    table
};

/// `n!`, for `n <= 20`.
///
/// ```
/// use puzzle_core::factorial;
///
/// assert_eq!(factorial(0), 1);
/// assert_eq!(factorial(9), 362_880);
/// assert_eq!(factorial(20), 2_432_902_008_176_640_000);
/// ```
pub const fn factorial(n: usize) -> u64 {
    FACTORIALS[n]
}

/// The lexicographic rank of a permutation of `0..len` packed four bits per element, element `i`
/// in bits `4 * i .. 4 * i + 4` (`len <= 16`), computed without unpacking it.
///
/// ```
/// use puzzle_core::{factorial, rank_nibbles};
///
/// // [1, 0, 2], element i in nibble i: the third of 012, 021, 102, ...
/// assert_eq!(rank_nibbles(0x201, 3), 2);
/// // [3, 0, 2, 1]: 3 smaller values unused before the first element (3 × 3!), none before the
/// // second, one (1) before the third (1 × 1!).
/// let perm = [3u8, 0, 2, 1];
/// let word = perm.iter().enumerate().fold(0u64, |word, (i, &v)| word | u64::from(v) << (4 * i));
/// assert_eq!(rank_nibbles(word, 4), 3 * factorial(3) + factorial(1));
/// ```
pub fn rank_nibbles(word: u64, len: usize) -> u64 {
    debug_assert!(len <= 16);
    // Nibble k of `used_below` counts the values already seen that are smaller than k. Keeping
    // the counts this way avoids a population count, which is a slow software routine on the
    // baseline x86-64 target.
    const ONES: u64 = 0x1111_1111_1111_1111;
    let mut used_below = 0u64;
    let mut rank = 0u64;
    // The last element never adds to the rank: no unused value is smaller than it.
    for i in 0..len.saturating_sub(1) {
        let value = (word >> (4 * i)) & 0xf;
        let smaller_unused = value - ((used_below >> (4 * value)) & 0xf);
        rank += smaller_unused * FACTORIALS[len - 1 - i];
        // Every count above `value` grows by one; the second shift drops the carry past nibble 15.
        used_below += (ONES << (4 * value)) << 4;
    }
    rank
}

/// The lexicographic rank of `perm`, a permutation of `0..perm.len()` (`len <= 20`), one element
/// at a time: the oracle [`rank_nibbles`] is tested against, which nothing else needs.
#[cfg(test)]
fn rank_permutation(perm: &[u8]) -> u64 {
    debug_assert!(perm.len() <= MAX_RANKED_LEN);
    let n = perm.len();
    let mut rank = 0u64;
    // `seen` marks values already used by earlier positions; the digit of position i is the
    // number of smaller values still unused.
    let mut seen: u32 = 0;
    for (i, &value) in perm.iter().enumerate() {
        let below = (1u32 << value) - 1;
        let smaller_unused = value as u32 - (seen & below).count_ones();
        rank = rank.wrapping_add((smaller_unused as u64).wrapping_mul(factorial(n - 1 - i)));
        seen |= 1 << value;
    }
    rank
}

/// The permutation of `0..n` with lexicographic rank `rank` (`rank < n!`, `n <= 20`), written
/// into `out` (`out.len() == n`): with [`rank_permutation`], the round trip the tests check.
#[cfg(test)]
fn unrank_permutation(mut rank: u64, out: &mut [u8]) {
    let n = out.len();
    debug_assert!(n <= MAX_RANKED_LEN);
    let mut unused: u32 = if n == 0 { 0 } else { u32::MAX >> (32 - n) };
    for (i, slot) in out.iter_mut().enumerate() {
        let weight = factorial(n - 1 - i);
        let digit = (rank / weight) as u32;
        rank %= weight;
        // Pick the `digit`-th smallest value still unused.
        let mut bits = unused;
        for _ in 0..digit {
            bits &= bits - 1;
        }
        let value = bits.trailing_zeros();
        *slot = value as u8;
        unused &= !(1 << value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn check(perm: &[u8], expected: u64) {
        assert_eq!(rank_permutation(perm), expected, "{perm:?}");
        let mut back = vec![0; perm.len()];
        unrank_permutation(expected, &mut back);
        assert_eq!(back, perm);
    }

    #[test]
    fn known_ranks() {
        check(&[], 0);
        check(&[0], 0);
        check(&[0, 1, 2], 0);
        check(&[0, 2, 1], 1);
        check(&[1, 0, 2], 2);
        check(&[2, 1, 0], 5);
        check(&[0, 1, 2, 3, 4, 5, 6, 7, 8], 0);
        check(&[8, 7, 6, 5, 4, 3, 2, 1, 0], factorial(9) - 1);
        // Digit 1 in every position but the last: 8! + 7! + ... + 1!.
        check(&[1, 2, 3, 4, 5, 6, 7, 8, 0], (1..=8).map(factorial).sum());
        check(&[0, 8, 7, 6, 5, 4, 3, 2, 1], factorial(8) - 1);
    }

    #[test]
    fn factorials() {
        assert_eq!(factorial(0), 1);
        assert_eq!(factorial(9), 362_880);
        assert_eq!(factorial(20), 2_432_902_008_176_640_000);
    }

    #[test]
    fn all_ranks_of_four_are_lexicographic() {
        // Enumerate permutations of 0..4 in lexicographic order by brute force.
        let mut expected_rank = 0;
        for a in 0..4u8 {
            for b in 0..4u8 {
                for c in 0..4u8 {
                    for d in 0..4u8 {
                        let perm = [a, b, c, d];
                        let mut sorted = perm;
                        sorted.sort_unstable();
                        if sorted == [0, 1, 2, 3] {
                            check(&perm, expected_rank);
                            expected_rank += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(expected_rank, 24);
    }

    proptest! {
        #[test]
        fn packed_rank_equals_rank(perm in Just((0u8..16).collect::<Vec<_>>()).prop_shuffle(), len in 0usize..=16) {
            // Re-number the first `len` elements to a permutation of 0..len, keeping their order.
            let mut prefix: Vec<u8> = perm.iter().copied().filter(|&v| (v as usize) < len).collect();
            prefix.truncate(len);
            let word = prefix.iter().enumerate().fold(0u64, |acc, (i, &v)| acc | (u64::from(v) << (4 * i)));
            prop_assert_eq!(rank_nibbles(word, len), rank_permutation(&prefix));
        }

        #[test]
        fn rank_round_trips(perm in Just((0u8..12).collect::<Vec<_>>()).prop_shuffle()) {
            let rank = rank_permutation(&perm);
            prop_assert!(rank < factorial(perm.len()));
            let mut back = vec![0; perm.len()];
            unrank_permutation(rank, &mut back);
            prop_assert_eq!(back, perm);
        }

        #[test]
        fn unrank_round_trips(rank in 0..factorial(20)) {
            let mut perm = [0u8; 20];
            unrank_permutation(rank, &mut perm);
            prop_assert_eq!(rank_permutation(&perm), rank);
        }
    }
}
