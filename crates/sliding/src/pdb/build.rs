//! Building a pattern database: breadth-first search backwards from the goal over (placement of
//! the pattern's tiles, region of the blank), level by level, on all of rayon's threads.
//!
//! The blank moves for free among the cells the pattern leaves open, so a state is a placement
//! together with the connected open region holding the blank. Each placement owns a small word of
//! 2 bits per open cell: `0` not reached yet, otherwise `1 + depth % 3`. Marking a region sets all
//! its cells at once, so one level is a pass over the words that expands the regions marked with
//! the current depth and marks the regions they reach with the next one. Three codes are enough
//! to tell the current level from the previous and the next, and the passes need no queue: memory
//! is the word table plus the result, for 8 tiles of the 15-puzzle 1 GiB and 0.25 GiB.
//!
//! The first region reached for a placement fixes its value, because levels run in order of
//! depth; a word that was all zero before an atomic OR says that this thread reached it first.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::{rank, unrank, PatternDb, PatternKey, MAX_EXCESS};

/// How far a build has come, reported from the worker threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// The depth (pattern moves) being expanded.
    pub depth: u32,
    /// Placements reached so far.
    pub reached: u64,
    /// Placements in the table.
    pub entries: u64,
}

/// Words processed by one rayon task in a level pass.
const CHUNK_WORDS: usize = 1 << 12;

/// The board as bit masks: bit `c` is cell `c`.
struct Grid {
    cols: u32,
    board: u64,
    not_first_col: u64,
    not_last_col: u64,
}

impl Grid {
    fn new(rows: usize, cols: usize) -> Grid {
        let cells = rows * cols;
        let board = if cells == 64 { u64::MAX } else { (1u64 << cells) - 1 };
        let first_col = (0..rows).fold(0u64, |m, r| m | 1 << (r * cols));
        let last_col = first_col << (cols - 1);
        Grid { cols: cols as u32, board, not_first_col: board & !first_col, not_last_col: board & !last_col }
    }

    /// The cells next to any cell of `mask`.
    #[inline]
    fn around(&self, mask: u64) -> u64 {
        (((mask << 1) & self.not_first_col)
            | ((mask >> 1) & self.not_last_col)
            | (mask << self.cols)
            | (mask >> self.cols))
            & self.board
    }

