//! Reads the checkpoints of `puzzle edge --best` written by earlier versions, before the
//! checkpoint became JSON: line-oriented text (`name value…`) starting with
//! `puzzle best checkpoint v1`. Kept so that a run saved then still resumes; nothing writes this
//! format any more.

use puzzle_core::text::excerpt;

use crate::best::schedule::Breaks;
use crate::best::settings::Settings;
use crate::best::state::{Checkpoint, CheckpointError, PuzzleKey, ThreadState};
use crate::model::Placement;

/// The first line of every checkpoint in this format.
pub(super) const HEADER: &str = "puzzle best checkpoint v1";

/// Reads a checkpoint in the text format of earlier versions.
pub(super) fn parse(text: &str) -> Result<Checkpoint, CheckpointError> {
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
    let key = PuzzleKey::Fnv1a(key);
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
            next_tie: 0,
            best_filled: 0,
            finished,
            stack: words[12..].iter().map(|w| number(line, w)).collect::<Result<Vec<u32>, _>>()?,
            depth_nodes: Vec::new(),
        });
    }
    let restart_schedule = crate::best::RestartSchedule::Fixed;
    let settings =
        Settings { seed, jobs, breaks, restart_nodes, restart_schedule, priority, cell_breaks, border_breaks, order };
    Ok(Checkpoint { key, settings, elapsed_ms, best, threads })
}
