//! The engine's tables: every rotation of every piece expanded in advance into candidate lists
//! keyed by the cell's frame class and the codes its north and west neighbours impose, the
//! fixed cells' lists of their own, and the fast loop's bitset views of the same lists.
//!
//! Its `impl Engine` is one job, building the tables (`Engine::build`), kept apart from
//! `engine.rs` (the type and its searches' face) and `symmetry.rs` (counting through the turns).

use super::order::{north_west_links, Order};
use super::row::{Candidate, Engine, NO_TWIN};
use crate::model::{Placement, Puzzle, EAST, FRAME, NORTH, SOUTH, WEST};

/// A candidate list's key: the cell's frame class (bit 0: the east side faces the frame, bit 1:
/// the south side does) and the keys its north and west neighbours impose.
#[derive(Clone, Copy, Debug)]
pub(super) struct ListKey {
    pub(super) class: usize,
    pub(super) north: usize,
    pub(super) west: usize,
}

impl Engine {
    /// [`Engine::new`], with `keep(list, piece)` deciding whether a piece enters a candidate list
    /// (`list` = its frame class and the north and west keys). An engine with fewer pieces in
    /// some lists is derived from a built one instead ([`Engine::restricted`]); its tests
    /// compare the two.
    pub(super) fn build(
        puzzle: &Puzzle,
        clues: &[Option<Placement>],
        keep: impl Fn(ListKey, usize) -> bool,
        min_words: usize,
    ) -> Engine {
        super::builds::tally(super::builds::Work::TableBuild);
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let cells = rows * cols;
        let keys = puzzle.n_colours() + 1;
        let any = puzzle.n_colours() as u16;
        let framed = puzzle.framed();
        let border_key = if framed { u32::from(FRAME) } else { u32::from(any) };
        let mut reserved = vec![false; puzzle.pieces().len()];
        for clue in clues.iter().flatten() {
            reserved[clue.piece] = true;
        }
        let rotations: &[u8] = if puzzle.rotate() { &[0, 1, 2, 3] } else { &[0] };
        // Frame classes: bit 0 = the east side faces the frame, bit 1 = the south side does.
        let classes = if framed { 4 } else { 1 };
        let fits_class = |sides: [u16; 4], class: usize| {
            !framed || ((sides[EAST] == FRAME) == (class & 1 != 0) && (sides[SOUTH] == FRAME) == (class & 2 != 0))
        };
        let fits_key = |side: u16, key: usize, border: bool| {
            if framed {
                usize::from(side) == key && (side == FRAME) == border
            } else {
                key == usize::from(any) || usize::from(side) == key
            }
        };
        let mut candidates = Vec::new();
        let mut twins = Vec::new();
        let mut ranges = vec![(0u32, 0u32); classes * keys * keys];
        for class in 0..classes {
            for north in 0..keys {
                for west in 0..keys {
                    let start = candidates.len();
                    let list = ListKey { class, north, west };
                    for piece in (0..puzzle.pieces().len()).filter(|&p| !reserved[p] && keep(list, p)) {
                        for &rotation in rotations {
                            let sides = puzzle.oriented(piece, rotation);
                            let north_border = north == usize::from(FRAME) && framed;
                            let west_border = west == usize::from(FRAME) && framed;
                            if fits_key(sides[NORTH], north, north_border)
                                && fits_key(sides[WEST], west, west_border)
                                && fits_class(sides, class)
                            {
                                let twin = (start..candidates.len())
                                    .rev()
                                    .find(|&i| {
                                        let c: Candidate = candidates[i];
                                        puzzle.oriented(c.piece(), c.rotation()) == sides
                                    })
                                    .map_or(NO_TWIN, |i| i as u32);
                                // East and south neighbours come later: they must show the partners.
                                let (east, south) = (puzzle.partner(sides[EAST]), puzzle.partner(sides[SOUTH]));
                                candidates.push(Candidate::new(piece, rotation, east, south));
                                twins.push(twin);
                            }
                        }
                    }
                    ranges[(class * keys + north) * keys + west] = (start as u32, candidates.len() as u32);
                }
            }
        }
        let class: Vec<u8> = (0..cells)
            .map(|cell| {
                let (r, c) = (cell / cols, cell % cols);
                if framed {
                    u8::from(c + 1 == cols) | u8::from(r + 1 == rows) << 1
                } else {
                    0
                }
            })
            .collect();
        // A fixed cell gets a one-candidate list of its own, checked against its neighbours
        // like any other candidate when the search reaches it.
        let mut fixed = vec![None; cells];
        let mut table: Vec<u32> = class.iter().map(|&c: &u8| u32::from(c)).collect();
        for (cell, clue) in clues.iter().enumerate() {
            if let Some(clue) = clue {
                let sides = puzzle.placed(*clue);
                let start = candidates.len() as u32;
                let (east, south) = (puzzle.partner(sides[EAST]), puzzle.partner(sides[SOUTH]));
                candidates.push(Candidate::new(clue.piece, clue.turns(), east, south));
                twins.push(NO_TWIN);
                fixed[cell] = Some((start, start + 1));
                // The fast loop's table for this cell: the clue in the lists whose north and
                // west keys it fits, on a framed board only where the frame rules allow it.
                let (row, col) = (cell / cols, cell % cols);
                let frame_ok = !framed
                    || ((sides[NORTH] == FRAME) == (row == 0)
                        && (sides[WEST] == FRAME) == (col == 0)
                        && (sides[EAST] == FRAME) == (col + 1 == cols)
                        && (sides[SOUTH] == FRAME) == (row + 1 == rows));
                let side_fits = |side: u16, key: usize| key == usize::from(any) && !framed || usize::from(side) == key;
                table[cell] = (ranges.len() / (keys * keys)) as u32;
                for north in 0..keys {
                    for west in 0..keys {
                        let fits = frame_ok && side_fits(sides[NORTH], north) && side_fits(sides[WEST], west);
                        ranges.push(if fits { (start, start + 1) } else { (start, start) });
                    }
                }
            }
        }
        let words = puzzle.pieces().len().div_ceil(64).max(min_words).max(1).next_power_of_two();
        let (cell_at, north_at, west_at) = north_west_links(Order::Row, rows, cols).expect("row order");
        let mut engine = Engine {
            puzzle: puzzle.clone(),
            corner: None,
            cells,
            cols,
            keys,
            candidates,
            twins,
            ranges,
            words,
            piece_masks: Vec::new(),
            blocks: Vec::new(),
            slots: Vec::new(),
            slot_twins: Vec::new(),
            twin_masks: Vec::new(),
            north_masks: Vec::new(),
            next_turn: Vec::new(),
            class,
            fixed,
            table,
            border_key,
            look_below: puzzle.marks().is_none(),
            order: Order::Row,
            cell_at,
            north_at,
            west_at,
            split: std::sync::OnceLock::new(),
        };
        engine.index_lists();
        engine
    }

