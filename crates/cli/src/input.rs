//! Reading a puzzle file (or standard input) and reporting bad input with its position.

use std::fmt;
use std::io::Read;
use std::path::Path;

use puzzle_core::Pos;

/// The whole text of one input, with the name to use in messages.
#[derive(Debug)]
pub struct Input {
    /// The file name as given, or `<stdin>`.
    pub name: String,
    /// The text, valid UTF-8.
    pub text: String,
}

impl Input {
    /// Reads `path`, or standard input when it is `None` or `-`.
    pub fn read(path: Option<&Path>) -> anyhow::Result<Input> {
        let (name, bytes) = match path {
            None => ("<stdin>".to_owned(), read_stdin()?),
            Some(p) if p == Path::new("-") => ("<stdin>".to_owned(), read_stdin()?),
            Some(p) => {
                let name = p.display().to_string();
                let bytes = std::fs::read(p).map_err(|e| BadInput {
                    file: name.clone(),
                    pos: None,
                    message: format!("cannot read: {e}"),
                })?;
                (name, bytes)
            }
        };
        match String::from_utf8(bytes) {
            Ok(text) => Ok(Input { name, text }),
            Err(err) => {
                let valid = &err.as_bytes()[..err.utf8_error().valid_up_to()];
                let valid = std::str::from_utf8(valid).unwrap_or_default();
                let line = valid.matches('\n').count() + 1;
                let col = valid.rsplit('\n').next().unwrap_or_default().chars().count() + 1;
                Err(BadInput { file: name, pos: Some(Pos::new(line, col)), message: "invalid UTF-8".to_owned() }.into())
            }
        }
    }

    /// A bad-input error at `pos` in this input.
    pub fn error(&self, pos: Pos, message: impl fmt::Display) -> BadInput {
        BadInput { file: self.name.clone(), pos: Some(pos), message: message.to_string() }
    }
}

fn read_stdin() -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Input that cannot be used: printed as `error: FILE:LINE:COL: MESSAGE`, exit status 1.
#[derive(Debug)]
pub struct BadInput {
    /// The file the input came from.
    pub file: String,
    /// Where in the file, when known.
    pub pos: Option<Pos>,
    /// What is wrong, lowercase, no trailing period.
    pub message: String,
}

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pos {
            Some(pos) => write!(f, "{}:{}: {}", self.file, pos, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for BadInput {}

/// Bad input that was already reported on stderr (for example, boards of a batch reported in
/// their place): exit status 1 without another message.
#[derive(Debug)]
pub struct Reported;

impl fmt::Display for Reported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("bad input, reported above")
    }
}

impl std::error::Error for Reported {}
