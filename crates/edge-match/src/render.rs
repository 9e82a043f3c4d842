//! ASCII pictures of pieces and solved boards, one box per cell.
//!
//! ```text
//! +--- A* ---+ +--- B/ ---+
//! |          | |          |
//! B*  (0,0) C* A*  (1,0) C*
//! |          | |          |
//! +--- B/ ---+ +--- C/ ---+
//! ```
//!
//! Each box shows its north mark in the top edge, its west and east marks at the ends of the
//! middle line, its south mark in the bottom edge and `(piece,rotation)` in the middle. Boxes
//! are one space apart and rows follow each other directly, so on a solved board a box's east
//! mark stands right next to its neighbour's west mark and its south mark right above the north
//! mark of the box below, where a reader can check every match by eye.

use std::fmt::Write as _;

use puzzle_core::Rotation;

use crate::check::Solution;
use crate::puzzle::{Piece, Placement, Puzzle};

/// The pieces as given, unturned, in input order, laid out `cols` to a row like the board.
pub fn render_pieces(puzzle: &Puzzle) -> String {
    let boxes: Vec<(Piece, Placement)> = (puzzle.pieces().iter().enumerate())
        .map(|(piece, &sides)| (sides, Placement { piece, rotation: Rotation::R0 }))
        .collect();
    render_grid(puzzle.cols(), &boxes)
}

/// The solved board: each cell's piece turned as placed.
///
/// # Panics
///
/// If `solution` was checked against a puzzle with fewer pieces than `puzzle`.
pub fn render_solution(puzzle: &Puzzle, solution: &Solution) -> String {
    let boxes: Vec<(Piece, Placement)> = (solution.placements().iter())
        .map(|&placement| (puzzle.pieces()[placement.piece].rotated(placement.rotation), placement))
        .collect();
    render_grid(puzzle.cols(), &boxes)
}

/// Lines of text per box.
const BOX_LINES: usize = 5;

/// Draws `boxes` (each piece as shown, and its label) `cols` to a row.
fn render_grid(cols: usize, boxes: &[(Piece, Placement)]) -> String {
    let labels: Vec<String> = boxes.iter().map(|(_, placement)| placement.to_string()).collect();
    let widest = labels.iter().map(String::len).max().unwrap_or(0);
    // A space either side of the widest label, made even so that the north and south marks sit
    // exactly in the middle of their edges.
    let field = (widest + 2).next_multiple_of(2);
    let mut text = String::new();
    for (row_boxes, row_labels) in boxes.chunks(cols.max(1)).zip(labels.chunks(cols.max(1))) {
        for line in 0..BOX_LINES {
            let parts: Vec<String> = row_boxes
                .iter()
                .zip(row_labels)
                .map(|((piece, _), label)| box_line(piece, label, field, line))
                .collect();
            // Every box line ends in `+`, `|` or a mark, so joining leaves no trailing space.
            let _ = writeln!(text, "{}", parts.join(" "));
        }
    }
    text
}

/// Line `line` (0 to 4) of the box for `piece`, whose inside is `field + 2` characters wide.
fn box_line(piece: &Piece, label: &str, field: usize, line: usize) -> String {
    let [north, west, south, east] = piece.sides;
    // A space either side of the north and south marks keeps a `-` half apart from the edge.
    let dashes = "-".repeat(field / 2 - 1);
    match line {
        0 => format!("+{dashes} {north} {dashes}+"),
        2 => {
            let spare = field - label.len();
            let left = spare - spare / 2;
            format!("{west}{}{label}{}{east}", " ".repeat(left), " ".repeat(spare / 2))
        }
        4 => format!("+{dashes} {south} {dashes}+"),
        _ => format!("|{}|", " ".repeat(field + 2)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_solution;
    use crate::parse::{parse_puzzle, ParseOptions};

    /// Renders the pieces of `input` when `placements` is empty, else the checked board.
    fn check(input: &str, size: Option<(usize, usize)>, placements: &[(usize, usize)], expected: &str) {
        let puzzle = parse_puzzle(input, &ParseOptions { size, rotate: true }).unwrap();
        let got = if placements.is_empty() {
            render_pieces(&puzzle)
        } else {
            let placements: Vec<Placement> = placements
                .iter()
                .map(|&(piece, turns)| Placement { piece, rotation: Rotation::from_quarter_turns(turns) })
                .collect();
            render_solution(&puzzle, &check_solution(&puzzle, &placements).unwrap())
        };
        assert_eq!(got, expected, "\n{got}");
        assert!(got.lines().all(|line| !line.ends_with(' ')), "no trailing spaces");
        assert!(got.ends_with('\n'));
    }

    const EXAMPLE: &str = "A* B* B/ C*\nB/ A* C/ C*\nC* A/ B/ B*\nA* C* B/ B*\nD+ C/ A* B/\n\
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
        check("A+ B+ C- D+", None, &[], expected);
        let turned = "\
+--- D+ ---+
|          |
A+  (0,1) C-
|          |
+--- B+ ---+
";
        check("A+ B+ C- D+", None, &[(0, 1)], turned);
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
        check(EXAMPLE, None, &[], expected);
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
        check("A+ B+ C- D+\nC- D+ A+ B+", Some((2, 1)), &[], two_by_one);
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
        check(EXAMPLE, None, &answer, expected);
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
}
