//! Additive pattern databases: for a set of tiles (a *pattern*), the fewest moves of those tiles
//! that bring them to their goal cells from any placement, the other tiles being indistinct.
//!
//! Moves of tiles outside the pattern are free, so the values of disjoint patterns add up to a
//! lower bound on the whole puzzle (Korf and Felner, "Disjoint pattern database heuristics",
//! 2002). The table is indexed by the cells of the pattern's tiles only; the blank's position is
//! minimised away, which keeps it admissible.
//!
//! Entries take 4 bits. A value is at least the Manhattan distance of the pattern's tiles and has
//! its parity (every move of a pattern tile changes that sum by one), so the table stores the
//! *excess* `(value - manhattan) / 2`, and a search adds it to a Manhattan distance it keeps
//! anyway. Excesses above 15 are stored as 15, which keeps the bound admissible.
//!
//! Tiles are named by their goal cell throughout, so one table serves every goal board whose blank
//! sits in the same cell.
//!
//! Where the pattern's tiles cut the open cells into several regions, a table of at most
//! `regions::MAX_SPLIT_ENTRIES` placements is *split*: a byte per placement holds two excesses,
//! one for the blank in the region of the lowest open cell and one for the blank elsewhere
//! (`regions`), and a lookup that knows the blank's cell reads the one for its region.

mod build;
pub(crate) mod cached;
mod catalogue;
pub(crate) mod file;
pub(crate) mod lookup;
pub(crate) mod memory;
mod partition;
pub(crate) mod regions;

use std::fmt;

use search::Limits;
use thiserror::Error;

use memory::TableMemory;
use regions::{colex, Regions};

pub use build::BuildProgress;
pub use cached::{CachedTable, TableFileError};
pub use lookup::PdbHeuristic;
pub use memory::MemoryError;
pub use partition::{canonical_blank, grid_symmetries, tier_partition, PartSpec, Tier, PDB_MAX_CELLS};

/// The largest excess a table entry can hold.
pub(crate) const MAX_EXCESS: u8 = 15;

/// Which table: a board shape, the goal cell of the blank, and the pattern's tiles, each named by
/// its goal cell, in the order the table ranks them.
///
/// ```
/// use sliding::pdb::PatternKey;
///
/// // Three tiles on the 16 cells of a 4x4 board: 16 * 15 * 14 placements.
/// let key = PatternKey::new(4, 4, 0, &[1, 2, 3])?;
/// assert_eq!(key.entries(), 16 * 15 * 14);
/// assert_eq!(key.to_string(), "4x4 blank 0 tiles 1,2,3");
/// # Ok::<(), sliding::pdb::PatternError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PatternKey {
    rows: u8,
    cols: u8,
    blank: u8,
    tiles: Vec<u8>,
}

/// Why a pattern cannot have a table.
///
/// ```
/// use sliding::pdb::{PatternError, PatternKey};
///
/// // Cell 0 is the blank's goal cell, so no tile's.
/// assert_eq!(PatternKey::new(4, 4, 0, &[0, 1]), Err(PatternError::NotATile(0)));
/// assert_eq!(PatternKey::new(4, 4, 0, &[1, 2, 1]), Err(PatternError::Duplicate(1)));
/// assert_eq!(PatternKey::new(9, 9, 0, &[1]), Err(PatternError::BoardTooLarge { rows: 9, cols: 9 }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PatternError {
    /// Boards beyond 64 cells do not fit the table's bit masks.
    #[error("pattern databases need a board of at most 64 cells, not {rows}x{cols}")]
    BoardTooLarge {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// A tile names no cell of the board, or names the blank's cell.
    #[error("tile {0} is not a tile of the board")]
    NotATile(usize),
    /// A tile appears twice in the pattern.
    #[error("tile {0} appears twice in the pattern")]
    Duplicate(usize),
    /// The pattern is empty, holds more tiles than the board, or leaves more than 32 cells free.
    #[error("a pattern needs 1 to {max} tiles, not {found}")]
    Size {
        /// Tiles given.
        found: usize,
        /// The most allowed on this board.
        max: usize,
    },
    /// The table would have too many entries.
    #[error("a pattern of {tiles} tiles on {cells} cells needs {entries} entries, more than {max}")]
    TooManyEntries {
        /// Tiles in the pattern.
        tiles: usize,
        /// Cells of the board.
        cells: usize,
        /// Entries needed.
        entries: u128,
        /// The most allowed.
        max: u64,
    },
}

