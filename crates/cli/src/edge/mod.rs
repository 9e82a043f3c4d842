//! `puzzle edge`: edge-matching puzzles. This module reads the input and sends it to the marks
//! (`marks`) or the colour (`colour`) path; `colour` hands `--split`/`--unit` to `split` and
//! `--best` to `best`. The arguments (`args`) and the shared JSON shapes (`json`) depend on
//! nothing here, so the modules form no cycle.

mod args;
pub(crate) mod best;
mod colour;
mod json;
mod marks;
pub(crate) mod split;

use std::io::Write;

pub use args::{EdgeArgs, EdgeFormatArg};

use crate::input::Input;

/// Runs `puzzle edge`.
pub fn run(args: &EdgeArgs, out: &mut impl Write) -> anyhow::Result<()> {
    let input = Input::read(args.file.as_deref())?;
    if let Some(jobs) = args.jobs {
        // The global pool is built once per process, before any parallel work.
        let _ = rayon::ThreadPoolBuilder::new().num_threads(jobs.max(1)).build_global();
    }
    let format = args.format.unwrap_or_else(|| match edge_match::puz::detect_edge_format(&input.text) {
        edge_match::puz::EdgeFormat::Puz => EdgeFormatArg::Puz,
        edge_match::puz::EdgeFormat::Marks => EdgeFormatArg::Marks,
    });
    if format == EdgeFormatArg::Puz {
        return colour::run(args, &input, out);
    }
    marks::run(args, &input, out)
}
