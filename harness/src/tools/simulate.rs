//! `bitbench simulate`: the record's estimator against the one before it, on synthetic runs
//! whose truth is known. It is how the estimator was chosen, and a test holds its coverage.
//!
//! A synthetic run has families of ten techniques and one A/A twin each, measured in the
//! forks, slices and rounds of a default or a `--quick` run. On the log scale a round's time is
//! the technique's true time, plus:
//!
//! - a placement bias per compiled copy (the twin has its own), the same in every fork;
//! - a process effect per fork, per workload and per fork shared by the workloads;
//! - a drift shared by every variant of the round (which pairing cancels);
//! - the round's own noise, normal with a workload's own scale, and one round in ten slowed
//!   further by an exponential spike (an interrupt, a neighbour).
//!
//! The scales are those the committed records show (docs/method.md, "Intervals"). Three of the
//! techniques are as fast as the first, two 5% slower, two 10% slower, the others far slower.
//! For each estimator it counts: how often a ratio's 95% interval holds the true ratio (over a
//! family's workloads, as the ranking compares, and in one workload), how often a true 5% or
//! 10% difference is called (not tied), how often a true tie is called a difference, and how
//! often a run has an A/A pair not tied.
//!
//! The estimators ([`crate::record::judge::Estimator`]): **pooled forks**, the forks' variance
//! pooled over a workload's or a family's comparisons, plus placement; **own forks +
//! placement**, what a record states: each comparison's own forks (`t(k-1)`) joined with its
//! rounds' clustered interval, over a family's workloads the geometric means of the workloads'
//! bounds, plus placement; and **schema 4's**, the same intervals without placement, a tie
//! where the interval includes 1.00 or reaches into the family's A/A spread (the widest A/A
//! ratio over its workloads). The synthetic runs have no state that differs between runs,
//! which real ones do (docs/method.md): the pooled estimator's coverage here is within a run.

use crate::base::stats::Summary;
use crate::record::analysis::{compare_within_workload, paired_geomean, paired_ratio};
use crate::record::judge::{judge_with, Estimator, Noise};
use crate::record::{Interval, Measurement, Mode};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The shape of the runs simulated: a default run's or a `--quick` one's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    pub name: &'static str,
    pub forks: usize,
    /// Slices per fork (the run's sweeps).
    pub slices: usize,
    /// Rounds per slice.
    pub rounds: usize,
}

/// A default run: three forks, four sweeps, two rounds a slice (the minimum of 12 rounds
/// takes one or more a slice; most workloads take two or three).
pub const DEFAULT: Shape = Shape {
    name: "default",
    forks: 3,
    slices: 4,
    rounds: 2,
};

/// A `--quick` run: three forks, two sweeps, two rounds a slice.
pub const QUICK: Shape = Shape {
    name: "--quick",
    forks: 3,
    slices: 2,
    rounds: 2,
};

/// A default run's rounds in six forks instead of three: two sweeps, two rounds a slice.
pub const SIX_FORKS: Shape = Shape {
    name: "6 forks",
    forks: 6,
    slices: 2,
    rounds: 2,
};

/// The noise of the simulated runs, as standard deviations on the log scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scales {
    /// Between two compiled copies of one code, over a family's workloads.
    pub placement: f64,
    /// Between two compiled copies, in one workload on top of that.
    pub placement_workload: f64,
    /// Of a fork's process effect, per workload: the median of a log-normal over workloads.
    pub process: f64,
    /// Of a fork's process effect shared by a family's workloads.
    pub process_shared: f64,
    /// Of one round's own noise: the median of a log-normal over workloads.
    pub round: f64,
}

/// The scales the committed records show (docs/method.md, "Intervals").
pub const RECORDED: Scales = Scales {
    placement: 0.016,
    placement_workload: 0.02,
    process: 0.03,
    process_shared: 0.01,
    round: 0.08,
};

/// Families per simulated run, workloads per family, techniques per family.
const FAMILIES: usize = 12;
const WORKLOADS: usize = 13;
const TRUE_LOGS: [f64; 10] = [
    0.0, 0.0, 0.0, 0.0488, 0.0488, 0.0953, 0.0953, 0.182, 0.405, 0.693,
];

/// One estimator's figures over the simulated runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    pub estimator: &'static str,
    pub shape: &'static str,
    /// Ratios over a family's workloads whose 95% interval held the truth, of all.
    pub coverage: (usize, usize),
    /// The same for ratios in one workload.
    pub workload_coverage: (usize, usize),
    /// True 5% and 10% differences called, of all.
    pub power_5: (usize, usize),
    pub power_10: (usize, usize),
    /// True ties called a difference, of all.
    pub false_differences: (usize, usize),
    /// Runs with an A/A pair not tied, of all.
    pub pairs_not_tied: (usize, usize),
    /// The median width (high / low) of the intervals over a family's workloads.
    pub median_width: f64,
}

