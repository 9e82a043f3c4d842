//! SVG pictures of sliding boards: tiles as numbered rounded squares, the blank left empty. Each
//! board of the input gets a strip: its title, the first board, the last (goal) board when a
//! path reaches it, and the moves (at most [`MAX_DRAWN_MOVES`]), wrapped in groups of five;
//! strips are stacked in input order, at most [`MAX_STRIPS`] of them.

use puzzle_core::Direction;
use sliding::{Board, Verdict};

use super::{Document, MAX_DRAWN_CELLS};

/// The most boards of a batch drawn in one picture; the picture says how many more there were.
pub(crate) const MAX_STRIPS: usize = 20;

/// The most moves written under a board: a fast answer's path may have billions.
pub(crate) const MAX_DRAWN_MOVES: usize = 10_000;

/// What a picture (an SVG strip, an HTML page) shows of an answer: a path by its length and its
/// first moves, so that a fast answer's path of billions of moves is never held whole; a search
/// that gave up keeps its proven lower bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Pictured {
    Solved {
        n_moves: u64,
        /// The first moves read (all of them when the path is no longer).
        moves: Vec<Direction>,
    },
    Unsolvable,
    /// A limit stopped the search; the fewest moves are at least `lower_bound` (proven).
    GaveUp {
        lower_bound: Option<u64>,
    },
}

impl Pictured {
    /// What a picture shows of `outcome`, reading at most `read` of its moves, with the proven
    /// `lower_bound` of a search that gave up. `Err` says why a fast answer's moves read again are
    /// wrong (a bug).
    pub(crate) fn of(outcome: &Verdict, lower_bound: Option<u64>, read: usize) -> Result<Pictured, String> {
        Ok(match outcome {
            Verdict::Solved(path) => Pictured::Solved { n_moves: path.n_moves(), moves: path.first_moves(read)? },
            Verdict::Unsolvable => Pictured::Unsolvable,
            Verdict::GaveUp => Pictured::GaveUp { lower_bound },
        })
    }
}

/// The strips of one run, collected in input order as the answers are printed.
#[derive(Debug, Default)]
pub(crate) struct Strips {
    strips: Vec<Strip>,
    not_drawn: usize,
}

/// One board's strip.
#[derive(Debug)]
struct Strip {
    title: String,
    /// The boards to draw side by side, each with its caption.
    boards: Vec<(Board, &'static str)>,
    /// What happened, in words.
    note: String,
    /// The moves, when there are some.
    moves: Option<String>,
}

impl Strips {
    /// Adds the answer for board `number` (from 1) of the input: `outcome`, the library's, as
    /// the planner returned it, with its proven `lower_bound` (shown when the search gave up). `Err` says why a fast answer's moves read again are wrong (a bug).
    pub(crate) fn push_answer(
        &mut self,
        number: usize,
        label: Option<&str>,
        board: &Board,
        outcome: &Verdict,
        lower_bound: Option<u64>,
    ) -> Result<(), String> {
        // A board small enough to draw has its whole path read (its end is drawn), a larger one
        // only its first moves.
        let small = board.shape().n_cells() <= MAX_DRAWN_CELLS;
        let mut answer = Pictured::of(outcome, lower_bound, if small { usize::MAX } else { MAX_DRAWN_MOVES })?;
        let mut end = None;
        if let Pictured::Solved { moves, .. } = &mut answer {
            // The path was checked against the goal before it was printed, so it replays.
            end = small.then(|| board.replay(moves).ok()).flatten();
            moves.truncate(MAX_DRAWN_MOVES);
        }
        let (mut boards, mut note, mut moves) = (vec![(board.clone(), "start")], String::new(), None);
        match &answer {
            Pictured::Solved { n_moves: 0, .. } => {
                boards[0].1 = "start = goal";
                note.push_str("0 moves: the board is already the goal");
            }
            Pictured::Solved { n_moves, moves: first } => {
                if let Some(end) = end {
                    boards.push((end.clone(), "goal"));
                }
                let s = if *n_moves == 1 { "" } else { "s" };
                note = match first.len() as u64 == *n_moves {
                    true => format!("{n_moves} move{s} of the blank:"),
                    false => format!("{n_moves} move{s} of the blank, the first {} of them:", first.len()),
                };
                moves = Some(sliding::path_letters(first));
            }
            Pictured::Unsolvable => note.push_str("unsolvable: the goal cannot be reached"),
            Pictured::GaveUp { lower_bound: Some(bound) } => {
                note = format!(
                    "gave up: a limit stopped the search first; it proved that at least {bound} moves are needed"
                )
            }
            Pictured::GaveUp { lower_bound: None } => note.push_str("gave up: a limit stopped the search first"),
        }
        if board.shape().n_cells() > MAX_DRAWN_CELLS {
            note = format!("{} board, too large to draw; {note}", board.shape());
            boards.clear();
        }
        self.push(Strip { title: title(number, label), boards, note, moves });
        Ok(())
    }

