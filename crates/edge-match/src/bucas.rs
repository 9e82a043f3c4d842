//! Links to the e2.bucas.name board viewer, the community's way of sharing Eternity II boards.
//!
//! The viewer reads a board from its address: `board_w` and `board_h`, then `board_edges`, four
//! letters per cell in row-major order from the top-left, the colours a cell shows on its north,
//! east, south and west sides as `a` + colour (so `a` is the grey frame), and `aaaa` for an empty
//! cell. `motifs_order=jblackwood` draws colour numbers with the motifs of Joshua Blackwood's
//! numbering of the Eternity II pieces, the one `e2.puz` uses.

use crate::model::{Placement, Puzzle, EAST, NORTH, SOUTH, WEST};

/// The viewer's address for a board of `puzzle` (one entry per cell, row-major, `None` for an
/// empty cell), shown under the title `name` (letters, digits and `_` kept, anything else
/// becomes `_`). `None` when the board is not framed or a colour has no letter (above 25).
///
/// ```
/// use edge_match::parse::{PuzOptions, parse_puz};
/// use edge_match::render::bucas_url;
/// use edge_match::Placement;
///
/// let puzzle = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// // Colours 0 and 1 are the letters `a` and `b`, four a cell, north, east, south, west.
/// let url = bucas_url(&puzzle, &[Some(Placement::new(0, 0)), Some(Placement::new(1, 0))], "two").unwrap();
/// assert!(url.contains("puzzle=two&board_w=2&board_h=1&board_edges=abaaaaab&"), "{url}");
/// ```
pub fn bucas_url(puzzle: &Puzzle, cells: &[Option<Placement>], name: &str) -> Option<String> {
    if !puzzle.framed() || cells.len() != puzzle.rows() * puzzle.cols() {
        return None;
    }
    let mut edges = String::with_capacity(cells.len() * 4);
    for cell in cells {
        match *cell {
            None => edges.push_str("aaaa"),
            Some(placement) => {
                let sides = puzzle.placed(placement);
                for side in [NORTH, EAST, SOUTH, WEST] {
                    let colour = u8::try_from(sides[side]).ok().filter(|&c| c < 26)?;
                    edges.push(char::from(b'a' + colour));
                }
            }
        }
    }
    let name: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    Some(format!(
        "https://e2.bucas.name/#puzzle={name}&board_w={}&board_h={}&board_edges={edges}&motifs_order=jblackwood",
        puzzle.cols(),
        puzzle.rows()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::PuzzleSpec;

    /// A framed 2x2 board: four corners, each written N E S W.
    fn two_by_two() -> Puzzle {
        let pieces = vec![[0, 1, 2, 0], [0, 0, 3, 1], [2, 4, 0, 0], [3, 0, 0, 4]];
        Puzzle::try_from(PuzzleSpec { rows: 2, cols: 2, pieces, framed: true, rotate: true }).unwrap()
    }

    #[test]
    fn cells_are_written_north_east_south_west_with_a_for_the_frame() {
        let puzzle = two_by_two();
        let cells: Vec<_> = (0..4).map(|piece| Some(Placement::new(piece, 0))).collect();
        let url = bucas_url(&puzzle, &cells, "my board.puz").unwrap();
        assert_eq!(
            url,
            "https://e2.bucas.name/#puzzle=my_board_puz&board_w=2&board_h=2&board_edges=abcaaadbceaadaae&motifs_order=jblackwood"
        );
    }

    #[test]
    fn empty_cells_are_blank_and_turns_are_applied() {
        let puzzle = two_by_two();
        // Piece 0 turned once counter-clockwise shows its east side (1) on the north.
        let cells = vec![Some(Placement::new(0, 1)), None, None, None];
        let url = bucas_url(&puzzle, &cells, "x").unwrap();
        assert!(url.contains("board_edges=bcaaaaaaaaaaaaaa&"), "{url}");
    }

    #[test]
    fn free_border_boards_have_no_link() {
        let pieces = vec![[1, 1, 1, 1]; 4];
        let puzzle = Puzzle::try_from(PuzzleSpec { rows: 2, cols: 2, pieces, framed: false, rotate: true }).unwrap();
        assert_eq!(bucas_url(&puzzle, &[None; 4], "x"), None);
    }
}
