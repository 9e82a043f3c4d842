//! ASCII pictures of boards, one box per cell, for every puzzle: the sides labelled with the
//! puzzle's marks or colour numbers.
//!
//! ```text
//! +--- A* ---+ +--- B/ ---+        +-- 0 --+ +-- 0 --+
//! |          | |          |        |       | |       |
//! B*  (0,0) C* A*  (1,0) C*        0  1,0  1 1  3,3  0
//! |          | |          |        |       | |       |
//! +--- B/ ---+ +--- C/ ---+        +-- 2 --+ +-- 3 --+
//! ```
//!
//! Each box shows what its piece shows as placed: north in the top edge, west and east at the
//! ends of the middle line, south in the bottom edge, and the placement in the middle —
//! `(piece,rotation)` with marks (the seed assignment's boxes), `piece,rotation` with colours.
//! Colours are right-aligned to the width of the puzzle's largest colour, and the middle is wide
//! enough for the puzzle's largest piece index, so every box of a puzzle has the same size,
//! whatever is placed. Boxes are one space apart and rows follow each other directly, so a box's
//! east side stands next to its neighbour's west side and its south side right above the north
//! side of the box below, where a reader can check every match by eye. An empty cell of a
//! partial board is a blank box.
//!
//! [`bucas_url`] draws a board the other way: as a link to an online viewer.

use std::fmt::Write as _;

use puzzle_core::Rotation;

pub use crate::bucas::bucas_url;
use crate::model::{Placement, Puzzle, EAST, NORTH, SOUTH, WEST};

/// The pieces as given, unturned, in input order, laid out like the board.
///
/// ```
/// use edge_match::parse::{PuzOptions, parse_puz};
/// use edge_match::render::{render_pieces, render_solution};
/// use edge_match::Placement;
///
/// let puzzle = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// // Unturned in input order is exactly this board's solution.
/// let solution = [Placement::new(0, 0), Placement::new(1, 0)];
/// assert_eq!(render_pieces(&puzzle), render_solution(&puzzle, &solution));
/// ```
pub fn render_pieces(puzzle: &Puzzle) -> String {
    let cells: Vec<Option<Placement>> =
        (0..puzzle.pieces().len()).map(|piece| Some(Placement { piece, rotation: Rotation::R0 })).collect();
    render_partial(puzzle, &cells)
}

/// A full board: `placements` one per cell, row-major from the top-left.
///
/// # Panics
///
/// If a placement names a piece `puzzle` does not have.
///
/// ```
/// use edge_match::parse::{PuzOptions, parse_puz};
/// use edge_match::render::render_solution;
/// use edge_match::Placement;
///
/// let puzzle = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// let text = render_solution(&puzzle, &[Placement::new(0, 0), Placement::new(1, 0)]);
/// // One row of boxes is five lines; the middle one shows west, the placement, and east.
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines.len(), 5);
/// assert_eq!(lines[2], "0  0,0  1 1  1,0  0");
/// ```
pub fn render_solution(puzzle: &Puzzle, placements: &[Placement]) -> String {
    let cells: Vec<Option<Placement>> = placements.iter().copied().map(Some).collect();
    render_partial(puzzle, &cells)
}

/// A partly filled board: `cells` one per cell, row-major from the top-left, `None` drawn as a
/// blank box.
///
/// # Panics
///
/// If a placement names a piece `puzzle` does not have.
pub(crate) fn render_partial(puzzle: &Puzzle, cells: &[Option<Placement>]) -> String {
    let layout = Layout::new(puzzle);
    let mut text = String::new();
    for row in cells.chunks(puzzle.cols()) {
        for line in 0..BOX_LINES {
            let parts: Vec<String> = row.iter().map(|cell| layout.box_line(puzzle, *cell, line)).collect();
            // Every box line ends in `+`, `|` or a side's label, so joining leaves no trailing
            // space.
            let _ = writeln!(text, "{}", parts.join(" "));
        }
    }
    text
}

/// Lines of text per box.
const BOX_LINES: usize = 5;

/// The sizes every box of one puzzle shares, and how its labels are written.
struct Layout {
    /// Characters per side label: two for a mark, the digits of the largest colour.
    side_width: usize,
    /// Characters between the box's two corners.
    inside: usize,
    /// Whether the sides are marks (and the placement is written `(piece,rotation)`).
    marks: bool,
}

