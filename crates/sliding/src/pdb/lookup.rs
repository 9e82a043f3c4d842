//! The pattern-database heuristic: the tables of a partition, read through every symmetry of the
//! grid that keeps the goal's blank, combined into the largest admissible sum.

use std::sync::Arc;

use puzzle_core::Shape;

use super::partition::{canonical_blank, grid_symmetries, tier_partition, PartSpec, Tier, PDB_MAX_CELLS};
use super::{PatternDb, PatternKey};

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
