//! The scale-out code of the CLI in one place: the work of one run spread over many processes
//! and joined back. `shard` is `--shard K/N` for batches; `slide_units` and `edge_units` write,
//! run and merge the work units of `puzzle slide --split/--unit` and `puzzle edge
//! --split/--unit`; `best_runs` the lines of `puzzle edge --best --json` and their merge;
//! `merge` is `puzzle merge`; `against` its check of edge boards against the pieces (`--puzzle`); `kind` tells the kinds of line apart, so a mix-up is named; `seal`
//! is the `"result_hash"` that binds each result line to the unit it answers.
//!
//! Every line these modules write is a serde type, and the unit lines and unit results are read
//! back into theirs; a shard's record and a best board's line are read as JSON values because
//! `puzzle merge` prints them again as they were written, byte for byte.

pub(crate) mod against;
pub(crate) mod best_runs;
pub(crate) mod edge_units;
pub(crate) mod kind;
pub(crate) mod merge;
pub(crate) mod seal;
pub(crate) mod shard;
pub(crate) mod slide_units;
