//! The planner (`sliding::Planner`), the library's one way in: which tables it asks for, the
//! goal and size rules, fast answers on every shape, and the lower bounds it reports, against
//! breadth-first distances computed here.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use puzzle_core::{Direction, Shape};
use sliding::constructive::{KeepMoves, TapeBudget};
use sliding::pdb::PdbHeuristic;
use sliding::pdb::Tier;
use sliding::pdb::{PatternDb, PatternKey};
use sliding::planner::{MemoryTables, TableError, TableSource};
use sliding::testing::oracle::bfs_distances;
use sliding::Limits;
use sliding::{
    Board, BoardSpec, Goal, GoalKind, HeuristicKind, Method, Path, PlanError, Planner, Strategy, Verdict, Weight,
};

fn board(rows: usize, cols: usize, tiles: Vec<u32>) -> Board {
    Board::try_from(BoardSpec { rows, cols, tiles }).expect("a valid board")
}

/// A seeded xorshift generator, written out so the test needs no crate.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// `goal` walked by `steps` random blank moves.
fn scrambled(goal: &Board, steps: usize, rng: &mut Rng) -> Board {
    let mut board = goal.clone();
    for _ in 0..steps {
        let dir = Direction::ALL[rng.below(4)];
        board.move_blank(dir);
    }
    board
}

/// The same board with two tiles (not the blank) swapped: the other parity class.
fn swapped(board: &Board) -> Board {
    let mut tiles = board.tiles().to_vec();
    let (a, b) = match board.blank().0 {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    };
    tiles.swap(a, b);
    self::board(board.shape().rows(), board.shape().cols(), tiles)
}

/// A table source that builds small tables in memory, refuses every other one with an error
/// naming it, and records what was asked; `cached` says which tables count as cached.
struct Recording {
    cached: Box<dyn Fn(&PatternKey) -> bool + Sync>,
    asked: Mutex<Vec<PatternKey>>,
    notes: Mutex<Vec<String>>,
}

impl Recording {
    fn new(cached: impl Fn(&PatternKey) -> bool + Sync + 'static) -> Recording {
        Recording { cached: Box::new(cached), asked: Mutex::default(), notes: Mutex::default() }
    }
}

impl TableSource for Recording {
    fn is_cached(&self, key: &PatternKey) -> bool {
        (self.cached)(key)
    }

    fn table(&self, key: &PatternKey, limits: &Limits<'_>) -> Result<Option<Arc<PatternDb>>, TableError> {
        self.asked.lock().unwrap().push(key.clone());
        if key.entries() > 1 << 22 {
            return Err(TableError { key: key.to_string(), message: "not built in tests".to_owned() });
        }
        Ok(PatternDb::build_limited(key, &|_| {}, limits).unwrap().map(Arc::new))
    }

    fn building_tables(&self, shape: Shape, reason: &str) {
        self.notes.lock().unwrap().push(format!("{shape}: {reason}"));
    }
}

#[test]
fn a_fresh_4x4_uses_the_quick_tables_and_cached_big_ones_win() {
    let goal = Board::goal(Shape::new(4, 4).unwrap(), GoalKind::BlankFirst).unwrap();
    let quick = PdbHeuristic::tier_keys(4, 4, 0, Tier::Quick).unwrap();
    let full = PdbHeuristic::tier_keys(4, 4, 0, Tier::Full).unwrap();
    // A board past the cheap path's bound, so that the planner turns to tables.
    let mut rng = Rng(7);
    let mut near = goal.clone();
    while sliding::testing::lower_bound(&near, &goal, &sliding::testing::Heuristic::LinearConflict).unwrap()
        <= sliding::planner::CHEAP_BOUND
    {
        near = scrambled(&near, 1, &mut rng);
    }

    let fresh = Recording::new(|_| false);
    let solver = Planner::new(Goal::Kind(GoalKind::BlankFirst), &fresh);
    let report = solver.solve(&near, &Limits::NONE).unwrap();
    assert!(report.optimal() && matches!(report.verdict(), Verdict::Solved(Path::Moves(_))));
    assert_eq!(report.method(), Method::Search(HeuristicKind::Pdb(None)));
    assert_eq!(*fresh.asked.lock().unwrap(), quick, "only the quick tables are built");
    assert!(fresh.notes.lock().unwrap().is_empty());

    // With the big tables "cached", the planner asks for them (this source refuses to build
    // them, which proves the choice without building 500 million entries).
    let full_keys = full.clone();
    let warm = Recording::new(move |key| full_keys.contains(key));
    let solver = Planner::new(Goal::Kind(GoalKind::BlankFirst), &warm);
    let error = solver.solve(&near, &Limits::NONE).unwrap_err();
    assert!(matches!(&error, PlanError::Table(e) if e.key == full[0].to_string() || e.key == full[1].to_string()));
    assert!(warm.notes.lock().unwrap().is_empty(), "cached tables are not announced as a build");

    // A big batch pays for the big tables, and the source is told why.
    let batch = Recording::new(|_| false);
    let solver = Planner::new(Goal::Kind(GoalKind::BlankFirst), &batch);
    let boards = vec![&near; sliding::tiers::FULL_4X4_AFTER_BOARDS];
    assert!(matches!(solver.prepare(&boards, &Limits::NONE), Err(PlanError::Table(_))));
    assert_eq!(batch.notes.lock().unwrap().len(), 1);
}

