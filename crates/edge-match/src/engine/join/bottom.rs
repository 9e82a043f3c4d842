//! The bottom half of a join: every filling of the board's last rows, whatever colours their
//! first row shows north, enumerated once from the row engine's lists and kept as a sorted
//! table of keys (`key.rs`: that north boundary and the pieces used) with the number of
//! fillings of each.
//!
//! The enumeration is the walk's own, row by row: a cell's candidates are its list for its
//! north and west neighbours, and a cell of the first row takes each colour north in turn (the
//! frame never: that row is not the board's first). In [`Mode::Pictures`] a candidate is
//! skipped while an earlier one of its list with the same four sides is free, as the walk does,
//! so each picture of the rows is listed once.

use search::walk::Watch;

use super::super::mode::Mode;
use super::super::row::{Candidate, Engine, NO_TWIN};
use super::key::KeyLayout;
use crate::model::FRAME;

/// The fillings of the bottom rows: keys in increasing order, each once, and how many fillings
/// have it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Table {
    pub(crate) keys: Vec<u128>,
    pub(crate) counts: Vec<u64>,
    /// The placements the enumeration made.
    pub(crate) nodes: u64,
}

/// Bytes a table holds per entry while it is built and after: a key while listed, then a key
/// and a count.
pub(crate) const ENTRY_BYTES: u64 = 24;

/// Every filling of rows `first_row..` of `engine`'s board in `mode` (the engine's lists in row
/// order; no clues), as a [`Table`]; `None` when more than `max_fillings` are found (the table
/// would not fit its memory) or `watch` stops the enumeration.
pub(crate) fn bottom_table(
    engine: &Engine,
    mode: Mode,
    first_row: usize,
    layout: &KeyLayout,
    max_fillings: u64,
    watch: &Watch<'_>,
) -> Option<Table> {
    let cols = engine.cols;
    let n_colours = engine.keys as u32 - 1;
    let framed = engine.border_key == u32::from(FRAME);
    let norths: Vec<u32> = (0..n_colours).filter(|&colour| !framed || colour != u32::from(FRAME)).collect();
    let mut bottom = Bottom {
        engine,
        pictures: mode == Mode::Pictures,
        layout,
        start: first_row * cols,
        cols,
        norths,
        used: 0,
        boundary: vec![0; cols],
        placed: vec![Candidate(0); engine.cells],
        keys: Vec::new(),
        nodes: 0,
        max_fillings,
        watch,
        stopped: false,
    };
    bottom.fill(bottom.start);
    if bottom.stopped {
        return None;
    }
    let Bottom { mut keys, nodes, .. } = bottom;
    keys.sort_unstable();
    let mut table = Table { keys: Vec::new(), counts: Vec::new(), nodes };
    for key in keys {
        if table.keys.last() == Some(&key) {
            *table.counts.last_mut().expect("a count for each key") += 1;
        } else {
            table.keys.push(key);
            table.counts.push(1);
        }
    }
    table.keys.shrink_to_fit();
    table.counts.shrink_to_fit();
    Some(table)
}

/// The enumeration's state: the cells from `start` to the last, filled in row order.
struct Bottom<'a> {
    engine: &'a Engine,
    pictures: bool,
    layout: &'a KeyLayout,
    start: usize,
    cols: usize,
    /// The colours a cell of the first row may show north.
    norths: Vec<u32>,
    used: u128,
    /// The colour each cell of the first row shows north.
    boundary: Vec<u32>,
    placed: Vec<Candidate>,
    keys: Vec<u128>,
    nodes: u64,
    max_fillings: u64,
    watch: &'a Watch<'a>,
    stopped: bool,
}