impl PatternKey {
    /// The most entries a table may have (about 2 GiB of 4-bit entries).
    pub(crate) const MAX_ENTRIES: u64 = 1 << 32;

    /// A validated key: a `rows`×`cols` board of at most 64 cells, the blank's goal cell, and
    /// 1 to `cells - 1` distinct tiles (goal cells other than the blank's), at most 32 cells left
    /// free. With every tile in the pattern, only the placements of the goal's parity are reached;
    /// the others keep excess 0.
    pub fn new(rows: usize, cols: usize, blank: usize, tiles: &[usize]) -> Result<PatternKey, PatternError> {
        let cells = rows * cols;
        if rows < 2 || cols < 2 || cells > 64 {
            return Err(PatternError::BoardTooLarge { rows, cols });
        }
        let max = cells - 1;
        if tiles.is_empty() || tiles.len() > max || cells - tiles.len() > 32 {
            return Err(PatternError::Size { found: tiles.len(), max });
        }
        let mut seen = 0u64;
        for &tile in tiles {
            if tile >= cells || tile == blank {
                return Err(PatternError::NotATile(tile));
            }
            if seen & (1 << tile) != 0 {
                return Err(PatternError::Duplicate(tile));
            }
            seen |= 1 << tile;
        }
        let entries = entry_count(cells, tiles.len());
        if entries > u128::from(Self::MAX_ENTRIES) {
            return Err(PatternError::TooManyEntries { tiles: tiles.len(), cells, entries, max: Self::MAX_ENTRIES });
        }
        let narrow = |v: usize| u8::try_from(v).unwrap_or_else(|_| unreachable!("at most 64 cells"));
        Ok(PatternKey {
            rows: narrow(rows),
            cols: narrow(cols),
            blank: narrow(blank),
            tiles: tiles.iter().map(|&t| narrow(t)).collect(),
        })
    }

    /// Rows of the board.
    pub(crate) fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// Columns of the board.
    pub(crate) fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// Cells of the board.
    pub(crate) fn cells(&self) -> usize {
        self.rows() * self.cols()
    }

    /// The goal cell of the blank.
    pub(crate) fn blank(&self) -> usize {
        usize::from(self.blank)
    }

    /// The pattern's tiles (goal cells), in ranking order.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// Entries in the table: `cells! / (cells - tiles)!`.
    pub fn entries(&self) -> usize {
        usize::try_from(entry_count(self.cells(), self.tiles.len()))
            .unwrap_or_else(|_| unreachable!("checked against MAX_ENTRIES"))
    }

    /// A file name that identifies the key, for a cache directory.
    pub fn file_name(&self) -> String {
        let tiles: Vec<String> = self.tiles.iter().map(u8::to_string).collect();
        format!("{}x{}-blank{}-tiles{}.v{}.pdb", self.rows, self.cols, self.blank, tiles.join("-"), file::VERSION)
    }
}

/// `4x4 blank 0 tiles 1,2,3`.
impl fmt::Display for PatternKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tiles: Vec<String> = self.tiles.iter().map(u8::to_string).collect();
        write!(f, "{}x{} blank {} tiles {}", self.rows, self.cols, self.blank, tiles.join(","))
    }
}

impl PatternKey {
    /// The table's name in a [`MemoryError`].
    fn memory_name(&self) -> String {
        format!("pattern database {self}")
    }
}

fn entry_count(cells: usize, tiles: usize) -> u128 {
    (cells - tiles + 1..=cells).map(|c| c as u128).product()
}

