//! `puzzle merge --input FILE`: the batch that shards of `puzzle slide --shard K/N --json` were
//! cut from, read again as `puzzle slide` reads it, so that each shard line's `input`
//! fingerprint, `total` and board are checked against it instead of trusted: a lowered total
//! with the last boards dropped, a board swapped for another of the input (with its answer) and
//! a zeroed fingerprint are refused, even with the line's hash made again.

use std::path::Path;

use sliding::parse::Format;

use super::shard::ShardAnswer;
use crate::input::BadInput;

/// The boards of the batch, in input order.
pub(crate) struct BatchInput {
    /// The file's name, for messages.
    name: String,
    /// The fingerprint every shard of this input carries.
    pub(crate) fingerprint: u64,
    /// Each board's label and tiles as its line shows them (`None` for a bad board).
    boards: Vec<(Option<String>, Option<String>)>,
}

impl BatchInput {
    /// Reads the batch at `path` as `puzzle slide` with `format` and `size` reads it.
    pub(crate) fn read(
        path: &Path,
        format: Option<Format>,
        size: Option<(usize, usize)>,
    ) -> anyhow::Result<BatchInput> {
        let (stream, detected) = crate::slide::open_batch(Some(path), format, size)?;
        let mut name = String::new();
        let mut lines = Vec::new();
        let mut boards = Vec::new();
        crate::slide::read_boards(stream, detected, size, &mut |file, _, items| {
            file.clone_into(&mut name);
            for item in items {
                crate::interrupt::poll_merge()?;
                lines.push(super::shard::input_line(item.label.as_deref(), &item.board));
                boards.push((item.label, item.board.ok().map(|board| board.to_string())));
            }
            Ok(())
        })?;
        let fingerprint = super::shard::input_fingerprint(lines.into_iter());
        Ok(BatchInput { name, fingerprint, boards })
    }

    /// Why a shard line (`answer`, of board `index` of `total` of the input `input`) is not of
    /// this batch, or `None` when it is.
    pub(crate) fn refusal(&self, index: u64, total: u64, input: u64, answer: &ShardAnswer) -> Option<String> {
        let name = &self.name;
        if input != self.fingerprint {
            return Some(format!(
                "this output is of another input than --input {name} (input {input:016x}, {name} is {:016x})",
                self.fingerprint
            ));
        }
        if total != self.boards.len() as u64 {
            return Some(format!(
                "this output says the input has {total} boards, but --input {name} holds {}",
                self.boards.len()
            ));
        }
        let (label, board) = usize::try_from(index).ok().and_then(|index| self.boards.get(index))?;
        let answered = answer.board.as_deref();
        match board {
            None if answer.error.is_none() => {
                Some(format!("board index {index} of --input {name} is a bad board, but this line answers it"))
            }
            Some(board) if answered != Some(board.as_str()) => Some(format!(
                "board index {index} of --input {name} is {board}, but this line answers {}",
                answered.map_or_else(|| "none".to_owned(), puzzle_core::text::excerpt)
            )),
            _ if answer.label != *label => Some(format!(
                "board index {index} of --input {name} is labelled {}, but this line {}",
                label.as_deref().map_or("nothing".to_owned(), puzzle_core::text::excerpt),
                answer
                    .label
                    .as_deref()
                    .map_or("has no label".to_owned(), |l| format!("says {}", puzzle_core::text::excerpt(l)))
            )),
            _ => None,
        }
    }
}

/// The refusal of `--input` with outputs that are not shards.
pub(crate) fn not_shards(described: &str) -> anyhow::Error {
    let message = format!("checks the shards of `puzzle slide --shard K/N --json`, but the first line is {described}");
    BadInput { file: "--input".to_owned(), pos: None, message }.into()
}
