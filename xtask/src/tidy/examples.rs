//! Doc examples, checked by `cargo xtask tidy`: every public struct, enum, trait and free
//! function of the crates in [`CRATES`] shows its user a runnable example, in pathfinding's
//! style.
//!
//! The rule. The files of a crate are parsed from `src/lib.rs` down its `mod` declarations, with
//! `#[cfg(test)]` and `#[doc(hidden)]` items left out. An item is public surface when it is
//! declared plain `pub` and every module around it is `pub`, or when a `pub use` anywhere in the
//! crate re-exports its name (how `lib.rs` publishes items of private modules). A public free
//! function needs a Rust code block (a fence with no info string, `rust` or `no_run`) in its own
//! doc comment. A public struct, enum or trait needs one in its own doc comment or in that of a
//! function in an `impl` block for it (its constructor or main method), or, for a trait, in that
//! of one of its own items. Methods are not checked one by one.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use anyhow::{bail, Context};
use syn::{Attribute, Item, UseTree, Visibility};

/// The crates whose public surface must carry examples, by directory under `crates/`.
pub(super) const CRATES: [&str; 4] = ["puzzle-core", "search", "sliding", "edge-match"];

/// The missing examples in every crate of [`CRATES`] under `root`.
pub(super) fn violations(root: &Path) -> anyhow::Result<Vec<String>> {
    let mut violations = Vec::new();
    for krate in CRATES {
        let read = |path: &str| fs::read_to_string(root.join(path)).ok();
        violations.extend(crate_violations(&format!("crates/{krate}/src"), &read)?);
    }
    Ok(violations)
}

/// A public item that needs an example: what it is, its name, and where it is declared.
#[derive(Debug)]
struct Needed {
    kind: &'static str,
    name: String,
    place: String,
    /// Whether it is a type, which an example on a function of an impl for it also shows.
    is_type: bool,
    /// Whether its own doc comment has an example.
    has_own: bool,
    /// Whether a module around it is private: it is public surface only if re-exported, which is
    /// known once every `pub use` of the crate is read.
    in_private_module: bool,
}

/// What a walk over one crate's modules gathers, reading each file through `read`.
struct Survey<'r> {
    read: &'r dyn Fn(&str) -> Option<String>,
    needed: Vec<Needed>,
    /// Names re-exported by a `pub use`.
    reexported: BTreeSet<String>,
    /// Types with an example on a function of an `impl` block for them.
    shown_by_impl: BTreeSet<String>,
    /// Items declared plain `pub` and not left out, wherever they are (see [`public_items`]).
    public_items: usize,
}

/// The missing examples of the crate whose sources start at `src/lib.rs` (`src` relative to the
/// workspace root, `/`-separated), reading each file through `read`.
fn crate_violations(src: &str, read: &dyn Fn(&str) -> Option<String>) -> anyhow::Result<Vec<String>> {
    let survey = Survey::of_crate(src, read)?;
    let mut violations = Vec::new();
    for needed in &survey.needed {
        if needed.in_private_module && !survey.reexported.contains(&needed.name) {
            continue;
        }
        let shown = needed.has_own || (needed.is_type && survey.shown_by_impl.contains(&needed.name));
        if shown {
            continue;
        }
        let fix = match needed.is_type {
            true => "in its doc comment or its constructor's",
            false => "in its doc comment",
        };
        violations.push(format!(
            "{}: public {} `{}` has no example: add a ``` block {fix}",
            needed.place, needed.kind, needed.name
        ));
    }
    Ok(violations)
}

/// How many items each crate of [`CRATES`] under `root` declares plain `pub`, in that order: every
/// `fn`, type, trait, `const`, `static`, `mod` and name of a `pub use`, and every `pub` function,
/// constant and type of an `impl` block, in the files reached from `lib.rs`, with the items
/// [`left_out`] of the surface (tests, `test-support`, `#[doc(hidden)]`) not counted. An item of a
/// private module counts too: `pub` there is a promise the compiler does not check.
pub(super) fn public_items(root: &Path) -> anyhow::Result<Vec<(&'static str, usize)>> {
    let read = |path: &str| fs::read_to_string(root.join(path)).ok();
    CRATES
        .iter()
        .map(|krate| Ok((*krate, Survey::of_crate(&format!("crates/{krate}/src"), &read)?.public_items)))
        .collect()
}

