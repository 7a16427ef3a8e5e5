//! From samples to a record's measurements: each one's statistics, and its ratios to its
//! workload's best and floor.
//!
//! - Each measurement keeps its per-round values, and its median gets a 95% interval from the
//!   rounds' order statistics ([`crate::base::stats::median_interval`]), widened where the run's
//!   sweeps disagree ([`crate::base::stats::clustered_median_interval`]).
//! - Every round measures all the variants of a workload, so the ratio of a variant to the
//!   workload's best variant is taken **per round** (paired): drift that hits the whole round
//!   cancels. The ratio printed is the median of the per-round ratios, and its interval is that
//!   median's, so the point always lies inside its interval.
//! - What a record calls from those ratios (each one's interval and tie, the A/A controls, the
//!   ranks) is [`crate::record::judge`]'s.

use crate::base::nested::{nested_median_interval_at, nested_ratio_at, Layout};
use crate::base::stats::{geometric_mean, round_significant, Summary};
use crate::record::{CompilerShare, Fastest, Interval, Measurement, Mode, SimdSpeedup};
use std::collections::BTreeMap;

/// Significant digits kept of each round's time: far below any noise, and it keeps records
/// small.
pub const ROUND_DIGITS: i32 = 4;

/// A derived figure as the record keeps it: [`ROUND_DIGITS`] significant digits, far below
/// any noise.
pub(crate) fn kept(x: f64) -> f64 {
    round_significant(x, ROUND_DIGITS)
}

/// A workload's identity within a record.
pub(crate) type WorkloadKey = (String, String, Mode, u64);

pub(crate) fn workload_key(m: &Measurement) -> WorkloadKey {
    (
        m.family.clone(),
        m.workload.clone(),
        m.mode,
        m.eviction_bytes,
    )
}

/// `distribution/mode`, plus `/E` under cache pressure.
pub(crate) fn workload_label(m: &Measurement) -> String {
    match m.mode {
        Mode::CachePressure => format!(
            "{}/{}/{}",
            m.workload,
            m.mode.name(),
            crate::base::units::bytes_compact(m.eviction_bytes)
        ),
        _ => format!("{}/{}", m.workload, m.mode.name()),
    }
}

/// Ratios to the best and to the floor, and the suspects, within one workload. The floor is a
/// lower bound for every portable variant, and for SIMD variants whose answers are one word; a
/// SIMD kernel that stores a wide answer (48 bytes of attack spans) with one 512-bit store can
/// beat the floor's baseline-instruction-set stores without deleting any work, so it is not
/// called suspect for that.
pub(crate) fn compare_within_workload(
    measurements: &mut [Measurement],
    indices: &[usize],
    answer_bytes: usize,
) {
    relate_within_workload(measurements, indices);
    let floor = indices
        .iter()
        .find(|&&i| measurements[i].floor)
        .map(|&i| measurements[i].ns_per_op);
    for &i in indices {
        let m = &mut measurements[i];
        if !m.floor {
            let floor_bounds_it = m.requires.is_empty() || answer_bytes <= 8;
            m.suspect = floor_bounds_it && floor.is_some_and(|f| below_floor(&m.ns_per_op, &f));
        }
    }
}

/// The best of a workload (`indices`): the ranked variant (not the floor, not a twin) with the
/// lowest median.
pub(super) fn best(measurements: &[Measurement], indices: &[usize]) -> Option<usize> {
    indices
        .iter()
        .copied()
        .filter(|&i| measurements[i].ranked())
        .min_by(|&a, &b| {
            let (a, b) = (&measurements[a].ns_per_op, &measurements[b].ns_per_op);
            a.median.total_cmp(&b.median)
        })
}

/// Each measurement's ratio to the floor and to the [`best`] of its workload, to which every
/// other is paired per round.
fn relate_within_workload(measurements: &mut [Measurement], indices: &[usize]) {
    let floor = indices
        .iter()
        .find(|&&i| measurements[i].floor)
        .map(|&i| measurements[i].ns_per_op);
    let Some(best) = best(measurements, indices) else {
        return;
    };
    let best_median = measurements[best].ns_per_op.median;
    let best_rounds = measurements[best].rounds.clone();
    for &i in indices {
        let m = &mut measurements[i];
        m.floor_multiple = floor.map(|f| kept(m.ns_per_op.median / f.median));
        if m.floor {
            continue;
        }
        m.paired_ratio_to_best = if i == best && !m.rounds.is_empty() {
            point(1.0)
        } else {
            paired_ratio(&m.rounds, &best_rounds, m.layout())
        };
        m.ratio_to_best = Some(
            m.paired_ratio_to_best
                .map_or_else(|| kept(m.ns_per_op.median / best_median), |p| p.median),
        );
    }
}

