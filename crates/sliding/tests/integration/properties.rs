//! Laws of the sliding solver, against oracles written plainly here: every heuristic stays at or
//! below the breadth-first distance on whole small state spaces, the parity rule matches
//! reachability, a move and its inverse cancel, and BFS, A* and IDA* agree on random boards.

use std::sync::{Arc, Mutex};

use proptest::prelude::*;
use puzzle_core::{Direction, Shape};
use search::Limits;
use sliding::pdb::PatternDb;
use sliding::pdb::PdbHeuristic;
use sliding::testing::oracle::bfs_distances;
use sliding::testing::{lower_bound, solve_astar, solve_with, Heuristic};
use sliding::{is_solvable, Board, BoardSpec, GoalKind, Verdict};

fn board(rows: usize, cols: usize, tiles: Vec<u32>) -> Board {
    Board::try_from(BoardSpec { rows, cols, tiles }).expect("a valid board")
}

/// The default pattern-database heuristic for a small board, its tables built in memory once per
/// test binary.
fn pdb_heuristic(goal: &Board) -> Heuristic {
    static BUILT: Mutex<Vec<((Shape, usize), Heuristic)>> = Mutex::new(Vec::new());
    let shape = goal.shape();
    let id = (shape, goal.blank().0);
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, heuristic)) = built.iter().find(|(k, _)| *k == id) {
        return heuristic.clone();
    }
    let keys = PdbHeuristic::keys(shape.rows(), shape.cols(), goal.blank().0).expect("small board");
    let tables: Vec<Arc<PatternDb>> = keys.iter().map(|k| Arc::new(PatternDb::build(k, &|_| {}).unwrap())).collect();
    let heuristic =
        Heuristic::Pdb(Arc::new(PdbHeuristic::new(shape, goal.blank().0, &tables).expect("tables for the keys")));
    built.push((id, heuristic.clone()));
    heuristic
}

/// Every permutation of `0..n`, by Heap's algorithm written out.
fn for_each_permutation(n: u32, mut visit: impl FnMut(&[u32])) {
    let mut tiles: Vec<u32> = (0..n).collect();
    let mut counters = vec![0usize; n as usize];
    visit(&tiles);
    let mut i = 0;
    while i < n as usize {
        if counters[i] < i {
            let j = if i % 2 == 0 { 0 } else { counters[i] };
            tiles.swap(j, i);
            visit(&tiles);
            counters[i] += 1;
            i = 0;
        } else {
            counters[i] = 0;
            i += 1;
        }
    }
}

#[test]
fn heuristics_never_exceed_the_true_distance_and_parity_matches_reachability() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)] {
        let shape = Shape::new(rows, cols).expect("shape");
        for kind in [GoalKind::BlankLast, GoalKind::BlankFirst] {
            let goal = Board::goal(shape, kind).expect("goal");
            let distances = bfs_distances(rows, cols, goal.tiles());
            let heuristics = [Heuristic::Manhattan, Heuristic::LinearConflict, pdb_heuristic(&goal)];
            let mut reachable = 0usize;
            for_each_permutation((rows * cols) as u32, |tiles| {
                let start = board(rows, cols, tiles.to_vec());
                let distance = distances.get(tiles).copied();
                assert_eq!(is_solvable(&start, &goal), distance.is_some(), "{start} to {goal}");
                let Some(distance) = distance else { return };
                reachable += 1;
                for heuristic in &heuristics {
                    let h = lower_bound(&start, &goal, heuristic).expect("same shape");
                    assert!(h <= distance, "{heuristic:?} gives {h} > {distance} for {start}");
                    assert_eq!(h % 2, distance % 2, "{heuristic:?} parity for {start}");
                }
            });
            assert_eq!(reachable * 2, (1..=rows * cols).product::<usize>(), "{rows}x{cols}");
        }
    }
}

/// A board `steps` random blank moves away from `goal` (seeded by proptest).
fn scrambled(goal: &Board, moves: &[u8]) -> Board {
    let mut board = goal.clone();
    for &m in moves {
        board.move_blank(Direction::from_index(usize::from(m % 4)));
    }
    board
}

fn path_of(outcome: &Verdict) -> Option<&[Direction]> {
    match outcome {
        Verdict::Solved(path) => Some(path.as_moves().expect("a search keeps its moves")),
        Verdict::Unsolvable | Verdict::GaveUp => None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn a_move_then_its_inverse_changes_nothing(
        rows in 2usize..6, cols in 2usize..6, moves in prop::collection::vec(0u8..4, 0..40), last in 0u8..4,
    ) {
        let goal = Board::goal(Shape::new(rows, cols).unwrap(), GoalKind::BlankLast).unwrap();
        let board = scrambled(&goal, &moves);
        let dir = Direction::from_index(usize::from(last));
        if let Some(moved) = board.moved(dir) {
            prop_assert_eq!(moved.moved(dir.opposite()), Some(board));
        }
    }

    #[test]
    fn bfs_astar_and_idastar_agree(
        (rows, cols) in prop_oneof![Just((2usize, 3usize)), Just((3, 3)), Just((2, 4)), Just((3, 4))],
        first in any::<bool>(),
        moves in prop::collection::vec(0u8..4, 0..60),
    ) {
        let kind = if first { GoalKind::BlankFirst } else { GoalKind::BlankLast };
        let goal = Board::goal(Shape::new(rows, cols).unwrap(), kind).unwrap();
        let start = scrambled(&goal, &moves);
        let successors = |b: &Board| {
            Direction::ALL.iter().filter_map(|&d| Some((d, b.moved(d)?))).collect::<Vec<_>>()
        };
        let limits = Limits { max_expanded: Some(2_000_000), ..Limits::NONE };
        let bfs = search::bfs(&start, successors, |b| b == &goal, &limits).status.found().map(|s| s.moves.len());
        let astar = solve_astar(&start, &goal, &limits).unwrap();
        let astar_len = path_of(astar.verdict()).map(<[Direction]>::len);
        // BFS can give up on the largest boards; A* must agree whenever BFS finished.
        if bfs.is_some() {
            prop_assert_eq!(bfs, astar_len);
        }
        let mut paths = Vec::new();
        for heuristic in [Heuristic::Manhattan, Heuristic::LinearConflict, pdb_heuristic(&goal)] {
            let solved = solve_with(&start, &goal, &heuristic, &Limits::NONE).unwrap();
            sliding::check(&start, &goal, solved.verdict()).unwrap();
            let path = path_of(solved.verdict()).map(<[Direction]>::to_vec);
            prop_assert_eq!(path.as_ref().map(Vec::len), astar_len.or(bfs));
            paths.push(path);
        }
        // Every heuristic finds the same first optimal path in move order.
        prop_assert!(paths.windows(2).all(|w| w[0] == w[1]), "{:?}", paths);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Splitting every iteration across 1, 2 or 3 threads returns the sequential path.
    #[test]
    fn answers_do_not_depend_on_threads(moves in prop::collection::vec(0u8..4, 20..80)) {
        let goal = Board::goal(Shape::new(4, 4).unwrap(), GoalKind::BlankFirst).unwrap();
        let start = scrambled(&goal, &moves);
        let sequential = solve_with(&start, &goal, &Heuristic::LinearConflict, &Limits::NONE).unwrap().into_verdict();
        for threads in 1..=3 {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let split = pool.install(|| {
                sliding::testing::solve_split(&start, &goal, &Heuristic::LinearConflict, &Limits::NONE, 0).unwrap().into_verdict()
            });
            prop_assert_eq!(&split, &sequential, "{} threads", threads);
        }
    }
}
