//! `puzzle edge` against the plain brute force of `edge_match::testing`, through the binary: on
//! seeded random small colour puzzles of every shape (1×1, one row and one column up to 5, up to
//! 3×4), framed and free, with and without `--no-rotate` and `--clue`, the first solution,
//! `--count`, `--count --plain` (solutions and placements), `--all` (with and without
//! `--plain`, and with `--max-nodes`), `--distinct`, and `--split`/`--unit`/`merge` adding up to the unsplit count; and
//! marks puzzles, first solution (and its placements), `--count`, `--count --plain` (solutions and
//! placements), `--all` (each picture once), `--all --plain` (every board, in order),
//! `--distinct`, counts and boards under a random `--order`, `--sol` and `--verify`, `--clue`,
//! `--split`/`--unit`/`merge`, and `--best`.

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;

use edge_match::parse::Mark;
use edge_match::testing::{self, Brute, SplitMix64};
use edge_match::{Placement, Puzzle};
use serde_json::Value;

/// Puzzles whose brute force needs more placements than this are skipped.
const BRUTE_LIMIT: u64 = 30_000;

/// Every board shape tested.
const SHAPES: &[(usize, usize)] = edge_match::testing::SMALL_SHAPES;

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// Runs `puzzle ARGS`, which must succeed, and returns its standard output.
fn ok(args: &[&str]) -> String {
    let run = common::puzzle(args, "");
    assert_eq!(run.code, 0, "{}", run.failure("exit status"));
    run.stdout
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect()
}

/// The boards of a complete `--all --json` stream: one per line, or none when its one line is
/// the end line that says there is no solution.
fn listed(text: &str) -> Vec<Vec<(usize, u8)>> {
    let lines = json_lines(text);
    match lines.as_slice() {
        [only] if only.get("solution").is_none() => {
            assert_eq!(only, &serde_json::json!({"solutions": 0, "status": "complete"}), "the end line: {text}");
            Vec::new()
        }
        _ => lines.iter().map(|l| cells(&l["placements"])).collect(),
    }
}

/// `[{"piece","rotation"}…]` as (piece, turns) pairs.
fn cells(value: &Value) -> Vec<(usize, u8)> {
    value
        .as_array()
        .expect("an array of placements")
        .iter()
        .map(|p| (p["piece"].as_u64().unwrap() as usize, p["rotation"].as_u64().unwrap() as u8))
        .collect()
}

fn picture(puzzle: &Puzzle, board: &[(usize, u8)]) -> Vec<[u16; 4]> {
    board.iter().map(|&(piece, rotation)| puzzle.oriented(piece, rotation)).collect()
}

