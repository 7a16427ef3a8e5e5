//! What a record calls from its ratios: each measurement's ratio to its workload's best and
//! whether it ties, the A/A controls, and each family's ranking, all by one definition of a
//! tie: **a ratio's 95% interval includes 1.00**.
//!
//! A ratio's interval carries two kinds of noise:
//!
//! - what changes from one process to the next, and the sampling of each process's median:
//!   by the [`STATED`] estimator, each comparison's own forks (Student's interval over them,
//!   joined with its rounds'; over a family's workloads, the geometric means of the workloads'
//!   bounds); by [`Estimator::Pooled`], the forks' variance pooled over every comparison of
//!   the workload or family ([`crate::base::pooled`]);
//! - what separates two compiled copies of one code in every process of one binary (where the
//!   loops and tables landed), which no number of forks shows: its variance is estimated from
//!   the A/A pairs ([`Placement`]) and added to every ratio's.
//!
//! A record measured in one process has no forks: its intervals are the single-process ones
//! ([`super::analysis::paired_ratio`]), widened by the same placement variance.

use super::analysis::{
    best, family_wise_level, kept, paired_geomean, paired_geomean_at, paired_ratio_at,
    workload_key, workload_label, WorkloadKey,
};
use crate::base::pooled::{
    interval, placement_evidence, placement_variance, prior, t_quantile, within_evidence, Estimate,
    ForkLogs, Prior,
};
use crate::record::{
    ControlPair, FamilyControl, FamilyResolution, FamilyWise, Interval, Measurement,
    Placement as PlacementFigures, Rank, Resolution,
};
use std::collections::BTreeMap;

/// The A/A pairs a family needs of its own for its placement variance over its workloads to be
/// estimated from them; with fewer (one twin, as most families have), the run's families with
/// fewer pool theirs. A family with enough takes the larger of its own and the pool's: a whole
/// program's copies (perft's, the search's) are no less sensitive to where they lie than a
/// loop's.
pub const OWN_PAIRS: usize = 3;

/// The level of every interval a record states.
const LEVEL: f64 = 0.95;

/// The placement variances of a run (log scale), from its A/A pairs: over a family's workloads
/// (what two copies share in all of them), and within it (what they add in one workload).
#[derive(Clone, Debug, Default)]
pub struct Placement {
    /// Per family with A/A pairs: each pair's evidence over the family's workloads, by the
    /// pair's second name ([`placement_evidence`]).
    family_evidence: BTreeMap<String, Vec<(String, f64)>>,
    /// Per family with A/A pairs: each pair's evidence within it, and its degrees of freedom
    /// (its workloads less one; [`within_evidence`]).
    within_evidence: BTreeMap<String, Vec<(f64, f64)>>,
}

impl Placement {
    /// The variance of a ratio over `family`'s workloads (see [`OWN_PAIRS`]), leaving out the
    /// pair named `without` (a pair is judged on what the others say).
    pub fn family(&self, family: &str, without: Option<&str>) -> Estimate {
        let evidence = |pairs: &[(String, f64)]| -> Vec<f64> {
            pairs
                .iter()
                .filter(|(name, _)| Some(name.as_str()) != without)
                .map(|(_, e)| *e)
                .collect()
        };
        let pool: Vec<f64> = self
            .family_evidence
            .iter()
            .filter(|(_, pairs)| pairs.len() < OWN_PAIRS)
            .flat_map(|(f, pairs)| {
                pairs
                    .iter()
                    .filter(move |(name, _)| f != family || Some(name.as_str()) != without)
                    .map(|(_, e)| *e)
            })
            .collect();
        let pooled = placement_variance(&pool);
        match self.family_evidence.get(family) {
            Some(own) if own.len() >= OWN_PAIRS => {
                let own = placement_variance(&evidence(own));
                if own.variance >= pooled.variance {
                    own
                } else {
                    pooled
                }
            }
            _ => pooled,
        }
    }

