//! The rounds of a split search against independent answers: the complete 3×3 distance table
//! (a plain BFS) for the optimal length, the unsplit IDA\* for the path and the nodes.

use puzzle_core::Direction;
use search::Limits;

use super::{Split, SplitSearch};
use crate::heuristic::HeuristicKind;
use crate::pdb::Tier;
use crate::planner::MemoryTables;
use crate::testing::{solve_split, DistanceTable, Heuristic};
use crate::{Board, BoardSpec, Goal, GoalKind, Path, Planner, Verdict};

/// Every round of `search` to the end: the path, the nodes of each round, the bounds.
fn rounds(search: &SplitSearch) -> (Vec<Direction>, Vec<u64>, Vec<u32>) {
    let mut units: Vec<Option<Vec<Direction>>> = vec![None];
    units.extend(search.prefixes(&Limits::NONE).unwrap().into_iter().map(Some));
    let mut bound = search.start_bound();
    let (mut nodes, mut bounds) = (Vec::new(), Vec::new());
    loop {
        bounds.push(bound);
        let outcomes: Vec<_> =
            units.iter().map(|unit| search.run_unit(unit.as_deref(), bound, &Limits::NONE).unwrap()).collect();
        assert!(outcomes.iter().all(|o| !o.gave_up));
        nodes.push(outcomes.iter().map(|o| o.nodes).sum());
        if let Some(path) = outcomes.iter().find_map(|o| o.path.clone()) {
            return (path, nodes, bounds);
        }
        bound = outcomes.iter().filter_map(|o| o.next_bound).min().expect("a solvable board has a next bound");
    }
}

/// Boards drawn by random walks of `walk` moves from the goal (so solvable), a seeded generator.
fn boards(rows: usize, cols: usize, count: usize, walk: usize, seed: u64) -> Vec<Board> {
    let mut rng = puzzle_core::SplitMix64::new(seed);
    let goal = Board::goal(puzzle_core::Shape::new(rows, cols).unwrap(), GoalKind::BlankLast).unwrap();
    (0..count)
        .map(|_| {
            let mut board = goal.clone();
            for _ in 0..walk {
                let dir = *rng.pick(&Direction::ALL);
                if let Some(moved) = board.moved(dir) {
                    board = moved;
                }
            }
            board
        })
        .filter(|board| board != &goal)
        .collect()
}

#[test]
fn rounds_find_the_unsplit_path_with_the_optimal_length() {
    let tables = MemoryTables::default();
    for (n, board) in boards(3, 3, 40, 200, 7).iter().enumerate() {
        let heuristic =
            [HeuristicKind::Manhattan, HeuristicKind::LinearConflict, HeuristicKind::Pdb(Some(Tier::Quick))][n % 3];
        let depth = 1 + n % 7;
        let solver = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables).with_heuristic(heuristic);
        let Split::Search(search) = solver.split(board, depth, &Limits::NONE).unwrap() else {
            panic!("{board}: not split")
        };
        assert_eq!(search.heuristic(), heuristic);
        let (path, nodes, bounds) = rounds(&search);
        // The optimal length from the complete table (a plain BFS), the path from the unsplit
        // IDA* on one thread.
        let optimum = DistanceTable::blank_last().distance(board).unwrap();
        assert_eq!(path.len(), usize::from(optimum), "{board}, depth {depth}");
        assert_eq!(*bounds.last().unwrap() as usize, path.len());
        search.check(&path).unwrap();
        let loaded = match heuristic {
            HeuristicKind::Manhattan => Heuristic::Manhattan,
            HeuristicKind::LinearConflict => Heuristic::LinearConflict,
            HeuristicKind::Pdb(_) => search.heuristic.clone(),
        };
        let unsplit = solve_split(board, search.goal(), &loaded, &Limits::NONE, u64::MAX).unwrap();
        assert_eq!(unsplit.verdict(), &Verdict::Solved(Path::Moves(path)), "{board}, depth {depth}");
        // The rounds visit the unsplit iterations' nodes, the last round all of its iteration.
        let total: u64 = nodes.iter().sum();
        let before_last = total - nodes.last().unwrap();
        assert!(
            before_last < unsplit.nodes() && unsplit.nodes() <= total,
            "{board}: {nodes:?} against {}",
            unsplit.nodes()
        );
    }
}

