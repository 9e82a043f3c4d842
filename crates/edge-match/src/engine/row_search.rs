//! The row engine's side of the searches ([`Search`] for [`Engine`]): its walk, its counts over
//! the tight loop (`count_loop.rs`) split across threads (`parallel.rs`), and counting pictures
//! through the board's turns (the corner split and the distinct pictures, `symmetry.rs`).
//! `row.rs` holds the type and knows nothing of its walk, so nothing here comes back to it.

use search::walk::{Counts, Observe, Watch};

use super::kept::Kept;
use super::mode::Mode;
use super::order::{north_west_links, Order};
use super::parallel::count_tree;
use super::row::Engine;
use super::searches::{for_each_watched, search_basics, Search};
use super::symmetry::{count_in_turn, one_per_orbit};
use super::tables::ListKey;
use super::walk::RowWalk;
use crate::model::{Puzzle, FRAME};

impl Search for Engine {
    search_basics!(RowWalk);

    fn count_below_floor(below: &mut RowWalk<'_>, watch: &Watch<'_>) {
        below.count(watch);
    }

    fn keep_below_floor(below: &mut RowWalk<'_>, watch: &Watch<'_>, kept: &mut Kept) {
        below.count_keeping(watch, kept);
    }

    fn count_watched(&self, mode: Mode, watch: &Watch<'_>, observe: Observe<'_>, kept: &mut Kept) -> Counts {
        let by_turns = if mode == Mode::Pictures { self.count_by_turns(watch, observe, kept) } else { None };
        by_turns.unwrap_or_else(|| count_tree(self, mode, watch, observe, kept))
    }

    fn count_distinct_watched(&self, watch: &Watch<'_>, kept: &mut Kept) -> Counts {
        self.count_distinct_pictures(watch, kept)
    }

    fn turned(&self, mode: Mode) -> Option<(Vec<Engine>, u64)> {
        let turns = self.corner.filter(|_| mode == Mode::Pictures)?.turns;
        Some((self.corner_split()?.to_vec(), turns))
    }
}

impl Engine {
    /// The pictures counted through the board's turns ([`Engine::corner_split`]), when the
    /// engine has a corner: the reduced searches' count times the turns of the board.
    fn count_by_turns(&self, watch: &Watch<'_>, observe: Observe<'_>, kept: &mut Kept) -> Option<Counts> {
        let corner = self.corner?;
        let mut counts = self.count_corner_split(watch, observe, kept)?;
        counts.solutions *= corner.turns;
        Some(counts)
    }

    /// The pictures of the searches the corner reduces a count to ([`Engine::corner_split`]):
    /// one per orbit under the board's turns. Under a node limit, each search has what the ones
    /// before it left. The first pictures found go to `kept`.
    fn count_corner_split(&self, watch: &Watch<'_>, observe: Observe<'_>, kept: &mut Kept) -> Option<Counts> {
        let engines = self.corner_split()?;
        Some(count_in_turn(engines, watch, |engine, part| count_tree(engine, Mode::Pictures, part, observe, kept)))
    }

    /// The board's turns as a shortcut for counting pictures, with the engine's corner piece
    /// (one whose four sides, up to rotation, no other piece shows, on a framed board whose
    /// pieces turn, without clues). Every picture shows it in exactly one corner, and a turn of
    /// the whole board carries each picture onto another one with the piece in another corner.
    /// So on a square board the pictures with it in the top-left corner are a quarter of all,
    /// and each orbit under the turns holds exactly one of them; on an oblong board (half turns
    /// only) the pictures with it top-left or top-right are half of all, one per orbit. Returns
    /// the engines of those searches (one, or two on an oblong board): this engine's tables with
    /// the corner piece alone in the top-left cell's list (and, for the second, kept out of it
    /// and alone in the top-right cell's), derived the first time they are asked for and kept
    /// with the engine.
    pub(super) fn corner_split(&self) -> Option<&[Engine]> {
        self.split.get_or_init(|| self.build_corner_split()).as_deref()
    }

    /// [`Engine::corner_split`], derived from this engine's tables ([`Engine::restricted`]):
    /// nothing is built again.
    fn build_corner_split(&self) -> Option<Vec<Engine>> {
        let corner = self.corner?.piece;
        let frame = usize::from(FRAME);
        let top_left = |list: ListKey| list.class == 0 && list.north == frame && list.west == frame;
        let top_right = |list: ListKey| list.class == 1 && list.north == frame;
        let mut engines = vec![self.restricted(|list, piece| !top_left(list) || piece == corner)];
        if self.puzzle.rows() != self.puzzle.cols() {
            engines.push(self.restricted(|list, piece| {
                (!top_left(list) || piece != corner) && (!top_right(list) || piece == corner)
            }));
        }
        Some(engines)
    }

    /// This engine's tables in row order, with its corner split (if built) in row order too:
    /// the same lists, linked for another order, so nothing is built again.
    pub(super) fn in_row_order(&self) -> Engine {
        let relink = |engine: &Engine| {
            let mut linked = Engine { split: std::sync::OnceLock::new(), ..engine.clone() };
            let (cell_at, north_at, west_at) =
                north_west_links(Order::Row, self.puzzle.rows(), self.cols).expect("row order");
            (linked.order, linked.cell_at, linked.north_at, linked.west_at) = (Order::Row, cell_at, north_at, west_at);
            linked
        };
        let row = relink(self);
        if let Some(split) = self.split.get() {
            let _ = row.split.set(split.as_ref().map(|engines| engines.iter().map(relink).collect()));
        }
        row
    }

    /// Counts solutions up to the board's own symmetries: pictures that a turn of the whole board
    /// carries onto each other count once (a half turn on any board, quarter turns too on a square
    /// one; none when pieces may not turn, since turning the board turns them, nor with clues,
    /// which a turn would move). Sequential, except with a corner piece as [`Engine::count`]
    /// uses: then every orbit holds exactly one picture of its reduced searches, which run in
    /// parallel.
    fn count_distinct_pictures(&self, watch: &Watch<'_>, kept: &mut Kept) -> Counts {
        if let Some(counts) = self.count_corner_split(watch, &|_, _, _| {}, kept) {
            return counts;
        }
        let clued = self.fixed.iter().any(Option::is_some);
        one_per_orbit(&self.puzzle, clued, kept, |visit| for_each_watched(self, Mode::Pictures, watch, visit))
    }
}
