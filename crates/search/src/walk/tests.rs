//! The drivers on a small walk (N queens: [`Orderings`] whose rule keeps queens off each
//! other's diagonals) against brute force over every permutation, written plainly here.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use super::*;
use crate::Limits;

/// The `n` queens problem as orderings: the queen of row `r` in column `ordering[r]`, no two on
/// one diagonal. The rule prunes, so that some subtrees hold no solution.
fn queens(n: usize) -> Orderings {
    Orderings::with_rule(n, |above, col| above.iter().enumerate().all(|(row, &c)| above.len() - row != c.abs_diff(col)))
}

/// A watch whose interrupt flag is already set (a Ctrl-C come before the walk), looked at every
/// node.
fn interrupted() -> Watch<'static> {
    static SET: AtomicBool = AtomicBool::new(true);
    static LIMITS: Limits<'static> = Limits { interrupt: Some(&SET), ..Limits::NONE };
    Watch::new(&LIMITS).every(1)
}

/// Every solution, in lexicographic order of the columns, by trying every permutation.
fn brute_force(n: usize) -> Vec<Vec<usize>> {
    fn permutations(n: usize, prefix: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if prefix.len() == n {
            out.push(prefix.clone());
            return;
        }
        for col in 0..n {
            if !prefix.contains(&col) {
                prefix.push(col);
                permutations(n, prefix, out);
                prefix.pop();
            }
        }
    }
    let mut all = Vec::new();
    permutations(n, &mut Vec::new(), &mut all);
    all.retain(|cols| (0..n).all(|a| (a + 1..n).all(|b| cols[a].abs_diff(cols[b]) != b - a)));
    all
}

#[test]
fn count_first_and_for_each_agree_with_brute_force() {
    for n in 1..=7 {
        let all = brute_force(n);
        let watch_limits = Limits::NONE;
        let watch = Watch::new(&watch_limits);

        let mut walk = queens(n);
        count(&mut walk, &watch);
        assert_eq!(walk.counts().solutions, all.len() as u64, "n = {n}");
        assert!(!walk.counts().stopped);

        let mut walk = queens(n);
        let found = first(&mut walk, &watch);
        assert_eq!(found.then(|| walk.prefix()), all.first().cloned(), "n = {n}");

        let mut walk = queens(n);
        let mut listed = Vec::new();
        for_each(&mut walk, &watch, &mut |w: &Orderings| {
            listed.push(w.prefix());
            true
        });
        assert_eq!(listed, all, "n = {n}");
    }
}

#[test]
fn prefixes_resumed_add_up_to_the_whole_count() {
    for n in 4..=7 {
        let limits = Limits::NONE;
        let watch = Watch::new(&limits);
        let mut whole = queens(n);
        count(&mut whole, &watch);
        for depth in 0..=n {
            let mut top = queens(n);
            let cut = prefixes(&mut top, depth);
            let mut total = *top.counts();
            for prefix in &cut {
                let mut walk = queens(n);
                resume(&mut walk, prefix);
                count(&mut walk, &watch);
                total = total + *walk.counts();
            }
            assert_eq!(total, *whole.counts(), "n = {n}, depth = {depth}");

            let (top, cut) = super::cut(|| queens(n), depth, usize::MAX);
            let split = split_count(top, &cut, || queens(n), count, &watch, &|_, _, _| {});
            assert_eq!(split, *whole.counts(), "n = {n}, split at {depth}");
        }
    }
}

#[test]
fn resume_checked_finds_an_outside_prefix_and_refuses_a_wrong_one() {
    let limits = Limits::NONE;
    let watch = Watch::new(&limits);
    let all = brute_force(6);
    // Below the first two queens of the first solution: the solutions that start with them.
    let mut walk = queens(6);
    assert!(resume_checked(&mut walk, &all[0][..2], |_, child, &wanted| child == wanted));
    count(&mut walk, &watch);
    let expected = all.iter().filter(|cols| cols[..2] == all[0][..2]).count();
    assert_eq!(walk.counts().solutions, expected as u64);
    // Two queens on one column is no prefix of the walk.
    let mut walk = queens(6);
    assert!(!resume_checked(&mut walk, &[1, 1], |_, child, &wanted| child == wanted));
}