    /// What two copies add in one workload of `family` beyond what they share over its
    /// workloads: its own pairs' evidence; every family's, for a family without pairs.
    pub fn within(&self, family: &str) -> Estimate {
        let estimate = |evidence: Vec<&(f64, f64)>| {
            let df: f64 = evidence.iter().map(|(_, df)| df).sum();
            if evidence.is_empty() || df <= 0.0 {
                return Estimate::NONE;
            }
            let weighted: f64 = evidence.iter().map(|(e, df)| e * df).sum();
            Estimate {
                variance: (weighted / df).max(0.0),
                df,
            }
        };
        match self.within_evidence.get(family) {
            Some(own) => estimate(own.iter().collect()),
            None => estimate(self.within_evidence.values().flatten().collect()),
        }
    }

    /// The variance of one workload's ratio in `family`: what copies share over the family's
    /// workloads and what they add in one.
    pub fn workload(&self, family: &str) -> Estimate {
        Estimate::sum(&[self.family(family, None), self.within(family)])
    }

    /// How many pairs `family`'s figure over its workloads comes from, and whether they are the
    /// run's pool rather than its own.
    fn sources(&self, family: &str) -> (usize, bool) {
        let pool = || {
            self.family_evidence
                .values()
                .filter(|p| p.len() < OWN_PAIRS)
                .map(Vec::len)
                .sum()
        };
        match self.family_evidence.get(family) {
            Some(own) if own.len() >= OWN_PAIRS => {
                let mine = placement_variance(&own.iter().map(|(_, e)| *e).collect::<Vec<_>>());
                if mine.variance >= self.family(family, None).variance {
                    (own.len(), false)
                } else {
                    (pool(), true)
                }
            }
            _ => (pool(), true),
        }
    }

    /// The figures a record keeps of `family`: standard deviations, as factors.
    pub fn figures(&self, family: &str) -> PlacementFigures {
        let (pairs, pooled) = self.sources(family);
        PlacementFigures {
            workload: kept(self.workload(family).variance.sqrt().exp()),
            family: kept(self.family(family, None).variance.sqrt().exp()),
            pairs,
            pooled,
        }
    }
}

/// The A/A pairs of a run: per family, each second name and the name whose code it runs.
fn aa_pairs(measurements: &[Measurement]) -> BTreeMap<String, Vec<(String, String, bool)>> {
    let mut pairs: BTreeMap<String, Vec<(String, String, bool)>> = BTreeMap::new();
    for m in measurements {
        let Some(first) = &m.same_code_as else {
            continue;
        };
        let family = pairs.entry(m.family.clone()).or_default();
        if !family.iter().any(|(second, _, _)| *second == m.variant) {
            family.push((m.variant.clone(), first.clone(), m.twin));
        }
    }
    pairs
}

/// The measurements of one variant of one family, in record order.
fn of<'a>(measurements: &'a [Measurement], family: &str, variant: &str) -> Vec<&'a Measurement> {
    measurements
        .iter()
        .filter(|m| m.family == family && m.variant == variant)
        .collect()
}

/// The fork logs of `a` against `b` in one workload.
fn logs(a: &Measurement, b: &Measurement) -> Option<ForkLogs> {
    ForkLogs::paired(&a.rounds, &b.rounds, a.layout())
}

/// The fork logs of `a` against `b` over the workloads they share, fork by fork the mean of
/// the workloads' logs; `None` unless every shared workload has them.
fn logs_over(a: &[&Measurement], b: &[&Measurement]) -> Option<ForkLogs> {
    let parts: Vec<ForkLogs> = a
        .iter()
        .filter_map(|x| {
            b.iter()
                .find(|y| workload_key(y) == workload_key(x))
                .map(|y| (x, y))
        })
        .map(|(x, y)| logs(x, y))
        .collect::<Option<_>>()?;
    ForkLogs::mean_of(&parts.iter().collect::<Vec<_>>())
}

