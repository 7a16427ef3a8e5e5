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

use crate::select::{entries, Selection};
use crate::workload::{Mode, Pass, Prepared, Workload};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use strategies::family::Empty;
use strategies::{Bench, Cpu};

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
    /// Sweeps through the workloads, each taking an equal slice of every budget.
    pub sweeps: usize,
}

impl Plan {
    /// The default run: about a minute of measuring.
    pub fn default_run(seed: u64) -> Plan {
        Plan {
            seed,
            quick: false,
            budget: Duration::from_millis(2000),
            pressure_budget: Duration::from_millis(4500),
            min_rounds: 20,
            max_rounds: 4000,
            sweeps: 4,
        }
    }

    /// `--quick`: a smoke test of about five seconds.
    pub fn quick(seed: u64) -> Plan {
        Plan {
            seed,
            quick: true,
            budget: Duration::from_millis(120),
            pressure_budget: Duration::from_millis(350),
            min_rounds: 5,
            max_rounds: 400,
            sweeps: 1,
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
    /// The family being measured.
    pub family: &'static str,
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
///
/// The run makes `plan.sweeps` sweeps through the workloads, each giving every workload an
/// equal slice of its budget, so a workload's samples are spread over the whole run: a
/// disturbance of a few seconds on the shared machine (seen here: +50% on every variant and
/// the floor alike) then touches a minority of any workload's samples, which the median
/// discards, instead of all of them.
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
    let mut states: Vec<WorkloadState<F>> = workloads
        .iter()
        .map(|w| WorkloadState::new(w, plan.seed, variants.len() + 1))
        .collect();
    let sweeps = plan.sweeps.max(1);
    let mut budget_done = budget_before;
    for sweep in 1..=sweeps {
        for state in &mut states {
            let label = format!("{}/{}", F::NAME, state.prepared.workload.label());
            let label = if sweeps > 1 {
                format!("sweep {sweep}/{sweeps} {label}")
            } else {
                label
            };
            progress(Progress {
                family: F::NAME,
                label,
                budget_done,
            });
            let slice = plan.budget_of(&state.prepared.workload) / sweeps as u32;
            let (min_rounds, max_rounds) = (
                plan.min_rounds.div_ceil(sweeps),
                plan.max_rounds.div_ceil(sweeps),
            );
            state.measure(cpu, &variants, slice, min_rounds, max_rounds, stop)?;
            budget_done += slice;
        }
    }
    Ok(states
        .into_iter()
        .flat_map(|state| state.into_samples(&variants))
        .collect())
}

/// One workload's prepared queries and the samples taken so far, slot 0 being the floor.
struct WorkloadState<F: Bench> {
    prepared: Prepared<F>,
    samples: Vec<Vec<f64>>,
    rounds: usize,
}

impl<F: Bench> WorkloadState<F> {
    fn new(workload: &Workload, seed: u64, slots: usize) -> Self {
        WorkloadState {
            prepared: workload.prepare::<F>(seed),
            samples: vec![Vec::new(); slots],
            rounds: 0,
        }
    }

    /// One time per query of the kernel in `slot` (0: the floor) on the selected queries.
    fn sample(&mut self, cpu: &Cpu, variants: &[F::Variant], slot: usize) -> f64 {
        let (elapsed, count) = if slot == 0 {
            self.prepared.run(Empty::<F>::new(), 1)
        } else {
            let pass = Pass {
                prepared: &mut self.prepared,
                passes: 1,
            };
            F::visit(variants[slot - 1], cpu, pass).expect("variant was checked to be runnable")
        };
        elapsed.as_nanos() as f64 / count as f64
    }

    /// Rounds of the floor and `variants` for `budget`, between `min_rounds` and `max_rounds`.
    fn measure(
        &mut self,
        cpu: &Cpu,
        variants: &[F::Variant],
        budget: Duration,
        min_rounds: usize,
        max_rounds: usize,
        stop: &AtomicBool,
    ) -> Result<(), Interrupted> {
        let slots = self.samples.len();
        // A warm-up round (caches, predictors, clock), not kept.
        for slot in 0..slots {
            self.sample(cpu, variants, slot);
        }
        let start = Instant::now();
        let mut rounds = 0;
        while rounds < min_rounds || (start.elapsed() < budget && rounds < max_rounds) {
            if stop.load(Ordering::Relaxed) {
                return Err(Interrupted);
            }
            self.prepared.draw(slots);
            // Rotated by one each round, so every variant takes every position in turn.
            let first = self.rounds;
            for slot in (0..slots).map(|i| (i + first) % slots) {
                self.prepared.select(slot);
                let kept = self.sample(cpu, variants, slot);
                self.samples[slot].push(kept);
            }
            rounds += 1;
            self.rounds += 1;
        }
        Ok(())
    }

    fn into_samples(self, variants: &[F::Variant]) -> Vec<Samples> {
        let workload = self.prepared.workload;
        let mut samples = self.samples.into_iter();
        let floor = Samples {
            family: F::NAME,
            variant: FLOOR,
            floor: true,
            external: false,
            table_bytes: 0,
            requires: Vec::new(),
            workload,
            ns_per_op: samples.next().expect("the floor's slot"),
        };
        let measured = variants.iter().zip(samples).map(|(&variant, ns_per_op)| {
            let descriptor = F::descriptor(variant);
            Samples {
                family: F::NAME,
                variant: descriptor.name,
                floor: false,
                external: descriptor.source.is_external(),
                table_bytes: descriptor.table_bytes,
                requires: descriptor.requires.iter().map(|f| f.name()).collect(),
                workload,
                ns_per_op,
            }
        });
        std::iter::once(floor).chain(measured).collect()
    }
}
