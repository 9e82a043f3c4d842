//! Reading an input a line at a time, so that a batch of any length (the lines format, judge B)
//! is answered board by board without holding the whole input in memory.

use std::collections::VecDeque;
use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use puzzle_core::text::{Line, Pos};

use crate::input::{cannot_read, long_line_message, BadInput, Input, MAX_LINE_BYTES};

/// One line read from a stream: its number and text, without the line ending (and without a
/// byte-order mark on line 1).
#[derive(Debug)]
pub(crate) struct OwnedLine {
    /// The line number, counted from 1.
    pub(crate) number: usize,
    /// The text of the line.
    pub(crate) text: String,
}

impl OwnedLine {
    /// The line as the parsers take it.
    pub(crate) fn as_line(&self) -> Line<'_> {
        Line { number: self.number, text: &self.text }
    }
}

/// An input read line by line, checked as [`Input::read`] checks a whole input (valid UTF-8,
/// no NUL byte) with the same positions.
pub(crate) struct LineStream {
    /// The file name as given, or `<stdin>`.
    pub(crate) name: String,
    reader: Box<dyn BufRead>,
    /// Lines read ahead by [`LineStream::first_non_blank`], given again before reading more.
    ahead: VecDeque<OwnedLine>,
    /// The bytes of the lines read ahead, as read, for [`LineStream::into_input`].
    ahead_bytes: Vec<u8>,
    /// Whether a line was taken with [`LineStream::next_line`].
    consumed: bool,
    /// The number of the last line read.
    number: usize,
}

impl fmt::Debug for LineStream {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LineStream").field("name", &self.name).field("number", &self.number).finish_non_exhaustive()
    }
}

impl LineStream {
    /// Opens `path`, or standard input when it is `None` or `-`.
    pub(crate) fn open(path: Option<&Path>) -> anyhow::Result<LineStream> {
        let (name, reader): (String, Box<dyn BufRead>) = match path {
            Some(p) if p != Path::new("-") => {
                let name = p.display().to_string();
                let file = File::open(p).map_err(|e| cannot_read(&name, &e))?;
                (name, Box::new(BufReader::with_capacity(1 << 16, file)))
            }
            _ => ("<stdin>".to_owned(), Box::new(BufReader::with_capacity(1 << 16, std::io::stdin()))),
        };
        Ok(LineStream { name, reader, ahead: VecDeque::new(), ahead_bytes: Vec::new(), consumed: false, number: 0 })
    }

    /// The next line, or `None` at the end of the input.
    pub(crate) fn next_line(&mut self) -> anyhow::Result<Option<OwnedLine>> {
        self.consumed = true;
        match self.ahead.pop_front() {
            Some(line) => Ok(Some(line)),
            None => Ok(self.read_line()?.map(|(line, _)| line)),
        }
    }

    /// The text of the input's lines up to its `n`-th line that is not blank (all of it where it
    /// has fewer), read ahead without being taken, each ended by a newline, the blank lines
    /// kept so that every line keeps its number; `None` when no line is not blank. For telling
    /// formats apart by their first lines as they would be told on the whole text. Only before
    /// any line was taken.
    pub(crate) fn first_non_blank(&mut self, n: usize) -> anyhow::Result<Option<String>> {
        while self.ahead.iter().filter(|line| !line.text.trim().is_empty()).count() < n {
            let Some((line, bytes)) = self.read_line()? else { break };
            self.ahead_bytes.extend_from_slice(&bytes);
            self.ahead.push_back(line);
        }
        if self.ahead.iter().all(|line| line.text.trim().is_empty()) {
            return Ok(None);
        }
        let mut text = String::new();
        for line in &self.ahead {
            text.push_str(&line.text);
            text.push('\n');
        }
        Ok(Some(text))
    }

    /// The whole input, for formats that are read at once. Only before any line was taken.
    pub(crate) fn into_input(mut self) -> anyhow::Result<Input> {
        anyhow::ensure!(!self.consumed, "the input was partly read before being read whole");
        let mut bytes = std::mem::take(&mut self.ahead_bytes);
        self.reader.read_to_end(&mut bytes).map_err(|e| cannot_read(&self.name, &e))?;
        Input::from_bytes(self.name, bytes)
    }

    /// A bad-input error at `pos` in this input.
    pub(crate) fn error(&self, pos: Pos, message: impl fmt::Display) -> BadInput {
        BadInput { file: self.name.clone(), pos: Some(pos), message: message.to_string() }
    }

    /// Reads one line from the reader: the line, and its bytes as read. A line longer than
    /// [`MAX_LINE_BYTES`] is refused once that much of it is read.
    fn read_line(&mut self) -> anyhow::Result<Option<(OwnedLine, Vec<u8>)>> {
        let mut bytes = Vec::new();
        // The line ending's two bytes besides the longest line.
        let most = MAX_LINE_BYTES as u64 + 2;
        if (&mut self.reader).take(most).read_until(b'\n', &mut bytes).map_err(|e| cannot_read(&self.name, &e))? == 0 {
            return Ok(None);
        }
        self.number += 1;
        let mut text: &[u8] = &bytes;
        text = text.strip_suffix(b"\n").unwrap_or(text);
        text = text.strip_suffix(b"\r").unwrap_or(text);
        if text.len() > MAX_LINE_BYTES {
            return Err(self.error(Pos::new(self.number, 1), long_line_message()).into());
        }
        if self.number == 1 {
            text = text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(text);
        }
        let text = match std::str::from_utf8(text) {
            Ok(text) => text,
            Err(err) => {
                let valid = std::str::from_utf8(&text[..err.valid_up_to()]).unwrap_or_default();
                let pos = Pos::new(self.number, valid.chars().count() + 1);
                return Err(self.error(pos, "invalid UTF-8").into());
            }
        };
        if let Some(at) = text.find('\0') {
            let pos = Pos::new(self.number, text[..at].chars().count() + 1);
            return Err(self.error(pos, crate::input::NUL_MESSAGE).into());
        }
        let line = OwnedLine { number: self.number, text: text.to_owned() };
        Ok(Some((line, bytes)))
    }
}
