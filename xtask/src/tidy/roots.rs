//! The front doors, checked by `cargo xtask tidy`: how many names the root of each domain crate
//! publishes. A root that names everything is a crate without a way in; past the limit, group
//! names into a public module by job (`sliding::parse`, `edge_match::render`) or move what only
//! tests need behind the `test-support` feature. A name counts once per `pub` item of `lib.rs`
//! (a `pub mod` is one name, a `pub use` one per name it brings in); items compiled only for
//! tests are left out.

use std::fs;
use std::path::Path;

use anyhow::Context;
use syn::{Item, UseTree, Visibility};

use super::examples::left_out;

/// The crates whose root is limited, and how many names each may publish.
pub(super) const LIMITS: [(&str, usize); 2] = [("crates/sliding/src/lib.rs", 25), ("crates/edge-match/src/lib.rs", 30)];

/// Every root of [`LIMITS`] under `root` that publishes too many names or a glob.
pub(super) fn violations(root: &Path) -> anyhow::Result<Vec<String>> {
    let mut violations = Vec::new();
    for (lib, limit) in LIMITS {
        let text = fs::read_to_string(root.join(lib)).with_context(|| format!("reading {lib}"))?;
        violations.extend(root_violations(lib, &text, limit)?);
    }
    Ok(violations)
}

/// The names the root file `text` publishes, in order; `Err` names a glob re-export, whose
/// names cannot be counted.
pub(super) fn root_names(text: &str) -> anyhow::Result<Result<Vec<String>, String>> {
    let file = syn::parse_file(text)?;
    let mut names = Vec::new();
    for item in &file.items {
        let (vis, attrs, ident) = match item {
            Item::Use(u) => {
                if !matches!(u.vis, Visibility::Public(_)) || left_out(&u.attrs) {
                    continue;
                }
                if !use_names(&u.tree, &mut names) {
                    return Ok(Err(quote_use(&u.tree)));
                }
                continue;
            }
            Item::Mod(m) => (&m.vis, &m.attrs, &m.ident),
            Item::Fn(f) => (&f.vis, &f.attrs, &f.sig.ident),
            Item::Struct(s) => (&s.vis, &s.attrs, &s.ident),
            Item::Enum(e) => (&e.vis, &e.attrs, &e.ident),
            Item::Trait(t) => (&t.vis, &t.attrs, &t.ident),
            Item::Type(t) => (&t.vis, &t.attrs, &t.ident),
            Item::Const(c) => (&c.vis, &c.attrs, &c.ident),
            Item::Static(s) => (&s.vis, &s.attrs, &s.ident),
            _ => continue,
        };
        if matches!(vis, Visibility::Public(_)) && !left_out(attrs) {
            names.push(ident.to_string());
        }
    }
    Ok(Ok(names))
}

/// The violations of one root file, `lib` (its path in messages), against `limit`.
fn root_violations(lib: &str, text: &str, limit: usize) -> anyhow::Result<Vec<String>> {
    match root_names(text).with_context(|| format!("parsing {lib}"))? {
        Err(glob) => Ok(vec![format!("{lib}: `pub use {glob}` re-exports a glob: name what the root publishes")]),
        Ok(names) if names.len() > limit => Ok(vec![format!(
            "{lib}: the root publishes {} names, more than {limit}: group some into a public module by job, or put what only tests need behind `test-support` ({})",
            names.len(),
            names.join(", ")
        )]),
        Ok(_) => Ok(Vec::new()),
    }
}

/// Pushes the names a `use` tree brings in (a renamed import by its new name); `false` where it
/// holds a glob.
fn use_names(tree: &UseTree, names: &mut Vec<String>) -> bool {
    match tree {
        UseTree::Path(p) => use_names(&p.tree, names),
        UseTree::Name(n) => {
            names.push(n.ident.to_string());
            true
        }
        UseTree::Rename(r) => {
            names.push(r.rename.to_string());
            true
        }
        UseTree::Glob(_) => false,
        UseTree::Group(g) => g.items.iter().all(|inner| use_names(inner, names)),
    }
}

/// A use tree as written, for a message.
fn quote_use(tree: &UseTree) -> String {
    match tree {
        UseTree::Path(p) => format!("{}::{}", p.ident, quote_use(&p.tree)),
        UseTree::Name(n) => n.ident.to_string(),
        UseTree::Rename(r) => format!("{} as {}", r.ident, r.rename),
        UseTree::Glob(_) => "*".to_owned(),
        UseTree::Group(g) => format!("{{{}}}", g.items.iter().map(quote_use).collect::<Vec<_>>().join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::{root_names, root_violations};

    #[test]
    fn names_are_counted_once_each_and_test_items_not_at_all() {
        let lib = "//! A crate.\npub mod parse;\nmod board;\npub use board::{Board, BLANK as EMPTY};\n\
                   pub(crate) use board::Inner;\n#[cfg(feature = \"test-support\")]\npub use board::oracle;\n\
                   #[cfg(any(test, feature = \"test-support\"))]\npub mod testing;\n#[cfg(feature = \"gpu\")]\npub mod gpu;\n\
                   pub const ORDER: u8 = 1;\npub fn letters() {}\nfn private() {}\n";
        assert_eq!(root_names(lib).unwrap().unwrap(), ["parse", "Board", "EMPTY", "gpu", "ORDER", "letters"]);
        assert_eq!(root_violations("lib.rs", lib, 6).unwrap(), Vec::<String>::new());
        let over = root_violations("lib.rs", lib, 5).unwrap();
        assert_eq!(over.len(), 1);
        assert!(over[0].starts_with("lib.rs: the root publishes 6 names, more than 5"), "{over:?}");
    }

    #[test]
    fn a_glob_is_refused() {
        let lib = "mod board;\npub use board::{Board, parts::*};\n";
        assert_eq!(
            root_violations("lib.rs", lib, 30).unwrap(),
            ["lib.rs: `pub use board::{Board, parts::*}` re-exports a glob: name what the root publishes"]
        );
    }
}
