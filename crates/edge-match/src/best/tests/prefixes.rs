//! The search's placements by depth against a brute-force count of the partial boards its rules
//! allow: the break schedule, the mismatches one cell may make, the joins along the frame and the
//! priority-colour curve. Without restarts and without a perfect board the search enters every
//! such board once, so its count at each depth is their number; a list ended too early (a
//! candidate under the curve hiding one of more mismatches but more priority sides) counts less.

use super::*;

/// Counts partial boards by plain enumeration: every way to fill the free cells of `order` one by
/// one, each piece once in any of its turns (the frame's sides outside on a framed board), where
/// each new cell makes at most `cell_breaks` mismatches with the cells filled before it, none of
/// them on a join of two cells on the board's edge unless `border_breaks`, where the mismatches
/// made so far stay within the schedule at the cell's position in `order`, and where the sides
/// of the priority colours placed so far reach the curve there.
struct Prefixes<'a> {
    puzzle: &'a Puzzle,
    settings: &'a Settings,
    free: Vec<usize>,
    position: Vec<usize>,
    curve: Vec<u16>,
    n_clues: usize,
    board: Vec<Option<[u16; 4]>>,
    used: Vec<bool>,
    counts: Vec<u64>,
}

impl Prefixes<'_> {
    fn priority_sides(&self, sides: &[u16; 4]) -> usize {
        sides.iter().filter(|side| self.settings.priority.contains(side)).count()
    }

    /// Fills the `k`-th free cell every allowed way, after `mismatches` mismatches and `placed`
    /// sides of priority colours in the cells before it.
    fn go(&mut self, k: usize, mismatches: usize, placed: usize) {
        let Some(&cell) = self.free.get(k) else { return };
        let puzzle = self.puzzle;
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let (r, c) = (cell / cols, cell % cols);
        let on_edge = |cell: usize| {
            let (r, c) = (cell / cols, cell % cols);
            r == 0 || c == 0 || r + 1 == rows || c + 1 == cols
        };
        let outside = [r == 0, c + 1 == cols, r + 1 == rows, c == 0];
        // (neighbour, its side facing this cell, this cell's side facing it)
        let neighbours = [
            (r > 0).then(|| (cell - cols, 2, 0)),
            (c + 1 < cols).then(|| (cell + 1, 3, 1)),
            (r + 1 < rows).then(|| (cell + cols, 0, 2)),
            (c > 0).then(|| (cell - 1, 1, 3)),
        ];
        let position = self.position[cell];
        let turns = if puzzle.rotate() { 4 } else { 1 };
        for piece in 0..puzzle.pieces().len() {
            if self.used[piece] {
                continue;
            }
            let p = puzzle.pieces()[piece];
            let now_placed = placed + self.priority_sides(&p);
            for turn in 0..turns {
                let sides = [p[turn], p[(turn + 1) % 4], p[(turn + 2) % 4], p[(turn + 3) % 4]];
                if puzzle.framed() && (0..4).any(|d| (sides[d] == 0) != outside[d]) {
                    continue;
                }
                let (mut here, mut along_frame) = (0, false);
                for &(n, theirs, mine) in neighbours.iter().flatten() {
                    if self.board[n].is_some_and(|other| other[theirs] != sides[mine]) {
                        here += 1;
                        along_frame |= puzzle.framed() && on_edge(cell) && on_edge(n);
                    }
                }
                if here > usize::from(self.settings.cell_breaks)
                    || (along_frame && !self.settings.border_breaks)
                    || mismatches + here > self.settings.breaks.allowed_at(position)
                    || now_placed < usize::from(self.curve[position])
                {
                    continue;
                }
                self.counts[self.n_clues + k + 1] += 1;
                self.used[piece] = true;
                self.board[cell] = Some(sides);
                self.go(k + 1, mismatches + here, now_placed);
                self.board[cell] = None;
                self.used[piece] = false;
            }
        }
    }
}

/// Partial boards by cells on the board (clues included), without trailing zeros, under
/// `settings`' rules; the curve is [`schedule::min_rate`] for the board's cells and the priority
/// sides of the pieces that are not clues.
pub(super) fn brute_force_prefixes(
    puzzle: &Puzzle,
    clues: &[Option<Placement>],
    order: &[usize],
    settings: &Settings,
) -> Vec<u64> {
    let cells = puzzle.rows() * puzzle.cols();
    let free: Vec<usize> = order.iter().copied().filter(|&c| clues[c].is_none()).collect();
    let mut position = vec![0; cells];
    for (i, &cell) in order.iter().enumerate() {
        position[cell] = i;
    }
    let mut used = vec![false; puzzle.pieces().len()];
    for clue in clues.iter().flatten() {
        used[clue.piece] = true;
    }
    let mut prefixes = Prefixes {
        puzzle,
        settings,
        n_clues: cells - free.len(),
        free,
        position,
        curve: Vec::new(),
        board: clues.iter().map(|clue| clue.map(|p| puzzle.placed(p))).collect(),
        used,
        counts: vec![0; cells + 1],
    };
    let to_place: usize = (puzzle.pieces().iter().enumerate())
        .filter(|&(piece, _)| !prefixes.used[piece])
        .map(|(_, sides)| prefixes.priority_sides(sides))
        .sum();
    prefixes.curve = schedule::min_rate(cells, to_place);
    prefixes.go(0, 0, 0);
    let mut counts = prefixes.counts;
    counts.truncate(counts.iter().rposition(|&count| count > 0).map_or(0, |last| last + 1));
    counts
}

