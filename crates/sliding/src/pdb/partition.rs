//! How pattern databases cover a board: the grid's symmetries, the partitions of the tiles into
//! patterns for each tier of strength, and the canonical cell of the goal's blank that lets goals
//! with the blank in any corner share their tables.

use crate::pdb::PatternKey;

/// Cell permutations of a `rows`×`cols` grid that keep neighbours neighbours: the identity, the
/// half turn and the two mirror images, and on a square board also the quarter turns and the two
/// diagonal reflections. `map[c]` is the image of cell `c`.
///
/// ```
/// use sliding::pdb::grid_symmetries;
///
/// // A rectangle has the four symmetries of a rectangle, a square the eight of a square.
/// assert_eq!(grid_symmetries(2, 3).len(), 4);
/// assert_eq!(grid_symmetries(3, 3).len(), 8);
/// // The half turn of a 2x3 grid: cell 0 (top left) goes to cell 5 (bottom right).
/// assert!(grid_symmetries(2, 3).contains(&vec![5, 4, 3, 2, 1, 0]));
/// ```
pub fn grid_symmetries(rows: usize, cols: usize) -> Vec<Vec<u8>> {
    let cell = |r: usize, c: usize, w: usize| (r * w + c) as u8;
    let mut maps: Vec<Vec<u8>> = Vec::new();
    let n = rows * cols;
    let build = |f: &dyn Fn(usize, usize) -> u8| (0..n).map(|x| f(x / cols, x % cols)).collect::<Vec<u8>>();
    maps.push(build(&|r, c| cell(r, c, cols)));
    maps.push(build(&|r, c| cell(rows - 1 - r, cols - 1 - c, cols)));
    maps.push(build(&|r, c| cell(r, cols - 1 - c, cols)));
    maps.push(build(&|r, c| cell(rows - 1 - r, c, cols)));
    if rows == cols {
        maps.push(build(&|r, c| cell(c, r, rows)));
        maps.push(build(&|r, c| cell(cols - 1 - c, rows - 1 - r, rows)));
        maps.push(build(&|r, c| cell(c, rows - 1 - r, rows)));
        maps.push(build(&|r, c| cell(cols - 1 - c, r, rows)));
    }
    maps
}

/// One part of a partition: a table, seen through a symmetry of the board.
///
/// ```
/// use sliding::pdb::{tier_partition, Tier};
///
/// // Korf and Felner's 7-8 partition of the 4x4 board, each part its own table.
/// let parts = tier_partition(4, 4, 0, Tier::Full);
/// let sizes: Vec<usize> = parts.iter().map(|part| part.key.tiles().len()).collect();
/// assert_eq!(sizes, [7, 8]);
/// let identity: Vec<u8> = (0..16).collect();
/// assert!(parts.iter().all(|part| part.through == identity));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartSpec {
    /// The table's key (blank at the canonical cell).
    pub key: PatternKey,
    /// The symmetry that carries the part's tiles onto the table's tiles (identity for a table of
    /// the part itself).
    pub through: Vec<u8>,
}

/// The canonical goal cell of the blank for `goal_blank`: the smallest cell a symmetry carries it
/// to, so that the goals with the blank in any corner share their tables.
///
/// ```
/// use sliding::pdb::canonical_blank;
///
/// // Every corner of a 4x4 board shares the tables of cell 0.
/// assert_eq!([0, 3, 12, 15].map(|corner| canonical_blank(4, 4, corner)), [0; 4]);
/// // Cell 5 (row 1, column 1) is already the smallest of the cells 5, 6, 9, 10 it maps to.
/// assert_eq!(canonical_blank(4, 4, 10), 5);
/// ```
pub fn canonical_blank(rows: usize, cols: usize, goal_blank: usize) -> usize {
    grid_symmetries(rows, cols).iter().map(|m| usize::from(m[goal_blank])).min().unwrap_or(goal_blank)
}

/// The most cells a board may have for pattern databases.
pub const PDB_MAX_CELLS: usize = 25;

