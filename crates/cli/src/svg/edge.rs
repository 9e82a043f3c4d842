//! SVG pictures of edge-matching boards: each cell a square cut into four triangles, one per
//! side, filled by what the side shows, so that two touching sides that match look alike.
//!
//! Colour puzzles fill a side with its colour (colour 0 dark grey, the others from the shared
//! palette) and write the colour number on it, except on the frame. Marks puzzles fill a side by
//! its picture letter, the top and left halves in the full colour and the bottom and right halves
//! paler, and write the mark (`A+`) on it: a matching pair is one hue, once strong, once pale.
//! Each cell shows `piece,rotation` in its middle.

use edge_match::check::Solution;
use edge_match::parse::{Half, Mark};
use edge_match::{Placement, Puzzle};

use super::{palette, Document, Rgb, FRAME_GREY, MAX_DRAWN_CELLS};

/// The picture of a puzzle's first solution, or of its pieces as given when it has none.
pub(crate) fn board(puzzle: &Puzzle, solution: Option<&Solution>) -> String {
    let placements: Vec<Placement> = match solution {
        Some(solution) => solution.placements().to_vec(),
        None => (0..puzzle.pieces().len()).map(|piece| Placement::new(piece, 0)).collect(),
    };
    let pieces: Vec<DrawnPiece> = placements.iter().map(|&placement| drawn(puzzle, Some(placement))).collect();
    frame(puzzle).draw(solution.is_some(), &pieces)
}

/// The picture of a board (one entry per cell, row-major, empty cells blank) under `caption`,
/// as `--best` keeps it.
pub(crate) fn cells(puzzle: &Puzzle, cells: &[Option<Placement>], caption: &str) -> String {
    let pieces: Vec<DrawnPiece> = cells.iter().map(|&cell| drawn(puzzle, cell)).collect();
    frame(puzzle).draw_captioned(caption.to_owned(), &pieces)
}

/// Where the cells of `puzzle`'s picture lie: the board's top-left corner and the side of a cell,
/// in pixels (for pages that point at cells of the picture).
pub(crate) fn cell_grid(puzzle: &Puzzle) -> (i64, i64, i64) {
    (MARGIN, MARGIN + CAPTION, frame(puzzle).style.cell)
}

/// How a cell is drawn: its sides clockwise from north as the puzzle labels them (marks, or
/// colours), and `piece,rotation` in the middle; an empty cell blank.
fn drawn(puzzle: &Puzzle, cell: Option<Placement>) -> DrawnPiece {
    let Some(placement) = cell else {
        return DrawnPiece {
            sides: [(); 4].map(|()| Side { fill: Rgb(255, 255, 255), text: String::new() }),
            label: String::new(),
        };
    };
    // The model lists sides north, east, south, west, as the picture goes round.
    let codes = puzzle.placed(placement);
    let sides = match puzzle.marks() {
        Some(marks) => codes.map(|code| mark_side(marks[usize::from(code)])),
        None => codes.map(|colour| colour_side(colour, puzzle.framed())),
    };
    DrawnPiece { sides, label: placement.to_string() }
}

/// The board's outline and style: by marks or by colours.
fn frame(puzzle: &Puzzle) -> Board<'static> {
    let (kind, style) = if puzzle.marks().is_some() { ("marks", &MARKS_STYLE) } else { ("colour", &COLOUR_STYLE) };
    Board { rows: puzzle.rows(), cols: puzzle.cols(), kind, style }
}

/// How a marks side looks: the picture's colour, paler for the bottom and right halves.
fn mark_side(mark: Mark) -> Side {
    let colour = palette(usize::from(mark.letter() as u8 - b'A'));
    let fill = match mark.half() {
        Half::Top | Half::Left => colour,
        Half::Bottom | Half::Right => colour.tint(0.6),
    };
    Side { fill, text: mark.to_string() }
}

/// How a colour side looks: dark grey for colour 0, the palette for the others; the number is
/// left off the frame.
fn colour_side(colour: u16, framed: bool) -> Side {
    let fill = match colour {
        0 => FRAME_GREY,
        _ => palette(usize::from(colour) - 1),
    };
    let text = if framed && colour == edge_match::FRAME { String::new() } else { colour.to_string() };
    Side { fill, text }
}

/// One side of a drawn piece.
#[derive(Debug)]
struct Side {
    fill: Rgb,
    text: String,
}

/// A piece as drawn: its sides north, east, south, west (clockwise on the page) and its label.
#[derive(Debug)]
struct DrawnPiece {
    sides: [Side; 4],
    label: String,
}

/// Sizes in pixels for one kind of board.
#[derive(Debug)]
struct Style {
    cell: i64,
    side_font: i64,
    label_font: i64,
    /// How far in from the middle of its side a side's text stands, clear of the label.
    inset: i64,
}

const MARKS_STYLE: Style = Style { cell: 88, side_font: 15, label_font: 10, inset: 17 };
const COLOUR_STYLE: Style = Style { cell: 72, side_font: 13, label_font: 9, inset: 12 };

