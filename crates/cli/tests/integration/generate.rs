//! `puzzle --generate KIND`: the man page and every shell's completion script that `--help`
//! names. Each script is loaded by its own shell where that shell is installed and asked to
//! complete a subcommand and a flag; where it is not, the test says that it skipped that part.

use std::path::Path;
use std::process::Command;

use crate::common;

/// The kinds `--generate` takes, read from `puzzle -h` (so a kind added later is tested too).
fn kinds() -> Vec<String> {
    let run = common::puzzle(&["-h"], "");
    assert_eq!(run.code, 0, "{}", run.failure("help"));
    let start = run.stdout.find("--generate").expect("--generate in the help");
    let values = &run.stdout[start..];
    let values = &values[values.find("[possible values: ").expect("the values listed") + 18..];
    let values = &values[..values.find(']').expect("the end of the values")];
    values.split(',').map(|v| v.trim().to_owned()).collect()
}

/// Whether `program` runs here.
fn installed(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|output| output.status.success())
}

/// Runs `program ARGS` and returns its standard output, asserting that it succeeded.
fn shell(program: &str, args: &[&str]) -> String {
    let output = Command::new(program).args(args).output().expect("the shell runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{program} {args:?}: {}\nstdout: {stdout}\nstderr: {stderr}", output.status);
    stdout
}

/// Asks the shell of `kind` to complete `puzzle sl` and `puzzle edge --cou` with the script at
/// `path`: the answers must offer `slide` and `--count`.
fn complete_with_the_shell(kind: &str, path: &Path, dir: &Path) {
    let file = path.to_str().expect("a UTF-8 path");
    let (program, answers) = match kind {
        "complete-bash" => {
            let complete = |words: &str, cword: usize, current: &str, previous: &str| {
                let script = format!(
                    "source '{file}'; COMP_WORDS=({words}); COMP_CWORD={cword}; _puzzle puzzle '{current}' '{previous}'; echo \"${{COMPREPLY[@]}}\""
                );
                shell("bash", &["--norc", "-c", &script])
            };
            ("bash", [complete("puzzle sl", 1, "sl", "puzzle"), complete("puzzle edge --cou", 2, "--cou", "edge")])
        }
        "complete-fish" => {
            let script = format!("source '{file}'; complete -C 'puzzle sl'; echo ---; complete -C 'puzzle edge --cou'");
            let out = shell("fish", &["--no-config", "-c", &script]);
            let (first, second) = out.split_once("---").expect("both answers");
            ("fish", [first.to_owned(), second.to_owned()])
        }
        "complete-elvish" => {
            // The script fills the line editor's table, which only an interactive elvish has; here
            // a plain map and a plain candidate function stand in for the editor's.
            let text = std::fs::read_to_string(path).expect("the script");
            let text = text
                .replace("edit:completion:arg-completer", "completer")
                .replace("edit:complex-candidate", "complex-candidate");
            let script = format!(
                "var completer = [&]\nfn complex-candidate {{|text &display=''| put $text }}\n{text}\n\
                 $completer[puzzle] puzzle sl\necho ---\n$completer[puzzle] puzzle edge --cou\n"
            );
            let wrapped = dir.join("completion.elv");
            std::fs::write(&wrapped, script).expect("the wrapped script is written");
            let out = shell("elvish", &["-norc", wrapped.to_str().expect("a UTF-8 path")]);
            let (first, second) = out.split_once("---").expect("both answers");
            ("elvish", [first.to_owned(), second.to_owned()])
        }
        "complete-zsh" => {
            // zsh's completion system needs a terminal; the script is checked for syntax.
            shell("zsh", &["-n", file]);
            return;
        }
        other => panic!("{other}: no shell known to this test"),
    };
    assert!(
        answers[0].split_whitespace().any(|word| word == "slide"),
        "{program}: `puzzle sl` offers {:?}",
        answers[0]
    );
    assert!(
        answers[1].split_whitespace().any(|word| word == "--count"),
        "{program}: `puzzle edge --cou` offers {:?}",
        answers[1]
    );
}

