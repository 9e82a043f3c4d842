//! The GPU count (feature `gpu`) against the brute force and the CPU engine on the puzzles the
//! brute-force tests use: every count (plain, pictures, up to the board's turns), clues, every
//! scan order, framed and free boards, marks puzzles, work units, and Brendan's set 2 6×6 to the
//! placement. Runs on whatever adapter wgpu finds (Mesa's software Vulkan in CI: `.ci/gpu-tests`).
//! Without one, each test prints why it skips; with `PUZZLE_GPU_TESTS=require` (set by
//! `.ci/gpu-tests` where it installed lavapipe) a missing adapter fails them instead.

use std::num::NonZeroU32;
use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;

use edge_match::gpu::{Gpu, GpuError, GpuOptions};
use edge_match::parse::ParseOptions;
use edge_match::testing::{self, Brute};
use edge_match::{Limits, OrderPick, Placement, Plan, Puzzle, Solver, Task};
use edge_match::{Mode, Order};

/// No progress display.
fn quiet(_: usize, _: usize, _: u64) {}

/// No limits, but the CPU counts on the calling thread from the root (as under a node limit).
const SEQUENTIAL: Limits<'static> = Limits { max_expanded: Some(u64::MAX), ..Limits::NONE };

/// The adapter, opened once for the tests; `None` (after saying why) where there is none and
/// the tests are not required to run; any other failure to open it fails the test.
fn gpu(test: &str) -> Option<&'static Gpu> {
    static GPU: OnceLock<Result<Gpu, GpuError>> = OnceLock::new();
    match GPU.get_or_init(Gpu::open) {
        Ok(gpu) => Some(gpu),
        Err(GpuError::NoAdapter(why)) if std::env::var("PUZZLE_GPU_TESTS").map_or(true, |v| v != "require") => {
            eprintln!("skipped {test}: no GPU adapter ({why})");
            None
        }
        Err(err) => panic!("{test}: the GPU cannot be opened: {err}"),
    }
}

/// The adapter with the largest step cap the kernel allows: a dispatch runs until its
/// invocations have no item left (or, on lavapipe, until the driver's loop limit ends it).
fn largest_cap_gpu() -> &'static Gpu {
    static GPU: OnceLock<Gpu> = OnceLock::new();
    GPU.get_or_init(|| {
        Gpu::open_with(GpuOptions { max_steps: NonZeroU32::new(u32::MAX), ..GpuOptions::default() }).unwrap()
    })
}

/// The GPU's count of `plan` agrees with the CPU's: solutions and placements, whole and on one
/// thread (the CPU's cut differs between the two, and pictures' placements with it), at the
/// default step cap and at the largest.
fn check_count(gpu: &Gpu, plan: &Plan, expected_solutions: u64, what: &str) {
    for limits in [&Limits::NONE, &SEQUENTIAL] {
        let cpu = plan.count(limits, &quiet);
        for (cap, gpu) in [("default", gpu), ("largest", largest_cap_gpu())] {
            let on_gpu = gpu.count(plan, limits, &quiet).unwrap();
            assert_eq!(on_gpu.solutions, expected_solutions, "{what}: solutions, {cap} step cap");
            assert_eq!(on_gpu, cpu, "{what}: against the CPU, limits {:?}, {cap} step cap", limits.max_expanded);
        }
    }
}

/// Every work unit of `plan` at `depth`: the GPU's counts are the CPU's.
fn check_units(gpu: &Gpu, plan: &Plan, depth: usize, what: &str) {
    let Ok(split) = plan.split(depth, &Limits::NONE) else { return };
    for prefix in &split.prefixes {
        let cpu = plan.count_below(prefix, &Limits::NONE).unwrap();
        let on_gpu = gpu.count_below(plan, prefix, &Limits::NONE).unwrap().unwrap();
        assert_eq!(on_gpu, cpu, "{what}: unit {prefix:?}");
    }
}

