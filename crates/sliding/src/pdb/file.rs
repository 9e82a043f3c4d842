//! The on-disk form of a pattern database: one header line naming the table and a checksum, then
//! the entries, two per byte.
//!
//! ```text
//! puzzle-pdb v4 rows=4 cols=4 blank=0 tiles=1,2,3,4,5,6,7 entries=57657600 split=1 checksum=0123456789abcdef
//! <entries / 2 bytes, rounded up, or for a split table entries bytes>
//! ```
//!
//! A file is used only when every header field matches the table wanted and the checksum of the
//! bytes matches the header; anything else is an error, and the caller rebuilds.
//!
//! The checksum hashes chunks of a mebibyte each and folds the chunks' hashes in order, so that
//! a file is read and checked on every core ([`PatternDb::read_file`]); chunks and fold use the
//! workspace's one checksum, XXH3 ([`puzzle_core::fingerprint::fingerprint()`]). Version 3 added split tables
//! (`super::regions`), a byte per placement, and `split=0` or `split=1` in the header; version
//! 4 changed only the checksum, from a four-lane FNV-1a to XXH3, so that files of version 3 are
//! built again (a new cache file name).

use std::io::Read;

use super::cached::{header_line, read_header, CachedTable, TableFileError};
use super::memory::{MemoryError, TableMemory};
use rayon::prelude::*;

/// The kind's name in messages.
const KIND: &str = "pattern database";
use super::regions::Regions;
use super::{table_bytes, PatternDb, PatternKey};

/// The format version, part of the header and of cache file names. Bump it whenever the meaning
/// of the bytes changes.
pub(super) const VERSION: u32 = 4;

/// Bytes per checksum chunk.
const CHUNK: usize = 1 << 20;

/// Chunks per piece of a file read by one task in [`PatternDb::read_file`].
const PIECE_CHUNKS: usize = 8;

const MAGIC: &str = "puzzle-pdb";

/// The hash of one chunk: the workspace's checksum ([`puzzle_core::fingerprint::fingerprint()`]).
fn chunk_hash(bytes: &[u8]) -> u64 {
    puzzle_core::fingerprint::fingerprint(bytes)
}

/// The checksum of a table from its chunks' hashes, in order, and its length: the checksum of
/// those numbers' little-endian bytes, enough to catch truncation and stray bytes (this guards
/// against accidents, not attackers).
fn fold_chunks(hashes: impl IntoIterator<Item = u64>, len: usize) -> u64 {
    let mut folded = puzzle_core::fingerprint::Fingerprint::new();
    for hash in hashes {
        folded.update(&hash.to_le_bytes());
    }
    folded.update(&(len as u64).to_le_bytes());
    folded.finish()
}

/// The checksum of `bytes`, its chunks hashed on all of rayon's threads.
fn checksum(bytes: &[u8]) -> u64 {
    let hashes: Vec<u64> = bytes.par_chunks(CHUNK).map(chunk_hash).collect();
    fold_chunks(hashes, bytes.len())
}

/// The header's fields that name the table: its key, how many entries it holds, and whether it
/// is split.
fn describe(key: &PatternKey, split: bool) -> String {
    let tiles: Vec<String> = key.tiles().iter().map(u8::to_string).collect();
    format!(
        "rows={} cols={} blank={} tiles={} entries={} split={}",
        key.rows(),
        key.cols(),
        key.blank(),
        tiles.join(","),
        key.entries(),
        u8::from(split)
    )
}

impl PatternDb {
    /// The header line of the file form, newline included; the file is this line followed by
    /// [`PatternDb::nibbles`].
    pub fn header(&self) -> String {
        header_line(MAGIC, VERSION, &describe(&self.key, self.split), checksum(&self.nibbles)) + "\n"
    }

    /// Reads the file form of the table for `key`, checking the header against `key` and the data
    /// against the checksum.
    pub fn from_file_bytes(key: &PatternKey, bytes: Vec<u8>) -> Result<PatternDb, TableFileError> {
        PatternDb::read(key, &mut bytes.as_slice())
    }

    /// Reads the file form of the table for `key` from `reader` (a file, say), as
    /// [`PatternDb::from_file_bytes`] does, straight into the table's memory: the entries are
    /// read once, never copied.
    pub fn read(key: &PatternKey, reader: &mut impl Read) -> Result<PatternDb, TableFileError> {
        let mut header = Vec::with_capacity(256);
        let mut byte = [0u8; 1];
        loop {
            if header.len() == MAX_HEADER {
                return Err(TableFileError::BadHeader(KIND));
            }
            match reader.read(&mut byte) {
                Ok(0) => return Err(TableFileError::BadHeader(KIND)),
                Ok(_) if byte[0] == b'\n' => break,
                Ok(_) => header.push(byte[0]),
                Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
                Err(err) => return Err(io_error(err)),
            }
        }
        let regions = Regions::new(key);
        let stored = check_header(key, regions.is_some(), &header)?;
        let length = table_bytes(key, regions.is_some());
        let mut nibbles = Vec::new();
        nibbles
            .try_reserve_exact(length + 1)
            .map_err(|_| MemoryError { what: key.memory_name(), bytes: length + 1 })?;
        let found = reader.take(length as u64 + 1).read_to_end(&mut nibbles).map_err(io_error)?;
        if found != length {
            return Err(TableFileError::Length { what: "entries", expected: length, found });
        }
        if checksum(&nibbles) != stored {
            return Err(TableFileError::Checksum);
        }
        Ok(PatternDb::from_parts(key, TableMemory::from_slice(&nibbles, || key.memory_name())?, regions))
    }

