//! The GPU count's view of an engine (feature `gpu`): both engines' candidate lists and scan
//! order flattened into one table of 32-bit words that the WGSL kernel (`crate::gpu`) walks, the
//! same walk on the CPU (to cut the tree into the kernel's work items and to replay prefixes),
//! and the jobs of a count: the searches a plan's count reduces to, each with the placements
//! above its cut and the prefixes below it.
//!
//! The kernel counts exactly what the CPU's counting loops count: the row engine's tight loop
//! (`count_loop.rs`: in [`Mode::Pictures`] it leaves out a candidate whose next cell, or the cell
//! below, has no free piece left, which changes the placements made) where that loop runs, the
//! core's generic count (`search::walk::count`) everywhere else; so its placements agree with the CPU's to the
//! last one. The tables are built from the engines' own lists, never rebuilt from the puzzle.
//!
//! [`GpuTree::walk`] is a depth-first loop of its own beside the core's drivers, a hook kept for
//! fidelity, not speed: it is the WGSL kernel's loop line for line over the kernel's own tables
//! (the same checks in the same order), so that `Gpu::compare_items` can hold each work item of
//! the kernel to it and name the first that differs, and the kernel's items are cut by it. It
//! runs only for those comparisons and cuts, never in a count. A test in `gpu.rs` holds it to the
//! generic path node for node (every order, both modes, a pinned corner, the board's turns).

use search::walk::{Counts, Walk};

use super::mode::Mode;
use super::order::NO_NEIGHBOUR;
use super::ordered::OrderedEngine;
use super::row::{Engine, NO_TWIN};
use super::searches::{PlacingWalk, Search};
use super::symmetry::turned_picture;
use crate::model::{Placement, Puzzle, EAST, SOUTH};

/// No entry: no key, no check, no look-ahead, no twin.
pub(crate) const NONE: u32 = u32::MAX;

/// Words per depth in [`GpuTree::depths`]; the kernel reads them by these indices.
pub(crate) const DEPTH_WORDS: usize = 25;
/// Per depth: the list's base, then two keys (source depth, side, stride): the candidate list is
/// `base + Σ side(placed[source]) * stride`.
const LIST_BASE: usize = 0;
const KEYS: usize = 1;
/// Two checks (source depth, its side, the candidate's side): the sides must be equal.
const CHECKS: usize = 7;
/// The tight loop's look-ahead (row engine only): a list (`base + Σ key`, two keys from placed
/// depths, two from the candidate's own sides as (side, stride)) that must hold a free piece
/// other than the candidate's, `NONE` for none; and the cell below's piece set (`below +
/// 2 * south`) that must too, `NONE` for none.
const LOOK_BASE: usize = 13;
const LOOK_KEYS: usize = 14;
const LOOK_OWN: usize = 20;
const BELOW: usize = 24;

/// One search flattened for the kernel.
#[derive(Clone, Debug)]
pub(crate) struct GpuTree {
    pub(crate) cells: usize,
    /// 32-bit words of a used set (and of each piece set in `masks` and `below`).
    pub(crate) words: usize,
    pub(crate) pictures: bool,
    /// Whether the tight loop's look-ahead applies (`depths` then has it).
    pub(crate) prune: bool,
    /// Per candidate: its piece, its turn, its four sides as later neighbours read them, the
    /// previous candidate of its list with the same sides (or `NONE`), and the picture it shows
    /// (its real sides, for the count up to the board's turns).
    pub(crate) piece: Vec<u32>,
    rotation: Vec<u8>,
    pub(crate) sides: Vec<u32>,
    pub(crate) twin: Vec<u32>,
    pub(crate) picture: Vec<u32>,
    /// Per list: start and end in the candidates.
    pub(crate) ranges: Vec<u32>,
    /// Per list: its pieces (`words` words); per below index: the pieces that fit there.
    pub(crate) masks: Vec<u32>,
    pub(crate) below: Vec<u32>,
    /// [`DEPTH_WORDS`] per depth.
    pub(crate) depths: Vec<u32>,
    /// Per cell (row-major): the depth that fills it.
    pub(crate) depth_of: Vec<u32>,
    /// For the count up to the board's turns: per turn and cell of the turned board, the cell
    /// whose piece lands there and how far its sides turn (two words); empty for a plain count.
    pub(crate) turn_maps: Vec<u32>,
    pub(crate) n_turns: usize,
}

