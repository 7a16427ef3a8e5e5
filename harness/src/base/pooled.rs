//! Intervals of a ratio that pool what a run's comparisons share: the noise between processes,
//! estimated across every comparison of a family or of a workload, and the A/A controls'
//! estimate of what separates two compiled copies of one code.
//!
//! The model, on the log scale, for the ratio of a variant `v` to a variant `u` measured in the
//! same rounds of `k` processes (forks): in fork `f`, the median of the per-round ratios is
//!
//! ```text
//! y_f = δ + b + e_f
//! ```
//!
//! - `δ` is the difference between the two techniques: what the interval is about;
//! - `b` is what the two compiled copies' placement adds (where the linker put each loop and its
//!   tables): the same in every fork of one binary, so no number of forks shows it. Two names of
//!   one code (the A/A controls) have `δ = 0`, and what separates them estimates its variance,
//!   `σ²_p` ([`placement_variance`]);
//! - `e_f` is everything that changes from one process to the next (where the heap and the pages
//!   landed, what the machine's neighbours did) and the sampling error of the fork's median.
//!
//! A comparison's own variance over three forks has two degrees of freedom, so its Student
//! interval is wide (`t(2) = 4.30`). But every comparison of a family, or of a workload, is
//! measured in the same processes with the same kind of noise, so their variances tell about
//! each other: each is **moderated** towards a prior fitted to all of them (the empirical Bayes
//! estimator of Smyth, 2004, "Linear models and empirical Bayes methods for assessing
//! differential expression in microarray experiments"), with as many degrees of freedom as the
//! prior earns. Where the variances disagree more than sampling explains, the prior earns few and
//! a comparison keeps its own; where they agree, it earns many.
//!
//! The interval of `δ` is then `ȳ ± t(df) · √(s̃²/k + σ²_p)`, and two variants are **tied**
//! exactly when it includes 0 (a ratio of 1.00): the one definition of a tie.

use super::nested::{student_t_quantile, Layout};
use super::stats::median;

/// The logs of one comparison's per-fork figures: `y_f`, one per fork, in fork order.
#[derive(Clone, Debug, PartialEq)]
pub struct ForkLogs(pub Vec<f64>);

impl ForkLogs {
    /// Per fork, the log of the median of the per-round ratios `a[i] / b[i]`; `None` unless
    /// `a` and `b` have the same rounds, laid out in at least two forks.
    pub fn paired(a: &[f64], b: &[f64], layout: Layout<'_>) -> Option<ForkLogs> {
        if a.len() != b.len() || a.is_empty() {
            return None;
        }
        let ratios: Vec<f64> = a.iter().zip(b).map(|(x, y)| x / y).collect();
        let groups = layout.per_fork(&ratios)?;
        let logs: Vec<f64> = groups
            .iter()
            .filter_map(|(_, g)| median(g))
            .map(f64::ln)
            .collect();
        (logs.len() >= 2 && logs.iter().all(|x| x.is_finite())).then_some(ForkLogs(logs))
    }

    /// The per-fork mean of several comparisons measured in the same forks (a family's
    /// workloads): the log of the geometric mean over them, fork by fork. `None` when they are
    /// empty or their forks differ in number.
    pub fn mean_of(parts: &[&ForkLogs]) -> Option<ForkLogs> {
        let k = parts.first()?.0.len();
        if parts.iter().any(|p| p.0.len() != k) {
            return None;
        }
        let n = parts.len() as f64;
        Some(ForkLogs(
            (0..k)
                .map(|f| parts.iter().map(|p| p.0[f]).sum::<f64>() / n)
                .collect(),
        ))
    }

    /// How many forks.
    pub fn forks(&self) -> usize {
        self.0.len()
    }

    /// The mean of the forks' logs: the log of the point estimate.
    pub fn mean(&self) -> f64 {
        self.0.iter().sum::<f64>() / self.0.len() as f64
    }

    /// The sample variance over the forks (`k - 1` degrees of freedom).
    pub fn variance(&self) -> f64 {
        let mean = self.mean();
        self.0.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (self.0.len() - 1) as f64
    }
}

