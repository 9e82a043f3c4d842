//! The fast constructive solver: every path replays to the goal on boards of many shapes with
//! arbitrary goals, unsolvable boards are reported unsolvable, and on tiny boards a plain BFS
//! (written here) finds a path no longer than ours (of the same length on boards of at most 8
//! cells, which the solver finishes by exact search).

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use proptest::prelude::*;
use puzzle_core::{Direction, Shape};
use std::ops::ControlFlow;

use sliding::constructive::{solve_fast_into, KeepMoves, Replay, StreamError, Streamed, TapeBudget};
use sliding::testing::{solve_fast, solve_fast_checked};
use sliding::{check, is_solvable, path_letters, Board, BoardSpec, GoalKind, Path, Verdict};

use puzzle_core::SplitMix64;

/// A uniformly random arrangement of `rows × cols`.
fn random_tiles(rows: usize, cols: usize, rng: &mut SplitMix64) -> Vec<u32> {
    let mut tiles: Vec<u32> = (0..(rows * cols) as u32).collect();
    for i in (1..tiles.len()).rev() {
        tiles.swap(i, rng.below(i + 1));
    }
    tiles
}

fn board(rows: usize, cols: usize, tiles: Vec<u32>) -> Board {
    Board::try_from(BoardSpec { rows, cols, tiles }).unwrap()
}

/// Swaps two tiles other than the blank: flips solvability.
fn swap_two_tiles(b: &Board) -> Board {
    let shape = b.shape();
    let mut tiles = b.tiles().to_vec();
    let cells: Vec<usize> = (0..tiles.len()).filter(|&i| tiles[i] != 0).take(2).collect();
    tiles.swap(cells[0], cells[1]);
    board(shape.rows(), shape.cols(), tiles)
}

/// A goal of one of several kinds: blank first, blank last, blank in the middle, or random.
fn goal_of_kind(rows: usize, cols: usize, kind: usize, rng: &mut SplitMix64) -> Board {
    let shape = Shape::new(rows, cols).unwrap();
    match kind % 4 {
        0 => Board::goal(shape, GoalKind::BlankFirst).unwrap(),
        1 => Board::goal(shape, GoalKind::BlankLast).unwrap(),
        2 => {
            let n = (rows * cols) as u32;
            let middle = (rows / 2) * cols + cols / 2;
            let mut tiles: Vec<u32> = (1..n).collect();
            tiles.insert(middle, 0);
            board(rows, cols, tiles)
        }
        _ => board(rows, cols, random_tiles(rows, cols, rng)),
    }
}

/// A random board that can reach `goal`.
fn solvable_start(goal: &Board, rng: &mut SplitMix64) -> Board {
    let shape = goal.shape();
    let start = board(shape.rows(), shape.cols(), random_tiles(shape.rows(), shape.cols(), rng));
    if is_solvable(&start, goal) {
        start
    } else {
        swap_two_tiles(&start)
    }
}

fn check_solves(start: &Board, goal: &Board) -> Vec<Direction> {
    match solve_fast(start, goal, &search::Limits::NONE) {
        Verdict::Solved(Path::Moves(path)) => {
            assert_eq!(start.replay(&path).as_ref(), Ok(goal));
            for pair in path.windows(2) {
                assert_ne!(pair[0], pair[1].opposite(), "a move undone at once");
            }
            check_streams(start, goal, &path);
            path
        }
        other => panic!("{}x{} {other:?}", start.shape().rows(), start.shape().cols()),
    }
}

