//! `bitbench crosscheck`: the harness checked against the simplest loop that could measure the
//! same thing, the two paired in time.
//!
//! For every selected family, the runner measures the family's headline workload in
//! throughput mode as the main run does (every selected variant and the family's A/A control
//! in interleaved rounds, each sample hot, with the main run's budget per workload, or the
//! quick run's with `--quick`, but always the main run's passes: see `full_pools`), in the
//! run's forks. In every slice of those rounds, in the same process and just before them, every
//! variant also runs a **plain loop**: one `Vec` of the family's queries from the same
//! distribution, one batch call over all of it, the answers counted against their masks where
//! the distribution has them, `black_box` on the inputs and the answers, at least
//! [`MIN_REPS`] passes and [`MIN_TIME`]. Between passes, untimed, the `Vec` is shuffled in
//! place: a loop that replays one sequence lets the branch predictor learn it, where the
//! harness's every round draws new queries. No rounds, no copies, no eviction.
//!
//! **The same statistic on both sides, at the same moments.** Per slice, the harness's median
//! over its rounds and the plain loop's median over its passes; their ratio per slice; the
//! figure is those ratios combined over the slices within each fork and then over the forks
//! ([`crate::base::nested::nested_point_interval_at`]), with its 95% interval. On a machine
//! whose speed drifts, a plain loop's fastest pass and a harness median taken at other moments
//! are not the same statistic at the same time, and differed both ways (docs/notebook.md,
//! "Measurements behind the code"). If the ratio is more than [`TOLERANCE`] away from 1, the
//! harness adds or removes something that the plain loop does not, and that is a bug to find.

use crate::base::nested::{nested_point_interval_at, Layout};
use crate::base::stats::median;
use crate::choose::select::Selection;
use crate::measure::fork::Spawn;
use crate::measure::workload::{Mode, Workload};
use crate::measure::{measure_each, measured_variants, prepare_workload, slots, Plan, Progress};
use crate::measure::{Halt, Interrupted, Samples, Slice, WorkloadRun};
use crate::record::Interval;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use strategies::bench::run_at;
use strategies::level::{CompiledFor, ForBaseline, Job};
use strategies::{inputs, Answer, Bench, Cpu, Kernel, Level, Queries, Visitor};

/// How far (as a factor, either way) a harness figure may be from its plain loop.
pub const TOLERANCE: f64 = 1.25;
/// Passes of a plain loop at least, per slice.
pub const MIN_REPS: usize = 5;
/// Time a plain loop runs at least, per variant and slice.
pub const MIN_TIME: Duration = Duration::from_millis(2);

/// One variant's two figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    pub family: &'static str,
    pub variant: &'static str,
    /// The headline distribution.
    pub workload: &'static str,
    /// What the times are per (`query`, perft's `node`).
    pub unit: &'static str,
    /// The harness's median time per unit over all its rounds, hot, throughput.
    pub harness_ns: f64,
    /// The plain loop's median pass over all its slices, per unit.
    pub plain_ns: f64,
    /// Harness over plain loop, paired per slice, combined over slices and forks, with its
    /// 95% interval.
    pub ratio: Interval,
}

impl Check {
    /// Whether the two agree within [`TOLERANCE`].
    pub fn agrees(&self) -> bool {
        (1.0 / TOLERANCE..=TOLERANCE).contains(&self.ratio.median)
    }
}

