//! The order of the pattern's tiles along the occupied cells, as a rank, and the maps between
//! ranks that a tile's move makes when it jumps over other pattern tiles.
//!
//! A placement is a set of occupied cells (a map) and, for each tile in the pattern's order, its
//! *place* among those cells (0 for the lowest cell). The order's rank is the lexicographic rank
//! of that sequence of places, so the orders with the first tiles at given places are one run of
//! ranks (which `convert` relies on). A tile moving one column keeps its place; a tile moving one
//! row passes the cells in between, and when some of them hold pattern tiles, its place moves
//! from `from` to `to`, the tiles it passes shift by one, and the rank changes by a fixed map, the
//! same for every map. Those maps are tables of `k!` ranks when they fit in memory, else they are
//! computed entry by entry.

use rayon::prelude::*;

pub(super) use crate::pdb::regions::factorial;
use crate::pdb::{rank, unrank};

/// The most bytes all the tables may take; beyond this the maps are computed entry by entry.
pub(super) const MAX_TABLE_BYTES: usize = 1 << 28;

/// The places after the tile at place `from` moves to place `to` and the tiles between shift.
fn shifted(places: &mut [u8], from: u8, to: u8) {
    for place in places.iter_mut() {
        if *place == from {
            *place = to;
        } else if from < to && (from + 1..=to).contains(place) {
            *place -= 1;
        } else if to < from && (to..from).contains(place) {
            *place += 1;
        }
    }
}

/// The rank of the places of rank `r` after the tile at place `from` moves to `to`.
fn shift_rank(k: usize, from: usize, to: usize, r: usize) -> u32 {
    let mut places = [0u8; 16];
    let places = &mut places[..k];
    unrank(r, k, places);
    shifted(places, from as u8, to as u8);
    rank(places.iter().copied(), k) as u32
}

/// The rank maps for every `(from, to)` move of a place in a sequence of `k` tiles.
pub(super) struct Shifts {
    k: usize,
    /// Indexed by `from * k + to`; empty when not needed or computed entry by entry.
    tables: Vec<Box<[u32]>>,
}

/// One rank map: a table, or the computation itself.
#[derive(Clone, Copy)]
pub(super) enum Shift<'a> {
    Table(&'a [u32]),
    Computed { k: usize, from: usize, to: usize },
}

impl Shift<'_> {
    /// The rank `r` maps to.
    #[inline]
    pub(super) fn get(self, r: usize) -> usize {
        match self {
            Shift::Table(table) => table[r] as usize,
            Shift::Computed { k, from, to } => shift_rank(k, from, to, r) as usize,
        }
    }
}

impl Shifts {
    /// Tables for the `(from, to)` pairs in `needed` (both directions are built), unless they
    /// would take more than `max_bytes`.
    pub(super) fn new(k: usize, needed: &[(u8, u8)], max_bytes: usize) -> Shifts {
        let mut wanted = vec![false; k * k];
        for &(from, to) in needed {
            let (from, to) = (usize::from(from), usize::from(to));
            wanted[from * k + to] = true;
            wanted[to * k + from] = true;
        }
        let perms = factorial(k);
        let count = wanted.iter().filter(|&&w| w).count();
        if count.saturating_mul(perms).saturating_mul(4) > max_bytes {
            return Shifts { k, tables: Vec::new() };
        }
        let tables = (0..k * k)
            .into_par_iter()
            .map(|pair| {
                if !wanted[pair] {
                    return Box::default();
                }
                let (from, to) = (pair / k, pair % k);
                (0..perms).map(|r| shift_rank(k, from, to, r)).collect()
            })
            .collect();
        Shifts { k, tables }
    }

    /// The map for a tile whose place moves from `from` to `to` (they differ).
    #[inline]
    pub(super) fn shift(&self, from: u8, to: u8) -> Shift<'_> {
        let (from, to) = (usize::from(from), usize::from(to));
        match self.tables.get(from * self.k + to) {
            Some(table) if !table.is_empty() => Shift::Table(table),
            _ => Shift::Computed { k: self.k, from, to },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_move_one_place_and_tables_agree_with_computation() {
        let k = 5;
        let needed = [(0, 2), (4, 1), (3, 4)];
        let tables = Shifts::new(k, &needed, MAX_TABLE_BYTES);
        let computed = Shifts::new(k, &needed, 0);
        for &(from, to) in &needed {
            for (a, b) in [(from, to), (to, from)] {
                let (table, direct) = (tables.shift(a, b), computed.shift(a, b));
                assert!(matches!(table, Shift::Table(_)) && matches!(direct, Shift::Computed { .. }));
                for r in 0..factorial(k) {
                    assert_eq!(table.get(r), direct.get(r));
                    // The inverse move brings the rank back.
                    assert_eq!(tables.shift(b, a).get(table.get(r)), r);
                }
            }
        }
        let mut places = [0, 1, 2, 3];
        shifted(&mut places, 0, 2);
        assert_eq!(places, [2, 0, 1, 3]);
        shifted(&mut places, 3, 1);
        assert_eq!(places, [3, 0, 2, 1]);
    }
}
