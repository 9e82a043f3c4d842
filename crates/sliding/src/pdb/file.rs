//! The on-disk form of a pattern database: one header line naming the table and a checksum, then
//! the entries, two per byte.
//!
//! ```text
//! puzzle-pdb v1 rows=4 cols=4 blank=0 tiles=1,2,3,4,5,6,7 entries=57657600 checksum=0123456789abcdef
//! <entries / 2 bytes>
//! ```
//!
//! A file is used only when every header field matches the table wanted and the checksum of the
//! bytes matches the header; anything else is an error, and the caller rebuilds.

use std::io::Read;

use thiserror::Error;

use super::{PatternDb, PatternKey};

/// The format version, part of the header and of cache file names. Bump it whenever the meaning
/// of the bytes changes.
pub(super) const VERSION: u32 = 1;

const MAGIC: &str = "puzzle-pdb";

/// Why bytes are not the table wanted.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FileError {
    /// No header line, or one that does not parse.
    #[error("not a pattern database file (bad header)")]
    BadHeader,
    /// Another format version.
    #[error("format version {found}, expected {expected}")]
    Version {
        /// Version in the file.
        found: String,
        /// Version this program writes.
        expected: u32,
    },
    /// The header names another table.
    #[error("the file holds {found}, not {expected}")]
    OtherTable {
        /// What the header names.
        found: String,
        /// What was wanted.
        expected: String,
    },
    /// The data is shorter or longer than the header says.
    #[error("expected {expected} bytes of entries, found {found}")]
    Length {
        /// Bytes expected.
        expected: usize,
        /// Bytes present.
        found: usize,
    },
    /// The data does not match its checksum.
    #[error("checksum mismatch: the file is corrupt")]
    Checksum,
    /// The file could not be read to its end.
    #[error("cannot read it: {0}")]
    Read(String),
}

/// FNV-1a over 64-bit little-endian words, then the length: fast, and enough to catch truncation
/// and stray bytes (this guards against accidents, not attackers).
fn checksum(bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut words = bytes.chunks_exact(8);
    for word in words.by_ref() {
        let word = u64::from_le_bytes(word.try_into().unwrap_or_else(|_| unreachable!("chunks of 8")));
        hash = (hash ^ word).wrapping_mul(PRIME);
    }
    for &byte in words.remainder() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(PRIME);
    }
    (hash ^ bytes.len() as u64).wrapping_mul(PRIME)
}

fn describe(key: &PatternKey) -> String {
    let tiles: Vec<String> = key.tiles().iter().map(u8::to_string).collect();
    format!(
        "rows={} cols={} blank={} tiles={} entries={}",
        key.rows(),
        key.cols(),
        key.blank(),
        tiles.join(","),
        key.entries()
    )
}

impl PatternDb {
    /// The header line of the file form, newline included; the file is this line followed by
    /// [`PatternDb::nibbles`].
    pub fn header(&self) -> String {
        format!("{MAGIC} v{VERSION} {} checksum={:016x}\n", describe(&self.key), checksum(&self.nibbles))
    }

    /// Reads the file form of the table for `key`, checking the header against `key` and the data
    /// against the checksum.
    pub fn from_file_bytes(key: &PatternKey, bytes: Vec<u8>) -> Result<PatternDb, FileError> {
        PatternDb::read(key, &mut bytes.as_slice())
    }

