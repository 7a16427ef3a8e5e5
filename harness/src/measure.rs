//! The runner: every selected, runnable variant of every workload, interleaved.
//!
//! Within a workload, samples are taken round-robin: floor, A, B, C, then A, B, C, floor, then
//! B, C, floor, A, … so that drift (frequency changes, a neighbour on the shared machine) hits
//! every variant alike, and every variant takes every position in a round equally often (the
//! last in a round measured a few percent faster than the one before it, on identical machine
//! code). Each sample is one pass over a set of queries and yields a time per query.
//!
//! Every round draws fresh queries; every variant (and the floor) runs on exactly those, each
//! in its own random order, so no code replays a sequence the branch predictor could have
//! learned (see [`crate::workload`]). A workload is
//! sampled until its time budget is spent and it has at least the minimum number of rounds.
//!
//! The floor is the empty kernel (it returns its input), measured the same way in every
//! workload.

use crate::families::Bench;
use crate::select::{entries, Selection};
use crate::workload::{Mode, Pass, Prepared, Workload};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use strategies::family::Empty;
use strategies::Cpu;

/// The floor's name in records and tables.
pub const FLOOR: &str = "empty";

/// How long to measure.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub seed: u64,
    pub quick: bool,
    /// Budget of each throughput or latency workload.
    pub budget: Duration,
    /// Budget of each cache-pressure workload (one per eviction size).
    pub pressure_budget: Duration,
    /// Rounds at least, even past the budget.
    pub min_rounds: usize,
    /// Rounds at most, even within the budget.
    pub max_rounds: usize,
}

impl Plan {
    /// The default run: about a minute and a half of measuring.
    pub fn default_run(seed: u64) -> Plan {
        Plan {
            seed,
            quick: false,
            budget: Duration::from_millis(2000),
            pressure_budget: Duration::from_millis(4500),
            min_rounds: 15,
            max_rounds: 4000,
        }
    }

    /// `--quick`: a smoke test of a few seconds.
    pub fn quick(seed: u64) -> Plan {
        Plan {
            seed,
            quick: true,
            budget: Duration::from_millis(120),
            pressure_budget: Duration::from_millis(350),
            min_rounds: 5,
            max_rounds: 400,
        }
    }

    pub fn budget_of(&self, workload: &Workload) -> Duration {
        match workload.mode {
            Mode::CachePressure => self.pressure_budget,
            _ => self.budget,
        }
    }
}

/// One variant's samples in one workload: nanoseconds per query.
#[derive(Clone, Debug)]
pub struct Samples {
    pub family: &'static str,
    pub variant: &'static str,
    /// The empty kernel.
    pub floor: bool,
    pub external: bool,
    pub table_bytes: usize,
    /// CPU features the variant needs (empty for portable variants and the floor).
    pub requires: Vec<&'static str>,
    pub workload: Workload,
    pub ns_per_op: Vec<f64>,
}

/// The run was interrupted (Ctrl-C); nothing measured so far is to be trusted or written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interrupted;

/// Where the runner is, for a progress display.
#[derive(Clone, Debug)]
pub struct Progress {
    /// The workload being measured, as `family/distribution/mode[/E]`.
    pub label: String,
    /// Budgeted time of the workloads before this one.
    pub budget_done: Duration,
}

/// The workloads `F` will run under `selection`, and their total budget.
pub fn planned<F: Bench>(selection: &Selection, plan: &Plan) -> (Vec<Workload>, Duration) {
    if !selection.includes_family(F::NAME) {
        return (Vec::new(), Duration::ZERO);
    }
    let workloads = Workload::matrix::<F>();
    let total = workloads.iter().map(|w| plan.budget_of(w)).sum();
    (workloads, total)
}

/// Measures every workload of `F` with every selected variant that runs under `cpu`.
pub fn measure_family<F: Bench>(
    cpu: &Cpu,
    selection: &Selection,
    plan: &Plan,
    budget_before: Duration,
    progress: &mut dyn FnMut(Progress),
    stop: &AtomicBool,
) -> Result<Vec<Samples>, Interrupted> {
    let variants: Vec<F::Variant> = entries::<F>(cpu, selection)
        .into_iter()
        .filter(|(_, entry)| entry.runnable.is_ok())
        .map(|(variant, _)| variant)
        .collect();
    let (workloads, _) = planned::<F>(selection, plan);
    let mut all = Vec::new();
    let mut budget_done = budget_before;
    for workload in workloads {
        progress(Progress {
            label: format!("{}/{}", F::NAME, workload.label()),
            budget_done,
        });
        all.extend(measure_workload::<F>(
            cpu, &variants, &workload, plan, stop,
        )?);
        budget_done += plan.budget_of(&workload);
    }
    Ok(all)
}

/// One workload: the floor and `variants`, round-robin.
fn measure_workload<F: Bench>(
    cpu: &Cpu,
    variants: &[F::Variant],
    workload: &Workload,
    plan: &Plan,
    stop: &AtomicBool,
) -> Result<Vec<Samples>, Interrupted> {
    let mut prepared = workload.prepare::<F>(plan.seed);
    let slots = variants.len() + 1; // the floor is slot 0
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); slots];
    let ns_per_op = |(elapsed, count): (Duration, u64)| elapsed.as_nanos() as f64 / count as f64;
    let sample = |prepared: &mut Prepared<F>, slot: usize| -> f64 {
        if slot == 0 {
            ns_per_op(prepared.run(Empty::<F>::new(), 1))
        } else {
            let pass = Pass {
                prepared,
                passes: 1,
            };
            ns_per_op(
                F::visit(variants[slot - 1], cpu, pass)
                    .expect("variant was checked to be runnable"),
            )
        }
    };
    // A warm-up round (caches, predictors, clock), not kept.
    for slot in 0..slots {
        sample(&mut prepared, slot);
    }
    let budget = plan.budget_of(workload);
    let start = Instant::now();
    let mut rounds = 0;
    while rounds < plan.min_rounds || (start.elapsed() < budget && rounds < plan.max_rounds) {
        if stop.load(Ordering::Relaxed) {
            return Err(Interrupted);
        }
        prepared.draw(slots);
        // Rotated by one each round, so every variant takes every position in turn.
        for slot in (0..slots).map(|i| (i + rounds) % slots) {
            prepared.select(slot);
            let kept = sample(&mut prepared, slot);
            samples[slot].push(kept);
        }
        rounds += 1;
    }
    let mut samples = samples.into_iter();
    let floor = samples.next().expect("the floor's slot");
    let mut all = vec![Samples {
        family: F::NAME,
        variant: FLOOR,
        floor: true,
        external: false,
        table_bytes: 0,
        requires: Vec::new(),
        workload: *workload,
        ns_per_op: floor,
    }];
    for (&variant, ns_per_op) in variants.iter().zip(samples) {
        let descriptor = F::descriptor(variant);
        all.push(Samples {
            family: F::NAME,
            variant: descriptor.name,
            floor: false,
            external: descriptor.source.is_external(),
            table_bytes: descriptor.table_bytes,
            requires: descriptor.requires.iter().map(|f| f.name()).collect(),
            workload: *workload,
            ns_per_op,
        });
    }
    Ok(all)
}