/// The path handed over in chunks is the same path, and made again (checked) it is the same
/// again, however the chunks are read.
fn check_streams(start: &Board, goal: &Board, path: &[Direction]) {
    let mut chunks: Vec<Vec<Direction>> = Vec::new();
    let streamed = solve_fast_into(start, goal, &search::Limits::NONE, &mut |moves| {
        chunks.push(moves.to_vec());
        ControlFlow::Continue(())
    });
    assert_eq!(streamed, Streamed::Solved(path.len() as u64));
    assert_eq!(chunks.concat(), path);
    assert!(chunks.iter().all(|chunk| !chunk.is_empty()));
    // Made again, kept compressed, and past a budget too small to keep them (made again).
    let roomy = Arc::new(TapeBudget::new(1 << 30));
    let none = Arc::new(TapeBudget::new(0));
    // An empty path takes no bytes: it is kept whatever the budget.
    for (keep, kept) in [
        (KeepMoves::Count, false),
        (KeepMoves::Compressed(roomy), true),
        (KeepMoves::Compressed(none), path.is_empty()),
    ] {
        let Verdict::Solved(Path::Fast(made)) = solve_fast_checked(start, goal, &search::Limits::NONE, &keep).unwrap()
        else {
            panic!("not solved")
        };
        assert_eq!(made.n_moves(), path.len() as u64);
        assert_eq!(made.is_kept(), kept);
        // The checker reads the moves again: they take the start to the goal, and the goal
        // (another board, unless the start is the goal) elsewhere.
        let fast = Verdict::Solved(Path::Fast(made.clone()));
        assert_eq!(check(start, goal, &fast), Ok(()));
        if start != goal {
            assert!(check(goal, goal, &fast).is_err());
        }
        let mut replay = Replay::new(start);
        let mut again = Vec::new();
        made.stream(&mut |moves| {
            replay.apply(moves).map_err(|e| e.to_string())?;
            again.extend_from_slice(moves);
            Ok::<(), String>(())
        })
        .unwrap();
        assert_eq!(again, path);
        assert_eq!(replay.finish(start, goal), Ok(()));
        let mut letters = Vec::new();
        made.stream_letters(&mut |chunk| {
            letters.extend_from_slice(chunk);
            Ok::<(), String>(())
        })
        .unwrap();
        assert_eq!(String::from_utf8(letters).unwrap(), path_letters(path));
    }
}

