//! A run's boards, chunk by chunk: solved in parallel on `--jobs` threads and handed to the
//! printer in input order; under `--shard`, `--split` and `--unit` kept until the input ends.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc;

use rayon::prelude::*;
use sliding::parse::Format;
use sliding::Board;

use super::limited_planner::{LimitedPlanner, Solved};
use super::print::{Answered, Printer};
use super::settings::{Mode, SlideSettings};
use crate::input::BadInput;
use crate::scale_out::slide_units as units;

/// One board of the input, read or refused.
pub(crate) struct Item {
    pub(crate) label: Option<String>,
    pub(crate) board: Result<Board, BadInput>,
}

/// Boards read and solved (in parallel) together when a batch is read a line at a time.
pub(super) const CHUNK: usize = 4096;

/// The state of a run across the chunks of its input.
pub(super) struct Batch<'t> {
    pub(super) planner: LimitedPlanner<'t>,
    pub(super) printer: Printer,
    /// Boards answered (or refused) so far, to number the boards of later chunks.
    pub(super) answered: usize,
    /// Whether a board was refused.
    pub(super) bad_input: bool,
    /// With `--svg`: the pictures of the boards so far.
    pub(super) strips: Option<crate::svg::slide::Strips>,
    /// With `--html`: the boards of the page so far.
    pub(super) page: Option<crate::html::slide::Boards>,
    /// The goal, named in a sharded line ([`crate::scale_out::shard::goal_name`]).
    pub(super) goal: sliding::Goal,
    /// Under `--shard`: the boards read so far, and the format and file they came from.
    pub(super) held: Vec<Item>,
    pub(super) held_from: Option<(Format, String)>,
}

