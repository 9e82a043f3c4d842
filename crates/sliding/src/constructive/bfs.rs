//! The constructive solver's fallbacks: breadth-first searches for the blank's way to a cell,
//! and for a tile's way in the cramped corners where the step-by-step walk finds none.

use puzzle_core::Direction;

use super::work::{Stop, Work};

impl Work<'_, '_> {
    /// Breadth-first search for the blank's shortest way to `target`: first in a window around
    /// the blank and the target, then in the whole region.
    pub(super) fn search_blank(&mut self, target: usize, avoid: usize) -> Result<(), Stop> {
        let margin = 2;
        let (br, bc) = self.split(self.blank);
        let (tr, tc) = self.split(target);
        let window = (
            br.min(tr).saturating_sub(margin).max(self.top),
            (br.max(tr) + margin + 1).min(self.bottom),
            bc.min(tc).saturating_sub(margin).max(self.left),
            (bc.max(tc) + margin + 1).min(self.right),
        );
        if self.bfs(target, avoid, window) {
            return Ok(());
        }
        let whole = (self.top, self.bottom, self.left, self.right);
        if window != whole && self.bfs(target, avoid, whole) {
            return Ok(());
        }
        Err(Stop::Stuck)
    }

    /// Breadth-first search inside rows `w.0..w.1`, columns `w.2..w.3`; moves the blank on the
    /// path found.
    fn bfs(&mut self, target: usize, avoid: usize, w: (usize, usize, usize, usize)) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.queue.clear();
        self.queue.push(self.blank as u32);
        self.seen[self.blank] = stamp;
        let mut head = 0;
        let mut found = false;
        while head < self.queue.len() {
            let cell = self.queue[head] as usize;
            head += 1;
            if cell == target {
                found = true;
                break;
            }
            for dir in Direction::ALL {
                let Some(next) = self.neighbour(cell, dir) else { continue };
                let (row, col) = self.split(next);
                if self.seen[next] == stamp
                    || !(w.0..w.1).contains(&row)
                    || !(w.2..w.3).contains(&col)
                    || !self.open(next, avoid)
                {
                    continue;
                }
                self.seen[next] = stamp;
                self.via[next] = dir;
                self.queue.push(next as u32);
            }
        }
        if !found {
            return false;
        }
        self.trail.clear();
        let mut cell = target;
        while cell != self.blank {
            let dir = self.via[cell];
            self.trail.push(dir);
            cell = self.neighbour(cell, dir.opposite()).unwrap_or(self.blank);
        }
        while let Some(dir) = self.trail.pop() {
            self.step(dir);
        }
        true
    }

    /// Walks the tile of `label` to `target` by breadth-first search over the positions of the
    /// tile and the blank together, in a window around them: the fallback for the cramped
    /// corners where the step-by-step walk finds no way.
    ///
    /// Returns `Ok(false)`, having moved nothing, when the window has more than `max_cells` cells.
    pub(super) fn move_tile_by_search(
        &mut self,
        label: usize,
        target: usize,
        margin: usize,
        max_cells: usize,
    ) -> Result<bool, Stop> {
        let tile = self.tile_cell(label);
        let [(tile_row, tile_col), (target_row, target_col), (blank_row, blank_col)] =
            [tile, target, self.blank].map(|cell| self.split(cell));
        let rows_of = [tile_row, target_row, blank_row];
        let cols_of = [tile_col, target_col, blank_col];
        let top = rows_of.iter().min().copied().unwrap_or(0).saturating_sub(margin).max(self.top);
        let bottom = (rows_of.iter().max().copied().unwrap_or(0) + margin + 1).min(self.bottom);
        let left = cols_of.iter().min().copied().unwrap_or(0).saturating_sub(margin).max(self.left);
        let right = (cols_of.iter().max().copied().unwrap_or(0) + margin + 1).min(self.right);
        let width = right - left;
        let size = (bottom - top) * width;
        if size > max_cells {
            return Ok(false);
        }
        let index = |cell: usize| {
            let (row, col) = self.split(cell);
            (row - top) * width + (col - left)
        };
        let cell_of = |i: usize| (top + i / width) * self.cols + left + i % width;
        let inside = |cell: usize| {
            let (row, col) = self.split(cell);
            (top..bottom).contains(&row) && (left..right).contains(&col)
        };
        // State: tile index * size + blank index; the state it was reached from and the move.
        let mut parent: Vec<u32> = vec![u32::MAX; size * size];
        let mut via: Vec<Direction> = vec![Direction::North; size * size];
        let start = index(tile) * size + index(self.blank);
        parent[start] = start as u32;
        let mut queue = std::collections::VecDeque::from([start]);
        let mut end = None;
        while let Some(state) = queue.pop_front() {
            let (t, b) = (cell_of(state / size), cell_of(state % size));
            if t == target {
                end = Some(state);
                break;
            }
            for dir in Direction::ALL {
                let Some(next) = self.neighbour(b, dir) else { continue };
                if !inside(next) || !self.open(next, usize::MAX) {
                    continue;
                }
                let t2 = if next == t { b } else { t };
                let code = index(t2) * size + index(next);
                if parent[code] == u32::MAX {
                    parent[code] = state as u32;
                    via[code] = dir;
                    queue.push_back(code);
                }
            }
        }
        let Some(mut state) = end else { return Err(Stop::Stuck) };
        let mut moves = Vec::new();
        while state != start {
            moves.push(via[state]);
            state = parent[state] as usize;
        }
        for &dir in moves.iter().rev() {
            self.step(dir);
        }
        Ok(true)
    }
}