/// Every mode of `puzzle edge` on one colour puzzle against the brute force.
fn check_colour(
    dir: &Path,
    puzzle: &Puzzle,
    clues: &[Option<Placement>],
    expected: &Brute<u16>,
    rng: &mut SplitMix64,
    what: &str,
) {
    let file = dir.join("board.puz");
    std::fs::write(&file, testing::puz_text(puzzle)).unwrap();
    let mut options: Vec<String> = vec![path(&file).to_owned()];
    options.push(if puzzle.framed() { "--frame" } else { "--no-frame" }.to_owned());
    if !puzzle.rotate() {
        options.push("--no-rotate".to_owned());
    }
    let clued = clues.iter().any(Option::is_some);
    if clued {
        let clue_file = dir.join("board.clue");
        let mut text = String::from("c clues\n");
        for (cell, clue) in clues.iter().enumerate() {
            if let Some(c) = clue {
                text += &format!("{} {} {} {}\n", c.piece, cell % puzzle.cols(), cell / puzzle.cols(), c.rotation);
            }
        }
        std::fs::write(&clue_file, text).unwrap();
        options.push("--clue".to_owned());
        options.push(path(&clue_file).to_owned());
    }
    let run = |extra: &[&str]| -> String {
        let args: Vec<&str> =
            ["edge"].into_iter().chain(extra.iter().copied()).chain(options.iter().map(String::as_str)).collect();
        ok(&args)
    };
    let pictures = expected.pictures.len() as u64;

    // Row order finds the brute force's first solution; the order chosen by default finds one of
    // its solutions, keeping the clues.
    let first = &json_lines(&run(&["--json", "--order", "row"]))[0];
    assert_eq!(first["solved"].as_bool(), Some(expected.first().is_some()), "first: {what}");
    let found = (!first["placements"].is_null()).then(|| cells(&first["placements"]));
    assert_eq!(found.as_ref(), expected.first(), "first solution: {what}");
    assert_eq!(first["order"], "row", "{what}");
    let chosen = &json_lines(&run(&["--json"]))[0];
    assert_eq!(chosen["solved"].as_bool(), Some(expected.first().is_some()), "first (auto): {what}");
    if let Some(found) = (!chosen["placements"].is_null()).then(|| cells(&chosen["placements"])) {
        assert!(expected.boards.contains(&found), "first solution (auto, {}): {what}", chosen["order"]);
    }

    let count = &json_lines(&run(&["--count", "--json"]))[0];
    assert_eq!(count["status"], "complete", "{what}");
    assert_eq!(count["solutions"].as_u64(), Some(pictures), "--count: {what}");
    let plain = &json_lines(&run(&["--count", "--plain", "--json"]))[0];
    assert_eq!(plain["solutions"].as_u64(), Some(expected.solutions), "--count --plain: {what}");
    assert_eq!(plain["nodes"].as_u64(), Some(expected.placements), "--count --plain placements: {what}");
    let text = run(&["--count", "--plain"]);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(expected.solutions.to_string().as_str()), "--count --plain text: {what}");
    let placements = format!("{} placements in ", expected.placements);
    assert!(lines.next().is_some_and(|line| line.starts_with(&placements)), "{text}: {what}");

    let all = listed(&run(&["--all", "--json"]));
    let shown: BTreeSet<Vec<[u16; 4]>> = all.iter().map(|b| picture(puzzle, b)).collect();
    assert_eq!((all.len(), &shown), (expected.pictures.len(), &expected.pictures), "--all: {what}");
    let all_plain = listed(&run(&["--all", "--plain", "--json"]));
    assert_eq!(all_plain, expected.boards, "--all --plain: {what}");

    // A node limit below the plain search's placements: exactly the solutions completed by
    // then, in order, and the first solution only if it came within the limit.
    if expected.placements >= 2 {
        let limit = (1 + rng.below(expected.placements as usize - 1)).to_string();
        let lines = json_lines(&run(&["--all", "--plain", "--json", "--max-nodes", &limit]));
        let (last, listed) = lines.split_last().expect("at least the gave-up line");
        let limit: u64 = limit.parse().unwrap();
        let within: Vec<Vec<(usize, u8)>> = expected
            .boards
            .iter()
            .zip(&expected.found_at)
            .filter(|&(_, &at)| at <= limit)
            .map(|(b, _)| b.clone())
            .collect();
        let listed: Vec<Vec<(usize, u8)>> = listed.iter().map(|l| cells(&l["placements"])).collect();
        assert_eq!(listed, within, "--all --plain --max-nodes {limit}: {what}");
        assert_eq!(last["status"], "gave up", "{what}");
        let first = &json_lines(&run(&["--json", "--order", "row", "--max-nodes", &limit.to_string()]))[0];
        match expected.found_at.first() {
            Some(&at) if at <= limit => assert_eq!(first["nodes"].as_u64(), Some(at), "{what}"),
            _ => assert_eq!(
                (&first["status"], first["nodes"].as_u64()),
                (&Value::from("gave up"), Some(limit)),
                "{what}"
            ),
        }
    }

    let distinct = &json_lines(&run(&["--distinct", "--json"]))[0];
    let orbits = if clued {
        pictures
    } else {
        testing::orbits(&expected.pictures, puzzle.rows(), puzzle.cols(), puzzle.rotate())
    };
    assert_eq!(distinct["solutions"].as_u64(), Some(orbits), "--distinct: {what}");
    let order = ["row", "column", "diagonal", "spiral", "frame-first", "snake"][rng.below(6)];
    let distinct = &json_lines(&run(&["--distinct", "--json", "--order", order]))[0];
    assert_eq!(distinct["solutions"].as_u64(), Some(orbits), "--distinct --order {order}: {what}");
    assert_eq!(distinct["order"], order, "{what}");

    // Work units at a random depth, in a random mode and order (or the default), with or
    // without --all, merged.
    let plain_units = rng.below(2) == 0;
    let with_all = rng.below(3) == 0;
    let unit_order = ["", "auto", "row", "column", "diagonal", "spiral", "frame-first", "snake"][rng.below(8)];
    let mut mode: Vec<&str> = Vec::new();
    if plain_units {
        mode.push("--plain");
    }
    if !unit_order.is_empty() {
        mode.extend(["--order", unit_order]);
    }
    let cells_n = puzzle.rows() * puzzle.cols();
    let mut depth = rng.below(cells_n);
    let units = loop {
        let units = run(&[&["--split", &depth.to_string()][..], &mode].concat());
        if units.lines().count() <= 25 || depth == 0 {
            break units;
        }
        depth /= 2;
    };
    let mut results = String::new();
    for unit in units.lines() {
        let mut extra = vec!["--unit", unit];
        extra.extend(&mode);
        if with_all {
            extra.push("--all");
        }
        results += &run(&extra);
    }
    let results_file = dir.join("results.jsonl");
    std::fs::write(&results_file, results).unwrap();
    let merged = &json_lines(&ok(&["merge", path(&results_file)]))[0];
    // The brute force's placements are those of the plain search in row order.
    let row = matches!(unit_order, "" | "row");
    let (solutions, nodes) =
        if plain_units { (expected.solutions, row.then_some(expected.placements)) } else { (pictures, None) };
    assert_eq!(merged["solutions"].as_u64(), Some(solutions), "merged units, depth {depth}: {what}");
    if let Some(nodes) = nodes {
        assert_eq!(merged["nodes"].as_u64(), Some(nodes), "merged placements, depth {depth}: {what}");
    }
    if with_all {
        let listed: Vec<Vec<(usize, u8)>> = merged["all"].as_array().unwrap().iter().map(cells).collect();
        // In the order `--all` gives them with the same options.
        let streamed: Vec<Vec<(usize, u8)>> = json_lines(&run(&[&["--all", "--json"][..], &mode].concat()))
            .iter()
            .filter_map(|line| line.get("placements").map(cells))
            .collect();
        assert_eq!(listed, streamed, "merged --all against --all, order {unit_order:?}, depth {depth}: {what}");
        if plain_units && matches!(unit_order, "" | "row") {
            assert_eq!(listed, expected.boards, "merged --all, depth {depth}: {what}");
        } else if plain_units {
            let mut sorted = listed.clone();
            sorted.sort();
            let mut boards = expected.boards.clone();
            boards.sort();
            assert_eq!(sorted, boards, "merged --all, order {unit_order}, depth {depth}: {what}");
        } else {
            let shown: BTreeSet<Vec<[u16; 4]>> = listed.iter().map(|b| picture(puzzle, b)).collect();
            assert_eq!((listed.len(), &shown), (expected.pictures.len(), &expected.pictures), "merged --all: {what}");
        }
    }
}

