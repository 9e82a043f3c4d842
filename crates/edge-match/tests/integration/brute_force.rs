//! Every search of the crate against the plain brute force of `edge_match::testing`, on a few
//! hundred seeded random small puzzles of every shape from 1×1 to 3×4 (one row and one column
//! included), framed and free, with and without turns and clues: the plain count and its
//! placements, the pictures, the first solution, the streams of solutions, the distinct count,
//! and the work units of every split depth adding up and listing the plan's solutions in its
//! order, in every scan order (through the plans of a `Solver`; every order on the puzzles whose
//! brute force makes at most 20,000 placements, row order on the others); and marks puzzles,
//! first solution and count.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};

use edge_match::parse::ParseOptions;
use edge_match::testing::{self, Brute};
use edge_match::testing::{Engine, Search};
use edge_match::{count_solutions, first_solution, Limits, OrderPick, Placement, Puzzle, Solver, Status, Task};
use edge_match::{Mode, Order};

/// No limits, but counts on the calling thread (a node limit that is never reached).
const SEQUENTIAL: Limits<'static> = Limits { max_expanded: Some(u64::MAX), ..Limits::NONE };

/// No progress display.
fn quiet(_: usize, _: usize, _: u64) {}

/// Puzzles whose brute force needs more placements than this are skipped.
const BRUTE_LIMIT: u64 = 200_000;

/// Puzzles whose brute force needs at most this many placements are checked in every order.
const ALL_ORDERS_LIMIT: u64 = 20_000;

/// Every board shape tested.
const SHAPES: &[(usize, usize)] = edge_match::testing::SMALL_SHAPES;

fn placements(board: &[(usize, u8)]) -> Vec<Placement> {
    board.iter().map(|&(piece, rotation)| Placement::new(piece, rotation)).collect()
}

fn picture(puzzle: &Puzzle, solution: &[Placement]) -> Vec<[u16; 4]> {
    solution.iter().map(|p| puzzle.placed(*p)).collect()
}

/// Every search of every plan (each scan order) on one puzzle against the brute force; `what`
/// names the case. Counts never depend on the order; in row order the placements, the first
/// solution and the stream of solutions are exactly the brute force's; in every order the work
/// units of every split depth add up to the whole search and list its solutions in its order.
fn check(puzzle: &Puzzle, clues: &[Option<Placement>], expected: &Brute<u16>, what: &str) {
    let none = &Limits::NONE;
    let solver = Solver::with_clues(puzzle, clues).unwrap();
    let pictures = expected.pictures.len() as u64;
    let boards: Vec<Vec<Placement>> = expected.boards.iter().map(|b| placements(b)).collect();
    let sorted = |mut boards: Vec<Vec<Placement>>| {
        boards.sort();
        boards
    };
    // Clues fix the board in place: no turn of a solution is a solution of the same puzzle.
    let distinct = if clues.iter().any(Option::is_some) {
        pictures
    } else {
        testing::orbits(&expected.pictures, puzzle.rows(), puzzle.cols(), puzzle.rotate())
    };
    // Every order on the smaller trees, row order on all (the test's time grows with the tree
    // times the orders times the split depths).
    let orders = if expected.placements <= ALL_ORDERS_LIMIT { &Order::ALL[..] } else { &[Order::Row][..] };
    for &order in orders {
        let what = format!("{what}, order {order}");
        let pick = Some(OrderPick::Given(order));
        let row = order == Order::Row;
        let plain = solver.plan(Task::Count, Mode::Plain, pick, false);
        for counts in [plain.count(none, &quiet), plain.count(&SEQUENTIAL, &quiet)] {
            assert_eq!(counts.solutions, expected.solutions, "plain count: {what}");
            assert!(!counts.stopped, "{what}");
            if row {
                assert_eq!(counts.nodes, expected.placements, "plain placements: {what}");
            }
        }
        let counting = solver.plan(Task::Count, Mode::Pictures, pick, false);
        for counts in [counting.count(none, &quiet), counting.count(&SEQUENTIAL, &quiet)] {
            assert_eq!(counts.solutions, pictures, "pictures: {what}");
        }
        let first = solver.plan(Task::First, Mode::Plain, pick, false).first(none).board;
        if row {
            assert_eq!(first, expected.first().map(|b| placements(b)), "first solution: {what}");
        } else {
            assert_eq!(first.is_some(), !boards.is_empty(), "first solution: {what}");
            assert!(first.is_none_or(|first| boards.contains(&first)), "first solution: {what}");
        }
        let plain_list = solver.plan(Task::List, Mode::Plain, pick, false);
        let mut stream = Vec::new();
        plain_list.for_each_solution(none, |s| {
            stream.push(s.to_vec());
            true
        });
        if row {
            assert_eq!(stream, boards, "every plain solution in order: {what}");
        } else {
            assert_eq!(sorted(stream.clone()), sorted(boards.clone()), "every plain solution: {what}");
        }
        let mut seen = BTreeSet::new();
        solver.plan(Task::List, Mode::Pictures, pick, false).for_each_solution(none, |s| {
            assert!(seen.insert(picture(puzzle, s)), "a picture streamed twice: {what}");
            true
        });
        assert_eq!(seen, expected.pictures, "the pictures streamed: {what}");
        let distinct_plan = solver.plan(Task::Distinct, Mode::Pictures, pick, false);
        assert_eq!(distinct_plan.count_distinct(none).solutions, distinct, "distinct: {what}");
        for mode in [Mode::Plain, Mode::Pictures] {
            check_units(&solver.plan(Task::List, mode, pick, false), puzzle, &what);
        }
        check_count_units(
            &solver.plan(Task::Count, Mode::Pictures, pick, false),
            puzzle,
            expected.pictures.len(),
            &what,
        );
    }
}