/// A complete pattern database: one 4-bit excess per placement of the pattern's tiles, or two
/// (a byte) when the table is split by the blank's region.
pub struct PatternDb {
    key: PatternKey,
    /// Two entries per byte, the even index in the low nibble; or, split, one byte per
    /// placement: the excess with the blank in the first region in the low nibble, elsewhere in
    /// the high one.
    nibbles: TableMemory,
    split: bool,
    /// For a split table, per map (colex rank of the occupied cells), the cells of its first
    /// region (all bits when its open cells are one region); else empty.
    first_regions: Vec<u32>,
}

impl PartialEq for PatternDb {
    fn eq(&self, other: &PatternDb) -> bool {
        // The rest follows from these.
        self.key == other.key && self.split == other.split && self.nibbles == other.nibbles
    }
}

impl Eq for PatternDb {}

impl fmt::Debug for PatternDb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PatternDb({})", self.key)
    }
}

impl PatternDb {
    /// Builds the table by breadth-first search from the goal, level by level over 2 bits per
    /// (placement, region of the blank), on all of rayon's threads. `progress` is called from the
    /// worker threads as the search advances.
    /// The error says how much memory the system refused.
    #[cfg(any(test, feature = "test-support"))]
    pub fn build(key: &PatternKey, progress: &(dyn Fn(&BuildProgress) + Sync)) -> Result<PatternDb, MemoryError> {
        Ok(build::build(key, progress, &Limits::NONE)?.unwrap_or_else(|| unreachable!("a build without limits ends")))
    }