/// The prior of a group of comparisons: Smyth's fit to the variances of those with the most
/// common number of forks.
fn prior_of<'a>(group: impl Iterator<Item = &'a ForkLogs>) -> Option<Prior> {
    let group: Vec<&ForkLogs> = group.collect();
    let forks = group.iter().map(|l| l.forks()).max()?;
    let variances: Vec<f64> = group
        .iter()
        .filter(|l| l.forks() == forks)
        .map(|l| l.variance())
        .collect();
    prior(&variances, (forks - 1) as f64)
}

/// An interval as a record keeps it: four significant digits, rounded outward, the point
/// inside.
fn kept_interval((point, low, high): (f64, f64, f64)) -> Interval {
    let median = kept(point);
    Interval {
        median,
        low: kept(low).min(median),
        high: kept(high).max(median),
    }
}

/// An interval at `level` widened by the placement variance, on either side in quadrature on
/// the log scale (at Student's quantile for the variance's degrees of freedom).
fn widened(i: Interval, placement: Estimate, level: f64) -> Interval {
    let t = t_quantile(0.5 + level / 2.0, placement.df);
    let add = t * t * placement.variance.max(0.0);
    let side = |bound: f64| ((i.median / bound).ln().powi(2) + add).sqrt();
    kept_interval((
        i.median,
        i.median * (-side(i.low)).exp(),
        i.median * side(i.high).exp(),
    ))
}

/// How a record's ratios get their intervals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Estimator {
    /// Each comparison's own: in one workload, the Student interval of its forks' medians
    /// (`t(k - 1)`) joined with its rounds' clustered interval
    /// ([`super::analysis::paired_ratio`]); over a family's workloads, the geometric means of
    /// the workloads' bounds ([`super::analysis::paired_geomean`]); either widened by the
    /// placement variance. What a record states ([`STATED`]).
    Forks,
    /// The forks' noise pooled over the comparisons of a workload or family
    /// ([`crate::base::pooled::interval`]), plus the placement variance: calibrated within a
    /// run (`bitbench simulate`), but a second run of the same binary moves ratios by more
    /// than a run's own processes show (docs/method.md, "Intervals of a ratio, and ties").
    Pooled,
}

/// The estimator a record's intervals are taken with: of the two, the one whose intervals hold
/// a second run's ratios (docs/method.md, "Intervals of a ratio, and ties").
pub const STATED: Estimator = Estimator::Forks;

/// A ratio's interval at `level` by `estimator`: pooled where `logs` are there and it pools,
/// else the comparison's own (`own(level)`), widened by the placement variance.
fn ratio_interval(
    estimator: Estimator,
    logs: Option<&ForkLogs>,
    prior: Option<Prior>,
    placement: Estimate,
    level: f64,
    own: impl FnOnce(f64) -> Option<Interval>,
) -> Option<Interval> {
    match (estimator, logs) {
        (Estimator::Pooled, Some(l)) => Some(kept_interval(interval(l, prior, placement, level))),
        _ => own(level).map(|i| widened(i, placement, level)),
    }
}

/// The evidence of one A/A comparison for the placement variance: from its fork logs, or,
/// measured in one process, from its single-process interval (the square of its log ratio less
/// its squared standard error).
fn evidence(logs: Option<&ForkLogs>, single: Option<Interval>) -> Option<f64> {
    match logs {
        Some(l) => Some(placement_evidence(l)),
        None => {
            let i = single?;
            let se = (i.high / i.low).ln() / (2.0 * t_quantile(0.975, f64::INFINITY));
            Some(i.median.ln().powi(2) - se * se)
        }
    }
}

