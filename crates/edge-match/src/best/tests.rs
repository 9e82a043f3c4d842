//! Tests of the best-board search against brute force and against itself (seeds, checkpoints).

use super::*;
use crate::check::score_board;
use crate::engine::Order;
use crate::model::PuzzleSpec;
use proptest::prelude::*;

mod filling;
mod improving;
mod prefixes;

/// A framed board cut from a random picture, then some inner sides recoloured so that it
/// usually has no perfect board; pieces shuffled and turned.
fn framed(rows: usize, cols: usize, colours: u16, noise: usize, seed: u64) -> Puzzle {
    let shape = crate::testing::ColourShape { rows, cols, colours, framed: true, rotate: true, noise };
    Puzzle::try_from(crate::testing::random_colour_spec(shape, &mut crate::testing::SplitMix64::new(seed))).unwrap()
}

/// The best score of any complete board (with the frame on the outside when framed), by plain
/// enumeration.
fn brute_force_best(puzzle: &Puzzle) -> usize {
    fn go(puzzle: &Puzzle, cell: usize, board: &mut Vec<[u16; 4]>, used: &mut Vec<bool>, best: &mut usize) {
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        if cell == rows * cols {
            let mut score = 0;
            for (i, sides) in board.iter().enumerate() {
                if i % cols + 1 < cols && sides[1] == board[i + 1][3] {
                    score += 1;
                }
                if i + cols < rows * cols && sides[2] == board[i + cols][0] {
                    score += 1;
                }
            }
            *best = (*best).max(score);
            return;
        }
        let (r, c) = (cell / cols, cell % cols);
        let outside = [r == 0, c + 1 == cols, r + 1 == rows, c == 0];
        for piece in 0..puzzle.pieces().len() {
            if used[piece] {
                continue;
            }
            for turn in 0..4 {
                let p = puzzle.pieces()[piece];
                let sides = [p[turn], p[(turn + 1) % 4], p[(turn + 2) % 4], p[(turn + 3) % 4]];
                if puzzle.framed() && (0..4).any(|d| (sides[d] == 0) != outside[d]) {
                    continue;
                }
                used[piece] = true;
                board.push(sides);
                go(puzzle, cell + 1, board, used, best);
                board.pop();
                used[piece] = false;
            }
        }
    }
    let mut best = 0;
    go(puzzle, 0, &mut Vec::new(), &mut vec![false; puzzle.pieces().len()], &mut best);
    best
}

/// Every improvement of a run until it ends.
fn improvements(search: &BoardSearch<'_>, max_nodes: Option<u64>) -> (Vec<Improvement>, BestRun) {
    let limits = crate::Limits { max_expanded: max_nodes, ..crate::Limits::NONE };
    let mut found = Vec::new();
    let outcome = search.run(&Control { limits: &limits, checkpoint_every: None }, |event| {
        if let Event::Improvement(improvement) = event {
            found.push(improvement);
        }
        true
    });
    (found, outcome)
}