#[test]
fn boards_near_the_goal_are_answered_without_tables() {
    let goal = Board::goal(Shape::new(4, 4).unwrap(), GoalKind::BlankFirst).unwrap();
    let quick = PdbHeuristic::tier_keys(4, 4, 0, Tier::Quick).unwrap();
    let fresh = Recording::new(|_| false);
    let solver = Planner::new(Goal::Kind(GoalKind::BlankFirst), &fresh);
    let tables = MemoryTables::default();
    let with_tables = Planner::new(Goal::Kind(GoalKind::BlankFirst), &tables).with_heuristic(HeuristicKind::Pdb(None));
    let mut rng = Rng(11);
    let mut tried = 0;
    for steps in [1, 2, 5, 10, 15, 20, 25, 30] {
        let start = scrambled(&goal, steps, &mut rng);
        let bound = sliding::testing::lower_bound(&start, &goal, &sliding::testing::Heuristic::LinearConflict).unwrap();
        if start == goal || bound > sliding::planner::CHEAP_BOUND {
            continue;
        }
        tried += 1;
        solver.prepare(&[&start], &Limits::NONE).unwrap();
        let report = solver.solve(&start, &Limits::NONE).unwrap();
        assert_eq!(report.method(), Method::Search(HeuristicKind::LinearConflict), "{start}");
        assert!(fresh.asked.lock().unwrap().is_empty(), "{start}: no table is asked for");
        // The same path as the pattern databases give: the first optimal one in move order.
        assert_eq!(with_tables.solve(&start, &Limits::NONE).unwrap().verdict(), report.verdict(), "{start}");
    }
    assert!(tried >= 4, "{tried} boards near the goal");
    // A board past the bound loads the quick tables.
    let mut far = goal.clone();
    while sliding::testing::lower_bound(&far, &goal, &sliding::testing::Heuristic::LinearConflict).unwrap()
        <= sliding::planner::CHEAP_BOUND
    {
        far = scrambled(&far, 1, &mut rng);
    }
    solver.solve(&far, &Limits::NONE).unwrap();
    assert_eq!(*fresh.asked.lock().unwrap(), quick);
}

#[test]
fn the_judges_3x3_goal_is_read_from_the_table_unless_a_heuristic_is_asked() {
    let tables = MemoryTables::default();
    let goal = Board::goal(Shape::new(3, 3).unwrap(), GoalKind::BlankLast).unwrap();
    let distances = bfs_distances(3, 3, goal.tiles());
    let mut rng = Rng(99);
    for kind in [None, Some(HeuristicKind::Manhattan), Some(HeuristicKind::Pdb(None))] {
        let mut solver = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables);
        if let Some(kind) = kind {
            solver = solver.with_heuristic(kind);
        }
        for _ in 0..20 {
            let start = scrambled(&goal, 40, &mut rng);
            let report = solver.solve(&start, &Limits::NONE).unwrap();
            let Verdict::Solved(Path::Moves(path)) = report.verdict() else { panic!("{start}: {report:?}") };
            assert_eq!(path.len() as u32, distances[start.tiles()], "{start}");
            assert_eq!(report.lower_bound(), Some(path.len() as u64));
            let expected = match kind {
                None if start == goal => Method::Parity,
                None => Method::Table,
                Some(_) if start == goal => Method::Parity,
                Some(kind) => Method::Search(kind),
            };
            assert_eq!(report.method(), expected);
            let unsolvable = solver.solve(&swapped(&start), &Limits::NONE).unwrap();
            assert_eq!((unsolvable.verdict(), unsolvable.lower_bound()), (&Verdict::Unsolvable, None));
        }
    }
}

