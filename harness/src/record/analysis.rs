//! From samples to a record's measurements, controls and ranks: how sure each number is.
//!
//! - Each measurement keeps its per-round values, and its median gets a 95% interval from the
//!   rounds' order statistics ([`crate::base::stats::median_interval`]), widened where the run's
//!   sweeps disagree ([`crate::base::stats::clustered_median_interval`]).
//! - Every round measures all the variants of a workload, so the ratio of a variant to the
//!   workload's best variant is taken **per round** (paired): drift that hits the whole round
//!   cancels. The ratio printed is the median of the per-round ratios, and its interval is that
//!   median's, so the point always lies inside its interval.
//! - **A/A controls** ([`controls`]): pairs of names under which the same code ran. What
//!   separates them is a bias of the run, not a difference between techniques; the largest
//!   such factor in any workload of a family is the family's **spread**. A pair is reported
//!   tied when its family-wise interval includes 1.00: a run has about twenty pairs, and
//!   "every pair ties" is one statement about all of them, so each pair's interval is taken at
//!   the level `1 - 0.05 / k` for the run's `k` pairs (Bonferroni), not at 95%.
//! - A difference is called only where it exceeds both: a ratio is **tied** ([`tied`]) when
//!   its interval includes 1.00 or reaches into the spread's band `[1/spread, spread]`.
//! - A family's ranking orders its variants by the geometric mean of their ratios to each
//!   workload's best; each variant is compared with the **first** ([`paired_geomean`]), never
//!   with the one above it, and a variant tied with the first shares rank 1.

use crate::base::nested::{nested_median_interval_at, nested_ratio_at, Layout};
use crate::base::stats::{geometric_mean, round_significant, Summary};
use crate::record::{
    ControlPair, FamilyControl, FamilyWise, Interval, Measurement, Mode, Rank, SimdSpeedup,
};
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

/// Whether a ratio shows no difference larger than the run can tell: its interval includes
/// 1.00, or reaches into the band `[1/spread, spread]` that the family's A/A controls span
/// (`spread` >= 1; 1 where there is no control).
pub fn tied(ratio: &Interval, spread: f64) -> bool {
    let spread = spread.max(1.0);
    ratio.low <= spread && ratio.high >= 1.0 / spread
}

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