fn settings(seed: u64, breaks: Breaks) -> Settings {
    Settings {
        seed,
        jobs: 1,
        breaks,
        restart_nodes: 5_000,
        restart_schedule: RestartSchedule::Fixed,
        priority: vec![1],
        cell_breaks: 1,
        border_breaks: false,
        order: None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Every board the search reports respects the schedule in every prefix of the scan order
    /// (counted plainly on the board), scores below the brute-force best, and improves; with the
    /// schedule wide open and the search run to exhaustion it finds the brute-force best.
    #[test]
    fn breaks_never_exceed_the_schedule(rows in 2usize..=3, cols in 2usize..=4, colours in 1u16..=4,
                                        noise in 0usize..6, seed in 0u64..1000, first in 0usize..12,
                                        count in 0usize..4, scan in 0usize..5) {
        let puzzle = framed(rows, cols, colours, noise, seed);
        let cells = rows * cols;
        let best = brute_force_best(&puzzle);
        let breaks = Breaks::new((0..count).map(|i| first + i).collect());
        // The record order, or an engine order turned upside down (`--best --order`).
        let scan = [None, Some(Order::Row), Some(Order::Column), Some(Order::Diagonal), Some(Order::Snake)][scan];
        let search = BoardSearch::new(&puzzle, &[], Settings { order: scan, ..settings(seed, breaks.clone()) });
        let (found, _) = improvements(&search, Some(200_000));
        let order = match scan {
            None => order::scan_order(rows, cols),
            Some(scan) => order::upside_down(scan, rows, cols).unwrap(),
        };
        let mut last = 0;
        for improvement in &found {
            let score = score_board(&puzzle, &improvement.cells).unwrap();
            prop_assert_eq!(score.matching, improvement.matching);
            prop_assert!(score.matching <= best);
            prop_assert!(score.matching > last);
            last = score.matching;
            prop_assert_eq!(score.placed, cells);
            // The search's own board: the mismatches among the first k cells of the order.
            for k in 1..=cells {
                let mut prefix = vec![None; cells];
                for &cell in &order[..k] {
                    prefix[cell] = improvement.partial[cell];
                }
                let partial = score_board(&puzzle, &prefix).unwrap();
                prop_assert!(partial.mismatches <= breaks.allowed_at(k - 1), "prefix {} of {:?}", k, improvement.partial);
            }
        }
        // Wide open: any number of mismatches anywhere, the whole tree searched.
        let open = Settings {
            breaks: Breaks::new(vec![0; 2 * cells]),
            cell_breaks: 4,
            border_breaks: true,
            restart_nodes: u64::MAX,
            priority: Vec::new(),
            order: scan,
            ..settings(seed, Breaks::default())
        };
        let (found, outcome) = improvements(&BoardSearch::new(&puzzle, &[], open), None);
        prop_assert!(matches!(outcome.end, End::Exhausted | End::Solved));
        prop_assert_eq!(found.last().map(|f| f.matching), Some(best));
    }
}

/// A board without a frame: random colours on every side.
fn unframed(rows: usize, cols: usize, colours: u16, seed: u64) -> Puzzle {
    let mut mix = rng::restart_stream(seed, 97, 0);
    let pieces =
        (0..rows * cols).map(|_| [0; 4].map(|_: u16| 1 + (mix.next_u64() % u64::from(colours)) as u16)).collect();
    Puzzle::try_from(PuzzleSpec { rows, cols, pieces, framed: false, rotate: true }).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Boards without a frame: the border is free, and the wide-open exhausted search finds the
    /// brute-force best.
    #[test]
    fn unframed_boards_reach_the_brute_force_best(shape in 0usize..4, colours in 1u16..=3, seed in 0u64..1000) {
        let (rows, cols) = [(2, 2), (1, 4), (4, 1), (1, 5)][shape];
        let puzzle = unframed(rows, cols, colours, seed);
        let open = Settings {
            breaks: Breaks::new(vec![0; 2 * rows * cols]),
            cell_breaks: 4,
            border_breaks: true,
            restart_nodes: u64::MAX,
            priority: Vec::new(),
            ..settings(seed, Breaks::default())
        };
        let (found, outcome) = improvements(&BoardSearch::new(&puzzle, &[], open), None);
        prop_assert!(matches!(outcome.end, End::Exhausted | End::Solved));
        let best = brute_force_best(&puzzle);
        // A board of no joins (1x1) has nothing to report; every other one reports its best.
        prop_assert_eq!(found.last().map_or(0, |f| f.matching), best);
        for f in &found {
            prop_assert_eq!(score_board(&puzzle, &f.cells).unwrap().matching, f.matching);
        }
    }
}

#[test]
fn seeds_reproduce() {
    let puzzle = framed(4, 4, 3, 4, 7);
    let run = |seed| {
        let search = BoardSearch::new(&puzzle, &[], settings(seed, Breaks::new(vec![8, 10])));
        let found: Vec<(usize, Vec<Option<Placement>>, u64)> =
            improvements(&search, Some(60_000)).0.into_iter().map(|f| (f.matching, f.cells, f.nodes)).collect();
        found
    };
    assert_eq!(run(3), run(3));
    assert!(!run(3).is_empty());
}

/// A run stopped at a node budget and resumed from its checkpoint (through its JSON) reports
/// exactly the improvements of a run that was not stopped.
#[test]
fn a_resumed_run_is_the_same_search() {
    let puzzle = framed(5, 5, 3, 6, 11);
    let whole_search = BoardSearch::new(&puzzle, &[], settings(5, Breaks::new(vec![15, 18, 20])));
    let strip = |found: Vec<Improvement>| -> Vec<(usize, Vec<Option<Placement>>, u64)> {
        found.into_iter().map(|f| (f.matching, f.cells, f.nodes)).collect()
    };
    let (whole, whole_end) = improvements(&whole_search, Some(40_000));
    for cut in [1, 777, 5_000, 12_345, 39_999] {
        let (mut first, outcome) = improvements(&whole_search, Some(cut));
        assert_eq!(outcome.nodes, cut.min(whole_end.nodes));
        let text = outcome.checkpoint.to_json();
        let checkpoint = Checkpoint::parse(&text).unwrap();
        assert_eq!(checkpoint, outcome.checkpoint);
        let resumed = BoardSearch::resume(&puzzle, &[], checkpoint).unwrap();
        let (rest, end) = improvements(&resumed, Some(40_000));
        first.extend(rest);
        assert_eq!(strip(first), strip(whole.clone()), "cut at {cut}");
        assert_eq!(end.nodes, whole_end.nodes);
        assert_eq!(end.checkpoint.depth_nodes(), whole_end.checkpoint.depth_nodes(), "cut at {cut}");
    }
    let other = framed(5, 5, 3, 6, 12);
    let checkpoint = improvements(&whole_search, Some(10)).1.checkpoint;
    assert_eq!(BoardSearch::resume(&other, &[], checkpoint).unwrap_err(), CheckpointError::OtherPuzzle);
}

/// A checkpoint written by `puzzle edge --best` before checkpoints were JSON (the text format,
/// version 1): `--jobs 1 --seed 7 --restart-nodes 30000 --breaks 20,25,30 --max-nodes 45000` on
/// Brendan's set 2 6x6 board.
const V1_SEED7: &str = include_str!("../../tests/data/best_v1_seed7.checkpoint");

/// Another, of two threads: `--jobs 2 --seed 3 --priority 1,2 --order snake --time-limit 1`.
const V1_SNAKE: &str = include_str!("../../tests/data/best_v1_snake_two_threads.checkpoint");

#[test]
fn checkpoints_of_the_text_format_still_read() {
    let checkpoint = Checkpoint::parse(V1_SEED7).unwrap();
    let settings = Settings {
        seed: 7,
        jobs: 1,
        breaks: Breaks::new(vec![20, 25, 30]),
        restart_nodes: 30_000,
        restart_schedule: RestartSchedule::Fixed,
        priority: Vec::new(),
        cell_breaks: 1,
        border_breaks: false,
        order: None,
    };
    assert_eq!(checkpoint.key, PuzzleKey::Fnv1a(0xfa19_5825_4a00_6c2c));
    assert_eq!(checkpoint.settings, settings);
    assert_eq!(checkpoint.elapsed_ms, 1);
    let best = checkpoint.best.as_ref().unwrap();
    assert_eq!(best.len(), 36);
    assert_eq!(best[..3], [Some(Placement::new(0, 1)), Some(Placement::new(5, 0)), Some(Placement::new(11, 0))]);
    assert_eq!(best[35], Some(Placement::new(1, 3)));
    let stack = vec![1, 1, 1, 2, 2, 2, 2, 1, 2, 2, 1, 1, 6, 3, 2, 4, 1, 1, 1, 4, 4, 17, 3, 2, 3, 1, 16, 0];
    let thread = ThreadState {
        restart: 1,
        nodes: 45_000,
        restart_start: 30_000,
        best_partial: 57,
        next_tie: 0,
        best_filled: 0,
        stack,
        finished: false,
        depth_nodes: Vec::new(),
    };
    assert_eq!(checkpoint.threads, vec![thread]);
    // Written again, it is JSON, which reads back the same.
    let json = checkpoint.to_json();
    // Its key is still FNV-1a's, so it is written as version 2, the JSON of that key.
    assert!(json.starts_with("{\"format\":\"puzzle best checkpoint\",\"version\":2,"), "{json}");
    assert_eq!(Checkpoint::parse(&json).unwrap(), checkpoint);

    let snake = Checkpoint::parse(V1_SNAKE).unwrap();
    assert_eq!(snake.settings.priority, vec![1, 2]);
    assert_eq!(snake.settings.order, Some(crate::engine::Order::Snake));
    assert_eq!((snake.settings.seed, snake.settings.jobs, snake.threads.len()), (3, 2, 2));
    assert_eq!(Checkpoint::parse(&snake.to_json()).unwrap(), snake);
}

#[test]
fn checkpoint_text_errors_name_the_line() {
    let broken = V1_SEED7.replace("seed 7", "seed x");
    assert_eq!(
        Checkpoint::parse(&broken).unwrap_err(),
        CheckpointError::Line { line: 3, message: "expected a number, found `x`".to_owned() }
    );
    let broken = V1_SEED7.replace(" 5/0 ", " 5/4 ");
    assert_eq!(
        Checkpoint::parse(&broken).unwrap_err(),
        CheckpointError::Line { line: 12, message: "expected a rotation 0-3, found `4`".to_owned() }
    );
    assert!(matches!(Checkpoint::parse("puzzle best checkpoint v1\nkey"), Err(CheckpointError::Line { line: 2, .. })));
}

#[test]
fn checkpoint_json_round_trips_and_errors_say_where() {
    let puzzle = framed(3, 3, 2, 0, 1);
    let checkpoint =
        improvements(&BoardSearch::new(&puzzle, &[], settings(1, Breaks::default())), Some(5)).1.checkpoint;
    let text = checkpoint.to_json();
    assert_eq!(Checkpoint::parse(&text).unwrap(), checkpoint);
    assert!(text.ends_with("}\n") && text.lines().count() == 1, "{text}");
    let check = |broken: String, expected: CheckpointError| {
        assert_ne!(broken, text, "the test changed nothing");
        assert_eq!(Checkpoint::parse(&broken).unwrap_err(), expected, "{broken}");
    };
    let at = text.find("\"seed\":1,").unwrap() + "\"seed\":".len();
    check(
        text.replacen("\"seed\":1,", "\"seed\":\"x\",", 1),
        CheckpointError::Json {
            line: 1,
            column: at + 3,
            message: "invalid type: string \"x\", expected u64".to_owned(),
        },
    );
    check(
        text.replacen("\"version\":6", "\"version\":7", 1),
        CheckpointError::Invalid("a checkpoint of version 7, but this `puzzle` reads versions 1 to 6".to_owned()),
    );
    // Version 5 had no "best_filled": read as 0.
    let filled = checkpoint.threads[0].best_filled;
    assert!(filled > 0, "the run filled a board");
    let v5 = text.replacen("\"version\":6", "\"version\":5", 1).replacen(&format!("\"best_filled\":{filled},"), "", 1);
    assert_eq!(Checkpoint::parse(&v5).unwrap().threads[0].best_filled, 0);
    check(
        text.replacen("\"format\":\"puzzle best checkpoint\"", "\"format\":\"other\"", 1),
        CheckpointError::Invalid(
            "not a checkpoint of `puzzle edge --best`: expected \"format\": \"puzzle best checkpoint\"".to_owned(),
        ),
    );
    check(
        text.replacen("\"jobs\":1,", "\"jobs\":2,", 1),
        CheckpointError::Invalid("\"jobs\" is 2 but there are 1 threads".to_owned()),
    );
    // The first placed cell of the best board turned a fifth time.
    let cell = checkpoint.best.as_ref().expect("a best board after 5 placements").iter().position(Option::is_some);
    let digit = text.find("\"rotation\":").expect("a placed piece") + "\"rotation\":".len();
    let mut turned = text.clone();
    turned.replace_range(digit..digit + 1, "4");
    check(turned, CheckpointError::Invalid(format!("\"best\": cell {} is turned 4, not 0 to 3", cell.unwrap())));
    let cut = &text[..text.len() / 2];
    assert!(matches!(Checkpoint::parse(cut), Err(CheckpointError::Json { line: 1, .. })), "a cut file");
    assert!(matches!(Checkpoint::parse(""), Err(CheckpointError::Json { .. })));
}

#[test]
fn clues_stay_and_solvable_boards_are_solved() {
    // A solvable 4x4 board with a clue taken from a brute-force-found layout: the search ends
    // with a perfect board (every join matching) that keeps the clue.
    let puzzle = framed(4, 4, 3, 0, 21);
    let plain = |seed| Settings { priority: Vec::new(), ..settings(seed, Breaks::default()) };
    let search = BoardSearch::new(&puzzle, &[], plain(2));
    let (found, outcome) = improvements(&search, None);
    assert_eq!(outcome.end, End::Solved);
    let board = found.last().unwrap().cells.clone();
    assert_eq!(score_board(&puzzle, &board).unwrap().matching, 24);
    let mut clues = vec![None; 16];
    clues[5] = board[5];
    let with_clue = BoardSearch::new(&puzzle, &clues, plain(4));
    let (found, outcome) = improvements(&with_clue, None);
    assert_eq!(outcome.end, End::Solved);
    let last = &found.last().unwrap().cells;
    assert_eq!(last[5], board[5]);
    assert_eq!(score_board(&puzzle, last).unwrap().matching, 24);
}

/// Within each number of mismatches, every restart's lists hold the pieces with more priority
/// sides first, counted here from the pieces, and each list is a reordering of its built list.
#[test]
fn lists_put_more_priority_sides_first() {
    let puzzle = framed(5, 5, 4, 3, 9);
    let settings = Settings { priority: vec![1, 2], ..settings(0, Breaks::new(vec![10, 15])) };
    let tables = tables::CandidateTables::new(&puzzle, &[], &settings);
    let sides = |piece: u16| puzzle.pieces()[usize::from(piece)].iter().filter(|&&s| s == 1 || s == 2).count();
    let mut long_lists = 0;
    for restart in 0..3 {
        let cands = tables.shuffled(0, 0, restart);
        for &(lo, hi) in &tables.ranges {
            let list = &cands[lo as usize..hi as usize];
            for pair in list.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                assert!(a.breaks < b.breaks || (a.breaks == b.breaks && sides(a.piece) >= sides(b.piece)), "{list:?}");
            }
            let mut built = tables.base_cands[lo as usize..hi as usize].to_vec();
            let mut sorted = list.to_vec();
            let key = |c: &tables::Cand| (c.piece, c.rotation, c.breaks);
            built.sort_by_key(key);
            sorted.sort_by_key(key);
            assert_eq!(built, sorted);
            long_lists +=
                usize::from(list.iter().map(|c| sides(c.piece)).collect::<std::collections::BTreeSet<_>>().len() > 2);
        }
    }
    assert!(long_lists > 0, "no list mixes pieces of three priority counts");
}

