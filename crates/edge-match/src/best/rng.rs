//! Seeds: every thread's every restart draws its candidate order from its own stream, a pure
//! function of the run's seed, the thread and the restart, so runs and resumed runs repeat.

/// SplitMix64: a small, well-mixed generator (Steele, Lea and Flood 2014).
#[derive(Clone, Debug)]
pub(crate) struct SplitMix(u64);

impl SplitMix {
    /// The stream of restart `restart` of thread `thread` in a run seeded with `seed`.
    pub(crate) fn for_restart(seed: u64, thread: usize, restart: u64) -> SplitMix {
        let mut mix = SplitMix(seed);
        let a = mix.next_u64();
        let mut mix = SplitMix(a ^ (thread as u64).wrapping_mul(0xa076_1d64_78bd_642f));
        let b = mix.next_u64();
        SplitMix(b ^ restart.wrapping_mul(0xe703_7ed1_a0b4_28db))
    }

    /// The next number.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_differ_and_repeat() {
        let draw = |s, t, r| SplitMix::for_restart(s, t, r).next_u64();
        assert_eq!(draw(1, 0, 0), draw(1, 0, 0));
        assert_ne!(draw(1, 0, 0), draw(1, 1, 0));
        assert_ne!(draw(1, 0, 0), draw(1, 0, 1));
        assert_ne!(draw(1, 0, 0), draw(2, 0, 0));
    }
}
