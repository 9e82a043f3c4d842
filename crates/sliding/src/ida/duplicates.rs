//! The duplicate-pruning machine of Taylor and Korf (1993): an automaton walked beside the
//! blank's moves that forbids every short move sequence with an equivalent that comes first, so
//! that the search does not reach one board twice by two short detours.
//!
//! Two sequences of blank moves are equivalent when, started from the same cell, they leave the
//! blank at the same place and every tile where the other leaves it. A breadth-first search over
//! the sequences of at most `depth` moves, in shortlex order of [`MOVE_ORDER`], finds for each
//! sequence whether an earlier one (shorter, or as long and first in move order) is equivalent
//! and *stays inside its bounding box*: then the earlier one is legal wherever the later one is
//! on any rectangular board (a rectangle holds a set of cells exactly when it holds their
//! bounding box), so the later one is forbidden. The forbidden sequences go into an
//! Aho–Corasick automaton over the four moves: a state is the longest suffix of the moves so far
//! that begins a forbidden sequence, and a transition to [`FORBIDDEN`] means the move completes
//! one. The inverse-move rule is its depth-2 case.
//!
//! Why it is safe, and why the path found does not change: IDA\* tries moves in move order, so
//! the path it returns is the first optimal path in shortlex order. If that path held a forbidden
//! sequence, putting its earlier equivalent in its place would give a legal path to the goal that
//! is shorter or as long and earlier in order — a contradiction. So the first optimal path has no
//! forbidden sequence, the machine never cuts it, and every iteration finds the same path it finds
//! without the machine. The machine depends on no board: one serves every shape.

use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

use puzzle_core::Direction;

use crate::MOVE_ORDER;

/// A transition to this state means the move completes a forbidden sequence.
pub(crate) const FORBIDDEN: u32 = u32::MAX;

/// The longest sequences a machine can be built from: a sequence is packed two bits a move into
/// a `u64`.
pub(crate) const MAX_DEPTH: usize = 31;

/// A trie node with no child for a move yet (only while the machine is built).
const NO_CHILD: u32 = u32::MAX - 1;

/// The blank's content in a [`Walk`].
const BLANK: u16 = u16::MAX;

/// The duplicate-pruning machine: `next[state][dir.index()]` is the state after the blank moves
/// `dir`, or [`FORBIDDEN`]; state 0 is the start, where no moves were made.
pub(crate) struct Duplicates {
    next: Vec<[u32; 4]>,
}

impl Duplicates {
    /// The machine that forbids nothing: one state.
    pub(crate) fn none() -> Arc<Duplicates> {
        static NONE: OnceLock<Arc<Duplicates>> = OnceLock::new();
        Arc::clone(NONE.get_or_init(|| Arc::new(Duplicates { next: vec![[0; 4]] })))
    }

    /// The machine of a `rows`×`cols` board built from the sequences of at most `depth` moves
    /// (at most [`MAX_DEPTH`]).
    pub(crate) fn build(rows: usize, cols: usize, depth: usize) -> Duplicates {
        build(rows, cols, depth, &mut |_, _| {}, &|_| {}, &|| false).unwrap_or_else(|| unreachable!("nothing stops it"))
    }

    /// [`Duplicates::build`], given up (`None`) once `stopped` says so: it is asked every few
    /// thousand sequences. `progress` is told each length of sequences done.
    pub(crate) fn build_until(
        rows: usize,
        cols: usize,
        depth: usize,
        progress: &dyn Fn(usize),
        stopped: &dyn Fn() -> bool,
    ) -> Option<Duplicates> {
        build(rows, cols, depth, &mut |_, _| {}, progress, stopped)
    }

    /// The machine of these transitions (checked by the caller: every one names a state or is
    /// [`FORBIDDEN`]).
    pub(crate) fn from_transitions(next: Vec<[u32; 4]>) -> Duplicates {
        Duplicates { next }
    }

    /// The transitions, `[state][dir.index()]`.
    pub(crate) fn transitions(&self) -> &[[u32; 4]] {
        &self.next
    }

    /// The state after the moves of `path` from the start, or [`FORBIDDEN`] if they hold a
    /// forbidden sequence.
    #[cfg(test)]
    pub(crate) fn after(&self, path: &[Direction]) -> u32 {
        let mut state = 0u32;
        for &dir in path {
            state = self.next[state as usize][dir.index()];
            if state == FORBIDDEN {
                return FORBIDDEN;
            }
        }
        state
    }

