//! Oracles shared by the sliding tests, written plainly: breadth-first search over boards as
//! vectors of tiles.

use std::collections::{HashMap, VecDeque};

/// Distances to `goal` of every state that reaches it, by BFS over plain vectors.
pub fn bfs_distances(rows: usize, cols: usize, goal: &[u32]) -> HashMap<Vec<u32>, u32> {
    let mut distance = HashMap::from([(goal.to_vec(), 0)]);
    let mut queue = VecDeque::from([goal.to_vec()]);
    while let Some(state) = queue.pop_front() {
        let d = distance[&state];
        let blank = state.iter().position(|&t| t == 0).expect("a blank");
        let (row, col) = (blank / cols, blank % cols);
        let candidates = [
            (row > 0).then(|| blank - cols),
            (row + 1 < rows).then(|| blank + cols),
            (col > 0).then(|| blank - 1),
            (col + 1 < cols).then(|| blank + 1),
        ];
        for other in candidates.into_iter().flatten() {
            let mut next = state.clone();
            next.swap(blank, other);
            if let std::collections::hash_map::Entry::Vacant(slot) = distance.entry(next.clone()) {
                slot.insert(d + 1);
                queue.push_back(next);
            }
        }
    }
    distance
}
