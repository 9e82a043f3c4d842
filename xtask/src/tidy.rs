//! `cargo xtask tidy`: checks the architecture invariants and code conventions that the compiler
//! cannot: dependency edges between workspace crates (and that ARCHITECTURE.md's diagram draws
//! exactly them), which modules of a crate each module may use (`tidy/layers.rs`), no import
//! circle among any crate's files (`tidy/cycles.rs`), the names each domain crate's root
//! publishes (`tidy/roots.rs`), `//!` file
//! headers, forbidden test attributes, the docs' references (`tidy/docs.rs`), the README tour's
//! files (`tidy/tour.rs`), no block of lines repeated within one Markdown document (a paste
//! gone twice), and an example with an assertion on every public item of the library crates listed in
//! `tidy/examples.rs`. It also prints how many items each library crate declares plain `pub`
//! (`examples::public_items`), the measure of how wide their surface is.

mod cycles;
mod docs;
mod examples;
mod layers;
mod roots;
mod tour;

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};
use serde_json::Value;

/// Which workspace crates a crate may depend on.
#[derive(Debug, Clone, Copy)]
enum Allowed {
    Only(&'static [&'static str]),
    Any,
}

/// The dependency direction of ARCHITECTURE.md: `search` and `puzzle-core` stand alone, the
/// domain crates build on both, `cli` on the domain crates, `xtask` on anything.
const RULES: [(&str, Allowed); 6] = [
    ("puzzle-core", Allowed::Only(&[])),
    ("search", Allowed::Only(&[])),
    ("sliding", Allowed::Only(&["puzzle-core", "search"])),
    ("edge-match", Allowed::Only(&["puzzle-core", "search"])),
    ("cli", Allowed::Only(&["puzzle-core", "search", "sliding", "edge-match"])),
    ("xtask", Allowed::Any),
];

/// Attributes no test may carry: an ignored test is a test nobody runs, and a panic is checked
/// better by asserting on the `Err`. They are split so that this file does not match itself.
const FORBIDDEN_ATTRIBUTES: [&str; 2] = [concat!("#[", "ignore"), concat!("#[", "should", "_panic")];

/// The longest ARCHITECTURE.md may grow.
const ARCHITECTURE_LINES: usize = 250;

/// The directories whose Rust files must follow the conventions.
const SOURCE_DIRS: [&str; 2] = ["crates", "xtask"];

/// The Markdown documents checked for repeated blocks: those at the root, and every one under
/// these directories.
const DOC_DIRS: [&str; 1] = ["docs"];

/// How many consecutive lines, found again further down the same document, make a repeated
/// block: enough that a table's or a script's ordinary repetition (blank lines, fences, a few
/// equal rows) is not one.
const REPEATED_RUN: usize = 6;

/// Runs every check and reports every violation, naming the file.
pub fn run(root: &Path) -> anyhow::Result<()> {
    let violations = violations(root)?;
    if !violations.is_empty() {
        bail!("tidy found {} problem(s):\n  {}", violations.len(), violations.join("\n  "));
    }
    println!(
        "tidy: dependency edges, the architecture diagram, module layers, import circles, the crate roots, file headers, test attributes, the docs' paths, the tour's files, repeated doc blocks and the public items' examples are fine"
    );
    let counts = examples::public_items(root)?;
    let total: usize = counts.iter().map(|(_, n)| n).sum();
    let each: Vec<String> = counts.iter().map(|(krate, n)| format!("{krate} {n}")).collect();
    println!("tidy: {total} items declared plain `pub` in the library crates ({})", each.join(", "));
    Ok(())
}

