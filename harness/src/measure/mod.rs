//! The runner: every selected, runnable variant of every workload, interleaved.
//!
//! Within a workload, samples are taken in rounds: every round runs the floor and every
//! variant once each, in a fresh random order (seeded), so that drift (frequency changes, a
//! neighbour on the shared machine) hits every variant alike, and no variant always follows
//! the same neighbour (with a fixed order rotated by one per round, every variant followed the
//! same one in every round, and whatever state that one left became a bias). Each sample is
//! taken **hot** ([`Prepared::run_hot`]): an untimed pass of the same variant over the round's
//! queries in another order, then one timed pass, so that no timed pass starts on state left
//! by another variant, nor on a sequence of queries its own code has already run. A sample
//! yields a time per query.
//!
//! Every round draws fresh queries; every variant (and the floor) runs on exactly those, each
//! in its own random order, so no code replays a sequence the branch predictor could have
//! learned (see [`crate::measure::workload`]). A workload is sampled until its time budget is spent and
//! it has at least the minimum number of rounds. Its queries are released between slices, so
//! that the run holds the queries of one workload at a time, however many families there are.
//!
//! The floor is the empty kernel (it returns its input), measured the same way in every
//! workload.
//!
//! **A/A controls.** Where a family registers variants that run the same code under several
//! names ([`Bench::same_code`]: perft's default configuration), those are its controls.
//! Otherwise, when two or more of its variants are measured, the runner measures one of them a
//! second time under the name `<variant>-aa` ([`twin_name`]): the selected, runnable variant
//! of the family's own (not a peer's) with the largest table, the first of them in registry
//! order. The twin is the same verified kernel behind a wrapper type that hands every call on
//! unchanged, so the loop is compiled again for it; it is never ranked, and the spread between
//! the two names says how large a difference the run can show between identical code.
//!
//! **Baseline copies.** On a CPU whose level is above the target's baseline
//! ([`strategies::level`]), every portable variant is measured a second time in its family's
//! headline workload (the first distribution, throughput), in the copy of its loop compiled for
//! the baseline, under the name `<variant>-x86-64` ([`baseline_name`]): what the compiler gives
//! a technique built without `-C target-cpu`, beside what it gives at the CPU's level, in the
//! same rounds. A baseline copy is never ranked. Not for families whose work is called out of
//! line ([`Bench::LEVELS`]), nor in the other workloads, which keeps the run's slots, and so
//! its rounds, nearly as they were.

mod analyze;
pub mod clock;
pub mod fork;
pub mod workload;

pub use analyze::{analyze, Analysis};

use crate::choose::select::{entries, has_baseline_copy, Selection};
use crate::measure::workload::{HotPass, Mode, Prepared, Workload, PRESSURE_BLOCK};
use crate::record::ClockEstimate;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use strategies::family::Empty;
use strategies::{inputs, Bench, Cpu, Family, Kernel, Level, Visitor};

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
    /// Rounds at most, so a record stays small however fast a kernel is (a workload that
    /// reaches them ends its slice before its budget).
    pub max_rounds: usize,
    /// Sweeps through all the workloads of all the families, each taking an equal slice of
    /// every budget.
    pub sweeps: usize,
    /// Processes that measure, each a share of every slice ([`fork`]); 1 measures in this
    /// process.
    pub forks: usize,
}

