//! IDA* specialised for sliding puzzles: the board is mutated in place, the heuristic is updated
//! from the one tile that moved, and the move that undoes the previous one is never tried.
//!
//! Moves are tried in [`MOVE_ORDER`](crate::MOVE_ORDER), so the path returned is the first optimal
//! path in that order: the same path whatever the heuristic and however many threads search.
//! Large iterations are split at a fixed depth into subtrees searched in parallel; the answer is
//! taken from the first subtree (in move order) that holds one, so it does not depend on timing.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Arc;

use puzzle_core::Direction;
use rayon::prelude::*;
use search::Limits;

use crate::heuristic::PdbHeuristic;
use crate::MOVE_ORDER;

pub(crate) mod units;

/// A board as the search sees it: `board[cell]` is the goal cell of the tile there (the blank's
/// goal cell for the blank), `pos[tile]` the inverse.
#[derive(Clone, Debug)]
pub(crate) struct State {
    pub(crate) board: Vec<u8>,
    pub(crate) pos: Vec<u8>,
    pub(crate) blank: u8,
}

/// The geometry shared by every node.
pub(crate) struct Geometry {
    /// `neighbour[cell][dir]`: the cell the blank reaches moving `dir` (`u8::MAX` off the board).
    neighbour: Vec<[u8; 4]>,
    /// `distance[tile][cell]`: Manhattan distance of `tile` at `cell` from its goal cell.
    distance: Vec<Vec<u8>>,
    cols: usize,
}

impl Geometry {
    pub(crate) fn new(rows: usize, cols: usize) -> Geometry {
        let n = rows * cols;
        let neighbour = (0..n)
            .map(|cell| {
                let (r, c) = (cell / cols, cell % cols);
                let mut out = [u8::MAX; 4];
                for dir in Direction::ALL {
                    let (dr, dc) = dir.delta();
                    let (nr, nc) = (r as isize + dr, c as isize + dc);
                    if (0..rows as isize).contains(&nr) && (0..cols as isize).contains(&nc) {
                        out[dir.index()] = (nr as usize * cols + nc as usize) as u8;
                    }
                }
                out
            })
            .collect();
        let distance = (0..n)
            .map(|tile| {
                (0..n)
                    .map(|cell| ((tile / cols).abs_diff(cell / cols) + (tile % cols).abs_diff(cell % cols)) as u8)
                    .collect()
            })
            .collect();
        Geometry { neighbour, distance, cols }
    }
}

/// A lower bound kept up to date as tiles move.
pub(crate) trait Estimate: Clone + Send {
    /// What [`Estimate::restore`] needs to undo one update.
    type Saved: Copy;
    /// What one move adds to the cost `g`, in the units of the estimate: 1 for the admissible
    /// estimates, the weight's denominator for a weighted one (`within::Weighted`), so that
    /// `f = g + h` stays in integers.
    const STEP: u32 = 1;
    /// The bound for `state`, computed from scratch.
    fn reset(&mut self, geometry: &Geometry, state: &State) -> u32;
    /// The bound after `tile` moved from `from` to `to` (`state` already updated).
    fn update(&mut self, geometry: &Geometry, state: &State, tile: u8, from: u8, to: u8) -> (u32, Self::Saved);
    /// Undoes the update that returned `saved`.
    fn restore(&mut self, saved: Self::Saved);
}

fn manhattan(geometry: &Geometry, state: &State, blank_tile: u8) -> u32 {
    state
        .pos
        .iter()
        .enumerate()
        .filter(|&(tile, _)| tile != usize::from(blank_tile))
        .map(|(tile, &cell)| u32::from(geometry.distance[tile][usize::from(cell)]))
        .sum()
}

/// The Manhattan distance.
#[derive(Clone)]
pub(crate) struct Manhattan {
    pub(crate) blank_tile: u8,
    pub(crate) value: u32,
}

impl Estimate for Manhattan {
    type Saved = u32;

    fn reset(&mut self, geometry: &Geometry, state: &State) -> u32 {
        self.value = manhattan(geometry, state, self.blank_tile);
        self.value
    }

    #[inline]
    fn update(&mut self, geometry: &Geometry, _: &State, tile: u8, from: u8, to: u8) -> (u32, u32) {
        let saved = self.value;
        let d = &geometry.distance[usize::from(tile)];
        self.value = self.value + u32::from(d[usize::from(to)]) - u32::from(d[usize::from(from)]);
        (self.value, saved)
    }

    fn restore(&mut self, saved: u32) {
        self.value = saved;
    }
}

