//! The hash that binds a result line to the unit it answers (`"result_hash"`), written by the
//! worker and checked by `puzzle merge`, so that a damaged or mixed-up result is refused by
//! name instead of being summed. It is [`puzzle_core::fingerprint::fingerprint()`] over the unit's own hash and the
//! result's fields: it catches a changed byte, a result moved to another unit and a result of
//! another job, not a worker that lies on purpose (anyone can recompute it).

use std::io::Write;

use puzzle_core::fingerprint::Fingerprint;
use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;

/// The key of the hash in every result line.
pub(crate) const KEY: &str = "result_hash";

/// The hash's state after the unit: `unit` is the unit's line (or, for a board of a sharded
/// batch, its place) as JSON, and the result's fields are fed after it.
fn start(unit: &str) -> Fingerprint {
    let unit_hash = unit_hash(unit);
    let mut state = Fingerprint::new();
    state.update(unit_hash.as_bytes());
    state.update(b"|");
    state
}

/// The hash in its 16 hexadecimal digits.
fn hex(state: &Fingerprint) -> String {
    format!("{:016x}", state.finish())
}

/// The hash that binds the fields `line` (as written) to `unit`, in 16 hexadecimal digits.
fn hash(unit: &str, line: &[u8]) -> String {
    let mut state = start(unit);
    state.update(line);
    hex(&state)
}

/// A JSON object's fields as read, in the order written, each value kept as its JSON text: what
/// the hash covers is the fields' bytes as written, so the reader serializes them back without
/// parsing the values (a float read and written again need not keep its digits).
#[derive(Debug)]
pub(crate) struct Fields<'a>(pub(crate) Vec<(String, &'a RawValue)>);

impl<'de> Deserialize<'de> for Fields<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Fields<'de>, D::Error> {
        struct InOrder;
        impl<'de> Visitor<'de> for InOrder {
            type Value = Fields<'de>;
            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields<'de>, A::Error> {
                let mut fields = Vec::new();
                while let Some(field) = map.next_entry()? {
                    fields.push(field);
                }
                Ok(Fields(fields))
            }
        }
        deserializer.deserialize_map(InOrder)
    }
}

impl Serialize for Fields<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(key, value)| (key, value)))
    }
}

impl Fields<'_> {
    /// The fields as one JSON object without spaces: the bytes the worker wrote.
    pub(crate) fn line(&self) -> String {
        // Strings and JSON texts always serialize.
        serde_json::to_string(self).expect("fields serialize")
    }
}

/// A result line: its fields, then the hash that binds them to their unit.
#[derive(Serialize)]
struct Sealed<'a, T> {
    #[serde(flatten)]
    fields: &'a T,
    result_hash: String,
}

/// `fields` serialized and ended with the hash that binds them to the unit `unit` serializes to:
/// `{…}` becomes `{…,"result_hash":"H"}`, the hash over the fields' bytes as serialized alone.
pub(crate) fn seal_json(unit: &impl Serialize, fields: &impl Serialize) -> anyhow::Result<String> {
    let line = serde_json::to_string(fields)?;
    let result_hash = hash(&serde_json::to_string(unit)?, line.as_bytes());
    Ok(serde_json::to_string(&Sealed { fields, result_hash })?)
}

/// The version of `puzzle` that unit lines carry: a unit is run and merged by the version that
/// cut it.
pub(crate) const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Why a unit line carrying `version` is refused, if it is: cut by another version of `puzzle`
/// (or, without one, by a version before units carried it); `split` names the command to cut
/// it again with.
pub(crate) fn version_refusal(version: &str, split: &str) -> Option<String> {
    match version {
        VERSION => None,
        "" => Some(format!(
            "the unit has no \"version\": it was cut by an older `puzzle`, run it with that one or cut it again \
             with `{split}`"
        )),
        other => Some(format!(
            "a unit of puzzle {}, but this is puzzle {VERSION}: cut it again with `{split}` of this version",
            puzzle_core::text::excerpt(other)
        )),
    }
}

/// The `"unit_hash"` of every unit line, of both kinds: the fingerprint (XXH3) of the text that
/// names what the unit searches, in 16 hexadecimal digits. An edge unit's text is its line
/// without its hash, so every key is bound; a slide unit's is
/// `puzzle|units|round|bound|nodes_before|unit|prefix` (docs/formats.md). A unit changed in what
/// its text holds is refused, by the worker and by `puzzle merge`. The same hash of a unit's
/// whole line starts its results' `"result_hash"`.
pub(crate) fn unit_hash(identity: &str) -> String {
    format!("{:016x}", puzzle_core::fingerprint::fingerprint(identity.as_bytes()))
}

