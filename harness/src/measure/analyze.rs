//! What a run's samples come to: each variant's samples in one workload become a
//! [`Measurement`]; the record's analysis ([`crate::record::analysis`]) then compares them
//! within each workload, calls the A/A controls, the ties and each family's ranking.

use super::Samples;
use crate::base::stats::{clustered_median_interval, round_significant, Summary};
use crate::record::analysis::{
    compare_within_workload, controls, kept, rank, tied, workload_key, WorkloadKey, ROUND_DIGITS,
};
use crate::record::{ClockEstimate, FamilyControl, Interval, Measurement, Rank};
use std::collections::BTreeMap;

/// What a run's samples come to.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub measurements: Vec<Measurement>,
    pub ranks: Vec<Rank>,
    pub controls: Vec<FamilyControl>,
}

/// Turns raw samples into measurements (statistics, intervals, ratios, floor multiples,
/// suspects, cycles), the families' A/A controls, the ties and each family's ranking.
pub fn analyze(samples: &[Samples], clock: Option<&ClockEstimate>) -> Analysis {
    let mut measurements: Vec<Measurement> = samples
        .iter()
        .filter_map(|s| measurement(s, clock))
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
    let controls = controls(&measurements);
    let spread = |family: &str| {
        controls
            .iter()
            .find(|c| c.family == family)
            .map_or(1.0, |c| c.spread)
    };
    for m in measurements.iter_mut().filter(|m| !m.floor) {
        let s = spread(&m.family);
        m.tied_with_best = m.paired_ratio_to_best.map(|p| tied(&p, s));
    }
    let ranks = rank(&measurements, &spread);
    Analysis {
        measurements,
        ranks,
        controls,
    }
}

/// One variant's measurement in one workload, before it is compared with the others.
fn measurement(s: &Samples, clock: Option<&ClockEstimate>) -> Option<Measurement> {
    let rounds: Vec<f64> = s
        .ns_per_op
        .iter()
        .map(|&x| round_significant(x, ROUND_DIGITS))
        .collect();
    let summary = Summary::of(&rounds)?;
    let (low, high) = clustered_median_interval(&rounds, &s.sweeps);
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
        median_interval: Some(Interval {
            median: summary.median,
            low,
            high,
        }),
        cycles_per_op_estimate: clock.map(|c| kept(summary.median * c.ghz)),
        ratio_to_best: None,
        paired_ratio_to_best: None,
        tied_with_best: None,
        same_code_as: s.same_code_as.map(str::to_string),
        twin: s.twin,
        floor_multiple: None,
        table_bytes: s.table_bytes,
        requires: s.requires.iter().map(|r| r.to_string()).collect(),
        external: s.external,
        floor: s.floor,
        suspect: false,
        cache_sim: None,
    })
}
