//! The engine's tight counting loop, for any puzzle of at most 1024 pieces: the used pieces in a
//! set of `W` 64-bit words (1, 2, 4, 8 or 16, chosen per puzzle by [`super::Engine`]), free
//! pieces found word by word with bit tricks. It is the row engine's hook beside the core's
//! generic [`search::walk::count`]: it counts the same tree from the same [`RowWalk`], polls the
//! same [`Watch`] through a [`Poll`], and leaves the walk where the generic driver would.
//!
//! Why it exists: it expands a cell all at once (each free piece one load, no branch per
//! candidate) and looks one cell ahead before placing, where the generic driver offers one
//! candidate at a time through [`search::walk::Walk::advance`]. Measured on the plain count of
//! Brendan's set 2 6×6 (`fixtures/data/brendan_set2_06x06.puz`, 44,024,849 placements, one
//! thread, release build), the generic driver over the same walk makes about half of this
//! loop's placements per second (20.6 M/s against 39–42 M/s, side by side). Its placements equal the generic
//! driver's node for node in plain mode, and in pictures mode unless it looks ahead at the cell
//! below or (in the diagonal order) at the east neighbour, which leaves out subtrees the generic
//! walk enters; the solutions are the same either way. `tests` below check both.
//!
//! A count that keeps boards ([`RowWalk::count_keeping`]) runs the loop stopped at the last
//! cell ([`RowWalk::leaves`]): every complete board goes to a sink that counts it and keeps the
//! first, so the counting loop itself is compiled as before, with nothing more per solution.

use search::walk::{self, Poll, Watch};

use search::walk::Counts;

use super::kept::Kept;
use super::mode::Mode;
use super::order::NO_NEIGHBOUR;
use super::row::Candidate;
use super::searches::PlacingWalk;
use super::walk::RowWalk;
use crate::model::{Placement, FRAME};

/// Whether `masks[at..at + W]` holds a piece outside `used` other than bit `bit` of word `word`.
#[inline(always)]
fn any_free<const W: usize>(masks: &[u64], at: usize, used: &[u64; W], word: usize, bit: u64) -> bool {
    let mut any = 0;
    for (v, &used) in used.iter().enumerate() {
        let skip = if v == word { bit } else { 0 };
        any |= masks[at + v] & !used & !skip;
    }
    any != 0
}

/// Whether every piece of `masks[at..at + W]` is in `used`.
#[inline(always)]
fn all_used<const W: usize>(masks: &[u64], at: usize, used: &[u64; W]) -> bool {
    let mut free = 0;
    for (v, &used) in used.iter().enumerate() {
        free |= masks[at + v] & !used;
    }
    free == 0
}

/// Where the tight loop stops short ([`RowWalk::leaves`]): the cells every leaf fills (in the
/// walk's order), and the south colours the row of its last cell may show, as a tree of
/// prefixes (`tree`) from the depth that row starts at (`from`): from the root (node 0), the
/// child of node `n` for a cell showing `s` south is `tree[n * keys + s]` (`keys`: the engine's
/// colour keys), `u32::MAX` where no allowed row goes on so. A candidate of that row that
/// leaves its prefix no way on is a placement but no subtree (nor leaf). A `from` past the
/// cells restricts no row (`tree` is then empty).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stop<'t> {
    pub(crate) depth: usize,
    pub(crate) tree: &'t [u32],
    pub(crate) from: usize,
}

/// Where the tight loop stopped short ([`RowWalk::leaves`]) sends its partial boards.
pub(crate) trait Leaves {
    /// One leaf: the candidates placed at the depths before its last, the used pieces (those
    /// candidates' pieces, one bit each, in words of 64), and its last candidate.
    fn leaf(&mut self, placed: &[Candidate], used: &[u64], last: Candidate);

    /// The leaves that follow, until the next call, are those of subtree `index` of a cut
    /// (`join/leaves.rs`), whose subtrees are numbered in the tree's order.
    fn subtree(&mut self, _index: usize) {}
}