/// What a group of comparisons says of the variance of any one of them: a prior variance and
/// the degrees of freedom it is worth (infinite where the comparisons agree no more than
/// sampling alone would make them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prior {
    pub variance: f64,
    pub df: f64,
}

/// The variance below which a sample variance is taken as this (figures are kept to four
/// significant digits, so two forks can agree exactly).
const VARIANCE_FLOOR: f64 = 1e-10;

/// The prior of Smyth's method from `variances`, each a sample variance with `df` degrees of
/// freedom: their logs' mean and variance, less what `df` alone explains, matched to a scaled
/// inverse chi-squared distribution. `None` for fewer than three.
pub fn prior(variances: &[f64], df: f64) -> Option<Prior> {
    if variances.len() < 3 || df <= 0.0 {
        return None;
    }
    let n = variances.len() as f64;
    let e: Vec<f64> = variances
        .iter()
        .map(|&s| s.max(VARIANCE_FLOOR).ln() - digamma(df / 2.0) + (df / 2.0).ln())
        .collect();
    let mean = e.iter().sum::<f64>() / n;
    let spread = e.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0) - trigamma(df / 2.0);
    Some(if spread > 0.0 {
        let d0 = 2.0 * trigamma_inverse(spread);
        Prior {
            variance: (mean + digamma(d0 / 2.0) - (d0 / 2.0).ln()).exp(),
            df: d0,
        }
    } else {
        Prior {
            variance: mean.exp(),
            df: f64::INFINITY,
        }
    })
}

/// A comparison's variance moderated towards `prior`, and its degrees of freedom: `(d0·s0² +
/// d·s²) / (d0 + d)` with `d0 + d`; its own, with `d`, without a prior.
pub fn moderated(variance: f64, df: f64, prior: Option<Prior>) -> (f64, f64) {
    match prior {
        None => (variance, df),
        Some(p) if p.df.is_infinite() => (p.variance, f64::INFINITY),
        Some(p) => ((p.df * p.variance + df * variance) / (p.df + df), p.df + df),
    }
}

/// A variance estimated with some degrees of freedom (infinite: known).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub variance: f64,
    pub df: f64,
}

impl Estimate {
    /// No variance at all.
    pub const NONE: Estimate = Estimate {
        variance: 0.0,
        df: f64::INFINITY,
    };

    /// The sum of independent estimates, with Satterthwaite's degrees of freedom:
    /// `(Σ v)² / Σ (v² / df)`.
    pub fn sum(parts: &[Estimate]) -> Estimate {
        let variance: f64 = parts.iter().map(|p| p.variance.max(0.0)).sum();
        let spread: f64 = parts
            .iter()
            .filter(|p| p.df.is_finite() && p.variance > 0.0)
            .map(|p| p.variance.powi(2) / p.df)
            .sum();
        Estimate {
            variance,
            df: if spread > 0.0 {
                variance.powi(2) / spread
            } else {
                f64::INFINITY
            },
        }
    }
}

/// The interval of a comparison: `(point, low, high)` as ratios, `exp(ȳ)` and `exp(ȳ ± t(df)
/// · √(s̃²/k + σ²_p))` at confidence `level`, with `s̃²` its variance moderated towards `prior`
/// and `placement` the placement variance `σ²_p` of two compiled copies, each with its degrees
/// of freedom (combined by [`Estimate::sum`]).
pub fn interval(
    logs: &ForkLogs,
    prior: Option<Prior>,
    placement: Estimate,
    level: f64,
) -> (f64, f64, f64) {
    let k = logs.forks() as f64;
    let (variance, df) = moderated(logs.variance(), k - 1.0, prior);
    let total = Estimate::sum(&[
        Estimate {
            variance: variance / k,
            df,
        },
        placement,
    ]);
    let half = t_quantile(0.5 + level / 2.0, total.df) * total.variance.sqrt();
    let mean = logs.mean();
    (mean.exp(), (mean - half).exp(), (mean + half).exp())
}

