//! The docs' references, checked by `cargo xtask tidy`: every repository path that
//! ARCHITECTURE.md, README.md and `docs/*.md` name exists, every relative link leads to a file,
//! and every section that a doc or a code comment cites by its title (a doc's name, a comma and
//! the title in double quotes) is there, so that a renamed file or section cannot leave the
//! docs pointing at nothing.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use anyhow::Context;

/// The top-level directories whose paths the docs name; a path starting with one of them is
/// checked wherever it appears, in prose, code spans and command lines alike.
const ROOTS: [&str; 6] = ["crates/", "xtask/", "docs/", "fixtures/", ".ci/", ".cargo/"];

/// What the checks look paths and sections up in: every file and directory of the repository
/// (relative, `/`-separated) and the text of every Markdown file among them.
#[derive(Debug, Default)]
pub(super) struct Repo {
    paths: BTreeSet<String>,
    markdown: BTreeMap<String, String>,
}

impl Repo {
    /// Every file and directory under `root`, build output and `.git` left out.
    pub(super) fn read(root: &Path) -> anyhow::Result<Repo> {
        let mut repo = Repo::default();
        let mut pending = vec![String::new()];
        while let Some(dir) = pending.pop() {
            let full = root.join(&dir);
            for entry in fs::read_dir(&full).with_context(|| format!("listing {}", full.display()))? {
                let entry = entry?;
                let name = entry.file_name().to_string_lossy().into_owned();
                if name == "target" || name == ".git" {
                    continue;
                }
                let path = if dir.is_empty() { name.clone() } else { format!("{dir}/{name}") };
                if entry.file_type()?.is_dir() {
                    pending.push(path.clone());
                } else if name.ends_with(".md") {
                    let text = fs::read_to_string(entry.path()).with_context(|| format!("reading {path}"))?;
                    repo.markdown.insert(path.clone(), text);
                }
                repo.paths.insert(path);
            }
        }
        Ok(repo)
    }

    /// A repository with these files and Markdown texts, for the tests; their directories are
    /// added.
    #[cfg(test)]
    fn of(files: &[&str], markdown: &[(&str, &str)]) -> Repo {
        let mut repo = Repo::default();
        for file in files.iter().chain(markdown.iter().map(|(name, _)| name)) {
            let mut end = 0;
            while let Some(slash) = file[end..].find('/') {
                end += slash;
                repo.paths.insert(file[..end].to_owned());
                end += 1;
            }
            repo.paths.insert((*file).to_owned());
        }
        repo.markdown = markdown.iter().map(|(name, text)| ((*name).to_owned(), (*text).to_owned())).collect();
        repo
    }

    fn exists(&self, path: &str) -> bool {
        self.paths.contains(path.trim_end_matches('/'))
    }

    /// Whether some file's path is `tail` or ends with `/tail`: how a code map names a module
    /// by its path inside its crate (`pdb/file.rs`).
    fn has_file_ending(&self, tail: &str) -> bool {
        self.paths.iter().any(|path| path == tail || path.strip_suffix(tail).is_some_and(|head| head.ends_with('/')))
    }

    /// Whether the Markdown file `doc` has a section titled `title` (letters' case aside): a
    /// heading that contains it, or a bold or italic lead-in (`**Title**`, `*Title.*`) of a
    /// paragraph or a list item.
    fn has_section(&self, doc: &str, title: &str) -> bool {
        let title = title.to_lowercase();
        self.markdown.get(doc).is_some_and(|text| {
            text.lines()
                .map(str::to_lowercase)
                .any(|line| (line.starts_with('#') && line.contains(&title)) || line.contains(&format!("*{title}")))
        })
    }
}

/// The docs whose paths are checked, with their text: ARCHITECTURE.md, README.md and the
/// Markdown files of `docs/`.
pub(super) fn checked_docs(repo: &Repo) -> Vec<(&str, &str)> {
    repo.markdown
        .iter()
        .map(|(name, text)| (name.as_str(), text.as_str()))
        .filter(|(name, _)| {
            matches!(*name, "ARCHITECTURE.md" | "README.md")
                || name.strip_prefix("docs/").is_some_and(|rest| !rest.contains('/'))
        })
        .collect()
}

