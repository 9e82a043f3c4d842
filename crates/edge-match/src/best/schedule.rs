//! The break schedule (how many mismatches the search may have made by each depth) and the
//! priority-colour curve (how many sides of the priority colours must be placed by each depth).

use std::fmt;

use puzzle_core::text::excerpt;

use crate::model::Puzzle;

/// The depths at which one more mismatch ("break") becomes allowed: by depth `d` (cells placed
/// in scan order, clues included) the search may have made as many mismatches as there are
/// entries at most `d`.
///
/// ```
/// use edge_match::best::Breaks;
///
/// let breaks = Breaks::parse("211,201").unwrap();
/// assert_eq!(breaks.depths(), [201, 211]);
/// // No mismatch before depth 201, one from there, two from 211.
/// assert_eq!([200, 201, 210, 211].map(|depth| breaks.allowed_at(depth)), [0, 1, 1, 2]);
/// assert_eq!(breaks.to_string(), "201,211");
/// assert_eq!(Breaks::parse("none").unwrap().total(), 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Breaks {
    depths: Vec<usize>,
}

/// Joshua Blackwood's schedule for Eternity II's 256 cells: no mismatch before depth 201, then
/// one more every few cells, ten by depth 239.
pub const RECORD_BREAKS: [usize; 10] = [201, 206, 211, 216, 221, 225, 229, 233, 237, 239];

/// Why a `--breaks` list is not a schedule.
///
/// ```
/// use edge_match::best::Breaks;
///
/// let err = Breaks::parse("201,later").unwrap_err();
/// assert!(err.to_string().contains("found `later`"), "{err}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BreaksError(String);

impl Breaks {
    /// A schedule from its depths (sorted here).
    pub(crate) fn new(mut depths: Vec<usize>) -> Breaks {
        depths.sort_unstable();
        Breaks { depths }
    }

    /// The default for a board of `cells` cells: [`RECORD_BREAKS`] scaled from 256 cells.
    pub(crate) fn record(cells: usize) -> Breaks {
        Breaks::new(RECORD_BREAKS.iter().map(|&d| d * cells / 256).collect())
    }

    /// Reads `none` or a comma-separated list of depths such as `201,206,211`.
    pub fn parse(text: &str) -> Result<Breaks, BreaksError> {
        let text = text.trim();
        if text.is_empty() || text == "none" {
            return Ok(Breaks::default());
        }
        let depths = text
            .split(',')
            .map(|part| {
                part.trim().parse::<usize>().map_err(|_| {
                    BreaksError(format!("expected `none` or depths like 201,206,211, found `{}`", excerpt(part.trim())))
                })
            })
            .collect::<Result<Vec<usize>, BreaksError>>()?;
        Ok(Breaks::new(depths))
    }

    /// The depths, ascending.
    pub fn depths(&self) -> &[usize] {
        &self.depths
    }

    /// Mismatches allowed among the first `depth + 1` cells of the scan order.
    pub fn allowed_at(&self, depth: usize) -> usize {
        self.depths.iter().filter(|&&d| d <= depth).count()
    }

    /// Mismatches allowed on a whole board.
    pub fn total(&self) -> usize {
        self.depths.len()
    }
}

impl fmt::Display for Breaks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.depths.is_empty() {
            return f.write_str("none");
        }
        let parts: Vec<String> = self.depths.iter().map(usize::to_string).collect();
        f.write_str(&parts.join(","))
    }
}

/// Blackwood's curve for Eternity II: `(depth, sides)` points of the least number of sides of
/// the priority colours placed by each depth, out of 122, up to depth 160.
const RECORD_CURVE: [(usize, usize); 6] = [(16, 0), (26, 28), (56, 71), (76, 89), (102, 106), (160, 119)];

/// The least number of priority-colour sides placed by each depth (`cells` entries, 0 where no
/// rate is enforced): [`RECORD_CURVE`] scaled from 256 cells and 122 sides to `cells` and
/// `priority_sides`.
pub(crate) fn min_rate(cells: usize, priority_sides: usize) -> Vec<u16> {
    let mut rate = vec![0u16; cells];
    if priority_sides == 0 {
        return rate;
    }
    let scale_depth = |d: usize| d as f64 * cells as f64 / 256.0;
    let scale_sides = |s: usize| s as f64 * priority_sides as f64 / 122.0;
    for (depth, slot) in rate.iter_mut().enumerate() {
        let x = depth as f64;
        for pair in RECORD_CURVE.windows(2) {
            let (x0, y0) = (scale_depth(pair[0].0), scale_sides(pair[0].1));
            let (x1, y1) = (scale_depth(pair[1].0), scale_sides(pair[1].1));
            if x > x0 && x <= x1 {
                *slot = (y0 + (x - x0) * (y1 - y0) / (x1 - x0)).floor() as u16;
            }
        }
    }
    rate
}

