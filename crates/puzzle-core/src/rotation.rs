//! Counter-clockwise quarter turns of a square piece: composition, inverse and action on sides.

use crate::geometry::Direction;

/// A rotation of a square piece by a whole number of counter-clockwise quarter turns.
///
/// Turning a piece by `r` moves whatever was on side `d` to side `d + r` (mod 4), with sides
/// numbered counter-clockwise north 0, west 1, south 2, east 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rotation {
    /// No turn.
    R0 = 0,
    /// One counter-clockwise quarter turn (90°).
    R1 = 1,
    /// A half turn (180°).
    R2 = 2,
    /// Three counter-clockwise quarter turns (one clockwise quarter turn).
    R3 = 3,
}

impl Rotation {
    /// All four rotations in increasing number of quarter turns.
    pub const ALL: [Rotation; 4] = [Rotation::R0, Rotation::R1, Rotation::R2, Rotation::R3];

    /// The rotation by `quarter_turns % 4` counter-clockwise quarter turns.
    ///
    /// ```
    /// use puzzle_core::Rotation;
    ///
    /// assert_eq!(Rotation::from_quarter_turns(1), Rotation::R1);
    /// assert_eq!(Rotation::from_quarter_turns(5), Rotation::R1);
    /// ```
    pub const fn from_quarter_turns(quarter_turns: usize) -> Rotation {
        match quarter_turns % 4 {
            0 => Rotation::R0,
            1 => Rotation::R1,
            2 => Rotation::R2,
            _ => Rotation::R3,
        }
    }

    /// The number of counter-clockwise quarter turns, 0..=3.
    ///
    /// ```
    /// use puzzle_core::Rotation;
    ///
    /// assert_eq!(Rotation::R3.quarter_turns(), 3);
    /// assert_eq!(Rotation::R3.to_string(), "3");
    /// ```
    pub const fn quarter_turns(self) -> usize {
        self as usize
    }

    /// This rotation followed by `then`.
    ///
    /// ```
    /// use puzzle_core::Rotation;
    ///
    /// assert_eq!(Rotation::R1.then(Rotation::R3), Rotation::R0);
    /// assert_eq!(Rotation::R2.then(Rotation::R3), Rotation::R1);
    /// ```
    pub const fn then(self, then: Rotation) -> Rotation {
        Rotation::from_quarter_turns(self.quarter_turns() + then.quarter_turns())
    }

    /// The rotation that undoes this one.
    #[cfg(test)]
    pub(crate) const fn inverse(self) -> Rotation {
        Rotation::from_quarter_turns(4 - self.quarter_turns())
    }

    /// Where side `side` of a piece ends up after this rotation.
    ///
    /// ```
    /// use puzzle_core::{Direction, Rotation};
    ///
    /// // A counter-clockwise quarter turn takes the north side to the west.
    /// assert_eq!(Rotation::R1.apply(Direction::North), Direction::West);
    /// assert_eq!(Rotation::R2.apply(Direction::East), Direction::West);
    /// ```
    pub const fn apply(self, side: Direction) -> Direction {
        Direction::from_index(side.index() + self.quarter_turns())
    }

    /// The four sides of a piece (indexed by [`Direction::index`]) after this rotation.
    ///
    /// ```
    /// use puzzle_core::{Direction, Rotation};
    ///
    /// // Sides in north, west, south, east order.
    /// let piece = ['n', 'w', 's', 'e'];
    /// let turned = Rotation::R1.rotate_sides(piece);
    /// assert_eq!(turned, ['e', 'n', 'w', 's']);
    /// // What was on the north side is where `apply` says it goes.
    /// assert_eq!(turned[Rotation::R1.apply(Direction::North).index()], 'n');
    /// ```
    pub fn rotate_sides<T: Copy>(self, sides: [T; 4]) -> [T; 4] {
        let r = self.quarter_turns();
        std::array::from_fn(|d| sides[(d + 4 - r) % 4])
    }
}

impl std::fmt::Display for Rotation {
    /// The number of counter-clockwise quarter turns, `0` to `3`, as the `.sol` lines and the
    /// labels of drawn boxes write it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.quarter_turns())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rotation() -> impl Strategy<Value = Rotation> {
        (0usize..4).prop_map(Rotation::from_quarter_turns)
    }

    fn check(rotation: Rotation, sides: [char; 4], expected: [char; 4]) {
        assert_eq!(rotation.rotate_sides(sides), expected, "{rotation:?}");
    }

    #[test]
    fn rotate_sides_moves_side_d_to_d_plus_r() {
        // Sides are listed north, west, south, east.
        check(Rotation::R0, ['n', 'w', 's', 'e'], ['n', 'w', 's', 'e']);
        // A counter-clockwise quarter turn brings the old east side to the north.
        check(Rotation::R1, ['n', 'w', 's', 'e'], ['e', 'n', 'w', 's']);
        check(Rotation::R2, ['n', 'w', 's', 'e'], ['s', 'e', 'n', 'w']);
        check(Rotation::R3, ['n', 'w', 's', 'e'], ['w', 's', 'e', 'n']);
    }

    #[test]
    fn apply_agrees_with_rotate_sides() {
        for r in Rotation::ALL {
            let rotated = r.rotate_sides(Direction::ALL);
            for d in Direction::ALL {
                assert_eq!(rotated[r.apply(d).index()], d);
            }
        }
    }

    proptest! {
        #[test]
        fn four_turns_are_the_identity(r in rotation(), sides in any::<[u8; 4]>()) {
            let mut turned = sides;
            for _ in 0..4 {
                turned = r.rotate_sides(turned);
            }
            prop_assert_eq!(turned, sides);
            prop_assert_eq!(r.then(r).then(r).then(r), Rotation::R0);
        }

        #[test]
        fn inverse_undoes(r in rotation(), sides in any::<[u8; 4]>()) {
            prop_assert_eq!(r.inverse().rotate_sides(r.rotate_sides(sides)), sides);
            prop_assert_eq!(r.then(r.inverse()), Rotation::R0);
        }

        #[test]
        fn composition_is_sequential_application(a in rotation(), b in rotation(), sides in any::<[u8; 4]>()) {
            prop_assert_eq!(a.then(b).rotate_sides(sides), b.rotate_sides(a.rotate_sides(sides)));
        }
    }

    #[test]
    fn inverse_undoes_a_rotation() {
        assert_eq!(Rotation::R1.inverse(), Rotation::R3);
        for rotation in Rotation::ALL {
            assert_eq!(rotation.then(rotation.inverse()), Rotation::R0);
        }
    }
}
