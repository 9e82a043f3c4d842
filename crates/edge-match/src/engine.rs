//! The fast engine for every puzzle: every rotation expanded in advance into candidate lists
//! keyed by the cell's frame class and the codes its placed neighbours impose (north and west),
//! used pieces in a bitset, an explicit stack, and no allocation inside the loop.
//!
//! Cells are filled in an order that reaches every cell after its north and west neighbours
//! (row-major unless built for another: [`Engine::in_order`]; any other order runs on
//! [`OrderedEngine`]). A candidate list holds `(piece, rotation)` pairs in the order piece index,
//! then rotation 0 to 3, so [`Mode::Plain`] in row order is exactly the plain search the
//! benchmarks compare: each placement of a piece is one node, the one completing a board
//! included, and every complete placement is a solution. [`Mode::Pictures`] skips a candidate
//! that shows the same four sides as an earlier candidate still available at that cell, so each
//! picture (the codes every cell shows) is found once however identical pieces are swapped.
//!
//! Both engines implement one trait (`searches.rs`): each says how to walk and count its lists,
//! and every search (first, counts, every solution, the split and its units) is a provided
//! method written once. Both walks are [`search::walk::Walk`]s, driven by the depth-first core's
//! loops (count, first, every solution, prefixes, resume, the parallel split); every search
//! takes the [`search::Limits`] of the `search` crate (placements, deadline, interrupt flag)
//! through the core's one watch, looked at every few million placements.
//!
//! By job: `mode.rs` and `order.rs` are leaves (how solutions are told apart, the scan orders);
//! `row.rs` holds the row engine's type, `tables.rs` builds its lists, `restricted.rs` derives
//! the corner split's from them, `walk.rs` walks them, `count_loop.rs` is the tight counting
//! loop (the core's hook for the row engine) and `row_search.rs` its searches; `ordered.rs` and
//! `ordered_walk.rs` the engine for any order; `pin.rs` a corner pin as a filter on cells;
//! `probe.rs` what the estimator reads of either engine;
//! `parallel.rs` the depth of the cut for rayon's threads; `builds.rs` tallies the tables built
//! (for tests); `symmetry.rs` the board's turns;
//! `estimate.rs` Knuth's estimator by which a plan (`crate::plan`) picks an order and a corner;
//! `join.rs` counts by meeting in the middle (the tight loop stopped short, `count_loop.rs`);
//! `gpu_tree.rs` (feature `gpu`) flattens either engine's lists for the kernel. No file names an
//! item of a file that names it back (`cargo xtask tidy` reads them): the type of each engine
//! knows nothing of its walk and searches, which name it. This file only declares and
//! re-exports; its modules name each other directly, never through it.
mod builds;
mod count_loop;
mod estimate;
#[cfg(feature = "gpu")]
pub(crate) mod gpu_tree;
mod join;
mod kept;
mod mode;
mod order;
mod ordered;
mod ordered_walk;
mod parallel;
mod pin;
mod probe;
mod restricted;
mod row;
mod row_search;
mod searches;
mod symmetry;
mod tables;
mod walk;

#[cfg(any(test, feature = "test-support"))]
pub use builds::{solution_walks, table_builds};
#[cfg(any(test, feature = "test-support"))]
pub use estimate::estimate_nodes;
pub(crate) use estimate::{build_candidates, cheapest_corner, estimate_order, estimated_tables};
pub(crate) use join::{Join, DEFAULT_MEMORY};
pub(crate) use kept::Kept;
pub use mode::Mode;
pub use order::Order;
pub use ordered::OrderedEngine;
pub use row::Engine;
pub use searches::{Search, Split, SplitError};
pub(crate) use symmetry::{unique_corners, Corner};
