//! From samples to a record's measurements and ranks: how sure each number is.
//!
//! - Each measurement keeps its per-round values, and its median gets a 95% interval from the
//!   rounds' order statistics (no assumption about their distribution).
//! - Every round measures all the variants of a workload back to back, so the ratio of a
//!   variant to the workload's best variant is taken **per round** (paired): drift that hits
//!   the whole round cancels. Its median and 95% interval say whether the two are tied.
//! - Rounds taken seconds apart on a shared machine are not independent, so every interval is
//!   widened by the spread of the medians of the run's sweeps (see
//!   [`crate::stats::clustered_median_interval`]).
//! - A family's ranking orders its variants by the geometric mean of their paired ratios over
//!   the family's workloads; each is compared with the one ranked above it
//!   ([`paired_geomean`]), and where the interval includes parity the two are tied (≈), not
//!   ordered.

use crate::measure::Samples;
use crate::record::{ClockEstimate, Interval, Measurement, Mode, Rank, SimdSpeedup};
use crate::stats::{clustered_median_interval, geometric_mean, median, round_significant, Summary};
use std::collections::BTreeMap;

/// Significant digits kept of each round's time: far below any noise, and it keeps records
/// small.
pub const ROUND_DIGITS: i32 = 4;

/// A derived figure as the record keeps it: [`ROUND_DIGITS`] significant digits, far below
/// any noise.
fn kept(x: f64) -> f64 {
    round_significant(x, ROUND_DIGITS)
}

/// A workload's identity within a record.
type WorkloadKey = (String, String, Mode, u64);

/// Turns raw samples into measurements (statistics, intervals, ratios, floor multiples,
/// suspects, cycles) and ranks each family's variants.
pub fn analyze(
    samples: &[Samples],
    clock: Option<&ClockEstimate>,
) -> (Vec<Measurement>, Vec<Rank>) {
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
    let ranks = rank(&measurements);
    (measurements, ranks)
}

fn workload_key(m: &Measurement) -> WorkloadKey {
    (
        m.family.clone(),
        m.workload.clone(),
        m.mode,
        m.eviction_bytes,
    )
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
        floor_multiple: None,
        table_bytes: s.table_bytes,
        requires: s.requires.iter().map(|r| r.to_string()).collect(),
        external: s.external,
        floor: s.floor,
        suspect: false,
        cache_sim: None,
    })
}

/// Ratios to the best and to the floor, and the suspects, within one workload. The floor is a
/// lower bound for every portable variant, and for SIMD variants whose answers are one word;
/// a SIMD kernel that stores a wide answer (48 bytes of attack spans) with one 512-bit store
/// can beat the floor's baseline-instruction-set stores without deleting any work, so it is
/// not called suspect for that.
fn compare_within_workload(
    measurements: &mut [Measurement],
    indices: &[usize],
    answer_bytes: usize,
) {
    let floor = indices
        .iter()
        .find(|&&i| measurements[i].floor)
        .map(|&i| measurements[i].ns_per_op);
    let Some(best) = indices
        .iter()
        .copied()
        .filter(|&i| !measurements[i].floor)
        .min_by(|&a, &b| {
            let (a, b) = (&measurements[a].ns_per_op, &measurements[b].ns_per_op);
            a.median.total_cmp(&b.median)
        })
    else {
        return;
    };
    let best_median = measurements[best].ns_per_op.median;
    let best_rounds = measurements[best].rounds.clone();
    for &i in indices {
        let m = &mut measurements[i];
        m.floor_multiple = floor.map(|f| kept(m.ns_per_op.median / f.median));
        if !m.floor {
            m.ratio_to_best = Some(kept(m.ns_per_op.median / best_median));
            m.paired_ratio_to_best = paired_ratio(&m.rounds, &best_rounds, &m.sweeps);
            let floor_bounds_it = m.requires.is_empty() || answer_bytes <= 8;
            m.suspect = floor_bounds_it && floor.is_some_and(|f| below_floor(&m.ns_per_op, &f));
        }
    }
}

/// The per-round ratio `a[i] / b[i]`: its median and 95% interval (clustered by `sweeps`, the
/// rounds per sweep). `None` without rounds, or when the two were not measured in the same
/// rounds.
pub fn paired_ratio(a: &[f64], b: &[f64], sweeps: &[usize]) -> Option<Interval> {
    if a.is_empty() || a.len() != b.len() {
        return None;
    }
    let ratios: Vec<f64> = a.iter().zip(b).map(|(x, y)| x / y).collect();
    let (low, high) = clustered_median_interval(&ratios, sweeps);
    Some(Interval {
        median: kept(median(&ratios)?),
        low: kept(low),
        high: kept(high),
    })
}

