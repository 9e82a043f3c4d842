//! The pattern-database heuristic: the tables of a partition, read through every symmetry of the
//! grid that keeps the goal's blank, combined into the largest admissible sum.

use std::sync::Arc;

use puzzle_core::Shape;

use super::partition::{canonical_blank, grid_symmetries, tier_partition, PartSpec, Tier, PDB_MAX_CELLS};
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
    /// Cells of the board.
    cells: u8,
    /// State cell to table cell (32 entries, so that a masked index needs no bounds check).
    cell_map: [u8; 32],
}

impl Lookup {
    fn new(table: Arc<PatternDb>, tiles: &[u8], cell_map: &[u8]) -> Lookup {
        let mut lookup = Lookup {
            cells: table.key().cells() as u8,
            table,
            tiles: [0; MAX_PATTERN],
            len: tiles.len() as u8,
            cell_map: [0; 32],
        };
        lookup.tiles[..tiles.len()].copy_from_slice(tiles);
        lookup.cell_map[..cell_map.len()].copy_from_slice(cell_map);
        lookup
    }

    /// The tiles it reads.
    pub(crate) fn tiles(&self) -> &[u8] {
        &self.tiles[..usize::from(self.len)]
    }

    /// The table's excess for the state whose tile `t` is at cell `pos[t]`.
    #[inline]
    pub(crate) fn excess(&self, pos: &[u8]) -> u8 {
        let cells = self.tiles().iter().map(|&tile| self.cell_map[usize::from(pos[usize::from(tile)]) & 31]);
        let index = super::rank(cells, usize::from(self.cells));
        self.table.excess(index)
    }
}

/// Pattern-database heuristic for one board shape and goal blank cell: the maximum over sums,
/// each sum adding over parts the maximum of the part's lookups, all over the Manhattan
/// distance.
#[derive(Clone, Debug)]
pub struct PdbHeuristic {
    pub(crate) lookups: Vec<Lookup>,
    /// `sums[s][p]`: indices into `lookups` of the lookups of part `p` of sum `s`.
    sums: Vec<Vec<Vec<usize>>>,
    /// `by_tile[t][..by_tile_len[t]]`: the lookups that read tile `t`.
    by_tile: Vec<[u8; MAX_LOOKUPS]>,
    by_tile_len: Vec<u8>,
    /// When every part has one lookup (the sums do not merge): the lookups of each sum in one
    /// run, `flat[ends[s - 1]..ends[s]]`, so the inner loop adds without chasing pointers.
    flat: Option<(Vec<u8>, Vec<u8>)>,
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
        if lookups.len() > MAX_LOOKUPS {
            // More lookups than the search's fixed arrays hold: the caller reports a mismatch.
            return Ok(PdbHeuristic { lookups, sums, by_tile: Vec::new(), by_tile_len: Vec::new(), flat: None });
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
        let flat = sums.iter().flatten().all(|members| members.len() == 1).then(|| {
            let mut flat = Vec::new();
            let mut ends = Vec::new();
            for parts in &sums {
                flat.extend(parts.iter().map(|members| members[0] as u8));
                ends.push(flat.len() as u8);
            }
            (flat, ends)
        });
        Ok(PdbHeuristic { lookups, sums, by_tile, by_tile_len, flat })
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
        if let Some((flat, ends)) = &self.flat {
            let mut best = 0;
            let mut start = 0;
            for &end in ends {
                let sum = flat[start..usize::from(end)]
                    .iter()
                    .map(|&i| u32::from(excess[usize::from(i) & (MAX_LOOKUPS - 1)]))
                    .sum();
                best = best.max(sum);
                start = usize::from(end);
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

    /// A description for reports: the lookups per part.
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
