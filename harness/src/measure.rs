//! The runner: every selected, runnable variant of every workload, interleaved.
//!
//! Within a workload, samples are taken round-robin: floor, A, B, C, then A, B, C, floor, then
//! B, C, floor, A, … so that drift (frequency changes, a neighbour on the shared machine) hits
//! every variant alike, and every variant takes every position in a round equally often (the
//! last in a round measured a few percent faster than the one before it, on identical machine
//! code). Each sample is a few passes over a set of queries (as many as fill the workload's
//! budget in the plan's number of rounds) and yields a time per query.
//!
//! Every round draws fresh queries; every variant (and the floor) runs on exactly those, each
//! in its own random order, so no code replays a sequence the branch predictor could have
//! learned (see [`crate::workload`]). A workload is sampled until its time budget is spent and
//! it has at least the minimum number of rounds. Its queries are released between slices, so
//! that the run holds the queries of one workload at a time, however many families there are.
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
    /// The whole measurement's budget, shared by the workloads: a cache-pressure workload
    /// weighs [`PRESSURE_WEIGHT`] times a throughput or latency one. More families mean fewer
    /// rounds each, and wider intervals, never a longer run.
    pub total: Duration,
    /// Rounds at least, even past the budget.
    pub min_rounds: usize,
    /// Rounds at most: each sample holds as many passes as it takes to fill the budget in this
    /// many rounds, so a record stays small however fast a kernel is.
    pub max_rounds: usize,
    /// Sweeps through all the workloads of all the families, each taking an equal slice of
    /// every budget.
    pub sweeps: usize,
}

/// How much more of the budget a cache-pressure workload gets (its sweeps take time that is
/// not measured).
pub const PRESSURE_WEIGHT: u32 = 2;

impl Plan {
    /// The default run: about 80 seconds of measuring, whatever the number of families.
    pub fn default_run(seed: u64) -> Plan {
        Plan {
            seed,
            quick: false,
            total: Duration::from_secs(80),
            min_rounds: 12,
            max_rounds: 32,
            sweeps: 4,
        }
    }

    /// `--quick`: a smoke test of about eight seconds of measuring.
    pub fn quick(seed: u64) -> Plan {
        Plan {
            seed,
            quick: true,
            total: Duration::from_secs(8),
            min_rounds: 6,
            max_rounds: 16,
            sweeps: 2,
        }
    }

    /// A workload's weight in the budget: its family's weight, times [`PRESSURE_WEIGHT`]
    /// under cache pressure.
    pub fn weight(workload: &Workload) -> u32 {
        workload.weight
            * match workload.mode {
                Mode::CachePressure => PRESSURE_WEIGHT,
                _ => 1,
            }
    }

    /// The budget of `workload` when the plan is shared by workloads of `total_weight`.
    pub fn budget_of(&self, workload: &Workload, total_weight: u32) -> Duration {
        self.total * Plan::weight(workload) / total_weight.max(1)
    }
}

/// One variant's samples in one workload: nanoseconds per query, one per round.
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
    /// How many of the rounds each sweep took, in order (they sum to the number of rounds).
    pub sweeps: Vec<usize>,
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
    /// Budgeted time of the slices before this one.
    pub budget_done: Duration,
}

/// A workload of any family, ready to be measured slice by slice. The one dynamic call per
/// slice is outside every timed loop.
pub trait WorkloadRun {
    fn family(&self) -> &'static str;
    fn workload(&self) -> &Workload;
    /// Rounds of the floor and every variant for `budget`, between `min_rounds` and
    /// `max_rounds`.
    fn measure(
        &mut self,
        cpu: &Cpu,
        budget: Duration,
        min_rounds: usize,
        max_rounds: usize,
        stop: &AtomicBool,
    ) -> Result<(), Interrupted>;
    /// The samples, per variant and the floor.
    fn into_samples(self: Box<Self>) -> Vec<Samples>;
}

/// The workloads of `F` under `selection` and `plan`, each ready to measure every selected
/// variant that runs under `cpu` (none if the selection has no variant of `F`). A quick plan
/// takes passes of the family's [`quick_pool`](strategies::Shape::quick_pool).
pub fn prepare_family<F: Bench>(
    cpu: &Cpu,
    selection: &Selection,
    plan: &Plan,
) -> Vec<Box<dyn WorkloadRun>> {
    let variants: Vec<F::Variant> = entries::<F>(cpu, selection)
        .into_iter()
        .filter(|(_, entry)| entry.runnable.is_ok())
        .map(|(variant, _)| variant)
        .collect();
    if !selection.includes_family(F::NAME) || variants.is_empty() {
        return Vec::new();
    }
    let quick_pool = F::shape().quick_pool;
    Workload::matrix::<F>()
        .into_iter()
        .map(|mut w| {
            if plan.quick {
                w.pool = w.pool.min(quick_pool);
            }
            let state = WorkloadState::<F>::new(&w, plan.seed, variants.clone());
            Box::new(state) as Box<dyn WorkloadRun>
        })
        .collect()
}

