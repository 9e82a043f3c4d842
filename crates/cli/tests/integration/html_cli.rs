//! `--html FILE` run as a process: the page is written beside unchanged answers, holds nothing
//! from outside itself, and carries the checked answers — the moves `--path` prints, the goal
//! they reach (replayed here, in plain code), the placements `--json` prints, and a best board's
//! mismatched joins (found here from the pieces). The pages are played in a real browser by
//! `.ci/browser-tests`.

use serde_json::Value;

use crate::common;
use edge_match::testing::{puz_text, random_colour_spec, ColourShape, SplitMix64};

/// Runs `puzzle ARGS` with and without `--html FILE`; checks that the answers are the same and
/// the page is self-contained; returns the answers and the page's data.
fn page(args: &[&str]) -> (String, Value) {
    let dir = common::scratch();
    let file = dir.path().join("page.html");
    let file = file.to_str().unwrap();
    let plain = common::puzzle(args, "");
    let with_page = common::puzzle(&[args, &["--html", file]].concat(), "");
    assert_eq!(with_page.code, plain.code, "{}", with_page.failure("the same exit status"));
    if !args.contains(&"--best") {
        assert_eq!(with_page.stdout, plain.stdout, "answers unchanged");
    }
    let html = std::fs::read_to_string(file).unwrap();
    self_contained(&html);
    (with_page.stdout, data(&html))
}

/// Nothing in the page is fetched: no external script, style, font, image or link.
fn self_contained(html: &str) {
    assert!(html.starts_with("<!DOCTYPE html>\n"), "an HTML page");
    assert!(html.trim_end().ends_with("</html>"), "the whole page");
    let lower = html.to_ascii_lowercase();
    for fetched in ["src=", "href=", "<link", "@import", "url(", "@font-face", "<iframe", "fetch(", "xmlhttprequest"] {
        assert!(!lower.contains(fetched), "the page holds {fetched:?}");
    }
    for scheme in ["http://", "https://"] {
        // The only addresses are the SVG namespace, which names and fetches nothing.
        let others = lower.matches(scheme).count() - lower.matches(&format!("{scheme}www.w3.org/2000/svg")).count();
        assert_eq!(others, 0, "the page names an address with {scheme}");
    }
}

/// The JSON in the page's data element.
fn data(html: &str) -> Value {
    let open = r#"<script type="application/json" id="data">"#;
    let start = html.find(open).expect("a data element") + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).expect("the data is JSON")
}

/// `start` (row-major, 0 the blank) after the blank's moves `letters`, replayed plainly.
fn replay(start: &[u64], cols: usize, letters: &str) -> Vec<u64> {
    let mut board = start.to_vec();
    for letter in letters.chars() {
        let blank = board.iter().position(|&tile| tile == 0).unwrap();
        let next = match letter {
            'U' => blank - cols,
            'D' => blank + cols,
            'L' => blank - 1,
            'R' => blank + 1,
            other => panic!("move letter {other:?}"),
        };
        board.swap(blank, next);
    }
    board
}

fn numbers(value: &Value) -> Vec<u64> {
    value.as_array().expect("an array").iter().map(|n| n.as_u64().unwrap()).collect()
}

#[test]
fn a_sliding_batch_page_holds_each_boards_checked_moves_and_its_goal() {
    let (stdout, data) = page(&["slide", "--path", "fixtures/slide/judge_b_extremes.txt"]);
    assert_eq!(data["kind"], "slide");
    let boards = data["boards"].as_array().unwrap();
    let printed: Vec<&str> = stdout.lines().collect();
    assert_eq!(boards.len(), printed.len(), "a board for each answer");
    for (board, line) in boards.iter().zip(&printed) {
        let (rows, cols) = (board["rows"].as_u64().unwrap() as usize, board["cols"].as_u64().unwrap() as usize);
        assert_eq!((rows, cols), (3, 3));
        if *line == "impossible" {
            assert_eq!(board["goal"], Value::Null);
            assert!(board["note"].as_str().unwrap().starts_with("unsolvable"), "{board}");
            continue;
        }
        // `N MOVES` as --path prints them (no letters for 0 moves).
        let mut words = line.split(' ');
        let n_moves: u64 = words.next().unwrap().parse().unwrap();
        let letters = words.next().unwrap_or("");
        assert_eq!(board["n_moves"], n_moves, "{line}");
        assert_eq!(board["moves"], letters, "{line}");
        let end = replay(&numbers(&board["start"]), cols, letters);
        assert_eq!(numbers(&board["goal"]), end, "the goal shown is where the moves end");
        assert_eq!(end, [1, 2, 3, 4, 5, 6, 7, 8, 0], "the judge's goal");
    }
}

