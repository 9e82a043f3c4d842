//! Knuth's estimator of a search tree's size, and the choice of a scan order by it.
//!
//! A probe walks from the root to a leaf taking a child uniformly at random; with `k_1, k_2, …`
//! the numbers of children met along the way, `k_1 + k_1 k_2 + k_1 k_2 k_3 + …` is an unbiased
//! estimate of the number of nodes below the root (each node a placement, as the engine counts
//! them). The mean of many probes converges to the tree's size; a plan (`crate::plan`) takes
//! the cheapest order by that mean for `auto`, and the cheapest corner piece to pin.
//!
//! The probes read either engine (`probe.rs`): an order the row engine runs is probed on the
//! row engine's tables, linked for it, which its count then searches, and every corner on them
//! in row order; any other order on the ordered engine's, built for it. The tables are never
//! pinned: a corner's pins (`pin.rs`) are applied as the probes go. The estimates are, bit for
//! bit, those of the ordered engine built with each pin (the same candidates in the same order,
//! so the same random choices; `estimate/tests.rs`).
//!
//! Probes stop at a budget of their own, counted in candidates looked at (not in time, so that
//! a choice does not depend on the machine), and poll the search's [`Limits`] as they go: a
//! deadline or a signal stops the planning of a search as it stops the search.

use super::mode::Mode;
use super::order::Order;
use super::ordered::OrderedEngine;
use super::pin::Pin;
use super::probe::Probe;
use super::row::Engine;
use super::symmetry::Corner;
use crate::model::{Placement, Puzzle};
use puzzle_core::SplitMix64;
use search::Limits;

/// Candidates looked at between two looks at the limits' clock and interrupt flag (well under a
/// millisecond's work).
const POLL_STEPS: u64 = 4096;

/// The candidates the probes have looked at, and when they look at the limits next.
#[derive(Default)]
struct Steps {
    done: u64,
    next_poll: u64,
}

impl Steps {
    /// Counts `n` more candidates looked at; `false` when the limits say stop (looked at every
    /// [`POLL_STEPS`] candidates).
    #[inline]
    fn add(&mut self, n: u64, limits: &Limits<'_>) -> bool {
        self.done += n;
        if self.done >= self.next_poll {
            if limits.stopped() {
                return false;
            }
            self.next_poll = self.done + POLL_STEPS;
        }
        true
    }
}

// Public only to tests (`test-support`); a plan estimates through `estimate_order`.
#[cfg_attr(not(any(test, feature = "test-support")), allow(dead_code))]
/// The mean of `probes` Knuth probes of `engine`'s tree in `mode` (seeded by `seed`), stopping
/// early once the probes have looked at `max_steps` candidates (at least one probe is made).
/// Returns the estimated number of placements and the probes made; `None` when `limits` stop
/// the probes first (their deadline or interrupt flag, [`Limits::stopped`]: the node limit
/// counts a search's placements, not the probes').
///
/// With `tight`, the tree the tight loop of the row engine walks in `engine`'s order
/// (one that fills every cell after its north and west neighbours) in [`Mode::Pictures`]: a
/// candidate counts as a node, but its subtree is searched only if the cell the loop looks
/// ahead to (the next cell when its list depends on the candidate, else the east neighbour when
/// that one's north neighbour is placed, else the next cell) and the cell below keep a free
/// piece that fits. A probe picks among the candidates that pass, so the mean is again
/// unbiased. In [`Mode::Plain`] the look-ahead cuts nothing and the estimate is the same.
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::testing::{OrderedEngine, estimate_nodes};
/// use edge_match::{Limits, Mode, Order};
///
/// // One cell and one piece: every probe sees the same four turns, so the estimate is exact.
/// let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
/// let engine = OrderedEngine::new(&puzzle, &[], Order::Row);
/// assert_eq!(estimate_nodes(&engine, Mode::Plain, false, 10, u64::MAX, 1, &Limits::NONE), Some((4.0, 10)));
/// // A deadline already passed stops them.
/// let passed = Limits { deadline: Some(std::time::Instant::now()), ..Limits::NONE };
/// assert_eq!(estimate_nodes(&engine, Mode::Plain, false, 10, u64::MAX, 1, &passed), None);
/// // In the plain mode the look-ahead cuts nothing: the same probes give the same estimate.
/// let four = parse_puzzle("A+ B+ C+ D+\nA- B- C- D-\nA/ B/ C/ D/\nA* B* C* D*\n", &ParseOptions::default()).unwrap();
/// let engine = OrderedEngine::new(&four, &[], Order::Row);
/// let estimate = |tight| estimate_nodes(&engine, Mode::Plain, tight, 20, u64::MAX, 3, &Limits::NONE);
/// assert_eq!(estimate(true), estimate(false));
/// ```
pub fn estimate_nodes(
    engine: &OrderedEngine,
    mode: Mode,
    tight: bool,
    probes: usize,
    max_steps: u64,
    seed: u64,
    limits: &Limits<'_>,
) -> Option<(f64, usize)> {
    probe(engine, Pin::NONE, mode, tight, Probing { probes, max_steps, seed }, limits)
}