    /// Its states (1: it forbids nothing).
    pub(crate) fn states(&self) -> usize {
        self.next.len()
    }
}

/// A move sequence: move `i` (its rank in [`MOVE_ORDER`]) in bits `2i..2i + 2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Moves {
    pub(crate) packed: u64,
    pub(crate) len: u8,
}

impl Moves {
    /// The moves as directions.
    pub(crate) fn directions(self) -> Vec<Direction> {
        (0..usize::from(self.len)).map(|i| MOVE_ORDER[(self.packed >> (2 * i) & 3) as usize]).collect()
    }

    fn push(self, rank: usize) -> Moves {
        Moves { packed: self.packed | (rank as u64) << (2 * usize::from(self.len)), len: self.len + 1 }
    }
}

/// A cell relative to the blank's first cell, packed: row offset in the high byte, column
/// offset in the low one (both two's complement).
fn pack(row: i8, col: i8) -> u16 {
    u16::from(row as u8) << 8 | u16::from(col as u8)
}

/// Where the blank's walk has been and what it moved: each cell it visited with the tile there
/// now (named by its first cell), the blank's cell, the walk's bounding box and a hash of its
/// effect kept move by move.
#[derive(Clone)]
struct Walk {
    blank: (i8, i8),
    /// Least row, greatest row, least column, greatest column.
    bbox: [i8; 4],
    visited: usize,
    cells: [(u16, u16); MAX_DEPTH + 1],
    /// The exclusive or of [`term`] over the visited cells: equal effects, equal hashes.
    hash: u64,
}

/// A cell's part of a walk's hash: nothing while it holds its own tile, else a mix of the cell
/// and what it holds.
fn term(cell: u16, tile: u16) -> u64 {
    if cell == tile {
        return 0;
    }
    let mut x = (u64::from(cell) << 16 | u64::from(tile)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 31;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^ x >> 29
}

impl Walk {
    fn new() -> Walk {
        let mut cells = [(0, 0); MAX_DEPTH + 1];
        cells[0] = (pack(0, 0), BLANK);
        Walk { blank: (0, 0), bbox: [0; 4], visited: 1, cells, hash: term(pack(0, 0), BLANK) }
    }

    fn of(moves: Moves) -> Walk {
        let mut walk = Walk::new();
        for dir in moves.directions() {
            walk.step(dir);
        }
        walk
    }

    fn slot(&mut self, cell: u16) -> usize {
        match self.cells[..self.visited].iter().position(|&(c, _)| c == cell) {
            Some(at) => at,
            None => {
                self.cells[self.visited] = (cell, cell);
                self.visited += 1;
                self.visited - 1
            }
        }
    }

    fn step(&mut self, dir: Direction) {
        let (dr, dc) = dir.delta();
        let to = (self.blank.0 + dr as i8, self.blank.1 + dc as i8);
        let (from_cell, to_cell) = (pack(self.blank.0, self.blank.1), pack(to.0, to.1));
        let from_slot = self.slot(from_cell);
        let to_slot = self.slot(to_cell);
        let tile = self.cells[to_slot].1;
        self.hash ^= term(from_cell, BLANK) ^ term(to_cell, tile) ^ term(from_cell, tile) ^ term(to_cell, BLANK);
        self.cells[from_slot].1 = tile;
        self.cells[to_slot].1 = BLANK;
        self.blank = to;
        self.bbox = [self.bbox[0].min(to.0), self.bbox[1].max(to.0), self.bbox[2].min(to.1), self.bbox[3].max(to.1)];
    }

    /// The tile `cell` holds now (its own where the walk did not go).
    fn at(&self, cell: u16) -> u16 {
        self.cells[..self.visited].iter().find(|&&(c, _)| c == cell).map_or(cell, |&(_, tile)| tile)
    }

    /// Whether the two walks did the same to the board: the blank at the same cell and every
    /// tile where the other leaves it.
    fn same_effect(&self, other: &Walk) -> bool {
        self.blank == other.blank
            && self.cells[..self.visited].iter().all(|&(cell, tile)| other.at(cell) == tile)
            && other.cells[..other.visited].iter().all(|&(cell, tile)| self.at(cell) == tile)
    }

    /// A hash of the walk's effect (equal effects, equal hashes; the effects are compared too).
    fn hash(&self) -> u64 {
        self.hash
    }
}

/// Whether the bounding box `a` lies inside `b`.
fn inside(a: [i8; 4], b: [i8; 4]) -> bool {
    a[0] >= b[0] && a[1] <= b[1] && a[2] >= b[2] && a[3] <= b[3]
}

/// The hasher of a map keyed by [`Walk::hash`], which is mixed already.
#[derive(Default)]
struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(byte)).wrapping_mul(0xff51_afd7_ed55_8ccd);
        }
    }

    fn write_u64(&mut self, hash: u64) {
        self.0 = hash;
    }
}

