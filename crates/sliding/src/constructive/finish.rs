//! The last small region of the constructive solver (at most 3×3, 2×4 or 4×2), solved optimally
//! by the `search` crate's IDA\* with the Manhattan distance inside the region.
//!
//! This is a cold search, run once per board on at most nine cells, so it uses the generic
//! algorithm rather than a loop of its own (ARCHITECTURE.md: "Which searches use `search`").

use puzzle_core::Direction;
use search::{idastar, Limits, Status};

/// The most cells a final region has.
pub(super) const MAX_CELLS: usize = 9;

/// More nodes than the hardest region of [`MAX_CELLS`] cells needs (the 3×3 puzzle's 31-move
/// boards take well under a million): reaching it means the region was not solvable, a bug.
const MAX_NODES: u64 = 1 << 24;

/// A region as a small puzzle: for each region cell the region index of its tile's goal cell
/// (`u8::MAX` for the blank), cells in row-major order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Region {
    pub(super) height: usize,
    pub(super) width: usize,
    pub(super) tiles: [u8; MAX_CELLS],
    pub(super) blank: usize,
}

impl Region {
    fn manhattan(&self) -> u32 {
        (0..self.height * self.width)
            .filter(|&i| i != self.blank)
            .map(|i| {
                let goal = usize::from(self.tiles[i]);
                ((i / self.width).abs_diff(goal / self.width) + (i % self.width).abs_diff(goal % self.width)) as u32
            })
            .sum()
    }

    /// The region after the blank moves by `dir`, or `None` off the region.
    fn moved(&self, dir: Direction) -> Option<Region> {
        let (row, col) = (self.blank / self.width, self.blank % self.width);
        let other = match dir {
            Direction::North if row > 0 => self.blank - self.width,
            Direction::South if row + 1 < self.height => self.blank + self.width,
            Direction::West if col > 0 => self.blank - 1,
            Direction::East if col + 1 < self.width => self.blank + 1,
            _ => return None,
        };
        let mut next = self.clone();
        next.tiles.swap(self.blank, other);
        next.blank = other;
        Some(next)
    }
}

/// The first optimal moves (in [`Direction::ALL`] order) that bring `region` to its goal, with
/// the blank at region cell `goal_blank`; `None` when there are none, which would be a bug.
pub(super) fn solve(region: &Region, goal_blank: usize) -> Option<Vec<Direction>> {
    let successors = |region: &Region| {
        let region = region.clone();
        Direction::ALL.into_iter().filter_map(move |dir| region.moved(dir).map(|next| (dir, next, 1u32)))
    };
    let at_goal = |region: &Region| region.blank == goal_blank && region.manhattan() == 0;
    let limits = Limits { max_expanded: Some(MAX_NODES), ..Limits::NONE };
    match idastar(region, successors, Region::manhattan, at_goal, &limits).status {
        Status::Found(solution) => Some(solution.moves),
        Status::Exhausted | Status::GaveUp => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every arrangement of the 2×3 region, solved, against a breadth-first search over all of
    /// them written here.
    #[test]
    fn finds_the_optimum_of_every_2x3_arrangement() {
        use std::collections::{HashMap, VecDeque};
        let (height, width, goal_blank) = (2, 3, 5);
        let mut goal = Region { height, width, tiles: [0; MAX_CELLS], blank: goal_blank };
        for i in 0..height * width {
            goal.tiles[i] = if i == goal_blank { u8::MAX } else { i as u8 };
        }
        let mut distance: HashMap<Vec<u8>, usize> = HashMap::from([(goal.tiles.to_vec(), 0)]);
        let mut queue = VecDeque::from([goal.clone()]);
        while let Some(region) = queue.pop_front() {
            let d = distance[&region.tiles.to_vec()];
            for dir in Direction::ALL {
                if let Some(next) = region.moved(dir) {
                    distance.entry(next.tiles.to_vec()).or_insert_with(|| {
                        queue.push_back(next.clone());
                        d + 1
                    });
                }
            }
        }
        assert_eq!(distance.len(), 360);
        for (tiles, &d) in &distance {
            let blank = tiles.iter().position(|&t| t == u8::MAX).unwrap();
            let region = Region { height, width, tiles: tiles.as_slice().try_into().unwrap(), blank };
            let moves = solve(&region, goal_blank).expect("a reachable arrangement");
            assert_eq!(moves.len(), d, "{tiles:?}");
            let end = moves.iter().try_fold(region, |r, &dir| r.moved(dir)).expect("moves stay inside");
            assert_eq!(end, goal);
        }
    }
}
