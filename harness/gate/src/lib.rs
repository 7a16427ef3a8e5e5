//! # bitbench gate
//!
//! A deterministic regression gate: every variant's throughput workload run once under
//! Callgrind (through [gungraun](https://crates.io/crates/gungraun)), so the figure is a count
//! of instructions (`Ir`) and of simulated cache misses, not a time. Counts repeat exactly from
//! run to run on one machine, so a small threshold (2 %) catches real regressions without
//! false alarms, even on a noisy shared CI runner where timings could not.
//!
//! `benches/gate.rs` holds one gungraun benchmark per kernel, made from [`kernels`]: a
//! representative subset of the registry ([`strategies::Families`]) chosen by a rule on its
//! descriptors (each family's first portable variants and its first AVX2 and BMI2 variants),
//! so a new family is gated without a line here, and the gate's time stays within CI's. gungraun numbers them (`kernel_0`, …);
//! `src/bin/gate-kernels.rs` prints the same list, which `scripts/gate.sh` uses to name them.
//! This library is what each benchmark does, kept apart from gungraun's macros:
//!
//! - [`setup`] (not measured): finds the variant, detects the CPU, generates the workload's
//!   seeded queries and draws the set to run, uninstrumented (Callgrind runs with
//!   `--instr-atstart=no`; setup starts the instrumentation when it is done), so the gate's
//!   time is the kernels', not the position corpus's. The caches are simulated from there on:
//!   the kernel's tables and queries start cold.
//! - [`measure`] (measured): reaches the variant's kernel through `Family::visit` and runs one
//!   pass of the workload's [`pool`](harness::measure::workload::Workload::pool) of queries. A variant
//!   that cannot run here (AVX2 on a CPU without it) does nothing.
//!
//! One test-only switch, [`PLANT_ENV`], slows one kernel on purpose at run time, so that
//! `scripts/prove-gate.sh` shows the gate naming a regression without building a second tree.

use harness::measure::workload::{Mode, Pass, Prepared, Workload};
use std::hint::black_box;
use strategies::inputs::DEFAULT_SEED;
use strategies::{Bench, Cpu, Families, FamilyVisitor, Feature, Level, Registry};

/// Passes over the workload's queries per measurement. One pass is the workload's
/// [`pool`](harness::measure::workload::Workload::pool) of queries (16,384 for most families, fewer
/// where they would hold more than the family's
/// [`pool_bytes`](strategies::Shape::pool_bytes)): the fixed cost around it (dispatch, two
/// clock reads) is a few hundred instructions, well under 1 % of any kernel's count.
pub const PASSES: u64 = 1;

/// One kernel ready to measure, whatever its family: the one dynamic call per measurement is
/// outside the counted loop's body.
pub trait Kernel {
    /// One measured run.
    fn run(&mut self);
}

/// What a benchmark measures: one variant, this CPU, the workload's queries.
pub struct Case<F: Bench> {
    pub variant: F::Variant,
    pub cpu: Cpu,
    /// The copy of the loop that runs, detected in setup, not in the counted run: under
    /// valgrind, whose CPU has no AVX-512, `x86-64-v3` on any host with AVX2.
    pub level: Level,
    pub prepared: Prepared<F>,
}

impl<F: Bench> Kernel for Case<F> {
    #[inline(never)]
    fn run(&mut self) {
        let pass = Pass {
            prepared: &mut self.prepared,
            passes: black_box(PASSES),
            level: self.level,
        };
        // Err: the variant cannot run on this CPU; nothing to measure.
        let _ = black_box(F::visit(black_box(self.variant), &self.cpu, pass));
    }
}

/// The environment variable of the gate's test-only plant, `FAMILY/VARIANT:SPINS`: that
/// kernel's measured run is followed by SPINS turns of an empty loop, so its counts grow as a
/// slowed kernel's would, and no other kernel's change. `scripts/prove-gate.sh` sets it to show
/// that the gate names such a regression, and only it; `benches/gate.rs` passes it through to
/// the benchmarks (gungraun clears every other variable).
pub const PLANT_ENV: &str = "BITBENCH_GATE_PLANT";

/// A kernel slowed by the plant: its own run, then `spins` turns of an empty loop.
struct Planted {
    kernel: Box<dyn Kernel>,
    spins: u64,
}

impl Kernel for Planted {
    #[inline(never)]
    fn run(&mut self) {
        self.kernel.run();
        for spin in 0..black_box(self.spins) {
            black_box(spin);
        }
    }
}

/// The spins the plant `spec` (the value of [`PLANT_ENV`]) adds to `kernel`: `None` when it
/// names another kernel.
///
/// # Panics
/// If `spec` is not `FAMILY/VARIANT:SPINS`, with SPINS a whole number.
pub fn planted_spins(spec: &str, kernel: &str) -> Option<u64> {
    let (name, spins) = spec
        .rsplit_once(':')
        .and_then(|(name, spins)| Some((name, spins.parse::<u64>().ok()?)))
        .unwrap_or_else(|| panic!("{PLANT_ENV}={spec}: expected FAMILY/VARIANT:SPINS"));
    (name == kernel).then_some(spins)
}

