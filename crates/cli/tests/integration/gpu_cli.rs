//! `puzzle edge --gpu`, run as a process: in a build with the feature `gpu`, the GPU's counts
//! printed as the CPU's (`--count`, `--plain`, `--distinct`, clues, orders, marks puzzles, the
//! units of `--unit -`), and its errors (no adapter, a mode it does not count); in a build
//! without it, the message saying how to build one. Where no adapter is found the GPU's counts
//! are skipped with a line saying so, unless `PUZZLE_GPU_TESTS=require` (`.ci/gpu-tests`).

use crate::common;

const SET1_3X3: &str = "fixtures/data/brendan_set1_03x03.puz";

fn edge(args: &[&str], stdin: &str) -> common::Run {
    common::puzzle(&[&["edge"], args].concat(), stdin)
}

/// A JSON line without its timing, for comparing two runs.
#[cfg(feature = "gpu")]
fn untimed(line: &str) -> serde_json::Value {
    let mut value: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
    let object = value.as_object_mut().expect("a JSON object");
    object.remove("elapsed_ms");
    // The result's hash covers its time too; merge checks it (below).
    object.remove("result_hash");
    value
}

/// Whether the GPU runs here; where it does not, says so (or fails when it must run).
#[cfg(feature = "gpu")]
fn gpu_runs(test: &str) -> bool {
    let run = edge(&["--count", "--gpu", SET1_3X3], "");
    if run.code == 0 {
        return true;
    }
    let required = std::env::var("PUZZLE_GPU_TESTS").is_ok_and(|v| v == "require");
    assert!(!required && run.stderr.contains("no GPU adapter found"), "{}", run.failure("the GPU count"));
    eprintln!("skipped {test}: {}", run.stderr.trim());
    false
}

#[cfg(feature = "gpu")]
#[test]
fn gpu_counts_print_what_the_cpu_prints() {
    if !gpu_runs("gpu_counts_print_what_the_cpu_prints") {
        return;
    }
    let marks = common::temp_file("marks.txt", "A+ B+ A- B-\nB* A* A/ B/\nA+ A- B+ B-\nA/ B* B/ A*\n");
    let cases: Vec<Vec<&str>> = vec![
        vec!["--count", SET1_3X3],
        vec!["--count", "--plain", SET1_3X3],
        vec!["--distinct", SET1_3X3],
        vec!["--count", "--order", "spiral", SET1_3X3],
        vec!["--count", "--plain", "--order", "frame-first", SET1_3X3],
        vec!["--count", "--no-frame", SET1_3X3],
        vec!["--distinct", "--no-frame", SET1_3X3],
        vec!["--count", marks.as_str()],
        vec!["--distinct", marks.as_str()],
    ];
    for args in cases {
        let cpu = edge(&[&args[..], &["--json"]].concat(), "");
        let gpu = edge(&[&args[..], &["--json", "--gpu"]].concat(), "");
        assert_eq!(cpu.code, 0, "{}", cpu.failure("the CPU count"));
        assert_eq!(gpu.code, 0, "{}", gpu.failure("the GPU count"));
        assert_eq!(untimed(&gpu.stdout), untimed(&cpu.stdout), "{args:?}");
    }
    // The plain text output: the count first, as on the CPU.
    let gpu = edge(&["--count", "--gpu", SET1_3X3], "");
    assert_eq!(gpu.stdout.lines().next(), edge(&["--count", SET1_3X3], "").stdout.lines().next());
}

#[cfg(feature = "gpu")]
#[test]
fn gpu_units_print_what_the_cpu_prints() {
    if !gpu_runs("gpu_units_print_what_the_cpu_prints") {
        return;
    }
    for flags in [&["--count"][..], &["--plain"][..], &[][..]] {
        let split = edge(&[&["--split", "2"], flags, &[SET1_3X3]].concat(), "");
        assert_eq!(split.code, 0, "{}", split.failure("split"));
        let cpu = edge(&[&["--unit", "-"], flags, &[SET1_3X3]].concat(), &split.stdout);
        let gpu = edge(&[&["--unit", "-", "--gpu"], flags, &[SET1_3X3]].concat(), &split.stdout);
        assert_eq!(gpu.code, 0, "{}", gpu.failure("the GPU units"));
        let lines = |run: &common::Run| run.stdout.lines().map(untimed).collect::<Vec<_>>();
        assert_eq!(lines(&gpu), lines(&cpu), "{flags:?}");
        assert_eq!(lines(&gpu).len(), split.stdout.lines().count(), "{flags:?}");
        // The GPU's result lines are sealed as the CPU's: merge takes them and adds up the same.
        let merged = |run: &common::Run| {
            let merged = common::puzzle(&["merge", "-"], &run.stdout);
            assert_eq!(merged.code, 0, "{}", merged.failure("merged"));
            merged.stdout.lines().map(untimed).collect::<Vec<_>>()
        };
        assert_eq!(merged(&gpu), merged(&cpu), "{flags:?}");
    }
    // A unit of another puzzle is refused as on the CPU.
    let split = edge(&["--split", "2", "--count", SET1_3X3], "");
    let other = edge(&["--unit", "-", "--count", "--gpu", "--no-frame", SET1_3X3], &split.stdout);
    assert_eq!(other.code, 1, "{}", other.failure("a foreign unit"));
}

#[cfg(feature = "gpu")]
#[test]
fn gpu_without_an_adapter_says_so() {
    // No back end that exists on this system: Metal on Linux, Vulkan elsewhere.
    let backend = if cfg!(target_os = "macos") { "vulkan" } else { "metal" };
    let (mut command, _cache) = common::command();
    let output = command
        .args(["edge", "--count", "--gpu", SET1_3X3])
        .env("WGPU_BACKEND", backend)
        .current_dir(common::workspace_root())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("error: --gpu: no GPU adapter found"), "{stderr}");
    assert!(output.stdout.is_empty());
}

#[test]
fn gpu_counts_only() {
    let run = edge(&["--gpu", SET1_3X3], "");
    assert_eq!(run.code, 1, "{}", run.failure("--gpu without a count"));
    assert!(run.stderr.contains("--gpu: the GPU counts: give --count, --distinct or --unit"), "{}", run.stderr);
    let run = edge(&["--gpu", "--all", SET1_3X3], "");
    assert_eq!(run.code, 1, "{}", run.failure("--gpu with --all"));
}

#[cfg(not(feature = "gpu"))]
#[test]
fn gpu_in_a_build_without_the_feature_says_how_to_build_one() {
    let run = edge(&["--count", "--gpu", SET1_3X3], "");
    assert_eq!(run.code, 1, "{}", run.failure("--gpu without the feature"));
    assert!(run.stderr.contains("--features gpu"), "{}", run.stderr);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
}
