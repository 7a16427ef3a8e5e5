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

/// The distribution-free 95% confidence interval of the median of sorted data, from its order
/// statistics: `[x(k), x(n+1-k)]` with the largest `k` for which a binomial(n, 1/2) falls
/// below `k` with probability at most 2.5%. Below six values no such `k` exists, and the
/// interval is the whole range (which then covers the median with 94% or less).
pub fn median_interval(sorted: &[f64]) -> (f64, f64) {
    let n = sorted.len();
    assert!(n > 0, "an interval needs data");
    // P(X <= j) for X ~ Binomial(n, 1/2), accumulated in log space.
    let ln_half_n = -(n as f64) * std::f64::consts::LN_2;
    let mut ln_choose = 0.0f64; // ln C(n, 0)
    let mut cumulative = 0.0f64;
    let mut k = 0; // the number of order statistics cut from each end
    for j in 0..n {
        cumulative += (ln_choose + ln_half_n).exp();
        if cumulative > 0.025 {
            break;
        }
        // [x(j+1), x(n-j)] misses the median with probability 2 P(X <= j) <= 5%.
        k = j;
        ln_choose += ((n - j) as f64).ln() - ((j + 1) as f64).ln();
    }
    let k = k.min((n - 1) / 2);
    (sorted[k], sorted[n - 1 - k])
}

/// The 97.5% quantile of Student's t with `df` degrees of freedom (for a 95% interval).
pub fn t_975(df: usize) -> f64 {
    const TABLE: [f64; 10] = [
        12.71, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    ];
    match df {
        0 => f64::INFINITY,
        1..=10 => TABLE[df - 1],
        11..=20 => 2.2 - (df as f64 - 10.0) * 0.0115,
        21..=30 => 2.08 - (df as f64 - 20.0) * 0.0038,
        _ => 1.96 + 2.4 / df as f64,
    }
}

/// The 95% interval of the median of `values` taken in consecutive groups (`groups` gives
/// their lengths, in order): the order-statistic interval of all values, widened where the
/// groups' own medians disagree more than that allows. Samples taken seconds apart on a
/// shared machine are not independent; groups spread over a run are closer to it, and the
/// spread of their medians (a t interval on their logarithms) says how far the machine moved.
pub fn clustered_median_interval(values: &[f64], groups: &[usize]) -> (f64, f64) {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let (mut low, mut high) = median_interval(&sorted);
    let mut start = 0;
    let mut medians = Vec::new();
    for &length in groups {
        let group = &values[start.min(values.len())..(start + length).min(values.len())];
        start += length;
        if group.len() >= 2 {
            medians.push(median(group).expect("non-empty").ln());
        }
    }
    if medians.len() >= 2 && values.iter().all(|&v| v > 0.0) {
        let n = medians.len() as f64;
        let mean = medians.iter().sum::<f64>() / n;
        let sd = (medians.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
        let half = t_975(medians.len() - 1) * sd / n.sqrt();
        let center = quantile(&sorted, 0.5);
        low = low.min(center * (-half).exp());
        high = high.max(center * half.exp());
    }
    (low, high)
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
    fn median_intervals_follow_the_binomial() {
        let data: Vec<f64> = (1..=100).map(f64::from).collect();
        // n = 100: the classic answer is the 40th and 61st order statistics.
        assert_eq!(median_interval(&data), (40.0, 61.0));
        assert_eq!(median_interval(&[1.0, 2.0, 3.0]), (1.0, 3.0));
        let six: Vec<f64> = (1..=6).map(f64::from).collect();
        assert_eq!(median_interval(&six), (1.0, 6.0));
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(round_significant(0.123456, 4), 0.1235);
        assert_eq!(round_significant(12345.6, 4), 12350.0);
    }

    #[test]
    fn groups_that_disagree_widen_the_interval() {
        let steady: Vec<f64> = (0..40).map(|i| 1.0 + (i % 5) as f64 * 0.001).collect();
        let (low, high) = clustered_median_interval(&steady, &[10, 10, 10, 10]);
        assert!(high / low < 1.01, "{low} {high}");
        let drifting: Vec<f64> = (0..40).map(|i| 1.0 + (i / 10) as f64 * 0.1).collect();
        let (low, high) = clustered_median_interval(&drifting, &[10, 10, 10, 10]);
        assert!(low < 1.1 && high > 1.25, "{low} {high}");
        assert_eq!(
            clustered_median_interval(&[1.0, 2.0, 3.0], &[3]),
            (1.0, 3.0)
        );
    }

    #[test]
    fn geometric_mean_of_ratios() {
        assert!((geometric_mean(&[1.0, 4.0]) - 2.0).abs() < 1e-12);
    }
}