#[test]
fn colour_puzzles_through_every_mode_match_the_brute_force() {
    colour_rounds(0xc11_0012, 0..6);
}

/// The same on six more rounds, run by the harness on the other thread.
#[test]
fn colour_puzzles_through_every_mode_match_the_brute_force_on_more_rounds() {
    colour_rounds(0xc11_0013, 6..12);
}

/// Random colour puzzles of every shape of `SHAPES`, one per shape and round, through every mode.
fn colour_rounds(seed: u64, rounds: std::ops::Range<usize>) {
    let dir = tempfile::tempdir().unwrap();
    let mut with_clues = 0;
    let checked = testing::clued_rounds(seed, rounds, SHAPES, BRUTE_LIMIT, |case, rng| {
        let testing::CluedCase { round, rows, cols, puzzle, clues, expected } = case;
        let what = format!(
            "round {round}, {rows}x{cols}, framed {}, rotate {}:\n{}clues {clues:?}",
            puzzle.framed(),
            puzzle.rotate(),
            testing::puz_text(&puzzle)
        );
        check_colour(dir.path(), &puzzle, &clues, &expected, rng, &what);
        with_clues += usize::from(clues.iter().any(Option::is_some));
        true
    });
    assert!(checked >= 75 && with_clues >= 20, "{checked} {with_clues}");
}

