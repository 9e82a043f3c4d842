//! One colour-puzzle search cut into independent work units, so that it can be spread over many
//! processes or machines and the counts added up afterwards.
//!
//! The search tree of a plan ([`crate::Plan`], in its scan order) is cut at a depth `D` below
//! the number of cells: [`crate::Plan::split`] walks the tree above the cut once, counting its
//! placements, and returns every partial board of `D` cells (a prefix, placements by depth in
//! the plan's order) in search order. [`crate::Plan::count_below`] and
//! [`crate::Plan::solutions_below`] search below one prefix. The placements above the cut plus
//! the counts below every prefix are exactly the counts of the whole tree searched on one
//! thread; since `D` is less than the number of cells, no solution lies above the cut, and the
//! solutions below the prefixes, in unit order, are those of [`crate::Plan::for_each_solution`]
//! in its order. A prefix from outside is replayed only through
//! placements the search itself makes, so a prefix of another puzzle or mode is refused instead
//! of being counted. [`puzzle_key`] names a puzzle and its search options, so that a unit is not
//! applied to another puzzle.

use crate::engine::Mode;
use crate::model::{Placement, Puzzle};

/// A 64-bit name (the fingerprint, XXH3) for a puzzle with its clues (`clues[cell]`, empty for none) searched
/// in `mode`: the board's size, whether it is framed and pieces turn, every piece's colours,
/// every clue and the mode. It stays the same across runs, machines and versions of this crate
/// (a test pins it), and changes with anything that changes the search.
///
/// ```
/// use edge_match::parse::{PuzOptions, parse_puz};
/// use edge_match::{puzzle_key, Mode, Placement};
///
/// let puzzle = parse_puz("2 1\n0 1 0 0\n0 0 0 1\n", &PuzOptions::default()).unwrap();
/// let key = puzzle_key(&puzzle, &[], Mode::Pictures);
/// assert_eq!(key, puzzle_key(&puzzle.clone(), &[], Mode::Pictures));
/// assert_ne!(key, puzzle_key(&puzzle, &[], Mode::Plain));
/// assert_ne!(key, puzzle_key(&puzzle, &[Some(Placement::new(0, 0)), None], Mode::Pictures));
/// ```
pub fn puzzle_key(puzzle: &Puzzle, clues: &[Option<Placement>], mode: Mode) -> u64 {
    let mut text = format!(
        "colour split v1\n{} {} framed={} rotate={} mode={}\n",
        puzzle.rows(),
        puzzle.cols(),
        puzzle.framed(),
        puzzle.rotate(),
        match mode {
            Mode::Plain => "plain",
            Mode::Pictures => "pictures",
        }
    );
    for [north, east, south, west] in puzzle.pieces() {
        text.push_str(&format!("{north} {east} {south} {west}\n"));
    }
    for (cell, clue) in clues.iter().enumerate() {
        if let Some(clue) = clue {
            text.push_str(&format!("clue {cell} {} {}\n", clue.piece, clue.rotation));
        }
    }
    // A partner table is a different puzzle; equal colours add nothing, so their keys stay.
    if !puzzle.equal_colours() {
        let partners: Vec<String> = (0..puzzle.n_colours() as u16).map(|c| puzzle.partner(c).to_string()).collect();
        text.push_str(&format!("partners {}\n", partners.join(" ")));
    }
    puzzle_core::fingerprint::fingerprint(text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Search, SplitError};
    use search::Limits;

    /// No limits, but counts on the calling thread.
    const SEQUENTIAL: Limits<'static> = Limits { max_expanded: Some(u64::MAX), ..Limits::NONE };
    use crate::model::PuzzleSpec;
    use proptest::prelude::*;

    /// A board cut from a random picture (so it has a solution), pieces shuffled and turned.
    fn generated(rows: usize, cols: usize, colours: u16, framed: bool, rotate: bool, seed: u64) -> Puzzle {
        crate::testing::random_colour_puzzle(rows, cols, colours, framed, rotate, seed)
    }

    /// At every depth and in both modes, the counts above the cut and below every prefix add up
    /// to the sequential count, and the solutions below the prefixes, in unit order, are the
    /// sequential stream.
    fn check(puzzle: &Puzzle, clues: &[Option<Placement>]) -> Result<(), TestCaseError> {
        let engine = Engine::new(puzzle, clues);
        let cells = puzzle.rows() * puzzle.cols();
        for mode in [Mode::Plain, Mode::Pictures] {
            let whole = engine.count(mode, &SEQUENTIAL);
            // Keep the test quick: every depth searches the whole tree twice more.
            prop_assume!(whole.nodes <= 100_000);
            let mut stream = Vec::new();
            engine.for_each_solution(mode, &Limits::NONE, &mut |s| {
                stream.push(s.to_vec());
                true
            });
            for depth in 0..cells {
                let split = engine.split(mode, depth, &Limits::NONE).unwrap();
                prop_assert_eq!(split.above.solutions, 0);
                let mut total = split.above;
                let mut found = Vec::new();
                for prefix in &split.prefixes {
                    prop_assert_eq!(prefix.len(), depth);
                    let below = engine.count_below(mode, prefix, &Limits::NONE).unwrap();
                    total.solutions += below.solutions;
                    total.nodes += below.nodes;
                    let listed = engine
                        .solutions_below(mode, prefix, &Limits::NONE, &mut |s| {
                            found.push(s.to_vec());
                            true
                        })
                        .unwrap();
                    // Placements agree in the plain search; counting pictures also looks ahead,
                    // which the streaming search does not, so only the solutions must agree there.
                    if mode == Mode::Plain {
                        prop_assert_eq!(listed, below, "{:?} depth {} prefix {:?}", mode, depth, prefix);
                    } else {
                        prop_assert_eq!(listed.solutions, below.solutions, "depth {} prefix {:?}", depth, prefix);
                    }
                }
                if mode == Mode::Plain {
                    prop_assert_eq!(total, whole, "depth {}", depth);
                } else {
                    prop_assert_eq!(total.solutions, whole.solutions, "pictures depth {}", depth);
                }
                prop_assert_eq!(&found, &stream, "{:?} depth {}", mode, depth);
            }
            prop_assert_eq!(engine.split(mode, cells, &Limits::NONE), Err(SplitError::TooDeep { depth: cells, cells }));
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn units_add_up_to_the_whole_search(
            (rows, cols) in prop_oneof![Just((1usize, 3usize)), Just((2, 2)), Just((2, 3)), Just((3, 3))],
            colours in 2u16..4,
            framed in any::<bool>(),
            rotate in any::<bool>(),
            seed in any::<u64>(),
        ) {
            // A free border with few colours makes a huge tree; more colours keep it small.
            let colours = if framed { colours } else { colours + 3 };
            check(&generated(rows, cols, colours, framed, rotate, seed), &[])?;
        }

        #[test]
        fn units_add_up_with_clues(
            colours in 2u16..4,
            framed in any::<bool>(),
            seed in any::<u64>(),
            cell in 0usize..9,
            piece in 0usize..9,
            rotation in 0u8..4,
        ) {
            let colours = if framed { colours } else { colours + 3 };
            let puzzle = generated(3, 3, colours, framed, true, seed);
            let mut clues = vec![None; 9];
            clues[cell] = Some(Placement::new(piece, rotation));
            check(&puzzle, &clues)?;
        }
    }

    #[test]
    fn a_prefix_the_search_does_not_make_is_refused() {
        let puzzle = generated(3, 3, 3, true, true, 7);
        let engine = Engine::new(&puzzle, &[]);
        let split = engine.split(Mode::Plain, 2, &Limits::NONE).unwrap();
        let good = split.prefixes[0].clone();
        assert!(engine.count_below(Mode::Plain, &good, &Limits::NONE).is_ok());
        // The same piece twice, a turn the corner does not allow, a board full.
        let twice = vec![good[0], good[0]];
        let turned = vec![good[0], Placement { rotation: good[1].rotation.then(puzzle_core::Rotation::R1), ..good[1] }];
        let full = vec![good[0]; 9];
        assert_eq!(
            engine.count_below(Mode::Plain, &twice, &Limits::NONE),
            Err(SplitError::NotInSearch { cell: 1, piece: good[0].piece, rotation: good[0].turns() })
        );
        assert!(matches!(
            engine.count_below(Mode::Plain, &turned, &Limits::NONE),
            Err(SplitError::NotInSearch { cell: 1, .. })
        ));
        assert_eq!(
            engine.count_below(Mode::Plain, &full, &Limits::NONE),
            Err(SplitError::TooDeep { depth: 9, cells: 9 })
        );
        // A piece that does not exist is refused, not looked up.
        let missing = vec![Placement::new(1000, 0)];
        assert!(matches!(
            engine.count_below(Mode::Plain, &missing, &Limits::NONE),
            Err(SplitError::NotInSearch { cell: 0, .. })
        ));
    }

    #[test]
    fn the_key_names_the_puzzle_and_the_options() {
        let puzzle = generated(2, 2, 3, false, true, 1);
        let key = puzzle_key(&puzzle, &[], Mode::Plain);
        // Pinned to the text it hashes, so that units written by earlier versions are still
        // accepted: a change to that text (or to the checksum) must be a decision.
        let pinned = Puzzle::try_from(PuzzleSpec {
            rows: 1,
            cols: 2,
            pieces: vec![[1, 2, 3, 4], [3, 4, 1, 2]],
            framed: false,
            rotate: true,
        })
        .unwrap();
        let text = "colour split v1\n1 2 framed=false rotate=true mode=plain\n1 2 3 4\n3 4 1 2\n";
        assert_eq!(puzzle_key(&pinned, &[], Mode::Plain), xxhash_rust::xxh3::xxh3_64(text.as_bytes()));
        assert_ne!(puzzle_key(&puzzle, &[], Mode::Pictures), key);
        let spec = |rotate, framed| PuzzleSpec { rows: 2, cols: 2, pieces: puzzle.pieces().to_vec(), framed, rotate };
        assert_eq!(puzzle_key(&Puzzle::try_from(spec(true, false)).unwrap(), &[], Mode::Plain), key);
        assert_ne!(puzzle_key(&Puzzle::try_from(spec(false, false)).unwrap(), &[], Mode::Plain), key);
        assert_ne!(puzzle_key(&Puzzle::try_from(spec(true, true)).unwrap(), &[], Mode::Plain), key);
        let clue = [None, Some(Placement::new(0, 1)), None, None];
        assert_ne!(puzzle_key(&puzzle, &clue, Mode::Plain), key);
        assert_eq!(puzzle_key(&puzzle, &[None; 4], Mode::Plain), key);
    }

    /// Brendan Owen's set 2 6x6 board, cut at several depths: 160 solutions and 44,024,849
    /// placements in the plain search (the published figures), whatever the cut.
    #[test]
    fn brendan_set2_6x6_split_adds_up_to_the_published_figures() {
        let text = include_str!("../../../fixtures/data/brendan_set2_06x06.puz");
        let puzzle = crate::puz::parse_puz(text, &crate::puz::PuzOptions::default()).unwrap();
        let engine = Engine::new(&puzzle, &[]);
        for depth in [1, 7] {
            let split = engine.split(Mode::Plain, depth, &Limits::NONE).unwrap();
            let mut total = split.above;
            for prefix in &split.prefixes {
                let below = engine.count_below(Mode::Plain, prefix, &Limits::NONE).unwrap();
                total.solutions += below.solutions;
                total.nodes += below.nodes;
            }
            assert_eq!((total.solutions, total.nodes), (160, 44_024_849), "depth {depth}");
        }
    }
}
