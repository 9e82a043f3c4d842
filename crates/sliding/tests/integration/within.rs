//! Weighted IDA* (`solve_within`) against breadth-first search written plainly here: answers at
//! most the weight times the optimum that replay to the goal, `W = 1` exactly the optimal search,
//! lower bounds never above the optimum (also when the search gives up), unsolvable boards
//! always unsolvable.

use std::collections::HashMap;
use std::sync::Arc;

use puzzle_core::{Direction, Shape};
use search::Limits;
use sliding::pdb::PatternDb;
use sliding::pdb::PdbHeuristic;
use sliding::testing::oracle::{bfs_distances, bfs_within};
use sliding::testing::{solve_with, solve_within, solve_within_split, Heuristic};
use sliding::{check, Board, BoardSpec, GoalKind, Path, Verdict, Weight};

use puzzle_core::SplitMix64;

/// `goal` after `moves` random blank moves (moves off the board skipped).
fn walk(goal: &Board, moves: usize, rng: &mut SplitMix64) -> Board {
    let mut board = goal.clone();
    for _ in 0..moves {
        board.move_blank(Direction::ALL[rng.below(4)]);
    }
    board
}

/// The optimal length from `start` to `goal` by breadth-first search from `start` over plain
/// tile vectors, or `None` when it is more than `max_depth`.
fn bfs_optimum(start: &Board, goal: &Board, max_depth: u32) -> Option<u32> {
    let (rows, cols) = (start.shape().rows(), start.shape().cols());
    bfs_within(start.tiles(), goal.tiles(), rows, cols, max_depth)
}

/// The pattern-database heuristic of the quick tier, built in memory (boards of at most 9 cells).
fn pdb(goal: &Board) -> Heuristic {
    let shape = goal.shape();
    assert!(shape.n_cells() <= 9, "only small tables in tests");
    let keys = PdbHeuristic::keys(shape.rows(), shape.cols(), goal.blank().0).expect("small board");
    let tables: Vec<Arc<PatternDb>> = keys.iter().map(|k| Arc::new(PatternDb::build(k, &|_| {}).unwrap())).collect();
    Heuristic::Pdb(Arc::new(PdbHeuristic::new(shape, goal.blank().0, &tables).expect("tables for the keys")))
}

const WEIGHTS: [f64; 6] = [1.0, 1.15, 1.5, 2.0, 3.0, 10.0];

/// Checks one answer of `solve_within` against the optimum `optimum`; whether it is longer.
fn check_within(board: &Board, goal: &Board, heuristic: &Heuristic, weight: Weight, optimum: u32) -> bool {
    let found = solve_within(board, goal, heuristic, &Limits::NONE, weight).expect("matching shapes");
    let context = format!("{board:?} to {goal:?}, W {weight}, {:?}, optimum {optimum}", heuristic.kind());
    check(board, goal, found.verdict()).unwrap_or_else(|err| panic!("{context}: {err}"));
    let Verdict::Solved(Path::Moves(path)) = found.verdict() else { panic!("{context}: {:?}", found.verdict()) };
    let moves = path.len() as u32;
    // moves <= W * optimum, in hundredths.
    assert!(moves * 100 <= weight.hundredths() * optimum, "{context}: {moves} moves");
    let lower_bound = found.lower_bound().expect("a solvable board has a bound") as u32;
    assert!(lower_bound <= optimum, "{context}: lower bound {lower_bound}");
    assert_eq!(lower_bound % 2, optimum % 2, "{context}: the bound has the parity of every path");
    assert_eq!(found.optimal(), moves == lower_bound);
    if weight.is_one() {
        assert_eq!((moves, lower_bound), (optimum, optimum), "{context}");
        let optimal = solve_with(board, goal, heuristic, &Limits::NONE).expect("matching shapes");
        assert_eq!((found.verdict(), found.nodes()), (optimal.verdict(), optimal.nodes()), "{context}: as solve_with");
    }
    moves > optimum
}

