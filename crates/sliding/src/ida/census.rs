//! A census of a catalogue's partitions (feature `test-support`, for measurement only): an exact
//! IDA\* whose estimate is the largest over every partition, each partition's estimate read at
//! every node, that counts per searched node how many partitions are *tight* (`g + h_i` at
//! least `bound - 1`). A partition's sum moves by at most one a move, so one that is not tight
//! at a node cannot cut off any of its children: the tight ones are the reads a node loop that
//! batches a catalogue's lookups in the parent would make.
//!
//! The walk is the generic one's (the same moves, the same duplicate-pruning machine, a node
//! counted when it is within the bound, the root of every iteration too), written out here as a
//! recursion so that it sees every partition's estimate; it is far slower than the node loop
//! and is not used to solve.

use std::sync::Arc;

use puzzle_core::Direction;

use super::duplicates::{Duplicates, FORBIDDEN};
use super::{slide_to, Estimate, Geometry, Pdb, State};

/// The most partitions a census takes.
pub(crate) const MAX_PARTITIONS: usize = 16;

/// What one iteration of a census counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CensusIteration {
    /// The iteration's bound on `f`.
    pub bound: u32,
    /// Nodes searched: within the bound, the root included (as the search counts them).
    pub nodes: u64,
    /// `tight[k]`: searched nodes at which exactly `k` partitions were tight.
    pub tight: Vec<u64>,
    /// `by_partition[i]`: searched nodes at which partition `i` was tight.
    pub by_partition: Vec<u64>,
    /// `sole_cuts[i]`: children cut off by partition `i` alone (no other reaches over the bound).
    pub sole_cuts: Vec<u64>,
    /// Children made (within the bound or not) of the searched nodes.
    pub children: u64,
    /// Reads of the partitions after the first, summed over searched nodes, that a loop makes
    /// which keeps for a partition not read only an upper bound on its `f` (its last value read
    /// plus two a move) and reads it for a node's children when that bound is `bound - 1` or
    /// more. More than the tight ones after the first: the bound grows by two a move where the
    /// value itself may not, so a partition is read at some nodes where it is not tight.
    pub lazy_reads: u64,
    /// Children cut off by the largest of every partition but not by the largest of those that
    /// lazy loop read (a partition whose sum jumped by more than one): nodes it would search too.
    pub missed_cuts: u64,
    /// Moves after which some partition's estimate changed by more than one.
    pub jumps: u64,
}

/// What a census found: the iterations, the first optimal path in move order if it reached the
/// goal, and whether the node limit stopped it.
#[derive(Clone, Debug, Default)]
pub struct Census {
    /// Every iteration, the last one the one that found the path or was stopped.
    pub iterations: Vec<CensusIteration>,
    /// The path, when the goal was reached.
    pub path: Option<Vec<Direction>>,
    /// Whether the node limit stopped the search.
    pub gave_up: bool,
}

/// The walk of one iteration: the board, every partition's estimate, and the counts.
struct Walker<'a> {
    geometry: &'a Geometry,
    machine: &'a Duplicates,
    state: State,
    partitions: Vec<Pdb>,
    bound: u32,
    next_bound: u32,
    path: Vec<Direction>,
    counts: CensusIteration,
    nodes_before: u64,
    max_nodes: u64,
}

