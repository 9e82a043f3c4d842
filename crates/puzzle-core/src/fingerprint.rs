//! A fingerprint of text: the 64-bit FNV-1a hash, with which work units, checkpoints, split
//! searches and the results of work units name what they belong to. It guards against mixing up
//! runs and damaged files, not against attackers.

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
