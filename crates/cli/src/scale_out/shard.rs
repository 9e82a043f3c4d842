//! `--shard K/N` for batches: which boards one shard solves, and how its JSON lines carry their
//! place in the whole input.

use std::io::Write;

use serde::{Deserialize, Serialize};

use super::seal::Fields;
use crate::slide::status::AnswerStatus;

/// The K-th (from 1) of N interleaved parts of a batch: boards `i` (from 0) with `i mod N = K-1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shard {
    k: usize,
    n: usize,
}

impl Shard {
    /// Whether the board at `index` (from 0, in input order) belongs to this shard.
    pub(crate) fn includes(self, index: usize) -> bool {
        index % self.n == self.k - 1
    }
}

/// Reads `K/N` with 1 ≤ K ≤ N.
pub(crate) fn parse_shard(text: &str) -> Result<Shard, String> {
    let expected = || format!("expected K/N with 1 <= K <= N, like 2/8, found `{}`", puzzle_core::text::excerpt(text));
    let (k, n) = text.split_once('/').ok_or_else(expected)?;
    let number = |t: &str| t.trim().parse::<usize>().ok();
    match (number(k), number(n)) {
        (Some(k), Some(n)) if 1 <= k && k <= n => Ok(Shard { k, n }),
        (Some(k), Some(n)) if k > n && n > 0 => Err(format!("shard {k} of {n} does not exist: K is 1 to {n}")),
        _ => Err(expected()),
    }
}

/// Where a board of a sharded batch stands: its place (from 0) in the whole input, the number of
/// boards there, the input's fingerprint ([`input_fingerprint`]), the same in every shard, and
/// the goal the boards are solved toward ([`goal_name`]), so that `puzzle merge` can replay
/// each path to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Place<'a> {
    pub(crate) index: usize,
    pub(crate) total: usize,
    pub(crate) input: u64,
    pub(crate) goal: &'a str,
}

/// The goal as a sharded line names it: `blank-last` or `blank-first`, or the goal board of
/// `--goal FILE` as a board is written (`1 2 3 / 4 5 6 / 7 8 _`).
pub(crate) fn goal_name(goal: &sliding::Goal) -> String {
    match goal {
        sliding::Goal::Kind(sliding::GoalKind::BlankLast) => "blank-last".to_owned(),
        sliding::Goal::Kind(sliding::GoalKind::BlankFirst) => "blank-first".to_owned(),
        sliding::Goal::Board(board) => board.to_string(),
    }
}

/// The fingerprint of a batch's input: [`puzzle_core::fingerprint::fingerprint()`] of its boards as read, one line each (a board's
/// label and tiles, or the error that refused it), so that every shard of one input names it
/// alike and a line of another input is told apart.
pub(crate) fn input_fingerprint(boards: impl Iterator<Item = String>) -> u64 {
    let mut state = puzzle_core::fingerprint::Fingerprint::new();
    for board in boards {
        state.update(board.as_bytes());
        state.update(b"\n");
    }
    state.finish()
}

/// A board of a batch as [`input_fingerprint`] takes it: its label and tiles, or the place and
/// message of the error that refused it (not the file's path, which may differ between machines).
pub(crate) fn input_line(label: Option<&str>, board: &Result<sliding::Board, crate::input::BadInput>) -> String {
    let board = match board {
        Ok(board) => board.to_string(),
        Err(bad) => format!("{} {}", bad.pos.map(|pos| pos.to_string()).unwrap_or_default(), bad.message),
    };
    format!("{} {board}", label.unwrap_or_default())
}

/// The number of keys of [`PlaceJson`], which open a sharded record.
const PLACE_KEYS: usize = 4;

/// A board's place as the first keys of its sharded record: `{"index":I,"total":T,"input":"F"}`,
/// the board's place (from 0) in the whole input, the number of boards there and the input's
/// fingerprint in 16 hexadecimal digits. `puzzle merge` relies on this exact form.
#[derive(Serialize)]
struct PlaceJson<'a> {
    index: usize,
    total: usize,
    input: String,
    goal: &'a str,
}

impl<'a> From<Place<'a>> for PlaceJson<'a> {
    fn from(place: Place<'a>) -> PlaceJson<'a> {
        PlaceJson { index: place.index, total: place.total, input: format!("{:016x}", place.input), goal: place.goal }
    }
}