#[test]
fn a_fast_answer_too_large_to_animate_is_described_and_its_first_moves_listed() {
    // A 40x40 board: the goal with its last two rows' first tiles moved by a few moves.
    let n = 40;
    let mut tiles: Vec<u64> = (1..(n * n) as u64).chain([0]).collect();
    let letters = "UUULLL";
    tiles = replay(&tiles, n, letters);
    let text: String =
        tiles.chunks(n).map(|row| row.iter().map(u64::to_string).collect::<Vec<_>>().join(" ") + "\n").collect();
    let input = common::temp_file("large.txt", text);
    let (stdout, data) = page(&["slide", "--fast", "--path", input.as_str()]);
    let board = &data["boards"][0];
    assert_eq!(board["animated"], false);
    assert_eq!(board["start"], Value::Null, "no tiles of a board too large to animate");
    let note = board["note"].as_str().unwrap();
    assert!(note.contains("40x40 board (1600 cells) is too large to animate"), "{note}");
    let printed = stdout.lines().next().unwrap().split(' ').nth(1).unwrap_or("").to_owned();
    assert_eq!(board["moves"], printed, "the moves as --path prints them");
    assert_eq!(replay(&tiles, n, &printed), (1..(n * n) as u64).chain([0]).collect::<Vec<_>>(), "they reach the goal");
}

#[test]
fn an_edge_page_holds_the_first_solution_as_json_prints_it() {
    let (stdout, data) = page(&["edge", "--json", "fixtures/edge/example1.txt"]);
    let printed: Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(data["kind"], "edge");
    let board = &data["boards"][0];
    let cells: Vec<Value> = printed["placements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| serde_json::json!([p["piece"], p["rotation"]]))
        .collect();
    assert_eq!(board["cells"], Value::Array(cells));
    assert_eq!(board["mismatches"], serde_json::json!([]));
    let svg = board["svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg xmlns=") && svg.contains(">7,3</text>"), "the picture --svg draws");
    // The cells of the picture lie where the page points: the board's outline at its corner.
    let (left, top, cell) =
        (board["left"].as_i64().unwrap(), board["top"].as_i64().unwrap(), board["cell"].as_i64().unwrap());
    let outline = format!(
        r##"<rect x="{left}" y="{top}" width="{}" height="{}" fill="none" stroke="#000000""##,
        3 * cell,
        3 * cell
    );
    assert!(svg.contains(&outline), "{outline} in {svg}");
}

#[test]
fn an_edge_page_steps_through_the_first_solutions_of_all_and_counts() {
    let (stdout, data) = page(&["edge", "--all", "--json", "fixtures/data/brendan_set1_03x03.puz"]);
    let solutions: Vec<Value> = stdout.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    let boards = data["boards"].as_array().unwrap();
    assert_eq!(boards.len(), solutions.len().min(20));
    for (board, solution) in boards.iter().zip(&solutions) {
        let cells: Vec<Value> = (solution["placements"].as_array().unwrap().iter())
            .map(|p| serde_json::json!([p["piece"], p["rotation"]]))
            .collect();
        assert_eq!(board["cells"], Value::Array(cells));
    }
    // A plain count draws the first solutions it found: those --all lists first.
    let (_, all) = page(&["edge", "--all", "--plain", "fixtures/data/brendan_set1_03x03.puz"]);
    // (A plain count prints its time too: its page is read here, not beside a second run.)
    let dir = common::scratch();
    let file = dir.path().join("count.html");
    let file = file.to_str().unwrap();
    let run =
        common::puzzle(&["edge", "--count", "--plain", "fixtures/data/brendan_set1_03x03.puz", "--html", file], "");
    assert_eq!(run.code, 0, "{}", run.failure("a plain count"));
    let data = self::data(&std::fs::read_to_string(file).unwrap());
    let count: usize = run.stdout.lines().next().unwrap().parse().unwrap();
    assert_eq!(data["boards"].as_array().unwrap().len(), count.min(20));
    assert_eq!(data["boards"], all["boards"]);
    assert!(data["note"].as_str().unwrap().starts_with(&format!("{count} solutions; the first")), "{}", data["note"]);
    // A count of pictures pins a corner piece: each picture it found stands for the board's four
    // turns.
    let (stdout, data) = page(&["edge", "--count", "fixtures/data/brendan_set1_03x03.puz"]);
    let count: usize = stdout.trim().parse().unwrap();
    assert_eq!(data["boards"].as_array().unwrap().len(), (count / 4).min(20));
    let note = data["note"].as_str().unwrap();
    assert!(note.starts_with(&format!("{count} solutions (counted with corner piece ")), "{note}");
    let (stdout, data) = page(&["edge", "--count", "fixtures/edge/no_solution.txt"]);
    assert_eq!(stdout.trim(), "0");
    assert_eq!(data["boards"], serde_json::json!([]));
    assert_eq!(data["note"], "0 solutions: no board to show");
}