/// How strong a set of pattern databases is, and so how long it takes to build.
///
/// ```
/// use sliding::pdb::Tier;
///
/// assert!(Tier::Full.differs(4, 4, 0));
/// // A 3x3 board has no tables of its own beyond the quick ones.
/// assert!(!Tier::Full.differs(3, 3, 0));
/// assert_eq!(Tier::Quick.name(), "quick");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tier {
    /// Tables of at most 2^22 entries each, built in about a second: the tiles in row-major
    /// order cut into patterns of at most `largest_pattern(cells)` tiles (5-5-5 on 4×4,
    /// 4-4-4-4-4-4 on 5×5).
    Quick,
    /// A 6-6-3 partition on 4×4 with the blank in a corner, built in about half a second (two
    /// split tables of 5.8 M entries, 5.8 MB each): a fifth of the quick tables' nodes on
    /// Korf's 100.
    /// On other shapes and goals the same as [`Tier::Quick`].
    Mid,
    /// Korf and Felner's tables where a shape has them (7-8 on 4×4 and 6-6-6-6 on 5×5, blank in
    /// a corner): minutes to build and hundreds of megabytes, for far smaller searches. On other
    /// shapes and goals the same as [`Tier::Quick`].
    Full,
    /// A catalogue on 5×5 with the blank in a corner (`tier_catalogue`): Korf and
    /// Felner's 6-6-6-6 partition and a second one, four tables of 128 MB, the estimate the
    /// largest of the two, the second read only where the first does not cut a child off. On
    /// other shapes and goals the same as [`Tier::Full`].
    Catalogue,
}

impl Tier {
    /// Whether this shape and (canonical) blank cell has a partition of this tier of its own
    /// (else the tier is the same as [`Tier::Quick`]).
    pub fn differs(self, rows: usize, cols: usize, blank: usize) -> bool {
        match self {
            Tier::Quick => true,
            Tier::Mid => (rows, cols, blank) == (4, 4, 0),
            Tier::Full => matches!((rows, cols, blank), (4, 4, 0) | (5, 5, 0)),
            Tier::Catalogue => (rows, cols, blank) == (5, 5, 0),
        }
    }

    /// The tier's name in work units and reports: `quick`, `mid`, `full` or `catalogue`.
    pub fn name(self) -> &'static str {
        match self {
            Tier::Quick => "quick",
            Tier::Mid => "mid",
            Tier::Full => "full",
            Tier::Catalogue => "catalogue",
        }
    }
}

/// The partition of `tier` for a board shape of at most [`PDB_MAX_CELLS`] cells and (canonical)
/// blank cell; for [`Tier::Catalogue`], the catalogue's first partition (Korf and Felner's).
///
/// ```
/// use sliding::pdb::{tier_partition, Tier};
///
/// // The 6-6-3 partition of the 4x4 board covers its 15 tiles once each.
/// let parts = tier_partition(4, 4, 0, Tier::Mid);
/// let mut tiles: Vec<u8> = parts.iter().flat_map(|part| part.key.tiles().iter().copied()).collect();
/// assert_eq!(parts.iter().map(|part| part.key.tiles().len()).collect::<Vec<_>>(), [6, 6, 3]);
/// tiles.sort_unstable();
/// assert_eq!(tiles, (1..16).collect::<Vec<u8>>());
/// ```
pub fn tier_partition(rows: usize, cols: usize, blank: usize, tier: Tier) -> Vec<PartSpec> {
    let identity: Vec<u8> = (0..(rows * cols) as u8).collect();
    let part = |tiles: &[usize], through: &[u8]| PartSpec {
        key: PatternKey::new(rows, cols, blank, tiles).unwrap_or_else(|e| unreachable!("default pattern: {e}")),
        through: through.to_vec(),
    };
    match (tier, rows, cols, blank) {
        (Tier::Mid, 4, 4, 0) => {
            // Chosen by measurement among 6-6-3 partitions (docs/experiments.md, "Partitions of
            // the pattern databases"): a staircase on the left, the right two columns above the
            // last row, and the last row.
            vec![
                part(&[1, 4, 5, 8, 9, 12], &identity),
                part(&[2, 3, 6, 7, 10, 11], &identity),
                part(&[13, 14, 15], &identity),
            ]
        }
        (Tier::Full | Tier::Catalogue, 4, 4, 0) => {
            vec![part(&[1, 2, 3, 4, 5, 6, 7], &identity), part(&[8, 9, 10, 11, 12, 13, 14, 15], &identity)]
        }
        (Tier::Full | Tier::Catalogue, 5, 5, 0) => {
            // Korf and Felner's partition: an irregular pattern around the blank's corner and
            // three copies of a 3×2 block, the last two read through the block's table after a
            // half turn and a quarter turn of the board.
            let symmetries = grid_symmetries(5, 5);
            let block = [3, 4, 8, 9, 13, 14];
            vec![
                part(&[1, 2, 5, 6, 7, 12], &identity),
                part(&block, &identity),
                // Tiles 10, 11, 15, 16, 20, 21.
                part(&block, &symmetries[1]),
                // Tiles 17, 18, 19, 22, 23, 24.
                part(&block, &symmetries[7]),
            ]
        }
        _ => {
            let cells = rows * cols;
            let size = largest_pattern(cells);
            let tiles: Vec<usize> = (0..cells).filter(|&c| c != blank).collect();
            tiles.chunks(size).map(|chunk| part(chunk, &identity)).collect()
        }
    }
}