/// What a run's measurements say of their own noise: each workload's prior, each family's
/// prior over its workloads, the placement variances, and each family's first-ranked variant.
/// Estimated from the measurements alone, so a record's readers get what its writer got.
#[derive(Clone, Debug)]
pub struct Noise {
    /// Per workload: the prior of its comparisons to its best.
    priors: BTreeMap<WorkloadKey, Option<Prior>>,
    /// Per family: the prior of its variants' comparisons to its first over its workloads.
    family_priors: BTreeMap<String, Option<Prior>>,
    /// The priors of every workload's comparisons together, and of every family's: for a
    /// workload or a family with too few comparisons of its own (fewer than three).
    run_prior: Option<Prior>,
    run_family_prior: Option<Prior>,
    placement: Placement,
    /// Each family and its first-ranked variant.
    order: Vec<(String, String)>,
    /// The A/A pairs, per family: second name, first name, whether a twin.
    pairs: BTreeMap<String, Vec<(String, String, bool)>>,
    estimator: Estimator,
}

impl Noise {
    /// Estimates the noise of `measurements`, whose ratios to their workloads' best are set
    /// (`analysis::compare_within_workload`), for the [`STATED`] estimator.
    pub fn of(measurements: &[Measurement]) -> Noise {
        Noise::with(measurements, STATED)
    }

    /// [`Noise::of`] for another estimator (`bitbench simulate` compares them).
    pub fn with(measurements: &[Measurement], estimator: Estimator) -> Noise {
        let mut noise = Noise {
            pairs: aa_pairs(measurements),
            order: order(measurements),
            priors: BTreeMap::new(),
            family_priors: BTreeMap::new(),
            run_prior: None,
            run_family_prior: None,
            placement: Placement::default(),
            estimator,
        };
        let mut every: Vec<ForkLogs> = Vec::new();
        for (key, indices) in groups(measurements) {
            let best = best(measurements, &indices);
            let comparisons: Vec<ForkLogs> = indices
                .iter()
                .filter(|&&i| measurements[i].ranked() && Some(i) != best)
                .filter_map(|&i| logs(&measurements[i], &measurements[best?]))
                .collect();
            noise.priors.insert(key, prior_of(comparisons.iter()));
            every.extend(comparisons);
        }
        noise.run_prior = prior_of(every.iter());
        let mut every: Vec<ForkLogs> = Vec::new();
        for (family, first) in &noise.order {
            let first_ms = of(measurements, family, first);
            let comparisons: Vec<ForkLogs> = variants(measurements, family)
                .iter()
                .filter(|v| *v != first)
                .filter_map(|v| logs_over(&of(measurements, family, v), &first_ms))
                .collect();
            noise
                .family_priors
                .insert(family.clone(), prior_of(comparisons.iter()));
            every.extend(comparisons);
        }
        noise.run_family_prior = prior_of(every.iter());
        for (family, family_pairs) in &noise.pairs {
            for (second, first, _) in family_pairs {
                let seconds = of(measurements, family, second);
                let firsts = of(measurements, family, first);
                let per_workload: Vec<ForkLogs> = seconds
                    .iter()
                    .filter_map(|s| {
                        let f = firsts.iter().find(|f| workload_key(f) == workload_key(s))?;
                        logs(s, f)
                    })
                    .collect();
                if let Some(e) = within_evidence(&per_workload.iter().collect::<Vec<_>>()) {
                    noise
                        .placement
                        .within_evidence
                        .entry(family.clone())
                        .or_default()
                        .push((e, (per_workload.len() - 1) as f64));
                }
                let over = logs_over(&seconds, &firsts);
                let single = paired_geomean(&seconds, &firsts);
                if let Some(e) = evidence(over.as_ref(), single) {
                    noise
                        .placement
                        .family_evidence
                        .entry(family.clone())
                        .or_default()
                        .push((second.clone(), e));
                }
            }
        }
        noise
    }

    /// The prior of `m`'s workload, else the run's.
    fn prior(&self, m: &Measurement) -> Option<Prior> {
        self.priors
            .get(&workload_key(m))
            .copied()
            .flatten()
            .or(self.run_prior)
    }

    /// The prior of `family`'s comparisons over its workloads, else the run's.
    fn family_prior(&self, family: &str) -> Option<Prior> {
        self.family_priors
            .get(family)
            .copied()
            .flatten()
            .or(self.run_family_prior)
    }