/// A sequence not forbidden, in the list of those with the same effect hash.
struct Member {
    moves: Moves,
    bbox: [i8; 4],
    next: u32,
}

/// The machine of a `rows`×`cols` board from the sequences of at most `depth` moves; each
/// forbidden sequence is given to `forbid` with the earlier equivalent that forbids it.
///
/// A sequence whose bounding box does not fit the board is legal nowhere on it: it is neither
/// forbidden nor followed, which keeps the machine to the sequences the board can hold.
fn build(
    rows: usize,
    cols: usize,
    depth: usize,
    forbid: &mut dyn FnMut(Moves, Moves),
    progress: &dyn Fn(usize),
    stopped: &dyn Fn() -> bool,
) -> Option<Duplicates> {
    assert!(depth <= MAX_DEPTH, "a machine of depth {depth} (at most {MAX_DEPTH})");
    let mut heads: HashMap<u64, u32, BuildHasherDefault<Prehashed>> = HashMap::default();
    let mut members: Vec<Member> = Vec::new();
    let empty = Moves { packed: 0, len: 0 };
    let start = Walk::new();
    heads.insert(start.hash(), 0);
    members.push(Member { moves: empty, bbox: start.bbox, next: u32::MAX });
    // The forbidden sequences none of whose proper suffixes is forbidden. A path holds a
    // forbidden sequence as a stretch exactly when it holds one of these (a stretch ending in a
    // forbidden suffix holds that suffix, and a forbidden suffix ends in one of these), so their
    // automaton forbids the same paths with far fewer states: most forbidden sequences are a
    // shorter one after a detour (189,805 states against 9,223 at depth 12 on 5×5). Suffixes are
    // shorter, so they are known when a sequence is found forbidden.
    let mut minimal: Vec<Moves> = Vec::new();
    let mut minimal_set: HashSet<(u64, u8)> = HashSet::new();
    // The sequences of the last length not forbidden, `members[level]`, in shortlex order: their
    // children, in move order, come in shortlex order too, so an earlier equivalent is always met
    // first.
    let mut level = 0..1;
    for len in 1..=depth {
        for at in level.clone() {
            if at % 4096 == 0 && stopped() {
                return None;
            }
            let parent = members[at].moves;
            let walk = Walk::of(parent);
            // The move undoing the last one: forbidden, and past the sequences of two moves it
            // ends in the forbidden sequence of those two, so it need not be recorded.
            let undo = (parent.len >= 2)
                .then(|| MOVE_ORDER[(parent.packed >> (2 * (parent.len - 1)) & 3) as usize].opposite());
            for (rank, &dir) in MOVE_ORDER.iter().enumerate() {
                if undo == Some(dir) {
                    continue;
                }
                let moves = parent.push(rank);
                let mut child = walk.clone();
                child.step(dir);
                let [top, bottom, left, right] = child.bbox;
                if (bottom - top) as usize >= rows || (right - left) as usize >= cols {
                    continue;
                }
                let hash = child.hash();
                let head = heads.get(&hash).copied().unwrap_or(u32::MAX);
                let mut at = head;
                let mut witness = None;
                while at != u32::MAX {
                    let member = &members[at as usize];
                    if inside(member.bbox, child.bbox) && Walk::of(member.moves).same_effect(&child) {
                        witness = Some(member.moves);
                        break;
                    }
                    at = member.next;
                }
                if let Some(witness) = witness {
                    forbid(moves, witness);
                    if (1..moves.len).all(|cut| !minimal_set.contains(&(moves.packed >> (2 * cut), moves.len - cut))) {
                        minimal_set.insert((moves.packed, moves.len));
                        minimal.push(moves);
                    }
                } else {
                    heads.insert(hash, members.len() as u32);
                    members.push(Member { moves, bbox: child.bbox, next: head });
                }
            }
        }
        level = level.end..members.len();
        progress(len);
    }
    drop((heads, members));
    Some(automaton(&minimal))
}

