//! The node loop for pattern databases whose indices are kept ([`super::kept_indices`]): the hook
//! ([`NodeLoop`]) of the depth-first core for [`Pdb`], the same search as
//! [`search::walk::first`] over an [`Iteration`] node for node, with everything a node touches in
//! local fixed arrays instead of behind the estimate's generic interface.
//!
//! It exists because it pays, measured against the same search with this hook switched off
//! (the generic walk for every estimate), whole process, one thread, tables cached: the
//! 24-puzzle #40 in 13.7 G instructions (callgrind) and 9.0 M nodes against 21.1 G and 13.0 M
//! (the table of transpositions lives in this loop), 2.41 against 2.52 s of user time (median
//! of five pairs); Korf's 100 on the 7-8 tables in 2.08 G instructions
//! against 2.35 G, 0.41 against 0.43 s. `the_lean_loop_searches_as_the_generic_one` below checks
//! that the two search alike. It polls the limits as every loop of the core does, through a
//! [`Poll`] of the walk's [`Watch`].
//!
//! A child's new indices, excesses and sums are worked out in place and put back from copies on
//! the stack when the child is done; the board is moved only for a child within the bound. The
//! tables are read through slices taken once, not through the heuristic's lookups, and the tile
//! moved is read by at most [`MAX_READS`] lookups (two in every heuristic the tiers build: a part
//! and its mirror image), so what a child saves is a few words.
//!
//! What makes a child cheap (the 24-puzzle #40 at 839 instructions a node against 1,512 before,
//! callgrind, one thread, docs/benchmarks.md): the loop is made for the number of lookups of the
//! first partition that read a tile, so a child's lookups are unrolled (a tile read by fewer reads
//! its last again); an index moves by a step worked out once per lookup, cell and direction
//! ([`KeptPlan::moved`]); a split table's byte is resolved by the blank's region only where its
//! two values differ, when the child is entered and the byte has come ([`PatternDb::pick`]); a
//! depth's records are a slot split off a slice made once for the search, so that no node tests
//! or grows a vector; a heuristic of one partition of two sums works out a child's sums on the
//! side and writes them only for a child searched; the node count, the bounds and the path stay
//! in the loop (the path written only once the goal is reached); and the keys of the table of
//! transpositions are made in a pass of their own, run only when the search keeps the table.

use std::sync::Arc;

use puzzle_core::Direction;
use search::walk::{Poll, Walk, Watch};

use super::duplicates::FORBIDDEN;
use super::estimate::Pdb;
use super::iteration::{Iteration, NodeLoop};
use super::kept_indices::{KeptPlan, Place, Sums, MAX_CELLS, MAX_STAGES};
use super::transpositions::{new_generation, Transpositions};
use crate::pdb::lookup::MAX_LOOKUPS;
use crate::pdb::{PatternDb, PdbHeuristic};

/// The most lookups of one partition reading one tile that this loop takes (two in every
/// heuristic the tiers build: a part and its mirror image); a heuristic with more is searched by
/// the generic loop.
const MAX_READS: usize = 2;

/// Whether a catalogue's later partitions are read only for the children the earlier ones do not
/// cut off (and for those that would lower the next bound); `false` reads every partition for
/// every child, as the generic walk does (kept for measuring what laziness saves).
const LAZY: bool = true;

/// The most lookups a child's later partitions change.
const LATER_READS: usize = MAX_READS * MAX_STAGES;

/// The least slack (the bound less the node's cost and estimate, in moves) of a node whose
/// state is kept in the table of transpositions and whose children are looked up in it. Nodes of
/// slack 0 have small subtrees, and they are most of the nodes: looking them up too cuts more
/// nodes but costs more time than it saves (docs/experiments.md, "The table of transpositions").
const REMEMBER_FROM_SLACK: u32 = 2;

/// One lookup of a child: its new place and the node's, and the table's byte that holds its
/// excess.
#[derive(Clone, Copy, Default)]
struct Entry {
    place: Place,
    /// The lookup's place at the node, put back when the child is done (read here in the
    /// node's pass, where it is on hand, instead of saved again when the child is entered).
    before: Place,
    /// Read in the node's pass, so that the children's reads overlap; its excess is picked
    /// when the child is entered, when the byte has come (a split table's half may depend on
    /// the blank's region, a test that would otherwise wait for it).
    byte: u8,
    lookup: u8,
}

/// What the node's pass reads of a lookup's table, side by side so that one address finds both.
#[derive(Clone, Copy)]
struct Lane<'a> {
    /// The table's bytes.
    bytes: &'a [u8],
    /// How far to shift an index right for its byte (1 for a plain table, two entries a byte;
    /// 0 for a split one), kept here so that the node's pass does not ask the table.
    half: u32,
}

/// A child of a node: its move, the tile that moves, and the entries of the `R` lookups that
/// read the tile. The records live in a slot of four per depth, allocated once for the search
/// (`rows` in [`search_with`]), so that a node writes only what its children use instead of
/// clearing a record on the stack.
#[derive(Clone, Copy)]
struct Child<const R: usize> {
    dir: Direction,
    target: u8,
    tile: u8,
    entries: [Entry; R],
    /// The board after the move, packed, and whether the search reached it before at no
    /// greater cost (then it is not searched again); written only when the loop keeps a table
    /// of transpositions, and `false` throughout otherwise.
    key: u128,
    seen: bool,
    /// The duplicate-pruning machine's transitions from its state after the move, read in the
    /// parent's pass with the child's table entries, so that the read does not wait until the
    /// child is entered, in series with its own.
    row: [u32; 4],
}

