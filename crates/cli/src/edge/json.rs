//! Every JSON line `puzzle edge` and its scale-out commands print, as serde types in one place:
//! the answers of one run (`answer.rs`), the work units of a split, their results and their merge
//! (`units.rs`), and the lines of `--best` (`best.rs`); here what they share: a placed piece, a
//! search's status, and the reading of a line whose unknown keys are refused.

use std::borrow::Cow;
use std::collections::HashSet;

use serde::de::{DeserializeOwned, DeserializeSeed, Error as _, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

pub(crate) mod answer;
pub(crate) mod best;
pub(crate) mod units;

/// One placed piece, in every JSON output and work unit: its index in input order and its
/// counter-clockwise quarter turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CellJson {
    /// The piece's index in file order.
    pub(crate) piece: usize,
    /// Counter-clockwise quarter turns.
    pub(crate) rotation: u8,
}

impl From<&edge_match::Placement> for CellJson {
    fn from(placement: &edge_match::Placement) -> CellJson {
        CellJson { piece: placement.piece, rotation: placement.turns() }
    }
}

impl From<&CellJson> for edge_match::Placement {
    fn from(cell: &CellJson) -> edge_match::Placement {
        edge_match::Placement::new(cell.piece, cell.rotation)
    }
}

/// How an edge search ended, in every JSON line that says it (`"status"`): the one spelling of
/// a search stopped by a limit or a signal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum SearchStatus {
    /// The search finished: its counts are the answer.
    #[serde(rename = "complete")]
    Complete,
    /// A limit (`--time-limit`, `--max-nodes`) or Ctrl-C stopped it: what it reached, never the
    /// answer.
    #[serde(rename = "gave up")]
    GaveUp,
}

impl SearchStatus {
    /// The status of a search that `stopped` or not.
    pub(crate) fn of(stopped: bool) -> SearchStatus {
        if stopped {
            SearchStatus::GaveUp
        } else {
            SearchStatus::Complete
        }
    }
}

/// How [`read_known`] names a key the line's type does not have.
#[derive(Clone, Copy)]
pub(crate) enum Unknown {
    /// serde's own words: "unknown field `x`, expected one of `a`, `b`".
    Listed,
    /// "unknown field `x`", as serde says it of a type with flattened fields.
    Named,
}

/// The JSON object `text` read as a `T` whose keys are `keys`, a key not among them (or one
/// given twice) refused at its place as serde refuses it for a type that denies unknown fields.
/// The types that flatten a shared record cannot deny them themselves (serde does not support
/// both on one type); their keys are listed beside them and tested against what they write.
pub(crate) fn read_known<T: DeserializeOwned>(
    text: &str,
    keys: &'static [&'static str],
    unknown: Unknown,
) -> serde_json::Result<T> {
    let mut keys_read = serde_json::Deserializer::from_str(text);
    KnownKeys { keys, unknown }.deserialize(&mut keys_read)?;
    serde_json::from_str(text)
}

/// The walk over an object's keys behind [`read_known`]; the values are skipped.
struct KnownKeys {
    keys: &'static [&'static str],
    unknown: Unknown,
}

impl<'de> DeserializeSeed<'de> for KnownKeys {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for KnownKeys {
    type Value = ();

    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<Cow<'de, str>>()? {
            if !self.keys.contains(&key.as_ref()) {
                return Err(match self.unknown {
                    Unknown::Listed => A::Error::unknown_field(&key, self.keys),
                    Unknown::Named => A::Error::custom(format!("unknown field `{key}`")),
                });
            }
            if !seen.insert(key.clone()) {
                return Err(A::Error::custom(format!("duplicate field `{key}`")));
            }
            map.next_value::<IgnoredAny>()?;
        }
        Ok(())
    }
}

/// The keys of `line` (a JSON object), in the order written: what tests compare a type's listed
/// keys with.
#[cfg(test)]
pub(crate) fn keys_written(line: &impl Serialize) -> Vec<String> {
    let text = serde_json::to_string(line).unwrap();
    let fields: crate::scale_out::seal::Fields<'_> = serde_json::from_str(&text).unwrap();
    fields.0.into_iter().map(|(key, _)| key).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    struct Pair {
        #[allow(dead_code)]
        a: u8,
    }

    fn check(text: &str, unknown: Unknown, expected: &str) {
        let err = read_known::<Pair>(text, &["a"], unknown).unwrap_err();
        assert_eq!(err.to_string(), expected, "{text}");
    }

    #[test]
    fn unknown_and_repeated_keys_are_refused_where_they_stand() {
        assert_eq!(read_known::<Pair>("{\"a\":1}", &["a"], Unknown::Listed).unwrap().a, 1);
        check("{\"a\":1,\"b\":2}", Unknown::Listed, "unknown field `b`, expected `a` at line 1 column 10");
        check("{\"b\":2}", Unknown::Named, "unknown field `b` at line 1 column 4");
        check("{\"a\":1,\"a\":2}", Unknown::Named, "duplicate field `a` at line 1 column 10");
        check("{\"a\":", Unknown::Named, "EOF while parsing a value at line 1 column 5");
        check("{\"a\":300}", Unknown::Named, "invalid value: integer `300`, expected u8 at line 1 column 8");
    }
}
