//! No import circles among the files of any crate, checked by `cargo xtask tidy`: a file uses
//! another when its code names an item the other defines, through any path (`crate::`,
//! `super::`, `self::`, a child module's name) and through any re-export on the way (`crate::Board`
//! is `board.rs`'s, by `lib.rs`'s `pub use board::Board`). A re-export is itself a use of the
//! file it names, so a facade that re-exports a file's item and also defines an item that file
//! uses is a circle. Test modules (`#[cfg(test)] mod tests { … }` written inline) are left out:
//! a file's tests may reach anything.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use anyhow::Context;

/// One file of a crate: its module path (`["engine", "walk"]`; empty for the crate root) and
/// its code without comments and without its inline test modules.
#[derive(Debug)]
pub(super) struct File {
    pub name: String,
    pub module: Vec<String>,
    pub code: String,
}

/// A crate's files and what each module declares and imports, read from its source text.
#[derive(Debug, Default)]
pub(super) struct Crate {
    files: Vec<File>,
    /// The file of each module path.
    by_module: BTreeMap<Vec<String>, usize>,
    /// Each module's child modules.
    children: BTreeMap<Vec<String>, BTreeSet<String>>,
    /// Each module's imported names: name → the absolute path it stands for.
    imports: BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>>,
}

/// The crates checked: each crate's source directory and its root file.
const CRATE_ROOTS: [&str; 6] = [
    "crates/puzzle-core/src/lib.rs",
    "crates/search/src/lib.rs",
    "crates/sliding/src/lib.rs",
    "crates/edge-match/src/lib.rs",
    "crates/cli/src/main.rs",
    "xtask/src/main.rs",
];

impl Crate {
    /// Reads the crate whose root file is `root_file`, following its `mod name;` declarations;
    /// `name_of` gives a file's name in messages.
    fn read(root_file: &Path, name_of: impl Fn(&Path) -> String) -> anyhow::Result<Crate> {
        let mut sources = Vec::new();
        let mut pending = vec![(root_file.to_path_buf(), Vec::new())];
        while let Some((path, module)) = pending.pop() {
            let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
            let code = without_test_modules(&without_comments(&text));
            let is_root = module.is_empty() || path.file_name().is_some_and(|n| n == "mod.rs");
            let dir = if is_root { path.parent().map(Path::to_path_buf) } else { Some(path.with_extension("")) };
            for child in declared_modules(&code) {
                let Some(dir) = &dir else { continue };
                let flat = dir.join(format!("{child}.rs"));
                let nested = dir.join(&child).join("mod.rs");
                let child_path = if flat.is_file() { flat } else { nested };
                if child_path.is_file() {
                    let mut child_module = module.clone();
                    child_module.push(child);
                    pending.push((child_path, child_module));
                }
            }
            sources.push((name_of(&path), module, code));
        }
        Ok(Crate::from_files(sources))
    }

    /// A crate from its files' names, module paths and text.
    pub(super) fn from_files(sources: Vec<(String, Vec<String>, String)>) -> Crate {
        let mut krate = Crate::default();
        for (name, module, code) in sources {
            let code = without_test_modules(&without_comments(&code));
            krate.by_module.insert(module.clone(), krate.files.len());
            krate.files.push(File { name, module, code });
        }
        for file in &krate.files {
            let children: BTreeSet<String> = declared_modules(&file.code).into_iter().collect();
            krate.children.insert(file.module.clone(), children);
        }
        let mut imports = BTreeMap::new();
        for file in &krate.files {
            let mut names = BTreeMap::new();
            for tree in use_items(&file.code) {
                for (path, alias) in expand(&tree) {
                    if let Some(absolute) = krate.absolute(&file.module, &path) {
                        if let Some(alias) = alias.filter(|a| a != "*" && a != "self") {
                            names.insert(alias, absolute);
                        }
                    }
                }
            }
            imports.insert(file.module.clone(), names);
        }
        krate.imports = imports;
        krate
    }

