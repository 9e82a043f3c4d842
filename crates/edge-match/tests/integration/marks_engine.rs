//! Marks puzzles on the colour engine against the old backtracking solver
//! (`testing::marks_oracle`): first solutions, counts (pictures and plain, with the placements
//! made), every solution in order, and the counts under every scan order of the ordered engine,
//! on a few hundred random small puzzles of every shape up to 9 cells (1×N and N×1 included).

use edge_match::parse::{parse_puzzle, ParseOptions};
use edge_match::testing::{self, marks_oracle, SplitMix64};
use edge_match::testing::{OrderedEngine, Search};
use edge_match::{Limits, OrderPick, Placement, Puzzle, Solver, Status, Task};
use edge_match::{Mode, Order};

/// Every board shape of 1 to 9 cells.
fn shapes() -> Vec<(usize, usize)> {
    (1..=9).flat_map(|r| (1..=9).map(move |c| (r, c))).filter(|&(r, c)| r * c <= 9).collect()
}

/// A random marks puzzle: cut from a random picture (solvable), or with every mark random
/// (mostly not), or with many copies of a few pieces (look-alikes for the picture count).
fn random_puzzle(rows: usize, cols: usize, rng: &mut SplitMix64) -> (Puzzle, String) {
    let rotate = rng.below(4) != 0;
    let letters = 1 + rng.below(3) as u8;
    let mut text = testing::random_marks_text(rows, cols, letters, rotate, rng);
    match rng.below(4) {
        0 => {
            // Every mark random.
            let halves = ['+', '-', '/', '*'];
            text = (0..rows * cols)
                .map(|_| {
                    let marks: Vec<String> = (0..4)
                        .map(|_| {
                            format!(
                                "{}{}",
                                (b'A' + rng.below(usize::from(letters)) as u8) as char,
                                halves[rng.below(4)]
                            )
                        })
                        .collect();
                    marks.join(" ") + "\n"
                })
                .collect();
        }
        1 => {
            // Copies of the first one or two pieces.
            let lines: Vec<&str> = text.lines().collect();
            let kinds = 1 + rng.below(2);
            text = (0..lines.len()).map(|i| format!("{}\n", lines[i % kinds.min(lines.len())])).collect();
        }
        _ => {}
    }
    let puzzle = parse_puzzle(&text, &ParseOptions { size: Some((rows, cols)), rotate }).unwrap();
    (puzzle, format!("{rows}x{cols}, rotate {rotate}:\n{text}"))
}

/// Puzzles whose picture count makes more placements than this are checked for their first
/// solution only.
const HEAVY: u64 = 200_000;

/// Puzzles with more plain solutions than this have their plain count checked, not the list of
/// every board: copies of one piece make millions of boards, gigabytes as lists.
const LISTED: u64 = 20_000;

// Two halves of the rounds, so that the test harness runs them on two threads.
#[test]
fn the_engine_agrees_with_the_old_solver() {
    agree_with_the_old_solver(0x6d61_726b, 0..7);
}

#[test]
fn the_engine_agrees_with_the_old_solver_on_more_rounds() {
    agree_with_the_old_solver(0x6d61_726c, 7..14);
}