/// A Luby schedule restarts after 1, 1, 2, 1, 1, 2, 4, … units, in a run and in a run resumed
/// from its checkpoint.
#[test]
fn luby_restarts_follow_the_sequence() {
    let puzzle = framed(6, 6, 4, 12, 3);
    let luby = Settings {
        restart_nodes: 1_000,
        restart_schedule: RestartSchedule::Luby,
        priority: Vec::new(),
        ..settings(5, Breaks::new((4..36).step_by(3).collect()))
    };
    let search = BoardSearch::new(&puzzle, &[], luby.clone());
    let (_, whole) = improvements(&search, Some(10_000));
    assert_eq!(whole.end, End::NodeLimit);
    // Restarts end at 1000, 2000, 4000, 5000, 6000, 8000, 12000 placements.
    let thread = &whole.checkpoint.threads[0];
    assert_eq!((thread.restart, thread.restart_start, thread.nodes), (6, 8_000, 10_000));
    let (_, cut) = improvements(&search, Some(4_500));
    let checkpoint = Checkpoint::parse(&cut.checkpoint.to_json()).unwrap();
    assert_eq!(checkpoint.settings(), &luby);
    let (_, resumed) = improvements(&BoardSearch::resume(&puzzle, &[], checkpoint).unwrap(), Some(10_000));
    assert_eq!(resumed.checkpoint.threads, whole.checkpoint.threads);
}