/// The forks of a default or quick run: at least three, so that one process that measures
/// differently from the others stands out ([`crate::base::nested::fork_outlier`]).
pub const DEFAULT_FORKS: usize = 3;

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
            forks: DEFAULT_FORKS,
        }
    }

    /// `--quick`: a smoke test of about eight seconds of measuring.
    pub fn quick(seed: u64) -> Plan {
        Plan {
            seed,
            quick: true,
            total: Duration::from_secs(8),
            min_rounds: 12,
            max_rounds: 24,
            sweeps: 2,
            forks: DEFAULT_FORKS,
        }
    }

    /// This plan with `seconds` of measuring instead (`--budget`): the rounds a workload may
    /// take grow with it, so that more time buys more rounds rather than longer ones.
    pub fn with_budget(self, seconds: u64) -> Plan {
        let scale = seconds as f64 / self.total.as_secs_f64();
        Plan {
            total: Duration::from_secs(seconds),
            max_rounds: ((self.max_rounds as f64 * scale).round() as usize).max(self.min_rounds),
            ..self
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
    /// The core clock in GHz at each round, by which its time becomes cycles
    /// ([`clock::reference`] at the round's two ends, averaged); empty where the architecture
    /// has no reference.
    pub round_ghz: Vec<f64>,
    /// How many rounds each slice took, in the order they were measured (they sum to the
    /// number of rounds): one slice per sweep in one process, one per sweep and fork with
    /// forks.
    pub sweeps: Vec<usize>,
    /// The fork that measured each slice (one per entry of `sweeps`); empty when this
    /// process measured them all.
    pub forks: Vec<usize>,
    /// An A/A control: the variant whose code this one runs too (see the module docs).
    pub same_code_as: Option<&'static str>,
    /// The runner's second measurement of [`Samples::same_code_as`] under a second name: not a
    /// registered variant, so never ranked or advised.
    pub twin: bool,
    /// A baseline copy: the variant whose loop this measurement ran in the copy compiled for
    /// the target's baseline (see the module docs); never ranked.
    pub baseline_of: Option<&'static str>,
}

/// The run was interrupted (Ctrl-C); nothing measured so far is to be trusted or written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interrupted;

/// Why a measurement ended early: nothing measured so far is to be trusted or written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Halt {
    /// A signal (Ctrl-C).
    Interrupted,
    /// A fork could not be started, or ended, or answered what it should not.
    Failed(String),
}

impl From<Interrupted> for Halt {
    fn from(_: Interrupted) -> Halt {
        Halt::Interrupted
    }
}

impl std::fmt::Display for Halt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Halt::Interrupted => f.write_str("interrupted"),
            Halt::Failed(why) => f.write_str(why),
        }
    }
}

/// A measurement's samples, and the clock estimate of each fork that took them (empty when
/// this process measured).
#[derive(Clone, Debug)]
pub struct Measured {
    pub samples: Vec<Samples>,
    pub fork_clocks: Vec<Option<ClockEstimate>>,
}

/// Where the runner is, for a progress display.
#[derive(Clone, Debug)]
pub struct Progress {
    /// The family being measured.
    pub family: &'static str,
    /// The workload being measured, as `family/distribution/mode[/E]`.
    pub label: String,
    /// Budgeted time of the slices before this one.
    pub budget_done: Duration,
    /// Budgeted time of every slice of every sweep.
    pub budget_total: Duration,
    /// The sweep under way, from 1, of [`Progress::sweeps`].
    pub sweep: usize,
    pub sweeps: usize,
}

/// Progress for a reader that is not a terminal (a CI log, `2> file`): one line as each sweep
/// starts, `sweep 2 of 4, 34 s in, about 35 s left`. The time left is the budget left at the
/// pace so far (the budget itself before the first sweep).
pub struct SweepLines {
    started: Instant,
    sweep: usize,
}

impl Default for SweepLines {
    fn default() -> Self {
        SweepLines::new()
    }
}

impl SweepLines {
    /// For a measurement starting now.
    pub fn new() -> SweepLines {
        SweepLines {
            started: Instant::now(),
            sweep: 0,
        }
    }

    /// The line to print at `p`, if a sweep starts there.
    pub fn line(&mut self, p: &Progress) -> Option<String> {
        if p.sweep <= self.sweep {
            return None;
        }
        self.sweep = p.sweep;
        let elapsed = self.started.elapsed().as_secs_f64();
        let total = p.budget_total.as_secs_f64();
        let done = p.budget_done.as_secs_f64();
        let left = if done > 0.0 {
            elapsed * (total - done).max(0.0) / done
        } else {
            total
        };
        Some(format!(
            "sweep {} of {}, {elapsed:.0} s in, about {left:.0} s left",
            p.sweep, p.sweeps
        ))
    }
}

/// One slice's rounds: each slot's time per query in each round, and the core clock at each
/// round (see [`Samples::round_ghz`]).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Slice {
    pub slots: Vec<Vec<f64>>,
    pub ghz: Vec<f64>,
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
    /// How many slots its rounds run (the floor, the variants, a twin): as many samples as
    /// [`WorkloadRun::into_samples`] returns.
    fn slots(&self) -> usize;
    /// Each slot's name (the floor's is [`FLOOR`]).
    fn names(&self) -> Vec<String>;
    /// Takes the times measured so far, per slot, and the clock at each round, and forgets
    /// them (a fork's worker, after each slice).
    fn drain(&mut self) -> Slice;
    /// Adds one slice's times per slot and clocks, measured by fork `fork` (the parent of
    /// forks).
    fn absorb(&mut self, fork: usize, slice: Slice);
    /// Frees what only measuring needs (drawn queries, eviction buffers) until the next slice.
    fn park(&mut self);
    /// The samples, per variant and the floor.
    fn into_samples(self: Box<Self>) -> Vec<Samples>;
}

