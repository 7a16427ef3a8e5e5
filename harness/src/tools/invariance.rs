//! `bitbench invariance`: does a variant's hot time depend on which other variants share the
//! run? It should not: every sample is taken hot, after an untimed pass of the same variant
//! (see [`crate::measure`]).
//!
//! For each variant of the set, in its family's headline distribution, hot (throughput, and
//! latency where the family measures it), two measurements are made in the same process,
//! their slices interleaved in the same sweeps so that drift hits both:
//!
//! - **full**: the rounds of the main run, with every runnable variant of the family and its
//!   A/A control, given the main run's budget per workload;
//! - **alone**: rounds of only that variant and the floor.
//!
//! The budget is cut into [`sweeps`], [`SWEEP_FACTOR`] times the main run's, so the two slices
//! of a sweep lie a short time apart. The figure is paired by sweep: the median over the
//! sweeps of full's median over alone's median in that sweep, with the 95% interval of that
//! median ([`crate::base::stats::paired_group_ratio`]). Why: on a shared machine the speed of
//! every variant can change from one sweep to the next while full and alone agree within each
//! sweep; the ratio of the pooled medians then reads how each side's rounds fell between fast
//! and slow sweeps, and puts variants outside the band that pairing by sweep, with more and
//! shorter sweeps, keeps inside it (the runs that showed it are in docs/notebook.md,
//! "Measurements behind the code").
//! The target is [`BAND`] for every variant.
//!
//! The default set ([`default_set`]): every runnable variant with a table of [`LARGE_TABLE`]
//! or more, where a neighbour's eviction would show first, and three variants with small
//! tables and three without, each from a different family.

use crate::base::stats::{median, paired_group_ratio};
use crate::choose::select::Selection;
use crate::measure::fork::Spawn;
use crate::measure::workload::{Mode, Workload};
use crate::measure::{measure_each, measured_variants, prepare_workload, slots, Halt};
use crate::measure::{Plan, Progress, Slot, WorkloadRun};
use crate::record::Interval;
use std::sync::atomic::AtomicBool;
use strategies::{Bench, Cpu, Descriptor, Registry};

/// The tables from which a variant is always in the default set.
pub const LARGE_TABLE: usize = 256 << 10;
/// Where every full-over-alone ratio should lie.
pub const BAND: (f64, f64) = (0.9, 1.1);
/// How many times the main run's sweeps the budget is cut into ([`sweeps`]), with up to twice
/// the main run's rounds in all. The cost: every slice starts with a warm-up round that is not
/// kept, so a workload whose round outlasts its slice (perft's) takes longer than its budget,
/// and a check takes longer than with the main run's sweeps (how much longer on two CPUs is
/// in docs/notebook.md, "Measurements behind the code").
pub const SWEEP_FACTOR: usize = 4;

/// The sweeps of a check under `plan`: 16 for a full run's plan, 8 for a quick one's.
pub fn sweeps(plan: &Plan) -> usize {
    plan.sweeps * SWEEP_FACTOR
}

/// One variant in one workload, measured with its family and alone.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub family: &'static str,
    pub variant: &'static str,
    pub table_bytes: usize,
    pub distribution: &'static str,
    pub mode: Mode,
    pub unit: &'static str,
    /// Median time per unit with the whole family (all rounds).
    pub full: f64,
    /// Median time per unit alone with the floor (all rounds).
    pub alone: f64,
    /// Full over alone, paired by sweep, and its 95% interval
    /// ([`crate::base::stats::paired_group_ratio`]).
    pub ratio: Interval,
}

impl Row {
    /// Whether the ratio's point lies in [`BAND`].
    pub fn in_band(&self) -> bool {
        (BAND.0..=BAND.1).contains(&self.ratio.median)
    }
}

/// The variants `invariance` checks: those `selection` names that run under `cpu`, or the
/// default set ([`default_set`]) when it names none.
pub fn set<R: Registry>(cpu: &Cpu, selection: &Selection) -> Vec<&'static Descriptor> {
    if selection.names().is_empty() {
        default_set::<R>(cpu)
    } else {
        selection.runnable::<R>(cpu)
    }
}

/// The default set: among the variants of `R` that run under `cpu`, every one with a table of
/// [`LARGE_TABLE`] or more; the first with a smaller table of each of the first three
/// families that have one; the first without a table of each of the first three families
/// that have one. In registry order.
pub fn default_set<R: Registry>(cpu: &Cpu) -> Vec<&'static Descriptor> {
    let runnable: Vec<&'static Descriptor> = R::runnable(cpu)
        .into_iter()
        .filter_map(|(d, runs)| runs.is_ok().then_some(d))
        .collect();
    let mut set: Vec<&'static Descriptor> = Vec::new();
    for small in [true, false] {
        let mut families: Vec<&str> = Vec::new();
        for d in &runnable {
            let fits = if small {
                (1..LARGE_TABLE).contains(&d.table_bytes)
            } else {
                d.table_bytes == 0
            };
            if fits && families.len() < 3 && !families.contains(&d.family) {
                families.push(d.family);
                set.push(d);
            }
        }
    }
    set.extend(runnable.iter().filter(|d| d.table_bytes >= LARGE_TABLE));
    runnable
        .into_iter()
        .filter(|d| set.iter().any(|s| s.id() == d.id()))
        .collect()
}

