//! The saved state of a run, as a value and as text: the puzzle's fingerprint, the settings, the
//! time spent, the best board and each thread's restart, node counts and stack. A run resumed
//! from it continues exactly where each thread stopped.
//!
//! The text is line-oriented (`name value…`), starting with `puzzle best checkpoint v1`.

use std::fmt::Write as _;

use puzzle_core::text::excerpt;

use crate::best::schedule::Breaks;
use crate::best::Settings;
use crate::model::{Placement, Puzzle};

/// One thread's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ThreadState {
    pub(crate) restart: u64,
    pub(crate) nodes: u64,
    pub(crate) restart_start: u64,
    pub(crate) best_partial: u32,
    pub(crate) stack: Vec<u32>,
    pub(crate) finished: bool,
}

/// The state of a run, to write to a file and resume from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    pub(crate) key: u64,
    pub(crate) settings: Settings,
    pub(crate) elapsed_ms: u64,
    pub(crate) best: Option<Vec<Option<Placement>>>,
    pub(crate) threads: Vec<ThreadState>,
}

/// Why a checkpoint's text cannot be read, or does not belong to the puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckpointError {
    /// A line that does not read.
    #[error("line {line}: {message}")]
    Line {
        /// The 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The checkpoint was written for another puzzle, other clues or other options.
    #[error("the checkpoint was written for another puzzle or other clues")]
    OtherPuzzle,
    /// A thread's saved stack does not replay on this puzzle.
    #[error("the saved search of thread {0} does not replay on this puzzle")]
    BadStack(usize),
}

/// A fingerprint of the puzzle and its clues (FNV-1a over their text).
pub(crate) fn puzzle_key(puzzle: &Puzzle, clues: &[Option<Placement>]) -> u64 {
    let mut text = format!("best v1 {}x{} {} {}\n", puzzle.rows(), puzzle.cols(), puzzle.framed(), puzzle.rotate());
    for sides in puzzle.pieces() {
        let _ = writeln!(text, "{sides:?}");
    }
    for (cell, clue) in clues.iter().enumerate() {
        if let Some(p) = clue {
            let _ = writeln!(text, "clue {cell} {} {}", p.piece, p.rotation);
        }
    }
    puzzle_core::fnv1a(text.as_bytes())
}