impl Walker<'_> {
    /// Searches below the node at depth `g` whose partitions' estimates are `h` and whose lazy
    /// upper bounds on `f` are `upper`, reached by `previous` in machine state `machine_state`:
    /// `Some(true)` at the goal (the walk left on it), `Some(false)` when nothing below is within
    /// the bound, `None` when the node limit stopped it.
    fn search(
        &mut self,
        g: u32,
        h: &[u32; MAX_PARTITIONS],
        upper: &[u32; MAX_PARTITIONS],
        previous: Option<Direction>,
        machine_state: u32,
    ) -> Option<bool> {
        let k = self.partitions.len();
        if h[..k].iter().copied().max().unwrap_or(0) == 0 {
            return Some(true);
        }
        if self.nodes_before + self.counts.nodes >= self.max_nodes {
            return None;
        }
        let tight = |f: u32| f + 1 >= self.bound;
        let mut n_tight = 0;
        let mut read = [false; MAX_PARTITIONS];
        for i in 0..k {
            if tight(g + h[i]) {
                n_tight += 1;
                self.counts.by_partition[i] += 1;
            }
            read[i] = i == 0 || tight(upper[i]);
            self.counts.lazy_reads += u64::from(i > 0 && read[i]);
        }
        self.counts.tight[n_tight] += 1;
        let geometry = self.geometry;
        let blank = self.state.blank;
        let moves = &geometry.legal[usize::from(blank)][..usize::from(geometry.legal_len[usize::from(blank)])];
        for &(dir, target) in moves {
            if previous == Some(dir.opposite()) {
                continue;
            }
            let next_machine = self.machine.transitions()[machine_state as usize][dir.index()];
            if next_machine == FORBIDDEN {
                continue;
            }
            self.counts.children += 1;
            let (tile, from, to) = slide_to(&mut self.state, target);
            let mut child_h = [0u32; MAX_PARTITIONS];
            let mut saved = [<Pdb as Estimate>::Saved::default(); MAX_PARTITIONS];
            for (i, partition) in self.partitions.iter_mut().enumerate() {
                (child_h[i], saved[i]) = partition.update(geometry, &self.state, tile, from, to);
            }
            let mut child_f = [0u32; MAX_PARTITIONS];
            for i in 0..k {
                child_f[i] = g + 1 + child_h[i];
            }
            let f = child_f[..k].iter().copied().max().unwrap_or(0);
            self.counts.jumps += u64::from((0..k).any(|i| child_h[i].abs_diff(h[i]) > 1));
            let mut outcome = Some(false);
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                let over = (0..k).filter(|&i| child_f[i] > self.bound);
                if let (Some(only), 1) = (over.clone().next(), over.clone().count()) {
                    self.counts.sole_cuts[only] += 1;
                }
                if !over.clone().any(|i| read[i]) {
                    self.counts.missed_cuts += 1;
                }
            } else {
                self.counts.nodes += 1;
                let mut child_upper = [0u32; MAX_PARTITIONS];
                for i in 0..k {
                    child_upper[i] = if read[i] { child_f[i] } else { upper[i] + 2 };
                }
                self.path.push(dir);
                outcome = self.search(g + 1, &child_h, &child_upper, Some(dir), next_machine);
                if outcome == Some(true) {
                    return outcome;
                }
                self.path.pop();
            }
            for (partition, &undo) in self.partitions.iter_mut().zip(&saved).rev() {
                partition.restore(undo);
            }
            slide_to(&mut self.state, blank);
            outcome?;
        }
        Some(false)
    }
}

/// The census of an IDA\* from `state` with the largest of `partitions` (each a [`Pdb`] of one
/// partition), walking `machine`, stopped after `max_nodes` nodes over all iterations.
pub(crate) fn census(
    geometry: &Geometry,
    machine: &Arc<Duplicates>,
    state: &State,
    partitions: Vec<Pdb>,
    max_nodes: u64,
) -> Census {
    let k = partitions.len().min(MAX_PARTITIONS);
    let mut partitions: Vec<Pdb> = partitions.into_iter().take(k).collect();
    let mut h = [0u32; MAX_PARTITIONS];
    for (i, partition) in partitions.iter_mut().enumerate() {
        h[i] = partition.reset(geometry, state);
    }
    let mut bound = h[..k].iter().copied().max().unwrap_or(0);
    let mut census = Census::default();
    let mut spent = 0;
    loop {
        let counts = CensusIteration {
            bound,
            nodes: 1,
            tight: vec![0; k + 1],
            by_partition: vec![0; k],
            sole_cuts: vec![0; k],
            ..CensusIteration::default()
        };
        let mut walker = Walker {
            geometry,
            machine,
            state: state.clone(),
            partitions: partitions.clone(),
            bound,
            next_bound: u32::MAX,
            path: Vec::new(),
            counts,
            nodes_before: spent,
            max_nodes,
        };
        let upper = h;
        let outcome = walker.search(0, &h, &upper, None, 0);
        spent += walker.counts.nodes;
        census.iterations.push(walker.counts);
        match outcome {
            Some(true) => {
                census.path = Some(walker.path);
                return census;
            }
            None => {
                census.gave_up = true;
                return census;
            }
            Some(false) if walker.next_bound == u32::MAX => return census,
            Some(false) => bound = walker.next_bound,
        }
    }
}

