//! Sides as small integer codes, and the table saying which code must touch which.
//!
//! The solver never looks at marks: it compares [`EdgeCode`]s through a [`Matching`] table. A
//! puzzle format only has to say how its sides become codes and which code fits against which;
//! the marks format pairs the two halves of a picture, a colour format (Eternity II) would pair
//! every colour with itself.

/// A side of a piece as a small integer, below [`Matching::n_codes`] of its puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EdgeCode(pub u16);

/// Which code fits against which: every code has exactly one partner, the code a touching side
/// must show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matching {
    /// `partner[c]` is the partner of code `c`; pairing is symmetric.
    partner: Vec<EdgeCode>,
}

impl Matching {
    /// The marks format: the partner of a mark is the other half of the same picture.
    pub fn marks() -> Matching {
        let partner = (0..crate::Mark::N_CODES as u16)
            .map(|code| match crate::Mark::from_code(EdgeCode(code)) {
                Some(mark) => mark.complement().code(),
                None => EdgeCode(code),
            })
            .collect();
        Matching { partner }
    }

    /// Plain colours `0..n_colours`: a side fits against a side of the same colour.
    pub fn equal_colours(n_colours: u16) -> Matching {
        Matching { partner: (0..n_colours).map(EdgeCode).collect() }
    }

    /// How many codes there are; every code of the puzzle is below this.
    pub fn n_codes(&self) -> usize {
        self.partner.len()
    }

    /// The code a side touching `code` must show.
    ///
    /// # Panics
    ///
    /// If `code` is not below [`n_codes`](Self::n_codes).
    pub fn partner(&self, code: EdgeCode) -> EdgeCode {
        self.partner[code.0 as usize]
    }

    /// Whether sides `a` and `b` may touch.
    pub fn fits(&self, a: EdgeCode, b: EdgeCode) -> bool {
        self.partner.get(a.0 as usize) == Some(&b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Mark;

    fn check(matching: &Matching, a: u16, b: u16, expected: bool) {
        assert_eq!(matching.fits(EdgeCode(a), EdgeCode(b)), expected, "{a} against {b}");
    }

    #[test]
    fn marks_pair_halves() {
        let marks = Matching::marks();
        let code = |text: &str| text.parse::<Mark>().unwrap().code().0;
        check(&marks, code("A+"), code("A-"), true);
        check(&marks, code("Z/"), code("Z*"), true);
        check(&marks, code("A+"), code("A+"), false);
        check(&marks, code("A+"), code("B-"), false);
        check(&marks, code("A/"), code("A-"), false);
        check(&marks, 104, 105, false);
    }

    #[test]
    fn colours_pair_with_themselves() {
        let colours = Matching::equal_colours(5);
        check(&colours, 0, 0, true);
        check(&colours, 4, 4, true);
        check(&colours, 1, 2, false);
        check(&colours, 5, 5, false);
        assert_eq!(colours.n_codes(), 5);
    }

    #[test]
    fn pairing_is_symmetric_and_agrees_with_marks() {
        let marks = Matching::marks();
        assert_eq!(marks.n_codes(), Mark::N_CODES);
        for code in 0..Mark::N_CODES as u16 {
            let code = EdgeCode(code);
            assert_eq!(marks.partner(marks.partner(code)), code);
            let mark = Mark::from_code(code).unwrap();
            assert!(mark.fits(Mark::from_code(marks.partner(code)).unwrap()));
        }
    }
}