impl<'r> Survey<'r> {
    /// The survey of the crate whose sources start at `src/lib.rs`.
    fn of_crate(src: &str, read: &'r dyn Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let mut survey = Survey {
            read,
            needed: Vec::new(),
            reexported: BTreeSet::new(),
            shown_by_impl: BTreeSet::new(),
            public_items: 0,
        };
        survey.survey_file(&format!("{src}/lib.rs"), src, true)?;
        Ok(survey)
    }

    /// Parses the module file `path`, whose child modules' files lie in `dir`, and surveys it.
    fn survey_file(&mut self, path: &str, dir: &str, public: bool) -> anyhow::Result<()> {
        let text = (self.read)(path).with_context(|| format!("reading {path}"))?;
        let file = syn::parse_file(&text).map_err(|err| {
            let at = err.span().start();
            anyhow::anyhow!("{path}:{}:{}: {err}", at.line, at.column + 1)
        })?;
        self.survey_items(&file.items, path, dir, public)
    }

    /// Surveys the items of one module (the file `path`; child modules' files in `dir`; `public`:
    /// every module around them is `pub`).
    fn survey_items(&mut self, items: &[Item], path: &str, dir: &str, public: bool) -> anyhow::Result<()> {
        for item in items {
            self.public_items += plain_pub_items(item);
            let (kind, ident, vis, attrs, is_type) = match item {
                Item::Fn(f) => ("function", &f.sig.ident, &f.vis, &f.attrs, false),
                Item::Struct(s) => ("struct", &s.ident, &s.vis, &s.attrs, true),
                Item::Enum(e) => ("enum", &e.ident, &e.vis, &e.attrs, true),
                Item::Trait(t) => ("trait", &t.ident, &t.vis, &t.attrs, true),
                Item::Impl(imp) if !left_out(&imp.attrs) => {
                    self.survey_impl(imp);
                    continue;
                }
                Item::Use(u) if matches!(u.vis, Visibility::Public(_)) && !left_out(&u.attrs) => {
                    leaf_names(&u.tree, &mut self.reexported);
                    continue;
                }
                Item::Mod(m) if !left_out(&m.attrs) => {
                    let name = m.ident.to_string();
                    let child_public = public && matches!(m.vis, Visibility::Public(_));
                    let child_dir = format!("{dir}/{name}");
                    match &m.content {
                        Some((_, inner)) => self.survey_items(inner, path, &child_dir, child_public)?,
                        None => {
                            let flat = format!("{dir}/{name}.rs");
                            let nested = format!("{dir}/{name}/mod.rs");
                            let file = if (self.read)(&flat).is_some() { flat } else { nested };
                            if (self.read)(&file).is_none() {
                                bail!("{path}: `mod {name};` has no file ({dir}/{name}.rs or {dir}/{name}/mod.rs)");
                            }
                            self.survey_file(&file, &child_dir, child_public)?;
                        }
                    }
                    continue;
                }
                _ => continue,
            };
            if !matches!(vis, Visibility::Public(_)) || left_out(attrs) {
                continue;
            }
            let mut has_own = has_example(attrs);
            if let Item::Trait(t) = item {
                has_own |= t.items.iter().any(|inner| match inner {
                    syn::TraitItem::Fn(f) => has_example(&f.attrs),
                    syn::TraitItem::Type(t) => has_example(&t.attrs),
                    syn::TraitItem::Const(c) => has_example(&c.attrs),
                    _ => false,
                });
            }
            self.needed.push(Needed {
                kind,
                name: ident.to_string(),
                place: format!("{path}:{}", ident.span().start().line),
                is_type,
                has_own,
                in_private_module: !public,
            });
        }
        Ok(())
    }

    /// Records the type of an `impl` block as shown when one of its functions has an example.
    fn survey_impl(&mut self, imp: &syn::ItemImpl) {
        let syn::Type::Path(self_ty) = imp.self_ty.as_ref() else { return };
        let Some(last) = self_ty.path.segments.last() else { return };
        let shown = imp.items.iter().any(|inner| matches!(inner, syn::ImplItem::Fn(f) if has_example(&f.attrs)));
        if shown {
            self.shown_by_impl.insert(last.ident.to_string());
        }
    }
}