#[test]
fn rounds_on_other_shapes_match_the_unsplit_search() {
    let tables = MemoryTables::default();
    for (rows, cols) in [(2, 4), (4, 2), (3, 4), (2, 5)] {
        for (n, board) in boards(rows, cols, 6, 60, 11 + rows as u64 * 10 + cols as u64).iter().enumerate() {
            // Linear conflict: building these shapes' tables would be most of the test's time.
            let solver =
                Planner::new(Goal::Kind(GoalKind::BlankLast), &tables).with_heuristic(HeuristicKind::LinearConflict);
            let depth = 2 + n % 5;
            let Split::Search(search) = solver.split(board, depth, &Limits::NONE).unwrap() else {
                panic!("{board}: not split")
            };
            let (path, _, _) = rounds(&search);
            search.check(&path).unwrap();
            let unsplit = solve_split(board, search.goal(), &search.heuristic, &Limits::NONE, u64::MAX).unwrap();
            assert_eq!(unsplit.verdict(), &Verdict::Solved(Path::Moves(path)), "{board}, depth {depth}");
        }
    }
}

#[test]
fn boards_without_a_search_are_answered() {
    let tables = MemoryTables::default();
    let solver = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables);
    let goal = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![1, 2, 3, 0] }).unwrap();
    let Split::Answered(report) = solver.split(&goal, 3, &Limits::NONE).unwrap() else { panic!("the goal was split") };
    assert_eq!(report.verdict(), &Verdict::Solved(Path::Moves(Vec::new())));
    let swapped = Board::try_from(BoardSpec { rows: 2, cols: 2, tiles: vec![2, 1, 3, 0] }).unwrap();
    let Split::Answered(report) = solver.split(&swapped, 3, &Limits::NONE).unwrap() else {
        panic!("an unsolvable board was split")
    };
    assert_eq!(report.verdict(), &Verdict::Unsolvable);
}

#[test]
fn bad_depths_and_prefixes_are_refused() {
    let tables = MemoryTables::default();
    let solver = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables);
    let board = &boards(3, 3, 1, 200, 3)[0];
    assert!(solver.split(board, 0, &Limits::NONE).is_err());
    assert!(solver.split(board, super::MAX_SPLIT_DEPTH + 1, &Limits::NONE).is_err());
    let Split::Search(search) = solver.split(board, 3, &Limits::NONE).unwrap() else { panic!("not split") };
    for prefix in search.prefixes(&Limits::NONE).unwrap() {
        assert!(search.run_unit(Some(&prefix), search.start_bound(), &Limits::NONE).is_ok());
    }
    let reversing = {
        let first = search.prefixes(&Limits::NONE).unwrap()[0][0];
        vec![first, first.opposite(), first]
    };
    assert!(search.run_unit(Some(&reversing), 0, &Limits::NONE).is_err());
    assert!(search.run_unit(Some(&search.prefixes(&Limits::NONE).unwrap()[0][..2]), 0, &Limits::NONE).is_err());
}

#[test]
fn a_tier_asked_for_is_the_one_searched_and_a_split_names_one() {
    let tables = MemoryTables::default();
    for (n, board) in boards(3, 3, 6, 100, 23).iter().enumerate() {
        let tier = [Tier::Quick, Tier::Mid][n % 2];
        let solver =
            Planner::new(Goal::Kind(GoalKind::BlankLast), &tables).with_heuristic(HeuristicKind::Pdb(Some(tier)));
        // The optimal length from the complete table (a plain BFS).
        let answer = solver.solve(board, &Limits::NONE).unwrap();
        let optimum = DistanceTable::blank_last().distance(board).unwrap();
        assert!(matches!(answer.verdict(), Verdict::Solved(path) if path.n_moves() == u64::from(optimum)), "{board}");
        assert_eq!(answer.method(), crate::Method::Search(HeuristicKind::Pdb(None)));
        let Split::Search(search) = solver.split(board, 2, &Limits::NONE).unwrap() else {
            panic!("{board}: not split")
        };
        assert_eq!(search.heuristic(), HeuristicKind::Pdb(Some(tier)));
        // Every unit must search with the same tables: a tier left open is refused.
        let goal = search.goal().clone();
        let open = solver.unit_search(board, &goal, HeuristicKind::Pdb(None), 2, &Limits::NONE);
        assert_eq!(open.unwrap_err(), super::SplitError::NoTier);
    }
}
