//! The hot loop: a depth-first search over the scan order with an explicit stack (the index of
//! the next candidate to try at each depth), a used-piece bitset, the mismatch budget of the
//! schedule and the priority-colour rate, and no allocation. One [`Worker`] per thread; its
//! whole state is the restart number, the node counts and the stack, so it can be saved and
//! replayed exactly.
//!
//! It is not a [`search::walk::Walk`] driven by the core's loops, because none of them is its
//! driver: every placement is scored against the best partial board (and reported when it ties
//! or beats it), a complete board is taken back at once, a candidate list is cut short where its
//! mismatches or its priority rate leave the schedule, and a run ends at a placement bound with
//! the stack left to save or to go on from. A `Walk` for it would need a driver of its own in
//! this file, with one call per placement through the trait where this loop keeps the list and
//! the sums in locals. The limits are the core's all the same: `best.rs` looks at one
//! [`search::walk::Watch`] through a [`search::walk::Poll`] between runs of at most a few
//! hundred thousand placements.

use crate::best::tables::{Cand, CandidateTables};
use crate::model::{Placement, Puzzle};

/// The fewest placements between two ties with the best partial score that are completed into
/// a board and scored (a strict improvement always is): about 25 ms of search on Eternity II,
/// where a completion costs well under a millisecond, so that completions take at most a few
/// per cent of a search that ties at every placement.
pub(crate) const TIE_GAP: u64 = 1 << 20;

/// Why [`Worker::run`] returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// The node count reached the bound asked for.
    Bound,
    /// The search of this restart's order is finished: every board it allows was seen.
    Exhausted,
    /// A complete board without a mismatch.
    Solved,
}

/// One thread's search.
#[derive(Clone, Debug)]
pub(crate) struct Worker<'t> {
    t: &'t CandidateTables,
    seed: u64,
    thread: usize,
    cands: Vec<Cand>,
    slots: Vec<u16>,
    /// The pieces placed (clues included), a bit each.
    used: Used,
    placed: Vec<Cand>,
    /// Per depth, the offset in its list of the next candidate to try.
    next: Vec<u32>,
    cum_b: Vec<u8>,
    cum_h: Vec<u16>,
    /// Per depth `d` (cells the search has placed), the placements that reached it.
    hist: Vec<u64>,
    pub(crate) depth: usize,
    pub(crate) restart: u64,
    pub(crate) nodes: u64,
    pub(crate) restart_start: u64,
    /// The best partial score (joins among placed pieces, all matching or not) seen.
    pub(crate) best_partial: u32,
    /// The placements from which a tie with [`Worker::best_partial`] is completed again (see
    /// [`TIE_GAP`]).
    pub(crate) next_tie: u64,
}