/// One family's part of [`crosscheck()`], compiled for its type: [`collect_family`] of the family
/// (see `suite::stages`).
pub type Stage = fn(&mut Collect<'_>);

/// The selected variants of every family whose stages are `families` that run under `cpu`:
/// their harness figures (measured under `plan`, whose total is scaled to the workloads
/// measured here, as the main run would give them) beside their plain loops, paired per slice,
/// in the plan's forks when `spawn` can start them. In registry order.
pub fn crosscheck(
    families: &[Stage],
    cpu: &Cpu,
    selection: &Selection,
    plan: &Plan,
    spawn: Option<Spawn<'_>>,
    progress: &mut dyn FnMut(Progress),
    stop: &AtomicBool,
) -> Result<Vec<Check>, Halt> {
    let (workloads, plan) = prepare(families, cpu, selection, plan);
    let samples = measure_each(workloads, cpu, &plan, spawn, progress, stop)?;
    Ok(samples.iter().flat_map(|family| checks(family)).collect())
}

/// The workloads [`crosscheck()`] measures (each family's headline workload with its plain
/// loops) and the plan they are measured under: what each fork builds again.
pub fn prepare(
    families: &[Stage],
    cpu: &Cpu,
    selection: &Selection,
    plan: &Plan,
) -> (Vec<Box<dyn WorkloadRun>>, Plan) {
    let mut collect = Collect {
        cpu,
        selection,
        plan,
        workloads: Vec::new(),
        matrix_weight: 0,
    };
    for stage in families {
        stage(&mut collect);
    }
    let measured_weight: u32 = collect
        .workloads
        .iter()
        .map(|w| Plan::weight(w.workload()))
        .sum();
    let plan = Plan {
        total: plan.total * measured_weight / collect.matrix_weight.max(1),
        ..full_pools(plan)
    };
    (collect.workloads, plan)
}

/// One family's checks from its workload's samples: the harness's slots (the floor, the
/// variants, the twin), then one plain loop per variant, in the variants' order
/// ([`Paired::into_samples`]).
fn checks(samples: &[Samples]) -> Vec<Check> {
    let harness: Vec<&Samples> = samples
        .iter()
        .filter(|s| !s.floor && !s.twin && !s.variant.starts_with(PLAIN))
        .collect();
    let plain = samples.iter().filter(|s| s.variant.starts_with(PLAIN));
    harness
        .into_iter()
        .zip(plain)
        .filter_map(|(h, p)| {
            let (h_slices, p_slices) = (
                split(&h.ns_per_op, &h.sweeps),
                split(&p.ns_per_op, &p.sweeps),
            );
            let ratios: Vec<f64> = h_slices
                .iter()
                .zip(&p_slices)
                .filter_map(|(h, p)| Some(median(h)? / median(p)?))
                .collect();
            let ones = vec![1; ratios.len()];
            let forks = if h.forks.len() == ratios.len() {
                &h.forks[..]
            } else {
                &[]
            };
            let layout = Layout {
                slices: &ones,
                forks,
            };
            let (point, low, high) = nested_point_interval_at(&ratios, layout, 0.95)?;
            Some(Check {
                family: h.family,
                variant: h.variant,
                workload: h.workload.distribution.name,
                unit: h.workload.unit,
                harness_ns: median(&h.ns_per_op)?,
                plain_ns: median(&p.ns_per_op)?,
                ratio: Interval {
                    median: point,
                    low,
                    high,
                },
            })
        })
        .collect()
}

/// `values` cut into consecutive slices of the given lengths.
fn split<'v>(values: &'v [f64], lengths: &[usize]) -> Vec<&'v [f64]> {
    let mut start = 0;
    lengths
        .iter()
        .map(|&n| {
            let part = &values[start.min(values.len())..(start + n).min(values.len())];
            start += n;
            part
        })
        .collect()
}

/// What a plain loop's samples are named: `plain:` and the variant.
const PLAIN: &str = "plain:";

/// `plan` with the full passes of the main run, even from `--quick` (whose shorter rounds and
/// budget it keeps): a quick pass of perft is four of its twelve positions, and a plain loop
/// over one such draw and the harness's median over other draws differ by the positions drawn,
/// not by how they are measured (how much they differed once is in docs/notebook.md,
/// "Measurements behind the code").
fn full_pools(plan: &Plan) -> Plan {
    Plan {
        quick: false,
        ..plan.clone()
    }
}

/// Family `F`'s part of [`crosscheck()`]: a free function, so that its `FamilyStages` entry can
/// take any lifetime of `collect`.
pub fn collect_family<F: Bench>(collect: &mut Collect<'_>) {
    collect.family::<F>();
}

/// Prepares each family's headline throughput workload and its plain loops: what
/// [`crosscheck()`] hands each family's [`Stage`].
pub struct Collect<'a> {
    cpu: &'a Cpu,
    selection: &'a Selection,
    plan: &'a Plan,
    workloads: Vec<Box<dyn WorkloadRun>>,
    /// The weight of every workload the main run would measure for these families.
    matrix_weight: u32,
}