/// How many count plans [`check_count_units`] saw pin a corner piece.
static PINNED_COUNTS: AtomicUsize = AtomicUsize::new(0);

/// The work units of a count of `pictures` pictures at every depth: the units' counts add up to
/// it, whether the plan pins a corner piece (units then cut the searches of the pictures with
/// that piece in a corner, each picture standing for the board's turns, and can be counted but
/// not listed) or not.
fn check_count_units(plan: &edge_match::Plan, puzzle: &Puzzle, pictures: usize, what: &str) {
    let whole = plan.count(&SEQUENTIAL, &quiet);
    assert_eq!(whole.solutions, pictures as u64, "the count of the plan: {what}");
    let pinned = plan.corner.is_some();
    PINNED_COUNTS.fetch_add(usize::from(pinned), Ordering::Relaxed);
    for depth in 0..puzzle.rows() * puzzle.cols() {
        let split = match plan.split(depth, &Limits::NONE) {
            Ok(split) => split,
            Err(err) => {
                assert!(pinned && depth == 0, "a count's split at depth {depth}: {err}: {what}");
                continue;
            }
        };
        assert_eq!(split.above.solutions, 0, "{what}");
        let mut sum = split.above;
        for prefix in &split.prefixes {
            let below = plan.count_below(prefix, &Limits::NONE).unwrap();
            sum.solutions += below.solutions;
            sum.nodes += below.nodes;
            assert_eq!(plan.solutions_below(prefix, &Limits::NONE, |_| true).is_err(), pinned, "{what}");
        }
        assert_eq!(sum.solutions, whole.solutions, "count units add up: {what}, pinned {pinned}, depth {depth}");
    }
}