impl<'t> Worker<'t> {
    /// A worker at the start of restart `restart`, having made `nodes` placements, of which
    /// `restart_start` before this restart began.
    pub(crate) fn new(t: &'t CandidateTables, seed: u64, thread: usize, restart: u64, nodes: u64) -> Worker<'t> {
        let n = t.n;
        Worker {
            t,
            seed,
            thread,
            cands: t.shuffled(seed, thread, restart),
            slots: t.slot_init.clone(),
            used: Used::new(&t.used_init),
            placed: vec![Cand::default(); n],
            next: vec![0; n + 1],
            cum_b: vec![0; n + 1],
            cum_h: vec![0; n + 1],
            hist: vec![0; n + 1],
            depth: 0,
            restart,
            nodes,
            restart_start: nodes,
            best_partial: 0,
            next_tie: 0,
        }
    }

    /// Starts the next restart: a new candidate order and an empty board.
    pub(crate) fn restart(&mut self) {
        self.restart += 1;
        self.cands = self.t.shuffled(self.seed, self.thread, self.restart);
        self.slots.copy_from_slice(&self.t.slot_init);
        self.used = Used::new(&self.t.used_init);
        self.next.iter_mut().for_each(|x| *x = 0);
        self.depth = 0;
        self.restart_start = self.nodes;
    }

    /// The stack to save: the next-candidate offsets of depths `0..=depth`.
    pub(crate) fn stack(&self) -> Vec<u32> {
        self.next[..=self.depth.min(self.t.n)].to_vec()
    }

    /// Puts back a saved stack (from [`Worker::stack`]) by replaying its placements; `None`
    /// when it does not fit this worker's lists.
    pub(crate) fn replay(&mut self, stack: &[u32]) -> Option<()> {
        let t = self.t;
        if stack.is_empty() || stack.len() > t.n + 1 {
            return None;
        }
        for (d, &offset) in stack[..stack.len() - 1].iter().enumerate() {
            let (lo, hi) = self.range(d);
            if offset == 0 || lo + offset as usize > hi {
                return None;
            }
            let c = self.cands[lo + offset as usize - 1];
            if self.is_used(c.piece) || c.breaks + self.cum_b[d] > t.steps[d].allow {
                return None;
            }
            self.place(d, c, offset);
        }
        let d = stack.len() - 1;
        if d < t.n {
            let (lo, hi) = self.range(d);
            if lo + stack[d] as usize > hi {
                return None;
            }
        }
        self.next[d] = stack[d];
        self.depth = d;
        Some(())
    }

    fn range(&self, d: usize) -> (usize, usize) {
        let t = self.t;
        let step = t.steps[d];
        let key = usize::from(self.slots[step.south as usize]) * t.kw + usize::from(self.slots[step.west as usize]);
        let (lo, hi) = t.ranges[step.base as usize + key];
        (lo as usize, hi as usize)
    }

    fn is_used(&self, piece: u16) -> bool {
        self.used.has(piece)
    }

    fn place(&mut self, d: usize, c: Cand, offset: u32) {
        self.used.set(c.piece);
        self.placed[d] = c;
        self.next[d] = offset;
        self.slots[2 * d] = c.north;
        self.slots[2 * d + 1] = c.east;
        self.cum_b[d + 1] = self.cum_b[d] + c.breaks;
        self.cum_h[d + 1] = self.cum_h[d] + u16::from(c.heur);
    }

    /// Placements by the number of cells on the board after them, clues included, without
    /// trailing zeros.
    pub(crate) fn depth_nodes(&self) -> Vec<u64> {
        let clues = self.t.clues.len() - self.t.n;
        let mut counts = vec![0; clues];
        counts.extend_from_slice(&self.hist);
        counts.truncate(counts.iter().rposition(|&count| count > 0).map_or(0, |last| last + 1));
        counts
    }

    /// Puts back counts from [`Worker::depth_nodes`]; `None` when they cannot be this puzzle's
    /// (longer than its cells, or placements at fewer cells than its clues).
    pub(crate) fn set_depth_nodes(&mut self, counts: &[u64]) -> Option<()> {
        let clues = self.t.clues.len() - self.t.n;
        if counts.len() > clues + self.hist.len() || counts.iter().take(clues + 1).any(|&count| count > 0) {
            return None;
        }
        self.hist.iter_mut().for_each(|count| *count = 0);
        for (depth, &count) in counts.iter().enumerate().skip(clues) {
            self.hist[depth - clues] = count;
        }
        Some(())
    }

    /// Mismatches made by the `d` cells placed.
    pub(crate) fn mismatches(&self, d: usize) -> usize {
        usize::from(self.cum_b[d])
    }

    /// The board with the first `d` cells placed, clues included.
    pub(crate) fn board(&self, d: usize) -> Vec<Option<Placement>> {
        let mut cells = self.t.clues.clone();
        for (i, c) in self.placed[..d].iter().enumerate() {
            cells[self.t.cells[i]] = Some(Placement::new(usize::from(c.piece), c.rotation));
        }
        cells
    }

    /// Searches until `bound` placements in all, calling `improved(self, depth)` whenever the
    /// partial score reaches [`Worker::best_partial`] (which it raises first).
    pub(crate) fn run(&mut self, bound: u64, improved: &mut dyn FnMut(&Worker<'t>, usize)) -> Exit {
        let n = self.t.n;
        if n == 0 {
            return Exit::Solved;
        }
        loop {
            let d = match self.search(bound) {
                Stop::Reached(d) => d,
                Stop::Bound => return Exit::Bound,
                Stop::Exhausted => return Exit::Exhausted,
            };
            improved(self, d);
            if d == n && self.cum_b[d] == 0 {
                return Exit::Solved;
            }
            if d == n {
                // A complete board: take the last piece back and go on.
                self.depth = d - 1;
                self.used.clear(self.placed[d - 1].piece);
            }
            if self.nodes >= bound {
                return Exit::Bound;
            }
        }
    }

    /// The loop of [`Worker::run`] between two scores worth reporting: searches from
    /// [`Worker::depth`] until `bound` placements in all, the end of the search, or a placement
    /// whose partial score beats [`Worker::best_partial`] (or ties it, at most once every
    /// [`TIE_GAP`] placements), which it raises before it returns. The worker's arrays are
    /// borrowed once here, so the loop keeps their addresses in registers; its counts and depth
    /// are written back on return.
    fn search(&mut self, bound: u64) -> Stop {
        let t = self.t;
        let n = t.n;
        let steps = &t.steps[..n];
        let ranges = &t.ranges[..];
        let kw = t.kw;
        let cands = &self.cands[..];
        let used = &mut self.used;
        let placed = &mut self.placed[..n];
        let next = &mut self.next[..=n];
        let slots = &mut self.slots[..];
        let cum_b = &mut self.cum_b[..=n];
        let cum_h = &mut self.cum_h[..=n];
        let hist = &mut self.hist[..=n];
        let mut d = self.depth;
        let mut nodes = self.nodes;
        let best = self.best_partial;
        let next_tie = self.next_tie;
        loop {
            let step = steps[d];
            let key = usize::from(slots[step.south as usize]) * kw + usize::from(slots[step.west as usize]);
            let (lo, hi) = ranges[step.base as usize + key];
            let (lo, hi) = (lo as usize, hi as usize);
            let budget = step.allow - cum_b[d];
            let have = cum_h[d];
            let list = &cands[..hi];
            let mut i = lo + next[d] as usize;
            let mut found = None;
            while i < hi {
                let c = list[i];
                if c.breaks > budget {
                    break;
                }
                if !used.has(c.piece) {
                    if have + u16::from(c.heur) >= step.rate {
                        found = Some(c);
                        break;
                    }
                    // Below the curve. The rest of this number of mismatches has no more
                    // priority sides (the lists' order), but a candidate costing one more
                    // mismatch may have more: go on to those while the budget allows them.
                    if c.breaks >= budget {
                        break;
                    }
                    i += 1;
                    while i < hi && list[i].breaks == c.breaks {
                        i += 1;
                    }
                    continue;
                }
                i += 1;
            }
            match found {
                Some(c) => {
                    used.set(c.piece);
                    placed[d] = c;
                    next[d] = (i + 1 - lo) as u32;
                    slots[2 * d] = c.north;
                    slots[2 * d + 1] = c.east;
                    let breaks = cum_b[d] + c.breaks;
                    cum_b[d + 1] = breaks;
                    cum_h[d + 1] = have + u16::from(c.heur);
                    nodes += 1;
                    d += 1;
                    hist[d] += 1;
                    let score = u32::from(step.joins) - u32::from(breaks);
                    // Ties too: the same number of joins placed may complete to a better board.
                    // But a search that keeps coming back to its deepest level (a dead subtree,
                    // clues it cannot meet) ties at nearly every placement there, and completing
                    // a board costs as much as thousands of placements: a tie is completed at
                    // most once every `TIE_GAP` placements.
                    if score > best || (score == best && nodes >= next_tie) {
                        self.best_partial = score;
                        self.next_tie = nodes + TIE_GAP;
                        (self.depth, self.nodes) = (d, nodes);
                        return Stop::Reached(d);
                    }
                    if d == n {
                        // A complete board: take the last piece back and go on.
                        d -= 1;
                        used.clear(placed[d].piece);
                    }
                    if nodes >= bound {
                        (self.depth, self.nodes) = (d, nodes);
                        return Stop::Bound;
                    }
                }
                None => {
                    next[d] = 0;
                    if d == 0 {
                        (self.depth, self.nodes) = (0, nodes);
                        return Stop::Exhausted;
                    }
                    d -= 1;
                    used.clear(placed[d].piece);
                }
            }
        }
    }
}

/// Why [`Worker::search`] returned.
enum Stop {
    /// A placement brought the partial score to the best (raised first); the depth after it.
    Reached(usize),
    /// The node count reached the bound.
    Bound,
    /// The search of this restart's order is finished.
    Exhausted,
}

/// A set of pieces, a bit each, in a fixed number of words: every puzzle has at most
/// [`Puzzle::MAX_CELLS`] pieces, so a piece's word is found without a bounds check.
#[derive(Clone, Copy, Debug)]
struct Used([u64; USED_WORDS]);

/// The words of [`Used`].
const USED_WORDS: usize = Puzzle::MAX_CELLS / 64;

impl Used {
    /// The set of `words` (at most [`USED_WORDS`] of them).
    fn new(words: &[u64]) -> Used {
        let mut used = [0; USED_WORDS];
        used[..words.len()].copy_from_slice(words);
        Used(used)
    }

    #[inline(always)]
    fn has(&self, piece: u16) -> bool {
        self.0[Used::word(piece)] >> (piece & 63) & 1 == 1
    }

    #[inline(always)]
    fn set(&mut self, piece: u16) {
        self.0[Used::word(piece)] |= 1 << (piece & 63);
    }

    #[inline(always)]
    fn clear(&mut self, piece: u16) {
        self.0[Used::word(piece)] &= !(1 << (piece & 63));
    }

    /// The word of `piece` (under [`Puzzle::MAX_CELLS`], so the mask changes nothing).
    #[inline(always)]
    fn word(piece: u16) -> usize {
        usize::from(piece >> 6) & (USED_WORDS - 1)
    }
}
