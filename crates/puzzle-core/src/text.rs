//! Line and token scanning that remembers positions, so parsers can say where input is wrong.
//!
//! Lines are numbered from 1 and columns count characters from 1. A UTF-8 byte-order mark at
//! the start and a carriage return before each line feed are accepted and skipped.

use std::fmt;

/// A place in the input: 1-based line and 1-based character column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// The line, counted from 1.
    pub line: usize,
    /// The column in characters, counted from 1.
    pub col: usize,
}

impl Pos {
    /// The position at `line`, `col`.
    ///
    /// ```
    /// use puzzle_core::text::Pos;
    ///
    /// let pos = Pos::new(3, 7);
    /// assert_eq!((pos.line, pos.col), (3, 7));
    /// assert_eq!(pos.to_string(), "3:7");
    /// assert!(Pos::new(2, 9) < pos);
    /// ```
    pub const fn new(line: usize, col: usize) -> Pos {
        Pos { line, col }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// One line of input without its line ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    /// The line number, counted from 1.
    pub number: usize,
    /// The text of the line, without `\n`, `\r\n` or a leading byte-order mark.
    pub text: &'a str,
}

/// A maximal run of non-whitespace characters on a line.
///
/// ```
/// use puzzle_core::text::{lines, Pos, Token};
///
/// // The second line's only token starts at its second character.
/// let second = lines("5 6\n 7").nth(1).unwrap();
/// let token: Token<'_> = second.tokens().next().unwrap();
/// assert_eq!(token, Token { pos: Pos::new(2, 2), text: "7" });
/// // A parser names the place of a token it refuses.
/// assert_eq!(format!("{}: not a tile", token.pos), "2:2: not a tile");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// Where the token starts.
    pub pos: Pos,
    /// The token itself.
    pub text: &'a str,
}

impl<'a> Line<'a> {
    /// Whether the line holds only whitespace.
    ///
    /// ```
    /// use puzzle_core::text::lines;
    ///
    /// let blank: Vec<bool> = lines("1 2\n \t\n\n3").map(|line| line.is_blank()).collect();
    /// assert_eq!(blank, [false, true, true, false]);
    /// ```
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    /// The position of the first character of the line.
    ///
    /// ```
    /// use puzzle_core::text::{lines, Pos};
    ///
    /// let line = lines("a\n  b c").nth(1).unwrap();
    /// assert_eq!(line.start(), Pos::new(2, 1));
    /// ```
    pub const fn start(&self) -> Pos {
        Pos::new(self.number, 1)
    }

    /// The position just after the last character of the line.
    ///
    /// ```
    /// use puzzle_core::text::{lines, Pos};
    ///
    /// let line = lines("a\n  b c\r\n").nth(1).unwrap();
    /// assert_eq!(line.end(), Pos::new(2, 6));
    /// ```
    pub fn end(&self) -> Pos {
        Pos::new(self.number, self.text.chars().count() + 1)
    }

    /// The position of the first non-whitespace character, or of the line's end if it is blank.
    ///
    /// ```
    /// use puzzle_core::text::{lines, Pos};
    ///
    /// let mut lines = lines("  b c\n   ");
    /// assert_eq!(lines.next().unwrap().first_non_blank(), Pos::new(1, 3));
    /// // A blank line: its end.
    /// assert_eq!(lines.next().unwrap().first_non_blank(), Pos::new(2, 4));
    /// ```
    pub fn first_non_blank(&self) -> Pos {
        self.tokens().next().map_or_else(|| self.end(), |token| token.pos)
    }

    /// The whitespace-separated tokens of the line, with their positions.
    ///
    /// ```
    /// use puzzle_core::text::{lines, Pos};
    ///
    /// let line = lines("1  23\té 4").next().unwrap();
    /// let tokens: Vec<(usize, &str)> = line.tokens().map(|token| (token.pos.col, token.text)).collect();
    /// assert_eq!(tokens, [(1, "1"), (4, "23"), (7, "é"), (9, "4")]);
    /// assert_eq!(line.tokens().next().unwrap().pos, Pos::new(1, 1));
    /// ```
    pub fn tokens(&self) -> impl Iterator<Item = Token<'a>> + use<'a> {
        let number = self.number;
        let text = self.text;
        let mut chars = text.char_indices().enumerate().peekable();
        std::iter::from_fn(move || {
            while chars.next_if(|(_, (_, c))| c.is_whitespace()).is_some() {}
            let (col, (start, _)) = chars.next()?;
            let mut end = text.len();
            while let Some(&(_, (idx, c))) = chars.peek() {
                if c.is_whitespace() {
                    end = idx;
                    break;
                }
                chars.next();
            }
            Some(Token { pos: Pos::new(number, col + 1), text: &text[start..end] })
        })
    }

