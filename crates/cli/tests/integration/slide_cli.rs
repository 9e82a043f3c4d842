//! `puzzle slide` run as a process: stdout byte for byte, stderr and exit status.

use crate::common;

/// Runs `puzzle slide ARGS` with `stdin` as standard input; returns (status, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let run = common::puzzle(&[&["slide"], args].concat(), stdin);
    (run.code, run.stdout, run.stderr)
}

fn check(args: &[&str], stdin: &str, expected: (i32, &str, &str)) {
    let (code, stdout, stderr) = run(args, stdin);
    assert_eq!((code, stdout.as_str(), stderr.as_str()), expected, "puzzle slide {args:?} <<< {stdin:?}");
}

#[test]
fn judge_a_answers() {
    check(&[], "1 0 3\n4 2 5\n7 8 6\n", (0, "3\n", ""));
    check(&[], "1 2 3\n4 5 6\n7 8 0\n", (0, "0\n", ""));
    check(&[], "1 2 3\n4 5 6\n8 7 0\n", (0, "-1\n", ""));
    check(&["-"], "8 6 7\n2 5 4\n3 0 1\n", (0, "31\n", ""));
    check(&["--path"], "1 0 3\n4 2 5\n7 8 6\n", (0, "3 DRD\n", ""));
    check(&["--path"], "1 2 3\n4 5 6\n7 8 0\n", (0, "0\n", ""));
    check(&["--path"], "1 2 3\n4 5 6\n8 7 0\n", (0, "-1\n", ""));
}

#[test]
fn judge_b_answers() {
    let input = "3\n1#3\n425\n786\n\n123\n456\n87#\n\n123\n456\n78#\n";
    check(&[], input, (0, "3\nimpossible\n0\n", ""));
    check(&["--path"], input, (0, "3 DRD\nimpossible\n0\n", ""));
    check(&["--format", "judge-b"], "0\n", (0, "", ""));
}

#[test]
fn json_lines() {
    let input = "2\n1#3\n425\n786\n123\n456\n87#\n";
    let expected = concat!(
        r#"{"solvable":true,"moves":3,"path":"DRD","board":"1 _ 3 / 4 2 5 / 7 8 6","status":"solved","nodes":0,"optimal":true,"lower_bound":3}"#,
        "\n",
        r#"{"solvable":false,"moves":null,"path":null,"board":"1 2 3 / 4 5 6 / 8 7 _","status":"unsolvable","nodes":0,"optimal":true,"lower_bound":null}"#,
        "\n"
    );
    check(&["--json"], input, (0, expected, ""));
}

#[test]
fn forced_format_mismatch_is_an_error() {
    check(
        &["--format", "judge-a"],
        "1\n1#3\n425\n786\n",
        (1, "", "error: <stdin>:1:2: expected 3 values in a row, found 1\n"),
    );
    check(
        &["--format", "judge-b"],
        "1 0 3\n4 2 5\n7 8 6\n",
        (1, "", "error: <stdin>:1:3: expected the number of boards T, found `1 0 3`\n"),
    );
}

#[test]
fn bad_input_names_the_place() {
    check(&[], "", (1, "", "error: <stdin>:1:1: empty input: expected a board\n"));
    check(&[], " \n\t\n", (1, "", "error: <stdin>:1:1: empty input: expected a board\n"));
    // Two rows of three are a 2×3 grid, not a short judge-A board.
    check(&[], "1 0 3\n4 2 5\n", (0, "2\n", ""));
    check(&["--format", "judge-a"], "1 0 3\n4 2 5\n", (1, "", "error: <stdin>:3:1: expected 3 rows, found 2\n"));
    // A ragged board is a grid, whose bad boards are also reported in their place on stdout.
    let ragged = "error: <stdin>:2:7: expected 3 values in a row, found 4\n";
    check(&[], "1 0 3\n4 2 5 6\n7 8 6\n", (1, ragged, ragged));
    check(&[], "1 0 3\n4 9 5\n7 8 6\n", (1, "", "error: <stdin>:2:3: tile 9 is out of range 0..8\n"));
    check(&[], "1 0 3\n4 2 5\n7 2 6\n", (1, "", "error: <stdin>:3:3: tile 2 appears twice\n"));
    check(&[], "1 8 3\n4 2 5\n7 6 4\n", (1, "", "error: <stdin>:1:1: the board has no blank\n"));
    check(&[], "1 0 3\n4 2 5\n7 0 6\n", (1, "", "error: <stdin>:3:3: a second blank\n"));
    check(&[], "x\n", (1, "", "error: <stdin>:1:1: expected the number of boards T, found `x`\n"));
}

