//! The layers inside a crate, checked by `cargo xtask tidy`: which of its crate's top-level
//! modules a module's files may use, as ARCHITECTURE.md's code map says ("uses only …"). A use is a
//! path outside comments (`use crate::{a, b::c}` names `a` and `b`); a name the parent imports
//! or re-exports from one of its modules (`crate::Board`, from `pub use board::{Board, …}` in
//! `lib.rs`; `super::OrderedEngine`, from `pub use ordered::OrderedEngine` in `engine.rs`) counts
//! as a use of the module it comes from, so an import hides no edge. Items defined in the parent
//! itself (`crate::MOVE_ORDER`) are free.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Context;

use super::cycles::{split_top_level, without_comments};

/// One module's rule: the crate's source directory, the module, and the top-level modules of
/// the same crate its files may use.
#[derive(Debug)]
pub(super) struct Layer {
    pub src: &'static str,
    pub module: &'static str,
    pub may_use: &'static [&'static str],
}

/// The layers of ARCHITECTURE.md's code map of `sliding`: the checkers share nothing with the
/// searches they check, the tables know no search, the IDA* loop knows the tables and no board,
/// and the constructive solver knows no search.
pub(super) const LAYERS: [Layer; 9] = [
    Layer { src: "crates/sliding/src", module: "board", may_use: &[] },
    Layer { src: "crates/sliding/src", module: "parse", may_use: &["board"] },
    Layer { src: "crates/sliding/src", module: "solvable", may_use: &["board"] },
    Layer { src: "crates/sliding/src", module: "check", may_use: &["answer", "board", "replay", "solvable"] },
    Layer { src: "crates/sliding/src", module: "replay", may_use: &["board", "solvable"] },
    Layer { src: "crates/sliding/src", module: "table_3x3", may_use: &["board"] },
    Layer { src: "crates/sliding/src", module: "pdb", may_use: &[] },
    Layer { src: "crates/sliding/src", module: "ida", may_use: &["pdb"] },
    Layer { src: "crates/sliding/src", module: "constructive", may_use: &["board", "replay", "solvable"] },
];

/// A parent module's view (the crate root's, or `engine.rs`'s): its modules, and the module each
/// name it imports or re-exports comes from (`pub use board::{Board, BLANK};` gives
/// `Board → board`, `BLANK → board`).
#[derive(Debug, Default)]
pub(super) struct Root {
    modules: BTreeSet<String>,
    reexports: BTreeMap<String, String>,
}

impl Root {
    /// Reads a parent file's `mod` declarations and `use` items.
    pub(super) fn parse(lib: &str) -> Root {
        let mut root = Root::default();
        let code = without_comments(lib);
        for item in code.split(';') {
            let item = item.trim();
            let words: Vec<&str> = item.split_whitespace().collect();
            if let Some(at) = words.iter().position(|w| *w == "mod") {
                if at + 2 == words.len() || (at + 1 < words.len() && words[at + 1].ends_with('{')) {
                    root.modules.insert(words[at + 1].trim_end_matches('{').to_owned());
                }
            } else if let Some(tree) = item.strip_prefix("use ").or_else(|| item.split_once(" use ").map(|(_, t)| t)) {
                let tree = tree.trim();
                let (first, rest) = tree.split_once("::").unwrap_or((tree, ""));
                for name in leaves(rest.trim()) {
                    root.reexports.insert(name, first.trim().to_owned());
                }
            }
        }
        root
    }

    /// The top-level module a path's first segment stands for, if any.
    fn module_of(&self, first: &str) -> Option<String> {
        if self.modules.contains(first) {
            Some(first.to_owned())
        } else {
            self.reexports.get(first).filter(|module| self.modules.contains(*module)).cloned()
        }
    }
}

/// The last segments of a use tree's leaves (`{a::B, c::{D, E}}` gives `B`, `D`, `E`;
/// `x as y` gives `y`).
fn leaves(tree: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in top_level_entries(tree) {
        match entry.find('{') {
            Some(open) => found.extend(leaves(entry[open..].trim())),
            None => {
                let name = entry.rsplit(" as ").next().unwrap_or_default();
                let name = name.rsplit("::").next().unwrap_or_default().trim();
                if !name.is_empty() && name != "self" && name != "*" {
                    found.push(name.to_owned());
                }
            }
        }
    }
    found
}

/// The entries of a use tree at its top level: `{a::b, c::{d, e}}` gives `a::b` and
/// `c::{d, e}`; a tree without braces is its own one entry.
fn top_level_entries(tree: &str) -> Vec<&str> {
    match tree.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
        Some(inner) => split_top_level(inner),
        None if tree.is_empty() => Vec::new(),
        None => vec![tree],
    }
}

/// The first segments of the paths that follow `prefix` (`crate::` or `super::`) in `code`:
/// `crate::a::b` gives `a`, `crate::{a, b::c}` gives `a` and `b`.
fn first_segments(code: &str, prefix: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find(prefix) {
        let start = from + at;
        from = start + prefix.len();
        let before = code[..start].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == ':') {
            continue;
        }
        let rest = &code[from..];
        if rest.starts_with('{') {
            let mut depth = 0;
            let end = rest
                .char_indices()
                .find(|&(_, c)| {
                    depth += match c {
                        '{' => 1,
                        '}' => -1,
                        _ => 0,
                    };
                    depth == 0
                })
                .map_or(rest.len(), |(i, _)| i + 1);
            for entry in top_level_entries(&rest[..end]) {
                let first = entry.split("::").next().unwrap_or_default();
                let first = first.split(['{', ' ', '\n']).next().unwrap_or_default();
                if !first.is_empty() && first != "self" {
                    found.push(first.to_owned());
                }
            }
        } else {
            let ident: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !ident.is_empty() {
                found.push(ident);
            }
        }
    }
    found
}

