//! Summary statistics of samples, and the least-squares line the self-check fits.

use serde::{Deserialize, Serialize};

/// The summary of one measurement's samples (each sample a time per operation).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub median: f64,
    /// Median absolute deviation from the median (unscaled).
    pub mad: f64,
    pub min: f64,
    pub max: f64,
    /// First and third quartiles.
    pub p25: f64,
    pub p75: f64,
    pub samples: usize,
}

impl Summary {
    /// Summarizes `samples`; `None` if there are none or any is not finite.
    pub fn of(samples: &[f64]) -> Option<Summary> {
        if samples.is_empty() || samples.iter().any(|x| !x.is_finite()) {
            return None;
        }
        let mut sorted = samples.to_vec();
        sorted.sort_by(f64::total_cmp);
        let median = quantile(&sorted, 0.5);
        let mut deviations: Vec<f64> = sorted.iter().map(|x| (x - median).abs()).collect();
        deviations.sort_by(f64::total_cmp);
        Some(Summary {
            median,
            mad: quantile(&deviations, 0.5),
            min: sorted[0],
            max: sorted[sorted.len() - 1],
            p25: quantile(&sorted, 0.25),
            p75: quantile(&sorted, 0.75),
            samples: sorted.len(),
        })
    }

    /// The same summary with every value multiplied by `factor` (a change of unit).
    pub fn scaled(&self, factor: f64) -> Summary {
        Summary {
            median: self.median * factor,
            mad: self.mad * factor,
            min: self.min * factor,
            max: self.max * factor,
            p25: self.p25 * factor,
            p75: self.p75 * factor,
            samples: self.samples,
        }
    }
}

/// The `q` quantile of sorted data, interpolating linearly between neighbours.
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    let position = q * (sorted.len() - 1) as f64;
    let (low, high) = (position.floor() as usize, position.ceil() as usize);
    sorted[low] + (sorted[high] - sorted[low]) * (position - low as f64)
}

/// The median of values in any order (`None` if there are none).
pub fn median(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    Some(quantile(&sorted, 0.5))
}

/// The 95% confidence interval of the median of sorted data, from its order statistics,
/// interpolated (Hettmansperger and Sheather, 1986): `[x(k), x(n+1-k)]` covers the median with
/// the binomial probability `P(k <= B <= n-k)`, `B ~ Binomial(n, 1/2)`, which jumps in steps
/// (for eight values, 99.2% or 93.0%); the bounds are interpolated between the two order
/// statistics whose coverages bracket 95%, which makes the coverage close to 95% for every n.
/// Below six values no order statistic covers 95%, and the interval is the whole range (which
/// then covers the median with 94% or less). Distribution-free apart from the interpolation,
/// which assumes a density that is smooth between neighbouring values.
pub fn median_interval(sorted: &[f64]) -> (f64, f64) {
    median_interval_at(sorted, 0.95)
}

/// [`median_interval`] at another confidence `level` (0.95 there): the order statistics
/// whose coverages bracket `level`, interpolated; the whole range when none reaches it.
pub fn median_interval_at(sorted: &[f64], level: f64) -> (f64, f64) {
    let n = sorted.len();
    assert!(n > 0, "an interval needs data");
    // coverage[k] = P(k <= B <= n - k) for k = 1..=n/2, from the binomial in log space.
    let ln_half_n = -(n as f64) * std::f64::consts::LN_2;
    let mut ln_choose = 0.0f64; // ln C(n, j)
    let mut below = 0.0f64; // P(B <= j - 1)
    let mut coverage = Vec::new();
    for j in 0..n / 2 {
        below += (ln_choose + ln_half_n).exp();
        ln_choose += ((n - j) as f64).ln() - ((j + 1) as f64).ln();
        coverage.push(1.0 - 2.0 * below); // k = j + 1
    }
    let Some(k) = coverage.iter().rposition(|&c| c >= level).map(|i| i + 1) else {
        return (sorted[0], sorted[n - 1]);
    };
    let outer = coverage[k - 1];
    let inner = coverage.get(k).copied().unwrap_or(0.0);
    let (low_out, high_out) = (sorted[k - 1], sorted[n - k]);
    if k >= n - k || outer <= level {
        return (low_out, high_out);
    }
    let (low_in, high_in) = (sorted[k], sorted[n - k - 1]);
    let share = (outer - level) / (outer - inner);
    let lambda = (n - k) as f64 * share / (k as f64 + (n - 2 * k) as f64 * share);
    (
        low_out + lambda * (low_in - low_out),
        high_out + lambda * (high_in - high_out),
    )
}

