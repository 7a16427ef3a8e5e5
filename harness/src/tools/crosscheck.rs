//! `bitbench crosscheck`: the harness checked against the simplest loop that could measure the
//! same thing.
//!
//! For every selected family, the runner measures the family's headline workload in
//! throughput mode as the main run does (every selected variant and the family's A/A control
//! in interleaved rounds, each sample hot, with the main run's budget per workload, or the
//! quick run's with `--quick`, but always the main run's passes: see `full_pools`).
//! Then, in the same process, every variant runs a **plain loop**: one `Vec` of the family's
//! queries from the same distribution, one batch call over all of it, the answers counted
//! against their masks where the distribution has them, `black_box` on the inputs and the
//! answers, repeated until at least [`MIN_REPS`] passes and [`MIN_TIME`] have gone by, and the
//! fastest pass kept. Each plain loop runs twice, once before the harness's rounds and once
//! after them, and keeps the fastest pass of both: a plain loop lasts some 20 ms, and on a
//! shared machine a slow spell of a second or more could cover all of one burst, where it
//! rarely covers two bursts some seconds apart. Between passes, untimed, the `Vec` is shuffled
//! in place: a loop that replays one sequence lets the branch predictor learn it, where the
//! harness's every round draws new queries, and no engine sees its queries twice in the same
//! order. (What a slow spell and a replayed sequence did to plain loops is in
//! docs/method.md, "Measurements behind the code".) No rounds, no copies, no eviction, no
//! statistics: if the harness's median is more than [`TOLERANCE`] away from it, the harness
//! adds or removes something that the plain loop does not, and that is a bug to find.

use crate::base::stats::median;
use crate::choose::select::Selection;
use crate::measure::workload::{Mode, Workload};
use crate::measure::{measure_each, measured_variants, prepare_workload, slots, Plan, Progress};
use crate::measure::{Interrupted, WorkloadRun};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use strategies::level::Job;
use strategies::{inputs, Answer, Bench, Cpu, Kernel, Level, Queries, Visitor};

/// How far (as a factor, either way) a harness figure may be from its plain loop.
pub const TOLERANCE: f64 = 1.25;
/// Passes of a plain loop at least.
pub const MIN_REPS: usize = 15;
/// Time a plain loop runs at least, per variant.
pub const MIN_TIME: Duration = Duration::from_millis(20);

/// One variant's two figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    pub family: &'static str,
    pub variant: &'static str,
    /// The headline distribution.
    pub workload: &'static str,
    /// What the times are per (`query`, perft's `node`).
    pub unit: &'static str,
    /// The harness's median time per unit, hot, throughput.
    pub harness_ns: f64,
    /// The plain loop's fastest pass, per unit.
    pub plain_ns: f64,
}

impl Check {
    /// Harness over plain loop.
    pub fn ratio(&self) -> f64 {
        self.harness_ns / self.plain_ns
    }

    /// Whether the two agree within [`TOLERANCE`].
    pub fn agrees(&self) -> bool {
        let r = self.ratio();
        (1.0 / TOLERANCE..=TOLERANCE).contains(&r)
    }
}