/// [`estimate_nodes`] of the tree of `engine` with `pin` applied (one of the searches a count
/// with a corner pinned reduces to): the estimate of the engine built with that pin, from the
/// same candidates in the same order, so the same probes.
fn probe(
    engine: &impl Probe,
    pin: Pin,
    mode: Mode,
    tight: bool,
    probing: Probing,
    limits: &Limits<'_>,
) -> Option<(f64, usize)> {
    match tight {
        true => tight_nodes(engine, pin, mode, probing, limits),
        false => plain_nodes(engine, pin, mode, probing, limits),
    }
}

/// How many probes, up to how many candidates looked at, from which seed.
#[derive(Clone, Copy)]
struct Probing {
    probes: usize,
    max_steps: u64,
    seed: u64,
}

/// [`estimate_nodes`] of the tree as the engine searches it.
fn plain_nodes(
    engine: &impl Probe,
    pin: Pin,
    mode: Mode,
    probing: Probing,
    limits: &Limits<'_>,
) -> Option<(f64, usize)> {
    let Probing { probes, max_steps, seed } = probing;
    let n = engine.n_cells();
    let mut rng = SplitMix64::new(seed);
    let (mut at_cell, mut used) = (vec![0u32; n], vec![0u64; engine.words()]);
    let mut children = Vec::new();
    let (mut sum, mut made, mut steps) = (0.0f64, 0usize, Steps::default());
    while made < probes.max(1) && (made == 0 || steps.done < max_steps) {
        used.iter_mut().for_each(|word| *word = 0);
        let (mut weight, mut total) = (1.0f64, 0.0f64);
        for depth in 0..n {
            children.clear();
            engine.children(depth, &at_cell, &used, mode, pin, |index| children.push(index));
            if !steps.add(children.len() as u64 + 1, limits) {
                return None;
            }
            if children.is_empty() {
                break;
            }
            weight *= children.len() as f64;
            total += weight;
            let index = children[rng.below(children.len())];
            at_cell[engine.cell_at(depth)] = index;
            let piece = engine.piece_of(index);
            used[piece / 64] |= 1 << (piece % 64);
        }
        sum += total;
        made += 1;
    }
    Some((sum / made as f64, made))
}