/// How much less information `values` carry than as many independent values would, given
/// that they come in consecutive groups (`groups` gives their lengths): the design effect
/// `1 + (m - 1) ρ`, with `m` the mean group length and `ρ` the intraclass correlation of the
/// logarithms, estimated by one-way analysis of variance and clamped to [0, 1]. 1 for
/// independent values (or a single group); up to `m` when the groups' levels differ and each
/// group agrees within itself (all the information is in the group means).
pub fn design_effect(values: &[f64], groups: &[usize]) -> f64 {
    let logs: Vec<f64> = values.iter().map(|v| v.ln()).collect();
    let mut parts: Vec<&[f64]> = Vec::new();
    let mut start = 0;
    for &length in groups {
        let end = (start + length).min(logs.len());
        if end > start {
            parts.push(&logs[start..end]);
        }
        start = end;
    }
    let (k, n) = (parts.len(), logs.len());
    if k < 2 || n <= k || logs.iter().any(|x| !x.is_finite()) {
        return 1.0;
    }
    let mean = |xs: &[f64]| xs.iter().sum::<f64>() / xs.len() as f64;
    let grand = mean(&logs);
    let between: f64 = parts
        .iter()
        .map(|p| p.len() as f64 * (mean(p) - grand).powi(2))
        .sum::<f64>()
        / (k - 1) as f64;
    let within: f64 = parts
        .iter()
        .map(|p| {
            let m = mean(p);
            p.iter().map(|x| (x - m).powi(2)).sum::<f64>()
        })
        .sum::<f64>()
        / (n - k) as f64;
    let sizes_squared: f64 = parts.iter().map(|p| (p.len() * p.len()) as f64).sum();
    let m0 = (n as f64 - sizes_squared / n as f64) / (k - 1) as f64;
    let denominator = between + (m0 - 1.0) * within;
    let rho = if denominator > 0.0 {
        ((between - within) / denominator).clamp(0.0, 1.0)
    } else {
        0.0
    };
    1.0 + (n as f64 / k as f64 - 1.0) * rho
}

/// The 95% interval of the median of `values` taken in consecutive groups (`groups` gives
/// their lengths, in order): [`median_interval`] of all values, widened around the median by
/// the square root of the [`design_effect`] of the groups, on a log scale. Samples taken
/// seconds apart on a shared machine are not independent; the groups (the sweeps of a run)
/// are spread over it, and where their levels differ more than the values within them do, the
/// run holds fewer independent values than it has, and the interval says so. With
/// independent values it is [`median_interval`] itself (95% coverage); with two groups the
/// correlation is poorly known, so drift between them is only partly accounted for.
pub fn clustered_median_interval(values: &[f64], groups: &[usize]) -> (f64, f64) {
    clustered_median_interval_at(values, groups, 0.95)
}

/// [`clustered_median_interval`] at another confidence `level` ([`median_interval_at`]).
pub fn clustered_median_interval_at(values: &[f64], groups: &[usize], level: f64) -> (f64, f64) {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let (low, high) = median_interval_at(&sorted, level);
    let center = quantile(&sorted, 0.5);
    let widen = design_effect(values, groups).sqrt();
    if widen <= 1.0 || low <= 0.0 || center <= 0.0 {
        return (low, high);
    }
    (
        center * (low / center).powf(widen),
        center * (high / center).powf(widen),
    )
}

