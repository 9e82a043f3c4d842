//! The saved state of a run as a value ([`Checkpoint`], one [`ThreadState`] per thread) and why
//! one cannot be read or resumed ([`CheckpointError`]): a leaf that both readers of its text
//! (`checkpoint.rs`, JSON; `checkpoint/legacy.rs`, the text of earlier versions) build.

use serde::{Deserialize, Serialize};

use std::fmt::Write as _;

use crate::best::settings::Settings;
use crate::model::{Placement, Puzzle};

/// One thread's state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ThreadState {
    pub(crate) restart: u64,
    pub(crate) nodes: u64,
    pub(crate) restart_start: u64,
    pub(crate) best_partial: u32,
    /// The placements from which a tie with `best_partial` is completed again; 0 in
    /// checkpoints of versions before 5, which completed every tie.
    #[serde(default)]
    pub(crate) next_tie: u64,
    /// The best score of a filled board the thread has made, which decides which boards are
    /// improved (`best/improve.rs`); 0 in checkpoints of versions before 6, which improved none.
    #[serde(default)]
    pub(crate) best_filled: u32,
    pub(crate) stack: Vec<u32>,
    pub(crate) finished: bool,
    /// Placements by the cells on the board after them (clues included), trailing zeros left
    /// out; empty in checkpoints of versions before 4, which did not count them.
    #[serde(default)]
    pub(crate) depth_nodes: Vec<u64>,
}

/// The state of a run, to write to a file and resume from.
///
/// ```
/// use edge_match::best::{BoardSearch, Checkpoint, Control, Settings};
/// use edge_match::Limits;
/// # use edge_match::parse::{PuzOptions, parse_puz};
/// // A framed 2x2 board of four corners whose four joins can all match.
/// let puzzle = parse_puz("2 2\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n", &PuzOptions::default()).unwrap();
/// let control = Control { limits: &Limits::NONE, checkpoint_every: None };
/// let checkpoint = BoardSearch::new(&puzzle, &[], Settings::record(&puzzle)).run(&control, |_| true).checkpoint;
/// // Written as JSON and read back, it is the same state.
/// let text = checkpoint.to_json();
/// assert_eq!(Checkpoint::parse(&text).unwrap(), checkpoint);
/// assert_eq!(checkpoint.settings(), &Settings::record(&puzzle));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    pub(crate) key: PuzzleKey,
    pub(crate) settings: Settings,
    pub(crate) elapsed_ms: u64,
    pub(crate) best: Option<Vec<Option<Placement>>>,
    pub(crate) threads: Vec<ThreadState>,
}

/// Why a checkpoint's text cannot be read, or does not belong to the puzzle.
///
/// ```
/// use edge_match::best::{BoardSearch, Checkpoint, CheckpointError, Control, Settings};
/// use edge_match::parse::{PuzOptions, parse_puz};
/// use edge_match::Limits;
///
/// assert!(matches!(Checkpoint::parse("{\n  nope"), Err(CheckpointError::Json { line: 2, .. })));
/// // A checkpoint of one puzzle does not resume another.
/// // A framed 2x2 board of four corners whose four joins can all match.
/// let puzzle = parse_puz("2 2\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n", &PuzOptions::default()).unwrap();
/// let control = Control { limits: &Limits::NONE, checkpoint_every: None };
/// let checkpoint = BoardSearch::new(&puzzle, &[], Settings::record(&puzzle)).run(&control, |_| true).checkpoint;
/// let other = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// assert!(matches!(BoardSearch::resume(&other, &[], checkpoint), Err(CheckpointError::OtherPuzzle)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckpointError {
    /// A line of a checkpoint in the text of earlier versions that does not read.
    #[error("line {line}: {message}")]
    Line {
        /// The 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// JSON that does not read as a checkpoint.
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// The 1-based line.
        line: usize,
        /// The 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A checkpoint that reads but contradicts itself or the puzzle's settings.
    #[error("{0}")]
    Invalid(String),
    /// The checkpoint was written for another puzzle, other clues or other options.
    #[error("the checkpoint was written for another puzzle or other clues")]
    OtherPuzzle,
    /// A thread's saved stack does not replay on this puzzle.
    #[error("the saved search of thread {0} does not replay on this puzzle")]
    BadStack(usize),
}

/// The text that names the puzzle and its clues, hashed into a checkpoint's key.
fn puzzle_text(puzzle: &Puzzle, clues: &[Option<Placement>]) -> String {
    let mut text = format!("best v1 {}x{} {} {}\n", puzzle.rows(), puzzle.cols(), puzzle.framed(), puzzle.rotate());
    for sides in puzzle.pieces() {
        let _ = writeln!(text, "{sides:?}");
    }
    for (cell, clue) in clues.iter().enumerate() {
        if let Some(p) = clue {
            let _ = writeln!(text, "clue {cell} {} {}", p.piece, p.rotation);
        }
    }
    text
}

/// A checkpoint's name for its puzzle and clues: the workspace's [`puzzle_core::fingerprint::fingerprint()`]
/// of their text since version 3, FNV-1a of the same text in the files of versions 1 and 2,
/// which still resume.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PuzzleKey {
    /// Versions 3 and later.
    Fingerprint(u64),
    /// Versions 1 and 2.
    Fnv1a(u64),
}

impl PuzzleKey {
    /// The key of `puzzle` and `clues`, as this version writes it.
    pub(crate) fn of(puzzle: &Puzzle, clues: &[Option<Placement>]) -> PuzzleKey {
        PuzzleKey::Fingerprint(puzzle_core::fingerprint::fingerprint(puzzle_text(puzzle, clues).as_bytes()))
    }

    /// Whether this key names `puzzle` and `clues`, by the hash it was made with.
    pub(crate) fn names(self, puzzle: &Puzzle, clues: &[Option<Placement>]) -> bool {
        match self {
            PuzzleKey::Fingerprint(_) => self == PuzzleKey::of(puzzle, clues),
            PuzzleKey::Fnv1a(key) => key == fnv1a(puzzle_text(puzzle, clues).as_bytes()),
        }
    }

    /// The hash, whichever it is.
    pub(crate) fn value(self) -> u64 {
        match self {
            PuzzleKey::Fingerprint(key) | PuzzleKey::Fnv1a(key) => key,
        }
    }
}

/// The 64-bit FNV-1a hash, with which checkpoints of versions 1 and 2 named their puzzle: kept
/// only to know them again (everything written now uses [`puzzle_core::fingerprint::fingerprint()`]).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}