/// Words of a 64-bit piece set as 32-bit ones, low word first.
fn split_words(masks: &[u64]) -> Vec<u32> {
    masks.iter().flat_map(|&m| [m as u32, (m >> 32) as u32]).collect()
}

/// Per turn of the board that the count up to its turns compares (none when pieces may not
/// turn or clues fix the board), per cell of the turned board: the cell its piece comes from and
/// the quarter turns its sides move by, read off [`turned_picture`] of a board of numbered sides.
fn turn_maps(puzzle: &Puzzle, clued: bool) -> (Vec<u32>, usize) {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let turns: &[u8] = match (puzzle.rotate() && !clued, rows == cols) {
        (false, _) => &[],
        (true, true) => &[1, 2, 3],
        (true, false) => &[2],
    };
    let numbered: Vec<[u16; 4]> =
        (0..rows * cols).map(|cell| std::array::from_fn(|side| (cell * 4 + side) as u16)).collect();
    let mut maps = Vec::new();
    for &turn in turns {
        for sides in turned_picture(&numbered, rows, cols, turn) {
            maps.extend([u32::from(sides[0]) / 4, u32::from(sides[0]) % 4]);
        }
    }
    (maps, turns.len())
}

impl GpuTree {
    fn empty(puzzle: &Puzzle, cells: usize, words: usize, mode: Mode) -> GpuTree {
        GpuTree {
            cells,
            words,
            pictures: mode == Mode::Pictures,
            prune: false,
            piece: Vec::new(),
            rotation: Vec::new(),
            sides: Vec::new(),
            twin: Vec::new(),
            picture: Vec::new(),
            ranges: Vec::new(),
            masks: Vec::new(),
            below: Vec::new(),
            depths: vec![NONE; cells * DEPTH_WORDS],
            depth_of: vec![0; puzzle.rows() * puzzle.cols()],
            turn_maps: Vec::new(),
            n_turns: 0,
        }
    }

    /// Sets the count up to the board's turns (`clued`: clues fix the board).
    fn set_distinct(&mut self, puzzle: &Puzzle, clued: bool) {
        (self.turn_maps, self.n_turns) = turn_maps(puzzle, clued);
    }

    /// Whether complete boards are tested against their turns (a count up to the board's
    /// turns where the board has turns to compare; without any, every picture counts).
    pub(crate) fn distinct(&self) -> bool {
        !self.turn_maps.is_empty()
    }

    fn push_candidate(&mut self, puzzle: &Puzzle, piece: usize, rotation: u8, sides: [u32; 4], twin: u32) {
        self.piece.push(piece as u32);
        self.rotation.push(rotation);
        self.sides.extend(sides);
        self.twin.push(twin);
        self.picture.extend(puzzle.placed(Placement::new(piece, rotation)).map(u32::from));
    }

    fn set(&mut self, depth: usize, field: usize, values: &[u32]) {
        let at = depth * DEPTH_WORDS + field;
        self.depths[at..at + values.len()].copy_from_slice(values);
    }

    fn field(&self, depth: usize, field: usize) -> u32 {
        self.depths[depth * DEPTH_WORDS + field]
    }

    /// The candidate list of `depth` given the placements above it.
    fn list(&self, depth: usize, placed: &[u32]) -> usize {
        self.keyed(depth, self.field(depth, LIST_BASE), KEYS, placed) as usize
    }

    /// `base` plus each of the two keys `(source depth, side, stride)` stored at `keys` of
    /// `depth`'s fields: the index of a list keyed by the sides of pieces placed above.
    fn keyed(&self, depth: usize, base: u32, keys: usize, placed: &[u32]) -> u32 {
        let mut list = base;
        for key in 0..2 {
            let at = keys + 3 * key;
            let source = self.field(depth, at);
            if source != NONE {
                let side = self.field(depth, at + 1) as usize;
                list += self.sides[placed[source as usize] as usize * 4 + side] * self.field(depth, at + 2);
            }
        }
        list
    }

    fn is_used(used: &[u32], piece: u32) -> bool {
        used[(piece >> 5) as usize] >> (piece & 31) & 1 != 0
    }

