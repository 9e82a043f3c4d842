//! `cargo xtask bench census`: a census of a seven-partition catalogue of the 24-puzzle on Korf
//! and Felner's boards (`sliding::testing::census`): per board, the nodes of an exact IDA\* with
//! the largest of the first `--partitions` partitions, the fraction of the published count, and
//! per searched node how many partitions were tight (could cut a child off), the reads a node
//! loop batching the catalogue in the parent would make. Measurement only: the catalogue here
//! is no tier of the library.
//!
//! Tables are read from the cache directory (`PUZZLE_CACHE_DIR`, else `--cache-dir`), and those
//! missing are built and written there first; the 5×5 duplicate-pruning machine of depth 16 is
//! read from there when present.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{ensure, Context};
use puzzle_core::Shape;
use sliding::machine::DuplicateMachine;
use sliding::pdb::{grid_symmetries, PartSpec, PatternDb, PatternKey};
use sliding::testing::{census, Census, CensusIteration};
use sliding::{Board, BoardSpec, GoalKind};

/// Options of the census.
#[derive(Debug, Clone)]
pub struct CensusOptions {
    /// The instance file (`id optimum t0 … t24`, blank-first goal).
    pub file: PathBuf,
    /// Published node counts (`id optimum nodes` lines).
    pub published: PathBuf,
    /// The instance ids, in this order.
    pub ids: Vec<u32>,
    /// The catalogue's first this many partitions (1 to 7).
    pub partitions: usize,
    /// Nodes per board before it gives up.
    pub max_nodes: Option<u64>,
    /// Where the tables are cached.
    pub cache_dir: PathBuf,
}

/// The cells of a part read through symmetry `through` of a table of `tiles`: the tiles `x`
/// with `through[x]` among them.
fn part(tiles: &[usize], through: &[u8]) -> PartSpec {
    PartSpec {
        key: PatternKey::new(5, 5, 0, tiles).unwrap_or_else(|e| unreachable!("census pattern: {e}")),
        through: through.to_vec(),
    }
}

/// The seven partitions of the 24-puzzle's tiles (blank's goal at cell 0), in the order of the
/// catalogue: Korf and Felner's, the library's second (`Tier::Catalogue`), and
/// five more. Korf and Felner's 3×2 block `3 4 8 9 13 14` is read through every symmetry that
/// keeps the goal's blank off it (six placements of a 3×2 or 2×3 block in the corners away from
/// the blank), and a few corner patterns through the main diagonal, so that seven partitions
/// need ten tables.
pub fn catalogue() -> Vec<Vec<PartSpec>> {
    let identity: Vec<u8> = (0..25).collect();
    let symmetries = grid_symmetries(5, 5);
    let transpose = &symmetries[4];
    let block = [3, 4, 8, 9, 13, 14];
    // The placements of the block, named by their tiles.
    let b_3_4_8_9_13_14 = || part(&block, &identity);
    let b_10_11_15_16_20_21 = || part(&block, &symmetries[1]);
    let b_13_14_18_19_23_24 = || part(&block, &symmetries[3]);
    let b_15_16_17_20_21_22 = || part(&block, &symmetries[4]);
    let b_2_3_4_7_8_9 = || part(&block, &symmetries[5]);
    let b_17_18_19_22_23_24 = || part(&block, &symmetries[7]);
    vec![
        // Korf and Felner's.
        vec![part(&[1, 2, 5, 6, 7, 12], &identity), b_3_4_8_9_13_14(), b_10_11_15_16_20_21(), b_17_18_19_22_23_24()],
        // The library's second partition.
        vec![
            part(&[1, 2, 5, 6, 10, 11], &identity),
            part(&[3, 4, 7, 8, 9, 12], &identity),
            b_13_14_18_19_23_24(),
            b_15_16_17_20_21_22(),
        ],
        // A 2×3 block at the blank and the rest of the top three rows.
        vec![
            part(&[1, 2, 3, 5, 6, 7], &identity),
            part(&[4, 8, 9, 12, 13, 14], &identity),
            b_10_11_15_16_20_21(),
            b_17_18_19_22_23_24(),
        ],
        // The second's corner square with a diagonal from tile 7 to the far corner.
        vec![
            part(&[1, 2, 5, 6, 10, 11], &identity),
            part(&[7, 12, 18, 19, 23, 24], &identity),
            b_3_4_8_9_13_14(),
            b_15_16_17_20_21_22(),
        ],
        // The third's corner block through the diagonal (tiles 1 5 6 10 11 15), the centre row
        // and the bottom-left corner.
        vec![
            part(&[1, 2, 3, 5, 6, 7], transpose),
            part(&[12, 13, 14, 16, 20, 21], &identity),
            b_2_3_4_7_8_9(),
            b_17_18_19_22_23_24(),
        ],
        // Korf and Felner's corner pattern with two vertical blocks below.
        vec![
            part(&[1, 2, 5, 6, 7, 12], &identity),
            part(&[3, 4, 8, 9, 17, 22], &identity),
            b_10_11_15_16_20_21(),
            b_13_14_18_19_23_24(),
        ],
        // The third's corner block, the centre column's foot and the library second's second
        // pattern turned upside down (tiles 12 17 18 19 23 24).
        vec![
            part(&[1, 2, 3, 5, 6, 7], &identity),
            part(&[4, 8, 9, 13, 14, 22], &identity),
            b_10_11_15_16_20_21(),
            part(&[3, 4, 7, 8, 9, 12], &symmetries[3]),
        ],
    ]
}

