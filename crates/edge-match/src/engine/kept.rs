//! The solutions a count keeps besides counting them ([`Kept`]): at most a given number of
//! complete boards, the first in the tree's order, so that a page draws boards the count itself
//! found. A count that keeps none (the limit 0) runs its usual loops, untouched.
//!
//! The parallel counts keep each subtree's first boards and join the subtrees' in their order
//! ([`Kept::then`]), so the boards kept are the same on any number of threads.

use crate::model::Placement;

/// The first complete boards a count found (placements by cell), at most `limit`, in the order
/// of the tree the count walked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kept {
    limit: usize,
    boards: Vec<Vec<Placement>>,
}

impl Kept {
    /// Keeps at most `limit` boards (0: none, and the count runs as it would without).
    pub(crate) fn new(limit: usize) -> Kept {
        Kept { limit, boards: Vec::new() }
    }

    /// Whether the count was asked to keep boards at all.
    pub(crate) fn asked(&self) -> bool {
        self.limit > 0
    }

    /// How many more boards would be kept.
    pub(crate) fn room(&self) -> usize {
        self.limit - self.boards.len()
    }

    /// Whether another board found would be kept.
    #[inline]
    pub(crate) fn wants(&self) -> bool {
        self.boards.len() < self.limit
    }

    /// Keeps the board `board()` makes, if one more is wanted.
    #[inline]
    pub(crate) fn offer(&mut self, board: impl FnOnce() -> Vec<Placement>) {
        if self.wants() {
            self.boards.push(board());
        }
    }

    /// A fresh collection with the same limit, for the next part of the tree.
    pub(crate) fn empty_like(&self) -> Kept {
        Kept::new(self.limit)
    }

    /// These boards, then `later`'s (found later in the tree), up to the limit.
    pub(crate) fn then(mut self, later: Kept) -> Kept {
        let room = self.limit.saturating_sub(self.boards.len());
        self.boards.extend(later.boards.into_iter().take(room));
        self
    }

    /// Appends `later`'s boards (found later in the tree) in place, up to the limit.
    pub(crate) fn append(&mut self, later: Kept) {
        *self = std::mem::take(self).then(later);
    }

    /// The boards kept.
    pub(crate) fn into_boards(self) -> Vec<Vec<Placement>> {
        self.boards
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn boards(limit: usize, pieces: &[usize]) -> Kept {
        let mut kept = Kept::new(limit);
        for &piece in pieces {
            kept.offer(|| vec![Placement::new(piece, 0)]);
        }
        kept
    }

    #[test]
    fn joined_parts_keep_the_first_boards_in_order() {
        let whole = boards(3, &[1, 2, 3, 4, 5]);
        assert_eq!(whole.clone().into_boards().len(), 3);
        // However the sequence is cut and grouped, the same first three.
        let parts = [boards(3, &[1]), boards(3, &[2, 3, 4]), boards(3, &[5])];
        let left = parts[0].clone().then(parts[1].clone()).then(parts[2].clone());
        let right = parts[0].clone().then(parts[1].clone().then(parts[2].clone()));
        assert_eq!((&left, &right), (&whole, &whole));
        let mut appended = Kept::new(3);
        for part in parts {
            appended.append(part);
        }
        assert_eq!(appended, whole);
        assert!(!Kept::new(0).asked() && !Kept::new(0).wants());
    }
}