    /// Whether candidate `index` is a node at `depth`: free, agreeing with the checked
    /// neighbours, and in pictures mode without a free earlier twin.
    fn is_node(&self, index: usize, depth: usize, placed: &[u32], used: &[u32]) -> bool {
        if GpuTree::is_used(used, self.piece[index]) {
            return false;
        }
        for check in 0..2 {
            let at = CHECKS + 3 * check;
            let source = self.field(depth, at);
            if source != NONE {
                let theirs = self.sides[placed[source as usize] as usize * 4 + self.field(depth, at + 1) as usize];
                if theirs != self.sides[index * 4 + self.field(depth, at + 2) as usize] {
                    return false;
                }
            }
        }
        if self.pictures {
            let mut twin = self.twin[index];
            while twin != NONE {
                if !GpuTree::is_used(used, self.piece[twin as usize]) {
                    return false;
                }
                twin = self.twin[twin as usize];
            }
        }
        true
    }

    /// Whether piece set `masks[at..]` holds a free piece other than `piece`.
    fn any_free(&self, masks: &[u32], at: usize, used: &[u32], piece: u32) -> bool {
        (0..self.words).any(|w| {
            let own = if w == (piece >> 5) as usize { 1u32 << (piece & 31) } else { 0 };
            masks[at + w] & !used[w] & !own != 0
        })
    }

    /// The tight loop's look-ahead for node `index` at `depth` (always true without it).
    fn fits(&self, index: usize, depth: usize, placed: &[u32], used: &[u32]) -> bool {
        if !self.prune {
            return true;
        }
        let piece = self.piece[index];
        let base = self.field(depth, LOOK_BASE);
        if base != NONE {
            let mut list = self.keyed(depth, base, LOOK_KEYS, placed);
            for own in 0..2 {
                let side = self.field(depth, LOOK_OWN + 2 * own);
                if side != NONE {
                    list += self.sides[index * 4 + side as usize] * self.field(depth, LOOK_OWN + 2 * own + 1);
                }
            }
            if !self.any_free(&self.masks, list as usize * self.words, used, piece) {
                return false;
            }
        }
        let below = self.field(depth, BELOW);
        if below != NONE {
            let at = (below + 2 * self.sides[index * 4 + SOUTH]) as usize * self.words;
            if !self.any_free(&self.below, at, used, piece) {
                return false;
            }
        }
        true
    }

    /// Whether the complete board `placed` is the one of its orbit under the board's turns that
    /// is counted: no turn of it is smaller ([`super::symmetry`]'s rule).
    fn canonical(&self, placed: &[u32]) -> bool {
        let side = |cell: usize, k: usize| self.picture[placed[self.depth_of[cell] as usize] as usize * 4 + k];
        (0..self.n_turns).all(|turn| {
            for cell in 0..self.cells {
                let at = (turn * self.cells + cell) * 2;
                let (from, shift) = (self.turn_maps[at] as usize, self.turn_maps[at + 1] as usize);
                for k in 0..4 {
                    let (turned, here) = (side(from, (k + shift) % 4), side(cell, k));
                    if turned != here {
                        return turned > here;
                    }
                }
            }
            true
        })
    }

    /// The kernel's walk on the CPU: from `prefix` (candidate indices by depth, less than the
    /// cells), counts into `counts` every node and solution below it, except that a node
    /// reaching depth `stop` is handed to `emit` (as the prefix of that depth) instead of
    /// expanded.
    pub(crate) fn walk(&self, prefix: &[u32], stop: usize, counts: &mut Counts, emit: &mut dyn FnMut(&[u32])) {
        let (cells, floor) = (self.cells, prefix.len());
        let mut placed = vec![0u32; cells];
        placed[..floor].copy_from_slice(prefix);
        let mut used = vec![0u32; self.words];
        for &c in prefix {
            let piece = self.piece[c as usize];
            used[(piece >> 5) as usize] |= 1 << (piece & 31);
        }
        if floor >= cells {
            return;
        }
        let (mut next, mut end) = (vec![0u32; cells], vec![0u32; cells]);
        let open = |depth: usize, placed: &[u32], next: &mut [u32], end: &mut [u32]| {
            let list = self.list(depth, placed);
            (next[depth], end[depth]) = (self.ranges[2 * list], self.ranges[2 * list + 1]);
        };
        let mut depth = floor;
        open(depth, &placed, &mut next, &mut end);
        loop {
            if next[depth] < end[depth] {
                let index = next[depth] as usize;
                next[depth] += 1;
                if !self.is_node(index, depth, &placed, &used) {
                    continue;
                }
                counts.nodes += 1;
                if depth == cells - 1 {
                    placed[depth] = index as u32;
                    if !self.distinct() || self.canonical(&placed) {
                        counts.solutions += 1;
                    }
                    continue;
                }
                if !self.fits(index, depth, &placed, &used) {
                    continue;
                }
                placed[depth] = index as u32;
                if depth + 1 == stop {
                    emit(&placed[..stop]);
                    continue;
                }
                let piece = self.piece[index];
                used[(piece >> 5) as usize] |= 1 << (piece & 31);
                depth += 1;
                open(depth, &placed, &mut next, &mut end);
            } else {
                if depth == floor {
                    return;
                }
                depth -= 1;
                let piece = self.piece[placed[depth] as usize];
                used[(piece >> 5) as usize] &= !(1 << (piece & 31));
            }
        }
    }

