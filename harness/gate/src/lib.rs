//! # bitbench gate
//!
//! A deterministic regression gate: every variant's throughput workload run once under
//! Callgrind (through [gungraun](https://crates.io/crates/gungraun)), so the figure is a count
//! of instructions (`Ir`) and of simulated cache misses, not a time. Counts repeat exactly from
//! run to run on one machine, so a small threshold (2 %) catches real regressions without
//! false alarms, even on a noisy shared CI runner where timings could not.
//!
//! `benches/gate.rs` holds the benchmarks (one per variant: function `family`, id `variant`);
//! `scripts/gate.sh` runs them and compares with `results/baseline/gate.json`. This library is
//! what each benchmark does, kept apart from gungraun's macros:
//!
//! - [`setup`] (not measured): finds the variant, detects the CPU, generates the workload's
//!   seeded queries and draws the set to run.
//! - [`measure`] (measured): reaches the variant's kernel through [`Family::visit`] and runs
//!   one pass of [`POOL`](harness::workload::POOL) queries. A variant that cannot run here
//!   (AVX2 on a CPU without it) does nothing.

use harness::families::Bench;
use harness::inputs::DEFAULT_SEED;
use harness::workload::{Mode, Pass, Prepared, Workload};
use std::hint::black_box;
use strategies::{Cpu, Family};

/// Passes over the workload's queries per measurement. One pass is [`harness::workload::POOL`]
/// (16,384) queries: the fixed cost around it (dispatch, two clock reads) is a few hundred
/// instructions, well under 1 % of any kernel's count.
pub const PASSES: u64 = 1;

/// What a benchmark measures: one variant, this CPU, the workload's queries.
pub struct Case<F: Bench> {
    pub variant: F::Variant,
    pub cpu: Cpu,
    pub prepared: Prepared<F>,
}

/// The workload the gate measures for `F`: its first distribution in throughput mode.
pub fn workload<F: Bench>() -> Workload {
    Workload::matrix::<F>()
        .into_iter()
        .find(|w| w.mode == Mode::Throughput)
        .expect("every family has a throughput workload")
}

/// Setup of the benchmark of `F`'s variant `name` (not measured).
///
/// `bench_source` is the text of `benches/gate.rs`: its `#[bench::...]` attributes on the
/// function named after the family must name every registered variant (see
/// [`benched_variants`]), so that a new variant cannot slip past the gate unmeasured.
///
/// # Panics
/// If `name` is not a variant of `F`, or the attributes and the registry disagree.
pub fn setup<F: Bench>(name: &str, bench_source: &str) -> Case<F> {
    check_coverage::<F>(&benched_variants(bench_source, F::NAME));
    let variant = F::find(name).unwrap_or_else(|| panic!("{} has no variant {name}", F::NAME));
    let mut prepared = workload::<F>().prepare::<F>(DEFAULT_SEED);
    prepared.draw(1);
    Case {
        variant,
        cpu: Cpu::detect(),
        prepared,
    }
}

/// The ids of the `#[bench::<id>(...)]` attributes on `fn <function>` in `source`.
///
/// # Panics
/// If an attribute's id and its argument differ: `#[bench::x(args = ("x"), ...)]` is the form.
pub fn benched_variants<'s>(source: &'s str, function: &str) -> Vec<&'s str> {
    let mut pending = Vec::new();
    for line in source.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("#[bench::") {
            let id = &rest[..rest.find('(').unwrap_or(rest.len())];
            let arg = format!("args = (\"{id}\")");
            assert!(
                rest.contains(&arg),
                "#[bench::{id}] must pass {arg}: {line}"
            );
            pending.push(id);
        } else if line.starts_with("fn ") || line.starts_with("pub fn ") {
            let name = line.trim_start_matches("pub ").trim_start_matches("fn ");
            if name.split('(').next() == Some(function) {
                return pending;
            }
            pending.clear();
        }
    }
    Vec::new()
}

/// The measured part: one variant's kernel over the prepared queries, [`PASSES`] times.
/// Returns the case, so that freeing it happens after the measurement.
#[inline(never)]
pub fn measure<F: Bench>(mut case: Case<F>) -> Case<F> {
    let pass = Pass {
        prepared: &mut case.prepared,
        passes: black_box(PASSES),
    };
    // Err: the variant cannot run on this CPU; nothing to measure.
    let _ = black_box(F::visit(black_box(case.variant), &case.cpu, pass));
    case
}

/// Panics unless the benchmarked variants `covered` are exactly the registered ones of `F`.
pub fn check_coverage<F: Family>(covered: &[&str]) {
    let registered: Vec<&str> = F::variants()
        .iter()
        .map(|&v| F::descriptor(v).name)
        .collect();
    let missing: Vec<&str> = registered
        .iter()
        .copied()
        .filter(|name| !covered.contains(name))
        .collect();
    let unknown: Vec<&str> = covered
        .iter()
        .copied()
        .filter(|name| !registered.contains(name))
        .collect();
    assert!(
        missing.is_empty() && unknown.is_empty(),
        "benches/gate.rs is out of date for {}: add #[bench::...] for {missing:?}, \
         remove {unknown:?}",
        F::NAME
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use strategies::{InBetweenFamily, KnightFamily};

    #[test]
    fn the_gate_workloads_are_the_first_throughput_ones() {
        let w = workload::<InBetweenFamily>();
        assert_eq!((w.distribution.name, w.mode), ("uniform", Mode::Throughput));
        let w = workload::<KnightFamily>();
        assert_eq!(
            (w.distribution.name, w.mode),
            ("sets_0_10", Mode::Throughput)
        );
    }

    #[test]
    fn every_variant_is_benchmarked() {
        let source = include_str!("../benches/gate.rs");
        check_coverage::<InBetweenFamily>(&benched_variants(source, InBetweenFamily::NAME));
        check_coverage::<KnightFamily>(&benched_variants(source, KnightFamily::NAME));
    }

    #[test]
    fn attributes_are_read_per_function() {
        let source = "#[library_benchmark]\n#[bench::a(args = (\"a\"), setup = s)]\n\
                      fn f(x: u8) {}\n#[bench::b(args = (\"b\"))]\n  #[bench::c(args = (\"c\"))]\n\
                      pub fn g(x: u8) {}\n";
        assert_eq!(benched_variants(source, "f"), ["a"]);
        assert_eq!(benched_variants(source, "g"), ["b", "c"]);
        assert!(benched_variants(source, "h").is_empty());
    }

    #[test]
    #[should_panic(expected = "add #[bench::...] for [\"cozy_chess\"], remove [\"nonesuch\"]")]
    fn coverage_names_what_is_missing() {
        check_coverage::<KnightFamily>(&[
            "lookup",
            "shifts_premask",
            "shifts_postmask",
            "parallel_prefix",
            "parallel_prefix_wide",
            "avx2_directions",
            "avx2_batch",
            "neon_batch",
            "chess",
            "nonesuch",
        ]);
    }
}
