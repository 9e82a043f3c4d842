//! The loops written once for every [`Walk`]: counting, the first solution, every solution in
//! turn, the prefixes that cut a tree into work, and replaying one.

use super::{Counts, Poll, Walk, Watch};

/// Counts every solution below the floor (the current node is not tested: it is counted by
/// whoever reached it).
///
/// ```
/// use search::walk::{count, Counts, Orderings, Walk, Watch};
/// use search::Limits;
///
/// // The orderings of 0..3: 3! = 6 of them, below 3 + 3·2 + 3·2·1 = 15 nodes.
/// let mut walk = Orderings::new(3);
/// count(&mut walk, &Watch::new(&Limits::NONE));
/// assert_eq!(*walk.counts(), Counts { solutions: 6, nodes: 15, stopped: false });
///
/// // A budget of 10 nodes stops a count of 0..4's orderings where it is spent: the nodes
/// // 0, 01, 012, 0123, 013, 0132, 02, 021, 0213 and 023 hold three orderings.
/// let limits = Limits { max_expanded: Some(10), ..Limits::NONE };
/// let mut walk = Orderings::new(4);
/// count(&mut walk, &Watch::new(&limits));
/// assert_eq!(*walk.counts(), Counts { solutions: 3, nodes: 10, stopped: true });
/// ```
pub fn count<W: Walk>(walk: &mut W, watch: &Watch<'_>) {
    if walk.solved() {
        return;
    }
    let mut poll = Poll::new(walk.counts().nodes, watch);
    loop {
        match walk.advance() {
            Some(_) if walk.leaf() => walk.counts().solutions += 1,
            Some(child) => {
                walk.push(child);
                if walk.solved() {
                    walk.counts().solutions += 1;
                    walk.pop();
                }
            }
            None => {
                if walk.depth() == walk.floor() {
                    return;
                }
                walk.pop();
            }
        }
        let nodes = walk.counts().nodes;
        if poll.due(nodes) && poll.must_stop(nodes, watch) {
            walk.counts().stopped = true;
            return;
        }
    }
}

/// Finds the next solution below the floor (the current node is not tested) and leaves the
/// walk on it; `false` when there is none or a limit stopped the walk.
///
/// ```
/// use search::walk::{first, Counts, Orderings, Walk, Watch};
/// use search::Limits;
///
/// // The orderings of 0..3 one call at a time, in walk order, then none.
/// let watch = Watch::new(&Limits::NONE);
/// let mut walk = Orderings::new(3);
/// let mut seen = Vec::new();
/// while first(&mut walk, &watch) {
///     seen.push(walk.prefix());
/// }
/// assert_eq!(seen, [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]);
/// ```
pub fn first<W: Walk>(walk: &mut W, watch: &Watch<'_>) -> bool {
    let nodes = walk.counts().nodes;
    if walk.solved() && walk.depth() == walk.floor() || watch.must_stop(nodes) {
        walk.counts().stopped |= watch.stopped();
        return false;
    }
    let mut poll = Poll::new(nodes, watch);
    loop {
        match walk.advance() {
            Some(child) => {
                walk.push(child);
                if walk.solved() {
                    walk.counts().solutions += 1;
                    return true;
                }
            }
            None => {
                if walk.depth() == walk.floor() {
                    return false;
                }
                walk.pop();
            }
        }
        let nodes = walk.counts().nodes;
        if poll.due(nodes) && poll.must_stop(nodes, watch) {
            walk.counts().stopped = true;
            return false;
        }
    }
}

/// Calls `visit` with the walk standing on each solution below the floor in walk order, until
/// it returns `false` or a limit stops the walk.
///
/// ```
/// use search::walk::{for_each, Counts, Orderings, Walk, Watch};
/// use search::Limits;
///
/// let watch = Watch::new(&Limits::NONE);
/// let mut all = Vec::new();
/// for_each(&mut Orderings::new(3), &watch, &mut |walk: &Orderings| {
///     all.push(walk.prefix());
///     true
/// });
/// assert_eq!(all.len(), 6); // 3!
/// // The visit stops the walk by returning `false`.
/// let mut two = Vec::new();
/// for_each(&mut Orderings::new(3), &watch, &mut |walk: &Orderings| {
///     two.push(walk.prefix());
///     two.len() < 2
/// });
/// assert_eq!(two, [[0, 1, 2], [0, 2, 1]]);
/// ```
pub fn for_each<W: Walk>(walk: &mut W, watch: &Watch<'_>, visit: &mut dyn FnMut(&W) -> bool) {
    while first(walk, watch) {
        if !visit(walk) {
            break;
        }
        // Go on from the solution: take back its last move.
        walk.pop();
    }
}

