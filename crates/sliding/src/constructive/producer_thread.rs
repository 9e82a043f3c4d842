//! A producer of chunks on a thread of its own, a few chunks ahead of the consumer on the
//! caller's thread: the fast solver beside the replay and printing of its moves, and a tape's
//! blocks decompressed and checked beside the writing of their letters. The buffers go back to
//! the producer to be filled again, so the memory in flight stays a few chunks.

use std::ops::ControlFlow;
use std::sync::mpsc;

/// Runs `produce` on a scoped thread, handing each buffer it fills to `take` on this thread, in
/// order, with at most `ahead` buffers filled and not yet taken; returns what `produce` returned.
///
/// The producer's sink takes the buffer it is given and leaves in its place one that `take` is
/// done with (its contents stale: the producer clears or overwrites it) or a new one, so that
/// nothing is copied between the threads.
///
/// Once `take` says `Break` it is given nothing more, and the producer's sink says `Break` from
/// then on (the producer should stop). A panic of the producer is resumed here.
pub(super) fn beside<B: Default + Send, R: Send>(
    ahead: usize,
    produce: impl FnOnce(&mut dyn FnMut(&mut B) -> ControlFlow<()>) -> R + Send,
    take: &mut dyn FnMut(&B) -> ControlFlow<()>,
) -> R {
    let (full, made) = mpsc::sync_channel::<B>(ahead);
    let (empty, spare) = mpsc::channel::<B>();
    std::thread::scope(|scope| {
        let producer = scope.spawn(move || {
            // A send fails once `take` said `Break` and the receiver is gone.
            produce(&mut |filled: &mut B| {
                let filled = std::mem::replace(filled, spare.try_recv().unwrap_or_default());
                match full.send(filled) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(_) => ControlFlow::Break(()),
                }
            })
        });
        for buffer in made.iter() {
            if take(&buffer).is_break() {
                break;
            }
            // The producer may have ended: then the buffer is not needed again.
            let _ = empty.send(buffer);
        }
        drop(made);
        match producer.join() {
            Ok(produced) => produced,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_arrive_in_order_and_a_break_stops_the_producer() {
        let produce = |sink: &mut dyn FnMut(&mut Vec<u32>) -> ControlFlow<()>| {
            let mut sent = 0;
            let mut chunk = Vec::new();
            for start in (0..1000).step_by(10) {
                chunk.clear();
                chunk.extend(start..start + 10);
                if sink(&mut chunk).is_break() {
                    break;
                }
                sent += 1;
            }
            sent
        };
        let mut taken = Vec::new();
        let sent = beside(2, produce, &mut |chunk: &Vec<u32>| {
            taken.extend_from_slice(chunk);
            ControlFlow::Continue(())
        });
        assert_eq!((sent, taken), (100, (0..1000).collect::<Vec<u32>>()));
        let mut calls = 0;
        let sent = beside(2, produce, &mut |_: &Vec<u32>| {
            calls += 1;
            if calls == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(calls, 3);
        // The producer learns of the break at its next send, at most `ahead` chunks later.
        assert!((3..=6).contains(&sent), "{sent}");
    }
}
