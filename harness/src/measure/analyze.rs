//! What a run's samples come to: each variant's samples in one workload become a
//! [`Measurement`]; the record's analysis ([`crate::record::analysis`]) then compares them
//! within each workload, and [`crate::record::judge`] calls the ties, the A/A controls and each
//! family's ranking.

use super::Samples;
use crate::base::nested::{fork_outlier, nested_median_interval_at, Layout};
use crate::base::stats::{median, round_significant, Summary};
use crate::record::analysis::{
    compare_within_workload, kept, workload_key, workload_label, WorkloadKey, ROUND_DIGITS,
};
use crate::record::judge::judge;
use crate::record::{FamilyControl, Interval, Measurement, Outlier, Rank, RoundClocks};
use std::collections::BTreeMap;

/// What a run's samples come to.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub measurements: Vec<Measurement>,
    pub ranks: Vec<Rank>,
    pub controls: Vec<FamilyControl>,
    /// Measurements one fork measured apart from the others.
    pub outliers: Vec<Outlier>,
    /// The clock at each round of each workload.
    pub round_clocks: Vec<RoundClocks>,
}

/// Turns raw samples into measurements (statistics, intervals, ratios, floor multiples,
/// suspects, cycles at each round's clock), the families' A/A controls, the ties, each family's
/// ranking and the per-process outliers.
pub fn analyze(samples: &[Samples]) -> Analysis {
    let mut measurements: Vec<Measurement> = samples.iter().filter_map(measurement).collect();
    // The floor runs in every round of every workload, so its samples carry the workload's.
    let round_clocks = samples
        .iter()
        .filter(|s| s.floor && !s.round_ghz.is_empty())
        .map(|s| RoundClocks {
            family: s.family.into(),
            workload: s.workload.label(),
            ghz: s
                .round_ghz
                .iter()
                .map(|&g| round_significant(g, 4))
                .collect(),
        })
        .collect();
    let outliers = measurements
        .iter()
        .filter(|m| !m.floor)
        .filter_map(|m| {
            let outlier = fork_outlier(&m.rounds, m.layout())?;
            Some(Outlier {
                family: m.family.clone(),
                variant: m.variant.clone(),
                workload: workload_label(m),
                fork: outlier.fork,
                median: outlier.median,
                others: outlier.others,
            })
        })
        .collect();
    let mut groups: BTreeMap<WorkloadKey, (Vec<usize>, usize)> = BTreeMap::new();
    for (i, m) in measurements.iter().enumerate() {
        let answer_bytes = samples
            .iter()
            .find(|s| s.family == m.family)
            .map_or(8, |s| s.workload.answer_bytes);
        let group = groups
            .entry(workload_key(m))
            .or_insert((Vec::new(), answer_bytes));
        group.0.push(i);
    }
    for (indices, answer_bytes) in groups.values() {
        compare_within_workload(&mut measurements, indices, *answer_bytes);
    }
    let (controls, ranks) = judge(&mut measurements);
    Analysis {
        measurements,
        ranks,
        controls,
        outliers,
        round_clocks,
    }
}

/// Each round's time in cycles, at the clock of that round; `None` without a clock for every
/// round.
fn cycles_per_round(s: &Samples) -> Option<Vec<f64>> {
    (!s.round_ghz.is_empty() && s.round_ghz.len() == s.ns_per_op.len()).then(|| {
        s.ns_per_op
            .iter()
            .zip(&s.round_ghz)
            .map(|(ns, ghz)| ns * ghz)
            .collect()
    })
}

/// One variant's measurement in one workload, before it is compared with the others.
fn measurement(s: &Samples) -> Option<Measurement> {
    let rounds: Vec<f64> = s
        .ns_per_op
        .iter()
        .map(|&x| round_significant(x, ROUND_DIGITS))
        .collect();
    let summary = Summary::of(&rounds)?;
    let layout = Layout {
        slices: &s.sweeps,
        forks: &s.forks,
    };
    let (low, high) = nested_median_interval_at(&rounds, layout, 0.95);
    let cycles = cycles_per_round(s).and_then(|per_round| median(&per_round).map(kept));
    Some(Measurement {
        family: s.family.into(),
        variant: s.variant.into(),
        workload: s.workload.distribution.name.into(),
        mode: s.workload.mode,
        eviction_bytes: s.workload.eviction_bytes,
        unit: s.workload.unit.to_string(),
        ns_per_op: summary,
        rounds,
        sweeps: s.sweeps.clone(),
        forks: s.forks.clone(),
        median_interval: Some(Interval {
            median: summary.median,
            low: low.min(summary.median),
            high: high.max(summary.median),
        }),
        cycles_per_op_estimate: cycles,
        ratio_to_best: None,
        paired_ratio_to_best: None,
        tied_with_best: None,
        same_code_as: s.same_code_as.map(str::to_string),
        twin: s.twin,
        baseline_of: s.baseline_of.map(str::to_string),
        floor_multiple: None,
        table_bytes: s.table_bytes,
        requires: s.requires.iter().map(|r| r.to_string()).collect(),
        external: s.external,
        floor: s.floor,
        suspect: false,
        cache_sim: None,
        bound: None,
    })
}