/// The Aho–Corasick automaton of the forbidden sequences, none a prefix of another.
fn automaton(forbidden: &[Moves]) -> Duplicates {
    let mut next: Vec<[u32; 4]> = vec![[NO_CHILD; 4]];
    for moves in forbidden {
        let mut state = 0usize;
        let dirs = moves.directions();
        for (i, dir) in dirs.iter().enumerate() {
            let fresh = next.len();
            let slot = &mut next[state][dir.index()];
            if i + 1 == dirs.len() {
                *slot = FORBIDDEN;
            } else if *slot == NO_CHILD {
                *slot = fresh as u32;
                state = fresh;
                next.push([NO_CHILD; 4]);
            } else {
                debug_assert_ne!(*slot, FORBIDDEN, "no forbidden sequence is a prefix of another");
                state = *slot as usize;
            }
        }
    }
    // Breadth first, so that a state's fallback (a shorter suffix) is complete before it is read.
    let mut fallback = vec![0u32; next.len()];
    let mut queue = VecDeque::new();
    for slot in &mut next[0] {
        match *slot {
            NO_CHILD => *slot = 0,
            FORBIDDEN => {}
            child => queue.push_back(child),
        }
    }
    while let Some(state) = queue.pop_front() {
        let state = state as usize;
        let on_fallbacks = next[fallback[state] as usize];
        for (dir, &on_fallback) in on_fallbacks.iter().enumerate() {
            match next[state][dir] {
                NO_CHILD => next[state][dir] = on_fallback,
                FORBIDDEN => {}
                child if on_fallback == FORBIDDEN => {
                    // A sequence not forbidden ending in a forbidden one: the search never makes
                    // it (the breadth-first search forbids it too), but forbidding it is as safe.
                    let _ = child;
                    next[state][dir] = FORBIDDEN;
                }
                child => {
                    fallback[child as usize] = on_fallback;
                    queue.push_back(child);
                }
            }
        }
    }
    Duplicates { next }
}

/// A machine's cell in [`Machines`]: set once, by whoever builds or gives it first.
type Cell = Arc<OnceLock<Arc<Duplicates>>>;

/// The duplicate-pruning machines one planner's searches walk, by shape and depth: given by the
/// program ([`Machines::install`], loaded from where it keeps its tables) or built by a search
/// that reached that depth's level in [`LEVELS`]. The planner owns it and shares it (an `Arc`)
/// with its split searches; every search, thread and board of the planner reads the same one, so
/// a machine is built once per planner and shape, and a machine one board's search built is
/// walked by the later boards from their first node.
#[derive(Default)]
pub(crate) struct Machines {
    cells: Mutex<Vec<(MachineKey, Cell)>>,
}

/// A machine's shape and depth: rows, columns, depth.
type MachineKey = (usize, usize, usize);

impl Machines {
    /// The cell holding the machine of `key` (rows, cols, depth), made empty if missing.
    fn cell(&self, key: MachineKey) -> Cell {
        let mut cells = self.cells.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match cells.iter().find(|(k, _)| *k == key) {
            Some((_, cell)) => Arc::clone(cell),
            None => {
                let cell = Arc::new(OnceLock::new());
                cells.push((key, Arc::clone(&cell)));
                cell
            }
        }
    }

    /// Makes `machine`, of depth [`cached_depth`] for a `rows`×`cols` board and loaded by the
    /// program from where it keeps its tables, the one every later search of that shape walks
    /// from its first node (a machine of that shape and depth already here stays).
    pub(crate) fn install(&self, rows: usize, cols: usize, depth: usize, machine: Arc<Duplicates>) {
        let _ = self.cell((rows, cols, depth)).set(machine);
    }

    /// The machine of the cached depth for a `rows`×`cols` board, if it is here: given by
    /// [`Machines::install`], or built by an earlier search that reached that depth's level in
    /// [`LEVELS`] (then it costs nothing more, and later searches walk it from their first node
    /// too).
    fn installed(&self, rows: usize, cols: usize) -> Option<Arc<Duplicates>> {
        let depth = cached_depth(rows, cols)?;
        let cell = {
            let cells = self.cells.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            cells.iter().find(|(k, _)| *k == (rows, cols, depth)).map(|(_, cell)| Arc::clone(cell))
        }?;
        cell.get().cloned()
    }

