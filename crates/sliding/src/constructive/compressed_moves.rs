//! A fast answer's moves kept in little memory: packed four to a byte and compressed in blocks,
//! each block carrying its move count and a hash of its packed bytes, so that the moves read back
//! are known to be the moves that were checked.
//!
//! The constructive solver's paths repeat a few move patterns (a tile walked along a line is the
//! same five moves again and again), so a path of billions of moves, 2 bits a move packed,
//! compresses some 20 to 50 times: a 1000×1000 board's 2.6 × 10^9 moves take a few tens of
//! megabytes instead of the 660 MB packed or 2.6 GB as letters. Reading the tape back costs a
//! fraction of the time that making the moves again does.
//!
//! The memory is bounded by a [`TapeBudget`] shared by every tape of a run: a tape that would
//! pass it is dropped as it is written, and its answer is made again when read instead.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use puzzle_core::Direction;

/// Packed bytes per block: 4 Mi moves.
const BLOCK_BYTES: usize = 1 << 20;

/// Moves per packed byte.
const PER_BYTE: usize = 4;

/// The bytes that the tapes of a run may hold together, shared by them.
///
/// ```
/// use sliding::constructive::TapeBudget;
///
/// let budget = TapeBudget::new(1 << 20);
/// assert_eq!(budget.left(), 1 << 20);
/// ```
#[derive(Debug)]
pub struct TapeBudget {
    left: AtomicUsize,
}

impl TapeBudget {
    /// A budget of `bytes` bytes.
    pub fn new(bytes: usize) -> TapeBudget {
        TapeBudget { left: AtomicUsize::new(bytes) }
    }

    /// The bytes not yet taken.
    pub fn left(&self) -> usize {
        self.left.load(Ordering::Relaxed)
    }

    /// Takes `bytes` if that many are left.
    fn take(&self, bytes: usize) -> bool {
        self.left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| left.checked_sub(bytes)).is_ok()
    }

    fn give_back(&self, bytes: usize) {
        self.left.fetch_add(bytes, Ordering::Relaxed);
    }
}

/// One compressed block of packed moves.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Block {
    compressed: Box<[u8]>,
    /// Packed bytes before compression.
    packed_len: u32,
    /// Moves in the block (the last byte of the last block may hold fewer than four).
    n_moves: u32,
    /// [`hash`] of the packed bytes.
    hash: u64,
}

/// Moves kept compressed, written by a [`TapeWriter`]; its bytes are held against a
/// [`TapeBudget`] and given back when it is dropped.
#[derive(Debug)]
pub(crate) struct Tape {
    blocks: Vec<Block>,
    n_moves: u64,
    budget: Arc<TapeBudget>,
    /// Bytes taken from the budget.
    held: usize,
}

impl Drop for Tape {
    fn drop(&mut self) {
        self.budget.give_back(self.held);
    }
}

impl PartialEq for Tape {
    fn eq(&self, other: &Tape) -> bool {
        self.blocks == other.blocks && self.n_moves == other.n_moves
    }
}

impl Eq for Tape {}

/// Why reading a tape back stopped.
#[derive(Debug)]
pub(crate) enum TapeError<E> {
    /// The sink's error.
    Sink(E),
    /// A block did not decompress to the bytes written (a bug): the message says which.
    Corrupt(String),
}

impl Tape {
    /// The number of moves.
    pub(crate) fn n_moves(&self) -> u64 {
        self.n_moves
    }

    /// The bytes the tape holds.
    #[cfg(test)]
    fn size(&self) -> usize {
        self.held
    }

    /// Hands the moves to `sink` in order, a block (4 Mi moves) at a time; each block is checked
    /// against its hash and count before it is handed over.
    pub(crate) fn play<E>(&self, sink: &mut dyn FnMut(&[Direction]) -> Result<(), E>) -> Result<(), TapeError<E>> {
        self.play_as(&unpack_table(), sink)
    }

    /// [`Tape::play`] with the moves as the letters `U`, `D`, `L`, `R`, made from the packed
    /// bytes directly.
    pub(crate) fn play_letters<E>(&self, sink: &mut dyn FnMut(&[u8]) -> Result<(), E>) -> Result<(), TapeError<E>> {
        self.play_as(&letter_table(), sink)
    }

