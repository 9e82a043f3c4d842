//! The first solution in walk order, searched on rayon's threads: the subtrees below a cut are
//! handed out in order, each searched under [`Watch::subtree`], and the least index that finds a
//! solution wins, so that the answer and what is reported with it never depend on timing.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use rayon::prelude::*;

use super::{resume, Walk, Watch};

/// What [`first_in_order`] found (its example runs a search; here, reading one):
///
/// ```
/// use search::walk::FirstInOrder;
///
/// // No subtree held a solution and none was stopped: the tally covers every subtree.
/// let ended: FirstInOrder<(), u64> = FirstInOrder { found: None, tally: 12, stopped: false };
/// assert!(ended.found.is_none() && !ended.stopped);
/// assert_eq!(ended.tally, 12);
/// ```
#[derive(Debug)]
pub struct FirstInOrder<W, T> {
    /// The first subtree in order that holds a solution, by its index among the prefixes, and
    /// its walk left standing on the solution: `None` when no subtree holds one, or when a limit
    /// stopped a subtree before it (then which is first is not known).
    pub found: Option<(usize, W)>,
    /// What the walks of the subtrees up to the one found (all of them when none was found)
    /// tallied, merged in subtree order: the subtrees after the one found are left out, since how
    /// far they got before they stopped depends on timing.
    pub tally: T,
    /// Whether a limit stopped one of the subtrees tallied (or kept one from starting): the
    /// tally is then what was reached, and `found` is `None`.
    pub stopped: bool,
}

/// How one subtree ended.
enum Subtree<W, T> {
    /// Searched to its end or to its first solution.
    Done { found: Option<W>, stopped: bool, tally: T },
    /// Not started: an earlier subtree had found a solution, or a limit had stopped the search.
    Skipped,
}

/// Searches below each of `prefixes` (moves from the root, in walk order, made by walks like
/// those `new_walk` makes) for its first solution with `search_below` ([`super::first`] or a
/// domain's specialised loop, which searches below the walk's floor and leaves it on the
/// solution), on rayon's threads, and gives the first subtree in order that holds one.
///
/// The threads take the subtrees in order, each the next one not taken, so that once a subtree
/// finds a solution the others are at most a subtree or so further on (rayon's own split of the
/// range would send a thread to the second half at once, searching it in vain). Each thread
/// calls `worker` once and makes the walks of its subtrees from what it returned (a domain's
/// per-thread memory, which a subtree may then share with the ones the thread searched before
/// it, all earlier in order). Each subtree is searched under `Watch::subtree`, so that it
/// stops once an earlier one has found a solution; `tally` says what a finished walk counted,
/// and `merge` adds two tallies. A node budget applies to each subtree on its own: a search
/// whose nodes must be reproducible runs on one thread (see [`Watch::limited`]).
///
/// ```
/// use search::walk::{first, first_in_order, prefixes, Counts, Walk, Watch};
/// use search::Limits;
///
/// /// Binary strings of length 4, walked in order; a solution is one with three ones.
/// struct Bits { bits: Vec<bool>, next: Vec<u8>, floor: usize, counts: Counts }
/// impl Walk for Bits {
///     type Move = bool;
///     search::walk_bookkeeping!(depth = bits.len(), floor, counts);
///     fn advance(&mut self) -> Option<bool> {
///         let next = self.next.last_mut()?;
///         if self.bits.len() == 4 || *next == 2 { return None; }
///         *next += 1;
///         self.counts.nodes += 1;
///         Some(*next == 2)
///     }
///     fn push(&mut self, bit: bool) { self.bits.push(bit); self.next.push(0) }
///     fn pop(&mut self) { self.bits.pop(); self.next.pop(); }
///     fn close(&mut self) { *self.next.last_mut().unwrap() = 2 }
///     fn solved(&self) -> bool { self.bits.iter().filter(|&&b| b).count() == 3 }
///     fn prefix(&self) -> Vec<bool> { self.bits.clone() }
/// }
/// let new_walk = || Bits { bits: vec![], next: vec![0], floor: 0, counts: Counts::default() };
/// let mut top = new_walk();
/// let cut = prefixes(&mut top, 2);
/// let limits = Limits::NONE;
/// let watch = Watch::new(&limits);
/// let tally = |walk: &mut Bits| walk.counts.nodes;
/// let result = first_in_order(&cut, || (), |_| new_walk(), first, tally, |a, b| a + b, &watch);
/// let (index, walk) = result.found.unwrap();
/// // Below "00" no string has three ones; below "01" the first is "0111".
/// assert_eq!((index, walk.bits.clone()), (1, vec![false, true, true, true]));
/// // The nodes below "00" (six) and below "01" up to its solution (six: 010, 0100, 0101, 011,
/// // 0110, 0111): never those of the subtrees after it, however far they got.
/// assert_eq!(result.tally, 6 + 6);
/// ```
pub fn first_in_order<W, C, T>(
    prefixes: &[Vec<W::Move>],
    worker: impl Fn() -> C + Sync,
    new_walk: impl Fn(&C) -> W + Sync,
    search_below: impl Fn(&mut W, &Watch<'_>) -> bool + Sync,
    tally: impl Fn(&mut W) -> T + Sync,
    merge: impl Fn(T, T) -> T,
    watch: &Watch<'_>,
) -> FirstInOrder<W, T>
where
    W: Walk + Send,
    W::Move: Sync,
    T: Send + Default,
{
    let first = AtomicUsize::new(usize::MAX);
    let next = AtomicUsize::new(0);
    let workers = rayon::current_num_threads().min(prefixes.len()).max(1);
    let (first, next, worker, new_walk, search_below, tally) =
        (&first, &next, &worker, &new_walk, &search_below, &tally);
    let mut ended: Vec<(usize, Subtree<W, T>)> = (0..workers)
        .into_par_iter()
        .flat_map_iter(|_| {
            let context = worker();
            std::iter::from_fn(move || {
                let index = next.fetch_add(1, Relaxed);
                let prefix = prefixes.get(index)?;
                if first.load(Relaxed) < index || watch.stopped() {
                    return Some((index, Subtree::Skipped));
                }
                let subtree = watch.subtree(first, index);
                let mut walk = new_walk(&context);
                resume(&mut walk, prefix);
                let found = search_below(&mut walk, &subtree);
                if found {
                    first.fetch_min(index, Relaxed);
                }
                let stopped = !found && walk.counts().stopped;
                let tally = tally(&mut walk);
                Some((index, Subtree::Done { found: found.then_some(walk), stopped, tally }))
            })
        })
        .collect();
    ended.sort_unstable_by_key(|&(index, _)| index);
    // Every subtree before the first that found a solution ran to its end unless a limit
    // stopped it: none of them was overtaken, as none before it found one.
    let mut result = FirstInOrder { found: None, tally: T::default(), stopped: false };
    for (index, subtree) in ended {
        match subtree {
            Subtree::Skipped => result.stopped = true,
            Subtree::Done { found, stopped, tally } => {
                result.tally = merge(result.tally, tally);
                result.stopped |= stopped;
                if let Some(walk) = found {
                    if !result.stopped {
                        result.found = Some((index, walk));
                    }
                    break;
                }
            }
        }
    }
    result
}
