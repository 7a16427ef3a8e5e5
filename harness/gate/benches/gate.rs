//! The regression gate's benchmarks: one gungraun library benchmark per variant, run under
//! Callgrind with its cache simulation. Run them with `scripts/gate.sh`, which installs the
//! matching `gungraun-runner` and compares the counts with the baseline.
//!
//! Each family is one benchmark function named after the family, with one
//! `#[bench::<variant>(args = ("<variant>"), setup = ...)]` per registered variant, so a
//! benchmark reads `gate::kernels::in_between rectangular:...` and its summary lies in
//! `target/gungraun/gate/gate/kernels/in_between.rectangular/summary.json`. The setup checks
//! these attributes against the registry: a variant added there and not here fails the gate.
//!
//! Every variant is listed on every architecture (gungraun's attributes cannot be compiled
//! conditionally); one that cannot run here (AVX2 on a CPU without it, NEON off aarch64) does
//! nothing, and `scripts/gate_compare.py` reports it as not run.

use gate::Case;
use gungraun::{
    library_benchmark, library_benchmark_group, main, Callgrind, CallgrindMetrics,
    LibraryBenchmarkConfig,
};
use strategies::{InBetweenFamily, KnightFamily};

/// This file: the setup reads the `#[bench::...]` attributes from it.
const SOURCE: &str = include_str!("gate.rs");

fn setup_in_between(variant: &str) -> Case<InBetweenFamily> {
    ::gate::setup(variant, SOURCE)
}

fn setup_knight_attacks(variant: &str) -> Case<KnightFamily> {
    ::gate::setup(variant, SOURCE)
}

#[library_benchmark]
#[bench::rectangular(args = ("rectangular"), setup = setup_in_between)]
#[bench::triangular(args = ("triangular"), setup = setup_in_between)]
#[bench::x88_rotate(args = ("x88_rotate"), setup = setup_in_between)]
#[bench::calculated(args = ("calculated"), setup = setup_in_between)]
#[bench::calculated_avx2(args = ("calculated_avx2"), setup = setup_in_between)]
#[bench::rectangular_gather_avx2(args = ("rectangular_gather_avx2"), setup = setup_in_between)]
#[bench::calculated_neon(args = ("calculated_neon"), setup = setup_in_between)]
#[bench::chess(args = ("chess"), setup = setup_in_between)]
#[bench::cozy_chess(args = ("cozy_chess"), setup = setup_in_between)]
fn in_between(case: Case<InBetweenFamily>) -> Case<InBetweenFamily> {
    ::gate::measure(case)
}

#[library_benchmark]
#[bench::lookup(args = ("lookup"), setup = setup_knight_attacks)]
#[bench::shifts_premask(args = ("shifts_premask"), setup = setup_knight_attacks)]
#[bench::shifts_postmask(args = ("shifts_postmask"), setup = setup_knight_attacks)]
#[bench::parallel_prefix(args = ("parallel_prefix"), setup = setup_knight_attacks)]
#[bench::parallel_prefix_wide(args = ("parallel_prefix_wide"), setup = setup_knight_attacks)]
#[bench::avx2_directions(args = ("avx2_directions"), setup = setup_knight_attacks)]
#[bench::avx2_batch(args = ("avx2_batch"), setup = setup_knight_attacks)]
#[bench::neon_batch(args = ("neon_batch"), setup = setup_knight_attacks)]
#[bench::chess(args = ("chess"), setup = setup_knight_attacks)]
#[bench::cozy_chess(args = ("cozy_chess"), setup = setup_knight_attacks)]
fn knight_attacks(case: Case<KnightFamily>) -> Case<KnightFamily> {
    ::gate::measure(case)
}

library_benchmark_group!(name = kernels, benchmarks = [in_between, knight_attacks]);

main!(
    config = LibraryBenchmarkConfig::default().tool(
        // Cache simulation is gungraun's default; stated so that the gate does not depend on
        // it. `CacheMisses` adds the raw miss counters (D1mr, DLmr, ...) to the terminal
        // output; summary.json has every metric either way.
        Callgrind::with_args(["--cache-sim=yes"])
            .format([CallgrindMetrics::Default, CallgrindMetrics::CacheMisses]),
    ),
    library_benchmark_groups = kernels
);