    /// Reads the file form of the table for `key` from `reader` (a file, say), as
    /// [`PatternDb::from_file_bytes`] does, straight into the table's memory: the entries are
    /// read once, never copied.
    pub fn read(key: &PatternKey, reader: &mut impl Read) -> Result<PatternDb, FileError> {
        let io = |err: std::io::Error| FileError::Read(err.to_string());
        let mut header = Vec::with_capacity(256);
        let mut byte = [0u8; 1];
        loop {
            if header.len() == 4096 {
                return Err(FileError::BadHeader);
            }
            match reader.read(&mut byte) {
                Ok(0) => return Err(FileError::BadHeader),
                Ok(_) if byte[0] == b'\n' => break,
                Ok(_) => header.push(byte[0]),
                Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
                Err(err) => return Err(io(err)),
            }
        }
        let header = std::str::from_utf8(&header).map_err(|_| FileError::BadHeader)?;
        let mut fields = header.split(' ');
        if fields.next() != Some(MAGIC) {
            return Err(FileError::BadHeader);
        }
        let version = fields.next().ok_or(FileError::BadHeader)?;
        if version != format!("v{VERSION}") {
            return Err(FileError::Version { found: version.to_owned(), expected: VERSION });
        }
        let rest: Vec<&str> = fields.collect();
        let (checksum_field, table) = rest.split_last().ok_or(FileError::BadHeader)?;
        let stored = checksum_field
            .strip_prefix("checksum=")
            .and_then(|hex| u64::from_str_radix(hex, 16).ok())
            .ok_or(FileError::BadHeader)?;
        let table = table.join(" ");
        let expected = describe(key);
        if table != expected {
            return Err(FileError::OtherTable { found: table, expected });
        }
        let length = key.entries().div_ceil(2);
        let mut nibbles = Vec::with_capacity(length + 1);
        let found = reader.take(length as u64 + 1).read_to_end(&mut nibbles).map_err(io)?;
        if found != length {
            return Err(FileError::Length { expected: length, found });
        }
        if checksum(&nibbles) != stored {
            return Err(FileError::Checksum);
        }
        Ok(PatternDb { key: key.clone(), nibbles })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file_bytes(db: &PatternDb) -> Vec<u8> {
        let mut bytes = db.header().into_bytes();
        bytes.extend_from_slice(db.nibbles());
        bytes
    }

    #[test]
    fn round_trip_and_every_kind_of_damage() {
        let key = PatternKey::new(2, 3, 5, &[0, 1, 2]).unwrap();
        let db = PatternDb::build(&key, &|_| {});
        let good = file_bytes(&db);
        assert_eq!(PatternDb::from_file_bytes(&key, good.clone()), Ok(db.clone()));
        assert!(db.header().starts_with("puzzle-pdb v1 rows=2 cols=3 blank=5 tiles=0,1,2 entries=120 checksum="));

        let other = PatternKey::new(2, 3, 5, &[0, 1, 3]).unwrap();
        assert!(matches!(PatternDb::from_file_bytes(&other, good.clone()), Err(FileError::OtherTable { .. })));

        let mut flipped = good.clone();
        *flipped.last_mut().unwrap() ^= 0x10;
        assert_eq!(PatternDb::from_file_bytes(&key, flipped), Err(FileError::Checksum));

        let mut short = good.clone();
        short.pop();
        assert_eq!(PatternDb::from_file_bytes(&key, short), Err(FileError::Length { expected: 60, found: 59 }));
        let mut long = good.clone();
        long.push(0);
        assert_eq!(PatternDb::from_file_bytes(&key, long), Err(FileError::Length { expected: 60, found: 61 }));

        let mut old = good.clone();
        assert_eq!(&old[..13], b"puzzle-pdb v1");
        old[12] = b'0';
        assert!(matches!(PatternDb::from_file_bytes(&key, old), Err(FileError::Version { .. })));
        assert_eq!(PatternDb::from_file_bytes(&key, b"hello".to_vec()), Err(FileError::BadHeader));
        assert_eq!(PatternDb::from_file_bytes(&key, Vec::new()), Err(FileError::BadHeader));
        let mut garbage = b"puzzle-pdb v1 rows=2 checksum=zz\n".to_vec();
        garbage.extend_from_slice(&[0; 60]);
        assert_eq!(PatternDb::from_file_bytes(&key, garbage), Err(FileError::BadHeader));
    }
}