impl Layout {
    fn new(puzzle: &Puzzle) -> Layout {
        let marks = puzzle.marks().is_some();
        let piece_digits = digits(puzzle.pieces().len() - 1);
        // The widest placement label is the last piece's index, a comma and a one-digit rotation
        // (in brackets with marks); around it, spaces (one with marks, two with colours) before
        // the side labels at the ends of the middle line.
        let (side_width, label_width, gap) =
            if marks { (2, piece_digits + 4, 1) } else { (digits(puzzle.n_colours() - 1), piece_digits + 2, 2) };
        let mut inside = label_width + 2 * side_width + 2 * gap - 2;
        // One more space when needed keeps the north and south labels exactly centred between
        // equal runs of dashes.
        if (inside - side_width) % 2 == 1 {
            inside += 1;
        }
        Layout { side_width, inside, marks }
    }

    /// Line `line` (0 to 4) of the box for `cell`.
    fn box_line(&self, puzzle: &Puzzle, cell: Option<Placement>, line: usize) -> String {
        let (inside, width) = (self.inside, self.side_width);
        let Some(placement) = cell else {
            return match line {
                0 | 4 => format!("+{}+", "-".repeat(inside)),
                _ => format!("|{}|", " ".repeat(inside)),
            };
        };
        let sides = puzzle.placed(placement);
        let side = |s: usize| -> String {
            match puzzle.marks() {
                Some(marks) => marks[usize::from(sides[s])].to_string(),
                None => sides[s].to_string(),
            }
        };
        let dashes = "-".repeat((inside - width - 2) / 2);
        match line {
            0 => format!("+{dashes} {:>width$} {dashes}+", side(NORTH)),
            2 => {
                let label = if self.marks { format!("({placement})") } else { placement.to_string() };
                let spare = inside + 2 - 2 * width - label.len();
                let (left, right) = (spare - spare / 2, spare / 2);
                format!("{:>width$}{}{label}{}{:>width$}", side(WEST), " ".repeat(left), " ".repeat(right), side(EAST))
            }
            4 => format!("+{dashes} {:>width$} {dashes}+", side(SOUTH)),
            _ => format!("|{}|", " ".repeat(inside)),
        }
    }
}