    /// The placement candidate `index` makes (for the comparison hooks of the tests).
    #[cfg(any(test, feature = "test-support"))]
    pub(crate) fn placement(&self, index: u32) -> Placement {
        let index = index as usize;
        Placement::new(self.piece[index] as usize, self.rotation[index])
    }

    /// The candidate indices of `prefix` (placements by depth), each a node the general walk
    /// makes at its depth; `None` when one is not.
    pub(crate) fn resume(&self, prefix: &[Placement]) -> Option<Vec<u32>> {
        let mut placed = vec![0u32; self.cells];
        let mut used = vec![0u32; self.words];
        for (depth, placement) in prefix.iter().enumerate() {
            if depth >= self.cells {
                return None;
            }
            let list = self.list(depth, &placed);
            let index = (self.ranges[2 * list]..self.ranges[2 * list + 1]).find(|&i| {
                let i = i as usize;
                self.piece[i] as usize == placement.piece
                    && self.rotation[i] == placement.turns()
                    && self.is_node(i, depth, &placed, &used)
            })?;
            placed[depth] = index;
            let piece = self.piece[index as usize];
            used[(piece >> 5) as usize] |= 1 << (piece & 31);
        }
        Some(placed[..prefix.len()].to_vec())
    }
}

/// An engine the GPU count takes.
pub(crate) trait GpuSource: Search {
    /// The engine's tables for the kernel in `mode`; `fast`: with the tight loop's look-ahead
    /// where the engine's counts use that loop; `distinct`: counting up to the board's turns.
    fn gpu_tree(&self, mode: Mode, fast: bool, distinct: bool) -> GpuTree;
}

impl GpuSource for Engine {
    fn gpu_tree(&self, mode: Mode, fast: bool, distinct: bool) -> GpuTree {
        let puzzle = &self.puzzle;
        let (cells, keys, border) = (self.cells, self.keys as u32, self.border_key);
        let mut tree = GpuTree::empty(puzzle, cells, 2 * self.words, mode);
        for (index, c) in self.candidates.iter().enumerate() {
            let twin = if self.twins[index] == NO_TWIN { NONE } else { self.twins[index] };
            tree.push_candidate(puzzle, c.piece(), c.rotation(), [0, c.east(), c.south(), 0], twin);
        }
        tree.ranges = self.ranges.iter().flat_map(|&(start, end)| [start, end]).collect();
        let class_base = |cell: usize| self.table[cell] * keys * keys;
        for depth in 0..cells {
            let cell = self.cell_at[depth] as usize;
            tree.depth_of[cell] = depth as u32;
            let mut base = class_base(cell);
            let mut key_words = [NONE, 0, 0, NONE, 0, 0];
            match self.north_at[depth] {
                NO_NEIGHBOUR => base += border * keys,
                n => key_words[..3].copy_from_slice(&[n, SOUTH as u32, keys]),
            }
            match self.west_at[depth] {
                NO_NEIGHBOUR => base += border,
                w => key_words[3..].copy_from_slice(&[w, EAST as u32, 1]),
            }
            tree.set(depth, LIST_BASE, &[base]);
            tree.set(depth, KEYS, &key_words);
        }
        // The tight loop runs where the used set holds every piece and cell (`count_loop.rs`).
        tree.prune = fast && !self.piece_masks.is_empty() && cells <= 64 * self.words;
        if tree.prune {
            tree.masks = split_words(&self.piece_masks);
            tree.below = split_words(&self.north_masks);
            self.look_ahead(&mut tree, mode == Mode::Pictures);
        }
        if distinct {
            tree.set_distinct(puzzle, self.fixed.iter().any(Option::is_some));
        }
        tree
    }
}