/// A share as a percentage.
pub fn percent((part, whole): (usize, usize)) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// The three estimators on `runs` synthetic runs of `shape`, from `seed`: the pooled one, the
/// one a record states ([`crate::record::judge::STATED`]), and schema 4's.
pub fn simulate(shape: Shape, scales: Scales, runs: usize, seed: u64) -> [Figures; 3] {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let estimators = [Estimator::Pooled, Estimator::Forks];
    let mut tallies = [Tally::default(), Tally::default()];
    let mut schema_4_tally = Tally::default();
    for _ in 0..runs {
        let measurements = synthetic_run(&mut rng, shape, scales);
        schema_4_tally.add(&schema_4(&measurements));
        for (estimator, tally) in estimators.iter().zip(&mut tallies) {
            let mut measurements = measurements.clone();
            let (controls, ranks) = judge_with(&mut measurements, *estimator);
            let noise = Noise::with(&measurements, *estimator);
            let (fixed, fixed_workload) = fixed_pairs(
                &measurements,
                |a, b| noise.family_ratio(&a[0].family, a, b),
                |a, b| noise.workload_ratio(a, b),
            );
            tally.add(&Judged {
                fixed,
                fixed_workload,
                ranks: ranks
                    .iter()
                    .filter(|r| r.variant != first_of(&ranks, &r.family))
                    .map(|r| {
                        (
                            r.family.clone(),
                            r.variant.clone(),
                            r.paired_to_first,
                            r.tied_with_best,
                        )
                    })
                    .collect(),
                firsts: ranks
                    .iter()
                    .map(|r| (r.family.clone(), first_of(&ranks, &r.family)))
                    .collect(),
                pairs_tied: controls.iter().flat_map(|c| &c.pairs).all(|p| p.tied),
            });
        }
    }
    let [pooled, forks] = tallies;
    [
        pooled.figures("pooled forks", shape.name),
        forks.figures("own forks + placement (stated)", shape.name),
        schema_4_tally.figures("own forks + A/A spread (schema 4)", shape.name),
    ]
}

/// The first-ranked variant of `family`.
fn first_of(ranks: &[crate::record::Rank], family: &str) -> String {
    ranks
        .iter()
        .filter(|r| r.family == family)
        .find(|r| {
            r.paired_to_first
                .is_some_and(|p| p.low == 1.0 && p.high == 1.0)
        })
        .map_or_else(String::new, |r| r.variant.clone())
}

/// What an estimator called of one run.
struct Judged {
    /// Per variant but `t0`, per family: its interval to `t0` over the family's workloads, and
    /// in each workload (pre-specified comparisons, for coverage).
    fixed: Vec<(String, Option<Interval>)>,
    fixed_workload: Vec<(String, Option<Interval>)>,
    /// Per ranked variant but the first: family, variant, interval to the first, tied.
    ranks: Vec<(String, String, Option<Interval>, bool)>,
    firsts: Vec<(String, String)>,
    pairs_tied: bool,
}

#[derive(Default)]
struct Tally {
    coverage: (usize, usize),
    workload_coverage: (usize, usize),
    power_5: (usize, usize),
    power_10: (usize, usize),
    false_differences: (usize, usize),
    pairs_not_tied: (usize, usize),
    widths: Vec<f64>,
}

/// The true log time of a variant (by name: `t3`, `t3-aa`).
fn truth(variant: &str) -> f64 {
    let index: usize = variant
        .trim_start_matches('t')
        .trim_end_matches("-aa")
        .parse()
        .unwrap_or(0);
    TRUE_LOGS[index]
}

impl Tally {
    fn add(&mut self, judged: &Judged) {
        let count = |t: &mut (usize, usize), hit: bool| {
            t.0 += usize::from(hit);
            t.1 += 1;
        };
        for (family, variant, interval, tied) in &judged.ranks {
            let Some(i) = interval else { continue };
            let first = &judged
                .firsts
                .iter()
                .find(|(f, _)| f == family)
                .expect("every family has a first")
                .1;
            self.widths.push(i.high / i.low);
            let difference = truth(variant) - truth(first);
            if difference.abs() < 1e-9 {
                count(&mut self.false_differences, !tied);
            } else if (difference - 0.0488).abs() < 1e-3 {
                count(&mut self.power_5, !tied);
            } else if (difference - 0.0953).abs() < 1e-3 {
                count(&mut self.power_10, !tied);
            }
        }
        for (variant, interval) in &judged.fixed {
            let Some(i) = interval else { continue };
            let true_ratio = truth(variant).exp();
            count(
                &mut self.coverage,
                i.low <= true_ratio && true_ratio <= i.high,
            );
        }
        for (variant, interval) in &judged.fixed_workload {
            let Some(i) = interval else { continue };
            let true_ratio = truth(variant).exp();
            count(
                &mut self.workload_coverage,
                i.low <= true_ratio && true_ratio <= i.high,
            );
        }
        count(&mut self.pairs_not_tied, !judged.pairs_tied);
    }

