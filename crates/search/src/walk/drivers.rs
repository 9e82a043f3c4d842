//! The loops written once for every [`Walk`]: counting, the first solution, every solution in
//! turn, the prefixes that cut a tree into work, and replaying one.

use super::{Counts, Poll, Walk, Watch};

/// Counts every solution below the floor (the current node is not tested: it is counted by
/// whoever reached it).
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
pub fn prefixes<W: Walk>(walk: &mut W, depth: usize) -> Vec<Vec<W::Move>> {
    if depth == 0 {
        return if walk.solved() { Vec::new() } else { vec![Vec::new()] };
    }
    let mut out = Vec::new();
    loop {
        match walk.advance() {
            Some(child) => {
                walk.push(child);
                if walk.solved() {
                    walk.counts().solutions += 1;
                    walk.pop();
                } else if walk.depth() == depth {
                    out.push(walk.prefix());
                    walk.pop();
                }
            }
            None => {
                if walk.depth() == 0 {
                    return out;
                }
                walk.pop();
            }
        }
    }
}

/// Replays `prefix` (moves from the root that the walk made before, already counted) and makes
/// its end the new floor.
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