/// The workloads of `F` under `selection` and `plan`, each ready to measure every selected
/// variant that runs under `cpu` and the family's A/A control (none if the selection has no
/// variant of `F`).
pub fn prepare_family<F: Bench>(
    cpu: &Cpu,
    selection: &Selection,
    plan: &Plan,
) -> Vec<Box<dyn WorkloadRun>> {
    let variants = measured_variants::<F>(cpu, selection);
    if variants.is_empty() {
        return Vec::new();
    }
    let slots = slots::<F>(&variants);
    let copies = baseline_copies::<F>(&variants, Level::detect(cpu));
    Workload::matrix::<F>()
        .into_iter()
        .enumerate()
        .map(|(i, w)| {
            let mut slots = slots.clone();
            if i == 0 {
                slots.extend(copies.iter().copied());
            }
            prepare_workload::<F>(w, plan, slots)
        })
        .collect()
}

/// The baseline copies to measure in `F`'s headline workload (the first of its matrix) when
/// its loops run at `level`: one per portable variant of `variants`, none where `level` is the
/// baseline or the family's work is called out of line (see the module docs).
pub fn baseline_copies<F: Bench>(variants: &[F::Variant], level: Level) -> Vec<Slot<F::Variant>> {
    variants
        .iter()
        .filter(|&&v| has_baseline_copy::<F>(v, level))
        .map(|&v| Slot::Baseline(v))
        .collect()
}

/// The selected variants of `F` that run under `cpu`, in registry order.
pub fn measured_variants<F: Bench>(cpu: &Cpu, selection: &Selection) -> Vec<F::Variant> {
    if !selection.includes_family(F::NAME) {
        return Vec::new();
    }
    entries::<F>(cpu, selection)
        .into_iter()
        .filter(|(_, entry)| entry.runnable.is_ok())
        .map(|(variant, _)| variant)
        .collect()
}

/// `workload` of `F`, ready to measure `slots` under `plan`. A quick plan takes passes of the
/// family's [`quick_pool`](strategies::Shape::quick_pool), and of one block under cache
/// pressure (its sweep is most of a pass's time).
pub fn prepare_workload<F: Bench>(
    mut workload: Workload,
    plan: &Plan,
    slots: Vec<Slot<F::Variant>>,
) -> Box<dyn WorkloadRun> {
    if plan.quick {
        let quick = match workload.mode {
            Mode::CachePressure => PRESSURE_BLOCK,
            _ => F::shape().quick_pool,
        };
        workload.pool = workload.pool.min(quick);
    }
    Box::new(WorkloadState::<F>::new(&workload, plan.seed, slots))
}

/// What one slot of a workload's rounds runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Slot<V> {
    /// The empty kernel.
    Floor,
    Variant(V),
    /// The A/A control: the variant again, as [`Twin`] of its kernel, under [`twin_name`].
    Twin(V),
    /// The variant's loop in its copy for the target's baseline, under [`baseline_name`].
    Baseline(V),
}

/// The floor, `variants` (runnable, selected, in registry order) and the family's A/A control:
/// nothing more when it registers copies of one code among them, or when fewer than two
/// variants are measured (nothing is ranked); else a twin of the variant of the family's own
/// with the largest table (the first such in registry order).
pub fn slots<F: Bench>(variants: &[F::Variant]) -> Vec<Slot<F::Variant>> {
    let mut slots = vec![Slot::Floor];
    slots.extend(variants.iter().map(|&v| Slot::Variant(v)));
    let copies = F::same_code()
        .into_iter()
        .filter(|v| variants.contains(v))
        .count();
    if copies < 2 && variants.len() >= 2 {
        let ours = variants
            .iter()
            .copied()
            .filter(|&v| !F::descriptor(v).source.is_external());
        // `max_by_key` keeps the last of equals: reversed, the first in registry order.
        if let Some(control) = ours.rev().max_by_key(|&v| F::descriptor(v).table_bytes) {
            slots.push(Slot::Twin(control));
        }
    }
    slots
}

/// The name a variant's A/A twin is recorded under: `magic-aa`.
pub fn twin_name(variant: &str) -> String {
    format!("{variant}{TWIN_SUFFIX}")
}

/// What [`twin_name`] appends.
pub const TWIN_SUFFIX: &str = "-aa";