/// The work units of `plan` at every depth: the counts above the cut and below every prefix add
/// up to the whole search on one thread, and the units' solutions, in unit order, are the
/// plan's stream of solutions.
fn check_units(plan: &edge_match::Plan, puzzle: &Puzzle, what: &str) {
    let whole = plan.count(&SEQUENTIAL, &quiet);
    let mut stream = Vec::new();
    plan.for_each_solution(&Limits::NONE, |s| {
        stream.push(s.to_vec());
        true
    });
    let plain = plan.mode() == Mode::Plain;
    for depth in 0..puzzle.rows() * puzzle.cols() {
        let split = plan.split(depth, &Limits::NONE).unwrap();
        assert_eq!(split.above.solutions, 0, "{what}");
        let mut sum = split.above;
        let mut streamed = Vec::new();
        for prefix in &split.prefixes {
            let below = plan.count_below(prefix, &Limits::NONE).unwrap();
            sum.solutions += below.solutions;
            sum.nodes += below.nodes;
            let listed = plan
                .solutions_below(prefix, &Limits::NONE, |s| {
                    streamed.push(s.to_vec());
                    true
                })
                .unwrap();
            // Placements are the plain search's only; a picture count may prune leaves.
            if plain {
                assert_eq!(listed, below, "a unit listed and counted: {what}, depth {depth}");
            } else {
                assert_eq!(listed.solutions, below.solutions, "a unit listed and counted: {what}, depth {depth}");
            }
        }
        if plain {
            assert_eq!(sum, whole, "units add up: {what}, depth {depth}");
        } else {
            assert_eq!(sum.solutions, whole.solutions, "units add up: {what}, pictures, depth {depth}");
        }
        assert_eq!(
            streamed,
            stream,
            "the units' solutions in the plan's order: {what}, {:?}, depth {depth}",
            plan.mode()
        );
    }
}

#[test]
fn colour_puzzles_of_every_shape_match_the_brute_force() {
    let (mut with_clues, mut one_line, mut every_order) = (0, 0, 0);
    let checked = testing::clued_rounds(0x5eed_0012, 0..24, SHAPES, BRUTE_LIMIT, |case, _rng| {
        let testing::CluedCase { round, rows, cols, puzzle, clues, expected } = case;
        let what = format!(
            "round {round}, {rows}x{cols}, framed {}, rotate {}, pieces {:?}, clues {clues:?}",
            puzzle.framed(),
            puzzle.rotate(),
            puzzle.pieces()
        );
        check(&puzzle, &clues, &expected, &what);
        every_order += usize::from(expected.placements <= ALL_ORDERS_LIMIT);
        with_clues += usize::from(clues.iter().any(Option::is_some));
        one_line += usize::from(rows == 1 || cols == 1);
        true
    });
    assert!(
        checked >= 300 && with_clues >= 80 && one_line >= 150 && every_order >= 250,
        "{checked} {with_clues} {one_line} {every_order}"
    );
    assert!(PINNED_COUNTS.load(Ordering::Relaxed) >= 20, "counts that pin a corner were split");
}

/// Boards of more than 16 cells, whose counts are cut into subtrees across threads (and one
/// row or column of 17 or more): more colours keep the brute force small.
#[test]
fn bigger_boards_counted_across_threads_match_the_brute_force() {
    let none = &Limits::NONE;
    let shapes = [(1, 17), (18, 1), (3, 6), (6, 3), (4, 5), (5, 4), (4, 4)];
    let checked = testing::rounds_of_shapes(0xb16_0012, 0..8, &shapes, |round, rows, cols, rng| {
        let (shape, puzzle) = testing::random_many_colour_puzzle(rows, cols, rng);
        let unclued = testing::brute_colour(&puzzle, &[], 2_000_000);
        if unclued.gave_up {
            return false;
        }
        // Every other board with a clue from one of its solutions (or an impossible one).
        let mut clues = Vec::new();
        if round % 2 == 1 {
            clues = vec![None; rows * cols];
            let cell = rng.below(rows * cols);
            let (piece, rotation) = unclued.boards.first().map_or((0, 0), |board| board[cell]);
            clues[cell] = Some(Placement::new(piece, rotation));
        }
        let expected = testing::brute_colour(&puzzle, &clues, 2_000_000);
        let what = format!("round {round}, {shape:?}, pieces {:?}, clues {clues:?}", puzzle.pieces());
        let engine = Engine::new(&puzzle, &clues);
        let plain = engine.count(Mode::Plain, none);
        assert_eq!((plain.solutions, plain.nodes), (expected.solutions, expected.placements), "plain: {what}");
        let pictures = engine.count(Mode::Pictures, none);
        assert_eq!(pictures.solutions, expected.pictures.len() as u64, "pictures: {what}");
        let distinct = if clues.is_empty() {
            testing::orbits(&expected.pictures, rows, cols, puzzle.rotate())
        } else {
            expected.pictures.len() as u64
        };
        assert_eq!(engine.count_distinct(none).solutions, distinct, "distinct: {what}");
        let first = engine.first(none).board;
        assert_eq!(first, expected.first().map(|b| placements(b)), "first: {what}");
        true
    });
    assert!(checked >= 25, "{checked}");
}

