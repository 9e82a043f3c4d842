//! Counts on a GPU (feature `gpu`): the plan's searches (`engine/gpu_tree.rs`) run by one WGSL
//! compute kernel (`gpu/count.wgsl`) through wgpu, on whatever adapter the system has (Vulkan,
//! Metal, DirectX 12; Mesa's software Vulkan, lavapipe, in the tests). The CPU plans the search
//! and cuts it as its own count does, walks a few levels deeper until there is work for every
//! invocation, and the kernel counts the subtrees below those prefixes, a bounded number of
//! steps per dispatch, so that the limits (interrupt, deadline, placements) are looked at
//! between dispatches. The counts are exactly the CPU's (docs/algorithms.md, "The GPU count").
//!
//! ```no_run
//! use edge_match::Mode;
//! use edge_match::gpu::Gpu;
//! use edge_match::parse::{ParseOptions, parse_puzzle};
//! use edge_match::{Limits, Solver, Task};
//!
//! let puzzle = parse_puzzle("A+ B+ C+ D+\n", &ParseOptions::default()).unwrap();
//! let plan = Solver::new(&puzzle).plan(Task::Count, Mode::Pictures, None, false);
//! let gpu = Gpu::open().unwrap();
//! assert_eq!(gpu.count(&plan, &Limits::NONE, &|_, _, _| {}).unwrap().solutions, 4);
//! ```

use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use search::walk::Counts;
use search::Limits;
use wgpu::util::DeviceExt as _;

use crate::engine::gpu_tree::{GpuJob, GpuJobs, GpuTree, NONE};
use crate::engine::SplitError;
use crate::model::Placement;
use crate::plan::Plan;

/// Invocations per workgroup, as the kernel declares.
const WORKGROUP: u32 = 64;
/// Invocations of a dispatch at most (fewer where their state does not fit a buffer): enough
/// for a GPU's thousands of cores; on a CPU adapter (lavapipe), a few per core's SIMD lanes.
const MAX_THREADS: u32 = 1 << 16;
const MAX_CPU_THREADS: u32 = 1 << 11;
/// Work items wanted per invocation: the prefixes are cut deeper until there are this many for
/// each, so that the last subtrees do not leave most invocations idle for long.
const ITEMS_PER_THREAD: usize = 4;
/// Candidates each invocation looks at per dispatch, by default ([`GpuOptions::max_steps`]
/// sets another cap, any from 1 to `u32::MAX`): at most the cap, halved while a dispatch takes
/// longer than twice [`DISPATCH_SECONDS`] (and doubled back below half of it), so that a
/// dispatch ends well within a driver's watchdog and a Ctrl-C or the deadline is seen within a
/// fraction of a second.
///
/// Longer dispatches once lost placements on Mesa's software Vulkan (lavapipe): it ends every
/// loop of a shader after 65,535 loop ends, all loops together (`LP_MAX_TGSI_LOOP_ITERATIONS`),
/// and the kernel's step that it cut short had read a half-compared piece set and counted a
/// wrong subtree. The kernel now commits each step only at the start of the next turn of its
/// main loop, which the cut never reaches, so every cap is exact (`count.wgsl`'s header,
/// docs/algorithms.md, "The GPU count").
const MAX_STEPS: u32 = 1 << 8;
const DISPATCH_SECONDS: f64 = 0.2;
/// What [`Gpu::compare_items`] is given for each finished search: its number, its tables, its
/// items and their counts from the kernel (solutions and placements, low and high words).
type Inspect<'a> = dyn FnMut(usize, &GpuTree, &[Vec<u32>], &[u32]) + 'a;

/// A work item whose counts on the GPU differ from the CPU's ([`Gpu::compare_items`]).
///
/// Not run here: the example needs a GPU and its driver.
///
/// ```no_run
/// use edge_match::gpu::Gpu;
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::{Mode, Solver, Task};
///
/// let puzzle = parse_puzzle(&"A+ B+ A- B-\n".repeat(4), &ParseOptions::default()).unwrap();
/// let plan = Solver::new(&puzzle).plan(Task::Count, Mode::Plain, None, false);
/// if let Some(wrong) = Gpu::open().unwrap().compare_items(&plan).unwrap().first_mismatch {
///     // Where the two walks of the same prefix part.
///     assert_ne!(wrong.gpu, wrong.cpu);
///     eprintln!("item {} of search {} ({:?})", wrong.item, wrong.job, wrong.prefix);
/// }
/// ```
#[cfg(any(test, feature = "test-support"))]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemMismatch {
    /// The search it belongs to: 0, or 1 for the second of a count through the board's turns.
    pub job: usize,
    /// Its number among the search's items, in the order the kernel takes them.
    pub item: usize,
    /// Its prefix: the placements of the search's first cells, by depth.
    pub prefix: Vec<Placement>,
    /// Its solutions and placements counted by the kernel.
    pub gpu: Counts,
    /// Its solutions and placements counted by the CPU's walk of the same prefix.
    pub cpu: Counts,
}