/// The name a variant's baseline copy is recorded under: `qbb-x86-64` (the baseline's
/// [`Level::name`] appended).
pub fn baseline_name(variant: &str) -> String {
    format!("{variant}-{}", Level::Baseline.name())
}

/// A kernel under a second name: the same code, behind a distinct type, so that every loop
/// generic over the kernel is compiled again for it.
#[derive(Clone, Copy, Debug)]
pub struct Twin<K>(pub K);

impl<F: Family, K: Kernel<F>> Kernel<F> for Twin<K> {
    #[inline(always)]
    fn query(self, input: F::Input) -> F::Output {
        self.0.query(input)
    }

    #[inline(always)]
    fn batch(self, inputs: &[F::Input], outputs: &mut [F::Output]) {
        self.0.batch(inputs, outputs)
    }

    fn explain(self, input: F::Input) -> Option<String> {
        self.0.explain(input)
    }
}

/// Hands a visitor the variant's kernel wrapped in [`Twin`].
pub struct AsTwin<V>(pub V);

impl<F: Family, V: Visitor<F>> Visitor<F> for AsTwin<V> {
    type Output = V::Output;
    fn visit<K: Kernel<F>>(self, kernel: K) -> V::Output {
        self.0.visit(Twin(kernel))
    }
}

/// Where the scheduler is: the workload (its index), the sweep (from 1), and the slice's
/// budget and rounds (per process that measures it).
pub(crate) struct At {
    pub workload: usize,
    pub sweep: usize,
    pub budget: Duration,
    pub min_rounds: usize,
    pub max_rounds: usize,
}

/// What [`schedule`] calls for each slice: measure it (or have it measured) into the workload.
pub(crate) type SliceMeasure<'a> =
    dyn FnMut(&mut Box<dyn WorkloadRun>, &At) -> Result<(), Halt> + 'a;

/// The plan's sweeps through `workloads`, each giving every workload an equal slice of its
/// budget, `measure` called for each slice; `processes` share each slice, so the rounds per
/// slice are the plan's divided among `sweeps × processes`.
pub(crate) fn schedule(
    workloads: &mut [Box<dyn WorkloadRun>],
    plan: &Plan,
    processes: usize,
    progress: &mut dyn FnMut(Progress),
    stop: &AtomicBool,
    measure: &mut SliceMeasure<'_>,
) -> Result<(), Halt> {
    let total_weight: u32 = workloads.iter().map(|w| Plan::weight(w.workload())).sum();
    let sweeps = plan.sweeps.max(1);
    let slices = sweeps * processes.max(1);
    let (min_rounds, max_rounds) = (
        plan.min_rounds.div_ceil(slices),
        plan.max_rounds.div_ceil(slices),
    );
    let budget_total: Duration = workloads
        .iter()
        .map(|w| plan.budget_of(w.workload(), total_weight) / sweeps as u32 * sweeps as u32)
        .sum();
    let mut budget_done = Duration::ZERO;
    for sweep in 1..=sweeps {
        for (index, state) in workloads.iter_mut().enumerate() {
            if stop.load(Ordering::Relaxed) {
                return Err(Halt::Interrupted);
            }
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
                budget_total,
                sweep,
                sweeps,
            });
            let slice = plan.budget_of(state.workload(), total_weight) / sweeps as u32;
            let at = At {
                workload: index,
                sweep,
                budget: slice,
                min_rounds,
                max_rounds,
            };
            measure(state, &at)?;
            budget_done += slice;
        }
    }
    Ok(())
}

/// Measures `workloads` (of any families) under `plan`: in `plan.forks` worker processes
/// started by `spawn` ([`fork`]), or in this process when the plan has one fork or there is no
/// way to start workers (tests, `cargo bench`).
///
/// The run makes `plan.sweeps` sweeps through all the workloads, each giving every workload an
/// equal slice of its budget, so a workload's samples are spread over the whole run: a
/// disturbance of a few seconds on a shared machine, which slows every variant and the floor
/// alike (as one did: docs/notebook.md, "Measurements behind the code"), then touches a
/// minority of any workload's samples, which the median discards, instead of all of them.
pub fn measure_workloads(
    mut workloads: Vec<Box<dyn WorkloadRun>>,
    cpu: &Cpu,
    plan: &Plan,
    spawn: Option<fork::Spawn<'_>>,
    progress: &mut dyn FnMut(Progress),
    stop: &AtomicBool,
) -> Result<Measured, Halt> {
    let fork_clocks = match spawn.filter(|_| plan.forks > 1) {
        Some(spawn) => fork::measure_forked(&mut workloads, plan, spawn, progress, stop)?,
        None => {
            schedule(&mut workloads, plan, 1, progress, stop, &mut |state, at| {
                state
                    .measure(cpu, at.budget, at.min_rounds, at.max_rounds, stop)
                    .map_err(Halt::from)
            })?;
            Vec::new()
        }
    };
    Ok(Measured {
        samples: workloads
            .into_iter()
            .flat_map(|state| state.into_samples())
            .collect(),
        fork_clocks,
    })
}

