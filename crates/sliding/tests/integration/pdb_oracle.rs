//! Pattern databases against a plain 0-1 breadth-first search over (pattern cells, blank cell),
//! written here without any of the builder's tricks.

use std::collections::{HashMap, VecDeque};

use puzzle_core::{Cell, Shape};
use sliding::pdb::{PatternDb, PatternKey};

/// Fewest pattern-tile moves from the goal to every (placement of `tiles`, blank's cell).
fn oracle(rows: usize, cols: usize, blank: usize, tiles: &[usize]) -> HashMap<(Vec<usize>, usize), u32> {
    let shape = Shape::new(rows, cols).unwrap();
    let neighbours = |cell: usize| shape.neighbours(Cell(cell)).map(|Cell(near)| near);
    let start = (tiles.to_vec(), blank);
    let mut dist: HashMap<(Vec<usize>, usize), u32> = HashMap::from([(start.clone(), 0)]);
    let mut queue = VecDeque::from([(start, 0u32)]);
    while let Some(((cells, blank), d)) = queue.pop_front() {
        if dist[&(cells.clone(), blank)] < d {
            continue;
        }
        for next_blank in neighbours(blank) {
            let mut next_cells = cells.clone();
            let cost = match cells.iter().position(|&c| c == next_blank) {
                Some(i) => {
                    next_cells[i] = blank;
                    1
                }
                None => 0,
            };
            let key = (next_cells, next_blank);
            if !matches!(dist.get(&key), Some(&old) if old <= d + cost) {
                dist.insert(key.clone(), d + cost);
                if cost == 0 {
                    queue.push_front((key, d));
                } else {
                    queue.push_back((key, d + 1));
                }
            }
        }
    }
    dist
}

/// Every placement of `k` distinct cells among `n`.
fn placements(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for _ in 0..k {
        let mut longer = Vec::new();
        for cells in &all {
            for c in (0..n).filter(|c| !cells.contains(c)) {
                longer.push([cells.clone(), vec![c]].concat());
            }
        }
        all = longer;
    }
    all
}

fn check(rows: usize, cols: usize, blank: usize, tiles: &[usize]) {
    let key = PatternKey::new(rows, cols, blank, tiles).unwrap();
    let db = PatternDb::build(&key, &|_| {}).unwrap();
    let with_blank = oracle(rows, cols, blank, tiles);
    // The table's own entries: the fewest over the blank's cells.
    let mut expected: HashMap<Vec<usize>, u32> = HashMap::new();
    for ((cells, _), &d) in &with_blank {
        expected.entry(cells.clone()).and_modify(|b| *b = (*b).min(d)).or_insert(d);
    }
    if tiles.len() + 1 == rows * cols {
        assert_eq!(expected.len() * 2, key.entries(), "{key}: half the placements are reachable");
    }
    let all = placements(rows * cols, tiles.len());
    assert_eq!(all.len(), key.entries());
    for cells in all {
        // Placements the goal cannot reach keep excess 0: the Manhattan distance.
        let manhattan: usize = tiles
            .iter()
            .zip(&cells)
            .map(|(&t, &c)| (t / cols).abs_diff(c / cols) + (t % cols).abs_diff(c % cols))
            .sum();
        let want = expected.get(&cells).copied().unwrap_or(manhattan as u32);
        let cells: Vec<u8> = cells.iter().map(|&c| c as u8).collect();
        assert_eq!(db.value(&cells), want, "{key} at {cells:?}");
    }
    // With the blank's cell, on a split table: the exact distance with the blank in the region of
    // the lowest open cell, else the least over the blank's cells outside it.
    let first_region = |cells: &[usize]| {
        let open: Vec<usize> = (0..rows * cols).filter(|c| !cells.contains(c)).collect();
        let mut region = vec![open[0]];
        let mut at = 0;
        while at < region.len() {
            let cell = region[at];
            at += 1;
            for next in open.iter().copied() {
                let adjacent = (next / cols).abs_diff(cell / cols) + (next % cols).abs_diff(cell % cols) == 1;
                if adjacent && !region.contains(&next) {
                    region.push(next);
                }
            }
        }
        region
    };
    let mut by_placement: HashMap<&[usize], Vec<(usize, u32)>> = HashMap::new();
    for ((cells, blank), &d) in &with_blank {
        by_placement.entry(cells).or_default().push((*blank, d));
    }
    let mut further = 0;
    for ((cells, blank), &d) in &with_blank {
        let first = first_region(cells);
        let want = if first.contains(blank) {
            d
        } else {
            let elsewhere = by_placement[&cells[..]].iter().filter(|(b, _)| !first.contains(b));
            elsewhere.map(|&(_, d)| d).min().unwrap_or(d)
        };
        let cells: Vec<u8> = cells.iter().map(|&c| c as u8).collect();
        let value = db.value_with_blank(&cells, *blank as u8);
        if db.is_split() {
            assert_eq!(value, want, "{key} at {cells:?}, blank at {blank}");
            further += usize::from(value > db.value(&cells));
        } else {
            assert_eq!(value, db.value(&cells), "{key} at {cells:?}, blank at {blank}");
        }
    }
    if tiles.len() + 2 < rows * cols && tiles.len() > 1 {
        assert!(db.is_split(), "{key}: a table that can be split is");
        assert!(further > 0, "{key}: some region is further than the placement's least");
    }
}

#[test]
fn tables_match_a_plain_search() {
    check(2, 2, 3, &[0]);
    check(2, 3, 5, &[0, 1, 2]);
    check(2, 3, 0, &[5, 1]);
    check(2, 4, 0, &[1, 2, 3, 4]);
    check(3, 3, 8, &[0, 1, 2, 3]);
    check(3, 3, 4, &[0, 2, 6, 8]);
    check(3, 3, 0, &[1, 2, 3, 4, 5, 6, 7, 8]);
    check(3, 4, 0, &[11, 10, 9, 8, 7]);
    // Patterns that cut the open cells into several regions, tiles that jump over others in the
    // cells' order, the blank away from a corner, and tall boards.
    check(3, 3, 4, &[0, 1, 2, 3, 5, 6, 7]);
    check(3, 3, 0, &[8, 1, 5, 3, 7, 2]);
    check(2, 4, 5, &[0, 1, 2, 3, 4, 6]);
    check(4, 3, 4, &[0, 2, 6, 8, 10]);
    check(2, 5, 9, &[4, 0, 8, 2, 6]);
}
