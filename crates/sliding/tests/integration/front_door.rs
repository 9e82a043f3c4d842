//! The crate's root stays a narrow front door: at most 25 public names in `lib.rs` (each
//! `pub use` name, `pub mod`, `pub fn`, `pub const`, … counts one), what only tests need behind
//! `test-support`.

/// The public names `lib.rs` declares at the root, leaving out items under
/// `#[cfg(feature = "test-support")]`.
fn root_names(lib: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut test_only = false;
    let mut in_use: Option<String> = None;
    for line in lib.lines().map(str::trim) {
        if let Some(mut text) = in_use.take() {
            text.push_str(line);
            if line.ends_with(';') {
                names.extend(use_names(&text));
            } else {
                in_use = Some(text);
            }
            continue;
        }
        if line.starts_with("#[cfg(") {
            test_only = line.contains("test-support");
            continue;
        }
        let skip = std::mem::take(&mut test_only);
        if skip || !line.starts_with("pub ") {
            continue;
        }
        if let Some(rest) = line.strip_prefix("pub use ") {
            if rest.ends_with(';') {
                names.extend(use_names(rest));
            } else {
                in_use = Some(rest.to_owned());
            }
            continue;
        }
        let words: Vec<&str> =
            line.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).collect();
        if let [_, "mod" | "fn" | "const" | "static" | "struct" | "enum" | "trait" | "type", name, ..] = words[..] {
            names.push(name.to_owned());
        }
    }
    names
}

/// The names a `use` path brings in: the last segment, or each item of a braced list.
fn use_names(path: &str) -> Vec<String> {
    let path = path.trim_end_matches(';');
    let items = match path.find('{') {
        Some(open) => &path[open + 1..path.rfind('}').unwrap_or(path.len())],
        None => path.rsplit("::").next().unwrap_or(path),
    };
    items
        .split(',')
        .map(|item| item.rsplit(" as ").next().unwrap_or(item).trim().to_owned())
        .filter(|name| !name.is_empty())
        .collect()
}

#[test]
fn the_root_has_at_most_25_public_names() {
    let lib = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/lib.rs")).unwrap();
    let names = root_names(&lib);
    assert!(names.len() <= 25, "{} public names at the root: {names:?}", names.len());
    // The counter itself, on a root it must count: a braced list, a module, a function, and a
    // test-only module it leaves out.
    let sample = "pub mod parse;\n#[cfg(feature = \"test-support\")]\npub mod testing;\npub use answer::{\n    Answer, Path,\n};\npub use search::Limits;\npub fn path_letters() {}\n";
    assert_eq!(root_names(sample), ["parse", "Answer", "Path", "Limits", "path_letters"]);
}
