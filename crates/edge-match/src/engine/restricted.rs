//! The row engine with some pieces kept out of some of its lists ([`Engine::restricted`]),
//! derived from a built engine instead of built again: the corner split's searches
//! (`row_search.rs`) are the plan's engine with the corner piece alone in the top-left cell's
//! list (and, on an oblong board, kept out of it, alone in the top-right cell's).
//!
//! The lists kept whole are shared as they are; each list that loses a piece gets a filtered
//! copy at the end of the candidates (the same candidates in the same order, each look-alike
//! chain cut to the candidates left), and the lists are indexed again for the fast loop, so
//! that the searches make exactly the placements of [`Engine::build`] with the same filter and
//! the tight loop reads them as it reads any list, with no check of its own.

use super::row::{Engine, NO_TWIN};
use super::tables::ListKey;

impl Engine {
    /// This engine with `keep(list, piece)` deciding whether each piece stays in each of its
    /// frame classes' lists (`list` = the class and the north and west keys), as
    /// [`Engine::build`] would have built it with that filter: the same lists, the same
    /// candidates in the same order, the same look-alikes. The lists of clued cells are
    /// left as they are; the corner split has none. Its order and corner are this engine's,
    /// its corner split not built yet.
    pub(super) fn restricted(&self, keep: impl Fn(ListKey, usize) -> bool) -> Engine {
        let mut engine = Engine { split: std::sync::OnceLock::new(), ..self.clone() };
        let keys = self.keys;
        let classes = if self.puzzle.framed() { 4 } else { 1 };
        // Per candidate copied: its index in the copy, to cut the look-alike chains.
        let mut copied = vec![NO_TWIN; self.candidates.len()];
        for (list, &(start, end)) in self.ranges.iter().enumerate().take(classes * keys * keys) {
            let key = ListKey { class: list / (keys * keys), north: list / keys % keys, west: list % keys };
            let kept = |index: &u32| keep(key, self.candidates[*index as usize].piece());
            if (start..end).all(|index| kept(&index)) {
                continue;
            }
            let first = engine.candidates.len() as u32;
            for index in (start..end).filter(kept) {
                // The look-alike is the last earlier one left in the list: follow the chain past
                // those left out.
                let mut twin = self.twins[index as usize];
                while twin != NO_TWIN && copied[twin as usize] == NO_TWIN {
                    twin = self.twins[twin as usize];
                }
                copied[index as usize] = engine.candidates.len() as u32;
                engine.twins.push(if twin == NO_TWIN { NO_TWIN } else { copied[twin as usize] });
                engine.candidates.push(self.candidates[index as usize]);
            }
            engine.ranges[list] = (first, engine.candidates.len() as u32);
        }
        engine.index_lists();
        engine
    }
}

#[cfg(test)]
mod tests {
    use search::Limits;

    use super::super::mode::Mode;
    use super::super::row::{Candidate, Engine, NO_TWIN};
    use super::super::searches::Search;
    use super::super::tables::ListKey;
    use crate::model::{Puzzle, FRAME};
    use crate::testing::random_colour_puzzle;

    /// A list of the frame classes as the searches see it: per candidate, itself, its
    /// look-alike, its next turn and the pieces of the look-alike chain (the fast loop's view).
    type List = Vec<(Candidate, Option<Candidate>, Option<Candidate>, Vec<u64>)>;

    /// The class lists of `engine`, and its fast loop's per-list piece sets and below masks.
    fn lists(engine: &Engine) -> (Vec<List>, Vec<u64>, Vec<u64>) {
        let classes = if engine.puzzle.framed() { 4 } else { 1 };
        let n = classes * engine.keys * engine.keys;
        let at = |index: u32| (index != NO_TWIN).then(|| engine.candidates[index as usize]);
        let words = engine.words;
        let lists = (engine.ranges[..n].iter())
            .map(|&(start, end)| {
                (start..end)
                    .map(|i| {
                        let i = i as usize;
                        let masks = engine.twin_masks.get(i * words..(i + 1) * words).unwrap_or_default().to_vec();
                        (engine.candidates[i], at(engine.twins[i]), at(engine.next_turn[i]), masks)
                    })
                    .collect()
            })
            .collect();
        let pieces = engine.piece_masks.get(..n * words).unwrap_or_default().to_vec();
        (lists, pieces, engine.north_masks.clone())
    }

    /// Filters to restrict with: pieces kept out of lists at random, and the corner split's.
    fn filters(puzzle: &Puzzle, seed: u64) -> Vec<Box<dyn Fn(ListKey, usize) -> bool>> {
        let frame = usize::from(FRAME);
        let corner = (seed as usize * 7) % puzzle.pieces().len();
        let top_left = move |list: ListKey| list.class == 0 && list.north == frame && list.west == frame;
        let top_right = move |list: ListKey| list.class == 1 && list.north == frame;
        vec![
            Box::new(move |list: ListKey, piece: usize| {
                let hash = (list.class * 31 + list.north * 7 + list.west) as u64 * 0x9e37_79b9 + piece as u64 + seed;
                hash.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 61 != 0
            }),
            Box::new(move |list, piece| !top_left(list) || piece == corner),
            Box::new(move |list, piece| (!top_left(list) || piece != corner) && (!top_right(list) || piece == corner)),
        ]
    }

    /// A restricted engine is the engine built with the same filter: the same lists, look-alikes,
    /// turns and fast-loop masks, and the same counts and placements in both modes, on framed
    /// and free boards, with and without turns, of one and two words.
    #[test]
    fn a_restricted_engine_is_the_engine_built_with_its_filter() {
        let mut compared = 0;
        for seed in 0..24u64 {
            let shapes = [(3, 3), (3, 4), (4, 3), (4, 4), (2, 5)];
            let (rows, cols) = shapes[seed as usize % shapes.len()];
            let (framed, rotate) = (seed % 4 != 3, seed % 6 != 5);
            let puzzle = random_colour_puzzle(rows, cols, 2 + (seed % 3) as u16, framed, rotate, seed);
            for words in [1, 2] {
                let whole = Engine::build(&puzzle, &[], |_, _| true, words);
                for keep in filters(&puzzle, seed) {
                    let (derived, built) = (whole.restricted(&keep), Engine::build(&puzzle, &[], &keep, words));
                    let what = format!("{rows}x{cols}, seed {seed}, {words} words");
                    assert_eq!(lists(&derived), lists(&built), "{what}");
                    for mode in [Mode::Plain, Mode::Pictures] {
                        let limits = Limits { max_expanded: Some(200_000), ..Limits::NONE };
                        let counts = |engine: &Engine| engine.count(mode, &limits);
                        assert_eq!(counts(&derived), counts(&built), "{what}, {mode:?}");
                        assert_eq!(derived.first(&limits).board, built.first(&limits).board, "{what}, {mode:?}");
                        compared += counts(&built).solutions;
                    }
                }
            }
        }
        assert!(compared > 100, "{compared}");
    }
}