/// The most tiles per pattern for the generic partition: tables of at most 2^22 entries, built in
/// about a second.
fn largest_pattern(cells: usize) -> usize {
    let mut size = 1;
    let mut entries = cells as u64;
    while size + 1 < cells && entries * (cells - size) as u64 <= 1 << 22 {
        entries *= (cells - size) as u64;
        size += 1;
    }
    size
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_keep_neighbours() {
        for (rows, cols) in [(2, 3), (3, 3), (4, 4), (3, 5)] {
            let maps = grid_symmetries(rows, cols);
            assert_eq!(maps.len(), if rows == cols { 8 } else { 4 });
            let adjacent = |a: usize, b: usize| (a / cols).abs_diff(b / cols) + (a % cols).abs_diff(b % cols) == 1;
            for map in &maps {
                let mut sorted = map.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, (0..(rows * cols) as u8).collect::<Vec<_>>());
                for a in 0..rows * cols {
                    for b in 0..rows * cols {
                        assert_eq!(adjacent(a, b), adjacent(usize::from(map[a]), usize::from(map[b])));
                    }
                }
            }
        }
    }

    /// The open cells of a key's pattern at home, as the region holding `cell`.
    fn home_region(key: &PatternKey, cell: usize) -> u64 {
        let (rows, cols) = (key.rows(), key.cols());
        let shape = puzzle_core::Shape::new(rows, cols).unwrap();
        let occupied = key.tiles().iter().fold(0u64, |m, &t| m | 1 << t);
        let mut region = 1u64 << cell;
        loop {
            let mut grown = region;
            for c in 0..rows * cols {
                if region & 1 << c == 0 {
                    continue;
                }
                for puzzle_core::Cell(n) in shape.neighbours(puzzle_core::Cell(c)) {
                    if occupied & 1 << n == 0 {
                        grown |= 1 << n;
                    }
                }
            }
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    #[test]
    fn parts_read_through_symmetries_keep_the_blank_region() {
        for (rows, cols) in [(2, 2), (2, 4), (3, 3), (4, 4), (5, 5), (3, 4), (4, 6), (2, 12)] {
            for goal_blank in [0, rows * cols - 1] {
                let canonical = canonical_blank(rows, cols, goal_blank);
                let carriers: Vec<Vec<u8>> = grid_symmetries(rows, cols)
                    .into_iter()
                    .filter(|m| usize::from(m[goal_blank]) == canonical)
                    .collect();
                for part in
                    [Tier::Quick, Tier::Mid, Tier::Full].iter().flat_map(|&t| tier_partition(rows, cols, canonical, t))
                {
                    for carrier in &carriers {
                        let image = usize::from(part.through[usize::from(carrier[goal_blank])]);
                        let region = home_region(&part.key, part.key.blank());
                        assert_ne!(region & 1 << image, 0, "{rows}x{cols} {}: blank at {image}", part.key);
                    }
                }
            }
        }
    }

    #[test]
    fn partitions_cover_every_tile_once() {
        for (rows, cols) in [(2, 2), (2, 4), (3, 3), (4, 4), (5, 5), (3, 4), (4, 6), (2, 12)] {
            for blank in [0, rows * cols - 1] {
                let canonical = canonical_blank(rows, cols, blank);
                assert_eq!(canonical, 0);
                for tier in [Tier::Quick, Tier::Mid, Tier::Full] {
                    let mut covered = 0u64;
                    for part in tier_partition(rows, cols, canonical, tier) {
                        let tiles =
                            part.key.tiles().iter().map(|&t| part.through.iter().position(|&y| y == t).unwrap());
                        for t in tiles {
                            assert_eq!(covered & 1 << t, 0, "{rows}x{cols} {tier:?}: tile {t} twice");
                            covered |= 1 << t;
                        }
                    }
                    assert_eq!(covered, ((1u64 << (rows * cols)) - 1) & !1, "{rows}x{cols} {tier:?}");
                }
            }
        }
        assert_eq!(largest_pattern(16), 5);
        assert_eq!(largest_pattern(12), 7);
        assert_eq!(largest_pattern(9), 8);
    }
}
