//! Intervals over the level that varies: rounds within the forks of a run, and forks (processes)
//! within it.
//!
//! A process is one sample of what varies between processes (where the loader and the allocator
//! put code, tables and queries; what the machine's neighbours did in that minute), however many
//! rounds it takes. With several forks, the rounds of one fork share that state, and an interval
//! from all the rounds as if they were independent is as narrow as one process's. So:
//!
//! - a median's interval ([`nested_median_interval_at`]) is the one-sample Student interval of
//!   the forks' medians (on a log scale: the mean of their logs, `t(k-1)` times their standard
//!   error), joined with the interval of the rounds clustered by slice (what one process alone
//!   gives, [`clustered_median_interval_at`]), so that it is never narrower than that;
//! - a ratio ([`nested_ratio_at`]) is paired within each fork (the median of the per-round
//!   ratios there) and then combined across forks the same way;
//! - with one fork (or none named), both are today's single-process figures.
//!
//! Every value is a time per unit (or a ratio of two), positive.

use super::stats::{clustered_median_interval_at, median};

/// The forks of a run's slices, as the record keeps them: `forks[i]` is the fork that measured
/// the `i`-th slice, of `slices[i]` rounds. Empty (or of another length) when one process
/// measured everything.
#[derive(Clone, Copy, Debug)]
pub struct Layout<'a> {
    /// Rounds per slice, in the order they were measured.
    pub slices: &'a [usize],
    /// The fork of each slice (empty: one process).
    pub forks: &'a [usize],
}

