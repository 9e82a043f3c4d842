//! Candidate tables: for every cell of the scan order, the `(piece, rotation)` pairs that may go
//! there, in lists keyed by the colours its south and west neighbours show, each list holding
//! the exact fits first and then the ones costing a mismatch ("break"), so the hot loop stops at
//! the first candidate that costs more than the budget left.
//!
//! Slots and candidates hold what a later neighbour must show: the partner
//! ([`Puzzle::partner`]) of a side, so that puzzles matching through a partner table (marks)
//! compare codes for equality like colour puzzles.
//!
//! The lists are built once; a restart only reorders each list (within each number of
//! mismatches, pieces with more priority-colour sides first, ties broken at random from the
//! restart's stream), so that the hot loop's cut at the priority curve is exact: every candidate
//! of the same number of mismatches after the first one below the curve has no more priority
//! sides, and the loop goes on to the candidates of one more mismatch when the budget allows.

use std::collections::HashMap;

use crate::best::rng::restart_stream;
use crate::best::schedule::min_rate;
use crate::best::settings::Settings;
use crate::model::{Placement, Puzzle, EAST, NORTH, SOUTH, WEST};

/// One candidate: the piece, its turn, what the cells north and east of it must show (the
/// partners of its north and east sides, which later cells read), the mismatches it makes with the
/// neighbours already known, and how many of its sides show a priority colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Cand {
    pub(crate) piece: u16,
    pub(crate) north: u16,
    pub(crate) east: u16,
    pub(crate) rotation: u8,
    pub(crate) breaks: u8,
    pub(crate) heur: u8,
}

/// What decides a cell's candidate list: which sides face the outside, whether its south and
/// west joins run along the frame between two border cells, whether a clue to the south or west
/// shows the frame's colour toward it (a clue may be turned so: no piece matches it there, but one
/// may go there at a mismatch), and the colours clue neighbours to the north and east require.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Kind {
    outside: [bool; 4],
    south_border: bool,
    west_border: bool,
    south_frame: bool,
    west_frame: bool,
    north: Option<(u16, bool)>,
    east: Option<(u16, bool)>,
}

/// What the hot loop reads about one depth, in one place.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Step {
    /// The colour slot of the south neighbour's north side.
    pub(crate) south: u32,
    /// The colour slot of the west neighbour's east side.
    pub(crate) west: u32,
    /// The first range of the cell's kind (`kind * kw * kw`).
    pub(crate) base: u32,
    /// Priority-colour sides that must be placed once the cell is placed.
    pub(crate) rate: u16,
    /// Joins among placed pieces, when all match, once the cell is placed.
    pub(crate) joins: u16,
    /// Mismatches allowed once the cell is placed.
    pub(crate) allow: u8,
}

/// Everything the search needs about one puzzle, its clues and its settings.
#[derive(Clone, Debug)]
pub(crate) struct CandidateTables {
    /// Cells to fill (the clues are placed already).
    pub(crate) n: usize,
    /// The board cell at each depth.
    pub(crate) cells: Vec<usize>,
    /// Key width: colours plus one (the "any colour" key of an unframed border).
    pub(crate) kw: usize,
    /// Per depth, what the hot loop reads.
    pub(crate) steps: Vec<Step>,
    /// `ranges[base + south * kw + west]`: the candidates' slice.
    pub(crate) ranges: Vec<(u32, u32)>,
    /// The candidates in build order; a restart sorts each range of a copy.
    pub(crate) base_cands: Vec<Cand>,
    /// The colour slots as the search starts: `2n` for the placed cells, then the frame, the
    /// "any colour" key and two per clue.
    pub(crate) slot_init: Vec<u16>,
    /// Words of the used-piece bitset, with the clue pieces set.
    pub(crate) used_init: Vec<u64>,
    /// The clues, one entry per cell.
    pub(crate) clues: Vec<Option<Placement>>,
    /// The scan order of every cell, clues included.
    pub(crate) order: Vec<usize>,
}