#[test]
fn a_node_budget_stops_the_walk_exactly() {
    for budget in [0, 1, 5, 100, 1000] {
        let limits = Limits { max_expanded: Some(budget), ..Limits::NONE };
        let watch = Watch::new(&limits).every(7);
        let mut walk = queens(8);
        count(&mut walk, &watch);
        assert!(walk.counts().stopped, "budget {budget}");
        // The first look comes after the first node, then the budget is met exactly.
        assert_eq!(walk.counts().nodes, budget.max(1), "budget {budget}");
        assert!(watch.stopped());
    }
}

#[test]
fn an_interrupt_stops_the_walk_and_a_found_subtree_stops_later_ones() {
    let watch = interrupted();
    let mut walk = queens(8);
    count(&mut walk, &watch);
    assert!(walk.counts().stopped);
    assert!(walk.counts().nodes <= 1);

    let limits = Limits::NONE;
    let parent = Watch::new(&limits).every(1);
    let first_found = AtomicUsize::new(2);
    let later = parent.subtree(&first_found, 3);
    let mut walk = queens(8);
    assert!(!first(&mut walk, &later));
    assert!(!parent.stopped(), "an overtaken subtree does not stop the search");
    let earlier = parent.subtree(&first_found, 1);
    let mut walk = queens(8);
    assert!(first(&mut walk, &earlier));
}

/// The first solution of each subtree below `cut`, searched one subtree at a time from a fresh
/// walk, with the nodes each took: the plain oracle of [`first_in_order`].
fn one_by_one(n: usize, cut: &[Vec<usize>]) -> Vec<(Option<Vec<usize>>, u64)> {
    let limits = Limits::NONE;
    let watch = Watch::new(&limits);
    cut.iter()
        .map(|prefix| {
            let mut walk = queens(n);
            resume(&mut walk, prefix);
            let found = first(&mut walk, &watch);
            (found.then(|| walk.prefix()), walk.counts().nodes)
        })
        .collect()
}

#[test]
fn first_in_order_finds_the_first_subtree_with_a_solution_whatever_the_threads() {
    for threads in [1, 2, 5] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        for n in 1..=8 {
            let all = brute_force(n);
            for depth in 1..=3.min(n) {
                let mut top = queens(n);
                let cut = prefixes(&mut top, depth);
                let expected = one_by_one(n, &cut);
                let winner = expected.iter().position(|(found, _)| found.is_some());
                let upto = winner.map_or(expected.len(), |w| w + 1);
                let nodes: u64 = expected[..upto].iter().map(|&(_, nodes)| nodes).sum();
                let limits = Limits::NONE;
                let watch = Watch::new(&limits);
                let workers = AtomicUsize::new(0);
                let result = pool.install(|| {
                    first_in_order(
                        &cut,
                        || workers.fetch_add(1, Relaxed),
                        |_| queens(n),
                        first,
                        |walk: &mut Orderings| walk.counts().nodes,
                        |a, b| a + b,
                        &watch,
                    )
                });
                let at = format!("n = {n}, depth {depth}, {threads} threads");
                let found = result.found.map(|(index, walk)| (index, walk.prefix()));
                assert_eq!(found, winner.map(|w| (w, all[0].clone())), "{at}");
                assert_eq!(result.tally, nodes, "{at}: the nodes up to the first subtree that found one");
                assert!(!result.stopped, "{at}");
                assert!(workers.load(Relaxed) <= threads.max(1), "{at}: one worker per thread");
            }
        }
    }
}

#[test]
fn first_in_order_reports_a_stop_and_no_solution() {
    let watch = interrupted();
    let mut top = queens(8);
    let cut = prefixes(&mut top, 2);
    let result = first_in_order(&cut, || (), |_| queens(8), first, |_: &mut Orderings| (), |(), ()| (), &watch);
    assert!(result.found.is_none() && result.stopped);
}

#[test]
fn a_subtree_stops_once_an_earlier_one_found_a_solution() {
    let limits = Limits::NONE;
    let watch = Watch::new(&limits);
    // No subtree has found a solution yet.
    let first_found = AtomicUsize::new(usize::MAX);
    let (second, fifth) = (watch.subtree(&first_found, 2), watch.subtree(&first_found, 5));
    assert!(!fifth.must_stop(0));
    // Subtree 3 finds one: subtree 5 stops, and subtree 2 goes on, as it may hold an earlier one.
    first_found.fetch_min(3, Relaxed);
    assert!(fifth.must_stop(0));
    assert!(!second.must_stop(0));
    // Being overtaken stops a subtree, not the search.
    assert!(!watch.stopped());
}
