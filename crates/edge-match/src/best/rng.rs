//! Seeds: every thread's every restart draws its candidate order from its own stream, a pure
//! function of the run's seed, the thread and the restart, so runs and resumed runs repeat.

use puzzle_core::SplitMix64;

/// The stream of restart `restart` of thread `thread` in a run seeded with `seed`.
pub(crate) fn restart_stream(seed: u64, thread: usize, restart: u64) -> SplitMix64 {
    let a = SplitMix64::new(seed).next_u64();
    let b = SplitMix64::new(a ^ (thread as u64).wrapping_mul(0xa076_1d64_78bd_642f)).next_u64();
    SplitMix64::new(b ^ restart.wrapping_mul(0xe703_7ed1_a0b4_28db))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_differ_and_repeat() {
        let draw = |s, t, r| restart_stream(s, t, r).next_u64();
        assert_eq!(draw(1, 0, 0), draw(1, 0, 0));
        assert_ne!(draw(1, 0, 0), draw(1, 1, 0));
        assert_ne!(draw(1, 0, 0), draw(1, 0, 1));
        assert_ne!(draw(1, 0, 0), draw(2, 0, 0));
    }
}