    /// The connected part of `open` that holds `start`.
    #[inline]
    fn region(&self, start: u64, open: u64) -> u64 {
        let mut region = start;
        loop {
            let grown = (region | self.around(region)) & open;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// Spreads bit `j` of the low 32 bits to bit `2j`.
#[inline]
fn spread(x: u64) -> u64 {
    let mut x = x & 0xffff_ffff;
    x = (x | x << 16) & 0x0000_ffff_0000_ffff;
    x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & 0x5555_5555_5555_5555
}

/// The inverse of [`spread`]: bit `2j` to bit `j`.
#[inline]
fn gather(x: u64) -> u64 {
    let mut x = x & 0x5555_5555_5555_5555;
    x = (x | x >> 1) & 0x3333_3333_3333_3333;
    x = (x | x >> 2) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
    x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
    (x | x >> 16) & 0xffff_ffff
}

/// Open cells (a subset of the open cells of a placement) to slot bits: the `j`-th open cell is
/// slot `j`. `occupied` holds the pattern's cells.
#[inline]
fn cells_to_slots(mut cells: u64, mut occupied: u64) -> u64 {
    // Removing the highest occupied cell first leaves the lower ones where they are.
    while occupied != 0 {
        let cell = 63 - occupied.leading_zeros();
        occupied &= !(1u64 << cell);
        let below = (1u64 << cell) - 1;
        cells = (cells & below) | ((cells >> 1) & !below);
    }
    cells
}

/// The inverse of [`cells_to_slots`].
#[inline]
fn slots_to_cells(mut slots: u64, mut occupied: u64) -> u64 {
    while occupied != 0 {
        let cell = occupied.trailing_zeros();
        occupied &= occupied - 1;
        let below = (1u64 << cell) - 1;
        slots = (slots & below) | ((slots & !below) << 1);
    }
    slots
}

/// A bit in every slot pair that equals `code` (1 to 3).
#[inline]
fn pairs_equal(word: u64, code: u64) -> u64 {
    let x = word ^ (code * 0x5555_5555_5555_5555);
    !(x | x >> 1) & 0x5555_5555_5555_5555
}

struct Builder {
    grid: Grid,
    cells: usize,
    tiles: usize,
    /// Bits per placement word: a power of two holding 2 bits per open cell.
    width: u32,
    per_word: usize,
    words: Vec<AtomicU64>,
    /// One bit per placement: every region reached. Sixteen to thirty-two times denser than
    /// `words`, so most looks at a neighbour that is already done hit the cache.
    full: Vec<AtomicU64>,
    /// The low bit of every slot pair of one placement's word.
    open_pairs: u64,
    nibbles: Vec<AtomicU8>,
    /// `distance[i][c]`: Manhattan distance of pattern tile `i` from cell `c` to its goal.
    distance: Vec<Vec<u8>>,
}

impl Builder {
    #[inline]
    fn word_of(&self, placement: usize) -> (&AtomicU64, u32) {
        (&self.words[placement / self.per_word], (placement % self.per_word) as u32 * self.width)
    }

    #[inline]
    fn word_mask(&self) -> u64 {
        if self.width == 64 {
            u64::MAX
        } else {
            (1u64 << self.width) - 1
        }
    }

    /// Marks a region of `placement` (as slot bits) with `code`, and records the placement's
    /// excess when it is the first region reached there. Returns `(region was new, placement was
    /// new)`.
    fn mark(&self, placement: usize, region_slots: u64, code: u64, depth: u32, manhattan: u32) -> (bool, bool) {
        let (word, shift) = self.word_of(placement);
        let bits = spread(region_slots) * code;
        let before = (word.fetch_or(bits << shift, Relaxed) >> shift) & self.word_mask();
        let after = before | bits;
        if (after | after >> 1) & self.open_pairs == self.open_pairs {
            self.full[placement >> 6].fetch_or(1 << (placement & 63), Relaxed);
        }
        if before == 0 {
            debug_assert!(depth >= manhattan && (depth - manhattan) % 2 == 0);
            let excess = ((depth - manhattan) / 2).min(u32::from(MAX_EXCESS)) as u8;
            self.nibbles[placement >> 1].fetch_or(excess << ((placement & 1) * 4), Relaxed);
        }
        (before & bits == 0, before == 0)
    }

    /// The neighbours of the region `region` of a placement with the pattern at `cells`: each
    /// tile next to the region slides into it. Written to `out` as `(placement, tile, from, to)`;
    /// returns how many.
    fn neighbours(&self, cells: &[u8], region: u64, out: &mut [Child; MAX_CHILDREN]) -> usize {
        let mut n = 0;
        let mut child_cells = [0u8; 64];
        let child_cells = &mut child_cells[..self.tiles];
        for (i, &from) in cells.iter().enumerate() {
            let mut targets = self.grid.around(1u64 << from) & region;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                child_cells.copy_from_slice(cells);
                child_cells[i] = to;
                out[n] = Child { placement: rank(child_cells.iter().copied(), self.cells), tile: i as u8, from, to };
                n += 1;
            }
        }
        n
    }

    /// The code of the child's region around the cell its tile left (the blank's new cell).
    #[inline]
    fn code_at_blank(&self, child: &Child, occupied: u64, word: u64) -> u64 {
        let child_occupied = (occupied & !(1u64 << child.from)) | 1 << child.to;
        let blank_slot = u32::from(child.from) - (child_occupied & ((1u64 << child.from) - 1)).count_ones();
        let (_, shift) = self.word_of(child.placement);
        (word >> (shift + 2 * blank_slot)) & 3
    }

    /// Writes the pattern's cells for `placement` into `cells` and returns the occupied cells, the
    /// open cells and the pattern's Manhattan distance.
    #[inline]
    fn unpack(&self, placement: usize, cells: &mut [u8]) -> (u64, u64, u32) {
        unrank(placement, self.cells, cells);
        let occupied = cells.iter().fold(0u64, |m, &c| m | 1 << c);
        let manhattan = cells.iter().enumerate().map(|(i, &c)| u32::from(self.distance[i][usize::from(c)])).sum();
        (occupied, self.grid.board & !occupied, manhattan)
    }

    /// Expands every region of `placement` marked in `frontier_pairs`, marking what it reaches with
    /// `next_code`. Returns the numbers of new regions and new placements.
    fn push(
        &self,
        scratch: &mut Scratch,
        placement: usize,
        frontier_pairs: u64,
        next_code: u64,
        next_depth: u32,
    ) -> (u64, u64) {
        let mut cells = [0u8; 64];
        let cells = &mut cells[..self.tiles];
        let (occupied, open, manhattan) = self.unpack(placement, cells);
        let mut frontier = slots_to_cells(gather(frontier_pairs), occupied);
        let Scratch { children, words, done } = scratch;
        let (mut new_regions, mut new_placements) = (0, 0);
        while frontier != 0 {
            let region = self.grid.region(frontier & frontier.wrapping_neg(), open);
            frontier &= !region;
            let n = self.neighbours(cells, region, children);
            // All loads first: they miss the cache independently, so the processor overlaps them.
            // Done placements are recognised in the dense bitmap; only the others need their word.
            for (done, child) in done.iter_mut().zip(&children[..n]) {
                *done = (self.full[child.placement >> 6].load(Relaxed) >> (child.placement & 63)) & 1 != 0;
            }
            for ((word, child), &done) in words.iter_mut().zip(&children[..n]).zip(done.iter()) {
                if !done {
                    *word = self.word_of(child.placement).0.load(Relaxed);
                }
            }
            for ((child, &word), &done) in children[..n].iter().zip(words.iter()).zip(done.iter()) {
                if done || self.code_at_blank(child, occupied, word) != 0 {
                    continue;
                }
                let child_occupied = (occupied & !(1u64 << child.from)) | 1 << child.to;
                let child_region = self.grid.region(1 << child.from, self.grid.board & !child_occupied);
                let slots = cells_to_slots(child_region, child_occupied);
                let tile = usize::from(child.tile);
                let child_manhattan = manhattan - u32::from(self.distance[tile][usize::from(child.from)])
                    + u32::from(self.distance[tile][usize::from(child.to)]);
                let (region_new, placement_new) =
                    self.mark(child.placement, slots, next_code, next_depth, child_manhattan);
                new_regions += u64::from(region_new);
                new_placements += u64::from(placement_new);
            }
        }
        (new_regions, new_placements)
    }

    /// Marks with `next_code` every unreached region of `placement` (given as slot pairs) that
    /// has a neighbour marked `code`. Returns the numbers of new regions and new placements.
    fn pull(
        &self,
        scratch: &mut Scratch,
        placement: usize,
        unreached_pairs: u64,
        code: u64,
        next_code: u64,
        next_depth: u32,
    ) -> (u64, u64) {
        let mut cells = [0u8; 64];
        let cells = &mut cells[..self.tiles];
        let (occupied, open, manhattan) = self.unpack(placement, cells);
        let mut unreached = slots_to_cells(gather(unreached_pairs), occupied);
        let Scratch { children, words, .. } = scratch;
        let (mut new_regions, mut new_placements) = (0, 0);
        while unreached != 0 {
            let region = self.grid.region(unreached & unreached.wrapping_neg(), open);
            unreached &= !region;
            let n = self.neighbours(cells, region, children);
            for (word, child) in words.iter_mut().zip(&children[..n]) {
                *word = self.word_of(child.placement).0.load(Relaxed);
            }
            if children[..n]
                .iter()
                .zip(words.iter())
                .any(|(child, &word)| self.code_at_blank(child, occupied, word) == code)
            {
                let (region_new, placement_new) =
                    self.mark(placement, cells_to_slots(region, occupied), next_code, next_depth, manhattan);
                new_regions += u64::from(region_new);
                new_placements += u64::from(placement_new);
            }
        }
        (new_regions, new_placements)
    }
}

/// The most neighbours a region can have: four per tile.
const MAX_CHILDREN: usize = 4 * 64;

/// Buffers reused across the placements of one task.
struct Scratch {
    children: Box<[Child; MAX_CHILDREN]>,
    words: Box<[u64; MAX_CHILDREN]>,
    done: Box<[bool; MAX_CHILDREN]>,
}

impl Scratch {
    fn new() -> Scratch {
        Scratch {
            children: Box::new([Child::default(); MAX_CHILDREN]),
            words: Box::new([0; MAX_CHILDREN]),
            done: Box::new([false; MAX_CHILDREN]),
        }
    }
}

/// A neighbour of a region: `placement` after pattern tile `tile` slid from `from` to `to`.
#[derive(Clone, Copy, Default)]
struct Child {
    placement: usize,
    tile: u8,
    from: u8,
    to: u8,
}

pub(super) fn build(key: &PatternKey, progress: &(dyn Fn(&BuildProgress) + Sync)) -> PatternDb {
    let (cells, tiles, entries) = (key.cells(), key.tiles().len(), key.entries());
    let open_cells = cells - tiles;
    let width = (2 * open_cells as u32).next_power_of_two().max(8);
    let per_word = (64 / width) as usize;
    let grid = Grid::new(key.rows(), key.cols());
    let cols = key.cols();
    let distance = key
        .tiles()
        .iter()
        .map(|&tile| {
            let tile = usize::from(tile);
            (0..cells).map(|c| ((tile / cols).abs_diff(c / cols) + (tile % cols).abs_diff(c % cols)) as u8).collect()
        })
        .collect();
    let builder = Builder {
        grid,
        cells,
        tiles,
        width,
        per_word,
        words: (0..entries.div_ceil(per_word)).map(|_| AtomicU64::new(0)).collect(),
        full: (0..entries.div_ceil(64)).map(|_| AtomicU64::new(0)).collect(),
        open_pairs: spread((1u64 << open_cells) - 1),
        nibbles: (0..entries.div_ceil(2)).map(|_| AtomicU8::new(0)).collect(),
        distance,
    };

    // Depth 0: the pattern at home, the blank's region around the blank's goal cell.
    let home = key.tiles();
    let occupied = home.iter().fold(0u64, |m, &c| m | 1 << c);
    let region = builder.grid.region(1 << key.blank(), builder.grid.board & !occupied);
    let goal = rank(home.iter().copied(), cells);
    builder.mark(goal, cells_to_slots(region, occupied), 1, 0, 0);

    let entries_u64 = entries as u64;
    let reached = AtomicU64::new(1);
    let mut regions_reached: u64 = 1;
    let mut frontier: u64 = 1;
    // Two bits per open cell of each placement in a word, replicated over the word's placements.
    let valid_pairs =
        (0..builder.per_word as u32).fold(0u64, |m, sub| m | spread((1u64 << open_cells) - 1) << (sub * builder.width));
    for depth in 0u32.. {
        let code = 1 + u64::from(depth % 3);
        let next_code = 1 + u64::from((depth + 1) % 3);
        // Expanding the frontier costs about as much per region as looking for a frontier
        // neighbour of an unreached region; the side with fewer regions wins (direction-optimising
        // breadth-first search). Unreached regions are estimated from unreached placements.
        let reached_now = reached.load(Relaxed);
        let unreached_estimate = (entries_u64 - reached_now) as f64 * regions_reached as f64 / reached_now as f64;
        let pull = unreached_estimate < frontier as f64;
        let (new_regions, _) = builder
            .words
            .par_chunks(CHUNK_WORDS)
            .enumerate()
            .map(|(chunk_idx, chunk)| {
                let (mut new_regions, mut new_placements) = (0, 0);
                let mut scratch = Scratch::new();
                for (word_idx, word) in chunk.iter().enumerate() {
                    let value = word.load(Relaxed);
                    let mut pairs = if pull { !(value | value >> 1) & valid_pairs } else { pairs_equal(value, code) };
                    let first = (chunk_idx * CHUNK_WORDS + word_idx) * builder.per_word;
                    while pairs != 0 {
                        let sub = pairs.trailing_zeros() / builder.width;
                        let shift = sub * builder.width;
                        let sub_mask = builder.word_mask() << shift;
                        let placement = first + sub as usize;
                        let sub_pairs = (pairs & sub_mask) >> shift;
                        pairs &= !sub_mask;
                        if placement >= entries {
                            break;
                        }
                        let (regions, placements) = if pull {
                            builder.pull(&mut scratch, placement, sub_pairs, code, next_code, depth + 1)
                        } else {
                            builder.push(&mut scratch, placement, sub_pairs, next_code, depth + 1)
                        };
                        new_regions += regions;
                        new_placements += placements;
                    }
                }
                let reached = reached.fetch_add(new_placements, Relaxed) + new_placements;
                progress(&BuildProgress { depth, reached, entries: entries_u64 });
                (new_regions, new_placements)
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        if new_regions == 0 {
            break;
        }
        regions_reached += new_regions;
        frontier = new_regions;
    }
    let Builder { nibbles, .. } = builder;
    PatternDb { key: key.clone(), nibbles: nibbles.into_iter().map(AtomicU8::into_inner).collect() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_helpers() {
        for x in [0u64, 1, 0b1011, 0xdead_beef, 0xffff_ffff] {
            assert_eq!(gather(spread(x)), x);
        }
        let occupied = 0b01_0010;
        // Open cells 0, 2, 3, 5 are slots 0, 1, 2, 3.
        assert_eq!(cells_to_slots(0b10_1101, occupied), 0b1111);
        assert_eq!(slots_to_cells(0b1111, occupied), 0b10_1101);
        assert_eq!(slots_to_cells(0b0100, occupied), 0b00_1000);
        assert_eq!(pairs_equal(0b10_01_11_01, 1), 0b00_01_00_01);
        let grid = Grid::new(3, 3);
        assert_eq!(grid.around(1 << 4), 0b010_101_010);
        assert_eq!(grid.around(1 << 0), 0b000_001_010);
        assert_eq!(grid.around(1 << 2), 0b000_100_010);
        assert_eq!(grid.region(1, 0b111_000_011), 0b000_000_011);
    }
}
