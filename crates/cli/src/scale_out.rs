//! The scale-out code of the CLI in one place: the work of one run spread over many processes
//! and joined back. `shard` is `--shard K/N` for batches; `slide_units` and `edge_units` write,
//! run and merge the work units of `puzzle slide --split/--unit` and `puzzle edge
//! --split/--unit`, `budget` bounds what a split writes; `best_runs` the lines of `puzzle edge --best --json` and their merge;
//! `merge` is `puzzle merge`; `against` its check of edge boards against the pieces (`--puzzle`), `batch_input` its check of shards against their input (`--input`); `kind` tells the kinds of line apart, so a mix-up is named; `seal`
//! is the `"result_hash"` that binds each result line to the unit it answers.
//!
//! Every line these modules write is a serde type, and the unit lines and unit results are read
//! back into theirs; a shard's record and a best board's line are read as JSON values because
//! `puzzle merge` prints them again as they were written, byte for byte.

pub(crate) mod against;
pub(crate) mod batch_input;
pub(crate) mod best_runs;
pub(crate) mod budget;
pub(crate) mod edge_units;
pub(crate) mod kind;
pub(crate) mod merge;
pub(crate) mod seal;
pub(crate) mod shard;
pub(crate) mod slide_units;

/// The unit lines of `--unit TEXT`, each with the name errors give it, read by `read` (given the
/// line, its name, the file it stands in and its line number there): `TEXT` itself, named
/// `--unit`, or for `-` every non-blank line of standard input, named `<stdin>:N`, read through
/// the line stream so that a line past the input limits is refused as it is read. No line is no
/// work: a worker given an empty slice of a round's units.
pub(crate) fn unit_lines<T>(
    text: &str,
    mut read: impl FnMut(String, &str, &str, usize) -> anyhow::Result<T>,
) -> anyhow::Result<Vec<(String, T)>> {
    if text != "-" {
        return Ok(vec![("--unit".to_owned(), read(text.to_owned(), "--unit", "--unit", 1)?)]);
    }
    let mut stream = crate::stream::LineStream::open(None)?;
    let mut units = Vec::new();
    while let Some(line) = stream.next_line()? {
        if !line.text.trim().is_empty() {
            let name = format!("<stdin>:{}", line.number);
            let unit = read(line.text, &name, "<stdin>", line.number)?;
            units.push((name, unit));
        }
    }
    Ok(units)
}
