//! [`CachedTable`]: what a program needs to keep a table in its cache, one trait for the pattern
//! databases ([`PatternDb`](super::PatternDb)) and the duplicate-pruning machines
//! ([`DuplicateMachine`](crate::machine::DuplicateMachine)). Each kind writes one file per table,
//! named by its key and version, whose first line names the table and a checksum of the rest;
//! a file is read back only when both match, else the read is an error and the program builds the
//! table again. The library opens no file: the program names it, opens it and writes it whole.

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
    /// Why a file is not the table wanted (damaged, foreign, of another version).
    type Error: std::error::Error + Send + Sync + 'static;
    /// The kind's name in messages: `pattern database`, `duplicate-pruning machine`.
    const KIND: &'static str;

    /// The name of the file of the table of `key` in the cache directory; it holds the format
    /// version, so a new version never reads an old file.
    fn file_name(key: &Self::Key) -> String;

    /// Writes the table's file: the header line, then the data.
    fn write_to(&self, out: &mut dyn std::io::Write) -> std::io::Result<()>;

    /// The table of `key` read from `file` (opened by the caller), once its header names `key`
    /// and its checksum matches.
    fn read_checked(key: &Self::Key, file: &std::fs::File) -> Result<Self, Self::Error>;
}