    /// The ratio `a / b` of two measurements of one workload, with its 95% interval.
    pub fn workload_ratio(&self, a: &Measurement, b: &Measurement) -> Option<Interval> {
        ratio_interval(
            self.estimator,
            logs(a, b).as_ref(),
            self.prior(a),
            self.placement.workload(&a.family),
            LEVEL,
            |level| paired_ratio_at(&a.rounds, &b.rounds, a.layout(), level),
        )
    }

    /// The ratio `a / b` of two variants of `family` over the workloads they share, with its
    /// 95% interval, as the family's ranking takes its ratios to the first (the family's prior,
    /// its placement variance).
    pub fn family_ratio(
        &self,
        family: &str,
        a: &[&Measurement],
        b: &[&Measurement],
    ) -> Option<Interval> {
        ratio_interval(
            self.estimator,
            logs_over(a, b).as_ref(),
            self.family_prior(family),
            self.placement.family(family, None),
            LEVEL,
            |level| paired_geomean_at(a, b, level),
        )
    }
}

/// A record's measurements by workload, in workload order.
fn groups(measurements: &[Measurement]) -> BTreeMap<WorkloadKey, Vec<usize>> {
    let mut groups: BTreeMap<WorkloadKey, Vec<usize>> = BTreeMap::new();
    for (i, m) in measurements.iter().enumerate() {
        groups.entry(workload_key(m)).or_default().push(i);
    }
    groups
}

/// Judges a run's measurements (see [the module](self)): sets each one's ratio to its
/// workload's best, with its interval and tie, and returns the families' A/A controls and
/// ranks. The workloads' bests, floor multiples and suspects are set already
/// (`analysis::compare_within_workload`).
pub fn judge(measurements: &mut [Measurement]) -> (Vec<FamilyControl>, Vec<Rank>) {
    judge_with(measurements, STATED)
}

/// [`judge`] by another estimator (`bitbench simulate` compares them).
pub fn judge_with(
    measurements: &mut [Measurement],
    estimator: Estimator,
) -> (Vec<FamilyControl>, Vec<Rank>) {
    let noise = Noise::with(measurements, estimator);
    for indices in groups(measurements).values() {
        let Some(best) = best(measurements, indices) else {
            continue;
        };
        for &i in indices {
            if measurements[i].floor {
                continue;
            }
            let ratio = if i == best {
                (!measurements[i].rounds.is_empty()).then_some(Interval {
                    median: 1.0,
                    low: 1.0,
                    high: 1.0,
                })
            } else {
                noise.workload_ratio(&measurements[i], &measurements[best])
            };
            let m = &mut measurements[i];
            m.paired_ratio_to_best = ratio;
            if let Some(r) = ratio {
                m.ratio_to_best = Some(r.median);
            }
            m.tied_with_best = ratio.map(|r| r.includes_parity());
        }
    }
    (controls(measurements, &noise), rank(measurements, &noise))
}

/// The ranked variants of `family`, in record order.
fn variants(measurements: &[Measurement], family: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for m in measurements
        .iter()
        .filter(|m| m.family == family && m.ranked())
    {
        if !names.contains(&m.variant) {
            names.push(m.variant.clone());
        }
    }
    names
}

/// Each family's first-ranked variant: the lowest geometric mean of the ratios to each
/// workload's best (as the record's ratios stand when it is called: a per-round median, the
/// point of every later interval too).
fn order(measurements: &[Measurement]) -> Vec<(String, String)> {
    let mut families: Vec<String> = Vec::new();
    for m in measurements.iter().filter(|m| m.ranked()) {
        if !families.contains(&m.family) {
            families.push(m.family.clone());
        }
    }
    families
        .into_iter()
        .filter_map(|family| {
            let first = variants(measurements, &family)
                .into_iter()
                .map(|v| {
                    let g = geomean_ratio(measurements, &family, &v);
                    (v, g)
                })
                .min_by(|a, b| a.1.total_cmp(&b.1))?
                .0;
            Some((family, first))
        })
        .collect()
}