/// What an A/A pair's logs say of the placement variance: the square of their mean less the
/// share of it that the pair's own forks' noise explains (`s²/k`). An unbiased estimate of
/// `σ²_p`, negative by chance where there is none. The pair's own variance, not one moderated
/// towards its family's: two names of one code part less from process to process than two
/// techniques do (in the committed records, by a factor of several), so a prior from the
/// techniques' comparisons would explain away the placement it is there to find.
pub fn placement_evidence(logs: &ForkLogs) -> f64 {
    logs.mean().powi(2) - logs.variance() / logs.forks() as f64
}

/// What one A/A pair's logs in each of `W` workloads say of the placement variance *within*
/// a family, beyond what its copies share over all its workloads: the spread of the
/// workloads' means about their mean, less what the forks' noise explains, `[Σ (ȳ_w - ȳ)² -
/// (1 - 1/W) Σ s²_w/k] / (W - 1)`. Unbiased, with `W - 1` degrees of freedom; `None` for
/// fewer than two workloads.
pub fn within_evidence(workloads: &[&ForkLogs]) -> Option<f64> {
    let w = workloads.len();
    if w < 2 {
        return None;
    }
    let means: Vec<f64> = workloads.iter().map(|l| l.mean()).collect();
    let mean = means.iter().sum::<f64>() / w as f64;
    let squares: f64 = means.iter().map(|m| (m - mean).powi(2)).sum();
    let noise: f64 = workloads
        .iter()
        .map(|l| l.variance() / l.forks() as f64)
        .sum();
    Some((squares - (1.0 - 1.0 / w as f64) * noise) / (w - 1) as f64)
}

/// The placement variance `σ²_p` from the evidence of A/A pairs ([`placement_evidence`]):
/// their mean, never below 0, with the degrees of freedom a scaled chi-squared of that mean and
/// of the spread the pieces of evidence show has (`2 · mean² / variance of the mean`): few
/// where the forks' noise makes the evidence scatter, as many as pieces where it agrees. None
/// without evidence.
pub fn placement_variance(evidence: &[f64]) -> Estimate {
    let n = evidence.len() as f64;
    if evidence.is_empty() {
        return Estimate::NONE;
    }
    let mean = evidence.iter().sum::<f64>() / n;
    if mean <= 0.0 {
        return Estimate::NONE;
    }
    let scatter = if evidence.len() > 1 {
        evidence.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        2.0 * mean * mean
    };
    Estimate {
        variance: mean,
        df: if scatter > 0.0 {
            (2.0 * mean * mean * n / scatter).max(1.0)
        } else {
            f64::INFINITY
        },
    }
}

/// Student's t quantile for any degrees of freedom: below 30, by bisection
/// ([`student_t_quantile`], which remembers it) at the degrees of freedom rounded down to a
/// tenth (a hundredth below 3), which widens it by under 1% and keeps the bisections few;
/// from 30 on, the Cornish–Fisher expansion about the normal quantile (Abramowitz and Stegun
/// 26.7.5, four terms), within 1e-4 of it there. Moderated and summed variances take a new
/// number of degrees of freedom almost every time.
pub fn t_quantile(p: f64, df: f64) -> f64 {
    if df < 3.0 {
        return student_t_quantile(p, (df * 100.0).floor().max(1.0) / 100.0);
    }
    if df < 30.0 {
        return student_t_quantile(p, (df * 10.0).floor() / 10.0);
    }
    let z = student_t_quantile(p, 1e7);
    let (z2, v) = (z * z, df);
    let g1 = (z2 + 1.0) * z / 4.0;
    let g2 = ((5.0 * z2 + 16.0) * z2 + 3.0) * z / 96.0;
    let g3 = (((3.0 * z2 + 19.0) * z2 + 17.0) * z2 - 15.0) * z / 384.0;
    let g4 = ((((79.0 * z2 + 776.0) * z2 + 1482.0) * z2 - 1920.0) * z2 - 945.0) * z / 92160.0;
    z + g1 / v + g2 / (v * v) + g3 / v.powi(3) + g4 / v.powi(4)
}