const MARGIN: i64 = 12;
/// The height of the caption line above the board.
const CAPTION: i64 = 26;
const CAPTION_FONT: i64 = 14;

/// A board to draw.
#[derive(Debug)]
struct Board<'a> {
    rows: usize,
    cols: usize,
    kind: &'static str,
    style: &'a Style,
}

impl Board<'_> {
    /// The picture: a caption, then `pieces` row-major, `cols` to a row.
    fn draw(&self, solved: bool, pieces: &[DrawnPiece]) -> String {
        let caption = if solved {
            "first solution (piece,rotation in each cell)".to_owned()
        } else {
            "no solution: the pieces as given (piece,rotation)".to_owned()
        };
        self.draw_captioned(caption, pieces)
    }

    /// The picture under `caption`: a caption, then `pieces` row-major, `cols` to a row.
    fn draw_captioned(&self, caption: String, pieces: &[DrawnPiece]) -> String {
        let (rows, cols) = (self.rows, self.cols);
        let caption = if rows.saturating_mul(cols) > MAX_DRAWN_CELLS {
            format!("{rows}x{cols} board: too large to draw (more than {MAX_DRAWN_CELLS} cells)")
        } else {
            caption
        };
        let title = format!("{} puzzle, {rows}x{cols}: {caption}", self.kind);
        let mut doc = Document::default();
        let caption_width = text_width(&caption, CAPTION_FONT);
        doc.text(MARGIN, MARGIN + CAPTION_FONT, &format!(r#"font-size="{CAPTION_FONT}""#), &caption);
        if rows.saturating_mul(cols) > MAX_DRAWN_CELLS {
            return doc.finish(caption_width + 2 * MARGIN, CAPTION + 2 * MARGIN, &title);
        }
        let cell = self.style.cell;
        let (width, height) = (cols as i64 * cell, rows as i64 * cell);
        let top = MARGIN + CAPTION;
        for (index, piece) in pieces.iter().enumerate() {
            let x = MARGIN + (index % cols.max(1)) as i64 * cell;
            let y = top + (index / cols.max(1)) as i64 * cell;
            self.draw_piece(&mut doc, x, y, piece);
        }
        doc.rect(MARGIN, top, width, height, r##"fill="none" stroke="#000000" stroke-width="2""##);
        doc.finish(width.max(caption_width) + 2 * MARGIN, top + height + MARGIN, &title)
    }

    /// One cell with its top-left corner at (`x`, `y`).
    fn draw_piece(&self, doc: &mut Document, x: i64, y: i64, piece: &DrawnPiece) {
        let Style { cell, side_font, label_font, inset } = *self.style;
        let centre = (x + cell / 2, y + cell / 2);
        let corners = [(x, y), (x + cell, y), (x + cell, y + cell), (x, y + cell)];
        let anchors =
            [(centre.0, y + inset), (x + cell - inset, centre.1), (centre.0, y + cell - inset), (x + inset, centre.1)];
        for (side_idx, side) in piece.sides.iter().enumerate() {
            let triangle = [corners[side_idx], corners[(side_idx + 1) % 4], centre];
            let fill = side.fill.hex();
            doc.polygon(&triangle, &format!(r##"fill="{fill}" stroke="#ffffff" stroke-width="1""##));
            if !side.text.is_empty() {
                let (tx, ty) = anchors[side_idx];
                let attrs = format!(
                    r#"font-size="{side_font}" font-weight="bold" fill="{}" text-anchor="middle" dominant-baseline="central""#,
                    side.fill.text_colour()
                );
                doc.text(tx, ty, &attrs, &side.text);
            }
        }
        doc.rect(x, y, cell, cell, r##"fill="none" stroke="#202020" stroke-width="1""##);
        let label_width = text_width(&piece.label, label_font) + 4;
        let label_height = label_font + 4;
        doc.rect(
            centre.0 - label_width / 2,
            centre.1 - label_height / 2,
            label_width,
            label_height,
            r##"rx="3" fill="#ffffff" fill-opacity="0.85""##,
        );
        let attrs =
            format!(r##"font-size="{label_font}" fill="#000000" text-anchor="middle" dominant-baseline="central""##);
        doc.text(centre.0, centre.1, &attrs, &piece.label);
    }
}

/// A generous estimate of the width of `text` at `font` pixels, for sizing boxes and pictures.
fn text_width(text: &str, font: i64) -> i64 {
    (text.chars().count() as i64 * font * 3 + 4) / 5
}

#[cfg(test)]
mod tests {
    use edge_match::check::check_solution;
    use edge_match::parse::{parse_puzzle, ParseOptions};

    use super::*;
    use crate::svg::tests::well_formed;

    const EXAMPLE: &str = "A* B* B/ C*\nB/ A* C/ C*\nC* A/ B/ B*\nA* C* B/ B*\nD+ C/ A* B/\n\
                           D+ A/ C/ D-\nD- A* A/ C/\nA* B/ C* D-\nD+ A/ A* B*\n";

    fn marks(input: &str, size: Option<(usize, usize)>, answer: Option<&[(usize, usize)]>) -> String {
        let puzzle = parse_puzzle(input, &ParseOptions { size, rotate: true }).unwrap();
        let solution = answer.map(|answer| {
            let placements: Vec<Placement> =
                (answer.iter()).map(|&(piece, turns)| Placement::new(piece, turns as u8)).collect();
            check_solution(&puzzle, &placements).unwrap()
        });
        board(&puzzle, solution.as_ref())
    }

    fn colour(input: &str, sol: Option<&str>) -> String {
        let puzzle = edge_match::parse::parse_puz(input, &edge_match::parse::PuzOptions::default()).unwrap();
        let solution = sol.map(|sol| {
            let lines = edge_match::parse::parse_sol(sol).unwrap();
            let cells = edge_match::parse::clue_cells(&puzzle, &lines).unwrap();
            let placements: Vec<Placement> = cells.into_iter().map(Option::unwrap).collect();
            edge_match::check::check_solution(&puzzle, &placements).unwrap()
        });
        board(&puzzle, solution.as_ref())
    }

    /// Checks that `svg` is well formed with `cells` cells (a background, a label box and a
    /// border per cell, the board's outline) and four triangles per cell, and contains `texts`.
    fn check(svg: &str, cells: usize, texts: &[&str]) {
        let counts = well_formed(svg);
        assert_eq!(counts.get("polygon").copied().unwrap_or(0), 4 * cells, "{svg}");
        let rects = if cells == 0 { 1 } else { 2 * cells + 2 };
        assert_eq!(counts.get("rect").copied().unwrap_or(0), rects, "{svg}");
        for text in texts {
            assert!(svg.contains(text), "{text:?} in\n{svg}");
        }
    }

    const SET1_3X3: &str = "3 3\n0 0 1 1\n0 0 1 2\n0 0 2 1\n0 0 2 2\n0 1 3 2\n0 1 4 1\n0 2 3 1\n0 2 4 2\n3 3 4 4\n";
    const SET1_3X3_SOL: &str = "2 0 0 1\n7 1 0 0\n3 2 0 0\n5 0 1 1\n8 1 1 3\n4 2 1 3\n1 0 2 2\n6 1 2 2\n0 2 2 3\n";

    #[test]
    fn boards_have_four_triangles_per_cell() {
        let answer = [(0, 2), (1, 1), (7, 3), (2, 3), (6, 2), (5, 0), (4, 1), (8, 0), (3, 3)];
        check(&marks(EXAMPLE, None, Some(&answer)), 9, &["first solution", ">C*</text>", ">7,3</text>"]);
        check(&marks(EXAMPLE, None, None), 9, &["no solution: the pieces as given", ">8,0</text>"]);
        check(&marks("A+ B+ C- D+\n", None, Some(&[(0, 1)])), 1, &[">D+</text>", ">0,1</text>"]);
        check(&colour(SET1_3X3, Some(SET1_3X3_SOL)), 9, &["colour puzzle, 3x3", ">4</text>", ">8,3</text>"]);
        check(&colour(SET1_3X3, None), 9, &["no solution"]);
    }

    #[test]
    fn the_frame_is_grey_and_unnumbered() {
        let svg = colour(SET1_3X3, Some(SET1_3X3_SOL));
        // Twelve sides face the outside on a 3x3 board.
        assert_eq!(svg.matches(&format!(r#"fill="{}" stroke"#, FRAME_GREY.hex())).count(), 12);
        assert!(!svg.contains(">0</text>"), "{svg}");
        // Without the frame, colour 0 is a colour like any other and is numbered.
        let puzzle = edge_match::parse::parse_puz(
            "1 1\n0 1 2 3\n",
            &edge_match::parse::PuzOptions { frame: Some(false), ..edge_match::parse::PuzOptions::default() },
        )
        .unwrap();
        let svg = board(&puzzle, None);
        check(&svg, 1, &[">0</text>", ">3</text>"]);
    }

    #[test]
    fn matching_marks_share_a_hue() {
        let top = mark_side(Mark::new('A', Half::Top).unwrap());
        let bottom = mark_side(Mark::new('A', Half::Bottom).unwrap());
        assert_eq!(top.fill.tint(0.6), bottom.fill);
        assert_ne!(top.fill, mark_side(Mark::new('B', Half::Top).unwrap()).fill);
        assert_eq!(mark_side(Mark::new('Z', Half::Right).unwrap()).text, "Z*");
    }

    #[test]
    fn snapshot_marks() {
        insta::assert_snapshot!(marks("A+ B/ C- D*\nC+ D/ E- A*\n", Some((1, 2)), Some(&[(0, 0), (1, 0)])));
    }

    #[test]
    fn snapshot_colour() {
        insta::assert_snapshot!(colour("2 1\n0 1 0 0\n0 0 0 1\n", Some("0 0 0 0\n1 1 0 0\n")));
    }
}