    /// Reads the file form of the table for `key` from `file`, as [`PatternDb::read`] does, in
    /// pieces of 8 MiB read and hashed on all of rayon's threads: each piece is hashed while
    /// it is still in the cache that reading it filled. Falls back to [`PatternDb::read`] off
    /// Unix.
    pub fn read_file(key: &PatternKey, file: &std::fs::File) -> Result<PatternDb, TableFileError> {
        crate::count(crate::Step::TableRead);
        PatternDb::read_file_in_pieces(key, file, PIECE_CHUNKS)
    }

    /// [`PatternDb::read_file`] with pieces of `piece_chunks` chunks.
    fn read_file_in_pieces(
        key: &PatternKey,
        file: &std::fs::File,
        piece_chunks: usize,
    ) -> Result<PatternDb, TableFileError> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileExt;
            let mut head = vec![0u8; MAX_HEADER + 1];
            let mut got = 0;
            while got < head.len() {
                match file.read_at(&mut head[got..], got as u64) {
                    Ok(0) => break,
                    Ok(n) => got += n,
                    Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(err) => return Err(io_error(err)),
                }
            }
            let end = head[..got].iter().position(|&b| b == b'\n').ok_or(TableFileError::BadHeader(KIND))?;
            let regions = Regions::new(key);
            let stored = check_header(key, regions.is_some(), &head[..end])?;
            let start = end as u64 + 1;
            let length = table_bytes(key, regions.is_some());
            let size = file.metadata().map_err(io_error)?.len();
            let found = usize::try_from(size.saturating_sub(start)).unwrap_or(usize::MAX);
            if found != length {
                return Err(TableFileError::Length { what: "entries", expected: length, found });
            }
            let mut nibbles = TableMemory::zeroed(length, || key.memory_name())?;
            let hashes: Vec<Vec<u64>> = nibbles
                .par_chunks_mut(CHUNK * piece_chunks)
                .enumerate()
                .map(|(i, piece)| {
                    file.read_exact_at(piece, start + (i * CHUNK * piece_chunks) as u64).map_err(io_error)?;
                    Ok(piece.chunks(CHUNK).map(chunk_hash).collect())
                })
                .collect::<Result<_, TableFileError>>()?;
            if fold_chunks(hashes.into_iter().flatten(), length) != stored {
                return Err(TableFileError::Checksum);
            }
            Ok(PatternDb::from_parts(key, nibbles, regions))
        }
        #[cfg(not(unix))]
        {
            let _ = piece_chunks;
            PatternDb::read(key, &mut std::io::BufReader::new(file))
        }
    }
}

/// The longest header line accepted.
const MAX_HEADER: usize = 4096;

fn io_error(err: std::io::Error) -> TableFileError {
    TableFileError::from(err)
}

/// Checks a header line (without its newline) against `key`, split or not; the stored checksum.
fn check_header(key: &PatternKey, split: bool, header: &[u8]) -> Result<u64, TableFileError> {
    let (fields, stored) = read_header(header, KIND, MAGIC, VERSION)?;
    let table = fields.join(" ");
    let expected = describe(key, split);
    if table != expected {
        return Err(TableFileError::OtherTable { found: table, expected });
    }
    Ok(stored)
}

impl CachedTable for PatternDb {
    type Key = PatternKey;
    const KIND: &'static str = "pattern database";

    fn file_name(key: &PatternKey) -> String {
        key.file_name()
    }

    fn write_to(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        out.write_all(self.header().as_bytes())?;
        out.write_all(self.nibbles())
    }