/// The counts of `solver` in `order` against the brute force's `expected` and the CPU: plain
/// (solutions, and in row order the placements too) and pictures; returns the plan of the count
/// of pictures.
fn check_plain_and_pictures(gpu: &Gpu, solver: &Solver, order: Order, expected: &Brute<u16>, what: &str) -> Plan {
    let pick = Some(OrderPick::Given(order));
    let plain = solver.plan(Task::Count, Mode::Plain, pick, false);
    check_count(gpu, &plain, expected.solutions, &format!("plain, {what}"));
    if order == Order::Row {
        let counts = gpu.count(&plain, &Limits::NONE, &quiet).unwrap();
        assert_eq!(counts.nodes, expected.placements, "plain placements, {what}");
    }
    let counting = solver.plan(Task::Count, Mode::Pictures, pick, false);
    check_count(gpu, &counting, expected.pictures.len() as u64, &format!("pictures, {what}"));
    counting
}

#[test]
fn gpu_counts_match_the_brute_force_and_the_cpu() {
    let Some(gpu) = gpu("gpu_counts_match_the_brute_force_and_the_cpu") else { return };
    let shapes = [(1, 1), (1, 3), (1, 5), (2, 1), (4, 1), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 3)];
    let (mut clued, mut framed, mut pinned) = (0, 0, 0);
    let checked = testing::clued_rounds(0x5eed_0043, 0..6, &shapes, 100_000, |case, _rng| {
        let testing::CluedCase { round, rows, cols, puzzle, clues, expected } = case;
        let pictures = expected.pictures.len() as u64;
        let distinct = if clues.iter().any(Option::is_some) {
            pictures
        } else {
            testing::orbits(&expected.pictures, rows, cols, puzzle.rotate())
        };
        let solver = Solver::with_clues(&puzzle, &clues).unwrap();
        let orders = if expected.placements <= 20_000 { &Order::ALL[..] } else { &[Order::Row][..] };
        for &order in orders {
            let what = format!("round {round}, {rows}x{cols}, order {order}, pieces {:?}", puzzle.pieces());
            let counting = check_plain_and_pictures(gpu, &solver, order, &expected, &what);
            let pick = Some(OrderPick::Given(order));
            pinned += usize::from(counting.corner.is_some());
            let distinct_plan = solver.plan(Task::Distinct, Mode::Pictures, pick, false);
            let on_gpu = gpu.count_distinct(&distinct_plan, &Limits::NONE).unwrap();
            assert_eq!(on_gpu, distinct_plan.count_distinct(&Limits::NONE), "distinct, {what}");
            assert_eq!(on_gpu.solutions, distinct, "distinct, {what}");
            for depth in [1, 2] {
                check_units(gpu, &counting, depth, &format!("pictures units, {what}"));
                check_units(gpu, &solver.plan(Task::List, Mode::Plain, pick, false), depth, &what);
            }
        }
        clued += usize::from(clues.iter().any(Option::is_some));
        framed += usize::from(puzzle.framed());
        true
    });
    assert!(checked >= 50 && clued >= 10 && framed >= 10 && pinned >= 5, "{checked} {clued} {framed} {pinned}");
}

/// Boards of more than 16 cells, which the count cuts (and the GPU cuts deeper).
#[test]
fn gpu_counts_of_bigger_boards_match_the_brute_force() {
    let Some(gpu) = gpu("gpu_counts_of_bigger_boards_match_the_brute_force") else { return };
    let shapes = [(1, 17), (3, 6), (4, 5), (5, 4), (4, 4)];
    let checked = testing::rounds_of_shapes(0xb16_0043, 0..2, &shapes, |round, rows, cols, rng| {
        let (shape, puzzle) = testing::random_many_colour_puzzle(rows, cols, rng);
        let expected = testing::brute_colour(&puzzle, &[], 300_000);
        if expected.gave_up {
            return false;
        }
        let solver = Solver::new(&puzzle);
        for order in [Order::Row, Order::Diagonal, Order::Spiral] {
            let what = format!("round {round}, {shape:?}, order {order}, pieces {:?}", puzzle.pieces());
            check_plain_and_pictures(gpu, &solver, order, &expected, &what);
        }
        true
    });
    assert!(checked >= 4, "{checked}");
}

