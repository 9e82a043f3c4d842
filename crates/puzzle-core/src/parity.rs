//! Parity of permutations, the invariant that decides sliding-puzzle solvability.

/// Whether a permutation is a product of an even or an odd number of transpositions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parity {
    /// An even number of transpositions.
    Even,
    /// An odd number of transpositions.
    Odd,
}

impl Parity {
    /// The parity of the number `n`.
    ///
    /// ```
    /// use puzzle_core::Parity;
    ///
    /// assert_eq!(Parity::of(4), Parity::Even);
    /// assert_eq!(Parity::of(7), Parity::Odd);
    /// ```
    pub const fn of(n: usize) -> Parity {
        if n % 2 == 0 {
            Parity::Even
        } else {
            Parity::Odd
        }
    }
}

/// The parity of `perm`, a permutation of `0..perm.len()`.
///
/// Computed from the cycle decomposition in linear time: a cycle of length `k` is `k - 1`
/// transpositions. The caller guarantees that `perm` is a permutation.
///
/// ```
/// use puzzle_core::{permutation_parity, Parity};
///
/// assert_eq!(permutation_parity(&[0u8, 1, 2]), Parity::Even);
/// assert_eq!(permutation_parity(&[1u8, 0, 2]), Parity::Odd);
/// // A 3-cycle is two transpositions.
/// assert_eq!(permutation_parity(&[1u8, 2, 0]), Parity::Even);
/// // Beyond 64 elements too: one swap of a long identity.
/// let mut long: Vec<u32> = (0..100).collect();
/// long.swap(3, 90);
/// assert_eq!(permutation_parity(&long), Parity::Odd);
/// ```
pub fn permutation_parity<T: Copy + Into<u64>>(perm: &[T]) -> Parity {
    let mut transpositions = 0;
    if perm.len() <= 64 {
        // Small permutations (every board of the optimal solvers) keep the visited set in a
        // register instead of allocating it.
        let mut visited = 0u64;
        for start in 0..perm.len() {
            let mut at = start;
            let mut cycle_len = 0;
            while visited & (1 << at) == 0 {
                visited |= 1 << at;
                at = perm[at].into() as usize;
                cycle_len += 1;
            }
            transpositions += cycle_len.max(1) - 1;
        }
        return Parity::of(transpositions);
    }
    let mut visited = vec![false; perm.len()];
    for start in 0..perm.len() {
        let mut at = start;
        let mut cycle_len = 0;
        while !visited[at] {
            visited[at] = true;
            at = perm[at].into() as usize;
            cycle_len += 1;
        }
        transpositions += cycle_len.max(1) - 1;
    }
    Parity::of(transpositions)
}

/// The number of pairs `i < j` with `values[i] > values[j]`.
///
/// ```
/// use puzzle_core::{inversions, permutation_parity, Parity};
///
/// assert_eq!(inversions(&[1, 2, 3]), 0);
/// assert_eq!(inversions(&[3, 1, 2]), 2);
/// assert_eq!(inversions(&[3, 2, 1]), 3);
/// // The parity of the inversions is the parity of the permutation.
/// let perm = [2u8, 0, 3, 1];
/// assert_eq!(Parity::of(inversions(&perm)), permutation_parity(&perm));
/// ```
pub fn inversions<T: Copy + Ord>(values: &[T]) -> usize {
    let mut count = 0;
    for (i, &a) in values.iter().enumerate() {
        count += values[i + 1..].iter().filter(|&&b| b < a).count();
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn check(perm: &[u32], expected: Parity) {
        assert_eq!(permutation_parity(perm), expected, "{perm:?}");
    }

    #[test]
    fn known_parities() {
        check(&[], Parity::Even);
        check(&[0], Parity::Even);
        check(&[0, 1, 2], Parity::Even);
        check(&[1, 0, 2], Parity::Odd);
        check(&[1, 2, 0], Parity::Even);
        check(&[3, 2, 1, 0], Parity::Even);
        check(&[1, 2, 3, 0], Parity::Odd);
    }

    #[test]
    fn inversion_counts() {
        assert_eq!(inversions::<u8>(&[]), 0);
        assert_eq!(inversions(&[1, 2, 3]), 0);
        assert_eq!(inversions(&[3, 2, 1]), 3);
        assert_eq!(inversions(&[8, 6, 7]), 2);
    }

    proptest! {
        #[test]
        fn cycle_parity_equals_inversion_parity(perm in Just((0u8..14).collect::<Vec<_>>()).prop_shuffle()) {
            prop_assert_eq!(permutation_parity(&perm), Parity::of(inversions(&perm)));
        }

        #[test]
        fn large_permutations_too(perm in Just((0u32..100).collect::<Vec<_>>()).prop_shuffle()) {
            prop_assert_eq!(permutation_parity(&perm), Parity::of(inversions(&perm)));
        }
    }
}
