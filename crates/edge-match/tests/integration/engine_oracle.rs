//! The colour engine against a brute force written plainly here: on random small boards (framed
//! and free borders, with and without rotations, with repeated pieces and with clues), the plain
//! count and node count, the count of distinct pictures, and the first solution must agree.

use std::collections::BTreeSet;

use edge_match::testing::{estimate_nodes, Engine, OrderedEngine, Search};
use edge_match::{testing, Limits, OrderPick, Placement, Puzzle, PuzzleSpec, Solver, Task};
use edge_match::{Mode, Order};
use proptest::prelude::*;

/// No limits, but counts on the calling thread (a node limit that is never reached).
const SEQUENTIAL: Limits<'static> = Limits { max_expanded: Some(u64::MAX), ..Limits::NONE };

/// No limits.
const NONE: &Limits<'static> = &Limits::NONE;

/// Boards whose brute force needs more placements than this are skipped (a board of one colour
/// and free borders has every arrangement as a solution).
const BRUTE_LIMIT: u64 = 300_000;

/// A board cut from a random picture (so it has at least one solution), pieces shuffled and
/// turned; `colours` small so that many solutions and repeated pieces appear.
fn generated(rows: usize, cols: usize, colours: u16, framed: bool, rotate: bool, seed: u64) -> Puzzle {
    testing::random_colour_puzzle(rows, cols, colours, framed, rotate, seed)
}

fn check(puzzle: &Puzzle, clues: &[Option<Placement>]) -> Result<(), TestCaseError> {
    let engine = Engine::new(puzzle, clues);
    let expected = testing::brute_colour(puzzle, clues, BRUTE_LIMIT);
    prop_assume!(!expected.gave_up);
    let first: Option<Vec<Placement>> =
        expected.first().map(|board| board.iter().map(|&(piece, rotation)| Placement::new(piece, rotation)).collect());
    for counts in [engine.count(Mode::Plain, NONE), engine.count(Mode::Plain, &SEQUENTIAL)] {
        prop_assert_eq!(counts.solutions, expected.solutions, "plain solutions");
        prop_assert_eq!(counts.nodes, expected.placements, "plain placements");
    }
    for counts in [engine.count(Mode::Pictures, NONE), engine.count(Mode::Pictures, &SEQUENTIAL)] {
        prop_assert_eq!(counts.solutions, expected.pictures.len() as u64, "pictures");
    }
    // The fast loop's multi-word used sets (forced on these small boards) agree too.
    for words in [2, 4, 16] {
        let wide = Engine::with_words(puzzle, clues, Order::Row, words).expect("row order");
        for mode in [Mode::Plain, Mode::Pictures] {
            let counts = wide.count(mode, &SEQUENTIAL);
            prop_assert_eq!(counts, engine.count(mode, &SEQUENTIAL), "{} words", words);
            prop_assert_eq!(wide.count(mode, NONE).solutions, counts.solutions, "{} words", words);
        }
        prop_assert_eq!(counts_of(&wide), (expected.solutions, expected.placements));
    }
    let found = engine.first(NONE).board;
    prop_assert_eq!(found, first.clone(), "first solution");
    let mut streamed = Vec::new();
    engine.for_each_solution(Mode::Plain, NONE, &mut |s| {
        streamed.push(s.to_vec());
        true
    });
    prop_assert_eq!(streamed.len() as u64, expected.solutions, "streamed solutions");
    prop_assert_eq!(streamed.first(), first.as_ref(), "first streamed");
    if clues.is_empty() {
        prop_assert_eq!(engine.count_distinct(NONE).solutions, orbits(puzzle, &expected.pictures), "distinct");
    }
    Ok(())
}

/// The plain count and placements of `engine`, on the calling thread.
fn counts_of(engine: &Engine) -> (u64, u64) {
    let counts = engine.count(Mode::Plain, &SEQUENTIAL);
    (counts.solutions, counts.nodes)
}

/// The number of pictures up to turns of the whole board, by mapping every picture to the
/// smallest of its turns, written without the engine's helper.
fn orbits(puzzle: &Puzzle, pictures: &BTreeSet<Vec<[u16; 4]>>) -> u64 {
    testing::orbits(pictures, puzzle.rows(), puzzle.cols(), puzzle.rotate())
}