/// Manhattan distance plus linear conflicts, kept per row and per column.
#[derive(Clone)]
pub(crate) struct LinearConflict {
    pub(crate) manhattan: Manhattan,
    pub(crate) rows: usize,
    /// Extra moves per row, then per column.
    pub(crate) lines: Vec<u32>,
    pub(crate) extra: u32,
}

impl LinearConflict {
    pub(crate) fn new(blank_tile: u8, rows: usize, cols: usize) -> LinearConflict {
        LinearConflict { manhattan: Manhattan { blank_tile, value: 0 }, rows, lines: vec![0; rows + cols], extra: 0 }
    }

    /// Extra moves for one line: tiles in the line whose goal is in the line must come out of
    /// it, two moves each, until the rest appear in goal order (the longest increasing run of
    /// goal positions stays).
    fn line_extra(&self, geometry: &Geometry, state: &State, line: usize) -> u32 {
        let cols = geometry.cols;
        // A line holds at most 255 cells (the specialised search takes boards of up to 255
        // cells), so one byte per entry and 256 entries cover any line of any shape.
        let mut goals = [0u8; 256];
        let mut n = 0;
        let (first, step, len) =
            if line < self.rows { (line * cols, 1, cols) } else { (line - self.rows, cols, self.rows) };
        for cell in (0..len).map(|i| first + i * step) {
            let tile = usize::from(state.board[cell]);
            if tile == usize::from(self.manhattan.blank_tile) {
                continue;
            }
            let home = if line < self.rows { tile / cols == line } else { tile % cols == line - self.rows };
            if home {
                goals[n] = tile as u8;
                n += 1;
            }
        }
        2 * (n as u32 - longest_increasing(&goals[..n]))
    }
}

/// The length of the longest strictly increasing subsequence of `values` (patience sorting:
/// `tails[k]` is the smallest last value of an increasing run of length `k + 1`).
fn longest_increasing(values: &[u8]) -> u32 {
    let mut tails = [0u8; 256];
    let mut len = 0;
    for &value in values {
        let at = tails[..len].partition_point(|&tail| tail < value);
        tails[at] = value;
        len = len.max(at + 1);
    }
    len as u32
}

impl Estimate for LinearConflict {
    type Saved = (u32, u32, usize, u32, usize, u32);

    fn reset(&mut self, geometry: &Geometry, state: &State) -> u32 {
        self.manhattan.reset(geometry, state);
        for line in 0..self.lines.len() {
            self.lines[line] = self.line_extra(geometry, state, line);
        }
        self.extra = self.lines.iter().sum();
        self.manhattan.value + self.extra
    }

    fn update(&mut self, geometry: &Geometry, state: &State, tile: u8, from: u8, to: u8) -> (u32, Self::Saved) {
        let (md, md_saved) = self.manhattan.update(geometry, state, tile, from, to);
        let cols = geometry.cols;
        let (from, to) = (usize::from(from), usize::from(to));
        // A vertical move changes two rows, a horizontal one two columns.
        let (a, b) = if from / cols != to / cols {
            (from / cols, to / cols)
        } else {
            (self.rows + from % cols, self.rows + to % cols)
        };
        let saved = (md_saved, self.extra, a, self.lines[a], b, self.lines[b]);
        let (new_a, new_b) = (self.line_extra(geometry, state, a), self.line_extra(geometry, state, b));
        self.extra = self.extra - self.lines[a] - self.lines[b] + new_a + new_b;
        self.lines[a] = new_a;
        self.lines[b] = new_b;
        (md + self.extra, saved)
    }

    fn restore(&mut self, saved: Self::Saved) {
        let (md, extra, a, va, b, vb) = saved;
        self.manhattan.restore(md);
        self.extra = extra;
        self.lines[a] = va;
        self.lines[b] = vb;
    }
}

/// Manhattan distance plus twice the pattern databases' excess.
#[derive(Clone)]
pub(crate) struct Pdb {
    pub(crate) manhattan: Manhattan,
    pub(crate) heuristic: Arc<PdbHeuristic>,
    pub(crate) excess: Vec<u8>,
}

/// Lookups a heuristic may have: parts times symmetries.
const MAX_LOOKUPS: usize = 16;

impl Estimate for Pdb {
    type Saved = (u32, [u8; MAX_LOOKUPS]);

    fn reset(&mut self, geometry: &Geometry, state: &State) -> u32 {
        self.manhattan.reset(geometry, state);
        self.excess = self.heuristic.lookups.iter().map(|l| l.excess(&state.pos)).collect();
        self.manhattan.value + 2 * self.heuristic.combine(&self.excess)
    }