/// [`estimate_nodes`] of the tree the tight loop walks.
fn tight_nodes(
    engine: &impl Probe,
    pin: Pin,
    mode: Mode,
    probing: Probing,
    limits: &Limits<'_>,
) -> Option<(f64, usize)> {
    let Probing { probes, max_steps, seed } = probing;
    if mode == Mode::Plain {
        return plain_nodes(engine, pin, mode, probing, limits);
    }
    let n = engine.n_cells();
    let (rows, cols) = engine.shape();
    let mut depth_of = vec![0usize; n];
    for depth in 0..n {
        depth_of[engine.cell_at(depth)] = depth;
    }
    // Per depth: the cell looked ahead to and the cell below, if any.
    let looks: Vec<(Option<usize>, Option<usize>)> = (0..n)
        .map(|depth| {
            if depth + 1 == n {
                return (None, None);
            }
            let cell = engine.cell_at(depth);
            let next = engine.cell_at(depth + 1);
            let east = (cell % cols + 1 < cols).then_some(cell + 1);
            let north_placed = |other: usize| other < cols || depth_of[other - cols] < depth;
            let target = if next == cell + 1 && east.is_some() || next == cell + cols {
                next
            } else {
                match east {
                    Some(east) if north_placed(east) => east,
                    _ => next,
                }
            };
            (Some(target), (cell / cols + 1 < rows).then_some(cell + cols))
        })
        .collect();
    let mut rng = SplitMix64::new(seed);
    let (mut at_cell, mut used, mut placed) = (vec![0u32; n], vec![0u64; engine.words()], vec![false; n]);
    let (mut children, mut alive) = (Vec::new(), Vec::new());
    let (mut sum, mut made, mut steps) = (0.0f64, 0usize, Steps::default());
    while made < probes.max(1) && (made == 0 || steps.done < max_steps) {
        used.iter_mut().for_each(|word| *word = 0);
        placed.iter_mut().for_each(|cell| *cell = false);
        let (mut weight, mut total) = (1.0f64, 0.0f64);
        for (depth, &(target, below)) in looks.iter().enumerate() {
            children.clear();
            engine.children(depth, &at_cell, &used, mode, pin, |index| children.push(index));
            if !steps.add(children.len() as u64 + 1, limits) {
                return None;
            }
            total += weight * children.len() as f64;
            let cell = engine.cell_at(depth);
            alive.clear();
            placed[cell] = true;
            for &index in &children {
                at_cell[cell] = index;
                let piece = engine.piece_of(index);
                let fits = |other: Option<usize>| {
                    other.is_none_or(|other| engine.any_fit(other, &at_cell, &placed, &used, piece, pin))
                };
                if depth + 1 < n && fits(target) && fits(below) {
                    alive.push(index);
                }
            }
            if alive.is_empty() {
                break;
            }
            weight *= alive.len() as f64;
            let index = alive[rng.below(alive.len())];
            at_cell[cell] = index;
            let piece = engine.piece_of(index);
            used[piece / 64] |= 1 << (piece % 64);
        }
        sum += total;
        made += 1;
    }
    Some((sum / made as f64, made))
}

/// Probes per order for [`estimate_order`], and the candidates they may look at in all: the
/// budget binds only where one probe is long (boards of few colours, whose trees no estimate
/// ranks well anyway); every board of Gallicchio's suite and Brendan's sets up to 12×12 makes
/// its 4,000 probes within 1.4 M.
const PROBES: usize = 4000;
const PROBE_STEPS: u64 = 1_500_000;

/// The candidates an order's engine lists when it is built (every piece in every turn at every
/// cell): what building one costs before a probe is made, in the unit of a probe's budget.
pub(crate) fn build_candidates(puzzle: &Puzzle) -> u64 {
    let turns = if puzzle.rotate() { 4 } else { 1 };
    (puzzle.rows() * puzzle.cols()) as u64 * puzzle.pieces().len() as u64 * turns
}

/// The candidates the probes of one order (or one corner) may look at under `limits`: their
/// own budget `steps`, or the search's node limit where that is smaller, so that planning a
/// search costs no more than the search may.
fn budget(steps: u64, limits: &Limits<'_>) -> u64 {
    steps.min(limits.max_expanded.unwrap_or(u64::MAX))
}

/// One order's tables for the estimator, and the searches its estimate probes on them: with a
/// corner pinned, the pins of the searches a count reduces to (one, or two on an oblong board),
/// applied as the probes go; else the whole tree. An order the row engine runs is probed on
/// the row engine's tables linked for it, which its count then searches; any other on the
/// ordered engine's, built for it.
pub(crate) struct Probed {
    tables: Tables,
    pins: Vec<Pin>,
}

/// Either engine's tables.
enum Tables {
    Row(Box<Engine>),
    Ordered(Box<OrderedEngine>),
}

