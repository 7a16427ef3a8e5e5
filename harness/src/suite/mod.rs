//! The stages over a whole list of families: what `list`, `verify`, the main run and
//! `cargo bench` iterate. Each stage is generic over one family elsewhere ([`crate::choose::verify`],
//! [`crate::measure`]) and reached here through the family's [`FamilyStages`]; this module is
//! the one place that walks the list, so the harness never names a family. `bitbench` runs it
//! with [`strategies::Families`]; tests run it with registries of their own.

mod run;
pub mod stages;
pub mod store;

pub use run::{record_of, verified, RunFacts};

use crate::choose::select::{all_entries, Selection};
use crate::choose::verify::Verdict;
use crate::measure::fork::Spawn;
use crate::measure::workload::{Mode, Workload};
use crate::measure::{measure_workloads, Halt, Measured, Plan, Progress, WorkloadRun, FLOOR};
use crate::suite::stages::FamilyStages;
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use strategies::{Bench, Cpu, FamilyVisitor, Registry};

/// One variant as `list` shows it.
#[derive(Clone, Debug, Serialize)]
pub struct ListRow {
    pub family: &'static str,
    pub name: &'static str,
    pub summary: &'static str,
    pub source: String,
    pub external: bool,
    pub table_bytes: usize,
    pub requires: Vec<&'static str>,
    pub runs_here: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_runnable: Option<String>,
}

/// The selected variants of every family of `R`, and whether each runs under `cpu`.
pub fn list_rows<R: Registry>(cpu: &Cpu, selection: &Selection) -> Vec<ListRow> {
    all_entries::<R>(cpu, selection)
        .into_iter()
        .map(|entry| {
            let d = entry.descriptor;
            ListRow {
                family: d.family,
                name: d.name,
                summary: d.summary,
                source: d.source.describe(),
                external: d.source.is_external(),
                table_bytes: d.table_bytes,
                requires: d.requires.iter().map(|f| f.name()).collect(),
                runs_here: entry.runnable.is_ok(),
                not_runnable: entry.runnable.err().map(|reason| reason.to_string()),
            }
        })
        .collect()
}

/// Verifies every selected variant of every family of `families`, families in parallel on the
/// machine's cores; `after_family` sees each family's verdicts, in the list's order.
pub fn verify_all(
    families: &[FamilyStages],
    cpu: &Cpu,
    selection: &Selection,
    seed: u64,
    after_family: &mut dyn FnMut(&'static str, &[Verdict]),
) -> Vec<Verdict> {
    type Job<'a> = Box<dyn FnOnce() -> Vec<Verdict> + Send + 'a>;
    let jobs: Vec<(&'static str, Job)> = families
        .iter()
        .filter(|family| selection.includes_family(family.name))
        .map(|family| {
            let verify = family.verify;
            let job: Job = Box::new(move || verify(cpu, selection, seed));
            (family.name, job)
        })
        .collect();
    let names: Vec<&'static str> = jobs.iter().map(|(name, _)| *name).collect();
    let results =
        crate::base::parallel::run_in_parallel(jobs.into_iter().map(|(_, job)| job).collect());
    let mut all = Vec::new();
    for (name, verdicts) in names.into_iter().zip(results) {
        after_family(name, &verdicts);
        all.extend(verdicts);
    }
    all
}

/// The total measuring budget of `plan` (the same however many families are selected).
pub fn planned_total(plan: &Plan) -> Duration {
    plan.total
}

/// The workloads of every selected, runnable variant of every family of `families`, ready to
/// measure under `plan`: what the main run measures, and what each of its forks builds again.
pub fn prepare_all(
    families: &[FamilyStages],
    cpu: &Cpu,
    selection: &Selection,
    plan: &Plan,
) -> Vec<Box<dyn WorkloadRun>> {
    families
        .iter()
        .flat_map(|family| (family.prepare)(cpu, selection, plan))
        .collect()
}

/// Measures every selected, runnable variant of every family of `families`, all families'
/// workloads interleaved in the plan's sweeps, in the plan's forks when `spawn` can start
/// them ([`crate::measure::fork`]).
pub fn measure_all(
    families: &[FamilyStages],
    cpu: &Cpu,
    selection: &Selection,
    plan: &Plan,
    spawn: Option<Spawn<'_>>,
    progress: &mut dyn FnMut(Progress),
    stop: &AtomicBool,
) -> Result<Measured, Halt> {
    let workloads = prepare_all(families, cpu, selection, plan);
    measure_workloads(workloads, cpu, plan, spawn, progress, stop)
}

/// The `cargo bench` id of a variant (or the floor, [`FLOOR`]) in a workload:
/// `family/variant/distribution-mode[-E]`, the same names as the records and charts use.
pub fn bench_id(family: &str, variant: &str, workload: &Workload) -> String {
    format!("{family}/{variant}/{}", workload.label().replace('/', "-"))
}

/// Criterion's warm-up time per `cargo bench` id (`harness/bench/benches/families.rs`).
pub const CRITERION_WARM_UP: Duration = Duration::from_millis(300);

/// Criterion's measuring time per `cargo bench` id (`harness/bench/benches/families.rs`).
pub const CRITERION_MEASUREMENT: Duration = Duration::from_millis(1000);

/// Samples criterion takes per `cargo bench` id.
pub const CRITERION_SAMPLES: usize = 20;

/// What a `cargo bench` of `ids` ids is budgeted: warm-up and measuring time per id. It is a
/// floor, not a measurement: criterion's analysis of each id, and a sample that overruns,
/// come on top.
pub fn criterion_budget(ids: usize) -> Duration {
    (CRITERION_WARM_UP + CRITERION_MEASUREMENT) * ids as u32
}

/// Eviction sizes `cargo bench` measures under cache pressure (the runner covers all seven).
pub const CRITERION_PRESSURE_SIZES: [u64; 3] = [64 << 10, 1 << 20, 16 << 20];

/// The workloads `cargo bench` runs: all of them, but only three of the eviction sizes.
pub fn benched(workload: &Workload) -> bool {
    workload.mode != Mode::CachePressure
        || CRITERION_PRESSURE_SIZES.contains(&workload.eviction_bytes)
}

/// Every `cargo bench` id of every family of `R`: the floor and each variant in each
/// [`benched`] workload (all variants, runnable here or not).
pub fn bench_ids<R: Registry>() -> Vec<String> {
    struct Ids {
        ids: Vec<String>,
    }
    impl FamilyVisitor for Ids {
        fn visit<F: Bench>(&mut self) {
            for workload in Workload::matrix::<F>().iter().filter(|w| benched(w)) {
                let names = std::iter::once(FLOOR)
                    .chain(F::variants().iter().map(|&v| F::descriptor(v).name));
                for name in names {
                    self.ids.push(bench_id(F::NAME, name, workload));
                }
            }
        }
    }
    let mut ids = Ids { ids: Vec::new() };
    R::for_each(&mut ids);
    ids.ids
}
