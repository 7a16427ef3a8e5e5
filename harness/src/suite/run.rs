//! A run of the suite as the command, the tests and `cargo bench` share it: verification with
//! what to print of it, and the record a run's samples make.

use super::stages::FamilyStages;
use super::verify_all;
use crate::base::machine::Machine;
use crate::choose::select::Selection;
use crate::measure::analyze;
use crate::measure::Measured;
use crate::record::analysis::{compiler_shares, simd_speedups};
use crate::record::{ClockEstimate, Record, Run, Tool, CACHE_STATE, SCHEMA_VERSION};
use crate::render::report::verdicts;
use std::time::Instant;
use strategies::{Cpu, Level, Registry};

/// Verifies every selected variant of `families` (whose facts come from `R`) and says what to
/// print of it: `Ok` with the summary when every runnable variant agreed with its reference,
/// `Err` with each disagreement otherwise. Nothing that has not agreed is ever measured.
pub fn verified<R: Registry>(
    families: &[FamilyStages],
    cpu: &Cpu,
    selection: &Selection,
    seed: u64,
    width: usize,
) -> Result<String, String> {
    let started = Instant::now();
    let verdicts = verify_all(families, cpu, selection, seed, &mut |_, _| {});
    if let Some(text) = verdicts::disagreements(&verdicts, width) {
        return Err(text);
    }
    Ok(verdicts::summary(
        &verdicts,
        started.elapsed(),
        &R::families(),
        width,
    ))
}

/// How a run was made, as its record keeps it.
#[derive(Clone, Debug)]
pub struct RunFacts<'a> {
    /// The features detected, less those masked.
    pub cpu: &'a Cpu,
    pub selection: &'a Selection,
    pub seed: u64,
    pub quick: bool,
    /// When it started, as the record writes it (see [`crate::record::utc_now`]).
    pub started_utc: String,
    pub started: Instant,
    /// The budget of measuring, in seconds.
    pub budget: f64,
    /// The commit the binary was built from (see [`Tool::this_build`]).
    pub git_commit: &'a str,
}

/// The record of a run: its samples analysed ([`analyze`]), the SIMD speedups, the build, the
/// machine, the clock estimate and how the run was made. Its cache simulation, if any, is
/// added later.
pub fn record_of(
    facts: RunFacts<'_>,
    machine: Machine,
    clock: Option<ClockEstimate>,
    measured: &Measured,
) -> Record {
    let analysis = analyze(&measured.samples);
    let disabled: Vec<String> = facts
        .cpu
        .disabled()
        .iter()
        .map(|f| f.name().to_string())
        .collect();
    let level = Level::detect(facts.cpu);
    Record {
        schema_version: SCHEMA_VERSION,
        tool: Tool::this_build(facts.git_commit),
        machine,
        run: Run {
            started_utc: facts.started_utc,
            duration_seconds: facts.started.elapsed().as_secs_f64(),
            seed: facts.seed,
            quick: facts.quick,
            feature_masked: !disabled.is_empty(),
            disabled_features: disabled,
            only: facts.selection.names().to_vec(),
            cache_state: Some(CACHE_STATE.to_string()),
            loops: Some(format!("{level} ({})", level.instructions())),
            forks: Some(measured.fork_clocks.len().max(1)),
            planted_bias: crate::measure::fork::planted()
                .filter(|_| !measured.fork_clocks.is_empty())
                .map(|(id, fork, factor)| format!("{id}:{fork}:{factor}")),
        },
        clock,
        fork_clocks: measured.fork_clocks.clone(),
        round_clocks: analysis.round_clocks,
        outliers: analysis.outliers,
        simd_speedups: simd_speedups(&analysis.measurements),
        compiler: compiler_shares(&analysis.measurements, level.name()),
        measurements: analysis.measurements,
        resolution: crate::record::judge::resolution(
            &analysis.ranks,
            &analysis.controls,
            facts.budget,
        ),
        ranks: analysis.ranks,
        controls: analysis.controls,
        cache_sim: None,
        bound: None,
    }
}