/// A result line as read back: its fields before its hash (which it ends with, as
/// [`seal_json`] writes it), and the hash.
pub(crate) fn unseal(text: &str) -> Result<(Fields<'_>, String), String> {
    let refused = || {
        format!(
            "the result does not end with the \"{KEY}\" binding it to its unit (written by an older `puzzle`, \
             changed or cut): run its unit again"
        )
    };
    let Ok(Fields(mut fields)) = serde_json::from_str::<Fields<'_>>(text) else { return Err(refused()) };
    let hash = match fields.pop() {
        Some((key, value)) if key == KEY => serde_json::from_str::<String>(value.get()).ok(),
        _ => None,
    };
    match hash {
        Some(hash) if hash.len() == 16 => Ok((Fields(fields), hash)),
        _ => Err(refused()),
    }
}

/// Why the hash `found` does not bind `line` (the fields [`unseal`] gives back, as one line) to
/// `unit`, or `None` when it does.
pub(crate) fn refusal(unit: &str, line: &str, found: &str) -> Option<String> {
    (hash(unit, line.as_bytes()) != found).then(|| {
        format!(
            "the result's \"{KEY}\" does not match its unit and its fields: the line was changed or damaged, or \
             belongs to another unit or job: run its unit again"
        )
    })
}

/// Writes one result line through to `out`, feeding what passes into the hash, and ends it
/// with the hash: the line written (`{…}` and a newline) becomes `{…,"result_hash":"H"}`.
/// For lines written as they are made (a path of millions of moves), so that nothing is kept.
pub(crate) struct SealedLine<'a, W: Write> {
    out: &'a mut W,
    state: Fingerprint,
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
        let mut state = self.state;
        state.update(b"}");
        writeln!(self.out, ",\"{KEY}\":\"{}\"}}", hex(&state))?;
        Ok(())
    }
}

impl<W: Write> Write for SealedLine<'_, W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.held.extend_from_slice(buf);
        if self.held.len() > END.len() {
            let through = self.held.len() - END.len();
            self.out.write_all(&self.held[..through])?;
            self.state.update(&self.held[..through]);
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
        let expected = hash("{\"index\":0}", b"{\"a\":1,\"path\":\"UDLR\"}");
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{{\"a\":1,\"path\":\"UDLR\",\"result_hash\":\"{expected}\"}}\n")
        );
    }

    /// A result whose keys are not in alphabetical order and whose float has 17 digits: the
    /// sealed line keeps both as serialized.
    #[derive(Serialize)]
    struct Counted {
        nodes: u64,
        count: u64,
        elapsed_ms: f64,
    }

    #[test]
    fn a_sealed_line_is_bound_to_its_unit_and_every_byte() {
        let unit = Counted { nodes: 0, count: 1, elapsed_ms: 0.0 };
        let unit_json = "{\"nodes\":0,\"count\":1,\"elapsed_ms\":0.0}";
        let line = "{\"nodes\":9,\"count\":1,\"elapsed_ms\":0.30000000000000004}";
        let sealed = seal_json(&unit, &Counted { nodes: 9, count: 1, elapsed_ms: 0.1 + 0.2 }).unwrap();
        // The hash as docs/formats.md defines it, computed here by hand.
        let unit_hash = format!("{:016x}", puzzle_core::fingerprint::fingerprint(unit_json.as_bytes()));
        let hash = puzzle_core::fingerprint::fingerprint(format!("{unit_hash}|{line}").as_bytes());
        let expected =
            format!("{{\"nodes\":9,\"count\":1,\"elapsed_ms\":0.30000000000000004,\"result_hash\":\"{hash:016x}\"}}");
        assert_eq!(sealed, expected);
        let (back, hash) = unseal(&sealed).unwrap();
        assert_eq!(back.line(), line);
        assert_eq!(refusal(unit_json, &back.line(), &hash), None);
        assert!(refusal("{\"unit\":2}", &back.line(), &hash).unwrap().contains("does not match"));
        let edited = sealed.replace("\"count\":1", "\"count\":991");
        let (edited, hash) = unseal(&edited).unwrap();
        assert!(refusal(unit_json, &edited.line(), &hash).is_some());
        let added = sealed.replace("\"count\":1,", "\"count\":1,\"more\":[1, 2],");
        let (added, hash) = unseal(&added).unwrap();
        assert_eq!(added.line(), line.replace("\"count\":1,", "\"count\":1,\"more\":[1, 2],"));
        assert!(refusal(unit_json, &added.line(), &hash).is_some());
        for cut in [line, &sealed[..sealed.len() - 3], "", "[1]", &sealed.replace("result_hash", "hash")] {
            assert!(unseal(cut).unwrap_err().contains("does not end with"), "{cut}");
        }
    }

    #[test]
    fn a_line_without_its_end_is_refused() {
        let mut out = Vec::new();
        let mut line = SealedLine::new(&mut out, "{}");
        line.write_all(b"{\"a\":1").unwrap();
        assert!(line.finish().is_err());
    }
}