/// Derives again, with this build's rules, everything a record older than schema 3 computed
/// from its rounds: each median's interval, the ratios to the best with their intervals and
/// ties, the SIMD speedups and the ranks. Its raw values (rounds, summaries) and its suspects
/// are kept; it has no A/A controls, so ties are called on the intervals alone.
pub fn rederive(record: &mut crate::record::Record) {
    for m in record.measurements.iter_mut() {
        if !m.rounds.is_empty() {
            let (low, high) = nested_median_interval_at(&m.rounds, m.layout(), 0.95);
            let median = m.ns_per_op.median;
            m.median_interval = Some(Interval {
                median,
                low: low.min(median),
                high: high.max(median),
            });
        }
    }
    let mut groups: BTreeMap<WorkloadKey, Vec<usize>> = BTreeMap::new();
    for (i, m) in record.measurements.iter().enumerate() {
        groups.entry(workload_key(m)).or_default().push(i);
    }
    for indices in groups.values() {
        relate_within_workload(&mut record.measurements, indices);
    }
    let (_, ranks) = crate::record::judge::judge(&mut record.measurements);
    record.simd_speedups = simd_speedups(&record.measurements);
    record.ranks = ranks;
}

/// The per-round ratio `a[i] / b[i]`, paired within each fork and combined across forks
/// ([`crate::base::nested::nested_ratio_at`]; with one process, the median of the per-round
/// ratios), and its 95% interval. `layout` gives the rounds' slices and forks. `None` without
/// rounds, or when the two were not measured in the same rounds.
pub fn paired_ratio(a: &[f64], b: &[f64], layout: Layout<'_>) -> Option<Interval> {
    paired_ratio_at(a, b, layout, 0.95)
}

/// [`paired_ratio`] with its interval at confidence `level`.
pub fn paired_ratio_at(a: &[f64], b: &[f64], layout: Layout<'_>, level: f64) -> Option<Interval> {
    let (point, low, high) = nested_ratio_at(a, b, layout, level)?;
    let point = kept(point);
    // Rounded to the record's digits, outward, so the rounded point stays inside.
    Some(Interval {
        median: point,
        low: kept(low).min(point),
        high: kept(high).max(point),
    })
}

/// Whether `variant` measured below the floor by more than the noise: its median plus its MAD
/// is under the floor's median minus the floor's MAD. Doing less than returning the input means
/// the compiler probably deleted the work.
pub fn below_floor(variant: &Summary, floor: &Summary) -> bool {
    variant.median + variant.mad < floor.median - floor.mad
}

/// The confidence level at which each of a run's `pairs` A/A pairs is judged, so that all of
/// them tie at once with 95% probability where identical code measures alike (Bonferroni).
pub fn family_wise_level(pairs: usize) -> f64 {
    1.0 - 0.05 / pairs.max(1) as f64
}

/// How far apart each family's A/A controls put identical code, as one figure a run can use
/// for what its own rounds cannot show: the root mean square, over every workload and pair of
/// the family, of the natural log of the ratio of the two medians (a measurement that runs the
/// same code as another, against that other). 0 for a family without a control.
///
/// The rounds of one run share its state (where its code, tables and heap landed; what the
/// machine's neighbours did), so a median's interval from them says how sure this run is of
/// it, not where a second run will put it. Two names of one code in one run differ by that
/// kind of state, placement first, so their log ratio has, under a model where each
/// measurement carries a bias drawn once per run and name, the same spread as the log ratio
/// of one measurement in two runs; its root mean square also holds the pairs' own sampling
/// error, so as an estimate of the bias alone it errs wide. `repeatability`'s prediction
/// interval adds it (`tools::repeatability`).
pub fn control_deviation(measurements: &[Measurement]) -> BTreeMap<String, f64> {
    let mut squares: BTreeMap<String, (f64, usize)> = BTreeMap::new();
    for second in measurements.iter() {
        let Some(first_name) = second.same_code_as.as_deref() else {
            continue;
        };
        let first = measurements.iter().find(|m| {
            m.family == second.family
                && m.variant == first_name
                && workload_key(m) == workload_key(second)
        });
        let Some(first) = first else { continue };
        let ln = (second.ns_per_op.median / first.ns_per_op.median).ln();
        if ln.is_finite() {
            let entry = squares.entry(second.family.clone()).or_insert((0.0, 0));
            entry.0 += ln * ln;
            entry.1 += 1;
        }
    }
    squares
        .into_iter()
        .map(|(family, (sum, n))| (family, (sum / n as f64).sqrt()))
        .collect()
}