    /// [`Tape::play_letters`] with the blocks decompressed and checked on a thread of their own,
    /// a block or two ahead of the caller's thread, which makes their letters and hands them to
    /// `sink`, when the tape has more than one: the two halves take about the same time.
    pub(crate) fn play_letters_beside<E>(
        &self,
        sink: &mut dyn FnMut(&[u8]) -> Result<(), E>,
    ) -> Result<(), TapeError<E>> {
        if self.blocks.len() < 2 {
            return self.play_letters(sink);
        }
        let table = letter_table();
        let mut letters = Vec::with_capacity(BLOCK_BYTES * PER_BYTE);
        let mut failed = None;
        let read = super::producer_thread::beside(
            2,
            |send| {
                let mut block = Unpacked::default();
                for number in 0..self.blocks.len() {
                    self.unpack(number, &mut block)?;
                    if send(&mut block).is_break() {
                        break;
                    }
                }
                Ok(())
            },
            &mut |block: &Unpacked| {
                block.expand(&table, &mut letters);
                match sink(&letters) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(err) => {
                        failed = Some(err);
                        ControlFlow::Break(())
                    }
                }
            },
        );
        match (failed, read) {
            (Some(err), _) => Err(TapeError::Sink(err)),
            (None, Err(message)) => Err(TapeError::Corrupt(message)),
            (None, Ok(())) => Ok(()),
        }
    }

    /// [`Tape::play`] with each move written as `table` says: `table[byte]` is what the four moves
    /// of a packed byte become.
    fn play_as<T: Copy, E>(
        &self,
        table: &[[T; PER_BYTE]; 256],
        sink: &mut dyn FnMut(&[T]) -> Result<(), E>,
    ) -> Result<(), TapeError<E>> {
        let mut block = Unpacked::default();
        let mut moves: Vec<T> = Vec::with_capacity(BLOCK_BYTES * PER_BYTE);
        for number in 0..self.blocks.len() {
            self.unpack(number, &mut block).map_err(TapeError::Corrupt)?;
            block.expand(table, &mut moves);
            sink(&moves).map_err(TapeError::Sink)?;
        }
        Ok(())
    }

    /// Decompresses block `number` into `into`, checked against the hash and the count written
    /// with it; `Err` says what is wrong.
    fn unpack(&self, number: usize, into: &mut Unpacked) -> Result<(), String> {
        let block = &self.blocks[number];
        let corrupt = |what: &str| format!("block {number} of the moves kept: {what}");
        into.packed.resize(BLOCK_BYTES, 0);
        let len = lz4_flex::block::decompress_into(&block.compressed, &mut into.packed)
            .map_err(|err| corrupt(&err.to_string()))?;
        into.packed.truncate(len);
        if len != block.packed_len as usize || hash(&into.packed) != block.hash {
            return Err(corrupt("its bytes differ from those written"));
        }
        into.n_moves = block.n_moves as usize;
        if into.n_moves > len * PER_BYTE || into.n_moves + PER_BYTE <= len * PER_BYTE {
            return Err(corrupt("its count does not fit its bytes"));
        }
        Ok(())
    }
}

/// A block read back: its packed bytes, checked, and its number of moves.
#[derive(Debug, Default)]
struct Unpacked {
    packed: Vec<u8>,
    n_moves: usize,
}

impl Unpacked {
    /// Puts the block's moves in `out`, each written as `table` says (see [`Tape::play_as`]).
    fn expand<T: Copy>(&self, table: &[[T; PER_BYTE]; 256], out: &mut Vec<T>) {
        out.clear();
        out.extend(self.packed.iter().flat_map(|&byte| table[usize::from(byte)]));
        out.truncate(self.n_moves);
    }
}

/// Writes a [`Tape`]: moves are packed as they come and compressed a block at a time.
#[derive(Debug)]
pub(crate) struct TapeWriter {
    /// `None` once the budget ran out: the moves are no longer kept.
    tape: Option<Tape>,
    /// The open block, packed.
    packed: Vec<u8>,
    /// The moves of a byte not yet full, and how many.
    carry: u8,
    carry_len: usize,
    /// Room for one compressed block.
    scratch: Vec<u8>,
}

impl TapeWriter {
    /// A writer whose tape holds its bytes against `budget`.
    pub(crate) fn new(budget: Arc<TapeBudget>) -> TapeWriter {
        TapeWriter {
            tape: Some(Tape { blocks: Vec::new(), n_moves: 0, budget, held: 0 }),
            packed: Vec::with_capacity(BLOCK_BYTES),
            carry: 0,
            carry_len: 0,
            scratch: Vec::new(),
        }
    }

