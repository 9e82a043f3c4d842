//! [`CachedTable`]: what a program needs to keep a table in its cache, one trait for the pattern
//! databases ([`PatternDb`](super::PatternDb)) and the duplicate-pruning machines
//! ([`DuplicateMachine`](crate::machine::DuplicateMachine)). Each kind writes one file per table,
//! named by its key and version, whose first line names the table and a checksum of the rest;
//! a file is read back only when both match, else the read is a [`TableFileError`] and the
//! program builds the table again. The library opens no file: the program names it, opens it and
//! writes it whole.
//!
//! ```text
//! <magic> v<version> <fields naming the table> checksum=<16 hex digits>
//! <the data>
//! ```

use thiserror::Error;

use super::memory::MemoryError;

/// A table kept in a program's cache directory: its file's name, its bytes, its checked read.
///
/// ```
/// use sliding::pdb::{CachedTable, PatternDb, PatternKey};
///
/// let key = PatternKey::new(2, 3, 5, &[0, 1, 2])?;
/// let db = PatternDb::build(&key, &|_| {})?;
/// let mut bytes = Vec::new();
/// db.write_to(&mut bytes)?;
/// let file = tempfile::tempfile()?;
/// std::io::Write::write_all(&mut &file, &bytes)?;
/// assert_eq!(PatternDb::read_checked(&key, &file)?, db);
/// assert_eq!(<PatternDb as CachedTable>::file_name(&key), key.file_name());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait CachedTable: Sized {
    /// What names one table of the kind (and its file).
    type Key;
    /// The kind's name in messages: `pattern database`, `duplicate-pruning machine`.
    const KIND: &'static str;

    /// The name of the file of the table of `key` in the cache directory; it holds the format
    /// version, so a new version never reads an old file.
    fn file_name(key: &Self::Key) -> String;

    /// Writes the table's file: the header line, then the data.
    fn write_to(&self, out: &mut dyn std::io::Write) -> std::io::Result<()>;

    /// The table of `key` read from `file` (opened by the caller), once its header names `key`
    /// and its checksum matches.
    fn read_checked(key: &Self::Key, file: &std::fs::File) -> Result<Self, TableFileError>;
}

/// Why a file is not the cached table wanted, of either kind: damaged, foreign, of another
/// version, unreadable, or too big for the memory the system gives.
///
/// ```
/// use sliding::machine::DuplicateMachine;
/// use sliding::pdb::{PatternDb, PatternKey, TableFileError};
///
/// let key = PatternKey::new(2, 3, 5, &[0, 1, 2])?;
/// let table = PatternDb::build(&key, &|_| {})?;
/// // The file form: the header line, then the entries.
/// let mut bytes = table.header().into_bytes();
/// bytes.extend_from_slice(table.nibbles());
/// assert_eq!(PatternDb::from_file_bytes(&key, bytes.clone()), Ok(table));
/// // A changed entry no longer matches the checksum in the header.
/// *bytes.last_mut().expect("a table has entries") ^= 1;
/// assert_eq!(PatternDb::from_file_bytes(&key, bytes), Err(TableFileError::Checksum));
/// let error = PatternDb::from_file_bytes(&key, b"hello\n".to_vec()).unwrap_err();
/// assert_eq!(error, TableFileError::BadHeader("pattern database"));
/// assert_eq!(error.to_string(), "not a pattern database file (bad header)");
///
/// let mut bytes = DuplicateMachine::build(4, 4, 4).file_bytes();
/// *bytes.last_mut().expect("a machine has states") ^= 1;
/// assert_eq!(DuplicateMachine::from_file_bytes(4, 4, 4, &bytes).unwrap_err(), TableFileError::Checksum);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableFileError {
    /// No header line, or one that does not parse; with the kind of table wanted.
    #[error("not a {0} file (bad header)")]
    BadHeader(&'static str),
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
    #[error("expected {expected} bytes of {what}, found {found}")]
    Length {
        /// What the bytes hold: `entries`, `transitions`.
        what: &'static str,
        /// Bytes expected.
        expected: usize,
        /// Bytes present.
        found: usize,
    },
    /// The data does not match its checksum.
    #[error("checksum mismatch: the file is corrupt")]
    Checksum,
    /// Data that matches its checksum but cannot be the table (what is wrong with it).
    #[error("{0}")]
    BadData(String),
    /// The file could not be read to its end.
    #[error("cannot read it: {0}")]
    Read(String),
    /// The system would not give the table's memory.
    #[error(transparent)]
    Memory(#[from] MemoryError),
}

impl From<std::io::Error> for TableFileError {
    fn from(err: std::io::Error) -> TableFileError {
        TableFileError::Read(err.to_string())
    }
}

/// The header line of a cached table's file (without its newline): `magic`, the format
/// `version`, the `fields` that name the table, and the data's checksum.
pub(crate) fn header_line(magic: &str, version: u32, fields: &str, checksum: u64) -> String {
    format!("{magic} v{version} {fields} checksum={checksum:016x}")
}

/// The fields between version and checksum of a header line read back ([`header_line`]), and
/// the checksum, once the line has the magic and the version of a `kind` table's file.
pub(crate) fn read_header<'h>(
    line: &'h [u8],
    kind: &'static str,
    magic: &str,
    version: u32,
) -> Result<(Vec<&'h str>, u64), TableFileError> {
    let bad = TableFileError::BadHeader(kind);
    let line = std::str::from_utf8(line).map_err(|_| bad.clone())?;
    let mut fields = line.split(' ');
    if fields.next() != Some(magic) {
        return Err(bad);
    }
    let found = fields.next().ok_or_else(|| bad.clone())?;
    if found != format!("v{version}") {
        return Err(TableFileError::Version { found: found.to_owned(), expected: version });
    }
    let mut fields: Vec<&str> = fields.collect();
    let checksum = fields
        .pop()
        .and_then(|field| field.strip_prefix("checksum="))
        .and_then(|hex| u64::from_str_radix(hex, 16).ok())
        .ok_or(bad)?;
    Ok((fields, checksum))
}
