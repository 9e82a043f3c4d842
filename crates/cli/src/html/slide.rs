//! The data of a sliding page: each board of the input with its checked answer — the first
//! board, the moves, and the board they end on (the goal), found by replaying the moves here —
//! in input order. Boards of up to [`MAX_ANIMATED_CELLS`] cells are played move by move; larger
//! ones (a `--fast` answer of 1000×1000) are described, with their first moves listed, so that a
//! page never holds a huge board or billions of moves.

use serde_json::{json, Value};
use sliding::Board;

use crate::svg::slide::Pictured;

/// Boards with more cells than this are not animated: a 32×32 board is 1,024 tiles moving on the
/// page, and a 1000×1000 board would be a page of megabytes that no browser animates.
pub(crate) const MAX_ANIMATED_CELLS: usize = 1024;

/// The most moves a page holds, all its boards together (a byte each): past this, a board's
/// replay stops after its first moves and the page says so.
pub(crate) const MAX_PAGE_MOVES: usize = 2_000_000;

/// The moves listed (as letters) for a board too large to animate.
pub(crate) const MAX_LISTED_MOVES: usize = 10_000;

/// The most boards of a batch a page holds; it says how many more there were.
pub(crate) const MAX_PAGE_BOARDS: usize = 1000;

/// The boards of one page, in input order.
#[derive(Debug, Default)]
pub(crate) struct Boards {
    boards: Vec<Value>,
    /// Moves the page holds so far.
    moves_held: usize,
    not_shown: usize,
}

impl Boards {
    /// Adds the answer for board `number` (from 1) of the input: `outcome`, the library's, as the
    /// planner returned it, with its proven `lower_bound` (shown when the search gave up). The moves are replayed here, from `board`: the board they end on is the
    /// goal the page shows beside the replay, and a path that does not replay, or a fast answer's
    /// moves that are wrong when read again (bugs: they were checked before they were printed),
    /// are an internal error.
    pub(crate) fn push_answer(
        &mut self,
        number: usize,
        label: Option<&str>,
        board: &Board,
        outcome: &sliding::Verdict,
        lower_bound: Option<u64>,
    ) -> anyhow::Result<()> {
        if self.boards.len() == MAX_PAGE_BOARDS {
            self.not_shown += 1;
            return Ok(());
        }
        let shape = board.shape();
        let (rows, cols, n_cells) = (shape.rows(), shape.cols(), shape.n_cells());
        // Every move on a board small enough to animate, only the first ones on a larger one.
        let animated = n_cells <= MAX_ANIMATED_CELLS;
        let read = if animated { usize::MAX } else { MAX_LISTED_MOVES };
        let answer = &Pictured::of(outcome, lower_bound, read).map_err(anyhow::Error::msg)?;
        let mut entry = json!({
            "title": title(number, label),
            "rows": rows,
            "cols": cols,
            "animated": animated,
            "start": animated.then(|| board.tiles()),
            "goal": null,
            "moves": "",
            "n_moves": 0,
        });
        entry["summary"] = json!(match answer {
            Pictured::Solved { n_moves: 1, .. } => "1 move".to_owned(),
            Pictured::Solved { n_moves, .. } => format!("{n_moves} moves"),
            Pictured::Unsolvable => "unsolvable".to_owned(),
            Pictured::GaveUp { lower_bound: Some(bound) } => format!("gave up, at least {bound} moves"),
            Pictured::GaveUp { lower_bound: None } => "gave up".to_owned(),
        });
        // The board beside the goal is a replay only when there are moves to play; an unsolvable
        // board, or one whose search gave up, is shown as given.
        entry["caption"] = json!(match answer {
            Pictured::Solved { .. } => "the replay",
            Pictured::Unsolvable => "the board: unsolvable",
            Pictured::GaveUp { .. } => "the board: gave up",
        });
        let note = match answer {
            Pictured::Solved { n_moves, moves } => {
                let s = if *n_moves == 1 { "" } else { "s" };
                entry["n_moves"] = json!(n_moves);
                if animated {
                    anyhow::ensure!(moves.len() as u64 == *n_moves, "the page needs every move of the answer");
                    let end = board.replay(moves).map_err(|at| {
                        anyhow::anyhow!("the checked answer does not replay: move {} is off the board", at + 1)
                    })?;
                    entry["goal"] = json!(end.tiles());
                    let room = MAX_PAGE_MOVES - self.moves_held;
                    let held = moves.len().min(room);
                    self.moves_held += held;
                    entry["moves"] = json!(sliding::path_letters(&moves[..held]));
                    if held == moves.len() {
                        format!("{n_moves} move{s} of the blank")
                    } else {
                        format!(
                            "{n_moves} move{s} of the blank; the replay holds the first {held} (a page holds at most \
                             {MAX_PAGE_MOVES} moves in all); the goal beside is where all of them end"
                        )
                    }
                } else {
                    let listed = &moves[..moves.len().min(MAX_LISTED_MOVES)];
                    entry["moves"] = json!(sliding::path_letters(listed));
                    let which = if listed.len() as u64 == *n_moves {
                        "they are listed below".to_owned()
                    } else {
                        format!("the first {} are listed below", listed.len())
                    };
                    format!(
                        "a {shape} board ({n_cells} cells) is too large to animate here (at most \
                         {MAX_ANIMATED_CELLS} cells are): its answer of {n_moves} move{s} of the blank was replayed \
                         to the goal and checked; {which}"
                    )
                }
            }
            Pictured::Unsolvable => "unsolvable: the goal cannot be reached".to_owned(),
            Pictured::GaveUp { lower_bound: Some(bound) } => {
                format!("gave up: a limit stopped the search first; it proved that at least {bound} moves are needed")
            }
            Pictured::GaveUp { lower_bound: None } => "gave up: a limit stopped the search first".to_owned(),
        };
        entry["note"] = json!(note);
        self.boards.push(entry);
        Ok(())
    }