/// Optimal distance by plain breadth-first search over whole boards.
fn bfs_distance(start: &Board, goal: &Board) -> Option<usize> {
    let mut dist: HashMap<Board, usize> = HashMap::from([(start.clone(), 0)]);
    let mut queue = VecDeque::from([start.clone()]);
    while let Some(b) = queue.pop_front() {
        let d = dist[&b];
        if &b == goal {
            return Some(d);
        }
        for dir in Direction::ALL {
            if let Some(next) = b.moved(dir) {
                if !dist.contains_key(&next) {
                    dist.insert(next.clone(), d + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    None
}

fn any_shape() -> impl Strategy<Value = (usize, usize)> {
    prop_oneof![
        (2usize..=40).prop_map(|n| (2, n)),
        (2usize..=40).prop_map(|n| (n, 2)),
        (3usize..=20).prop_map(|n| (3, n)),
        (3usize..=20).prop_map(|n| (n, 3)),
        (2usize..=20, 2usize..=20),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn solves_random_boards_of_every_shape((rows, cols) in any_shape(), kind in 0usize..4, seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        let goal = goal_of_kind(rows, cols, kind, &mut rng);
        let start = solvable_start(&goal, &mut rng);
        let path = check_solves(&start, &goal);
        prop_assert!(path.len() >= start.manhattan_to(&goal));
        prop_assert_eq!(solve_fast(&swap_two_tiles(&start), &goal, &search::Limits::NONE), Verdict::Unsolvable);
    }

    #[test]
    fn never_shorter_than_bfs((rows, cols) in prop_oneof![Just((2, 2)), Just((2, 3)), Just((3, 2)), Just((2, 4)), Just((4, 2))],
                              kind in 0usize..4, seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        let goal = goal_of_kind(rows, cols, kind, &mut rng);
        let start = solvable_start(&goal, &mut rng);
        let path = check_solves(&start, &goal);
        let optimal = bfs_distance(&start, &goal).unwrap();
        // Boards this small are one final region, which is solved optimally.
        prop_assert_eq!(optimal, path.len());
        prop_assert_eq!(optimal % 2, path.len() % 2);
        prop_assert_eq!(bfs_distance(&swap_two_tiles(&start), &goal), None);
    }
}

#[test]
fn goal_itself_needs_no_moves() {
    for (rows, cols) in [(2, 2), (2, 9), (9, 2), (5, 7)] {
        let goal = Board::goal(Shape::new(rows, cols).unwrap(), GoalKind::BlankLast).unwrap();
        assert_eq!(solve_fast(&goal, &goal, &search::Limits::NONE), Verdict::Solved(Path::Moves(Vec::new())));
    }
}

#[test]
fn every_blank_position_of_the_goal() {
    let mut rng = SplitMix64::new(7);
    for (rows, cols) in [(2, 2), (2, 5), (5, 2), (3, 3), (3, 4), (4, 4), (6, 3)] {
        let n = rows * cols;
        for blank in 0..n {
            let mut tiles: Vec<u32> = (1..n as u32).collect();
            tiles.insert(blank, 0);
            let goal = board(rows, cols, tiles);
            for _ in 0..3 {
                let start = solvable_start(&goal, &mut rng);
                check_solves(&start, &goal);
            }
        }
    }
}

#[test]
fn shape_mismatch_is_unsolvable() {
    let a = Board::goal(Shape::new(3, 4).unwrap(), GoalKind::BlankLast).unwrap();
    let b = Board::goal(Shape::new(4, 3).unwrap(), GoalKind::BlankLast).unwrap();
    assert_eq!(solve_fast(&a, &b, &search::Limits::NONE), Verdict::Unsolvable);
}

#[test]
fn limits_stop_the_work() {
    static STOP: AtomicBool = AtomicBool::new(true);
    let mut rng = SplitMix64::new(3);
    let goal = Board::goal(Shape::new(12, 12).unwrap(), GoalKind::BlankLast).unwrap();
    let start = solvable_start(&goal, &mut rng);
    let interrupted = search::Limits { interrupt: Some(&STOP), ..search::Limits::NONE };
    assert_eq!(solve_fast(&start, &goal, &interrupted), Verdict::GaveUp);
    let late = search::Limits { deadline: Some(Instant::now()), ..search::Limits::NONE };
    assert_eq!(solve_fast(&start, &goal, &late), Verdict::GaveUp);
}

#[test]
fn a_sink_can_stop_the_solver() {
    let mut rng = SplitMix64::new(5);
    let goal = Board::goal(Shape::new(60, 50).unwrap(), GoalKind::BlankLast).unwrap();
    let start = solvable_start(&goal, &mut rng);
    let Verdict::Solved(Path::Moves(path)) = solve_fast(&start, &goal, &search::Limits::NONE) else {
        panic!("not solved")
    };
    assert!(path.len() > 4 << 15, "a path of several chunks: {}", path.len());
    let mut calls = 0;
    let streamed = solve_fast_into(&start, &goal, &search::Limits::NONE, &mut |_| {
        calls += 1;
        ControlFlow::Break(())
    });
    assert_eq!((streamed, calls), (Streamed::Halted, 1));
    // A sink that fails on its second chunk has been given the first only.
    let Verdict::Solved(Path::Fast(made)) =
        solve_fast_checked(&start, &goal, &search::Limits::NONE, &KeepMoves::Count).unwrap()
    else {
        panic!("not solved")
    };
    let mut given = Vec::new();
    let result = made.stream(&mut |moves| {
        if !given.is_empty() {
            return Err("full");
        }
        given.extend_from_slice(moves);
        Ok(())
    });
    assert!(matches!(result, Err(StreamError::Sink("full"))));
    assert_eq!(given, path[..given.len()]);
}

#[test]
fn a_large_board() {
    let mut rng = SplitMix64::new(11);
    let goal = Board::goal(Shape::new(40, 30).unwrap(), GoalKind::BlankFirst).unwrap();
    let start = solvable_start(&goal, &mut rng);
    check_solves(&start, &goal);
}

/// A board big enough that the checked answer and its stream make the moves on a thread of their
/// own: the same path as made on one thread, replayed here to the goal.
#[test]
fn a_board_solved_beside_its_check() {
    let mut rng = SplitMix64::new(12);
    let goal = Board::goal(Shape::new(50, 48).unwrap(), GoalKind::BlankLast).unwrap();
    let start = solvable_start(&goal, &mut rng);
    let path = check_solves(&start, &goal);
    assert!(path.len() > 4 << 15, "a path of several chunks: {}", path.len());
}

/// `check` reads a fast answer's moves as they are made again, never whole: on a board whose
/// path has tens of millions of moves it passes, and a process running only this test keeps
/// less memory than the path would take as a vector (measured with `/usr/bin/time -f %M`:
/// see the commit that added it). `SLIDING_CHECK_SIDE` sets the board's side for a measurement.
#[test]
fn check_streams_a_long_fast_path() {
    let side = std::env::var("SLIDING_CHECK_SIDE").ok().and_then(|side| side.parse().ok()).unwrap_or(120);
    let mut rng = SplitMix64::new(57);
    let goal = Board::goal(Shape::new(side, side).unwrap(), GoalKind::BlankLast).unwrap();
    let start = solvable_start(&goal, &mut rng);
    let fast = solve_fast_checked(&start, &goal, &search::Limits::NONE, &KeepMoves::Count).unwrap();
    let Verdict::Solved(path) = &fast else { panic!("not solved") };
    assert!(path.n_moves() > (side * side * side) as u64, "a long path: {}", path.n_moves());
    assert_eq!(check(&start, &goal, &fast), Ok(()));
    // From another start the same moves fail the check.
    assert!(check(&goal, &goal, &fast).is_err());
}
