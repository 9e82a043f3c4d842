//! `--gpu`: counts on the GPU engine of `edge-match` (cargo feature `gpu`), for `--count`,
//! `--distinct` and `--unit`. The flag exists in every build, so that a binary built without
//! the feature can say how to get one; with it, the adapter is opened once and its failures (no
//! adapter, limits refused, a driver error) are bad input: exit status 1 with the cause.

use edge_match::{Counts, SplitError};
use edge_match::{Limits, Placement, Plan};

use crate::input::BadInput;

/// The GPU of a run: opened only when `--gpu` is given.
#[derive(Debug)]
pub(crate) struct Device {
    #[cfg(feature = "gpu")]
    gpu: edge_match::gpu::Gpu,
    /// A build without the feature never has one.
    #[cfg(not(feature = "gpu"))]
    never: std::convert::Infallible,
}

/// An error naming `--gpu` and the cause, exit status 1.
fn refuse(message: String) -> anyhow::Error {
    BadInput { file: "--gpu".to_owned(), pos: None, message }.into()
}

/// The GPU when `wanted` (`--gpu`), or why there is none.
pub(crate) fn open(wanted: bool) -> anyhow::Result<Option<Device>> {
    if !wanted {
        return Ok(None);
    }
    #[cfg(feature = "gpu")]
    {
        let gpu = edge_match::gpu::Gpu::open().map_err(|err| refuse(err.to_string()))?;
        Ok(Some(Device { gpu }))
    }
    #[cfg(not(feature = "gpu"))]
    Err(refuse(
        "this puzzle binary was built without the GPU engine: build it with `cargo build --release -p cli --features gpu` \
         (needs a Vulkan, Metal or DirectX 12 driver to run)"
            .to_owned(),
    ))
}

// One method each for both builds: without the feature there is no device to call them on.
impl Device {
    /// [`Plan::count`] on the GPU.
    pub(crate) fn count(
        &self,
        plan: &Plan,
        limits: &Limits<'_>,
        observe: &(dyn Fn(usize, usize, u64) + Sync),
    ) -> anyhow::Result<Counts> {
        #[cfg(feature = "gpu")]
        return self.gpu.count(plan, limits, observe).map_err(|err| refuse(err.to_string()));
        #[cfg(not(feature = "gpu"))]
        {
            let _ = (plan, limits, observe);
            match self.never {}
        }
    }

    /// [`Plan::count_distinct`] on the GPU.
    pub(crate) fn count_distinct(&self, plan: &Plan, limits: &Limits<'_>) -> anyhow::Result<Counts> {
        #[cfg(feature = "gpu")]
        return self.gpu.count_distinct(plan, limits).map_err(|err| refuse(err.to_string()));
        #[cfg(not(feature = "gpu"))]
        {
            let _ = (plan, limits);
            match self.never {}
        }
    }

    /// [`Plan::count_below`] on the GPU, or the unit's refusal.
    pub(crate) fn count_below(
        &self,
        plan: &Plan,
        prefix: &[Placement],
        limits: &Limits<'_>,
    ) -> anyhow::Result<Result<Counts, SplitError>> {
        #[cfg(feature = "gpu")]
        return self.gpu.count_below(plan, prefix, limits).map_err(|err| refuse(err.to_string()));
        #[cfg(not(feature = "gpu"))]
        {
            let _ = (plan, prefix, limits);
            match self.never {}
        }
    }
}
