//! Scan orders: the sequence in which a search fills a board's cells.

use std::fmt;
use std::str::FromStr;

use puzzle_core::text::excerpt;

/// The order in which cells are filled. Every order visits every cell once; solutions and their
/// count do not depend on it, only the size of the search tree does.
///
/// ```
/// use edge_match::Order;
///
/// assert_eq!("frame-first".parse::<Order>(), Ok(Order::FrameFirst));
/// assert_eq!(Order::Snake.name(), "snake");
/// assert!("sideways".parse::<Order>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// Row by row from the top-left, each row left to right (the plain search's order).
    Row,
    /// Column by column from the top-left, each column top to bottom.
    Column,
    /// Anti-diagonals from the top-left corner (cells with `row + col = k` for k = 0, 1, …),
    /// each from its top cell down: every cell off the first row and column meets two placed
    /// neighbours.
    Diagonal,
    /// Rings from the outside in, each clockwise from its top-left corner.
    Spiral,
    /// The outer ring clockwise from the top-left corner, then the inside row by row.
    FrameFirst,
    /// Rows taken two at a time, column by column, the upper cell before the lower one.
    Snake,
}

impl Order {
    /// Every order, in the order `auto` tries them (ties go to the earlier one).
    pub const ALL: [Order; 6] =
        [Order::Row, Order::Column, Order::Diagonal, Order::Spiral, Order::FrameFirst, Order::Snake];

    /// The order's name on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Order::Row => "row",
            Order::Column => "column",
            Order::Diagonal => "diagonal",
            Order::Spiral => "spiral",
            Order::FrameFirst => "frame-first",
            Order::Snake => "snake",
        }
    }

    /// Whether this order fills every cell after its north and west neighbours, so that the
    /// row engine's lists (keyed by north and west) and its tight loop serve it
    /// (the row engine's `Engine::in_order`).
    pub fn north_west_first(self) -> bool {
        matches!(self, Order::Row | Order::Column | Order::Diagonal | Order::Snake)
    }

    /// The cells (row-major indices) of a `rows` × `cols` board in this order.
    pub(crate) fn cells(self, rows: usize, cols: usize) -> Vec<usize> {
        let at = |r: usize, c: usize| r * cols + c;
        match self {
            Order::Row => (0..rows * cols).collect(),
            Order::Column => (0..cols).flat_map(|c| (0..rows).map(move |r| at(r, c))).collect(),
            Order::Diagonal => (0..rows + cols)
                .flat_map(|k| (0..rows).filter(move |&r| k >= r && k - r < cols).map(move |r| at(r, k - r)))
                .collect(),
            Order::Spiral => {
                let mut out = Vec::with_capacity(rows * cols);
                let mut ring = 0;
                while out.len() < rows * cols {
                    out.extend(ring_cells(ring, rows, cols));
                    ring += 1;
                }
                out
            }
            Order::FrameFirst => {
                let mut out = ring_cells(0, rows, cols);
                if rows > 2 && cols > 2 {
                    out.extend((1..rows - 1).flat_map(|r| (1..cols - 1).map(move |c| at(r, c))));
                }
                out
            }
            Order::Snake => (0..rows.div_ceil(2))
                .flat_map(|pair| {
                    let top = pair * 2;
                    (0..cols).flat_map(move |c| (top..(top + 2).min(rows)).map(move |r| at(r, c)))
                })
                .collect(),
        }
    }
}