/// One family's part of [`crosscheck()`], compiled for its type: [`collect_family`] of the family
/// (see `crate::suite::stages`).
pub type Stage = fn(&mut Collect<'_>);

/// The selected variants of every family of `R` that run under `cpu`: their harness figures
/// (measured under `plan`, whose total is scaled to the workloads measured here, as the main
/// run would give them) and their plain loops, the fastest of a burst before the harness's
/// rounds and one after them. In registry order.
pub fn crosscheck(
    families: &[Stage],
    cpu: &Cpu,
    selection: &Selection,
    plan: &Plan,
    progress: &mut dyn FnMut(Progress),
    stop: &AtomicBool,
) -> Result<Vec<Check>, Interrupted> {
    let mut collect = Collect {
        cpu,
        selection,
        plan,
        workloads: Vec::new(),
        plain: Vec::new(),
        matrix_weight: 0,
    };
    for stage in families {
        stage(&mut collect);
    }
    let Collect {
        workloads,
        mut plain,
        matrix_weight,
        ..
    } = collect;
    let mut checks: Vec<Check> = plain.iter_mut().flat_map(|family| family.run()).collect();
    let measured_weight: u32 = workloads.iter().map(|w| Plan::weight(w.workload())).sum();
    let plan = Plan {
        total: plan.total * measured_weight / matrix_weight.max(1),
        ..full_pools(plan)
    };
    let samples = measure_each(workloads, cpu, &plan, progress, stop)?;
    let again = plain.iter_mut().flat_map(|family| family.run());
    for (check, later) in checks.iter_mut().zip(again) {
        check.plain_ns = check.plain_ns.min(later.plain_ns);
    }
    for check in &mut checks {
        check.harness_ns = samples
            .iter()
            .flatten()
            .find(|s| s.family == check.family && s.variant == check.variant && !s.twin)
            .and_then(|s| median(&s.ns_per_op))
            .unwrap_or(f64::NAN);
    }
    Ok(checks)
}

/// `plan` with the full passes of the main run, even from `--quick` (whose shorter rounds and
/// budget it keeps): a quick pass of perft is four of its twelve positions, and a plain loop
/// over one such draw and the harness's median over other draws differ by the positions drawn,
/// not by how they are measured (how much they differed once is in docs/method.md,
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
    plain: Vec<Box<dyn PlainLoops + 'a>>,
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
        self.workloads.push(run);
        let mut rng = inputs::rng(self.plan.seed, &format!("crosscheck/{}", F::NAME));
        let queries = F::queries(&headline.distribution, &mut rng, pool);
        self.plain.push(Box::new(FamilyLoops::<F> {
            cpu: self.cpu,
            variants,
            work: queries.inputs.iter().map(F::work).sum::<u64>().max(1),
            queries,
            rng: inputs::rng(self.plan.seed, &format!("crosscheck/order/{}", F::NAME)),
            workload: headline,
        }));
    }
}

/// A family's plain loops, run as often as asked.
trait PlainLoops {
    /// Every variant's plain loop once: its checks, with the harness's figure still to come.
    fn run(&mut self) -> Vec<Check>;
}

/// The plain loops of `F`'s variants over one draw of its headline workload's queries.
struct FamilyLoops<'a, F: Bench> {
    cpu: &'a Cpu,
    variants: Vec<F::Variant>,
    queries: Queries<F::Input>,
    work: u64,
    /// Shuffles the queries between passes, its stream going on from one burst to the next.
    rng: ChaCha8Rng,
    workload: Workload,
}

impl<F: Bench> PlainLoops for FamilyLoops<'_, F> {
    fn run(&mut self) -> Vec<Check> {
        let mut checks = Vec::new();
        for &variant in &self.variants {
            let plain = PlainLoop::<F> {
                queries: &mut self.queries,
                work: self.work,
                rng: &mut self.rng,
                level: Level::detect(self.cpu),
            };
            let Ok(plain_ns) = F::visit(variant, self.cpu, plain) else {
                continue;
            };
            checks.push(Check {
                family: F::NAME,
                variant: F::descriptor(variant).name,
                workload: self.workload.distribution.name,
                unit: self.workload.unit,
                harness_ns: f64::NAN,
                plain_ns,
            });
        }
        checks
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
    type Output = f64;
    fn visit<K: Kernel<F>>(self, kernel: K) -> f64 {
        plain_loop(kernel, self.queries, self.work, self.rng, self.level)
    }
}

/// One batch call over every query, the answers tested against their masks where there are
/// any, as often as [`MIN_REPS`] and [`MIN_TIME`] ask, the queries shuffled (untimed) before
/// each; the fastest pass per unit of work. The call and the test run in `level`'s copy, as
/// the harness's do.
#[inline(never)]
fn plain_loop<F: Bench, K: Kernel<F>>(
    kernel: K,
    queries: &mut Queries<F::Input>,
    work: u64,
    rng: &mut ChaCha8Rng,
    level: Level,
) -> f64 {
    let mut out = vec![F::Output::default(); queries.inputs.len()];
    let mut fastest = f64::INFINITY;
    let started = Instant::now();
    let mut reps = 0;
    while reps < MIN_REPS || (started.elapsed() < MIN_TIME && reps < 100_000) {
        shuffle(queries, rng);
        let start = Instant::now();
        level.run(PlainPass::<F, K> {
            kernel,
            queries,
            out: &mut out,
        });
        black_box(&mut out);
        fastest = fastest.min(start.elapsed().as_nanos() as f64 / work as f64);
        reps += 1;
    }
    fastest
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
        self.kernel.batch(black_box(&self.queries.inputs), self.out);
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