    #[inline]
    fn update(&mut self, geometry: &Geometry, state: &State, tile: u8, from: u8, to: u8) -> (u32, Self::Saved) {
        let mut saved = [0u8; MAX_LOOKUPS];
        saved[..self.excess.len()].copy_from_slice(&self.excess);
        let (md, md_saved) = self.manhattan.update(geometry, state, tile, from, to);
        for &i in &self.heuristic.by_tile[usize::from(tile)] {
            self.excess[i] = self.heuristic.lookups[i].excess(&state.pos);
        }
        (md + 2 * self.heuristic.combine(&self.excess), (md_saved, saved))
    }

    fn restore(&mut self, (md, saved): Self::Saved) {
        self.manhattan.restore(md);
        let n = self.excess.len();
        self.excess.copy_from_slice(&saved[..n]);
    }
}

impl Pdb {
    pub(crate) fn fits(heuristic: &PdbHeuristic) -> bool {
        heuristic.lookups.len() <= MAX_LOOKUPS
    }
}

/// How an IDA* run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    Found(Vec<Direction>),
    GaveUp,
    /// Every node within reach was searched without finding the goal (only `large` says so;
    /// parity rules it out for the boards searched).
    Exhausted,
}

/// What the search did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    pub(crate) ending: Ending,
    /// Nodes visited (depends on the thread count when subtrees run in parallel).
    pub(crate) nodes: u64,
    /// The least `f` cut off by the last iteration that ran to its end without finding a path
    /// (the bound of the iteration after it); `None` when no iteration ran to its end without
    /// one. Every path to the goal has a node with `f` at least this much (`within` turns it
    /// into a lower bound on the optimum).
    pub(crate) cut: Option<u32>,
}

/// Iterations larger than this are split into subtrees for the thread pool.
pub(crate) const SPLIT_NODES: u64 = 1 << 20;

/// Shared between the threads of one board's search.
struct Budget<'a> {
    limits: &'a Limits<'a>,
    nodes: AtomicU64,
    stop: AtomicBool,
    /// Nodes between two looks at the budget: small when the node limit is small.
    interval: u64,
}

impl Budget<'_> {
    /// Adds `nodes` to the count; `false` once a limit is reached.
    fn spend(&self, nodes: u64) -> bool {
        let total = self.nodes.fetch_add(nodes, Relaxed) + nodes;
        if let Some(progress) = self.limits.progress {
            progress.nodes.fetch_add(nodes, Relaxed);
        }
        let over = self.limits.max_expanded.is_some_and(|max| total >= max)
            || self.limits.interrupted()
            || self.limits.deadline.is_some_and(|d| std::time::Instant::now() >= d);
        if over {
            self.stop.store(true, Relaxed);
        }
        !over && !self.stop.load(Relaxed)
    }
}

/// The most nodes between two looks at the shared budget.
const BUDGET_INTERVAL: u64 = 1 << 12;

struct Dfs<'a, E> {
    geometry: &'a Geometry,
    state: State,
    estimate: E,
    bound: u32,
    next_bound: u32,
    path: Vec<Direction>,
    nodes: u64,
    unspent: u64,
    budget: &'a Budget<'a>,
    /// A subtree earlier in move order that already found a path: stop this one.
    cancel: Option<(&'a AtomicUsize, usize)>,
    gave_up: bool,
}

impl<'a, E: Estimate> Dfs<'a, E> {
    /// A search of `state` within `bound`, from scratch.
    fn new(
        geometry: &'a Geometry,
        state: &State,
        estimate: &E,
        bound: u32,
        budget: &'a Budget<'a>,
        cancel: Option<(&'a AtomicUsize, usize)>,
    ) -> Dfs<'a, E> {
        Dfs {
            geometry,
            state: state.clone(),
            estimate: estimate.clone(),
            bound,
            next_bound: u32::MAX,
            path: Vec::new(),
            nodes: 0,
            unspent: 0,
            budget,
            cancel,
            gave_up: false,
        }
    }

    #[inline]
    fn slide(&mut self, dir: Direction) -> Option<(u8, u8, u8)> {
        slide_blank(self.geometry, &mut self.state, dir)
    }