/// The default priority colours: Blackwood's choice for his 470 board, 13, 16 and 10 in the
/// numbering of `e2.puz` (13 a colour of the joins along the frame, 16 and 10 inner colours), on
/// a framed 16×16 board whose colours play those roles; none elsewhere, where the curve tuned for
/// Eternity II could cut every board.
///
/// ```
/// use edge_match::best::default_priority;
/// use edge_match::parse::{PuzOptions, parse_puz};
///
/// // A 2x1 board is not Eternity II's: no priority colours.
/// let puzzle = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// assert!(default_priority(&puzzle).is_empty());
/// ```
pub fn default_priority(puzzle: &Puzzle) -> Vec<u16> {
    if puzzle.rows() != 16 || puzzle.cols() != 16 || !puzzle.framed() || puzzle.n_colours() != 23 {
        return Vec::new();
    }
    // Colours on the sides next to a frame side: the joins between two border cells.
    let mut along_frame = [false; 23];
    let mut inner = [false; 23];
    for sides in puzzle.pieces() {
        for (i, &colour) in sides.iter().enumerate() {
            if colour == 0 {
                continue;
            }
            if sides[(i + 1) % 4] == 0 || sides[(i + 3) % 4] == 0 {
                along_frame[usize::from(colour)] = true;
            } else {
                inner[usize::from(colour)] = true;
            }
        }
    }
    if along_frame[13] && !inner[13] && inner[16] && !along_frame[16] && inner[10] && !along_frame[10] {
        vec![13, 16, 10]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breaks_parse_and_count() {
        let breaks = Breaks::parse("206, 201,211").unwrap();
        assert_eq!(breaks.depths(), [201, 206, 211]);
        assert_eq!(breaks.to_string(), "201,206,211");
        assert_eq!(breaks.allowed_at(200), 0);
        assert_eq!(breaks.allowed_at(201), 1);
        assert_eq!(breaks.allowed_at(210), 2);
        assert_eq!(breaks.allowed_at(1000), 3);
        assert_eq!(Breaks::parse("none").unwrap().total(), 0);
        assert!(Breaks::parse("1,x").is_err());
        assert_eq!(Breaks::record(256).depths(), RECORD_BREAKS);
        assert_eq!(Breaks::record(100).depths()[0], 78);
    }

    #[test]
    fn the_curve_follows_its_points() {
        let rate = min_rate(256, 122);
        assert_eq!(rate[16], 0);
        assert_eq!(rate[26], 28);
        assert_eq!(rate[160], 119);
        assert_eq!(rate[161], 0);
        assert!(rate[17..=160].windows(2).all(|w| w[0] <= w[1]));
        assert!(min_rate(100, 0).iter().all(|&r| r == 0));
    }

    /// A framed 16x16 board cut from a picture whose joins along the frame use `frame_joins`
    /// and whose inner joins use `inner`, in turn.
    fn board(frame_joins: &[u16], inner: &[u16]) -> Puzzle {
        let n = 16;
        let pick =
            |i: usize, border: bool| if border { frame_joins[i % frame_joins.len()] } else { inner[i % inner.len()] };
        let border = |r: usize, c: usize| r == 0 || c == 0 || r == n - 1 || c == n - 1;
        // Horizontal joins above cell (r, c), vertical joins left of cell (r, c).
        let h = |r: usize, c: usize| {
            if r == 0 || r == n {
                0
            } else {
                pick(r * 17 + c, (c == 0 || c == n - 1) && border(r, c))
            }
        };
        let v = |r: usize, c: usize| {
            if c == 0 || c == n {
                0
            } else {
                pick(r * 31 + c, (r == 0 || r == n - 1) && border(r, c))
            }
        };
        let pieces = (0..n * n).map(|cell| {
            let (r, c) = (cell / n, cell % n);
            [h(r, c), v(r, c + 1), h(r + 1, c), v(r, c)]
        });
        let spec = crate::model::PuzzleSpec { rows: n, cols: n, pieces: pieces.collect(), framed: true, rotate: true };
        Puzzle::try_from(spec).unwrap()
    }

    #[test]
    fn blackwoods_colours_only_where_they_play_his_roles() {
        let inner: Vec<u16> = (1..23).filter(|c| ![1, 5, 9, 13, 17].contains(c)).collect();
        assert_eq!(default_priority(&board(&[1, 5, 9, 13, 17], &inner)), [13, 16, 10]);
        let inner: Vec<u16> = (6..23).collect();
        assert_eq!(default_priority(&board(&[1, 2, 3, 4, 5], &inner)), Vec::<u16>::new());
    }
}
