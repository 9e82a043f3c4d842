//! The bottom half of a join: every filling of the board's last rows, whatever colours their
//! first row shows north, enumerated once from the row engine's lists and kept as a sorted
//! table of keys (`key.rs`: that north boundary and the pieces used) with the number of
//! fillings of each.
//!
//! The enumeration fills the rows from the bottom up, each from the west: a cell's candidates
//! are its list for the sides its south and west neighbours impose (the border's, where it
//! faces the border), and what it shows north is free (but the frame: its row is not the
//! board's first), so that the frame along the bottom, the most constrained row, cuts the tree
//! first. Filled downwards from a free north row, the 6×6's last three rows took 55
//! placements per filling. In [`Mode::Pictures`] a candidate is skipped while an earlier one of
//! its list with the same four sides is free, as the walk does, so each picture of the rows is
//! listed once.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use search::walk::Watch;

use super::super::count_loop::{Leaves, Stop};
use super::super::row::{Candidate, Engine};
use super::leaves::each_leaf;

use super::super::mode::Mode;
use super::super::row::NO_TWIN;
use super::key::KeyLayout;
use crate::model::{Puzzle, EAST, FRAME, NORTH, SOUTH, WEST};

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

/// Every filling of rows `first_row..` of `engine`'s board in `mode` (no clues, no corner
/// pinned), as a [`Table`]: where pieces turn, as the fillings of the first `rows - first_row`
/// rows of the board turned by half a turn (the same puzzle), walked by the tight loop on
/// rayon's threads; else [`upwards_table`]. `None` when more than `max_fillings` are found or
/// `watch` stops the enumeration.
pub(crate) fn bottom_table(
    engine: &Engine,
    mode: Mode,
    first_row: usize,
    layout: &KeyLayout,
    max_fillings: u64,
    watch: &Watch<'_>,
) -> Option<Table> {
    let puzzle = &engine.puzzle;
    if !puzzle.rotate() {
        return upwards_table(puzzle, mode, first_row, layout, max_fillings, watch);
    }
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let total = AtomicU64::new(0);
    let stop = Stop { depth: (rows - first_row) * cols, tree: &[], from: usize::MAX };
    let new_sink = || Turned { puzzle, layout, cols, depth: stop.depth, keys: Vec::new(), total: &total, max_fillings };
    let (counts, sinks) = each_leaf(engine, mode, stop, new_sink, watch, &|_, _, _| {})?;
    if counts.stopped || watch.stopped() || total.load(Relaxed) > max_fillings {
        return None;
    }
    let mut keys = Vec::with_capacity(total.load(Relaxed) as usize);
    for sink in sinks {
        keys.extend_from_slice(&sink.keys);
    }
    Some(aggregate(keys, counts.nodes))
}

/// Fillings of the top rows of the board turned by half a turn, each kept as the key of the
/// bottom rows it is turned back: the same pieces, and the boundary read from its last row's
/// south sides from the east (what those show is what the row above them must show south).
struct Turned<'a> {
    puzzle: &'a Puzzle,
    layout: &'a KeyLayout,
    cols: usize,
    depth: usize,
    keys: Vec<u128>,
    total: &'a AtomicU64,
    max_fillings: u64,
}

impl Leaves for Turned<'_> {
    fn leaf(&mut self, placed: &[Candidate], used: &[u64], last: Candidate) {
        if self.keys.len() % 1024 == 0 && self.total.fetch_add(1024, Relaxed) > self.max_fillings {
            return;
        }
        let layout = self.layout;
        let mut set = u128::from(used[0]) | u128::from(used.get(1).copied().unwrap_or(0)) << 64;
        set |= 1 << last.piece();
        let mut key = layout.pieces(set);
        let row = self.depth - self.cols;
        for col in 0..self.cols {
            // A candidate's south is what the cell below it must show north: turned back, what
            // the cell above shows south; its partner is what this cell shows north.
            let south = if col + 1 == self.cols { last.south() } else { placed[row + col].south() };
            let north = self.puzzle.partner(south as u16);
            key |= layout.colour(self.cols - 1 - col, u32::from(north));
        }
        self.keys.push(key);
    }
}

/// The table of `keys` (one per filling, in any order), made in `nodes` placements.
fn aggregate(mut keys: Vec<u128>, nodes: u64) -> Table {
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
    table
}