/// Every node at `depth` below the root in walk order, as the moves that reach it, counting the
/// nodes above that depth (and the solutions on the way, which are not prefixes).
///
/// ```
/// use search::walk::{prefixes, Counts, Orderings, Walk};
///
/// // The tree of 0..3's orderings cut at depth 2: six pieces of work.
/// let mut walk = Orderings::new(3);
/// let starts = prefixes(&mut walk, 2);
/// assert_eq!(starts, [[0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1]]);
/// // The 3 + 3·2 = 9 nodes above the cut are counted once, here.
/// assert_eq!(walk.counts().nodes, 9);
/// ```
pub fn prefixes<W: Walk>(walk: &mut W, depth: usize) -> Vec<Vec<W::Move>> {
    let unlimited = crate::Limits::NONE;
    prefixes_within(walk, depth, &Watch::new(&unlimited)).unwrap_or_default()
}

/// [`prefixes`] under `watch`: `None` when its limits stop the walk first (a deadline, a signal,
/// its budget of nodes), for a cut whose listing may itself take long (work units cut deep).
///
/// ```
/// # use search::walk::{Counts, Walk};
/// # struct Chain { depth: usize, counts: Counts }
/// # impl Walk for Chain {
/// #     type Move = usize;
/// #     fn depth(&self) -> usize { self.depth }
/// #     fn floor(&self) -> usize { 0 }
/// #     fn set_floor(&mut self, _: usize) {}
/// #     fn counts(&mut self) -> &mut Counts { &mut self.counts }
/// #     fn advance(&mut self) -> Option<usize> { None }
/// #     fn push(&mut self, _: usize) {}
/// #     fn pop(&mut self) {}
/// #     fn close(&mut self) {}
/// #     fn solved(&self) -> bool { false }
/// #     fn prefix(&self) -> Vec<usize> { Vec::new() }
/// # }
/// use std::sync::atomic::AtomicBool;
///
/// use search::walk::{prefixes_within, Watch};
/// use search::Limits;
///
/// // A Ctrl-C already come: the listing stops before its first move.
/// let interrupted = AtomicBool::new(true);
/// let limits = Limits { interrupt: Some(&interrupted), ..Limits::NONE };
/// let mut walk = Chain { depth: 0, counts: Counts::default() };
/// assert_eq!(prefixes_within(&mut walk, 3, &Watch::new(&limits)), None);
/// // Unstopped, a walk with no moves has no prefixes.
/// assert_eq!(prefixes_within(&mut walk, 3, &Watch::new(&Limits::NONE)), Some(Vec::new()));
/// ```
pub fn prefixes_within<W: Walk>(walk: &mut W, depth: usize, watch: &Watch<'_>) -> Option<Vec<Vec<W::Move>>> {
    let mut out = Vec::new();
    for_each_prefix(walk, depth, watch, &mut |walk: &W| {
        out.push(walk.prefix());
        true
    })
    .then_some(out)
}

