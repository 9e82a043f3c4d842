//! Counting by meeting in the middle (docs/algorithms.md, "the join"): the board's last rows
//! enumerated once into a table keyed by the colours their first row shows north and the
//! pieces they use (`join/bottom.rs`, keys in `join/key.rs`); the top rows walked by the tight
//! loop, each leaf (the top rows filled) a key of its south colours and the pieces it left,
//! sorted in buffers that fit the memory given and merged with the table (`join/meet.rs`).
//! Each solution is one top leaf and one bottom filling that meet, so the count is the walk's;
//! the placements are the top walk's and the enumeration's, far fewer than the walk's where the
//! tree is widest near the bottom.
//!
//! It counts in row order, plainly or pictures (through the board's turns where a corner is
//! pinned, and so the pictures up to the turns), on boards without clues whose key fits 128
//! bits; the plan (`crate::plan`) takes it where its estimate, from Knuth's probes of both
//! halves, is well under the walk's and the table fits the memory.

mod bottom;
mod key;
mod leaves;
mod meet;

use puzzle_core::SplitMix64;
use search::walk::{self, Counts, Observe, Walk, Watch};
use search::Limits;

use super::kept::Kept;
use super::mode::Mode;
use super::order::Order;
use super::row::{Candidate, Engine};
use super::searches::PlacingWalk;
use super::symmetry::count_in_turn;
use super::walk::RowWalk;
use bottom::{bottom_table, ENTRY_BYTES};
use key::KeyLayout;

/// The memory a join may use when none is given: the table and the sort buffers, in bytes.
pub(crate) const DEFAULT_MEMORY: u64 = 2 << 30;

/// Bytes per top leaf in a sort buffer.
const LEAF_BYTES: u64 = 16;

/// The estimated cost of a top leaf and of a bottom filling, in placements of the tight loop:
/// a key made, sorted and merged.
const LEAF_COST: f64 = 4.0;
const FILLING_COST: f64 = 4.0;

/// Knuth probes per half for the plan, and the candidates they may look at in all.
const PROBES: usize = 4000;
const PROBE_STEPS: u64 = 4_000_000;

/// The walk's trees under this many estimated placements are left to it: a join could save
/// at most a few milliseconds there, and the walk's placements are the figures small boards
/// are known by.
const MIN_WALK: f64 = 2e8;

/// A count planned as a join: the top searches (one, or the corner split's), the rows they
/// fill, and the memory the table and buffers may use.
#[derive(Clone, Debug)]
pub(crate) struct Join {
    engines: Vec<Engine>,
    /// The row engine without a corner pinned, whose top rows turned are the bottom rows.
    bottom: Engine,
    mode: Mode,
    /// The cells of the top rows (a multiple of the columns).
    depth: usize,
    layout: KeyLayout,
    memory: u64,
    /// The keys a sort buffer holds in all, where not what the memory leaves (tests: small
    /// buffers, many merges).
    buffer: Option<usize>,
    /// The estimated placements of the join and of the walk it replaces.
    pub(crate) estimate: f64,
    pub(crate) walk_estimate: f64,
}

impl Join {
    /// A join counting `puzzle` in `mode` with the top rows' searches `engines` (row order: the
    /// whole tree, or the corner split's searches), its first `top_rows` rows above the meeting
    /// ; `None` where it does not apply (clues, more than one row asked below or above, a key
    /// over 128 bits, the tight loop).
    pub(crate) fn new(engines: Vec<Engine>, bottom: Engine, mode: Mode, top_rows: usize, memory: u64) -> Option<Join> {
        let first = engines.first()?;
        let (rows, cols) = (first.puzzle.rows(), first.cols);
        if top_rows == 0 || top_rows >= rows || first.fixed.iter().any(Option::is_some) || first.order != Order::Row {
            return None;
        }
        if first.piece_masks.is_empty() || first.cells > 64 * first.words {
            return None;
        }
        let layout = KeyLayout::new(&first.puzzle, mode)?;
        Some(Join {
            engines,
            bottom,
            mode,
            depth: top_rows * cols,
            layout,
            memory,
            buffer: None,
            estimate: 0.0,
            walk_estimate: 0.0,
        })
    }

