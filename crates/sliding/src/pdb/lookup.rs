//! The pattern-database heuristic: the tables of a partition, read through every symmetry of the
//! grid that keeps the goal's blank, combined into the largest admissible sum.

use std::sync::Arc;

use puzzle_core::Shape;

use super::catalogue::tier_catalogue;
use super::partition::{canonical_blank, grid_symmetries, PartSpec, Tier, PDB_MAX_CELLS};
use super::{PatternDb, PatternKey};

/// The most tiles a pattern has: all but the blank on the largest board tables cover.
const MAX_PATTERN: usize = PDB_MAX_CELLS - 1;

/// The most lookups a heuristic may have (parts times symmetries), and so the most that read
/// one tile.
pub(crate) const MAX_LOOKUPS: usize = 16;

/// One table lookup: the tiles to read (in the table's order), and the symmetry to apply to
/// their cells first. Fixed arrays, so that a lookup in the search's inner loop touches one
/// small block of memory besides the table.
#[derive(Clone, Debug)]
pub(crate) struct Lookup {
    pub(crate) table: Arc<PatternDb>,
    /// The state's tiles the pattern reads, `tiles[..len]`.
    tiles: [u8; MAX_PATTERN],
    len: u8,
    /// State cell to table cell (32 entries, so that a masked index needs no bounds check).
    cell_map: [u8; 32],
    /// `weights[i]`: what one step of tile `i`'s digit adds to the rank, the product of the
    /// radices after it, so that the digits can be weighed independently of each other.
    weights: [u32; MAX_PATTERN],
}

impl Lookup {
    fn new(table: Arc<PatternDb>, tiles: &[u8], cell_map: &[u8]) -> Lookup {
        let weights = weights(table.key().cells(), tiles.len());
        Lookup::with_weights(table, tiles, cell_map, weights)
    }

    fn with_weights(table: Arc<PatternDb>, tiles: &[u8], cell_map: &[u8], weights: [u32; MAX_PATTERN]) -> Lookup {
        let mut lookup = Lookup { weights, table, tiles: [0; MAX_PATTERN], len: tiles.len() as u8, cell_map: [0; 32] };
        lookup.tiles[..tiles.len()].copy_from_slice(tiles);
        lookup.cell_map[..cell_map.len()].copy_from_slice(cell_map);
        lookup
    }

    /// The tiles it reads.
    pub(crate) fn tiles(&self) -> &[u8] {
        &self.tiles[..usize::from(self.len)]
    }

    /// State cell to table cell.
    pub(crate) fn cell_map(&self) -> &[u8; 32] {
        &self.cell_map
    }

    /// What one step of each tile's digit adds to the index ([`Lookup::index`]).
    pub(crate) fn weights(&self) -> &[u32] {
        &self.weights[..usize::from(self.len)]
    }

    /// The table's excess for the state whose tile `t` is at cell `pos[t]` and whose blank is
    /// at cell `blank` (a split table's entry for the blank's region).
    #[inline]
    pub(crate) fn excess(&self, pos: &[u8; 256], blank: u8) -> u8 {
        let cell = |tile: &u8| self.cell_map[usize::from(pos[usize::from(*tile)]) & 31];
        let map = self.table.map(self.tiles().iter().fold(0u32, |bits, tile| bits | 1 << (cell(tile) & 31)));
        self.table.excess_with_blank(self.index(pos), map, self.cell_map[usize::from(blank) & 31])
    }

    /// The table's index for the state whose tile `t` is at cell `pos[t]`: [`super::rank`] of the
    /// tiles' table cells, its digits weighed independently (the products of the radices after
    /// them) so that the processor works on them side by side.
    #[inline]
    pub(crate) fn index(&self, pos: &[u8; 256]) -> usize {
        let mut used = 0u32;
        let mut index = 0usize;
        for (&tile, &weight) in self.tiles().iter().zip(&self.weights) {
            let cell = u32::from(self.cell_map[usize::from(pos[usize::from(tile)]) & 31]);
            let digit = cell - (used & ((1u32 << cell) - 1)).count_ones();
            index += digit as usize * weight as usize;
            used |= 1 << cell;
        }
        index
    }
}

