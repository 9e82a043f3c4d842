//! The README's tour must run from a fresh clone: every file a `$ ` command of its `console`
//! blocks reads exists in the repository, or an earlier command of the tour writes it.

use std::collections::BTreeSet;
use std::path::Path;

/// Options whose value is a file the command writes, not one it reads.
const WRITTEN_BY: [&str; 5] = ["--svg", "--sol", "--html", "--checkpoint", ">"];

/// File endings of the inputs the tour's commands read.
const INPUT_ENDINGS: [&str; 7] = [".txt", ".puz", ".sol", ".clue", ".jsonl", ".json", ".svg"];

/// Each file named by the tour of `readme` that neither exists under `root` nor is written by an
/// earlier command, as `README.md: `$ COMMAND`: FILE does not exist`.
pub fn violations(readme: &str, root: &Path) -> Vec<String> {
    let mut written = BTreeSet::new();
    let mut violations = Vec::new();
    let mut in_console = false;
    for line in readme.lines() {
        let fence = line.trim_start();
        if fence.starts_with("```") {
            in_console = !in_console && fence.trim_start_matches('`').trim() == "console";
            continue;
        }
        let Some(command) = line.strip_prefix("$ ").filter(|_| in_console) else { continue };
        // A trailing comment says what the command does.
        let command = command.split("  #").next().unwrap_or(command);
        let words: Vec<&str> = command.split_whitespace().collect();
        for (i, word) in words.iter().enumerate() {
            let previous = i.checked_sub(1).map(|p| words[p]);
            if previous.is_some_and(|p| WRITTEN_BY.contains(&p)) {
                written.insert((*word).to_owned());
                continue;
            }
            let is_file = INPUT_ENDINGS.iter().any(|ending| word.ends_with(ending))
                && !word.starts_with(['\'', '"', '-'])
                && !word.contains("://");
            if is_file && !written.contains(*word) && !root.join(word).exists() {
                violations.push(format!("README.md: `$ {}`: {word} does not exist", command.trim()));
            }
        }
    }
    violations
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(readme: &str, expected: &[&str]) {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        assert_eq!(violations(readme, &root), expected, "{readme}");
    }

    #[test]
    fn files_read_by_the_tour() {
        check("```console\n$ puzzle slide fixtures/slide/judge_a_sample1.txt\n3\n```\n", &[]);
        check(
            "```console\n$ puzzle slide --fast board-100x100.txt   # any size\n```\n",
            &["README.md: `$ puzzle slide --fast board-100x100.txt`: board-100x100.txt does not exist"],
        );
        // Made by an earlier command: fine; made only later, or outside a console block: not
        // checked, or missing.
        check("```console\n$ cargo xtask board 9x9 > b.txt\n$ puzzle slide b.txt\n```\n", &[]);
        check(
            "```console\n$ puzzle slide b.txt\n$ cargo xtask board 9x9 > b.txt\n```\n",
            &["README.md: `$ puzzle slide b.txt`: b.txt does not exist"],
        );
        check("```sh\n$ puzzle slide missing.txt\n```\n", &[]);
        check("```console\n$ puzzle edge --svg out.svg --sol out.sol fixtures/edge/example1.txt\n```\n", &[]);
    }
}