/// Measures `workloads` (of any families) under `plan`.
///
/// The run makes `plan.sweeps` sweeps through all the workloads, each giving every workload an
/// equal slice of its budget, so a workload's samples are spread over the whole run: a
/// disturbance of a few seconds on the shared machine (seen here: +50% on every variant and
/// the floor alike) then touches a minority of any workload's samples, which the median
/// discards, instead of all of them.
pub fn measure_workloads(
    mut workloads: Vec<Box<dyn WorkloadRun>>,
    cpu: &Cpu,
    plan: &Plan,
    progress: &mut dyn FnMut(Progress),
    stop: &AtomicBool,
) -> Result<Vec<Samples>, Interrupted> {
    let total_weight: u32 = workloads.iter().map(|w| Plan::weight(w.workload())).sum();
    let sweeps = plan.sweeps.max(1);
    let (min_rounds, max_rounds) = (
        plan.min_rounds.div_ceil(sweeps),
        plan.max_rounds.div_ceil(sweeps),
    );
    let mut budget_done = Duration::ZERO;
    for sweep in 1..=sweeps {
        for state in &mut workloads {
            let label = format!("{}/{}", state.family(), state.workload().label());
            let label = if sweeps > 1 {
                format!("sweep {sweep}/{sweeps} {label}")
            } else {
                label
            };
            progress(Progress {
                family: state.family(),
                label,
                budget_done,
            });
            let slice = plan.budget_of(state.workload(), total_weight) / sweeps as u32;
            state.measure(cpu, slice, min_rounds, max_rounds, stop)?;
            budget_done += slice;
        }
    }
    Ok(workloads
        .into_iter()
        .flat_map(|state| state.into_samples())
        .collect())
}

/// One workload's prepared queries and the samples taken so far, slot 0 being the floor.
struct WorkloadState<F: Bench> {
    prepared: Prepared<F>,
    variants: Vec<F::Variant>,
    samples: Vec<Vec<f64>>,
    rounds: usize,
    /// Rounds per slice (per sweep), in order.
    sweeps: Vec<usize>,
}

/// The most passes one sample holds.
const MAX_PASSES: u64 = 256;

impl<F: Bench> WorkloadState<F> {
    fn new(workload: &Workload, seed: u64, variants: Vec<F::Variant>) -> Self {
        WorkloadState {
            prepared: workload.prepare::<F>(seed),
            samples: vec![Vec::new(); variants.len() + 1],
            variants,
            rounds: 0,
            sweeps: Vec::new(),
        }
    }

    /// One time per query of the kernel in `slot` (0: the floor) on the selected queries,
    /// over `passes` passes.
    fn sample(&mut self, cpu: &Cpu, slot: usize, passes: u64) -> f64 {
        let (elapsed, count) = if slot == 0 {
            self.prepared.run(Empty::<F>::new(), passes)
        } else {
            let pass = Pass {
                prepared: &mut self.prepared,
                passes,
            };
            F::visit(self.variants[slot - 1], cpu, pass)
                .expect("variant was checked to be runnable")
        };
        elapsed.as_nanos() as f64 / count as f64
    }
}

impl<F: Bench> WorkloadRun for WorkloadState<F> {
    fn family(&self) -> &'static str {
        F::NAME
    }

    fn workload(&self) -> &Workload {
        &self.prepared.workload
    }

    fn measure(
        &mut self,
        cpu: &Cpu,
        budget: Duration,
        min_rounds: usize,
        max_rounds: usize,
        stop: &AtomicBool,
    ) -> Result<(), Interrupted> {
        let slots = self.samples.len();
        self.prepared.acquire();
        // A warm-up round (caches, predictors, clock), not kept; its length sets how many
        // passes a sample holds, so that `max_rounds` rounds fill the budget.
        let warm_up = Instant::now();
        self.prepared.draw(slots);
        for slot in 0..slots {
            self.prepared.select(slot);
            self.sample(cpu, slot, 1);
        }
        let per_round = warm_up.elapsed().as_secs_f64().max(1e-9);
        let passes = (budget.as_secs_f64() / (max_rounds.max(1) as f64 * per_round))
            .floor()
            .clamp(1.0, MAX_PASSES as f64) as u64;
        let start = Instant::now();
        let mut rounds = 0;
        while rounds < min_rounds || (start.elapsed() < budget && rounds < max_rounds) {
            if stop.load(Ordering::Relaxed) {
                self.prepared.release();
                return Err(Interrupted);
            }
            self.prepared.draw(slots);
            // Rotated by one each round, so every variant takes every position in turn.
            let first = self.rounds;
            for slot in (0..slots).map(|i| (i + first) % slots) {
                self.prepared.select(slot);
                let kept = self.sample(cpu, slot, passes);
                self.samples[slot].push(kept);
            }
            rounds += 1;
            self.rounds += 1;
        }
        self.sweeps.push(rounds);
        self.prepared.release();
        Ok(())
    }

    fn into_samples(self: Box<Self>) -> Vec<Samples> {
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
            sweeps: self.sweeps.clone(),
        };
        let measured = self
            .variants
            .iter()
            .zip(samples)
            .map(|(&variant, ns_per_op)| {
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
                    sweeps: self.sweeps.clone(),
                }
            });
        std::iter::once(floor).chain(measured).collect()
    }
}