/// Writes `record` as one JSON line; with `place` (under `--shard`) the keys `index`, `total`
/// and `input` come first and `"result_hash"` last.
pub(crate) fn write_json_line(
    out: &mut impl Write,
    place: Option<Place<'_>>,
    record: &impl Serialize,
) -> anyhow::Result<()> {
    let line = json_line(place, record)?;
    write_record(out, place, |out| Ok(writeln!(out, "{line}")?))
}

/// The unit a sharded record answers, as its `"result_hash"` names it: the board's place in its
/// input ([`PlaceJson`]).
pub(crate) fn place_unit(place: Place<'_>) -> String {
    // Two numbers and a string always serialize.
    serde_json::to_string(&PlaceJson::from(place)).expect("a place serializes")
}

/// Writes one record's line with `write` (a JSON object and a newline, whose start
/// [`json_line`] made); under `--shard` (`place` set) the line passes through on its way out
/// and ends with `"result_hash"`, binding it to its place ([`super::seal`]), so `puzzle merge`
/// refuses a changed line or one moved to another place.
pub(crate) fn write_record<W: Write>(
    out: &mut W,
    place: Option<Place<'_>>,
    write: impl FnOnce(&mut dyn Write) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let Some(place) = place else { return write(out) };
    let mut sealed = super::seal::SealedLine::new(out, &place_unit(place));
    write(&mut sealed)?;
    sealed.finish()
}

/// The record of a sharded line (`{"index":I,"total":T,"input":"F",…,"result_hash":"H"}`) as
/// the run without `--shard` prints it, once its hash is checked: `Ok(None)` when the line does
/// not start with its place, `Err` with the reason when its hash does not bind it there.
pub(crate) fn unsealed_record(text: &str, place: Place<'_>) -> Result<Option<String>, String> {
    let unit = place_unit(place);
    let Ok(Fields(fields)) = serde_json::from_str::<Fields<'_>>(text) else { return Ok(None) };
    let Some(place_fields) = fields.get(..PLACE_KEYS) else { return Ok(None) };
    if Fields(place_fields.to_vec()).line() != unit {
        return Ok(None);
    }
    let (Fields(mut fields), hash) = super::seal::unseal(text)?;
    if let Some(refused) = super::seal::refusal(&unit, &Fields(fields.clone()).line(), &hash) {
        return Err(refused);
    }
    Ok(Some(Fields(fields.split_off(PLACE_KEYS)).line()))
}

/// The line [`write_json_line`] writes under `--shard` before its hash (the keys of its place,
/// then the record's), or without `--shard`, without its newline.
pub(crate) fn json_line(place: Option<Place<'_>>, record: &impl Serialize) -> anyhow::Result<String> {
    /// A record after its place.
    #[derive(Serialize)]
    struct Placed<'a, T> {
        #[serde(flatten)]
        place: PlaceJson<'a>,
        #[serde(flatten)]
        record: &'a T,
    }
    Ok(match place {
        Some(place) => serde_json::to_string(&Placed { place: place.into(), record })?,
        None => serde_json::to_string(record)?,
    })
}

/// The keys of a sharded line's place as merge reads them back, each `None` where the line has
/// no such key or a value of another kind (a line's text is checked against its place by
/// [`unsealed_record`]); `unit` is there only on a unit result, which is no shard line.
#[derive(Debug, Deserialize)]
pub(crate) struct ShardPlace {
    #[serde(default, deserialize_with = "lenient")]
    pub(crate) index: Option<u64>,
    #[serde(default, deserialize_with = "lenient")]
    pub(crate) total: Option<u64>,
    #[serde(default, deserialize_with = "lenient")]
    pub(crate) input: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    pub(crate) goal: Option<String>,
    #[serde(default)]
    pub(crate) unit: Option<serde::de::IgnoredAny>,
}

/// A value of type `T`, or `None` for a value of any other kind.
fn lenient<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    /// `T`, or anything else.
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either<T> {
        Wanted(T),
        Other(serde::de::IgnoredAny),
    }
    Ok(match Either::<T>::deserialize(deserializer)? {
        Either::Wanted(value) => Some(value),
        Either::Other(_) => None,
    })
}

