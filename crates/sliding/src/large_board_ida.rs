//! IDA* for boards too large for the byte-sized cells of the specialised search (more than 255
//! cells), on the depth-first core of `search` ([`search::walk`]): each iteration is a [`Walk`]
//! driven by [`search::walk::first`] under one [`Watch`]. The board is moved in place, the
//! Manhattan distance is updated from the one tile that moved, and the walk keeps an explicit
//! stack, so its memory is the board plus two bytes per move of the current path, whatever the
//! board's size. It is a walk of its own, not `ida::Iteration`: that one's state (a byte per
//! cell, arrays of 256) cannot hold these boards.
//!
//! Moves are tried in [`MOVE_ORDER`](crate::MOVE_ORDER) and the move that undoes the previous one
//! is never tried, so the path returned is the first optimal path in that order, as with the
//! specialised search.

use puzzle_core::{Cell, Direction, Shape};
use search::deepen::deepen;
use search::walk::{first, Counts, Walk, Watch};
use search::Limits;

use crate::board::{Board, BLANK};
use crate::ida::Run;
use crate::MOVE_ORDER;

/// The longest path the search follows before giving up: a bound on its memory (two bytes a
/// move), reached only after at least as many expansions.
pub(crate) const MAX_DEPTH: usize = 1 << 26;

/// One iteration of the search on a large board, standing on one node.
struct Iteration<'a> {
    shape: Shape,
    /// `goal_cell[tile]`: the tile's cell in the goal.
    goal_cell: &'a [usize],
    tiles: Vec<u32>,
    blank: usize,
    /// The Manhattan distance of the current node.
    h: usize,
    /// `f = step * g + weight * h`.
    step: usize,
    weight: usize,
    bound: usize,
    /// The least `f` cut off so far (`usize::MAX`: none).
    next_bound: usize,
    path: Vec<Direction>,
    /// `next_move[depth]`: the index in MOVE_ORDER of the next move to try at that depth.
    next_move: Vec<u8>,
    floor: usize,
    counts: Counts,
    /// Whether a child was left out for being deeper than [`MAX_DEPTH`].
    too_deep: bool,
}

impl Iteration<'_> {
    /// The Manhattan distance of `tile` at `cell` from its goal cell.
    fn distance(&self, tile: u32, cell: usize) -> usize {
        let (home, cols) = (self.goal_cell[tile as usize], self.shape.cols());
        (home / cols).abs_diff(cell / cols) + (home % cols).abs_diff(cell % cols)
    }

    /// Moves the blank by `dir`, which stays on the board.
    fn slide(&mut self, dir: Direction) {
        let Some(target) = self.shape.neighbour(Cell(self.blank), dir) else {
            unreachable!("the walk's moves stay on the board")
        };
        let tile = self.tiles[target.0];
        self.h = self.h + self.distance(tile, self.blank) - self.distance(tile, target.0);
        self.tiles.swap(self.blank, target.0);
        self.blank = target.0;
    }
}

impl Walk for Iteration<'_> {
    type Move = Direction;

    search::walk_bookkeeping!(depth = path.len(), floor, counts);

    /// The next child within the bound, not made yet. The goal itself is not counted, as this
    /// search has always counted its nodes.
    fn advance(&mut self) -> Option<Direction> {
        let depth = self.path.len();
        let previous = self.path.last().copied();
        loop {
            let tried = self.next_move.last_mut()?;
            let &dir = MOVE_ORDER.get(usize::from(*tried))?;
            *tried += 1;
            if previous == Some(dir.opposite()) {
                continue;
            }
            let Some(target) = self.shape.neighbour(Cell(self.blank), dir) else { continue };
            let tile = self.tiles[target.0];
            let moved_h = self.h + self.distance(tile, self.blank) - self.distance(tile, target.0);
            let f = self.step * (depth + 1) + self.weight * moved_h;
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            if depth + 1 >= MAX_DEPTH && moved_h != 0 {
                self.too_deep = true;
                continue;
            }
            self.counts.nodes += u64::from(moved_h != 0);
            return Some(dir);
        }
    }

    fn push(&mut self, dir: Direction) {
        self.slide(dir);
        self.path.push(dir);
        self.next_move.push(0);
    }

    fn pop(&mut self) {
        if let Some(dir) = self.path.pop() {
            self.next_move.pop();
            self.slide(dir.opposite());
        }
    }

    fn close(&mut self) {
        if let Some(tried) = self.next_move.last_mut() {
            *tried = MOVE_ORDER.len() as u8;
        }
    }

    fn solved(&self) -> bool {
        self.h == 0
    }

    fn prefix(&self) -> Vec<Direction> {
        self.path.clone()
    }
}