/// A worker reports every placement that raises its best partial score, and one that only ties
/// it at most once every `TIE_GAP` placements: completing a board costs thousands of placements,
/// and a search that keeps coming back to its deepest level ties at nearly every placement there.
/// Restarts every 5,000 placements come back to the same best again and again.
#[test]
fn ties_are_completed_at_most_once_every_tie_gap() {
    let puzzle = framed(3, 4, 3, 4, 17);
    let search = BoardSearch::new(&puzzle, &[], settings(1, Breaks::default()));
    let mut worker = Worker::new(&search.tables, 1, 0, 0, 0);
    let mut reports: Vec<(u64, u32)> = Vec::new();
    let end = 4 * worker::TIE_GAP;
    while worker.nodes < end {
        let bound = (worker.restart_start + 5_000).min(end);
        let exit = worker.run(bound, &mut |w, _| reports.push((w.nodes, w.best_partial)));
        if exit != Exit::Bound || worker.nodes >= worker.restart_start + 5_000 {
            worker.restart();
        }
    }
    let mut ties = 0;
    for pair in reports.windows(2) {
        let [(before, best), (at, score)] = [pair[0], pair[1]];
        assert!(score >= best, "{reports:?}");
        if score == best {
            ties += 1;
            assert!(at - before >= worker::TIE_GAP, "a tie {} placements after the last report", at - before);
        }
    }
    // The restarts tie as often as the gap lets them.
    assert!(ties >= 2, "{reports:?}");
}
