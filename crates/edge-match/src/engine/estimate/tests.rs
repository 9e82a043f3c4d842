//! The estimator's pins against the builds they replace: probing one order's unpinned tables
//! with a corner's pins gives, bit for bit, the estimates of the tables built with that corner
//! pinned (the count's searches, `OrderedEngine::pinned_within`), since the probes meet the same
//! candidates in the same order and so make the same random choices; the row engine's tables
//! in an order it runs give the ordered engine's estimates; and the corner chosen and the
//! orders' estimates are those of the pinned builds.

use super::*;
use crate::engine::symmetry::unique_corners;
use crate::testing::{random_clued_case, random_colour_puzzle, SplitMix64};

/// An estimate with its mean as bits, so that equality is exact.
fn bits(estimate: Option<(f64, usize)>) -> Option<(u64, usize)> {
    estimate.map(|(nodes, made)| (nodes.to_bits(), made))
}

/// Framed boards whose pieces turn, square and oblong, of two to five colours, that have at
/// least one corner piece unlike every other, with those corners.
fn boards() -> Vec<(Puzzle, Vec<usize>)> {
    let shapes = [(3, 3), (4, 4), (3, 4), (4, 3), (3, 5), (5, 5), (4, 6)];
    (0..70u64)
        .map(|seed| {
            let (rows, cols) = shapes[seed as usize % shapes.len()];
            random_colour_puzzle(rows, cols, 2 + (seed % 4) as u16, true, true, seed)
        })
        .filter_map(|puzzle| {
            let (corners, _) = unique_corners(&puzzle, &[]);
            (!corners.is_empty()).then_some((puzzle, corners))
        })
        .collect()
}

/// Every probe of a pinned search, in both modes, with and without the tight loop's look-ahead,
/// in every order: the same estimate on the unpinned tables with the pin as on the pinned build.
#[test]
fn probes_with_a_pin_estimate_the_pinned_build_bit_for_bit() {
    let (mut square, mut oblong) = (0, 0);
    for (seed, (puzzle, corners)) in boards().into_iter().enumerate() {
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        for order in Order::ALL {
            let whole = OrderedEngine::build(&puzzle, &[], order, |_, _| true);
            let row = Engine::in_order(&puzzle, &[], order).filter(|_| order.north_west_first());
            for &corner in corners.iter().take(3) {
                let built = OrderedEngine::pinned_within(&puzzle, order, corner, &Limits::NONE).expect("no limits");
                let pins = Pin::searches(corner, rows, cols);
                assert_eq!(built.len(), pins.len());
                for (engine, &pin) in built.iter().zip(&pins) {
                    for mode in [Mode::Plain, Mode::Pictures] {
                        for tight in [false, order.north_west_first()] {
                            let probing = Probing { probes: 300, max_steps: u64::MAX, seed: seed as u64 };
                            let expected = probe(engine, Pin::NONE, mode, tight, probing, &Limits::NONE);
                            let pinned = probe(&whole, pin, mode, tight, probing, &Limits::NONE);
                            let what = format!("{rows}x{cols}, seed {seed}, {order}, corner {corner}, {mode:?}");
                            assert_eq!(bits(pinned), bits(expected), "{what}, tight {tight}");
                            if let Some(row) = &row {
                                let on_row = probe(row, pin, mode, tight, probing, &Limits::NONE);
                                assert_eq!(bits(on_row), bits(expected), "{what}, tight {tight}, row engine");
                            }
                            assert!(expected.is_some_and(|(nodes, _)| nodes > 0.0), "{what}");
                        }
                    }
                }
                *if rows == cols { &mut square } else { &mut oblong } += 1;
            }
        }
    }
    assert!(square > 30 && oblong > 30, "{square} square, {oblong} oblong");
}