/// One case: a board, a clue, the search's rules and scan order.
#[derive(Clone, Debug)]
struct Case {
    shape: usize,
    colours: u16,
    noise: usize,
    seed: u64,
    clue: Option<(usize, usize, u8)>,
    breaks: Vec<usize>,
    cell_breaks: u8,
    border_breaks: bool,
    priority: Vec<u16>,
    scan: usize,
}

/// What a case's exhausted search counted and what the brute force counted, or `None` when the
/// search found a perfect board (which ends it before the tree is done).
fn run(case: &Case) -> Option<(Vec<u64>, u64, Vec<u64>)> {
    let (rows, cols, framed_board) =
        [(3, 3, true), (3, 4, true), (2, 3, true), (2, 2, false), (2, 3, false), (3, 2, false), (1, 5, false)]
            [case.shape];
    let puzzle = if framed_board {
        framed(rows, cols, case.colours, case.noise, case.seed)
    } else {
        unframed(rows, cols, case.colours, case.seed)
    };
    let mut clues = vec![None; rows * cols];
    // Any piece in any turn: a clue may show the frame's colour inward, where a piece can go
    // beside it only at a mismatch.
    if let Some((cell, piece, turn)) = case.clue {
        clues[cell % (rows * cols)] = Some(Placement::new(piece % puzzle.pieces().len(), turn));
    }
    let scan = [None, Some(Order::Row), Some(Order::Snake)][case.scan];
    let settings = Settings {
        breaks: Breaks::new(case.breaks.clone()),
        cell_breaks: case.cell_breaks,
        border_breaks: case.border_breaks,
        restart_nodes: u64::MAX,
        priority: case.priority.clone(),
        order: scan,
        ..settings(case.seed, Breaks::default())
    };
    let order = match scan {
        None => order::scan_order(rows, cols),
        Some(scan) => order::upside_down(scan, rows, cols).unwrap(),
    };
    let expected = brute_force_prefixes(&puzzle, &clues, &order, &settings);
    let (_, outcome) = improvements(&BoardSearch::new(&puzzle, &clues, settings), None);
    (outcome.end == End::Exhausted).then(|| (outcome.checkpoint.depth_nodes(), outcome.nodes, expected))
}

fn cases() -> impl Strategy<Value = Case> {
    (
        (0usize..7, 2u16..=4, 0usize..4, 0u64..1000),
        proptest::option::of((0usize..12, 0usize..12, 0u8..4)),
        (proptest::collection::vec(0usize..12, 0..4), 1u8..=2, any::<bool>()),
        (proptest::collection::vec(1u16..=4, 0..3), 0usize..3),
    )
        .prop_map(
            |((shape, colours, noise, seed), clue, (breaks, cell_breaks, border_breaks), (priority, scan))| Case {
                shape,
                colours,
                noise,
                seed,
                clue,
                breaks,
                cell_breaks,
                border_breaks,
                priority,
                scan,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Placements by depth are the brute-force count of partial boards under the rules, and add
    /// up to the placements.
    #[test]
    fn depth_nodes_count_every_partial_board_the_rules_allow(case in cases()) {
        // A perfect board ends the search before the tree is done: compare only exhausted runs.
        let Some((depth_nodes, nodes, expected)) = run(&case) else { return Ok(()) };
        prop_assert_eq!(&depth_nodes, &expected);
        prop_assert_eq!(depth_nodes.iter().sum::<u64>(), nodes);
    }
}

/// Cases where the curve ends a list at a candidate without a mismatch while the budget allows
/// one and a candidate of one mismatch has more priority sides: the search must go on to it.
#[test]
fn a_list_under_the_curve_goes_on_to_candidates_of_one_more_mismatch() {
    let mut compared = 0;
    for seed in 0..40 {
        let case = Case {
            shape: 0,
            colours: 3,
            noise: 2,
            seed,
            clue: None,
            breaks: vec![0, 0, 1, 2],
            cell_breaks: 1,
            border_breaks: true,
            priority: vec![1, 2],
            scan: 0,
        };
        let Some((depth_nodes, _, expected)) = run(&case) else { continue };
        assert_eq!(depth_nodes, expected, "{case:?}");
        compared += 1;
    }
    assert!(compared > 20, "only {compared} searches were exhausted");
}
