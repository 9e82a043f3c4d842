//! The last small region of the constructive solver, solved optimally by breadth-first search
//! over its arrangements (at most 6!/2 = 360 reachable ones for a 2×3 region).

use std::collections::HashMap;

use puzzle_core::Direction;

use super::work::{Stop, Work, HOLE};

/// The code of the blank in a packed region state.
const EMPTY: u64 = 15;

/// Solves the remaining region of `work` (every tile in it belongs in it) by breadth-first
/// search, appending the moves.
pub(super) fn finish(work: &mut Work<'_>) -> Result<(), Stop> {
    let (height, width) = (work.bottom - work.top, work.right - work.left);
    let n = height * width;
    if n > 15 {
        return Err(Stop::Stuck);
    }
    let region_cell = |i: usize| (work.top + i / width) * work.cols + work.left + i % width;
    let region_index = |cell: usize| (cell / work.cols - work.top) * width + (cell % work.cols - work.left);
    let mut start = 0u64;
    let mut goal = 0u64;
    for i in 0..n {
        let cell = region_cell(i);
        let label = work.cells[cell];
        let code = if label == HOLE { EMPTY } else { region_index(label as usize) as u64 };
        start |= code << (4 * i);
        let want = if cell == work.goal_blank { EMPTY } else { i as u64 };
        goal |= want << (4 * i);
    }
    let blank_of = |state: u64| (0..n).find(|&i| (state >> (4 * i)) & 15 == EMPTY).unwrap_or(0);
    // Parent state and the move that left it, per state reached.
    let mut parent: HashMap<u64, (u64, Direction)> = HashMap::new();
    let mut frontier = vec![start];
    parent.insert(start, (start, Direction::North));
    let mut found = start == goal;
    while !found && !frontier.is_empty() {
        let mut next_frontier = Vec::new();
        for &state in &frontier {
            let blank = blank_of(state);
            let (row, col) = (blank / width, blank % width);
            for dir in Direction::ALL {
                let other = match dir {
                    Direction::North if row > 0 => blank - width,
                    Direction::South if row + 1 < height => blank + width,
                    Direction::West if col > 0 => blank - 1,
                    Direction::East if col + 1 < width => blank + 1,
                    _ => continue,
                };
                let tile = (state >> (4 * other)) & 15;
                let next = (state & !(15 << (4 * other)) & !(15 << (4 * blank)))
                    | (EMPTY << (4 * other))
                    | (tile << (4 * blank));
                if parent.contains_key(&next) {
                    continue;
                }
                parent.insert(next, (state, dir));
                if next == goal {
                    found = true;
                }
                next_frontier.push(next);
            }
        }
        frontier = next_frontier;
    }
    if !found {
        return Err(Stop::Stuck);
    }
    let mut moves = Vec::new();
    let mut state = goal;
    while state != start {
        let (before, dir) = parent[&state];
        moves.push(dir);
        state = before;
    }
    for &dir in moves.iter().rev() {
        work.step(dir);
    }
    Ok(())
}