/// The cells of ring `ring` (0 = the outer one) of a `rows` × `cols` board, clockwise from its
/// top-left corner; a ring of one row or one column is taken once.
fn ring_cells(ring: usize, rows: usize, cols: usize) -> Vec<usize> {
    let (top, left) = (ring, ring);
    if rows <= 2 * ring || cols <= 2 * ring {
        return Vec::new();
    }
    let (bottom, right) = (rows - 1 - ring, cols - 1 - ring);
    let at = |r: usize, c: usize| r * cols + c;
    let mut out: Vec<usize> = (left..=right).map(|c| at(top, c)).collect();
    out.extend((top + 1..=bottom).map(|r| at(r, right)));
    if bottom > top {
        out.extend((left..right).rev().map(|c| at(bottom, c)));
    }
    if right > left {
        out.extend((top + 1..bottom).rev().map(|r| at(r, left)));
    }
    out
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Order {
    type Err = String;

    fn from_str(s: &str) -> Result<Order, String> {
        Order::ALL.into_iter().find(|order| order.name() == s).ok_or_else(|| {
            let names: Vec<&str> = Order::ALL.iter().map(|order| order.name()).collect();
            format!("unknown order `{}` (expected one of {}, or auto)", excerpt(s), names.join(", "))
        })
    }
}

/// A side facing the border, in the links of [`north_west_links`].
pub(super) const NO_NEIGHBOUR: u32 = u32::MAX;

/// For `order` on a `rows` x `cols` board: per depth, the cell and the depths of its north and
/// west neighbours, or `None` when some cell comes before its north or west neighbour.
pub(super) fn north_west_links(order: Order, rows: usize, cols: usize) -> Option<(Vec<u32>, Vec<u32>, Vec<u32>)> {
    let cells = order.cells(rows, cols);
    let mut depth_of = vec![0usize; cells.len()];
    for (depth, &cell) in cells.iter().enumerate() {
        depth_of[cell] = depth;
    }
    let (mut north_at, mut west_at) = (Vec::with_capacity(cells.len()), Vec::with_capacity(cells.len()));
    for (depth, &cell) in cells.iter().enumerate() {
        let link = |neighbour: Option<usize>| match neighbour {
            None => Some(NO_NEIGHBOUR),
            Some(other) if depth_of[other] < depth => Some(depth_of[other] as u32),
            Some(_) => None,
        };
        north_at.push(link((cell >= cols).then(|| cell - cols))?);
        west_at.push(link((cell % cols != 0).then(|| cell - 1))?);
    }
    Some((cells.iter().map(|&cell| cell as u32).collect(), north_at, west_at))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every order visits every cell of every shape exactly once.
    #[test]
    fn every_order_is_a_permutation() {
        for rows in 1..7 {
            for cols in 1..7 {
                for order in Order::ALL {
                    let mut cells = order.cells(rows, cols);
                    cells.sort_unstable();
                    assert_eq!(cells, (0..rows * cols).collect::<Vec<_>>(), "{order} on {rows}x{cols}");
                }
            }
        }
    }

    /// [`Order::north_west_first`] says exactly which orders reach every cell after its north
    /// and west neighbours, on every shape.
    #[test]
    fn north_west_first_orders() {
        for order in Order::ALL {
            let holds = (1..7).all(|rows| {
                (1..7).all(|cols| {
                    let cells = order.cells(rows, cols);
                    let mut seen = vec![false; rows * cols];
                    cells.iter().all(|&cell| {
                        let ok = (cell < cols || seen[cell - cols]) && (cell % cols == 0 || seen[cell - 1]);
                        seen[cell] = true;
                        ok
                    })
                })
            });
            assert_eq!(holds, order.north_west_first(), "{order}");
        }
    }

    #[test]
    fn orders_on_a_three_by_three_board() {
        let check = |order: Order, expected: &[usize]| assert_eq!(order.cells(3, 3), expected, "{order}");
        check(Order::Column, &[0, 3, 6, 1, 4, 7, 2, 5, 8]);
        check(Order::Diagonal, &[0, 1, 3, 2, 4, 6, 5, 7, 8]);
        check(Order::Spiral, &[0, 1, 2, 5, 8, 7, 6, 3, 4]);
        check(Order::FrameFirst, &[0, 1, 2, 5, 8, 7, 6, 3, 4]);
        check(Order::Snake, &[0, 3, 1, 4, 2, 5, 6, 7, 8]);
        assert_eq!("frame-first".parse::<Order>(), Ok(Order::FrameFirst));
        assert!("zigzag".parse::<Order>().is_err());
    }
}
