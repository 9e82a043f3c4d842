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
        for &dir in dirs {
            if self.tail.last() == Some(&dir.opposite()) {
                self.tail.pop();
            } else {
                self.tail.push(dir);
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