    /// The machine the optimal search walks on a `rows`×`cols` board after it spent `spent`
    /// nodes on the board: the one the program gave ([`Machines::install`]) from the first node;
    /// else deeper as the work grows, so that a build is paid only by a search that has already
    /// done several times its cost ([`LEVELS`]), or [`Duplicates::none`] on boards of fewer than
    /// 16 cells. Each machine is built once per store and shape, on the first search that needs
    /// it.
    pub(crate) fn for_search(&self, rows: usize, cols: usize, spent: u64) -> Arc<Duplicates> {
        if let Some(machine) = self.installed(rows, cols) {
            return machine;
        }
        let depth = depth_for(rows, cols, spent);
        if depth < 2 {
            return Duplicates::none();
        }
        let cell = self.cell((rows, cols, depth));
        // Built outside the list's lock: a search needing another machine does not wait for it.
        Arc::clone(cell.get_or_init(|| Arc::new(Duplicates::build(rows, cols, depth))))
    }
}

/// The depth of the machine kept with the tables of a `rows`×`cols` board and walked from the
/// first node when it is at hand, or `None` for boards of at most [`CACHED_ABOVE_CELLS`] cells,
/// which are searched with the machines of [`LEVELS`] built in memory. Boards of fewer than
/// [`DEEP_FROM_CELLS`] cells keep [`SHALLOW_DEPTH`].
pub(crate) fn cached_depth(rows: usize, cols: usize) -> Option<usize> {
    let cells = rows * cols;
    (cells > CACHED_ABOVE_CELLS).then_some(if cells >= DEEP_FROM_CELLS { CACHED_DEPTH } else { SHALLOW_DEPTH })
}

/// The depth of the cached machine of boards of [`DEEP_FROM_CELLS`] cells or more, chosen on the
/// 24-puzzle (one thread, tables cached, the machine loaded from the cache, child rows read in
/// the parent's pass). Nodes against depth 12 (189,805 states before only the minimal forbidden
/// sequences were kept, 9,223 after, the same nodes): #40 (8,518,328 at 12) 0.858 at depth 16
/// and 0.813 at 18; #38 (60,898,304) 0.863 and 0.822; #37 (210,440,922) 0.834 and 0.783: the
/// gain grows with the search. In user time on a loaded two-core machine (single runs, noisy)
/// depth 16 was as fast as depth 12 or faster (#37 76.7 against 77.2 s, #38 20.4 against
/// 18.7–23.0 s, #40 3.1 against 3.4–3.5 s) and depth 18 slower on the larger two (#37 81.2 s,
/// #38 26.6–31.5 s): its 32.6 MB of transitions (2,039,060 states) outgrow the 32 MB
/// last-level cache, where depth 16's 5.9 MB (367,854 states) stay in it. Depth 16 builds in
/// about 19 s of user time on one core, depth 18 in about 137 s.
const CACHED_DEPTH: usize = 16;

/// The cached machine's depth on boards of 17 to 24 cells, whose searches are short (depth 18
/// takes a 3×6 board 13 s to build).
const SHALLOW_DEPTH: usize = 12;

/// Boards of at least this many cells keep the machine of [`CACHED_DEPTH`].
const DEEP_FROM_CELLS: usize = 25;

/// Boards of at most this many cells keep no machine in the cache: on Korf's 100 (4×4, tables
/// cached, one thread) the cached machine of depth 12 or 14 cut the nodes to 0.92 and 0.90 of
/// depth 8's (1.23 M and 1.20 M against 1.34 M) but took as long or longer in all (0.32–0.35 s
/// of user time against 0.30 s), the whole run being a few hundred milliseconds of table
/// loading.
const CACHED_ABOVE_CELLS: usize = 16;

/// The machines by the work done: from `spent` nodes on, a machine of `depth` moves. Built on one
/// core (release build), 4×4 and 5×5: depth 8 in 4 ms and 12 ms (2,793 and 3,925 states),
/// 10 in 0.10 s and 0.11 s (15,913 and 28,245), 12 in 0.40 s and 1.05 s (81,617 and
/// 189,805), 14 in 2.0 s and 9.7 s (381,245 and 1,200,073 states; 16 bytes each), with every
/// forbidden sequence in the automaton; with the minimal ones only, 5×5 depth 12 is 9,223 states
/// and 14 61,927, for the same pruning. The search
/// visits about 3 M nodes a second on the 24-puzzle, so 2^25 nodes are about ten seconds and
/// 2^28 about ninety.
const LEVELS: [(u64, usize); 3] = [(0, 8), (1 << 25, 12), (1 << 28, 14)];