/// The tables whose trees [`estimate_order`] probes for a search of `puzzle` (with `clues`) in
/// `mode` and `order`: with a `corner` (a count of pictures through the board's turns), the
/// reduced searches' (as that count searches them); else the whole tree's, as the first
/// solution and `--all` search it. An order the row engine runs takes `row`'s tables (the
/// row engine's, without a corner), linked for it: nothing is built. `None` when `limits` stop
/// the building.
pub(crate) fn estimated_tables<'a>(
    puzzle: &Puzzle,
    clues: &[Option<Placement>],
    mode: Mode,
    order: Order,
    corner: Option<Corner>,
    row: impl FnOnce() -> &'a Engine,
    limits: &Limits<'_>,
) -> Option<Probed> {
    let corner = corner.filter(|_| mode == Mode::Pictures && clues.iter().all(Option::is_none));
    let tables = match order.north_west_first() {
        true => Tables::Row(Box::new(row().planned_from(order, None).expect("an order the row engine runs"))),
        false => Tables::Ordered(Box::new(OrderedEngine::build_within(puzzle, clues, order, |_, _| true, limits)?)),
    };
    let pins = match corner {
        Some(corner) => Pin::searches(corner.piece, puzzle.rows(), puzzle.cols()),
        None => vec![Pin::NONE],
    };
    Some(Probed { tables, pins })
}

/// The estimated placements of a search in `mode` of the trees of `probed` (one order's
/// [`estimated_tables`]) by Knuth's estimator (a fixed number of seeded probes, so that a
/// choice by it is reproducible). `None` when `limits` stop the probes; their node limit, where
/// it is below the probes' own budget, is theirs.
pub(crate) fn estimate_order(probed: &Probed, mode: Mode, limits: &Limits<'_>) -> Option<f64> {
    // Orders on the tight loop are estimated with its look-ahead, the others as they search.
    let probing = Probing { probes: PROBES, max_steps: budget(PROBE_STEPS, limits), seed: 0x5eed };
    let estimate = |&pin: &Pin| {
        match &probed.tables {
            Tables::Row(engine) => probe(&**engine, pin, mode, true, probing, limits),
            Tables::Ordered(engine) => probe(&**engine, pin, mode, false, probing, limits),
        }
        .map(|(nodes, _)| nodes)
    };
    probed.pins.iter().map(estimate).sum()
}

/// Probes per corner for [`cheapest_corner`], and the candidates they may look at in all.
const CORNER_PROBES: usize = 1000;
const CORNER_STEPS: u64 = 1_500_000;

/// Of `corners` (corner pieces unlike every other piece, on a framed board whose pieces turn),
/// the one whose count through the board's turns has the smallest tree: each fixed in the
/// top-left corner (and, on an oblong board, the search with it top-right too), the tree of the
/// tight loop in row order estimated by Knuth's probes (seeded, so the choice is
/// reproducible); ties go to the first. Any of them gives the same count; their trees differ
/// (Brendan's set 2 6×6: 7.96 M placements instead of the first corner's 10.23 M; on deeper
/// trees, such as the 7×7's, a thousand probes are too few to rank the corners reliably). The
/// corners are probed on `row`, the row engine's tables in row order without a corner, each
/// with its pins; a plan asks once and keeps the answer. `None` when `limits` stop the probes.
pub(crate) fn cheapest_corner(row: &Engine, corners: &[usize], limits: &Limits<'_>) -> Option<usize> {
    let probing = Probing { probes: CORNER_PROBES, max_steps: budget(CORNER_STEPS, limits), seed: 0x5eed };
    let probe = |&pin: &Pin| tight_nodes(row, pin, Mode::Pictures, probing, limits).map(|(nodes, _)| nodes);
    let (rows, cols) = Probe::shape(row);
    let mut best: Option<(f64, usize)> = None;
    for &corner in corners {
        let nodes: f64 = Pin::searches(corner, rows, cols).iter().map(probe).sum::<Option<f64>>()?;
        if best.is_none_or(|(least, _)| nodes < least) {
            best = Some((nodes, corner));
        }
    }
    best.map(|(_, corner)| corner)
}

#[cfg(test)]
mod tests;