/// The weights of the digits of [`super::rank`] for `len` tiles among `cells` cells: the radix
/// of digit `i` is `cells - i`, and its weight the product of the radices after it. A table has
/// at most 2^32 entries ([`PatternKey::MAX_ENTRIES`]), so every weight fits in `u32`.
fn weights(cells: usize, len: usize) -> [u32; MAX_PATTERN] {
    let mut weights = [0; MAX_PATTERN];
    let mut weight = 1u64;
    for i in (0..len).rev() {
        weights[i] = u32::try_from(weight).unwrap_or_else(|_| unreachable!("tables have at most 2^32 entries"));
        weight *= (cells - i) as u64;
    }
    weights
}

/// Pattern-database heuristic for one board shape and goal blank cell: the maximum over sums,
/// each sum adding over parts the maximum of the part's lookups, all over the Manhattan
/// distance.
///
/// ```
/// use std::sync::Arc;
///
/// use puzzle_core::{Direction, Shape};
/// use sliding::pdb::{PatternDb, PdbHeuristic, Tier};
/// use sliding::{Board, GoalKind};
/// use sliding::testing::{lower_bound, Heuristic};
///
/// let shape = Shape::new(2, 3)?;
/// let goal = Board::goal(shape, GoalKind::BlankLast)?;
/// let keys = PdbHeuristic::tier_keys(2, 3, goal.blank().0, Tier::Quick).expect("6 cells have tables");
/// let tables: Vec<Arc<PatternDb>> = keys.iter().map(|key| Arc::new(PatternDb::build(key, &|_| {}).unwrap())).collect();
/// let pdb = PdbHeuristic::for_tier(shape, goal.blank().0, Tier::Quick, &tables)
///     .map_err(|key| format!("no table for {key}"))?;
/// let heuristic = Heuristic::Pdb(Arc::new(pdb));
/// // Two moves from the goal, two tiles one cell out: at least the Manhattan distance 2 and at
/// // most the true distance 2.
/// let board = goal.replay(&[Direction::North, Direction::West]).expect("both moves stay on the board");
/// assert_eq!(lower_bound(&board, &goal, &heuristic)?, 2);
/// assert_eq!(lower_bound(&goal, &goal, &heuristic)?, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PdbHeuristic {
    pub(crate) lookups: Vec<Lookup>,
    /// `sums[s][p]`: indices into `lookups` of the lookups of part `p` of sum `s`.
    sums: Vec<Vec<Vec<usize>>>,
    /// `by_tile[t][..by_tile_len[t]]`: the lookups that read tile `t`.
    by_tile: Vec<[u8; MAX_LOOKUPS]>,
    by_tile_len: Vec<u8>,
    /// When every part has at most two lookups (always, with the blank's goal in a corner): each
    /// part as the pair of lookups whose larger excess it takes (the same one twice for a part
    /// of one lookup), the parts of sum `s` at `pairs[ends[s - 1]..ends[s]]`, so the inner loop
    /// adds without chasing pointers.
    pairs: Option<Pairs>,
    /// Per partition of a catalogue, the end of its lookups and of its sums: a partition's
    /// lookups and sums follow the one's before it.
    stages: Vec<(usize, usize)>,
}

/// The parts of every sum as pairs of lookups, in fixed arrays (see [`PdbHeuristic::combine`]).
#[derive(Clone, Debug)]
struct Pairs {
    pairs: [[u8; 2]; MAX_LOOKUPS],
    ends: [u8; MAX_LOOKUPS],
    sums: u8,
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
        for part in tier_catalogue(rows, cols, canonical_blank(rows, cols, goal_blank), tier).into_iter().flatten() {
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
    #[cfg(any(test, feature = "test-support"))]
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
        Self::with_catalogue(shape, goal_blank, &tier_catalogue(shape.rows(), shape.cols(), canonical, tier), tables)
    }

