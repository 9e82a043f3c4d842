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
        Some(shell) => clap_complete::generate(shell, &mut command, name, out),
        None => {
            clap_mangen::Man::new(command.clone()).render(out)?;
            command.build();
            write_subcommand_pages(&command, out)?;
        }
    }
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
        page.render_synopsis_section(out)?;
        page.render_options_section(out)?;
        if let Some(after) = sub.get_after_long_help().or_else(|| sub.get_after_help()) {
            writeln!(out, ".PP\n{}", roff_text(&after.to_string()))?;
        }
        write_subcommand_pages(sub, out)?;
    }
    Ok(())
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