/// The geometric mean of a variant's ratios to each workload's best.
fn geomean_ratio(measurements: &[Measurement], family: &str, variant: &str) -> f64 {
    let ratios: Vec<f64> = of(measurements, family, variant)
        .iter()
        .filter_map(|m| m.ratio_to_best)
        .collect();
    kept(crate::base::stats::geometric_mean(&ratios))
}

/// Each family's ranking: by the geometric mean of the ratios to each workload's best; each
/// variant compared with the first over the workloads they share, tied when that interval
/// includes 1.00 (and then sharing rank 1).
fn rank(measurements: &[Measurement], noise: &Noise) -> Vec<Rank> {
    let mut ranks = Vec::new();
    let mut sorted: Vec<&(String, String)> = noise.order.iter().collect();
    sorted.sort();
    for (family, first) in sorted {
        let first_ms = of(measurements, family, first);
        let prior = noise.family_prior(family);
        let placement_var = noise.placement.family(family, None);
        let mut family_ranks: Vec<Rank> = variants(measurements, family)
            .into_iter()
            .map(|variant| {
                let ms = of(measurements, family, &variant);
                let paired_to_first = if variant == *first {
                    Some(Interval {
                        median: 1.0,
                        low: 1.0,
                        high: 1.0,
                    })
                } else {
                    ratio_interval(
                        noise.estimator,
                        logs_over(&ms, &first_ms).as_ref(),
                        prior,
                        placement_var,
                        LEVEL,
                        |level| paired_geomean_at(&ms, &first_ms, level),
                    )
                };
                Rank {
                    family: family.clone(),
                    geomean_ratio: geomean_ratio(measurements, family, &variant),
                    tied_with_best: variant != *first
                        && paired_to_first.is_some_and(|p| p.includes_parity()),
                    variant,
                    rank: 0,
                    paired_to_first,
                    workloads: ms.iter().filter(|m| m.ratio_to_best.is_some()).count(),
                }
            })
            .collect();
        family_ranks.sort_by(|a, b| {
            (a.variant != *first)
                .cmp(&(b.variant != *first))
                .then(a.geomean_ratio.total_cmp(&b.geomean_ratio))
        });
        for (i, r) in family_ranks.iter_mut().enumerate() {
            r.rank = if r.tied_with_best { 1 } else { i + 1 };
        }
        ranks.extend(family_ranks);
    }
    ranks
}

/// Each family's A/A controls: each pair over the family's workloads, its interval taken by the
/// pooled estimator with the placement variance the *other* pairs show, at the 95% level and
/// at the run's family-wise level ([`family_wise_level`]); tied when the latter includes 1.00.
/// A pair that is not tied is one the run's own estimate of its noise does not explain.
fn controls(measurements: &[Measurement], noise: &Noise) -> Vec<FamilyControl> {
    let (pairs, placement) = (&noise.pairs, &noise.placement);
    let count = pairs.values().map(Vec::len).sum::<usize>();
    let level = family_wise_level(count);
    let deviation = |i: &Interval| i.median.max(1.0 / i.median);
    let mut families = Vec::new();
    for (family, family_pairs) in pairs {
        let prior = noise.family_prior(family);
        let mut control = FamilyControl {
            family: family.clone(),
            spread: 1.0,
            placement: Some(placement.figures(family)),
            pairs: Vec::new(),
        };
        for (second, first, twin) in family_pairs {
            let (seconds, firsts) = (
                of(measurements, family, second),
                of(measurements, family, first),
            );
            let per_workload: Vec<(String, Interval)> = seconds
                .iter()
                .filter_map(|s| {
                    let f = firsts.iter().find(|f| workload_key(f) == workload_key(s))?;
                    Some((workload_label(s), noise.workload_ratio(s, f)?))
                })
                .collect();
            let Some((widest_workload, widest)) = per_workload
                .iter()
                .max_by(|a, b| deviation(&a.1).total_cmp(&deviation(&b.1)))
                .cloned()
            else {
                continue;
            };
            let over = logs_over(&seconds, &firsts);
            let others = placement.family(family, Some(second));
            // Within the run, by the pooled estimator whatever the record states: two names of
            // one code meet the same machine state, which only a second run shows of two
            // techniques.
            let at = |level: f64| {
                ratio_interval(
                    Estimator::Pooled,
                    over.as_ref(),
                    prior,
                    others,
                    level,
                    |level| paired_geomean_at(&seconds, &firsts, level),
                )
            };
            let (Some(ratio), Some(family_wise)) = (at(LEVEL), at(level)) else {
                continue;
            };
            control.spread = kept(control.spread.max(deviation(&widest)));
            control.pairs.push(ControlPair {
                variant: second.clone(),
                same_code_as: first.clone(),
                twin: *twin,
                ratio,
                tied: family_wise.includes_parity(),
                family_wise: Some(FamilyWise {
                    level,
                    pairs: count,
                    ratio: family_wise,
                }),
                widest_workload,
                widest,
                workloads: per_workload.len(),
            });
        }
        families.push(control);
    }
    families
}