/// Each measurement's ratio to the floor and to the best of its workload: the ranked variant
/// (not the floor, not a twin) with the lowest median, to which every other is paired per
/// round.
fn relate_within_workload(measurements: &mut [Measurement], indices: &[usize]) {
    let floor = indices
        .iter()
        .find(|&&i| measurements[i].floor)
        .map(|&i| measurements[i].ns_per_op);
    let Some(best) = indices
        .iter()
        .copied()
        .filter(|&i| measurements[i].ranked())
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
    for m in record.measurements.iter_mut().filter(|m| !m.floor) {
        m.tied_with_best = m.paired_ratio_to_best.map(|p| tied(&p, 1.0));
    }
    record.simd_speedups = simd_speedups(&record.measurements);
    record.ranks = rank(&record.measurements, &|_| 1.0);
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

/// Each family's A/A controls: every measurement that runs the same code as another (a
/// runner's twin, or a registered copy) against that one, per workload, paired per round.
/// The spread is the largest factor separating a pair in any workload (1.00 for none). A pair
/// is tied when its interval at the [`family_wise_level`] of the run's pairs includes 1.00.
pub fn controls(measurements: &[Measurement]) -> Vec<FamilyControl> {
    let mut names: Vec<(&str, &str)> = measurements
        .iter()
        .filter(|m| m.same_code_as.is_some())
        .map(|m| (m.family.as_str(), m.variant.as_str()))
        .collect();
    names.sort_unstable();
    names.dedup();
    let level = family_wise_level(names.len());
    let mut families: Vec<FamilyControl> = Vec::new();
    for second in measurements.iter().filter(|m| m.same_code_as.is_some()) {
        let first_name = second.same_code_as.as_deref().unwrap_or_default();
        let family = match families.iter().position(|c| c.family == second.family) {
            Some(i) => &mut families[i],
            None => {
                families.push(FamilyControl {
                    family: second.family.clone(),
                    spread: 1.0,
                    pairs: Vec::new(),
                });
                families.last_mut().expect("just pushed")
            }
        };
        if family.pairs.iter().any(|p| p.variant == second.variant) {
            continue;
        }
        let seconds: Vec<&Measurement> = measurements
            .iter()
            .filter(|m| m.family == second.family && m.variant == second.variant)
            .collect();
        let firsts: Vec<&Measurement> = measurements
            .iter()
            .filter(|m| m.family == second.family && m.variant == first_name)
            .collect();
        // Per workload: its label, the 95% interval and the family-wise one.
        let per_workload: Vec<(String, Interval, Interval)> = seconds
            .iter()
            .filter_map(|s| {
                let f = firsts.iter().find(|f| workload_key(f) == workload_key(s))?;
                let ratio = |level| {
                    paired_ratio_at(&s.rounds, &f.rounds, s.layout(), level)
                        .or_else(|| point(kept(s.ns_per_op.median / f.ns_per_op.median)))
                };
                Some((workload_label(s), ratio(0.95)?, ratio(level)?))
            })
            .collect();
        let deviation = |i: &Interval| i.median.max(1.0 / i.median);
        let Some((widest_workload, widest, _)) = per_workload
            .iter()
            .max_by(|a, b| deviation(&a.1).total_cmp(&deviation(&b.1)))
            .cloned()
        else {
            continue;
        };
        let ratio = geomean_of(&per_workload.iter().map(|w| w.1).collect::<Vec<_>>());
        let family_wise = geomean_of(&per_workload.iter().map(|w| w.2).collect::<Vec<_>>());
        family.spread = kept(family.spread.max(deviation(&widest)));
        family.pairs.push(ControlPair {
            variant: second.variant.clone(),
            same_code_as: first_name.to_string(),
            twin: second.twin,
            tied: family_wise.includes_parity(),
            family_wise: Some(FamilyWise {
                level,
                pairs: names.len(),
                ratio: family_wise,
            }),
            ratio,
            widest_workload,
            widest,
            workloads: per_workload.len(),
        });
    }
    families
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
/// interval adds it ([`crate::tools::repeatability`]).
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
fn geomean_of(intervals: &[Interval]) -> Interval {
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

/// The technique family a configuration varies (`rook_attacks` of `rook_attacks.pext`); `None`
/// for a variant that is not a configuration.
fn varies(variant: &str) -> Option<&str> {
    variant.split_once('.').map(|(family, _)| family)
}

/// Ranks each family's ranked variants (not the floor, not twins) by the geometric mean of
/// their ratios to each workload's best, and calls each one tied or not with the first
/// ([`tied`], given the family's A/A `spread`).
pub fn rank(measurements: &[Measurement], spread: &dyn Fn(&str) -> f64) -> Vec<Rank> {
    let mut by_variant: BTreeMap<(String, String), Vec<&Measurement>> = BTreeMap::new();
    for m in measurements.iter().filter(|m| m.ranked()) {
        by_variant
            .entry((m.family.clone(), m.variant.clone()))
            .or_default()
            .push(m);
    }
    let mut ranks: Vec<(Rank, Vec<&Measurement>)> = by_variant
        .into_iter()
        .map(|((family, variant), ms)| {
            let ratios: Vec<f64> = ms.iter().filter_map(|m| m.ratio_to_best).collect();
            let rank = Rank {
                family,
                variant,
                rank: 0,
                geomean_ratio: kept(geometric_mean(&ratios)),
                paired_to_first: None,
                tied_with_best: false,
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
        order_family(&mut ranks[start..end], spread(&family));
        start = end;
    }
    ranks.into_iter().map(|(r, _)| r).collect()
}

/// Numbers one family's ranks (sorted best first): a variant tied with the first shares rank
/// 1; any other takes its position.
fn order_family(ranks: &mut [(Rank, Vec<&Measurement>)], spread: f64) {
    let first = ranks.first().map(|(_, ms)| ms.clone()).unwrap_or_default();
    for (i, (rank, ms)) in ranks.iter_mut().enumerate() {
        rank.paired_to_first = paired_geomean(ms, &first);
        rank.tied_with_best = i > 0 && rank.paired_to_first.is_some_and(|p| tied(&p, spread));
        rank.rank = if rank.tied_with_best { 1 } else { i + 1 };
    }
}

/// The geometric mean over workloads of the median per-round ratio `a / b`, with an interval
/// made of the geometric means of each workload's interval bounds (each clustered by sweep,
/// see [`paired_ratio`]). That is as wide as if every workload erred the same way at once,
/// wider than a strict interval of the mean, so ties are called rather than orders invented.
/// `None` if the two share no workload with rounds.
pub fn paired_geomean(a: &[&Measurement], b: &[&Measurement]) -> Option<Interval> {
    let intervals: Vec<Interval> = a
        .iter()
        .filter_map(|x| {
            let y = b.iter().find(|y| workload_key(y) == workload_key(x))?;
            paired_ratio(&x.rounds, &y.rounds, x.layout())
        })
        .collect();
    (!intervals.is_empty()).then(|| geomean_of(&intervals))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_reach_into_the_spread() {
        let ratio = |low, high| Interval {
            median: (low + high) / 2.0,
            low,
            high,
        };
        assert!(tied(&ratio(0.98, 1.03), 1.0));
        assert!(!tied(&ratio(1.02, 1.08), 1.0));
        assert!(
            tied(&ratio(1.02, 1.08), 1.03),
            "reaches into [1/1.03, 1.03]"
        );
        assert!(!tied(&ratio(1.04, 1.08), 1.03));
        assert!(tied(&ratio(0.95, 0.99), 1.02));
        assert!(!tied(&ratio(0.90, 0.95), 1.02));
    }

    /// `pairs` A/A pairs in as many families, each twin's rounds its original's times the
    /// per-round `ratio(i)`, 32 rounds in four sweeps.
    fn control_pairs(pairs: usize, ratio: fn(usize) -> f64) -> Vec<FamilyControl> {
        let mut measurements = Vec::new();
        for p in 0..pairs {
            let base: Vec<f64> = (0..32).map(|i| 10.0 + (i * 7 % 5) as f64 * 0.1).collect();
            let mut first = crate::tools::compare::tests::measurement("a", 0, 10.0);
            first.family = format!("f{p}");
            first.rounds = base.clone();
            first.sweeps = vec![8; 4];
            let mut second = first.clone();
            second.variant = "a-aa".into();
            second.same_code_as = Some("a".into());
            second.twin = true;
            second.rounds = base.iter().enumerate().map(|(i, x)| x * ratio(i)).collect();
            measurements.extend([first, second]);
        }
        controls(&measurements)
    }

    #[test]
    fn a_pair_is_judged_at_the_family_wise_level_of_the_run() {
        // Identical code scattering about 1.006: tied or not at 95% by chance, its verdict
        // taken on the wider interval of 20 pairs at once.
        let scatter = |i: usize| 1.0062 + ((i * 13 % 32) as f64 - 15.5) * 0.001;
        for pairs in [1, 20] {
            let families = control_pairs(pairs, scatter);
            assert_eq!(families.len(), pairs);
            for pair in families.iter().flat_map(|f| &f.pairs) {
                let family_wise = pair.family_wise.expect("a new record has it");
                assert_eq!(family_wise.pairs, pairs);
                assert_eq!(family_wise.level, family_wise_level(pairs));
                let (r, f) = (pair.ratio, family_wise.ratio);
                assert!(f.low <= r.low && r.high <= f.high, "{r:?} inside {f:?}");
                assert_eq!(pair.tied, f.includes_parity());
                if pairs == 1 {
                    assert_eq!(r, f, "one pair: the 95% interval itself");
                }
            }
        }
        let one = control_pairs(1, scatter);
        let twenty = control_pairs(20, scatter);
        assert!(!one[0].pairs[0].tied, "{:?}", one[0].pairs[0]);
        assert!(twenty[0].pairs[0].tied, "{:?}", twenty[0].pairs[0]);
        // A real 5% difference is called, however many pairs the run has.
        let biased = control_pairs(20, |i| 1.05 + (i % 3) as f64 * 0.002);
        assert!(biased.iter().flat_map(|f| &f.pairs).all(|p| !p.tied));
    }

    #[test]
    fn paired_points_lie_inside_their_intervals() {
        let a: Vec<f64> = (0..12).map(|i| 1.0 + (i % 4) as f64 * 0.011).collect();
        let b: Vec<f64> = (0..12).map(|i| 1.0 + (i % 3) as f64 * 0.017).collect();
        let p = paired_ratio(&a, &b, Layout::single(&[3, 3, 3, 3])).unwrap();
        assert!(p.low <= p.median && p.median <= p.high, "{p:?}");
        let g = geomean_of(&[
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