#[cfg(test)]
mod tests {
    use search::deepen::deepen;
    use search::walk::Watch;
    use search::Limits;

    use super::super::duplicates::Machines;
    use super::super::iteration::{from_floor, Iteration};
    use super::*;
    use crate::pdb::{PartSpec, PatternDb, PatternKey, PdbHeuristic};

    /// The census's walk is the search's: on 3×3 boards with a catalogue of two partitions and
    /// the machine of depth 8, it makes the generic walk's nodes and path, and counts every
    /// searched node once in its histogram.
    #[test]
    fn the_census_walks_the_generic_walks_nodes() {
        let identity: Vec<u8> = (0..9).collect();
        let part =
            |tiles: &[usize]| PartSpec { key: PatternKey::new(3, 3, 0, tiles).unwrap(), through: identity.clone() };
        let catalogue =
            vec![vec![part(&[1, 2, 3, 4]), part(&[5, 6, 7, 8])], vec![part(&[1, 3, 4, 6]), part(&[2, 5, 7, 8])]];
        let tables: Vec<Arc<PatternDb>> =
            catalogue.iter().flatten().map(|part| Arc::new(PatternDb::build(&part.key, &|_| {}).unwrap())).collect();
        let shape = puzzle_core::Shape::new(3, 3).unwrap();
        let geometry = Geometry::new(3, 3);
        let machine = Arc::new(Duplicates::build(3, 3, 8));
        let whole = Arc::new(PdbHeuristic::with_catalogue(shape, 0, &catalogue, &tables).unwrap());
        let mut seed = 0x9e37_79b9_u64;
        for _ in 0..12 {
            // A board 40 random moves from the goal.
            let mut state = State::new(&(0..9).collect::<Vec<u8>>(), 0);
            for _ in 0..40 {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                let blank = usize::from(state.blank);
                let moves = &geometry.legal[blank][..usize::from(geometry.legal_len[blank])];
                let (_, target) = moves[(seed >> 33) as usize % moves.len()];
                slide_to(&mut state, target);
            }
            let partitions: Vec<Pdb> = catalogue
                .iter()
                .map(|p| {
                    let heuristic = PdbHeuristic::with_catalogue(shape, 0, std::slice::from_ref(p), &tables).unwrap();
                    Pdb::new(0, Arc::new(heuristic), 9)
                })
                .collect();
            let counted = census(&geometry, &machine, &state, partitions, u64::MAX);

            let mut estimate = Pdb::new(0, Arc::clone(&whole), 9);
            estimate.duplicates = Some(Arc::clone(&machine));
            let h = estimate.reset(&geometry, &state);
            let machines = Machines::default();
            let watch = Watch::new(&Limits::NONE);
            let run = deepen(h, |bound, _| {
                let mut walk = Iteration::new(&geometry, &machines, &state, &estimate, h, bound);
                let found = from_floor(&mut walk, &watch);
                walk.into_run(found, 0)
            });
            assert_eq!(counted.path, run.path);
            assert_eq!(counted.iterations.iter().map(|it| it.nodes).sum::<u64>(), run.nodes);
            for (i, it) in counted.iterations.iter().enumerate() {
                let goal = u64::from(i + 1 == counted.iterations.len());
                assert_eq!(it.tight.iter().sum::<u64>() + goal, it.nodes);
            }
        }
    }
}