impl Bottom<'_> {
    /// Fills `cell` and those after it, every way.
    fn fill(&mut self, cell: usize) {
        if self.stopped {
            return;
        }
        let engine = self.engine;
        if cell == engine.cells {
            if self.keys.len() as u64 >= self.max_fillings {
                self.stopped = true;
                return;
            }
            let boundary = (0..self.cols).fold(0, |key, col| key | self.layout.colour(col, self.boundary[col]));
            self.keys.push(boundary | self.layout.pieces(self.used));
            return;
        }
        let west = if cell % self.cols == 0 { engine.border_key } else { self.placed[cell - 1].east() };
        if cell < self.start + self.cols {
            let col = cell - self.start;
            for at in 0..self.norths.len() {
                let north = self.norths[at];
                self.boundary[col] = north;
                self.list(cell, north, west);
            }
        } else {
            let north = self.placed[cell - self.cols].south();
            self.list(cell, north, west);
        }
    }

    /// Tries each candidate of `cell`'s list for `north` and `west`.
    fn list(&mut self, cell: usize, north: u32, west: u32) {
        let engine = self.engine;
        let (start, end) = engine.range(cell, north, west);
        for index in start as usize..end as usize {
            let c = engine.candidates[index];
            let bit = 1u128 << c.piece();
            if self.used & bit != 0 || (self.pictures && self.twin_free(index)) {
                continue;
            }
            self.nodes += 1;
            if self.nodes % search::walk::INTERVAL == 0 && self.watch.must_stop(self.nodes) {
                self.stopped = true;
                return;
            }
            self.used |= bit;
            self.placed[cell] = c;
            self.fill(cell + 1);
            self.used &= !bit;
            if self.stopped {
                return;
            }
        }
    }

    /// Whether an earlier candidate of the list with the same four sides is free.
    fn twin_free(&self, index: usize) -> bool {
        let engine = self.engine;
        let mut twin = engine.twins[index];
        while twin != NO_TWIN {
            if self.used >> engine.candidates[twin as usize].piece() & 1 == 0 {
                return true;
            }
            twin = engine.twins[twin as usize];
        }
        false
    }
}

/// Knuth's estimate of the enumeration of rows `first_row..` (`probes` seeded probes, up to
/// `max_steps` candidates looked at): its placements and its fillings; `None` when `limits`
/// stop the probes.
pub(crate) fn estimate(
    engine: &Engine,
    mode: Mode,
    first_row: usize,
    probes: usize,
    max_steps: u64,
    limits: &search::Limits<'_>,
) -> Option<(f64, f64)> {
    let cols = engine.cols;
    let n_colours = engine.keys as u32 - 1;
    let framed = engine.border_key == u32::from(FRAME);
    let start = first_row * cols;
    let mut rng = puzzle_core::SplitMix64::new(0x5eed);
    let (mut nodes, mut fillings, mut made, mut steps) = (0.0, 0.0, 0usize, 0u64);
    let mut children: Vec<usize> = Vec::new();
    let mut placed = vec![Candidate(0); engine.cells];
    while made < probes.max(1) && (made == 0 || steps < max_steps) {
        if limits.stopped() {
            return None;
        }
        let (mut used, mut weight) = (0u128, 1.0);
        for cell in start..engine.cells {
            let west = if cell % cols == 0 { engine.border_key } else { placed[cell - 1].east() };
            let norths: Vec<u32> = if cell < start + cols {
                (0..n_colours).filter(|&colour| !framed || colour != u32::from(FRAME)).collect()
            } else {
                vec![placed[cell - cols].south()]
            };
            children.clear();
            for north in norths {
                let (from, to) = engine.range(cell, north, west);
                for index in from as usize..to as usize {
                    let c = engine.candidates[index];
                    let free = |piece: usize| used >> piece & 1 == 0;
                    if !free(c.piece()) {
                        continue;
                    }
                    let mut twin = engine.twins[index];
                    let mut shadowed = false;
                    while mode == Mode::Pictures && twin != NO_TWIN {
                        shadowed |= free(engine.candidates[twin as usize].piece());
                        twin = engine.twins[twin as usize];
                    }
                    if !shadowed {
                        children.push(index);
                    }
                }
            }
            steps += children.len() as u64 + 1;
            if children.is_empty() {
                weight = 0.0;
                break;
            }
            weight *= children.len() as f64;
            nodes += weight;
            let c = engine.candidates[children[rng.below(children.len())]];
            placed[cell] = c;
            used |= 1 << c.piece();
        }
        fillings += weight;
        made += 1;
    }
    Some((nodes / made as f64, fillings / made as f64))
}

/// The tree of the boundaries in `table` (rows of `cols` colours, `keys` colour keys), as
/// [`super::super::count_loop::Stop`] reads it: node 0 the empty prefix, a node's
/// children `keys` entries from `node * keys`, `u32::MAX` where no boundary goes on; a whole
/// boundary's entry is 0 (it has no children).
pub(crate) fn boundary_tree(table: &Table, layout: &KeyLayout, cols: usize, keys: usize) -> Vec<u32> {
    let mut tree = vec![u32::MAX; keys];
    for &key in &table.keys {
        let mut node = 0usize;
        for col in 0..cols {
            let at = node * keys + layout.colour_of(key, col) as usize;
            if col + 1 == cols {
                tree[at] = 0;
            } else {
                if tree[at] == u32::MAX {
                    tree[at] = (tree.len() / keys) as u32;
                    tree.resize(tree.len() + keys, u32::MAX);
                }
                node = tree[at] as usize;
            }
        }
    }
    tree
}
