//! `cargo xtask slow-tests`: the checks too slow for every `cargo test`, run on demand and never
//! skipped in silence: a sample of Korf's 100 15-puzzle instances solved through the built
//! `puzzle` with its default pattern databases (built in the run, in a temporary cache
//! directory), every length compared with the published optimum in the data file.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{bail, ensure, Context};

/// Which build of `puzzle` the slow checks run.
#[derive(Debug, Clone, Copy)]
pub enum Profile {
    /// The dev build, as `cargo test` builds it.
    Dev,
    /// The release build.
    Release,
}

/// Every tenth instance of Korf's 100 (ids 1, 11, …, 91), as `id optimum tiles…` lines.
fn korf_sample(text: &str) -> Vec<&str> {
    text.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()).step_by(10).collect()
}

/// Checks `puzzle slide --format lines`'s answers to `sample`: one line per instance, each the
/// instance's label (id and optimum) followed by the length found, which must be the optimum.
fn check_answers(sample: &[&str], stdout: &str) -> anyhow::Result<()> {
    let answers: Vec<&str> = stdout.lines().collect();
    ensure!(answers.len() == sample.len(), "{} answers for {} instances:\n{stdout}", answers.len(), sample.len());
    for (instance, answer) in sample.iter().zip(answers) {
        let fields: Vec<&str> = instance.split_whitespace().collect();
        let [id, optimum, ..] = fields[..] else { bail!("instance line without id and optimum: {instance:?}") };
        let expected = format!("{id} {optimum} {optimum}");
        ensure!(answer == expected, "instance {id}: answered {answer:?}, the published optimum gives {expected:?}");
    }
    Ok(())
}

/// Builds `puzzle` in `profile` and runs the slow checks, printing a line for each.
pub fn run(root: &Path, profile: Profile) -> anyhow::Result<()> {
    let mut build = Command::new(env!("CARGO"));
    build.args(["build", "--quiet", "-p", "cli"]).current_dir(root);
    if let Profile::Release = profile {
        build.arg("--release");
    }
    ensure!(build.status()?.success(), "cargo build -p cli failed");
    let puzzle = crate::target_dir(root).join(match profile {
        Profile::Dev => "debug/puzzle",
        Profile::Release => "release/puzzle",
    });

    let path = root.join("fixtures/data/korf100.txt");
    let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    let sample = korf_sample(&text);
    ensure!(sample.len() == 10, "expected 10 sampled instances of Korf's 100, found {}", sample.len());
    let cache = tempfile::Builder::new().prefix("puzzle-slow-cache").tempdir()?;
    let input = cache.path().join("korf-sample.txt");
    std::fs::write(&input, sample.join("\n") + "\n")?;

    let started = Instant::now();
    let output = Command::new(&puzzle)
        .args(["slide", "--format", "lines", "--size", "4x4", "--goal", "blank-first", "--quiet"])
        .arg(&input)
        .env("PUZZLE_CACHE_DIR", cache.path())
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("cannot run {}", puzzle.display()))?;
    ensure!(output.status.success(), "puzzle slide failed: {}", String::from_utf8_lossy(&output.stderr));
    check_answers(&sample, &String::from_utf8(output.stdout)?)?;
    println!(
        "korf sample: 10 of Korf's 100 (every tenth) solved optimally from an empty cache in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{check_answers, korf_sample};

    fn check(stdout: &str, expected: Result<(), &str>) {
        let sample = ["1 57 2 3", "11 57 4 5"];
        let result = check_answers(&sample, stdout).map_err(|err| err.to_string());
        assert_eq!(result, expected.map_err(str::to_owned), "{stdout:?}");
    }

    #[test]
    fn answers_must_be_the_published_optima() {
        check("1 57 57\n11 57 57\n", Ok(()));
        check(
            "1 57 57\n11 57 59\n",
            Err("instance 11: answered \"11 57 59\", the published optimum gives \"11 57 57\""),
        );
        check("1 57 57\n", Err("1 answers for 2 instances:\n1 57 57\n"));
        check(
            "1 57 57\n11 57 gave up\n",
            Err("instance 11: answered \"11 57 gave up\", the published optimum gives \"11 57 57\""),
        );
    }

    #[test]
    fn the_sample_is_every_tenth_instance() {
        let text = "# comment\n1 a\n2 b\n\n3 c\n4 d\n5 e\n6 f\n7 g\n8 h\n9 i\n10 j\n11 k\n12 l\n";
        assert_eq!(korf_sample(text), ["1 a", "11 k"]);
    }
}