/// A generated puzzle of one of `shapes` (rows, columns), of 2 to 4 colours, framed or not, turned
/// or not.
fn small_puzzle(shapes: &'static [(usize, usize)]) -> impl Strategy<Value = Puzzle> {
    (proptest::sample::select(shapes), 2u16..5, any::<bool>(), any::<bool>(), any::<u64>())
        .prop_map(|((rows, cols), colours, framed, rotate, seed)| generated(rows, cols, colours, framed, rotate, seed))
}

/// A generated 3×3 puzzle that turns its pieces, with one clue: any piece, any turn, any cell
/// (a clue the puzzle cannot keep included).
fn clued_3x3() -> impl Strategy<Value = (Puzzle, Vec<Option<Placement>>)> {
    (2u16..4, any::<bool>(), any::<u64>(), 0usize..9, 0usize..9, 0u8..4).prop_map(
        |(colours, framed, seed, cell, piece, rotation)| {
            let mut clues = vec![None; 9];
            clues[cell] = Some(Placement::new(piece, rotation));
            (generated(3, 3, colours, framed, true, seed), clues)
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn engine_matches_brute_force(
        puzzle in small_puzzle(&[(1, 2), (2, 2), (2, 3), (3, 2), (3, 3)]),
    ) {
        check(&puzzle, &[])?;
    }

    #[test]
    fn clues_fix_their_cells((puzzle, clues) in clued_3x3()) {
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
            let first = Engine::new(&puzzle, &[]).first(NONE).board;
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
            let engine = Engine::new(&puzzle, &[]);
        let mut pictures = BTreeSet::new();
        let whole = engine.for_each_solution(Mode::Pictures, NONE, &mut |s| {
            pictures.insert(s.iter().map(|p| puzzle.placed(*p)).collect::<Vec<_>>());
            true
        });
        prop_assert_eq!(whole.solutions, pictures.len() as u64);
        prop_assert_eq!(engine.count(Mode::Pictures, &SEQUENTIAL).solutions, whole.solutions);
        prop_assert_eq!(engine.count(Mode::Pictures, NONE).solutions, whole.solutions);
        prop_assert_eq!(engine.count_distinct(NONE).solutions, orbits(&puzzle, &pictures));
    }
}

#[test]
fn a_strip_of_sixty_six_pieces_has_its_one_solution() {
    // 1x66 strip of one colour, free border, no rotation: every order is a solution... too many
    // to enumerate, so give each piece its own pair of colours in a chain instead.
    let pieces: Vec<[u16; 4]> = (0..66u16).map(|i| [1, i + 2, 1, i + 1]).rev().collect();
    let puzzle = Puzzle::try_from(PuzzleSpec { rows: 1, cols: 66, pieces, framed: false, rotate: false }).unwrap();
    let engine = Engine::new(&puzzle, &[]);
    let counts = engine.count(Mode::Plain, NONE);
    assert_eq!(counts.solutions, 1);
    let first = engine.first(NONE).board;
    let first = first.unwrap();
    assert_eq!(first[0], Placement::new(65, 0));
}

/// The plain search on Brendan Owen's set 2 6x6 board makes exactly 44,024,849 placements and
/// finds 160 solutions: figures given with the benchmark, not taken from this engine.
#[test]
fn plain_search_on_brendan_set2_6x6_matches_the_published_figures() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/data/brendan_set2_06x06.puz"))
            .expect("the bundled board");
    let puzzle = edge_match::parse::parse_puz(&text, &edge_match::parse::PuzOptions::default()).expect("a .puz board");
    assert!(puzzle.framed());
    let counts = Engine::new(&puzzle, &[]).count(Mode::Plain, NONE);
    assert_eq!((counts.solutions, counts.nodes), (160, 44_024_849));
}

/// Every scan order against the brute force: counts in both modes, the streamed solutions, and a
/// first solution that is one of the brute force's pictures, uses each piece once and keeps the
/// clues.
fn check_orders(puzzle: &Puzzle, clues: &[Option<Placement>]) -> Result<(), TestCaseError> {
    let expected = testing::brute_colour(puzzle, clues, BRUTE_LIMIT);
    prop_assume!(!expected.gave_up);
    for order in Order::ALL {
        check_row_engine_in(puzzle, clues, order, &expected)?;
        let engine = OrderedEngine::new(puzzle, clues, order);
        let plain = engine.count(Mode::Plain, &SEQUENTIAL);
        prop_assert_eq!(plain.solutions, expected.solutions, "{} plain", order);
        prop_assert_eq!(engine.count(Mode::Plain, NONE), plain, "{} plain in parallel", order);
        let pictures = expected.pictures.len() as u64;
        prop_assert_eq!(engine.count(Mode::Pictures, &SEQUENTIAL).solutions, pictures, "{} pictures", order);
        prop_assert_eq!(engine.count(Mode::Pictures, NONE).solutions, pictures, "{} pictures", order);
        let streamed = engine.for_each_solution(Mode::Plain, NONE, &mut |_| true);
        prop_assert_eq!(streamed.solutions, expected.solutions, "{} streamed", order);
        // Up to the board's turns: every picture with clues (they fix the board), else one per
        // orbit; from the ordered engine and from the solver (the row engine in its orders).
        let distinct = if clues.iter().any(Option::is_some) { pictures } else { orbits(puzzle, &expected.pictures) };
        prop_assert_eq!(engine.count_distinct(NONE).solutions, distinct, "{} distinct", order);
        let plan = Solver::with_clues(puzzle, clues).unwrap().plan(
            Task::Distinct,
            Mode::Pictures,
            Some(OrderPick::Given(order)),
            false,
        );
        prop_assert_eq!(plan.count_distinct(NONE).solutions, distinct, "{} distinct (plan)", order);
        let first = engine.first(NONE).board;
        prop_assert_eq!(first.is_some(), expected.solutions > 0, "{} first", order);
        if let Some(first) = first {
            let picture: Vec<[u16; 4]> = first.iter().map(|p| puzzle.placed(*p)).collect();
            prop_assert!(expected.pictures.contains(&picture), "{} first solution is not a solution", order);
            let mut pieces: Vec<usize> = first.iter().map(|p| p.piece).collect();
            pieces.sort_unstable();
            pieces.dedup();
            prop_assert_eq!(pieces.len(), first.len(), "{} first solution repeats a piece", order);
            for (cell, clue) in clues.iter().enumerate() {
                if let Some(clue) = clue {
                    prop_assert_eq!(first[cell].piece, clue.piece);
                    prop_assert_eq!(first[cell].rotation, clue.rotation);
                }
            }
        }
    }
    Ok(())
}

/// The row engine (and its tight loop, with one word and with several) in `order` when the
/// order fills every cell after its north and west neighbours (always so for the orders of
/// [`Order::north_west_first`]): the brute force's counts in both modes, the ordered engine's
/// placements in the plain one (the same tree), and a first solution that is one.
fn check_row_engine_in(
    puzzle: &Puzzle,
    clues: &[Option<Placement>],
    order: Order,
    expected: &testing::Brute<u16>,
) -> Result<(), TestCaseError> {
    for words in [1, 2] {
        let Some(engine) = Engine::with_words(puzzle, clues, order, words) else {
            prop_assert!(!order.north_west_first(), "{} refused", order);
            return Ok(());
        };
        prop_assert_eq!(engine.order(), order);
        let tree = OrderedEngine::new(puzzle, clues, order).count(Mode::Plain, &SEQUENTIAL).nodes;
        let pictures = expected.pictures.len() as u64;
        for counts in [engine.count(Mode::Plain, NONE), engine.count(Mode::Plain, &SEQUENTIAL)] {
            prop_assert_eq!(counts.solutions, expected.solutions, "{} plain, {} words", order, words);
            prop_assert_eq!(counts.nodes, tree, "{} placements, {} words", order, words);
        }
        for counts in [engine.count(Mode::Pictures, NONE), engine.count(Mode::Pictures, &SEQUENTIAL)] {
            prop_assert_eq!(counts.solutions, pictures, "{} pictures, {} words", order, words);
        }
        let mut streamed = 0;
        engine.for_each_solution(Mode::Plain, NONE, &mut |solution| {
            let picture: Vec<[u16; 4]> = solution.iter().map(|p| puzzle.placed(*p)).collect();
            streamed += u64::from(expected.pictures.contains(&picture));
            true
        });
        prop_assert_eq!(streamed, expected.solutions, "{} streamed", order);
        let first = engine.first(NONE).board;
        prop_assert_eq!(first.is_some(), expected.solutions > 0, "{} first", order);
        if let Some(first) = first {
            let picture: Vec<[u16; 4]> = first.iter().map(|p| puzzle.placed(*p)).collect();
            prop_assert!(expected.pictures.contains(&picture), "{} first solution is not a solution", order);
            for (cell, clue) in clues.iter().enumerate() {
                if let Some(clue) = clue {
                    prop_assert_eq!(first[cell].piece, clue.piece);
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
        puzzle in small_puzzle(&[(1, 1), (1, 3), (3, 1), (2, 2), (2, 3), (3, 2), (3, 3), (3, 4)]),
    ) {
        check_orders(&puzzle, &[])?;
    }

    #[test]
    fn every_order_keeps_clues((puzzle, clues) in clued_3x3()) {
        check_orders(&puzzle, &clues)?;
    }
}

/// Knuth's estimator is unbiased: on small boards, the mean of many probes is within a few
/// percent of the exact number of placements of the same tree, in both modes and every order.
#[test]
fn the_estimator_converges_to_the_tree_size() {
    let mut compared = 0;
    for seed in 0..6u64 {
        let puzzle = generated(3, 3, 3, seed % 2 == 0, true, seed);
        for order in Order::ALL {
            let engine = OrderedEngine::new(&puzzle, &[], order);
            for mode in [Mode::Plain, Mode::Pictures] {
                let exact = engine.count(mode, &SEQUENTIAL).nodes as f64;
                let (estimate, probes) =
                    estimate_nodes(&engine, mode, false, 40_000, u64::MAX, seed, &Limits::NONE).unwrap();
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

/// What `--order auto` reports for a count is the estimate of the trees the count searches: on
/// framed boards whose count goes through the board's turns (a quarter or half of the tree) and
/// on others, within a tenth of the placements the count makes, in every order (on the engine
/// that searches it).
#[test]
fn the_estimate_for_a_count_is_of_the_counted_trees() {
    for seed in 0..6u64 {
        let (rows, cols) = if seed % 2 == 0 { (3, 3) } else { (3, 4) };
        let puzzle = generated(rows, cols, 3, true, true, seed);
        let solver = Solver::new(&puzzle);
        for order in Order::ALL {
            // The plan's estimate (orders on the tight loop estimated with its look-ahead)
            // against the count the plan makes.
            let plan = solver.plan(Task::Count, Mode::Pictures, Some(OrderPick::Given(order)), true);
            let counted = plan.count(NONE, &|_, _, _| {}).nodes as f64;
            let estimate = plan.estimate.expect("asked for");
            assert!((estimate - counted).abs() <= 0.1 * counted, "seed {seed}, {order}: {estimate} against {counted}");
        }
        let auto = solver.plan(Task::Count, Mode::Pictures, Some(OrderPick::Auto), false);
        let smallest = auto.estimates.iter().map(|&(_, e)| e).fold(f64::INFINITY, f64::min);
        assert_eq!(auto.estimate, Some(smallest));
        assert!(auto.auto && auto.estimates.iter().any(|&(order, e)| order == auto.order && e == smallest));
    }
}

/// The estimate of the tight loop's tree (its look-ahead cuts subtrees, not nodes) is unbiased
/// too: the mean of many probes is within a few percent of the placements the loop makes, in
/// every order it serves, on small boards with and without a frame.
#[test]
fn the_tight_estimator_converges_to_the_loops_placements() {
    let mut compared = 0;
    for seed in 0..6u64 {
        let (rows, cols) = [(3, 3), (3, 4), (4, 3)][seed as usize % 3];
        // Free borders with three colours make trees of 3 x 10^8 placements on 3x4: five keep
        // the exact count, made in a debug build, to a fraction of a second.
        let framed = seed % 2 == 0;
        let puzzle = generated(rows, cols, if framed { 3 } else { 5 }, framed, true, seed);
        for order in Order::ALL.into_iter().filter(|order| order.north_west_first()) {
            let engine = Engine::in_order(&puzzle, &[], order).expect("a north-west order");
            let ordered = OrderedEngine::new(&puzzle, &[], order);
            for mode in [Mode::Plain, Mode::Pictures] {
                let exact = engine.count(mode, &SEQUENTIAL).nodes as f64;
                let (estimate, _) =
                    estimate_nodes(&ordered, mode, true, 40_000, u64::MAX, seed, &Limits::NONE).unwrap();
                assert!(
                    (estimate - exact).abs() <= 0.05 * exact,
                    "seed {seed}, {order}, {mode:?}: estimate {estimate}, exact {exact}"
                );
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 6 * 4 * 2);
}