impl Engine {
    /// The look-ahead of the tight loop (`count_loop.rs`, its per-depth `Cell`) in the kernel's terms:
    /// the next cell's list (or in pictures mode, on the diagonal order, the east neighbour's),
    /// and in pictures mode the cell below.
    fn look_ahead(&self, tree: &mut GpuTree, pictures: bool) {
        let (cells, cols, keys, border) = (self.cells, self.cols, self.keys as u32, self.border_key);
        let framed = border == u32::from(crate::model::FRAME);
        let class_base = |cell: usize| self.table[cell] * keys * keys;
        let mut depth_of = vec![0usize; cells];
        for (d, &cell) in self.cell_at.iter().enumerate() {
            depth_of[cell as usize] = d;
        }
        for d in 0..cells {
            let next = d + 1;
            let cell = self.cell_at[d] as usize;
            // Next cell's list: base, a north key from a placed depth or this candidate's south,
            // a west key from a placed depth or this candidate's east.
            let (mut base, mut keys_from, mut own) = (NONE, [NONE, 0, 0, NONE, 0, 0], [NONE, 0, NONE, 0]);
            let (mut east_mask, mut south_mask) = (false, false);
            if next < cells {
                base = class_base(self.cell_at[next] as usize);
                match self.north_at[next] {
                    NO_NEIGHBOUR => base += border * keys,
                    n if n as usize == d => {
                        south_mask = true;
                        own[2..].copy_from_slice(&[SOUTH as u32, keys]);
                    }
                    n => keys_from[..3].copy_from_slice(&[n, SOUTH as u32, keys]),
                }
                match self.west_at[next] {
                    NO_NEIGHBOUR => base += border,
                    w if w as usize == d => {
                        east_mask = true;
                        own[..2].copy_from_slice(&[EAST as u32, 1]);
                    }
                    w => keys_from[3..].copy_from_slice(&[w, EAST as u32, 1]),
                }
            }
            let east = depth_of.get(cell + 1).copied().filter(|_| (cell + 1) % cols != 0);
            if let Some(east) = east.filter(|_| pictures && !east_mask && !south_mask) {
                // The east neighbour's list instead: its north key placed (or the border), its
                // west key this candidate's east side.
                let east_list = match self.north_at[east] {
                    NO_NEIGHBOUR => Some((class_base(cell + 1) + border * keys, [NONE, 0, 0])),
                    n if (n as usize) < d => Some((class_base(cell + 1), [n, SOUTH as u32, keys])),
                    _ => None,
                };
                if let Some((east_base, north_key)) = east_list {
                    base = east_base;
                    keys_from = [north_key[0], north_key[1], north_key[2], NONE, 0, 0];
                    own = [EAST as u32, 1, NONE, 0];
                }
            }
            if next < cells {
                tree.set(d, LOOK_BASE, &[base]);
                tree.set(d, LOOK_KEYS, &keys_from);
                tree.set(d, LOOK_OWN, &own);
            }
            let below_cell = cell + cols;
            let below = if pictures && below_cell < cells && !south_mask && self.look_below {
                self.table[below_cell] * keys * 2 + u32::from(framed && below_cell % cols == 0)
            } else {
                NONE
            };
            tree.set(d, BELOW, &[below]);
        }
    }
}

impl GpuSource for OrderedEngine {
    fn gpu_tree(&self, mode: Mode, _fast: bool, distinct: bool) -> GpuTree {
        let puzzle = &self.puzzle;
        let cells = self.cells.len();
        let mut tree = GpuTree::empty(puzzle, cells, puzzle.pieces().len().div_ceil(32).max(1), mode);
        for (index, c) in self.candidates.iter().enumerate() {
            let twin = if self.twins[index] == NO_TWIN { NONE } else { self.twins[index] };
            tree.push_candidate(puzzle, usize::from(c.piece), c.rotation, c.sides.map(u32::from), twin);
        }
        tree.ranges = self.ranges.iter().flat_map(|&(start, end)| [start, end]).collect();
        for (depth, &cell) in self.cells.iter().enumerate() {
            tree.depth_of[cell] = depth as u32;
        }
        for (depth, &cell) in self.cells.iter().enumerate() {
            let plan = &self.plans[cell];
            tree.set(depth, LIST_BASE, &[plan.table as u32]);
            for (k, &(other, facing, stride)) in plan.keyed.iter().enumerate() {
                tree.set(depth, KEYS + 3 * k, &[tree.depth_of[other], facing as u32, stride as u32]);
            }
            for (k, &(other, facing, side)) in plan.checked.iter().enumerate() {
                tree.set(depth, CHECKS + 3 * k, &[tree.depth_of[other], facing as u32, side as u32]);
            }
        }
        if distinct {
            tree.set_distinct(puzzle, self.clued);
        }
        tree
    }
}