impl<'a> Collect<'a> {
    /// Family `F`'s headline workload and plain loops, if it has selected variants here.
    fn family<F: Bench>(&mut self) {
        let variants = measured_variants::<F>(self.cpu, self.selection);
        if variants.is_empty() {
            return;
        }
        let matrix = Workload::matrix::<F>();
        self.matrix_weight += matrix.iter().map(Plan::weight).sum::<u32>();
        let Some(&headline) = matrix.iter().find(|w| w.mode == Mode::Throughput) else {
            return;
        };
        let run = prepare_workload::<F>(headline, &full_pools(self.plan), slots::<F>(&variants));
        let pool = run.workload().queries_per_pass();
        let mut rng = inputs::rng(self.plan.seed, &format!("crosscheck/{}", F::NAME));
        let queries = F::queries(&headline.distribution, &mut rng, pool);
        let plain = FamilyLoops::<F> {
            cpu: self.cpu.clone(),
            variants,
            work: queries.inputs.iter().map(F::work).sum::<u64>().max(1),
            queries,
            rng: inputs::rng(self.plan.seed, &format!("crosscheck/order/{}", F::NAME)),
        };
        self.workloads.push(Box::new(Paired {
            harness: run,
            times: vec![Vec::new(); plain.variants.len()],
            slices: vec![Vec::new(); plain.variants.len()],
            forks: Vec::new(),
            plain,
        }));
    }
}

/// A family's headline workload with its plain loops: each slice runs every variant's plain
/// loop, then the harness's rounds. Its slots are the harness's, then one plain loop per
/// variant.
struct Paired<F: Bench> {
    harness: Box<dyn WorkloadRun>,
    plain: FamilyLoops<F>,
    /// Per variant, its plain passes' times per unit.
    times: Vec<Vec<f64>>,
    /// Per variant, passes per slice.
    slices: Vec<Vec<usize>>,
    /// The fork of each slice, when forks measured them.
    forks: Vec<usize>,
}

impl<F: Bench> WorkloadRun for Paired<F> {
    fn family(&self) -> &'static str {
        self.harness.family()
    }

    fn workload(&self) -> &Workload {
        self.harness.workload()
    }

    fn measure(
        &mut self,
        cpu: &Cpu,
        budget: Duration,
        min_rounds: usize,
        max_rounds: usize,
        stop: &AtomicBool,
    ) -> Result<(), Interrupted> {
        for (i, passes) in self.plain.run().into_iter().enumerate() {
            self.slices[i].push(passes.len());
            self.times[i].extend(passes);
        }
        self.harness
            .measure(cpu, budget, min_rounds, max_rounds, stop)
    }

    fn slots(&self) -> usize {
        self.harness.slots() + self.times.len()
    }

    fn names(&self) -> Vec<String> {
        let mut names = self.harness.names();
        names.extend(self.plain.names().iter().map(|n| format!("{PLAIN}{n}")));
        names
    }

    fn drain(&mut self) -> Slice {
        let mut slice = self.harness.drain();
        slice
            .slots
            .extend(self.times.iter_mut().map(std::mem::take));
        self.slices.iter_mut().for_each(Vec::clear);
        slice
    }

    fn absorb(&mut self, fork: usize, mut slice: Slice) {
        let plain = slice.slots.split_off(self.harness.slots());
        self.harness.absorb(fork, slice);
        for (i, passes) in plain.into_iter().enumerate() {
            self.slices[i].push(passes.len());
            self.times[i].extend(passes);
        }
        self.forks.push(fork);
    }

    fn park(&mut self) {
        self.harness.park();
    }

    fn into_samples(self: Box<Self>) -> Vec<Samples> {
        let Paired {
            harness,
            plain,
            times,
            slices,
            forks,
        } = *self;
        let mut samples = harness.into_samples();
        let Some(template) = samples.iter().find(|s| s.floor).cloned() else {
            return samples;
        };
        for ((name, times), slices) in plain.names().into_iter().zip(times).zip(slices) {
            samples.push(Samples {
                variant: crate::measure::leak(format!("{PLAIN}{name}")),
                floor: false,
                ns_per_op: times,
                round_ghz: Vec::new(),
                sweeps: slices,
                forks: forks.clone(),
                ..template.clone()
            });
        }
        samples
    }
}