impl Batch<'_> {
    /// Solves the boards of `items` (the next chunk of the input) in parallel and prints their
    /// answers in input order. Under `--shard` the boards are only kept: a shard's lines carry
    /// the number of boards in the whole input, so [`Batch::finish`] answers them at the end.
    pub(super) fn answer(
        &mut self,
        settings: &SlideSettings,
        format: Format,
        name: &str,
        items: Vec<Item>,
        out: &mut impl Write,
    ) -> anyhow::Result<()> {
        if !matches!(settings.mode, Mode::Answer { shard: None }) {
            self.held.extend(items);
            self.held_from = Some((format, name.to_owned()));
            return Ok(());
        }
        self.solve_chunk(settings, format, name, &items, None, out)
    }

    /// Answers the boards kept under `--shard`, or splits (`--split`) or checks (`--unit` with a
    /// file) the one board kept.
    pub(super) fn finish(&mut self, settings: &SlideSettings, out: &mut impl Write) -> anyhow::Result<()> {
        if let Mode::Split { .. } | Mode::Unit { .. } = settings.mode {
            let items = std::mem::take(&mut self.held);
            let name = self.held_from.take().map_or_else(|| "<input>".to_owned(), |(_, name)| name);
            let flag = if let Mode::Split { .. } = settings.mode { "--split" } else { "--unit" };
            let [item] = items.as_slice() else {
                return Err(BadInput {
                    file: name,
                    pos: None,
                    message: format!("{flag} takes one board, and the input holds {}", items.len()),
                }
                .into());
            };
            let board = item.board.as_ref().map_err(Clone::clone)?;
            return match &settings.mode {
                Mode::Split { depth, max_units } => {
                    let budget = crate::scale_out::budget::SplitBudget::new(*max_units, settings.time_limit);
                    units::split(*depth, budget, board, &self.planner.planner, out)
                }
                Mode::Unit { line, found_file } => {
                    units::run_units(line, found_file.as_deref(), settings, Some(board), out)
                }
                Mode::Answer { .. } => unreachable!("split or unit"),
            };
        }
        if let Some((format, name)) = self.held_from.take() {
            let items = std::mem::take(&mut self.held);
            // Every shard reads the whole input, so every shard names it alike (a bad board by
            // its place and message, not by the file's path, which may differ between machines).
            let input = crate::scale_out::shard::input_fingerprint(
                items.iter().map(|item| crate::scale_out::shard::input_line(item.label.as_deref(), &item.board)),
            );
            self.solve_chunk(settings, format, &name, &items, Some((items.len(), input)), out)?;
        }
        Ok(())
    }

    /// Solves this shard's boards of `items` on `--jobs` threads and prints their answers in
    /// input order, each as soon as the boards before it are printed; `whole`, under `--shard`,
    /// is the number of boards in the whole input and its fingerprint.
    fn solve_chunk(
        &mut self,
        settings: &SlideSettings,
        format: Format,
        name: &str,
        items: &[Item],
        whole: Option<(usize, u64)>,
        out: &mut impl Write,
    ) -> anyhow::Result<()> {
        let shard = match settings.mode {
            Mode::Answer { shard } => shard,
            Mode::Split { .. } | Mode::Unit { .. } => None,
        };
        // Each board keeps its number (from 0) in the whole input.
        let selected: Vec<(usize, &Item)> = (self.answered..)
            .zip(items)
            .filter(|&(number, _)| shard.is_none_or(|shard| shard.includes(number)))
            .collect();
        self.answered += items.len();
        let planner = &self.planner;
        // Named only in a sharded line.
        let goal = whole.map(|_| crate::scale_out::shard::goal_name(&self.goal)).unwrap_or_default();
        let goal = goal.as_str();
        // On the threads `--jobs` set for the whole process.
        let boards: Vec<&Board> = items.iter().filter_map(|item| item.board.as_ref().ok()).collect();
        let prepared = planner.prepare(&boards)?;
        // The first board each thread takes waited for the tables the chunk needed: the time
        // they took to build (or load) counts as that board's, so a board never runs past its
        // --time-limit waiting for tables.
        let workers = rayon::current_num_threads().min(selected.len()).max(1);
        // Boards answered, and the search's nodes and bound (of the board searched last).
        let ticker = crate::progress::Ticker::start(
            crate::progress::bar(
                selected.len() as u64,
                "{spinner} [{elapsed_precise}] {pos}/{len} boards {wide_bar} {msg}",
            ),
            || {
                let search = &crate::progress::SEARCH;
                let nodes = search.nodes.load(std::sync::atomic::Ordering::Relaxed);
                let bound = search.bound.load(std::sync::atomic::Ordering::Relaxed);
                format!("{} nodes, bound {bound}", crate::progress::human(nodes))
            },
        );
        // The threads take the boards in input order, each the next one not taken, and the answers
        // are printed as soon as every board before them is: a batch of long searches shows its
        // answers one by one instead of all at the end.
        let next = AtomicUsize::new(0);
        let solve = |index: usize| {
            let since = (index < workers).then_some(prepared);
            let answer = match &selected[index].1.board {
                Ok(board) => planner.solve(board, since),
                Err(_) => Ok(Solved::Unread),
            };
            ticker.bar().inc(1);
            answer
        };
        std::thread::scope(|scope| -> anyhow::Result<()> {
            let (sender, receiver) = mpsc::channel::<(usize, anyhow::Result<Solved>)>();
            let (next, solve, count) = (&next, &solve, selected.len());
            scope.spawn(move || {
                (0..workers).into_par_iter().for_each_with(sender, |sender, _| loop {
                    let index = next.fetch_add(1, Relaxed);
                    if index >= count {
                        break;
                    }
                    // The printer has stopped (an error writing): take no more boards.
                    if sender.send((index, solve(index))).is_err() {
                        break;
                    }
                });
            });
            let mut waiting: Vec<Option<anyhow::Result<Solved>>> = selected.iter().map(|_| None).collect();
            let mut printed = 0;
            for (index, answer) in receiver {
                waiting[index] = Some(answer);
                // The answers now ready, written together while the progress bar steps aside.
                ticker.bar().suspend(|| -> anyhow::Result<()> {
                    while let Some(answer) = waiting.get_mut(printed).and_then(Option::take) {
                        let (number, item) = selected[printed];
                        printed += 1;
                        let place = whole.map(|(total, input)| crate::scale_out::shard::Place {
                            index: number,
                            total,
                            input,
                            goal,
                        });
                        let label = item.label.as_deref();
                        let message = match (&item.board, answer?) {
                            (Ok(board), Solved::Answered { answer, seconds }) => {
                                let answered = Answered { format, label, board, answer: &answer, seconds, place };
                                self.printer.answer(out, &answered)?;
                                if let Some(strips) = &mut self.strips {
                                    strips
                                        .push_answer(number + 1, label, board, answer.verdict(), answer.lower_bound())
                                        .map_err(anyhow::Error::msg)?;
                                }
                                if let Some(page) = &mut self.page {
                                    page.push_answer(number + 1, label, board, answer.verdict(), answer.lower_bound())?;
                                }
                                continue;
                            }
                            (Err(bad), _) => bad.to_string(),
                            (Ok(_), Solved::Refused(message)) => format!("{name}: board {}: {message}", number + 1),
                            (Ok(_), Solved::Unread) => unreachable!("every good board is solved"),
                        };
                        // A bad board in its place: `error: …` on stdout (or `{"error": …}`), and on
                        // stderr.
                        self.printer.error(out, label, &message, place)?;
                        out.flush()?;
                        crate::output::eprintln_or_drop!("error: {message}");
                        if let Some(strips) = &mut self.strips {
                            strips.push_error(number + 1, label, &message);
                        }
                        if let Some(page) = &mut self.page {
                            page.push_error(number + 1, label, &message);
                        }
                        self.bad_input = true;
                    }
                    Ok(out.flush()?)
                })?;
            }
            Ok(())
        })?;
        drop(ticker);
        Ok(())
    }
}
