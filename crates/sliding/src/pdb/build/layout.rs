//! How the builder lays out the abstract states: placements split into the set of occupied
//! cells (a *map*, ranked in colex order) and the order of the tiles along those cells (a
//! permutation rank, see `perm`); each map's open cells split into connected regions; one *block*
//! per (map, region) holding all `k!` orders. The moves between blocks are listed once.

use rayon::prelude::*;

use crate::pdb::PatternKey;

/// The board as bit masks: bit `c` is cell `c`.
pub(super) struct Grid {
    cols: u32,
    board: u64,
    not_first_col: u64,
    not_last_col: u64,
}

impl Grid {
    pub(super) fn new(rows: usize, cols: usize) -> Grid {
        let cells = rows * cols;
        let board = if cells == 64 { u64::MAX } else { (1u64 << cells) - 1 };
        let first_col = (0..rows).fold(0u64, |m, r| m | 1 << (r * cols));
        let last_col = first_col << (cols - 1);
        Grid { cols: cols as u32, board, not_first_col: board & !first_col, not_last_col: board & !last_col }
    }

    /// Every cell of the board.
    pub(super) fn board(&self) -> u64 {
        self.board
    }

    /// The cells next to any cell of `mask`.
    #[inline]
    pub(super) fn around(&self, mask: u64) -> u64 {
        (((mask << 1) & self.not_first_col)
            | ((mask >> 1) & self.not_last_col)
            | (mask << self.cols)
            | (mask >> self.cols))
            & self.board
    }

    /// The connected part of `open` that holds `start`.
    #[inline]
    pub(super) fn region(&self, start: u64, open: u64) -> u64 {
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
    pub(super) fn regions(&self, open: u64) -> Vec<u64> {
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
    fn region_index(&self, open: u64, cell: u64) -> usize {
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
pub(super) struct Binomials([[u64; 65]; 65]);

impl Binomials {
    pub(super) fn new() -> Binomials {
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
    pub(super) fn get(&self, n: usize, k: usize) -> u64 {
        self.0[n][k]
    }

    /// The colex rank of a set of cells: its position among the sets of as many cells in
    /// increasing order of their masks.
    #[inline]
    pub(super) fn colex(&self, mut mask: u64) -> usize {
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
pub(super) fn maps(n: usize, k: usize, binomials: &Binomials) -> Vec<u64> {
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

/// A move into a block: the block `source` is reached from the block that lists it when the tile
/// at place `from` of the order slides into the region and lands at place `to`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Move {
    pub(super) source: u32,
    pub(super) from: u8,
    pub(super) to: u8,
}

/// The maps, blocks and moves of one pattern.
pub(super) struct Layout {
    pub(super) grid: Grid,
    pub(super) binomials: Binomials,
    /// Tiles in the pattern.
    pub(super) k: usize,
    /// `k!`: orders per map, entries per block.
    pub(super) perms: usize,
    /// The first block of each map; blocks of a map are its regions in order of lowest cell.
    pub(super) block_start: Vec<u32>,
    /// The moves of each block (a block's neighbours are the blocks its moves reach).
    pub(super) move_start: Vec<usize>,
    pub(super) moves: Vec<Move>,
}

impl Layout {
    pub(super) fn new(key: &PatternKey) -> Layout {
        let (n, k) = (key.cells(), key.tiles().len());
        let grid = Grid::new(key.rows(), key.cols());
        let binomials = Binomials::new();
        let maps = maps(n, k, &binomials);
        let count = maps.len();
        let board = grid.board();
        let region_counts: Vec<u32> = maps.par_iter().map(|&map| grid.regions(board & !map).len() as u32).collect();
        let mut block_start = Vec::with_capacity(count + 1);
        let mut blocks = 0u32;
        for &regions in &region_counts {
            block_start.push(blocks);
            blocks += regions;
        }
        block_start.push(blocks);
        let per_map: Vec<(Vec<Move>, Vec<usize>)> = maps
            .par_iter()
            .map(|&map| {
                let mut moves = Vec::new();
                let mut counts = Vec::new();
                for region in grid.regions(board & !map) {
                    let before = moves.len();
                    let mut tiles = grid.around(region) & map;
                    while tiles != 0 {
                        let a = tiles & tiles.wrapping_neg();
                        tiles &= tiles - 1;
                        let mut targets = grid.around(a) & region;
                        while targets != 0 {
                            let b = targets & targets.wrapping_neg();
                            targets &= targets - 1;
                            let next = map ^ a ^ b;
                            let source =
                                block_start[binomials.colex(next)] + grid.region_index(board & !next, a) as u32;
                            let from = (map & (a - 1)).count_ones() as u8;
                            let to = (next & (b - 1)).count_ones() as u8;
                            moves.push(Move { source, from, to });
                        }
                    }
                    // Moves that keep the order first: they are the cheapest, and what they reach
                    // need not be pulled by the others.
                    moves[before..].sort_by_key(|mv: &Move| mv.from != mv.to);
                    counts.push(moves.len() - before);
                }
                (moves, counts)
            })
            .collect();
        let mut move_start = Vec::with_capacity(blocks as usize + 1);
        let mut moves = Vec::with_capacity(per_map.iter().map(|(m, _)| m.len()).sum());
        for (map_moves, counts) in per_map {
            let mut start = moves.len();
            for count in counts {
                move_start.push(start);
                start += count;
            }
            moves.extend(map_moves);
        }
        move_start.push(moves.len());
        Layout { grid, binomials, k, perms: super::perm::factorial(k), block_start, move_start, moves }
    }

    /// The blocks of all maps.
    pub(super) fn blocks(&self) -> usize {
        self.move_start.len() - 1
    }

    /// The moves into block `block`.
    #[inline]
    pub(super) fn moves_of(&self, block: usize) -> &[Move] {
        &self.moves[self.move_start[block]..self.move_start[block + 1]]
    }
}