#[test]
fn gpu_counts_of_marks_puzzles_match_the_brute_force() {
    let Some(gpu) = gpu("gpu_counts_of_marks_puzzles_match_the_brute_force") else { return };
    let checked =
        testing::rounds_of_shapes(0x3a75_0043, 0..6, &[(1, 3), (2, 2), (2, 3), (3, 3)], |_, rows, cols, rng| {
            let rotate = rng.below(3) != 0;
            let text = testing::random_marks_text(rows, cols, 1 + rng.below(3) as u8, rotate, rng);
            let puzzle =
                edge_match::parse::parse_puzzle(&text, &ParseOptions { size: Some((rows, cols)), rotate }).unwrap();
            let expected = testing::brute_marks(&puzzle, 100_000);
            if expected.gave_up {
                return false;
            }
            let plan = Solver::new(&puzzle).plan(Task::Count, Mode::Pictures, None, false);
            check_count(gpu, &plan, expected.pictures.len() as u64, &format!("marks {rows}x{cols}:\n{text}"));
            true
        });
    assert!(checked >= 15, "{checked}");
}

fn brendans_six_by_six() -> Puzzle {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/data/brendan_set2_06x06.puz");
    edge_match::parse::parse_puz(&std::fs::read_to_string(path).unwrap(), &Default::default()).unwrap()
}

/// Brendan Owen's set 2 6×6: 160 solutions, 44,024,849 placements in the plain row-major
/// search (published with the set; docs/benchmarks.md).
#[test]
fn gpu_counts_brendans_six_by_six_to_the_placement() {
    let Some(gpu) = gpu("gpu_counts_brendans_six_by_six_to_the_placement") else { return };
    let plan = Solver::new(&brendans_six_by_six()).plan(Task::Count, Mode::Plain, None, false);
    let counts = gpu.count(&plan, &Limits::NONE, &quiet).unwrap();
    assert_eq!((counts.solutions, counts.nodes, counts.stopped), (160, 44_024_849, false));
}

/// At the largest step cap, every work item of the 6×6 gets the placements and solutions of the
/// CPU's walk of the same prefix. On lavapipe such dispatches run into the driver's limit of
/// 65,535 loop ends per shader run, which cut a step short and lost placements before the kernel
/// committed each step only once the next began; the test sees that the limit was reached.
#[test]
fn gpu_counts_brendans_six_by_six_item_by_item_at_the_largest_step_cap() {
    if gpu("gpu_counts_brendans_six_by_six_item_by_item_at_the_largest_step_cap").is_none() {
        return;
    }
    let gpu = largest_cap_gpu();
    let plan = Solver::new(&brendans_six_by_six()).plan(Task::Count, Mode::Plain, None, false);
    let check = gpu.compare_items(&plan).unwrap();
    assert_eq!(check.first_mismatch, None, "{check:?}");
    let counts = check.counts;
    assert_eq!((counts.solutions, counts.nodes, counts.stopped), (160, 44_024_849, false));
    assert!(check.items >= 1000, "{check:?}");
    if gpu.adapter().starts_with("llvmpipe") {
        assert!(check.cut > 0, "lavapipe's loop limit was never reached: {check:?}");
    }
}

