//! What a JSON line of the scale-out workflows is, told from its keys, so that a line given to
//! the wrong command (a sliding unit to `puzzle edge --unit`, unit lines to `puzzle merge`, two
//! kinds of result in one merge) is named as the mix-up it is instead of as a missing key.

/// The kinds of line the scale-out commands write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineKind {
    /// A unit line of `puzzle slide --split` (or of `puzzle merge`'s next round).
    SlideUnit,
    /// A result of `puzzle slide --unit`.
    SlideResult,
    /// A unit line of `puzzle edge --split`.
    EdgeUnit,
    /// A result of `puzzle edge --unit`.
    EdgeResult,
    /// A line of `puzzle slide --shard K/N --json`.
    Shard,
    /// A line of `puzzle edge --best --json`.
    Best,
}

/// The key every result ends with, and no unit line has.
const RESULT: &str = super::seal::KEY;

impl LineKind {
    /// The kind of `line`, from the keys only that kind has; `None` for none of them.
    pub(crate) fn of(line: &serde_json::Value) -> Option<LineKind> {
        LineKind::from_keys(|key| line.get(key).is_some(), line.get("search").and_then(serde_json::Value::as_str))
    }

    /// The kind of a line with the keys `has` says, and `search` the value of `"search"` when it
    /// is a string.
    fn from_keys(has: impl Fn(&str) -> bool, search: Option<&str>) -> Option<LineKind> {
        Some(if search == Some("slide") {
            if has("status") || has(RESULT) {
                LineKind::SlideResult
            } else {
                LineKind::SlideUnit
            }
        } else if has("unit") && has("prefix") {
            if has("nodes") || has("status") || has(RESULT) {
                LineKind::EdgeResult
            } else {
                LineKind::EdgeUnit
            }
        } else if has("index") && has("total") {
            LineKind::Shard
        } else if has("edges_matching") {
            LineKind::Best
        } else {
            return None;
        })
    }

    /// The kind of the JSON line `text`, from its keys as [`LineKind::of`] tells them, without
    /// building the line's value (a merge of millions of lines reads each key once and keeps
    /// nothing); `None` for a line of no kind, an `Err` for a line that is not JSON.
    pub(crate) fn of_text(text: &str) -> Result<Option<LineKind>, serde_json::Error> {
        if !text.trim_start().starts_with('{') {
            return serde_json::from_str::<serde_json::Value>(text).map(|value| LineKind::of(&value));
        }
        let keys: Keys = serde_json::from_str(text)?;
        let has =
            |key: &str| KEYS.iter().position(|known| *known == key).is_some_and(|bit| keys.present & 1 << bit != 0);
        Ok(LineKind::from_keys(has, keys.search.as_deref()))
    }

    /// Whether the line is work to be done (a unit line), not its result.
    pub(crate) fn is_unit(self) -> bool {
        matches!(self, LineKind::SlideUnit | LineKind::EdgeUnit)
    }

    /// What the line is, in words: "a unit line of `puzzle slide --split`".
    pub(crate) fn described(self) -> &'static str {
        match self {
            LineKind::SlideUnit => "a unit line of `puzzle slide --split`",
            LineKind::SlideResult => "a result of `puzzle slide --unit`",
            LineKind::EdgeUnit => "a unit line of `puzzle edge --split`",
            LineKind::EdgeResult => "a result of `puzzle edge --unit`",
            LineKind::Shard => "a line of `puzzle slide --shard K/N --json`",
            LineKind::Best => "a line of `puzzle edge --best --json`",
        }
    }

    /// Why a line of this kind is not one of `wanted` (what the command takes, in words), with
    /// what to do instead.
    pub(crate) fn mix_up(self, wanted: &str) -> String {
        let hint = match self {
            LineKind::SlideUnit => ": run it with `puzzle slide --unit` first, then merge its result",
            LineKind::EdgeUnit => ": run it with `puzzle edge --unit` first, then merge its result",
            LineKind::SlideResult | LineKind::EdgeResult | LineKind::Shard | LineKind::Best => {
                ": merge each kind of output on its own"
            }
        };
        format!("{} where {wanted} was expected{hint}", self.described())
    }
}

/// The keys [`LineKind::from_keys`] asks about, besides `"search"`.
const KEYS: [&str; 8] = ["status", "unit", "prefix", "nodes", "index", "total", "edges_matching", RESULT];

/// Which of [`KEYS`] a JSON object has (bit `i` for `KEYS[i]`), and the value of `"search"` when
/// it is a string: what tells the kinds apart, read without keeping the values.
struct Keys {
    present: u16,
    search: Option<String>,
}