/// Every violation in the workspace at `root`.
fn violations(root: &Path) -> anyhow::Result<Vec<String>> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    let output = Command::new(cargo)
        .current_dir(root)
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .output()
        .context("running `cargo metadata`")?;
    if !output.status.success() {
        bail!("`cargo metadata` failed: {}", String::from_utf8_lossy(&output.stderr).trim());
    }
    let metadata: Value = serde_json::from_slice(&output.stdout).context("parsing `cargo metadata` output")?;
    let mut violations = dependency_violations(&metadata)?;
    let architecture = fs::read_to_string(root.join("ARCHITECTURE.md")).context("reading ARCHITECTURE.md")?;
    violations.extend(diagram_violations(&architecture, &dependency_edges(&metadata)?));
    let lines = architecture.lines().count();
    if lines > ARCHITECTURE_LINES {
        violations.push(format!(
            "ARCHITECTURE.md: {lines} lines, more than {ARCHITECTURE_LINES}: it is a map of the code and its invariants, read in one sitting; figures go to docs/benchmarks.md, how an algorithm works to docs/algorithms.md"
        ));
    }
    let readme = fs::read_to_string(root.join("README.md")).context("reading README.md")?;
    violations.extend(tour::violations(&readme, root));

    violations.extend(layers::violations(root)?);
    violations.extend(cycles::violations(root)?);
    violations.extend(roots::violations(root)?);
    violations.extend(examples::violations(root)?);
    let repo = docs::Repo::read(root)?;
    for (name, text) in docs::checked_docs(&repo) {
        violations.extend(docs::doc_violations(name, text, &repo));
    }
    for path in rust_files(root)? {
        let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
        let name = path.strip_prefix(root).unwrap_or(&path).display().to_string().replace('\\', "/");
        violations.extend(source_violations(&name, &text));
        violations.extend(docs::citation_violations(&name, &text, &repo));
    }
    for path in markdown_files(root)? {
        let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
        let name = path.strip_prefix(root).unwrap_or(&path).display().to_string().replace('\\', "/");
        violations.extend(repeated_blocks(&name, &text));
    }
    Ok(violations)
}

/// Every run of [`REPEATED_RUN`] or more consecutive lines of `text` that appears again further
/// down, not overlapping its first appearance (trailing spaces ignored; a run of only blank lines
/// and code fences does not count). Each repeat is reported once, at its first line, with the
/// whole length it repeats.
fn repeated_blocks(name: &str, text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let mut first_seen: std::collections::HashMap<&[&str], usize> = std::collections::HashMap::new();
    let mut violations = Vec::new();
    let mut at = 0;
    while at + REPEATED_RUN <= lines.len() {
        let window = &lines[at..at + REPEATED_RUN];
        let trivial = window.iter().all(|line| line.trim().is_empty() || line.trim() == "```");
        match first_seen.get(window) {
            Some(&earlier) if !trivial && earlier + REPEATED_RUN <= at => {
                let mut length = REPEATED_RUN;
                while at + length < lines.len()
                    && earlier + length < at
                    && lines[at + length] == lines[earlier + length]
                {
                    length += 1;
                }
                violations.push(format!(
                    "{name}:{}: lines {}-{} repeat lines {}-{}: keep one copy",
                    at + 1,
                    at + 1,
                    at + length,
                    earlier + 1,
                    earlier + length
                ));
                at += length;
            }
            _ => {
                first_seen.entry(window).or_insert(at);
                at += 1;
            }
        }
    }
    violations
}

