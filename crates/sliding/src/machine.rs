//! The duplicate-pruning machine as a value a program can keep: built for a shape and depth,
//! written in a file form with a header and a checksum, read back only when both match.
//!
//! The library does no file I/O: a program builds a [`DuplicateMachine`], stores the bytes of
//! [`DuplicateMachine::file_bytes`] where it keeps its tables, and hands the machine it loads to
//! the planner through [`TableSource::machine`](crate::planner::TableSource::machine). The search walks
//! it from the first node; without one it builds small machines in memory as the work grows.
//!
//! ```text
//! puzzle-machine v3 rows=5 cols=5 depth=12 states=189805 checksum=0123456789abcdef
//! <states × 4 transitions, each a little-endian u32>
//! ```

use std::sync::Arc;

use search::Limits;

use crate::ida::duplicates::{self, Duplicates, FORBIDDEN};
use crate::pdb::cached::{header_line, read_header};
use crate::pdb::{CachedTable, TableFileError};

/// The format version, part of the header and of file names. Bump it whenever the meaning of the
/// bytes (or of the move order the machine is built for) changes.
const VERSION: u32 = 3;

const MAGIC: &str = "puzzle-machine";

/// The kind's name in messages.
const KIND: &str = "duplicate-pruning machine";

/// The longest header line read before a file is called foreign.
const MAX_HEADER: usize = 256;

/// A duplicate-pruning machine (Taylor and Korf) for one board shape, from the move sequences of
/// at most `depth` moves.
///
/// ```
/// use sliding::machine::DuplicateMachine;
///
/// let machine = DuplicateMachine::build(4, 4, 6);
/// let bytes = machine.file_bytes();
/// let read = DuplicateMachine::from_file_bytes(4, 4, 6, &bytes)?;
/// assert_eq!(read.states(), machine.states());
/// # Ok::<(), sliding::pdb::TableFileError>(())
/// ```
#[derive(Clone)]
pub struct DuplicateMachine {
    rows: usize,
    cols: usize,
    depth: usize,
    pub(crate) inner: Arc<Duplicates>,
}

impl std::fmt::Debug for DuplicateMachine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DuplicateMachine")
            .field("rows", &self.rows)
            .field("cols", &self.cols)
            .field("depth", &self.depth)
            .field("states", &self.states())
            .finish()
    }
}

impl DuplicateMachine {
    /// The machine of a `rows`×`cols` board from the sequences of at most `depth` moves (at most
    /// 31). On 5×5 (one core), depth 12 takes about a second, 16 about 20 s, 18 about two
    /// minutes.
    ///
    /// ```
    /// use sliding::machine::DuplicateMachine;
    ///
    /// // Depth 2 forbids only the four moves that undo the one before: a state for the start
    /// // and one after each move.
    /// assert_eq!(DuplicateMachine::build(3, 3, 2).states(), 5);
    /// ```
    #[cfg(any(test, feature = "test-support"))]
    pub fn build(rows: usize, cols: usize, depth: usize) -> DuplicateMachine {
        let depth = depth.min(duplicates::MAX_DEPTH);
        DuplicateMachine { rows, cols, depth, inner: Arc::new(Duplicates::build(rows, cols, depth)) }
    }

    /// [`DuplicateMachine::build`] until `limits` stop it (a signal or the deadline; `None`
    /// then), telling `progress` each length of move sequences done (1 to `depth`; each takes
    /// about six times the one before).
    ///
    /// ```
    /// use sliding::machine::DuplicateMachine;
    /// use sliding::Limits;
    ///
    /// assert!(DuplicateMachine::build_limited(4, 4, 6, &|_| {}, &Limits::NONE).is_some());
    /// ```
    pub fn build_limited(
        rows: usize,
        cols: usize,
        depth: usize,
        progress: &dyn Fn(usize),
        limits: &Limits<'_>,
    ) -> Option<DuplicateMachine> {
        let depth = depth.min(duplicates::MAX_DEPTH);
        let inner = Duplicates::build_until(rows, cols, depth, progress, &|| limits.stopped())?;
        Some(DuplicateMachine { rows, cols, depth, inner: Arc::new(inner) })
    }

    /// The depth of the machine the search walks on a `rows`×`cols` board when it is at hand
    /// (kept with the tables), or `None` for shapes searched without one.
    ///
    /// ```
    /// use sliding::machine::DuplicateMachine;
    ///
    /// assert!(DuplicateMachine::depth_for(5, 5).is_some());
    /// // The 15-puzzle builds its small machines in memory.
    /// assert_eq!(DuplicateMachine::depth_for(4, 4), None);
    /// ```
    pub fn depth_for(rows: usize, cols: usize) -> Option<usize> {
        duplicates::cached_depth(rows, cols)
    }

