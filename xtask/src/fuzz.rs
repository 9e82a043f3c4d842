//! `cargo xtask fuzz`: the fuzz tests of every parser and of the `puzzle` binary
//! (`crates/cli/tests/integration/fuzz.rs`) with a large number of inputs, in release, and a summary of how
//! many inputs each one survived. The command lines include output and state files named like the
//! input, devices, FIFOs and directories (`fuzz_cli_files`).

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs the fuzz tests with `cases` inputs per parser (a hundredth of them, at least 32, for each
/// command line of the binary) and prints the survivors per parser.
pub fn run(root: &Path, cases: u32) -> anyhow::Result<()> {
    let mut child = Command::new(env!("CARGO"))
        .args(["test", "--release", "--locked", "-p", "cli", "--test", "integration", "--", "fuzz::", "--nocapture"])
        .env("PUZZLE_FUZZ_CASES", cases.to_string())
        .current_dir(root)
        .stdout(Stdio::piped())
        .spawn()?;
    let stdout = child.stdout.take().ok_or_else(|| anyhow::anyhow!("no stdout from cargo test"))?;
    let mut survivors = Vec::new();
    for line in BufReader::new(stdout).lines() {
        let line = line?;
        println!("{line}");
        if let Some(report) = line.strip_prefix("fuzz: ") {
            survivors.push(report.to_owned());
        }
    }
    let status = child.wait()?;
    anyhow::ensure!(status.success(), "the fuzz tests failed (the failing input is shown above)");
    survivors.sort();
    println!("\n{cases} inputs per parser (command lines: a hundredth, at least 32):");
    for report in survivors {
        println!("  {report}");
    }
    Ok(())
}