    /// Adds `moves` to the tape.
    pub(crate) fn push(&mut self, mut moves: &[Direction]) {
        if self.tape.is_none() {
            return;
        }
        while self.carry_len != 0 && !moves.is_empty() {
            self.carry |= (moves[0] as u8) << (2 * self.carry_len);
            self.carry_len += 1;
            moves = &moves[1..];
            if self.carry_len == PER_BYTE {
                let byte = self.carry;
                (self.carry, self.carry_len) = (0, 0);
                self.packed.push(byte);
                if self.packed.len() == BLOCK_BYTES {
                    self.seal(BLOCK_BYTES * PER_BYTE);
                }
            }
        }
        while moves.len() >= PER_BYTE {
            let room = BLOCK_BYTES - self.packed.len();
            let bytes = (moves.len() / PER_BYTE).min(room);
            let (whole, rest) = moves.split_at(bytes * PER_BYTE);
            self.packed.extend(whole.chunks_exact(PER_BYTE).map(pack));
            moves = rest;
            if self.packed.len() == BLOCK_BYTES {
                self.seal(BLOCK_BYTES * PER_BYTE);
            }
        }
        // Fewer than four moves are left, and the carry is empty unless none are.
        for &dir in moves {
            self.carry |= (dir as u8) << (2 * self.carry_len);
            self.carry_len += 1;
        }
    }

    /// Compresses the open block, holding `n_moves` moves, onto the tape, or drops the tape
    /// when the budget cannot hold it.
    fn seal(&mut self, n_moves: usize) {
        let Some(tape) = &mut self.tape else { return };
        if self.packed.is_empty() {
            return;
        }
        self.scratch.resize(lz4_flex::block::get_maximum_output_size(self.packed.len()), 0);
        let compressed = match lz4_flex::block::compress_into(&self.packed, &mut self.scratch) {
            Ok(len) => &self.scratch[..len],
            // The room is the crate's own bound, so this does not happen; keeping nothing is
            // always correct (the moves are made again when read).
            Err(_) => {
                self.tape = None;
                return;
            }
        };
        let block = Block {
            compressed: compressed.into(),
            packed_len: self.packed.len() as u32,
            n_moves: n_moves as u32,
            hash: hash(&self.packed),
        };
        self.packed.clear();
        let size = block.compressed.len() + std::mem::size_of::<Block>();
        if !tape.budget.take(size) {
            self.tape = None;
            return;
        }
        tape.held += size;
        tape.n_moves += n_moves as u64;
        tape.blocks.push(block);
    }

    /// The tape, or `None` when the budget could not hold it.
    pub(crate) fn finish(mut self) -> Option<Tape> {
        let mut n_moves = self.packed.len() * PER_BYTE;
        if self.carry_len != 0 {
            self.packed.push(self.carry);
            n_moves += self.carry_len;
        }
        self.seal(n_moves);
        self.tape.take()
    }
}

/// Four moves in one byte, the first in the lowest bits.
#[inline]
fn pack(four: &[Direction]) -> u8 {
    (four[0] as u8) | (four[1] as u8) << 2 | (four[2] as u8) << 4 | (four[3] as u8) << 6
}

/// The four moves of each byte.
fn unpack_table() -> [[Direction; PER_BYTE]; 256] {
    std::array::from_fn(|byte| std::array::from_fn(|at| Direction::from_index(byte >> (2 * at))))
}

/// The letters of the four moves of each byte.
fn letter_table() -> [[u8; PER_BYTE]; 256] {
    unpack_table().map(|four| four.map(|dir| dir.move_letter() as u8))
}