/// What [`Gpu::compare_items`] found.
///
/// Not run here: the example needs a GPU and its driver.
///
/// ```no_run
/// use edge_match::gpu::Gpu;
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::{Limits, Mode, Solver, Task};
///
/// let puzzle = parse_puzzle(&"A+ B+ A- B-\n".repeat(4), &ParseOptions::default()).unwrap();
/// let plan = Solver::new(&puzzle).plan(Task::Count, Mode::Plain, None, false);
/// let found = Gpu::open().unwrap().compare_items(&plan).unwrap();
/// // The count is the CPU's, item by item.
/// assert_eq!(found.counts.solutions, plan.count(&Limits::NONE, &|_, _, _| {}).solutions);
/// assert!(found.first_mismatch.is_none() && found.items > 0);
/// ```
#[cfg(any(test, feature = "test-support"))]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemComparison {
    /// The count, as [`Gpu::count`] gives it.
    pub counts: Counts,
    /// The work items compared.
    pub items: usize,
    /// Dispatches of an invocation that the driver ended with a step computed and not committed
    /// (on lavapipe, its limit of 65,535 loop ends per shader run); the kernel computes that step
    /// again in the next dispatch.
    pub cut: u64,
    /// The first item whose counts differ from the CPU's, if any.
    pub first_mismatch: Option<ItemMismatch>,
}

/// Where `Params` (`count.wgsl`) holds the steps of a dispatch.
const STEPS_WORD: usize = 4;
/// Words of `control` (`count.wgsl`) before the per-item counters: the next item, the items
/// finished and the dispatches the driver's loop limit cut.
const CONTROL: usize = 3;
/// Words of the kernel's per-invocation head, as `count.wgsl` declares.
const HEAD: usize = 4;

/// Why the GPU count could not run.
///
/// Not run here: the example needs a GPU and its driver.
///
/// ```no_run
/// use edge_match::gpu::{Gpu, GpuError};
///
/// match Gpu::open() {
///     Ok(gpu) => assert!(!gpu.adapter().is_empty()),
///     // The reason is the driver's, to show the user.
///     Err(GpuError::NoAdapter(reason)) => assert!(!reason.is_empty()),
///     Err(err) => panic!("{err}"),
/// }
/// ```
#[derive(Debug, thiserror::Error)]
pub enum GpuError {
    /// No adapter: no GPU, or no driver for one (Vulkan, Metal or DirectX 12).
    #[error(
        "no GPU adapter found: wgpu found no Vulkan, Metal or DirectX 12 device ({0}); install a GPU driver (on \
         Debian, mesa-vulkan-drivers gives a software one)"
    )]
    NoAdapter(String),
    /// The adapter refused the limits or the device the count asks for.
    #[error("the GPU adapter {adapter} refused the device the count needs: {reason}")]
    Refused {
        /// The adapter's name and back end.
        adapter: String,
        /// What it said.
        reason: String,
    },
    /// The driver failed while compiling or running the kernel.
    #[error("GPU driver error on {adapter}: {reason}")]
    Driver {
        /// The adapter's name and back end.
        adapter: String,
        /// What it said.
        reason: String,
    },
    /// The count's tables or state do not fit the adapter's buffers.
    #[error(
        "the puzzle's tables ({bytes} bytes) do not fit the GPU adapter {adapter}'s buffers (at most {limit} bytes)"
    )]
    TooLarge {
        /// The adapter's name and back end.
        adapter: String,
        /// The size asked for.
        bytes: u64,
        /// The adapter's largest storage buffer.
        limit: u64,
    },
    /// The kernel's tables disagree with the engine's walk: a defect, reported rather than
    /// answered wrongly.
    #[error("internal error: the GPU tables do not replay the engine's search")]
    Tables,
}

