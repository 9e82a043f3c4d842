//! Filling the cells a search left empty, so that a board reported is complete and scores the
//! joins its filling pieces match as well: first greedily (each empty cell in scan order gets
//! the unused piece and turn, of the right frame class, that matches most of its placed
//! neighbours), then, where few cells are empty, by branch and bound over the empty cells for the
//! filling that matches the most joins, within a budget of placements.

use crate::model::{Placement, Puzzle, EAST, NORTH, SOUTH, WEST};

/// The most empty cells the branch and bound is tried on; a board with more keeps the greedy
/// filling (Eternity II's deep boards have about ten).
const EXACT_MAX_EMPTY: usize = 16;

/// The branch and bound's budget of placements for a board that raised its thread's best
/// partial score: rare, so worth tens of milliseconds.
pub(crate) const IMPROVEMENT_BUDGET: u64 = 1 << 18;

/// The budget for a board that only tied it, which may come every
/// [`crate::best::worker::TIE_GAP`] placements: a few milliseconds against their tens.
pub(crate) const TIE_BUDGET: u64 = 1 << 14;

/// `cells` with every empty cell filled in `order`: greedily, then better where the branch and
/// bound finds a filling that matches more joins within `budget` placements.
pub(crate) fn complete(
    puzzle: &Puzzle,
    cells: &[Option<Placement>],
    order: &[usize],
    budget: u64,
) -> Vec<Option<Placement>> {
    let greedy = greedy(puzzle, cells, order);
    let empty: Vec<usize> = order.iter().copied().filter(|&cell| cells[cell].is_none()).collect();
    if empty.is_empty() || empty.len() > EXACT_MAX_EMPTY || greedy.iter().any(Option::is_none) {
        return greedy;
    }
    let mut filling = Filling::new(puzzle, cells, &empty, budget);
    // The incumbent: the joins the greedy filling adds to those among the placed pieces.
    filling.best = matching(puzzle, &greedy) - matching(puzzle, cells);
    filling.search(0, 0);
    match filling.found {
        Some(found) => {
            let mut board = cells.to_vec();
            for (&cell, placement) in empty.iter().zip(found) {
                board[cell] = Some(placement);
            }
            board
        }
        None => greedy,
    }
}

/// Where a cell's neighbour in each direction stands.
#[derive(Clone, Copy)]
enum Side {
    /// The board's edge, or an empty cell filled after this one (that one counts the join).
    Open,
    /// A placed piece: the code this side must show to match it.
    Placed(u16),
    /// The empty cell filled `n`-th, before this one.
    Earlier(usize),
}

/// A piece in a turn that fits an empty cell's frame class.
#[derive(Clone, Copy)]
struct Candidate {
    placement: Placement,
    sides: [u16; 4],
    /// Its matches with placed neighbours.
    placed: u32,
}

/// The branch and bound over the empty cells, in the order they are filled.
struct Filling<'p> {
    puzzle: &'p Puzzle,
    sides: Vec<[Side; 4]>,
    /// Each empty cell's candidates, most placed matches first.
    candidates: Vec<Vec<Candidate>>,
    /// How many of each cell's neighbours are filled before it.
    earlier: Vec<u32>,
    used: Vec<bool>,
    chosen: Vec<Candidate>,
    best: usize,
    found: Option<Vec<Placement>>,
    budget: u64,
}