/// The complete boards of a count that keeps some: counted, the first kept (placements by
/// cell).
struct Keeper<'k> {
    cell_at: &'k [u32],
    kept: &'k mut Kept,
    solutions: u64,
}

impl Leaves for Keeper<'_> {
    #[inline]
    fn leaf(&mut self, placed: &[Candidate], _used: &[u64], last: Candidate) {
        self.solutions += 1;
        let cell_at = self.cell_at;
        self.kept.offer(|| {
            let mut board = vec![Placement::new(0, 0); cell_at.len()];
            for (depth, c) in placed.iter().chain([&last]).enumerate() {
                board[cell_at[depth] as usize] = Placement::new(c.piece(), c.rotation());
            }
            board
        });
    }
}

impl RowWalk<'_> {
    /// [`RowWalk::count`], keeping the first solutions below the floor in `kept`: the tight
    /// loop stopped at the last cell, whose leaves are the solutions (the same counts, the
    /// same order), or where it cannot run, the core's generic loop.
    pub(crate) fn count_keeping(&mut self, watch: &Watch<'_>, kept: &mut Kept) {
        let engine = self.engine;
        let stop = Stop { depth: engine.cells, tree: &[], from: usize::MAX };
        let mut keeper = Keeper { cell_at: &engine.cell_at, kept, solutions: 0 };
        if self.leaves(watch, stop, &mut keeper) {
            self.counts.solutions += keeper.solutions;
            return;
        }
        walk::for_each(self, watch, &mut |solved| {
            keeper.kept.offer(|| solved.placements());
            true
        });
    }

    /// Counts every solution below the floor: the tight loop when the puzzle's pieces fit its
    /// used set (at most 1024 pieces), else the core's generic one.
    pub(crate) fn count(&mut self, watch: &Watch<'_>) {
        if self.engine.piece_masks.is_empty() || self.engine.cells > 64 * self.engine.words {
            return walk::count(self, watch);
        }
        match self.engine.words {
            1 => self.count_words::<1, 64, 128>(watch),
            2 => self.count_words::<2, 128, 256>(watch),
            4 => self.count_words::<4, 256, 512>(watch),
            8 => self.count_words::<8, 512, 1024>(watch),
            16 => self.count_words::<16, 1024, 2048>(watch),
            _ => walk::count(self, watch),
        }
    }

    /// [`RowWalk::count`] with a used set of `W` words and per-cell arrays of `CAP` = 64 `W`
    /// entries (`CAP2` = twice that). The look-alike test is left out when no candidate has a
    /// look-alike (`twin_masks` all empty): it could never skip one.
    pub(super) fn count_words<const W: usize, const CAP: usize, const CAP2: usize>(&mut self, watch: &Watch<'_>) {
        let turns = self.engine.next_turn.iter().any(|&n| n != u32::MAX);
        let twins = self.engine.twin_masks.iter().any(|&m| m != 0);
        match (self.mode, turns, twins) {
            (Mode::Plain, false, _) => self.count_fast::<W, CAP, CAP2, false, false, false, false>(watch, None),
            (Mode::Plain, true, _) => self.count_fast::<W, CAP, CAP2, false, true, false, false>(watch, None),
            (Mode::Pictures, false, false) => self.count_fast::<W, CAP, CAP2, true, false, false, false>(watch, None),
            (Mode::Pictures, true, false) => self.count_fast::<W, CAP, CAP2, true, true, false, false>(watch, None),
            (Mode::Pictures, false, true) => self.count_fast::<W, CAP, CAP2, true, false, true, false>(watch, None),
            (Mode::Pictures, true, true) => self.count_fast::<W, CAP, CAP2, true, true, true, false>(watch, None),
        }
    }

    /// The tight loop stopped at depth `stop.depth` (more than the floor, at most the
    /// cells), its last row's south colours restricted to `stop.tree`: every partial board of that many cells below the floor goes to `leaves` instead
    /// of being counted, each made in the same placements the count makes above that depth
    /// (its last placement counted as a node, as the count counts a solution). The meeting of
    /// a join (`join.rs`) walks its top rows with it. Returns `false`, having done nothing,
    /// where the tight loop cannot run (more than 1024 pieces or the used set's cells).
    pub(crate) fn leaves(&mut self, watch: &Watch<'_>, stop: Stop<'_>, leaves: &mut dyn Leaves) -> bool {
        if self.engine.piece_masks.is_empty() || self.engine.cells > 64 * self.engine.words {
            return false;
        }
        match self.engine.words {
            1 => self.leaves_words::<1, 64, 128>(watch, stop, leaves),
            2 => self.leaves_words::<2, 128, 256>(watch, stop, leaves),
            4 => self.leaves_words::<4, 256, 512>(watch, stop, leaves),
            8 => self.leaves_words::<8, 512, 1024>(watch, stop, leaves),
            16 => self.leaves_words::<16, 1024, 2048>(watch, stop, leaves),
            _ => return false,
        }
        true
    }

    /// [`RowWalk::leaves`] with `W` words (as [`RowWalk::count_words`]).
    fn leaves_words<const W: usize, const CAP: usize, const CAP2: usize>(
        &mut self,
        watch: &Watch<'_>,
        stop: Stop<'_>,
        leaves: &mut dyn Leaves,
    ) {
        let turns = self.engine.next_turn.iter().any(|&n| n != u32::MAX);
        let twins = self.engine.twin_masks.iter().any(|&m| m != 0);
        let leaves = Some((leaves, stop));
        match (self.mode, turns, twins) {
            (Mode::Plain, false, _) => self.count_fast::<W, CAP, CAP2, false, false, false, true>(watch, leaves),
            (Mode::Plain, true, _) => self.count_fast::<W, CAP, CAP2, false, true, false, true>(watch, leaves),
            (Mode::Pictures, false, false) => self.count_fast::<W, CAP, CAP2, true, false, false, true>(watch, leaves),
            (Mode::Pictures, true, false) => self.count_fast::<W, CAP, CAP2, true, true, false, true>(watch, leaves),
            (Mode::Pictures, false, true) => self.count_fast::<W, CAP, CAP2, true, false, true, true>(watch, leaves),
            (Mode::Pictures, true, true) => self.count_fast::<W, CAP, CAP2, true, true, true, true>(watch, leaves),
        }
    }

    /// [`RowWalk::count`] for puzzles whose pieces fit a used set of `W` words and whose cells fit
    /// `CAP` = 64 `W` (`CAP2` = 2 `CAP`). A cell is expanded all at once when the search
    /// reaches it: every free candidate is a node (each piece one load: its candidate in the
    /// list's slots), and those that leave the next cell a free piece (in
    /// [`super::Mode::Pictures`], the cell below too) go into the cell's buffer of placements to
    /// make, with no branch per candidate; the last cell's candidates are solutions, never
    /// placed. The next cell's list is a per-depth base plus the candidate's east side (when the next
    /// cell is its east neighbour) or south side (its south neighbour); the depths run in the
    /// engine's order, which fills every cell after its north and west neighbours. `TURNS`:
    /// some piece has more than one turn in a list. Per-cell arrays are sized `CAP` and indexed
    /// modulo `CAP` so the bounds checks go. A piece's slot is packed (`tables.rs`): its
    /// word's start in the list plus the number of the list's pieces below it in that word.
    /// `TWINS`: some candidate has a look-alike (in [`Mode::Pictures`] only).
    pub(super) fn count_fast<
        const W: usize,
        const CAP: usize,
        const CAP2: usize,
        const PICTURES: bool,
        const TURNS: bool,
        const TWINS: bool,
        const LEAVES: bool,
    >(
        &mut self,
        watch: &Watch<'_>,
        mut leaves: Option<(&mut dyn Leaves, Stop<'_>)>,
    ) {
        /// Per depth, what does not depend on the placements.
        #[derive(Clone, Copy, Default)]
        struct Cell {
            /// Where the next cell's north key comes from: a depth, `border` or `own`.
            next_above: u32,
            /// Where the next cell's west key comes from: a depth, or `own` (also for the border,
            /// whose key is in `next_fixed`).
            next_left: u32,
            /// The next cell's class base, plus the border's west key on the west border.
            next_fixed: u32,
            /// All ones when the next cell's west neighbour is this cell, else 0.
            east_mask: u32,
            /// All ones when the next cell's north neighbour is this cell, else 0.
            south_mask: u32,
            /// The cell below: the start of its entries in `north_masks`, or `NONE`.
            below: u32,
            /// In pictures mode, when the next cell's list does not depend on this cell but its
            /// east neighbour's north neighbour is placed (the diagonal order): that east
            /// neighbour's class base plus its north key's source, whose list (west key: the
            /// candidate's east side) must hold a free piece. `NONE`: look at the next cell.
            east_fixed: u32,
            east_above: u32,
        }
        const NONE: u32 = u32::MAX;
        debug_assert!(CAP == 64 * W && CAP2 == 2 * CAP && W.is_power_of_two());
        // Slots past the depths in `north_part` and `east_part`: the border's, and a zero one.
        let (border_slot, own_slot) = (CAP as u32, CAP as u32 + 1);
        let engine = self.engine;
        let cells = engine.cells;
        if self.depth >= cells || cells > CAP {
            return;
        }
        let (cols, keys, border) = (engine.cols, engine.keys as u32, engine.border_key);
        let framed = border == u32::from(FRAME);
        let (cell_at, north_at, west_at) = (&engine.cell_at[..], &engine.north_at[..], &engine.west_at[..]);
        let class_base = |cell: usize| engine.table[cell] * keys * keys;
        let mut depth_of = vec![0usize; cells];
        for (d, &cell) in cell_at.iter().enumerate() {
            depth_of[cell as usize] = d;
        }
        let mut info = [Cell::default(); CAP];
        for (d, info) in info.iter_mut().enumerate().take(cells) {
            let next = d + 1;
            let cell = cell_at[d] as usize;
            let below_cell = cell + cols;
            let (mut next_above, mut next_left, mut next_fixed, mut east_mask, mut south_mask) =
                (own_slot, own_slot, 0, 0, 0);
            if next < cells {
                next_fixed = class_base(cell_at[next] as usize);
                match north_at[next] {
                    NO_NEIGHBOUR => next_above = border_slot,
                    n if n as usize == d => south_mask = u32::MAX,
                    n => next_above = n,
                }
                match west_at[next] {
                    NO_NEIGHBOUR => next_fixed += border,
                    w if w as usize == d => east_mask = u32::MAX,
                    w => next_left = w,
                }
            }
            let (mut east_fixed, mut east_above) = (NONE, own_slot);
            let east = depth_of.get(cell + 1).copied().filter(|_| (cell + 1) % cols != 0);
            if let Some(east) = east.filter(|_| PICTURES && east_mask == 0 && south_mask == 0) {
                match north_at[east] {
                    NO_NEIGHBOUR => (east_fixed, east_above) = (class_base(cell + 1), border_slot),
                    n if (n as usize) < d => (east_fixed, east_above) = (class_base(cell + 1), n),
                    _ => {}
                }
            }
            *info = Cell {
                east_fixed,
                east_above,
                next_above,
                next_left,
                next_fixed,
                east_mask,
                south_mask,
                // The cell below is looked at with its west side too when it is the next one.
                below: if below_cell < cells && south_mask == 0 && engine.look_below {
                    engine.table[below_cell] * keys * 2 + u32::from(framed && below_cell % cols == 0)
                } else {
                    NONE
                },
            };
        }
        let (slots, slot_twins, blocks) = (&engine.slots[..], &engine.slot_twins[..], &engine.blocks[..]);
        let (candidates, twin_masks, next_turn) =
            (&engine.candidates[..], &engine.twin_masks[..], &engine.next_turn[..]);
        let (masks, north_masks) = (&engine.piece_masks[..], &engine.north_masks[..]);
        // `north_part[cell]`: the north key that cell's south side gives the cell below it,
        // times `keys`; slot `border_slot` holds the border's.
        let mut north_part = [0u32; CAP2];
        north_part[CAP] = border * keys;
        // `east_part[cell]`: the west key that cell's east side gives its east neighbour.
        let mut east_part = [0u32; CAP2];
        let mut placed = [Candidate(0); CAP];
        for d in 0..self.depth {
            placed[d] = self.placed[d];
            north_part[d] = self.placed[d].south() * keys;
            east_part[d] = self.placed[d].east();
        }
        // With `LEAVES`, the last depth is the leaves' last cell, whose candidates go to them.
        let last = match &leaves {
            Some((_, stop)) if LEAVES => stop.depth.clamp(self.depth + 1, cells) - 1,
            _ => cells - 1,
        };
        let floor = self.floor;
        let mut used = [0u64; W];
        used.copy_from_slice(&self.used[..W]);
        let mut depth = self.depth;
        let (mut nodes, mut solutions) = (self.counts.nodes, self.counts.solutions);
        let mut poll = Poll::new(nodes, watch);
        let mut stopped = false;
        // Per depth: the placements still to make there (`buffer[depth * width..]`, from
        // `at[depth]` to `len[depth]`), and the next cell's list but for the candidate's part.
        let width = engine.ranges.iter().map(|&(start, end)| (end - start) as usize).max().unwrap_or(0);
        let mut buffer = vec![Candidate(0); cells * width];
        let (mut len, mut at, mut next_base) = ([0usize; CAP], [0usize; CAP], [0u32; CAP]);
        // With `LEAVES`: the tree of the last row's south colours, and per depth in that row
        // the node of the prefix placed before it.
        let (tree, tree_from) = match &leaves {
            Some((_, stop)) if LEAVES => (stop.tree, stop.from),
            _ => (&[][..], usize::MAX),
        };
        let mut node = [0u32; CAP];
        if LEAVES {
            for d in tree_from..self.depth {
                node[d + 1] = tree[(node[d] * keys + self.placed[d].south()) as usize];
            }
        }
        let mut list = {
            let (north_at, west_at) = (north_at[depth], west_at[depth]);
            let north = if north_at == NO_NEIGHBOUR { border } else { placed[north_at as usize].south() };
            let west = if west_at == NO_NEIGHBOUR { border } else { placed[west_at as usize].east() };
            (engine.table[cell_at[depth] as usize] * keys + north) * keys + west
        };
        'expand: loop {
            // Expand cell `depth` with candidate list `list`.
            let d = depth & (CAP - 1);
            let cell = info[d];
            let base = cell.next_fixed
                + north_part[cell.next_above as usize & (CAP2 - 1)]
                + east_part[cell.next_left as usize & (CAP2 - 1)];
            next_base[d] = base;
            // Where each candidate's fit is looked at: the next cell's list, or the east
            // neighbour's (then the candidate's east side is its west key).
            let (look_base, look_east, look_south) = if PICTURES && cell.east_fixed != NONE {
                (cell.east_fixed + north_part[cell.east_above as usize & (CAP2 - 1)], u32::MAX, 0)
            } else {
                (base, cell.east_mask, cell.south_mask)
            };
            let out = &mut buffer[d * width..(d + 1) * width];
            let (mut found, mut n) = (0u64, 0usize);
            for word in 0..W {
                let all = masks[list as usize * W + word];
                let mut free = all & !used[word];
                if W > 1 && free == 0 {
                    continue;
                }
                let start = blocks[list as usize * W + word] as usize;
                while free != 0 {
                    let bit_index = free.trailing_zeros();
                    free &= free - 1;
                    let bit = 1u64 << bit_index;
                    let slot = start + (all & (bit - 1)).count_ones() as usize;
                    let (mut c, mut turn) = slots[slot];
                    let mut twins_at = slot * W;
                    let mut twins = if TWINS { slot_twins } else { twin_masks };
                    loop {
                        if !TWINS || all_used(twins, twins_at, &used) {
                            found += 1;
                            let meets = !LEAVES
                                || depth < tree_from
                                || tree[(node[depth & (CAP - 1)] * keys + c.south()) as usize] != NONE;
                            if LEAVES && depth == last && meets {
                                if let Some((leaves, _)) = leaves.as_mut() {
                                    leaves.leaf(&placed[..last], &used, c);
                                }
                            }
                            if depth != last {
                                let next_list =
                                    (look_base + (c.east() & look_east) + ((c.south() * keys) & look_south)) as usize;
                                let mut fits = any_free(masks, next_list * W, &used, word, bit);
                                if PICTURES && cell.below != NONE {
                                    let below = (cell.below + 2 * c.south()) as usize;
                                    fits &= any_free(north_masks, below * W, &used, word, bit);
                                }
                                out[n] = c;
                                n += usize::from(fits && meets);
                            }
                        }
                        if !TURNS || turn == NONE {
                            break;
                        }
                        c = candidates[turn as usize];
                        if TWINS {
                            (twins, twins_at) = (twin_masks, turn as usize * W);
                        }
                        turn = next_turn[turn as usize];
                    }
                }
            }
            nodes += found;
            if !LEAVES && depth == last {
                solutions += found;
            }
            (len[d], at[d]) = (n, 0);
            if poll.due(nodes) && poll.must_stop(nodes, watch) {
                stopped = true;
                break;
            }
            // The next placement to make: deeper if this cell has one, else back up.
            loop {
                let d = depth & (CAP - 1);
                if at[d] < len[d] {
                    let c = buffer[d * width + at[d]];
                    at[d] += 1;
                    placed[d] = c;
                    north_part[d] = c.south() * keys;
                    east_part[d] = c.east();
                    let piece = c.piece();
                    used[(piece >> 6) & (W - 1)] |= 1 << (piece & 63);
                    list = next_base[d] + (c.east() & info[d].east_mask) + ((c.south() * keys) & info[d].south_mask);
                    if LEAVES && depth >= tree_from {
                        node[(depth + 1) & (CAP - 1)] = tree[(node[d] * keys + c.south()) as usize];
                    }
                    depth += 1;
                    continue 'expand;
                }
                if depth == floor {
                    break 'expand;
                }
                depth -= 1;
                let piece = placed[depth & (CAP - 1)].piece();
                used[(piece >> 6) & (W - 1)] &= !(1 << (piece & 63));
            }
        }
        self.placed[..cells].copy_from_slice(&placed[..cells]);
        // Leaves are not solutions: the walk's solutions stay as they were.
        self.used[..W].copy_from_slice(&used);
        self.depth = depth;
        self.counts = Counts { solutions, nodes, stopped };
    }
}

