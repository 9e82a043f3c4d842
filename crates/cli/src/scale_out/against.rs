//! `puzzle merge --puzzle FILE`: the edge-matching boards of workers' outputs (the solutions of
//! `puzzle edge --unit --all` results, the boards of `puzzle edge --best --json` lines) checked
//! against the pieces by the independent checker, so that a board changed after its worker
//! checked it, with its hash made again, is refused by its place instead of merged.

use std::path::Path;

use edge_match::{Mode, Placement, Puzzle};

use crate::edge::puzzle_file::{self, PuzzleRead, EDGE_INPUT_LIMIT};
use crate::input::{BadInput, Input};

/// The puzzle the boards are checked against, read as `puzzle edge` reads it.
#[derive(Debug)]
pub(crate) struct Against {
    /// The file's name, for messages.
    name: String,
    puzzle: Puzzle,
    clues: Vec<Option<Placement>>,
}

impl Against {
    /// Reads the puzzle in `path` as `how` says.
    pub(crate) fn read(path: &Path, how: &PuzzleRead<'_>) -> anyhow::Result<Against> {
        let input = Input::read_at_most(Some(path), EDGE_INPUT_LIMIT)?;
        let (puzzle, clues) = puzzle_file::read(&input, how)?;
        Ok(Against { name: input.name, puzzle, clues })
    }

    /// Refuses outputs whose `"puzzle"` key is not this puzzle's in `mode` (another puzzle, or
    /// this one read with other options).
    pub(crate) fn check_key(&self, key: &str, mode: Mode) -> anyhow::Result<()> {
        let own = format!("{:016x}", edge_match::puzzle_key(&self.puzzle, &self.clues, mode));
        if own == key {
            return Ok(());
        }
        let message = format!(
            "{} read with these options is puzzle {own}, but the outputs are of puzzle {}: give --puzzle the file, \
             and --clue, --frame/--no-frame, --no-rotate and --size as the workers were given them",
            self.name,
            puzzle_core::text::excerpt(key)
        );
        Err(BadInput { file: "--puzzle".to_owned(), pos: None, message }.into())
    }

    /// Cuts this puzzle again as `puzzle edge --split` cut the units of `search` (its mode,
    /// order, pinned corner and depth), calling `visit` with each unit's number (from 1) and
    /// prefix; `visit` returns `false` to stop. Returns the number of units (unit 0 included),
    /// or why the cut cannot be made as the units say.
    pub(crate) fn cut(
        &self,
        search: &crate::edge::json::units::SearchJson,
        mut visit: impl FnMut(usize, &[Placement]) -> bool,
    ) -> anyhow::Result<usize> {
        let refuse =
            |message: String| -> anyhow::Error { BadInput { file: "--puzzle".to_owned(), pos: None, message }.into() };
        let mode = Mode::from(search.mode);
        let Ok(order) = search.order.parse::<edge_match::Order>() else {
            return Err(refuse(format!(
                "the units' order `{}` is not one this version knows",
                puzzle_core::text::excerpt(&search.order)
            )));
        };
        let task = if search.corner.is_some() { edge_match::Task::Count } else { edge_match::Task::List };
        // A signal stops the cut as it stops every long step of the CLI.
        let limits = crate::interrupt::limits(None, None);
        let plan = edge_match::Solver::with_clues(&self.puzzle, &self.clues)?.plan_within(
            task,
            mode,
            Some(edge_match::OrderPick::Given(order)),
            false,
            &limits,
        );
        let stopped = || {
            anyhow::Error::from(crate::interrupt::Interrupted(
                "the merge was stopped while it cut the puzzle".to_owned(),
            ))
        };
        if plan.stopped {
            return Err(stopped());
        }
        if plan.order != order || plan.corner != search.corner {
            return Err(refuse(format!(
                "{} cut in {order} order pins {}, but the units say {}: the lines were changed",
                self.name,
                plan.corner.map_or("no corner".to_owned(), |piece| format!("corner piece {piece}")),
                search.corner.map_or("no corner".to_owned(), |piece| format!("corner piece {piece}")),
            )));
        }
        let mut number = 0;
        match plan.for_each_prefix(search.depth, &limits, |prefix| {
            number += 1;
            visit(number, prefix)
        }) {
            Ok(_) => Ok(number + 1),
            Err(edge_match::SplitError::Stopped) if crate::interrupt::interrupted() => Err(stopped()),
            Err(edge_match::SplitError::Stopped) => Ok(number + 1),
            Err(err) => Err(refuse(err.to_string())),
        }
    }

    /// Why `cells` (one entry per cell, row-major; `None` for an empty cell) is not a board of
    /// this puzzle with `matching` joins matching and `mismatches` not, or `None` when it is:
    /// the pieces each used once and turned as allowed, the frame where the puzzle has one, each
    /// clue's cell holding its clue or empty, and the joins counted by the checker. A complete
    /// board without mismatches is a solution.
    pub(crate) fn board_refusal(
        &self,
        cells: &[Option<Placement>],
        matching: usize,
        mismatches: usize,
    ) -> Option<String> {
        let against = &self.name;
        let score = match edge_match::check::score_board(&self.puzzle, cells) {
            Ok(score) => score,
            Err(wrong) => return Some(format!("the board fails the check against {against}: {wrong}")),
        };
        let clue_broken = self
            .clues
            .iter()
            .zip(cells)
            .position(|(clue, cell)| matches!((clue, cell), (Some(clue), Some(placed)) if clue != placed));
        if let Some(cell) = clue_broken {
            return Some(format!("the board does not keep the clue of {against} at cell {cell}"));
        }
        if (score.matching, score.mismatches) != (matching, mismatches) {
            return Some(format!(
                "the board has {} joins matching and {} not against {against}, but the line says {matching} and \
                 {mismatches}",
                score.matching, score.mismatches
            ));
        }
        None
    }
}
