//! A producer of chunks on a thread of its own, a few chunks ahead of the consumer on the
//! caller's thread: the fast solver beside the replay and printing of its moves, and a tape read
//! back beside the writing of its letters. The buffers go back to the producer to be filled
//! again, so the memory in flight stays a few chunks.

use std::ops::ControlFlow;
use std::sync::mpsc;

/// Runs `produce` on a scoped thread, handing each chunk it gives its sink to `take` on this
/// thread, in order, with at most `ahead` chunks made and not yet taken; returns what `produce`
/// returned.
///
/// Once `take` says `Break` it is given nothing more, and the producer's sink says `Break` from
/// then on (the producer should stop). A panic of the producer is resumed here.
pub(super) fn beside<T: Copy + Send, R: Send>(
    ahead: usize,
    produce: impl FnOnce(&mut dyn FnMut(&[T]) -> ControlFlow<()>) -> R + Send,
    take: &mut dyn FnMut(&[T]) -> ControlFlow<()>,
) -> R {
    let (full, made) = mpsc::sync_channel::<Vec<T>>(ahead);
    let (empty, spare) = mpsc::channel::<Vec<T>>();
    std::thread::scope(|scope| {
        let producer = scope.spawn(move || {
            // A send fails once `take` said `Break` and the receiver is gone.
            produce(&mut |items: &[T]| {
                let mut chunk = spare.try_recv().unwrap_or_default();
                chunk.clear();
                chunk.extend_from_slice(items);
                match full.send(chunk) {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(_) => ControlFlow::Break(()),
                }
            })
        });
        for chunk in made.iter() {
            if take(&chunk).is_break() {
                break;
            }
            // The producer may have ended: then the chunk is not needed again.
            let _ = empty.send(chunk);
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
        let produce = |sink: &mut dyn FnMut(&[u32]) -> ControlFlow<()>| {
            let mut sent = 0;
            for start in (0..1000).step_by(10) {
                let chunk: Vec<u32> = (start..start + 10).collect();
                if sink(&chunk).is_break() {
                    break;
                }
                sent += 1;
            }
            sent
        };
        let mut taken = Vec::new();
        let sent = beside(2, produce, &mut |chunk| {
            taken.extend_from_slice(chunk);
            ControlFlow::Continue(())
        });
        assert_eq!((sent, taken), (100, (0..1000).collect::<Vec<u32>>()));
        let mut calls = 0;
        let sent = beside(2, produce, &mut |_| {
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