#[cfg(test)]
mod tests {
    use search::walk::{self, Walk, Watch};
    use search::Limits;

    use super::super::mode::Mode;
    use super::super::order::Order;
    use super::super::row::Engine;
    use super::super::searches::Search;
    use super::RowWalk;
    use crate::model::Puzzle;
    use crate::testing::random_colour_puzzle;

    /// The tight loop and the core's generic count over the same walk, from the root and below
    /// each prefix of a cut at depth 2: (solutions, placements) of each, the tight loop's first.
    fn both(engine: &Engine, mode: Mode) -> Vec<((u64, u64), (u64, u64))> {
        let watch = Watch::new(&Limits::NONE);
        let pair = |walk: &mut RowWalk<'_>| (walk.counts.solutions, walk.counts.nodes);
        let mut out = Vec::new();
        let (mut fast, mut generic) = (RowWalk::new(engine, mode), RowWalk::new(engine, mode));
        fast.count(&watch);
        walk::count(&mut generic, &watch);
        out.push((pair(&mut fast), pair(&mut generic)));
        let prefixes = walk::prefixes(&mut RowWalk::new(engine, mode), 2);
        for prefix in &prefixes {
            let (mut fast, mut generic) = (RowWalk::new(engine, mode), RowWalk::new(engine, mode));
            walk::resume(&mut fast, prefix);
            walk::resume(&mut generic, prefix);
            fast.count(&watch);
            walk::count(&mut generic, &watch);
            // Both leave the walk on the floor, as the generic driver does.
            assert_eq!((fast.depth(), generic.depth()), (2, 2));
            out.push((pair(&mut fast), pair(&mut generic)));
        }
        out
    }