/// An opened GPU: the device and the count's compiled kernel.
///
/// Not run here: the example needs a GPU and its driver.
///
/// ```no_run
/// use edge_match::gpu::Gpu;
/// use edge_match::parse::{ParseOptions, parse_puzzle};
/// use edge_match::{Limits, Mode, Solver, Task};
///
/// let puzzle = parse_puzzle(&"A+ B+ A- B-\n".repeat(4), &ParseOptions::default()).unwrap();
/// let plan = Solver::new(&puzzle).plan(Task::Count, Mode::Pictures, None, false);
/// let gpu = Gpu::open().unwrap();
/// // The GPU walks the same tree as the CPU and counts the same solutions and placements.
/// let on_gpu = gpu.count(&plan, &Limits::NONE, &|_, _, _| {}).unwrap();
/// assert_eq!(on_gpu, plan.count(&Limits::NONE, &|_, _, _| {}));
/// ```
#[derive(Debug)]
pub struct Gpu {
    device: wgpu::Device,
    queue: wgpu::Queue,
    pipeline: wgpu::ComputePipeline,
    adapter: String,
    max_binding: u64,
    /// The most invocations of a dispatch on this adapter.
    max_threads: u32,
    /// The most candidates an invocation looks at in a dispatch.
    max_steps: u32,
    /// The first error the driver reported outside an error scope.
    lost: Arc<Mutex<Option<String>>>,
}

/// Where the kernel's tables are: the word offsets of `Params` in `count.wgsl`.
fn params_words(
    tree: &GpuTree,
    n_items: u32,
    item_depth: u32,
    (threads, steps): (u32, u32),
    stride: u32,
) -> (Vec<u32>, Vec<u32>) {
    let mut tables = Vec::new();
    let mut place = |section: &[u32]| {
        let at = tables.len() as u32;
        tables.extend_from_slice(section);
        at
    };
    let offsets = [
        place(&tree.piece),
        place(&tree.sides),
        place(&tree.twin),
        place(&tree.picture),
        place(&tree.ranges),
        place(&tree.masks),
        place(&tree.below),
        place(&tree.depths),
        place(&tree.turn_maps),
        place(&tree.depth_of),
    ];
    // A buffer may not be empty.
    tables.push(0);
    let mut params = vec![
        tree.cells as u32,
        tree.words as u32,
        n_items,
        item_depth,
        steps,
        threads,
        u32::from(tree.pictures),
        u32::from(tree.prune),
        if tree.distinct() { tree.n_turns as u32 } else { 0 },
        stride,
    ];
    params.extend(offsets);
    (params, tables)
}

fn bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_ne_bytes()).collect()
}

/// What [`Gpu::open_with`] asks of the adapter.
///
/// Not run here: the example needs a GPU and its driver.
///
/// ```no_run
/// use edge_match::gpu::{Gpu, GpuOptions};
///
/// // Ask for a device with storage buffers of at least 256 MiB.
/// let gpu = Gpu::open_with(GpuOptions { min_buffer: Some(256 << 20), ..GpuOptions::default() }).unwrap();
/// assert!(!gpu.adapter().is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct GpuOptions {
    /// The largest storage buffer the device must offer, in bytes; `None`: whatever the adapter
    /// has (the count then runs fewer invocations on a small one).
    pub min_buffer: Option<u64>,
    /// The most candidates each invocation looks at in one dispatch; `None`: 256. Longer
    /// dispatches cost less between them, but hold the GPU longer (a driver's watchdog may end
    /// one), and the count looks at Ctrl-C, the deadline and the placement limit only between
    /// dispatches; the count halves the steps while a dispatch takes over 0.4 s.
    pub max_steps: Option<NonZeroU32>,
}

impl Gpu {
    /// Opens the system's preferred high-performance adapter and compiles the kernel. The back
    /// ends tried are Vulkan, Metal and DirectX 12, or those `WGPU_BACKEND` names (e.g.
    /// `vulkan`).
    pub fn open() -> Result<Gpu, GpuError> {
        Gpu::open_with(GpuOptions::default())
    }