/// A set interrupt flag stops the count after its first dispatch, marked stopped, with less
/// than the whole count; a node limit stops it once reached.
#[test]
fn gpu_counts_stop_at_the_limits() {
    let Some(gpu) = gpu("gpu_counts_stop_at_the_limits") else { return };
    let plan = Solver::new(&brendans_six_by_six()).plan(Task::Count, Mode::Plain, None, false);
    let flag = AtomicBool::new(true);
    let stopped = gpu.count(&plan, &Limits { interrupt: Some(&flag), ..Limits::NONE }, &quiet).unwrap();
    assert!(stopped.stopped && stopped.nodes < 44_024_849 && stopped.solutions < 160, "{stopped:?}");
    let limited = gpu.count(&plan, &Limits { max_expanded: Some(1000), ..Limits::NONE }, &quiet).unwrap();
    assert!(limited.stopped && limited.nodes >= 1000 && limited.nodes < 44_024_849, "{limited:?}");
}

/// A unit the CPU refuses is refused with the CPU's reason.
#[test]
fn gpu_units_are_refused_as_on_the_cpu() {
    let Some(gpu) = gpu("gpu_units_are_refused_as_on_the_cpu") else { return };
    let puzzle = testing::random_colour_puzzle(3, 3, 3, false, true, 3);
    let plan = Solver::new(&puzzle).plan(Task::List, Mode::Plain, None, false);
    let foreign = [Placement::new(0, 0), Placement::new(0, 1)];
    let cpu = plan.count_below(&foreign, &Limits::NONE).unwrap_err();
    assert_eq!(gpu.count_below(&plan, &foreign, &Limits::NONE).unwrap().unwrap_err(), cpu);
    let whole = vec![Placement::new(0, 0); 9];
    assert!(gpu.count_below(&plan, &whole, &Limits::NONE).unwrap().is_err());
}

/// An adapter asked for more than it has refuses, with a message naming the adapter.
#[test]
fn gpu_adapter_refusing_the_limits_is_an_error() {
    if gpu("gpu_adapter_refusing_the_limits_is_an_error").is_none() {
        return;
    }
    let err = Gpu::open_with(GpuOptions { min_buffer: Some(1 << 62), ..GpuOptions::default() }).unwrap_err();
    assert!(matches!(err, GpuError::Refused { .. }), "{err:?}");
    assert!(err.to_string().starts_with("the GPU adapter "), "{err}");
}

/// `outer` turns of a loop with `inner` turns of a loop in each, under llvmpipe's limit:
/// 65,535 loop ends per shader run, all loops together, a loop's end counted once per turn
/// and once more when it leaves (its condition fails); once the limit is reached, every loop
/// leaves at its next end. Returns the turns of each that ran.
fn llvmpipe_turns(outer: u32, inner: u32) -> [u32; 2] {
    let mut left = 65_535i64;
    let (mut outer_turns, mut inner_turns) = (0, 0);
    let end = |left: &mut i64| {
        *left -= 1;
        *left > 0
    };
    'outer: loop {
        if outer_turns == outer {
            break;
        }
        let mut k = 0;
        loop {
            if k == inner {
                end(&mut left);
                break;
            }
            inner_turns += 1;
            k += 1;
            if !end(&mut left) {
                break;
            }
        }
        outer_turns += 1;
        if !end(&mut left) {
            break 'outer;
        }
    }
    [outer_turns, inner_turns]
}

/// The driver behaviour that lost the count's placements, in a kernel of two loops: on
/// lavapipe, after 65,535 loop ends the inner loop of the last outer turn stops short (63 of
/// its 64 turns); any other adapter runs every turn.
#[test]
fn lavapipe_ends_loops_after_65535_loop_ends() {
    let Some(gpu) = gpu("lavapipe_ends_loops_after_65535_loop_ends") else { return };
    for (outer, inner) in [(30_000, 0), (40_000, 0), (1_000, 64), (1_000, 100), (20_000, 2)] {
        let got = gpu.probe_loops(outer, inner, 2).expect("the probe runs");
        let expected =
            if gpu.adapter().starts_with("llvmpipe") { llvmpipe_turns(outer, inner) } else { [outer, outer * inner] };
        assert_eq!(got, [expected, expected].concat(), "{outer} × {inner} turns on {}", gpu.adapter());
    }
    assert_eq!(llvmpipe_turns(1_000, 64), [993, 992 * 64 + 63]);
}
