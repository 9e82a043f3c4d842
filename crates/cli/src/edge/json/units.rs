//! The lines of a split edge search: a work unit as `--split` writes it and `--unit` reads it,
//! a unit's result, and `puzzle merge`'s sum of them. The three flatten one record,
//! [`SearchJson`], the search the units belong to.

use serde::{Deserialize, Serialize};

use super::{CellJson, SearchStatus};

/// How the units' search tells solutions apart (`--plain` or not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum ModeJson {
    /// `--plain`: every complete placement.
    Plain,
    /// Distinct pictures (the default).
    Pictures,
}

impl From<ModeJson> for edge_match::Mode {
    fn from(mode: ModeJson) -> edge_match::Mode {
        match mode {
            ModeJson::Plain => edge_match::Mode::Plain,
            ModeJson::Pictures => edge_match::Mode::Pictures,
        }
    }
}

/// The search a unit belongs to: the same in every unit and result of one split, and the first
/// keys of their merged result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SearchJson {
    /// [`edge_match::puzzle_key`] in 16 hexadecimal digits.
    pub(crate) puzzle: String,
    /// The board's rows.
    pub(crate) rows: usize,
    /// The board's columns.
    pub(crate) cols: usize,
    /// Plain placements or distinct pictures.
    pub(crate) mode: ModeJson,
    /// The plan's scan order (its name); prefixes hold placements by depth in this order.
    pub(crate) order: String,
    /// The corner piece the plan pins (none: units search the whole tree).
    pub(crate) corner: Option<usize>,
    /// The engine the split's plan ran on (`row` or `ordered`, [`edge_match::Plan::engine_name`]):
    /// the worker makes the plan again from the order, the corner and this, without probing. In
    /// every unit line; the merged result has never named it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) engine: Option<String>,
    /// The split depth (cells filled by every prefix).
    pub(crate) depth: usize,
    /// How many units the split wrote.
    pub(crate) units: usize,
}

/// One work unit: after the version, the search, the unit, and the hash that binds them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct UnitJson {
    /// The version of `puzzle` that split the search; units of another version are refused
    /// (missing: a unit cut before units carried it).
    #[serde(default)]
    pub(crate) version: String,
    #[serde(flatten)]
    pub(crate) search: SearchJson,
    /// Its number, from 0.
    pub(crate) unit: usize,
    /// The placements of the first `depth` cells; `null` for unit 0, which counts the
    /// placements above the depth.
    pub(crate) prefix: Option<Vec<CellJson>>,
    /// The fingerprint of every key above (`seal::unit_hash`): a changed line is refused before
    /// it is searched and again when its result is merged.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub(crate) unit_hash: String,
}

impl UnitJson {
    /// The keys of a unit line, in the order written ([`super::read_known`]).
    pub(crate) const KEYS: [&'static str; 13] = [
        "version",
        "puzzle",
        "rows",
        "cols",
        "mode",
        "order",
        "corner",
        "engine",
        "depth",
        "units",
        "unit",
        "prefix",
        "unit_hash",
    ];

    /// A unit line, its keys checked as serde checks those of a type that denies unknown ones.
    pub(crate) fn read(text: &str) -> serde_json::Result<UnitJson> {
        super::read_known(text, &UnitJson::KEYS, super::Unknown::Listed)
    }
}

/// One unit's result: the unit's keys, then what its search counted ([`Counted`]) or, stopped
/// early, reached ([`UnitGaveUp`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct UnitResultJson<T = Counted> {
    /// The unit answered, as `--split` wrote it.
    #[serde(flatten)]
    pub(crate) line: UnitJson,
    /// Flattened too, so that serde reads the unit's keys first, as they stand in the line.
    #[serde(flatten)]
    pub(crate) outcome: T,
}

/// What a unit's whole search found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Counted {
    /// Solutions below the unit's prefix (0 for unit 0).
    pub(crate) solutions: u64,
    /// Placements below the prefix (for unit 0: above the depth).
    pub(crate) nodes: u64,
    /// The unit's solving time.
    pub(crate) elapsed_ms: f64,
    /// With `--all`: every solution below the prefix, in search order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) all: Option<Vec<Vec<CellJson>>>,
}

