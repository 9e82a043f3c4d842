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
    placed: Vec<usize>,
    /// Per depth: the next number to offer.
    next: Vec<usize>,
    floor: usize,
    counts: Counts,
}

impl Orderings {
    /// The walk at the root: nothing placed, no node counted.
    pub fn new(n: usize) -> Orderings {
        Orderings { n, placed: Vec::new(), next: vec![0], floor: 0, counts: Counts::default() }
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
            if !self.placed.contains(&number) {
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

    fn prefix(&self) -> Vec<usize> {
        self.placed.clone()
    }
}
