//! A fingerprint of text: the 64-bit FNV-1a hash, with which work units, checkpoints and split
//! searches name the puzzle they belong to. It guards against mixing up runs, not against
//! attackers.

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
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}
