//! How solutions are told apart ([`Mode`]): every placement, or one per picture. A leaf.

/// How solutions are told apart.
///
/// ```
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::{Limits, Mode, Order, OrderPick, Solver, Task};
///
/// // A piece with A+ on every side: its four turns are four placements but one picture.
/// let puzzle = parse_puzzle("A+ A+ A+ A+\n", &ParseOptions::default()).unwrap();
/// let count = |mode| {
///     let plan = Solver::new(&puzzle).plan(Task::Count, mode, Some(OrderPick::Given(Order::Row)), false);
///     plan.count(&Limits::NONE, &|_, _, _| {}).solutions
/// };
/// assert_eq!((count(Mode::Plain), count(Mode::Pictures)), (4, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every complete placement is a solution, and every placement a node.
    Plain,
    /// One solution per picture: identical pieces (or a piece's identical turns) are not
    /// swapped to make the same picture again.
    Pictures,
}