impl<'p> Filling<'p> {
    fn new(puzzle: &'p Puzzle, cells: &[Option<Placement>], empty: &[usize], budget: u64) -> Filling<'p> {
        let mut rank = vec![usize::MAX; cells.len()];
        for (i, &cell) in empty.iter().enumerate() {
            rank[cell] = i;
        }
        let used = used_pieces(puzzle, cells);
        let mut all_sides = Vec::with_capacity(empty.len());
        let mut candidates = Vec::with_capacity(empty.len());
        let mut earlier = Vec::with_capacity(empty.len());
        for (i, &cell) in empty.iter().enumerate() {
            let sides = [NORTH, EAST, SOUTH, WEST].map(|dir| {
                let Some(next) = neighbour(puzzle, cell, dir) else { return Side::Open };
                match cells[next] {
                    Some(other) => Side::Placed(puzzle.partner(puzzle.placed(other)[(dir + 2) % 4])),
                    None if rank[next] < i => Side::Earlier(rank[next]),
                    None => Side::Open,
                }
            });
            let mut list: Vec<Candidate> = fitting(puzzle, &used, cell)
                .map(|(placement, shown)| {
                    let placed =
                        (0..4).filter(|&dir| matches!(sides[dir], Side::Placed(code) if code == shown[dir])).count();
                    Candidate { placement, sides: shown, placed: placed as u32 }
                })
                .collect();
            // Stable, so that ties keep the order of pieces and turns.
            list.sort_by_key(|c| std::cmp::Reverse(c.placed));
            let before = sides.iter().filter(|s| matches!(s, Side::Earlier(_))).count() as u32;
            earlier.push(before);
            all_sides.push(sides);
            candidates.push(list);
        }
        Filling {
            puzzle,
            sides: all_sides,
            candidates,
            earlier,
            used,
            chosen: Vec::with_capacity(empty.len()),
            best: 0,
            found: None,
            budget,
        }
    }

    /// Fills the `i`-th empty cell on, `score` being the joins the cells before it added.
    fn search(&mut self, i: usize, score: u32) {
        if i == self.sides.len() {
            if score as usize > self.best {
                self.best = score as usize;
                self.found = Some(self.chosen.iter().map(|c| c.placement).collect());
            }
            return;
        }
        // What the cells after this one can add at most, with the pieces and neighbours now.
        let rest: u32 = (i + 1..self.sides.len()).map(|j| self.bound(j)).sum();
        if score + self.bound(i) + rest <= self.best as u32 {
            return;
        }
        for k in 0..self.candidates[i].len() {
            let c = self.candidates[i][k];
            // The rest of the list matches at most as many placed neighbours.
            if score + c.placed + self.earlier[i] + rest <= self.best as u32 {
                return;
            }
            if self.used[c.placement.piece] {
                continue;
            }
            if self.budget == 0 {
                return;
            }
            self.budget -= 1;
            let gain = c.placed + self.earlier_matches(i, &c);
            if score + gain + rest <= self.best as u32 {
                continue;
            }
            self.used[c.placement.piece] = true;
            self.chosen.push(c);
            self.search(i + 1, score + gain);
            self.chosen.pop();
            self.used[c.placement.piece] = false;
        }
    }

    /// The joins `c` in the `i`-th empty cell matches with the empty cells filled before it.
    fn earlier_matches(&self, i: usize, c: &Candidate) -> u32 {
        let mut matches = 0;
        for dir in 0..4 {
            if let Side::Earlier(j) = self.sides[i][dir] {
                if let Some(other) = self.chosen.get(j) {
                    matches += u32::from(self.puzzle.partner(other.sides[(dir + 2) % 4]) == c.sides[dir]);
                }
            }
        }
        matches
    }

    /// The most joins the `j`-th empty cell can add now: its best candidate whose piece is unused,
    /// counting its matches with placed neighbours and with the cells filled so far, and the
    /// joins to earlier cells not yet filled as matching.
    fn bound(&self, j: usize) -> u32 {
        let filled = self.chosen.len();
        let open = self.sides[j].iter().filter(|s| matches!(s, Side::Earlier(e) if *e >= filled)).count() as u32;
        let mut best = 0;
        for c in &self.candidates[j] {
            // Sorted by placed matches: no later candidate can do better.
            if c.placed + self.earlier[j] <= best {
                break;
            }
            if !self.used[c.placement.piece] {
                best = best.max(c.placed + open + self.earlier_matches(j, c));
            }
        }
        best
    }
}

/// `cells` with every empty cell filled greedily in `order`.
fn greedy(puzzle: &Puzzle, cells: &[Option<Placement>], order: &[usize]) -> Vec<Option<Placement>> {
    let mut cells = cells.to_vec();
    let mut used = used_pieces(puzzle, &cells);
    for &cell in order {
        if cells[cell].is_some() {
            continue;
        }
        let shows: [Option<u16>; 4] = [NORTH, EAST, SOUTH, WEST].map(|dir| {
            let other = cells[neighbour(puzzle, cell, dir)?]?;
            Some(puzzle.partner(puzzle.placed(other)[(dir + 2) % 4]))
        });
        let mut best: Option<(usize, Placement)> = None;
        for (placement, sides) in fitting(puzzle, &used, cell) {
            let matching = (0..4).filter(|&dir| shows[dir] == Some(sides[dir])).count();
            if best.is_none_or(|(m, _)| matching > m) {
                best = Some((matching, placement));
            }
        }
        if let Some((_, placement)) = best {
            used[placement.piece] = true;
            cells[cell] = Some(placement);
        }
    }
    cells
}

/// Which pieces `cells` holds.
fn used_pieces(puzzle: &Puzzle, cells: &[Option<Placement>]) -> Vec<bool> {
    let mut used = vec![false; puzzle.pieces().len()];
    for p in cells.iter().flatten() {
        used[p.piece] = true;
    }
    used
}

/// The cell next to `cell` in direction `dir`, if the board has one there.
pub(super) fn neighbour(puzzle: &Puzzle, cell: usize, dir: usize) -> Option<usize> {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let (r, c) = (cell / cols, cell % cols);
    match dir {
        NORTH if r > 0 => Some(cell - cols),
        EAST if c + 1 < cols => Some(cell + 1),
        SOUTH if r + 1 < rows => Some(cell + cols),
        WEST if c > 0 => Some(cell - 1),
        _ => None,
    }
}

/// Every piece not `used`, in every turn the puzzle allows that fits `cell`'s frame class (the
/// frame's sides outside on a framed board), with the sides it shows: pieces in order, then turns.
fn fitting<'a>(puzzle: &'a Puzzle, used: &'a [bool], cell: usize) -> impl Iterator<Item = (Placement, [u16; 4])> + 'a {
    let outside = [NORTH, EAST, SOUTH, WEST].map(|dir| neighbour(puzzle, cell, dir).is_none());
    (0..puzzle.pieces().len()).filter(move |&piece| !used[piece]).flat_map(move |piece| turns(puzzle, piece, outside))
}

/// Every turn the puzzle allows of `piece` that fits a cell with the board's edge on the sides
/// `outside` says (the frame's sides outside on a framed board), with the sides it shows.
pub(super) fn turns(
    puzzle: &Puzzle,
    piece: usize,
    outside: [bool; 4],
) -> impl Iterator<Item = (Placement, [u16; 4])> + '_ {
    let rotations: u8 = if puzzle.rotate() { 4 } else { 1 };
    (0..rotations).filter_map(move |rotation| {
        let sides = puzzle.oriented(piece, rotation);
        let fits = !puzzle.framed() || (0..4).all(|dir| (sides[dir] == 0) == outside[dir]);
        fits.then(|| (Placement::new(piece, rotation), sides))
    })
}

/// Matching joins between placed neighbours (the engine's own count; the CLI prints the
/// independent checker's).
pub(crate) fn matching(puzzle: &Puzzle, cells: &[Option<Placement>]) -> usize {
    let cols = puzzle.cols();
    let mut count = 0;
    for (cell, p) in cells.iter().enumerate() {
        let Some(p) = p else { continue };
        let sides = puzzle.placed(*p);
        if cell % cols + 1 < cols {
            if let Some(q) = cells[cell + 1] {
                count += usize::from(puzzle.partner(sides[EAST]) == puzzle.placed(q)[WEST]);
            }
        }
        if let Some(Some(q)) = cells.get(cell + cols) {
            count += usize::from(puzzle.partner(sides[SOUTH]) == puzzle.placed(*q)[NORTH]);
        }
    }
    count
}