/// An interval that is a single value.
fn point(x: f64) -> Option<Interval> {
    Some(Interval {
        median: x,
        low: x,
        high: x,
    })
}

/// The geometric means of the points and of each bound of `intervals` (not empty).
pub(crate) fn geometric_mean_interval(intervals: &[Interval]) -> Interval {
    let mean = |part: fn(&Interval) -> f64| {
        kept(geometric_mean(
            &intervals.iter().map(part).collect::<Vec<_>>(),
        ))
    };
    let median = mean(|i| i.median);
    Interval {
        median,
        low: mean(|i| i.low).min(median),
        high: mean(|i| i.high).max(median),
    }
}

/// Each SIMD variant's speedup over the best portable variant (the portable variant with the
/// lowest median), per throughput workload: the median of the per-round ratios with its
/// interval (the ratio of medians where there are no rounds). Twins are left out. In a family
/// of configurations (`rook_attacks.pext`), the best portable configuration that varies the
/// same technique family (`rook_attacks.magic`).
pub fn simd_speedups(measurements: &[Measurement]) -> Vec<SimdSpeedup> {
    let throughput = || {
        measurements
            .iter()
            .filter(|m| m.mode == Mode::Throughput && m.ranked())
    };
    throughput()
        .filter(|m| !m.requires.is_empty())
        .filter_map(|simd| {
            let best = throughput()
                .filter(|p| {
                    p.requires.is_empty()
                        && p.family == simd.family
                        && p.workload == simd.workload
                        && varies(&p.variant) == varies(&simd.variant)
                })
                .min_by(|a, b| a.ns_per_op.median.total_cmp(&b.ns_per_op.median))?;
            let interval = paired_ratio(&best.rounds, &simd.rounds, simd.layout());
            Some(SimdSpeedup {
                family: simd.family.clone(),
                variant: simd.variant.clone(),
                workload: simd.workload.clone(),
                best_portable: best.variant.clone(),
                speedup: interval.map_or_else(
                    || kept(best.ns_per_op.median / simd.ns_per_op.median),
                    |i| i.median,
                ),
                interval,
            })
        })
        .collect()
}

/// Per family with baseline copies ([`Measurement::baseline_of`]), in the workload that has
/// them: the fastest baseline copy, the fastest portable variant at `level` (the CPU's, named
/// as in [`strategies::Level::name`]) and the fastest SIMD variant, with the per-round ratios
/// between them. Peers count among the portable variants, as in [`simd_speedups`].
pub fn compiler_shares(measurements: &[Measurement], level: &str) -> Vec<CompilerShare> {
    let fastest = |of: &dyn Fn(&Measurement) -> bool, like: &Measurement| {
        measurements
            .iter()
            .filter(|m| workload_key(m) == workload_key(like) && of(m))
            .min_by(|a, b| a.ns_per_op.median.total_cmp(&b.ns_per_op.median))
    };
    let mut seen = Vec::new();
    let mut shares = Vec::new();
    for copy in measurements.iter().filter(|m| m.baseline_of.is_some()) {
        if seen.contains(&workload_key(copy)) {
            continue;
        }
        seen.push(workload_key(copy));
        let baseline = fastest(&|m| m.baseline_of.is_some(), copy);
        let portable = fastest(&|m| m.ranked() && m.requires.is_empty(), copy);
        let simd = fastest(&|m| m.ranked() && m.hand_simd(), copy);
        let (Some(baseline), Some(portable)) = (baseline, portable) else {
            continue;
        };
        let ratio = |a: &Measurement, b: &Measurement| {
            paired_ratio(&a.rounds, &b.rounds, b.layout()).unwrap_or_else(|| {
                let point = kept(a.ns_per_op.median / b.ns_per_op.median);
                Interval {
                    median: point,
                    low: point,
                    high: point,
                }
            })
        };
        let named = |m: &Measurement| Fastest {
            variant: m.baseline_of.clone().unwrap_or_else(|| m.variant.clone()),
            ns_per_op: m.ns_per_op.median,
        };
        shares.push(CompilerShare {
            family: copy.family.clone(),
            workload: copy.workload.clone(),
            level: level.to_string(),
            baseline: named(baseline),
            portable: named(portable),
            simd: simd.map(named),
            compiler: ratio(baseline, portable),
            hand_simd: simd.map(|simd| ratio(portable, simd)),
        });
    }
    shares
}

