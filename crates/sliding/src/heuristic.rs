//! Lower bounds on the moves to the goal, kept up to date move by move during IDA*: Manhattan
//! distance, linear conflict, and additive pattern databases looked up through the board's
//! symmetries.
//!
//! Every bound here is admissible (never above the true distance) and has the parity of the
//! Manhattan distance, so IDA* stays optimal and its bounds go up two at a time.

use std::sync::Arc;

use puzzle_core::Shape;

use crate::pdb::{PatternDb, PatternKey};

/// The heuristics a caller can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeuristicKind {
    /// Sum over tiles of the row and column distance to the goal cell.
    Manhattan,
    /// Manhattan plus two moves per tile that must leave its goal row or column to let another
    /// tile of that line pass.
    LinearConflict,
    /// Additive pattern databases, the largest of the lookups through the board's symmetries.
    Pdb,
}

/// Cell permutations of a `rows`×`cols` grid that keep neighbours neighbours: the identity, the
/// half turn and the two mirror images, and on a square board also the quarter turns and the two
/// diagonal reflections. `map[c]` is the image of cell `c`.
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
pub fn canonical_blank(rows: usize, cols: usize, goal_blank: usize) -> usize {
    grid_symmetries(rows, cols).iter().map(|m| usize::from(m[goal_blank])).min().unwrap_or(goal_blank)
}

/// The most cells a board may have for pattern databases.
pub const PDB_MAX_CELLS: usize = 25;

/// How strong a set of pattern databases is, and so how long it takes to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tier {
    /// Tables of at most 2^22 entries each, built in about a second: the tiles in row-major
    /// order cut into patterns of at most `largest_pattern(cells)` tiles (5-5-5 on 4×4,
    /// 4-4-4-4-4-4 on 5×5).
    Quick,
    /// Korf and Felner's tables where a shape has them (7-8 on 4×4 and 6-6-6-6 on 5×5, blank in
    /// a corner): minutes to build and hundreds of megabytes, for far smaller searches. On other
    /// shapes and goals the same as [`Tier::Quick`].
    Full,
}

impl Tier {
    /// Whether this shape and (canonical) blank cell has a [`Tier::Full`] partition of its own.
    pub fn full_differs(rows: usize, cols: usize, blank: usize) -> bool {
        matches!((rows, cols, blank), (4, 4, 0) | (5, 5, 0))
    }
}

/// The partition of [`Tier::Full`] for a board shape of at most [`PDB_MAX_CELLS`] cells and
/// (canonical) blank cell: 7-8 on 4×4 and 6-6-6-6 on 5×5 with the blank in a corner, otherwise
/// the [`Tier::Quick`] one.
///
/// A table read through a symmetry that moves the goal's blank is still exact when the cells its
/// pattern leaves open at home are connected: the blank's goal cell then only names that region.
/// The test `parts_read_through_symmetries_keep_the_blank_region` checks this for every default.
pub fn default_partition(rows: usize, cols: usize, blank: usize) -> Vec<PartSpec> {
    tier_partition(rows, cols, blank, Tier::Full)
}