    /// Its states.
    ///
    /// ```
    /// use sliding::machine::DuplicateMachine;
    ///
    /// // Up to four moves only the undoing of a move is a duplicate; the deeper machine also
    /// // follows the two halves of a 12-move cycle of a 2×2 block.
    /// assert_eq!(DuplicateMachine::build(4, 4, 4).states(), 5);
    /// assert!(DuplicateMachine::build(4, 4, 8).states() > 5);
    /// ```
    pub fn states(&self) -> usize {
        self.inner.states()
    }

    /// The name of its file in a cache directory: `5x5-machine-d16.v3.fsm`.
    ///
    /// ```
    /// use sliding::machine::DuplicateMachine;
    ///
    /// assert_eq!(DuplicateMachine::file_name(5, 5, 16), "5x5-machine-d16.v3.fsm");
    /// ```
    pub fn file_name(rows: usize, cols: usize, depth: usize) -> String {
        format!("{rows}x{cols}-machine-d{depth}.v{VERSION}.fsm")
    }

    /// Its file form: the header line, then every state's four transitions as little-endian
    /// `u32`s.
    ///
    /// ```
    /// use sliding::machine::DuplicateMachine;
    ///
    /// let bytes = DuplicateMachine::build(4, 4, 4).file_bytes();
    /// assert!(bytes.starts_with(b"puzzle-machine v3 rows=4 cols=4 depth=4 "));
    /// ```
    pub fn file_bytes(&self) -> Vec<u8> {
        let body = body_bytes(self.inner.transitions());
        let fields = format!("rows={} cols={} depth={} states={}", self.rows, self.cols, self.depth, self.states());
        let mut bytes = (header_line(MAGIC, VERSION, &fields, checksum(&body)) + "\n").into_bytes();
        bytes.extend_from_slice(&body);
        bytes
    }

    /// The machine of a `rows`×`cols` board and `depth` from its file form, when the header
    /// names it, the length and the checksum match and every transition names a state.
    ///
    /// ```
    /// use sliding::machine::DuplicateMachine;
    /// use sliding::pdb::TableFileError;
    ///
    /// let bytes = DuplicateMachine::build(4, 4, 4).file_bytes();
    /// assert!(matches!(
    ///     DuplicateMachine::from_file_bytes(5, 5, 4, &bytes),
    ///     Err(TableFileError::OtherTable { .. })
    /// ));
    /// let error = DuplicateMachine::from_file_bytes(4, 4, 4, b"hello\n").unwrap_err();
    /// assert_eq!(error, TableFileError::BadHeader("duplicate-pruning machine"));
    /// ```
    pub fn from_file_bytes(
        rows: usize,
        cols: usize,
        depth: usize,
        bytes: &[u8],
    ) -> Result<DuplicateMachine, TableFileError> {
        crate::count(crate::Step::TableRead);
        let bad = || TableFileError::BadHeader(KIND);
        let end = bytes.iter().take(MAX_HEADER).position(|&b| b == b'\n').ok_or_else(bad)?;
        let body = &bytes[end + 1..];
        let (fields, sum) = read_header(&bytes[..end], KIND, MAGIC, VERSION)?;
        let [shape @ .., states] = fields.as_slice() else { return Err(bad()) };
        let wanted = format!("rows={rows} cols={cols} depth={depth}");
        let found = shape.join(" ");
        if found != wanted {
            return Err(TableFileError::OtherTable { found, expected: wanted });
        }
        let states: usize =
            states.strip_prefix("states=").and_then(|n| n.parse().ok()).filter(|&n| n > 0).ok_or_else(bad)?;
        let expected = states.checked_mul(16).ok_or_else(bad)?;
        if body.len() != expected {
            return Err(TableFileError::Length { what: "transitions", expected, found: body.len() });
        }
        if checksum(body) != sum {
            return Err(TableFileError::Checksum);
        }
        let mut next = Vec::with_capacity(states);
        for state in body.chunks_exact(16) {
            let mut row = [0u32; 4];
            for (slot, word) in row.iter_mut().zip(state.chunks_exact(4)) {
                let value = u32::from_le_bytes([word[0], word[1], word[2], word[3]]);
                if value != FORBIDDEN && value as usize >= states {
                    return Err(TableFileError::BadData(past_the_last(value)));
                }
                *slot = value;
            }
            next.push(row);
        }
        Ok(DuplicateMachine { rows, cols, depth, inner: Arc::new(Duplicates::from_transitions(next)) })
    }
}