impl Counted {
    /// The keys of a counted result after its unit's.
    const KEYS: [&'static str; 4] = ["solutions", "nodes", "elapsed_ms", "all"];
}

impl UnitResultJson {
    /// A counted result's fields (without its `"result_hash"`), a key that neither the unit nor
    /// the count has refused.
    pub(crate) fn read(fields: &str) -> serde_json::Result<UnitResultJson> {
        const KEYS: [&str; 17] = {
            let mut keys = [""; 17];
            let mut at = 0;
            while at < 17 {
                keys[at] = if at < 13 { UnitJson::KEYS[at] } else { Counted::KEYS[at - 13] };
                at += 1;
            }
            keys
        };
        super::read_known(fields, &KEYS, super::Unknown::Named)
    }
}

/// What a unit's search stopped early (`--time-limit`, Ctrl-C) reached: `"status":"gave up"`,
/// never a count that `puzzle merge` could add up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct UnitGaveUp {
    /// Always [`SearchStatus::GaveUp`] as written.
    pub(crate) status: SearchStatus,
    pub(crate) solutions_so_far: u64,
    pub(crate) nodes: u64,
    pub(crate) elapsed_ms: f64,
}

/// The merged result of every unit of one split: the search (without its engine), then the sums.
#[derive(Serialize)]
pub(crate) struct MergedJson {
    #[serde(flatten)]
    pub(crate) search: SearchJson,
    pub(crate) solutions: u64,
    pub(crate) nodes: u64,
    pub(crate) elapsed_ms: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) all: Option<Vec<Vec<CellJson>>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit() -> UnitJson {
        let search = SearchJson {
            puzzle: "0".into(),
            rows: 2,
            cols: 2,
            mode: ModeJson::Plain,
            order: "row".into(),
            corner: None,
            engine: Some("row".into()),
            depth: 1,
            units: 2,
        };
        let prefix = Some(vec![CellJson { piece: 0, rotation: 0 }]);
        UnitJson { version: "v".into(), search, unit: 1, prefix, unit_hash: "h".into() }
    }

    #[test]
    fn the_listed_keys_are_the_keys_written() {
        assert_eq!(super::super::keys_written(&unit()), UnitJson::KEYS);
        let outcome = Counted { solutions: 1, nodes: 2, elapsed_ms: 0.5, all: Some(Vec::new()) };
        assert_eq!(super::super::keys_written(&outcome), Counted::KEYS);
        let result = UnitResultJson { line: unit(), outcome };
        let text = serde_json::to_string(&result).unwrap();
        assert_eq!(UnitResultJson::read(&text).unwrap(), result);
        assert_eq!(UnitJson::read(&serde_json::to_string(&unit()).unwrap()).unwrap(), unit());
    }

    #[test]
    fn a_unit_line_is_written_in_the_order_of_its_keys() {
        let expected =
            "{\"version\":\"v\",\"puzzle\":\"0\",\"rows\":2,\"cols\":2,\"mode\":\"plain\",\"order\":\"row\",\
                        \"corner\":null,\"engine\":\"row\",\"depth\":1,\"units\":2,\"unit\":1,\"prefix\":[{\"piece\":0,\
                        \"rotation\":0}],\"unit_hash\":\"h\"}";
        assert_eq!(serde_json::to_string(&unit()).unwrap(), expected);
        let merged = MergedJson {
            search: SearchJson { engine: None, ..unit().search },
            solutions: 3,
            nodes: 4,
            elapsed_ms: 1.5,
            all: None,
        };
        let expected = "{\"puzzle\":\"0\",\"rows\":2,\"cols\":2,\"mode\":\"plain\",\"order\":\"row\",\"corner\":null,\
                        \"depth\":1,\"units\":2,\"solutions\":3,\"nodes\":4,\"elapsed_ms\":1.5}";
        assert_eq!(serde_json::to_string(&merged).unwrap(), expected);
    }
}