    fn figures(mut self, estimator: &'static str, shape: &'static str) -> Figures {
        self.widths.sort_by(f64::total_cmp);
        Figures {
            estimator,
            shape,
            coverage: self.coverage,
            workload_coverage: self.workload_coverage,
            power_5: self.power_5,
            power_10: self.power_10,
            false_differences: self.false_differences,
            pairs_not_tied: self.pairs_not_tied,
            median_width: self
                .widths
                .get(self.widths.len() / 2)
                .copied()
                .unwrap_or(1.0),
        }
    }
}

/// A standard normal draw (Box–Muller).
fn normal(rng: &mut ChaCha8Rng) -> f64 {
    let u: f64 = rng.random_range(f64::EPSILON..1.0);
    let v: f64 = rng.random();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// One synthetic run's measurements, with their ratios to each workload's best set.
fn synthetic_run(rng: &mut ChaCha8Rng, shape: Shape, scales: Scales) -> Vec<Measurement> {
    let per_fork = shape.slices * shape.rounds;
    let rounds = shape.forks * per_fork;
    let mut measurements = Vec::new();
    for family in 0..FAMILIES {
        // Variants t0..t9 and the twin t0-aa, each with its placement over the workloads.
        let names: Vec<String> = (0..TRUE_LOGS.len())
            .map(|v| format!("t{v}"))
            .chain(std::iter::once("t0-aa".to_string()))
            .collect();
        let placement: Vec<f64> = names
            .iter()
            .map(|_| scales.placement / 2f64.sqrt() * normal(rng))
            .collect();
        let shared: Vec<Vec<f64>> = names
            .iter()
            .map(|_| {
                (0..shape.forks)
                    .map(|_| scales.process_shared * normal(rng))
                    .collect()
            })
            .collect();
        for workload in 0..WORKLOADS {
            let round_scale = scales.round * (0.5 * normal(rng)).exp();
            let process_scale = scales.process * (0.5 * normal(rng)).exp();
            let drift: Vec<f64> = (0..rounds).map(|_| 0.1 * normal(rng)).collect();
            // Slices laid out sweep by sweep, each sweep's forks in a rotated order.
            let mut forks_of_slices = Vec::new();
            for sweep in 0..shape.slices {
                for f in 0..shape.forks {
                    forks_of_slices.push((f + sweep) % shape.forks);
                }
            }
            for (v, name) in names.iter().enumerate() {
                let bias = placement[v] + scales.placement_workload / 2f64.sqrt() * normal(rng);
                let process: Vec<f64> = (0..shape.forks)
                    .map(|f| shared[v][f] + process_scale * normal(rng))
                    .collect();
                let mut values = Vec::with_capacity(rounds);
                for (slice, &fork) in forks_of_slices.iter().enumerate() {
                    for r in 0..shape.rounds {
                        let i = slice * shape.rounds + r;
                        let mut noise = round_scale * normal(rng);
                        if rng.random::<f64>() < 0.1 {
                            noise -= 3.0 * round_scale * rng.random_range(f64::EPSILON..1.0).ln();
                        }
                        let log = truth(name) + bias + process[fork] + drift[i] + noise;
                        values.push(crate::record::analysis::kept(log.exp()));
                    }
                }
                measurements.push(synthetic(
                    family,
                    workload,
                    name,
                    values,
                    shape,
                    &forks_of_slices,
                ));
            }
        }
    }
    let mut groups: std::collections::BTreeMap<(String, String), Vec<usize>> =
        std::collections::BTreeMap::new();
    for (i, m) in measurements.iter().enumerate() {
        groups
            .entry((m.family.clone(), m.workload.clone()))
            .or_default()
            .push(i);
    }
    for indices in groups.values() {
        compare_within_workload(&mut measurements, indices, 8);
    }
    measurements
}

fn synthetic(
    family: usize,
    workload: usize,
    variant: &str,
    rounds: Vec<f64>,
    shape: Shape,
    forks: &[usize],
) -> Measurement {
    let twin = variant.ends_with("-aa");
    Measurement {
        family: format!("f{family}"),
        variant: variant.to_string(),
        workload: format!("w{workload}"),
        mode: Mode::Throughput,
        eviction_bytes: 0,
        unit: "query".into(),
        ns_per_op: Summary::of(&rounds).expect("rounds"),
        sweeps: vec![shape.rounds; forks.len()],
        forks: forks.to_vec(),
        rounds,
        median_interval: None,
        cycles_per_op_estimate: None,
        ratio_to_best: None,
        paired_ratio_to_best: None,
        tied_with_best: None,
        same_code_as: twin.then(|| variant.trim_end_matches("-aa").to_string()),
        twin,
        baseline_of: None,
        floor_multiple: None,
        table_bytes: 0,
        requires: Vec::new(),
        external: false,
        floor: false,
        suspect: false,
        cache_sim: None,
        bound: None,
    }
}

/// Every technique `t1`..`t9` against `t0`, per family over its workloads (`family`) and in
/// each workload (`workload`): comparisons chosen before the run, whose truth is known.
#[allow(clippy::type_complexity)]
fn fixed_pairs(
    measurements: &[Measurement],
    family: impl Fn(&[&Measurement], &[&Measurement]) -> Option<Interval>,
    workload: impl Fn(&Measurement, &Measurement) -> Option<Interval>,
) -> (
    Vec<(String, Option<Interval>)>,
    Vec<(String, Option<Interval>)>,
) {
    let (mut over, mut each) = (Vec::new(), Vec::new());
    for f in 0..FAMILIES {
        let name = format!("f{f}");
        let of = |variant: &str| -> Vec<&Measurement> {
            measurements
                .iter()
                .filter(|m| m.family == name && m.variant == variant)
                .collect()
        };
        let reference = of("t0");
        for v in 1..TRUE_LOGS.len() {
            let variant = format!("t{v}");
            let ms = of(&variant);
            over.push((variant.clone(), family(&ms, &reference)));
            for (m, r) in ms.iter().zip(&reference) {
                each.push((variant.clone(), workload(m, r)));
            }
        }
    }
    (over, each)
}

/// Schema 4's calls on a run (see [the module](self)).
fn schema_4(measurements: &[Measurement]) -> Judged {
    let deviation = |i: &Interval| i.median.max(1.0 / i.median);
    let of = |family: &str, variant: &str| -> Vec<&Measurement> {
        measurements
            .iter()
            .filter(|m| m.family == family && m.variant == variant)
            .collect()
    };
    let (fixed, fixed_workload) = fixed_pairs(measurements, paired_geomean, |a, b| {
        paired_ratio(&a.rounds, &b.rounds, a.layout())
    });
    let mut judged = Judged {
        fixed,
        fixed_workload,
        ranks: Vec::new(),
        firsts: Vec::new(),
        pairs_tied: true,
    };
    for family in 0..FAMILIES {
        let family = format!("f{family}");
        // The spread: the widest A/A ratio over the workloads.
        let (twins, originals) = (of(&family, "t0-aa"), of(&family, "t0"));
        let per_workload: Vec<Interval> = twins
            .iter()
            .zip(&originals)
            .filter_map(|(t, o)| paired_ratio(&t.rounds, &o.rounds, t.layout()))
            .collect();
        let spread = per_workload.iter().map(deviation).fold(1.0, f64::max);
        let tied = |i: &Interval| i.low <= spread && i.high >= 1.0 / spread;
        let pair = paired_geomean(&twins, &originals);
        judged.pairs_tied &= pair.is_none_or(|p| p.includes_parity());
        let names: Vec<String> = (0..TRUE_LOGS.len()).map(|v| format!("t{v}")).collect();
        let geomean = |v: &str| {
            crate::base::stats::geometric_mean(
                &of(&family, v)
                    .iter()
                    .filter_map(|m| m.ratio_to_best)
                    .collect::<Vec<_>>(),
            )
        };
        let first = names
            .iter()
            .min_by(|a, b| geomean(a).total_cmp(&geomean(b)))
            .expect("ten variants")
            .clone();
        for v in names.iter().filter(|v| **v != first) {
            let interval = paired_geomean(&of(&family, v), &of(&family, &first));
            let is_tied = interval.is_some_and(|i| tied(&i));
            judged
                .ranks
                .push((family.clone(), v.clone(), interval, is_tied));
        }
        judged.firsts.push((family, first));
    }
    judged
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pooled_estimator_covers_95_percent_and_calls_a_10_percent_difference() {
        for shape in [DEFAULT, QUICK] {
            let [pooled, stated, _] = simulate(shape, RECORDED, 20, 7);
            assert!(percent(stated.coverage) >= 95.0, "{stated:?}");
            let coverage = percent(pooled.coverage);
            assert!((92.0..=98.0).contains(&coverage), "{pooled:?}");
            let workload = percent(pooled.workload_coverage);
            assert!((92.0..=98.0).contains(&workload), "{pooled:?}");
            assert!(percent(pooled.power_10) > 50.0, "{pooled:?}");
            // Against the ranking's first, which is the luckiest of the true ties, a tie is
            // called a difference somewhat more often than one time in twenty.
            assert!(percent(pooled.false_differences) < 10.0, "{pooled:?}");
        }
    }
}