/// Whether the search walking a machine for its board's shape goes without the table of
/// transpositions (`transpositions.rs`) where it would take it (boards over 16 cells). Both cut
/// the same kind of duplicate, and the table costs a memory read a node: on the 24-puzzle, one
/// thread, tables cached, #40 with the machine of depth 8 and no table took 0.92 of the user time
/// of the table alone (10.4 M nodes against 9.0 M, 5 pairs) and #38 0.91 (73.8 M nodes against
/// 62.7 M, 3 pairs), while the machine with the table took 0.94 and 0.99.
pub(crate) const REPLACES_TRANSPOSITIONS: bool = true;

/// Boards of fewer cells are searched without the machine (their searches are short).
const DUPLICATES_FROM_CELLS: usize = 16;

/// The depth of the machine the search walks on a `rows`×`cols` board after `spent` nodes
/// (0: none).
pub(crate) fn depth_for(rows: usize, cols: usize, spent: u64) -> usize {
    if rows * cols < DUPLICATES_FROM_CELLS {
        return 0;
    }
    LEVELS.iter().rev().find(|&&(from, _)| spent >= from).map_or(0, |&(_, depth)| depth)
}

#[cfg(test)]
pub(crate) mod tests {
    use search::deepen::deepen;
    use search::walk::Watch;
    use search::Limits;

    use super::super::iteration::{from_floor, Iteration, NodeLoop};
    use super::super::kept_indices::tests::heuristic;
    use super::super::{Estimate, Geometry, Manhattan, Pdb, State};
    use super::*;

    /// A forbidden sequence and the earlier equivalent that forbids it.
    struct Forbidden {
        moves: Moves,
        witness: Moves,
    }

    /// The machine and its forbidden sequences with their witnesses.
    fn with_witnesses(rows: usize, cols: usize, depth: usize) -> (Duplicates, Vec<Forbidden>) {
        let mut pairs = Vec::new();
        let machine =
            build(rows, cols, depth, &mut |moves, witness| pairs.push(Forbidden { moves, witness }), &|_| {}, &|| {
                false
            });
        (machine.unwrap(), pairs)
    }

    /// The board after `moves` from the goal of a `rows`×`cols` board with the blank at
    /// `blank`, or `None` if a move leaves the board.
    fn apply(rows: usize, cols: usize, blank: usize, moves: &[Direction]) -> Option<Vec<usize>> {
        let mut board: Vec<usize> = (0..rows * cols).collect();
        let mut at = (blank / cols, blank % cols);
        for dir in moves {
            let (dr, dc) = dir.delta();
            let to = (at.0 as isize + dr, at.1 as isize + dc);
            if !(0..rows as isize).contains(&to.0) || !(0..cols as isize).contains(&to.1) {
                return None;
            }
            let to = (to.0 as usize, to.1 as usize);
            board.swap(at.0 * cols + at.1, to.0 * cols + to.1);
            at = to;
        }
        Some(board)
    }

    /// Shortlex order of move sequences by [`MOVE_ORDER`].
    fn key(moves: &[Direction]) -> (usize, Vec<usize>) {
        let rank = |d: &Direction| MOVE_ORDER.iter().position(|m| m == d).unwrap();
        (moves.len(), moves.iter().map(rank).collect())
    }

