//! The colour balance of a partial board (docs/algorithms.md, "Colour balance"): on a framed
//! board of at least 3×3 whose colours match themselves, each free piece's sides can only go
//! where its kind puts them. An edge piece's inner side (opposite its frame side) faces an
//! interior cell across a spoke, its two other sides run along the ring of border cells; a
//! corner's two sides run along the ring; an interior piece's four sides face spokes or other
//! interior cells. Counting, per colour `c`, the free pieces' sides and the sides the placed
//! cells show the empty ones (the frontier), every completion needs
//!
//! - `X_c` = free edge pieces' inner sides − frontier spokes whose empty cell is a border cell
//!   ≥ 0 (the rest face spokes between two empty cells);
//! - `Y_c` = free interior pieces' sides − those spokes (`X_c`) − frontier edges whose empty
//!   cell is interior ≥ 0 (the rest face edges between two empty interior cells);
//!
//! (The like count of the ring's sides, edges' and corners', never failed where `X` and `Y`
//! held on Brendan's boards, and is not kept.) A colour no free piece shows on an inner side
//! has one lane for all such colours, which any demand makes negative.
//!
//! The counters are kept per depth as 8-bit lanes (biased by `BIAS`, so that no lane borrows
//! from its neighbour) in 64-bit words, changed by each placement by its piece's sides and the
//! four edges of its cell; the tight loop expands a cell only if every lane is non-negative. A
//! board that fails can have no completion, so counts are unchanged; the loop makes fewer
//! placements.

use super::tables::{Candidate, NO_NEIGHBOUR};
use crate::model::{Puzzle, FRAME};

/// Lanes per 64-bit word, their width, and the bias of every lane: a lane holds `BIAS + value`
/// for a value in `-BIAS..BIAS`, which is ≥ 0 exactly when the lane's bit `BIAS` is set.
const PER_WORD: usize = 8;
const WIDTH: usize = 8;
const BIAS: u64 = 0x40;
const MASK: u64 = 0xff;
/// The bit `BIAS` of every lane of a word.
const SIGNS: u64 = 0x4040_4040_4040_4040;

/// The kind of a frontier edge, by its cells: the placed one and the empty one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// No edge (the board's outside).
    None,
    /// A spoke whose empty cell is the border cell: `X` falls, `Y` rises.
    SpokeToBorder,
    /// An edge whose empty cell is interior: `Y` falls.
    ToInterior,
    /// Along the ring of border cells: not counted.
    Ring,
}

/// The counters' layout and the changes each placement makes.
#[derive(Clone, Debug)]
pub(super) struct Balance {
    /// 64-bit words per state.
    pub(super) words: usize,
    /// Per colour (key): its lane in `X`; its lane in `Y` is `lanes` further.
    lane: Vec<u16>,
    lanes: usize,
    /// The empty board's state.
    start: Vec<u64>,
    /// Per piece (`words` each): the lanes its placement lowers, and those it raises.
    lower: Vec<u64>,
    raise: Vec<u64>,
    /// Per depth: the kinds of its cell's north and west edges (frontier edges that placing it
    /// closes) and of its east and south edges (that placing it opens).
    edges: Vec<[Kind; 4]>,
    /// For the tight loop: per depth, the start of its class's changes in `changes`: per piece
    /// and turn, the words to add and then those to subtract (`2 words` each), the piece's and
    /// its cell's edges' together (depths whose cells have the same four kinds of edge share a
    /// class).
    class_at: Vec<u32>,
    changes: Vec<u64>,
}