    /// [`Gpu::open`], asking the adapter for what `options` say.
    pub fn open_with(options: GpuOptions) -> Result<Gpu, GpuError> {
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
            backends: wgpu::Backends::from_env().unwrap_or(wgpu::Backends::PRIMARY),
            ..wgpu::InstanceDescriptor::new_without_display_handle_from_env()
        });
        let asked = options;
        let adapter_options = wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::HighPerformance,
            force_fallback_adapter: false,
            compatible_surface: None,
            ..Default::default()
        };
        let adapter = pollster::block_on(instance.request_adapter(&adapter_options))
            .map_err(|e| GpuError::NoAdapter(e.to_string()))?;
        let info = adapter.get_info();
        let name = format!("{} ({:?})", info.name, info.backend);
        // The kernel needs compute shaders and five storage buffers; ask for no more than the
        // adapter has of the buffer sizes, so that big boards use what it offers.
        let offered = adapter.limits();
        let buffer = asked.min_buffer.unwrap_or(offered.max_storage_buffer_binding_size);
        let required = wgpu::Limits {
            max_storage_buffer_binding_size: buffer,
            max_buffer_size: buffer.max(offered.max_buffer_size),
            max_storage_buffers_per_shader_stage: 5,
            ..wgpu::Limits::downlevel_defaults()
        };
        let descriptor = wgpu::DeviceDescriptor {
            label: Some("edge-match count"),
            required_features: wgpu::Features::empty(),
            required_limits: required,
            ..Default::default()
        };
        let (device, queue) = pollster::block_on(adapter.request_device(&descriptor))
            .map_err(|e| GpuError::Refused { adapter: name.clone(), reason: e.to_string() })?;
        let lost = Arc::new(Mutex::new(None));
        let seen = lost.clone();
        device.on_uncaptured_error(Arc::new(move |error: wgpu::Error| {
            let mut slot = seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            slot.get_or_insert_with(|| error.to_string());
        }));
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("count.wgsl"),
            source: wgpu::ShaderSource::Wgsl(include_str!("gpu/count.wgsl").into()),
        });
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("count"),
            layout: None,
            module: &module,
            entry_point: Some("count"),
            compilation_options: wgpu::PipelineCompilationOptions::default(),
            cache: None,
        });
        if let Some(error) = pollster::block_on(scope.pop()) {
            return Err(GpuError::Driver { adapter: name, reason: error.to_string() });
        }
        let max_binding = device.limits().max_storage_buffer_binding_size.min(device.limits().max_buffer_size);
        let max_threads = if info.device_type == wgpu::DeviceType::Cpu { MAX_CPU_THREADS } else { MAX_THREADS };
        let max_steps = asked.max_steps.map_or(MAX_STEPS, NonZeroU32::get);
        Ok(Gpu { device, queue, pipeline, adapter: name, max_binding, max_threads, max_steps, lost })
    }

    /// The adapter's name and back end, e.g. `llvmpipe (LLVM 15.0.6, 256 bits) (Vulkan)`.
    #[cfg(any(test, feature = "test-support"))]
    pub fn adapter(&self) -> &str {
        &self.adapter
    }

    /// [`Plan::count`] on the GPU: the same solutions and placements, calling
    /// `observe(done, total, placements)` after each dispatch with the work items finished of
    /// the current search and the placements made since the last call.
    pub fn count(
        &self,
        plan: &Plan,
        limits: &Limits<'_>,
        observe: &(dyn Fn(usize, usize, u64) + Sync),
    ) -> Result<Counts, GpuError> {
        let jobs = plan.gpu_count_jobs(limits.max_expanded.is_some()).ok_or(GpuError::Tables)?;
        Ok(self.run(jobs, limits, observe, None)?.0)
    }

    /// A diagnosis of the GPU count of `plan`: [`Gpu::count`] without limits, with the kernel's
    /// counts per work item compared with the CPU's walk of the same item (`GpuTree::walk`,
    /// which makes the prefixes), so that a count that differs names the first item that does.
    /// Slow (the CPU walks every item again, on one thread): for tests and for trying an adapter
    /// or a step cap.
    ///
    /// Not run here: the example needs a GPU and its driver.
    ///
    /// ```no_run
    /// use edge_match::gpu::Gpu;
    /// use edge_match::parse::{ParseOptions, parse_puzzle};
    /// use edge_match::{Mode, Solver, Task};
    ///
    /// let puzzle = parse_puzzle(&"A+ B+ A- B-\n".repeat(4), &ParseOptions::default()).unwrap();
    /// let plan = Solver::new(&puzzle).plan(Task::Count, Mode::Plain, None, false);
    /// let check = Gpu::open().unwrap().compare_items(&plan).unwrap();
    /// assert_eq!(check.first_mismatch, None);
    /// ```
    #[cfg(any(test, feature = "test-support"))]
    pub fn compare_items(&self, plan: &Plan) -> Result<ItemComparison, GpuError> {
        let jobs = plan.gpu_count_jobs(false).ok_or(GpuError::Tables)?;
        let mut first_mismatch = None;
        let mut items = 0;
        let mut compare = |job: usize, tree: &GpuTree, prefixes: &[Vec<u32>], words: &[u32]| {
            for (item, (prefix, own)) in prefixes.iter().zip(words.chunks_exact(4)).enumerate() {
                let gpu = Counts {
                    solutions: u64::from(own[0]) | u64::from(own[1]) << 32,
                    nodes: u64::from(own[2]) | u64::from(own[3]) << 32,
                    stopped: false,
                };
                let mut cpu = Counts::default();
                tree.walk(prefix, usize::MAX, &mut cpu, &mut |_| {});
                items += 1;
                if gpu != cpu && first_mismatch.is_none() {
                    let prefix = prefix.iter().map(|&c| tree.placement(c)).collect();
                    first_mismatch = Some(ItemMismatch { job, item, prefix, gpu, cpu });
                }
            }
        };
        let (counts, cut) = self.run(jobs, &Limits::NONE, &|_, _, _| {}, Some(&mut compare))?;
        Ok(ItemComparison { counts, items, cut, first_mismatch })
    }

    /// [`Plan::count_distinct`] on the GPU.
    pub fn count_distinct(&self, plan: &Plan, limits: &Limits<'_>) -> Result<Counts, GpuError> {
        let jobs = plan.gpu_distinct_jobs(limits.max_expanded.is_some()).ok_or(GpuError::Tables)?;
        Ok(self.run(jobs, limits, &|_, _, _| {}, None)?.0)
    }

    /// [`Plan::count_below`] on the GPU: a work unit's counts, or the CPU's reason for refusing
    /// the unit.
    pub fn count_below(
        &self,
        plan: &Plan,
        prefix: &[Placement],
        limits: &Limits<'_>,
    ) -> Result<Result<Counts, SplitError>, GpuError> {
        match plan.gpu_unit_jobs(prefix) {
            Some(jobs) => self.run(jobs, limits, &|_, _, _| {}, None).map(|(counts, _)| Ok(counts)),
            None => {
                // The CPU says why it refuses the unit, before counting anything.
                let refused = plan.count_below(prefix, &Limits { max_expanded: Some(0), ..Limits::NONE });
                match refused {
                    Err(err) => Ok(Err(err)),
                    Ok(_) => Err(GpuError::Tables),
                }
            }
        }
    }

    /// Runs the searches one after another (under a placement limit, each with what the ones
    /// before it left, as on the CPU) and adds up their counts; also the dispatches of an
    /// invocation that the driver's loop limit cut. `inspect`: called with each finished search's
    /// number, tables, items and per-item count words.
    fn run(
        &self,
        jobs: GpuJobs,
        limits: &Limits<'_>,
        observe: &(dyn Fn(usize, usize, u64) + Sync),
        mut inspect: Option<&mut Inspect<'_>>,
    ) -> Result<(Counts, u64), GpuError> {
        let mut total = Counts::default();
        let mut cut = 0;
        for (number, job) in jobs.jobs.into_iter().enumerate() {
            let (counts, job_cut) =
                self.run_job(job, limits, total.nodes, observe, (number, inspect.as_deref_mut()))?;
            cut += job_cut;
            total = Counts {
                solutions: total.solutions + counts.solutions,
                nodes: total.nodes + counts.nodes,
                stopped: counts.stopped,
            };
            if total.stopped {
                break;
            }
        }
        total.solutions *= jobs.turns;
        Ok((total, cut))
    }

    /// The invocations a dispatch runs for `tree`: as many as fit the largest buffer, a
    /// multiple of the workgroup.
    fn threads(&self, stride: usize) -> Result<u32, GpuError> {
        let fit = self.max_binding / (stride as u64 * 4);
        let threads = fit.min(u64::from(self.max_threads)) as u32 / WORKGROUP * WORKGROUP;
        if threads == 0 {
            let bytes = stride as u64 * 4 * u64::from(WORKGROUP);
            return Err(GpuError::TooLarge { adapter: self.adapter.clone(), bytes, limit: self.max_binding });
        }
        Ok(threads)
    }

    /// Counts one search: cuts its prefixes deeper until every invocation has work, then
    /// dispatches the kernel until every item is finished or a limit stops it. `spent`: the
    /// placements of the searches before it.
    fn run_job(
        &self,
        job: GpuJob,
        limits: &Limits<'_>,
        spent: u64,
        observe: &(dyn Fn(usize, usize, u64) + Sync),
        (number, inspect): (usize, Option<&mut Inspect<'_>>),
    ) -> Result<(Counts, u64), GpuError> {
        let GpuJob { tree, mut above, mut prefixes } = job;
        let stride = HEAD + tree.words + 3 * tree.cells;
        let threads = self.threads(stride)?;
        let mut depth = prefixes.first().map_or(0, Vec::len);
        let wanted = threads as usize * ITEMS_PER_THREAD;
        while !prefixes.is_empty() && prefixes.len() < wanted && depth + 1 < tree.cells {
            let mut deeper = Vec::new();
            for prefix in &prefixes {
                tree.walk(prefix, depth + 1, &mut above, &mut |p| deeper.push(p.to_vec()));
            }
            (prefixes, depth) = (deeper, depth + 1);
        }
        observe(0, prefixes.len(), above.nodes);
        if prefixes.is_empty() {
            return Ok((above, 0));
        }
        // No more invocations than items: the idle ones would only cost their state.
        let threads = threads.min((prefixes.len() as u32).div_ceil(WORKGROUP) * WORKGROUP);
        let n_items = u32::try_from(prefixes.len()).map_err(|_| GpuError::Tables)?;
        let (params, tables) = params_words(&tree, n_items, depth as u32, (threads, self.max_steps), stride as u32);
        let items: Vec<u32> = prefixes.iter().flatten().copied().chain([0]).collect();
        let mut state = vec![0u32; threads as usize * stride];
        for thread in 0..threads as usize {
            state[thread * stride] = NONE;
        }
        let largest = (tables.len().max(state.len()).max(items.len()) * 4) as u64;
        if largest > self.max_binding {
            return Err(GpuError::TooLarge { adapter: self.adapter.clone(), bytes: largest, limit: self.max_binding });
        }
        let scope = self.device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
        let storage = wgpu::BufferUsages::STORAGE;
        let buffer = |label: &str, words: &[u32], usage: wgpu::BufferUsages| {
            self.device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some(label),
                contents: &bytes(words),
                usage,
            })
        };
        let mut params = params;
        let params_buffer = buffer("params", &params, wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST);
        let tables = buffer("tables", &tables, storage);
        let items = buffer("items", &items, storage);
        let state = buffer("state", &state, storage);
        let control = buffer("control", &vec![0; CONTROL + prefixes.len()], storage | wgpu::BufferUsages::COPY_SRC);
        // Per invocation, then per item: solutions and placements, two words each.
        let counts_words = 4 * threads as usize;
        let counts =
            buffer("counts", &vec![0; counts_words + 4 * prefixes.len()], storage | wgpu::BufferUsages::COPY_SRC);
        let readback = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("readback"),
            size: ((CONTROL + counts_words) * 4) as u64,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let layout = self.pipeline.get_bind_group_layout(0);
        let entries: Vec<wgpu::BindGroupEntry<'_>> = [&params_buffer, &tables, &items, &state, &control, &counts]
            .iter()
            .enumerate()
            .map(|(binding, buffer)| wgpu::BindGroupEntry {
                binding: binding as u32,
                resource: buffer.as_entire_binding(),
            })
            .collect();
        let bind_group = self.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("count"),
            layout: &layout,
            entries: &entries,
        });
        if let Some(error) = pollster::block_on(scope.pop()) {
            return Err(self.driver(error.to_string()));
        }
        let (mut reported, mut done) = (above.nodes, 0u32);
        loop {
            let dispatched = Instant::now();
            let mut encoder = self.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
            {
                let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor::default());
                pass.set_pipeline(&self.pipeline);
                pass.set_bind_group(0, &bind_group, &[]);
                pass.dispatch_workgroups(threads / WORKGROUP, 1, 1);
            }
            encoder.copy_buffer_to_buffer(&control, 0, &readback, 0, (CONTROL * 4) as u64);
            encoder.copy_buffer_to_buffer(&counts, 0, &readback, (CONTROL * 4) as u64, (counts_words * 4) as u64);
            self.queue.submit([encoder.finish()]);
            let words = self.read(&readback)?;
            // The next dispatch's length, from this one's.
            let seconds = dispatched.elapsed().as_secs_f64();
            let steps = params[STEPS_WORD];
            let steps = if seconds < DISPATCH_SECONDS / 2.0 {
                steps.saturating_mul(2).min(self.max_steps)
            } else if seconds > DISPATCH_SECONDS * 2.0 {
                (steps / 2).max(1)
            } else {
                steps
            };
            if steps != params[STEPS_WORD] {
                params[STEPS_WORD] = steps;
                self.queue.write_buffer(&params_buffer, 0, &bytes(&params));
            }
            done = done.max(words[1]);
            let mut here = above;
            for thread in words[CONTROL..].chunks_exact(4) {
                here.solutions += u64::from(thread[0]) | u64::from(thread[1]) << 32;
                here.nodes += u64::from(thread[2]) | u64::from(thread[3]) << 32;
            }
            observe(done as usize, prefixes.len(), here.nodes - reported);
            reported = here.nodes;
            let cut = u64::from(words[2]);
            if done >= n_items {
                self.check_taken(&control, prefixes.len())?;
                if let Some(inspect) = inspect {
                    let offset = (counts_words * 4) as u64;
                    let words = self.copy_back(&counts, offset, (prefixes.len() * 4 * 4) as u64)?;
                    inspect(number, &tree, &prefixes, &words);
                }
                return Ok((here, cut));
            }
            let over = limits.max_expanded.is_some_and(|budget| spent + here.nodes >= budget);
            if limits.stopped() || over {
                here.stopped = true;
                return Ok((here, cut));
            }
        }
    }

    /// Checks that the kernel took each of the `n_items` work items exactly once (the counters
    /// after the first two words of `control`): a driver whose atomics failed would otherwise
    /// give a wrong count.
    fn check_taken(&self, control: &wgpu::Buffer, n_items: usize) -> Result<(), GpuError> {
        let words = self.copy_back(control, 0, ((CONTROL + n_items) * 4) as u64)?;
        match words[CONTROL..].iter().position(|&taken| taken != 1) {
            None => Ok(()),
            Some(item) => Err(self.driver(format!(
                "work item {item} of {n_items} was taken {} times instead of once: the driver's atomic operations \
                 failed, so the count is not given",
                words[CONTROL + item]
            ))),
        }
    }

    /// The `size` bytes of `buffer` from `offset`, as words.
    fn copy_back(&self, buffer: &wgpu::Buffer, offset: u64, size: u64) -> Result<Vec<u32>, GpuError> {
        let readback = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("copy back"),
            size,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut encoder = self.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
        encoder.copy_buffer_to_buffer(buffer, offset, &readback, 0, size);
        self.queue.submit([encoder.finish()]);
        self.read(&readback)
    }

    /// The words of `readback` once the GPU has written them.
    fn read(&self, readback: &wgpu::Buffer) -> Result<Vec<u32>, GpuError> {
        let slice = readback.slice(..);
        let (sender, receiver) = std::sync::mpsc::channel();
        slice.map_async(wgpu::MapMode::Read, move |result| {
            // The receiver waits below; a closed channel only means it gave up.
            let _ = sender.send(result);
        });
        self.device.poll(wgpu::PollType::wait_indefinitely()).map_err(|e| self.driver(e.to_string()))?;
        match receiver.recv() {
            Ok(Ok(())) => {}
            Ok(Err(e)) => return Err(self.driver(e.to_string())),
            Err(_) => return Err(self.driver("the readback was never mapped".to_owned())),
        }
        if let Some(reason) = self.lost.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone() {
            return Err(self.driver(reason));
        }
        let words = {
            let view = slice.get_mapped_range().map_err(|e| self.driver(e.to_string()))?;
            view.chunks_exact(4).map(|b| u32::from_ne_bytes([b[0], b[1], b[2], b[3]])).collect()
        };
        readback.unmap();
        Ok(words)
    }

    fn driver(&self, reason: String) -> GpuError {
        GpuError::Driver { adapter: self.adapter.clone(), reason }
    }
}