/// The examples, through the binary: one-column boards count their solutions, and a
/// clued board's distinct count is its count.
#[test]
fn one_column_boards_and_clued_distinct_counts() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.puz");
    std::fs::write(&file, "1 2\n1 2 3 4\n3 5 6 7\n").unwrap();
    // Piece 0 over piece 1, or both turned twice in the other order.
    assert_eq!(ok(&["edge", "--count", path(&file)]), "2\n");
    assert!(ok(&["edge", "--count", "--plain", path(&file)]).starts_with("2\n"));
    std::fs::write(&file, "1 4\n2 2 2 1\n2 1 2 3\n2 2 2 3\n2 1 2 1\n").unwrap();
    let puzzle = edge_match::parse::parse_puz(&std::fs::read_to_string(&file).unwrap(), &Default::default()).unwrap();
    let expected = testing::brute_colour(&puzzle, &[], BRUTE_LIMIT);
    assert_eq!((expected.pictures.len(), expected.solutions), (356, 712));
    assert_eq!(ok(&["edge", "--count", path(&file)]), "356\n");
    assert!(ok(&["edge", "--count", "--plain", path(&file)]).starts_with("712\n"));
    // A framed column of three; a clue on its top cell leaves one board, not up to turns.
    std::fs::write(&file, "1 3\n1 0 0 0\n0 0 2 0\n2 0 1 0\n").unwrap();
    let clue = dir.path().join("a.clue");
    std::fs::write(&clue, "1 0 0 0\n").unwrap();
    assert_eq!(ok(&["edge", "--count", path(&file)]), "2\n");
    assert_eq!(ok(&["edge", "--distinct", path(&file)]), "1\n");
    assert_eq!(ok(&["edge", "--count", "--clue", path(&clue), path(&file)]), "1\n");
    assert_eq!(ok(&["edge", "--distinct", "--clue", path(&clue), path(&file)]), "1\n");
}