/// One family's part of [`measure()`], compiled for its type: [`collect_family`] of the family
/// (see `suite::stages`).
pub type Stage = fn(&mut Collect<'_>);

/// Measures every variant of `set` alone and with its family (every variant of it that runs
/// under `cpu`), under `plan` scaled so that each workload gets the budget the main run would
/// give it, in the plan's forks when `spawn` can start them.
pub fn measure(
    families: &[Stage],
    cpu: &Cpu,
    set: &[&'static Descriptor],
    plan: &Plan,
    spawn: Option<Spawn<'_>>,
    progress: &mut dyn FnMut(Progress),
    stop: &AtomicBool,
) -> Result<Vec<Row>, Halt> {
    let (workloads, pairs, plan) = prepare(families, cpu, set, plan);
    let samples = measure_each(workloads, cpu, &plan, spawn, progress, stop)?;
    Ok(pairs
        .into_iter()
        .filter_map(|pair| pair.row(&samples))
        .collect())
}

/// The workloads [`measure()`] measures, which hold each pair, and the plan they are measured
/// under: what each fork builds again (it ignores the pairs).
pub fn prepare(
    families: &[Stage],
    cpu: &Cpu,
    set: &[&'static Descriptor],
    plan: &Plan,
) -> (Vec<Box<dyn WorkloadRun>>, Vec<Pair>, Plan) {
    let mut collect = Collect {
        cpu,
        set,
        plan,
        workloads: Vec::new(),
        pairs: Vec::new(),
        matrix_weight: 0,
        weight: 0,
    };
    for stage in families {
        stage(&mut collect);
    }
    let Collect {
        workloads,
        pairs,
        matrix_weight,
        weight,
        ..
    } = collect;
    let plan = Plan {
        total: plan.total * weight / matrix_weight.max(1),
        sweeps: sweeps(plan),
        max_rounds: plan.max_rounds * 2,
        ..plan.clone()
    };
    (workloads, pairs, plan)
}

/// Which measured workloads hold one variant's two figures.
pub struct Pair {
    descriptor: &'static Descriptor,
    workload: Workload,
    /// Indices into the measured workloads.
    full: usize,
    alone: usize,
}

impl Pair {
    fn row(&self, samples: &[Vec<crate::measure::Samples>]) -> Option<Row> {
        let find = |i: usize| {
            samples[i]
                .iter()
                .find(|s| s.variant == self.descriptor.name && !s.twin)
        };
        let (full, alone) = (find(self.full)?, find(self.alone)?);
        let (point, low, high) = paired_group_ratio(
            (&full.ns_per_op, &full.sweeps),
            (&alone.ns_per_op, &alone.sweeps),
        )?;
        Some(Row {
            family: self.descriptor.family,
            variant: self.descriptor.name,
            table_bytes: self.descriptor.table_bytes,
            distribution: self.workload.distribution.name,
            mode: self.workload.mode,
            unit: self.workload.unit,
            full: median(&full.ns_per_op)?,
            alone: median(&alone.ns_per_op)?,
            ratio: Interval {
                median: point,
                low,
                high,
            },
        })
    }
}

/// Family `F`'s part of [`measure`]: a free function, so that its `FamilyStages` entry can
/// take any lifetime of `collect`.
pub fn collect_family<F: Bench>(collect: &mut Collect<'_>) {
    collect.family::<F>();
}

/// Prepares, per family with variants in the set, its hot headline workloads with the whole
/// family and with each variant of the set alone, interleaved: what [`measure`] hands each
/// family's [`Stage`].
pub struct Collect<'a> {
    cpu: &'a Cpu,
    set: &'a [&'static Descriptor],
    plan: &'a Plan,
    workloads: Vec<Box<dyn WorkloadRun>>,
    pairs: Vec<Pair>,
    matrix_weight: u32,
    weight: u32,
}

impl Collect<'_> {
    /// Family `F`'s workloads and pairs, if the set has variants of it.
    fn family<F: Bench>(&mut self) {
        let all = measured_variants::<F>(self.cpu, &Selection::family::<F>());
        let matrix = Workload::matrix::<F>();
        self.matrix_weight += matrix.iter().map(Plan::weight).sum::<u32>();
        let chosen: Vec<F::Variant> = all
            .iter()
            .copied()
            .filter(|&v| self.set.iter().any(|d| d.id() == F::descriptor(v).id()))
            .collect();
        if chosen.is_empty() {
            return;
        }
        let headline = matrix[0].distribution;
        let hot = matrix.iter().filter(|w| {
            w.distribution == headline && w.mode != Mode::CachePressure && w.eviction_bytes == 0
        });
        for &workload in hot {
            let full = self.workloads.len();
            self.push::<F>(workload, slots::<F>(&all));
            for &variant in &chosen {
                let alone = self.workloads.len();
                self.push::<F>(workload, vec![Slot::Floor, Slot::Variant(variant)]);
                self.pairs.push(Pair {
                    descriptor: F::descriptor(variant),
                    workload,
                    full,
                    alone,
                });
            }
        }
    }

    fn push<F: Bench>(&mut self, workload: Workload, slots: Vec<Slot<F::Variant>>) {
        self.weight += Plan::weight(&workload);
        self.workloads
            .push(prepare_workload::<F>(workload, self.plan, slots));
    }
}