impl<'a> Layout<'a> {
    /// One process's slices.
    pub fn single(slices: &'a [usize]) -> Layout<'a> {
        Layout { slices, forks: &[] }
    }

    /// The values of each fork, in fork order; `None` when fewer than two forks are named or
    /// the layout does not add up to `values`.
    pub fn per_fork<T: Copy>(&self, values: &[T]) -> Option<Vec<(usize, Vec<T>)>> {
        if self.forks.len() != self.slices.len()
            || self.slices.iter().sum::<usize>() != values.len()
        {
            return None;
        }
        let mut groups: Vec<(usize, Vec<T>)> = Vec::new();
        let mut start = 0;
        for (&fork, &length) in self.forks.iter().zip(self.slices) {
            let part = &values[start..start + length];
            start += length;
            match groups.iter_mut().find(|(f, _)| *f == fork) {
                Some((_, group)) => group.extend_from_slice(part),
                None => groups.push((fork, part.to_vec())),
            }
        }
        groups.retain(|(_, g)| !g.is_empty());
        groups.sort_by_key(|(f, _)| *f);
        (groups.len() >= 2).then_some(groups)
    }

    /// How many forks hold values (1 for one process).
    pub fn fork_count(&self) -> usize {
        let mut forks = self.forks.to_vec();
        forks.sort_unstable();
        forks.dedup();
        forks.len().max(1)
    }
}

/// The `level` (0.95: 95%) interval of a median measured in the forks and slices of `layout`:
/// see [the module](self). With one fork, [`clustered_median_interval_at`] itself.
pub fn nested_median_interval_at(values: &[f64], layout: Layout<'_>, level: f64) -> (f64, f64) {
    let (low, high) = clustered_median_interval_at(values, layout.slices, level);
    let Some(groups) = layout.per_fork(values) else {
        return (low, high);
    };
    let logs: Vec<f64> = groups
        .iter()
        .filter_map(|(_, g)| median(g))
        .map(f64::ln)
        .collect();
    let (fork_low, fork_high) = student_interval(&logs, level);
    (low.min(fork_low.exp()), high.max(fork_high.exp()))
}

/// The ratio `a / b` of two slots measured in the same rounds, paired per round within each
/// fork and combined across forks ([`nested_point_interval_at`] of the per-round ratios).
/// `None` without rounds, or when the two sides have different numbers of rounds.
pub fn nested_ratio_at(
    a: &[f64],
    b: &[f64],
    layout: Layout<'_>,
    level: f64,
) -> Option<(f64, f64, f64)> {
    if a.is_empty() || a.len() != b.len() {
        return None;
    }
    let ratios: Vec<f64> = a.iter().zip(b).map(|(x, y)| x / y).collect();
    nested_point_interval_at(&ratios, layout, level)
}

/// A figure measured in the forks and slices of `layout` (a ratio per round or per slice):
/// `(point, low, high)`, the point the geometric mean of the forks' medians, the interval the
/// one-sample Student interval of their logs joined with the clustered interval of all the
/// values. With one fork: the median of the values and its clustered interval. `None` without
/// values.
pub fn nested_point_interval_at(
    values: &[f64],
    layout: Layout<'_>,
    level: f64,
) -> Option<(f64, f64, f64)> {
    let (low, high) = clustered_median_interval_at(values, layout.slices, level);
    let Some(groups) = layout.per_fork(values) else {
        return Some((median(values)?, low, high));
    };
    let logs: Vec<f64> = groups
        .iter()
        .filter_map(|(_, g)| median(g))
        .map(f64::ln)
        .collect();
    let point = (logs.iter().sum::<f64>() / logs.len() as f64).exp();
    let (fork_low, fork_high) = student_interval(&logs, level);
    Some((
        point,
        low.min(fork_low.exp()).min(point),
        high.max(fork_high.exp()).max(point),
    ))
}

/// A fork whose median stands apart from every other fork's: a state of that one process.
#[derive(Clone, Debug, PartialEq)]
pub struct ForkOutlier {
    pub fork: usize,
    /// That fork's median.
    pub median: f64,
    /// The other forks' medians, in fork order.
    pub others: Vec<(usize, f64)>,
}

/// How far (a factor, either way) a fork's median must lie beyond every other fork's to be
/// called a per-process outlier ([`fork_outlier`]).
pub const OUTLIER_FACTOR: f64 = 1.15;

/// How close (a factor) the other forks' medians must lie to each other for one fork to be
/// called an outlier: where they differ among themselves, no one process stands apart.
pub const OTHERS_AGREE: f64 = 1.05;

/// The fork, if any, whose median lies more than [`OUTLIER_FACTOR`] beyond the nearest of the
/// others' (above the highest or below the lowest), with at least three forks, whose rounds'
/// 95% interval does not reach the others' range, while the others agree within
/// [`OTHERS_AGREE`]: one process that measured the same code differently from all the rest.
pub fn fork_outlier(values: &[f64], layout: Layout<'_>) -> Option<ForkOutlier> {
    let groups = layout.per_fork(values)?;
    if groups.len() < 3 {
        return None;
    }
    let medians: Vec<(usize, f64)> = groups
        .iter()
        .filter_map(|(f, g)| Some((*f, median(g)?)))
        .collect();
    for (i, (fork, m)) in medians.iter().enumerate() {
        let others: Vec<(usize, f64)> = medians
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, x)| *x)
            .collect();
        let highest = others.iter().map(|o| o.1).fold(f64::MIN, f64::max);
        let lowest = others.iter().map(|o| o.1).fold(f64::MAX, f64::min);
        let mut sorted = groups[i].1.clone();
        sorted.sort_by(f64::total_cmp);
        let (low, high) = super::stats::median_interval(&sorted);
        let slow = *m > highest * OUTLIER_FACTOR && low > highest;
        let fast = *m < lowest / OUTLIER_FACTOR && high < lowest;
        if (slow || fast) && highest <= lowest * OTHERS_AGREE {
            return Some(ForkOutlier {
                fork: *fork,
                median: *m,
                others,
            });
        }
    }
    None
}

/// The two-sided `level` Student interval of the mean of `xs` (at least two values):
/// `mean ± t(level, n-1) · s / √n`.
fn student_interval(xs: &[f64], level: f64) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let variance = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = student_t_quantile(0.5 + level / 2.0, n - 1.0) * (variance / n).sqrt();
    (mean - half, mean + half)
}

/// The `p` quantile of Student's t distribution with `df` degrees of freedom, by bisection on
/// its distribution function ([`student_t_cdf`]). Remembered, per thread: a record's intervals
/// ask for a few quantiles many times over.
pub fn student_t_quantile(p: f64, df: f64) -> f64 {
    use std::cell::RefCell;
    use std::collections::HashMap;
    thread_local! {
        static KNOWN: RefCell<HashMap<(u64, u64), f64>> = RefCell::new(HashMap::new());
    }
    let key = (p.to_bits(), df.to_bits());
    if let Some(q) = KNOWN.with(|k| k.borrow().get(&key).copied()) {
        return q;
    }
    let q = bisected_t_quantile(p, df);
    KNOWN.with(|k| {
        let mut known = k.borrow_mut();
        if known.len() >= 4096 {
            known.clear();
        }
        known.insert(key, q);
    });
    q
}