/// The modes every format shares, on a marks puzzle against its brute force: `.sol` output and
/// `--verify`, a clue (the plain count and the first solution among the boards that keep it),
/// work units merged, and `--best` (a complete board exactly when there is a solution).
fn check_marks_modes(dir: &Path, args: &[&str], expected: &Brute<Mark>, rng: &mut SplitMix64, what: &str) {
    let (rows, cols) = {
        let size: Vec<usize> = args[2].split('x').map(|n| n.parse().unwrap()).collect();
        (size[0], size[1])
    };
    let run = |extra: &[&str]| ok(&[args, extra].concat());
    // The first solution written as `.sol` lines passes the checker; a piece turned does not.
    if let Some(first) = expected.first() {
        let sol = dir.join("first.sol");
        run(&["--sol", path(&sol)]);
        let written = std::fs::read_to_string(&sol).unwrap();
        let lines: Vec<String> =
            first.iter().enumerate().map(|(cell, (p, r))| format!("{p} {} {} {r}", cell % cols, cell / cols)).collect();
        assert_eq!(written.lines().collect::<Vec<_>>(), lines, "--sol: {what}");
        assert_eq!(run(&["--verify", path(&sol)]), "ok\n", "--verify: {what}");
        // Turning a piece that shows four different marks breaks a join (or is not allowed).
        let turned: Vec<String> = first
            .iter()
            .enumerate()
            .map(|(cell, (p, r))| format!("{p} {} {} {}", cell % cols, cell / cols, (r + 2) % 4))
            .collect();
        std::fs::write(&sol, turned.join("\n")).unwrap();
        let verdict = common::puzzle(&[args, &["--verify", path(&sol)]].concat(), "");
        let turned_board: Vec<(usize, u8)> = first.iter().map(|&(p, r)| (p, (r + 2) % 4)).collect();
        let still_solves = expected.boards.contains(&turned_board);
        assert_eq!(verdict.code == 0, still_solves, "--verify of a turned board: {}: {what}", verdict.stderr);
    }
    // One cell of a random board (or of a random piece) fixed by a clue.
    let cells_n = rows * cols;
    let cell = rng.below(cells_n);
    let clue = match expected.boards.is_empty() {
        false if rng.below(3) != 0 => expected.boards[rng.below(expected.boards.len())][cell],
        _ => (rng.below(cells_n), if args.contains(&"--no-rotate") { 0 } else { rng.below(4) as u8 }),
    };
    let clue_file = dir.join("marks.clue");
    std::fs::write(&clue_file, format!("{} {} {} {}\n", clue.0, cell % cols, cell / cols, clue.1)).unwrap();
    let keeping: Vec<&Vec<(usize, u8)>> = expected.boards.iter().filter(|b| b[cell] == clue).collect();
    let clued = &json_lines(&run(&["--clue", path(&clue_file), "--count", "--plain", "--json"]))[0];
    assert_eq!(clued["solutions"].as_u64(), Some(keeping.len() as u64), "--clue {clue:?} at {cell}: {what}");
    let first = &json_lines(&run(&["--clue", path(&clue_file), "--json"]))[0];
    let found = (!first["placements"].is_null()).then(|| cells(&first["placements"]));
    assert_eq!(found.as_ref(), keeping.first().copied(), "--clue first solution: {what}");
    // Work units at a random depth, merged, add up to the count.
    let plain = rng.below(2) == 0;
    let mode: &[&str] = if plain { &["--plain"] } else { &[] };
    let depth = rng.below(cells_n).to_string();
    let units = run(&[&["--split", &depth][..], mode].concat());
    let results: String = units.lines().map(|unit| run(&[&["--unit", unit][..], mode].concat())).collect();
    let results_file = dir.join("marks-results.jsonl");
    std::fs::write(&results_file, results).unwrap();
    let merged = &json_lines(&ok(&["merge", path(&results_file)]))[0];
    let solutions = if plain { expected.solutions } else { expected.pictures.len() as u64 };
    assert_eq!(merged["solutions"].as_u64(), Some(solutions), "marks units at depth {depth}: {what}");
    // --best: every join matches exactly when the puzzle has a solution.
    let best = json_lines(&run(&["--best", "--json", "--jobs", "1", "--max-nodes", "2000000"]));
    let last = best.iter().rev().find(|line| line.get("edges_matching").is_some()).expect("a best board");
    let complete = last["edges_matching"] == last["edges"];
    assert_eq!(complete, !expected.boards.is_empty(), "--best: {last}: {what}");
}