/// A sharded board's line of `puzzle slide --json` as merge reads it back: the keys it checks
/// (the place keys are [`ShardPlace`]'s, and the rest is read as text by the merge itself). A bad
/// board's line has only `"error"`.
#[derive(Debug, Deserialize)]
pub(crate) struct ShardAnswer {
    /// The bad board's message, instead of an answer.
    #[serde(default)]
    pub(crate) error: Option<String>,
    #[serde(default)]
    pub(crate) label: Option<String>,
    #[serde(default)]
    pub(crate) board: Option<String>,
    #[serde(default)]
    pub(crate) solvable: Option<bool>,
    #[serde(default)]
    pub(crate) moves: Option<u64>,
    #[serde(default)]
    pub(crate) path: Option<String>,
    #[serde(default)]
    pub(crate) status: Option<AnswerStatus>,
    #[serde(default)]
    pub(crate) lower_bound: Option<u64>,
    #[serde(default)]
    pub(crate) optimal: Option<bool>,
}

impl ShardAnswer {
    /// What the answer says against itself, if anything: the path's length is the number of
    /// moves, and the proven lower bound is at most the moves, equal to them when the answer is
    /// optimal.
    pub(crate) fn inconsistency(&self) -> Option<String> {
        let (moves, path) = (self.moves, self.path.as_deref());
        match (moves, path) {
            (Some(moves), Some(path)) if path.len() as u64 != moves => {
                return Some(format!("the answer's path has {} moves, but \"moves\" says {moves}", path.len()))
            }
            (Some(_), None) | (None, Some(_)) => {
                return Some("the answer has \"moves\" without a \"path\" or a path without moves".to_owned())
            }
            _ => {}
        }
        match (moves, self.lower_bound, self.optimal) {
            (Some(moves), Some(bound), _) if bound > moves => {
                Some(format!("the answer's lower bound {bound} is above its {moves} moves"))
            }
            (Some(moves), Some(bound), Some(true)) if bound != moves => {
                Some(format!("the answer says it is optimal, but its lower bound {bound} is not its {moves} moves"))
            }
            _ => None,
        }
    }

