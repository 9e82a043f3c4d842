//! The hash that binds a result line to the unit it answers (`"result_hash"`), written by the
//! worker and checked by `puzzle merge`, so that a damaged or mixed-up result is refused by
//! name instead of being summed. It is [`puzzle_core::fnv1a`] over the unit's own hash and the
//! result's fields: it catches a changed byte, a result moved to another unit and a result of
//! another job, not a worker that lies on purpose (anyone can recompute it).

use std::io::Write;

use puzzle_core::fingerprint::Fnv1a;
use serde::Serialize;

/// The key of the hash in every result line.
pub(crate) const KEY: &str = "result_hash";

/// The hash's state after the unit: `unit` is the unit's line (or, for a board of a sharded
/// batch, its place) as JSON, and the result's fields are fed after it.
pub(crate) fn start(unit: &str) -> Fnv1a {
    let unit_hash = format!("{:016x}", puzzle_core::fnv1a(unit.as_bytes()));
    Fnv1a::new().update(unit_hash.as_bytes()).update(b"|")
}

/// The hash in its 16 hexadecimal digits.
pub(crate) fn hex(state: Fnv1a) -> String {
    format!("{:016x}", state.finish())
}

/// `line` (a JSON object as the worker writes it, without a newline) ended with the hash that
/// binds it to `unit`: `{…}` becomes `{…,"result_hash":"H"}`. The key is spliced on rather
/// than serialized with the fields because the hash is over the fields' bytes as written, which
/// must exist before the hash does.
pub(crate) fn seal(unit: &str, line: &str) -> anyhow::Result<String> {
    let Some(body) = line.strip_suffix('}') else { anyhow::bail!("a result line must be a JSON object: {line}") };
    Ok(format!("{body},\"{KEY}\":\"{}\"}}", hex(start(unit).update(line.as_bytes()))))
}

/// A result line as read back: the line as it was before its hash (which it ends with, as
/// [`seal`] writes it), and the hash.
pub(crate) fn unseal(text: &str) -> Result<(String, &str), String> {
    let text = text.trim_end();
    let key = format!(",\"{KEY}\":\"");
    let split = text.len().checked_sub(key.len() + 16 + 2).and_then(|at| Some((text.get(..at)?, text.get(at..)?)));
    let found = split.and_then(|(body, tail)| Some((body, tail.strip_prefix(key.as_str())?.strip_suffix("\"}")?)));
    match found {
        Some((body, hash)) => Ok((format!("{body}}}"), hash)),
        None => Err(format!(
            "the result does not end with the \"{KEY}\" binding it to its unit (written by an older `puzzle`, \
             changed or cut): run its unit again"
        )),
    }
}

/// Why the hash `found` does not bind `line` (as [`unseal`] gives it back) to `unit`, or `None`
/// when it does.
pub(crate) fn refusal(unit: &str, line: &str, found: &str) -> Option<String> {
    (hex(start(unit).update(line.as_bytes())) != found).then(|| {
        format!(
            "the result's \"{KEY}\" does not match its unit and its fields: the line was changed or damaged, or \
             belongs to another unit or job: run its unit again"
        )
    })
}

/// [`seal`] of `fields` serialized, for the unit `unit` serializes to.
pub(crate) fn seal_json(unit: &impl Serialize, fields: &impl Serialize) -> anyhow::Result<String> {
    seal(&serde_json::to_string(unit)?, &serde_json::to_string(fields)?)
}

/// Writes one result line through to `out`, feeding what passes into the hash, and ends it
/// with the hash: the line written (`{…}` and a newline) becomes `{…,"result_hash":"H"}`.
/// For lines written as they are made (a path of millions of moves), so that nothing is kept.
pub(crate) struct SealedLine<'a, W: Write> {
    out: &'a mut W,
    state: Fnv1a,
    /// The last bytes written, held back until the end: the line's closing `}` and newline.
    held: Vec<u8>,
}

/// The bytes a line ends with, held back so the hash goes before them.
const END: &[u8] = b"}\n";

impl<'a, W: Write> SealedLine<'a, W> {
    /// A line of the unit `unit` (see [`start`]) to be written to `out`.
    pub(crate) fn new(out: &'a mut W, unit: &str) -> SealedLine<'a, W> {
        SealedLine { out, state: start(unit), held: Vec::with_capacity(8) }
    }

    /// Ends the line with the hash. The fields hashed are the line as written, with its `}` but
    /// without its newline.
    pub(crate) fn finish(self) -> anyhow::Result<()> {
        anyhow::ensure!(self.held == END, "a result line must end with `}}` and a newline");
        let state = self.state.update(b"}");
        writeln!(self.out, ",\"{KEY}\":\"{}\"}}", hex(state))?;
        Ok(())
    }
}

impl<W: Write> Write for SealedLine<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.held.extend_from_slice(buf);
        if self.held.len() > END.len() {
            let through = self.held.len() - END.len();
            self.out.write_all(&self.held[..through])?;
            self.state = self.state.update(&self.held[..through]);
            self.held.drain(..through);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_written_in_pieces_carries_the_hash_of_its_fields() {
        let mut out = Vec::new();
        let mut line = SealedLine::new(&mut out, "{\"index\":0}");
        for piece in ["{\"a\":", "1,\"path\":\"UD", "LR\"", "}", "\n"] {
            line.write_all(piece.as_bytes()).unwrap();
        }
        line.finish().unwrap();
        let expected = hex(start("{\"index\":0}").update(b"{\"a\":1,\"path\":\"UDLR\"}"));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{{\"a\":1,\"path\":\"UDLR\",\"result_hash\":\"{expected}\"}}\n")
        );
    }

    #[test]
    fn a_sealed_line_is_bound_to_its_unit_and_every_byte() {
        let line = "{\"count\":1,\"nodes\":9}";
        let sealed = seal("{\"unit\":1}", line).unwrap();
        assert!(sealed.starts_with("{\"count\":1,\"nodes\":9,\"result_hash\":\""), "{sealed}");
        let (back, hash) = unseal(&sealed).unwrap();
        assert_eq!(back, line);
        assert_eq!(refusal("{\"unit\":1}", &back, hash), None);
        assert!(refusal("{\"unit\":2}", &back, hash).unwrap().contains("does not match"));
        let edited = sealed.replace("\"count\":1", "\"count\":991");
        let (edited, hash) = unseal(&edited).unwrap();
        assert!(refusal("{\"unit\":1}", &edited, hash).is_some());
        assert!(unseal(line).unwrap_err().contains("does not end with"));
        assert!(unseal(&sealed[..sealed.len() - 3]).is_err());
        assert!(unseal("").is_err());
    }

    #[test]
    fn a_line_without_its_end_is_refused() {
        let mut out = Vec::new();
        let mut line = SealedLine::new(&mut out, "{}");
        line.write_all(b"{\"a\":1").unwrap();
        assert!(line.finish().is_err());
    }
}
