//! `cargo bench`: criterion benchmarks of every runnable variant, built on the same workload
//! definitions as the suite's own runner (`harness::measure::workload`).
//!
//! Ids are `family/variant/workload`, e.g. `in_between/rectangular/uniform-throughput` or
//! `knight_attacks/lookup/sets_0_10-cache_pressure-1MiB`, so criterion's baselines, `critcmp`
//! and Bencher's `rust_criterion` adapter see the same names as the records and charts.
//! The empty kernel is benchmarked too, as `family/empty/...`: the floor.
//!
//! Every variant is first verified against the reference, as `verify` does; one that
//! disagrees is reported and not benchmarked.
//!
//! Each iteration is one pass over a workload's queries. Like the runner, the benchmark never
//! replays one sequence of queries back to back: it cycles through several random orders of
//! them, so the branch predictor cannot memorize the sequence. Under cache pressure, only the
//! queries are timed (`iter_custom`), not the sweeps between blocks. The loops run in the copy
//! compiled for this CPU's [`Level`](strategies::Level), as the runner's do.
//!
//! Its length is a budget, not a measurement: criterion warms each id up for
//! [`CRITERION_WARM_UP`] and measures it for [`CRITERION_MEASUREMENT`], and its analysis comes
//! on top, so a full `cargo bench` takes at least the number of ids times their sum.
//! `bitbench list --markdown` ends with both figures for the registry as it is (docs/families.md's
//! generated block), and this bench prints them when it starts.

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use harness::choose::select::Selection;
use harness::choose::verify::{verify_family, Outcome};
use harness::measure::workload::{Prepared, Workload};
use harness::measure::FLOOR;
use harness::suite::{
    bench_id, bench_ids, benched, criterion_budget, CRITERION_MEASUREMENT, CRITERION_SAMPLES,
    CRITERION_WARM_UP,
};
use std::time::Duration;
use strategies::family::Empty;
use strategies::inputs::DEFAULT_SEED;
use strategies::{Bench, Cpu, Families, FamilyVisitor, Kernel, Level, Registry, Visitor};

/// Random orders of the queries to cycle through.
const ORDERS: usize = 16;

fn family<F: Bench>(c: &mut Criterion) {
    let cpu = Cpu::detect();
    let level = Level::detect(&cpu);
    // Verify, then time: a variant that disagrees with the reference is never benchmarked.
    let verdicts = verify_family::<F>(&cpu, &Selection::all::<Families>(), DEFAULT_SEED);
    let agreed = |name: &str| verdicts.iter().any(|v| v.variant == name && v.agreed());
    for verdict in &verdicts {
        match &verdict.outcome {
            Outcome::Agreed { .. } => {}
            Outcome::NotRunnable { reason, .. } => {
                eprintln!("{}/{}: skipped, {reason}", F::NAME, verdict.variant)
            }
            Outcome::Disagreed(m) => eprintln!(
                "{}/{}: NOT BENCHMARKED, disagrees with the reference on {} ({})",
                F::NAME,
                verdict.variant,
                m.input,
                m.check
            ),
        }
    }
    for workload in Workload::matrix::<F>().into_iter().filter(benched) {
        // The group is the family, so criterion's id is `bench_id`: the records' names.
        let mut group = c.benchmark_group(F::NAME);
        group.throughput(Throughput::Elements(workload.queries_per_pass() as u64));
        let mut prepared = workload.prepare::<F>(DEFAULT_SEED);
        prepared.draw(ORDERS);
        let prefix = format!("{}/", F::NAME);
        let id = |variant: &str| {
            let full = bench_id(F::NAME, variant, &workload);
            full.strip_prefix(&prefix).unwrap_or(&full).to_string()
        };
        bench(
            &mut group,
            &id(FLOOR),
            &mut prepared,
            Empty::<F>::new(),
            level,
        );
        for &variant in F::variants() {
            let name = F::descriptor(variant).name;
            if !agreed(name) {
                continue; // not runnable here, or disagreeing: reported above
            }
            let visitor = BenchVariant {
                group: &mut group,
                id: id(name),
                prepared: &mut prepared,
                level,
            };
            let _ = F::visit(variant, &cpu, visitor);
        }
        group.finish();
    }
}

/// One benchmark: `iters` passes, each over the next random order of the queries.
fn bench<F: Bench, K: Kernel<F>>(
    group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: &str,
    prepared: &mut Prepared<F>,
    kernel: K,
    level: Level,
) {
    group.bench_function(id, |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for i in 0..iters {
                prepared.select(i as usize % ORDERS);
                total += prepared.run(kernel, 1, level).0;
            }
            total
        })
    });
}

struct BenchVariant<'a, 'g, F: Bench> {
    group: &'a mut BenchmarkGroup<'g, criterion::measurement::WallTime>,
    id: String,
    prepared: &'a mut Prepared<F>,
    level: Level,
}

impl<F: Bench> Visitor<F> for BenchVariant<'_, '_, F> {
    type Output = ();
    fn visit<K: Kernel<F>>(self, kernel: K) {
        bench(self.group, &self.id, self.prepared, kernel, self.level);
    }
}

/// Every family of the registry, in order.
fn every_family(c: &mut Criterion) {
    struct Benchmarks<'a>(&'a mut Criterion);
    impl FamilyVisitor for Benchmarks<'_> {
        fn visit<F: Bench>(&mut self) {
            family::<F>(self.0);
        }
    }
    Families::for_each(&mut Benchmarks(c));
}

fn config() -> Criterion {
    let ids = bench_ids::<Families>().len();
    eprintln!(
        "cargo bench: up to {ids} ids; criterion's budget of {:.1} s each makes at least {:.0} \
         min for all of them (analysis not included), less with a filter",
        (CRITERION_WARM_UP + CRITERION_MEASUREMENT).as_secs_f64(),
        criterion_budget(ids).as_secs_f64() / 60.0
    );
    Criterion::default()
        .warm_up_time(CRITERION_WARM_UP)
        .measurement_time(CRITERION_MEASUREMENT)
        .sample_size(CRITERION_SAMPLES)
        .nresamples(10_000)
        .configure_from_args()
}

criterion_group! {
    name = benches;
    config = config();
    targets = every_family
}
criterion_main!(benches);