/// How many plain `pub` items `item` declares, not counting a module's contents: one for a `fn`,
/// type, trait, `const`, `static` or `mod`, one per name of a `pub use`, one per `pub` function,
/// constant or type of an `impl` block; none for what is [`left_out`].
fn plain_pub_items(item: &Item) -> usize {
    let counted =
        |vis: &Visibility, attrs: &[Attribute]| usize::from(matches!(vis, Visibility::Public(_)) && !left_out(attrs));
    match item {
        Item::Fn(f) => counted(&f.vis, &f.attrs),
        Item::Struct(s) => counted(&s.vis, &s.attrs),
        Item::Enum(e) => counted(&e.vis, &e.attrs),
        Item::Trait(t) => counted(&t.vis, &t.attrs),
        Item::Type(t) => counted(&t.vis, &t.attrs),
        Item::Const(c) => counted(&c.vis, &c.attrs),
        Item::Static(s) => counted(&s.vis, &s.attrs),
        Item::Mod(m) => counted(&m.vis, &m.attrs),
        Item::Use(u) if counted(&u.vis, &u.attrs) == 1 => {
            let mut names = BTreeSet::new();
            leaf_names(&u.tree, &mut names);
            names.len()
        }
        Item::Impl(imp) if !left_out(&imp.attrs) => imp
            .items
            .iter()
            .map(|inner| match inner {
                syn::ImplItem::Fn(f) => counted(&f.vis, &f.attrs),
                syn::ImplItem::Const(c) => counted(&c.vis, &c.attrs),
                syn::ImplItem::Type(t) => counted(&t.vis, &t.attrs),
                _ => 0,
            })
            .sum(),
        _ => 0,
    }
}

/// The names a `use` tree brings in (a renamed import by its original name; globs name nothing).
fn leaf_names(tree: &UseTree, names: &mut BTreeSet<String>) {
    match tree {
        UseTree::Path(p) => leaf_names(&p.tree, names),
        UseTree::Name(n) => {
            names.insert(n.ident.to_string());
        }
        UseTree::Rename(r) => {
            names.insert(r.ident.to_string());
        }
        UseTree::Glob(_) => {}
        UseTree::Group(g) => g.items.iter().for_each(|inner| leaf_names(inner, names)),
    }
}

/// Whether an item is left out of the public surface: `#[doc(hidden)]`, or compiled only for
/// tests (`#[cfg(test)]`, or a `cfg` that names the `test-support` feature: the oracles and
/// generators that tests share are not what a user reads).
pub(super) fn left_out(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|attr| {
        let word = |outer: &str, inner: &str| {
            attr.path().is_ident(outer) && attr.parse_args::<syn::Ident>().is_ok_and(|ident| ident == inner)
        };
        let for_tests = attr.path().is_ident("cfg")
            && attr.meta.require_list().is_ok_and(|list| list.tokens.to_string().contains("\"test-support\""));
        word("cfg", "test") || word("doc", "hidden") || for_tests
    })
}

/// Whether the doc comment in `attrs` holds an example: a Rust code block (an opening fence
/// whose info string is empty or made of `rust` and `no_run`; a `text` or `ignore` block shows
/// nothing that runs) that asserts something (`assert!`, `assert_eq!`, `assert_ne!`,
/// `debug_assert…`): an example that only calls shows no result, and a doctest without an
/// assertion passes whatever the code returns.
fn has_example(attrs: &[Attribute]) -> bool {
    let mut block: Option<bool> = None;
    for line in doc_lines(attrs) {
        let trimmed = line.trim();
        match (trimmed.strip_prefix("```"), block) {
            (Some(_), Some(_)) => block = None,
            (Some(info), None) => {
                let runs = info.split(',').map(str::trim).all(|word| matches!(word, "" | "rust" | "no_run"));
                block = Some(runs);
            }
            (None, Some(true)) if trimmed.contains("assert") => return true,
            (None, _) => {}
        }
    }
    false
}