    /// Depth-first search below the current node with cost `g` and bound `h`; `true` when the
    /// goal was reached (the path is in `self.path`).
    fn search(&mut self, g: u32, h: u32, previous: Option<Direction>) -> bool {
        self.nodes += 1;
        self.unspent += 1;
        if self.unspent == self.budget.interval {
            self.unspent = 0;
            let cancelled = self.cancel.is_some_and(|(first, me)| first.load(Relaxed) < me);
            if cancelled || !self.budget.spend(self.budget.interval) {
                self.gave_up = true;
            }
        }
        if self.gave_up {
            return false;
        }
        if h == 0 {
            return true;
        }
        for dir in MOVE_ORDER {
            if previous == Some(dir.opposite()) {
                continue;
            }
            let Some((tile, from, to)) = self.slide(dir) else { continue };
            let (child_h, saved) = self.estimate.update(self.geometry, &self.state, tile, from, to);
            let f = g + E::STEP + child_h;
            if f <= self.bound {
                self.path.push(dir);
                if self.search(g + E::STEP, child_h, Some(dir)) {
                    return true;
                }
                self.path.pop();
            } else {
                self.next_bound = self.next_bound.min(f);
            }
            self.estimate.restore(saved);
            self.slide(dir.opposite());
        }
        false
    }
}

/// Moves the blank of `state` by `dir`: the tile that moved, the cell it left and the cell it
/// reached, or `None` off the board.
#[inline]
fn slide_blank(geometry: &Geometry, state: &mut State, dir: Direction) -> Option<(u8, u8, u8)> {
    let from_blank = state.blank;
    let to = geometry.neighbour[usize::from(from_blank)][dir.index()];
    if to == u8::MAX {
        return None;
    }
    let tile = state.board[usize::from(to)];
    let blank_tile = state.board[usize::from(from_blank)];
    state.board[usize::from(from_blank)] = tile;
    state.board[usize::from(to)] = blank_tile;
    state.pos[usize::from(tile)] = from_blank;
    state.pos[usize::from(blank_tile)] = to;
    state.blank = to;
    Some((tile, to, from_blank))
}

/// Finds the first optimal path (in move order) from `state` to the goal, whose tiles are their
/// own goal cells. The board must be solvable.
pub(crate) fn idastar<E: Estimate + Sync>(
    geometry: &Geometry,
    state: &State,
    mut estimate: E,
    limits: &Limits<'_>,
    split_nodes: u64,
) -> Run {
    let interval = limits.max_expanded.map_or(BUDGET_INTERVAL, |max| (max / 16).clamp(1, BUDGET_INTERVAL));
    let budget = Budget { limits, nodes: AtomicU64::new(0), stop: AtomicBool::new(false), interval };
    let h = estimate.reset(geometry, state);
    let mut bound = h;
    let mut total = 0u64;
    let mut split = false;
    let mut cut = None;
    loop {
        let (found, next_bound, nodes, gave_up) = if split {
            parallel_iteration(geometry, state, &estimate, h, bound, &budget)
        } else {
            let mut dfs = Dfs::new(geometry, state, &estimate, bound, &budget, None);
            let found = dfs.search(0, h, None).then(|| dfs.path.clone());
            (found, dfs.next_bound, dfs.nodes, dfs.gave_up)
        };
        total += nodes;
        if let Some(path) = found {
            return Run { ending: Ending::Found(path), nodes: total, cut };
        }
        if gave_up || next_bound == u32::MAX {
            // `u32::MAX` would mean an exhausted space, which parity rules out for the boards
            // given here; the caller's check reports it if it ever happens.
            return Run { ending: Ending::GaveUp, nodes: total, cut };
        }
        cut = Some(next_bound);
        split |= nodes >= split_nodes && rayon::current_num_threads() > 1;
        bound = next_bound;
        if let Some(progress) = limits.progress {
            // In moves: a weighted search counts hundredths.
            progress.bound.store(u64::from(bound / E::STEP), Relaxed);
        }
    }
}