    /// Every forbidden sequence comes after its witness in shortlex order, and on boards of
    /// several shapes, from every cell where it stays on the board, the witness stays on the
    /// board too and leaves every tile where the forbidden one does.
    #[test]
    fn forbidden_sequences_are_duplicates_of_earlier_ones() {
        let (machine, pairs) = with_witnesses(11, 11, 10);
        assert!(machine.states() > 1000, "{} states", machine.states());
        let mut applied = 0;
        for pair in &pairs {
            let (moves, witness) = (pair.moves.directions(), pair.witness.directions());
            assert!(key(&witness) < key(&moves), "{moves:?} after {witness:?}");
            for (rows, cols) in [(3, 3), (2, 5), (3, 4), (4, 4), (6, 6), (11, 11)] {
                for blank in 0..rows * cols {
                    if let Some(board) = apply(rows, cols, blank, &moves) {
                        assert_eq!(apply(rows, cols, blank, &witness), Some(board), "{moves:?} by {witness:?}");
                        applied += 1;
                    }
                }
            }
        }
        assert!(applied > 1000, "{applied} forbidden sequences applied");
        // The sequences of two moves forbidden are exactly the four that undo a move.
        let two: Vec<_> = pairs.iter().filter(|p| p.moves.len == 2).map(|p| p.moves.directions()).collect();
        assert_eq!(two.len(), 4);
        assert!(two.iter().all(|m| m[1] == m[0].opposite()));
    }

    /// The machine forbids a path exactly when one of its stretches is a forbidden sequence:
    /// checked against the list of forbidden sequences on every path of up to 9 moves.
    #[test]
    fn the_automaton_finds_every_forbidden_stretch() {
        let (machine, pairs) = with_witnesses(9, 9, 7);
        let forbidden: std::collections::HashSet<Vec<Direction>> = pairs.iter().map(|p| p.moves.directions()).collect();
        let mut paths = vec![Vec::<Direction>::new()];
        let (mut cut, mut checked) = (0, 0);
        for _ in 0..9 {
            let mut longer = Vec::new();
            for path in &paths {
                for dir in Direction::ALL {
                    let mut next = path.clone();
                    next.push(dir);
                    // The path without its last move has no forbidden stretch: only its
                    // suffixes can be one.
                    let plain = (0..next.len()).any(|i| forbidden.contains(&next[i..]));
                    assert_eq!(machine.after(&next) == FORBIDDEN, plain, "{next:?}");
                    checked += 1;
                    if plain {
                        cut += 1;
                    } else {
                        longer.push(next);
                    }
                }
            }
            paths = longer;
        }
        assert!(cut > 0 && checked > cut, "{cut} of {checked}");
    }

    /// Every board of a `rows`×`cols` board reachable from the goal (tiles named by their goal
    /// cell, the blank 0 at cell 0), with its distance: a plain breadth-first search.
    pub(in crate::ida) fn distances(rows: usize, cols: usize) -> Vec<(Vec<u8>, usize)> {
        let shape = puzzle_core::Shape::new(rows, cols).unwrap();
        let goal: Vec<u8> = (0..(rows * cols) as u8).collect();
        let mut seen = std::collections::HashSet::from([goal.clone()]);
        let mut out = vec![(goal, 0)];
        let mut at = 0;
        while at < out.len() {
            let (board, d) = out[at].clone();
            at += 1;
            let blank = board.iter().position(|&t| t == 0).unwrap();
            for puzzle_core::Cell(to) in shape.neighbours(puzzle_core::Cell(blank)) {
                let mut next = board.clone();
                next.swap(blank, to);
                if seen.insert(next.clone()) {
                    out.push((next, d + 1));
                }
            }
        }
        out
    }