/// The lines of the doc comment in `attrs` (`///` lines and `#[doc = "…"]` attributes).
fn doc_lines(attrs: &[Attribute]) -> Vec<String> {
    let mut lines = Vec::new();
    for attr in attrs.iter().filter(|attr| attr.path().is_ident("doc")) {
        let syn::Meta::NameValue(value) = &attr.meta else { continue };
        let syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(text), .. }) = &value.value else { continue };
        lines.extend(text.value().lines().map(str::to_owned));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::{crate_violations, Survey};

    /// Checks a crate made of `files` (paths under `crates/x/src`, and their lines) against the
    /// violations `expected`.
    fn check(files: &[(&str, &[&str])], expected: &[&str]) {
        let read = |path: &str| {
            let name = path.strip_prefix("crates/x/src/")?;
            let (_, lines) = files.iter().find(|(file, _)| *file == name)?;
            Some(lines.join("\n"))
        };
        assert_eq!(crate_violations("crates/x/src", &read).unwrap(), expected, "{files:?}");
    }

    /// The message for a type without an example.
    const NO_TYPE_EXAMPLE: &str = "has no example: add a ``` block in its doc comment or its constructor's";

    /// The violation of a public type (`item`, as in "struct `Board`") without an example,
    /// declared at `place` (a file under `crates/x/src` and a line, as in "lib.rs:4").
    fn no_type_example(place: &str, item: &str) -> String {
        format!("crates/x/src/{place}: public {item} {NO_TYPE_EXAMPLE}")
    }

    /// Crates of one file, lib.rs: its lines, and the violations expected.
    #[test]
    fn examples_in_lib_rs() {
        let cases: Vec<(&[&str], Vec<String>)> = vec![
            // A public type without an example fails.
            (
                &["//! A crate.", "", "/// A board.", "pub struct Board;"],
                vec![no_type_example("lib.rs:4", "struct `Board`")],
            ),
            // On the type itself, or on a function of an impl for it, an example satisfies the rule.
            (
                &[
                    "/// A board.",
                    "///",
                    "/// ```",
                    "/// assert_eq!(x::Board, x::Board);",
                    "/// ```",
                    "pub struct Board;",
                ],
                vec![],
            ),
            (
                &[
                    "pub struct Board;",
                    "impl Board {",
                    "    /// ```rust",
                    "    /// assert!(matches!(x::Board::new(), x::Board));",
                    "    /// ```",
                    "    pub fn new() -> Board { Board }",
                    "}",
                ],
                vec![],
            ),
            // An example that asserts nothing shows no result.
            (
                &["//! A crate.", "/// ```", "/// x::Board;", "/// ```", "pub struct Board;"],
                vec![no_type_example("lib.rs:5", "struct `Board`")],
            ),
            // A block of text shows nothing that runs, nor does an ignored one.
            (
                &["//! A crate.", "/// ```text", "/// a board", "/// ```", "pub enum Board {}"],
                vec![no_type_example("lib.rs:5", "enum `Board`")],
            ),
            (
                &["//! A crate.", "/// ```ignore", "/// a board", "/// ```", "pub enum Board {}"],
                vec![no_type_example("lib.rs:5", "enum `Board`")],
            ),
            // Free functions need their own example: their type's does not cover them.
            (
                &[
                    "pub struct Board;",
                    "impl Board {",
                    "    /// ```",
                    "    /// assert!(true);",
                    "    /// ```",
                    "    pub fn new() -> Board { Board }",
                    "}",
                    "/// Solves.",
                    "pub fn solve() {}",
                    "/// ```no_run",
                    "/// assert_eq!(x::run(), ());",
                    "/// ```",
                    "pub fn run() {}",
                ],
                vec![
                    "crates/x/src/lib.rs:9: public function `solve` has no example: add a ``` block in its doc comment"
                        .to_owned(),
                ],
            ),
            // Traits count the examples on their items.
            (
                &[
                    "pub trait Walk {",
                    "    /// ```",
                    "    /// assert!(true);",
                    "    /// ```",
                    "    fn depth(&self) -> usize;",
                    "}",
                    "pub trait Bare {}",
                ],
                vec![no_type_example("lib.rs:7", "trait `Bare`")],
            ),
        ];
        for (lib, expected) in cases {
            check(&[("lib.rs", lib)], &expected.iter().map(String::as_str).collect::<Vec<_>>());
        }
    }

    #[test]
    fn only_the_public_surface_is_checked() {
        let lib: &[&str] = &[
            "//! A crate.",
            "pub mod open;",
            "mod hidden;",
            "pub use hidden::Shown;",
            "pub(crate) fn helper() {}",
            "fn private() {}",
            "#[cfg(test)]",
            "mod tests {",
            "    pub fn fixture() {}",
            "}",
            "#[doc(hidden)]",
            "pub fn internal() {}",
            "#[cfg(any(test, feature = \"test-support\"))]",
            "pub mod testing;",
            "#[cfg(feature = \"test-support\")]",
            "pub fn oracle() {}",
        ];
        let open: &[&str] = &["//! A public module.", "pub struct Open;", "mod inner {", "    pub fn unseen() {}", "}"];
        let hidden: &[&str] = &["//! A private module.", "pub struct Shown;", "pub struct Unexported;"];
        check(
            &[("lib.rs", lib), ("open.rs", open), ("hidden.rs", hidden), ("testing.rs", &["pub fn brute_force() {}"])],
            &[&no_type_example("open.rs:2", "struct `Open`"), &no_type_example("hidden.rs:2", "struct `Shown`")],
        );
        // A module in a directory of its own is found there too.
        check(
            &[("lib.rs", &["pub mod walk;"]), ("walk/mod.rs", &["pub fn count() {}"])],
            &["crates/x/src/walk/mod.rs:1: public function `count` has no example: add a ``` block in its doc comment"],
        );
    }

    #[test]
    fn unreadable_sources_are_errors_naming_the_file() {
        let read = |path: &str| (path == "crates/x/src/lib.rs").then(|| "pub mod gone;\n".to_owned());
        let err = crate_violations("crates/x/src", &read).unwrap_err().to_string();
        assert_eq!(
            err,
            "crates/x/src/lib.rs: `mod gone;` has no file (crates/x/src/gone.rs or crates/x/src/gone/mod.rs)"
        );
        let read = |_: &str| Some("pub fn broken( {}\n".to_owned());
        let err = crate_violations("crates/x/src", &read).unwrap_err().to_string();
        assert!(err.starts_with("crates/x/src/lib.rs:1:"), "{err}");
    }

    /// The count of plain `pub` items: each kind once, a `pub use` per name, an `impl` block's
    /// `pub` functions; narrower visibility and what is left out of the surface not at all; a
    /// private module's `pub` items too, in a file and inline.
    #[test]
    fn public_items_counted() {
        let lib: &[&str] = &[
            "pub fn a() {}",
            "pub(crate) fn b() {}",
            "pub struct S;",
            "pub enum E { X }",
            "pub trait T {}",
            "pub type U = u8;",
            "pub const C: u8 = 1;",
            "pub static V: u8 = 1;",
            "pub use self::inner::{y, z as w};",
            "impl S { pub fn m() {} fn n() {} pub const K: u8 = 0; }",
            "#[cfg(test)]",
            "pub fn c() {}",
            "#[doc(hidden)]",
            "pub fn d() {}",
            "#[cfg(feature = \"test-support\")]",
            "pub mod testing;",
            "mod inner { pub fn y() {} pub fn z() {} }",
            "mod file;",
        ];
        let file: &[&str] = &["pub fn f() {}", "pub(super) fn g() {}"];
        let files = [("crates/x/src/lib.rs", lib), ("crates/x/src/file.rs", file)];
        let read = |path: &str| files.iter().find(|(name, _)| *name == path).map(|(_, lines)| lines.join("\n"));
        // a, S, E, T, U, C, V, y and w, m and K, y and z of inner, f.
        assert_eq!(Survey::of_crate("crates/x/src", &read).unwrap().public_items, 14);
    }
}