#[test]
fn weighted_answers_are_within_the_weight_of_the_bfs_optimum_on_whole_small_spaces() {
    let mut rng = SplitMix64::new(11);
    let mut longer = 0;
    for (rows, cols) in [(2, 3), (3, 2), (3, 3), (2, 4), (4, 2)] {
        for kind in [GoalKind::BlankLast, GoalKind::BlankFirst] {
            let goal = Board::goal(Shape::new(rows, cols).unwrap(), kind).unwrap();
            let distances = bfs_distances(rows, cols, goal.tiles());
            let heuristics = [Heuristic::Manhattan, Heuristic::LinearConflict, pdb(&goal)];
            for _ in 0..12 {
                let board = walk(&goal, 20 + rng.below(60), &mut rng);
                let optimum = distances[board.tiles()];
                for heuristic in &heuristics {
                    for weight in WEIGHTS {
                        longer +=
                            usize::from(check_within(&board, &goal, heuristic, Weight::new(weight).unwrap(), optimum));
                    }
                }
            }
        }
    }
    // The weights do cut corners, so the bound is tested where it matters.
    assert!(longer > 100, "only {longer} answers longer than the optimum");
}

#[test]
fn weighted_answers_on_3x4_boards_against_bfs_from_the_start() {
    let mut rng = SplitMix64::new(12);
    let (mut boards, mut longer) = (0, 0);
    for (rows, cols) in [(3, 4), (4, 3)] {
        let goal = Board::goal(Shape::new(rows, cols).unwrap(), GoalKind::BlankLast).unwrap();
        for _ in 0..6 {
            let board = walk(&goal, 30, &mut rng);
            let Some(optimum) = bfs_optimum(&board, &goal, 18) else { continue };
            boards += 1;
            for heuristic in [Heuristic::Manhattan, Heuristic::LinearConflict] {
                for weight in WEIGHTS {
                    longer +=
                        usize::from(check_within(&board, &goal, &heuristic, Weight::new(weight).unwrap(), optimum));
                }
            }
        }
    }
    assert!(boards >= 8 && longer > 10, "{boards} boards within reach of the BFS, {longer} longer answers");
}

#[test]
fn boards_over_255_cells_are_searched_weighted_too() {
    let mut rng = SplitMix64::new(13);
    for (rows, cols) in [(16, 16), (2, 130), (20, 13)] {
        let goal = Board::goal(Shape::new(rows, cols).unwrap(), GoalKind::BlankFirst).unwrap();
        for _ in 0..3 {
            let board = walk(&goal, 8, &mut rng);
            let optimum = bfs_optimum(&board, &goal, 8).expect("at most 8 moves away");
            for weight in WEIGHTS {
                check_within(&board, &goal, &Heuristic::Manhattan, Weight::new(weight).unwrap(), optimum);
            }
        }
    }
}

#[test]
fn lower_bounds_of_searches_that_give_up_stay_at_or_below_the_optimum() {
    let mut rng = SplitMix64::new(14);
    let goal = Board::goal(Shape::new(3, 3).unwrap(), GoalKind::BlankFirst).unwrap();
    let distances = bfs_distances(3, 3, goal.tiles());
    let heuristics = [Heuristic::Manhattan, Heuristic::LinearConflict, pdb(&goal)];
    let mut gave_up = 0;
    let mut above_start = 0;
    for _ in 0..30 {
        let board = walk(&goal, 200, &mut rng);
        let optimum = distances[board.tiles()];
        for heuristic in &heuristics {
            let start = sliding::testing::lower_bound(&board, &goal, heuristic).unwrap();
            for weight in WEIGHTS {
                let weight = Weight::new(weight).unwrap();
                for max in [1, 5, 20, 100, 400, 2000] {
                    let limits = Limits { max_expanded: Some(max), ..Limits::NONE };
                    let found = solve_within(&board, &goal, heuristic, &limits, weight).unwrap();
                    let context = format!("{board:?}, W {weight}, {:?}, {max} nodes", heuristic.kind());
                    let lower_bound = found.lower_bound().expect("a solvable board has a bound") as u32;
                    assert!(lower_bound <= optimum, "{context}: {lower_bound} > {optimum}");
                    assert!(lower_bound >= start, "{context}: below the heuristic at the start");
                    match found.verdict() {
                        Verdict::GaveUp => {
                            gave_up += 1;
                            above_start += usize::from(lower_bound > start);
                        }
                        Verdict::Solved(path) => {
                            assert!(path.n_moves() as u32 * 100 <= weight.hundredths() * optimum, "{context}")
                        }
                        Verdict::Unsolvable => panic!("{context}: unsolvable"),
                    }
                }
            }
        }
    }
    // The limits are tight enough to stop many searches after some iterations.
    assert!(gave_up > 100 && above_start > 20, "{gave_up} gave up, {above_start} with a bound above the start");
}

