//! Breadth-first search over boards as plain vectors of tiles (0 the blank), written without the
//! crate's boards, moves or heuristics: the independent oracle the sliding and CLI tests compare
//! the solvers' lengths with. Only for small boards or short depths: it keeps every state it sees.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet, VecDeque};

/// The boards one move from `state` on a `rows`×`cols` board: the blank (0) swapped with each
/// tile next to it.
///
/// # Panics
/// When `state` has no blank.
pub fn neighbours(state: &[u32], rows: usize, cols: usize) -> impl Iterator<Item = Vec<u32>> + '_ {
    let blank = state.iter().position(|&t| t == 0).expect("a blank");
    let (row, col) = (blank / cols, blank % cols);
    let others = [
        (row > 0).then(|| blank - cols),
        (row + 1 < rows).then(|| blank + cols),
        (col > 0).then(|| blank - 1),
        (col + 1 < cols).then(|| blank + 1),
    ];
    others.into_iter().flatten().map(move |other| {
        let mut next = state.to_vec();
        next.swap(blank, other);
        next
    })
}

/// The distance to `goal` of every board that reaches it.
pub fn bfs_distances(rows: usize, cols: usize, goal: &[u32]) -> HashMap<Vec<u32>, u32> {
    let mut distance = HashMap::from([(goal.to_vec(), 0)]);
    let mut queue = VecDeque::from([goal.to_vec()]);
    while let Some(state) = queue.pop_front() {
        let d = distance[&state];
        for next in neighbours(&state, rows, cols) {
            if let Entry::Vacant(slot) = distance.entry(next.clone()) {
                slot.insert(d + 1);
                queue.push_back(next);
            }
        }
    }
    distance
}

/// The distance from `start` to `goal`, level by level from `start`, or `None` when it is more
/// than `max`.
pub fn bfs_within(start: &[u32], goal: &[u32], rows: usize, cols: usize, max: u32) -> Option<u32> {
    let mut seen = HashSet::from([start.to_vec()]);
    let mut level = vec![start.to_vec()];
    for depth in 0..=max {
        if level.iter().any(|state| state == goal) {
            return Some(depth);
        }
        let mut next_level = Vec::new();
        for state in &level {
            for next in neighbours(state, rows, cols) {
                if seen.insert(next.clone()) {
                    next_level.push(next);
                }
            }
        }
        level = next_level;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 2×2 board's 12 reachable states lie on one cycle: distances 0 to 6, two of each but
    /// the ends.
    #[test]
    fn the_two_by_two_cycle() {
        let distances = bfs_distances(2, 2, &[1, 2, 3, 0]);
        assert_eq!(distances.len(), 12);
        let mut per_distance = [0; 7];
        for &d in distances.values() {
            per_distance[d as usize] += 1;
        }
        assert_eq!(per_distance, [1, 2, 2, 2, 2, 2, 1]);
        assert_eq!(bfs_within(&[0, 1, 3, 2], &[1, 2, 3, 0], 2, 2, 6), Some(distances[&vec![0, 1, 3, 2]]));
        assert_eq!(bfs_within(&[2, 1, 3, 0], &[1, 2, 3, 0], 2, 2, 20), None, "the other parity");
    }
}