/// The Markdown files at the root and under [`DOC_DIRS`], sorted.
fn markdown_files(root: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let is_markdown = |path: &Path| path.extension().is_some_and(|ext| ext == "md");
    let mut files = Vec::new();
    for entry in fs::read_dir(root).with_context(|| format!("listing {}", root.display()))? {
        let path = entry?.path();
        if path.is_file() && is_markdown(&path) {
            files.push(path);
        }
    }
    let mut pending: Vec<PathBuf> = DOC_DIRS.iter().map(|dir| root.join(dir)).filter(|dir| dir.is_dir()).collect();
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).with_context(|| format!("listing {}", dir.display()))? {
            let path = entry?.path();
            if path.is_dir() {
                pending.push(path);
            } else if is_markdown(&path) {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The dependency edges of `cargo metadata --no-deps` output that break [`RULES`].
fn dependency_violations(metadata: &Value) -> anyhow::Result<Vec<String>> {
    let packages = metadata["packages"].as_array().context("`cargo metadata`: no `packages` array")?;
    let workspace_root = metadata["workspace_root"].as_str().unwrap_or_default();
    let members: BTreeSet<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();

    let mut violations = Vec::new();
    for package in packages {
        let name = package["name"].as_str().context("`cargo metadata`: a package without a name")?;
        let manifest = package["manifest_path"].as_str().unwrap_or(name);
        let manifest = manifest.strip_prefix(workspace_root).unwrap_or(manifest).trim_start_matches(['/', '\\']);
        let manifest = manifest.replace('\\', "/");
        let Some(&(_, allowed)) = RULES.iter().find(|(krate, _)| *krate == name) else {
            violations.push(format!(
                "{manifest}: crate `{name}` has no dependency rule; add it to RULES in xtask/src/tidy.rs"
            ));
            continue;
        };
        let Allowed::Only(allowed) = allowed else { continue };
        let dependencies = package["dependencies"].as_array().map(Vec::as_slice).unwrap_or_default();
        for dependency in dependencies {
            let Some(dependency_name) = dependency["name"].as_str() else { continue };
            if !members.contains(dependency_name) || allowed.contains(&dependency_name) {
                continue;
            }
            let kind = dependency["kind"].as_str().unwrap_or("normal");
            // A crate's own tests may turn on its test-support feature through a dev dependency
            // on itself: no edge between crates.
            if dependency_name == name && kind == "dev" {
                continue;
            }
            violations.push(format!(
                "{manifest}: `{name}` must not depend on `{dependency_name}` ({kind} dependency); allowed: {}",
                if allowed.is_empty() { "no workspace crate".to_owned() } else { allowed.join(", ") }
            ));
        }
    }
    Ok(violations)
}

/// A dependency edge between two workspace crates: `(crate, dependency)`.
type Edge = (String, String);

/// Every edge between two workspace crates in `cargo metadata --no-deps` output, of any kind
/// (normal, dev, build), except a crate's dev dependency on itself.
fn dependency_edges(metadata: &Value) -> anyhow::Result<BTreeSet<Edge>> {
    let packages = metadata["packages"].as_array().context("`cargo metadata`: no `packages` array")?;
    let members: BTreeSet<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
    let mut edges = BTreeSet::new();
    for package in packages {
        let name = package["name"].as_str().context("`cargo metadata`: a package without a name")?;
        edges.insert((name.to_owned(), String::new()));
        let dependencies = package["dependencies"].as_array().map(Vec::as_slice).unwrap_or_default();
        for dependency in dependencies.iter().filter_map(|d| d["name"].as_str()) {
            if members.contains(dependency) && dependency != name {
                edges.insert((name.to_owned(), dependency.to_owned()));
            }
        }
    }
    Ok(edges)
}

/// The edges the diagram of `architecture` (ARCHITECTURE.md) draws: in its first fenced block,
/// each line `crate -> dependency, dependency   comment` (`(none)` for no dependency; the list
/// ends at two spaces); other lines are comments. Each crate also appears as `(crate, "")`.
fn diagram_edges(architecture: &str) -> BTreeSet<Edge> {
    let block = architecture.split("```").nth(1).unwrap_or_default();
    let mut edges = BTreeSet::new();
    for line in block.lines() {
        let Some((name, rest)) = line.split_once("->") else { continue };
        let name = name.trim().to_owned();
        let list = rest.trim_start().split("  ").next().unwrap_or_default();
        edges.insert((name.clone(), String::new()));
        for dependency in list.split(',').map(str::trim).filter(|d| !d.is_empty() && *d != "(none)") {
            edges.insert((name.clone(), dependency.to_owned()));
        }
    }
    edges
}

/// Where the diagram of ARCHITECTURE.md and the crates' manifests (`edges`, from
/// [`dependency_edges`]) disagree: a crate or an edge one has and the other lacks.
fn diagram_violations(architecture: &str, edges: &BTreeSet<Edge>) -> Vec<String> {
    let drawn = diagram_edges(architecture);
    let say = |(name, dependency): &Edge| match dependency.is_empty() {
        true => format!("crate `{name}`"),
        false => format!("the edge `{name} -> {dependency}`"),
    };
    let mut violations = Vec::new();
    for edge in edges.difference(&drawn) {
        violations.push(format!("ARCHITECTURE.md: the diagram lacks {}, which the Cargo.toml files have", say(edge)));
    }
    for edge in drawn.difference(edges) {
        violations.push(format!("ARCHITECTURE.md: the diagram draws {}, which no Cargo.toml has", say(edge)));
    }
    violations
}

/// The convention violations in one Rust file, `name` being its path relative to the root.
fn source_violations(name: &str, text: &str) -> Vec<String> {
    let mut violations = Vec::new();
    if !text.lines().next().is_some_and(|line| line.starts_with("//!")) {
        violations.push(format!("{name}:1: the file must open with a `//!` line saying what it is for"));
    }
    for (line_idx, line) in text.lines().enumerate() {
        for attribute in FORBIDDEN_ATTRIBUTES {
            if line.contains(attribute) {
                violations.push(format!("{name}:{}: `{attribute}]` is not allowed", line_idx + 1));
            }
        }
    }
    violations
}

/// Every `.rs` file under [`SOURCE_DIRS`], skipping build output and hidden directories, sorted.
fn rust_files(root: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut pending: Vec<PathBuf> = SOURCE_DIRS.iter().map(|dir| root.join(dir)).collect();
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).with_context(|| format!("listing {}", dir.display()))? {
            let entry = entry?;
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if entry.file_type()?.is_dir() {
                if name != "target" && !name.starts_with('.') {
                    pending.push(path);
                }
            } else if name.ends_with(".rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use serde_json::json;

    use super::{
        dependency_edges, dependency_violations, diagram_violations, repeated_blocks, source_violations,
        FORBIDDEN_ATTRIBUTES,
    };

    /// The workspace itself must be tidy.
    #[test]
    fn workspace_is_tidy() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        if let Err(err) = super::run(root) {
            panic!("{err:#}");
        }
    }

    fn check_source(text: &str, expected: &[&str]) {
        assert_eq!(source_violations("crates/x/src/lib.rs", text), expected, "{text:?}");
    }

    #[test]
    fn source_conventions() {
        check_source("//! What this is.\nfn f() {}\n", &[]);
        check_source("//!\n", &[]);
        check_source("", &["crates/x/src/lib.rs:1: the file must open with a `//!` line saying what it is for"]);
        check_source(
            "// A plain comment.\n//! Too late.\n",
            &["crates/x/src/lib.rs:1: the file must open with a `//!` line saying what it is for"],
        );
        let ignored = format!("//! Tests.\n#[test]\n{}]\nfn slow() {{}}\n", FORBIDDEN_ATTRIBUTES[0]);
        check_source(&ignored, &[&format!("crates/x/src/lib.rs:3: `{}]` is not allowed", FORBIDDEN_ATTRIBUTES[0])]);
        let panicking = format!("//! Tests.\n#[test]\n{}(expected = \"x\")]\nfn f() {{}}\n", FORBIDDEN_ATTRIBUTES[1]);
        check_source(&panicking, &[&format!("crates/x/src/lib.rs:3: `{}]` is not allowed", FORBIDDEN_ATTRIBUTES[1])]);
    }

    fn check_repeats(text: &str, expected: &[&str]) {
        assert_eq!(repeated_blocks("docs/x.md", text), expected, "{text:?}");
    }

    #[test]
    fn repeated_blocks_in_docs() {
        let block = "one\ntwo\nthree\nfour\nfive\nsix\n";
        check_repeats(block, &[]);
        // A document pasted twice, the second copy cut at its start (as scale-out.md once was).
        check_repeats(
            &format!("# Title\n{block}seven\n\n{}seven\nend\n", &block[4..]),
            &["docs/x.md:10: lines 10-15 repeat lines 3-8: keep one copy"],
        );
        check_repeats(&format!("{block}{block}"), &["docs/x.md:7: lines 7-12 repeat lines 1-6: keep one copy"]);
        // Trailing spaces do not hide a repeat.
        check_repeats(
            &format!("{block}\n{}", block.replace('\n', "  \n")),
            &["docs/x.md:8: lines 8-13 repeat lines 1-6: keep one copy"],
        );
        // Five lines again are not a block; blank lines and fences are not either.
        check_repeats(&format!("{block}x\n{}", &block[4..]), &[]);
        check_repeats(&"```\n\n".repeat(20), &[]);
        // Six equal lines in a row repeat nothing until they can be twice without overlapping.
        check_repeats(&"same\n".repeat(11), &[]);
        check_repeats(&"same\n".repeat(12), &["docs/x.md:7: lines 7-12 repeat lines 1-6: keep one copy"]);
    }

    fn check_dependencies(edges: &[(&str, &[&str])], expected: &[&str]) {
        let packages: Vec<_> = edges
            .iter()
            .map(|(name, deps)| {
                let deps: Vec<_> = deps.iter().map(|dep| json!({ "name": dep, "kind": null })).collect();
                json!({ "name": name, "manifest_path": format!("/ws/crates/{name}/Cargo.toml"), "dependencies": deps })
            })
            .collect();
        let metadata = json!({ "packages": packages, "workspace_root": "/ws" });
        assert_eq!(dependency_violations(&metadata).unwrap(), expected, "{edges:?}");
    }

    fn check_diagram(diagram: &str, edges: &[(&str, &[&str])], expected: &[&str]) {
        let packages: Vec<_> = edges
            .iter()
            .map(|(name, deps)| {
                let deps: Vec<_> = deps.iter().map(|dep| json!({ "name": dep, "kind": "dev" })).collect();
                json!({ "name": name, "dependencies": deps })
            })
            .collect();
        let edges = dependency_edges(&json!({ "packages": packages })).unwrap();
        let architecture = format!("# Architecture\n\n```\n{diagram}```\n\nText -> not a diagram.\n");
        assert_eq!(diagram_violations(&architecture, &edges), expected, "{diagram:?}");
    }

    #[test]
    fn diagram_edges_are_the_manifests_edges() {
        let crates: &[(&str, &[&str])] =
            &[("core", &["serde"]), ("engine", &["core"]), ("cli", &["engine", "core", "anyhow", "cli"])];
        let diagram =
            "cli     -> engine, core   the binary\n        (a comment line)\nengine  -> core\ncore    -> (none)\n";
        check_diagram(diagram, crates, &[]);
        check_diagram(
            "cli -> engine  the binary\nengine -> core\ncore -> (none)\n",
            crates,
            &["ARCHITECTURE.md: the diagram lacks the edge `cli -> core`, which the Cargo.toml files have"],
        );
        check_diagram(
            "cli -> engine, core\nengine -> core, cli\ncore -> (none)\n",
            crates,
            &["ARCHITECTURE.md: the diagram draws the edge `engine -> cli`, which no Cargo.toml has"],
        );
        check_diagram(
            "cli -> engine, core\nengine -> core\ncore -> (none)\nold -> (none)\n",
            &crates[..2],
            &[
                "ARCHITECTURE.md: the diagram draws crate `cli`, which no Cargo.toml has",
                "ARCHITECTURE.md: the diagram draws the edge `cli -> core`, which no Cargo.toml has",
                "ARCHITECTURE.md: the diagram draws the edge `cli -> engine`, which no Cargo.toml has",
                "ARCHITECTURE.md: the diagram draws crate `old`, which no Cargo.toml has",
            ],
        );
        check_diagram(
            "",
            &crates[..1],
            &["ARCHITECTURE.md: the diagram lacks crate `core`, which the Cargo.toml files have"],
        );
    }

    #[test]
    fn dependency_rules() {
        let all: &[(&str, &[&str])] = &[
            ("puzzle-core", &["anyhow"]),
            ("search", &[]),
            ("sliding", &["puzzle-core", "search"]),
            ("edge-match", &["puzzle-core", "search", "thiserror"]),
            ("cli", &["puzzle-core", "sliding", "edge-match", "serde_json"]),
            ("xtask", &["cli", "sliding"]),
        ];
        check_dependencies(all, &[]);
        check_dependencies(
            &[("puzzle-core", &["search"]), ("search", &[])],
            &["crates/puzzle-core/Cargo.toml: `puzzle-core` must not depend on `search` (normal dependency); allowed: no workspace crate"],
        );
        check_dependencies(
            &[("puzzle-core", &[]), ("sliding", &["puzzle-core", "cli"]), ("cli", &["sliding"])],
            &["crates/sliding/Cargo.toml: `sliding` must not depend on `cli` (normal dependency); allowed: puzzle-core, search"],
        );
        check_dependencies(
            &[("cli", &["xtask"]), ("xtask", &[])],
            &["crates/cli/Cargo.toml: `cli` must not depend on `xtask` (normal dependency); allowed: puzzle-core, search, sliding, edge-match"],
        );
        check_dependencies(
            &[("bench", &[])],
            &["crates/bench/Cargo.toml: crate `bench` has no dependency rule; add it to RULES in xtask/src/tidy.rs"],
        );
    }
}
