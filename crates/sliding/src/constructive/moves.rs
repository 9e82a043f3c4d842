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

/// Moves handed over that the recorder's buffer holds before it drops them (a few chunks).
const SPENT: usize = 4 * CHUNK;

/// Where the moves go: called with each chunk, in order; `Break` asks the solver to stop.
pub type Sink<'s> = dyn FnMut(&[Direction]) -> ControlFlow<()> + 's;

/// The moves recorded so far.
pub(super) struct Recorder<'s> {
    /// The moves not yet handed over, `tail[head..]`; cancellation acts there. The moves before
    /// `head` were handed over and are dropped a few chunks at a time, so that the moves kept
    /// back are not shifted down at every chunk.
    tail: Vec<Direction>,
    head: usize,
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
        Recorder { tail: Vec::with_capacity(SPENT + 2 * CHUNK), head: 0, sent: 0, sink, halted: false, holding: false }
    }

    /// Records `dir`, or cancels it against the previous move when it undoes it.
    #[inline]
    pub(super) fn push(&mut self, dir: Direction) {
        if self.append_or_cancel(dir) && self.tail.len() - self.head >= 2 * CHUNK && !self.holding {
            self.send(CHUNK);
        }
    }

    /// Appends `dir` to the tail, or cancels it against the last move not yet handed over when
    /// it undoes it; whether it was appended. Hands nothing over.
    #[inline(always)]
    fn append_or_cancel(&mut self, dir: Direction) -> bool {
        if self.last() == Some(dir.opposite()) {
            self.tail.pop();
            false
        } else {
            self.tail.push(dir);
            true
        }
    }

    /// The last move not yet handed over.
    #[inline]
    fn last(&self) -> Option<Direction> {
        self.tail[self.head..].last().copied()
    }

    /// Records `dirs` in order, as [`Recorder::push`] on each.
    #[inline]
    pub(super) fn push_all(&mut self, dirs: &[Direction]) {
        // Most runs of moves undo none of their own moves nor the last one recorded: those are
        // copied in one go (a move and its opposite are the only pairs of indices two apart).
        let undoes = |a: Direction, b: Direction| a.index() ^ b.index() == 2;
        let joins = match (self.last(), dirs.first()) {
            (Some(last), Some(&first)) => undoes(last, first),
            _ => false,
        };
        // Every pair looked at, without stopping at the first that undoes: a loop the compiler
        // makes in vector registers, where a search stopping early goes a move at a time.
        let within = dirs.iter().zip(dirs.iter().skip(1)).fold(false, |any, (&a, &b)| any | undoes(a, b));
        if !joins && !within {
            self.tail.extend_from_slice(dirs);
        } else {
            for &dir in dirs {
                self.append_or_cancel(dir);
            }
        }
        while self.tail.len() - self.head >= 2 * CHUNK && !self.holding {
            self.send(CHUNK);
        }
    }

    /// Hands the first `n` moves of the tail over.
    fn send(&mut self, n: usize) {
        if !self.halted {
            self.halted = (self.sink)(&self.tail[self.head..self.head + n]).is_break();
        }
        self.sent += n as u64;
        self.head += n;
        if self.head >= SPENT {
            self.tail.drain(..self.head);
            self.head = 0;
        }
    }

    /// Whether the sink asked to stop.
    pub(super) fn halted(&self) -> bool {
        self.halted
    }

    /// Starts a trial: the moves from here on are counted apart and never handed over; returns
    /// the tail to give back to [`Recorder::end_trial`].
    pub(super) fn start_trial(&mut self) -> (Vec<Direction>, usize) {
        self.holding = true;
        (std::mem::take(&mut self.tail), std::mem::take(&mut self.head))
    }

    /// Ends a trial, forgetting its moves; returns how many there were.
    pub(super) fn end_trial(&mut self, (tail, head): (Vec<Direction>, usize)) -> usize {
        self.holding = false;
        let moves = self.tail.len() - self.head;
        (self.tail, self.head) = (tail, head);
        moves
    }

    /// Hands the rest over; returns the number of moves in all.
    pub(super) fn finish(&mut self) -> u64 {
        let n = self.tail.len() - self.head;
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

    use super::{Recorder, CHUNK, SPENT};

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

    /// Over many chunks, with moves often undoing the ones before, the chunks handed over are
    /// those of a plain model: a buffer that cancels at its end and, at twice [`CHUNK`] moves,
    /// hands over and removes its first [`CHUNK`].
    #[test]
    fn chunks_are_those_of_a_plain_buffer() {
        let mut rng = SplitMix64::new(11);
        // A run undone past the chunk handed over, then random runs.
        let mut moves = vec![Direction::East; 2 * CHUNK + 5];
        moves.resize(4 * CHUNK + 10, Direction::West);
        let mut last = Direction::North;
        while moves.len() < 28 * CHUNK {
            // Long runs one way, long runs undone, and random moves.
            let dir = match rng.below(10) {
                0..=3 => last,
                4..=5 => last.opposite(),
                _ => Direction::from_index(rng.below(4)),
            };
            moves.push(dir);
            last = dir;
        }
        let mut model: Vec<Vec<Direction>> = Vec::new();
        let mut buffer: Vec<Direction> = Vec::new();
        for &dir in &moves {
            if buffer.last() == Some(&dir.opposite()) {
                buffer.pop();
            } else {
                buffer.push(dir);
                if buffer.len() >= 2 * CHUNK {
                    model.push(buffer.drain(..CHUNK).collect());
                }
            }
        }
        model.push(buffer);
        for by_runs in [false, true] {
            let mut chunks: Vec<Vec<Direction>> = Vec::new();
            let mut sink = |chunk: &[Direction]| {
                chunks.push(chunk.to_vec());
                ControlFlow::Continue(())
            };
            let mut recorder = Recorder::new(&mut sink);
            let mut rest = &moves[..];
            while !rest.is_empty() {
                let (run, after) = rest.split_at(if by_runs { rest.len().min(1 + rng.below(9)) } else { 1 });
                match run {
                    [dir] => recorder.push(*dir),
                    run => recorder.push_all(run),
                }
                rest = after;
            }
            recorder.finish();
            drop(recorder);
            assert!(chunks.len() > SPENT / CHUNK + 2, "{} chunks", chunks.len());
            assert!(chunks == model, "{} chunks against the model's {}", chunks.len(), model.len());
        }
    }
}
