//! The constructive solver's moves as they are made: a short tail is kept so that a move undoing
//! the previous one cancels it, and the moves before the tail go to a sink in chunks, so a path
//! of billions of moves never sits in memory.

use std::ops::ControlFlow;

use puzzle_core::Direction;

/// Moves handed to the sink at a time; the tail kept back for cancelling is as long again.
///
/// The chunks are cut at fixed counts of recorded moves, whatever the sink does, so the path is
/// the same however it is read. A cancellation never reaches further back than the tail, which
/// is far longer than any walk of the blank that could be undone move by move.
pub(super) const CHUNK: usize = 1 << 15;

/// Where the moves go: called with each chunk, in order; `Break` asks the solver to stop.
pub type Sink<'s> = dyn FnMut(&[Direction]) -> ControlFlow<()> + 's;

/// The moves recorded so far.
pub(super) struct Recorder<'s> {
    /// The moves not yet handed over; cancellation acts here.
    tail: Vec<Direction>,
    /// The moves handed over so far.
    sent: u64,
    sink: &'s mut Sink<'s>,
    /// The sink said `Break`: nothing more is handed over.
    halted: bool,
    /// Inside a trial: the tail is only counted, never handed over.
    holding: bool,
}

impl<'s> Recorder<'s> {
    pub(super) fn new(sink: &'s mut Sink<'s>) -> Recorder<'s> {
        Recorder { tail: Vec::with_capacity(2 * CHUNK), sent: 0, sink, halted: false, holding: false }
    }

    /// Records `dir`, or cancels it against the previous move when it undoes it.
    #[inline]
    pub(super) fn push(&mut self, dir: Direction) {
        if self.tail.last() == Some(&dir.opposite()) {
            self.tail.pop();
        } else {
            self.tail.push(dir);
            if self.tail.len() >= 2 * CHUNK && !self.holding {
                self.send(CHUNK);
            }
        }
    }

    /// Records `dirs` in order, as [`Recorder::push`] on each.
    #[inline]
    pub(super) fn push_all(&mut self, dirs: &[Direction]) {
        // Most runs of moves undo none of their own moves nor the last one recorded: those are
        // copied in one go (a move and its opposite are the only pairs of indices two apart).
        let undoes = |a: Direction, b: Direction| a.index() ^ b.index() == 2;
        let joins = match (self.tail.last(), dirs.first()) {
            (Some(&last), Some(&first)) => undoes(last, first),
            _ => false,
        };
        if !joins && !dirs.windows(2).any(|pair| undoes(pair[0], pair[1])) {
            self.tail.extend_from_slice(dirs);
        } else {
            for &dir in dirs {
                if self.tail.last() == Some(&dir.opposite()) {
                    self.tail.pop();
                } else {
                    self.tail.push(dir);
                }
            }
        }
        while self.tail.len() >= 2 * CHUNK && !self.holding {
            self.send(CHUNK);
        }
    }

    /// Hands the first `n` moves of the tail over.
    fn send(&mut self, n: usize) {
        if !self.halted {
            self.halted = (self.sink)(&self.tail[..n]).is_break();
        }
        self.sent += n as u64;
        self.tail.drain(..n);
    }

    /// Whether the sink asked to stop.
    pub(super) fn halted(&self) -> bool {
        self.halted
    }

    /// Starts a trial: the moves from here on are counted apart and never handed over; returns
    /// the tail to give back to [`Recorder::end_trial`].
    pub(super) fn start_trial(&mut self) -> Vec<Direction> {
        self.holding = true;
        std::mem::take(&mut self.tail)
    }

    /// Ends a trial, forgetting its moves; returns how many there were.
    pub(super) fn end_trial(&mut self, tail: Vec<Direction>) -> usize {
        self.holding = false;
        let moves = self.tail.len();
        self.tail = tail;
        moves
    }

    /// Hands the rest over; returns the number of moves in all.
    pub(super) fn finish(&mut self) -> u64 {
        let n = self.tail.len();
        if n > 0 {
            self.send(n);
        }
        self.sent
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use puzzle_core::{Direction, SplitMix64};

    use super::Recorder;

    /// Runs of moves given at once cancel as the same moves given one by one: at the join with
    /// the moves before, inside the run, and in runs of every length up to 6.
    #[test]
    fn runs_cancel_as_single_moves_do() {
        let mut rng = SplitMix64::new(5);
        for _ in 0..2000 {
            let runs: Vec<Vec<Direction>> = (0..rng.below(8))
                .map(|_| (0..rng.below(7)).map(|_| Direction::from_index(rng.below(4))).collect())
                .collect();
            let record = |by_runs: bool| {
                let mut sent = Vec::new();
                let mut sink = |chunk: &[Direction]| {
                    sent.extend_from_slice(chunk);
                    ControlFlow::Continue(())
                };
                let mut recorder = Recorder::new(&mut sink);
                for run in &runs {
                    if by_runs {
                        recorder.push_all(run);
                    } else {
                        run.iter().for_each(|&dir| recorder.push(dir));
                    }
                }
                let made = recorder.finish();
                drop(recorder);
                assert_eq!(made, sent.len() as u64);
                sent
            };
            assert_eq!(record(true), record(false), "{runs:?}");
        }
    }
}