    /// The rows above the meeting.
    pub(crate) fn top_rows(&self) -> usize {
        self.depth / self.engines[0].cols
    }

    /// Counts the solutions, each picture found standing for `turns` (the board's turns, where
    /// the searches are the corner split's; else 1); `None` when the bottom rows have more
    /// fillings than the memory holds (the count is then the walk's to make, and `kept` is
    /// left as it was).
    ///
    /// Where `kept` was asked for boards, the meeting keeps the first top leaves that meet the
    /// table, and their bottom rows are filled by a walk below each of those leaves in turn,
    /// until the boards are enough: the first solutions of the whole walk, in its order.
    pub(crate) fn count(&self, turns: u64, watch: &Watch<'_>, observe: Observe<'_>, kept: &mut Kept) -> Option<Counts> {
        let max_fillings = self.memory / 2 / ENTRY_BYTES;
        let first_row = self.top_rows();
        let Some(table) = bottom_table(&self.bottom, self.mode, first_row, &self.layout, max_fillings, watch) else {
            return watch.stopped().then(|| Counts { stopped: true, ..Counts::default() });
        };
        let table_bytes = table.keys.len() as u64 * ENTRY_BYTES;
        let buffer =
            self.buffer.unwrap_or((self.memory.saturating_sub(table_bytes) / LEAF_BYTES).max(1 << 16) as usize);
        let failed = std::cell::Cell::new(false);
        let (cols, keys) = (self.engines[0].cols, self.engines[0].keys);
        let tree = bottom::boundary_tree(&table, &self.layout, cols, keys);
        let keep = kept.room() as u64;
        let mut first_leaves = Vec::new();
        let mut counts = count_in_turn(&self.engines, watch, |engine, part| {
            let meeting = meet::Meeting { depth: self.depth, layout: &self.layout, table: &table, tree: &tree, buffer };
            let met = meet::meet(engine, self.mode, &meeting, part, observe, keep);
            failed.set(failed.get() || met.is_none());
            let (counts, leaves) = met.unwrap_or_default();
            first_leaves.push(leaves);
            counts
        });
        if failed.get() {
            return None;
        }
        for (engine, leaves) in self.engines.iter().zip(first_leaves) {
            fill_below(engine, self.mode, &leaves, watch, kept);
        }
        counts.solutions *= turns;
        counts.nodes += table.nodes;
        counts.stopped |= watch.stopped();
        Some(counts)
    }

    /// The join for counting `puzzle` in `mode` (with `corner` pinned: the corner split's
    /// searches) within `memory` bytes, if one applies and Knuth's probes estimate it well
    /// under the walk's placements (or `force`: the top rows given, whatever the estimate).
    /// `None` when the probes are stopped by `limits`, too.
    #[cfg(test)]
    pub(crate) fn plan(
        puzzle: &crate::model::Puzzle,
        clues: &[Option<crate::model::Placement>],
        mode: Mode,
        corner: Option<super::symmetry::Corner>,
        memory: u64,
        force: Option<usize>,
        limits: &Limits<'_>,
    ) -> Option<Join> {
        let engine = Engine::planned(puzzle, clues, Order::Row, corner, 1)?;
        Join::plan_on(&engine, mode, memory, force, limits)
    }

