//! Format detection on single boards of every shape from 2×2 to 12×12: only three rows of three
//! numbers are judge A; every other board is a grid, detected without `--format` and solved. Each
//! answer's length is compared with plain breadth-first search (`sliding::testing::oracle`): over the
//! whole state space for boards of at most nine cells, and up to the scramble's length for larger
//! ones.

use puzzle_core::SplitMix64;
use sliding::testing::oracle::{bfs_distances, bfs_within, neighbours};

use crate::common;

/// The board as the grid format writes it: one row a line, tiles separated by spaces.
fn grid_text(tiles: &[u32], cols: usize) -> String {
    tiles.chunks(cols).map(|row| row.iter().map(u32::to_string).collect::<Vec<_>>().join(" ") + "\n").collect()
}

/// Solves `tiles` with `puzzle slide --json` and no `--format`, and checks the answer against
/// `expected` (`None`: unsolvable).
fn check(tiles: &[u32], rows: usize, cols: usize, expected: Option<u32>) {
    let text = grid_text(tiles, cols);
    // Boards of more than nine cells are solved without pattern databases, so the test builds
    // no tables; the nine-cell ones use the default planner.
    let mut args = vec!["slide", "--json"];
    if rows * cols > 9 {
        args.extend(["--heuristic", "linear-conflict"]);
    }
    let run = common::puzzle(&args, &text);
    let case = format!("{rows}x{cols} board {text:?}");
    assert_eq!(run.code, 0, "{case}: {}", run.failure("exit code"));
    let answer: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap_or_else(|e| panic!("{case}: {e}"));
    match expected {
        Some(moves) => {
            assert_eq!(answer["status"], "solved", "{case}: {answer}");
            assert_eq!(answer["moves"].as_u64(), Some(u64::from(moves)), "{case}: {answer}");
        }
        None => assert_eq!(answer["solvable"], false, "{case}: {answer}"),
    }
}

#[test]
fn every_shape_from_2x2_to_12x12_is_detected_and_solved() {
    let mut rng = SplitMix64::new(40);
    for rows in 2..=12 {
        for cols in 2..=12 {
            let n = rows * cols;
            let goal: Vec<u32> = (1..n as u32).chain([0]).collect();
            if n <= 9 {
                // A random board of the whole state space, and one of the other parity.
                let distances = bfs_distances(rows, cols, &goal);
                let mut states: Vec<&Vec<u32>> = distances.keys().collect();
                states.sort_unstable();
                let start = *rng.pick(&states);
                check(start, rows, cols, Some(distances[start]));
                let mut swapped = start.clone();
                let (a, b) = if swapped[0] == 0 || swapped[1] == 0 { (n - 2, n - 1) } else { (0, 1) };
                let (a, b) = if swapped[a] == 0 || swapped[b] == 0 { (0, 1) } else { (a, b) };
                swapped.swap(a, b);
                assert!(!distances.contains_key(&swapped));
                check(&swapped, rows, cols, None);
            } else {
                // A random walk from the goal, never undoing its last move.
                let steps = 6 + rng.below(5);
                let mut tiles = goal.clone();
                let mut previous: Option<Vec<u32>> = None;
                for _ in 0..steps {
                    let options: Vec<Vec<u32>> =
                        neighbours(&tiles, rows, cols).filter(|s| Some(s) != previous.as_ref()).collect();
                    let next = rng.pick(&options).clone();
                    previous = Some(std::mem::replace(&mut tiles, next));
                }
                let expected = bfs_within(&tiles, &goal, rows, cols, steps as u32);
                assert!(expected.is_some(), "a walk of {steps} moves is at most {steps} moves from the goal");
                check(&tiles, rows, cols, expected);
            }
        }
    }
}

#[test]
fn three_columns_are_a_grid_and_three_by_three_is_judge_a() {
    // The board: four rows of three columns, once misread as a judge-A board.
    let text = "1 5 3\n6 11 9\n2 0 8\n4 7 10\n";
    let detected = common::puzzle(&["slide"], text);
    let forced = common::puzzle(&["slide", "--format", "grid"], text);
    assert_eq!(detected.code, 0, "{}", detected.failure("exit code"));
    assert_eq!(detected.stdout, forced.stdout, "{}", detected.failure("same answer as --format grid"));
    // An unsolvable 3×3 board is judge A's: it prints -1.
    let run = common::puzzle(&["slide"], "2 1 3\n4 5 6\n7 8 0\n");
    assert_eq!((run.code, run.stdout.as_str()), (0, "-1\n"), "{}", run.failure("judge A's answer"));
}