/// A node limit stops every search at the limit and sets the stop flag: the first solution and
/// the streams of solutions exactly there (the solutions the brute force had completed by then),
/// counts within one cell's candidates of it; each unit has the whole limit.
#[test]
fn node_limits_stop_every_search() {
    let checked = testing::clued_rounds(0x11_0012, 0..10, SHAPES, BRUTE_LIMIT, |case, rng| {
        let testing::CluedCase { round, rows, cols, puzzle, clues, expected } = case;
        if expected.placements < 2 {
            return false;
        }
        let what = format!("round {round}, {rows}x{cols}, pieces {:?}, clues {clues:?}", puzzle.pieces());
        let limit = 1 + rng.below(expected.placements as usize - 1) as u64;
        let engine = Engine::new(&puzzle, &clues);
        let limits = Limits { max_expanded: Some(limit), ..Limits::NONE };
        let found_by = |n: u64| expected.found_at.iter().filter(|&&at| at <= n).count();
        // The first solution: found when the brute force completed it within the limit.
        let edge_match::Answer { board: first, counts } = engine.first(&limits);
        match expected.found_at.first() {
            Some(&at) if at <= limit => {
                assert_eq!(first, expected.first().map(|b| placements(b)), "{what}");
                assert_eq!(counts.nodes, at, "{what}");
            }
            _ => assert!(first.is_none() && counts.nodes == limit && counts.stopped, "{what}, limit {limit}"),
        }
        // Every plain solution, in order, up to the limit.
        let mut streamed = 0;
        let counts = engine.for_each_solution(Mode::Plain, &limits, &mut |_| {
            streamed += 1;
            true
        });
        assert!(counts.stopped, "{what}, limit {limit}");
        assert_eq!((counts.nodes, streamed), (limit, found_by(limit)), "{what}, limit {limit}");
        // Counts in both modes (on one thread under a limit): stopped at the limit or just
        // past it.
        let most = limit + 4 * puzzle.pieces().len() as u64;
        for mode in [Mode::Plain, Mode::Pictures] {
            let counts = engine.count(mode, &limits);
            let full = if mode == Mode::Plain { expected.solutions } else { expected.pictures.len() as u64 };
            if counts.stopped {
                assert!(counts.nodes >= limit && counts.nodes <= most, "{what}: {counts:?}, limit {limit}");
                assert!(counts.solutions <= full, "{what}");
                if mode == Mode::Plain {
                    assert!(counts.solutions <= found_by(counts.nodes) as u64, "{what}");
                }
            } else {
                // Pictures: the reduced search may make fewer placements than the limit.
                assert!(mode == Mode::Pictures && counts.nodes < limit, "{what}: {counts:?}, limit {limit}");
                assert_eq!(counts.solutions, full, "{what}");
            }
        }
        // A unit below a prefix of depth 1 has the whole limit.
        if let Some(prefix) = engine.split(Mode::Plain, 1, &Limits::NONE).ok().and_then(|s| s.prefixes.first().cloned())
        {
            let below = engine.count_below(Mode::Plain, &prefix, &limits).unwrap();
            let whole = engine.count_below(Mode::Plain, &prefix, &Limits::NONE).unwrap();
            if whole.nodes > most {
                assert!(below.nodes >= limit && below.nodes <= most && below.stopped, "{what}");
            } else if whole.nodes < limit {
                assert_eq!(below, whole, "{what}");
            }
        }
        true
    });
    assert!(checked >= 100, "{checked}");
}

