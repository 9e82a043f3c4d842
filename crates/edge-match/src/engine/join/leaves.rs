//! The top rows of a board on rayon's threads, every partial board of those rows to a sink:
//! the tight loop stopped short (`count_loop.rs`, [`RowWalk::leaves`]), for both halves of a
//! join (the top leaves, `meet.rs`; the bottom rows turned, `bottom.rs`).

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use rayon::prelude::*;
use search::walk::{self, Counts, Observe, Walk, Watch};

use super::super::count_loop::{Leaves, Stop};
use super::super::mode::Mode;
use super::super::parallel::{deepest_cut, SUBTREES};
use super::super::row::Engine;
use super::super::walk::RowWalk;

/// Every leaf of `engine`'s tree in `mode` stopped at `stop` (the tight loop), on rayon's
/// threads: the tree cut as a count cuts it, each thread taking the next subtree in turn with
/// a sink of its own from `new_sink` (one per thread, so the memory they hold is bounded),
/// told each subtree's number in the tree's order before its leaves ([`Leaves::subtree`]).
/// Returns the placements made and the sinks; `None` when the tight loop cannot run the engine.
pub(crate) fn each_leaf<S: Leaves + Send>(
    engine: &Engine,
    mode: Mode,
    stop: Stop<'_>,
    new_sink: impl Fn() -> S + Sync,
    watch: &Watch<'_>,
    observe: Observe<'_>,
) -> Option<(Counts, Vec<S>)> {
    let deepest = deepest_cut(engine.cells, engine.cols).min(stop.depth - 1);
    let (mut top, prefixes) = walk::cut(|| RowWalk::new(engine, mode), deepest, SUBTREES);
    let (next, done) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let workers = rayon::current_num_threads().clamp(1, prefixes.len().max(1));
    let below = (0..workers)
        .into_par_iter()
        .map(|_| {
            let mut sink = new_sink();
            let mut nodes = 0;
            loop {
                let at = next.fetch_add(1, Relaxed);
                if at >= prefixes.len() || watch.must_stop(0) {
                    break;
                }
                sink.subtree(at);
                let mut walk = RowWalk::new(engine, mode);
                walk::resume(&mut walk, &prefixes[at]);
                if !walk.leaves(watch, stop, &mut sink) {
                    return None;
                }
                nodes += walk.counts.nodes;
                observe(done.fetch_add(1, Relaxed) + 1, prefixes.len(), walk.counts.nodes);
            }
            Some((nodes, sink))
        })
        .collect::<Option<Vec<(u64, S)>>>()?;
    let mut counts = *top.counts();
    let mut sinks = Vec::with_capacity(below.len());
    for (nodes, sink) in below {
        counts.nodes += nodes;
        sinks.push(sink);
    }
    Some((counts, sinks))
}