    /// As [`PdbHeuristic::new`] with another partition, whose keys have the blank at the
    /// canonical cell (for the tests).
    #[cfg(test)]
    pub(crate) fn with_partition(
        shape: Shape,
        goal_blank: usize,
        partition: &[PartSpec],
        tables: &[Arc<PatternDb>],
    ) -> Result<PdbHeuristic, PatternKey> {
        Self::with_catalogue(shape, goal_blank, std::slice::from_ref(&partition.to_vec()), tables)
    }

    /// A catalogue: the largest of the heuristics of several partitions (each read through the
    /// symmetries that keep the goal's blank, as [`PdbHeuristic::new`] reads its partition),
    /// whose keys have the blank at the canonical cell. The node loop reads the partitions in
    /// order, a later one only for a child the earlier ones do not cut off.
    pub(crate) fn with_catalogue(
        shape: Shape,
        goal_blank: usize,
        partitions: &[Vec<PartSpec>],
        tables: &[Arc<PatternDb>],
    ) -> Result<PdbHeuristic, PatternKey> {
        let mut lookups: Vec<Lookup> = Vec::new();
        let mut sums: Vec<Vec<Vec<usize>>> = Vec::new();
        let mut stages = Vec::with_capacity(partitions.len());
        for partition in partitions {
            // Each partition's lookups are its own, even where two read one table alike, so
            // that a lookup belongs to one partition and is read with it.
            let (own_lookups, own_sums) = Self::partition_sums(shape, goal_blank, partition, tables)?;
            let offset = lookups.len();
            lookups.extend(own_lookups);
            sums.extend(own_sums.into_iter().map(|parts| {
                parts.into_iter().map(|members| members.into_iter().map(|i| i + offset).collect()).collect()
            }));
            stages.push((lookups.len(), sums.len()));
        }
        Ok(Self::assemble(shape.rows() * shape.cols(), lookups, sums, stages))
    }