#[test]
fn a_best_board_page_marks_the_mismatched_joins() {
    // A framed 4x4 board cut from a random picture, one inner side given a colour that no other side
    // shows: no board matches everywhere.
    let n = 4;
    let shape = ColourShape { rows: n, cols: n, colours: 5, framed: true, rotate: true, noise: 0 };
    let mut spec = random_colour_spec(shape, &mut SplitMix64::new(4));
    let inner = spec.pieces.iter().flatten().position(|&colour| colour != 0).unwrap();
    spec.pieces[inner / 4][inner % 4] = 9;
    let pieces = spec.pieces.clone();
    let text = puz_text(&edge_match::Puzzle::try_from(spec).unwrap());
    let input = common::temp_file("best.puz", text);
    let (stdout, data) = page(&["edge", "--best", "--json", "--time-limit", "20", input.as_str()]);
    // The last improvement is the best board.
    let best: Value = stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .rfind(|v| v["placements"].is_array())
        .unwrap();
    let board = &data["boards"][0];
    let cells: Vec<(usize, usize)> = (best["placements"].as_array().unwrap().iter())
        .map(|p| (p["piece"].as_u64().unwrap() as usize, p["rotation"].as_u64().unwrap() as usize))
        .collect();
    // The sides (N E S W) a piece shows turned counter-clockwise `turns` times.
    let shown =
        |(piece, turns): (usize, usize)| -> [u16; 4] { std::array::from_fn(|side| pieces[piece][(side + turns) % 4]) };
    let mut expected = Vec::new();
    for row in 0..n {
        for col in 0..n {
            let here = shown(cells[row * n + col]);
            if col + 1 < n && here[1] != shown(cells[row * n + col + 1])[3] {
                expected.push(serde_json::json!([row, col, "east"]));
            }
            if row + 1 < n && here[2] != shown(cells[(row + 1) * n + col])[0] {
                expected.push(serde_json::json!([row, col, "south"]));
            }
        }
    }
    assert!(!expected.is_empty(), "no board matches everywhere");
    assert_eq!(board["mismatches"], Value::Array(expected.clone()));
    assert_eq!(best["mismatches"], expected.len(), "as many as --best says");
    assert!(
        data["note"].as_str().unwrap().contains(&format!("{} mismatched (marked", expected.len())),
        "{}",
        data["note"]
    );
}

#[test]
fn a_page_that_cannot_be_written_is_a_clear_error() {
    let dir = common::scratch();
    let missing = dir.path().join("no/such/dir/page.html");
    let missing = missing.to_str().unwrap();
    for args in [vec!["edge", "fixtures/edge/example1.txt"], vec!["slide", "fixtures/slide/judge_a_sample1.txt"]] {
        let run = common::puzzle(&[&args[..], &["--html", missing]].concat(), "");
        assert_eq!(run.code, 1, "{}", run.failure("an unwritable page"));
        assert!(run.stderr.starts_with(&format!("error: {missing}: cannot write: ")), "{}", run.failure("the message"));
    }
    let run = common::puzzle(&["edge", "--verify", "x.sol", "--html", "x.html", "fixtures/edge/example1.txt"], "");
    assert_eq!(run.code, 1, "{}", run.failure("--html with --verify"));
    assert!(run.stderr.contains("cannot be used with"), "{}", run.stderr);
}

/// A board whose search gave up shows its proven lower bound (the one the answer line prints,
/// never below the board's Manhattan distance, computed here), and an unsolvable board is
/// captioned as the board it is, not as a replay.
#[test]
fn a_board_that_gave_up_shows_its_lower_bound_and_an_unsolvable_one_is_no_replay() {
    let hard = [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2, 0];
    let rows: Vec<String> =
        hard.chunks(4).map(|row| row.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")).collect();
    let input = common::temp_file("boards.txt", format!("{}\n\n1 2 3\n4 5 6\n8 7 0\n", rows.join("\n")));
    let (stdout, data) = page(&["slide", "--max-nodes", "100", "--heuristic", "manhattan", input.as_str()]);
    let lines: Vec<&str> = stdout.lines().collect();
    let printed: u64 = lines[0]
        .strip_prefix("gave up (lower bound ")
        .and_then(|rest| rest.split(';').next())
        .and_then(|bound| bound.parse().ok())
        .unwrap_or_else(|| panic!("a gave-up line with its bound: {stdout}"));
    // The goal has tile t at index t-1 and the blank last.
    let manhattan: u64 = hard
        .iter()
        .enumerate()
        .filter(|&(_, &tile)| tile != 0)
        .map(|(at, &tile)| {
            let home = (tile - 1) as usize;
            ((at / 4).abs_diff(home / 4) + (at % 4).abs_diff(home % 4)) as u64
        })
        .sum();
    assert!(printed >= manhattan, "the bound {printed} is at least the Manhattan distance {manhattan}");
    let gave_up = &data["boards"][0];
    assert_eq!(gave_up["summary"], format!("gave up, at least {printed} moves"), "{gave_up}");
    assert_eq!(
        gave_up["note"],
        format!("gave up: a limit stopped the search first; it proved that at least {printed} moves are needed"),
        "{gave_up}"
    );
    assert_eq!(gave_up["caption"], "the board: gave up", "{gave_up}");
    assert_eq!(lines[1], "unsolvable");
    let unsolvable = &data["boards"][1];
    assert_eq!(unsolvable["caption"], "the board: unsolvable", "{unsolvable}");
    assert_eq!(unsolvable["moves"], "", "{unsolvable}");
}
