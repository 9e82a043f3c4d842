//! `--svg FILE` run as a process: a picture for each kind of puzzle, the answers on stdout
//! unchanged, clear errors for a file that cannot be written, and the pictures in `docs/pictures`
//! up to date.

use crate::common::{self, TempDir};

/// Runs `puzzle ARGS` with and without `--svg FILE` and checks that the answers are the same
/// (but for timings in JSON) and the picture is an SVG document with `polygons` triangles that
/// contains `texts`.
fn check(args: &[&str], polygons: usize, texts: &[&str]) {
    let dir = TempDir::new(args[0]);
    let file = dir.path("picture.svg");
    let plain = common::puzzle(args, "");
    let drawn = common::puzzle(&[args, &["--svg", &file]].concat(), "");
    assert_eq!(drawn.code, 0, "{}", drawn.failure("draw"));
    assert_eq!(drawn.stderr, "", "{}", drawn.failure("no message"));
    if !args.contains(&"--json") {
        assert_eq!(drawn.stdout, plain.stdout, "answers unchanged");
    }
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.ends_with("</svg>\n"));
    assert_eq!(svg.matches("<polygon ").count(), polygons, "{svg}");
    for text in texts {
        assert!(svg.contains(text), "{text:?} in {svg}");
    }
}

#[test]
fn svg_draws_a_marks_solution() {
    check(&["edge", "fixtures/edge/example1.txt"], 4 * 9, &["first solution", ">7,3</text>", ">C*</text>"]);
}

#[test]
fn svg_draws_the_pieces_when_there_is_no_solution() {
    check(&["edge", "fixtures/edge/no_solution.txt"], 4 * 9, &["no solution: the pieces as given"]);
}

#[test]
fn svg_draws_a_colour_solution() {
    check(&["edge", "fixtures/data/brendan_set1_03x03.puz"], 4 * 9, &["colour puzzle, 3x3", ">4</text>"]);
    check(&["edge", "--json", "fixtures/data/brendan_set1_03x03.puz"], 4 * 9, &["first solution"]);
}

#[test]
fn svg_draws_a_strip_per_sliding_board() {
    let texts = ["board 1", "board 5", "31 moves of the blank", "unsolvable", "→"];
    check(&["slide", "--path", "fixtures/slide/judge_b_extremes.txt"], 0, &texts);
    check(&["slide", "fixtures/slide/judge_a_sample1.txt"], 0, &["3 moves of the blank", ">DRD</text>"]);
}

#[test]
fn a_bad_board_of_a_batch_is_drawn_as_its_error() {
    let dir = TempDir::new("bad-board");
    let file = dir.path("picture.svg");
    let run = common::puzzle(&["slide", "--svg", &file], "1 2 3\n4 0 5\n\n0 2\n2 1\n");
    assert_eq!(run.code, 1, "{}", run.failure("a batch with a bad board"));
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.contains("board 1") && svg.contains("1 move of the blank"), "{svg}");
    assert!(svg.contains("board 2") && svg.contains("error: &lt;stdin&gt;:5:1: tile 2 appears twice"), "{svg}");
}

#[test]
fn a_picture_that_cannot_be_written_is_a_clear_error() {
    let dir = TempDir::new("unwritable");
    let missing_dir = dir.path("no/such/dir/picture.svg");
    for args in [
        vec!["edge", "fixtures/edge/example1.txt"],
        vec!["edge", "fixtures/data/brendan_set1_03x03.puz"],
        vec!["slide", "fixtures/slide/judge_a_sample1.txt"],
    ] {
        for target in [missing_dir.as_str(), dir.0.path().to_str().unwrap()] {
            let run = common::puzzle(&[&args[..], &["--svg", target]].concat(), "");
            assert_eq!(run.code, 1, "{}", run.failure("an unwritable picture"));
            let expected = format!("error: {target}: cannot write: ");
            assert!(run.stderr.starts_with(&expected), "{}", run.failure("the message"));
            assert_eq!(run.stderr.lines().count(), 1, "{}", run.failure("one line"));
        }
    }
}

#[test]
fn svg_is_only_for_the_first_solution_or_the_best_board() {
    for other in ["--count", "--all", "--distinct"] {
        let run = common::puzzle(&["edge", other, "--svg", "x.svg", "fixtures/data/brendan_set1_03x03.puz"], "");
        assert_eq!(run.code, 1, "{}", run.failure("--svg with another mode"));
        assert!(run.stderr.contains("cannot be used with"), "{}", run.stderr);
    }
}

/// The pictures in `docs/pictures`, each with the arguments that draw it.
const PICTURES: [(&str, &[&str]); 3] = [
    ("docs/pictures/marks.svg", &["edge", "fixtures/edge/example1.txt"]),
    ("docs/pictures/colour.svg", &["edge", "fixtures/data/brendan_set2_06x06.puz"]),
    ("docs/pictures/slide.svg", &["slide", "--path", "fixtures/slide/judge_b_extremes.txt"]),
];

#[test]
fn the_pictures_in_the_docs_are_up_to_date() {
    let dir = TempDir::new("docs");
    for (picture, args) in PICTURES {
        let file = dir.path("picture.svg");
        let run = common::puzzle(&[args, &["--svg", &file]].concat(), "");
        assert_eq!(run.code, 0, "{}", run.failure("draw"));
        let fresh = std::fs::read_to_string(&file).unwrap();
        let kept = std::fs::read_to_string(common::workspace_root().join(picture)).unwrap_or_default();
        assert!(
            fresh == kept,
            "{picture} is stale; redraw it with `cargo run -p cli -- {} --svg {picture}`",
            args.join(" ")
        );
    }
}
