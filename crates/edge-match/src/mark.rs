//! Marks on the sides of a piece: half of a picture, named by a letter and which half it is.
//!
//! A picture is cut either across (top and bottom halves, written `+` and `-`) or down the
//! middle (left and right halves, written `/` and `*`). Two touching sides match when they show
//! the two halves of the same picture.

use std::fmt;
use std::str::FromStr;

/// Which half of a picture a mark shows.
///
/// ```
/// use edge_match::parse::Half;
///
/// assert_eq!(Half::from_symbol('/'), Some(Half::Left));
/// assert_eq!(Half::Left.complement(), Half::Right);
/// assert_eq!(Half::ALL.map(Half::symbol), ['+', '-', '/', '*']);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Half {
    /// The top half, written `+`.
    Top = 0,
    /// The bottom half, written `-`.
    Bottom = 1,
    /// The left half, written `/`.
    Left = 2,
    /// The right half, written `*`.
    Right = 3,
}

impl Half {
    /// All four halves, in the order of their discriminants (top, bottom, left, right).
    pub const ALL: [Half; 4] = [Half::Top, Half::Bottom, Half::Left, Half::Right];

    /// The half written as `symbol`, one of `+ - / *`.
    pub const fn from_symbol(symbol: char) -> Option<Half> {
        match symbol {
            '+' => Some(Half::Top),
            '-' => Some(Half::Bottom),
            '/' => Some(Half::Left),
            '*' => Some(Half::Right),
            _ => None,
        }
    }

    /// How this half is written: `+`, `-`, `/` or `*`.
    pub const fn symbol(self) -> char {
        match self {
            Half::Top => '+',
            Half::Bottom => '-',
            Half::Left => '/',
            Half::Right => '*',
        }
    }

    /// The other half of the same cut: top and bottom, left and right.
    pub const fn complement(self) -> Half {
        match self {
            Half::Top => Half::Bottom,
            Half::Bottom => Half::Top,
            Half::Left => Half::Right,
            Half::Right => Half::Left,
        }
    }
}

/// Half of a picture: a letter `A`-`Z` naming the picture and the [`Half`] shown.
///
/// ```
/// use edge_match::parse::{Half, Mark};
///
/// let right: Mark = "A*".parse().unwrap();
/// assert_eq!((right.letter(), right.half()), ('A', Half::Right));
/// // The left half of the same picture completes it; another picture's does not.
/// assert!(right.fits("A/".parse().unwrap()));
/// assert!(!right.fits("B/".parse().unwrap()));
/// assert_eq!(right.complement().to_string(), "A/");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Mark {
    /// The picture, 0 for `A` up to 25 for `Z`; private so that no other value can exist.
    letter: u8,
    half: Half,
}

impl Mark {
    /// The number of different marks (and of their [`Mark::code`]s): 26 letters times 4 halves.
    #[cfg(test)]
    pub(crate) const N_CODES: usize = 26 * 4;

    /// The mark showing `half` of picture `letter`, if `letter` is a capital `A`-`Z`.
    pub const fn new(letter: char, half: Half) -> Option<Mark> {
        if letter.is_ascii_uppercase() {
            Some(Mark { letter: letter as u8 - b'A', half })
        } else {
            None
        }
    }

    /// The picture letter, `A`-`Z`.
    pub const fn letter(self) -> char {
        (b'A' + self.letter) as char
    }

    /// The half of the picture shown.
    pub const fn half(self) -> Half {
        self.half
    }

    /// The mark a touching side must show: the same picture, the other half.
    pub const fn complement(self) -> Mark {
        Mark { letter: self.letter, half: self.half.complement() }
    }

    /// Whether this mark and `other` complete each other when their sides touch.
    ///
    /// Written out case by case rather than through [`complement`](Self::complement) or the
    /// edge codes, because the solution checker relies on it as an independent statement of
    /// the rule.
    pub fn fits(self, other: Mark) -> bool {
        let halves_pair = matches!(
            (self.half, other.half),
            (Half::Top, Half::Bottom)
                | (Half::Bottom, Half::Top)
                | (Half::Left, Half::Right)
                | (Half::Right, Half::Left)
        );
        self.letter == other.letter && halves_pair
    }

    /// The compact code of this mark, `letter * 4 + half`, below `Mark::N_CODES` (104).
    #[cfg(any(test, feature = "test-support"))]
    pub const fn code(self) -> u16 {
        self.letter as u16 * 4 + self.half as u16
    }

    /// The mark whose [`code`](Self::code) is `code`, if there is one: the tests' way to every mark.
    #[cfg(test)]
    const fn from_code(code: u16) -> Option<Mark> {
        if code as usize >= Mark::N_CODES {
            return None;
        }
        Some(Mark { letter: (code / 4) as u8, half: Half::ALL[(code % 4) as usize] })
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.letter(), self.half.symbol())
    }
}