/// The digamma function ψ(x), x > 0: the recurrence up to 10, then the asymptotic series.
pub fn digamma(mut x: f64) -> f64 {
    let mut result = 0.0;
    while x < 10.0 {
        result -= 1.0 / x;
        x += 1.0;
    }
    let f = 1.0 / (x * x);
    result + x.ln()
        - 0.5 / x
        - f * (1.0 / 12.0 - f * (1.0 / 120.0 - f * (1.0 / 252.0 - f * (1.0 / 240.0 - f / 132.0))))
}

/// The trigamma function ψ'(x), x > 0.
pub fn trigamma(mut x: f64) -> f64 {
    let mut result = 0.0;
    while x < 10.0 {
        result += 1.0 / (x * x);
        x += 1.0;
    }
    let f = 1.0 / (x * x);
    result
        + 1.0 / x
        + f / 2.0
        + f / x * (1.0 / 6.0 - f * (1.0 / 30.0 - f * (1.0 / 42.0 - f / 30.0)))
}

/// The tetragamma function ψ''(x), x > 0.
fn tetragamma(mut x: f64) -> f64 {
    let mut result = 0.0;
    while x < 10.0 {
        result -= 2.0 / (x * x * x);
        x += 1.0;
    }
    let f = 1.0 / (x * x);
    result - f - f / x - f * f * (0.5 - f * (1.0 / 6.0 - f * (1.0 / 6.0 - f * 3.0 / 10.0)))
}