impl<'de> serde::Deserialize<'de> for Keys {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Keys, D::Error> {
        struct Names;
        impl<'de> serde::de::Visitor<'de> for Names {
            type Value = Keys;
            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Keys, A::Error> {
                let mut keys = Keys { present: 0, search: None };
                while let Some(name) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                    if name == "search" {
                        keys.search = map.next_value::<serde_json::Value>()?.as_str().map(str::to_owned);
                    } else {
                        map.next_value::<serde::de::IgnoredAny>()?;
                    }
                    if let Some(bit) = KEYS.iter().position(|known| *known == name) {
                        keys.present |= 1 << bit;
                    }
                }
                Ok(keys)
            }
        }
        deserializer.deserialize_map(Names)
    }
}

/// Why `text` (a unit line given to `--unit`) is not a unit line of `wanted`, when it is plainly
/// another kind of line; `None` when it is not JSON or is of no known kind (the unit's own
/// parser names the problem then).
pub(crate) fn unit_mix_up(text: &str, wanted: LineKind) -> Option<String> {
    let kind = LineKind::of(&serde_json::from_str(text).ok()?)?;
    (kind != wanted).then(|| {
        let command = match wanted {
            LineKind::SlideUnit => "`puzzle slide --unit`",
            _ => "`puzzle edge --unit`",
        };
        match kind {
            LineKind::SlideUnit => format!("{} given to {command}: give it to `puzzle slide --unit`", kind.described()),
            LineKind::EdgeUnit => format!("{} given to {command}: give it to `puzzle edge --unit`", kind.described()),
            _ => format!("{} given to {command}, which takes unit lines of a split", kind.described()),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(line: &str, expected: Option<LineKind>) {
        assert_eq!(LineKind::of(&serde_json::from_str(line).unwrap()), expected, "{line}");
    }

    #[test]
    fn kinds() {
        check(r#"{"search":"slide","unit":1,"prefix":"U","unit_hash":"0"}"#, Some(LineKind::SlideUnit));
        check(r#"{"search":"slide","unit":1,"prefix":"U","status":"searched"}"#, Some(LineKind::SlideResult));
        check(r#"{"puzzle":"0","unit":0,"prefix":null}"#, Some(LineKind::EdgeUnit));
        check(r#"{"puzzle":"0","unit":0,"prefix":null,"solutions":0,"nodes":3}"#, Some(LineKind::EdgeResult));
        check(r#"{"puzzle":"0","unit":0,"prefix":null,"status":"gave up"}"#, Some(LineKind::EdgeResult));
        // A result cut down to its unit's keys is still a result: it has its hash.
        check(r#"{"unit":0,"prefix":"9","result_hash":"0"}"#, Some(LineKind::EdgeResult));
        check(r#"{"search":"slide","unit":0,"prefix":null,"result_hash":"0"}"#, Some(LineKind::SlideResult));
        check(r#"{"index":0,"total":1,"input":"0"}"#, Some(LineKind::Shard));
        check(r#"{"edges_matching":3}"#, Some(LineKind::Best));
        check(r#"{"moves":3}"#, None);
    }

    #[test]
    fn kinds_from_the_text_are_the_kinds_from_the_value() {
        let lines = [
            r#"{"search":"slide","unit":1,"prefix":"U","unit_hash":"0"}"#,
            r#"{"search":"slide","unit":1,"prefix":"U","status":"searched"}"#,
            r#"{"puzzle":"0","unit":0,"prefix":null}"#,
            r#"{"puzzle":"0","unit":0,"prefix":null,"solutions":0,"nodes":3}"#,
            r#"{"unit":0,"prefix":"9","result_hash":"0"}"#,
            r#"{"index":0,"total":1,"input":"0"}"#,
            r#"{"edges_matching":3}"#,
            r#"{"search":3,"unit":0,"prefix":null}"#,
            r#"{"moves":3,"nested":{"index":0,"total":1}}"#,
            "[1]",
            "3",
        ];
        for line in lines {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(LineKind::of_text(line).unwrap(), LineKind::of(&value), "{line}");
        }
        assert!(LineKind::of_text("{\"a\":").is_err());
    }

    #[test]
    fn a_unit_of_the_other_domain_is_named() {
        let slide = r#"{"search":"slide","unit":1,"prefix":"U"}"#;
        assert_eq!(
            unit_mix_up(slide, LineKind::EdgeUnit).unwrap(),
            "a unit line of `puzzle slide --split` given to `puzzle edge --unit`: give it to `puzzle slide --unit`"
        );
        assert_eq!(unit_mix_up(slide, LineKind::SlideUnit), None);
        assert_eq!(unit_mix_up("{\"puzzle\"", LineKind::EdgeUnit), None);
    }
}
