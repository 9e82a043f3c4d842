//! The walk of this module's examples, written once: the orderings of `0..n`, a tree every
//! reader can count by hand (`n!` leaves below `n + n(n-1) + … + n!` nodes).

use super::{Counts, Walk};

/// The orderings of `0..n` as a [`Walk`]: one number placed per depth, each number once, offered
/// in increasing order (so the orderings come lexicographically), one node counted per number
/// placed. Its source is the smallest whole implementation of [`Walk`].
///
/// ```
/// use search::walk::{count, first, Counts, Orderings, Walk, Watch};
/// use search::Limits;
///
/// let limits = Limits::NONE;
/// let watch = Watch::new(&limits);
/// let mut walk = Orderings::new(4);
/// count(&mut walk, &watch);
/// // 4! = 24 orderings; the nodes are the partial orderings of 1 to 4 numbers:
/// // 4 + 4·3 + 4·3·2 + 4·3·2·1 = 64.
/// assert_eq!(*walk.counts(), Counts { solutions: 24, nodes: 64, stopped: false });
///
/// let mut walk = Orderings::new(4);
/// assert!(first(&mut walk, &watch));
/// assert_eq!(walk.prefix(), [0, 1, 2, 3]);
/// assert!(first(&mut walk, &watch));
/// assert_eq!(walk.prefix(), [0, 1, 3, 2]);
/// ```
#[derive(Clone, Debug)]
pub struct Orderings {
    n: usize,
    /// Whether a number may follow the numbers placed before it.
    rule: fn(&[usize], usize) -> bool,
    placed: Vec<usize>,
    /// Per depth: the next number to offer.
    next: Vec<usize>,
    floor: usize,
    counts: Counts,
}

impl Orderings {
    /// The walk at the root: nothing placed, no node counted.
    pub fn new(n: usize) -> Orderings {
        Orderings::with_rule(n, |_, _| true)
    }

    /// The orderings of `0..n` in which each number passes `rule` given the numbers placed
    /// before it: a number that does not is never offered, so the walk prunes there.
    ///
    /// ```
    /// use search::walk::{count, first, Orderings, Walk, Watch};
    /// use search::Limits;
    ///
    /// // Six queens, the queen of row `r` in column `ordering[r]`: the columns are an ordering,
    /// // and no two queens share a diagonal.
    /// let no_shared_diagonal =
    ///     |above: &[usize], col: usize| above.iter().enumerate().all(|(row, &c)| above.len() - row != c.abs_diff(col));
    /// let watch = Watch::new(&Limits::NONE);
    /// let mut walk = Orderings::with_rule(6, no_shared_diagonal);
    /// count(&mut walk, &watch);
    /// assert_eq!(walk.counts().solutions, 4);
    /// let mut walk = Orderings::with_rule(6, no_shared_diagonal);
    /// assert!(first(&mut walk, &watch));
    /// assert_eq!(walk.prefix(), [1, 3, 5, 0, 2, 4]);
    /// ```
    pub fn with_rule(n: usize, rule: fn(&[usize], usize) -> bool) -> Orderings {
        Orderings { n, rule, placed: Vec::new(), next: vec![0], floor: 0, counts: Counts::default() }
    }
}

impl Walk for Orderings {
    type Move = usize;

    crate::walk_bookkeeping!(depth = placed.len(), floor, counts);

    fn advance(&mut self) -> Option<usize> {
        let depth = self.placed.len();
        while self.next[depth] < self.n {
            let number = self.next[depth];
            self.next[depth] += 1;
            if !self.placed.contains(&number) && (self.rule)(&self.placed, number) {
                // One node per number placed.
                self.counts.nodes += 1;
                return Some(number);
            }
        }
        None
    }

    fn push(&mut self, number: usize) {
        self.placed.push(number);
        self.next.push(0);
    }

    fn pop(&mut self) {
        self.placed.pop();
        self.next.pop();
    }

    fn close(&mut self) {
        let depth = self.placed.len();
        self.next[depth] = self.n;
    }

    fn solved(&self) -> bool {
        self.placed.len() == self.n
    }

    /// The last depth: every number offered there completes an ordering.
    fn leaf(&self) -> bool {
        self.placed.len() + 1 == self.n
    }

    fn prefix(&self) -> Vec<usize> {
        self.placed.clone()
    }
}