    /// `path` as written in `module` made absolute, or `None` where it leaves the crate.
    fn absolute(&self, module: &[String], path: &[String]) -> Option<Vec<String>> {
        let (first, rest) = path.split_first()?;
        let mut base: Vec<String> = match first.as_str() {
            "crate" => Vec::new(),
            "self" => module.to_vec(),
            "super" => {
                let mut base = module.to_vec();
                base.pop()?;
                let mut rest = rest;
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop()?;
                    rest = &rest[1..];
                }
                return Some(base.into_iter().chain(rest.iter().cloned()).collect());
            }
            child if self.children.get(module).is_some_and(|c| c.contains(child)) => {
                let mut base = module.to_vec();
                base.push(child.to_owned());
                base
            }
            _ => return None,
        };
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file that defines what the absolute `path` names: through child modules as far as
    /// they go, then through the imports of the module reached (at most `depth` more times).
    fn defining_file(&self, path: &[String], depth: usize) -> Option<usize> {
        let mut module = Vec::new();
        for (at, segment) in path.iter().enumerate() {
            if self.children.get(&module).is_some_and(|c| c.contains(segment)) {
                module.push(segment.clone());
                continue;
            }
            if let Some(target) = self.imports.get(&module).and_then(|names| names.get(segment)) {
                if depth > 0 && target.as_slice() != &path[..=at] {
                    let mut rest = target.clone();
                    rest.extend(path[at + 1..].iter().cloned());
                    return self.defining_file(&rest, depth - 1);
                }
            }
            break;
        }
        self.by_module.get(&module).copied()
    }

    /// The files each file uses, by index.
    fn edges(&self) -> Vec<BTreeSet<usize>> {
        self.files
            .iter()
            .enumerate()
            .map(|(at, file)| {
                let mut used = BTreeSet::new();
                let code = without_reexports_of_descendants(&file.code, self.children.get(&file.module));
                for (path, _) in paths(&code, self.children.get(&file.module)) {
                    if let Some(absolute) = self.absolute(&file.module, &path) {
                        used.extend(self.defining_file(&absolute, 8));
                    }
                }
                // A file's ancestors are its namespace: the type a directory is about
                // (`Engine` in `engine.rs`) is read by the files under it without a circle.
                used.retain(|&other| other != at && !file.module.starts_with(&self.files[other].module));
                used
            })
            .collect()
    }

    /// The circles among the files: each strongly connected set of two or more files, by name.
    pub(super) fn circles(&self) -> Vec<Vec<String>> {
        let edges = self.edges();
        strongly_connected(&edges)
            .into_iter()
            .filter(|set| set.len() > 1)
            .map(|set| {
                let mut names: Vec<String> = set.iter().map(|&i| self.files[i].name.clone()).collect();
                names.sort();
                names
            })
            .collect()
    }
}

/// Every import circle among the files of the crates of [`CRATE_ROOTS`] in the workspace at
/// `root`.
pub(super) fn violations(root: &Path) -> anyhow::Result<Vec<String>> {
    let mut violations = Vec::new();
    for crate_root in CRATE_ROOTS {
        let name_of = |path: &Path| path.strip_prefix(root).unwrap_or(path).display().to_string().replace('\\', "/");
        let krate = Crate::read(&root.join(crate_root), name_of)?;
        for circle in krate.circles() {
            violations.push(format!("an import circle among {} files: {}", circle.len(), circle.join(", ")));
        }
    }
    Ok(violations)
}