const HEADER: &str = "puzzle best checkpoint v1";

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

    /// The checkpoint as text.
    pub fn to_text(&self) -> String {
        let s = &self.settings;
        let mut text = String::new();
        let _ = writeln!(text, "{HEADER}");
        let _ = writeln!(text, "key {:016x}", self.key);
        let _ = writeln!(text, "seed {}", s.seed);
        let _ = writeln!(text, "jobs {}", s.jobs);
        let _ = writeln!(text, "breaks {}", s.breaks);
        let _ = writeln!(text, "restart_nodes {}", s.restart_nodes);
        let colours: Vec<String> = s.priority.iter().map(u16::to_string).collect();
        let _ = writeln!(text, "priority {}", if colours.is_empty() { "none".to_owned() } else { colours.join(",") });
        let _ = writeln!(text, "cell_breaks {}", s.cell_breaks);
        let _ = writeln!(text, "border_breaks {}", if s.border_breaks { "yes" } else { "no" });
        let _ = writeln!(text, "order {}", s.order.map_or("record", |order| order.name()));
        let _ = writeln!(text, "elapsed_ms {}", self.elapsed_ms);
        match &self.best {
            None => text.push_str("best none\n"),
            Some(cells) => {
                text.push_str("best");
                for cell in cells {
                    match cell {
                        None => text.push_str(" -"),
                        Some(p) => {
                            let _ = write!(text, " {}/{}", p.piece, p.rotation);
                        }
                    }
                }
                text.push('\n');
            }
        }
        for (i, t) in self.threads.iter().enumerate() {
            let _ = write!(
                text,
                "thread {i} restart {} nodes {} restart_start {} best_partial {} finished {} stack",
                t.restart,
                t.nodes,
                t.restart_start,
                t.best_partial,
                if t.finished { "yes" } else { "no" }
            );
            for x in &t.stack {
                let _ = write!(text, " {x}");
            }
            text.push('\n');
        }
        text
    }

    /// Reads a checkpoint written by [`Checkpoint::to_text`].
    pub fn parse(text: &str) -> Result<Checkpoint, CheckpointError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end_matches('\r'))).peekable();
        let fail = |line: usize, message: String| CheckpointError::Line { line, message };
        match lines.next() {
            Some((_, l)) if l == HEADER => {}
            _ => return Err(fail(1, format!("expected `{HEADER}`"))),
        }
        // The next line, `name value`; an optional field (`required` false) may be absent.
        let mut take = |name: &str, required: bool| -> Result<Option<(usize, String)>, CheckpointError> {
            match lines.peek().copied() {
                Some((line, l)) => match l.split_once(' ') {
                    Some((n, value)) if n == name => {
                        lines.next();
                        Ok(Some((line, value.to_owned())))
                    }
                    _ if !required => Ok(None),
                    _ => Err(fail(line, format!("expected `{name} …`, found `{}`", excerpt(l)))),
                },
                None if !required => Ok(None),
                None => Err(fail(0, format!("the checkpoint ends before `{name}`"))),
            }
        };
        macro_rules! field {
            ($name:expr) => {
                take($name, true).map(|found| found.expect("a required field"))
            };
        }
        fn number<T: std::str::FromStr>(line: usize, text: &str) -> Result<T, CheckpointError> {
            text.trim().parse().map_err(|_| CheckpointError::Line {
                line,
                message: format!("expected a number, found `{}`", excerpt(text)),
            })
        }
        let (line, key) = field!("key")?;
        let key = u64::from_str_radix(&key, 16).map_err(|_| fail(line, format!("bad key `{}`", excerpt(&key))))?;
        let (line, seed) = field!("seed")?;
        let seed = number(line, &seed)?;
        let (line, jobs) = field!("jobs")?;
        let jobs: usize = number(line, &jobs)?;
        let (line, breaks) = field!("breaks")?;
        let breaks = Breaks::parse(&breaks).map_err(|e| fail(line, e.to_string()))?;
        let (line, restart_nodes) = field!("restart_nodes")?;
        let restart_nodes = number(line, &restart_nodes)?;
        let (line, priority) = field!("priority")?;
        let priority = if priority == "none" {
            Vec::new()
        } else {
            priority.split(',').map(|c| number(line, c)).collect::<Result<Vec<u16>, _>>()?
        };
        let (line, cell_breaks) = field!("cell_breaks")?;
        let cell_breaks = number(line, &cell_breaks)?;
        let (line, border_breaks) = field!("border_breaks")?;
        let border_breaks = match border_breaks.as_str() {
            "yes" => true,
            "no" => false,
            other => return Err(fail(line, format!("expected yes or no, found `{}`", excerpt(other)))),
        };
        // Checkpoints written before `--order` worked with `--best` have no order line.
        let order = match take("order", false)? {
            None => None,
            Some((_, name)) if name == "record" => None,
            Some((line, name)) => match name.parse::<crate::engine::Order>() {
                Ok(order) if order.north_west_first() => Some(order),
                _ => {
                    return Err(fail(
                        line,
                        format!("expected record, row, column, diagonal or snake, found `{}`", excerpt(&name)),
                    ))
                }
            },
        };
        let (line, elapsed_ms) = field!("elapsed_ms")?;
        let elapsed_ms = number(line, &elapsed_ms)?;
        let (line, best) = field!("best")?;
        let best = if best == "none" {
            None
        } else {
            let cells = best
                .split_whitespace()
                .map(|cell| {
                    if cell == "-" {
                        return Ok(None);
                    }
                    let (piece, rotation) = cell
                        .split_once('/')
                        .ok_or_else(|| fail(line, format!("expected PIECE/ROTATION, found `{}`", excerpt(cell))))?;
                    let turns: u8 = number(line, rotation)?;
                    if turns > 3 {
                        return Err(fail(line, format!("expected a rotation 0-3, found `{}`", excerpt(rotation))));
                    }
                    Ok(Some(Placement::new(number(line, piece)?, turns)))
                })
                .collect::<Result<Vec<_>, CheckpointError>>()?;
            Some(cells)
        };
        let mut threads = Vec::new();
        for i in 0..jobs {
            let (line, rest) = field!("thread")?;
            let words: Vec<&str> = rest.split_whitespace().collect();
            let expect = |at: usize, name: &str| -> Result<(), CheckpointError> {
                if words.get(at) == Some(&name) {
                    Ok(())
                } else {
                    Err(fail(line, format!("expected `{name}` in the thread line")))
                }
            };
            if words.first().copied() != Some(i.to_string().as_str()) || words.len() < 12 {
                return Err(fail(line, format!("expected the line of thread {i}")));
            }
            expect(1, "restart")?;
            expect(3, "nodes")?;
            expect(5, "restart_start")?;
            expect(7, "best_partial")?;
            expect(9, "finished")?;
            expect(11, "stack")?;
            let finished = match words[10] {
                "yes" => true,
                "no" => false,
                other => return Err(fail(line, format!("expected yes or no, found `{}`", excerpt(other)))),
            };
            threads.push(ThreadState {
                restart: number(line, words[2])?,
                nodes: number(line, words[4])?,
                restart_start: number(line, words[6])?,
                best_partial: number(line, words[8])?,
                finished,
                stack: words[12..].iter().map(|w| number(line, w)).collect::<Result<Vec<u32>, _>>()?,
            });
        }
        let settings = Settings { seed, jobs, breaks, restart_nodes, priority, cell_breaks, border_breaks, order };
        Ok(Checkpoint { key, settings, elapsed_ms, best, threads })
    }
}