/// The kernel of [`Gpu::probe_loops`].
#[cfg(feature = "test-support")]
const LOOPS: &str = "
@group(0) @binding(0) var<storage, read_write> words: array<u32>;
@compute @workgroup_size(1)
fn probe(@builtin(global_invocation_id) id: vec3<u32>) {
    var outer = 0u;
    var inner = 0u;
    for (var i = 0u; i < words[0]; i++) {
        for (var k = 0u; k < words[1]; k++) {
            inner += 1u;
        }
        outer += 1u;
    }
    words[2u + 2u * id.x] = outer;
    words[3u + 2u * id.x] = inner;
}
";

/// What the tests look at beyond the count (feature `test-support`).
#[cfg(feature = "test-support")]
impl Gpu {
    /// Runs a kernel of two nested loops and nothing else on `invocations` invocations:
    /// `outer` turns of a loop that runs an inner loop of `inner` turns, and returns the turns
    /// of each that ran, two words per invocation. For the test of the driver behaviour the
    /// count's kernel is written around (lavapipe ends loops after 65,535 loop ends).
    ///
    /// Not run here: it needs a GPU and its driver.
    ///
    /// ```no_run
    /// use edge_match::gpu::Gpu;
    ///
    /// let gpu = Gpu::open().unwrap();
    /// // Ten turns of four: every turn runs where the driver has no loop limit.
    /// assert_eq!(gpu.probe_loops(10, 4, 1).unwrap(), [10, 40]);
    /// ```
    #[cfg(any(test, feature = "test-support"))]
    pub fn probe_loops(&self, outer: u32, inner: u32, invocations: u32) -> Result<Vec<u32>, GpuError> {
        let gpu = self;
        let module = gpu.device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("probe"),
            source: wgpu::ShaderSource::Wgsl(LOOPS.into()),
        });
        let pipeline = gpu.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("probe"),
            layout: None,
            module: &module,
            entry_point: Some("probe"),
            compilation_options: wgpu::PipelineCompilationOptions::default(),
            cache: None,
        });
        let mut words = vec![0u32; 2 + 2 * invocations as usize];
        (words[0], words[1]) = (outer, inner);
        let buffer = gpu.device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: None,
            contents: &bytes(&words),
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        });
        let readback = gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: (words.len() * 4) as u64,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let bind_group = gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[wgpu::BindGroupEntry { binding: 0, resource: buffer.as_entire_binding() }],
        });
        let mut encoder = gpu.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
        {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor::default());
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &bind_group, &[]);
            pass.dispatch_workgroups(invocations, 1, 1);
        }
        encoder.copy_buffer_to_buffer(&buffer, 0, &readback, 0, (words.len() * 4) as u64);
        gpu.queue.submit([encoder.finish()]);
        Ok(gpu.read(&readback)?[2..].to_vec())
    }
}