#[test]
fn gave_up_answers_carry_a_bound_no_higher_than_the_optimum() {
    let tables = MemoryTables::default();
    for (rows, cols) in [(2, 3), (3, 3), (2, 4)] {
        let goal = Board::goal(Shape::new(rows, cols).unwrap(), GoalKind::BlankFirst).unwrap();
        let distances = bfs_distances(rows, cols, goal.tiles());
        let mut rng = Rng(12345 + rows as u64);
        for kind in [HeuristicKind::Manhattan, HeuristicKind::LinearConflict, HeuristicKind::Pdb(None)] {
            let solver = Planner::new(Goal::Kind(GoalKind::BlankFirst), &tables).with_heuristic(kind);
            for nodes in [1, 10, 100, 1000] {
                let start = scrambled(&goal, 60, &mut rng);
                let limits = Limits { max_expanded: Some(nodes), ..Limits::NONE };
                let report = solver.solve(&start, &limits).unwrap();
                let optimum = u64::from(distances[start.tiles()]);
                let bound = report.lower_bound().expect("a solvable board has a bound");
                assert!(bound <= optimum, "{start} {kind:?}: bound {bound} > optimum {optimum}");
                match report.verdict() {
                    Verdict::Solved(path) => assert_eq!((path.n_moves(), report.optimal()), (optimum, true)),
                    Verdict::GaveUp => assert!(!report.optimal()),
                    Verdict::Unsolvable => panic!("{start}: unsolvable"),
                }
            }
        }
    }
}

#[test]
fn fast_answers_every_shape_and_marks_them() {
    let tables = MemoryTables::default();
    let solver = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables).with_strategy(Strategy::Fast);
    let mut rng = Rng(2024);
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 70), (70, 2), (3, 90), (17, 15), (16, 16), (40, 40)] {
        let goal = Board::goal(Shape::new(rows, cols).unwrap(), GoalKind::BlankLast).unwrap();
        for steps in [0, 1, 5, 500] {
            let start = scrambled(&goal, steps, &mut rng);
            let report = solver.solve(&start, &Limits::NONE).unwrap();
            // The same constructive path as `solve_fast`'s (none at the goal), made again when read.
            let Verdict::Solved(made) = report.verdict() else { panic!("{rows}x{cols}: {report:?}") };
            let path = &made.first_moves(usize::MAX).unwrap_or_else(|e| panic!("{rows}x{cols}: {e}"));
            assert_eq!(start.replay(path).as_ref(), Ok(&goal), "{rows}x{cols}");
            let bound = report.lower_bound().unwrap();
            assert!(bound <= path.len() as u64);
            assert!(bound >= start.manhattan_to(&goal) as u64);
            assert_eq!(report.optimal(), bound == path.len() as u64);
            assert_eq!(solver.solve(&swapped(&start), &Limits::NONE).unwrap().verdict(), &Verdict::Unsolvable);
            // The same answer with the path not held: its length, bound and mark, and the moves
            // made again or read back compressed are the same moves.
            for keep in [KeepMoves::Count, KeepMoves::Compressed(Arc::new(TapeBudget::new(1 << 20)))] {
                let streamed = solver.solve_fast(&start, &Limits::NONE, &keep).unwrap();
                let Verdict::Solved(Path::Fast(made)) = streamed.verdict() else {
                    panic!("{rows}x{cols}: {streamed:?}")
                };
                assert_eq!(made.n_moves(), path.len() as u64, "{rows}x{cols}");
                assert_eq!(made.to_vec().as_ref(), Ok(path), "{rows}x{cols}");
                assert_eq!((streamed.lower_bound(), streamed.optimal()), (report.lower_bound(), report.optimal()));
            }
            let unsolvable = solver.solve_fast(&swapped(&start), &Limits::NONE, &KeepMoves::Count).unwrap();
            assert_eq!(
                (unsolvable.verdict(), unsolvable.lower_bound(), unsolvable.optimal()),
                (&Verdict::Unsolvable, None, true)
            );
        }
    }
}

