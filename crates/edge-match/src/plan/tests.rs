//! How often a plan and its count build candidate tables: once for each table they need (the
//! row engine's, which its corner probes, estimates, count and corner split share, and the
//! ordered engine's per other order `auto` estimates), never
//! again for the join or the count; the counts they give, against the brute force; and the
//! boards a count keeps.

use std::collections::BTreeSet;

use super::*;
use crate::check::check_solution;
use crate::engine::unique_corners;
use crate::testing::{brute_colour, random_colour_puzzle, solution_walks, table_builds};

/// What `run` returns, with the candidate tables it built on this thread.
fn built<T>(run: impl FnOnce() -> T) -> (T, u64) {
    let before = table_builds();
    let out = run();
    (out, table_builds() - before)
}

/// Boards whose pieces turn: framed ones of two to four colours, with no corner piece unlike every
/// other, one, or several; and unframed 2×2 ones, which have none.
fn boards() -> Vec<Puzzle> {
    let shapes = [(2, 2), (3, 3), (3, 4), (4, 3), (4, 4)];
    (0..30u64)
        .map(|seed| {
            let (rows, cols) = shapes[seed as usize % shapes.len()];
            random_colour_puzzle(rows, cols, 2 + (seed % 3) as u16, seed % 10 != 5, true, seed)
        })
        .collect()
}

/// A plain count in row order builds the row engine's tables once: the join's planning and the
/// count use them.
#[test]
fn a_plain_count_builds_its_tables_once() {
    for puzzle in boards() {
        let solver = Solver::new(&puzzle);
        let (counts, builds) =
            built(|| solver.plan(Task::Count, Mode::Plain, None, false).count(&Limits::NONE, &|_, _, _| {}));
        let brute = brute_colour(&puzzle, &[], u64::MAX);
        assert_eq!((counts.solutions, counts.nodes), (brute.solutions, brute.placements));
        assert_eq!(builds, 1, "{}x{}", puzzle.rows(), puzzle.cols());
    }
}

/// A count of pictures builds each table it needs once: the row engine's, on which every corner
/// piece is probed (with the searches each pins), every order the row engine runs is estimated
/// and counted, and from which the searches its corner reduces the count to are derived, shared
/// by the join's planning and the count; and one of the ordered engine's per other order `auto`
/// estimates.
#[test]
fn a_count_of_pictures_builds_each_table_once() {
    let mut seen = [0; 3];
    for puzzle in boards() {
        let (corners, _) = unique_corners(&puzzle, &[]);
        let solver = Solver::new(&puzzle);
        let pictures = brute_colour(&puzzle, &[], u64::MAX).pictures.len() as u64;
        for pick in [OrderPick::Given(Order::Row), OrderPick::Given(Order::Diagonal), OrderPick::Auto] {
            let ((plan, counts), builds) = built(|| {
                let plan = solver.plan(Task::Count, Mode::Pictures, Some(pick), false);
                let counts = plan.count(&Limits::NONE, &|_, _, _| {});
                (plan, counts)
            });
            assert_eq!(counts.solutions, pictures);
            if !plan.order.north_west_first() {
                continue;
            }
            // Given an order the row engine runs: the row engine's tables, once (every corner
            // probed, the order's estimate, the plan's engine in that order, its corner split and
            // join). With `auto`, those, and the ordered engine's for spiral and frame-first.
            let expected = match pick {
                OrderPick::Given(_) => 1,
                OrderPick::Auto => 3,
            };
            let what = format!("{}x{}, {pick:?}, {} corners", puzzle.rows(), puzzle.cols(), corners.len());
            assert_eq!(builds, expected, "{what}");
            seen[corners.len().min(2)] += 1;
        }
    }
    // Boards without a corner pinned, with one, and with several to choose from.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    assert_eq!(Order::ALL.iter().filter(|order| !order.north_west_first()).count(), 2);
}

/// The picture of `board` (the sides each cell shows, row-major) and the least of its turns
/// under the turns of the whole board that `puzzle` allows: one per orbit.
fn picture_and_orbit(puzzle: &Puzzle, board: &[Placement]) -> (Vec<[u16; 4]>, Vec<[u16; 4]>) {
    let picture: Vec<[u16; 4]> = board.iter().map(|&p| puzzle.placed(p)).collect();
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let turns: &[u8] = match rows == cols {
        true => &[1, 2, 3],
        false => &[2],
    };
    let mut least = picture.clone();
    for &turns in turns {
        // A counter-clockwise quarter turn takes cell (row, col) to (c - 1 - col, row) on a
        // board of c rows and r columns, and its east side north.
        let (mut current, mut r, mut c) = (picture.clone(), rows, cols);
        for _ in 0..turns {
            let mut next = vec![[0u16; 4]; r * c];
            for row in 0..r {
                for col in 0..c {
                    let [n, e, s, w] = current[row * c + col];
                    next[(c - 1 - col) * r + row] = [e, s, w, n];
                }
            }
            (current, r, c) = (next, c, r);
        }
        least = least.min(current);
    }
    (picture, least)
}

