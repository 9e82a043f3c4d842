//! Which pattern databases a board shape is searched with: the strongest ones already at hand,
//! else small ones built in a fraction of a second, and stronger ones only when the work ahead
//! pays for the time they take to build (about a second for the mid tier, half a minute for the
//! 7-8 tables).

use crate::board::Board;
use crate::heuristic::Heuristic;
use crate::pdb::PatternKey;
use crate::pdb::{canonical_blank, PdbHeuristic, Tier};
use crate::solve::lower_bound;

/// Boards of 4×4 needing a search in one run from which the mid 6-6-3 tables are built: they
/// take about half a second on two cores and save about 0.9 M nodes a board on boards like
/// Korf's (1.13 M with the quick 5-5-5 tables, 0.22 M with them; docs/experiments.md,
/// "Partitions of the pattern databases"), some 0.05 s, so from about ten boards they cost less
/// than they save.
pub(crate) const MID_4X4_AFTER_BOARDS: usize = 8;

/// Boards of 4×4 needing a search in one run from which the 7-8 tables are built: with the
/// quick 5-5-5 tables Korf's 100 take about 0.06 s a board (7.2 s in all), with the 7-8 tables
/// about 0.006 s (0.58 s), and the 7-8 tables build in about 25 s on two cores
/// (docs/experiments.md, "Partitions of the pattern databases"; docs/benchmarks.md, "Pattern
/// database builds"), so from about 450 boards the big tables cost less than they save.
pub const FULL_4X4_AFTER_BOARDS: usize = 500;

/// A 5×5 board whose linear-conflict bound is at least this is searched with the 6-6-6-6
/// tables, built if needed: the quick 4-4-4-4-4-4 tables solve boards near the goal at once but
/// would take hours on boards this far away, while the big tables take seconds to build.
pub const FULL_5X5_FROM_BOUND: u32 = 50;

/// The tables chosen for one board shape and goal.
///
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TableChoice {
    /// How strong the tables are.
    pub(crate) tier: Tier,
    /// The tables to load or build, for [`PdbHeuristic::for_tier`].
    pub(crate) keys: Vec<PatternKey>,
    /// Why tables that are not cached are built now: for the user to read.
    pub(crate) building_because: Option<String>,
}