/// A hash of a block's packed bytes, the workspace's one checksum ([`puzzle_core::fingerprint::fingerprint()`]):
/// it guards against a slip in packing, compressing or unpacking, not against an adversary.
fn hash(bytes: &[u8]) -> u64 {
    puzzle_core::fingerprint::fingerprint(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzle_core::SplitMix64;

    fn random_moves(rng: &mut SplitMix64, n: usize) -> Vec<Direction> {
        (0..n).map(|_| Direction::from_index(rng.below(4))).collect()
    }

    fn played(tape: &Tape) -> Vec<Direction> {
        let mut out = Vec::new();
        let played = tape.play(&mut |moves| {
            out.extend_from_slice(moves);
            Ok::<(), ()>(())
        });
        assert!(played.is_ok());
        out
    }

    /// Whatever the lengths of the pieces written, the moves come back the same.
    #[test]
    fn moves_come_back_as_written() {
        let mut rng = SplitMix64::new(7);
        let budget = Arc::new(TapeBudget::new(usize::MAX / 2));
        let cases: Vec<(usize, Vec<usize>)> = vec![
            (0, vec![]),
            (1, vec![1]),
            (3, vec![1, 1, 1]),
            (5, vec![2, 3]),
            (1000, vec![1, 7, 992]),
            // Past a block, in pieces that leave a partial byte at the block's end.
            (4 * BLOCK_BYTES + 9, vec![3, 4 * BLOCK_BYTES - 1, 7]),
            (8 * BLOCK_BYTES, vec![8 * BLOCK_BYTES]),
        ];
        for (n, pieces) in cases {
            let moves = random_moves(&mut rng, n);
            let mut writer = TapeWriter::new(Arc::clone(&budget));
            let mut at = 0;
            for piece in pieces {
                writer.push(&moves[at..at + piece]);
                at += piece;
            }
            let tape = writer.finish().unwrap();
            assert_eq!(tape.n_moves(), n as u64);
            assert!(played(&tape) == moves, "{n} moves");
        }
    }

    /// A path of repeated patterns, as the solver makes, takes far less than its packed size.
    #[test]
    fn patterns_compress() {
        let pattern = [Direction::East, Direction::North, Direction::West, Direction::North, Direction::East];
        let moves: Vec<Direction> = pattern.iter().copied().cycle().take(4 * BLOCK_BYTES).collect();
        let budget = Arc::new(TapeBudget::new(usize::MAX / 2));
        let mut writer = TapeWriter::new(Arc::clone(&budget));
        writer.push(&moves);
        let tape = writer.finish().unwrap();
        assert!(tape.size() < BLOCK_BYTES / 50, "{} bytes", tape.size());
        assert!(played(&tape) == moves);
    }

    /// A tape past the budget is dropped; what the tapes held is given back when they go.
    #[test]
    fn budget_bounds_the_tapes() {
        let mut rng = SplitMix64::new(8);
        // Random moves hardly compress: two blocks take about 2 MiB.
        let moves = random_moves(&mut rng, 2 * BLOCK_BYTES * PER_BYTE);
        let budget = Arc::new(TapeBudget::new(3 * BLOCK_BYTES));
        let mut first = TapeWriter::new(Arc::clone(&budget));
        first.push(&moves);
        let first = first.finish().unwrap();
        assert_eq!(budget.left(), 3 * BLOCK_BYTES - first.size());
        let mut second = TapeWriter::new(Arc::clone(&budget));
        second.push(&moves);
        assert!(second.finish().is_none());
        assert_eq!(budget.left(), 3 * BLOCK_BYTES - first.size());
        drop(first);
        assert_eq!(budget.left(), 3 * BLOCK_BYTES);
    }

    /// A block whose bytes changed is refused before any of its moves are handed over.
    #[test]
    fn a_changed_block_is_caught() {
        let mut rng = SplitMix64::new(9);
        let moves = random_moves(&mut rng, 3 * BLOCK_BYTES * PER_BYTE / 2);
        let mut writer = TapeWriter::new(Arc::new(TapeBudget::new(usize::MAX / 2)));
        writer.push(&moves);
        let mut tape = writer.finish().unwrap();
        let last = tape.blocks.len() - 1;
        // Random bytes are stored as literals: flipping one changes a move, not the format.
        let middle = tape.blocks[last].compressed.len() / 2;
        tape.blocks[last].compressed[middle] ^= 1;
        let mut handed = 0;
        let played = tape.play(&mut |moves| {
            handed += moves.len();
            Ok::<(), ()>(())
        });
        assert!(matches!(played, Err(TapeError::Corrupt(_))), "{played:?}");
        assert_eq!(handed, BLOCK_BYTES * PER_BYTE);
    }

    #[test]
    fn letters_are_the_moves_letters() {
        let mut rng = SplitMix64::new(10);
        let moves = random_moves(&mut rng, 4 * BLOCK_BYTES + 3);
        let mut writer = TapeWriter::new(Arc::new(TapeBudget::new(usize::MAX / 2)));
        writer.push(&moves);
        let tape = writer.finish().unwrap();
        let mut letters = Vec::new();
        let played = tape.play_letters(&mut |chunk| {
            letters.extend_from_slice(chunk);
            Ok::<(), ()>(())
        });
        assert!(played.is_ok());
        let expected = crate::path_letters(&moves).into_bytes();
        assert!(letters == expected);
        // Read on a thread of their own: the same letters; a sink that fails stops the reading.
        let mut beside = Vec::new();
        let played = tape.play_letters_beside(&mut |chunk| {
            beside.extend_from_slice(chunk);
            Ok::<(), ()>(())
        });
        assert!(played.is_ok() && beside == expected);
        let mut calls = 0;
        let played = tape.play_letters_beside(&mut |_| {
            calls += 1;
            Err("full")
        });
        assert!(matches!(played, Err(TapeError::Sink("full"))) && calls == 1);
    }

    #[test]
    fn pack_and_unpack_agree() {
        let unpack = unpack_table();
        for byte in 0..=255u8 {
            assert_eq!(pack(&unpack[usize::from(byte)]), byte);
        }
    }
}