#[test]
fn boards_the_planner_refuses_say_why() {
    let tables = MemoryTables::default();
    // A goal of another shape.
    let goal = board(2, 2, vec![1, 2, 3, 0]);
    let solver = Planner::new(Goal::Board(goal), &tables);
    let error = solver.solve(&board(2, 3, vec![1, 2, 3, 4, 5, 0]), &Limits::NONE).unwrap_err();
    assert_eq!(error.to_string(), "the board is 2x3 but the goal is 2x2");
    // Pattern databases asked for a board beyond 25 cells.
    let solver = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables).with_heuristic(HeuristicKind::Pdb(None));
    let six = Board::goal(Shape::new(6, 6).unwrap(), GoalKind::BlankLast).unwrap();
    let one_off = six.moved(Direction::North).unwrap();
    assert!(matches!(solver.solve(&one_off, &Limits::NONE), Err(PlanError::PdbTooLarge { .. })));
    // A solvable board beyond 255 cells without a limit; fine with one, or fast.
    let goal = Board::goal(Shape::new(16, 17).unwrap(), GoalKind::BlankLast).unwrap();
    let start = goal.moved(Direction::West).unwrap();
    let solver = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables);
    assert!(matches!(solver.solve(&start, &Limits::NONE), Err(PlanError::TooLarge { .. })));
    assert_eq!(solver.solve(&goal, &Limits::NONE).unwrap().verdict(), &Verdict::Solved(Path::Moves(vec![])));
    assert_eq!(solver.solve(&swapped(&start), &Limits::NONE).unwrap().verdict(), &Verdict::Unsolvable);
    let limited = Limits { max_expanded: Some(1 << 20), ..Limits::NONE };
    assert_eq!(solver.solve(&start, &limited).unwrap().verdict(), &Verdict::Solved(Path::Moves(vec![Direction::East])));
    let fast = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables).with_strategy(Strategy::Fast);
    let Verdict::Solved(made) = fast.solve(&start, &Limits::NONE).unwrap().into_verdict() else { panic!("{start}") };
    assert_eq!(made.first_moves(usize::MAX), Ok(vec![Direction::East]));
}

#[test]
fn every_shape_of_a_batch_gets_its_own_plan() {
    let tables = MemoryTables::default();
    let solver = Planner::new(Goal::Kind(GoalKind::BlankFirst), &tables);
    let mut rng = Rng(31337);
    let mut boards = Vec::new();
    let mut expected: HashMap<usize, u32> = HashMap::new();
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)] {
        let goal = Board::goal(Shape::new(rows, cols).unwrap(), GoalKind::BlankFirst).unwrap();
        let distances = bfs_distances(rows, cols, goal.tiles());
        for _ in 0..4 {
            let start = scrambled(&goal, 30, &mut rng);
            expected.insert(boards.len(), distances[start.tiles()]);
            boards.push(start);
        }
    }
    let refs: Vec<&Board> = boards.iter().collect();
    solver.prepare(&refs, &Limits::NONE).unwrap();
    for (i, start) in boards.iter().enumerate() {
        let report = solver.solve(start, &Limits::NONE).unwrap();
        let Verdict::Solved(Path::Moves(path)) = report.verdict() else { panic!("{start}") };
        assert_eq!(path.len() as u32, expected[&i], "{start}");
    }
}

