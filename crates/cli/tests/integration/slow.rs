//! Slow checks, run only with `RUN_SLOW_TESTS=1`: a sample of Korf's 100 15-puzzle instances
//! solved through the CLI with the default pattern databases (built and cached on first use, about
//! ten minutes), every length compared with the published optimum in the data file.

use crate::common;

/// Every tenth instance of Korf's 100, with the labels `id optimum` as the file gives them.
#[test]
fn korf_sample_is_solved_optimally() {
    if std::env::var("RUN_SLOW_TESTS").as_deref() != Ok("1") {
        return;
    }
    let path = common::workspace_root().join("fixtures/data/korf100.txt");
    let text = std::fs::read_to_string(&path).expect("the Korf data file");
    let sample: Vec<&str> = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).step_by(10).collect();
    assert_eq!(sample.len(), 10);
    let input = sample.join("\n") + "\n";
    let run = common::puzzle(&["slide", "--format", "lines", "--size", "4x4", "--goal", "blank-first"], &input);
    assert_eq!(run.code, 0, "{}", run.failure("exit status"));
    let answers: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(answers.len(), sample.len(), "{}", run.failure("one answer per instance"));
    for (instance, answer) in sample.iter().zip(answers) {
        let fields: Vec<&str> = instance.split_whitespace().collect();
        // The answer line is the label (id and optimum) followed by the length found.
        assert_eq!(answer, format!("{} {} {}", fields[0], fields[1], fields[1]), "instance {}", fields[0]);
    }
}
