//! Every board shape reaches the solvers: random valid boards a few moves from either goal, on
//! 2×N and N×2 up to 127 (and past the 255-cell line of the specialised search), 3×N and N×3,
//! squares and oblongs up to 16×16, solved with every heuristic, sequentially and split across
//! threads, and by the fast constructive solver. Each path is replayed, its length compared with a plain breadth-first search written
//! here, and every board with its two tiles swapped must be reported unsolvable, never gave up.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use puzzle_core::{Direction, Shape};
use search::Limits;
use sliding::pdb::PatternDb;
use sliding::pdb::PdbHeuristic;
use sliding::testing::{solve_fast, solve_split, solve_with, Heuristic};
use sliding::{check, Board, BoardSpec, GoalKind, Path, Verdict};

/// The shapes under test: every family of the issue, both sides of the 255-cell line.
fn shapes() -> Vec<(usize, usize)> {
    let mut shapes = Vec::new();
    for n in (2..=40).chain([63, 64, 65, 70, 100, 126, 127, 128, 130]) {
        shapes.extend([(2, n), (n, 2)]);
    }
    for n in (3..=12).chain([21, 22, 63, 64, 84, 85, 86, 90]) {
        shapes.extend([(3, n), (n, 3)]);
    }
    for side in 4..=16 {
        shapes.push((side, side));
        if side < 16 {
            shapes.extend([(side, side + 1), (side + 1, side)]);
        }
    }
    shapes.extend([(4, 9), (9, 4), (5, 13), (13, 5), (15, 17), (17, 15)]);
    shapes.sort_unstable();
    shapes.dedup();
    shapes
}

use puzzle_core::SplitMix64;

use crate::common::{quick_tables, scrambled};

/// The exact distance from `start` to `goal` by breadth-first search over plain boards, or
/// `None` when it is more than `max` moves.
fn bfs_distance(start: &Board, goal: &Board, max: usize) -> Option<usize> {
    let mut seen: HashSet<Board> = HashSet::from([start.clone()]);
    let mut level = vec![start.clone()];
    for depth in 0..=max {
        if level.contains(goal) {
            return Some(depth);
        }
        let mut next = Vec::new();
        for board in &level {
            for dir in Direction::ALL {
                if let Some(moved) = board.moved(dir) {
                    if seen.insert(moved.clone()) {
                        next.push(moved);
                    }
                }
            }
        }
        level = next;
    }
    None
}

/// The same board with two tiles (not the blank) swapped: the other parity class.
fn with_two_tiles_swapped(board: &Board) -> Board {
    let mut tiles = board.tiles().to_vec();
    let blank = board.blank().0;
    let (a, b) = match blank {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    };
    tiles.swap(a, b);
    let shape = board.shape();
    Board::try_from(BoardSpec { rows: shape.rows(), cols: shape.cols(), tiles }).expect("a permutation")
}

/// The default pattern databases for boards of at most 9 cells, built in memory once.
fn small_pdb(goal: &Board) -> Option<Heuristic> {
    static BUILT: Mutex<Vec<((Shape, usize), Heuristic)>> = Mutex::new(Vec::new());
    let shape = goal.shape();
    if shape.n_cells() > 9 {
        return None;
    }
    let id = (shape, goal.blank().0);
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, heuristic)) = built.iter().find(|(k, _)| *k == id) {
        return Some(heuristic.clone());
    }
    let keys = PdbHeuristic::keys(shape.rows(), shape.cols(), goal.blank().0)?;
    let tables: Vec<Arc<PatternDb>> = keys.iter().map(|k| Arc::new(PatternDb::build(k, &|_| {}).unwrap())).collect();
    let heuristic = Heuristic::Pdb(Arc::new(PdbHeuristic::new(shape, goal.blank().0, &tables).ok()?));
    built.push((id, heuristic.clone()));
    Some(heuristic)
}

/// The longest scramble for a board of `cells` cells: the breadth-first oracle keeps every board
/// within that many moves, so big boards get shorter walks.
fn max_steps(cells: usize) -> usize {
    match cells {
        0..=16 => 14,
        17..=64 => 10,
        _ => 8,
    }
}