/// [`measure_workloads`], keeping each workload's samples apart, in the workloads' order.
pub fn measure_each(
    workloads: Vec<Box<dyn WorkloadRun>>,
    cpu: &Cpu,
    plan: &Plan,
    spawn: Option<fork::Spawn<'_>>,
    progress: &mut dyn FnMut(Progress),
    stop: &AtomicBool,
) -> Result<Vec<Vec<Samples>>, Halt> {
    let slots: Vec<usize> = workloads.iter().map(|w| w.slots()).collect();
    let measured = measure_workloads(workloads, cpu, plan, spawn, progress, stop)?;
    let mut flat = measured.samples.into_iter();
    Ok(slots
        .into_iter()
        .map(|n| flat.by_ref().take(n).collect())
        .collect())
}

/// One workload's prepared queries and the samples taken so far, per slot.
struct WorkloadState<F: Bench> {
    prepared: Prepared<F>,
    slots: Vec<Slot<F::Variant>>,
    samples: Vec<Vec<f64>>,
    /// The clock at each round, in GHz.
    ghz: Vec<f64>,
    /// Decides each round's order.
    order: ChaCha8Rng,
    rounds: usize,
    /// Rounds per slice, in order.
    sweeps: Vec<usize>,
    /// The fork of each slice, when forks measured them ([`WorkloadRun::absorb`]).
    forks: Vec<usize>,
}

impl<F: Bench> WorkloadState<F> {
    fn new(workload: &Workload, seed: u64, slots: Vec<Slot<F::Variant>>) -> Self {
        let stream = format!("order/{}/{}", F::NAME, workload.label());
        WorkloadState {
            prepared: workload.prepare::<F>(seed),
            samples: vec![Vec::new(); slots.len()],
            ghz: Vec::new(),
            slots,
            order: inputs::rng(seed, &stream),
            rounds: 0,
            sweeps: Vec::new(),
            forks: Vec::new(),
        }
    }

    /// One time per query of the kernel in `slot`, hot, on its selected queries.
    fn sample(&mut self, cpu: &Cpu, level: Level, slot: usize) -> f64 {
        let pass = HotPass {
            prepared: &mut self.prepared,
            level,
        };
        let (elapsed, count) = match self.slots[slot] {
            Slot::Floor => pass.prepared.run_hot(Empty::<F>::new(), level),
            Slot::Variant(v) => F::visit(v, cpu, pass).expect("variant was checked to be runnable"),
            Slot::Twin(v) => {
                F::visit(v, cpu, AsTwin(pass)).expect("variant was checked to be runnable")
            }
            Slot::Baseline(v) => {
                let pass = HotPass {
                    level: Level::Baseline,
                    ..pass
                };
                F::visit(v, cpu, pass).expect("variant was checked to be runnable")
            }
        };
        elapsed.as_nanos() as f64 / count as f64
    }

    /// The slots in a fresh random order.
    fn shuffled_slots(&mut self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.slots.len()).collect();
        order.shuffle(&mut self.order);
        order
    }
}

