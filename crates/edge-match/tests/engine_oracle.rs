//! The colour engine against a brute force written plainly here: on random small boards (framed
//! and free borders, with and without rotations, with repeated pieces and with clues), the plain
//! count and node count, the count of distinct pictures, and the first solution must agree.

use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

use edge_match::engine::{estimate_nodes, Engine, Mode, Order, OrderedEngine};
use edge_match::{ColourPlacement, ColourPuzzle, ColourSpec};
use proptest::prelude::*;

/// Boards whose brute force needs more placements than this are skipped (a board of one colour
/// and free borders has every arrangement as a solution).
const BRUTE_LIMIT: u64 = 300_000;

/// What the brute force found.
#[derive(Debug, Default)]
struct Brute {
    placements: u64,
    solutions: u64,
    pictures: BTreeSet<Vec<[u16; 4]>>,
    first: Option<Vec<ColourPlacement>>,
}

/// Fills cells row-major, trying every unused piece in every allowed turn, keeping those whose
/// north and west sides match the placed neighbours and that obey the frame rule.
fn brute(puzzle: &ColourPuzzle, clues: &[Option<ColourPlacement>]) -> Brute {
    fn fill(
        puzzle: &ColourPuzzle,
        clues: &[Option<ColourPlacement>],
        board: &mut Vec<(ColourPlacement, [u16; 4])>,
        used: &mut Vec<bool>,
        out: &mut Brute,
    ) {
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let cell = board.len();
        if out.placements > BRUTE_LIMIT {
            return;
        }
        if cell == rows * cols {
            out.solutions += 1;
            out.pictures.insert(board.iter().map(|&(_, sides)| sides).collect());
            if out.first.is_none() {
                out.first = Some(board.iter().map(|&(p, _)| p).collect());
            }
            return;
        }
        let (row, col) = (cell / cols, cell % cols);
        let turns: Vec<u8> = if puzzle.rotate() { vec![0, 1, 2, 3] } else { vec![0] };
        for piece in 0..puzzle.pieces().len() {
            for &rotation in &turns {
                let here = ColourPlacement { piece, rotation };
                match clues.get(cell).copied().flatten() {
                    Some(clue) if clue != here => continue,
                    None if used[piece] || clues.iter().flatten().any(|c| c.piece == piece) => continue,
                    _ => {}
                }
                let [n, e, s, w] = puzzle.oriented(piece, rotation);
                let mut fits = true;
                if row > 0 {
                    fits &= n == board[cell - cols].1[2];
                }
                if col > 0 {
                    fits &= w == board[cell - 1].1[1];
                }
                if puzzle.framed() {
                    fits &= (n == 0) == (row == 0) && (w == 0) == (col == 0);
                    fits &= (e == 0) == (col + 1 == cols) && (s == 0) == (row + 1 == rows);
                }
                if !fits {
                    continue;
                }
                out.placements += 1;
                used[piece] = true;
                board.push((here, [n, e, s, w]));
                fill(puzzle, clues, board, used, out);
                board.pop();
                used[piece] = false;
            }
        }
    }
    let mut out = Brute::default();
    fill(puzzle, clues, &mut Vec::new(), &mut vec![false; puzzle.pieces().len()], &mut out);
    out
}

