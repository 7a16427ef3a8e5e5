//! The deterministic regression gate's counts: a representative kernel of each family and
//! feature ([`kernels`]) run once under Callgrind with its cache simulation, so the figures are
//! counts of instructions (`Ir`) and of simulated cache misses, not times. Counts repeat
//! exactly from run to run on one machine, so `scripts/gate.sh` can compare them with the
//! committed baseline at a small threshold without false alarms, even on a noisy shared runner.
//!
//! The kernels run in the release binary that measures them, through the same compiled loops
//! ([`Stage`], one per family in `suite::stages`): the gate needs no build of its own.
//!
//! [`count`] starts one Callgrind process per kernel, each running this binary's hidden
//! `gate-worker` command ([`worker`]), one per core at a time. Each process builds its
//! kernel's inputs uninstrumented (`--instr-atstart=no`), then starts the instrumentation, so
//! the simulated caches start cold, and collects the events of one pass over the workload's
//! pool of queries alone (`--collect-atstart=no`, toggled around it). A kernel that cannot run
//! here (AVX2 on a CPU without it) is listed as not run.
//!
//! One test-only switch, [`PLANT_ENV`], slows one kernel on purpose, so that
//! `scripts/prove-gate.sh` shows the gate naming a regression without a second build.

use crate::base::parallel::run_in_parallel;
use crate::errln;
use crate::measure::workload::{Mode, Pass, Workload};
use crate::tools::cachesim::{callgrind, client, read_dumps};
use anyhow::{bail, Context, Result};
use serde::Serialize;
use std::hint::black_box;
use strategies::inputs::DEFAULT_SEED;
use strategies::{Bench, Cpu, Families, Feature, Level, Registry};

/// How many of a family's portable variants the gate counts: the first ones in registry
/// order, where each family puts the seed's plain techniques.
pub const PORTABLE_PER_FAMILY: usize = 2;

/// The CPU features whose kernels the gate counts, the first one of each per family:
/// Callgrind (valgrind 3.19) executes AVX2 and BMI2; it stops at AVX-512 and GFNI
/// instructions, and NEON is off x86-64.
pub const GATED_FEATURES: [Feature; 2] = [Feature::Avx2, Feature::Bmi2];

/// The environment variable of the gate's test-only plant, `FAMILY/VARIANT:SPINS`: that
/// kernel's counted pass is followed, still counted, by SPINS turns of an empty loop, so its
/// counts grow as a slowed kernel's would, and no other kernel's change.
pub const PLANT_ENV: &str = "BITBENCH_GATE_PLANT";

/// Every kernel the gate counts, as `family/variant`, in registry order: a representative
/// subset, so that the gate's time grows by a few kernels per family, not by every variant.
/// Per family: its first [`PORTABLE_PER_FAMILY`] portable variants of our own (peers are not
/// our code to gate), and its first variant needing each of [`GATED_FEATURES`] alone. The
/// rule reads only the registry's descriptors, so a new family is gated without a line here.
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

/// The spins the plant `spec` (the value of [`PLANT_ENV`]) adds to `kernel`: `None` when it
/// names another kernel.
///
/// # Errors
/// If `spec` is not `FAMILY/VARIANT:SPINS`, with SPINS a whole number.
pub fn planted_spins(spec: &str, kernel: &str) -> Result<Option<u64>> {
    let Some((name, spins)) = spec
        .rsplit_once(':')
        .and_then(|(name, spins)| Some((name, spins.parse::<u64>().ok()?)))
    else {
        bail!("{PLANT_ENV}={spec}: expected FAMILY/VARIANT:SPINS");
    };
    Ok((name == kernel).then_some(spins))
}

/// The workload the gate counts for `F`: its first distribution in throughput mode.
pub fn workload<F: Bench>() -> Workload {
    Workload::matrix::<F>()
        .into_iter()
        .find(|w| w.mode == Mode::Throughput)
        .expect("every family has a throughput workload")
}

/// One family's part of [`worker`], compiled for its type: [`count_family`] of the family (see
/// `suite::stages`).
pub type Stage = fn(&Worker<'_>) -> Option<Outcome>;

/// What [`worker`] hands each family's [`Stage`].
pub struct Worker<'a> {
    /// The kernel to count, `family/variant`.
    pub kernel: &'a str,
    pub cpu: &'a Cpu,
    /// Spins of the test-only plant ([`PLANT_ENV`]), 0 without it.
    pub spins: u64,
}

/// What a family's stage did with the worker's kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Counted, and dumped under the kernel's name.
    Counted,
    /// The variant cannot run on this CPU.
    NotRunHere,
}