    /// Adds a board that could not be read or answered, with the message printed for it.
    pub(crate) fn push_error(&mut self, number: usize, label: Option<&str>, message: &str) {
        self.push(Strip {
            title: title(number, label),
            boards: Vec::new(),
            note: format!("error: {message}"),
            moves: None,
        });
    }

    fn push(&mut self, strip: Strip) {
        if self.strips.len() < MAX_STRIPS {
            self.strips.push(strip);
        } else {
            self.not_drawn += 1;
        }
    }

    /// The picture: the strips one below the other.
    pub(crate) fn render(&self) -> String {
        let width = (self.strips.iter().map(Strip::boards_width).max().unwrap_or(0)).max(MIN_WIDTH);
        let mut doc = Document::default();
        let mut y = MARGIN;
        for (index, strip) in self.strips.iter().enumerate() {
            if index > 0 {
                doc.line(
                    (MARGIN, y - GAP / 2),
                    (MARGIN + width, y - GAP / 2),
                    r##"stroke="#c0c0c0" stroke-width="1""##,
                );
            }
            y = strip.draw(&mut doc, y, width) + GAP;
        }
        if self.not_drawn > 0 {
            let s = if self.not_drawn == 1 { "" } else { "s" };
            let note = format!("… and {} more board{s}, not drawn (at most {MAX_STRIPS} are)", self.not_drawn);
            doc.text(MARGIN, y + TEXT_FONT, &format!(r#"font-size="{TEXT_FONT}""#), &note);
            y += LINE + GAP;
        }
        let title = match self.strips.len() + self.not_drawn {
            0 => "no sliding boards".to_owned(),
            1 => {
                let note = self.strips.first().map_or("", |strip| strip.note.trim_end_matches(':'));
                format!("sliding board: {note}")
            }
            n => format!("{n} sliding boards"),
        };
        doc.finish(width + 2 * MARGIN, y - GAP + MARGIN, &title)
    }
}

fn title(number: usize, label: Option<&str>) -> String {
    match label {
        Some(label) => format!("board {number}: {label}"),
        None => format!("board {number}"),
    }
}

/// Pixels per tile, including the gap around it.
const TILE: i64 = 44;
/// The space between a tile and its neighbours or the board's edge.
const TILE_GAP: i64 = 3;
const MARGIN: i64 = 12;
/// Vertical space between strips.
const GAP: i64 = 16;
/// The space for the arrow from the first board to the last.
const ARROW: i64 = 48;
const TITLE_FONT: i64 = 15;
const TEXT_FONT: i64 = 13;
const CAPTION_FONT: i64 = 11;
/// The height of a line of text.
const LINE: i64 = 19;
/// The narrowest picture, so that the notes have room.
const MIN_WIDTH: i64 = 360;

impl Strip {
    /// The width of the boards and the arrow between them.
    fn boards_width(&self) -> i64 {
        let boards: i64 = self.boards.iter().map(|(board, _)| board_size(board).0).sum();
        boards + ARROW * (self.boards.len() as i64 - 1).max(0)
    }

    /// Draws the strip from `top` down in a picture `width` wide; returns the bottom.
    fn draw(&self, doc: &mut Document, top: i64, width: i64) -> i64 {
        let mut y = top;
        doc.text(MARGIN, y + TITLE_FONT, &format!(r#"font-size="{TITLE_FONT}" font-weight="bold""#), &self.title);
        y += LINE + 6;
        if !self.boards.is_empty() {
            let mut x = MARGIN;
            let tallest = self.boards.iter().map(|(board, _)| board_size(board).1).max().unwrap_or(0);
            for (index, (board, caption)) in self.boards.iter().enumerate() {
                if index > 0 {
                    let attrs = r##"font-size="28" fill="#505050" text-anchor="middle" dominant-baseline="central""##;
                    doc.text(x + ARROW / 2, y + tallest / 2, attrs, "→");
                    x += ARROW;
                }
                draw_board(doc, x, y, board);
                let (board_width, board_height) = board_size(board);
                let attrs = format!(r##"font-size="{CAPTION_FONT}" fill="#505050" text-anchor="middle""##);
                doc.text(x + board_width / 2, y + board_height + CAPTION_FONT + 4, &attrs, caption);
                x += board_width;
            }
            y += tallest + CAPTION_FONT + 10;
        }
        // A generous width per character, so that wrapped lines stay inside the picture.
        let chars = (width / 8).max(16) as usize;
        for line in wrap(&self.note, chars) {
            doc.text(MARGIN, y + TEXT_FONT, &format!(r#"font-size="{TEXT_FONT}""#), &line);
            y += LINE;
        }
        if let Some(moves) = &self.moves {
            let grouped: Vec<String> =
                moves.as_bytes().chunks(5).map(|c| String::from_utf8_lossy(c).into_owned()).collect();
            let attrs = format!(r#"font-size="{TEXT_FONT}" font-family="DejaVu Sans Mono, monospace""#);
            for line in wrap(&grouped.join(" "), chars) {
                doc.text(MARGIN, y + TEXT_FONT, &attrs, &line);
                y += LINE;
            }
        }
        y
    }
}

/// The width and height of a drawn board.
fn board_size(board: &Board) -> (i64, i64) {
    let shape = board.shape();
    (shape.cols() as i64 * TILE + TILE_GAP, shape.rows() as i64 * TILE + TILE_GAP)
}

/// A board with its top-left corner at (`x`, `y`): a tray, and a rounded square per tile.
fn draw_board(doc: &mut Document, x: i64, y: i64, board: &Board) {
    let (width, height) = board_size(board);
    doc.rect(x, y, width, height, r##"rx="6" fill="#9aa5b1" stroke="#52606d" stroke-width="1.5""##);
    let cols = board.shape().cols();
    let largest = board.shape().n_cells() - 1;
    let digits = largest.to_string().len() as i64;
    // As large as fits: a digit is about 0.6 of the font size wide.
    let font = (TILE * 10 / (7 * digits)).clamp(8, 20);
    let text_attrs = format!(
        r##"font-size="{font}" font-weight="bold" fill="#3b2f1e" text-anchor="middle" dominant-baseline="central""##
    );
    for (cell, &tile) in board.tiles().iter().enumerate() {
        if tile == 0 {
            continue;
        }
        let tile_x = x + TILE_GAP + (cell % cols) as i64 * TILE;
        let tile_y = y + TILE_GAP + (cell / cols) as i64 * TILE;
        let side = TILE - TILE_GAP;
        doc.rect(tile_x, tile_y, side, side, r##"rx="6" fill="#f6e7c1" stroke="#b08d57" stroke-width="1.5""##);
        doc.text(tile_x + side / 2, tile_y + side / 2, &text_attrs, &tile.to_string());
    }
}

/// `text` cut into lines of at most `width` characters at spaces (a word longer than a line
/// stands alone on its line).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use sliding::BoardSpec;

    use super::*;
    use crate::svg::tests::well_formed;

    fn board(rows: usize, cols: usize, tiles: &[u32]) -> Board {
        Board::try_from(BoardSpec { rows, cols, tiles: tiles.to_vec() }).unwrap()
    }

    /// Checks that `svg` is well formed with `trays` boards holding `tiles` tiles in all, and
    /// contains `texts`.
    fn check(svg: &str, trays: usize, tiles: usize, texts: &[&str]) {
        let counts = well_formed(svg);
        // The background, a tray per board and a rounded square per tile.
        assert_eq!(counts.get("rect").copied().unwrap_or(0), 1 + trays + tiles, "{svg}");
        assert_eq!(svg.matches(r##"fill="#f6e7c1""##).count(), tiles, "{svg}");
        for text in texts {
            assert!(svg.contains(text), "{text:?} in\n{svg}");
        }
    }

    fn check_wrap(text: &str, width: usize, expected: &[&str]) {
        assert_eq!(wrap(text, width), expected, "{text:?} at {width}");
    }

    #[test]
    fn wrapping() {
        check_wrap("", 10, &[]);
        check_wrap("UDLRU", 10, &["UDLRU"]);
        check_wrap("UDLRU UDLRU", 10, &["UDLRU", "UDLRU"]);
        check_wrap("UDLRU UDLRU", 11, &["UDLRU UDLRU"]);
        check_wrap("UDLRU UDLRU UD", 11, &["UDLRU UDLRU", "UD"]);
        check_wrap("averyveryverylongword x", 5, &["averyveryverylongword", "x"]);
    }

    #[test]
    fn a_solved_board_shows_start_goal_and_moves() {
        let start = board(3, 3, &[1, 0, 3, 4, 2, 5, 7, 8, 6]);
        let mut strips = Strips::default();
        let path = vec![Direction::South, Direction::East, Direction::South];
        strips.push_answer(1, None, &start, &Verdict::Solved(sliding::Path::Moves(path)), None).unwrap();
        check(&strips.render(), 2, 16, &["board 1", "3 moves", ">DRD</text>", ">start</text>", ">goal</text>", "→"]);
    }

    #[test]
    fn other_answers_show_one_board_and_a_note() {
        let goal = board(2, 2, &[1, 2, 3, 0]);
        let swapped = board(2, 2, &[2, 1, 3, 0]);
        let mut strips = Strips::default();
        strips.push_answer(1, Some("first"), &goal, &Verdict::Solved(sliding::Path::Moves(Vec::new())), None).unwrap();
        strips.push_answer(2, None, &swapped, &Verdict::Unsolvable, None).unwrap();
        strips.push_answer(3, None, &swapped, &Verdict::GaveUp, None).unwrap();
        strips.push_error(4, Some("<bad> & label"), "x.txt:4:1: tile 9 is out of range 0..8");
        let svg = strips.render();
        check(&svg, 3, 9, &["board 1: first", "already the goal", "unsolvable", "gave up", "error: x.txt:4:1"]);
        assert!(svg.contains("board 4: &lt;bad&gt; &amp; label"), "{svg}");
        assert_eq!(well_formed(&svg).get("line"), Some(&3), "a rule between strips");
        // A search that gave up with a proven bound says it.
        let mut strips = Strips::default();
        strips.push_answer(1, None, &swapped, &Verdict::GaveUp, Some(7)).unwrap();
        assert!(strips.render().contains("it proved that at least 7 moves are needed"), "{}", strips.render());
    }

    #[test]
    fn long_batches_and_huge_boards_are_cut_short() {
        let goal = board(2, 2, &[1, 2, 3, 0]);
        let mut strips = Strips::default();
        for number in 1..=MAX_STRIPS + 5 {
            strips.push_answer(number, None, &goal, &Verdict::Solved(sliding::Path::Moves(Vec::new())), None).unwrap();
        }
        check(&strips.render(), MAX_STRIPS, 3 * MAX_STRIPS, &["and 5 more boards, not drawn (at most 20 are)"]);
        let huge: Vec<u32> = (0..40 * 40).collect();
        let mut strips = Strips::default();
        strips.push_answer(1, None, &board(40, 40, &huge), &Verdict::GaveUp, None).unwrap();
        check(&strips.render(), 0, 0, &["40x40 board, too large to draw; gave up"]);
        // A long path on a board too large to draw: its length, and only its first moves.
        let path: Vec<Direction> = [Direction::North, Direction::South].repeat(MAX_DRAWN_MOVES);
        let mut strips = Strips::default();
        let huge = board(40, 40, &huge);
        let outcome = Verdict::Solved(sliding::Path::Moves(path));
        strips.push_answer(1, None, &huge, &outcome, None).unwrap();
        let svg = strips.render();
        check(&svg, 0, 0, &["<title>sliding board: 40x40 board, too large to draw; 20000 moves of the blank, the first 10000 of them</title>"]);
        assert_eq!(svg.matches("UDUDU").count() + svg.matches("DUDUD").count(), MAX_DRAWN_MOVES / 5);
    }

    #[test]
    fn long_paths_wrap_inside_the_picture() {
        let start = board(2, 2, &[1, 2, 3, 0]);
        // Up and down forever: 200 moves that end where they started.
        let path: Vec<Direction> = [Direction::North, Direction::South].repeat(100);
        let mut strips = Strips::default();
        strips.push_answer(1, None, &start, &Verdict::Solved(sliding::Path::Moves(path)), None).unwrap();
        let svg = strips.render();
        let longest = svg.lines().filter(|line| line.contains("monospace")).map(str::len).max().unwrap();
        let groups_per_line = (MIN_WIDTH / 8) as usize / 6;
        assert_eq!(svg.matches("UDUDU").count() + svg.matches("DUDUD").count(), 200 / 5, "{svg}");
        assert!(longest < 200, "lines are wrapped to about {groups_per_line} groups: {longest}");
    }

    #[test]
    fn snapshot_strip() {
        let mut strips = Strips::default();
        let start = board(2, 2, &[1, 2, 0, 3]);
        strips
            .push_answer(1, None, &start, &Verdict::Solved(sliding::Path::Moves(vec![Direction::East])), None)
            .unwrap();
        insta::assert_snapshot!(strips.render());
    }
}
