//! The memory a table lives in (a pattern database, or a search's table of transpositions,
//! `ida/transpositions.rs`): an anonymous mapping that asks the kernel for huge pages where it
//! has them (Linux's transparent huge pages), since a search reads its tables at random and a
//! table of hundreds of megabytes in 4-KiB pages misses the processor's page cache (TLB) on
//! almost every lookup. The mapping is zero-filled, like a fresh `vec![0; len]`.

use std::fmt;
use std::ops::{Deref, DerefMut};

use memmap2::MmapMut;

/// Zero-filled bytes for a table, in huge pages where the system gives them.
pub(crate) struct TableMemory {
    map: MmapMut,
    /// The bytes asked for (a mapping has at least one).
    len: usize,
}

impl TableMemory {
    /// `len` zero bytes. The mapping is the allocation: failing it is running out of memory, as a
    /// failing `Vec` allocation would be.
    pub(crate) fn zeroed(len: usize) -> TableMemory {
        let map = MmapMut::map_anon(len.max(1))
            .unwrap_or_else(|err| panic!("cannot allocate {len} bytes for a table: {err}"));
        #[cfg(target_os = "linux")]
        {
            // Only a hint: without huge pages (switched off, or `never`) the table works the same.
            let _ = map.advise(memmap2::Advice::HugePage);
        }
        TableMemory { map, len }
    }

    /// A copy of `bytes`.
    pub(crate) fn from_slice(bytes: &[u8]) -> TableMemory {
        let mut memory = TableMemory::zeroed(bytes.len());
        memory.copy_from_slice(bytes);
        memory
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

impl Clone for TableMemory {
    fn clone(&self) -> TableMemory {
        TableMemory::from_slice(self)
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
    use super::TableMemory;

    #[test]
    fn zeroed_writable_and_copied() {
        for len in [1, 4095, 4096, 3 << 20] {
            assert!(TableMemory::zeroed(0).is_empty());
            let mut memory = TableMemory::zeroed(len);
            assert_eq!(memory.len(), len);
            assert!(memory.iter().all(|&b| b == 0));
            memory[len - 1] = 7;
            memory[0] ^= 1;
            let copy = memory.clone();
            assert_eq!(copy, memory);
            let expected = if len == 1 { (6, 6) } else { (1, 7) };
            assert_eq!((copy[0], copy[len - 1]), expected);
        }
    }
}
