//! `puzzle --generate KIND`: the man page and the shell completion scripts, generated from the
//! clap definitions (as ripgrep ships them), so they can never disagree with `--help`.

use std::io::Write;

use clap::{CommandFactory, ValueEnum};
use clap_complete::Shell;

/// What `--generate` writes to standard output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Generate {
    /// The man page, in roff (`puzzle --generate man > puzzle.1`)
    Man,
    /// Completions for bash
    CompleteBash,
    /// Completions for zsh
    CompleteZsh,
    /// Completions for fish
    CompleteFish,
    /// Completions for PowerShell
    CompletePowershell,
    /// Completions for elvish
    CompleteElvish,
}

impl Generate {
    /// The shell of a completion script; `None` for the man page.
    pub(crate) fn shell(self) -> Option<Shell> {
        match self {
            Generate::Man => None,
            Generate::CompleteBash => Some(Shell::Bash),
            Generate::CompleteZsh => Some(Shell::Zsh),
            Generate::CompleteFish => Some(Shell::Fish),
            Generate::CompletePowershell => Some(Shell::PowerShell),
            Generate::CompleteElvish => Some(Shell::Elvish),
        }
    }
}

/// Writes what `kind` names for the command `Cli` to `out`.
pub(crate) fn write<Cli: CommandFactory>(kind: Generate, out: &mut impl Write) -> anyhow::Result<()> {
    let mut command = Cli::command();
    let name = command.get_name().to_owned();
    match kind.shell() {
        Some(shell) => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command, name, &mut script);
            let script = String::from_utf8(script)?;
            out.write_all(with_goal_names(shell, &script)?.as_bytes())?;
        }
        None => {
            command.build();
            let mut page = Vec::new();
            write_man_page(&command, &mut page)?;
            write_subcommand_pages(&command, &mut page)?;
            out.write_all(ascii_roff(&String::from_utf8(page)?).as_bytes())?;
        }
    }
    Ok(())
}

/// The goal names `slide --goal` takes besides a file.
const GOAL_NAMES: &str = "blank-last blank-first";

/// `script` with `slide --goal` completing its names as well as files: clap completes a value
/// either from a list or as a file, and `--goal` takes both, so clap is told neither (bash and
/// fish then complete files) and the names are added here. zsh's `_default` completes files only.
fn with_goal_names(shell: Shell, script: &str) -> anyhow::Result<String> {
    let (file_only, both) = match shell {
        Shell::Bash => (
            "--goal)\n                    COMPREPLY=($(compgen -f \"${cur}\"))".to_owned(),
            format!(
                "--goal)\n                    COMPREPLY=($(compgen -W \"{GOAL_NAMES}\" -- \"${{cur}}\") $(compgen -f -- \"${{cur}}\"))"
            ),
        ),
        Shell::Fish => {
            let line = script.lines().find(|line| line.contains(" -l goal ")).unwrap_or_default();
            (format!("{line}\n"), format!("{line} -a \"{GOAL_NAMES}\"\n"))
        }
        _ => return Ok(script.to_owned()),
    };
    // A script whose shape changed must not lose the names without a word: the test of
    // `--goal`'s completion would fail too, but this names the cause.
    anyhow::ensure!(
        script.matches(&file_only).count() == 1 && !file_only.trim().is_empty(),
        "the {shell} completion script has no single `--goal` case to add the goal names to"
    );
    Ok(script.replace(&file_only, &both))
}

/// The top of the one man page, as `clap_mangen` renders a page, but with the subcommands listed
/// by the sections of this page that describe them: `clap_mangen` names pages
/// `puzzle-slide(1)` that are never generated or installed (the Install lines write one page).
fn write_man_page(command: &clap::Command, out: &mut impl Write) -> anyhow::Result<()> {
    let page = clap_mangen::Man::new(command.clone());
    page.render_title(out)?;
    page.render_name_section(out)?;
    write_synopsis(&page, command, out)?;
    page.render_description_section(out)?;
    page.render_options_section(out)?;
    writeln!(out, ".SH SUBCOMMANDS")?;
    for sub in command.get_subcommands().filter(|sub| sub.get_name() != "help") {
        let path = sub.get_bin_name().map_or_else(|| sub.get_name().to_owned(), str::to_owned);
        writeln!(
            out,
            ".TP
\\fB{path}\\fR (the section {} below)",
            path.to_uppercase()
        )?;
        if let Some(about) = sub.get_about() {
            writeln!(out, "{}", roff_text(&about.to_string()))?;
        }
    }
    if command.get_after_long_help().is_some() || command.get_after_help().is_some() {
        page.render_extra_section(out)?;
    }
    page.render_version_section(out)?;
    Ok(())
}

/// Appends a section for each subcommand (and theirs, depth first) to the man page: its
/// description, synopsis and options, so the one page documents every flag.
fn write_subcommand_pages(command: &clap::Command, out: &mut impl Write) -> anyhow::Result<()> {
    for sub in command.get_subcommands().filter(|sub| sub.get_name() != "help") {
        let path = sub.get_bin_name().map_or_else(|| sub.get_name().to_owned(), str::to_owned);
        writeln!(out, ".SH \"{}\"", path.to_uppercase())?;
        if let Some(about) = sub.get_long_about().or_else(|| sub.get_about()) {
            writeln!(out, "{}", roff_text(&about.to_string()))?;
        }
        let page = clap_mangen::Man::new(sub.clone());
        write_synopsis(&page, sub, out)?;
        page.render_options_section(out)?;
        if let Some(after) = sub.get_after_long_help().or_else(|| sub.get_after_help()) {
            writeln!(out, ".PP\n{}", roff_text(&after.to_string()))?;
        }
        write_subcommand_pages(sub, out)?;
    }
    Ok(())
}

/// The synopsis of `command` as `clap_mangen` renders it, with the value of each option that
/// takes one (`[--generate KIND]`, where `clap_mangen` writes `[--generate]`).
fn write_synopsis(page: &clap_mangen::Man, command: &clap::Command, out: &mut impl Write) -> anyhow::Result<()> {
    let mut synopsis = Vec::new();
    page.render_synopsis_section(&mut synopsis)?;
    let mut synopsis = String::from_utf8(synopsis)?;
    for arg in command.get_arguments().filter(|arg| arg.get_action().takes_values()) {
        let (Some(long), Some(value)) = (arg.get_long(), arg.get_value_names().and_then(|names| names.first())) else {
            continue;
        };
        let flag = format!("\\fB\\-\\-{}\\fR", long.replace('-', "\\-"));
        synopsis = synopsis.replace(&format!("{flag}]"), &format!("{flag} \\fI{value}\\fR]"));
    }
    out.write_all(synopsis.as_bytes())?;
    Ok(())
}

/// `page` with every character outside ASCII written as groff's escape for it (`\[u2026]` for
/// `…`), as `preconv` would: a man page read by a `groff` that assumes Latin-1 shows them right
/// and warns of nothing.
fn ascii_roff(page: &str) -> String {
    let mut out = String::with_capacity(page.len());
    for c in page.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out.push_str(&format!("\\[u{:04X}]", u32::from(c)));
        }
    }
    out
}

/// Plain text as roff: backslashes escaped and lines that would read as requests protected.
fn roff_text(text: &str) -> String {
    text.lines()
        .map(|line| {
            let line = line.replace('\\', "\\e");
            if line.starts_with('.') || line.starts_with('\'') {
                format!("\\&{line}")
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n.br\n")
}