#[test]
fn within_answers_are_at_most_the_weight_times_the_optimum_with_sound_bounds() {
    let tables = MemoryTables::default();
    let mut rng = Rng(4242);
    let mut longer = 0;
    for (rows, cols) in [(2, 3), (3, 3), (2, 4), (4, 2)] {
        let goal = Board::goal(Shape::new(rows, cols).unwrap(), GoalKind::BlankFirst).unwrap();
        let distances = bfs_distances(rows, cols, goal.tiles());
        for text in ["1", "1.25", "1.5", "2", "3.5"] {
            let weight: Weight = text.parse().unwrap();
            for kind in [HeuristicKind::Manhattan, HeuristicKind::LinearConflict, HeuristicKind::Pdb(None)] {
                let solver = Planner::new(Goal::Kind(GoalKind::BlankFirst), &tables)
                    .with_heuristic(kind)
                    .with_strategy(Strategy::Within(weight));
                for _ in 0..6 {
                    let start = scrambled(&goal, 80, &mut rng);
                    let optimum = u64::from(distances[start.tiles()]);
                    let report = solver.solve(&start, &Limits::NONE).unwrap();
                    let Verdict::Solved(Path::Moves(path)) = report.verdict() else { panic!("{start}: {report:?}") };
                    let moves = path.len() as u64;
                    assert_eq!(start.replay(path).as_ref(), Ok(&goal), "{start}");
                    // moves <= W * optimum, in hundredths to stay in integers.
                    assert!(
                        100 * moves <= u64::from(weight.hundredths()) * optimum,
                        "{start} W={weight}: {moves} vs {optimum}"
                    );
                    let bound = report.lower_bound().expect("a solvable board has a bound");
                    assert!(bound <= optimum, "{start} W={weight}: bound {bound} > optimum {optimum}");
                    assert_eq!(report.optimal(), moves == bound, "{start}");
                    if weight.is_one() {
                        assert_eq!(moves, optimum, "{start}");
                        if start != goal {
                            assert_eq!(report.method(), Method::Search(kind));
                        }
                    } else if moves != optimum {
                        assert!(!report.optimal());
                        longer += 1;
                    }
                    assert_eq!(solver.solve(&swapped(&start), &Limits::NONE).unwrap().verdict(), &Verdict::Unsolvable);
                }
            }
        }
    }
    assert!(longer > 0, "some weighted answers are longer than the optimum: the test sees the weight at work");
}

#[test]
fn the_judges_3x3_is_still_answered_optimally_within_a_weight() {
    let tables = MemoryTables::default();
    let goal = Board::goal(Shape::new(3, 3).unwrap(), GoalKind::BlankLast).unwrap();
    let distances = bfs_distances(3, 3, goal.tiles());
    let solver = Planner::new(Goal::Kind(GoalKind::BlankLast), &tables)
        .with_strategy(Strategy::Within(Weight::new(2.0).unwrap()));
    let mut rng = Rng(77);
    for _ in 0..20 {
        let start = scrambled(&goal, 50, &mut rng);
        let report = solver.solve(&start, &Limits::NONE).unwrap();
        let Verdict::Solved(Path::Moves(path)) = report.verdict() else { panic!("{start}") };
        assert_eq!((path.len() as u32, report.optimal()), (distances[start.tiles()], true));
    }
}

/// A table source that builds nothing: it records the tables asked for and the big builds
/// announced, and refuses each table with an error naming it.
struct Refusing {
    asked: Mutex<Vec<String>>,
    announced: Mutex<usize>,
}

impl TableSource for Refusing {
    fn is_cached(&self, _key: &PatternKey) -> bool {
        false
    }

    fn table(&self, key: &PatternKey, _limits: &Limits<'_>) -> Result<Option<Arc<PatternDb>>, TableError> {
        self.asked.lock().unwrap().push(key.to_string());
        Err(TableError { key: key.to_string(), message: "refused".to_owned() })
    }

    fn building_tables(&self, _shape: Shape, _reason: &str) {
        *self.announced.lock().unwrap() += 1;
    }
}