/// Every dangling reference in the doc `name` (a path relative to the root) with text `text`.
pub(super) fn doc_violations(name: &str, text: &str, repo: &Repo) -> Vec<String> {
    let mut violations = Vec::new();
    let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
    for (offset, path) in rooted_paths(text) {
        if !repo.exists(&path) {
            violations.push(format!("{name}:{}: `{path}` does not exist", line_of(offset)));
        }
    }
    for (offset, span) in code_spans(text) {
        if is_module_path(span) && !repo.has_file_ending(span) {
            violations.push(format!("{name}:{}: no file ends with `{span}`", line_of(offset)));
        }
    }
    let dir = name.rsplit_once('/').map_or("", |(dir, _)| dir);
    for (offset, target) in link_targets(text) {
        let resolved = if dir.is_empty() { target.to_owned() } else { format!("{dir}/{target}") };
        if !repo.exists(&normalise(&resolved)) {
            violations.push(format!("{name}:{}: the link `{target}` leads to no file", line_of(offset)));
        }
    }
    violations.extend(citation_violations(name, text, repo));
    violations
}

/// Every section cited in the file `name` that the cited doc lacks: a citation is a Markdown
/// file's name (`algorithms.md`, `docs/algorithms.md`, in backticks or not), a comma, a space
/// and the section's title in double quotes, on one line. A doc named without a directory is looked for beside the citing
/// file, then in `docs/`, then at the root. A title broken over two lines is not checked.
pub(super) fn citation_violations(name: &str, text: &str, repo: &Repo) -> Vec<String> {
    let mut violations = Vec::new();
    for (line_idx, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find(".md") {
            let (before, after) = rest.split_at(at + 3);
            rest = after;
            let after = after.strip_prefix('`').unwrap_or(after);
            let Some(title) = after.strip_prefix(", \"").and_then(|t| t.split_once('"')).map(|(title, _)| title) else {
                continue;
            };
            let start = before.rfind(|c: char| !is_path_char(c)).map_or(0, |i| i + 1);
            let doc = &before[start..];
            let beside = name.rsplit_once('/').map(|(dir, _)| format!("{dir}/{doc}"));
            let candidates = [beside, Some(format!("docs/{doc}")), Some(doc.to_owned())];
            let Some(found) = candidates.into_iter().flatten().find(|c| repo.markdown.contains_key(c)) else {
                violations.push(format!("{name}:{}: cites `{doc}`, which does not exist", line_idx + 1));
                continue;
            };
            if !repo.has_section(&found, title) {
                violations.push(format!("{name}:{}: {found} has no section \"{title}\"", line_idx + 1));
            }
        }
    }
    violations
}

fn is_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/')
}

/// The paths starting with one of [`ROOTS`] anywhere in `text`, with their byte offsets; a
/// trailing full stop, and any path with `..` in it, are not part of a checked path.
fn rooted_paths(text: &str) -> Vec<(usize, String)> {
    let mut paths = Vec::new();
    let mut offset = 0;
    while offset < text.len() {
        let starts_root = ROOTS.iter().any(|root| text[offset..].starts_with(root));
        let after_break = !matches!(text[..offset].chars().next_back(), Some(c) if is_path_char(c));
        if !(starts_root && after_break) {
            offset += text[offset..].chars().next().map_or(1, char::len_utf8);
            continue;
        }
        let len = text[offset..].find(|c: char| !is_path_char(c)).unwrap_or(text.len() - offset);
        let path = text[offset..offset + len].trim_end_matches('.');
        if !path.contains("..") {
            paths.push((offset, path.to_owned()));
        }
        offset += len;
    }
    paths
}

/// The single-line code spans of `text` (outside fenced blocks) with their byte offsets.
fn code_spans(text: &str) -> Vec<(usize, &str)> {
    let mut spans = Vec::new();
    let mut offset = 0;
    let mut fenced = false;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            let mut parts = line.split('`');
            let mut at = offset + parts.next().map_or(0, str::len) + 1;
            while let (Some(span), Some(plain)) = (parts.next(), parts.next()) {
                spans.push((at, span));
                at += span.len() + 1 + plain.len() + 1;
            }
        }
        offset += line.len();
    }
    spans
}

/// Whether a code span names a Rust file by its path inside a crate (`pdb/file.rs`,
/// `tests/integration/slow.rs`): a path of at least two parts ending in `.rs`, not rooted.
fn is_module_path(span: &str) -> bool {
    span.ends_with(".rs")
        && span.contains('/')
        && span.chars().all(is_path_char)
        && !span.contains("..")
        && !ROOTS.iter().any(|root| span.starts_with(root))
}