/// The ratio `a / b` of two measurements taken in the same groups (the sweeps of a run: the
/// `i`-th group of `a` was measured beside the `i`-th of `b`, seconds away from the others): the
/// median over the groups of the ratio of their medians, with the 95% [`median_interval`] of
/// those ratios. Pairing by group cancels what the machine does between groups. A shared
/// machine can change speed from one sweep to the next, every variant with it; the ratio of
/// the two pooled medians then depends on how many rounds each side took in the fast sweeps
/// and in the slow ones, and can read a difference where every sweep gave none (seen on a
/// shared host: docs/notebook.md, "Measurements behind the code"). Groups empty on either
/// side are skipped; where the group lengths do not add up to the values, each side is one
/// group, and where the two sides have different numbers of groups, the figure is the ratio of
/// the pooled medians (an interval of that one value). `None` when no group has values on both
/// sides.
pub fn paired_group_ratio(
    (a, a_groups): (&[f64], &[usize]),
    (b, b_groups): (&[f64], &[usize]),
) -> Option<(f64, f64, f64)> {
    let split = |values: &[f64], groups: &[usize]| -> Vec<Vec<f64>> {
        if groups.iter().sum::<usize>() != values.len() {
            return vec![values.to_vec()];
        }
        let mut start = 0;
        groups
            .iter()
            .map(|&length| {
                start += length;
                values[start - length..start].to_vec()
            })
            .collect()
    };
    let (a, b) = (split(a, a_groups), split(b, b_groups));
    let mut ratios: Vec<f64> = if a.len() == b.len() {
        a.iter()
            .zip(&b)
            .filter_map(|(a, b)| Some(median(a)? / median(b)?))
            .collect()
    } else {
        vec![median(&a.concat())? / median(&b.concat())?]
    };
    ratios.sort_by(f64::total_cmp);
    let point = median(&ratios)?;
    let (low, high) = median_interval(&ratios);
    Some((point, low.min(point), high.max(point)))
}

/// Rounds `x` to `digits` significant decimal digits.
pub fn round_significant(x: f64, digits: i32) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let scale = 10f64.powi(digits - 1 - x.abs().log10().floor() as i32);
    (x * scale).round() / scale
}

/// The geometric mean of positive values.
pub fn geometric_mean(values: &[f64]) -> f64 {
    (values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp()
}

/// A least-squares line `y = intercept + slope * x` and how well it fits.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct LineFit {
    pub slope: f64,
    pub intercept: f64,
    /// Coefficient of determination: 1 is a perfect line.
    pub r_squared: f64,
}

