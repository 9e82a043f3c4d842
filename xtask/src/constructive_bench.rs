//! `cargo xtask bench fast`: the library's constructive solver (`sliding::testing::solve_fast`) on large
//! boards scrambled by seeded random moves (or shuffled outright), each path replayed to the
//! goal, with its length against a lower bound (Manhattan distance plus linear conflicts).
//!
//! The timings are in-process (the library call with the moves only counted, and separately the
//! replay check of the same moves made again), taken from a release build; the `puzzle` binary
//! adds its start-up, input and output on top. No path is held in memory.

use std::time::Instant;

use anyhow::{bail, ensure, Context};
use puzzle_core::{Direction, Shape};
use std::ops::ControlFlow;

use sliding::constructive::{solve_fast_into, Replay, Streamed};
use sliding::{is_solvable, Board, BoardSpec, GoalKind};

use puzzle_core::SplitMix64;

/// Options of the fast-solver benchmark.
#[derive(Debug, Clone)]
pub struct ConstructiveBench {
    /// Board sides (square boards).
    pub sizes: Vec<usize>,
    /// Random moves from the goal; `None` shuffles the tiles uniformly instead.
    pub moves: Option<usize>,
    /// The seed of the scrambles.
    pub seed: u64,
}

/// Runs the benchmark and prints one line per board.
pub fn run(options: &ConstructiveBench) -> anyhow::Result<()> {
    if cfg!(debug_assertions) {
        println!("note: a debug build; run `cargo xtask` from a release build for figures (see docs/benchmarks.md)");
    }
    let how = match options.moves {
        Some(moves) => format!("{moves} random moves (no immediate undo) from the goal"),
        None => "a uniformly shuffled solvable board".to_owned(),
    };
    println!("boards: {how}, seed {}; goal: tiles in order, blank last", options.seed);
    println!("| board | moves | lower bound | ratio | solve | check |");
    println!("|---|---:|---:|---:|---:|---:|");
    for &side in &options.sizes {
        ensure!(side >= 2, "board sides must be at least 2");
        let shape = Shape::new(side, side).context("board shape")?;
        let goal = Board::goal(shape, GoalKind::BlankLast)?;
        let mut rng = SplitMix64::new(options.seed ^ side as u64);
        let start = match options.moves {
            Some(moves) => scramble(&goal, moves, &mut rng),
            None => shuffle(&goal, &mut rng)?,
        };
        let bound = lower_bound(&start, &goal);
        // The moves are counted as they come (a shuffled 1000×1000 board makes 2.7 × 10^9), then
        // made again and replayed: "check" is the second run's time beyond the first.
        let clock = Instant::now();
        let answer = solve_fast_into(&start, &goal, &search::Limits::NONE, &mut |_| ControlFlow::Continue(()));
        let solve = clock.elapsed();
        let Streamed::Solved(n_moves) = answer else { bail!("{side}x{side}: {answer:?}") };
        let clock = Instant::now();
        let mut replay = Replay::new(&start);
        let mut wrong = None;
        solve_fast_into(&start, &goal, &search::Limits::NONE, &mut |moves| match replay.apply(moves) {
            Ok(()) => ControlFlow::Continue(()),
            Err(err) => {
                wrong = Some(err);
                ControlFlow::Break(())
            }
        });
        if let Some(err) = wrong {
            bail!("{side}x{side}: {err}");
        }
        ensure!(replay.n_moves() == n_moves, "{side}x{side}: the moves made again differ in number");
        replay.finish(&start, &goal).map_err(|err| anyhow::anyhow!("{side}x{side}: {err}"))?;
        let check = clock.elapsed().saturating_sub(solve);
        let ratio = n_moves as f64 / bound.max(1) as f64;
        println!(
            "| {side}×{side} | {n_moves} | {bound} | {ratio:.2} | {:.3} s | {:.3} s |",
            solve.as_secs_f64(),
            check.as_secs_f64()
        );
    }
    Ok(())
}