    /// Indexes the lists `ranges` cuts from `candidates` (with their `twins`): each candidate's
    /// next turn in its list and, for the fast loop, the bitset views (`piece_masks`, the packed
    /// slots, `twin_masks`, `north_masks`). Reads only those three and the engine's shape, so
    /// that an engine whose lists change ([`Engine::restricted`]) indexes them again.
    pub(super) fn index_lists(&mut self) {
        let (ranges, candidates, twins, words, keys) =
            (&self.ranges, &self.candidates, &self.twins, self.words, self.keys);
        let framed = self.puzzle.framed();
        let mut next_turn = vec![u32::MAX; candidates.len()];
        for &(start, end) in ranges {
            for index in start..end.saturating_sub(1) {
                if candidates[index as usize + 1].piece() == candidates[index as usize].piece() {
                    next_turn[index as usize] = index + 1;
                }
            }
        }
        let (mut piece_masks, mut blocks, mut slots, mut slot_twins, mut twin_masks, mut north_masks) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
        if words <= 16 {
            let bit = |piece: usize| (piece / 64, 1u64 << (piece % 64));
            twin_masks = vec![0u64; candidates.len() * words];
            for index in 0..candidates.len() {
                let mut twin = twins[index];
                while twin != NO_TWIN {
                    let (word, mask) = bit(candidates[twin as usize].piece());
                    twin_masks[index * words + word] |= mask;
                    twin = twins[twin as usize];
                }
            }
            piece_masks = vec![0u64; ranges.len() * words];
            for (list, &(start, end)) in ranges.iter().enumerate() {
                for c in &candidates[start as usize..end as usize] {
                    let (word, mask) = bit(c.piece());
                    piece_masks[list * words + word] |= mask;
                }
            }
            (blocks, slots, slot_twins) = dense_slots(words, ranges, candidates, &next_turn, &twin_masks, &piece_masks);
            north_masks = vec![0u64; ranges.len() / keys * 2 * words];
            for list in 0..ranges.len() {
                let (class_north, west) = (list / keys, list % keys);
                let west_border = framed && west == usize::from(FRAME);
                let at = (class_north * 2 + usize::from(west_border)) * words;
                for word in 0..words {
                    north_masks[at + word] |= piece_masks[list * words + word];
                }
            }
        }
        (self.next_turn, self.piece_masks, self.blocks, self.slots, self.slot_twins, self.twin_masks) =
            (next_turn, piece_masks, blocks, slots, slot_twins, twin_masks);
        self.north_masks = north_masks;
    }
}

/// The tight loop's packed slots, built with the engine: per list and word (`words` words per
/// list), `blocks[list * words + word]` is where that word's pieces start in `slots`, one slot
/// per piece in increasing order, so that the piece of bit `b` is at `blocks[..] + rank`, `rank`
/// the list's pieces of that word below `b`. A slot holds the piece's first candidate in the list
/// and the index of its next turn there (or `u32::MAX`); `slot_twins[slot * words..]` the pieces
/// with an earlier candidate of the same four sides in the list (the candidate's `twin_masks`).
/// Packed, every slot of a puzzle of a few hundred candidates fits the first-level cache (64
/// slots per list and word, mostly empty, did not).
fn dense_slots(
    words: usize,
    ranges: &[(u32, u32)],
    candidates: &[Candidate],
    next_turn: &[u32],
    twin_masks: &[u64],
    piece_masks: &[u64],
) -> (Vec<u32>, Vec<(Candidate, u32)>, Vec<u64>) {
    let mut blocks = vec![0u32; ranges.len() * words];
    let mut n = 0u32;
    for (block, &mask) in blocks.iter_mut().zip(piece_masks) {
        *block = n;
        n += mask.count_ones();
    }
    let mut slots = vec![(Candidate(0), u32::MAX); n as usize];
    let mut slot_twins = vec![0u64; n as usize * words];
    for (list, &(start, end)) in ranges.iter().enumerate() {
        // Backwards, so that each slot ends with the piece's first turn.
        for index in (start as usize..end as usize).rev() {
            let piece = candidates[index].piece();
            let (word, bit) = (piece / 64, piece % 64);
            let below = piece_masks[list * words + word] & ((1u64 << bit) - 1);
            let slot = (blocks[list * words + word] + below.count_ones()) as usize;
            slots[slot] = (candidates[index], next_turn[index]);
            slot_twins[slot * words..(slot + 1) * words]
                .copy_from_slice(&twin_masks[index * words..(index + 1) * words]);
        }
    }
    (blocks, slots, slot_twins)
}