    /// [`PatternDb::build`] under `limits`: `Ok(None)` when the interrupt flag was set or the
    /// deadline passed before the table was done (the node limit does not apply; the flag and
    /// the clock are polled every few thousand placements, so the build stops within a fraction
    /// of a second). Nothing of a stopped build is kept.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use std::time::Instant;
    ///
    /// use sliding::pdb::{PatternDb, PatternKey};
    /// use sliding::Limits;
    ///
    /// let key = PatternKey::new(3, 3, 8, &[0, 1, 2, 3])?;
    /// // A deadline already passed (or a signal's flag already set) builds nothing.
    /// let late = Limits { deadline: Some(Instant::now()), ..Limits::NONE };
    /// assert!(PatternDb::build_limited(&key, &|_| {}, &late)?.is_none());
    /// let flag = AtomicBool::new(false);
    /// let watched = Limits { interrupt: Some(&flag), ..Limits::NONE };
    /// assert_eq!(PatternDb::build_limited(&key, &|_| {}, &watched)?, Some(PatternDb::build(&key, &|_| {})?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build_limited(
        key: &PatternKey,
        progress: &(dyn Fn(&BuildProgress) + Sync),
        limits: &Limits<'_>,
    ) -> Result<Option<PatternDb>, MemoryError> {
        build::build(key, progress, limits)
    }

    /// A table of `key` from its bytes ([`PatternDb::nibbles`]), split when it has `regions`,
    /// whose size the caller has checked.
    fn from_parts(key: &PatternKey, nibbles: TableMemory, regions: Option<Regions>) -> PatternDb {
        let split = regions.is_some();
        debug_assert_eq!(nibbles.len(), table_bytes(key, split));
        let first_regions = regions.map(Regions::into_first_regions).unwrap_or_default();
        PatternDb { key: key.clone(), nibbles, split, first_regions }
    }

    /// The key it was built for.
    pub fn key(&self) -> &PatternKey {
        &self.key
    }

    /// Whether the table keeps two excesses per placement, by the blank's region.
    pub fn is_split(&self) -> bool {
        self.split
    }

    /// The least stored excess for the placement ranked `index` (see [`PatternDb::index`]),
    /// wherever the blank.
    #[inline]
    #[cfg(any(test, feature = "test-support"))]
    pub(crate) fn excess(&self, index: usize) -> u8 {
        if self.split {
            let byte = self.nibbles[index];
            (byte & 0xf).min(byte >> 4)
        } else {
            nibble(self.nibbles[index >> 1], index)
        }
    }

    /// The byte of [`PatternDb::nibbles`] that holds the entries of the placement ranked `index`.
    #[inline(always)]
    pub(crate) fn byte_of(&self, index: usize) -> usize {
        if self.split {
            index
        } else {
            index >> 1
        }
    }

    /// The excess of the placement ranked `index`, its tiles on the table cells `occupied` (bits)
    /// and the blank at table cell `blank`, from `byte`, the byte of [`PatternDb::nibbles`] that
    /// holds it ([`PatternDb::byte_of`]). A split byte whose two values are equal (the open cells
    /// are one region, or the blank's region does not matter) needs no region: the map is ranked
    /// and its first region read only where they differ.
    #[inline(always)]
    pub(crate) fn pick(&self, byte: u8, index: usize, occupied: u32, blank: u8) -> u8 {
        if !self.split {
            return nibble(byte, index);
        }
        let (first, other) = (byte & 0xf, byte >> 4);
        if first == other || self.first_regions[colex(occupied) as usize] >> (blank & 31) & 1 != 0 {
            first
        } else {
            other
        }
    }

    /// The map key a lookup of this table needs for its tiles on the table cells `occupied`
    /// (bits): their colex rank for a split table, 0 for a plain one.
    #[inline]
    pub(crate) fn map(&self, occupied: u32) -> u32 {
        if self.split {
            colex(occupied)
        } else {
            0
        }
    }

    /// The stored excess for the placement ranked `index`, its tiles on the map ranked `map`,
    /// with the blank at table cell `blank`.
    #[inline]
    pub(crate) fn excess_with_blank(&self, index: usize, map: u32, blank: u8) -> u8 {
        let byte = self.nibbles[self.byte_of(index)];
        if !self.split {
            return nibble(byte, index);
        }
        // The low half for the first region of the map, the high half for the others.
        let first = self.first_regions[map as usize] >> (blank & 31) & 1;
        (byte >> (4 * (1 - first))) & 0xf
    }

    /// The rank of a placement: `cells[i]` holds the pattern's tile `i`. Cells must be distinct
    /// and on the board.
    #[inline]
    #[cfg(any(test, feature = "test-support"))]
    pub(crate) fn index(&self, cells: impl IntoIterator<Item = u8>) -> usize {
        rank(cells, self.key.cells())
    }

    /// The lower bound the table gives for the pattern's tiles at `cells`, wherever the blank:
    /// their Manhattan distance plus twice the stored excess.
    #[cfg(any(test, feature = "test-support"))]
    pub fn value(&self, cells: &[u8]) -> u32 {
        self.manhattan(cells) + 2 * u32::from(self.excess(self.index(cells.iter().copied())))
    }

    /// The lower bound for the pattern's tiles at `cells` with the blank at table cell `blank`
    /// (an open cell): [`PatternDb::value`], or the larger value of the blank's region where the
    /// table is split.
    #[cfg(any(test, feature = "test-support"))]
    pub fn value_with_blank(&self, cells: &[u8], blank: u8) -> u32 {
        let map = self.map(cells.iter().fold(0u32, |bits, &cell| bits | 1 << (cell & 31)));
        let excess = self.excess_with_blank(self.index(cells.iter().copied()), map, blank);
        self.manhattan(cells) + 2 * u32::from(excess)
    }

    /// The Manhattan distance of the pattern's tiles at `cells`.
    #[cfg(any(test, feature = "test-support"))]
    fn manhattan(&self, cells: &[u8]) -> u32 {
        let cols = self.key.cols();
        let manhattan: usize = self
            .key
            .tiles
            .iter()
            .zip(cells)
            .map(|(&tile, &cell)| {
                let (tile, cell) = (usize::from(tile), usize::from(cell));
                (tile / cols).abs_diff(cell / cols) + (tile % cols).abs_diff(cell % cols)
            })
            .sum();
        u32::try_from(manhattan).unwrap_or(u32::MAX)
    }

    /// The same table, plain: each placement's least excess (for the tests of searches that
    /// read both forms).
    #[cfg(test)]
    pub(crate) fn plain(&self) -> PatternDb {
        let mut nibbles = TableMemory::zeroed(table_bytes(&self.key, false), || self.key.memory_name()).unwrap();
        for index in 0..self.key.entries() {
            nibbles[index >> 1] |= self.excess(index) << ((index & 1) * 4);
        }
        PatternDb::from_parts(&self.key, nibbles, None)
    }

    /// The table's bytes: two entries per byte, or one split entry.
    pub fn nibbles(&self) -> &[u8] {
        &self.nibbles
    }
}