/// The workload the gate measures for `F`: its first distribution in throughput mode.
pub fn workload<F: Bench>() -> Workload {
    Workload::matrix::<F>()
        .into_iter()
        .find(|w| w.mode == Mode::Throughput)
        .expect("every family has a throughput workload")
}

/// How many of a family's portable variants the gate measures: the first ones in registry
/// order, where each family puts the seed's plain techniques.
pub const PORTABLE_PER_FAMILY: usize = 2;

/// The CPU features whose kernels the gate measures, the first one of each per family:
/// Callgrind (valgrind 3.19) executes AVX2 and BMI2; it stops at AVX-512 and GFNI
/// instructions, and NEON is off x86-64.
pub const GATED_FEATURES: [Feature; 2] = [Feature::Avx2, Feature::Bmi2];

/// Every kernel the gate measures, as `family/variant`, in registry order: a representative
/// subset, so that the gate's time grows by a few kernels per family, not by every variant.
/// Per family: its first [`PORTABLE_PER_FAMILY`] portable variants of our own (peers are not
/// our code to gate), and its first variant needing each of [`GATED_FEATURES`] (alone, or
/// with a feature it implies). The rule reads only the registry's descriptors, so a new
/// family is gated without a line here.
pub fn kernels() -> Vec<String> {
    let descriptors = Families::descriptors();
    let mut picked: Vec<&strategies::Descriptor> = Vec::new();
    for family in Families::names() {
        let ours = descriptors
            .iter()
            .filter(|d| d.family == family && !d.source.is_external());
        picked.extend(
            ours.clone()
                .filter(|d| d.requires.is_empty())
                .take(PORTABLE_PER_FAMILY),
        );
        for feature in GATED_FEATURES {
            picked.extend(ours.clone().find(|d| d.requires == [feature]));
        }
    }
    picked.sort_by_key(|d| descriptors.iter().position(|e| *e == *d));
    picked.iter().map(|d| d.id()).collect()
}

/// Setup of the benchmark of `kernel` (`family/variant`; not measured).
///
/// # Panics
/// If `kernel` names no registered variant.
pub fn setup(kernel: String) -> Box<dyn Kernel> {
    struct Find {
        kernel: String,
        found: Option<Box<dyn Kernel>>,
    }
    impl FamilyVisitor for Find {
        fn visit<F: Bench>(&mut self) {
            let Some(name) = self.kernel.strip_prefix(&format!("{}/", F::NAME)) else {
                return;
            };
            let Some(variant) = F::find(name) else {
                return;
            };
            let mut prepared = workload::<F>().prepare::<F>(DEFAULT_SEED);
            prepared.draw(1);
            let cpu = Cpu::detect();
            let level = Level::detect(&cpu);
            self.found = Some(Box::new(Case::<F> {
                variant,
                cpu,
                level,
                prepared,
            }));
        }
    }
    let mut find = Find {
        kernel,
        found: None,
    };
    Families::for_each(&mut find);
    let mut kernel = find
        .found
        .unwrap_or_else(|| panic!("no registered kernel {}", find.kernel));
    if let Ok(spec) = std::env::var(PLANT_ENV) {
        if let Some(spins) = planted_spins(&spec, &find.kernel) {
            kernel = Box::new(Planted { kernel, spins });
        }
    }
    // The bench runs Callgrind with `--instr-atstart=no`: building the inputs (the position
    // corpus, a reference move generator's moves) ran uninstrumented, twenty times faster;
    // from here on every instruction is seen, and `measure`'s are counted.
    harness::tools::cachesim::client::start_instrumentation();
    kernel
}

/// The measured part: one run of the kernel. Returns it, so that freeing it happens after the
/// measurement.
#[inline(never)]
pub fn measure(mut kernel: Box<dyn Kernel>) -> Box<dyn Kernel> {
    kernel.run();
    kernel
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_variant_is_a_kernel_and_sets_up() {
        let kernels = kernels();
        assert!(
            kernels.len() < Families::descriptors().len() / 2,
            "a subset"
        );
        for family in Families::names() {
            assert!(kernels.iter().any(|k| k.starts_with(&format!("{family}/"))));
        }
        let mut first = setup(kernels[0].clone());
        first.run();
    }

    #[test]
    fn the_plant_names_one_kernel() {
        let spec = "in_between/triangular:1000";
        assert_eq!(planted_spins(spec, "in_between/triangular"), Some(1000));
        assert_eq!(planted_spins(spec, "in_between/rays"), None);
        let mut planted = Planted {
            kernel: setup(kernels()[0].clone()),
            spins: 3,
        };
        planted.run();
    }

    #[test]
    #[should_panic(expected = "expected FAMILY/VARIANT:SPINS")]
    fn a_malformed_plant_is_refused() {
        planted_spins("in_between/triangular", "in_between/triangular");
    }

    #[test]
    #[should_panic(expected = "no registered kernel nonesuch/x")]
    fn an_unknown_kernel_is_refused() {
        setup("nonesuch/x".into());
    }
}