/// Chooses the pattern databases for boards with this `goal`, of which `boards` need a search
/// in this run, given which tables are `cached` already; `None` when the shape has more cells
/// than pattern databases cover.
///
/// The strongest tables already cached win, unless the boards ahead pay for building stronger
/// ones ([`MID_4X4_AFTER_BOARDS`], [`FULL_4X4_AFTER_BOARDS`], [`FULL_5X5_FROM_BOUND`]);
/// otherwise the quick tables are used.
pub(crate) fn choose_tables(
    goal: &Board,
    boards: &[&Board],
    cached: &dyn Fn(&PatternKey) -> bool,
) -> Option<TableChoice> {
    let shape = goal.shape();
    let (rows, cols, blank) = (shape.rows(), shape.cols(), goal.blank().0);
    let keys = |tier| PdbHeuristic::tier_keys(rows, cols, blank, tier);
    let quick = keys(Tier::Quick)?;
    let canonical = canonical_blank(rows, cols, blank);
    let own = |tier: Tier| tier.differs(rows, cols, canonical);
    let names =
        |tier| keys(tier).unwrap_or_default().iter().map(|k| k.tiles().len().to_string()).collect::<Vec<_>>().join("-");
    let have =
        [Tier::Full, Tier::Mid].into_iter().find(|&tier| own(tier) && keys(tier).is_some_and(|k| k.iter().all(cached)));
    let wanted = if own(Tier::Full) && shape.n_cells() == 16 && boards.len() >= FULL_4X4_AFTER_BOARDS {
        Some((
            Tier::Full,
            format!(
                "{} {shape} boards to search (at least {FULL_4X4_AFTER_BOARDS}) pay for the {} tables (about half a minute to build)",
                boards.len(),
                names(Tier::Full)
            ),
        ))
    } else if own(Tier::Full) && shape.n_cells() == 25 {
        let far = boards
            .iter()
            .filter_map(|board| lower_bound(board, goal, &Heuristic::LinearConflict).ok())
            .max()
            .filter(|&bound| bound >= FULL_5X5_FROM_BOUND);
        far.map(|bound| {
            let names = names(Tier::Full);
            (
                Tier::Full,
                format!(
                    "a {shape} board at least {bound} moves away (from {FULL_5X5_FROM_BOUND}) needs the {names} tables (about ten seconds to build)"
                ),
            )
        })
    } else if own(Tier::Mid) && boards.len() >= MID_4X4_AFTER_BOARDS {
        Some((
            Tier::Mid,
            format!(
                "{} {shape} boards to search (at least {MID_4X4_AFTER_BOARDS}) pay for the {} tables (about a second to build)",
                boards.len(),
                names(Tier::Mid)
            ),
        ))
    } else {
        None
    };
    let choice = |tier, keys, building_because| Some(TableChoice { tier, keys, building_because });
    match (have, wanted) {
        (Some(tier), wanted) if wanted.as_ref().is_none_or(|(want, _)| *want <= tier) => {
            choice(tier, keys(tier)?, None)
        }
        (_, Some((tier, because))) => choice(tier, keys(tier)?, Some(because)),
        _ => choice(Tier::Quick, quick, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::GoalKind;
    use puzzle_core::{Direction, Shape};

    fn goal(rows: usize, cols: usize, kind: GoalKind) -> Board {
        Board::goal(Shape::new(rows, cols).unwrap(), kind).unwrap()
    }

    /// A board reached from `goal` by walking the blank along `dirs` (moves that hit a wall are
    /// skipped).
    fn walked(goal: &Board, dirs: &[Direction]) -> Board {
        let mut board = goal.clone();
        for &dir in dirs {
            board.move_blank(dir);
        }
        board
    }

    #[test]
    fn quick_tables_are_small_on_every_shape() {
        for rows in 2..=12 {
            for cols in 2..=12 {
                for kind in [GoalKind::BlankLast, GoalKind::BlankFirst] {
                    let goal = goal(rows, cols, kind);
                    let choice = choose_tables(&goal, &[], &|_| false);
                    if rows * cols > crate::pdb::PDB_MAX_CELLS {
                        assert_eq!(choice, None, "{rows}x{cols}");
                        continue;
                    }
                    let choice = choice.expect("a choice for small shapes");
                    assert_eq!(choice.tier, Tier::Quick, "{rows}x{cols}");
                    assert_eq!(choice.building_because, None);
                    for key in &choice.keys {
                        assert!(key.entries() <= 1 << 22, "{rows}x{cols}: {key} has {} entries", key.entries());
                    }
                }
            }
        }
    }

    #[test]
    fn cached_big_tables_win_and_are_built_only_when_they_pay() {
        use Direction::{North, West};
        for kind in [GoalKind::BlankLast, GoalKind::BlankFirst] {
            let goal = goal(4, 4, kind);
            let near = walked(&goal, &[West, North]);
            let full = PdbHeuristic::tier_keys(4, 4, goal.blank().0, Tier::Full).unwrap();
            let quick = PdbHeuristic::tier_keys(4, 4, goal.blank().0, Tier::Quick).unwrap();
            assert_ne!(full, quick);

            let choice = choose_tables(&goal, &[&near], &|_| false).unwrap();
            assert_eq!((choice.tier, &choice.keys, &choice.building_because), (Tier::Quick, &quick, &None));

            let choice = choose_tables(&goal, &[&near], &|key| full.contains(key)).unwrap();
            assert_eq!((choice.tier, &choice.keys, &choice.building_because), (Tier::Full, &full, &None));

            // One of the big tables missing: not "cached".
            let choice = choose_tables(&goal, &[&near], &|key| *key == full[0]).unwrap();
            assert_eq!(choice.tier, Tier::Quick);

            let many = vec![&near; FULL_4X4_AFTER_BOARDS];
            let choice = choose_tables(&goal, &many, &|_| false).unwrap();
            assert_eq!((choice.tier, &choice.keys), (Tier::Full, &full));
            assert!(choice.building_because.unwrap().contains(&FULL_4X4_AFTER_BOARDS.to_string()));
            let choice = choose_tables(&goal, &many[1..], &|_| false).unwrap();
            assert_eq!(choice.tier, Tier::Mid);

            // The mid tables: built from MID_4X4_AFTER_BOARDS boards on, used whenever cached,
            // and passed over for the big ones when those pay or are cached.
            let mid = PdbHeuristic::tier_keys(4, 4, goal.blank().0, Tier::Mid).unwrap();
            assert!(mid != quick && mid != full);
            let some = &many[..MID_4X4_AFTER_BOARDS];
            let choice = choose_tables(&goal, some, &|_| false).unwrap();
            assert_eq!((choice.tier, &choice.keys), (Tier::Mid, &mid));
            assert!(choice.building_because.unwrap().contains(&MID_4X4_AFTER_BOARDS.to_string()));
            let choice = choose_tables(&goal, &some[1..], &|_| false).unwrap();
            assert_eq!(choice.tier, Tier::Quick);
            let choice = choose_tables(&goal, &[&near], &|key| mid.contains(key)).unwrap();
            assert_eq!((choice.tier, &choice.keys, &choice.building_because), (Tier::Mid, &mid, &None));
            let choice = choose_tables(&goal, &many, &|key| mid.contains(key)).unwrap();
            assert_eq!((choice.tier, choice.building_because.is_some()), (Tier::Full, true));
            let choice = choose_tables(&goal, some, &|key| full.contains(key)).unwrap();
            assert_eq!((choice.tier, &choice.building_because), (Tier::Full, &None));
        }
    }

    #[test]
    fn a_far_5x5_board_builds_the_big_tables() {
        let goal = goal(5, 5, GoalKind::BlankFirst);
        let near = walked(&goal, &[Direction::East, Direction::South]);
        assert_eq!(choose_tables(&goal, &[&near], &|_| false).unwrap().tier, Tier::Quick);
        // The goal turned half a turn, blank moved back to the corner: every tile is far from
        // home, so linear conflict alone proves a bound well above the threshold.
        let mut tiles: Vec<u32> = goal.tiles().iter().rev().copied().collect();
        tiles.swap(0, 24);
        let far = Board::try_from(crate::board::BoardSpec { rows: 5, cols: 5, tiles }).unwrap();
        let bound = lower_bound(&far, &goal, &Heuristic::LinearConflict).unwrap();
        assert!(bound >= FULL_5X5_FROM_BOUND, "bound {bound}");
        let choice = choose_tables(&goal, &[&near, &far], &|_| false).unwrap();
        assert_eq!(choice.tier, Tier::Full);
        assert!(choice.building_because.unwrap().contains(&bound.to_string()));
    }

    /// The mid tier's tables, read through the board's symmetries, never exceed the true distance
    /// and keep its parity: checked on every board within 14 moves of both corner goals, the
    /// distances counted by a breadth-first search written here.
    #[test]
    fn mid_tables_are_admissible_near_both_goals() {
        use std::collections::{HashMap, VecDeque};
        use std::sync::Arc;

        use crate::pdb::PatternDb;

        let keys = PdbHeuristic::tier_keys(4, 4, 0, Tier::Mid).unwrap();
        let tables: Vec<Arc<PatternDb>> =
            keys.iter().map(|key| Arc::new(PatternDb::build(key, &|_| {}).unwrap())).collect();
        for kind in [GoalKind::BlankFirst, GoalKind::BlankLast] {
            let goal = goal(4, 4, kind);
            let mid = PdbHeuristic::for_tier(goal.shape(), goal.blank().0, Tier::Mid, &tables).unwrap();
            let heuristic = Heuristic::Pdb(Arc::new(mid));
            let mut distance: HashMap<Board, u32> = HashMap::from([(goal.clone(), 0)]);
            let mut queue = VecDeque::from([goal.clone()]);
            let mut stronger = 0;
            while let Some(board) = queue.pop_front() {
                let d = distance[&board];
                let h = lower_bound(&board, &goal, &heuristic).unwrap();
                assert!(h <= d && (d - h) % 2 == 0, "{board}: bound {h}, distance {d}");
                let lc = lower_bound(&board, &goal, &Heuristic::LinearConflict).unwrap();
                stronger += usize::from(h > lc);
                if d == 14 {
                    continue;
                }
                for dir in Direction::ALL {
                    if let Some(next) = board.moved(dir) {
                        distance.entry(next.clone()).or_insert_with(|| {
                            queue.push_back(next);
                            d + 1
                        });
                    }
                }
            }
            assert!(distance.len() > 10_000, "{}", distance.len());
            // Not vacuous: the tables see more than linear conflict on many boards.
            assert!(stronger > distance.len() / 20, "{stronger} of {}", distance.len());
        }
    }
}