#[test]
fn marks_puzzles_match_the_brute_force() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("marks.txt");
    let shapes: Vec<(usize, usize)> = SHAPES.iter().copied().filter(|&(r, c)| r * c <= 9).collect();
    let checked = testing::rounds_of_shapes(0x3a75_0012, 0..6, &shapes, |round, rows, cols, rng| {
        let rotate = rng.below(3) != 0;
        let text = testing::random_marks_text(rows, cols, 1 + rng.below(3) as u8, rotate, rng);
        std::fs::write(&file, &text).unwrap();
        let options = edge_match::parse::ParseOptions { size: Some((rows, cols)), rotate };
        let puzzle = edge_match::parse::parse_puzzle(&text, &options).unwrap();
        let expected = testing::brute_marks(&puzzle, BRUTE_LIMIT);
        if expected.gave_up {
            return false;
        }
        let what = format!("round {round}, {rows}x{cols}, rotate {rotate}:\n{text}");
        let size = format!("{rows}x{cols}");
        let mut args = vec!["edge", "--size", &size, path(&file)];
        if !rotate {
            args.push("--no-rotate");
        }
        let first = &json_lines(&ok(&[&args[..], &["--json"]].concat()))[0];
        let found = (!first["placements"].is_null()).then(|| cells(&first["placements"]));
        assert_eq!(found.as_ref(), expected.first(), "marks first solution: {what}");
        let count = &json_lines(&ok(&[&args[..], &["--count", "--json"]].concat()))[0];
        assert_eq!(count["solutions"].as_u64(), Some(expected.pictures.len() as u64), "marks --count: {what}");
        assert_eq!(first["nodes"].as_u64(), Some(expected.found_at.first().copied().unwrap_or(expected.placements)));
        let plain = &json_lines(&ok(&[&args[..], &["--count", "--plain", "--json"]].concat()))[0];
        let plain = (plain["solutions"].as_u64(), plain["nodes"].as_u64());
        assert_eq!(plain, (Some(expected.solutions), Some(expected.placements)), "marks --count --plain: {what}");
        let boards = listed(&ok(&[&args[..], &["--all", "--plain", "--json"]].concat()));
        assert_eq!(boards, expected.boards, "marks --all --plain: {what}");
        let all = listed(&ok(&[&args[..], &["--all", "--json"]].concat()));
        let pictures: BTreeSet<Vec<[edge_match::parse::Mark; 4]>> = all
            .iter()
            .map(|board| {
                let turned = |&(piece, turns): &(usize, u8)| {
                    let rotation = puzzle_core::Rotation::from_quarter_turns(usize::from(turns));
                    rotation.rotate_sides(edge_match::testing::marks_nwse(&puzzle)[piece])
                };
                board.iter().map(turned).collect()
            })
            .collect();
        assert_eq!((all.len(), &pictures), (expected.pictures.len(), &expected.pictures), "marks --all: {what}");
        // Up to turns of the whole board: the pictures with sides as codes in north east south
        // west order, for the brute force's orbits.
        let coded: BTreeSet<Vec<[u16; 4]>> = (expected.pictures.iter())
            .map(|picture| picture.iter().map(|[n, w, s, e]| [n, e, s, w].map(|m| m.code())).collect())
            .collect();
        // Other scan orders: the same counts, the same boards (in another order).
        let order = ["column", "diagonal", "spiral", "frame-first", "snake", "auto"][rng.below(6)];
        let count = &json_lines(&ok(&[&args[..], &["--count", "--json", "--order", order]].concat()))[0];
        assert_eq!(count["solutions"].as_u64(), Some(expected.pictures.len() as u64), "{order}: {what}");
        let mut boards = listed(&ok(&[&args[..], &["--all", "--plain", "--json", "--order", order]].concat()));
        boards.sort();
        let mut expected_boards = expected.boards.clone();
        expected_boards.sort();
        assert_eq!(boards, expected_boards, "marks --all --plain --order {order}: {what}");
        let distinct = &json_lines(&ok(&[&args[..], &["--distinct", "--json"]].concat()))[0];
        let orbits = testing::orbits(&coded, rows, cols, rotate);
        assert_eq!(distinct["solutions"].as_u64(), Some(orbits), "marks --distinct: {what}");
        let distinct = &json_lines(&ok(&[&args[..], &["--distinct", "--json", "--order", order]].concat()))[0];
        assert_eq!(distinct["solutions"].as_u64(), Some(orbits), "marks --distinct --order {order}: {what}");
        check_marks_modes(dir.path(), &args, &expected, rng, &what);
        true
    });
    assert!(checked >= 50, "{checked}");
}