    /// IDA\* from a board whose estimate is `h`, each iteration the walk `new_walk` makes for its
    /// bound, searched by [`from_floor`]: the path found and the nodes visited in all iterations.
    fn deepen_walks<'g, E: NodeLoop>(h: u32, new_walk: impl Fn(u32) -> Iteration<'g, E>) -> (Vec<Direction>, u64) {
        let limits = Limits::NONE;
        let watch = Watch::new(&limits);
        let mut last = None;
        let run = deepen(h, |bound, _| {
            assert!(last.is_none_or(|last| bound > last) && bound < 100, "the bound grows");
            last = Some(bound);
            let mut walk = new_walk(bound);
            let found = from_floor(&mut walk, &watch);
            walk.into_run(found, 0)
        });
        (run.path.expect("an iteration finds the goal"), run.nodes)
    }

    /// IDA\* by the node loop of kept indices from `state` with `machine`: the path found and
    /// the nodes visited in all iterations.
    fn solve(geometry: &Geometry, state: &State, estimate: &Pdb, machine: &Arc<Duplicates>) -> (Vec<Direction>, u64) {
        let mut estimate = estimate.clone();
        estimate.duplicates = Some(Arc::clone(machine));
        let h = estimate.reset(geometry, state);
        // The estimate names its machine: the store is never read.
        let machines = Machines::default();
        deepen_walks(h, |bound| Iteration::new(geometry, &machines, state, &estimate, h, bound))
    }

    /// IDA\* by the generic walk ([`search::walk::first`]) with the Manhattan distance from
    /// `state` following `machine`: the path found and the nodes visited in all iterations.
    fn solve_generic(geometry: &Geometry, state: &State, machine: &Arc<Duplicates>) -> (Vec<Direction>, u64) {
        let mut estimate = Manhattan { blank_tile: 0, value: 0 };
        let h = estimate.reset(geometry, state);
        let machines = Machines::default();
        deepen_walks(h, |bound| {
            Iteration::new(geometry, &machines, state, &estimate, h, bound).with_duplicates(Arc::clone(machine))
        })
    }

    /// The generic walk too: on every shape small enough for a complete breadth-first search
    /// (3×3: one board in 200), IDA\* with the Manhattan distance
    /// following the machine finds from every board a path of exactly the distance the
    /// breadth-first search gives, the same path as without the machine, in fewer nodes.
    #[test]
    fn the_generic_walk_with_the_machine_keeps_the_first_shortest_path() {
        let none = Duplicates::none();
        let cases: [(usize, usize, usize); 5] = [(2, 3, 1), (3, 2, 1), (2, 4, 1), (4, 2, 1), (3, 3, 200)];
        for (rows, cols, every) in cases {
            let machine = Arc::new(Duplicates::build(rows, cols, 14));
            let geometry = Geometry::new(rows, cols);
            let (mut with, mut without, mut boards) = (0, 0, 0);
            for (board, distance) in distances(rows, cols).into_iter().step_by(every) {
                let state = State::new(&board, board.iter().position(|&t| t == 0).unwrap() as u8);
                let (path, nodes) = solve_generic(&geometry, &state, &machine);
                let (plain_path, plain_nodes) = solve_generic(&geometry, &state, &none);
                assert_eq!(path.len(), distance, "{rows}x{cols} {board:?}");
                assert_eq!(path, plain_path, "{rows}x{cols} {board:?}");
                with += nodes;
                without += plain_nodes;
                boards += 1;
            }
            assert!(boards > 100, "{rows}x{cols}: {boards} boards");
            assert!(with < without, "{rows}x{cols}: {with} nodes with the machine, {without} without");
        }
    }

    /// On every shape small enough for a complete breadth-first search, IDA\* walking the
    /// machine finds from every board (3×3: one in 40) a path of exactly the distance the
    /// breadth-first search gives, and the same path as without the machine, in fewer nodes.
    #[test]
    fn the_machine_keeps_the_first_shortest_path_on_small_boards() {
        let none = Duplicates::none();
        let cases: [(usize, usize, &[&[usize]], usize); 5] = [
            (2, 3, &[&[1, 2], &[3, 4, 5]], 1),
            (3, 2, &[&[1, 2], &[3, 4, 5]], 1),
            (2, 4, &[&[1, 2, 3], &[4, 5, 6, 7]], 1),
            (4, 2, &[&[1, 2, 3], &[4, 5, 6, 7]], 1),
            (3, 3, &[&[1, 2, 3, 4], &[5, 6, 7, 8]], 40),
        ];
        for (rows, cols, parts, every) in cases {
            let machine = Arc::new(Duplicates::build(rows, cols, 14));
            let estimate = Pdb::new(0, heuristic(rows, cols, parts), rows * cols);
            let geometry = Geometry::new(rows, cols);
            let (mut with, mut without, mut longest) = (0, 0, 0);
            for (board, distance) in distances(rows, cols).into_iter().step_by(every) {
                let state = State::new(&board, board.iter().position(|&t| t == 0).unwrap() as u8);
                let (path, nodes) = solve(&geometry, &state, &estimate, &machine);
                let (plain_path, plain_nodes) = solve(&geometry, &state, &estimate, &none);
                assert_eq!(path.len(), distance, "{rows}x{cols} {board:?}");
                assert_eq!(path, plain_path, "{rows}x{cols} {board:?}");
                with += nodes;
                without += plain_nodes;
                longest = longest.max(distance);
            }
            assert!(with <= without, "{rows}x{cols}: {with} nodes with the machine, {without} without");
            if longest >= 12 {
                assert!(with < without, "{rows}x{cols}: the machine cut no node ({with})");
            }
        }
    }
}