/// Every filling of rows `first_row..` of `puzzle`'s board in `mode` (no clues), as a
/// [`Table`]; `None` when more than `max_fillings` are found (the table would not fit its
/// memory) or `watch` stops the enumeration.
fn upwards_table(
    puzzle: &Puzzle,
    mode: Mode,
    first_row: usize,
    layout: &KeyLayout,
    max_fillings: u64,
    watch: &Watch<'_>,
) -> Option<Table> {
    let lists = UpLists::new(puzzle);
    let cells = cells_upwards(puzzle, first_row);
    let mut bottom = Bottom {
        lists: &lists,
        pictures: mode == Mode::Pictures,
        layout,
        cells: &cells,
        cols: puzzle.cols(),
        used: 0,
        placed: vec![NONE_PLACED; puzzle.rows() * puzzle.cols()],
        keys: Vec::new(),
        nodes: 0,
        max_fillings,
        watch,
        stopped: false,
    };
    bottom.fill(0);
    if bottom.stopped {
        return None;
    }
    let Bottom { keys, nodes, .. } = bottom;
    Some(aggregate(keys, nodes))
}

/// The cells of rows `first_row..` in the order the enumeration fills them: the last row first,
/// each row from the west; with each its list's class (bit 0: the east side faces the border,
/// bit 1: the south side does, bit 2: the west side does).
fn cells_upwards(puzzle: &Puzzle, first_row: usize) -> Vec<(usize, usize)> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    (first_row..rows)
        .rev()
        .flat_map(|row| {
            (0..cols).map(move |col| {
                let class =
                    usize::from(col + 1 == cols) | usize::from(row + 1 == rows) << 1 | usize::from(col == 0) << 2;
                (row * cols + col, class)
            })
        })
        .collect()
}

/// A candidate of the enumeration upwards: a piece turned, the side it shows north, what the
/// cell above must show south and the cell east west (the partners of its sides), and the
/// previous candidate of its list with the same four sides ([`NO_TWIN`] if none).
#[derive(Clone, Copy, Debug)]
struct Up {
    piece: u16,
    turn: u8,
    north: u16,
    above: u16,
    east: u16,
    twin: u32,
}

/// No placement yet.
const NONE_PLACED: Up = Up { piece: 0, turn: 0, north: 0, above: 0, east: 0, twin: NO_TWIN };

/// Candidate lists for filling rows from the bottom up: keyed by the cell's class (as
/// `cells_upwards`) and the sides it must show south and west (the border key where those
/// face the border); a cell never faces the border north (its row is not the board's first).
struct UpLists {
    keys: usize,
    border: u16,
    ranges: Vec<(u32, u32)>,
    candidates: Vec<Up>,
}

impl UpLists {
    fn new(puzzle: &Puzzle) -> UpLists {
        let keys = puzzle.n_colours() + 1;
        let framed = puzzle.framed();
        let any = puzzle.n_colours() as u16;
        let border = if framed { FRAME } else { any };
        let turns: &[u8] = if puzzle.rotate() { &[0, 1, 2, 3] } else { &[0] };
        let (mut ranges, mut candidates) = (Vec::with_capacity(8 * keys * keys), Vec::new());
        for class in 0..8 {
            let (east_border, south_border, west_border) = (class & 1 != 0, class & 2 != 0, class & 4 != 0);
            for south in 0..keys as u16 {
                for west in 0..keys as u16 {
                    let start = candidates.len();
                    let side_fits = |side: u16, key: u16, facing_border: bool| {
                        if facing_border {
                            key == border && (!framed || side == FRAME)
                        } else {
                            side == key && (!framed || side != FRAME)
                        }
                    };
                    for piece in 0..puzzle.pieces().len() {
                        for &turn in turns {
                            let sides = puzzle.oriented(piece, turn);
                            let fits = side_fits(sides[SOUTH], south, south_border)
                                && side_fits(sides[WEST], west, west_border)
                                && (!framed || (sides[EAST] == FRAME) == east_border && sides[NORTH] != FRAME);
                            if !fits {
                                continue;
                            }
                            let twin = (start..candidates.len())
                                .rev()
                                .find(|&i| {
                                    let other: &Up = &candidates[i];
                                    puzzle.oriented(usize::from(other.piece), other.turn) == sides
                                })
                                .map_or(NO_TWIN, |i| i as u32);
                            candidates.push(Up {
                                piece: piece as u16,
                                turn,
                                north: sides[NORTH],
                                above: puzzle.partner(sides[NORTH]),
                                east: puzzle.partner(sides[EAST]),
                                twin,
                            });
                        }
                    }
                    ranges.push((start as u32, candidates.len() as u32));
                }
            }
        }
        UpLists { keys, border, ranges, candidates }
    }

    /// The candidates' slice for a cell of `class` that must show `south` and `west`.
    fn range(&self, class: usize, south: u16, west: u16) -> (usize, usize) {
        let (start, end) = self.ranges[(class * self.keys + usize::from(south)) * self.keys + usize::from(west)];
        (start as usize, end as usize)
    }
}

