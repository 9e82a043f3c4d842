//! The saved state of a run, as a value and as JSON text: the puzzle's fingerprint, the settings,
//! the time spent, the best board and each thread's restart, node counts and stack. A run resumed
//! from it continues exactly where each thread stopped.
//!
//! The text is one JSON object (`CheckpointFile`, versioned by its `"format"` and `"version"`
//! keys) written with serde. Checkpoints written before it, in the line-oriented text that
//! starts with `puzzle best checkpoint v1`, are still read (`legacy`).

use puzzle_core::text::excerpt;
use serde::{Deserialize, Serialize};

use crate::best::schedule::Breaks;
use crate::best::settings::Settings;
use crate::best::state::{Checkpoint, CheckpointError, PuzzleKey, ThreadState};
use crate::model::Placement;

mod legacy;

/// The value of `"format"` in every checkpoint file.
const FORMAT: &str = "puzzle best checkpoint";

/// The version of the file's fields; the text format of earlier versions was version 1,
/// version 2 is this JSON with a key of FNV-1a ([`PuzzleKey`]), and version 3 had neither
/// `"restart_schedule"` nor the threads' `"depth_nodes"` (read as a fixed schedule and no counts),
/// version 4 not the threads' `"next_tie"` (read as 0), version 5 not their `"best_filled"`
/// (read as 0).
const VERSION: u32 = 6;

/// The first keys of a checkpoint file, read before the rest so that a file of another kind or
/// version is named as such.
#[derive(Deserialize)]
struct Header {
    format: Option<String>,
    version: Option<u32>,
}

/// A checkpoint as its file holds it.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckpointFile {
    format: String,
    version: u32,
    /// The puzzle's key ([`PuzzleKey`]) in 16 hexadecimal digits.
    key: String,
    seed: u64,
    jobs: usize,
    /// Mismatches allowed by depth, as `--breaks` takes them.
    breaks: String,
    restart_nodes: u64,
    /// `fixed` or `luby`; absent before version 4 (fixed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    restart_schedule: Option<String>,
    priority: Vec<u16>,
    cell_breaks: u8,
    border_breaks: bool,
    /// The order's name, `null` for the record solvers' order.
    order: Option<String>,
    elapsed_ms: u64,
    /// One entry per cell, row by row, `null` where the board is empty.
    best: Option<Vec<Option<PlacementFile>>>,
    threads: Vec<ThreadState>,
}

/// A placed piece, as in the `"placements"` of `puzzle edge --json`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlacementFile {
    piece: usize,
    rotation: u8,
}

impl Checkpoint {
    /// The settings of the run.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The best board so far, one entry per cell.
    pub fn best(&self) -> Option<&[Option<Placement>]> {
        self.best.as_deref()
    }

    /// Milliseconds of search before this checkpoint.
    pub fn elapsed_ms(&self) -> u64 {
        self.elapsed_ms
    }

    /// Placements made by all threads before this checkpoint.
    pub fn nodes(&self) -> u64 {
        self.threads.iter().map(|t| t.nodes).sum()
    }

    /// Placements of all threads by the number of cells on the board after them (clues
    /// included), without trailing zeros: entry `k` counts the placements that left `k` cells
    /// placed. Placements made before a resume from a checkpoint of version 3 or earlier, which
    /// did not count them, are not in it.
    pub fn depth_nodes(&self) -> Vec<u64> {
        let mut sum: Vec<u64> = Vec::new();
        for thread in &self.threads {
            if sum.len() < thread.depth_nodes.len() {
                sum.resize(thread.depth_nodes.len(), 0);
            }
            for (total, &count) in sum.iter_mut().zip(&thread.depth_nodes) {
                *total = total.saturating_add(count);
            }
        }
        sum
    }