/// The partition of `tier` for a board shape of at most [`PDB_MAX_CELLS`] cells and (canonical)
/// blank cell.
pub fn tier_partition(rows: usize, cols: usize, blank: usize, tier: Tier) -> Vec<PartSpec> {
    let identity: Vec<u8> = (0..(rows * cols) as u8).collect();
    let part = |tiles: &[usize], through: &[u8]| PartSpec {
        key: PatternKey::new(rows, cols, blank, tiles).unwrap_or_else(|e| unreachable!("default pattern: {e}")),
        through: through.to_vec(),
    };
    match (tier, rows, cols, blank) {
        (Tier::Full, 4, 4, 0) => {
            vec![part(&[1, 2, 3, 4, 5, 6, 7], &identity), part(&[8, 9, 10, 11, 12, 13, 14, 15], &identity)]
        }
        (Tier::Full, 5, 5, 0) => {
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

/// One table lookup: the tiles to read (in the table's order), and the symmetry to apply to
/// their cells first.
#[derive(Clone, Debug)]
pub(crate) struct Lookup {
    pub(crate) table: Arc<PatternDb>,
    pub(crate) tiles: Vec<u8>,
    pub(crate) cell_map: Vec<u8>,
}

impl Lookup {
    #[inline]
    pub(crate) fn excess(&self, pos: &[u8]) -> u8 {
        let cells = self.tiles.iter().map(|&t| self.cell_map[usize::from(pos[usize::from(t)])]);
        self.table.excess(self.table.index(cells))
    }
}

/// Pattern-database heuristic for one board shape and goal blank cell: the maximum over sums,
/// each sum adding over parts the maximum of the part's lookups, all over the Manhattan
/// distance.
#[derive(Clone, Debug)]
pub struct PdbHeuristic {
    pub(crate) lookups: Vec<Lookup>,
    /// `sums[s][p]`: indices into `lookups` of the lookups of part `p` of sum `s`.
    pub(crate) sums: Vec<Vec<Vec<usize>>>,
    /// `by_tile[t]`: the lookups that read tile `t`.
    pub(crate) by_tile: Vec<Vec<usize>>,
}

impl PdbHeuristic {
    /// The tables of [`Tier::Full`] for a `rows`×`cols` board whose goal has the blank at
    /// `goal_blank`, or `None` when the board has more than [`PDB_MAX_CELLS`] cells.
    pub fn keys(rows: usize, cols: usize, goal_blank: usize) -> Option<Vec<PatternKey>> {
        Self::tier_keys(rows, cols, goal_blank, Tier::Full)
    }

    /// The tables of `tier` for a `rows`×`cols` board whose goal has the blank at `goal_blank`,
    /// or `None` when the board has more than [`PDB_MAX_CELLS`] cells.
    pub fn tier_keys(rows: usize, cols: usize, goal_blank: usize, tier: Tier) -> Option<Vec<PatternKey>> {
        if rows * cols > PDB_MAX_CELLS {
            return None;
        }
        let mut keys: Vec<PatternKey> = Vec::new();
        for part in tier_partition(rows, cols, canonical_blank(rows, cols, goal_blank), tier) {
            if !keys.contains(&part.key) {
                keys.push(part.key);
            }
        }
        Some(keys)
    }

    /// Assembles the [`Tier::Full`] heuristic from the tables named by [`PdbHeuristic::keys`].
    ///
    /// Every symmetry of the grid that carries the goal's blank to the canonical cell gives an
    /// admissible sum (the carried board is as far from the carried goal, and tiles are named by
    /// goal cell). When all sums cover the same tile sets, they merge into one sum that takes, per
    /// part, the largest lookup; otherwise the heuristic is the largest sum.
    pub fn new(shape: Shape, goal_blank: usize, tables: &[Arc<PatternDb>]) -> Result<PdbHeuristic, PatternKey> {
        Self::for_tier(shape, goal_blank, Tier::Full, tables)
    }

    /// Assembles the heuristic of `tier` from the tables named by [`PdbHeuristic::tier_keys`].
    pub fn for_tier(
        shape: Shape,
        goal_blank: usize,
        tier: Tier,
        tables: &[Arc<PatternDb>],
    ) -> Result<PdbHeuristic, PatternKey> {
        let canonical = canonical_blank(shape.rows(), shape.cols(), goal_blank);
        Self::with_partition(shape, goal_blank, &tier_partition(shape.rows(), shape.cols(), canonical, tier), tables)
    }

    /// As [`PdbHeuristic::new`] with another partition, whose keys have the blank at the
    /// canonical cell (for experiments and tests).
    pub fn with_partition(
        shape: Shape,
        goal_blank: usize,
        partition: &[PartSpec],
        tables: &[Arc<PatternDb>],
    ) -> Result<PdbHeuristic, PatternKey> {
        let (rows, cols) = (shape.rows(), shape.cols());
        let canonical = canonical_blank(rows, cols, goal_blank);
        let carriers: Vec<Vec<u8>> =
            grid_symmetries(rows, cols).into_iter().filter(|m| usize::from(m[goal_blank]) == canonical).collect();
        let n = rows * cols;
        let mut lookups: Vec<Lookup> = Vec::new();
        // Per sum, per part: (tile set as a bit mask, lookup index).
        let mut sums: Vec<Vec<(u64, usize)>> = Vec::new();
        for carrier in &carriers {
            let mut sum = Vec::new();
            for part in partition {
                let table = tables.iter().find(|t| t.key() == &part.key).ok_or_else(|| part.key.clone())?;
                // State cell x goes to table cell through[carrier[x]].
                let cell_map: Vec<u8> = (0..n).map(|x| part.through[usize::from(carrier[x])]).collect();
                let mut inverse = vec![0u8; n];
                for (x, &y) in cell_map.iter().enumerate() {
                    inverse[usize::from(y)] = x as u8;
                }
                // Tiles are goal cells, so the table's tile `l` is the state's tile `inverse[l]`.
                let tiles: Vec<u8> = part.key.tiles().iter().map(|&l| inverse[usize::from(l)]).collect();
                let mask = tiles.iter().fold(0u64, |m, &t| m | 1 << t);
                let index = match lookups.iter().position(|l| Arc::ptr_eq(&l.table, table) && l.cell_map == cell_map) {
                    Some(index) => index,
                    None => {
                        lookups.push(Lookup { table: Arc::clone(table), tiles, cell_map });
                        lookups.len() - 1
                    }
                };
                sum.push((mask, index));
            }
            sums.push(sum);
        }
        let family = |sum: &[(u64, usize)]| {
            let mut masks: Vec<u64> = sum.iter().map(|&(m, _)| m).collect();
            masks.sort_unstable();
            masks
        };
        let merged = sums.iter().all(|s| family(s) == family(&sums[0]));
        let sums: Vec<Vec<Vec<usize>>> = if merged {
            let parts = sums[0]
                .iter()
                .map(|&(mask, _)| {
                    let mut members: Vec<usize> =
                        sums.iter().flat_map(|s| s.iter().filter(|&&(m, _)| m == mask).map(|&(_, i)| i)).collect();
                    members.sort_unstable();
                    members.dedup();
                    members
                })
                .collect();
            vec![parts]
        } else {
            sums.iter().map(|s| s.iter().map(|&(_, i)| vec![i]).collect()).collect()
        };
        let mut by_tile = vec![Vec::new(); n];
        for (index, lookup) in lookups.iter().enumerate() {
            for &t in &lookup.tiles {
                by_tile[usize::from(t)].push(index);
            }
        }
        Ok(PdbHeuristic { lookups, sums, by_tile })
    }

    /// The excess over Manhattan (in pairs of moves) for the current excesses of the lookups.
    #[inline]
    pub(crate) fn combine(&self, excess: &[u8]) -> u32 {
        self.sums
            .iter()
            .map(|parts| {
                parts
                    .iter()
                    .map(|members| members.iter().map(|&i| u32::from(excess[i])).max().unwrap_or(0))
                    .sum::<u32>()
            })
            .max()
            .unwrap_or(0)
    }

    /// A description for reports: the lookups per part.
    pub fn describe(&self) -> String {
        let sums: Vec<String> = self
            .sums
            .iter()
            .map(|parts| {
                let parts: Vec<String> = parts
                    .iter()
                    .map(|members| {
                        let tiles = members.first().map_or(0, |&i| self.lookups[i].tiles.len());
                        format!("{tiles}x{}", members.len())
                    })
                    .collect();
                parts.join("+")
            })
            .collect();
        format!("max({})", sums.join(", "))
    }
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
        let occupied = key.tiles().iter().fold(0u64, |m, &t| m | 1 << t);
        let mut region = 1u64 << cell;
        loop {
            let mut grown = region;
            for c in 0..rows * cols {
                if region & 1 << c == 0 {
                    continue;
                }
                let (r, k) = (c / cols, c % cols);
                let mut near = Vec::new();
                if r > 0 {
                    near.push(c - cols);
                }
                if r + 1 < rows {
                    near.push(c + cols);
                }
                if k > 0 {
                    near.push(c - 1);
                }
                if k + 1 < cols {
                    near.push(c + 1);
                }
                for n in near {
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
                for part in [Tier::Quick, Tier::Full].iter().flat_map(|&t| tier_partition(rows, cols, canonical, t)) {
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
                for tier in [Tier::Quick, Tier::Full] {
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