/// Without a pin, with and without clues, on boards of every kind (framed or free, turning or
/// not, one row or column or several): the row engine's tables in an order it runs give the estimates of
/// the ordered engine's in that order, bit for bit.
#[test]
fn the_row_engine_estimates_as_the_ordered_engine() {
    let shapes = [(1, 4), (3, 1), (2, 2), (3, 3), (3, 4), (4, 3), (4, 4)];
    let (mut compared, mut with_clues) = (0, 0);
    for seed in 0..84u64 {
        let (rows, cols) = shapes[seed as usize % shapes.len()];
        // Half drawn with up to two clues (and a free border's colour 0 sometimes an ordinary
        // colour), half without, framed or free, turning or not.
        let (puzzle, clued) = match seed % 2 {
            0 => random_clued_case(rows, cols, &mut SplitMix64::new(seed), 20_000),
            _ => (
                random_colour_puzzle(rows, cols, 2 + (seed % 3) as u16, seed % 3 != 2, seed % 5 != 4, seed),
                Vec::new(),
            ),
        };
        for order in Order::ALL.into_iter().filter(|order| order.north_west_first()) {
            let row = Engine::in_order(&puzzle, &clued, order).expect("a north-west order");
            let ordered = OrderedEngine::new(&puzzle, &clued, order);
            for mode in [Mode::Plain, Mode::Pictures] {
                for tight in [false, true] {
                    let probing = Probing { probes: 200, max_steps: u64::MAX, seed };
                    let expected = probe(&ordered, Pin::NONE, mode, tight, probing, &Limits::NONE);
                    let on_row = probe(&row, Pin::NONE, mode, tight, probing, &Limits::NONE);
                    let what = format!("{rows}x{cols}, seed {seed}, {order}, {mode:?}, tight {tight}, {clued:?}");
                    assert_eq!(bits(on_row), bits(expected), "{what}");
                    compared += usize::from(expected.is_some_and(|(nodes, _)| nodes > 1.0));
                    with_clues += usize::from(!clued.is_empty());
                }
            }
        }
    }
    assert!(compared > 300 && with_clues > 100, "{compared}, {with_clues} with clues");
}

/// A plan's choices on the pinned builds, written plainly: each corner's pinned searches in row
/// order probed as `cheapest_corner` probes them (the first of the least), and an order's
/// estimate the sum of its pinned searches' estimates.
fn by_pinned_builds(puzzle: &Puzzle, corners: &[usize]) -> (usize, Vec<u64>) {
    let probing = Probing { probes: CORNER_PROBES, max_steps: CORNER_STEPS, seed: 0x5eed };
    let mut best: Option<(f64, usize)> = None;
    for &corner in corners {
        let engines = OrderedEngine::pinned_within(puzzle, Order::Row, corner, &Limits::NONE).expect("no limits");
        let nodes: f64 = (engines.iter())
            .map(|engine| probe(engine, Pin::NONE, Mode::Pictures, true, probing, &Limits::NONE).map(|(n, _)| n))
            .sum::<Option<f64>>()
            .expect("no limits");
        if best.is_none_or(|(least, _)| nodes < least) {
            best = Some((nodes, corner));
        }
    }
    let corner = best.expect("a corner").1;
    let estimates = (Order::ALL.iter())
        .map(|&order| {
            let engines = OrderedEngine::pinned_within(puzzle, order, corner, &Limits::NONE).expect("no limits");
            let tight = order.north_west_first();
            let estimate = |engine: &OrderedEngine| {
                estimate_nodes(engine, Mode::Pictures, tight, PROBES, PROBE_STEPS, 0x5eed, &Limits::NONE)
                    .map(|(n, _)| n)
            };
            engines.iter().map(estimate).sum::<Option<f64>>().expect("no limits").to_bits()
        })
        .collect();
    (corner, estimates)
}

/// The corner `cheapest_corner` picks on the row engine's tables and every order's estimate
/// with its pins (on those tables, linked for the order, where the row engine runs it) are
/// those the pinned builds give.
#[test]
fn the_corner_and_the_estimates_are_those_of_the_pinned_builds() {
    let mut several = 0;
    for (puzzle, corners) in boards().into_iter().step_by(3) {
        let row = Engine::new(&puzzle, &[]);
        let corner = cheapest_corner(&row, &corners, &Limits::NONE).expect("no limits");
        let estimates: Vec<u64> = (Order::ALL.iter())
            .map(|&order| {
                let pinned = Some(Corner { piece: corner, turns: 1 });
                let probed = estimated_tables(&puzzle, &[], Mode::Pictures, order, pinned, || &row, &Limits::NONE);
                let probed = probed.expect("no limits");
                estimate_order(&probed, Mode::Pictures, &Limits::NONE).expect("no limits").to_bits()
            })
            .collect();
        let what = format!("{}x{}, corners {corners:?}", puzzle.rows(), puzzle.cols());
        assert_eq!((corner, estimates), by_pinned_builds(&puzzle, &corners), "{what}");
        several += usize::from(corners.len() > 1);
    }
    assert!(several > 3, "{several}");
}
