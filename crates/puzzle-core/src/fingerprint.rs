//! The workspace's one checksum: the 64-bit XXH3 hash (the `xxhash-rust` crate), with which
//! work units, checkpoints, split searches and the results of work units name what they belong
//! to, and pattern-database files and compressed paths check that their bytes came back. It
//! guards against mixing up runs and damaged files, not against attackers.

use xxhash_rust::xxh3::{xxh3_64, Xxh3};

/// The 64-bit XXH3 hash of `bytes` (seed 0).
///
/// ```
/// use puzzle_core::fingerprint;
/// // The published XXH3-64 values of the empty string and of "a".
/// assert_eq!(fingerprint(b""), 0x2d06_8005_38d3_94c2);
/// assert_eq!(fingerprint(b"a"), 0xe6c6_32b6_1e96_4e1f);
/// ```
pub fn fingerprint(bytes: &[u8]) -> u64 {
    xxh3_64(bytes)
}

/// [`fingerprint`] fed in pieces, for text written as it is made (a path of millions of
/// moves): the hash of the pieces is that of their concatenation.
///
/// ```
/// use puzzle_core::fingerprint::Fingerprint;
/// let mut pieces = Fingerprint::new();
/// pieces.update(b"foo");
/// pieces.update(b"bar");
/// assert_eq!(pieces.finish(), puzzle_core::fingerprint(b"foobar"));
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

// TEMPORARY until the callers move to `fingerprint` (issue 50's merge).
/// The 64-bit FNV-1a hash of `bytes`.
///
/// ```
/// use puzzle_core::fnv1a;
/// // The published FNV-1a test vectors: the empty string is the offset basis.
/// assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
/// assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
/// assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
/// ```
pub fn fnv1a(bytes: &[u8]) -> u64 {
    Fnv1a::new().update(bytes).finish()
}

/// [`fnv1a`] fed in pieces, for text written as it is made (a path of millions of moves):
/// the hash of the pieces is that of their concatenation.
///
/// ```
/// use puzzle_core::fingerprint::Fnv1a;
/// assert_eq!(Fnv1a::new().update(b"foo").update(b"bar").finish(), puzzle_core::fnv1a(b"foobar"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv1a(u64);

impl Fnv1a {
    /// The hash of nothing yet (the offset basis).
    pub fn new() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }

    /// Feeds `bytes` after those fed before.
    pub fn update(self, bytes: &[u8]) -> Fnv1a {
        Fnv1a(bytes.iter().fold(self.0, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)))
    }

    /// The hash of everything fed.
    pub fn finish(self) -> u64 {
        self.0
    }
}

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a::new()
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