/// Why a token is not a mark.
///
/// ```
/// use edge_match::parse::{Mark, MarkError};
///
/// assert_eq!("a*".parse::<Mark>(), Err(MarkError::Letter));
/// assert_eq!("A".parse::<Mark>(), Err(MarkError::MissingHalf));
/// assert_eq!("A?".parse::<Mark>(), Err(MarkError::Half('?')));
/// assert_eq!("A**".parse::<Mark>(), Err(MarkError::TooLong));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MarkError {
    /// The first character is not a capital letter.
    #[error("a mark starts with a picture letter A-Z")]
    Letter,
    /// The letter is not followed by anything.
    #[error("the letter needs a half after it (+ top, - bottom, / left, * right)")]
    MissingHalf,
    /// The second character is not one of `+ - / *`.
    #[error("`{0}` is not a half (+ top, - bottom, / left, * right)")]
    Half(char),
    /// There is more after the half.
    #[error("a mark is one letter and one half, like `A*`")]
    TooLong,
}

impl FromStr for Mark {
    type Err = MarkError;

    fn from_str(text: &str) -> Result<Mark, MarkError> {
        let mut chars = text.chars();
        let letter = chars.next().ok_or(MarkError::Letter)?;
        if !letter.is_ascii_uppercase() {
            return Err(MarkError::Letter);
        }
        let symbol = chars.next().ok_or(MarkError::MissingHalf)?;
        let half = Half::from_symbol(symbol).ok_or(MarkError::Half(symbol))?;
        if chars.next().is_some() {
            return Err(MarkError::TooLong);
        }
        Mark::new(letter, half).ok_or(MarkError::Letter)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn check(input: &str, expected: Result<(char, Half), MarkError>) {
        let got = input.parse::<Mark>().map(|mark| (mark.letter(), mark.half()));
        assert_eq!(got, expected, "{input:?}");
    }

    #[test]
    fn parses_marks() {
        check("A+", Ok(('A', Half::Top)));
        check("A-", Ok(('A', Half::Bottom)));
        check("B/", Ok(('B', Half::Left)));
        check("Z*", Ok(('Z', Half::Right)));
        check("", Err(MarkError::Letter));
        check("a*", Err(MarkError::Letter));
        check("1*", Err(MarkError::Letter));
        check("É*", Err(MarkError::Letter));
        check("+A", Err(MarkError::Letter));
        check("A", Err(MarkError::MissingHalf));
        check("A#", Err(MarkError::Half('#')));
        check("AB+", Err(MarkError::Half('B')));
        check("A++", Err(MarkError::TooLong));
        check("A*x", Err(MarkError::TooLong));
    }

    #[test]
    fn error_messages_are_lowercase_without_a_full_stop() {
        for err in [MarkError::Letter, MarkError::MissingHalf, MarkError::Half('#'), MarkError::TooLong] {
            let message = err.to_string();
            assert!(message.starts_with(|c: char| !c.is_uppercase()), "{message}");
            assert!(!message.ends_with('.'), "{message}");
        }
    }

    #[test]
    fn fits_pairs_halves_of_one_picture() {
        let mark = |text: &str| text.parse::<Mark>().unwrap();
        assert!(mark("A+").fits(mark("A-")));
        assert!(mark("A-").fits(mark("A+")));
        assert!(mark("C/").fits(mark("C*")));
        assert!(mark("C*").fits(mark("C/")));
        assert!(!mark("A+").fits(mark("B-")), "different pictures");
        assert!(!mark("A+").fits(mark("A+")), "the same half twice");
        assert!(!mark("A+").fits(mark("A*")), "halves of different cuts");
        assert!(!mark("A/").fits(mark("A-")), "halves of different cuts");
    }

    fn any_mark() -> impl Strategy<Value = Mark> {
        (0..Mark::N_CODES as u16).prop_map(|code| Mark::from_code(code).unwrap())
    }

    proptest! {
        #[test]
        fn display_and_parse_round_trip(mark in any_mark()) {
            prop_assert_eq!(mark.to_string().parse::<Mark>(), Ok(mark));
        }

        #[test]
        fn code_round_trips_and_stays_small(mark in any_mark()) {
            prop_assert!((mark.code() as usize) < Mark::N_CODES);
            prop_assert_eq!(Mark::from_code(mark.code()), Some(mark));
        }

        #[test]
        fn complement_is_an_involution_and_agrees_with_fits(a in any_mark(), b in any_mark()) {
            prop_assert_eq!(a.complement().complement(), a);
            prop_assert_eq!(a.fits(b), a.complement() == b);
            prop_assert_eq!(a.fits(b), b.fits(a));
        }
    }
}
