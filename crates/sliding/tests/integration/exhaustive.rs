//! Every 3×3 board against an independent, plainly written breadth-first search: the solver must
//! give each of the 181,440 solvable states its exact optimum and call the other half unsolvable.

use std::collections::{HashMap, VecDeque};

use search::Limits;
use sliding::testing::{judge_goal, oracle, solve};
use sliding::{check, Board, BoardSpec, Path, Verdict};

const GOAL: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 0];

/// Distances to the goal of every state that can reach it, by BFS over arrays of tiles.
fn bfs_distances() -> HashMap<[u8; 9], u32> {
    let mut distance = HashMap::new();
    distance.insert(GOAL, 0);
    let mut queue = VecDeque::from([GOAL]);
    while let Some(state) = queue.pop_front() {
        let d = distance[&state];
        let blank = state.iter().position(|&t| t == 0).expect("a blank");
        let (row, col) = (blank / 3, blank % 3);
        let mut neighbours = Vec::new();
        if row > 0 {
            neighbours.push(blank - 3);
        }
        if row < 2 {
            neighbours.push(blank + 3);
        }
        if col > 0 {
            neighbours.push(blank - 1);
        }
        if col < 2 {
            neighbours.push(blank + 1);
        }
        for other in neighbours {
            let mut next = state;
            next.swap(blank, other);
            if let std::collections::hash_map::Entry::Vacant(slot) = distance.entry(next) {
                slot.insert(d + 1);
                queue.push_back(next);
            }
        }
    }
    distance
}

/// All permutations of 0..9, by plain recursion.
fn all_states() -> Vec<[u8; 9]> {
    fn extend(prefix: &mut Vec<u8>, used: &mut [bool; 9], out: &mut Vec<[u8; 9]>) {
        if prefix.len() == 9 {
            let mut state = [0; 9];
            state.copy_from_slice(prefix);
            out.push(state);
            return;
        }
        for value in 0..9u8 {
            if !used[value as usize] {
                used[value as usize] = true;
                prefix.push(value);
                extend(prefix, used, out);
                prefix.pop();
                used[value as usize] = false;
            }
        }
    }
    let mut out = Vec::with_capacity(362_880);
    extend(&mut Vec::new(), &mut [false; 9], &mut out);
    out
}

#[test]
fn every_state_gets_its_exact_optimum() {
    let distances = bfs_distances();
    assert_eq!(distances.len(), 181_440);
    assert_eq!(distances.values().max(), Some(&31));
    let states = all_states();
    assert_eq!(states.len(), 362_880);
    let mut solvable = 0;
    for state in states {
        let board =
            Board::try_from(BoardSpec { rows: 3, cols: 3, tiles: state.iter().map(|&t| u32::from(t)).collect() })
                .expect("a permutation is a board");
        let goal = judge_goal(&board);
        let answer = solve(&board, &goal, &Limits::NONE).expect("same shape");
        check(&board, &goal, &answer).unwrap_or_else(|err| panic!("{board}: {err}"));
        match (answer, distances.get(&state)) {
            (Verdict::Solved(Path::Moves(path)), Some(&d)) => {
                assert_eq!(path.len() as u32, d, "{board}");
                solvable += 1;
            }
            (Verdict::Unsolvable, None) => {}
            (answer, expected) => panic!("{board}: solver says {answer:?}, BFS says {expected:?}"),
        }
    }
    assert_eq!(solvable, 181_440);
}

fn permutations(n: u32) -> Vec<Vec<u32>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut all = Vec::new();
    for smaller in permutations(n - 1) {
        for at in 0..=smaller.len() {
            let mut perm = smaller.clone();
            perm.insert(at, n - 1);
            all.push(perm);
        }
    }
    all
}

#[test]
fn parity_rule_and_search_agree_with_bfs_on_small_boards() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 4)] {
        let n = (rows * cols) as u32;
        let blank_last: Vec<u32> = (1..n).chain([0]).collect();
        let blank_first: Vec<u32> = (0..n).collect();
        for goal_tiles in [blank_last, blank_first] {
            let distances = oracle::bfs_distances(rows, cols, &goal_tiles);
            let goal = Board::try_from(BoardSpec { rows, cols, tiles: goal_tiles.clone() }).expect("goal");
            let mut reachable = 0;
            for tiles in permutations(n) {
                let board = Board::try_from(BoardSpec { rows, cols, tiles: tiles.clone() }).expect("board");
                assert_eq!(sliding::is_solvable(&board, &goal), distances.contains_key(&tiles), "{board} to {goal}");
                // Searching every state of the larger boards would be slow; a spread sample is enough.
                if n <= 6 || tiles[0] == 1 {
                    let answer = solve(&board, &goal, &Limits::NONE).expect("same shape");
                    check(&board, &goal, &answer).unwrap_or_else(|err| panic!("{board}: {err}"));
                    match (answer, distances.get(&tiles)) {
                        (Verdict::Solved(Path::Moves(path)), Some(&d)) => assert_eq!(path.len() as u32, d, "{board}"),
                        (Verdict::Unsolvable, None) => {}
                        (answer, expected) => panic!("{board}: solver says {answer:?}, BFS says {expected:?}"),
                    }
                }
                reachable += usize::from(distances.contains_key(&tiles));
            }
            assert_eq!(reachable, (1..=rows * cols).product::<usize>() / 2, "{rows}x{cols}");
        }
    }
}