/// The examples of the issue, by hand: one-column boards and clued distinct counts.
#[test]
fn the_issues_examples() {
    let none = &Limits::NONE;
    let one_column = |pieces: Vec<[u16; 4]>, framed| {
        let rows = pieces.len();
        Puzzle::try_from(edge_match::PuzzleSpec { rows, cols: 1, pieces, framed, rotate: true }).unwrap()
    };
    // `1 2`, pieces `1 2 3 4` and `3 5 6 7`, free border: piece 0 over piece 1, or piece 1
    // turned twice over piece 0 turned twice.
    let puzzle = one_column(vec![[1, 2, 3, 4], [3, 5, 6, 7]], false);
    let engine = Engine::new(&puzzle, &[]);
    assert_eq!(engine.count(Mode::Pictures, none).solutions, 2);
    assert_eq!(engine.count(Mode::Plain, none).solutions, 2);
    let puzzle = one_column(vec![[2, 2, 2, 1], [2, 1, 2, 3], [2, 2, 2, 3], [2, 1, 2, 1]], false);
    let expected = testing::brute_colour(&puzzle, &[], BRUTE_LIMIT);
    assert_eq!((expected.pictures.len(), expected.solutions), (356, 712));
    let engine = Engine::new(&puzzle, &[]);
    assert_eq!(engine.count(Mode::Pictures, none).solutions, 356);
    assert_eq!(engine.count(Mode::Plain, none).solutions, 712);
    // Framed: a column of three, the frame on the west, east, and the ends.
    let puzzle = one_column(vec![[1, 0, 0, 0], [0, 0, 2, 0], [2, 0, 1, 0]], true);
    let engine = Engine::new(&puzzle, &[]);
    assert_eq!(engine.count(Mode::Pictures, none).solutions, 2);
    // A clue fixes the board: the distinct count is the count.
    let clues = vec![Some(Placement::new(1, 0)), None, None];
    let engine = Engine::new(&puzzle, &clues);
    assert_eq!(engine.count(Mode::Pictures, none).solutions, 1);
    assert_eq!(engine.count_distinct(none).solutions, 1);
}

#[test]
fn marks_puzzles_match_the_brute_force() {
    let shapes: Vec<(usize, usize)> = SHAPES.iter().copied().filter(|&(r, c)| r * c <= 9).collect();
    let checked = testing::rounds_of_shapes(0x3a75, 0..12, &shapes, |round, rows, cols, rng| {
        let rotate = rng.below(3) != 0;
        let letters = 1 + rng.below(3) as u8;
        let text = testing::random_marks_text(rows, cols, letters, rotate, rng);
        let options = ParseOptions { size: Some((rows, cols)), rotate };
        let puzzle = edge_match::parse::parse_puzzle(&text, &options).unwrap();
        let expected = testing::brute_marks(&puzzle, BRUTE_LIMIT);
        if expected.gave_up {
            return false;
        }
        let what = format!("round {round}, {rows}x{cols}, rotate {rotate}:\n{text}");
        let count = count_solutions(&puzzle, &Limits::NONE);
        assert!(count.complete());
        assert_eq!(count.counts.solutions, expected.pictures.len() as u64, "marks count: {what}");
        let first = match first_solution(&puzzle, &Limits::NONE).status() {
            Status::Found(placements) => {
                Some(placements.iter().map(|p| (p.piece, p.rotation.quarter_turns() as u8)).collect::<Vec<_>>())
            }
            Status::Exhausted => None,
            Status::GaveUp => panic!("no limits: {what}"),
        };
        assert_eq!(first.as_ref(), expected.first(), "marks first solution: {what}");
        true
    });
    assert!(checked >= 100, "{checked}");
}
