//! The constructive solver with and without the tile-aware choices of its walks and its trains
//! (`work::AWARE_CELLS`): all reach the goal, and each shortens the paths.

use std::ops::ControlFlow;

use puzzle_core::{Direction, Shape, SplitMix64};

use super::work::Work;
use super::work::TRAIN;
use crate::board::{Board, BoardSpec, GoalKind};
use crate::solvable::is_solvable;

/// A uniformly random arrangement of `shape` that can reach `goal`.
fn random_start(shape: Shape, goal: &Board, rng: &mut SplitMix64) -> Board {
    let mut tiles: Vec<u32> = (0..(shape.rows() * shape.cols()) as u32).collect();
    for i in (1..tiles.len()).rev() {
        tiles.swap(i, rng.below(i + 1));
    }
    let board = |tiles: Vec<u32>| Board::try_from(BoardSpec { rows: shape.rows(), cols: shape.cols(), tiles }).unwrap();
    if !is_solvable(&board(tiles.clone()), goal) {
        // Two tiles other than the blank swapped flip the parity.
        let (a, b) = match tiles.iter().position(|&t| t == 0) {
            Some(0) | Some(1) => (2, 3),
            _ => (0, 1),
        };
        tiles.swap(a, b);
    }
    board(tiles)
}

/// The path of the solver from `start` to `goal`, with the tile-aware choices or without.
fn path(start: &Board, goal: &Board, aware: bool, train: usize) -> Vec<Direction> {
    let mut moves = Vec::new();
    let mut sink = |chunk: &[Direction]| {
        moves.extend_from_slice(chunk);
        ControlFlow::Continue(())
    };
    let limits = search::Limits::NONE;
    let mut work = Work::new(start, goal, &limits, &mut sink);
    work.aware = aware;
    work.train = train;
    let made = work.run().expect("a solvable board is solved");
    drop(work);
    assert_eq!(made, moves.len() as u64);
    moves
}

#[test]
fn every_kind_of_walk_solves_every_shape_and_the_aware_ones_are_shorter() {
    let mut rng = SplitMix64::new(2026);
    // Moves made blind, aware of the tiles pushing one at a time, and aware with trains.
    let kinds = [(false, 1), (true, 1), (true, TRAIN)];
    let mut made = [0; 3];
    for (rows, cols) in [(2, 9), (9, 2), (3, 7), (5, 5), (6, 11), (12, 7), (20, 20), (31, 29)] {
        let shape = Shape::new(rows, cols).unwrap();
        for kind in [GoalKind::BlankFirst, GoalKind::BlankLast] {
            let goal = Board::goal(shape, kind).unwrap();
            let start = random_start(shape, &goal, &mut rng);
            for (&(aware, train), made) in kinds.iter().zip(&mut made) {
                let moves = path(&start, &goal, aware, train);
                assert_eq!(start.replay(&moves), Ok(goal.clone()), "{rows}x{cols}, aware: {aware}, train: {train}");
                assert!(moves.len() >= start.manhattan_to(&goal));
                *made += moves.len();
            }
        }
    }
    let [blind, alone, trains] = made;
    // On 100×100 boards the aware paths are about 20% shorter, and trains take 6% more off; on
    // these smaller ones, where the final regions and the line ends weigh more, at least 5% and
    // 2% (15.6% and 4.4% here).
    assert!(alone * 100 <= blind * 95, "aware {alone} moves, blind {blind}");
    assert!(trains * 100 <= alone * 98, "with trains {trains} moves, without {alone}");
}
