//! The regions of the open cells, and the tables that tell two of them apart.
//!
//! A pattern's tiles may cut the cells they leave open into several connected regions. The
//! blank moves for free within its region but must move a pattern tile to leave it, so the
//! distance of a placement depends on the blank's region. A plain table keeps the least over
//! the regions. Clausecker and Reinefeld's *zero-aware* tables keep one entry per (placement,
//! blank's region); ours keep two in one byte per placement (a *split* table): the distance with
//! the blank in the region of the lowest open cell (the *first* region, the low nibble), and the
//! least over the other regions (the high nibble; the same as the low one when the open cells are
//! one region). A lookup reads the byte at the placement's rank, as it would a plain table's; only
//! where its two values differ does it rank the map (colex, from the occupied cells) and read the
//! cells of the map's first region (`Regions::into_first_regions`) to pick one.
//!
//! On the 24-puzzle's 6-tile patterns, the tiles cut the open cells of 37% of the maps (sets of
//! occupied cells), into 2.13 regions on average, so two values hold almost all of what one per
//! region would. A split table takes twice the memory of a plain one, so only tables of at most
//! [`MAX_SPLIT_ENTRIES`] placements are split (not the 15-puzzle's 8-tile table).
//!
//! The builder searches exactly the states (map, region, order), so it keeps the depths of the
//! regions of the maps that are cut as it goes (`Regions`, `super::build`).

use rayon::prelude::*;

use super::PatternKey;

/// The most placements a table may have to be split by region.
pub(crate) const MAX_SPLIT_ENTRIES: usize = 1 << 28;

/// The most tiles a split table's pattern may have (the width of the kept indices).
pub(crate) const MAX_TILES: usize = 8;

