//! The stages over a whole [`Registry`] of families: what `list`, `verify`, the main run and
//! `cargo bench` iterate. Each stage is generic over one family elsewhere ([`crate::verify`],
//! [`crate::measure`]); this module is the one place that walks the list, so the harness never
//! names a family. `bitbench` runs it with [`strategies::Families`]; tests run it with
//! registries of their own.

use crate::measure::{
    measure_workloads, prepare_family, Interrupted, Plan, Progress, Samples, WorkloadRun, FLOOR,
};
use crate::select::{all_entries, Selection};
use crate::verify::{verify_family, Verdict};
use crate::workload::{Mode, Workload};
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

/// Verifies every selected variant of every family of `R`; `after_family` sees each family's
/// verdicts as soon as they are in (for printing progress).
pub fn verify_all<R: Registry>(
    cpu: &Cpu,
    selection: &Selection,
    seed: u64,
    after_family: &mut dyn FnMut(&'static str, &[Verdict]),
) -> Vec<Verdict> {
    struct Verify<'a> {
        cpu: &'a Cpu,
        selection: &'a Selection,
        seed: u64,
        after_family: &'a mut dyn FnMut(&'static str, &[Verdict]),
        verdicts: Vec<Verdict>,
    }
    impl FamilyVisitor for Verify<'_> {
        fn visit<F: Bench>(&mut self) {
            if !self.selection.includes_family(F::NAME) {
                return;
            }
            let verdicts = verify_family::<F>(self.cpu, self.selection, self.seed);
            (self.after_family)(F::NAME, &verdicts);
            self.verdicts.extend(verdicts);
        }
    }
    let mut visitor = Verify {
        cpu,
        selection,
        seed,
        after_family,
        verdicts: Vec::new(),
    };
    R::for_each(&mut visitor);
    visitor.verdicts
}

/// The total measuring budget of `plan` (the same however many families are selected).
pub fn planned_total(plan: &Plan) -> Duration {
    plan.total
}

/// Measures every selected, runnable variant of every family of `R`, all families' workloads
/// interleaved in the plan's sweeps.
pub fn measure_all<R: Registry>(
    cpu: &Cpu,
    selection: &Selection,
    plan: &Plan,
    progress: &mut dyn FnMut(Progress),
    stop: &AtomicBool,
) -> Result<Vec<Samples>, Interrupted> {
    struct Prepare<'a> {
        cpu: &'a Cpu,
        selection: &'a Selection,
        seed: u64,
        workloads: Vec<Box<dyn WorkloadRun>>,
    }
    impl FamilyVisitor for Prepare<'_> {
        fn visit<F: Bench>(&mut self) {
            self.workloads
                .extend(prepare_family::<F>(self.cpu, self.selection, self.seed));
        }
    }
    let mut prepare = Prepare {
        cpu,
        selection,
        seed: plan.seed,
        workloads: Vec::new(),
    };
    R::for_each(&mut prepare);
    measure_workloads(prepare.workloads, cpu, plan, progress, stop)
}

/// The `cargo bench` id of a variant (or the floor, [`FLOOR`]) in a workload:
/// `family/variant/distribution-mode[-E]`, the same names as the records and charts use.
pub fn bench_id(family: &str, variant: &str, workload: &Workload) -> String {
    format!("{family}/{variant}/{}", workload.label().replace('/', "-"))
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