/// The bytes of `key`'s table, split or not.
fn table_bytes(key: &PatternKey, split: bool) -> usize {
    if split {
        key.entries()
    } else {
        key.entries().div_ceil(2)
    }
}

/// Entry `index`'s excess from the table byte holding it (`nibbles()[index / 2]`): the even
/// index in the low nibble.
#[inline(always)]
pub(crate) fn nibble(byte: u8, index: usize) -> u8 {
    (byte >> ((index & 1) * 4)) & 0xf
}

/// Mixed-radix rank of distinct cells among `n`: tile `i`'s digit counts the cells below its own
/// that earlier tiles leave free, so the last tile varies fastest.
#[inline]
pub(crate) fn rank(cells: impl IntoIterator<Item = u8>, n: usize) -> usize {
    let mut used = 0u64;
    let mut index = 0;
    for (i, cell) in cells.into_iter().enumerate() {
        let below = (1u64 << cell) - 1;
        let digit = usize::from(cell) - (used & below).count_ones() as usize;
        index = index * (n - i) + digit;
        used |= 1 << cell;
    }
    index
}

/// The inverse of [`rank`] for `out.len()` tiles among `n` cells.
pub(crate) fn unrank(mut index: usize, n: usize, out: &mut [u8]) {
    let k = out.len();
    for i in (0..k).rev() {
        let radix = n - i;
        out[i] = (index % radix) as u8;
        index /= radix;
    }
    let mut free = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    for digit in out.iter_mut() {
        let mut f = free;
        for _ in 0..*digit {
            f &= f - 1;
        }
        let cell = f.trailing_zeros() as u8;
        *digit = cell;
        free &= !(1 << cell);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_and_unrank_are_inverse_bijections() {
        for (n, k) in [(4, 2), (6, 3), (9, 4), (5, 5)] {
            let total = usize::try_from(entry_count(n, k)).unwrap();
            let mut cells = vec![0u8; k];
            let mut seen = vec![false; total];
            for index in 0..total {
                unrank(index, n, &mut cells);
                let mut sorted = cells.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), k, "{cells:?} has repeats");
                assert!(cells.iter().all(|&c| usize::from(c) < n));
                let back = rank(cells.iter().copied(), n);
                assert_eq!(back, index);
                assert!(!std::mem::replace(&mut seen[back], true));
            }
        }
    }

    #[test]
    fn keys_are_validated() {
        assert!(PatternKey::new(4, 4, 0, &[1, 2, 3]).is_ok());
        assert_eq!(PatternKey::new(4, 4, 0, &[0, 2]), Err(PatternError::NotATile(0)));
        assert_eq!(PatternKey::new(4, 4, 0, &[16]), Err(PatternError::NotATile(16)));
        assert_eq!(PatternKey::new(4, 4, 0, &[2, 2]), Err(PatternError::Duplicate(2)));
        assert_eq!(PatternKey::new(4, 4, 0, &[]), Err(PatternError::Size { found: 0, max: 15 }));
        assert_eq!(PatternKey::new(9, 9, 0, &[1]), Err(PatternError::BoardTooLarge { rows: 9, cols: 9 }));
        assert!(matches!(
            PatternKey::new(5, 5, 0, &[1, 2, 3, 4, 5, 6, 7, 8]),
            Err(PatternError::TooManyEntries { .. })
        ));
        let key = PatternKey::new(4, 4, 0, &[1, 2, 3]).unwrap();
        assert_eq!(key.entries(), 16 * 15 * 14);
        assert_eq!(key.to_string(), "4x4 blank 0 tiles 1,2,3");
        assert_eq!(key.file_name(), format!("4x4-blank0-tiles1-2-3.v{}.pdb", file::VERSION));
    }
}