#[test]
fn every_shape_every_heuristic_solves_optimally_and_tells_unsolvable() {
    let mut rng = SplitMix64::new(0x9e37_79b9_7f4a_7c15);
    let mut solved = 0usize;
    for (rows, cols) in shapes() {
        let shape = Shape::new(rows, cols).expect("a shape");
        for kind in [GoalKind::BlankLast, GoalKind::BlankFirst] {
            let goal = Board::goal(shape, kind).expect("a goal");
            let steps = rng.below(max_steps(shape.n_cells()) + 1);
            let start = scrambled(&goal, steps, &mut rng);
            let case = format!("{rows}x{cols} {kind:?} after {steps} moves: {start}");
            let expected = bfs_distance(&start, &goal, steps).expect("the scramble is a path back");

            let mut heuristics = vec![Heuristic::Manhattan, Heuristic::LinearConflict];
            heuristics.extend(small_pdb(&goal));
            let mut paths = Vec::new();
            for heuristic in &heuristics {
                for split_after in [u64::MAX, 0] {
                    let answer = solve_split(&start, &goal, heuristic, &Limits::NONE, split_after)
                        .unwrap_or_else(|e| panic!("{case}: {e}"))
                        .into_verdict();
                    check(&start, &goal, &answer).unwrap_or_else(|e| panic!("{case}: {e}"));
                    let Verdict::Solved(Path::Moves(path)) = answer else {
                        panic!("{case}: {answer:?} with {heuristic:?}")
                    };
                    assert_eq!(start.replay(&path).as_ref(), Ok(&goal), "{case}: the path does not reach the goal");
                    assert_eq!(path.len(), expected, "{case}: {heuristic:?} is not optimal");
                    paths.push(path);
                }
            }
            // Every heuristic and split finds the same first optimal path in move order.
            assert!(paths.windows(2).all(|w| w[0] == w[1]), "{case}: the paths differ");
            // The fast mode: a valid path, never shorter than the optimum.
            let fast = solve_fast(&start, &goal, &Limits::NONE);
            check(&start, &goal, &fast).unwrap_or_else(|e| panic!("{case}: fast: {e}"));
            let Verdict::Solved(Path::Moves(path)) = fast else { panic!("{case}: fast: {fast:?}") };
            assert_eq!(start.replay(&path).as_ref(), Ok(&goal), "{case}: the fast path does not reach the goal");
            assert!(path.len() >= expected, "{case}: a fast path shorter than the optimum");

            let swapped = with_two_tiles_swapped(&start);
            let tight = Limits { max_expanded: Some(1), ..Limits::NONE };
            for heuristic in &heuristics {
                for limits in [&Limits::NONE, &tight] {
                    let answer = solve_with(&swapped, &goal, heuristic, limits).expect("same shape").into_verdict();
                    assert_eq!(answer, Verdict::Unsolvable, "{rows}x{cols} {kind:?}: {swapped} with {heuristic:?}");
                }
            }
            assert_eq!(solve_fast(&swapped, &goal, &tight), Verdict::Unsolvable, "{rows}x{cols} {kind:?}: fast");
            solved += 1;
        }
    }
    // Two goals for each of the shapes listed above: a guard against an empty loop.
    assert_eq!(solved, 2 * shapes().len());
}

#[test]
fn quick_tables_solve_optimally_on_shapes_of_ten_to_sixteen_cells() {
    let mut rng = SplitMix64::new(0x2545_f491_4f6c_dd1d);
    // One goal per shape but 4x4, both kinds across them: each build of the tables takes seconds
    // in a debug build (3x5's 6-6-2 about ten), so 5x3, the same tables turned, is left out.
    let cases = [
        (4, 4, GoalKind::BlankFirst),
        (4, 4, GoalKind::BlankLast),
        (3, 5, GoalKind::BlankLast),
        (2, 8, GoalKind::BlankFirst),
        (3, 4, GoalKind::BlankLast),
        (2, 5, GoalKind::BlankFirst),
    ];
    for (rows, cols, kind) in cases {
        let shape = Shape::new(rows, cols).expect("a shape");
        {
            let goal = Board::goal(shape, kind).expect("a goal");
            let heuristic = quick_tables(&goal);
            for _ in 0..4 {
                let steps = rng.below(max_steps(shape.n_cells()) + 1);
                let start = scrambled(&goal, steps, &mut rng);
                let case = format!("{rows}x{cols} {kind:?} after {steps} moves: {start}");
                let expected = bfs_distance(&start, &goal, steps).expect("the scramble is a path back");
                let answer = solve_with(&start, &goal, &heuristic, &Limits::NONE).expect("same shape").into_verdict();
                check(&start, &goal, &answer).unwrap_or_else(|e| panic!("{case}: {e}"));
                let Verdict::Solved(Path::Moves(path)) = answer else { panic!("{case}: {answer:?}") };
                assert_eq!(path.len(), expected, "{case}: not optimal");
                let swapped = with_two_tiles_swapped(&start);
                let answer = solve_with(&swapped, &goal, &heuristic, &Limits::NONE).expect("same shape").into_verdict();
                assert_eq!(answer, Verdict::Unsolvable, "{case}: swapped");
            }
        }
    }
}