/// Finds the first path in move order from `board` to `goal` by IDA\* with the Manhattan
/// distance and `f = step * g + weight * h` (`weight >= step`), or gives up at `limits` (or at
/// [`MAX_DEPTH`] moves): weighted IDA\*, whose first path is at most `weight / step` times the
/// optimum (`weighted` proves it); `step = weight = 1` is the optimal search, whose first path
/// is the first optimal one. The run's next bound is in the same units as `f`. The caller has
/// checked that the shapes agree and that the goal can be reached.
pub(crate) fn search(board: &Board, goal: &Board, limits: &Limits<'_>, step: usize, weight: usize) -> Run {
    let mut goal_cell = vec![0usize; goal.tiles().len()];
    for (cell, &tile) in goal.tiles().iter().enumerate() {
        goal_cell[tile as usize] = cell;
    }
    let mut walk = Iteration {
        shape: board.shape(),
        goal_cell: &goal_cell,
        tiles: board.tiles().to_vec(),
        blank: board.blank().0,
        h: 0,
        step,
        weight,
        bound: 0,
        next_bound: usize::MAX,
        path: Vec::new(),
        next_move: vec![0],
        floor: 0,
        counts: Counts::default(),
        too_deep: false,
    };
    walk.h = (walk.tiles.iter().enumerate())
        .filter(|&(_, &tile)| tile != BLANK)
        .map(|(cell, &tile)| walk.distance(tile, cell))
        .sum();
    // A Manhattan distance of zero puts every tile, and so the blank, at home.
    if walk.h == 0 {
        return Run { path: Some(Vec::new()), ..Run::default() };
    }
    // The clock is looked at as the closure-based searches look at it.
    let watch = Watch::new(limits).every(Limits::CLOCK_INTERVAL);
    // Each iteration takes back all its moves, so it starts again from the board as given.
    let run = deepen(weight * walk.h, |bound, spent| {
        if watch.must_stop(spent) {
            return search::deepen::Run { gave_up: true, ..Default::default() };
        }
        walk.bound = bound;
        walk.next_bound = usize::MAX;
        walk.next_move = vec![0];
        walk.counts.nodes = spent + 1;
        let found = first(&mut walk, &watch);
        search::deepen::Run {
            path: found.then(|| walk.path.clone()),
            next_bound: (walk.next_bound != usize::MAX).then_some(walk.next_bound),
            nodes: walk.counts.nodes - spent,
            gave_up: !found && (walk.counts.stopped || walk.too_deep),
        }
    });
    // Bounds beyond `u32` are reported as `u32::MAX`, still a valid (weaker) cut.
    let next_bound = run.next_bound.map(|cut| u32::try_from(cut).unwrap_or(u32::MAX));
    Run { path: run.path, next_bound, nodes: run.nodes, gave_up: run.gave_up }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::answer::{Path, Verdict};
    use crate::board::{BoardSpec, GoalKind};
    use crate::check::check;
    use crate::heuristic::Heuristic;
    use crate::plain::solve_with;
    use puzzle_core::Shape;

    /// The goal of `kind` scrambled by `moves` (indices into MOVE_ORDER, illegal ones skipped).
    fn scrambled(rows: usize, cols: usize, kind: GoalKind, moves: &[usize]) -> (Board, Board) {
        let goal = Board::goal(Shape::new(rows, cols).unwrap(), kind).unwrap();
        let mut board = goal.clone();
        for &m in moves {
            board.move_blank(MOVE_ORDER[m % 4]);
        }
        (board, goal)
    }

    #[test]
    fn a_large_board_a_few_moves_away() {
        use Direction::South;
        let (board, goal) = scrambled(20, 30, GoalKind::BlankLast, &[0, 0, 1, 0, 0, 0]);
        let solved = solve_with(&board, &goal, &Heuristic::LinearConflict, &Limits::NONE).unwrap();
        assert_eq!(solved.verdict(), &Verdict::Solved(Path::Moves(vec![South, South, South, South])));
        check(&board, &goal, solved.verdict()).unwrap();
        let (board, goal) = scrambled(16, 16, GoalKind::BlankFirst, &[1, 1, 3, 3, 1, 3]);
        let solved = solve_with(&board, &goal, &Heuristic::Manhattan, &Limits::NONE).unwrap();
        assert!(matches!(solved.verdict(), Verdict::Solved(Path::Moves(path)) if path.len() == 6), "{solved:?}");
        check(&board, &goal, solved.verdict()).unwrap();
    }

    #[test]
    fn limits_stop_a_huge_board_in_little_memory() {
        // 1000x1000: a random board would need far more than these limits allow; a scrambled goal
        // with its first tiles swapped twice is far from the goal and still solvable.
        let n = 1000 * 1000;
        let mut tiles: Vec<u32> = (1..n as u32).chain([BLANK]).collect();
        tiles.swap(0, n - 2);
        tiles.swap(1, n - 3);
        let board = Board::try_from(BoardSpec { rows: 1000, cols: 1000, tiles }).unwrap();
        let goal = Board::goal(board.shape(), GoalKind::BlankLast).unwrap();
        let limits = Limits { max_expanded: Some(10_000), deadline: None, interrupt: None, progress: None };
        let solved = solve_with(&board, &goal, &Heuristic::LinearConflict, &limits).unwrap();
        assert_eq!(solved.verdict(), &Verdict::GaveUp);
        assert_eq!(solved.nodes(), 10_000);
    }

    proptest! {
        /// On boards the specialised IDA* can also search, both find the same first optimal path.
        #[test]
        fn agrees_with_the_specialised_search(
            rows in 2..4usize,
            cols in 2..4usize,
            blank_first in any::<bool>(),
            moves in prop::collection::vec(0..4usize, 0..30),
        ) {
            let kind = if blank_first { GoalKind::BlankFirst } else { GoalKind::BlankLast };
            let (board, goal) = scrambled(rows, cols, kind, &moves);
            let expected = solve_with(&board, &goal, &Heuristic::Manhattan, &Limits::NONE).unwrap();
            let got = search(&board, &goal, &Limits::NONE, 1, 1);
            let Some(path) = got.path else { panic!("{got:?} on a scrambled goal") };
            prop_assert_eq!(Verdict::Solved(Path::Moves(path)), expected.verdict().clone());
        }
    }
}