    /// What replaying the answer shows against it, if anything: its board is read back from the
    /// line, its goal from the line's `"goal"` ([`goal_name`]); a solved board's path must lead
    /// from the board to the goal, and whether the board can be solved at all must be what its
    /// parity says. A bad board's `{"error":…}` line has nothing to replay.
    pub(crate) fn replay_refusal(&self, goal: &str) -> Option<String> {
        if self.error.is_some() {
            return None;
        }
        let Some(board) = &self.board else {
            return Some("the answer has no \"board\" to replay it from".to_owned());
        };
        let board: sliding::Board = match board.parse() {
            Ok(board) => board,
            Err(wrong) => return Some(format!("the answer's \"board\" is not a board: {wrong}")),
        };
        let goal = match goal {
            "blank-last" => {
                sliding::Board::goal(board.shape(), sliding::GoalKind::BlankLast).map_err(|e| e.to_string())
            }
            "blank-first" => {
                sliding::Board::goal(board.shape(), sliding::GoalKind::BlankFirst).map_err(|e| e.to_string())
            }
            text => text.parse(),
        };
        let goal = match goal {
            Ok(goal) if goal.shape() == board.shape() => goal,
            Ok(goal) => return Some(format!("the goal is {}, but the board is {}", goal.shape(), board.shape())),
            Err(wrong) => return Some(format!("the \"goal\" is not a goal: {wrong}")),
        };
        let solvable = sliding::is_solvable(&board, &goal);
        if self.solvable != Some(solvable) {
            return Some(format!(
                "the answer says the board {} be solved, but its parity says it {}",
                if self.solvable == Some(true) { "can" } else { "cannot" },
                if solvable { "can" } else { "cannot" }
            ));
        }
        match self.status {
            Some(AnswerStatus::Unsolvable) if solvable => {
                Some("the answer says \"unsolvable\", but its parity says the board can be solved".to_owned())
            }
            Some(AnswerStatus::Solved | AnswerStatus::GaveUp) if !solvable => {
                Some("the board cannot be solved, but the answer is not \"unsolvable\"".to_owned())
            }
            Some(AnswerStatus::Solved) => {
                let path = self.path.as_deref().unwrap_or_default();
                let Some(moves) =
                    path.chars().map(puzzle_core::Direction::from_move_letter).collect::<Option<Vec<_>>>()
                else {
                    return Some("the answer's path holds a letter other than U, D, L, R".to_owned());
                };
                let outcome = sliding::Verdict::Solved(sliding::Path::Moves(moves));
                sliding::check(&board, &goal, &outcome)
                    .err()
                    .map(|wrong| format!("the answer's path, replayed from its board, is not a solution: {wrong}"))
            }
            Some(AnswerStatus::Unsolvable | AnswerStatus::GaveUp) => None,
            None => Some("the answer has no \"status\"".to_owned()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(input: &str, expected: Result<(usize, usize), &str>) {
        let parsed = parse_shard(input).map(|s| (s.k, s.n));
        match expected {
            Ok(shard) => assert_eq!(parsed, Ok(shard), "{input:?}"),
            Err(message) => assert_eq!(parsed, Err(message.to_owned()), "{input:?}"),
        }
    }

    #[test]
    fn shards() {
        check("1/1", Ok((1, 1)));
        check("2/8", Ok((2, 8)));
        check("8/8", Ok((8, 8)));
        check("9/8", Err("shard 9 of 8 does not exist: K is 1 to 8"));
        check("0/8", Err("expected K/N with 1 <= K <= N, like 2/8, found `0/8`"));
        check("1/0", Err("expected K/N with 1 <= K <= N, like 2/8, found `1/0`"));
        check("3", Err("expected K/N with 1 <= K <= N, like 2/8, found `3`"));
        check("a/b", Err("expected K/N with 1 <= K <= N, like 2/8, found `a/b`"));
        check("-1/2", Err("expected K/N with 1 <= K <= N, like 2/8, found `-1/2`"));
        check("1/2/3", Err("expected K/N with 1 <= K <= N, like 2/8, found `1/2/3`"));
    }

    #[test]
    fn shards_interleave_and_cover_the_batch_once() {
        for n in 1..6 {
            for index in 0..20 {
                let owners: Vec<usize> =
                    (1..=n).filter(|&k| parse_shard(&format!("{k}/{n}")).unwrap().includes(index)).collect();
                assert_eq!(owners, vec![index % n + 1]);
            }
        }
    }

    #[test]
    fn sharded_records_start_with_their_place() {
        let mut out = Vec::new();
        let place = Place { index: 3, total: 10, input: 0xab, goal: "blank-last" };
        let keys = "\"index\":3,\"total\":10,\"input\":\"00000000000000ab\",\"goal\":\"blank-last\"";
        assert_eq!(place_unit(place), format!("{{{keys}}}"));
        write_json_line(&mut out, Some(place), &serde_json::json!({"moves": 4})).unwrap();
        write_json_line(&mut out, None, &serde_json::json!({"moves": 4})).unwrap();
        let text = String::from_utf8(out).unwrap();
        let (sharded, plain) = text.split_once('\n').unwrap();
        let start = format!("{{{keys},\"moves\":4,\"result_hash\":\"");
        assert!(sharded.starts_with(&start), "{sharded}");
        assert_eq!(plain, "{\"moves\":4}\n");
        // The hash binds the line to its place, its input and its fields.
        assert_eq!(unsealed_record(sharded, place), Ok(Some("{\"moves\":4}".to_owned())));
        assert!(unsealed_record(&sharded.replace("\"moves\":4", "\"moves\":5"), place).is_err());
        let moved = sharded.replace("\"index\":3", "\"index\":4");
        assert!(unsealed_record(&moved, Place { index: 4, ..place }).is_err());
        let other = sharded.replace("00000000000000ab", "00000000000000ac");
        assert!(unsealed_record(&other, Place { input: 0xac, ..place }).is_err());
        assert_eq!(unsealed_record(sharded, Place { index: 4, ..place }), Ok(None));
        assert_eq!(unsealed_record(sharded, Place { goal: "blank-first", ..place }), Ok(None));
        let bare = format!("{{{keys},\"moves\":4}}");
        assert!(unsealed_record(&bare, place).unwrap_err().contains("does not end"));
    }
}