/// A board cut from a random picture (so it has at least one solution), pieces shuffled and
/// turned; `colours` small so that many solutions and repeated pieces appear.
fn generated(rows: usize, cols: usize, colours: u16, framed: bool, rotate: bool, seed: u64) -> ColourPuzzle {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let colour = |border: bool, next: &mut dyn FnMut() -> u64| {
        if framed && border {
            0
        } else {
            1 + (next() % u64::from(colours)) as u16
        }
    };
    // Horizontal edges: (rows + 1) x cols; vertical edges: rows x (cols + 1).
    let horizontal: Vec<u16> =
        (0..(rows + 1) * cols).map(|i| colour(i < cols || i >= rows * cols, &mut next)).collect();
    let vertical: Vec<u16> =
        (0..rows * (cols + 1)).map(|i| colour(i % (cols + 1) == 0 || i % (cols + 1) == cols, &mut next)).collect();
    let mut pieces: Vec<[u16; 4]> = (0..rows * cols)
        .map(|cell| {
            let (r, c) = (cell / cols, cell % cols);
            let sides = [
                horizontal[r * cols + c],
                vertical[r * (cols + 1) + c + 1],
                horizontal[(r + 1) * cols + c],
                vertical[r * (cols + 1) + c],
            ];
            let turn = if rotate { (next() % 4) as usize } else { 0 };
            [sides[turn], sides[(turn + 1) % 4], sides[(turn + 2) % 4], sides[(turn + 3) % 4]]
        })
        .collect();
    for i in (1..pieces.len()).rev() {
        pieces.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    ColourPuzzle::try_from(ColourSpec { rows, cols, pieces, framed, rotate }).unwrap()
}

fn check(puzzle: &ColourPuzzle, clues: &[Option<ColourPlacement>]) -> Result<(), TestCaseError> {
    let stop = AtomicBool::new(false);
    let engine = Engine::new(puzzle, clues);
    let expected = brute(puzzle, clues);
    prop_assume!(expected.placements <= BRUTE_LIMIT);
    for counts in [engine.count(puzzle, Mode::Plain, &stop), engine.count_sequential(puzzle, Mode::Plain, &stop)] {
        prop_assert_eq!(counts.solutions, expected.solutions, "plain solutions");
        prop_assert_eq!(counts.nodes, expected.placements, "plain placements");
    }
    for counts in [engine.count(puzzle, Mode::Pictures, &stop), engine.count_sequential(puzzle, Mode::Pictures, &stop)]
    {
        prop_assert_eq!(counts.solutions, expected.pictures.len() as u64, "pictures");
    }
    // The fast loop's multi-word used sets (forced on these small boards) agree too.
    for words in [2, 4, 16] {
        let wide = Engine::with_words(puzzle, clues, words);
        for mode in [Mode::Plain, Mode::Pictures] {
            let counts = wide.count_sequential(puzzle, mode, &stop);
            prop_assert_eq!(counts, engine.count_sequential(puzzle, mode, &stop), "{} words", words);
            prop_assert_eq!(wide.count(puzzle, mode, &stop).solutions, counts.solutions, "{} words", words);
        }
        prop_assert_eq!(counts_of(&wide, puzzle, &stop), (expected.solutions, expected.placements));
    }
    let (first, _) = engine.first(puzzle, &stop);
    prop_assert_eq!(first, expected.first.clone(), "first solution");
    let mut streamed = Vec::new();
    engine.for_each_solution(puzzle, Mode::Plain, &stop, |s| {
        streamed.push(s.to_vec());
        true
    });
    prop_assert_eq!(streamed.len() as u64, expected.solutions, "streamed solutions");
    prop_assert_eq!(streamed.first(), expected.first.as_ref(), "first streamed");
    if clues.is_empty() {
        prop_assert_eq!(engine.count_distinct(puzzle, &stop).solutions, orbits(puzzle, &expected.pictures), "distinct");
    }
    Ok(())
}

/// The plain count and placements of `engine`, on the calling thread.
fn counts_of(engine: &Engine, puzzle: &ColourPuzzle, stop: &AtomicBool) -> (u64, u64) {
    let counts = engine.count_sequential(puzzle, Mode::Plain, stop);
    (counts.solutions, counts.nodes)
}

/// The number of pictures up to turns of the whole board, by mapping every picture to the
/// smallest of its turns, written without the engine's helper.
fn orbits(puzzle: &ColourPuzzle, pictures: &BTreeSet<Vec<[u16; 4]>>) -> u64 {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let half_turn = |p: &Vec<[u16; 4]>| -> Vec<[u16; 4]> { p.iter().rev().map(|&[n, e, s, w]| [s, w, n, e]).collect() };
    let quarter_turn = |p: &Vec<[u16; 4]>| -> Vec<[u16; 4]> {
        // Square board: the cell at (row, col) after the turn comes from (col, n - 1 - row).
        let n = rows;
        (0..n * n)
            .map(|i| {
                let (row, col) = (i / n, i % n);
                let [a, b, c, d] = p[col * n + (n - 1 - row)];
                [b, c, d, a]
            })
            .collect()
    };
    let canonical: BTreeSet<Vec<[u16; 4]>> = pictures
        .iter()
        .map(|p| {
            let mut images = vec![p.clone()];
            if puzzle.rotate() {
                images.push(half_turn(p));
                if rows == cols {
                    let q = quarter_turn(p);
                    images.push(half_turn(&q));
                    images.push(q);
                }
            }
            images.into_iter().min().unwrap()
        })
        .collect();
    canonical.len() as u64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn engine_matches_brute_force(
        (rows, cols) in prop_oneof![Just((1usize, 2usize)), Just((2, 2)), Just((2, 3)), Just((3, 2)), Just((3, 3))],
        colours in 2u16..5,
        framed in any::<bool>(),
        rotate in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let puzzle = generated(rows, cols, colours, framed, rotate, seed);
        check(&puzzle, &[])?;
    }

    #[test]
    fn clues_fix_their_cells(
        colours in 2u16..4,
        framed in any::<bool>(),
        seed in any::<u64>(),
        cell in 0usize..9,
        piece in 0usize..9,
        rotation in 0u8..4,
    ) {
        let puzzle = generated(3, 3, colours, framed, true, seed);
        let mut clues = vec![None; 9];
        clues[cell] = Some(ColourPlacement { piece, rotation });
        check(&puzzle, &clues)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// Framed boards of more than 64 pieces (two or four words in the used set), with many
    /// colours so that the brute force stays small, with and without a clue.
    #[test]
    fn boards_over_sixty_four_pieces_match_brute_force(
        (rows, cols) in prop_oneof![Just((2usize, 33usize)), Just((9, 9)), Just((5, 14)), Just((10, 10))],
        seed in any::<u64>(),
        clue in any::<bool>(),
    ) {
        let puzzle = generated(rows, cols, 90, true, true, seed);
        let mut clues = vec![None; rows * cols];
        if clue {
            // The piece and turn of some cell of the puzzle's first solution.
            let (first, _) = Engine::new(&puzzle, &[]).first(&puzzle, &AtomicBool::new(false));
            let first = first.expect("a generated board has a solution");
            let cell = (seed % (rows * cols) as u64) as usize;
            clues[cell] = Some(first[cell]);
        }
        check(&puzzle, &clues)?;
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Boards too big for the brute force: counting pictures through the board's turns (a corner
    /// piece pinned top-left, or top-left and top-right on an oblong board) agrees with the
    /// sequential search over the whole tree, and the distinct count with the orbits of every
    /// picture it streams.
    #[test]
    fn counting_through_turns_matches_the_whole_tree(
        (rows, cols) in prop_oneof![Just((3usize, 3usize)), Just((3, 4)), Just((4, 3)), Just((4, 4))],
        colours in 3u16..6,
        seed in any::<u64>(),
    ) {
        let puzzle = generated(rows, cols, colours, true, true, seed);
        let stop = AtomicBool::new(false);
        let engine = Engine::new(&puzzle, &[]);
        let mut pictures = BTreeSet::new();
        let whole = engine.for_each_solution(&puzzle, Mode::Pictures, &stop, |s| {
            pictures.insert(s.iter().map(|p| puzzle.oriented(p.piece, p.rotation)).collect::<Vec<_>>());
            true
        });
        prop_assert_eq!(whole.solutions, pictures.len() as u64);
        prop_assert_eq!(engine.count_sequential(&puzzle, Mode::Pictures, &stop).solutions, whole.solutions);
        prop_assert_eq!(engine.count(&puzzle, Mode::Pictures, &stop).solutions, whole.solutions);
        prop_assert_eq!(engine.count_distinct(&puzzle, &stop).solutions, orbits(&puzzle, &pictures));
    }
}

#[test]
fn a_strip_of_sixty_six_pieces_has_its_one_solution() {
    // 1x66 strip of one colour, free border, no rotation: every order is a solution... too many
    // to enumerate, so give each piece its own pair of colours in a chain instead.
    let pieces: Vec<[u16; 4]> = (0..66u16).map(|i| [1, i + 2, 1, i + 1]).rev().collect();
    let puzzle =
        ColourPuzzle::try_from(ColourSpec { rows: 1, cols: 66, pieces, framed: false, rotate: false }).unwrap();
    let stop = AtomicBool::new(false);
    let engine = Engine::new(&puzzle, &[]);
    let counts = engine.count(&puzzle, Mode::Plain, &stop);
    assert_eq!(counts.solutions, 1);
    let (first, _) = engine.first(&puzzle, &stop);
    let first = first.unwrap();
    assert_eq!(first[0], ColourPlacement { piece: 65, rotation: 0 });
}

/// The plain search on Brendan Owen's set 2 6x6 board makes exactly 44,024,849 placements and
/// finds 160 solutions: figures given with the benchmark, not taken from this engine.
#[test]
fn plain_search_on_brendan_set2_6x6_matches_the_published_figures() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/data/brendan_set2_06x06.puz"))
            .expect("the bundled board");
    let puzzle = edge_match::puz::parse_puz(&text, &edge_match::puz::PuzOptions::default()).expect("a .puz board");
    assert!(puzzle.framed());
    let stop = AtomicBool::new(false);
    let counts = Engine::new(&puzzle, &[]).count(&puzzle, Mode::Plain, &stop);
    assert_eq!((counts.solutions, counts.nodes), (160, 44_024_849));
}

/// Every scan order against the brute force: counts in both modes, the streamed solutions, and a
/// first solution that is one of the brute force's pictures, uses each piece once and keeps the
/// clues.
fn check_orders(puzzle: &ColourPuzzle, clues: &[Option<ColourPlacement>]) -> Result<(), TestCaseError> {
    let stop = AtomicBool::new(false);
    let expected = brute(puzzle, clues);
    prop_assume!(expected.placements <= BRUTE_LIMIT);
    for order in Order::ALL {
        let engine = OrderedEngine::new(puzzle, clues, order);
        let plain = engine.count_sequential(Mode::Plain, &stop);
        prop_assert_eq!(plain.solutions, expected.solutions, "{} plain", order);
        prop_assert_eq!(engine.count(puzzle, Mode::Plain, &stop), plain, "{} plain in parallel", order);
        let pictures = expected.pictures.len() as u64;
        prop_assert_eq!(engine.count_sequential(Mode::Pictures, &stop).solutions, pictures, "{} pictures", order);
        prop_assert_eq!(engine.count(puzzle, Mode::Pictures, &stop).solutions, pictures, "{} pictures", order);
        let streamed = engine.for_each_solution(Mode::Plain, &stop, |_| true);
        prop_assert_eq!(streamed.solutions, expected.solutions, "{} streamed", order);
        let (first, _) = engine.first(&stop);
        prop_assert_eq!(first.is_some(), expected.solutions > 0, "{} first", order);
        if let Some(first) = first {
            let picture: Vec<[u16; 4]> = first.iter().map(|p| puzzle.oriented(p.piece, p.rotation)).collect();
            prop_assert!(expected.pictures.contains(&picture), "{} first solution is not a solution", order);
            let mut pieces: Vec<usize> = first.iter().map(|p| p.piece).collect();
            pieces.sort_unstable();
            pieces.dedup();
            prop_assert_eq!(pieces.len(), first.len(), "{} first solution repeats a piece", order);
            for (cell, clue) in clues.iter().enumerate() {
                if let Some(clue) = clue {
                    prop_assert_eq!(first[cell].piece, clue.piece);
                    prop_assert_eq!(first[cell].rotation % 4, clue.rotation % 4);
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_order_matches_brute_force(
        (rows, cols) in prop_oneof![Just((1usize, 1usize)), Just((1, 3)), Just((3, 1)), Just((2, 2)), Just((2, 3)), Just((3, 2)), Just((3, 3)), Just((3, 4))],
        colours in 2u16..5,
        framed in any::<bool>(),
        rotate in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let puzzle = generated(rows, cols, colours, framed, rotate, seed);
        check_orders(&puzzle, &[])?;
    }

    #[test]
    fn every_order_keeps_clues(
        colours in 2u16..4,
        framed in any::<bool>(),
        seed in any::<u64>(),
        cell in 0usize..9,
        piece in 0usize..9,
        rotation in 0u8..4,
    ) {
        let puzzle = generated(3, 3, colours, framed, true, seed);
        let mut clues = vec![None; 9];
        clues[cell] = Some(ColourPlacement { piece, rotation });
        check_orders(&puzzle, &clues)?;
    }
}

/// Knuth's estimator is unbiased: on small boards, the mean of many probes is within a few
/// percent of the exact number of placements of the same tree, in both modes and every order.
#[test]
fn the_estimator_converges_to_the_tree_size() {
    let stop = AtomicBool::new(false);
    let mut compared = 0;
    for seed in 0..6u64 {
        let puzzle = generated(3, 3, 3, seed % 2 == 0, true, seed);
        for order in Order::ALL {
            let engine = OrderedEngine::new(&puzzle, &[], order);
            for mode in [Mode::Plain, Mode::Pictures] {
                let exact = engine.count_sequential(mode, &stop).nodes as f64;
                let (estimate, probes) = estimate_nodes(&engine, mode, 40_000, u64::MAX, seed);
                assert_eq!(probes, 40_000);
                assert!(
                    (estimate - exact).abs() <= 0.05 * exact,
                    "seed {seed}, {order}, {mode:?}: estimate {estimate}, exact {exact}"
                );
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 6 * Order::ALL.len() * 2);
}