#[test]
fn unsolvable_boards_stay_unsolvable_at_every_weight() {
    let mut rng = SplitMix64::new(15);
    for (rows, cols) in [(2, 3), (3, 3), (3, 4), (16, 16)] {
        let goal = Board::goal(Shape::new(rows, cols).unwrap(), GoalKind::BlankLast).unwrap();
        let board = walk(&goal, 40, &mut rng);
        let mut tiles = board.tiles().to_vec();
        let movable: Vec<usize> = (0..tiles.len()).filter(|&i| tiles[i] != 0).take(2).collect();
        tiles.swap(movable[0], movable[1]);
        let board = Board::try_from(BoardSpec { rows, cols, tiles }).unwrap();
        for weight in WEIGHTS {
            let limits = Limits { max_expanded: Some(10), ..Limits::NONE };
            let found = solve_within(&board, &goal, &Heuristic::LinearConflict, &limits, Weight::new(weight).unwrap());
            assert_eq!(found.map(|f| f.into_verdict()), Ok(Verdict::Unsolvable), "{board:?}");
        }
    }
}

#[test]
fn the_path_does_not_depend_on_splitting_across_threads() {
    let mut rng = SplitMix64::new(16);
    let goal = Board::goal(Shape::new(4, 4).unwrap(), GoalKind::BlankLast).unwrap();
    let mut paths = HashMap::new();
    for _ in 0..4 {
        let board = walk(&goal, 50, &mut rng);
        for weight in [1.0, 1.5, 2.0] {
            let weight = Weight::new(weight).unwrap();
            let run = |split| {
                solve_within_split(&board, &goal, &Heuristic::LinearConflict, &Limits::NONE, weight, split).unwrap()
            };
            let (whole, split) = (run(u64::MAX), run(1));
            assert_eq!(
                (whole.verdict(), whole.lower_bound()),
                (split.verdict(), split.lower_bound()),
                "{board:?} W {weight}"
            );
            paths.insert((board.clone(), weight), whole.verdict().clone());
        }
    }
    assert_eq!(paths.len(), 12);
}

#[test]
fn weights_are_read_in_hundredths_rounded_down() {
    use sliding::planner::WeightError;
    for (text, hundredths) in [("1", 100), ("1.5", 150), ("1.15", 115), ("1.234", 123), (" 2 ", 200), ("100", 10_000)] {
        let weight: Weight = text.parse().unwrap();
        assert_eq!(weight.hundredths(), hundredths, "{text}");
    }
    let shown: Vec<String> = [1.0, 1.5, 1.25, 2.05].iter().map(|&w| Weight::new(w).unwrap().to_string()).collect();
    assert_eq!(shown, ["1", "1.5", "1.25", "2.05"]);
    assert_eq!("0.9".parse::<Weight>(), Err(WeightError::BelowOne));
    assert_eq!("x".parse::<Weight>(), Err(WeightError::NotANumber));
    assert_eq!(Weight::new(f64::NAN), Err(WeightError::NotANumber));
    assert_eq!(Weight::new(100.5), Err(WeightError::TooLarge));
    assert!(Weight::ONE.is_one() && Weight::default() == Weight::ONE);
}