/// How many decimal digits `n` has.
fn digits(n: usize) -> usize {
    n.to_string().len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_solution;
    use crate::model::PuzzleSpec;
    use crate::parse::{parse_puzzle, ParseOptions};

    /// Renders `cells` (`None` for an empty cell) on a `rows` by `cols` board of `pieces`; a
    /// full board also goes through [`render_solution`], which must agree.
    fn check(rows: usize, cols: usize, pieces: &[[u16; 4]], cells: &[Option<(usize, u8)>], expected: &str) {
        let spec = PuzzleSpec { rows, cols, pieces: pieces.to_vec(), framed: true, rotate: true };
        let puzzle = Puzzle::try_from(spec).unwrap();
        let cells: Vec<Option<Placement>> =
            cells.iter().map(|cell| cell.map(|(piece, rotation)| Placement::new(piece, rotation))).collect();
        let got = render_partial(&puzzle, &cells);
        assert_eq!(got, expected, "\n{got}");
        if let Some(placements) = cells.iter().copied().collect::<Option<Vec<Placement>>>() {
            assert_eq!(render_solution(&puzzle, &placements), expected);
        }
        assert!(got.lines().all(|line| !line.ends_with(' ')), "no trailing spaces");
        let widths: Vec<usize> = got.lines().map(str::len).collect();
        assert!(widths.iter().all(|&width| width == widths[0]), "{widths:?}");
    }

    /// A framed 2x2 board: each piece is a corner, listed turned away from its place.
    const CORNERS: [[u16; 4]; 4] = [[4, 3, 0, 0], [0, 1, 2, 0], [0, 0, 2, 4], [0, 3, 1, 0]];

    #[test]
    fn one_by_two() {
        let expected = "\
+-- 0 --+ +-- 0 --+
|       | |       |
0  0,0  1 1  1,2  0
|       | |       |
+-- 0 --+ +-- 0 --+
";
        check(1, 2, &[[0, 1, 0, 0], [0, 1, 0, 0]], &[Some((0, 0)), Some((1, 2))], expected);
    }

    #[test]
    fn two_by_two() {
        let expected = "\
+-- 0 --+ +-- 0 --+
|       | |       |
0  1,0  1 1  3,3  0
|       | |       |
+-- 2 --+ +-- 3 --+
+-- 2 --+ +-- 3 --+
|       | |       |
0  2,2  4 4  0,1  0
|       | |       |
+-- 0 --+ +-- 0 --+
";
        check(2, 2, &CORNERS, &[Some((1, 0)), Some((3, 3)), Some((2, 2)), Some((0, 1))], expected);
    }

    #[test]
    fn partial_boards_keep_the_box_size() {
        let expected = "\
+-- 0 --+ +-------+
|       | |       |
0  1,0  1 |       |
|       | |       |
+-- 2 --+ +-------+
+-------+ +-- 3 --+
|       | |       |
|       | 4  0,1  0
|       | |       |
+-------+ +-- 0 --+
";
        check(2, 2, &CORNERS, &[Some((1, 0)), None, None, Some((0, 1))], expected);
        let empty = "+-------+\n|       |\n|       |\n|       |\n+-------+\n";
        check(1, 1, &[[1, 2, 3, 4]], &[None], empty);
    }

    #[test]
    fn wide_colours_are_right_aligned() {
        // Colours up to 22 take two characters and eleven pieces take labels up to `10,3`.
        let mut pieces = vec![[5, 22, 7, 10]; 11];
        pieces[10] = [1, 2, 3, 4];
        let spec = PuzzleSpec { rows: 1, cols: 11, pieces, framed: false, rotate: true };
        let puzzle = Puzzle::try_from(spec).unwrap();
        let mut cells = vec![None; 11];
        cells[0] = Some(Placement::new(0, 2));
        cells[10] = Some(Placement::new(10, 3));
        let got = render_partial(&puzzle, &cells);
        let first = ["+---  7 ---+", "|          |", "22   0,2  10", "|          |", "+---  5 ---+"];
        let last = ["+---  4 ---+", "|          |", " 3  10,3   1", "|          |", "+---  2 ---+"];
        let empty = ["+----------+", "|          |", "|          |", "|          |", "+----------+"];
        let lines: Vec<&str> = got.lines().collect();
        assert_eq!(lines.len(), 5, "\n{got}");
        for (line, ((first, last), empty)) in lines.iter().zip(first.iter().zip(last).zip(empty)) {
            let middle = [empty; 9].join(" ");
            assert_eq!(*line, format!("{first} {middle} {last}"), "\n{got}");
        }
    }

    // Marks puzzles: the seed assignment's boxes.

    /// Renders the pieces of `input` when `placements` is empty, else the checked board.
    fn check_marks(input: &str, size: Option<(usize, usize)>, placements: &[(usize, usize)], expected: &str) {
        let puzzle = parse_puzzle(input, &ParseOptions { size, rotate: true }).unwrap();
        let got = if placements.is_empty() {
            render_pieces(&puzzle)
        } else {
            let placements: Vec<Placement> = placements
                .iter()
                .map(|&(piece, turns)| Placement { piece, rotation: Rotation::from_quarter_turns(turns) })
                .collect();
            render_solution(&puzzle, check_solution(&puzzle, &placements).unwrap().placements())
        };
        assert_eq!(got, expected, "\n{got}");
        assert!(got.lines().all(|line| !line.ends_with(' ')), "no trailing spaces");
        assert!(got.ends_with('\n'));
    }

    const MARKS_EXAMPLE: &str = "A* B* B/ C*\nB/ A* C/ C*\nC* A/ B/ B*\nA* C* B/ B*\nD+ C/ A* B/\n\
                           D+ A/ C/ D-\nD- A* A/ C/\nA* B/ C* D-\nD+ A/ A* B*\n";

    #[test]
    fn one_piece() {
        let expected = "\
+--- A+ ---+
|          |
B+  (0,0) D+
|          |
+--- C- ---+
";
        check_marks("A+ B+ C- D+", None, &[], expected);
        let turned = "\
+--- D+ ---+
|          |
A+  (0,1) C-
|          |
+--- B+ ---+
";
        check_marks("A+ B+ C- D+", None, &[(0, 1)], turned);
    }

    #[test]
    fn pieces_in_input_order() {
        let expected = "\
+--- A* ---+ +--- B/ ---+ +--- C* ---+
|          | |          | |          |
B*  (0,0) C* A*  (1,0) C* A/  (2,0) B*
|          | |          | |          |
+--- B/ ---+ +--- C/ ---+ +--- B/ ---+
+--- A* ---+ +--- D+ ---+ +--- D+ ---+
|          | |          | |          |
C*  (3,0) B* C/  (4,0) B/ A/  (5,0) D-
|          | |          | |          |
+--- B/ ---+ +--- A* ---+ +--- C/ ---+
+--- D- ---+ +--- A* ---+ +--- D+ ---+
|          | |          | |          |
A*  (6,0) C/ B/  (7,0) D- A/  (8,0) B*
|          | |          | |          |
+--- A/ ---+ +--- C* ---+ +--- A* ---+
";
        check_marks(MARKS_EXAMPLE, None, &[], expected);
        // The same pieces on a board of another shape are laid out in its columns.
        let two_by_one = "\
+--- A+ ---+
|          |
B+  (0,0) D+
|          |
+--- C- ---+
+--- C- ---+
|          |
D+  (1,0) B+
|          |
+--- A+ ---+
";
        check_marks("A+ B+ C- D+\nC- D+ A+ B+", Some((2, 1)), &[], two_by_one);
    }

    #[test]
    fn solved_board_lines_up_touching_marks() {
        let expected = "\
+--- B/ ---+ +--- C* ---+ +--- B/ ---+
|          | |          | |          |
C*  (0,2) B* B/  (1,1) C/ C*  (7,3) A*
|          | |          | |          |
+--- A* ---+ +--- A* ---+ +--- D- ---+
+--- A/ ---+ +--- A/ ---+ +--- D+ ---+
|          | |          | |          |
B/  (2,3) C* C/  (6,2) A* A/  (5,0) D-
|          | |          | |          |
+--- B* ---+ +--- D- ---+ +--- C/ ---+
+--- B/ ---+ +--- D+ ---+ +--- C* ---+
|          | |          | |          |
D+  (4,1) A* A/  (8,0) B* B/  (3,3) A*
|          | |          | |          |
+--- C/ ---+ +--- A* ---+ +--- B* ---+
";
        let answer = [(0, 2), (1, 1), (7, 3), (2, 3), (6, 2), (5, 0), (4, 1), (8, 0), (3, 3)];
        check_marks(MARKS_EXAMPLE, None, &answer, expected);
    }

    #[test]
    fn wide_labels_widen_every_box() {
        // Labels of up to six characters fit the standard box; `(100,0)` needs a wider one,
        // and then every box of the grid widens alike.
        let check_wide = |n_pieces: usize, first_top: &str, first_middle: &str, last_middle: &str| {
            let input = "A+ B+ C- D+\n".repeat(n_pieces);
            let options = ParseOptions { size: Some((1, n_pieces)), rotate: true };
            let got = render_pieces(&parse_puzzle(&input, &options).unwrap());
            let lines: Vec<&str> = got.lines().collect();
            assert_eq!(lines.len(), 5);
            assert!(lines[0].starts_with(first_top), "{}", lines[0]);
            assert!(lines[2].starts_with(first_middle), "{}", lines[2]);
            assert!(lines[2].ends_with(last_middle), "{}", lines[2]);
            let widths: Vec<usize> = lines.iter().map(|line| line.len()).collect();
            assert!(widths.iter().all(|&w| w == widths[0]), "{widths:?}");
            assert!(lines.iter().all(|line| !line.ends_with(' ')));
        };
        check_wide(11, "+--- A+ ---+ +--- A+ ---+", "B+  (0,0) D+ B+  (1,0) D+", "B+ (10,0) D+");
        check_wide(101, "+---- A+ ----+ +---- A+ ----+", "B+   (0,0)  D+ B+   (1,0)  D+", "B+  (100,0) D+");
    }

    #[test]
    fn partial_board_draws_an_empty_cell_blank() {
        let puzzle = crate::puz::parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &crate::puz::PuzOptions::default()).unwrap();
        let text = render_partial(&puzzle, &[None, Some(Placement::new(1, 0))]);
        assert_eq!(text.lines().count(), 5);
        assert!(text.contains("1,0") && !text.contains("0,0"));
    }
}