/// `run` on rayon's threads, `threads` of them.
fn on_threads<T: Send>(threads: usize, run: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(run)
}

/// Boards a count keeps in these tests.
const KEEP: usize = 7;

/// A count that keeps boards counts what the count does, walks no solutions again, keeps the
/// same boards on one thread and two, and keeps only solutions: in a plain count in row order
/// the brute force's first, in a count of pictures distinct pictures (with a corner pinned,
/// distinct up to the board's turns too), and in a distinct count one picture per orbit.
#[test]
fn a_count_keeps_the_first_solutions_of_its_tree_on_any_threads() {
    let mut seen = [0; 3];
    for puzzle in boards() {
        let brute = brute_colour(&puzzle, &[], u64::MAX);
        let solver = Solver::new(&puzzle);
        for (task, mode, pick) in [
            (Task::Count, Mode::Plain, None),
            (Task::Count, Mode::Pictures, None),
            (Task::Count, Mode::Pictures, Some(OrderPick::Given(Order::Spiral))),
            (Task::Distinct, Mode::Pictures, None),
            (Task::Distinct, Mode::Pictures, Some(OrderPick::Given(Order::Spiral))),
        ] {
            let plan = solver.plan(task, mode, pick, false);
            let what = format!(
                "{}x{}, {task:?}, {mode:?}, {}, corner {:?}",
                puzzle.rows(),
                puzzle.cols(),
                plan.order,
                plan.corner
            );
            // The count, and the solution walks on the thread that asked for it.
            let keeping = || {
                let walks = solution_walks();
                let kept = match task {
                    Task::Distinct => plan.count_distinct_keeping(&Limits::NONE, KEEP),
                    _ => plan.count_keeping(&Limits::NONE, &|_, _, _| {}, KEEP),
                };
                (kept, solution_walks() - walks)
            };
            let ((counts, boards), walked) = on_threads(1, keeping);
            let plain = match task {
                Task::Distinct => plan.count_distinct(&Limits::NONE),
                _ => plan.count(&Limits::NONE, &|_, _, _| {}),
            };
            assert_eq!(counts, plain, "{what}");
            // No solution is walked again: only a distinct count without a corner walks its
            // pictures, as its count does.
            let distinct_walk = task == Task::Distinct && plan.corner.is_none();
            assert_eq!(walked, u64::from(distinct_walk), "{what}");
            assert_eq!(on_threads(2, keeping), ((counts, boards.clone()), walked), "{what}: two threads");
            // With a corner pinned, each picture a count keeps stands for the board's turns.
            let turns = match (plan.corner, task) {
                (Some(_), Task::Count) => unique_corners(&puzzle, &[]).1,
                _ => 1,
            };
            assert_eq!(boards.len() as u64, (counts.solutions / turns).min(KEEP as u64), "{what}");
            let mut pictures = BTreeSet::new();
            let mut orbits = BTreeSet::new();
            for board in &boards {
                check_solution(&puzzle, board).expect("a kept board is a solution");
                let (picture, orbit) = picture_and_orbit(&puzzle, board);
                assert!(brute.pictures.contains(&picture), "{what}");
                pictures.insert(picture);
                orbits.insert(orbit);
            }
            if mode == Mode::Pictures {
                assert_eq!(pictures.len(), boards.len(), "{what}: distinct pictures");
            }
            if task == Task::Distinct || plan.corner.is_some() {
                assert_eq!(orbits.len(), boards.len(), "{what}: distinct up to the board's turns");
            }
            if mode == Mode::Plain {
                let first: Vec<Vec<Placement>> = (brute.boards.iter().take(KEEP))
                    .map(|board| board.iter().map(|&(piece, turns)| Placement::new(piece, turns)).collect())
                    .collect();
                assert_eq!(boards, first, "{what}: the brute force's first");
            }
            seen[usize::from(plan.corner.is_some()) + usize::from(task == Task::Distinct)] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// A count that a placement limit stops keeps the first solutions it found: those the count
/// unstopped keeps first.
#[test]
fn a_stopped_count_keeps_the_first_it_found() {
    let mut stopped = 0;
    for puzzle in boards() {
        let plan = Solver::new(&puzzle).plan(Task::Count, Mode::Plain, None, false);
        let (whole, all) = plan.count_keeping(&Limits::NONE, &|_, _, _| {}, KEEP);
        let limits = Limits { max_expanded: Some(whole.nodes / 2), ..Limits::NONE };
        let (counts, boards) = plan.count_keeping(&limits, &|_, _, _| {}, KEEP);
        assert_eq!(counts, plan.count(&limits, &|_, _, _| {}));
        assert_eq!(boards[..], all[..boards.len()]);
        assert_eq!(boards.len() as u64, counts.solutions.min(KEEP as u64));
        stopped += usize::from(counts.stopped && !boards.is_empty());
    }
    assert!(stopped > 3, "{stopped}");
}