/// Random puzzles of every shape up to 9 cells, one per shape and round, through the engine and
/// the old solver: first solution and its placements, counts, every solution, other orders.
fn agree_with_the_old_solver(seed: u64, rounds: std::ops::Range<usize>) {
    let mut rng = SplitMix64::new(seed);
    let none = &Limits::NONE;
    let quiet = |_: usize, _: usize, _: u64| {};
    let (mut checked, mut heavy, mut unlisted) = (0, 0, 0);
    let expected = rounds.len() * shapes().len();
    for round in rounds {
        for (rows, cols) in shapes() {
            let (puzzle, what) = random_puzzle(rows, cols, &mut rng);
            let what = format!("round {round}, {what}");
            // The solver in row order, as the seed searched.
            let solver = Solver::new(&puzzle);
            let row = Some(OrderPick::Given(Order::Row));

            let old_first = marks_oracle::first_solution(&puzzle);
            let answer = solver.plan(Task::First, Mode::Plain, row, false).first(none);
            let (first, nodes) = (answer.board, answer.counts.nodes);
            let old = match old_first.status() {
                Status::Found(placements) => Some(placements),
                Status::Exhausted => None,
                Status::GaveUp => unreachable!("no limits"),
            };
            assert_eq!(first, old, "first solution: {what}");
            assert_eq!(nodes, old_first.counts.nodes, "placements to the first solution: {what}");

            let old_count = marks_oracle::count_solutions(&puzzle);
            if old_count.counts.nodes > HEAVY {
                // A puzzle of one mark on every side: every arrangement is a solution, and
                // listing them all twice more would take most of the test's time.
                heavy += 1;
                continue;
            }
            let count = solver.plan(Task::Count, Mode::Pictures, row, false).count(none, &quiet);
            assert_eq!((count.solutions, count.nodes), (old_count.counts.solutions, old_count.counts.nodes), "{what}");

            let (old_plain_count, old_plain_nodes) = marks_oracle::count_all(&puzzle, false);
            let plain = solver.plan(Task::Count, Mode::Plain, row, false).count(none, &quiet);
            assert_eq!((plain.solutions, plain.nodes), (old_plain_count, old_plain_nodes), "plain: {what}");
            let old_plain = if old_plain_count <= LISTED {
                marks_oracle::all_solutions(&puzzle, false).0
            } else {
                unlisted += 1;
                Vec::new()
            };

            let listed =
                if old_plain_count <= LISTED { &[(Mode::Pictures, true), (Mode::Plain, false)][..] } else { &[] };
            for &(mode, distinct) in listed {
                let mut all: Vec<Vec<Placement>> = Vec::new();
                solver.plan(Task::List, mode, row, false).for_each_solution(none, |placements| {
                    all.push(placements.to_vec());
                    true
                });
                assert_eq!(all, marks_oracle::all_solutions(&puzzle, distinct).0, "all, {mode:?}: {what}");
            }

            // The solver in another order: the same pictures, every board once.
            let other = Some(OrderPick::Given(Order::ALL[rng.below(Order::ALL.len())]));
            let count = solver.plan(Task::Count, Mode::Pictures, other, false).count(none, &quiet);
            assert_eq!(count.solutions, old_count.counts.solutions, "{what}");
            if old_plain_count <= LISTED {
                let mut boards: Vec<Vec<Placement>> = Vec::new();
                solver.plan(Task::List, Mode::Plain, other, false).for_each_solution(none, |placements| {
                    boards.push(placements.to_vec());
                    true
                });
                boards.sort();
                let mut old_boards = old_plain.clone();
                old_boards.sort();
                assert_eq!(boards, old_boards, "every board in another order: {what}");
            }

            // The partner table holds under every scan order: the counts do not change.
            for order in Order::ALL {
                let ordered = OrderedEngine::new(&puzzle, &[], order);
                for (mode, expected) in [(Mode::Pictures, old_count.counts.solutions), (Mode::Plain, old_plain_count)] {
                    let counts = ordered.count(mode, none);
                    assert_eq!(counts.solutions, expected, "{} order, {mode:?}: {what}", order.name());
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked + heavy, expected);
    assert!(heavy * 10 <= expected, "{heavy} of {expected} puzzles skipped as too heavy");
    assert!(unlisted * 10 <= expected, "{unlisted} of {expected} puzzles with too many boards to list");
}

/// The library's entry points with limits: a node limit gives up, and no limit finishes.
#[test]
fn limits_stop_the_engine() {
    let text = "A* B* B/ C*\nB/ A* C/ C*\nC* A/ B/ B*\nA* C* B/ B*\nD+ C/ A* B/\n\
                D+ A/ C/ D-\nD- A* A/ C/\nA* B/ C* D-\nD+ A/ A* B*\n";
    let puzzle = parse_puzzle(text, &ParseOptions::default()).unwrap();
    let limits = Limits { max_expanded: Some(3), ..Limits::NONE };
    let first = edge_match::first_solution(&puzzle, &limits);
    assert_eq!((first.status(), first.counts.nodes), (Status::GaveUp, 3));
    let count = edge_match::count_solutions(&puzzle, &limits);
    assert!(!count.complete());
    let past = Limits { deadline: Some(std::time::Instant::now()), ..Limits::NONE };
    assert_eq!(edge_match::first_solution(&puzzle, &past).status(), Status::GaveUp);
    assert!(!edge_match::count_solutions(&puzzle, &past).complete());
    let count = edge_match::count_solutions(&puzzle, &Limits::NONE);
    assert!(count.complete());
    assert_eq!(count.counts.solutions, marks_oracle::count_solutions(&puzzle).counts.solutions);
}

/// The seeded 6×6 marks puzzle of docs/benchmarks.md is the generator's, as its first line says.
#[test]
fn the_benchmark_puzzle_is_the_seeded_one() {
    let file = include_str!("../../../../fixtures/data/marks_6x6_seed5.txt");
    let pieces: String = file.lines().filter(|line| !line.starts_with('#')).map(|line| format!("{line}\n")).collect();
    assert_eq!(pieces, testing::random_marks_text(6, 6, 5, true, &mut SplitMix64::new(5)));
}