/// One iteration with the tree cut at a fixed depth: the subtrees are searched in parallel, and
/// the first one in move order that reaches the goal gives the path.
fn parallel_iteration<E: Estimate + Sync>(
    geometry: &Geometry,
    state: &State,
    estimate: &E,
    h: u32,
    bound: u32,
    budget: &Budget<'_>,
) -> (Option<Vec<Direction>>, u32, u64, bool) {
    // Cut deep enough for many more subtrees than threads.
    let want = 32 * rayon::current_num_threads();
    let mut depth = 1;
    let (mut roots, mut cut_above) = frontier(geometry, state, estimate, h, bound, depth);
    while roots.len() < want && depth < 16 {
        depth += 1;
        let (deeper, deeper_cut) = frontier(geometry, state, estimate, h, bound, depth);
        if deeper.is_empty() {
            break;
        }
        (roots, cut_above) = (deeper, deeper_cut);
    }
    let first = AtomicUsize::new(usize::MAX);
    let results: Vec<(Option<Vec<Direction>>, u32, u64, bool)> = roots
        .par_iter()
        .enumerate()
        .map(|(index, prefix)| {
            if first.load(Relaxed) < index {
                return (None, u32::MAX, 0, false);
            }
            let mut dfs = Dfs::new(geometry, state, estimate, bound, budget, Some((&first, index)));
            let mut g = 0;
            let mut h = h;
            for &dir in prefix {
                let Some((tile, from, to)) = dfs.slide(dir) else { unreachable!("prefix moves stay on the board") };
                h = dfs.estimate.update(geometry, &dfs.state, tile, from, to).0;
                g += E::STEP;
            }
            dfs.path = prefix.clone();
            if g + h > bound {
                return (None, g + h, 0, false);
            }
            let found = dfs.search(g, h, prefix.last().copied());
            if found {
                first.fetch_min(index, Relaxed);
                return (Some(dfs.path), dfs.next_bound, dfs.nodes, false);
            }
            let cancelled = first.load(Relaxed) < index;
            (None, dfs.next_bound, dfs.nodes, dfs.gave_up && !cancelled)
        })
        .collect();
    let nodes = results.iter().map(|r| r.2).sum();
    let gave_up = results.iter().any(|r| r.3);
    // The nodes cut above the roots count too: without them the next bound could skip a value
    // that a path needs, and the first path found would no longer be the shortest.
    let next_bound = results.iter().map(|r| r.1).min().unwrap_or(u32::MAX).min(cut_above);
    let found = results.into_iter().find_map(|r| r.0);
    let gave_up = gave_up && found.is_none();
    (found, next_bound, nodes, gave_up)
}

/// The move sequences of exactly `depth` moves within `bound`, in move order (a path that reaches
/// the goal earlier is kept as its own entry so it cannot be lost), and the least `f` of the
/// nodes cut off above that depth (`u32::MAX` when none was).
fn frontier<E: Estimate>(
    geometry: &Geometry,
    state: &State,
    estimate: &E,
    h: u32,
    bound: u32,
    depth: usize,
) -> (Vec<Vec<Direction>>, u32) {
    struct Cut<'a, E> {
        walker: Dfs<'a, E>,
        depth: usize,
        out: Vec<Vec<Direction>>,
        least_cut: u32,
    }
    impl<E: Estimate> Cut<'_, E> {
        fn walk(&mut self, g: u32, h: u32) {
            if self.walker.path.len() == self.depth || h == 0 {
                self.out.push(self.walker.path.clone());
                return;
            }
            for dir in MOVE_ORDER {
                if self.walker.path.last() == Some(&dir.opposite()) {
                    continue;
                }
                let Some((tile, from, to)) = self.walker.slide(dir) else { continue };
                let (child_h, saved) =
                    self.walker.estimate.update(self.walker.geometry, &self.walker.state, tile, from, to);
                let f = g + E::STEP + child_h;
                if f <= self.walker.bound {
                    self.walker.path.push(dir);
                    self.walk(g + E::STEP, child_h);
                    self.walker.path.pop();
                } else {
                    self.least_cut = self.least_cut.min(f);
                }
                self.walker.estimate.restore(saved);
                self.walker.slide(dir.opposite());
            }
        }
    }
    let budget = Budget { limits: &Limits::NONE, nodes: AtomicU64::new(0), stop: AtomicBool::new(false), interval: 1 };
    let walker = Dfs::new(geometry, state, estimate, bound, &budget, None);
    let mut cut = Cut { walker, depth, out: Vec::new(), least_cut: u32::MAX };
    cut.walk(0, h);
    (cut.out, cut.least_cut)
}

#[cfg(test)]
mod tests {
    use super::longest_increasing;

    /// The longest increasing subsequence by trying every subset: the plain definition.
    fn brute_force(values: &[u8]) -> u32 {
        (0u32..1 << values.len())
            .filter(|subset| {
                let picked: Vec<u8> = (0..values.len()).filter(|i| subset >> i & 1 == 1).map(|i| values[i]).collect();
                picked.windows(2).all(|w| w[0] < w[1])
            })
            .map(u32::count_ones)
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn longest_increasing_matches_the_definition() {
        let mut seed = 0x2545_f491_u64;
        for len in 0..=12 {
            for _ in 0..40 {
                let values: Vec<u8> = (0..len)
                    .map(|_| {
                        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                        (seed >> 58) as u8
                    })
                    .collect();
                assert_eq!(longest_increasing(&values), brute_force(&values), "{values:?}");
            }
        }
        // A line of 254 tiles in goal order, the longest a board of 255 cells can hold.
        let sorted: Vec<u8> = (0..254).collect();
        assert_eq!(longest_increasing(&sorted), 254);
    }
}