    /// Puzzles with many solutions and look-alike pieces (few colours), framed and free, with
    /// and without turns, square and oblong; those whose plain tree is too big for a unit test
    /// are left out, and enough must stay.
    fn puzzles() -> Vec<(String, Puzzle)> {
        let small = Limits { max_expanded: Some(100_000), ..Limits::NONE };
        let mut out = Vec::new();
        for (rows, cols, colours) in [(3, 3, 2), (3, 3, 3), (4, 4, 3), (4, 4, 4), (3, 5, 3), (5, 3, 2), (2, 6, 3)] {
            for framed in [true, false] {
                for rotate in [true, false] {
                    let seed = (rows * 100 + cols * 10 + usize::from(colours)) as u64;
                    let puzzle = random_colour_puzzle(rows, cols, colours, framed, rotate, seed);
                    if !Engine::new(&puzzle, &[]).count(Mode::Plain, &small).stopped {
                        let what = format!("{rows}x{cols}, {colours} colours, framed {framed}, rotate {rotate}");
                        out.push((what, puzzle));
                    }
                }
            }
        }
        let framed = out.iter().filter(|(_, puzzle)| puzzle.framed()).count();
        assert!(framed >= 6 && out.len() - framed >= 4, "{framed} framed of {}", out.len());
        out
    }