#[test]
fn a_bad_board_keeps_its_place_in_a_batch() {
    let input = "3\n1#3\n425\n786\n1#3\n4x5\n786\n123\n456\n78#\n";
    let message = "error: <stdin>:6:2: expected a digit 1-8 or `#`, found `x`\n";
    check(&[], input, (1, &format!("3\n{message}0\n"), message));
    let (code, stdout, _) = run(&["--json"], input);
    assert_eq!(code, 1);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[1].starts_with(r#"{"error":"<stdin>:6:2: "#), "{}", lines[1]);
}

#[test]
fn count_disagreeing_with_the_boards() {
    check(
        &[],
        "2\n1#3\n425\n786\n",
        (1, "3\n", "error: <stdin>:5:1: expected 2 boards (T) but the input ends after 1\n"),
    );
    check(
        &[],
        "1\n1#3\n425\n786\n123\n456\n78#\n",
        (1, "3\n", "error: <stdin>:5:1: unexpected input after the last board (T = 1)\n"),
    );
}

#[test]
fn missing_file() {
    let (code, stdout, stderr) = run(&["/nonexistent/board.txt"], "");
    assert_eq!((code, stdout.as_str()), (1, ""));
    assert!(stderr.starts_with("error: /nonexistent/board.txt: cannot read: "), "{stderr}");
}

#[test]
fn invalid_utf8_is_refused() {
    let file = common::temp_file("latin1.txt", b"1 0 3\n4 \xff 5\n7 8 6\n");
    let (code, stdout, stderr) = run(&[file.as_str()], "");
    assert_eq!((code, stdout.as_str()), (1, ""));
    assert_eq!(stderr, format!("error: {}:2:3: invalid UTF-8\n", file.path().display()));
}

#[test]
fn grids_of_any_size() {
    // One move right, one move left, and two boards in one input, each checked by hand.
    // A lone three-column block reads as judge A; --format grid says otherwise.
    check(&["--path", "--format", "grid"], "1 2 3\n4 0 5\n", (0, "1 R\n", ""));
    check(&["--path"], "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n", (0, "1 R\n", ""));
    check(&["--path", "--goal", "blank-first"], "1 0\n2 3\n\n0 2\n1 3\n", (0, "1 L\nunsolvable\n", ""));
    check(&["--format", "grid"], "1 2 3\n4 5 6\n8 7 _\n", (0, "unsolvable\n", ""));
    // Parity decides before any table is built: this must not build the 4x4 tables.
    let swapped = "2 1 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n";
    check(&["--heuristic", "linear-conflict"], swapped, (0, "unsolvable\n", ""));
    // Two moves on 2x4 (tables small enough to build in memory), with each heuristic.
    for heuristic in ["manhattan", "linear-conflict", "pdb"] {
        check(&["--heuristic", heuristic, "--path"], "1 2 3 4\n0 5 6 7\n", (0, "3 RRR\n", ""));
    }
}

#[test]
fn lines_echo_their_labels() {
    let input = "# a comment\nfirst 7 1 2 3 4 5 6 7 0 8\n\n1 2 3 4 5 6 7 8 0\n";
    check(&["--size", "3x3", "--path"], input, (0, "first 7 1 R\n0\n", ""));
    let (code, stdout, _) = run(&["--size", "3x3", "--json"], input);
    assert_eq!(code, 0);
    assert!(stdout.starts_with(r#"{"label":"first 7","solvable":true,"moves":1,"#), "{stdout}");
    let bad = "x 1 2 3 4 5 6 7 0 9\n1 2 3 4 5 6 7 8 0\n";
    let message = "error: <stdin>:1:19: tile 9 is out of range 0..8\n";
    check(&["--size", "3x3"], bad, (1, &format!("x {message}0\n"), message));
}

#[test]
fn a_goal_from_a_file() {
    let scratch = common::scratch();
    let dir = scratch.path();
    let goal = dir.join("goal.txt");
    std::fs::write(&goal, "3 2\n1 0\n").unwrap();
    let goal = goal.to_str().unwrap();
    check(&["--goal", goal, "--path"], "3 2\n0 1\n", (0, "1 R\n", ""));
    check(&["--goal", goal], "3 2\n1 0\n", (0, "0\n", ""));
    let message = "error: <stdin>: board 1: the board is 3x3 but the goal is 2x2\n";
    check(&["--goal", goal, "--format", "grid"], "1 2 3\n4 5 6\n7 8 0\n", (1, message, message));
    std::fs::write(dir.join("bad.txt"), "3 2\n0 2\n").unwrap();
    let bad = dir.join("bad.txt");
    let (code, _, stderr) = run(&["--goal", bad.to_str().unwrap()], "1 0\n2 3\n");
    assert_eq!((code, stderr.ends_with("bad.txt:2:3: tile 2 appears twice\n")), (1, true), "{stderr}");
}

#[test]
fn limits_give_up_without_calling_the_board_unsolvable() {
    // Korf's instance 1, far beyond 50 nodes of search.
    let board = "14 13 15 7\n11 12 9 5\n6 0 2 1\n4 8 10 3\n";
    // Its Manhattan distance is 41 and its published optimum 57: a bound proven in between.
    let args = ["--goal", "blank-first", "--heuristic", "manhattan", "--max-nodes", "50"];
    let (code, stdout, stderr) = run(&args, board);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert!((41..=57).contains(&gave_up_bound(&stdout)), "{stdout}");
    let (code, stdout, _) = run(&[&args[..], &["--json"]].concat(), board);
    assert_eq!(code, 0);
    assert!(stdout.contains(r#""solvable":true,"moves":null,"path":null,"#), "{stdout}");
    assert!(stdout.contains(r#""status":"gave up""#), "{stdout}");
    assert!(stdout.contains(r#""optimal":false,"lower_bound":"#), "{stdout}");
    let args = ["--goal", "blank-first", "--heuristic", "manhattan", "--time-limit", "0"];
    let (code, stdout, _) = run(&args, board);
    assert_eq!(code, 0);
    assert!((41..=57).contains(&gave_up_bound(&stdout)), "{stdout}");
    check(&["--time-limit", "soon"], board, (1, "", "error: invalid value 'soon' for '--time-limit <SECONDS>': expected a number of seconds from 0 up to (not including) 1e9, not `soon`\n\nFor more information, try '--help'.\n"));
}

#[test]
fn within_answers_korf_1_within_the_weight_and_marks_it() {
    // Korf's instance 1: Manhattan distance 41, published optimum 57.
    let board = "14 13 15 7\n11 12 9 5\n6 0 2 1\n4 8 10 3\n";
    for (weight, hundredths) in [("1.5", 150u64), ("2", 200)] {
        let args = ["--goal", "blank-first", "--heuristic", "linear-conflict", "--within", weight, "--path"];
        let (code, stdout, stderr) = run(&args, board);
        assert_eq!((code, stderr.as_str()), (0, ""), "{stdout}");
        // `N (within W× optimal, lower bound B) PATH`, or `57 PATH` when the path is optimal.
        let (moves, rest) = stdout.trim_end().split_once(' ').expect("moves and more");
        let moves: u64 = moves.parse().unwrap();
        assert!(100 * moves <= hundredths * 57, "{stdout}");
        let path = match rest.strip_prefix(&format!("(within {weight}× optimal, lower bound ")) {
            Some(rest) => {
                let (bound, path) = rest.split_once(") ").expect("bound and path");
                let bound: u64 = bound.parse().unwrap();
                assert!((41..=57).contains(&bound) && bound < moves, "{stdout}");
                path
            }
            None => {
                assert_eq!(moves, 57, "{stdout}");
                rest
            }
        };
        let mut tiles: Vec<u32> = board.split_whitespace().map(|t| t.parse().unwrap()).collect();
        replay(&mut tiles, 4, path);
        assert_eq!(tiles, (0..16).collect::<Vec<u32>>(), "{stdout}");
        assert_eq!(path.len() as u64, moves);
    }
    // W = 1 is the optimal default, printed plainly.
    check(&["--goal", "blank-first", "--heuristic", "linear-conflict", "--within", "1"], board, (0, "57\n", ""));
    let message = "error: invalid value '0.9' for '--within <W>': `0.9`: the weight must be at least 1 (1 is optimal)\n\nFor more information, try '--help'.\n";
    check(&["--within", "0.9"], board, (1, "", message));
    let (code, _, stderr) = run(&["--within", "1.5", "--fast"], board);
    assert_eq!(code, 1, "{stderr}");
}

/// Boards of many shapes in one grid batch, a few moves from the goal, with every heuristic that
/// builds no tables: each path replays to the goal, its length is the `moves` printed, every
/// heuristic agrees, and boards with two tiles swapped say unsolvable. Long rows (2×70, 2×100)
/// once crashed the linear-conflict buffers; 2×130 and 16×16 take the search for more than 255
/// cells.
#[test]
fn boards_of_every_shape_reach_the_solver() {
    use sliding::{Board, BoardSpec};

    let shapes = [(2, 2), (2, 9), (9, 2), (2, 70), (70, 2), (2, 100), (2, 127), (127, 2), (2, 130), (3, 85)];
    let shapes = [&shapes[..], &[(3, 86), (5, 7), (7, 5), (6, 6), (10, 10), (16, 16), (13, 17)]].concat();
    for (goal_arg, blank_first) in [("blank-last", false), ("blank-first", true)] {
        let mut input = String::new();
        let mut expected = Vec::new();
        for (i, &(rows, cols)) in shapes.iter().enumerate() {
            let n = (rows * cols) as u32;
            let tiles: Vec<u32> = if blank_first { (0..n).collect() } else { (1..n).chain([0]).collect() };
            let mut board = Board::try_from(BoardSpec { rows, cols, tiles }).expect("a goal board");
            // A walk of up to five moves that never undoes the last one, different per board.
            let mut previous = None;
            for step in 0..(i % 6) {
                let dir = puzzle_core::Direction::ALL
                    .into_iter()
                    .cycle()
                    .skip(step * 3 + i)
                    .find(|&d| Some(d.opposite()) != previous && board.moved(d).is_some())
                    .expect("some move");
                board.move_blank(dir);
                previous = Some(dir);
            }
            let swapped = {
                let mut tiles = board.tiles().to_vec();
                let (a, b) = if board.blank().0 < 2 { (2, 3) } else { (0, 1) };
                tiles.swap(a, b);
                Board::try_from(BoardSpec { rows, cols, tiles }).expect("a permutation")
            };
            for (b, solvable) in [(board, true), (swapped, false)] {
                for row in b.tiles().chunks(cols) {
                    input.push_str(&row.iter().map(u32::to_string).collect::<Vec<_>>().join(" "));
                    input.push('\n');
                }
                input.push('\n');
                expected.push((b, solvable));
            }
        }
        let mut lengths: Option<Vec<Option<u64>>> = None;
        for heuristic in ["manhattan", "linear-conflict"] {
            let run = common::puzzle(
                // Boards of more than 255 cells are searched only under a limit; these finish far
                // below it.
                &[
                    "slide",
                    "--format",
                    "grid",
                    "--json",
                    "--goal",
                    goal_arg,
                    "--heuristic",
                    heuristic,
                    "--time-limit",
                    "120",
                ],
                &input,
            );
            assert_eq!(run.code, 0, "{}", run.failure("exit code"));
            let answers: Vec<serde_json::Value> =
                run.stdout.lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect();
            assert_eq!(answers.len(), expected.len(), "{}", run.failure("one line per board"));
            let mut these = Vec::new();
            for (answer, (board, solvable)) in answers.iter().zip(&expected) {
                let case = format!("{} --heuristic {heuristic} --goal {goal_arg}: {answer}", board.shape());
                assert_eq!(answer["solvable"], *solvable, "{case}");
                if !solvable {
                    assert_eq!(answer["status"], "unsolvable", "{case}");
                    these.push(None);
                    continue;
                }
                assert_eq!(answer["status"], "solved", "{case}");
                let letters = answer["path"].as_str().expect("a path");
                let path: Vec<puzzle_core::Direction> = letters
                    .chars()
                    .map(|c| match c {
                        'U' => puzzle_core::Direction::North,
                        'D' => puzzle_core::Direction::South,
                        'L' => puzzle_core::Direction::West,
                        'R' => puzzle_core::Direction::East,
                        other => panic!("{case}: move {other:?}"),
                    })
                    .collect();
                let end = board.replay(&path).expect("every move stays on the board");
                let shape = board.shape();
                let n = shape.n_cells() as u32;
                let goal: Vec<u32> = if blank_first { (0..n).collect() } else { (1..n).chain([0]).collect() };
                assert_eq!(end.tiles(), goal.as_slice(), "{case}: the path does not reach the goal");
                assert_eq!(answer["moves"].as_u64(), Some(path.len() as u64), "{case}");
                these.push(Some(path.len() as u64));
            }
            if let Some(first) = &lengths {
                assert_eq!(first, &these, "the heuristics disagree on the optimal lengths");
            }
            lengths = Some(these);
        }
    }
}

/// The bound of a text `gave up (lower bound N; …)` line.
fn gave_up_bound(stdout: &str) -> u64 {
    stdout
        .strip_prefix("gave up (lower bound ")
        .and_then(|rest| rest.split_once(';'))
        .and_then(|(bound, _)| bound.parse().ok())
        .unwrap_or_else(|| panic!("not a gave-up line with a bound: {stdout:?}"))
}

/// Replays `path` (letters U, D, L, R: where the blank moves) on a row-major board.
fn replay(tiles: &mut [u32], cols: usize, path: &str) {
    for letter in path.chars() {
        let blank = tiles.iter().position(|&t| t == 0).unwrap();
        let other = match letter {
            'U' => blank.checked_sub(cols).unwrap(),
            'D' => blank + cols,
            'L' => {
                assert_ne!(blank % cols, 0, "off the board");
                blank - 1
            }
            'R' => {
                assert_ne!(blank % cols, cols - 1, "off the board");
                blank + 1
            }
            _ => panic!("not a move: {letter}"),
        };
        tiles.swap(blank, other);
    }
}

#[test]
fn fast_answers_any_board_and_says_it_is_not_optimal() {
    // One move from the goal: the bound proves the fast answer optimal, so nothing is marked.
    let mut row: Vec<String> = (1..70).map(|t| t.to_string()).collect();
    row.push("0".to_owned());
    let second: Vec<String> = (71..140).map(|t| t.to_string()).chain(["70".to_owned()]).collect();
    let board = format!("{}\n{}\n", row.join(" "), second.join(" "));
    let (code, stdout, stderr) = run(&["--fast", "--path"], &board);
    assert_eq!((code, stdout.as_str(), stderr.as_str()), (0, "1 D\n", ""));

    // A 12x9 board walked far from the goal by a fixed sequence of moves.
    let (rows, cols) = (12, 9);
    let goal: Vec<u32> = (1..(rows * cols) as u32).chain([0]).collect();
    let mut tiles = goal.clone();
    let mut rng = puzzle_core::SplitMix64::new(0x12_09);
    let mut walk = String::new();
    for _ in 0..5000 {
        let blank = tiles.iter().position(|&t| t == 0).unwrap();
        let letter = *rng.pick(&['U', 'D', 'L', 'R']);
        let ok = match letter {
            'U' => blank >= cols,
            'D' => blank + cols < rows * cols,
            'L' => blank % cols != 0,
            _ => blank % cols != cols - 1,
        };
        if ok {
            replay(&mut tiles, cols, &letter.to_string());
            walk.push(letter);
        }
    }
    let text: String =
        tiles.chunks(cols).map(|r| r.iter().map(u32::to_string).collect::<Vec<_>>().join(" ") + "\n").collect();
    let (code, stdout, _) = run(&["--fast", "--json"], &text);
    assert_eq!(code, 0, "{stdout}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let path = json["path"].as_str().unwrap();
    let mut replayed = tiles.clone();
    replay(&mut replayed, cols, path);
    assert_eq!(replayed, goal, "the fast path reaches the goal");
    let (moves, bound) = (json["moves"].as_u64().unwrap(), json["lower_bound"].as_u64().unwrap());
    assert_eq!(moves as usize, path.len());
    assert!(bound <= moves && bound <= walk.len() as u64, "{json}");
    assert_eq!(json["optimal"].as_bool(), Some(bound == moves), "{json}");
    let (code, stdout, _) = run(&["--fast"], &text);
    assert_eq!(code, 0);
    if bound < moves {
        assert_eq!(stdout, format!("{moves} (fast, not optimal, lower bound {bound})\n"));
    }

    let (code, _, stderr) = run(&["--fast", "--heuristic", "manhattan"], &text);
    assert_eq!(code, 1);
    assert!(stderr.contains("cannot be used with"), "{stderr}");
}
