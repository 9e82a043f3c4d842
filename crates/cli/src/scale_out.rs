//! The scale-out code of the CLI in one place: the work of one run spread over many processes
//! and joined back. `shard` is `--shard K/N` for batches; `slide_units` and `edge_units` write,
//! run and merge the work units of `puzzle slide --split/--unit` and `puzzle edge
//! --split/--unit`; `merge` is `puzzle merge`; `seal` is the `"result_hash"` that binds each
//! result line to the unit it answers. Every line these modules read or write is a serde type.

pub(crate) mod edge_units;
pub(crate) mod merge;
pub(crate) mod seal;
pub(crate) mod shard;
pub(crate) mod slide_units;