/// `COLEX[c][i]`: C(c, i), the colex rank's term of a cell `c` that is the `i`-th lowest
/// (from 1) of its map, for maps of at most [`MAX_TILES`] of 32 cells (16 columns, so that an
/// index masked to 4 bits needs no bounds check).
static COLEX: [[u32; 16]; 32] = {
    let mut c = [[0u32; 16]; 32];
    let mut n = 0;
    while n < 32 {
        c[n][0] = 1;
        let mut k = 1;
        while k < 16 && k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
};

/// The colex rank of the map `occupied` (at most [`MAX_TILES`] cells below 32): its position
/// among the maps of as many cells in increasing order of their masks.
#[inline]
pub(crate) fn colex(mut occupied: u32) -> u32 {
    let mut rank = 0;
    let mut i = 1;
    while occupied != 0 && i <= MAX_TILES {
        rank += COLEX[occupied.trailing_zeros() as usize & 31][i];
        occupied &= occupied - 1;
        i += 1;
    }
    rank
}

/// The board as bit masks: bit `c` is cell `c`.
#[derive(Clone, Debug)]
pub(in crate::pdb) struct Grid {
    cols: u32,
    board: u64,
    not_first_col: u64,
    not_last_col: u64,
}

impl Grid {
    pub(in crate::pdb) fn new(rows: usize, cols: usize) -> Grid {
        let cells = rows * cols;
        let board = if cells == 64 { u64::MAX } else { (1u64 << cells) - 1 };
        let first_col = (0..rows).fold(0u64, |m, r| m | 1 << (r * cols));
        let last_col = first_col << (cols - 1);
        Grid { cols: cols as u32, board, not_first_col: board & !first_col, not_last_col: board & !last_col }
    }

    /// Every cell of the board.
    pub(in crate::pdb) fn board(&self) -> u64 {
        self.board
    }

    /// The cells next to any cell of `mask`.
    #[inline]
    pub(in crate::pdb) fn around(&self, mask: u64) -> u64 {
        (((mask << 1) & self.not_first_col)
            | ((mask >> 1) & self.not_last_col)
            | (mask << self.cols)
            | (mask >> self.cols))
            & self.board
    }

    /// The connected part of `open` that holds `start`.
    #[inline]
    pub(in crate::pdb) fn region(&self, start: u64, open: u64) -> u64 {
        let mut region = start;
        loop {
            let grown = (region | self.around(region)) & open;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The connected regions of `open`, in order of their lowest cell.
    pub(in crate::pdb) fn regions(&self, open: u64) -> Vec<u64> {
        let mut rest = open;
        let mut regions = Vec::new();
        while rest != 0 {
            let region = self.region(rest & rest.wrapping_neg(), open);
            regions.push(region);
            rest &= !region;
        }
        regions
    }

    /// The index, among [`Grid::regions`] of `open`, of the region holding `cell`.
    pub(in crate::pdb) fn region_index(&self, open: u64, cell: u64) -> usize {
        let region = self.region(cell, open);
        let lowest = region & region.wrapping_neg();
        // Every region with a cell below `lowest` comes first.
        let mut below = open & (lowest - 1);
        let mut index = 0;
        while below != 0 {
            below &= !self.region(below & below.wrapping_neg(), open);
            index += 1;
        }
        index
    }
}

/// Binomial coefficients `C(n, k)` for `n`, `k` up to 64.
pub(in crate::pdb) struct Binomials([[u64; 65]; 65]);

impl Binomials {
    pub(in crate::pdb) fn new() -> Binomials {
        let mut c = [[0u64; 65]; 65];
        for n in 0..65 {
            c[n][0] = 1;
            for k in 1..=n {
                c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            }
        }
        Binomials(c)
    }

    #[inline]
    pub(in crate::pdb) fn get(&self, n: usize, k: usize) -> u64 {
        self.0[n][k]
    }

    /// The colex rank of a set of cells: its position among the sets of as many cells in
    /// increasing order of their masks.
    #[inline]
    pub(in crate::pdb) fn colex(&self, mut mask: u64) -> usize {
        let mut rank = 0;
        let mut i = 1;
        while mask != 0 {
            rank += self.0[mask.trailing_zeros() as usize][i];
            mask &= mask - 1;
            i += 1;
        }
        rank as usize
    }
}

/// The sets of `k` cells among `n`, in colex order: increasing masks.
pub(in crate::pdb) fn maps(n: usize, k: usize, binomials: &Binomials) -> Vec<u64> {
    let count = binomials.get(n, k) as usize;
    let mut maps = Vec::with_capacity(count);
    let mut mask = (1u64 << k) - 1;
    for _ in 0..count {
        maps.push(mask);
        // The next larger mask with as many bits (Gosper's hack).
        let low = mask & mask.wrapping_neg();
        let ripple = mask.wrapping_add(low);
        mask = (((ripple ^ mask) >> 2) / low) | ripple;
    }
    maps
}

/// `k!` for `k` up to 12 (the most tiles a table of at most 2^32 entries can hold).
pub(in crate::pdb) fn factorial(k: usize) -> usize {
    (1..=k).product()
}

/// Where the builder keeps the depths of the regions of the maps that are cut: one block of `k!`
/// depths per region, the maps in colex order, each map's regions in order of their lowest cell.
pub(crate) struct Regions {
    /// Per map in colex order: one more than its first block when its open cells are cut, else 0.
    first: Vec<u32>,
    /// Per map in colex order: the cells of its first region, all bits when it is not cut.
    first_regions: Vec<u32>,
    /// Depths in all: blocks times `k!`.
    entries: usize,
}

impl Regions {
    /// The regions of `key`'s table when it is to be split: at most [`MAX_SPLIT_ENTRIES`]
    /// placements of at most [`MAX_TILES`] tiles on at most 32 cells, and some map whose open
    /// cells are cut; else `None`.
    pub(crate) fn new(key: &PatternKey) -> Option<Regions> {
        let (n, k) = (key.cells(), key.tiles().len());
        if key.entries() > MAX_SPLIT_ENTRIES || k > MAX_TILES || n > 32 {
            return None;
        }
        let grid = Grid::new(key.rows(), key.cols());
        let binomials = Binomials::new();
        let board = grid.board();
        let regions: Vec<(u32, u32)> = maps(n, k, &binomials)
            .par_iter()
            .map(|&map| {
                let regions = grid.regions(board & !map);
                let first = if regions.len() < 2 { u32::MAX } else { regions[0] as u32 };
                (regions.len() as u32, first)
            })
            .collect();
        let mut blocks = 0u32;
        let first: Vec<u32> = regions
            .iter()
            .map(|&(count, _)| {
                if count < 2 {
                    return 0;
                }
                blocks += count;
                blocks - count + 1
            })
            .collect();
        let first_regions = regions.iter().map(|&(_, first)| first).collect();
        (blocks > 0).then(|| Regions { first, first_regions, entries: blocks as usize * factorial(k) })
    }

    /// Per map in colex order, the cells of its first region (the region of its lowest open
    /// cell), all bits when its open cells are one region.
    pub(crate) fn into_first_regions(self) -> Vec<u32> {
        self.first_regions
    }

    /// Depths in all.
    pub(crate) fn entries(&self) -> usize {
        self.entries
    }

    /// The first block of map `map` (colex rank), or `None` when its open cells are one region.
    pub(crate) fn first_block(&self, map: usize) -> Option<usize> {
        self.first[map].checked_sub(1).map(|block| block as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regions and first regions against masks worked out by hand, on a 3×3 board.
    #[test]
    fn maps_with_cut_regions_get_blocks() {
        // Tiles at 1 and 3 cut cell 0 off; tiles at 1 and 4 do not.
        let key = PatternKey::new(3, 3, 8, &[1, 3]).unwrap();
        let regions = Regions::new(&key).unwrap();
        let binomials = Binomials::new();
        let all = maps(9, 2, &binomials);
        let cut: Vec<u64> =
            all.iter().copied().filter(|&m| regions.first_block(binomials.colex(m)).is_some()).collect();
        // Two tiles cut a corner off (four ways) and nothing else on 3×3.
        assert_eq!(cut, vec![0b000_001_010, 0b000_100_010, 0b010_001_000, 0b010_100_000]);
        assert_eq!(regions.entries(), 4 * 2 * 2);
        assert_eq!(regions.first_block(binomials.colex(0b010_001_000)), Some(4));
        assert!(Regions::new(&PatternKey::new(3, 3, 0, &[1]).unwrap()).is_none());
        for &map in &all {
            assert_eq!(colex(map as u32) as usize, binomials.colex(map));
        }
        let firsts = regions.into_first_regions();
        // Tiles at 1 and 3: cell 0 alone is the first region; tiles at 1 and 4: no cut.
        assert_eq!(firsts[binomials.colex(0b000_001_010)], 1);
        assert_eq!(firsts[binomials.colex(0b000_010_010)], u32::MAX);
    }
}
