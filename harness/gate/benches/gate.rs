//! The regression gate's benchmarks: one gungraun library benchmark per kernel (the registry's
//! representative subset, [`gate::kernels`]), run under Callgrind with its cache simulation. Run them with
//! `scripts/gate.sh`, which installs the matching `gungraun-runner`, names the numbered
//! benchmarks with `gate-kernels` and compares the counts with the baseline.
//!
//! The list comes from the registry ([`gate::kernels`]), so nothing here names a family or a
//! variant. The same kernels are listed on every CPU; one that cannot run here (AVX2 on a CPU
//! without it, NEON off aarch64) does nothing, and `scripts/gate_compare.py` reports it as not
//! run.

use gungraun::{
    library_benchmark, library_benchmark_group, main, Callgrind, CallgrindMetrics,
    LibraryBenchmarkConfig,
};

#[library_benchmark]
#[benches::kernel(iter = ::gate::kernels(), setup = ::gate::setup)]
fn kernels(kernel: Box<dyn ::gate::Kernel>) -> Box<dyn ::gate::Kernel> {
    ::gate::measure(kernel)
}

library_benchmark_group!(name = registry; benchmarks = kernels);

main!(
    config = LibraryBenchmarkConfig::default()
        // The test-only plant of `scripts/prove-gate.sh`; gungraun clears the environment.
        .pass_through_env(::gate::PLANT_ENV)
        .tool(
        // Cache simulation is gungraun's default; stated so that the gate does not depend on
        // it. `CacheMisses` adds the raw miss counters (D1mr, DLmr, ...) to the terminal
        // output; summary.json has every metric either way.
        // `--instr-atstart=no`: `gate::setup` starts instrumenting when the inputs are built.
        Callgrind::with_args(["--cache-sim=yes", "--instr-atstart=no"])
            .format([CallgrindMetrics::Default, CallgrindMetrics::CacheMisses]),
    );
    library_benchmark_groups = registry
);