    fn read_checked(key: &PatternKey, file: &std::fs::File) -> Result<PatternDb, TableFileError> {
        PatternDb::read_file(key, file)
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
        let db = PatternDb::build(&key, &|_| {}).unwrap();
        let good = file_bytes(&db);
        assert_eq!(PatternDb::from_file_bytes(&key, good.clone()).as_ref(), Ok(&db));
        // Three tiles on 2×3 can cut the open cells (a corner off), so the table is split: a byte
        // per placement.
        assert!(db
            .header()
            .starts_with("puzzle-pdb v4 rows=2 cols=3 blank=5 tiles=0,1,2 entries=120 split=1 checksum="));

        let other = PatternKey::new(2, 3, 5, &[0, 1, 3]).unwrap();
        assert!(matches!(PatternDb::from_file_bytes(&other, good.clone()), Err(TableFileError::OtherTable { .. })));

        let mut flipped = good.clone();
        *flipped.last_mut().unwrap() ^= 0x10;
        assert_eq!(PatternDb::from_file_bytes(&key, flipped), Err(TableFileError::Checksum));

        let mut short = good.clone();
        short.pop();
        assert_eq!(
            PatternDb::from_file_bytes(&key, short),
            Err(TableFileError::Length { what: "entries", expected: 120, found: 119 })
        );
        let mut long = good.clone();
        long.push(0);
        assert_eq!(
            PatternDb::from_file_bytes(&key, long),
            Err(TableFileError::Length { what: "entries", expected: 120, found: 121 })
        );

        let mut old = good.clone();
        assert_eq!(&old[..13], b"puzzle-pdb v4");
        // A file of version 3 (a four-lane FNV-1a checksum) is refused by its version, and so
        // built again.
        old[12] = b'3';
        assert!(matches!(PatternDb::from_file_bytes(&key, old), Err(TableFileError::Version { .. })));
        assert_eq!(PatternDb::from_file_bytes(&key, b"hello".to_vec()), Err(TableFileError::BadHeader(KIND)));
        assert_eq!(PatternDb::from_file_bytes(&key, Vec::new()), Err(TableFileError::BadHeader(KIND)));
        let mut garbage = b"puzzle-pdb v4 rows=2 checksum=zz\n".to_vec();
        garbage.extend_from_slice(&[0; 120]);
        assert_eq!(PatternDb::from_file_bytes(&key, garbage), Err(TableFileError::BadHeader(KIND)));
    }

    /// The checksum of a table, against its definition written plainly: XXH3 of each mebibyte,
    /// then XXH3 of those hashes and the length as little-endian bytes, wherever the chunks end.
    #[test]
    fn checksum_is_the_fold_of_the_chunks() {
        let plain = |bytes: &[u8]| {
            let mut folded = Vec::new();
            for chunk in bytes.chunks(CHUNK) {
                folded.extend_from_slice(&xxhash_rust::xxh3::xxh3_64(chunk).to_le_bytes());
            }
            folded.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
            xxhash_rust::xxh3::xxh3_64(&folded)
        };
        let mut rng = puzzle_core::SplitMix64::new(7);
        for len in [1, 31, 32, 33, 1000, CHUNK - 1, CHUNK, CHUNK + 5, 3 * CHUNK + 77] {
            let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            assert_eq!(checksum(&bytes), plain(&bytes), "{len} bytes");
        }
    }

    /// A file read in parallel pieces gives the table written, and every damage is caught, on a
    /// table of several chunks (fabricated bytes: nothing is built).
    #[test]
    fn files_read_in_pieces() {
        let key = PatternKey::new(5, 5, 0, &[1, 2, 3, 4, 5]).unwrap();
        let mut rng = puzzle_core::SplitMix64::new(11);
        let regions = Regions::new(&key);
        assert!(regions.is_some(), "a split table");
        let nibbles: Vec<u8> = (0..table_bytes(&key, true)).map(|_| rng.below(256) as u8).collect();
        assert!(nibbles.len() > 3 * CHUNK);
        let db = PatternDb::from_parts(&key, TableMemory::from_slice(&nibbles, String::new).unwrap(), regions);
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, bytes: &[u8]| {
            let path = dir.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            std::fs::File::open(path).unwrap()
        };
        let good = file_bytes(&db);
        for piece_chunks in [1, 2, PIECE_CHUNKS] {
            let file = write("good", &good);
            assert!(PatternDb::read_file_in_pieces(&key, &file, piece_chunks).as_ref() == Ok(&db));
            let mut flipped = good.clone();
            flipped[good.len() - CHUNK - 3] ^= 1;
            let file = write("flipped", &flipped);
            assert_eq!(PatternDb::read_file_in_pieces(&key, &file, piece_chunks), Err(TableFileError::Checksum));
            let file = write("short", &good[..good.len() - 1]);
            assert!(matches!(
                PatternDb::read_file_in_pieces(&key, &file, piece_chunks),
                Err(TableFileError::Length { .. })
            ));
        }
        let other = PatternKey::new(5, 5, 0, &[1, 2, 3, 4, 6]).unwrap();
        let file = write("good", &good);
        assert!(matches!(PatternDb::read_file(&other, &file), Err(TableFileError::OtherTable { .. })));
        let file = write("empty", b"");
        assert_eq!(PatternDb::read_file(&key, &file), Err(TableFileError::BadHeader(KIND)));
    }
}