    /// Adds a board that could not be read or answered, with the message printed for it.
    pub(crate) fn push_error(&mut self, number: usize, label: Option<&str>, message: &str) {
        if self.boards.len() == MAX_PAGE_BOARDS {
            self.not_shown += 1;
            return;
        }
        self.boards.push(json!({
            "title": title(number, label),
            "animated": false,
            "note": format!("error: {message}"),
            "summary": "error",
            "moves": "",
            "n_moves": 0,
        }));
    }

    /// The page.
    pub(crate) fn render(&self) -> String {
        let title = match self.boards.len() + self.not_shown {
            1 => "puzzle slide: one board".to_owned(),
            n => format!("puzzle slide: {n} boards"),
        };
        let more = match self.not_shown {
            0 => String::new(),
            n => format!("… and {n} more boards, not shown (a page holds at most {MAX_PAGE_BOARDS})"),
        };
        super::page(&title, &json!({ "kind": "slide", "boards": self.boards, "more": more }))
    }
}

fn title(number: usize, label: Option<&str>) -> String {
    match label {
        Some(label) => format!("board {number}: {label}"),
        None => format!("board {number}"),
    }
}

#[cfg(test)]
mod tests {
    use puzzle_core::Direction;
    use sliding::{BoardSpec, Path, Verdict};

    use super::*;

    fn board(rows: usize, cols: usize, tiles: &[u32]) -> Board {
        Board::try_from(BoardSpec { rows, cols, tiles: tiles.to_vec() }).unwrap()
    }

    /// The data of a rendered page.
    fn page_data(html: &str) -> Value {
        let start = html.find(r#"<script type="application/json" id="data">"#).unwrap();
        let rest = &html[start..];
        serde_json::from_str(&rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()]).unwrap()
    }

    #[test]
    fn a_solved_board_holds_its_moves_and_the_goal_they_reach() {
        let start = board(3, 3, &[1, 0, 3, 4, 2, 5, 7, 8, 6]);
        let mut boards = Boards::default();
        let moves = vec![Direction::South, Direction::East, Direction::South];
        boards.push_answer(1, Some("a"), &start, &Verdict::Solved(Path::Moves(moves)), None).unwrap();
        let data = page_data(&boards.render());
        let entry = &data["boards"][0];
        assert_eq!(entry["title"], "board 1: a");
        assert_eq!(entry["moves"], "DRD");
        assert_eq!(entry["start"], json!([1, 0, 3, 4, 2, 5, 7, 8, 6]));
        // Worked by hand: the blank goes down, right, down.
        assert_eq!(entry["goal"], json!([1, 2, 3, 4, 5, 6, 7, 8, 0]));
        assert_eq!(entry["note"], "3 moves of the blank");
    }

    #[test]
    fn a_path_that_does_not_replay_is_an_internal_error() {
        let start = board(2, 2, &[1, 2, 3, 0]);
        let mut boards = Boards::default();
        let off = Verdict::Solved(Path::Moves(vec![Direction::South]));
        assert!(boards.push_answer(1, None, &start, &off, None).is_err());
    }

    #[test]
    fn huge_boards_and_long_batches_are_cut_short() {
        let tiles: Vec<u32> = (1..40 * 40).chain([0]).collect();
        let huge = board(40, 40, &tiles);
        let moves = [Direction::North, Direction::South].repeat(MAX_LISTED_MOVES);
        let mut boards = Boards::default();
        boards.push_answer(1, None, &huge, &Verdict::Solved(Path::Moves(moves)), None).unwrap();
        let data = page_data(&boards.render());
        let entry = &data["boards"][0];
        assert_eq!(entry["start"], Value::Null);
        assert_eq!(entry["animated"], false);
        assert_eq!(entry["moves"].as_str().unwrap().len(), MAX_LISTED_MOVES);
        assert!(entry["note"].as_str().unwrap().contains("too large to animate"), "{entry}");
        assert!(entry["note"].as_str().unwrap().contains("the first 10000 are listed"), "{entry}");

        let goal = board(2, 2, &[1, 2, 3, 0]);
        let mut boards = Boards::default();
        for number in 1..=MAX_PAGE_BOARDS + 2 {
            boards.push_answer(number, None, &goal, &Verdict::GaveUp, None).unwrap();
        }
        let data = page_data(&boards.render());
        assert_eq!(data["boards"].as_array().unwrap().len(), MAX_PAGE_BOARDS);
        assert_eq!(data["more"], "… and 2 more boards, not shown (a page holds at most 1000)");
    }

    #[test]
    fn the_page_holds_a_bounded_number_of_moves() {
        let start = board(2, 2, &[1, 2, 3, 0]);
        // Up and down: a long path that ends where it started.
        let moves = [Direction::North, Direction::South].repeat(MAX_PAGE_MOVES / 2 - 1);
        let mut boards = Boards::default();
        boards.push_answer(1, None, &start, &Verdict::Solved(Path::Moves(moves.clone())), None).unwrap();
        boards.push_answer(2, None, &start, &Verdict::Solved(Path::Moves(moves)), None).unwrap();
        let data = page_data(&boards.render());
        assert_eq!(data["boards"][0]["moves"].as_str().unwrap().len(), MAX_PAGE_MOVES - 2);
        assert_eq!(data["boards"][1]["moves"], "UD");
        assert!(data["boards"][1]["note"].as_str().unwrap().contains("the replay holds the first 2"));
        assert_eq!(data["boards"][1]["goal"], json!([1, 2, 3, 0]));
    }
}