#[test]
fn a_weighted_search_never_waits_for_the_big_tables() {
    // Korf and Felner's first 24-puzzle: its linear conflict is far above the distance from
    // which an optimal search builds the 6-6-6-6 tables.
    let tiles = vec![14, 5, 9, 2, 18, 8, 23, 19, 12, 17, 15, 0, 10, 20, 4, 6, 11, 21, 1, 7, 24, 3, 16, 22, 13];
    let start = board(5, 5, tiles);
    let names = |tier| -> Vec<String> {
        PdbHeuristic::tier_keys(5, 5, 0, tier).unwrap().iter().map(ToString::to_string).collect()
    };
    let (quick, full) = (names(Tier::Quick), names(Tier::Full));
    assert!(quick.iter().all(|key| !full.contains(key)));
    let asked = |strategy| {
        let source = Refusing { asked: Mutex::default(), announced: Mutex::default() };
        let solver = Planner::new(Goal::Kind(GoalKind::BlankFirst), &source).with_strategy(strategy);
        assert!(matches!(solver.prepare(&[&start], &Limits::NONE), Err(PlanError::Table(_))));
        let asked = source.asked.lock().unwrap().clone();
        let announced = *source.announced.lock().unwrap();
        (asked, announced)
    };
    let (keys, announced) = asked(Strategy::Optimal);
    assert!(full.contains(&keys[0]) && announced == 1, "{keys:?}");
    let (keys, announced) = asked(Strategy::Within(Weight::new(1.5).unwrap()));
    assert!(quick.contains(&keys[0]) && announced == 0, "{keys:?}");
    // Cached big tables are still taken (this source refuses to build them, which proves the
    // choice without building 127 million entries).
    let full_keys = PdbHeuristic::tier_keys(5, 5, 0, Tier::Full).unwrap();
    let warm = Recording::new(move |key| full_keys.contains(key));
    let solver = Planner::new(Goal::Kind(GoalKind::BlankFirst), &warm)
        .with_strategy(Strategy::Within(Weight::new(1.5).unwrap()));
    let PlanError::Table(error) = solver.prepare(&[&start], &Limits::NONE).unwrap_err() else {
        panic!("not a table error")
    };
    assert!(full.contains(&error.key), "{}", error.key);
}

/// A board whose tables a signal or the deadline stops building gives up, with the bound known
/// without tables, and nothing of the build is kept; the next board with time builds them.
#[test]
fn a_board_gives_up_when_its_tables_are_stopped_building() {
    use std::sync::atomic::AtomicBool;
    use std::time::{Duration, Instant};
    let goal = Board::goal(Shape::new(4, 4).unwrap(), GoalKind::BlankFirst).unwrap();
    let mut rng = Rng(11);
    let mut far = goal.clone();
    while sliding::testing::lower_bound(&far, &goal, &sliding::testing::Heuristic::LinearConflict).unwrap()
        <= sliding::planner::CHEAP_BOUND
    {
        far = scrambled(&far, 1, &mut rng);
    }
    let start_bound =
        u64::from(sliding::testing::lower_bound(&far, &goal, &sliding::testing::Heuristic::LinearConflict).unwrap());
    let signalled = AtomicBool::new(true);
    let stops = [
        Limits { interrupt: Some(&signalled), ..Limits::NONE },
        Limits { deadline: Some(Instant::now()), ..Limits::NONE },
    ];
    for limits in stops {
        let tables = Recording::new(|_| false);
        let solver = Planner::new(Goal::Kind(GoalKind::BlankFirst), &tables);
        let stopped = solver.prepare(&[&far], &limits).unwrap_err();
        assert!(matches!(&stopped, PlanError::Stopped { key } if key.starts_with("4x4")), "{stopped}");
        let report = solver.solve(&far, &limits).unwrap();
        assert_eq!(report.verdict(), &Verdict::GaveUp);
        assert_eq!((report.nodes(), report.lower_bound(), report.optimal()), (0, Some(start_bound), false));
        // With time, the same planner builds the tables and answers.
        let later = Limits { deadline: Some(Instant::now() + Duration::from_secs(3600)), ..Limits::NONE };
        let report = solver.solve(&far, &later).unwrap();
        assert!(report.optimal() && matches!(report.verdict(), Verdict::Solved(Path::Moves(_))), "{report:?}");
    }
    // The planner's own in-memory tables keep nothing of a stopped build.
    let memory = sliding::planner::MemoryTables::default();
    let solver = Planner::new(Goal::Kind(GoalKind::BlankFirst), &memory);
    let report = solver.solve(&far, &Limits { interrupt: Some(&signalled), ..Limits::NONE }).unwrap();
    assert_eq!(report.verdict(), &Verdict::GaveUp);
    assert_eq!(format!("{memory:?}"), "MemoryTables { loaded: [] }");
}