#[cfg(test)]
mod tests {
    use search::walk::Counts;
    use search::Limits;

    use crate::engine::gpu_tree::GpuJobs;
    use crate::engine::{Mode, Order};
    use crate::plan::{OrderPick, Solver, Task};
    use crate::testing::random_colour_puzzle;

    /// The counts of `jobs` walked on the CPU by `GpuTree::walk`, each job's tree cut at
    /// `stop` and every prefix emitted there walked on to the end: the kernel's loop, split as
    /// the kernel's items split it.
    fn walked(jobs: &GpuJobs, stop: usize) -> Counts {
        let mut total = Counts::default();
        for job in &jobs.jobs {
            let mut counts = Counts::default();
            for prefix in &job.prefixes {
                let mut deeper = Vec::new();
                job.tree.walk(prefix, stop.max(prefix.len() + 1), &mut counts, &mut |p| deeper.push(p.to_vec()));
                for below in &deeper {
                    job.tree.walk(below, usize::MAX, &mut counts, &mut |_| unreachable!("no stop"));
                }
            }
            counts.solutions *= jobs.turns;
            total = total + job.above + counts;
        }
        total
    }

    // The kernel's walk on the CPU is a loop of its own beside the core's drivers, kept because
    // it is the WGSL kernel's loop line for line (the reference that `compare_items` holds each
    // work item to); this holds it to the generic path node for node: every order, both modes,
    // framed or not, counts through a pinned corner and up to the board's turns.
    #[test]
    fn the_kernels_walk_counts_what_the_cpu_counts_node_for_node() {
        for seed in 0..8u64 {
            let (rows, cols) = [(2, 2), (3, 3), (2, 3), (3, 3)][seed as usize % 4];
            let puzzle = random_colour_puzzle(rows, cols, 4 + (seed % 3) as u16, seed % 2 == 0, true, seed);
            let solver = Solver::new(&puzzle);
            for order in Order::ALL {
                for mode in [Mode::Plain, Mode::Pictures] {
                    let what = format!("seed {seed} {rows}x{cols} {order} {mode:?}");
                    let plan = solver.plan(Task::Count, mode, Some(OrderPick::Given(order)), false);
                    let cpu = plan.count(&Limits::NONE, &|_, _, _| {});
                    for limited in [false, true] {
                        let jobs = plan.gpu_count_jobs(limited).expect("tables agree");
                        for stop in [2, usize::MAX] {
                            assert_eq!(walked(&jobs, stop), cpu, "{what} limited {limited} stop {stop}");
                        }
                    }
                    let distinct = solver.plan(Task::Distinct, mode, Some(OrderPick::Given(order)), false);
                    let jobs = distinct.gpu_distinct_jobs(false).expect("tables agree");
                    assert_eq!(walked(&jobs, usize::MAX), distinct.count_distinct(&Limits::NONE), "{what} distinct");
                }
            }
        }
    }
}