/// The technique family a configuration varies (`rook_attacks` of `rook_attacks.pext`); `None`
/// for a variant that is not a configuration.
fn varies(variant: &str) -> Option<&str> {
    variant.split_once('.').map(|(family, _)| family)
}

/// The geometric mean over workloads of the median per-round ratio `a / b`, with an interval
/// made of the geometric means of each workload's interval bounds (each clustered by sweep,
/// see [`paired_ratio`]). That is as wide as if every workload erred the same way at once,
/// wider than a strict interval of the mean, so ties are called rather than orders invented.
/// `None` if the two share no workload with rounds.
pub fn paired_geomean(a: &[&Measurement], b: &[&Measurement]) -> Option<Interval> {
    paired_geomean_at(a, b, 0.95)
}

/// [`paired_geomean`] with each workload's interval at confidence `level`.
pub fn paired_geomean_at(a: &[&Measurement], b: &[&Measurement], level: f64) -> Option<Interval> {
    let intervals: Vec<Interval> = a
        .iter()
        .filter_map(|x| {
            let y = b.iter().find(|y| workload_key(y) == workload_key(x))?;
            paired_ratio_at(&x.rounds, &y.rounds, x.layout(), level)
        })
        .collect();
    (!intervals.is_empty()).then(|| geometric_mean_interval(&intervals))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compiler_share_pairs_the_fastest_of_each_kind() {
        let at = |variant: &str, median: f64, rounds: [f64; 4]| {
            let mut m = crate::tools::compare::tests::measurement(variant, 0, median);
            m.mode = Mode::Throughput;
            m.rounds = rounds.to_vec();
            m.sweeps = vec![4];
            m
        };
        let copy = |variant: &str, median: f64, rounds: [f64; 4]| {
            let mut m = at(&format!("{variant}-x86-64"), median, rounds);
            m.baseline_of = Some(variant.into());
            m
        };
        let mut simd = at("avx2_batch", 0.9, [0.9; 4]);
        simd.requires = vec!["avx2".into()];
        let mut pext = at("pext", 0.5, [0.5; 4]);
        pext.requires = vec!["bmi2".into()];
        let measurements = vec![
            pext,
            at("qbb", 1.0, [1.0; 4]),
            at("hyperbola", 2.0, [2.0; 4]),
            simd,
            copy("qbb", 3.0, [3.0; 4]),
            copy("hyperbola", 2.5, [2.5; 4]),
        ];
        let shares = compiler_shares(&measurements, "x86-64-v3");
        assert_eq!(shares.len(), 1, "one workload has baseline copies");
        let share = &shares[0];
        assert_eq!(share.level, "x86-64-v3");
        assert_eq!(
            share.baseline.variant, "hyperbola",
            "named by the variant, not the copy"
        );
        assert_eq!(share.portable.variant, "qbb");
        assert_eq!(
            share.simd.as_ref().map(|f| f.variant.as_str()),
            Some("avx2_batch")
        );
        assert!(
            (share.compiler.median - 2.5).abs() < 1e-9,
            "{:?}",
            share.compiler
        );
        let hand = share.hand_simd.expect("a SIMD variant ran");
        assert!((hand.median - 1.0 / 0.9).abs() < 1e-3, "{hand:?}");
        let ranked: Vec<_> = measurements.iter().filter(|m| m.ranked()).collect();
        assert_eq!(ranked.len(), 4, "baseline copies are never ranked");
    }

    #[test]
    fn paired_points_lie_inside_their_intervals() {
        let a: Vec<f64> = (0..12).map(|i| 1.0 + (i % 4) as f64 * 0.011).collect();
        let b: Vec<f64> = (0..12).map(|i| 1.0 + (i % 3) as f64 * 0.017).collect();
        let p = paired_ratio(&a, &b, Layout::single(&[3, 3, 3, 3])).unwrap();
        assert!(p.low <= p.median && p.median <= p.high, "{p:?}");
        let g = geometric_mean_interval(&[
            p,
            Interval {
                median: 2.0,
                low: 1.5,
                high: 2.1,
            },
        ]);
        assert!(g.low <= g.median && g.median <= g.high, "{g:?}");
    }
}