/// What is wrong with a transition to `state`, past the last state.
fn past_the_last(state: u32) -> String {
    format!("a transition leads to state {state}, past the last one")
}

/// The transitions as little-endian bytes.
fn body_bytes(transitions: &[[u32; 4]]) -> Vec<u8> {
    let mut body = Vec::with_capacity(transitions.len() * 16);
    for state in transitions {
        for value in state {
            body.extend_from_slice(&value.to_le_bytes());
        }
    }
    body
}

/// The body's checksum: the workspace's one checksum ([`puzzle_core::fingerprint::fingerprint()`]) over the
/// whole body. It guards against accidents (a truncated or damaged file), not attackers.
fn checksum(bytes: &[u8]) -> u64 {
    puzzle_core::fingerprint::fingerprint(bytes)
}

/// The machine in the table cache: its key is the board's rows and columns and the machine's
/// depth.
impl CachedTable for DuplicateMachine {
    type Key = (usize, usize, usize);
    const KIND: &'static str = "duplicate-pruning machine";

    fn file_name(&(rows, cols, depth): &(usize, usize, usize)) -> String {
        DuplicateMachine::file_name(rows, cols, depth)
    }

    fn write_to(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        out.write_all(&self.file_bytes())
    }

    fn read_checked(
        &(rows, cols, depth): &(usize, usize, usize),
        file: &std::fs::File,
    ) -> Result<Self, TableFileError> {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut &*file, &mut bytes)?;
        DuplicateMachine::from_file_bytes(rows, cols, depth, &bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A machine read back from its bytes has the same transitions; every damage to the bytes
    /// checked here is refused by name.
    #[test]
    fn the_file_form_round_trips_and_refuses_damage() {
        let machine = DuplicateMachine::build(4, 4, 8);
        let bytes = machine.file_bytes();
        let read = DuplicateMachine::from_file_bytes(4, 4, 8, &bytes).unwrap();
        assert_eq!(read.inner.transitions(), machine.inner.transitions());
        let check = |bytes: &[u8], rows, depth, expected: TableFileError| {
            assert_eq!(DuplicateMachine::from_file_bytes(rows, 4, depth, bytes).unwrap_err(), expected);
        };
        check(
            &bytes[..bytes.len() - 1],
            4,
            8,
            TableFileError::Length {
                what: "transitions",
                expected: machine.states() * 16,
                found: machine.states() * 16 - 1,
            },
        );
        let mut flipped = bytes.clone();
        flipped[bytes.len() / 2 + 40] ^= 0x10;
        check(&flipped, 4, 8, TableFileError::Checksum);
        check(
            &bytes,
            4,
            10,
            TableFileError::OtherTable {
                found: "rows=4 cols=4 depth=8".to_owned(),
                expected: "rows=4 cols=4 depth=10".to_owned(),
            },
        );
        check(
            &bytes,
            5,
            8,
            TableFileError::OtherTable {
                found: "rows=4 cols=4 depth=8".to_owned(),
                expected: "rows=5 cols=4 depth=8".to_owned(),
            },
        );
        let other_version = String::from_utf8_lossy(&bytes).replacen(" v3 ", " v9 ", 1);
        check(other_version.as_bytes(), 4, 8, TableFileError::Version { found: "v9".to_owned(), expected: 3 });
        check(b"", 4, 8, TableFileError::BadHeader(KIND));
        check(b"puzzle-pdb v3 rows=4\n", 4, 8, TableFileError::BadHeader(KIND));
    }

    /// A transition past the last state, under a checksum that matches, is refused rather than
    /// followed by the search.
    #[test]
    fn a_transition_past_the_last_state_is_refused() {
        let body = body_bytes(&[[0, 1, 0, 0]]);
        let mut bytes =
            format!("{MAGIC} v{VERSION} rows=4 cols=4 depth=2 states=1 checksum={:016x}\n", checksum(&body))
                .into_bytes();
        bytes.extend_from_slice(&body);
        assert_eq!(
            DuplicateMachine::from_file_bytes(4, 4, 2, &bytes).unwrap_err(),
            TableFileError::BadData(past_the_last(1))
        );
    }
}