/// `code` without the `pub use` items that re-export its own child modules' items
/// (`pub use walk::Engine;`, `pub(crate) use self::walk::{Engine, Step};`): a module that
/// re-exports its children is their front door, not a user of them.
fn without_reexports_of_descendants(code: &str, children: Option<&BTreeSet<String>>) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("pub") {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        let is_word = !before.chars().next_back().is_some_and(is_ident_char);
        let after_pub = from["pub".len()..].trim_start();
        let after_vis = match after_pub.strip_prefix('(') {
            Some(inner) => inner.find(')').map_or(after_pub, |end| inner[end + 1..].trim_start()),
            None => after_pub,
        };
        let tree = after_vis.strip_prefix("use ").map(|t| t.trim_start().trim_start_matches("self::"));
        let first = tree.map(|t| t.split(|c: char| !is_ident_char(c)).next().unwrap_or_default());
        let own_child = first.is_some_and(|f| children.is_some_and(|c| c.contains(f)));
        match (is_word && own_child, from.find(';')) {
            (true, Some(end)) => rest = &from[end + 1..],
            _ => {
                out.push_str("pub");
                rest = &from["pub".len()..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `text` with its comments removed (line comments, and block comments), so that doc links
/// name no edge; string literals stay, and a `//` inside one cuts it (harmless here).
pub(super) fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("/*") {
        out.push_str(&rest[..at]);
        rest = rest[at..].find("*/").map_or("", |end| &rest[at + end + 2..]);
    }
    out.push_str(rest);
    out.lines().map(|line| line.split_once("//").map_or(line, |(code, _)| code)).collect::<Vec<_>>().join("\n")
}

/// `code` without its inline test modules: a `#[cfg(test)]` followed by `mod name {`, up to
/// the matching brace.
fn without_test_modules(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "#[cfg(test)]".len()..];
        let trimmed = after.trim_start();
        let trimmed = match trimmed.strip_prefix("pub") {
            Some(vis) => {
                vis.trim_start().strip_prefix('(').and_then(|v| v.split_once(')')).map_or(vis, |(_, r)| r).trim_start()
            }
            None => trimmed,
        };
        let is_inline_mod =
            trimmed.starts_with("mod ") && trimmed.find(['{', ';']).is_some_and(|end| trimmed.as_bytes()[end] == b'{');
        if !is_inline_mod {
            out.push_str("#[cfg(test)]");
            rest = after;
            continue;
        }
        let open = after.find('{').unwrap_or(after.len());
        let mut depth = 0usize;
        let mut end = after.len();
        for (i, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// The modules `code` declares from files: `mod name;` (any visibility, any attributes).
fn declared_modules(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for item in code.split([';', '{', '}']) {
        let words: Vec<&str> = item.split_whitespace().collect();
        if let [.., keyword, name] = words.as_slice() {
            let is_declaration = *keyword == "mod" && code.contains(&format!("mod {name};"));
            if is_declaration && is_ident(name) && !found.iter().any(|f| f == name) {
                found.push((*name).to_owned());
            }
        }
    }
    found
}

fn is_ident(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|c| c.is_alphanumeric() || c == '_')
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The trees of `code`'s `use` items: the text between `use` and its `;`.
fn use_items(code: &str) -> Vec<String> {
    let mut trees = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("use ") {
        let start = from + at;
        from = start + 4;
        if code[..start].chars().next_back().is_some_and(is_ident_char) {
            continue;
        }
        if let Some(end) = code[from..].find(';') {
            trees.push(code[from..from + end].trim().to_owned());
        }
    }
    trees
}

/// The leaves of a use tree, each as its full path and the name it binds (`a::{b, c as d}`
/// gives `a::b` bound to `b` and `a::c` to `d`; `a::*` binds `*`; `a::{self}` binds `a`).
fn expand(tree: &str) -> Vec<(Vec<String>, Option<String>)> {
    let tree = tree.trim().trim_start_matches("::");
    let mut found = Vec::new();
    let (head, braces) = match tree.find('{') {
        Some(open) => (&tree[..open], Some(tree[open..].trim())),
        None => (tree, None),
    };
    let (head, alias) = match head.split_once(" as ") {
        Some((path, alias)) => (path, Some(alias.trim().to_owned())),
        None => (head, None),
    };
    let prefix: Vec<String> = head.split("::").map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned).collect();
    match braces {
        None => {
            let name = alias.or_else(|| prefix.last().cloned());
            let path =
                if prefix.last().is_some_and(|s| s == "*") { prefix[..prefix.len() - 1].to_vec() } else { prefix };
            found.push((path, name));
        }
        Some(braces) => {
            // A tree cut short (a path at the end of the text) has no closing brace: it names
            // nothing more.
            let Some(inner) = braces.strip_prefix('{').and_then(|b| b.strip_suffix('}')) else { return found };
            for entry in split_top_level(inner) {
                for (mut path, name) in expand(entry) {
                    let name = if path.first().is_some_and(|s| s == "self") {
                        path.remove(0);
                        name.filter(|n| n != "self").or_else(|| prefix.last().cloned())
                    } else {
                        name
                    };
                    found.push((prefix.iter().cloned().chain(path).collect(), name));
                }
            }
        }
    }
    found
}

/// The comma-separated entries of `inner` at brace depth zero.
pub(super) fn split_top_level(inner: &str) -> Vec<&str> {
    let mut entries = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                entries.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    entries.push(inner[start..].trim());
    entries.into_iter().filter(|e| !e.is_empty()).collect()
}

/// Every path in `code` that starts with `crate::`, `super::`, `self::` or the name of one of
/// `children` followed by `::`, braces expanded.
fn paths(code: &str, children: Option<&BTreeSet<String>>) -> Vec<(Vec<String>, Option<String>)> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let mut at = 0;
    while at < code.len() {
        let c = code[at..].chars().next().unwrap_or(' ');
        if !is_ident_char(c) || code[..at].chars().next_back().is_some_and(|p| is_ident_char(p) || p == ':' || p == '$')
        {
            at += c.len_utf8();
            continue;
        }
        let word_end = code[at..].find(|c: char| !is_ident_char(c)).map_or(code.len(), |e| at + e);
        let word = &code[at..word_end];
        let starts_path = matches!(word, "crate" | "super" | "self") || children.is_some_and(|c| c.contains(word));
        let after = code[word_end..].strip_prefix("::").and_then(|rest| rest.chars().next());
        let continues = after.is_some_and(|c| is_ident_char(c) || c == '{' || c == '*');
        let after_dot = code[..at].trim_end().ends_with('.');
        if !(starts_path && continues) || after_dot {
            at = word_end;
            continue;
        }
        // The path runs over identifiers, `::`, braces (balanced), commas and spaces inside
        // braces, and `as`.
        let mut end = word_end;
        let mut depth = 0usize;
        while end < code.len() {
            let ch = bytes[end] as char;
            let keeps = is_ident_char(ch) || ch == ':' || ch == '*' || (depth > 0 && (ch == ',' || ch.is_whitespace()));
            if ch == '{' {
                depth += 1;
            } else if ch == '}' {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            } else if !keeps {
                break;
            }
            end += 1;
        }
        found.extend(expand(&code[at..end]));
        at = end.max(word_end);
    }
    found
}

/// The strongly connected sets of a graph (Tarjan's algorithm, iterative).
fn strongly_connected(edges: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    let n = edges.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut sets = Vec::new();
    let mut next = 0;
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        let mut frames: Vec<(usize, Vec<usize>)> = vec![(start, edges[start].iter().copied().collect())];
        index[start] = next;
        low[start] = next;
        next += 1;
        stack.push(start);
        on_stack[start] = true;
        while let Some((node, pending)) = frames.last_mut() {
            let node = *node;
            if let Some(to) = pending.pop() {
                if index[to] == usize::MAX {
                    index[to] = next;
                    low[to] = next;
                    next += 1;
                    stack.push(to);
                    on_stack[to] = true;
                    frames.push((to, edges[to].iter().copied().collect()));
                } else if on_stack[to] {
                    low[node] = low[node].min(index[to]);
                }
                continue;
            }
            frames.pop();
            if let Some((parent, _)) = frames.last() {
                low[*parent] = low[*parent].min(low[node]);
            }
            if low[node] == index[node] {
                let mut set = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    set.push(member);
                    if member == node {
                        break;
                    }
                }
                sets.push(set);
            }
        }
    }
    sets
}

