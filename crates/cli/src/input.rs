//! Reading a puzzle file (or standard input) and reporting bad input with its position.
//!
//! Inputs past the size limits are refused as they are read, before they take memory: a line
//! longer than [`MAX_LINE_BYTES`] in any input, and an edge-matching input larger than
//! [`MAX_EDGE_INPUT_BYTES`]. The parsers then take memory in proportion to what they keep (a
//! board's tiles), and refuse a board larger than the largest supported from its shape.

use std::fmt;
use std::io::Read;
use std::path::Path;

use puzzle_core::text::Pos;

/// The longest line an input may hold: 16 MiB. The longest sliding board on one line, 2^20 tiles
/// of at most seven digits, takes 8 MiB; an edge-matching line holds one piece.
pub(crate) const MAX_LINE_BYTES: usize = 1 << 24;

/// The largest edge-matching input (a puzzle, a clue or a solution file): 16 MiB, a thousand
/// times what a puzzle of the most pieces, 1024, takes in either format.
pub(crate) const MAX_EDGE_INPUT_BYTES: usize = 1 << 24;

/// The message for a line past [`MAX_LINE_BYTES`].
pub(crate) fn long_line_message() -> String {
    format!("a line longer than {MAX_LINE_BYTES} bytes (16 MiB), the longest an input may hold")
}

/// The whole text of one input, with the name to use in messages.
#[derive(Debug)]
pub(crate) struct Input {
    /// The file name as given, or `<stdin>`.
    pub(crate) name: String,
    /// The text, valid UTF-8.
    pub(crate) text: String,
}

impl Input {
    /// Reads `path`, or standard input when it is `None` or `-`.
    pub(crate) fn read(path: Option<&Path>) -> anyhow::Result<Input> {
        Input::read_at_most(path, None)
    }

    /// Reads `path`, or standard input when it is `None` or `-`, refusing it as soon as it is
    /// found to be larger than `max_bytes` (`Some((bytes, why))`), before it takes more memory.
    pub(crate) fn read_at_most(path: Option<&Path>, max_bytes: Option<(usize, &str)>) -> anyhow::Result<Input> {
        let (name, reader): (String, Box<dyn Read>) = match path {
            Some(p) if p != Path::new("-") => {
                let name = p.display().to_string();
                let file = std::fs::File::open(p).map_err(|e| cannot_read(&name, &e))?;
                (name, Box::new(file))
            }
            _ => ("<stdin>".to_owned(), Box::new(std::io::stdin())),
        };
        let limit = max_bytes.map_or(u64::MAX, |(bytes, _)| bytes as u64 + 1);
        let mut bytes = Vec::new();
        reader.take(limit).read_to_end(&mut bytes).map_err(|e| cannot_read(&name, &e))?;
        if let Some((max, why)) = max_bytes.filter(|&(max, _)| bytes.len() > max) {
            let message = format!("the input is larger than {max} bytes, {why}");
            return Err(BadInput { file: name, pos: None, message }.into());
        }
        Input::from_bytes(name, bytes)
    }

    /// Checks that `bytes`, read from `name`, are text: valid UTF-8 without a NUL byte, and no
    /// line longer than [`MAX_LINE_BYTES`].
    pub(crate) fn from_bytes(name: String, bytes: Vec<u8>) -> anyhow::Result<Input> {
        if let Some(line) = bytes.split(|&b| b == b'\n').position(|line| line.len() > MAX_LINE_BYTES + 1) {
            let pos = Some(Pos::new(line + 1, 1));
            return Err(BadInput { file: name, pos, message: long_line_message() }.into());
        }
        match String::from_utf8(bytes) {
            // A NUL byte is never part of a puzzle: the file is binary, or not the one meant.
            Ok(text) => match text.find('\0') {
                None => Ok(Input { name, text }),
                Some(at) => {
                    let message = NUL_MESSAGE.to_owned();
                    Err(BadInput { file: name, pos: Some(pos_after(&text[..at])), message }.into())
                }
            },
            Err(err) => {
                let valid = &err.as_bytes()[..err.utf8_error().valid_up_to()];
                let valid = std::str::from_utf8(valid).unwrap_or_default();
                Err(BadInput { file: name, pos: Some(pos_after(valid)), message: "invalid UTF-8".to_owned() }.into())
            }
        }
    }

    /// A bad-input error at `pos` in this input.
    pub(crate) fn error(&self, pos: Pos, message: impl fmt::Display) -> BadInput {
        BadInput { file: self.name.clone(), pos: Some(pos), message: message.to_string() }
    }
}

/// `message` with every part quoted in `"…"` or `` `…` `` cut by [`puzzle_core::text::excerpt`]:
/// for messages written by others (serde's quote whole strings and field names of the input).
pub(crate) fn shorten_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut rest = message;
    while let Some(open) = rest.find(['"', '`']) {
        let quote = rest[open..].chars().next().unwrap_or('"');
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        let Some(close) = rest.find(quote) else { break };
        out.push_str(&puzzle_core::text::excerpt(&rest[..close]));
        out.push(quote);
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The message for a NUL byte in the input.
pub(crate) const NUL_MESSAGE: &str = "a NUL byte: expected text, not binary data";

/// The position just after `before`, the start of an input, counted as the parsers count (a
/// byte-order mark takes no column).
fn pos_after(before: &str) -> Pos {
    let before = before.strip_prefix('\u{feff}').unwrap_or(before);
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap_or_default().chars().count() + 1;
    Pos::new(line, col)
}

/// A file that cannot be read is bad input: the message says why.
pub(crate) fn cannot_read(name: &str, err: &std::io::Error) -> BadInput {
    BadInput { file: name.to_owned(), pos: None, message: format!("cannot read: {err}") }
}

/// Input that cannot be used: printed as `error: FILE:LINE:COL: MESSAGE`, exit status 1.
#[derive(Clone, Debug)]
pub(crate) struct BadInput {
    /// The file the input came from.
    pub(crate) file: String,
    /// Where in the file, when known.
    pub(crate) pos: Option<Pos>,
    /// What is wrong, lowercase, no trailing period.
    pub(crate) message: String,
}

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Messages quote the input, which may hold control characters: they are shown escaped
        // (`\u{1b}`) so that a message is one line of plain text on any terminal.
        let message: String = self
            .message
            .chars()
            .flat_map(|c| if c.is_control() { c.escape_unicode().collect() } else { vec![c] })
            .collect();
        match self.pos {
            Some(pos) => write!(f, "{}:{}: {message}", self.file, pos),
            None => write!(f, "{}: {message}", self.file),
        }
    }
}

impl std::error::Error for BadInput {}

/// Bad input that was already reported on stderr (for example, boards of a batch reported in
/// their place): exit status 1 without another message.
#[derive(Debug)]
pub(crate) struct Reported;

impl fmt::Display for Reported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("bad input, reported above")
    }
}

impl std::error::Error for Reported {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_shortened() {
        let long = "9".repeat(100);
        let short = format!("{}…", "9".repeat(40));
        assert_eq!(shorten_quotes("no quotes"), "no quotes");
        assert_eq!(shorten_quotes("`a` and \"b\""), "`a` and \"b\"");
        assert_eq!(
            shorten_quotes(&format!("invalid type: string \"{long}\", expected `{long}`")),
            format!("invalid type: string \"{short}\", expected `{short}`")
        );
        assert_eq!(shorten_quotes(&format!("unclosed \"{long}")), format!("unclosed \"{long}"));
        assert_eq!(shorten_quotes("\"é\" `\"` x"), "\"é\" `\"` x");
    }
}
