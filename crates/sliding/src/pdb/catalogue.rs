//! Catalogues of partitions: the tiers whose heuristic is the largest over several partitions of
//! the tiles, each read through the symmetries that keep the goal's blank, the later ones read by
//! the node loop only where the earlier ones do not cut a child off.

use super::partition::{grid_symmetries, tier_partition, PartSpec, Tier};
use crate::pdb::PatternKey;

/// The partitions of `tier` for a board shape of at most [`super::PDB_MAX_CELLS`] cells and
/// (canonical) blank cell, in the order the search reads them: [`Tier::Catalogue`] on 5×5 with
/// the blank in a corner is Korf and Felner's 6-6-6-6 partition and then a second one; every
/// other tier and shape has the one partition of [`tier_partition`].
pub(crate) fn tier_catalogue(rows: usize, cols: usize, blank: usize, tier: Tier) -> Vec<Vec<PartSpec>> {
    let first = tier_partition(rows, cols, blank, tier);
    if (tier, rows, cols, blank) != (Tier::Catalogue, 5, 5, 0) {
        return vec![first];
    }
    let identity: Vec<u8> = (0..25).collect();
    let symmetries = grid_symmetries(5, 5);
    let part = |tiles: &[usize], through: &[u8]| PartSpec {
        key: PatternKey::new(5, 5, 0, tiles).unwrap_or_else(|e| unreachable!("catalogue pattern: {e}")),
        through: through.to_vec(),
    };
    let block = [3, 4, 8, 9, 13, 14];
    // Chosen by measurement (docs/experiments.md, "Partitions of the pattern databases"): the
    // blank's neighbours 1 and 5 stay in one pattern, and the lower right half is Korf and
    // Felner's block read through the mirror image top to bottom and through the main diagonal
    // (both keep the open cells of the block's pattern connected, so its table stays exact).
    let second = vec![
        part(&[1, 2, 5, 6, 10, 11], &identity),
        part(&[3, 4, 7, 8, 9, 12], &identity),
        // Tiles 13, 14, 18, 19, 23, 24.
        part(&block, &symmetries[3]),
        // Tiles 15, 16, 17, 20, 21, 22.
        part(&block, &symmetries[4]),
    ];
    vec![first, second]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::canonical_blank;

    /// Every partition of every catalogue covers each tile once, and reads its tables where they
    /// are exact: through a symmetry that leaves the goal's blank in the open region of the
    /// pattern at home.
    #[test]
    fn catalogue_partitions_cover_every_tile_once_where_their_tables_are_exact() {
        for (rows, cols) in [(3, 3), (4, 4), (5, 5), (2, 4)] {
            for tier in [Tier::Quick, Tier::Mid, Tier::Full, Tier::Catalogue] {
                let canonical = canonical_blank(rows, cols, 0);
                for partition in tier_catalogue(rows, cols, canonical, tier) {
                    let mut covered = 0u64;
                    for part in &partition {
                        for &t in part.key.tiles() {
                            let tile = part.through.iter().position(|&y| y == t).unwrap();
                            assert_eq!(covered & 1 << tile, 0, "{rows}x{cols} {tier:?}: tile {tile} twice");
                            covered |= 1 << tile;
                        }
                        // The blank's goal cell seen through the part's symmetry lies in the open
                        // region of the blank's cell at home (cells reached without crossing a
                        // pattern tile).
                        let occupied = part.key.tiles().iter().fold(0u64, |m, &t| m | 1 << t);
                        let mut region = 1u64 << part.key.blank();
                        for _ in 0..rows * cols {
                            for c in 0..rows * cols {
                                let near = [c >= cols, c + cols < rows * cols, c % cols > 0, c % cols + 1 < cols];
                                let cells = [c.wrapping_sub(cols), c + cols, c.wrapping_sub(1), c + 1];
                                for (ok, n) in near.into_iter().zip(cells) {
                                    if ok && region & 1 << c != 0 && occupied & 1 << n == 0 {
                                        region |= 1 << n;
                                    }
                                }
                            }
                        }
                        let image = usize::from(part.through[canonical]);
                        assert_ne!(region & 1 << image, 0, "{rows}x{cols} {}: blank at {image}", part.key);
                    }
                    assert_eq!(covered, ((1u64 << (rows * cols)) - 1) & !1, "{rows}x{cols} {tier:?}");
                }
            }
        }
    }

    #[test]
    fn catalogue_of_each_tier() {
        let catalogue = tier_catalogue(5, 5, 0, Tier::Catalogue);
        assert_eq!(catalogue.len(), 2);
        assert_eq!(catalogue[0], tier_partition(5, 5, 0, Tier::Full));
        assert_eq!(tier_catalogue(4, 4, 0, Tier::Full), [tier_partition(4, 4, 0, Tier::Full)]);
    }
}