/// Whether `variant` measured below the floor by more than the noise: its median plus its MAD
/// is under the floor's median minus the floor's MAD. Doing less than returning the input means
/// the compiler probably deleted the work.
pub fn below_floor(variant: &Summary, floor: &Summary) -> bool {
    variant.median + variant.mad < floor.median - floor.mad
}

/// Each SIMD variant's speedup over the best portable variant, per throughput workload.
pub fn simd_speedups(measurements: &[Measurement]) -> Vec<SimdSpeedup> {
    let throughput = || {
        measurements
            .iter()
            .filter(|m| m.mode == Mode::Throughput && !m.floor)
    };
    throughput()
        .filter(|m| !m.requires.is_empty())
        .filter_map(|simd| {
            let best = throughput()
                .filter(|p| {
                    p.requires.is_empty() && p.family == simd.family && p.workload == simd.workload
                })
                .min_by(|a, b| a.ns_per_op.median.total_cmp(&b.ns_per_op.median))?;
            Some(SimdSpeedup {
                family: simd.family.clone(),
                variant: simd.variant.clone(),
                workload: simd.workload.clone(),
                best_portable: best.variant.clone(),
                speedup: kept(best.ns_per_op.median / simd.ns_per_op.median),
                interval: paired_ratio(&best.rounds, &simd.rounds, &simd.sweeps),
            })
        })
        .collect()
}

/// Ranks each family's variants by the geometric mean of their ratios to the best (paired
/// where the record has rounds), with ties called by [`paired_geomean`].
pub fn rank(measurements: &[Measurement]) -> Vec<Rank> {
    let mut by_variant: BTreeMap<(String, String), Vec<&Measurement>> = BTreeMap::new();
    for m in measurements.iter().filter(|m| !m.floor) {
        by_variant
            .entry((m.family.clone(), m.variant.clone()))
            .or_default()
            .push(m);
    }
    let mut ranks: Vec<(Rank, Vec<&Measurement>)> = by_variant
        .into_iter()
        .map(|((family, variant), ms)| {
            let ratios: Vec<f64> = ms
                .iter()
                .filter_map(|m| m.paired_ratio_to_best.map(|p| p.median).or(m.ratio_to_best))
                .collect();
            let rank = Rank {
                family,
                variant,
                rank: 0,
                geomean_ratio: kept(geometric_mean(&ratios)),
                paired_to_first: None,
                tied_with_previous: false,
                workloads: ratios.len(),
            };
            (rank, ms)
        })
        .collect();
    ranks.sort_by(|(a, _), (b, _)| {
        a.family
            .cmp(&b.family)
            .then(a.geomean_ratio.total_cmp(&b.geomean_ratio))
    });
    let mut start = 0;
    while start < ranks.len() {
        let family = ranks[start].0.family.clone();
        let end = start
            + ranks[start..]
                .iter()
                .take_while(|(r, _)| r.family == family)
                .count();
        order_family(&mut ranks[start..end]);
        start = end;
    }
    ranks.into_iter().map(|(r, _)| r).collect()
}

/// Numbers one family's ranks (sorted best first), calling ties with the one above.
fn order_family(ranks: &mut [(Rank, Vec<&Measurement>)]) {
    let first = ranks.first().map(|(_, ms)| ms.clone()).unwrap_or_default();
    for i in 0..ranks.len() {
        ranks[i].0.paired_to_first = paired_geomean(&ranks[i].1, &first);
        let tied = i > 0
            && paired_geomean(&ranks[i].1, &ranks[i - 1].1).is_some_and(|p| p.includes_parity());
        ranks[i].0.tied_with_previous = tied;
        ranks[i].0.rank = if tied { ranks[i - 1].0.rank } else { i + 1 };
    }
}

/// The geometric mean over workloads of the paired per-round ratio `a / b`, with an interval
/// made of the geometric means of each workload's interval bounds (each clustered by sweep,
/// see [`paired_ratio`]). That is wider than a strict interval of the mean would be, so ties
/// are called rather than orders invented. `None` if the two share no workload with rounds.
pub fn paired_geomean(a: &[&Measurement], b: &[&Measurement]) -> Option<Interval> {
    let intervals: Vec<Interval> = a
        .iter()
        .filter_map(|x| {
            let y = b.iter().find(|y| workload_key(y) == workload_key(x))?;
            paired_ratio(&x.rounds, &y.rounds, &x.sweeps)
        })
        .collect();
    if intervals.is_empty() {
        return None;
    }
    let mean = |part: fn(&Interval) -> f64| {
        kept(geometric_mean(
            &intervals.iter().map(part).collect::<Vec<_>>(),
        ))
    };
    Some(Interval {
        median: mean(|i| i.median),
        low: mean(|i| i.low),
        high: mean(|i| i.high),
    })
}