/// A table from the cache directory, or built and written there.
fn table(dir: &Path, key: &PatternKey, report: &mut String) -> anyhow::Result<Arc<PatternDb>> {
    let path = dir.join(key.file_name());
    if let Ok(file) = std::fs::File::open(&path) {
        return Ok(Arc::new(
            PatternDb::read_file(key, &file).with_context(|| format!("cannot read {}", path.display()))?,
        ));
    }
    let started = Instant::now();
    let db = PatternDb::build(key, &|_| {}).with_context(|| format!("cannot build {key}"))?;
    let seconds = started.elapsed().as_secs_f64();
    eprintln!("built {key} in {seconds:.1} s ({} bytes)", db.nibbles().len());
    writeln!(report, "built {key} in {seconds:.1} s wall ({} bytes)", db.nibbles().len())?;
    let mut bytes = db.header().into_bytes();
    bytes.extend_from_slice(db.nibbles());
    std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(Arc::new(db))
}

/// Published node counts and optima by instance id.
fn published(path: &Path) -> anyhow::Result<Vec<(u32, u32, u64)>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut rows = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        ensure!(fields.len() == 3, "{}: expected `id optimum nodes`: {line}", path.display());
        rows.push((fields[0].parse()?, fields[1].parse()?, fields[2].parse()?));
    }
    Ok(rows)
}

/// A census's counts summed over its iterations (the bound left at the last one's).
fn totals(found: &Census) -> CensusIteration {
    let mut sum = found.iterations.last().cloned().unwrap_or_default();
    for it in &found.iterations[..found.iterations.len().saturating_sub(1)] {
        sum.nodes += it.nodes;
        sum.children += it.children;
        sum.lazy_reads += it.lazy_reads;
        sum.missed_cuts += it.missed_cuts;
        sum.jumps += it.jumps;
        sum.tight.iter_mut().zip(&it.tight).for_each(|(a, b)| *a += b);
        sum.by_partition.iter_mut().zip(&it.by_partition).for_each(|(a, b)| *a += b);
        sum.sole_cuts.iter_mut().zip(&it.sole_cuts).for_each(|(a, b)| *a += b);
    }
    sum
}

