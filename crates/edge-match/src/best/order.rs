//! The scan order of the record solvers: rows from the bottom-left corner, then the last rows
//! column by column, so that every cell meets its south and west neighbours already placed; or
//! a north-west order of the engines turned upside down.

use crate::engine::Order;

/// How many of the top rows are filled column by column on a board of `rows` rows: five of
/// sixteen as in Blackwood's order, scaled, none on boards of fewer than four rows.
fn column_rows(rows: usize) -> usize {
    if rows < 4 {
        0
    } else {
        ((rows * 5 + 8) / 16).clamp(2, rows - 1)
    }
}

/// The cells of `order` (one that fills every cell after its north and west neighbours, see
/// [`Order::north_west_first`]) turned upside down, so that every cell comes after its south and
/// west neighbours; `None` for another order.
pub(crate) fn upside_down(order: Order, rows: usize, cols: usize) -> Option<Vec<usize>> {
    let flip = |cell: usize| (rows - 1 - cell / cols) * cols + cell % cols;
    order.north_west_first().then(|| order.cells(rows, cols).into_iter().map(flip).collect())
}

/// The cells (row-major indices from the top-left) in scan order: the bottom row from the left,
/// the row above it, … up to the last `column_rows` rows, which are filled one column at a time
/// from the left, each column upwards.
pub(crate) fn scan_order(rows: usize, cols: usize) -> Vec<usize> {
    let top = column_rows(rows);
    let mut order = Vec::with_capacity(rows * cols);
    for row in (top..rows).rev() {
        order.extend((0..cols).map(|col| row * cols + col));
    }
    for col in 0..cols {
        order.extend((0..top).rev().map(|row| row * cols + col));
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_once_with_south_and_west_before() {
        for rows in 1..=17 {
            for cols in 1..=17 {
                let order = scan_order(rows, cols);
                let mut position = vec![usize::MAX; rows * cols];
                for (i, &cell) in order.iter().enumerate() {
                    assert_eq!(position[cell], usize::MAX);
                    position[cell] = i;
                }
                for (cell, &at) in position.iter().enumerate() {
                    let (row, col) = (cell / cols, cell % cols);
                    if row + 1 < rows {
                        assert!(position[cell + cols] < at, "{rows}x{cols} south of {cell}");
                    }
                    if col > 0 {
                        assert!(position[cell - 1] < at, "{rows}x{cols} west of {cell}");
                    }
                }
            }
        }
        assert_eq!(scan_order(16, 16)[..2], [240, 241]);
        assert_eq!(scan_order(16, 16)[176..178], [4 * 16, 3 * 16]);
    }

    #[test]
    fn upside_down_orders_have_south_and_west_first() {
        for rows in 1..=6 {
            for cols in 1..=6 {
                for order in Order::ALL {
                    let Some(cells) = upside_down(order, rows, cols) else {
                        assert!(!order.north_west_first());
                        continue;
                    };
                    let mut seen = vec![false; rows * cols];
                    for &cell in &cells {
                        let (row, col) = (cell / cols, cell % cols);
                        assert!(!seen[cell], "{order} {rows}x{cols}");
                        assert!(row + 1 == rows || seen[cell + cols], "{order} {rows}x{cols} south of {cell}");
                        assert!(col == 0 || seen[cell - 1], "{order} {rows}x{cols} west of {cell}");
                        seen[cell] = true;
                    }
                }
            }
        }
        assert_eq!(upside_down(Order::Row, 2, 3), Some(vec![3, 4, 5, 0, 1, 2]));
    }
}