    /// [`Join::plan`] on the tables of `engine`, a plan's row engine in any order it runs, whose
    /// corner is the count's: the join's searches are its tables in row order and its corner
    /// split, which the engine keeps for its own count, so that nothing is built twice.
    pub(crate) fn plan_on(
        engine: &Engine,
        mode: Mode,
        memory: u64,
        force: Option<usize>,
        limits: &Limits<'_>,
    ) -> Option<Join> {
        let (puzzle, corner) = (&engine.puzzle, engine.corner);
        if engine.fixed.iter().any(Option::is_some) || puzzle.rows() < 2 {
            return None;
        }
        // The split derived on the engine itself (kept for its count), then linked in row order.
        let _ = engine.corner_split();
        let row = engine.in_row_order();
        let engines = match row.corner_split() {
            Some(split) => split.to_vec(),
            None => vec![row.clone()],
        };
        let whole = Engine { corner: None, split: std::sync::OnceLock::new(), ..row };
        if let Some(top_rows) = force {
            return Join::new(engines, whole, mode, top_rows, memory);
        }
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let mut by_depth = vec![0.0; rows * cols];
        for engine in &engines {
            for (depth, nodes) in probe_depths(engine, mode, limits)?.into_iter().enumerate() {
                by_depth[depth] += nodes;
            }
        }
        let walk: f64 = by_depth.iter().sum();
        if walk < MIN_WALK {
            return None;
        }
        // Where pieces turn, the bottom rows are the top rows of the board turned by half a
        // turn, the same puzzle: their enumeration is the whole tree's top (no corner pinned).
        let whole_by_depth = match corner {
            Some(_) if puzzle.rotate() => Some(probe_depths(&whole, mode, limits)?),
            None if puzzle.rotate() => Some(by_depth.clone()),
            _ => None,
        };
        let max_fillings = (memory / 2 / ENTRY_BYTES) as f64;
        let mut best: Option<(f64, usize)> = None;
        // The bottom rows from one up to three (more would not fit any memory the join is given).
        for top_rows in (rows.saturating_sub(3).max(1)..rows).rev() {
            let (nodes, fillings) = match &whole_by_depth {
                Some(whole) => {
                    let depth = (rows - top_rows) * cols;
                    (whole[..depth].iter().sum(), whole[depth - 1])
                }
                None => bottom::estimate(puzzle, mode, top_rows, PROBES, PROBE_STEPS, limits)?,
            };
            if fillings > max_fillings / 2.0 {
                continue;
            }
            let depth = top_rows * cols;
            let top: f64 = by_depth[..depth].iter().sum();
            let cost = top + LEAF_COST * by_depth[depth - 1] + nodes + FILLING_COST * fillings;
            if best.is_none_or(|(least, _)| cost < least) {
                best = Some((cost, top_rows));
            }
        }
        let (cost, top_rows) = best?;
        if cost > walk / 2.0 {
            return None;
        }
        let mut join = Join::new(engines, whole, mode, top_rows, memory)?;
        (join.estimate, join.walk_estimate) = (cost, walk);
        Some(join)
    }
}

/// The solutions below each of `leaves` (top leaves of `engine`'s tree in `mode`) in the walk's
/// order, to `kept` until it wants no more.
fn fill_below(engine: &Engine, mode: Mode, leaves: &[Vec<Candidate>], watch: &Watch<'_>, kept: &mut Kept) {
    for leaf in leaves {
        if !kept.wants() {
            return;
        }
        let mut walk = RowWalk::new(engine, mode);
        walk::resume(&mut walk, leaf);
        walk::for_each(&mut walk, watch, &mut |solved| {
            kept.offer(|| solved.placements());
            kept.wants()
        });
    }
}

/// Knuth's estimate of the placements the walk of `engine` in `mode` makes at each depth
/// (seeded probes: reproducible); `None` when `limits` stop them.
fn probe_depths(engine: &Engine, mode: Mode, limits: &Limits<'_>) -> Option<Vec<f64>> {
    let mut sums = vec![0.0; engine.cells];
    let mut rng = SplitMix64::new(0x5eed);
    let (mut made, mut steps) = (0usize, 0u64);
    let mut children = Vec::new();
    while made < PROBES && (made == 0 || steps < PROBE_STEPS) {
        if limits.stopped() {
            return None;
        }
        let mut walk = RowWalk::new(engine, mode);
        let mut weight = 1.0;
        for sum in sums.iter_mut() {
            children.clear();
            while let Some(c) = walk.advance() {
                children.push(c);
            }
            steps += children.len() as u64 + 1;
            if children.is_empty() {
                break;
            }
            weight *= children.len() as f64;
            *sum += weight;
            walk.push(children[rng.below(children.len())]);
        }
        made += 1;
    }
    Some(sums.into_iter().map(|sum| sum / made as f64).collect())
}

#[cfg(test)]
mod tests;