/// Runs the census and prints a Markdown table and the per-partition counts.
pub fn run(options: &CensusOptions) -> anyhow::Result<()> {
    let all = catalogue();
    ensure!((1..=all.len()).contains(&options.partitions), "--partitions is 1 to {}", all.len());
    let partitions = &all[..options.partitions];
    std::fs::create_dir_all(&options.cache_dir)?;
    let mut report = String::new();
    let mut tables: Vec<Arc<PatternDb>> = Vec::new();
    let started = Instant::now();
    for spec in partitions.iter().flatten() {
        if !tables.iter().any(|t| t.key() == &spec.key) {
            tables.push(table(&options.cache_dir, &spec.key, &mut report)?);
        }
    }
    let bytes: usize = tables.iter().map(|t| t.nibbles().len()).sum();
    writeln!(
        report,
        "{} partitions, {} tables, {:.0} MB, loaded or built in {:.1} s",
        partitions.len(),
        tables.len(),
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    )?;
    let machine_path = options.cache_dir.join(DuplicateMachine::file_name(5, 5, 16));
    let machine = match std::fs::read(&machine_path) {
        Ok(bytes) => Some(DuplicateMachine::from_file_bytes(5, 5, 16, &bytes)?),
        Err(_) => None,
    };
    writeln!(report, "duplicate-pruning machine: {}", if machine.is_some() { "depth 16" } else { "none" })?;

    let text =
        std::fs::read_to_string(&options.file).with_context(|| format!("cannot read {}", options.file.display()))?;
    let published = published(&options.published)?;
    let goal = Board::goal(Shape::new(5, 5)?, GoalKind::BlankFirst)?;
    writeln!(report)?;
    writeln!(report, "| # | optimum | found | nodes | published | fraction | mean tight | tight 0..k | first tight | lazy reads a node | missed cuts | jumps | seconds |")?;
    writeln!(report, "|---|---|---|---|---|---|---|---|---|---|---|---|---|")?;
    print!("{report}");
    let mut per_partition = String::new();
    for &id in &options.ids {
        let line = text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(&id.to_string()))
            .with_context(|| format!("no instance {id}"))?;
        let fields: Vec<u32> = line.split_whitespace().map(str::parse).collect::<Result<_, _>>()?;
        let tiles: Vec<u32> = fields[2..].to_vec();
        let board = Board::try_from(BoardSpec { rows: 5, cols: 5, tiles })?;
        let &(_, optimum, nodes_published) =
            published.iter().find(|row| row.0 == id).with_context(|| format!("no published count for {id}"))?;
        let started = Instant::now();
        let found = census(&board, &goal, partitions, &tables, machine.as_ref(), options.max_nodes)?;
        let seconds = started.elapsed().as_secs_f64();
        let CensusIteration {
            nodes,
            tight,
            by_partition,
            sole_cuts: sole,
            children,
            lazy_reads: lazy,
            missed_cuts: missed,
            jumps,
            ..
        } = totals(&found);
        let searched: u64 = tight.iter().sum();
        let mean = tight.iter().enumerate().map(|(k, &n)| k as u64 * n).sum::<u64>() as f64 / searched.max(1) as f64;
        let length = match (&found.path, found.gave_up) {
            (Some(path), _) => path.len().to_string(),
            (None, true) => "gave up".to_owned(),
            (None, false) => "none".to_owned(),
        };
        if let Some(path) = &found.path {
            ensure!(path.len() == optimum as usize, "#{id}: found {} moves, the optimum is {optimum}", path.len());
            ensure!(board.replay(path).as_ref() == Ok(&goal), "#{id}: the path does not reach the goal");
        }
        let hist: Vec<String> = tight.iter().map(|n| format!("{:.3}", *n as f64 / searched.max(1) as f64)).collect();
        let row = format!(
            "| {id} | {optimum} | {length} | {nodes} | {nodes_published} | {:.4} | {mean:.3} | {} | {:.3} | {:.3} | {missed} | {jumps} | {seconds:.1} |",
            nodes as f64 / nodes_published as f64,
            hist.join(" "),
            by_partition.first().map_or(0.0, |&n| n as f64 / searched.max(1) as f64),
            lazy as f64 / searched.max(1) as f64,
        );
        println!("{row}");
        writeln!(
            per_partition,
            "#{id}: children {children}; per partition, nodes tight / cuts alone: {}",
            by_partition
                .iter()
                .zip(&sole)
                .enumerate()
                .map(|(i, (t, s))| format!("P{} {:.3}/{s}", i + 1, *t as f64 / searched.max(1) as f64))
                .collect::<Vec<_>>()
                .join(", ")
        )?;
        let last = found.iterations.iter().map(|it| format!("{}:{}", it.bound, it.nodes)).collect::<Vec<_>>();
        writeln!(per_partition, "#{id}: bound:nodes per iteration {}", last.join(" "))?;
    }
    println!();
    print!("{per_partition}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every partition covers tiles 1 to 24 once, no two partitions are one read through the
    /// main diagonal (the heuristic reads each both ways), and each part's table is read where
    /// it is exact: the goal's blank, seen through the part's symmetry, is off the table's tiles.
    #[test]
    fn the_catalogue_partitions_the_tiles_seven_ways() {
        let transpose = &grid_symmetries(5, 5)[4];
        let sets = |partition: &[PartSpec], map: &dyn Fn(u8) -> u8| {
            let mut parts: Vec<u32> = partition
                .iter()
                .map(|spec| {
                    (0..25u8)
                        .filter(|&x| spec.key.tiles().contains(&spec.through[usize::from(x)]))
                        .fold(0u32, |m, x| m | 1 << map(x))
                })
                .collect();
            parts.sort_unstable();
            parts
        };
        let all = catalogue();
        assert_eq!(all.len(), 7);
        for (i, partition) in all.iter().enumerate() {
            let parts = sets(partition, &|x| x);
            assert_eq!(parts.iter().fold(0, |m, p| m | p), (1 << 25) - 2, "P{}", i + 1);
            assert_eq!(parts.iter().map(|p| p.count_ones()).sum::<u32>(), 24, "P{}", i + 1);
            for spec in partition {
                assert!(!spec.key.tiles().contains(&spec.through[0]), "P{}: {}", i + 1, spec.key);
            }
            for other in &all[..i] {
                assert_ne!(parts, sets(other, &|x| x), "P{}", i + 1);
                assert_ne!(parts, sets(other, &|x| transpose[usize::from(x)]), "P{}", i + 1);
            }
        }
    }
}