/// Calls `visit` with the walk standing on each node at `depth` below the root, in walk order,
/// as [`prefixes_within`] lists them, without keeping them: for a cut whose units are written
/// out as they are reached (millions of them, counted first and then written). `true` when the
/// walk went to its end, `false` when `watch` or `visit` (returning `false`) stopped it.
///
/// ```
/// use search::walk::{for_each_prefix, Orderings, Walk, Watch};
/// use search::Limits;
///
/// let watch = Watch::new(&Limits::NONE);
/// let mut count = 0;
/// assert!(for_each_prefix(&mut Orderings::new(3), 2, &watch, &mut |_: &Orderings| {
///     count += 1;
///     true
/// }));
/// assert_eq!(count, 6);
/// // The visit stops the listing by returning `false`: a budget of units.
/// let mut seen = Vec::new();
/// assert!(!for_each_prefix(&mut Orderings::new(3), 2, &watch, &mut |walk: &Orderings| {
///     seen.push(walk.prefix());
///     seen.len() < 2
/// }));
/// assert_eq!(seen, [[0, 1], [0, 2]]);
/// ```
pub fn for_each_prefix<W: Walk>(
    walk: &mut W,
    depth: usize,
    watch: &Watch<'_>,
    visit: &mut dyn FnMut(&W) -> bool,
) -> bool {
    if depth == 0 {
        return walk.solved() || visit(walk);
    }
    // A look before the first move too: a listing asked for after its limits passed is none.
    if watch.must_stop(walk.counts().nodes) {
        return false;
    }
    let mut poll = Poll::new(walk.counts().nodes, watch);
    loop {
        let nodes = walk.counts().nodes;
        if poll.due(nodes) && poll.must_stop(nodes, watch) {
            return false;
        }
        match walk.advance() {
            Some(child) => {
                walk.push(child);
                if walk.solved() {
                    walk.counts().solutions += 1;
                    walk.pop();
                } else if walk.depth() == depth {
                    let go_on = visit(walk);
                    walk.pop();
                    if !go_on {
                        return false;
                    }
                }
            }
            None => {
                if walk.depth() == 0 {
                    return true;
                }
                walk.pop();
            }
        }
    }
}

/// Replays `prefix` (moves from the root that the walk made before, already counted) and makes
/// its end the new floor.
///
/// ```
/// use search::walk::{count, resume, Counts, Orderings, Walk, Watch};
/// use search::Limits;
///
/// // The work below the start [1] of 0..4's orderings: the 3! = 6 orderings of the other three
/// // numbers, below 3 + 3·2 + 3·2·1 = 15 nodes.
/// let mut walk = Orderings::new(4);
/// resume(&mut walk, &[1]);
/// count(&mut walk, &Watch::new(&Limits::NONE));
/// assert_eq!(*walk.counts(), Counts { solutions: 6, nodes: 15, stopped: false });
/// // The walk never went back above its floor.
/// assert_eq!(walk.prefix(), [1]);
/// ```
pub fn resume<W: Walk>(walk: &mut W, prefix: &[W::Move]) {
    for &child in prefix {
        walk.close();
        walk.push(child);
    }
    let depth = walk.depth();
    walk.set_floor(depth);
}

/// Replays `prefix`, moves from outside (a work unit), as the new floor with nothing counted
/// yet: at each depth the walk looks among its own children for the one `is` says matches;
/// `false` when one is not there (the walk is then unusable).
///
/// ```
/// use search::walk::{count, resume_checked, Counts, Orderings, Walk, Watch};
/// use search::Limits;
///
/// // A work unit names its start as text; the walk finds each number among its own children.
/// let is = |_: &Orderings, number: usize, wanted: &&str| number.to_string() == *wanted;
/// let mut walk = Orderings::new(4);
/// assert!(resume_checked(&mut walk, &["3", "0"], is));
/// count(&mut walk, &Watch::new(&Limits::NONE));
/// // Below 3, 0: the orderings 3 0 1 2 and 3 0 2 1, in 2 + 2 nodes counted from zero.
/// assert_eq!(*walk.counts(), Counts { solutions: 2, nodes: 4, stopped: false });
/// // No ordering places 1 twice: a unit that says so is refused.
/// assert!(!resume_checked(&mut Orderings::new(4), &["1", "1"], is));
/// ```
pub fn resume_checked<W: Walk, T>(walk: &mut W, prefix: &[T], is: impl Fn(&W, W::Move, &T) -> bool) -> bool {
    for wanted in prefix {
        loop {
            match walk.advance() {
                Some(child) if is(walk, child, wanted) => {
                    walk.close();
                    walk.push(child);
                    break;
                }
                Some(_) => {}
                None => return false,
            }
        }
    }
    let depth = walk.depth();
    walk.set_floor(depth);
    *walk.counts() = Counts::default();
    true
}
