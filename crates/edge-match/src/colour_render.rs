//! ASCII pictures of colour boards, one box per cell, in the spirit of [`crate::render`].
//!
//! ```text
//! +-- 0 --+ +-- 0 --+
//! |       | |       |
//! 0  1,0  1 1  3,3  0
//! |       | |       |
//! +-- 2 --+ +-- 3 --+
//! ```
//!
//! Each box shows the colours its piece shows as placed: north in the top edge, west and east at
//! the ends of the middle line, south in the bottom edge, and `piece,rotation` in the middle.
//! Colours are right-aligned to the width of the puzzle's largest colour and the middle is wide
//! enough for the puzzle's largest piece index, so every box of a puzzle has the same size,
//! whatever is placed. Boxes are one space apart and rows follow each other directly, so a box's
//! east colour stands next to its neighbour's west colour and its south colour right above the
//! north colour of the box below. An empty cell of a partial board is a blank box.

use std::fmt::Write as _;

use crate::colour::{ColourPlacement, ColourPuzzle, EAST, NORTH, SOUTH, WEST};

/// A full board: `placements` one per cell, row-major from the top-left.
///
/// # Panics
///
/// If a placement names a piece `puzzle` does not have.
pub fn render_colour_solution(puzzle: &ColourPuzzle, placements: &[ColourPlacement]) -> String {
    let cells: Vec<Option<ColourPlacement>> = placements.iter().copied().map(Some).collect();
    render_partial(puzzle, &cells)
}

/// A partly filled board: `cells` one per cell, row-major from the top-left, `None` drawn as a
/// blank box.
///
/// # Panics
///
/// If a placement names a piece `puzzle` does not have.
pub fn render_partial(puzzle: &ColourPuzzle, cells: &[Option<ColourPlacement>]) -> String {
    let layout = Layout::new(puzzle);
    let mut text = String::new();
    for row in cells.chunks(puzzle.cols()) {
        for line in 0..BOX_LINES {
            let parts: Vec<String> = row.iter().map(|cell| layout.box_line(puzzle, *cell, line)).collect();
            // Every box line ends in `+`, `|` or a digit, so joining leaves no trailing space.
            let _ = writeln!(text, "{}", parts.join(" "));
        }
    }
    text
}

/// Lines of text per box.
const BOX_LINES: usize = 5;

/// The sizes every box of one puzzle shares.
struct Layout {
    /// Characters per colour: the digits of the largest colour.
    colour_width: usize,
    /// Characters between the box's two corners.
    inside: usize,
}

impl Layout {
    fn new(puzzle: &ColourPuzzle) -> Layout {
        let colour_width = digits(puzzle.n_colours() - 1);
        // The widest label is the last piece's index, a comma and a one-digit rotation.
        let label_width = digits(puzzle.pieces().len() - 1) + 2;
        // The middle line holds the west colour, two spaces, the label, two spaces and the east
        // colour; one more space when needed keeps the north and south colours exactly centred
        // between equal runs of dashes.
        let mut inside = label_width + 2 * colour_width + 2;
        if (inside - colour_width) % 2 == 1 {
            inside += 1;
        }
        Layout { colour_width, inside }
    }

    /// Line `line` (0 to 4) of the box for `cell`.
    fn box_line(&self, puzzle: &ColourPuzzle, cell: Option<ColourPlacement>, line: usize) -> String {
        let (inside, width) = (self.inside, self.colour_width);
        let Some(placement) = cell else {
            return match line {
                0 | 4 => format!("+{}+", "-".repeat(inside)),
                _ => format!("|{}|", " ".repeat(inside)),
            };
        };
        let sides = puzzle.oriented(placement.piece, placement.rotation);
        let dashes = "-".repeat((inside - width - 2) / 2);
        match line {
            0 => format!("+{dashes} {:>width$} {dashes}+", sides[NORTH]),
            2 => {
                let label = format!("{},{}", placement.piece, placement.rotation);
                let spare = inside + 2 - 2 * width - label.len();
                let (left, right) = (spare - spare / 2, spare / 2);
                format!(
                    "{:>width$}{}{label}{}{:>width$}",
                    sides[WEST],
                    " ".repeat(left),
                    " ".repeat(right),
                    sides[EAST]
                )
            }
            4 => format!("+{dashes} {:>width$} {dashes}+", sides[SOUTH]),
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
    use crate::colour::ColourSpec;

    /// Renders `cells` (`None` for an empty cell) on a `rows` by `cols` board of `pieces`; a
    /// full board also goes through [`render_colour_solution`], which must agree.
    fn check(rows: usize, cols: usize, pieces: &[[u16; 4]], cells: &[Option<(usize, u8)>], expected: &str) {
        let spec = ColourSpec { rows, cols, pieces: pieces.to_vec(), framed: true, rotate: true };
        let puzzle = ColourPuzzle::try_from(spec).unwrap();
        let cells: Vec<Option<ColourPlacement>> =
            cells.iter().map(|cell| cell.map(|(piece, rotation)| ColourPlacement { piece, rotation })).collect();
        let got = render_partial(&puzzle, &cells);
        assert_eq!(got, expected, "\n{got}");
        if let Some(placements) = cells.iter().copied().collect::<Option<Vec<ColourPlacement>>>() {
            assert_eq!(render_colour_solution(&puzzle, &placements), expected);
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
        let spec = ColourSpec { rows: 1, cols: 11, pieces, framed: false, rotate: true };
        let puzzle = ColourPuzzle::try_from(spec).unwrap();
        let mut cells = vec![None; 11];
        cells[0] = Some(ColourPlacement { piece: 0, rotation: 2 });
        cells[10] = Some(ColourPlacement { piece: 10, rotation: 3 });
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
}