/// The difference a run aims to resolve, as a fraction (5%).
pub const TARGET: f64 = 0.05;

/// How finely `ranks` tell their variants apart (see [`Resolution`]), given the placement noise
/// of `controls` and the run's `budget` of measuring in seconds; `None` without ranked
/// comparisons with intervals.
pub fn resolution(ranks: &[Rank], controls: &[FamilyControl], budget: f64) -> Option<Resolution> {
    let all = figures_of(ranks.iter(), controls, budget)?;
    let mut families: Vec<&str> = ranks.iter().map(|r| r.family.as_str()).collect();
    families.dedup();
    let unresolved = families
        .into_iter()
        .filter_map(|family| {
            let own = figures_of(
                ranks.iter().filter(|r| r.family == family),
                controls,
                budget,
            )?;
            (own.0 > TARGET * 100.0).then(|| FamilyResolution {
                family: family.to_string(),
                percent: own.0,
                placement_percent: own.1,
                budget_for_target: own.2,
            })
        })
        .collect();
    Some(Resolution {
        percent: all.0,
        placement_percent: all.1,
        target_percent: TARGET * 100.0,
        budget_for_target: all.2,
        budget,
        unresolved,
    })
}

/// The median half-width of `ranks`' intervals and of their placement share, as percentages,
/// and the budget that would bring the first to the target.
fn figures_of<'a>(
    ranks: impl Iterator<Item = &'a Rank>,
    controls: &[FamilyControl],
    budget: f64,
) -> Option<(f64, f64, Option<f64>)> {
    let median = |mut values: Vec<f64>| -> Option<f64> {
        values.sort_by(f64::total_cmp);
        values.get(values.len() / 2).copied()
    };
    let compared: Vec<&Rank> = ranks
        .filter(|r| r.paired_to_first.is_some_and(|p| p.low < p.high))
        .collect();
    let half = median(
        compared
            .iter()
            .filter_map(|r| r.paired_to_first)
            .map(|p| (p.high / p.low).ln() / 2.0)
            .collect(),
    )?;
    let placement = median(
        compared
            .iter()
            .map(|r| {
                controls
                    .iter()
                    .find(|c| c.family == r.family)
                    .and_then(|c| c.placement)
                    .map_or(0.0, |p| p.family.ln())
            })
            .collect(),
    )
    .unwrap_or(0.0);
    let z = t_quantile(0.975, f64::INFINITY);
    let (target, placement_half) = (TARGET.ln_1p(), z * placement);
    let forks = (half * half - placement_half * placement_half).max(0.0);
    let room = target * target - placement_half * placement_half;
    let budget_for_target = (half > target && room > 0.0).then(|| (budget * forks / room).ceil());
    Some((
        kept(half.exp_m1() * 100.0),
        kept(placement_half.exp_m1() * 100.0),
        budget_for_target,
    ))
}