    #[test]
    fn the_tight_loop_counts_the_generic_count_node_for_node() {
        let orders = [Order::Row, Order::Column, Order::Diagonal, Order::Snake];
        let mut solutions = 0;
        for (what, puzzle) in puzzles() {
            for order in orders {
                for words in [1, 2] {
                    let mut engine = Engine::with_words(&puzzle, &[], order, words).expect("a north-west order");
                    // Looking at the cell below leaves out subtrees the generic walk enters, by
                    // design: off here, checked separately below.
                    engine.look_below = false;
                    for mode in [Mode::Plain, Mode::Pictures] {
                        for (fast, generic) in both(&engine, mode) {
                            let what = format!("{what}, {order}, {words} words, {mode:?}");
                            if mode == Mode::Pictures && order == Order::Diagonal {
                                // The diagonal order's look at the east neighbour, by design.
                                assert_eq!(fast.0, generic.0, "{what}");
                                assert!(fast.1 <= generic.1, "{what}: {} > {}", fast.1, generic.1);
                            } else {
                                assert_eq!(fast, generic, "{what}");
                            }
                            solutions += fast.0;
                        }
                    }
                }
            }
        }
        // The puzzles have solutions to count, so the comparison is not between empty trees.
        assert!(solutions > 1000, "{solutions}");
    }

    #[test]
    fn looking_below_keeps_the_pictures_and_saves_placements() {
        for (what, puzzle) in puzzles() {
            let engine = Engine::with_words(&puzzle, &[], Order::Row, 1).expect("row order");
            assert!(engine.look_below);
            for (fast, generic) in both(&engine, Mode::Pictures) {
                assert_eq!(fast.0, generic.0, "{what}: pictures");
                assert!(fast.1 <= generic.1, "{what}: placements {} > {}", fast.1, generic.1);
            }
        }
    }
}
