//! How the builder lays out the abstract states: placements split into the set of occupied
//! cells (a *map*, ranked in colex order) and the order of the tiles along those cells (a
//! permutation rank, see `perm`); each map's open cells split into connected regions; one *block*
//! per (map, region) holding all `k!` orders. The moves between blocks are listed once.

use rayon::prelude::*;

use crate::pdb::regions::{maps, Binomials, Grid};
use crate::pdb::PatternKey;

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