#[test]
fn every_kind_is_generated_and_loads_in_its_shell() {
    let kinds = kinds();
    assert!(kinds.contains(&"man".to_owned()) && kinds.contains(&"complete-bash".to_owned()), "{kinds:?}");
    let dir = common::scratch();
    for kind in &kinds {
        let run = common::puzzle(&["--generate", kind], "");
        assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{}", run.failure("generated"));
        // Every subcommand and a flag of each is in every kind's text (roff escapes its dashes;
        // fish names flags without them).
        let text = run.stdout.replace('\\', "");
        for word in ["slide", "edge", "pdb", "merge", "time-limit", "count", "heuristic"] {
            assert!(text.contains(word), "--generate {kind} lacks {word}");
        }
        let path = dir.path().join(kind);
        std::fs::write(&path, &run.stdout).expect("the output is written");
        if kind == "man" {
            assert!(run.stdout.contains(".TH puzzle 1"), "a man page's title line");
            // One page is generated and installed: it names no other page (`puzzle-slide(1)`),
            // and every subcommand it lists has its section in it.
            assert!(!text.contains("(1)"), "a reference to a page that is not generated: {text}");
            for section in ["PUZZLE SLIDE", "PUZZLE EDGE", "PUZZLE PDB", "PUZZLE MERGE"] {
                assert!(text.contains(&format!(".SH \"{section}\"")), "the section {section}: {text}");
                assert!(text.contains(&format!("(the section {section} below)")), "{section} listed: {text}");
            }
            if installed("groff") {
                let text = shell("groff", &["-man", "-Tascii", "-ww", "-P-cbu", path.to_str().expect("a UTF-8 path")]);
                assert!(text.contains("PUZZLE SLIDE") && text.contains("--time-limit"), "the rendered page: {text}");
            } else {
                eprintln!("skipped rendering the man page: groff is not installed");
            }
            continue;
        }
        let program = match kind.as_str() {
            "complete-bash" => "bash",
            "complete-zsh" => "zsh",
            "complete-fish" => "fish",
            "complete-elvish" => "elvish",
            "complete-powershell" => "pwsh",
            other => panic!("{other}: a kind this test does not know"),
        };
        if installed(program) {
            complete_with_the_shell(kind, &path, dir.path());
        } else {
            eprintln!(
                "skipped loading --generate {kind}: {program} is not installed (`.ci/run` installs it where it can)"
            );
        }
    }
}

#[test]
fn generate_stands_alone() {
    let run = common::puzzle(&["--generate", "man", "slide"], "");
    assert_eq!(run.code, 1, "{}", run.failure("a usage error"));
    assert!(run.stderr.starts_with("error: --generate is given alone, without a command"), "{}", run.failure("named"));
    let run = common::puzzle(&["--generate", "complete-tcsh"], "");
    assert_eq!(run.code, 1, "{}", run.failure("a usage error"));
    let run = common::puzzle(&[], "");
    assert_eq!(run.code, 1, "{}", run.failure("a command is required"));
    assert!(run.stderr.starts_with("error: a command is required"), "{}", run.failure("named"));
}

/// `slide --goal` takes a goal's name or a file: bash completes both (clap alone would offer
/// files only), and each name offered is a goal `puzzle slide` accepts.
#[test]
fn goal_completes_its_names_and_files() {
    if !installed("bash") {
        eprintln!("skipped completing --goal: bash is not installed");
        return;
    }
    let dir = common::scratch();
    let run = common::puzzle(&["--generate", "complete-bash"], "");
    assert_eq!(run.code, 0, "{}", run.failure("generated"));
    let script = dir.path().join("puzzle.bash");
    std::fs::write(&script, &run.stdout).expect("the script is written");
    std::fs::write(dir.path().join("blocks.txt"), "1 2\n3 0\n").expect("a goal file");
    let complete = |current: &str| {
        let script = format!(
            "cd '{}' && source '{}'; COMP_WORDS=(puzzle slide --goal {current}); COMP_CWORD=3; \
             _puzzle puzzle '{current}' '--goal'; echo \"${{COMPREPLY[@]}}\"",
            dir.path().display(),
            script.display()
        );
        let mut answers: Vec<String> =
            shell("bash", &["--norc", "-c", &script]).split_whitespace().map(str::to_owned).collect();
        answers.sort();
        answers
    };
    assert_eq!(complete("bl"), ["blank-first", "blank-last", "blocks.txt"]);
    assert_eq!(complete("blank-f"), ["blank-first"]);
    assert_eq!(complete("blo"), ["blocks.txt"]);
    for name in ["blank-first", "blank-last"] {
        let run = common::puzzle(&["slide", "--goal", name], "1 2 3\n4 5 6\n7 8 0\n");
        assert_eq!(run.code, 0, "{}", run.failure("the goal name is accepted"));
    }
}

/// The man page is plain ASCII roff (every other character as groff's `\[uXXXX]`, so `groff
/// -ww` warns of nothing), and its synopses give each option's value.
#[test]
fn the_man_page_is_ascii_and_its_synopses_give_values() {
    let run = common::puzzle(&["--generate", "man"], "");
    assert_eq!(run.code, 0, "{}", run.failure("generated"));
    let raw: Vec<char> = run.stdout.chars().filter(|c| !c.is_ascii()).collect();
    assert!(raw.is_empty(), "raw characters in the man page: {raw:?}");
    for escaped in ["\\[u2026]", "\\[u00D7]"] {
        assert!(run.stdout.contains(escaped), "{escaped} in the man page");
    }
    assert!(run.stdout.contains("[\\fB\\-\\-generate\\fR \\fIKIND\\fR]"), "the synopsis gives --generate's KIND");
    assert!(run.stdout.contains("[\\fB\\-\\-checkpoint\\fR \\fIFILE\\fR]"), "and edge's --checkpoint FILE");
    if installed("groff") {
        let output = std::process::Command::new("sh")
            .args(["-c", "groff -man -Tutf8 -ww >/dev/null"])
            .stdin(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child.stdin.take().expect("piped").write_all(run.stdout.as_bytes())?;
                child.wait_with_output()
            })
            .expect("groff runs");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "groff's warnings");
    }
}