    /// The checkpoint as JSON text, one line ended by a newline.
    pub fn to_json(&self) -> String {
        let s = &self.settings;
        let file = CheckpointFile {
            format: FORMAT.to_owned(),
            // A checkpoint read from an old file keeps its old key, and so its old version.
            version: match self.key {
                PuzzleKey::Fingerprint(_) => VERSION,
                PuzzleKey::Fnv1a(_) => 2,
            },
            key: format!("{:016x}", self.key.value()),
            seed: s.seed,
            jobs: s.jobs,
            breaks: s.breaks.to_string(),
            restart_nodes: s.restart_nodes,
            restart_schedule: Some(s.restart_schedule.name().to_owned()),
            priority: s.priority.clone(),
            cell_breaks: s.cell_breaks,
            border_breaks: s.border_breaks,
            order: s.order.map(|order| order.name().to_owned()),
            elapsed_ms: self.elapsed_ms,
            best: self.best.as_ref().map(|cells| {
                cells.iter().map(|cell| cell.map(|p| PlacementFile { piece: p.piece, rotation: p.turns() })).collect()
            }),
            threads: self.threads.clone(),
        };
        // Strings, numbers, lists and options of them always serialize.
        serde_json::to_string(&file).expect("a checkpoint serializes") + "\n"
    }

    /// Reads a checkpoint written by [`Checkpoint::to_json`], or by an earlier version in its
    /// text format.
    pub fn parse(text: &str) -> Result<Checkpoint, CheckpointError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.starts_with(legacy::HEADER) {
            return legacy::parse(text);
        }
        let json_error = |err: serde_json::Error| CheckpointError::Json {
            line: err.line(),
            column: err.column(),
            message: strip_position(&err.to_string()),
        };
        let header: Header = serde_json::from_str(text).map_err(json_error)?;
        if header.format.as_deref() != Some(FORMAT) {
            return Err(CheckpointError::Invalid(format!(
                "not a checkpoint of `puzzle edge --best`: expected \"format\": \"{FORMAT}\""
            )));
        }
        if !matches!(header.version, Some(2..=VERSION)) {
            let found = header.version.map_or("none".to_owned(), |v| v.to_string());
            return Err(CheckpointError::Invalid(format!(
                "a checkpoint of version {found}, but this `puzzle` reads versions 1 to {VERSION}"
            )));
        }
        let file: CheckpointFile = serde_json::from_str(text).map_err(json_error)?;
        let invalid = |message: String| Err(CheckpointError::Invalid(message));
        let key = match u64::from_str_radix(&file.key, 16) {
            Ok(key) if file.version == 2 => PuzzleKey::Fnv1a(key),
            Ok(key) => PuzzleKey::Fingerprint(key),
            Err(_) => {
                return invalid(format!("\"key\": expected 16 hexadecimal digits, found `{}`", excerpt(&file.key)))
            }
        };
        let breaks = match Breaks::parse(&file.breaks) {
            Ok(breaks) => breaks,
            Err(err) => return invalid(format!("\"breaks\": {err}")),
        };
        let restart_schedule = match file.restart_schedule.as_deref().map(str::parse) {
            None => crate::best::RestartSchedule::Fixed,
            Some(Ok(schedule)) => schedule,
            Some(Err(err)) => return invalid(format!("\"restart_schedule\": {err}")),
        };
        let order = match file.order {
            None => None,
            Some(name) => match name.parse::<crate::engine::Order>() {
                Ok(order) if order.north_west_first() => Some(order),
                _ => {
                    return invalid(format!(
                        "\"order\": expected null, row, column, diagonal or snake, found `{}`",
                        excerpt(&name)
                    ))
                }
            },
        };
        let mut best = None;
        if let Some(cells) = file.best {
            let mut placed = Vec::with_capacity(cells.len());
            for (cell, entry) in cells.into_iter().enumerate() {
                placed.push(match entry {
                    None => None,
                    Some(p) if p.rotation < 4 => Some(Placement::new(p.piece, p.rotation)),
                    Some(p) => return invalid(format!("\"best\": cell {cell} is turned {}, not 0 to 3", p.rotation)),
                });
            }
            best = Some(placed);
        }
        if file.threads.len() != file.jobs {
            return invalid(format!("\"jobs\" is {} but there are {} threads", file.jobs, file.threads.len()));
        }
        let settings = Settings {
            seed: file.seed,
            jobs: file.jobs,
            breaks,
            restart_nodes: file.restart_nodes,
            restart_schedule,
            priority: file.priority,
            cell_breaks: file.cell_breaks,
            border_breaks: file.border_breaks,
            order,
        };
        Ok(Checkpoint { key, settings, elapsed_ms: file.elapsed_ms, best, threads: file.threads })
    }
}

/// serde_json's message without its ` at line L column C`, which the error carries apart.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(at) => message[..at].to_owned(),
        None => message.to_owned(),
    }
}