impl<const R: usize> Child<R> {
    /// A record no node has written.
    const UNWRITTEN: Child<R> = Child {
        dir: Direction::North,
        target: 0,
        tile: 0,
        entries: [Entry {
            place: Place { index: 0, occupied: 0 },
            before: Place { index: 0, occupied: 0 },
            byte: 0,
            lookup: 0,
        }; R],
        key: 0,
        seen: false,
        row: [0; 4],
    };
}

/// What the loop keeps, the node's own values in place; `R` lookups of the first partition read
/// every tile (a tile read by fewer reads its last one again, which changes nothing).
struct PdbNodeLoop<'a, 'g, 'd, const R: usize> {
    plan: &'a KeptPlan,
    /// Each lookup's table, and its bytes.
    dbs: [&'a PatternDb; MAX_LOOKUPS],
    lanes: [Lane<'a>; MAX_LOOKUPS],
    /// `reads[k][tile][..reads_len[k][tile]]`: the lookups of partition `k` that read `tile`.
    reads: [[[u8; MAX_READS]; MAX_CELLS]; MAX_STAGES],
    reads_len: [[u8; MAX_CELLS]; MAX_STAGES],
    /// `first[tile]`: the `R` lookups of the first partition that read `tile`, padded with its
    /// last, so that a child's lookups are a loop of fixed length, unrolled.
    first: [[u8; R]; MAX_CELLS],
    /// How many partitions the heuristic reads one after the other (1 unless a catalogue).
    stages: usize,
    /// Whether the first partition takes the largest of two sums (a partition and its mirror
    /// image, as every tier's does), read then without asking the plan where they lie.
    first_pair: bool,
    /// Whether, beside that, the heuristic is that one partition and no part of it has two
    /// lookups: a lookup's new excess then changes its sum by the difference alone, and a
    /// child's two sums are worked out without writing them.
    apart: bool,
    /// `later[g]`: what a child of the node at cost `g` changed in a catalogue's later
    /// partitions (place, excess, lookup), to put back; kept here, not on the stack, so that a
    /// heuristic of one partition pays nothing for it.
    later: Vec<[(Place, u8, u8); LATER_READS]>,
    distance: &'g [[u8; 256]; 256],
    legal: &'g [[(Direction, u8); 4]; 256],
    legal_len: &'g [u8; 256],
    /// The duplicate-pruning machine's transitions, `[state][dir.index()]`.
    machine: &'a [[u32; 4]],
    board: [u8; 256],
    manhattan: u32,
    place: [Place; MAX_LOOKUPS],
    excess: [u8; MAX_LOOKUPS],
    sums: Sums,
    /// The states this search reached, and at what cost (`None`: the board does not pack).
    seen: Option<Transpositions>,
    /// The iteration's bound, and the least `f` over it seen so far (the walk's, written back
    /// when the search ends): kept here, not behind the walk, so that a child's test reads no
    /// pointer first.
    bound: u32,
    next_bound: u32,
    /// The nodes made, counted as the walk counts them (written back when the search ends).
    nodes: u64,
    /// The path below the search's floor once the goal is reached, deepest move first: each
    /// level adds its move as the search returns, so that no level pushes and pops a move on
    /// the way down.
    found_path: Vec<Direction>,
    watch: &'d Watch<'d>,
    poll: Poll,
    /// Whether a limit stopped the search.
    stopped: bool,
}

impl NodeLoop for Pdb {
    /// The search below `walk`'s floor, as [`search::walk::first`] does it, or `None` when the
    /// estimate's indices are not kept or a tile is read by more than [`MAX_READS`] lookups.
    fn below(walk: &mut Iteration<'_, Pdb>, watch: &Watch<'_>) -> Option<bool> {
        search(walk, watch)
    }
}

fn search(walk: &mut Iteration<'_, Pdb>, watch: &Watch<'_>) -> Option<bool> {
    // The most lookups of the first partition that read one tile: the loop is made for that
    // number, its per-lookup loops unrolled.
    let heuristic = &walk.estimate.heuristic;
    let end = heuristic.stages().first().map_or(0, |&(end, _)| end);
    let blank_tile = walk.estimate.manhattan.blank_tile;
    let widths = (0..walk.state.cells)
        .filter(|&tile| tile != usize::from(blank_tile))
        .map(|tile| heuristic.reading(tile as u8).iter().filter(|&&l| usize::from(l) < end).count());
    // A tile that moves but no lookup of the first partition reads has no lookup to pad with.
    if widths.clone().any(|width| width == 0) {
        return None;
    }
    let width = widths.max()?;
    match width {
        1 => search_with::<1>(walk, watch),
        2 => search_with::<2>(walk, watch),
        _ => None,
    }
}

/// Whether `heuristic` is one partition of two sums (a partition and its mirror image, as the
/// tiers build it) of which no part has two lookups: the loop then works out a child's sums on
/// the side ([`PdbNodeLoop::apart`]).
fn apart(heuristic: &PdbHeuristic, plan: &KeptPlan) -> bool {
    heuristic.stages() == [(heuristic.lookups.len(), 2)] && !plan.paired()
}

/// [`search`] with `R` lookups of the first partition for every tile.
fn search_with<const R: usize>(walk: &mut Iteration<'_, Pdb>, watch: &Watch<'_>) -> Option<bool> {
    let plan: Arc<KeptPlan> = Arc::clone(walk.estimate.kept.as_ref()?);
    let heuristic: Arc<PdbHeuristic> = Arc::clone(&walk.estimate.heuristic);
    // The machine the walk follows (the estimate's choice, deepening with the nodes this
    // board's search has made), and whether it replaces the table of transpositions.
    let (duplicates, replaced) = walk.duplicates();
    let transpositions = walk.transpositions && !replaced;
    // A subtree below a move prefix (the parallel split, a work unit) starts where the prefix
    // leaves the machine; a prefix holding a forbidden sequence has nothing to search that an
    // earlier sequence does not reach.
    let machine = walk.machine_state();
    if machine == FORBIDDEN {
        return Some(false);
    }
    let cells = walk.state.cells;
    let mut reads = [[[0u8; MAX_READS]; MAX_CELLS]; MAX_STAGES];
    let mut reads_len = [[0u8; MAX_CELLS]; MAX_STAGES];
    let mut first_reads = [[0u8; R]; MAX_CELLS];
    let stages = plan.stages();
    let mut first = 0;
    for (k, &(end, _)) in heuristic.stages().iter().enumerate() {
        for tile in 0..cells {
            let all = heuristic.reading(tile as u8);
            let lookups: Vec<u8> = all.iter().copied().filter(|&l| (first..end).contains(&usize::from(l))).collect();
            if lookups.len() > MAX_READS {
                return None;
            }
            reads[k][tile][..lookups.len()].copy_from_slice(&lookups);
            reads_len[k][tile] = lookups.len() as u8;
            if k == 0 {
                // Padded with the last lookup: reading it twice sets the same excess twice.
                // The blank's tile, which no lookup reads and no move moves, keeps zeros.
                for (r, slot) in first_reads[tile].iter_mut().enumerate() {
                    *slot = lookups.get(r).or(lookups.last()).copied().unwrap_or(0);
                }
            }
        }
        first = end;
    }
    let mut lanes = [Lane { bytes: &[], half: 0 }; MAX_LOOKUPS];
    // The slots past the last lookup are never read; any table fills them.
    let mut dbs: [&PatternDb; MAX_LOOKUPS] = [heuristic.lookups.first()?.table.as_ref(); MAX_LOOKUPS];
    for ((lane, db), lookup) in lanes.iter_mut().zip(&mut dbs).zip(&heuristic.lookups) {
        *lane = Lane { bytes: lookup.table.nibbles(), half: u32::from(!lookup.table.is_split()) };
        *db = &lookup.table;
    }
    let geometry = walk.geometry;
    let estimate = &walk.estimate;
    let (board, blank) = (walk.state.board, walk.state.blank);
    let (manhattan, place, excess, sums) = (estimate.manhattan.value, estimate.place, estimate.excess, estimate.sums);
    let seen =
        if transpositions { Transpositions::take(cells, walk.generation.unwrap_or_else(new_generation)) } else { None };
    let key = seen.as_ref().map_or(0, |seen| seen.key(&board[..cells]));
    let (g, h, previous, depth) = (walk.g(), walk.h(), walk.path.last().copied(), walk.path.len());
    // The floor node is counted already, and the loop counts the node it starts from: it starts
    // one lower (from `u64::MAX` in a subtree whose floor was counted above the cut, so that the
    // count wraps back to 0 there), polled from the count as it stands.
    let poll = Poll::new(walk.counts.nodes, watch);
    // A node's children are searched only within the bound, so a searched node's cost is at
    // most the bound: the depths below the floor are at most `bound - g`, one slot each.
    let rows = walk.bound.saturating_sub(g) as usize + 1;
    let mut children = vec![[Child::<R>::UNWRITTEN; 4]; rows];
    let mut lean = PdbNodeLoop {
        plan: &plan,
        dbs,
        lanes,
        reads,
        reads_len,
        first: first_reads,
        stages,
        first_pair: heuristic.stages().first().map(|&(_, end)| end) == Some(2),
        apart: apart(&heuristic, &plan),
        later: Vec::new(),
        distance: geometry.distance(),
        legal: &geometry.legal,
        legal_len: &geometry.legal_len,
        machine: duplicates.transitions(),
        board,
        manhattan,
        place,
        excess,
        sums,
        seen,
        bound: walk.bound,
        next_bound: walk.next_bound,
        nodes: walk.counts.nodes.wrapping_sub(1),
        found_path: Vec::new(),
        watch,
        poll,
        stopped: false,
    };
    let nodes_before = lean.nodes;
    let row = lean.machine[machine as usize];
    let found = lean.search(&mut children, g, h, blank, previous, key, row);
    if let Some(seen) = lean.seen.take() {
        seen.put_back(lean.nodes.wrapping_sub(nodes_before));
    }
    let (stopped, nodes, next_bound) = (lean.stopped, lean.nodes, lean.next_bound);
    let found_path = std::mem::take(&mut lean.found_path);
    walk.counts.nodes = nodes;
    walk.next_bound = next_bound;
    walk.counts.stopped |= stopped;
    if found {
        // Stand the walk on the goal, where the generic driver leaves it.
        debug_assert_eq!(walk.path.len(), depth, "the floor's path is the walk's");
        for dir in found_path.into_iter().rev() {
            walk.push(dir);
        }
        walk.counts.solutions += 1;
    }
    Some(found)
}

impl<const R: usize> PdbNodeLoop<'_, '_, '_, R> {
    /// Reads a catalogue's later partitions for the child of the node at cost `g` whose move
    /// (the blank's `dir`) brings `tile` from `target` into the blank's cell, while the child's `f` (from its Manhattan distance
    /// and the `largest` excess so far, which it raises) is within the bound or would lower the
    /// next bound; the lookups' places and excesses before are kept in `later[g]` for the caller
    /// to put back. Returns how many it kept.
    #[inline(always)]
    fn read_later(&mut self, g: u32, tile: u8, target: u8, dir: Direction, manhattan: u32, largest: &mut u32) -> usize {
        let depth = g as usize;
        if depth >= self.later.len() {
            self.later.resize(depth + 1, [(Place::default(), 0, 0); LATER_READS]);
        }
        let tile_at = usize::from(tile) & (MAX_CELLS - 1);
        let mut n_later = 0;
        let mut stage = 1;
        let mut f = g + 1 + manhattan + 2 * *largest;
        while stage < self.stages && (!LAZY || f <= self.bound || f < self.next_bound) {
            let k = stage & (MAX_STAGES - 1);
            let read = usize::from(self.reads_len[k][tile_at]).min(MAX_READS);
            for &l in &self.reads[k][tile_at][..read] {
                let l = usize::from(l) & (MAX_LOOKUPS - 1);
                let before = self.place[l];
                self.later[depth][n_later & (LATER_READS - 1)] = (before, self.excess[l], l as u8);
                n_later += 1;
                let place = self.plan.moved(l, before, &self.board, tile, target, dir);
                self.place[l] = place;
                let value = self.plan.excess(l, self.dbs[l], place, target);
                self.plan.set(l, value, &mut self.excess, &mut self.sums);
            }
            *largest = (*largest).max(self.plan.largest_in(&self.sums, k));
            f = g + 1 + manhattan + 2 * *largest;
            stage += 1;
        }
        n_later
    }

    /// Counts a node, and looks at the limits when the poll is due; `false` once the search
    /// must stop.
    #[inline(always)]
    fn visit(&mut self) -> bool {
        if self.stopped {
            return false;
        }
        // Wrapping: the count starts one below the floor's, which may be 0 (see `search`).
        let nodes = self.nodes.wrapping_add(1);
        self.nodes = nodes;
        if self.poll.due(nodes) && self.poll.must_stop(nodes, self.watch) {
            self.stopped = true;
            return false;
        }
        true
    }

    /// Depth-first search below the node whose blank is at `blank` (the board's packed `key`),
    /// with cost `g` and bound `h`, `row` the duplicate-pruning machine's transitions from the
    /// node's state, `children` the slots of its depth and those below; `true` when the goal was
    /// reached (the path is in `found_path`, deepest move first).
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        children: &mut [[Child<R>; 4]],
        g: u32,
        h: u32,
        blank: u8,
        previous: Option<Direction>,
        key: u128,
        row: [u32; 4],
    ) -> bool {
        if !self.visit() {
            return false;
        }
        if h == 0 {
            return true;
        }
        // Saturating: a walk may start below a node whose estimate is over the bound (the tests
        // do), whose children are then all cut off.
        let remember = self.seen.is_some() && self.bound.saturating_sub(g + h) >= REMEMBER_FROM_SLACK;
        if let Some(seen) = self.seen.as_mut().filter(|_| remember) {
            seen.record(key, g);
        }
        // A slot for every depth down to the bound (`rows` in `search_with`): a node is
        // searched only within it.
        let Some((slot, below)) = children.split_first_mut() else {
            debug_assert!(false, "a node at cost {g} below the bound {}", self.bound);
            return false;
        };
        let b = usize::from(blank);
        let moves = &self.legal[b][..usize::from(self.legal_len[b])];
        // First every child's table entries, so that their reads from memory overlap: per
        // child its move, the tile and its lookups' new places and the byte holding each new
        // entry.
        let mut count = 0;
        for &(dir, target) in moves {
            if previous == Some(dir.opposite()) {
                continue;
            }
            // A child whose move completes a forbidden sequence is skipped before its lookups.
            let next_machine = row[dir.index()];
            if next_machine == FORBIDDEN {
                continue;
            }
            let tile = self.board[usize::from(target)];
            let tile_at = usize::from(tile) & (MAX_CELLS - 1);
            let child = &mut slot[count & 3];
            child.dir = dir;
            child.target = target;
            child.tile = tile;
            child.row = self.machine[next_machine as usize];
            for (entry, &l) in child.entries.iter_mut().zip(&self.first[tile_at]) {
                let l = usize::from(l) & (MAX_LOOKUPS - 1);
                let before = self.place[l];
                let place = self.plan.moved(l, before, &self.board, tile, target, dir);
                let lane = &self.lanes[l];
                let byte = lane.bytes[(place.index >> lane.half) as usize];
                *entry = Entry { place, before, byte, lookup: l as u8 };
            }
            count += 1;
        }
        // The children's keys in the table of transpositions, in a pass of their own, so that
        // a search without the table (the machine replaces it) carries none of its work in
        // the pass above.
        if let Some(seen) = &self.seen {
            let blank_value = self.board[b];
            for child in &mut slot[..count.min(4)] {
                child.key = seen.swapped(key, blank, child.target, child.tile, blank_value);
                child.seen = remember && seen.contains(child.key, g + 1);
            }
        }
        for child in &slot[..count.min(4)] {
            let (dir, target, tile, seen) = (child.dir, child.target, child.tile, child.seen);
            let t = usize::from(target);
            let distance = &self.distance[usize::from(tile)];
            let manhattan = self.manhattan + u32::from(distance[b]) - u32::from(distance[t]);
            if self.apart {
                // The child's excesses and its two sums worked out on the side, and written
                // only for a child searched: most children are cut off.
                let mut values = [0u8; R];
                let mut totals = [self.sums[0], self.sums[1]];
                let mut previous = MAX_LOOKUPS;
                for (value, entry) in values.iter_mut().zip(&child.entries) {
                    let l = usize::from(entry.lookup) & (MAX_LOOKUPS - 1);
                    let (place, cell) = (entry.place, self.plan.table_cell(l, target));
                    *value = self.dbs[l].pick(entry.byte, place.index as usize, place.occupied, cell);
                    // A padded tile reads its last lookup again, next to it: one change.
                    if l != previous {
                        let total = &mut totals[usize::from(self.plan.sum_of(l)) & 1];
                        *total = total.wrapping_add(u32::from(*value)).wrapping_sub(u32::from(self.excess[l]));
                    }
                    previous = l;
                }
                let largest = totals[0].max(totals[1]);
                let f = g + 1 + manhattan + 2 * largest;
                if seen {
                    // Searched already at no greater cost (or an ancestor): nothing new below.
                } else if f <= self.bound {
                    let (excess, sums) = (self.excess, self.sums);
                    for (entry, &value) in child.entries.iter().zip(&values) {
                        self.excess[usize::from(entry.lookup) & (MAX_LOOKUPS - 1)] = value;
                    }
                    (self.sums[0], self.sums[1]) = (totals[0], totals[1]);
                    if self.descend(child, below, g, manhattan + 2 * largest, manhattan, b) {
                        return true;
                    }
                    (self.excess, self.sums) = (excess, sums);
                } else {
                    self.next_bound = self.next_bound.min(f);
                }
                continue;
            }
            let sums = self.sums;
            // The excesses before, put back in reverse order when the child is done (two
            // lookups of one part may both read the tile, and a padded tile reads one twice).
            let mut excess_before = [0u8; R];
            for (before, entry) in excess_before.iter_mut().zip(&child.entries) {
                let l = usize::from(entry.lookup) & (MAX_LOOKUPS - 1);
                *before = self.excess[l];
                let (place, cell) = (entry.place, self.plan.table_cell(l, target));
                let value = self.dbs[l].pick(entry.byte, place.index as usize, place.occupied, cell);
                self.plan.set(l, value, &mut self.excess, &mut self.sums);
            }
            let mut largest =
                if self.first_pair { self.sums[0].max(self.sums[1]) } else { self.plan.largest_in(&self.sums, 0) };
            // A catalogue's later partitions, each read only while the child is not cut off, or
            // while its estimate so far would lower the next bound (so that the next bound is
            // the generic walk's): a child searched has read them all, and its excesses and sums
            // are exact for every partition when its children read them.
            let n_later = if self.stages > 1 && !seen {
                self.read_later(g, tile, target, dir, manhattan, &mut largest)
            } else {
                0
            };
            let f = g + 1 + manhattan + 2 * largest;
            let child_h = manhattan + 2 * largest;
            if seen {
                // Searched already at no greater cost (or an ancestor): nothing new below.
            } else if f <= self.bound {
                if self.descend(child, below, g, child_h, manhattan, b) {
                    return true;
                }
            } else {
                self.next_bound = self.next_bound.min(f);
            }
            if n_later > 0 {
                let later = &self.later[g as usize];
                for &(place, excess, l) in later[..n_later.min(LATER_READS)].iter().rev() {
                    let l = usize::from(l) & (MAX_LOOKUPS - 1);
                    (self.place[l], self.excess[l]) = (place, excess);
                }
            }
            for (entry, &before) in child.entries.iter().zip(&excess_before).rev() {
                self.excess[usize::from(entry.lookup) & (MAX_LOOKUPS - 1)] = before;
            }
            self.sums = sums;
        }
        false
    }

    /// Searches `child` of the node at cost `g` whose blank is at `b`, its estimate `child_h`
    /// and its Manhattan distance `manhattan`, its excesses and sums already in place: moves
    /// its tile and places, and puts them back unless the goal was reached below (then its
    /// move joins `found_path`).
    #[inline(always)]
    fn descend(
        &mut self,
        child: &Child<R>,
        below: &mut [[Child<R>; 4]],
        g: u32,
        child_h: u32,
        manhattan: u32,
        b: usize,
    ) -> bool {
        let (dir, target, tile) = (child.dir, child.target, child.tile);
        let t = usize::from(target);
        // The child's places are written only for a child searched: the later partitions'
        // lookups are other lookups, and a child cut off reads no place.
        for entry in &child.entries {
            self.place[usize::from(entry.lookup) & (MAX_LOOKUPS - 1)] = entry.place;
        }
        let (before, blank_value) = (self.manhattan, self.board[b]);
        self.manhattan = manhattan;
        (self.board[b], self.board[t]) = (tile, blank_value);
        if self.search(below, g + 1, child_h, target, Some(dir), child.key, child.row) {
            self.found_path.push(dir);
            return true;
        }
        (self.board[b], self.board[t]) = (blank_value, tile);
        self.manhattan = before;
        for entry in child.entries.iter().rev() {
            self.place[usize::from(entry.lookup) & (MAX_LOOKUPS - 1)] = entry.before;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use puzzle_core::{Direction, SplitMix64};
    use search::walk::{first, Walk, Watch};
    use search::Limits;

    use super::super::duplicates::{Duplicates, Machines};
    use super::super::iteration::{Iteration, NodeLoop};
    use super::super::kept_indices::tests::{catalogue, heuristic, random_walk};
    use super::super::kept_indices::KeptPlan;
    use super::super::{slide_blank, Estimate, Geometry, Pdb, State};
    use crate::pdb::{PartSpec, PatternDb, PatternKey, PdbHeuristic};

    /// What one iteration did: whether it reached the goal, its nodes, its next bound, its path,
    /// and the board the walk stands on at the end.
    #[derive(Debug, PartialEq, Eq)]
    struct Searched {
        found: bool,
        nodes: u64,
        next_bound: u32,
        path: Vec<Direction>,
        board: Vec<u8>,
    }

    /// The iteration with `bound` from `state`, by the lean loop or by the core's generic
    /// driver, the root counted and tested as the search counts and tests it.
    fn iteration(geometry: &Geometry, state: &State, estimate: &Pdb, bound: u32, lean: bool, seen: bool) -> Searched {
        let h = estimate.clone().reset(geometry, state);
        let limits = Limits::NONE;
        let watch = Watch::new(&limits);
        let machines = Machines::default();
        let mut walk = Iteration::new(geometry, &machines, state, estimate, h, bound);
        walk.transpositions = seen;
        walk.counts.nodes = 1;
        let found = walk.solved()
            || if lean {
                Pdb::below(&mut walk, &watch).expect("the indices are kept")
            } else {
                first(&mut walk, &watch)
            };
        let board = walk.state.board[..state.cells].to_vec();
        Searched { found, nodes: walk.counts.nodes, next_bound: walk.next_bound, path: walk.path, board }
    }

    /// From many random boards and bounds (4x4 with small tables, 3x3, 2xN), the lean loop and
    /// the generic walk visit the same nodes, find the same path (and leave the walk on the
    /// goal) and report the same next bound: both walking no duplicate-pruning machine, and both
    /// walking the same one (which cuts nodes).
    #[test]
    fn the_lean_loop_searches_as_the_generic_one() {
        let cases: [(usize, usize, &[&[usize]]); 6] = [
            (3, 3, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]),
            (3, 3, &[&[1, 3, 4], &[2, 5, 6, 7, 8]]),
            (2, 4, &[&[1, 2, 3], &[4, 5, 6, 7]]),
            (2, 5, &[&[1, 2, 3, 4], &[5, 6, 7, 8, 9]]),
            (2, 3, &[&[1, 2], &[3, 4, 5]]),
            (4, 4, &[&[1, 4, 5, 8], &[2, 3, 6, 7], &[9, 12, 13], &[10, 11, 14, 15]]),
        ];
        let mut rng = SplitMix64::new(22);
        let (mut found, mut searched) = (0, 0);
        // Heuristics whose children's sums are worked out on the side, and the others.
        let mut apart_cases = 0;
        // Nodes without the machine and with it, over the iterations that found no path either
        // way (above the optimum, a path the machine forbids may end the search sooner).
        let (mut plain_nodes, mut machine_nodes) = (0, 0);
        for (rows, cols, parts) in cases {
            let n = rows * cols;
            let heuristic = heuristic(rows, cols, parts);
            let plan = KeptPlan::new(&heuristic, n).expect("the indices are kept");
            apart_cases += usize::from(super::apart(&heuristic, &plan));
            let geometry = Geometry::new(rows, cols);
            let goal: Vec<u8> = (0..n as u8).collect();
            let machine = Arc::new(Duplicates::build(rows, cols, 10));
            for _ in 0..20 {
                let steps = rng.below(60);
                let state = random_walk(&geometry, n, steps, &mut rng);
                let mut plain = Vec::new();
                for (with_machine, duplicates) in [(false, Duplicates::none()), (true, Arc::clone(&machine))] {
                    let mut estimate = Pdb::new(0, Arc::clone(&heuristic), n);
                    estimate.duplicates = Some(duplicates);
                    assert!(estimate.kept.is_some(), "{rows}x{cols}: the indices are kept");
                    let h = estimate.reset(&geometry, &state);
                    for (i, bound) in [h, h + 2, h + 4, h + 6].into_iter().enumerate() {
                        let at = format!("{rows}x{cols} bound {bound}, machine {with_machine}");
                        let lean = iteration(&geometry, &state, &estimate, bound, true, false);
                        let generic = iteration(&geometry, &state, &estimate, bound, false, false);
                        assert_eq!(lean, generic, "{at}");
                        if lean.found {
                            assert_eq!(lean.board, goal, "{at}: the walk stands on the goal");
                        }
                        found += usize::from(lean.found);
                        searched += 1;
                        if !with_machine {
                            plain.push((lean.found, lean.nodes));
                        } else if let Some(&(false, nodes)) = plain.get(i).filter(|_| !lean.found) {
                            plain_nodes += nodes;
                            machine_nodes += lean.nodes;
                        }
                    }
                }
            }
        }
        assert!(found > 40 && found < searched, "{found} of {searched} iterations reached the goal");
        assert!(machine_nodes < plain_nodes, "the machine cut no node: {machine_nodes} of {plain_nodes}");
        assert!(apart_cases > 0 && apart_cases < cases.len(), "{apart_cases} of {} heuristics apart", cases.len());
    }

    /// A 3x3 partition whose first two parts read one table, the second through the transpose
    /// (tiles 1, 2 and 3, 6): the transpose's sum reads each through the other's lookup, so
    /// those tiles are read by one lookup and the rest by two. The lean loop reads the first
    /// tiles' one lookup twice, and visits the nodes the generic walk visits, finds the same
    /// path and reports the same next bound.
    #[test]
    fn tiles_read_by_fewer_lookups_are_searched_as_by_the_generic_walk() {
        let identity: Vec<u8> = (0..9).collect();
        let transpose: Vec<u8> = (0..9).map(|x| (x % 3) * 3 + x / 3).collect();
        let pair = PatternKey::new(3, 3, 0, &[1, 2]).unwrap();
        let rest = PatternKey::new(3, 3, 0, &[4, 5, 7, 8]).unwrap();
        let specs = [
            PartSpec { key: pair.clone(), through: identity.clone() },
            PartSpec { key: pair.clone(), through: transpose },
            PartSpec { key: rest.clone(), through: identity },
        ];
        let tables = [pair, rest].map(|key| Arc::new(PatternDb::build(&key, &|_| {}).unwrap()));
        let shape = puzzle_core::Shape::new(3, 3).unwrap();
        let heuristic = Arc::new(PdbHeuristic::with_partition(shape, 0, &specs, &tables).unwrap());
        let widths: Vec<usize> = (1..9).map(|tile| heuristic.reading(tile).len()).collect();
        assert_eq!(widths, [1, 1, 1, 2, 2, 1, 2, 2], "tiles 1 to 8: the lookups that read each");
        let geometry = Geometry::new(3, 3);
        let mut rng = SplitMix64::new(7);
        let (mut found, mut searched) = (0, 0);
        for _ in 0..30 {
            let state = random_walk(&geometry, 9, rng.below(40), &mut rng);
            let mut estimate = Pdb::new(0, Arc::clone(&heuristic), 9);
            estimate.duplicates = Some(Duplicates::none());
            assert!(estimate.kept.is_some(), "the indices are kept");
            let h = estimate.reset(&geometry, &state);
            for bound in [h, h + 2, h + 4, h + 6] {
                let lean = iteration(&geometry, &state, &estimate, bound, true, false);
                let generic = iteration(&geometry, &state, &estimate, bound, false, false);
                assert_eq!(lean, generic, "bound {bound}");
                found += usize::from(lean.found);
                searched += 1;
            }
        }
        assert!(found > 10 && found < searched, "{found} of {searched} iterations reached the goal");
    }

    /// A catalogue's partitions, each a list of patterns.
    type Catalogue = &'static [&'static [&'static [usize]]];

    /// Catalogues of two and three partitions on small boards: the lean loop, reading the later
    /// partitions only where the earlier ones do not cut a child off, visits the nodes the generic
    /// walk visits with the largest of all partitions at every node, finds the same path and
    /// reports the same next bound.
    #[test]
    fn the_lean_loop_reads_a_catalogue_lazily_as_the_generic_walk_reads_it_all() {
        let cases: [(usize, usize, Catalogue); 6] = [
            (3, 3, &[&[&[1, 2, 3, 4], &[5, 6, 7, 8]], &[&[1, 3, 4, 6], &[2, 5, 7, 8]]]),
            // Small patterns before the exact distance (one pattern of every tile): below the
            // estimate's bound, a child the first partition cuts off may have an `f` under the
            // next bound that its exact `f` is not, so the loop must read the second partition
            // there too, or it reports a lower next bound than the generic walk.
            (2, 4, &[&[&[1, 2], &[3, 4], &[5, 6, 7]], &[&[1, 2, 3, 4, 5, 6, 7]]]),
            // A weak first partition before a strong one: the second cuts off many children the
            // first leaves within the bound.
            (2, 4, &[&[&[1, 2], &[3, 4], &[5, 6, 7]], &[&[1, 4, 5], &[2, 3, 6, 7]]]),
            (2, 4, &[&[&[1, 2, 3], &[4, 5, 6, 7]], &[&[1, 4, 5], &[2, 3, 6, 7]], &[&[1, 2, 5, 6], &[3, 4, 7]]]),
            (3, 3, &[&[&[1, 3, 4], &[2, 5, 6, 7, 8]], &[&[1, 2, 5], &[3, 4, 6, 7, 8]]]),
            (
                4,
                4,
                &[
                    &[&[1, 4, 5, 8], &[2, 3, 6, 7], &[9, 12, 13], &[10, 11, 14, 15]],
                    &[&[1, 2, 5, 6], &[3, 7, 11, 15], &[4, 8, 9, 12], &[10, 13, 14]],
                ],
            ),
        ];
        let mut rng = SplitMix64::new(42);
        let (mut found, mut searched, mut stronger) = (0, 0, 0);
        for (rows, cols, partitions) in cases {
            let n = rows * cols;
            let heuristic = catalogue(rows, cols, partitions);
            let first = self::heuristic(rows, cols, partitions[0]);
            let geometry = Geometry::new(rows, cols);
            for _ in 0..20 {
                let steps = rng.below(60);
                let state = random_walk(&geometry, n, steps, &mut rng);
                let mut estimate = Pdb::new(0, Arc::clone(&heuristic), n);
                estimate.duplicates = Some(Duplicates::none());
                assert!(estimate.kept.is_some(), "{rows}x{cols}: the indices are kept");
                let h = estimate.reset(&geometry, &state);
                let mut alone = Pdb::new(0, Arc::clone(&first), n);
                alone.duplicates = Some(Duplicates::none());
                let h_first = alone.reset(&geometry, &state);
                assert!(h >= h_first, "{rows}x{cols}: the catalogue holds the first partition");
                // Bounds under the estimate too, where the next bound is most of what is compared.
                for bound in [h.saturating_sub(4), h.saturating_sub(2), h, h + 2, h + 4, h + 6] {
                    let lean = iteration(&geometry, &state, &estimate, bound, true, false);
                    let generic = iteration(&geometry, &state, &estimate, bound, false, false);
                    assert_eq!(lean, generic, "{rows}x{cols} bound {bound}");
                    let first_only = iteration(&geometry, &state, &alone, bound, true, false);
                    assert!(lean.nodes <= first_only.nodes, "{rows}x{cols} bound {bound}");
                    stronger += usize::from(lean.nodes < first_only.nodes);
                    found += usize::from(lean.found);
                    searched += 1;
                }
            }
        }
        assert!(found > 20 && found < searched, "{found} of {searched} iterations reached the goal");
        assert!(stronger > 20, "the later partitions cut nodes in {stronger} of {searched} iterations");
    }

    /// On every state of the 3x3 and 2x4 boards, a catalogue's estimate is the largest of its
    /// partitions' estimates, and never more than the distance to the goal found by a
    /// breadth-first search written here.
    #[test]
    fn a_catalogue_is_the_largest_of_its_partitions_and_admissible() {
        let cases: [(usize, usize, Catalogue); 2] = [
            (
                3,
                3,
                &[&[&[1, 2, 3, 4], &[5, 6, 7, 8]], &[&[1, 3, 4, 6], &[2, 5, 7, 8]], &[&[1, 2, 5], &[3, 4, 6, 7, 8]]],
            ),
            (2, 4, &[&[&[1, 2, 3], &[4, 5, 6, 7]], &[&[1, 4, 5], &[2, 3, 6, 7]]]),
        ];
        for (rows, cols, partitions) in cases {
            let n = rows * cols;
            let geometry = Geometry::new(rows, cols);
            let heuristic = catalogue(rows, cols, partitions);
            let alone: Vec<_> = partitions.iter().map(|parts| self::heuristic(rows, cols, parts)).collect();
            // Every board reachable from the goal, with its distance, by a plain breadth-first
            // search: every second ordering of the grid, 9!/2 and 8!/2.
            let distances = super::super::duplicates::tests::distances(rows, cols);
            assert_eq!(distances.len(), (1..=n).product::<usize>() / 2, "{rows}x{cols}");
            let mut stronger = 0;
            for (board, d) in &distances {
                let blank = board.iter().position(|&t| t == 0).unwrap() as u8;
                let state = State::new(board, blank);
                let h = Pdb::new(0, Arc::clone(&heuristic), n).reset(&geometry, &state);
                let each: Vec<u32> =
                    alone.iter().map(|part| Pdb::new(0, Arc::clone(part), n).reset(&geometry, &state)).collect();
                let largest = each.iter().copied().max().unwrap();
                assert_eq!(h, largest, "{rows}x{cols} {board:?}: the largest of {each:?}");
                assert!(h as usize <= *d, "{rows}x{cols} {board:?}: {h} over the distance {d}");
                stronger += usize::from(h > each[0]);
            }
            assert!(stronger > 0, "{rows}x{cols}: the later partitions raise some estimate");
        }
    }

    /// The optimal length from `state`, by iterative deepening with the generic walk (no table
    /// of transpositions).
    fn optimum(geometry: &Geometry, state: &State, estimate: &Pdb) -> u32 {
        let mut bound = estimate.clone().reset(geometry, state);
        loop {
            let searched = iteration(geometry, state, estimate, bound, false, false);
            if searched.found {
                return bound;
            }
            bound = searched.next_bound;
        }
    }

    /// With the table of transpositions, the lean loop cuts nodes but, at every bound up to the
    /// optimum, finds what the generic loop finds: the same first path at the optimum, and
    /// below it no path and a next bound no greater than the optimum. Above the optimum (where a
    /// path may repeat a state) it finds a path within the bound too. Every iteration of
    /// IDA\* has a bound up to the optimum, so its answers are unchanged.
    ///
    /// With the duplicate-pruning machine as well, the same holds up to the optimum (the first
    /// optimal path holds no forbidden sequence, and a state cut as seen before would give an
    /// earlier optimal path), but not above it: a state's subtree is searched once, below the
    /// machine state of the first path to reach it, which may forbid what a later path allows.
    #[test]
    fn transpositions_cut_nodes_and_keep_the_answer() {
        let cases: [(usize, usize, &[&[usize]]); 4] = [
            (3, 3, &[&[1, 2, 3, 4], &[5, 6, 7, 8]]),
            (2, 4, &[&[1, 2, 3], &[4, 5, 6, 7]]),
            (3, 4, &[&[1, 2, 3, 4], &[5, 6, 7, 8], &[9, 10, 11]]),
            (4, 4, &[&[1, 4, 5, 8], &[2, 3, 6, 7], &[9, 12, 13], &[10, 11, 14, 15]]),
        ];
        let mut rng = SplitMix64::new(10);
        let (mut cut, mut compared) = (0u64, 0);
        let mut both_cut = 0u64;
        for (rows, cols, parts) in cases {
            let n = rows * cols;
            let heuristic = heuristic(rows, cols, parts);
            let geometry = Geometry::new(rows, cols);
            let machine = Arc::new(Duplicates::build(rows, cols, 8));
            for _ in 0..10 {
                let steps = 20 + rng.below(60);
                let state = random_walk(&geometry, n, steps, &mut rng);
                let mut estimate = Pdb::new(0, Arc::clone(&heuristic), n);
                estimate.duplicates = Some(Duplicates::none());
                let h = estimate.reset(&geometry, &state);
                let mut with_machine = estimate.clone();
                with_machine.duplicates = Some(Arc::clone(&machine));
                let optimum = optimum(&geometry, &state, &estimate);
                for bound in (h..=optimum + 8).step_by(2) {
                    let lean = iteration(&geometry, &state, &estimate, bound, true, true);
                    let generic = iteration(&geometry, &state, &estimate, bound, false, false);
                    let at = format!("{rows}x{cols} bound {bound}, optimum {optimum}");
                    assert!(lean.nodes <= generic.nodes, "{at}");
                    cut += generic.nodes - lean.nodes;
                    assert_eq!(lean.found, bound >= optimum, "{at}");
                    assert_eq!(generic.found, bound >= optimum, "{at}");
                    if bound <= optimum {
                        let both = iteration(&geometry, &state, &with_machine, bound, true, true);
                        assert_eq!(both.found, bound == optimum, "{at}, with the machine");
                        assert_eq!(both.path, generic.path, "{at}, with the machine");
                        if bound < optimum {
                            assert!(both.next_bound > bound && both.next_bound <= optimum, "{at}, with the machine");
                        }
                        both_cut += lean.nodes.saturating_sub(both.nodes);
                        assert_eq!(lean.path, generic.path, "{at}");
                        compared += usize::from(bound == optimum);
                    }
                    if lean.found {
                        let mut replay = state.clone();
                        for &dir in &lean.path {
                            assert!(slide_blank(&geometry, &mut replay, dir).is_some(), "{at}");
                        }
                        assert_eq!(replay.board, State::new(&(0..n as u8).collect::<Vec<_>>(), 0).board, "{at}");
                        assert!(lean.path.len() as u32 <= bound, "{at}");
                    } else {
                        assert!(lean.next_bound >= generic.next_bound && lean.next_bound <= optimum, "{at}");
                    }
                }
            }
        }
        assert!(compared >= 30, "{compared} searches at the optimum");
        assert!(cut > 0, "the table cut some nodes");
        assert!(both_cut > 0, "the machine cut some nodes the table did not");
    }
}