impl Balance {
    /// The balance for `puzzle` searched in the order of `cells` (the cell filled at each
    /// depth, every cell after its north and west neighbours), where it applies: a framed board
    /// of at least 3×3 whose colours match themselves, every piece an interior, edge or corner
    /// piece.
    pub(super) fn new(puzzle: &Puzzle, cells: &[usize]) -> Option<Balance> {
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        if !puzzle.framed() || !puzzle.equal_colours() || rows < 3 || cols < 3 || cells.len() != rows * cols {
            return None;
        }
        // The inner sides of a piece: all four of an interior piece, the one opposite an edge
        // piece's frame side; and whether the piece is an edge piece.
        let inner = |sides: &[u16; 4]| -> Option<(Vec<u16>, bool)> {
            let frames: Vec<usize> = (0..4).filter(|&k| sides[k] == FRAME).collect();
            match frames.len() {
                0 => Some((sides.to_vec(), false)),
                1 => Some((vec![sides[(frames[0] + 2) % 4]], true)),
                2 => Some((Vec::new(), false)),
                _ => None,
            }
        };
        let keys = puzzle.n_colours() + 1;
        let mut lane = vec![u16::MAX; keys];
        let mut n = 0u16;
        for sides in puzzle.pieces() {
            for side in inner(sides)?.0 {
                if lane[usize::from(side)] == u16::MAX {
                    lane[usize::from(side)] = n;
                    n += 1;
                }
            }
        }
        // The colours no free piece shows inside share the last lane.
        lane.iter_mut().filter(|l| **l == u16::MAX).for_each(|l| *l = n);
        let lanes = usize::from(n) + 1;
        let words = (2 * lanes).div_ceil(PER_WORD);
        let supply = |sides: &[u16; 4]| -> Vec<i64> {
            let mut out = vec![0i64; PER_WORD * words];
            let (inner, edge) = inner(sides).expect("checked");
            for side in inner {
                let l = usize::from(lane[usize::from(side)]);
                if edge {
                    out[l] += 1;
                    out[lanes + l] -= 1;
                } else {
                    out[lanes + l] += 1;
                }
            }
            out
        };
        let pack = |values: &[i64]| -> Vec<u64> {
            let mut out = vec![0u64; words];
            for (l, &v) in values.iter().enumerate() {
                out[l / PER_WORD] |= (v as u64 & MASK) << (WIDTH * (l % PER_WORD));
            }
            out
        };
        let mut total = vec![0i64; PER_WORD * words];
        let (mut lower, mut raise) = (Vec::new(), Vec::new());
        for sides in puzzle.pieces() {
            let s = supply(sides);
            total.iter_mut().zip(&s).for_each(|(t, v)| *t += v);
            lower.extend(pack(&s.iter().map(|&v| v.max(0)).collect::<Vec<_>>()));
            raise.extend(pack(&s.iter().map(|&v| (-v).max(0)).collect::<Vec<_>>()));
        }
        // A lane moves by at most the sum of its pieces' changes (plus the few demands of the
        // last cells placed before a check): it must stay within its bias.
        let mut reach = vec![0i64; PER_WORD * words];
        for sides in puzzle.pieces() {
            reach.iter_mut().zip(supply(sides)).for_each(|(r, v)| *r += v.abs());
        }
        if reach.iter().any(|&r| r + 8 >= BIAS as i64) {
            return None;
        }
        // Every lane biased, the unused ones of the last word included.
        let biased: Vec<i64> = total.iter().map(|v| v + BIAS as i64).collect();
        let border = |cell: usize| {
            let (r, c) = (cell / cols, cell % cols);
            r == 0 || c == 0 || r + 1 == rows || c + 1 == cols
        };
        let kind = |placed: usize, empty: usize| match (border(placed), border(empty)) {
            (true, true) => Kind::Ring,
            (false, true) => Kind::SpokeToBorder,
            _ => Kind::ToInterior,
        };
        let edges = cells
            .iter()
            .map(|&cell| {
                let (r, c) = (cell / cols, cell % cols);
                [
                    if r > 0 { kind(cell - cols, cell) } else { Kind::None },
                    if c > 0 { kind(cell - 1, cell) } else { Kind::None },
                    if c + 1 < cols { kind(cell, cell + 1) } else { Kind::None },
                    if r + 1 < rows { kind(cell, cell + cols) } else { Kind::None },
                ]
            })
            .collect();
        let mut balance = Balance {
            words,
            lane,
            lanes,
            start: pack(&biased),
            lower,
            raise,
            edges,
            class_at: Vec::new(),
            changes: Vec::new(),
        };
        // The tight loop's changes per class of depth, piece and turn.
        let mut classes: Vec<[Kind; 4]> = Vec::new();
        let per_class = puzzle.pieces().len() * 4 * 2 * words;
        for d in 0..cells.len() {
            let kinds = balance.edges[d];
            let class = match classes.iter().position(|&k| k == kinds) {
                Some(class) => class,
                None => {
                    classes.push(kinds);
                    let mut changes = vec![0u64; per_class];
                    for piece in 0..puzzle.pieces().len() {
                        for turn in 0..4u8 {
                            let sides = puzzle.oriented(piece, turn).map(u32::from);
                            // The change, on a zero state biased so that no lane leaves its range.
                            let mut state = vec![0u64; words];
                            balance.start(&mut state);
                            let before = state.clone();
                            balance.place(&mut state, d, piece, sides);
                            let at = (piece * 4 + usize::from(turn)) * 2 * words;
                            for k in 0..words {
                                for l in 0..PER_WORD {
                                    let lane = |x: u64| (x >> (WIDTH * l)) & MASK;
                                    let (now, was) = (lane(state[k]), lane(before[k]));
                                    changes[at + k] |= now.saturating_sub(was) << (WIDTH * l);
                                    changes[at + words + k] |= was.saturating_sub(now) << (WIDTH * l);
                                }
                            }
                        }
                    }
                    balance.changes.extend(changes);
                    classes.len() - 1
                }
            };
            balance.class_at.push((class * per_class) as u32);
        }
        Some(balance)
    }

    /// `next` = `now` changed by the placement of the tight loop's candidate `c` at `depth`
    /// ([`Balance::place`] with the sides `c` shows).
    #[inline(always)]
    pub(super) fn step(&self, now: &[u64], next: &mut [u64], depth: usize, c: Candidate) {
        let words = self.words;
        let at = self.class_at[depth] as usize + (c.piece() * 4 + usize::from(c.rotation())) * 2 * words;
        let change = &self.changes[at..at + 2 * words];
        for k in 0..words {
            next[k] = now[k].wrapping_add(change[k]).wrapping_sub(change[words + k]);
        }
    }

