//! How often a plan and its count build candidate tables: once for each table they need (the
//! estimator's, per order and corner probed, and the engine's with its corner split), never
//! again for the join or the count; and the counts they give, against the brute force.

use super::*;
use crate::engine::unique_corners;
use crate::testing::{brute_colour, random_colour_puzzle, table_builds};

/// What `run` returns, with the candidate tables it built on this thread.
fn built<T>(run: impl FnOnce() -> T) -> (T, u64) {
    let before = table_builds();
    let out = run();
    (out, table_builds() - before)
}

/// Boards whose pieces turn: framed ones of two to four colours, with no corner piece unlike every
/// other, one, or several; and unframed 2×2 ones, which have none.
fn boards() -> Vec<Puzzle> {
    let shapes = [(2, 2), (3, 3), (3, 4), (4, 3), (4, 4)];
    (0..30u64)
        .map(|seed| {
            let (rows, cols) = shapes[seed as usize % shapes.len()];
            random_colour_puzzle(rows, cols, 2 + (seed % 3) as u16, seed % 10 != 5, true, seed)
        })
        .collect()
}

/// A plain count in row order builds the row engine's tables once: the join's planning and the
/// count use them.
#[test]
fn a_plain_count_builds_its_tables_once() {
    for puzzle in boards() {
        let solver = Solver::new(&puzzle);
        let (counts, builds) =
            built(|| solver.plan(Task::Count, Mode::Plain, None, false).count(&Limits::NONE, &|_, _, _| {}));
        let brute = brute_colour(&puzzle, &[], u64::MAX);
        assert_eq!((counts.solutions, counts.nodes), (brute.solutions, brute.placements));
        assert_eq!(builds, 1, "{}x{}", puzzle.rows(), puzzle.cols());
    }
}

/// A count of pictures builds each table it needs once: the estimator's (one per corner piece
/// probed, which serve the row order's estimate too, and one per other order `auto` estimates),
/// the engine's and the searches its corner reduces the count to, shared by the join's planning
/// and the count.
#[test]
fn a_count_of_pictures_builds_each_table_once() {
    let mut seen = [0; 3];
    for puzzle in boards() {
        let (corners, _) = unique_corners(&puzzle, &[]);
        let solver = Solver::new(&puzzle);
        let pictures = brute_colour(&puzzle, &[], u64::MAX).pictures.len() as u64;
        for pick in [OrderPick::Given(Order::Row), OrderPick::Auto] {
            let ((plan, counts), builds) = built(|| {
                let plan = solver.plan(Task::Count, Mode::Pictures, Some(pick), false);
                let counts = plan.count(&Limits::NONE, &|_, _, _| {});
                (plan, counts)
            });
            assert_eq!(counts.solutions, pictures);
            if !plan.order.north_west_first() {
                continue;
            }
            // The searches of one tree: with a corner pinned, one on a square board and two on an
            // oblong one (the corner top-left, then top-right).
            let searches = match plan.corner {
                Some(_) if puzzle.rows() != puzzle.cols() => 2,
                _ => 1,
            };
            let probed = if corners.len() > 1 { corners.len() as u64 * searches } else { 0 };
            let orders = match pick {
                OrderPick::Auto if probed > 0 => (Order::ALL.len() as u64 - 1) * searches,
                OrderPick::Auto => Order::ALL.len() as u64 * searches,
                OrderPick::Given(_) => 0,
            };
            let engine = if plan.corner.is_some() { 1 + searches } else { 1 };
            let what = format!("{}x{}, {pick:?}, {} corners", puzzle.rows(), puzzle.cols(), corners.len());
            assert_eq!(builds, probed + orders + engine, "{what}");
            seen[corners.len().min(2)] += 1;
        }
    }
    // Boards without a corner pinned, with one, and with several to choose from.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}