    /// One partition's lookups, and its sums as lists of parts, each the indices of the lookups
    /// whose largest excess the part takes.
    #[allow(clippy::type_complexity)]
    fn partition_sums(
        shape: Shape,
        goal_blank: usize,
        partition: &[PartSpec],
        tables: &[Arc<PatternDb>],
    ) -> Result<(Vec<Lookup>, Vec<Vec<Vec<usize>>>), PatternKey> {
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
                let index = match lookups
                    .iter()
                    .position(|l| Arc::ptr_eq(&l.table, table) && l.cell_map[..n] == cell_map[..])
                {
                    Some(index) => index,
                    None => {
                        lookups.push(Lookup::new(Arc::clone(table), &tiles, &cell_map));
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
        Ok((lookups, sums))
    }

    /// The heuristic of these lookups and sums, `stages` the ends of each partition's lookups
    /// and sums, on a board of `n` cells.
    fn assemble(
        n: usize,
        lookups: Vec<Lookup>,
        sums: Vec<Vec<Vec<usize>>>,
        stages: Vec<(usize, usize)>,
    ) -> PdbHeuristic {
        if lookups.len() > MAX_LOOKUPS {
            // More lookups than the search's fixed arrays hold: the caller reports a mismatch.
            return PdbHeuristic { lookups, sums, by_tile: Vec::new(), by_tile_len: Vec::new(), pairs: None, stages };
        }
        let mut by_tile = vec![[0u8; MAX_LOOKUPS]; n];
        let mut by_tile_len = vec![0u8; n];
        for (index, lookup) in lookups.iter().enumerate() {
            for &t in lookup.tiles() {
                let t = usize::from(t);
                by_tile[t][usize::from(by_tile_len[t])] = index as u8;
                by_tile_len[t] += 1;
            }
        }
        let parts: usize = sums.iter().map(Vec::len).sum();
        let paired = parts <= MAX_LOOKUPS && sums.iter().flatten().all(|members| (1..=2).contains(&members.len()));
        let pairs = paired.then(|| {
            let mut pairs = Pairs { pairs: [[0; 2]; MAX_LOOKUPS], ends: [0; MAX_LOOKUPS], sums: sums.len() as u8 };
            let mut at = 0;
            for (s, parts) in sums.iter().enumerate() {
                for members in parts {
                    pairs.pairs[at] = [members[0] as u8, members[members.len() - 1] as u8];
                    at += 1;
                }
                pairs.ends[s] = at as u8;
            }
            pairs
        });
        PdbHeuristic { lookups, sums, by_tile, by_tile_len, pairs, stages }
    }

    /// Per partition, in the order the node loop reads them, the end of its lookups and the end
    /// of its sums (one partition unless this is a catalogue).
    pub(crate) fn stages(&self) -> &[(usize, usize)] {
        &self.stages
    }

    /// Whether the search's fixed arrays hold this heuristic's lookups and it was made for a
    /// board of `cells` cells.
    pub(crate) fn fits(&self, cells: usize) -> bool {
        self.lookups.len() <= MAX_LOOKUPS && self.by_tile.len() == cells
    }

    /// The lookups that read `tile`.
    #[inline]
    pub(crate) fn reading(&self, tile: u8) -> &[u8] {
        let t = usize::from(tile);
        &self.by_tile[t][..usize::from(self.by_tile_len[t])]
    }

    /// The excess over Manhattan (in pairs of moves) for the current excesses of the lookups.
    #[inline]
    pub(crate) fn combine(&self, excess: &[u8; MAX_LOOKUPS]) -> u32 {
        if let Some(pairs) = &self.pairs {
            let read = |i: u8| u32::from(excess[usize::from(i) & (MAX_LOOKUPS - 1)]);
            let mut best = 0;
            let mut start = 0;
            for &end in &pairs.ends[..usize::from(pairs.sums)] {
                let end = usize::from(end);
                let sum: u32 = pairs.pairs[start..end].iter().map(|&[a, b]| read(a).max(read(b))).sum();
                best = best.max(sum);
                start = end;
            }
            return best;
        }
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

    /// Its sums, each a list of parts, each the lookups whose largest excess the part takes.
    pub(crate) fn parts(&self) -> &[Vec<Vec<usize>>] {
        &self.sums
    }

    /// A description for reports: the lookups per part.
    #[cfg(any(test, feature = "test-support"))]
    pub fn describe(&self) -> String {
        let sums: Vec<String> = self
            .sums
            .iter()
            .map(|parts| {
                let parts: Vec<String> = parts
                    .iter()
                    .map(|members| {
                        let tiles = members.first().map_or(0, |&i| self.lookups[i].tiles().len());
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
    use puzzle_core::SplitMix64;

    /// The lookup's weighed digits give the table's own rank, through any cell map, for
    /// patterns of every length on boards of up to 25 cells.
    #[test]
    fn lookup_index_is_the_table_rank() {
        let mut rng = SplitMix64::new(22);
        for (rows, cols, len) in [(2, 3, 1), (2, 3, 5), (3, 3, 4), (4, 4, 3), (4, 4, 6), (5, 5, 2), (5, 5, 4)] {
            let n = rows * cols;
            let tiles: Vec<usize> = (1..=len).collect();
            let key = PatternKey::new(rows, cols, 0, &tiles).unwrap();
            // The table's bytes are never read: a tiny table stands in, with the weights of
            // the board's.
            let table = Arc::new(PatternDb::build(&PatternKey::new(2, 2, 0, &[1]).unwrap(), &|_| {}).unwrap());
            for _ in 0..200 {
                // A random cell map (any permutation) and a random board.
                let mut cell_map: Vec<u8> = (0..n as u8).collect();
                let mut board: Vec<u8> = (0..n as u8).collect();
                for i in (1..n).rev() {
                    cell_map.swap(i, rng.below(i + 1));
                    board.swap(i, rng.below(i + 1));
                }
                let state_tiles: Vec<u8> = key.tiles().to_vec();
                let lookup = Lookup::with_weights(Arc::clone(&table), &state_tiles, &cell_map, weights(n, len));
                let mut pos = [0u8; 256];
                for (cell, &tile) in board.iter().enumerate() {
                    pos[usize::from(tile)] = cell as u8;
                }
                let cells = state_tiles.iter().map(|&t| cell_map[usize::from(pos[usize::from(t)])]);
                assert_eq!(lookup.index(&pos), super::super::rank(cells, n), "{rows}x{cols} {len} tiles");
            }
        }
    }
}