/// The goal after `moves` random blank moves, never undoing the previous one.
pub(crate) fn scramble(goal: &Board, moves: usize, rng: &mut SplitMix64) -> Board {
    let mut board = goal.clone();
    let mut last: Option<Direction> = None;
    let mut done = 0;
    while done < moves {
        let dir = Direction::ALL[rng.below(4)];
        if last == Some(dir.opposite()) || !board.move_blank(dir) {
            continue;
        }
        last = Some(dir);
        done += 1;
    }
    board
}

/// A uniformly random arrangement, with two tiles swapped when it cannot reach `goal`.
pub(crate) fn shuffle(goal: &Board, rng: &mut SplitMix64) -> anyhow::Result<Board> {
    let shape = goal.shape();
    let mut tiles = goal.tiles().to_vec();
    rng.shuffle(&mut tiles);
    let spec = |tiles: Vec<u32>| BoardSpec { rows: shape.rows(), cols: shape.cols(), tiles };
    let board = Board::try_from(spec(tiles.clone()))?;
    if is_solvable(&board, goal) {
        return Ok(board);
    }
    let first_two: Vec<usize> = (0..tiles.len()).filter(|&i| tiles[i] != 0).take(2).collect();
    tiles.swap(first_two[0], first_two[1]);
    Ok(Board::try_from(spec(tiles))?)
}

/// Manhattan distance plus linear conflicts: in each row (and column), the tiles of that row
/// (column) on the goal that are not in a longest run already in goal order must leave the line
/// and come back, two moves each beyond their Manhattan distance.
fn lower_bound(board: &Board, goal: &Board) -> u64 {
    let shape = board.shape();
    let (rows, cols) = (shape.rows(), shape.cols());
    let mut goal_cell = vec![0usize; rows * cols];
    for (cell, &tile) in goal.tiles().iter().enumerate() {
        goal_cell[tile as usize] = cell;
    }
    let mut total = board.manhattan_to(goal) as u64;
    let mut line = Vec::new();
    for row in 0..rows {
        line.clear();
        for col in 0..cols {
            let tile = board.tiles()[row * cols + col];
            let target = goal_cell[tile as usize];
            if tile != 0 && target / cols == row {
                line.push(target % cols);
            }
        }
        total += 2 * (line.len() - longest_increasing(&line)) as u64;
    }
    for col in 0..cols {
        line.clear();
        for row in 0..rows {
            let tile = board.tiles()[row * cols + col];
            let target = goal_cell[tile as usize];
            if tile != 0 && target % cols == col {
                line.push(target / cols);
            }
        }
        total += 2 * (line.len() - longest_increasing(&line)) as u64;
    }
    total
}

/// The length of a longest strictly increasing subsequence (patience sorting).
fn longest_increasing(values: &[usize]) -> usize {
    let mut tails: Vec<usize> = Vec::new();
    for &value in values {
        let at = tails.partition_point(|&t| t < value);
        if at == tails.len() {
            tails.push(value);
        } else {
            tails[at] = value;
        }
    }
    tails.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longest_increasing_by_brute_force() {
        let mut rng = SplitMix64::new(5);
        for len in 0..9 {
            let values: Vec<usize> = (0..len).map(|_| rng.below(6)).collect();
            let best = (0u32..1 << len)
                .filter(|mask| {
                    let picked: Vec<usize> = (0..len).filter(|i| mask >> i & 1 == 1).map(|i| values[i]).collect();
                    picked.windows(2).all(|w| w[0] < w[1])
                })
                .map(|mask| mask.count_ones() as usize)
                .max()
                .unwrap_or(0);
            assert_eq!(longest_increasing(&values), best, "{values:?}");
        }
    }

    #[test]
    fn lower_bound_of_one_swapped_row() {
        // 2 1 3 / 4 5 _ against 1 2 3 / 4 5 _: Manhattan 2, one row conflict: 4 (optimal is more).
        let board = Board::try_from(BoardSpec { rows: 2, cols: 3, tiles: vec![2, 1, 3, 4, 5, 0] }).unwrap();
        let goal = Board::goal(Shape::new(2, 3).unwrap(), GoalKind::BlankLast).unwrap();
        assert_eq!(lower_bound(&board, &goal), 4);
    }
}