/// [`student_t_quantile`], computed.
fn bisected_t_quantile(p: f64, df: f64) -> f64 {
    if p == 0.5 {
        return 0.0;
    }
    if p < 0.5 {
        return -bisected_t_quantile(1.0 - p, df);
    }
    let (mut low, mut high) = (0.0f64, 1.0f64);
    while student_t_cdf(high, df) < p && high < 1e12 {
        high *= 2.0;
    }
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if student_t_cdf(mid, df) < p {
            low = mid;
        } else {
            high = mid;
        }
    }
    0.5 * (low + high)
}

/// Student's t distribution function: `1 - I(df / (df + t²); df/2, 1/2) / 2` for `t >= 0`.
pub fn student_t_cdf(t: f64, df: f64) -> f64 {
    let tail = 0.5 * incomplete_beta(df / (df + t * t), df / 2.0, 0.5);
    if t >= 0.0 {
        1.0 - tail
    } else {
        tail
    }
}

/// The regularized incomplete beta function `I(x; a, b)`, by its continued fraction (Lentz's
/// method), on the side where it converges fast.
fn incomplete_beta(x: f64, a: f64, b: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let ln_front = ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln();
    if x < (a + 1.0) / (a + b + 2.0) {
        ln_front.exp() * beta_fraction(x, a, b) / a
    } else {
        1.0 - ln_front.exp() * beta_fraction(1.0 - x, b, a) / b
    }
}