/// The `y` with `trigamma(y) = x`, x > 0, by Newton's method from Smyth's start.
pub fn trigamma_inverse(x: f64) -> f64 {
    if x > 1e7 {
        return 1.0 / x.sqrt();
    }
    if x < 1e-6 {
        return 1.0 / x;
    }
    let mut y = 0.5 + 1.0 / x;
    for _ in 0..50 {
        let tri = trigamma(y);
        let step = tri * (1.0 - tri / x) / tetragamma(y);
        y += step;
        if -step / y < 1e-8 {
            break;
        }
    }
    y
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_polygamma_functions_match_known_values() {
        let euler = 0.577_215_664_901_532_9;
        assert!((digamma(1.0) + euler).abs() < 1e-10);
        assert!((digamma(0.5) + euler + 2.0 * std::f64::consts::LN_2).abs() < 1e-10);
        let pi2 = std::f64::consts::PI.powi(2);
        assert!((trigamma(1.0) - pi2 / 6.0).abs() < 1e-10);
        assert!((trigamma(0.5) - pi2 / 2.0).abs() < 1e-10);
        // ψ''(1) = -2 ζ(3).
        assert!((tetragamma(1.0) + 2.0 * 1.202_056_903_159_594_2).abs() < 1e-9);
        for y in [0.3, 1.0, 2.5, 40.0] {
            assert!((trigamma_inverse(trigamma(y)) - y).abs() < 1e-6 * y.max(1.0));
        }
    }

    #[test]
    fn the_t_quantile_expansion_matches_the_bisection() {
        for p in [0.975, 0.995, 0.9982] {
            for df in [30.0, 47.5, 200.0, 5000.0] {
                let (fast, slow) = (t_quantile(p, df), student_t_quantile(p, df));
                assert!((fast - slow).abs() < 1e-4 * slow, "{p} {df}: {fast} {slow}");
            }
        }
        assert_eq!(t_quantile(0.975, 2.0), student_t_quantile(0.975, 2.0));
        let rounded = t_quantile(0.975, 7.77);
        assert!(
            rounded >= student_t_quantile(0.975, 7.77)
                && rounded < 1.01 * student_t_quantile(0.975, 7.77)
        );
    }

    #[test]
    fn identical_variances_earn_an_infinite_prior_and_scattered_ones_a_finite_one() {
        // Sample variances with 2 df that scatter as chi-squared does around 0.01 (its
        // quantiles), and the same values multiplied by widely different scales.
        let chi2: Vec<f64> = (1..40)
            .map(|i| -2.0 * (1.0 - i as f64 / 40.0).ln() / 2.0 * 0.01)
            .collect();
        let agreed = prior(&chi2, 2.0).expect("enough");
        assert!(agreed.df > 30.0, "{agreed:?}");
        assert!((agreed.variance / 0.01 - 1.0).abs() < 0.2, "{agreed:?}");
        let scattered: Vec<f64> = chi2
            .iter()
            .enumerate()
            .map(|(i, v)| v * [0.1, 1.0, 10.0, 100.0][i % 4])
            .collect();
        let loose = prior(&scattered, 2.0).expect("enough");
        assert!(loose.df < 3.0, "{loose:?}");
        assert_eq!(prior(&chi2[..2], 2.0), None);
    }

    #[test]
    fn moderation_lies_between_the_own_and_the_prior_variance() {
        let p = Prior {
            variance: 0.01,
            df: 6.0,
        };
        let (v, df) = moderated(0.04, 2.0, Some(p));
        assert!((v - (6.0 * 0.01 + 2.0 * 0.04) / 8.0).abs() < 1e-15);
        assert_eq!(df, 8.0);
        assert_eq!(moderated(0.04, 2.0, None), (0.04, 2.0));
    }

    #[test]
    fn the_interval_holds_its_point_and_widens_with_placement() {
        let logs = ForkLogs(vec![0.05, 0.07, 0.06]);
        let (point, low, high) = interval(&logs, None, Estimate::NONE, 0.95);
        assert!(low < point && point < high);
        assert!((point - 0.06f64.exp()).abs() < 1e-12);
        let placement = Estimate {
            variance: 0.01,
            df: 20.0,
        };
        let (_, wide_low, wide_high) = interval(&logs, None, placement, 0.95);
        assert!(wide_low < low && wide_high > high);
        assert!(placement_evidence(&ForkLogs(vec![0.0, 0.0, 0.0])) == 0.0);
        assert_eq!(placement_variance(&[-0.001, 0.0005]), Estimate::NONE);
        let two = placement_variance(&[0.002, 0.0]);
        assert!(
            (two.variance - 0.001).abs() < 1e-15 && two.df == 2.0,
            "{two:?}"
        );
        let agreed = placement_variance(&[0.001, 0.001, 0.001]);
        assert_eq!(agreed.df, f64::INFINITY);
        assert_eq!(placement_variance(&[]), Estimate::NONE);
    }

    #[test]
    fn satterthwaite_weighs_each_part_by_its_degrees_of_freedom() {
        let known = Estimate {
            variance: 1.0,
            df: f64::INFINITY,
        };
        assert_eq!(Estimate::sum(&[known, Estimate::NONE]).df, f64::INFINITY);
        let two = Estimate::sum(&[
            Estimate {
                variance: 1.0,
                df: 4.0,
            },
            Estimate {
                variance: 1.0,
                df: 4.0,
            },
        ]);
        assert_eq!((two.variance, two.df), (2.0, 8.0));
        let within = within_evidence(&[&ForkLogs(vec![0.1, 0.1]), &ForkLogs(vec![-0.1, -0.1])]);
        assert!((within.expect("two workloads") - 0.02).abs() < 1e-12);
    }

    #[test]
    fn fork_logs_pair_rounds_within_forks() {
        let a = [2.0, 2.0, 4.0, 4.0];
        let b = [1.0, 1.0, 1.0, 1.0];
        let slices = [2, 2];
        let layout = Layout {
            slices: &slices,
            forks: &[1, 0],
        };
        let logs = ForkLogs::paired(&a, &b, layout).expect("two forks");
        assert_eq!(logs.0, vec![4f64.ln(), 2f64.ln()]);
        assert_eq!(ForkLogs::paired(&a, &b, Layout::single(&slices)), None);
        let mean = ForkLogs::mean_of(&[&logs, &ForkLogs(vec![0.0, 0.0])]).expect("same forks");
        assert_eq!(mean.0, vec![4f64.ln() / 2.0, 2f64.ln() / 2.0]);
    }
}