/// The targets of the relative Markdown links (`[text](target)`) of `text`, anchors cut off,
/// with their byte offsets.
fn link_targets(text: &str) -> Vec<(usize, &str)> {
    let mut targets = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find("](") {
        let start = from + at + 2;
        from = start;
        let Some(len) = text[start..].find(')') else { break };
        let target = text[start..start + len].split('#').next().unwrap_or_default();
        let external = target.contains("://") || target.starts_with("mailto:");
        if !target.is_empty() && !external && !target.contains(char::is_whitespace) {
            targets.push((start, target));
        }
    }
    targets
}

/// `a/./b` and `a/x/../b` as `a/b`.
fn normalise(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop();
            }
            _ => parts.push(part),
        }
    }
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::{citation_violations, doc_violations, Repo};

    fn repo() -> Repo {
        Repo::of(
            &["crates/sliding/src/pdb/file.rs", "fixtures/data/korf100.txt", "docs/slurm/run.sh", ".ci/run"],
            &[
                ("docs/benchmarks.md", "# Benchmarks\n\n## Pattern database builds\n"),
                (
                    "docs/algorithms.md",
                    "# Algorithms\n\n- **Table memory and files** (`pdb/memory.rs`).\n  - *The board's turns.* A\n",
                ),
                ("README.md", "# puzzle\n"),
            ],
        )
    }

    fn check(name: &str, text: &str, expected: &[&str]) {
        assert_eq!(doc_violations(name, text, &repo()), expected, "{text:?}");
    }

    #[test]
    fn named_paths_exist() {
        check("README.md", "See docs/benchmarks.md and `fixtures/data/korf100.txt`.\n", &[]);
        check("README.md", "```\npuzzle slide fixtures/data/korf100.txt\n.ci/run\n```\n", &[]);
        check("README.md", "The scripts of docs/slurm/, and crates/* in general.\n", &[]);
        check(
            "README.md",
            "Run\n`crates/sliding/src/pdb/gone.rs` and docs/old.md.\n",
            &[
                "README.md:2: `crates/sliding/src/pdb/gone.rs` does not exist",
                "README.md:2: `docs/old.md` does not exist",
            ],
        );
        // Paths outside the repository, and paths made by the reader, are not checked.
        check("README.md", "`../shared/data/edge`, `target/bench/b.txt`, `k40.txt`, `results/found`\n", &[]);
    }

    #[test]
    fn module_paths_name_some_file() {
        check("ARCHITECTURE.md", "`pdb/file.rs` reads tables; `sliding/src/pdb/file.rs` too.\n", &[]);
        check("ARCHITECTURE.md", "and `pdb/files.rs`\n", &["ARCHITECTURE.md:1: no file ends with `pdb/files.rs`"]);
        // `b/file.rs` is not the tail `pdb/file.rs` ends with at a directory boundary.
        check("ARCHITECTURE.md", "`b/file.rs`\n", &["ARCHITECTURE.md:1: no file ends with `b/file.rs`"]);
        check("ARCHITECTURE.md", "```\nx `pdb/files.rs` y\n```\n", &[]);
    }

    #[test]
    fn links_lead_to_files() {
        check(
            "docs/benchmarks.md",
            "[algorithms](algorithms.md#x), [readme](../README.md), [w](https://x.org/a)\n",
            &[],
        );
        check(
            "docs/benchmarks.md",
            "[experiments](experiments.md)\n",
            &["docs/benchmarks.md:1: the link `experiments.md` leads to no file"],
        );
    }

    #[test]
    fn cited_sections_exist() {
        let repo = repo();
        let cite = |name: &str, text: &str| citation_violations(name, text, &repo);
        assert!(
            cite("crates/sliding/src/tiers.rs", "/// (docs/benchmarks.md, \"Pattern database builds\")\n").is_empty()
        );
        assert!(cite("docs/benchmarks.md", "(algorithms.md, \"Table memory and files\")\n").is_empty());
        assert!(cite("README.md", "(`docs/algorithms.md`, \"Table memory and files\")\n").is_empty());
        assert!(cite("symmetry.rs", "//! (docs/algorithms.md, \"the board's turns\")\n").is_empty());
        // A title broken over two lines is left alone.
        assert!(cite("x.rs", "// (docs/benchmarks.md, \"Pattern\n// database builds\")\n").is_empty());
        assert_eq!(
            cite("crates/sliding/src/ida.rs", "/// (docs/benchmarks.md, \"Issue 22, part 3\")\n"),
            ["crates/sliding/src/ida.rs:1: docs/benchmarks.md has no section \"Issue 22, part 3\""]
        );
        assert_eq!(
            cite("README.md", "(docs/experiments.md, \"Branch interleave\")\n"),
            ["README.md:1: cites `docs/experiments.md`, which does not exist"]
        );
    }
}