impl LineFit {
    /// Fits `points`; `None` for fewer than two distinct x values.
    pub fn of(points: &[(f64, f64)]) -> Option<LineFit> {
        let n = points.len() as f64;
        let mean_x = points.iter().map(|p| p.0).sum::<f64>() / n;
        let mean_y = points.iter().map(|p| p.1).sum::<f64>() / n;
        let sxx: f64 = points.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
        let sxy: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
        let syy: f64 = points.iter().map(|p| (p.1 - mean_y).powi(2)).sum();
        if points.len() < 2 || sxx == 0.0 {
            return None;
        }
        let slope = sxy / sxx;
        let r_squared = if syy == 0.0 {
            1.0
        } else {
            sxy * sxy / (sxx * syy)
        };
        Some(LineFit {
            slope,
            intercept: mean_y - slope * mean_x,
            r_squared,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn summary_of_known_samples() {
        let s = Summary::of(&[5.0, 1.0, 3.0, 2.0, 4.0]).unwrap();
        assert_eq!((s.median, s.min, s.max, s.samples), (3.0, 1.0, 5.0, 5));
        assert_eq!((s.p25, s.p75), (2.0, 4.0));
        assert_eq!(s.mad, 1.0);
        assert!(Summary::of(&[]).is_none());
        assert!(Summary::of(&[1.0, f64::NAN]).is_none());
    }

    #[test]
    fn line_fit_recovers_a_line() {
        let points: Vec<(f64, f64)> = [1.0, 2.0, 4.0, 8.0]
            .iter()
            .map(|&x| (x, 3.0 + 0.5 * x))
            .collect();
        let fit = LineFit::of(&points).unwrap();
        assert!((fit.slope - 0.5).abs() < 1e-12 && (fit.intercept - 3.0).abs() < 1e-12);
        assert!((fit.r_squared - 1.0).abs() < 1e-12);
        assert!(LineFit::of(&[(1.0, 1.0)]).is_none());
    }

    #[test]
    fn median_intervals_interpolate_the_order_statistics() {
        // n = 100: 95.4% between the 40th and 61st values, 93.6% between the 41st and 60th:
        // the bounds lie between those, near the outer pair.
        let data: Vec<f64> = (1..=100).map(f64::from).collect();
        let (low, high) = median_interval(&data);
        assert!(
            (40.0..41.0).contains(&low) && (60.0..61.0).contains(&high),
            "{low} {high}"
        );
        assert!((low + high - 101.0).abs() < 1e-9, "symmetric: {low} {high}");
        assert_eq!(median_interval(&[1.0, 2.0, 3.0]), (1.0, 3.0));
        let six: Vec<f64> = (1..=6).map(f64::from).collect();
        let (low, high) = median_interval(&six);
        assert!(
            (1.0..2.0).contains(&low) && (5.0..6.0).contains(&high),
            "{low} {high}"
        );
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(round_significant(0.123456, 4), 0.1235);
        assert_eq!(round_significant(12345.6, 4), 12350.0);
    }

    /// Seeded draws from a few known distributions, as (values, true median).
    fn draws(kind: usize, n: usize, rng: &mut ChaCha8Rng) -> (Vec<f64>, f64) {
        let uniform = |rng: &mut ChaCha8Rng| rng.random_range(f64::EPSILON..1.0);
        let normal = |rng: &mut ChaCha8Rng| {
            let (u, v) = (uniform(rng), uniform(rng));
            (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
        };
        match kind {
            // Normal around 1, as rounds of a steady kernel scatter.
            0 => ((0..n).map(|_| 1.0 + 0.05 * normal(rng)).collect(), 1.0),
            // Log-normal: slow rounds farther from the median than fast ones.
            1 => ((0..n).map(|_| (0.1 * normal(rng)).exp()).collect(), 1.0),
            // Exponential tail above a floor: interference that only ever slows a round.
            2 => (
                (0..n).map(|_| 1.0 - uniform(rng).ln()).collect(),
                1.0 + std::f64::consts::LN_2,
            ),
            _ => ((0..n).map(|_| 2.0 + uniform(rng)).collect(), 2.5),
        }
    }

    /// The share of `trials` intervals from `interval` that contain the true median, and
    /// checks on every interval: ordered, and holding the sample median.
    fn coverage(
        kind: usize,
        groups: &[usize],
        interval: fn(&[f64], &[usize]) -> (f64, f64),
    ) -> f64 {
        let mut rng = ChaCha8Rng::seed_from_u64(kind as u64 * 1000 + groups.len() as u64);
        let n: usize = groups.iter().sum();
        let trials = 4000;
        let mut covered = 0;
        for _ in 0..trials {
            let (values, truth) = draws(kind, n, &mut rng);
            let (low, high) = interval(&values, groups);
            let point = median(&values).unwrap();
            assert!(low <= point && point <= high, "{low} {point} {high}");
            covered += usize::from(low <= truth && truth <= high);
        }
        covered as f64 / trials as f64
    }

    #[test]
    fn median_intervals_cover_95_percent_of_known_distributions() {
        let plain = |values: &[f64], _: &[usize]| {
            let mut sorted = values.to_vec();
            sorted.sort_by(f64::total_cmp);
            median_interval(&sorted)
        };
        for kind in 0..4 {
            for n in [6, 8, 12, 16, 24, 32, 48] {
                let share = coverage(kind, &[n], plain);
                assert!(
                    (0.92..=0.98).contains(&share),
                    "kind {kind}, n {n}: {share}"
                );
            }
            // Independent values in sweeps, as a run groups its rounds: the widening for
            // drift stays small when there is none.
            for groups in [&[3, 3][..], &[4, 4, 4, 4], &[8, 8, 8, 8], &[6, 6]] {
                let share = coverage(kind, groups, clustered_median_interval);
                assert!(
                    (0.92..=0.98).contains(&share),
                    "kind {kind}, {groups:?}: {share}"
                );
            }
        }
    }

    #[test]
    fn a_higher_level_covers_more_and_is_wider() {
        let strict = |values: &[f64], _: &[usize]| {
            let mut sorted = values.to_vec();
            sorted.sort_by(f64::total_cmp);
            median_interval_at(&sorted, 0.995)
        };
        for kind in 0..4 {
            for n in [16, 24, 32] {
                let share = coverage(kind, &[n], strict);
                assert!((0.99..=1.0).contains(&share), "kind {kind}, n {n}: {share}");
            }
        }
        let values: Vec<f64> = (1..=32).map(f64::from).collect();
        let (low95, high95) = median_interval(&values);
        let (low, high) = median_interval_at(&values, 0.995);
        assert!(
            low < low95 && high95 < high,
            "{low} {low95} {high95} {high}"
        );
    }

    #[test]
    fn groups_that_disagree_widen_the_interval() {
        let steady: Vec<f64> = (0..40).map(|i| 1.0 + (i % 5) as f64 * 0.001).collect();
        let (low, high) = clustered_median_interval(&steady, &[10, 10, 10, 10]);
        assert!(high / low < 1.01, "{low} {high}");
        assert!((design_effect(&steady, &[10, 10, 10, 10]) - 1.0).abs() < 1e-9);
        // Each sweep at its own level: a design effect near the sweep length.
        let drifting: Vec<f64> = (0..40)
            .map(|i| 1.0 + (i / 10) as f64 * 0.1 + (i % 3) as f64 * 0.001)
            .collect();
        assert!(design_effect(&drifting, &[10, 10, 10, 10]) > 9.0);
        let (plain_low, plain_high) = clustered_median_interval(&drifting, &[40]);
        let (low, high) = clustered_median_interval(&drifting, &[10, 10, 10, 10]);
        assert!(low < plain_low && high > plain_high, "{low} {high}");
        assert_eq!(
            clustered_median_interval(&[1.0, 2.0, 3.0], &[3]),
            (1.0, 3.0)
        );
    }

    #[test]
    fn paired_group_ratios_cancel_drift_between_groups_and_cover_the_truth() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut covered = 0;
        for _ in 0..200 {
            // Sixteen sweeps, each at its own speed (1x or 1.7x, as a shared host does), `a`
            // twice `b` within each; `a` took one round per sweep, `b` four.
            let speeds: Vec<f64> = (0..16)
                .map(|_| [1.0, 1.7][rng.random_range(0..2)])
                .collect();
            let a: Vec<f64> = speeds
                .iter()
                .map(|s| 2.0 * s * draws(0, 1, &mut rng).0[0])
                .collect();
            let b: Vec<f64> = speeds
                .iter()
                .flat_map(|&s| draws(0, 4, &mut rng).0.into_iter().map(move |x| s * x))
                .collect();
            let (point, low, high) = paired_group_ratio((&a, &[1; 16]), (&b, &[4; 16])).unwrap();
            assert!(low <= point && point <= high, "{low} {point} {high}");
            assert!((point / 2.0 - 1.0).abs() < 0.06, "{point}");
            covered += usize::from(low <= 2.0 && 2.0 <= high);
        }
        assert!(covered >= 180, "{covered} of 200");
        // The pooled medians of the same kind of data need not come near 2.
        let a = [1.0, 1.0, 1.0, 1.7];
        let b = [0.5, 0.85, 0.85, 0.85];
        assert_eq!(median(&a).unwrap() / median(&b).unwrap(), 1.0 / 0.85);
        assert_eq!(
            paired_group_ratio((&a, &[3, 1]), (&b, &[1, 3])),
            Some((2.0, 2.0, 2.0))
        );
        // Groups that do not add up: one group each.
        assert_eq!(
            paired_group_ratio((&a, &[9]), (&b, &[1, 3])).map(|r| r.0),
            Some(1.0 / 0.85)
        );
        assert!(paired_group_ratio((&[], &[]), (&[1.0], &[1])).is_none());
    }

    #[test]
    fn geometric_mean_of_ratios() {
        assert!((geometric_mean(&[1.0, 4.0]) - 2.0).abs() < 1e-12);
    }
}