    /// Writes the empty board's state into `state`.
    pub(super) fn start(&self, state: &mut [u64]) {
        state.copy_from_slice(&self.start);
    }

    #[inline(always)]
    fn bump(state: &mut [u64], lane: usize, up: bool) {
        let (word, one) = (lane / PER_WORD, 1u64 << (WIDTH * (lane % PER_WORD)));
        state[word] = if up { state[word].wrapping_add(one) } else { state[word].wrapping_sub(one) };
    }

    /// A frontier edge of `kind` and colour `colour` opened (`open`) or closed.
    #[inline(always)]
    fn edge(&self, state: &mut [u64], kind: Kind, colour: u32, open: bool) {
        let lane = usize::from(self.lane[colour as usize]);
        match kind {
            Kind::None | Kind::Ring => {}
            Kind::SpokeToBorder => {
                Self::bump(state, lane, !open);
                Self::bump(state, self.lanes + lane, open);
            }
            Kind::ToInterior => Self::bump(state, self.lanes + lane, !open),
        }
    }

    /// Changes `state` by the placement of `piece` at `depth` showing `sides` (north, east,
    /// south, west: colours, or anything on the outside).
    #[inline(always)]
    pub(super) fn place(&self, state: &mut [u64], depth: usize, piece: usize, sides: [u32; 4]) {
        let at = piece * self.words;
        for (k, word) in state.iter_mut().enumerate() {
            *word = word.wrapping_add(self.raise[at + k]).wrapping_sub(self.lower[at + k]);
        }
        let [n, w, e, s] = self.edges[depth];
        self.edge(state, n, sides[0], false);
        self.edge(state, w, sides[3], false);
        self.edge(state, e, sides[1], true);
        self.edge(state, s, sides[2], true);
    }

    /// Whether every counter of `state` is non-negative.
    #[inline(always)]
    pub(super) fn holds(state: &[u64]) -> bool {
        let mut all = SIGNS;
        for &word in state {
            all &= word;
        }
        all == SIGNS
    }

    /// The state after the placements `placed` (by depth) of an order with the depths of each
    /// depth's north and west neighbours `north_at`, `west_at` ([`NO_NEIGHBOUR`] outside), the
    /// tight loop's candidates (east and south: the colours their neighbours must show, the
    /// sides themselves when colours match themselves).
    pub(super) fn replay(&self, north_at: &[u32], west_at: &[u32], placed: &[Candidate], state: &mut [u64]) {
        self.start(state);
        for (d, &c) in placed.iter().enumerate() {
            self.place(state, d, c.piece(), self.sides(north_at, west_at, placed, d, c));
        }
    }

    /// The sides a tight-loop candidate `c` placed at depth `d` shows (see [`Balance::replay`]).
    #[inline(always)]
    pub(super) fn sides(
        &self,
        north_at: &[u32],
        west_at: &[u32],
        placed: &[Candidate],
        d: usize,
        c: Candidate,
    ) -> [u32; 4] {
        let (north, west) = (north_at[d], west_at[d]);
        let north = if north == NO_NEIGHBOUR { 0 } else { placed[north as usize].south() };
        let west = if west == NO_NEIGHBOUR { 0 } else { placed[west as usize].east() };
        [north, c.east(), c.south(), west]
    }
}

#[cfg(test)]
mod tests {
    use super::Balance;
    use crate::engine::Order;
    use crate::testing::{brute_colour, random_colour_puzzle};

    /// Every solution (found by the brute force) keeps the balance at every depth of every
    /// order the tight loop serves, so the cut loses none (the counts themselves are compared
    /// with the brute force in `tests/integration`). Boards with duplicate pieces and symmetric
    /// solutions come up among the seeds (two to four colours).
    #[test]
    fn every_solution_keeps_the_balance() {
        let mut solutions = 0;
        for seed in 0..24u64 {
            let (rows, cols) = [(3, 3), (3, 4), (4, 3), (4, 4)][seed as usize % 4];
            let puzzle = random_colour_puzzle(rows, cols, 2 + (seed % 3) as u16, true, true, seed);
            let brute = brute_colour(&puzzle, &[], u64::MAX);
            for order in Order::ALL.into_iter().filter(|order| order.north_west_first()) {
                let cells = order.cells(rows, cols);
                let balance = Balance::new(&puzzle, &cells).expect("a framed board of at least 3x3");
                for board in &brute.boards {
                    let mut state = vec![0; balance.words];
                    balance.start(&mut state);
                    for (depth, &cell) in cells.iter().enumerate() {
                        assert!(Balance::holds(&state), "seed {seed}, {order}, depth {depth}: {board:?}");
                        let (piece, turn) = board[cell];
                        let sides = puzzle.oriented(piece, turn).map(u32::from);
                        balance.place(&mut state, depth, piece, sides);
                    }
                    assert!(Balance::holds(&state), "seed {seed}, {order}: {board:?}");
                    solutions += 1;
                }
            }
        }
        assert!(solutions > 50, "{solutions} solutions looked at");
    }
}