/// One search of a count for the kernel: its tables, the placements (and solutions) counted
/// above its cut, and the prefixes (candidate indices by depth) whose subtrees remain.
#[derive(Debug)]
pub(crate) struct GpuJob {
    pub(crate) tree: GpuTree,
    pub(crate) above: Counts,
    pub(crate) prefixes: Vec<Vec<u32>>,
}

/// The searches of a count, and what each solution found stands for (the board's turns when a
/// corner piece is pinned, else 1).
#[derive(Debug)]
pub(crate) struct GpuJobs {
    pub(crate) jobs: Vec<GpuJob>,
    pub(crate) turns: u64,
}

/// The cut of `count_tree` (`parallel.rs`'s `cut_tree`), so that the placements above it (made
/// by the general walk) and below it (by the engine's counting loop) are the CPU's.
fn top_cut<F: GpuSource>(engine: &F, mode: Mode, tree: &GpuTree) -> Option<(Counts, Vec<Vec<u32>>)> {
    let (cells, cols) = (engine.puzzle().rows() * engine.puzzle().cols(), engine.puzzle().cols());
    let (mut top, prefixes) = super::parallel::cut_tree(|| engine.walk(mode), cells, cols);
    let above = *top.counts();
    prefixes
        .iter()
        .map(|prefix| tree.resume(&prefix.iter().map(|&c| top.placement(c)).collect::<Vec<_>>()))
        .collect::<Option<Vec<_>>>()
        .map(|indices| (above, indices))
}

/// The searches of `engine`'s count in `mode` (through the board's turns where it has a corner
/// piece); `limited`: the count runs under a placement limit, so the CPU counts it from the root
/// with its counting loop and the kernel does too. `None` if the tables disagree with the
/// engine's walk (a defect).
pub(crate) fn count_jobs<F: GpuSource>(engine: &F, mode: Mode, limited: bool) -> Option<GpuJobs> {
    let turned = engine.turned(mode);
    let (searches, turns): (Vec<&F>, u64) = match &turned {
        Some((engines, turns)) => (engines.iter().collect(), *turns),
        None => (vec![engine], 1),
    };
    let jobs = searches
        .into_iter()
        .map(|search| {
            let tree = search.gpu_tree(mode, true, false);
            let (above, prefixes) =
                if limited { (Counts::default(), vec![Vec::new()]) } else { top_cut(search, mode, &tree)? };
            Some(GpuJob { tree, above, prefixes })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(GpuJobs { jobs, turns })
}

/// The searches of `engine`'s count of pictures up to the board's turns: those of the count
/// through a corner piece (each solution one orbit) where it has one, else every picture with
/// the orbit test at each complete board (the general walk's placements).
pub(crate) fn distinct_jobs<F: GpuSource>(engine: &F, limited: bool) -> Option<GpuJobs> {
    if engine.turned(Mode::Pictures).is_some() {
        let mut jobs = count_jobs(engine, Mode::Pictures, limited)?;
        jobs.turns = 1;
        return Some(jobs);
    }
    let tree = engine.gpu_tree(Mode::Pictures, false, true);
    let (above, prefixes) =
        if limited { (Counts::default(), vec![Vec::new()]) } else { top_cut(engine, Mode::Pictures, &tree)? };
    Some(GpuJobs { jobs: vec![GpuJob { tree, above, prefixes }], turns: 1 })
}

/// The search below `prefix`, a work unit's partial board, as the CPU's `count_below` does it:
/// in the first of the count's searches that makes its placements. `None` where the CPU refuses
/// the unit (its error says why).
pub(crate) fn unit_jobs<F: GpuSource>(engine: &F, mode: Mode, prefix: &[Placement]) -> Option<GpuJobs> {
    let cells = engine.puzzle().rows() * engine.puzzle().cols();
    if prefix.len() >= cells {
        return None;
    }
    let turned = engine.turned(mode);
    let (searches, turns): (Vec<&F>, u64) = match &turned {
        Some(_) if prefix.is_empty() => return None,
        Some((engines, turns)) => (engines.iter().collect(), *turns),
        None => (vec![engine], 1),
    };
    searches.into_iter().find_map(|search| {
        let tree = search.gpu_tree(mode, true, false);
        let indices = tree.resume(prefix)?;
        Some(GpuJobs { jobs: vec![GpuJob { tree, above: Counts::default(), prefixes: vec![indices] }], turns })
    })
}
