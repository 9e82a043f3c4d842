//! The workspace's one checksum: the 64-bit XXH3 hash (the `xxhash-rust` crate), with which
//! work units, checkpoints, split searches and the results of work units name what they belong
//! to, and pattern-database files and compressed paths check that their bytes came back. It
//! guards against mixing up runs and damaged files, not against attackers.

use xxhash_rust::xxh3::{xxh3_64, Xxh3};

/// The 64-bit XXH3 hash of `bytes` (seed 0).
///
/// ```
/// use puzzle_core::fingerprint::fingerprint;
/// // The published XXH3-64 values of the empty string and of "a".
/// assert_eq!(fingerprint(b""), 0x2d06_8005_38d3_94c2);
/// assert_eq!(fingerprint(b"a"), 0xe6c6_32b6_1e96_4e1f);
/// ```
pub fn fingerprint(bytes: &[u8]) -> u64 {
    xxh3_64(bytes)
}

/// [`fingerprint()`] fed in pieces, for text written as it is made (a path of millions of
/// moves): the hash of the pieces is that of their concatenation.
///
/// ```
/// use puzzle_core::fingerprint::Fingerprint;
/// let mut pieces = Fingerprint::new();
/// pieces.update(b"foo");
/// pieces.update(b"bar");
/// assert_eq!(pieces.finish(), puzzle_core::fingerprint::fingerprint(b"foobar"));
/// ```
#[derive(Clone)]
pub struct Fingerprint(Box<Xxh3>);

impl Fingerprint {
    /// The hash of nothing yet.
    pub fn new() -> Fingerprint {
        Fingerprint(Box::new(Xxh3::new()))
    }

    /// Feeds `bytes` after those fed before.
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// The hash of everything fed.
    pub fn finish(&self) -> u64 {
        self.0.digest()
    }
}

impl Default for Fingerprint {
    fn default() -> Fingerprint {
        Fingerprint::new()
    }
}

impl std::fmt::Debug for Fingerprint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Fingerprint({:016x})", self.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::{fingerprint, Fingerprint};

    #[test]
    fn pieces_hash_as_their_concatenation_wherever_they_are_cut() {
        let text: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        for cut in [0, 1, 15, 16, 17, 239, 240, 241, 500, 999, 1000] {
            let mut pieces = Fingerprint::new();
            pieces.update(&text[..cut]);
            pieces.update(&text[cut..]);
            assert_eq!(pieces.finish(), fingerprint(&text), "cut at {cut}");
        }
    }
}