impl<F: Bench> WorkloadRun for WorkloadState<F> {
    fn family(&self) -> &'static str {
        F::NAME
    }

    fn workload(&self) -> &Workload {
        &self.prepared.workload
    }

    fn slots(&self) -> usize {
        self.slots.len()
    }

    fn names(&self) -> Vec<String> {
        self.slots
            .iter()
            .map(|slot| match *slot {
                Slot::Floor => FLOOR.to_string(),
                Slot::Variant(v) => F::descriptor(v).name.to_string(),
                Slot::Twin(v) => twin_name(F::descriptor(v).name),
                Slot::Baseline(v) => baseline_name(F::descriptor(v).name),
            })
            .collect()
    }

    fn drain(&mut self) -> Slice {
        self.sweeps.clear();
        Slice {
            slots: self.samples.iter_mut().map(std::mem::take).collect(),
            ghz: std::mem::take(&mut self.ghz),
        }
    }

    fn absorb(&mut self, fork: usize, slice: Slice) {
        let rounds = slice.slots.first().map_or(0, Vec::len);
        for (kept, new) in self.samples.iter_mut().zip(slice.slots) {
            kept.extend(new);
        }
        self.ghz.extend(slice.ghz);
        self.sweeps.push(rounds);
        self.forks.push(fork);
        self.rounds += rounds;
    }

    fn park(&mut self) {
        self.prepared.release();
    }

    fn measure(
        &mut self,
        cpu: &Cpu,
        budget: Duration,
        min_rounds: usize,
        max_rounds: usize,
        stop: &AtomicBool,
    ) -> Result<(), Interrupted> {
        let slots = self.slots.len();
        let level = Level::detect(cpu);
        self.prepared.acquire();
        // A warm-up round (caches, predictors, clock), not kept; unless the family's samples
        // are long and warm themselves (`Shape::warm_round`).
        if F::shape().warm_round {
            self.prepared.draw(slots);
            for slot in 0..slots {
                self.prepared.select(slot);
                self.sample(cpu, level, slot);
            }
        }
        let start = Instant::now();
        let mut rounds = 0;
        // The clock at each round's two ends, as close to its samples as it can be taken.
        let mut before = clock::reference();
        while rounds < min_rounds || (start.elapsed() < budget && rounds < max_rounds) {
            if stop.load(Ordering::Relaxed) {
                self.prepared.release();
                return Err(Interrupted);
            }
            self.prepared.draw(slots);
            for slot in self.shuffled_slots() {
                self.prepared.select(slot);
                let kept = self.sample(cpu, level, slot);
                self.samples[slot].push(kept);
            }
            let after = clock::reference();
            self.ghz.extend(match (before, after) {
                (Some(a), Some(b)) => Some((a + b) / 2.0),
                (one, other) => one.or(other),
            });
            before = after.or(before);
            rounds += 1;
            self.rounds += 1;
        }
        self.sweeps.push(rounds);
        self.prepared.release();
        Ok(())
    }

    fn into_samples(self: Box<Self>) -> Vec<Samples> {
        let workload = self.prepared.workload;
        // Every round has its clock, or none has one (a round whose two ends both failed
        // leaves the rounds unconverted rather than shifted).
        let round_ghz = if self.ghz.len() == self.rounds {
            self.ghz
        } else {
            Vec::new()
        };
        let sweeps = self.sweeps;
        let forks = self.forks;
        let copies: Vec<&'static str> = F::same_code()
            .into_iter()
            .filter(|v| self.slots.contains(&Slot::Variant(*v)))
            .map(|v| F::descriptor(v).name)
            .collect();
        self.slots
            .iter()
            .zip(self.samples)
            .map(|(&slot, ns_per_op)| {
                let mut samples = Samples {
                    family: F::NAME,
                    variant: FLOOR,
                    floor: true,
                    external: false,
                    table_bytes: 0,
                    requires: Vec::new(),
                    workload,
                    ns_per_op,
                    round_ghz: round_ghz.clone(),
                    sweeps: sweeps.clone(),
                    forks: forks.clone(),
                    same_code_as: None,
                    twin: false,
                    baseline_of: None,
                };
                let (Slot::Variant(v) | Slot::Twin(v) | Slot::Baseline(v)) = slot else {
                    return samples;
                };
                let descriptor = F::descriptor(v);
                samples.floor = false;
                samples.variant = descriptor.name;
                samples.external = descriptor.source.is_external();
                samples.table_bytes = descriptor.table_bytes;
                samples.requires = descriptor.requires.iter().map(|f| f.name()).collect();
                if let Slot::Twin(_) = slot {
                    samples.variant = leak(twin_name(descriptor.name));
                    samples.same_code_as = Some(descriptor.name);
                    samples.twin = true;
                } else if let Slot::Baseline(_) = slot {
                    samples.variant = leak(baseline_name(descriptor.name));
                    samples.baseline_of = Some(descriptor.name);
                } else if copies.len() >= 2 && copies[1..].contains(&descriptor.name) {
                    samples.same_code_as = Some(copies[0]);
                }
                samples
            })
            .collect()
    }
}

/// A name for the run's lifetime (a twin's, a plain loop's: one per family or variant and
/// run).
pub(crate) fn leak(name: String) -> &'static str {
    Box::leak(name.into_boxed_str())
}