/// The enumeration's state: `cells` (as `cells_upwards`) filled in turn.
struct Bottom<'a> {
    lists: &'a UpLists,
    pictures: bool,
    layout: &'a KeyLayout,
    cells: &'a [(usize, usize)],
    cols: usize,
    used: u128,
    /// Per cell of the board, the candidate placed there.
    placed: Vec<Up>,
    keys: Vec<u128>,
    nodes: u64,
    max_fillings: u64,
    watch: &'a Watch<'a>,
    stopped: bool,
}

impl Bottom<'_> {
    /// Fills the cells from `at` on, every way.
    fn fill(&mut self, at: usize) {
        let Some(&(cell, class)) = self.cells.get(at) else {
            if self.keys.len() as u64 >= self.max_fillings {
                self.stopped = true;
                return;
            }
            // The last cell filled is the first row's east end.
            let first = cell_of_first_row(self.cells);
            let boundary = (0..self.cols)
                .fold(0, |key, col| key | self.layout.colour(col, u32::from(self.placed[first + col].north)));
            self.keys.push(boundary | self.layout.pieces(self.used));
            return;
        };
        let lists = self.lists;
        let south = if class & 2 != 0 { lists.border } else { self.placed[cell + self.cols].above };
        let west = if class & 4 != 0 { lists.border } else { self.placed[cell - 1].east };
        let (start, end) = lists.range(class, south, west);
        for index in start..end {
            let c = lists.candidates[index];
            let bit = 1u128 << c.piece;
            if self.used & bit != 0 || (self.pictures && self.twin_free(c)) {
                continue;
            }
            self.nodes += 1;
            if self.nodes % search::walk::INTERVAL == 0 && self.watch.must_stop(self.nodes) {
                self.stopped = true;
                return;
            }
            self.used |= bit;
            self.placed[cell] = c;
            self.fill(at + 1);
            self.used &= !bit;
            if self.stopped {
                return;
            }
        }
    }

    /// Whether an earlier candidate of `c`'s list with the same four sides is free.
    fn twin_free(&self, c: Up) -> bool {
        let mut twin = c.twin;
        while twin != NO_TWIN {
            let earlier = self.lists.candidates[twin as usize];
            if self.used >> earlier.piece & 1 == 0 {
                return true;
            }
            twin = earlier.twin;
        }
        false
    }
}

/// The first cell of the first row of `cells` (as `cells_upwards`: the least).
fn cell_of_first_row(cells: &[(usize, usize)]) -> usize {
    cells.iter().map(|&(cell, _)| cell).min().unwrap_or(0)
}

/// Knuth's estimate of the enumeration of rows `first_row..` (`probes` seeded probes, up to
/// `max_steps` candidates looked at): its placements and its fillings; `None` when `limits`
/// stop the probes.
pub(crate) fn estimate(
    puzzle: &Puzzle,
    mode: Mode,
    first_row: usize,
    probes: usize,
    max_steps: u64,
    limits: &search::Limits<'_>,
) -> Option<(f64, f64)> {
    let lists = UpLists::new(puzzle);
    let cells = cells_upwards(puzzle, first_row);
    let cols = puzzle.cols();
    let mut rng = puzzle_core::SplitMix64::new(0x5eed);
    let (mut nodes, mut fillings, mut made, mut steps) = (0.0, 0.0, 0usize, 0u64);
    let mut children: Vec<Up> = Vec::new();
    let mut placed = vec![NONE_PLACED; puzzle.rows() * cols];
    while made < probes.max(1) && (made == 0 || steps < max_steps) {
        if limits.stopped() {
            return None;
        }
        let (mut used, mut weight) = (0u128, 1.0);
        for &(cell, class) in &cells {
            let south = if class & 2 != 0 { lists.border } else { placed[cell + cols].above };
            let west = if class & 4 != 0 { lists.border } else { placed[cell - 1].east };
            let (start, end) = lists.range(class, south, west);
            children.clear();
            for &c in &lists.candidates[start..end] {
                let free = |piece: u16| used >> piece & 1 == 0;
                let mut twin = c.twin;
                let mut shadowed = false;
                while mode == Mode::Pictures && twin != NO_TWIN {
                    let earlier = lists.candidates[twin as usize];
                    shadowed |= free(earlier.piece);
                    twin = earlier.twin;
                }
                if free(c.piece) && !shadowed {
                    children.push(c);
                }
            }
            steps += children.len() as u64 + 1;
            if children.is_empty() {
                weight = 0.0;
                break;
            }
            weight *= children.len() as f64;
            nodes += weight;
            let c = children[rng.below(children.len())];
            placed[cell] = c;
            used |= 1 << c.piece;
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
