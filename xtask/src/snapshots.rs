//! `cargo xtask snapshots`: refreshes the insta snapshots of the `puzzle` command over the fixtures.

use std::ffi::OsString;
use std::fs;
use std::path::Path;
use std::process::Command;

use anyhow::{bail, Context};

/// Where insta keeps the snapshots of `crates/cli/tests/integration/snapshots.rs`.
const SNAPSHOT_DIR: &str = "crates/cli/tests/integration/snapshots";

/// The snapshot tests, each with the fixture directory it walks.
const GLOB_TESTS: [(&str, &str); 2] = [("slide", "fixtures/slide"), ("edge", "fixtures/edge")];

/// Runs the snapshot tests with `INSTA_UPDATE=always`, so every snapshot is rewritten in place,
/// then removes the snapshots of fixtures that no longer exist.
pub fn run(root: &Path) -> anyhow::Result<()> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    let status = Command::new(&cargo)
        .current_dir(root)
        .args(["test", "--package", "cli", "--test", "integration", "--", "snapshots::"])
        .env("INSTA_UPDATE", "always")
        .status()
        .context("running `cargo test --package cli --test integration -- snapshots::`")?;
    if !status.success() {
        bail!("`cargo test --package cli --test integration -- snapshots::` failed ({status})");
    }
    remove_orphans(root)?;
    println!(
        "snapshots refreshed; review the changes with `git diff {SNAPSHOT_DIR}` (or `cargo insta review` for pending ones)"
    );
    Ok(())
}

/// Deletes the snapshots whose fixture was removed: the test never visits them again, so
/// updating cannot remove them.
fn remove_orphans(root: &Path) -> anyhow::Result<()> {
    let dir = root.join(SNAPSHOT_DIR);
    if !dir.exists() {
        return Ok(());
    }
    let mut names: Vec<String> = Vec::new();
    for entry in fs::read_dir(&dir).with_context(|| format!("listing {}", dir.display()))? {
        names.extend(entry?.file_name().into_string().ok());
    }
    names.sort();
    for name in names {
        for (test, fixture_dir) in GLOB_TESTS {
            let prefix = format!("integration__snapshots__{test}@");
            let Some(fixture) = name.strip_prefix(&prefix).and_then(|rest| rest.strip_suffix(".snap")) else {
                continue;
            };
            if !root.join(fixture_dir).join(fixture).exists() {
                let path = dir.join(&name);
                fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
                println!("removed {SNAPSHOT_DIR}/{name}: {fixture_dir}/{fixture} no longer exists");
            }
        }
    }
    Ok(())
}