/// Every violation of [`LAYERS`] in the workspace at `root`, and every layer whose module has
/// no file (a renamed module must be renamed here too).
pub(super) fn violations(root: &Path) -> anyhow::Result<Vec<String>> {
    let mut violations = Vec::new();
    for layer in &LAYERS {
        let src = root.join(layer.src);
        let lib = fs::read_to_string(src.join("lib.rs")).with_context(|| format!("reading {}/lib.rs", layer.src))?;
        let crate_root = Root::parse(&lib);
        let own = src.join(format!("{}.rs", layer.module));
        if !own.is_file() {
            violations.push(format!(
                "xtask/src/tidy/layers.rs: LAYERS names `{}`, but {}/{}.rs does not exist",
                layer.module, layer.src, layer.module
            ));
            continue;
        }
        let mut files = vec![own.clone()];
        let mut pending = vec![src.join(layer.module)];
        while let Some(dir) = pending.pop() {
            let Ok(entries) = fs::read_dir(&dir) else { continue };
            for entry in entries {
                let path: PathBuf = entry?.path();
                if path.is_dir() {
                    pending.push(path);
                } else if path.extension().is_some_and(|ext| ext == "rs") {
                    files.push(path);
                }
            }
        }
        files.sort();
        for file in files {
            let text = fs::read_to_string(&file).with_context(|| format!("reading {}", file.display()))?;
            let name = file.strip_prefix(root).unwrap_or(&file).display().to_string().replace('\\', "/");
            violations.extend(file_violations(layer, &crate_root, &name, &text, file == own));
        }
    }
    Ok(violations)
}

/// The violations of `layer` in one of its files, `name` (`top_level`: the module's own file,
/// where `super::` is the crate root).
pub(super) fn file_violations(layer: &Layer, root: &Root, name: &str, text: &str, top_level: bool) -> Vec<String> {
    let code = without_comments(text);
    let mut firsts = first_segments(&code, "crate::");
    if top_level {
        firsts.extend(first_segments(&code, "super::"));
    }
    let used: BTreeSet<String> = firsts.iter().filter_map(|first| root.module_of(first)).collect();
    used.into_iter()
        .filter(|module| module != layer.module && !layer.may_use.contains(&module.as_str()))
        .map(|module| {
            format!(
                "{name}: `{}` must not use `{module}` (ARCHITECTURE.md's code map); it may use: {}",
                layer.module,
                if layer.may_use.is_empty() { "no other module".to_owned() } else { layer.may_use.join(", ") }
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{file_violations, first_segments, Layer, Root};

    const LIB: &str = "//! A crate.\nmod board;\npub mod ida;\nmod pdb;\n\npub use board::{\n    Board, BLANK,\n};\n\
                       pub use pdb::lookup::{Pdb as Table};\n/// See [`crate::board`].\npub const ORDER: u8 = 1;\n";

    #[test]
    fn root_modules_and_reexports() {
        let root = Root::parse(LIB);
        assert_eq!(root.modules.iter().collect::<Vec<_>>(), ["board", "ida", "pdb"]);
        assert_eq!(root.module_of("Board").as_deref(), Some("board"));
        assert_eq!(root.module_of("Table").as_deref(), Some("pdb"));
        assert_eq!(root.module_of("ORDER"), None);
    }

    #[test]
    fn paths_give_their_first_segments() {
        let code =
            "use crate::{board::Board, pdb::{A, B}, ORDER};\nlet x = crate::ida::run();\n$crate::x; my_crate::y;";
        assert_eq!(first_segments(code, "crate::"), ["board", "pdb", "ORDER", "ida"]);
    }

    fn check(text: &str, top_level: bool, expected: &[&str]) {
        let layer = Layer { src: "src", module: "ida", may_use: &["pdb"] };
        assert_eq!(file_violations(&layer, &Root::parse(LIB), "src/ida/x.rs", text, top_level), expected, "{text:?}");
    }

    #[test]
    fn uses_outside_the_layer_are_named() {
        let board = "src/ida/x.rs: `ida` must not use `board` (ARCHITECTURE.md's code map); it may use: pdb";
        check("use crate::pdb::Pdb;\nuse crate::ida::State;\nuse crate::ORDER;\n", false, &[]);
        check("use crate::board::Board;\n", false, &[board]);
        // Through the root's re-export, in a braced list, after the first entry.
        check("use crate::{ORDER, Board};\n", false, &[board]);
        check("fn f() -> crate::Board { todo!() }\n", false, &[board]);
        // `super::` is the root only in the module's own file.
        check("use super::board::Board;\n", true, &[board]);
        check("use super::board::Board;\n", false, &[]);
        // Comments and doc links name no edge.
        check("/// Unlike [`crate::board`], this knows no board.\n", false, &[]);
    }
}