    /// The characters of the line with their positions.
    ///
    /// ```
    /// use puzzle_core::text::{lines, Pos};
    ///
    /// let line = lines("x\né!").nth(1).unwrap();
    /// let chars: Vec<(Pos, char)> = line.chars().collect();
    /// assert_eq!(chars, [(Pos::new(2, 1), 'é'), (Pos::new(2, 2), '!')]);
    /// ```
    pub fn chars(&self) -> impl Iterator<Item = (Pos, char)> + use<'a> {
        let number = self.number;
        self.text.chars().enumerate().map(move |(i, c)| (Pos::new(number, i + 1), c))
    }
}

/// The lines of `input`, numbered from 1.
///
/// ```
/// use puzzle_core::text::lines;
///
/// // A byte-order mark and CRLF endings are skipped.
/// let all: Vec<(usize, &str)> = lines("\u{feff}1 2\r\n\n3\n").map(|line| (line.number, line.text)).collect();
/// assert_eq!(all, [(1, "1 2"), (2, ""), (3, "3")]);
/// ```
pub fn lines(input: &str) -> impl Iterator<Item = Line<'_>> {
    let input = input.strip_prefix('\u{feff}').unwrap_or(input);
    input.lines().enumerate().map(|(i, text)| Line { number: i + 1, text })
}

/// The most characters of a token an error message quotes; a longer token is cut.
pub const EXCERPT_CHARS: usize = 40;

/// A token as an error message quotes it: whole when it has at most [`EXCERPT_CHARS`]
/// characters, else its first [`EXCERPT_CHARS`] characters and `…`, so that one 50-MB line of
/// digits gives a one-line message, not a 50-MB one. Every parser of the workspace quotes bad
/// tokens through this.
///
/// ```
/// use puzzle_core::text::excerpt;
///
/// assert_eq!(excerpt("x"), "x");
/// assert_eq!(excerpt(&"9".repeat(50_000_000)), format!("{}…", "9".repeat(40)));
/// // Characters, not bytes: a cut never splits one.
/// assert_eq!(excerpt(&"é".repeat(41)).chars().count(), 41);
/// ```
pub fn excerpt(token: &str) -> String {
    match token.char_indices().nth(EXCERPT_CHARS) {
        None => token.to_owned(),
        Some((end, _)) => format!("{}…", &token[..end]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(input: &str, expected: &[(usize, usize, &str)]) {
        let got: Vec<(usize, usize, &str)> = lines(input)
            .flat_map(|line| line.tokens().collect::<Vec<_>>())
            .map(|t| (t.pos.line, t.pos.col, t.text))
            .collect();
        assert_eq!(got, expected, "{input:?}");
    }

    #[test]
    fn tokens_with_positions() {
        check("", &[]);
        check("   \n\t\n", &[]);
        check("1 2 3", &[(1, 1, "1"), (1, 3, "2"), (1, 5, "3")]);
        check("  12\t 3 \n\n4", &[(1, 3, "12"), (1, 7, "3"), (3, 1, "4")]);
        check("\u{feff}A* B/\r\nC+", &[(1, 1, "A*"), (1, 4, "B/"), (2, 1, "C+")]);
        check("é x", &[(1, 1, "é"), (1, 3, "x")]);
    }

    #[test]
    fn excerpts() {
        let forty = "a".repeat(40);
        assert_eq!(excerpt(""), "");
        assert_eq!(excerpt(&forty), forty);
        assert_eq!(excerpt(&format!("{forty}b")), format!("{forty}…"));
        assert_eq!(excerpt(&format!("{forty}bcd")), format!("{forty}…"));
    }

    #[test]
    fn line_ends() {
        let line = lines("ab  \r\n").next().unwrap();
        assert_eq!(line.text, "ab  ");
        assert_eq!(line.end(), Pos::new(1, 5));
        assert_eq!(line.first_non_blank(), Pos::new(1, 1));
        assert!(!line.is_blank());
    }
}