#[cfg(test)]
mod tests {
    use super::Crate;

    fn circles(files: &[(&str, &str, &str)]) -> Vec<Vec<String>> {
        let sources = files
            .iter()
            .map(|(name, module, text)| {
                let module = module.split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect();
                ((*name).to_owned(), module, (*text).to_owned())
            })
            .collect();
        Crate::from_files(sources).circles()
    }

    const LIB: &str = "mod board;\nmod engine;\npub use board::Board;\npub use engine::Engine;\n";

    /// Crates of a few files (name, module path, text) and the circles expected in each.
    #[test]
    fn circles_between_files() {
        type Files<'a> = &'a [(&'a str, &'a str, &'a str)];
        let cases: &[(Files<'_>, &[&[&str]])] = &[
            // A tree without circles has none.
            (
                &[
                    ("lib.rs", "", LIB),
                    ("board.rs", "board", "pub struct Board;\n"),
                    ("engine.rs", "engine", "mod walk;\nuse crate::Board;\npub use walk::Engine;\n"),
                    ("engine/walk.rs", "engine::walk", "use crate::board::Board;\npub struct Engine(Board);\n"),
                ],
                &[],
            ),
            // Circles are found through re-exports, `super` and braces: order.rs reaches walk.rs's
            // `Step` through its parent's private import, and walk.rs uses order.rs in a braced
            // list: two files that import each other.
            (
                &[
                    ("lib.rs", "", LIB),
                    ("board.rs", "board", "pub struct Board;\n"),
                    ("engine.rs", "engine", "mod order;\nmod walk;\nuse walk::Step;\npub use walk::Engine;\n"),
                    ("engine/order.rs", "engine::order", "pub struct Order(super::Step);\n"),
                    ("engine/walk.rs", "engine::walk", "use super::{order::Order, super::Board};\npub struct Step;\n"),
                ],
                &[&["engine/order.rs", "engine/walk.rs"]],
            ),
            // board.rs reaches walk.rs through the root's re-export of `Engine`, and walk.rs uses
            // board.rs by `crate::board::Board`: a circle of two files that never name each other.
            (
                &[
                    ("lib.rs", "", LIB),
                    ("board.rs", "board", "pub struct Board(crate::Engine);\n"),
                    ("engine.rs", "engine", "mod walk;\npub use walk::Engine;\n"),
                    ("engine/walk.rs", "engine::walk", "pub struct Engine(crate::board::Board);\n"),
                ],
                &[&["board.rs", "engine/walk.rs"]],
            ),
            // A parent that uses its child's item in its own code, where the child uses a file
            // that uses the parent: a circle through a file outside the directory.
            (
                &[
                    ("lib.rs", "", "mod engine;\nmod plan;\n"),
                    ("engine.rs", "engine", "mod walk;\npub struct Engine;\nfn run() { walk::go() }\n"),
                    ("engine/walk.rs", "engine::walk", "pub fn go() { crate::plan::Plan::new() }\n"),
                    ("plan.rs", "plan", "pub struct Plan(crate::engine::Engine);\n"),
                ],
                &[&["engine.rs", "engine/walk.rs", "plan.rs"]],
            ),
            // A directory reads its parent, and a parent re-exports its children, freely.
            (
                &[
                    ("lib.rs", "", "mod engine;\npub use engine::Engine;\npub const ORDER: u8 = 1;\n"),
                    ("engine.rs", "engine", "mod walk;\npub(crate) use self::walk::{Engine, Step};\npub struct Cell;\n"),
                    (
                        "engine/walk.rs",
                        "engine::walk",
                        "use super::Cell;\npub struct Engine([Cell; crate::ORDER as usize]);\npub struct Step;\n",
                    ),
                ],
                &[],
            ),
            // Comments and tests name no edge.
            (
                &[
                    ("lib.rs", "", LIB),
                    ("board.rs", "board", "/// Unlike [`crate::Engine`].\npub struct Board;\n#[cfg(test)]\nmod tests {\n    use crate::Engine;\n}\n"),
                    ("engine.rs", "engine", "pub struct Engine(crate::Board);\n"),
                ],
                &[],
            ),
        ];
        for (files, expected) in cases {
            assert_eq!(circles(files), *expected, "{files:?}");
        }
    }
}