/// The continued fraction of the incomplete beta function.
fn beta_fraction(x: f64, a: f64, b: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;
    if d.abs() < TINY {
        d = TINY;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..300 {
        let m = m as f64;
        let m2 = 2.0 * m;
        let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        d = if d.abs() < TINY { TINY } else { d };
        c = 1.0 + aa / c;
        c = if c.abs() < TINY { TINY } else { c };
        d = 1.0 / d;
        h *= d * c;
        let aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        d = if d.abs() < TINY { TINY } else { d };
        c = 1.0 + aa / c;
        c = if c.abs() < TINY { TINY } else { c };
        d = 1.0 / d;
        let step = d * c;
        h *= step;
        if (step - 1.0).abs() < 1e-15 {
            break;
        }
    }
    h
}

/// The natural log of the gamma function (Lanczos, g = 7, nine terms).
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut sum = G[0];
    for (i, g) in G.iter().enumerate().skip(1) {
        sum += g / (x + i as f64);
    }
    let t = x + 7.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn student_quantiles_match_the_tables() {
        for (df, want) in [(1.0, 12.706), (2.0, 4.303), (4.0, 2.776), (10.0, 2.228)] {
            let t = student_t_quantile(0.975, df);
            assert!((t - want).abs() < 2e-3, "df {df}: {t}");
        }
        assert!((student_t_quantile(0.975, 1e6) - 1.96).abs() < 1e-3);
        assert!((student_t_quantile(0.025, 2.0) + 4.303).abs() < 2e-3);
    }

    fn normal(rng: &mut ChaCha8Rng) -> f64 {
        let (u, v) = (
            rng.random_range(f64::EPSILON..1.0),
            rng.random_range(0.0..1.0),
        );
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }

    /// A synthetic run: `forks` forks interleaved over `sweeps` sweeps of `per_slice` rounds,
    /// each fork's level drawn once (log-normal, `between`), each round's noise log-normal
    /// (`within`); fork `biased`, if any, `bias` times slower. Returns (values, slices, forks).
    fn run(
        rng: &mut ChaCha8Rng,
        forks: usize,
        sweeps: usize,
        per_slice: usize,
        (between, within): (f64, f64),
        biased: Option<(usize, f64)>,
    ) -> (Vec<f64>, Vec<usize>, Vec<usize>) {
        let levels: Vec<f64> = (0..forks)
            .map(|f| {
                let bias = biased.filter(|b| b.0 == f).map_or(1.0, |b| b.1);
                (between * normal(rng)).exp() * bias
            })
            .collect();
        let (mut values, mut slices, mut fork_of) = (Vec::new(), Vec::new(), Vec::new());
        for sweep in 0..sweeps {
            for i in 0..forks {
                let fork = (i + sweep) % forks;
                for _ in 0..per_slice {
                    values.push(levels[fork] * (within * normal(rng)).exp());
                }
                slices.push(per_slice);
                fork_of.push(fork);
            }
        }
        (values, slices, fork_of)
    }

    /// The share of 4,000 synthetic runs whose nested interval covers the true median (1: the
    /// median of the processes' levels).
    fn coverage(forks: usize, sweeps: usize, per_slice: usize, spread: (f64, f64)) -> f64 {
        let mut rng = ChaCha8Rng::seed_from_u64((forks * 100 + sweeps * 10 + per_slice) as u64);
        let trials = 4000;
        let mut covered = 0;
        for _ in 0..trials {
            let (values, slices, fork_of) = run(&mut rng, forks, sweeps, per_slice, spread, None);
            let layout = Layout {
                slices: &slices,
                forks: &fork_of,
            };
            let (low, high) = nested_median_interval_at(&values, layout, 0.95);
            covered += usize::from(low <= 1.0 && 1.0 <= high);
        }
        covered as f64 / trials as f64
    }

    #[test]
    fn the_nested_interval_covers_the_true_median_95_percent_of_the_time() {
        // Processes that differ by 5% (one standard deviation) and rounds by 2%, or by 10%
        // and 3%: the spread between processes dominates.
        for forks in [3, 5] {
            for (sweeps, per_slice) in [(4, 3), (4, 1), (8, 2)] {
                for spread in [(0.05, 0.02), (0.10, 0.03)] {
                    let share = coverage(forks, sweeps, per_slice, spread);
                    assert!(
                        (0.92..=0.98).contains(&share),
                        "{forks} forks, {sweeps}x{per_slice} rounds, {spread:?}: {share}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_fork_biased_by_30_percent_is_named_and_widens_the_interval() {
        let mut rng = ChaCha8Rng::seed_from_u64(30);
        let mut named = 0;
        for trial in 0..200 {
            let biased = trial % 3;
            let (values, slices, fork_of) =
                run(&mut rng, 3, 4, 3, (0.0, 0.03), Some((biased, 1.3)));
            let layout = Layout {
                slices: &slices,
                forks: &fork_of,
            };
            if let Some(outlier) = fork_outlier(&values, layout) {
                assert_eq!(outlier.fork, biased, "the wrong fork was named");
                assert_eq!(outlier.others.len(), 2);
                named += 1;
            }
            let (low, high) = nested_median_interval_at(&values, layout, 0.95);
            let (one_low, one_high) = clustered_median_interval_at(&values, &slices, 0.95);
            assert!(low <= one_low && one_high <= high);
            assert!(
                high / low > 1.1,
                "the bias shows in the interval: {low} {high}"
            );
        }
        assert!(named >= 195, "named in {named} of 200");
        // Without a bias, no fork is named.
        let mut false_alarms = 0;
        for _ in 0..200 {
            let (values, slices, fork_of) = run(&mut rng, 3, 4, 3, (0.0, 0.03), None);
            let layout = Layout {
                slices: &slices,
                forks: &fork_of,
            };
            false_alarms += usize::from(fork_outlier(&values, layout).is_some());
        }
        assert_eq!(false_alarms, 0);
    }

    #[test]
    fn with_one_fork_the_interval_is_the_single_process_one() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (values, slices, _) = run(&mut rng, 1, 4, 3, (0.05, 0.02), None);
        let want = clustered_median_interval_at(&values, &slices, 0.95);
        for forks in [vec![], vec![0; slices.len()]] {
            let layout = Layout {
                slices: &slices,
                forks: &forks,
            };
            assert_eq!(nested_median_interval_at(&values, layout, 0.95), want);
            assert!(fork_outlier(&values, layout).is_none());
        }
        let b: Vec<f64> = values.iter().map(|v| v * 2.0).collect();
        let (point, low, high) =
            nested_ratio_at(&values, &b, Layout::single(&slices), 0.95).expect("same rounds");
        assert_eq!((point, low, high), (0.5, 0.5, 0.5));
    }

    #[test]
    fn ratios_are_paired_within_forks_before_they_are_combined() {
        // Each fork at its own speed (1x, 1.5x, 0.8x), `a` 1.2 times `b` in every round: the
        // per-fork ratios agree, and so the interval is narrow, however far the forks differ.
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let (b, slices, forks) = run(&mut rng, 3, 4, 3, (0.3, 0.02), None);
        let a: Vec<f64> = b.iter().map(|x| 1.2 * x).collect();
        let layout = Layout {
            slices: &slices,
            forks: &forks,
        };
        let (point, low, high) = nested_ratio_at(&a, &b, layout, 0.95).unwrap();
        assert!((point - 1.2).abs() < 1e-9 && (high / low - 1.0) < 1e-9);
        // The absolute figure carries the forks' spread.
        let (low, high) = nested_median_interval_at(&b, layout, 0.95);
        assert!(high / low > 1.3, "{low} {high}");
    }
}