/// The plain loops of `F`'s variants over one draw of its headline workload's queries.
struct FamilyLoops<F: Bench> {
    cpu: Cpu,
    variants: Vec<F::Variant>,
    queries: Queries<F::Input>,
    work: u64,
    /// Shuffles the queries between passes, its stream going on from one slice to the next.
    rng: ChaCha8Rng,
}

impl<F: Bench> FamilyLoops<F> {
    /// Every variant's plain loop once: each one's passes, in time per unit.
    fn run(&mut self) -> Vec<Vec<f64>> {
        let level = Level::detect(&self.cpu);
        self.variants
            .clone()
            .into_iter()
            .map(|variant| {
                let plain = PlainLoop::<F> {
                    queries: &mut self.queries,
                    work: self.work,
                    rng: &mut self.rng,
                    level,
                };
                F::visit(variant, &self.cpu, plain).unwrap_or_default()
            })
            .collect()
    }

    fn names(&self) -> Vec<&'static str> {
        self.variants
            .iter()
            .map(|&v| F::descriptor(v).name)
            .collect()
    }
}

/// A variant's plain loop over `queries`: the fastest pass, per unit of work.
struct PlainLoop<'a, F: Bench> {
    queries: &'a mut Queries<F::Input>,
    work: u64,
    /// Shuffles the queries between passes.
    rng: &'a mut ChaCha8Rng,
    /// The copy of the loop that runs, as in the harness.
    level: Level,
}

impl<F: Bench> Visitor<F> for PlainLoop<'_, F> {
    type Output = Vec<f64>;
    fn visit<K: Kernel<F>>(self, kernel: K) -> Vec<f64> {
        plain_loop(kernel, self.queries, self.work, self.rng, self.level)
    }
}

/// One batch call over every query, the answers tested against their masks where there are
/// any, as often as [`MIN_REPS`] and [`MIN_TIME`] ask, the queries shuffled (untimed) before
/// each; every pass's time per unit of work. The call and the test run in `level`'s copy, as
/// the harness's do.
#[inline(never)]
fn plain_loop<F: Bench, K: Kernel<F>>(
    kernel: K,
    queries: &mut Queries<F::Input>,
    work: u64,
    rng: &mut ChaCha8Rng,
    level: Level,
) -> Vec<f64> {
    let mut out = vec![F::Output::default(); queries.inputs.len()];
    let mut passes = Vec::new();
    let started = Instant::now();
    let mut reps = 0;
    while reps < MIN_REPS || (started.elapsed() < MIN_TIME && reps < 100_000) {
        shuffle(queries, rng);
        let start = Instant::now();
        run_at::<F, _>(
            level,
            PlainPass::<F, K> {
                kernel,
                queries,
                out: &mut out,
            },
        );
        black_box(&mut out);
        passes.push(start.elapsed().as_nanos() as f64 / work as f64);
        reps += 1;
    }
    passes
}

/// One pass of [`plain_loop`], as a [`Job`]: the batch call, and the answers tested against
/// their masks where there are any.
struct PlainPass<'a, F: Bench, K> {
    kernel: K,
    queries: &'a Queries<F::Input>,
    out: &'a mut [F::Output],
}

impl<F: Bench, K: Kernel<F>> Job for PlainPass<'_, F, K> {
    type Output = ();
    #[inline(always)]
    fn run(self) {
        self.run_in::<ForBaseline>()
    }
    #[inline(always)]
    fn run_in<C: CompiledFor>(self) {
        self.kernel
            .batch_in::<C>(black_box(&self.queries.inputs), self.out);
        let passing = match &self.queries.masks {
            Some(masks) => self
                .out
                .iter()
                .zip(masks)
                .filter(|&(answer, &mask)| answer.fold() & mask == 0)
                .count(),
            None => 0,
        };
        black_box(passing);
    }
}

/// The queries (with their masks, alike) in a new random order, in place.
fn shuffle<I>(queries: &mut Queries<I>, rng: &mut ChaCha8Rng) {
    for i in (1..queries.inputs.len()).rev() {
        let j = rng.random_range(0..=i);
        queries.inputs.swap(i, j);
        if let Some(masks) = &mut queries.masks {
            masks.swap(i, j);
        }
    }
}
