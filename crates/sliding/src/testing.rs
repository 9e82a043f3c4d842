//! What tests and benchmarks call besides the planner (feature `test-support`): the plain
//! solvers the planner is built from, called directly, which the tests compare with each other
//! and with exhaustive tables, and the heuristics ready to search with. A program solves
//! through [`Planner`](crate::Planner). [`oracle`] is breadth-first search over plain tile
//! vectors, the independent check the tests compare lengths with.

pub mod oracle;

pub use crate::fast::{solve_fast, solve_fast_checked};
pub use crate::heuristic::Heuristic;
pub use crate::plain::{solve, solve_astar, solve_split, solve_with};
pub use crate::solve::{judge_goal, lower_bound, ASTAR_MAX_STATES};
pub use crate::table_3x3::DistanceTable;
pub use crate::weighted::{solve_within, solve_within_split};
