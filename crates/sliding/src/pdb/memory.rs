//! The memory a table lives in (a pattern database, or a search's table of transpositions,
//! `ida/transpositions.rs`): an anonymous mapping that asks the kernel for huge pages where it
//! has them (Linux's transparent huge pages), since a search reads its tables at random and a
//! table of hundreds of megabytes in 4-KiB pages misses the processor's page cache (TLB) on
//! almost every lookup. The mapping is zero-filled, like a fresh `vec![0; len]`.

use std::fmt;
use std::ops::{Deref, DerefMut};

use memmap2::MmapMut;
use thiserror::Error;

/// The system would not give a table the memory it asked for.
///
/// ```
/// use sliding::pdb::MemoryError;
///
/// let error = MemoryError { what: "pattern database 4x4-0-1.2.3".to_owned(), bytes: 3 << 30 };
/// assert_eq!(error.to_string(), "cannot allocate 3072.0 MiB (3221225472 bytes) for pattern database 4x4-0-1.2.3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot allocate {:.1} MiB ({bytes} bytes) for {what}", *.bytes as f64 / f64::from(1 << 20))]
pub struct MemoryError {
    /// What the memory was for, such as "pattern database 5x5-0-1.2.5.6.7.12".
    pub what: String,
    /// The bytes asked for.
    pub bytes: usize,
}

/// A vector of `len` values made by `make`, or the error naming `what` when the system refuses
/// the memory (where `vec!` would abort the program).
pub(crate) fn filled_vec<T>(
    len: usize,
    what: impl FnOnce() -> String,
    make: impl FnMut() -> T,
) -> Result<Vec<T>, MemoryError> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len).map_err(|_| MemoryError { what: what(), bytes: len.saturating_mul(size_of::<T>()) })?;
    vec.extend(std::iter::repeat_with(make).take(len));
    Ok(vec)
}

/// Zero-filled bytes for a table, in huge pages where the system gives them.
pub(crate) struct TableMemory {
    map: MmapMut,
    /// The bytes asked for (a mapping has at least one).
    len: usize,
}

impl TableMemory {
    /// `len` zero bytes for `what` (named in the error when the system refuses the mapping).
    pub(crate) fn zeroed(len: usize, what: impl FnOnce() -> String) -> Result<TableMemory, MemoryError> {
        let map = MmapMut::map_anon(len.max(1)).map_err(|_| MemoryError { what: what(), bytes: len })?;
        #[cfg(target_os = "linux")]
        {
            // Only a hint: without huge pages (switched off, or `never`) the table works the same.
            let _ = map.advise(memmap2::Advice::HugePage);
        }
        Ok(TableMemory { map, len })
    }

    /// A copy of `bytes`, or the error naming `what`.
    pub(crate) fn from_slice(bytes: &[u8], what: impl FnOnce() -> String) -> Result<TableMemory, MemoryError> {
        let mut memory = TableMemory::zeroed(bytes.len(), what)?;
        memory.copy_from_slice(bytes);
        Ok(memory)
    }
}

impl Deref for TableMemory {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        &self.map[..self.len]
    }
}

impl DerefMut for TableMemory {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.map[..self.len]
    }
}

impl PartialEq for TableMemory {
    fn eq(&self, other: &TableMemory) -> bool {
        **self == **other
    }
}

impl Eq for TableMemory {}

impl fmt::Debug for TableMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TableMemory({} bytes)", self.len())
    }
}

#[cfg(test)]
mod tests {
    use super::{filled_vec, MemoryError, TableMemory};

    fn what() -> String {
        "a test table".to_owned()
    }

    #[test]
    fn zeroed_writable_and_copied() {
        for len in [1, 4095, 4096, 3 << 20] {
            assert!(TableMemory::zeroed(0, what).unwrap().is_empty());
            let mut memory = TableMemory::zeroed(len, what).unwrap();
            assert_eq!(memory.len(), len);
            assert!(memory.iter().all(|&b| b == 0));
            memory[len - 1] = 7;
            memory[0] ^= 1;
            let copy = TableMemory::from_slice(&memory, what).unwrap();
            assert_eq!(copy, memory);
            let expected = if len == 1 { (6, 6) } else { (1, 7) };
            assert_eq!((copy[0], copy[len - 1]), expected);
        }
    }

    /// Memory no system gives (more than a 64-bit address space maps) is an error that names
    /// the table and the bytes, not a panic or an abort.
    #[test]
    fn refused_memory_is_an_error() {
        let bytes = usize::MAX / 2;
        let expected = MemoryError { what: what(), bytes };
        assert_eq!(TableMemory::zeroed(bytes, what).err(), Some(expected.clone()));
        assert_eq!(filled_vec(bytes, what, || 0u8).err(), Some(expected));
        assert_eq!(filled_vec(5, what, || 7u16), Ok(vec![7; 5]));
    }
}