impl CandidateTables {
    pub(crate) fn new(puzzle: &Puzzle, clues: &[Option<Placement>], settings: &Settings) -> CandidateTables {
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let n_cells = rows * cols;
        let framed = puzzle.framed();
        let nc = puzzle.n_colours();
        let kw = nc + 1;
        let wild = nc as u16;
        let mut clues: Vec<Option<Placement>> = clues.to_vec();
        clues.resize(n_cells, None);
        let order = match settings.order {
            None => crate::best::order::scan_order(rows, cols),
            Some(order) => crate::best::order::upside_down(order, rows, cols)
                .expect("an order that fills every cell after its north and west neighbours"),
        };
        let cells: Vec<usize> = order.iter().copied().filter(|&c| clues[c].is_none()).collect();
        let n = cells.len();
        let mut depth_of = vec![usize::MAX; n_cells];
        for (d, &c) in cells.iter().enumerate() {
            depth_of[c] = d;
        }
        let mut position = vec![0; n_cells];
        for (i, &c) in order.iter().enumerate() {
            position[c] = i;
        }
        // Colour slots: two per depth, the frame, "any colour", then two per clue cell.
        let frame_slot = 2 * n;
        let wild_slot = 2 * n + 1;
        let mut slot_init = vec![0u16; 2 * n + 2];
        slot_init[wild_slot] = wild;
        let mut clue_slot = vec![usize::MAX; n_cells];
        for (c, clue) in clues.iter().enumerate() {
            if let Some(p) = clue {
                clue_slot[c] = slot_init.len();
                let sides = puzzle.placed(*p);
                slot_init.push(puzzle.partner(sides[NORTH]));
                slot_init.push(puzzle.partner(sides[EAST]));
            }
        }
        let border = |c: usize| {
            let (r, k) = (c / cols, c % cols);
            framed && (r == 0 || r + 1 == rows || k == 0 || k + 1 == cols)
        };
        let clue_sides = |c: usize| clues[c].map(|p| puzzle.placed(p));
        // Whether the neighbour (a clue, if any) shows the frame's colour on its side `dir`.
        let shows_frame = |neighbour: usize, dir: usize| {
            framed && clue_sides(neighbour).is_some_and(|sides| puzzle.partner(sides[dir]) == 0)
        };
        let priority = |colour: u16| settings.priority.contains(&colour);
        let heur_of: Vec<u8> =
            puzzle.pieces().iter().map(|sides| sides.iter().filter(|&&s| priority(s)).count() as u8).collect();
        let mut used_init = vec![0u64; puzzle.pieces().len().div_ceil(64)];
        for p in clues.iter().flatten() {
            used_init[p.piece / 64] |= 1 << (p.piece % 64);
        }
        // The curve counts the sides the search places: the clues' are not among them.
        let priority_sides: usize = (heur_of.iter().enumerate())
            .filter(|&(piece, _)| used_init[piece / 64] >> (piece % 64) & 1 == 0)
            .map(|(_, &h)| usize::from(h))
            .sum();
        let curve = min_rate(n_cells, priority_sides);

        let mut kinds: HashMap<Kind, usize> = HashMap::new();
        let mut kind_list: Vec<Kind> = Vec::new();
        let mut steps: Vec<Step> = Vec::with_capacity(n);
        // Joins between two clues count from the start, less their mismatches.
        let (mut clue_joins, mut clue_mismatches) = (0i64, 0i64);
        for c in 0..n_cells {
            let Some(a) = clue_sides(c) else { continue };
            if c % cols + 1 < cols {
                if let Some(b) = clue_sides(c + 1) {
                    clue_joins += 1;
                    clue_mismatches += i64::from(puzzle.partner(a[EAST]) != b[WEST]);
                }
            }
            if c + cols < n_cells {
                if let Some(b) = clue_sides(c + cols) {
                    clue_joins += 1;
                    clue_mismatches += i64::from(puzzle.partner(a[SOUTH]) != b[NORTH]);
                }
            }
        }
        let mut running = clue_joins - clue_mismatches;
        for &c in &cells {
            let (r, k) = (c / cols, c % cols);
            let outside = [r == 0, k + 1 == cols, r + 1 == rows, k == 0];
            let mut evaluated = 0;
            // The slot of the side a neighbour shows this cell (`side`: 0 its south, 1 its east):
            // the frame's or a free border's outside it, a clue's, or a placed cell's.
            let mut slot = |neighbour: Option<usize>, side: usize| match neighbour {
                None if framed => frame_slot,
                None => wild_slot,
                Some(n) => {
                    evaluated += 1;
                    if clues[n].is_some() {
                        clue_slot[n] + side
                    } else {
                        2 * depth_of[n] + side
                    }
                }
            };
            let s = slot((!outside[SOUTH]).then(|| c + cols), 0);
            let w = slot((!outside[WEST]).then(|| c - 1), 1);
            let north = (!outside[NORTH]).then(|| c - cols).and_then(|nc_| {
                clue_sides(nc_).map(|sides| {
                    evaluated += 1;
                    (puzzle.partner(sides[SOUTH]), border(c) && border(nc_))
                })
            });
            let east = (!outside[EAST]).then(|| c + 1).and_then(|ec| {
                clue_sides(ec).map(|sides| {
                    evaluated += 1;
                    (puzzle.partner(sides[WEST]), border(c) && border(ec))
                })
            });
            let kind = Kind {
                outside,
                south_border: !outside[SOUTH] && border(c) && border(c + cols),
                west_border: !outside[WEST] && border(c) && border(c - 1),
                south_frame: !outside[SOUTH] && shows_frame(c + cols, NORTH),
                west_frame: !outside[WEST] && shows_frame(c - 1, EAST),
                north,
                east,
            };
            let index = *kinds.entry(kind).or_insert_with(|| {
                kind_list.push(kind);
                kind_list.len() - 1
            });
            running += evaluated;
            steps.push(Step {
                south: s as u32,
                west: w as u32,
                base: (index * kw * kw) as u32,
                rate: curve[position[c]],
                joins: running as u16,
                allow: settings.breaks.allowed_at(position[c]).min(255) as u8,
            });
        }

        // The lists of every kind.
        let mut ranges = Vec::with_capacity(kind_list.len() * kw * kw);
        let mut base_cands = Vec::new();
        let max = settings.cell_breaks;
        let rotations: u8 = if puzzle.rotate() { 4 } else { 1 };
        let inner_colours: Vec<u16> = (u16::from(framed)..nc as u16).collect();
        for kind in &kind_list {
            let mut buckets: Vec<Vec<Cand>> = vec![Vec::new(); kw * kw];
            let domain = |outside: bool, shows_frame: bool| match (outside, shows_frame) {
                (true, _) => vec![if framed { 0 } else { wild }],
                (false, false) => inner_colours.clone(),
                (false, true) => vec![0],
            };
            let s_dom = domain(kind.outside[SOUTH], kind.south_frame);
            let w_dom = domain(kind.outside[WEST], kind.west_frame);
            for (piece, _) in puzzle.pieces().iter().enumerate() {
                if used_init[piece / 64] >> (piece % 64) & 1 == 1 {
                    continue;
                }
                for rotation in 0..rotations {
                    let sides = puzzle.oriented(piece, rotation);
                    if framed && (0..4).any(|dir| (sides[dir] == 0) != kind.outside[dir]) {
                        continue;
                    }
                    let mut fixed = 0u8;
                    let mut allowed = true;
                    for (need, dir) in [(kind.north, NORTH), (kind.east, EAST)] {
                        if let Some((colour, along_frame)) = need {
                            if sides[dir] != colour {
                                fixed += 1;
                                allowed &= !along_frame || settings.border_breaks;
                            }
                        }
                    }
                    if !allowed || fixed > max {
                        continue;
                    }
                    let cand = |breaks| Cand {
                        piece: piece as u16,
                        north: puzzle.partner(sides[NORTH]),
                        east: puzzle.partner(sides[EAST]),
                        rotation,
                        breaks,
                        heur: heur_of[piece],
                    };
                    for &s in &s_dom {
                        let ms = u8::from(!kind.outside[SOUTH] && sides[SOUTH] != s);
                        if ms == 1 && kind.south_border && !settings.border_breaks {
                            continue;
                        }
                        let b1 = fixed + ms;
                        if b1 > max {
                            continue;
                        }
                        let exact = [sides[WEST]];
                        let west_may_break = b1 < max && (!kind.west_border || settings.border_breaks);
                        let ws: &[u16] = if kind.outside[WEST] || west_may_break {
                            &w_dom
                        } else if w_dom.contains(&sides[WEST]) {
                            &exact
                        } else {
                            &[]
                        };
                        for &w in ws {
                            let mw = u8::from(!kind.outside[WEST] && sides[WEST] != w);
                            buckets[usize::from(s) * kw + usize::from(w)].push(cand(b1 + mw));
                        }
                    }
                }
            }
            for bucket in buckets {
                let start = base_cands.len() as u32;
                base_cands.extend(bucket);
                ranges.push((start, base_cands.len() as u32));
            }
        }
        CandidateTables { n, cells, kw, steps, ranges, base_cands, slot_init, used_init, clues, order }
    }

    /// The candidates of restart `restart` of `thread`: every list sorted by mismatches, then by
    /// priority-colour sides, most first (as the record solver sorts them), then at random.
    pub(crate) fn shuffled(&self, seed: u64, thread: usize, restart: u64) -> Vec<Cand> {
        let mut rng = restart_stream(seed, thread, restart);
        let mut cands = self.base_cands.clone();
        for &(lo, hi) in &self.ranges {
            let list = &mut cands[lo as usize..hi as usize];
            if list.len() > 1 {
                list.sort_by_cached_key(|c| (c.breaks, std::cmp::Reverse(c.heur), rng.next_u64()));
            }
        }
        cands
    }
}