/// Family `F`'s part of [`worker`]: `None` unless the kernel is one of `F`'s variants.
pub fn count_family<F: Bench>(worker: &Worker<'_>) -> Option<Outcome> {
    let name = worker.kernel.strip_prefix(&format!("{}/", F::NAME))?;
    let variant = F::find(name)?;
    if F::runnable(variant, worker.cpu).is_err() {
        return Some(Outcome::NotRunHere);
    }
    let mut prepared = workload::<F>().prepare::<F>(DEFAULT_SEED);
    prepared.draw(1);
    // The copy of the loop that runs: under valgrind, whose CPU has no AVX-512, `x86-64-v3` on
    // a host with AVX2.
    let level = Level::detect(worker.cpu);
    // Everything before ran uninstrumented; the caches are simulated from here, cold.
    client::start_instrumentation();
    client::toggle_collect();
    let pass = Pass {
        prepared: &mut prepared,
        passes: black_box(1),
        level,
    };
    let ran = black_box(F::visit(black_box(variant), worker.cpu, pass)).is_ok();
    for spin in 0..black_box(worker.spins) {
        black_box(spin);
    }
    client::toggle_collect();
    if !ran {
        return Some(Outcome::NotRunHere);
    }
    // Named as `cachesim`'s dumps are, per query: one, so the counts read back are the pass's.
    client::dump_stats_at(&format!("{}/1", worker.kernel));
    Some(Outcome::Counted)
}

/// The worker, run under Callgrind by [`count`]: counts `kernel` with the stage of its family.
///
/// # Errors
/// If no family has that kernel, or the plant in the environment is malformed.
pub fn worker(families: &[Stage], kernel: &str, cpu: &Cpu) -> Result<Outcome> {
    let spins = match std::env::var(PLANT_ENV) {
        Ok(spec) => planted_spins(&spec, kernel)?.unwrap_or(0),
        Err(_) => 0,
    };
    let worker = Worker { kernel, cpu, spins };
    families
        .iter()
        .find_map(|stage| stage(&worker))
        .with_context(|| format!("no registered kernel {kernel}"))
}

/// One kernel's counts: what `scripts/gate_compare.py` compares with the baseline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KernelCounts {
    pub kernel: String,
    /// Instructions executed (Callgrind's `Ir`).
    pub ir: u64,
    /// Data reads and writes that missed the simulated L1 (`D1mr + D1mw`).
    pub d1_misses: u64,
    /// Those that missed the last level too (`DLmr + DLmw`).
    pub ll_misses: u64,
}

/// A run of the gate: the kernels counted, and those that cannot run here.
#[derive(Clone, Debug, Default, Serialize)]
pub struct GateRun {
    pub kernels: Vec<KernelCounts>,
    pub not_run_here: Vec<String>,
}

/// Counts every kernel of [`kernels`] in its own Callgrind process of this binary's
/// `gate-worker` command, passing on `disabled` features; one per core at a time (the
/// counts do not depend on what runs beside them). Prints a line per kernel counted.
///
/// # Errors
/// If valgrind cannot start or a worker fails; a signal stops the run.
pub fn count(disabled: &[Feature]) -> Result<GateRun> {
    crate::tools::cachesim::check_available()?;
    let kernels = kernels();
    let total = kernels.len();
    let done = std::sync::atomic::AtomicUsize::new(0);
    type Job<'a> = Box<dyn FnOnce() -> Result<(String, Option<KernelCounts>)> + Send + 'a>;
    let jobs: Vec<Job<'_>> = kernels
        .iter()
        .map(|kernel| {
            let done = &done;
            Box::new(move || {
                let counts = count_one(kernel, disabled)?;
                let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                errln!("gate: {n:2} of {total} {kernel}");
                Ok((kernel.clone(), counts))
            }) as Job<'_>
        })
        .collect();
    let mut run = GateRun::default();
    for result in run_in_parallel(jobs) {
        match result? {
            (_, Some(counts)) => run.kernels.push(counts),
            (kernel, None) => run.not_run_here.push(kernel),
        }
    }
    Ok(run)
}

/// One kernel under Callgrind: its counts, or `None` if it cannot run here.
fn count_one(kernel: &str, disabled: &[Feature]) -> Result<Option<KernelCounts>> {
    let options = [
        "--cache-sim=yes",
        "--instr-atstart=no",
        "--collect-atstart=no",
    ]
    .map(String::from);
    let args = ["gate-worker", "--kernel", kernel].map(String::from);
    let what = format!("the gate's worker for {kernel}");
    let scratch = callgrind(&options, disabled, &args, &what)?;
    // A kernel that cannot run here dumped nothing.
    Ok(read_dumps(scratch.path())?
        .get(kernel)
        .map(|c| KernelCounts {
            kernel: kernel.to_string(),
            ir: c.instructions.round() as u64,
            d1_misses: c.l1d_misses.round() as u64,
            ll_misses: c.ll_misses.round() as u64,
        }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kernels_are_a_subset_with_every_family() {
        let kernels = kernels();
        assert!(
            kernels.len() < Families::descriptors().len() / 2,
            "a subset"
        );
        for family in Families::names() {
            assert!(kernels.iter().any(|k| k.starts_with(&format!("{family}/"))));
        }
    }

    #[test]
    fn the_plant_names_one_kernel() {
        let spec = "in_between/triangular:1000";
        assert_eq!(
            planted_spins(spec, "in_between/triangular").unwrap(),
            Some(1000)
        );
        assert_eq!(planted_spins(spec, "in_between/rays").unwrap(), None);
        let err = planted_spins("in_between/triangular", "in_between/triangular").unwrap_err();
        assert!(err.to_string().contains("expected FAMILY/VARIANT:SPINS"));
    }
}
