//! How repeatable two runs of the same suite on the same machine were, stated so that it can be
//! met on a noisy machine by being honest rather than by being lucky:
//!
//! - **calibration**: the share of the second run's medians that fall inside the first run's
//!   95% prediction interval for them (goal: at least 90%). The prediction interval of a
//!   median is `m1 · exp(±1.96 · √(2·se² + d²))`: `se` from the first run's 95% interval of
//!   the median (its half-width in logs over 1.96), doubled in variance for the second run's
//!   own sampling error; `d` the first run's A/A deviation of the family
//!   ([`crate::record::analysis::control_deviation`]: the root mean square log ratio between two
//!   names of the same code in that run), for the state a run shares across all its rounds
//!   (placement, the heap, the machine's neighbours), which no interval from its rounds can
//!   show. Without `d` (the rounds alone), back-to-back full runs have put fewer medians
//!   inside than the goal (docs/notebook.md, "Measurements behind the code"); the controls
//!   are how a run can know better;
//! - **decision stability**: of the orderings the first run calls significant (two variants of
//!   a workload whose ratio is not tied: its 95% interval, as the first record's own rule takes
//!   it, [`crate::record::judge::Noise::workload_ratio`], lies wholly beyond 1.00), the share
//!   the second run reproduces (the same variant is faster) (goal: at least 95%);
//! - the share of medians within 5% of each other, the old measure, for comparison;
//! - the same calibration and within-5% figures **in cycles** (each round at the clock of
//!   the process that measured it), which a change of clock between the runs does not move;
//! - **ratio calibration**: what ranks, apart from what drifts. Each variant's ratio to its
//!   workload's best (run 1's best, in both runs) and to the floor, paired per round within
//!   each process: a drift common to the whole machine cancels in them. The share of run 2's
//!   ratios ([`crate::record::analysis::paired_ratio`]) inside run 1's 95% intervals for them
//!   (as run 1's record takes them, [`crate::record::judge::Noise::workload_ratio`]), each
//!   taken as a prediction for a second run as the calibration of the medians takes its
//!   intervals: `r1 · exp(±1.96 · √(2·se² + d²))`, `se` from the ratio's interval, doubled in
//!   variance for run 2's own sampling error, and `d` the family's A/A deviation, what two
//!   names of one code read apart in run 1 beyond their rounds (goal: at least 95%);
//! - the **common move**: when the medians (the floor's included) moved together between the
//!   runs, the size of that move (the median change), as `compare` names drift.

use crate::record::analysis::{control_deviation, paired_ratio};
use crate::record::judge::Noise;
use crate::record::{Interval, Measurement, Record};
use crate::tools::compare::Key;
use anyhow::{bail, Result};
use std::collections::BTreeMap;
use std::fmt;

/// The figures, with their counts.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    pub medians: usize,
    pub inside_prediction: usize,
    pub significant_orderings: usize,
    pub reproduced_orderings: usize,
    pub within_5_percent: usize,
    /// Medians with a cycle estimate in both runs, and how many of those were inside and
    /// within 5%, in cycles.
    pub cycle_medians: usize,
    pub cycles_inside_prediction: usize,
    pub cycles_within_5_percent: usize,
    /// Whether both records converted each round at its own clock (`round_clocks`), not at its
    /// process's estimate.
    pub cycles_at_round_clocks: bool,
    /// Ratios (to the best and to the floor) found in both runs, and how many of run 2's lay
    /// inside run 1's 95% intervals.
    pub ratios: usize,
    pub ratios_inside: usize,
    /// The median change of every median between the runs (`run 2 / run 1 - 1`), when they
    /// moved together: at least 80% of them, the floor's among them, the same way, by 2% or
    /// more.
    pub common_move: Option<f64>,
    /// The same for the cache-pressure measurements at 1 MiB and above alone.
    pub heavy_pressure: Option<Box<Figures>>,
}

fn share(part: usize, whole: usize) -> String {
    if whole == 0 {
        "n/a".into()
    } else {
        format!(
            "{:.1}% ({part} of {whole})",
            100.0 * part as f64 / whole as f64
        )
    }
}

impl fmt::Display for Figures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "calibration:        {} of run 2's medians inside run 1's 95% prediction interval, from its rounds and its A/A controls (goal ≥ 90%)",
            share(self.inside_prediction, self.medians)
        )?;
        writeln!(
            f,
            "decision stability: {} of run 1's significant orderings reproduced by run 2 (goal ≥ 95%)",
            share(self.reproduced_orderings, self.significant_orderings)
        )?;
        writeln!(
            f,
            "within 5%:          {} of the medians",
            share(self.within_5_percent, self.medians)
        )?;
        if self.cycle_medians > 0 {
            writeln!(
                f,
                "in cycles:          calibration {}, within 5% {} (each round at {})",
                share(self.cycles_inside_prediction, self.cycle_medians),
                share(self.cycles_within_5_percent, self.cycle_medians),
                if self.cycles_at_round_clocks {
                    "the clock timed at its two ends"
                } else {
                    "its own process's clock estimate"
                }
            )?;
        }
        let ratio_share = if self.ratios == 0 {
            "n/a".to_string()
        } else {
            format!(
                "{:.1}%",
                100.0 * self.ratios_inside as f64 / self.ratios as f64
            )
        };
        writeln!(
            f,
            "ratio calibration: {ratio_share} of run 2's ratios inside run 1's 95% intervals ({} of {}: each variant's ratio to its workload's best and to the floor, paired per round within each process; as predictions for a second run, like the medians'; goal ≥ 95%)",
            self.ratios_inside, self.ratios
        )?;
        match self.common_move {
            Some(change) => writeln!(
                f,
                "common move:        every median, the floor's included, moved together: run 2 is {:.1}% {} than run 1 (the median change); the ratios cancel it",
                100.0 * change.abs(),
                if change > 0.0 { "slower" } else { "faster" }
            )?,
            None => writeln!(f, "common move:        none (the medians did not move together by 2% or more)")?,
        }
        if let Some(heavy) = &self.heavy_pressure {
            writeln!(f, "under cache pressure of 1 MiB and above:")?;
            for line in heavy
                .to_string()
                .lines()
                .filter(|l| !l.starts_with("under"))
            {
                writeln!(f, "  {line}")?;
            }
        }
        Ok(())
    }
}

/// The figures of `second` against `first`: two records with rounds, which the caller has
/// found comparable (`compare::comparable`: the same CPU unless allowed, the same mode unless
/// allowed, measurements in common).
pub fn measure(first: &Record, second: &Record) -> Result<Figures> {
    if !first.has_rounds() || !second.has_rounds() {
        bail!("repeatability needs per-round data (schema 2 records, made by this bitbench)");
    }
    let all = figures(first, second, |_| true);
    let heavy = figures(first, second, |m| {
        m.mode == crate::record::Mode::CachePressure && m.eviction_bytes >= 1 << 20
    });
    Ok(Figures {
        heavy_pressure: Some(Box::new(heavy)),
        ..all
    })
}

fn figures(first: &Record, second: &Record, keep: impl Fn(&Measurement) -> bool) -> Figures {
    let second_by_key: BTreeMap<Key, &Measurement> = second
        .measurements
        .iter()
        .map(|m| (Key::of(m), m))
        .collect();
    let pairs: Vec<(&Measurement, &Measurement)> = first
        .measurements
        .iter()
        .filter(|m| keep(m))
        .filter_map(|m| Some((m, *second_by_key.get(&Key::of(m))?)))
        .collect();
    let deviation = control_deviation(&first.measurements);
    let noise = Noise::of(&first.measurements);
    let inside = pairs
        .iter()
        .filter(|(a, b)| {
            let d = deviation.get(&a.family).copied().unwrap_or(0.0);
            prediction_contains(a, b.ns_per_op.median, d)
        })
        .count();
    let within = pairs
        .iter()
        .filter(|(a, b)| (b.ns_per_op.median / a.ns_per_op.median - 1.0).abs() <= 0.05)
        .count();
    let (significant, reproduced) = orderings(&pairs, &noise);
    let cycles: Vec<(&Measurement, f64, f64)> = pairs
        .iter()
        .filter_map(|(a, b)| Some((*a, a.cycles_per_op_estimate?, b.cycles_per_op_estimate?)))
        .collect();
    let cycles_inside = cycles
        .iter()
        .filter(|(a, c1, c2)| {
            let d = deviation.get(&a.family).copied().unwrap_or(0.0);
            let scaled = scaled_to(a, *c1);
            prediction_contains(&scaled, *c2, d)
        })
        .count();
    let cycles_within = cycles
        .iter()
        .filter(|(_, c1, c2)| (c2 / c1 - 1.0).abs() <= 0.05)
        .count();
    let (ratios, ratios_inside) = ratio_calibration(&pairs, &second_by_key, &deviation, &noise);
    Figures {
        medians: pairs.len(),
        inside_prediction: inside,
        significant_orderings: significant,
        reproduced_orderings: reproduced,
        within_5_percent: within,
        cycle_medians: cycles.len(),
        cycles_inside_prediction: cycles_inside,
        cycles_within_5_percent: cycles_within,
        cycles_at_round_clocks: !first.round_clocks.is_empty() && !second.round_clocks.is_empty(),
        ratios,
        ratios_inside,
        common_move: common_move(&pairs),
        heavy_pressure: None,
    }
}

/// `m` with its median and interval in another unit, whose median is `median`.
fn scaled_to(m: &Measurement, median: f64) -> Measurement {
    let factor = median / m.ns_per_op.median;
    let mut scaled = m.clone();
    scaled.ns_per_op = m.ns_per_op.scaled(factor);
    scaled.median_interval = m.median_interval.map(|i| Interval {
        median: i.median * factor,
        low: i.low * factor,
        high: i.high * factor,
    });
    scaled
}

/// Of every variant's ratio to run 1's best of its workload and to the floor, paired per round
/// in each run: how many were found in both runs, and how many of run 2's lay inside run 1's
/// 95% prediction interval for them ([`prediction_half_width`], with the family's A/A
/// `deviation`).
fn ratio_calibration(
    pairs: &[(&Measurement, &Measurement)],
    second: &BTreeMap<Key, &Measurement>,
    deviation: &BTreeMap<String, f64>,
    noise: &Noise,
) -> (usize, usize) {
    let first_of = |m: &Measurement, variant: &str| {
        pairs
            .iter()
            .find(|(a, _)| {
                a.family == m.family
                    && a.variant == variant
                    && a.workload == m.workload
                    && a.mode == m.mode
                    && a.eviction_bytes == m.eviction_bytes
            })
            .map(|(a, _)| *a)
    };
    let (mut found, mut inside) = (0, 0);
    for (a1, a2) in pairs.iter().filter(|(a, _)| !a.floor) {
        let best = pairs
            .iter()
            .filter(|(b, _)| {
                b.ranked()
                    && b.family == a1.family
                    && b.workload == a1.workload
                    && b.mode == a1.mode
                    && b.eviction_bytes == a1.eviction_bytes
            })
            .min_by(|x, y| x.0.ns_per_op.median.total_cmp(&y.0.ns_per_op.median))
            .map(|(b, _)| b.variant.clone());
        let floor = pairs
            .iter()
            .find(|(b, _)| {
                b.floor
                    && b.family == a1.family
                    && b.workload == a1.workload
                    && b.mode == a1.mode
                    && b.eviction_bytes == a1.eviction_bytes
            })
            .map(|(b, _)| b.variant.clone());
        for reference in [best.filter(|b| *b != a1.variant), floor]
            .into_iter()
            .flatten()
        {
            let Some(r1) = first_of(a1, &reference) else {
                continue;
            };
            let Some(r2) = second.get(&Key::of(r1)) else {
                continue;
            };
            let (Some(one), Some(two)) = (
                noise.workload_ratio(a1, r1),
                paired_ratio(&a2.rounds, &r2.rounds, a2.layout()),
            ) else {
                continue;
            };
            found += 1;
            let d = deviation.get(&a1.family).copied().unwrap_or(0.0);
            let center = one.median.ln();
            if (two.median.ln() - center).abs() <= prediction_half_width(&one, d) {
                inside += 1;
            }
        }
    }
    (found, inside)
}

/// The median change `run 2 / run 1 - 1` of every median, when they moved together: at least
/// 80% of them, and the floor's median change, the same way as it, and it 2% or more.
fn common_move(pairs: &[(&Measurement, &Measurement)]) -> Option<f64> {
    let changes: Vec<f64> = pairs
        .iter()
        .map(|(a, b)| (b.ns_per_op.median / a.ns_per_op.median).ln())
        .filter(|c| c.is_finite())
        .collect();
    let typical = crate::base::stats::median(&changes)?;
    let floors: Vec<f64> = pairs
        .iter()
        .filter(|(a, _)| a.floor)
        .map(|(a, b)| (b.ns_per_op.median / a.ns_per_op.median).ln())
        .collect();
    let floor = crate::base::stats::median(&floors)?;
    let same_way = changes
        .iter()
        .filter(|c| c.signum() == typical.signum())
        .count();
    let together = same_way as f64 >= 0.8 * changes.len() as f64
        && floor.signum() == typical.signum()
        && typical.abs() >= 1.02f64.ln();
    together.then(|| typical.exp() - 1.0)
}

/// Whether `x` lies in the first run's 95% prediction interval for a second median, given the
/// first run's A/A `deviation` of the family (a log ratio's root mean square; see the module
/// docs).
fn prediction_contains(m: &Measurement, x: f64, deviation: f64) -> bool {
    let Some(interval) = m.median_interval else {
        return false;
    };
    let center = m.ns_per_op.median.ln();
    (x.ln() - center).abs() <= prediction_half_width(&interval, deviation)
}

/// The half-width, on a log scale, of the 95% prediction interval for a second run's figure
/// from a first run's 95% `interval` of it: `1.96 · √(2·se² + d²)`, `se` the interval's
/// half-width over 1.96 and `d` the family's A/A deviation (see the module docs).
fn prediction_half_width(interval: &Interval, deviation: f64) -> f64 {
    let se = (interval.high / interval.low).ln() / (2.0 * 1.96);
    1.96 * (2.0 * se * se + deviation * deviation).sqrt()
}

/// Of the pairs of variants in one workload that the first run orders significantly, how many,
/// and how many the second run orders the same way.
fn orderings(pairs: &[(&Measurement, &Measurement)], noise: &Noise) -> (usize, usize) {
    let mut by_workload: BTreeMap<(String, String, crate::record::Mode, u64), Vec<usize>> =
        BTreeMap::new();
    for (i, (m, _)) in pairs.iter().enumerate() {
        if !m.floor {
            let key = (
                m.family.clone(),
                m.workload.clone(),
                m.mode,
                m.eviction_bytes,
            );
            by_workload.entry(key).or_default().push(i);
        }
    }
    let (mut significant, mut reproduced) = (0, 0);
    for indices in by_workload.values() {
        for (x, &i) in indices.iter().enumerate() {
            for &j in &indices[x + 1..] {
                let ((a1, a2), (b1, b2)) = (pairs[i], pairs[j]);
                let Some(ratio) = noise.workload_ratio(a1, b1) else {
                    continue;
                };
                if ratio.includes_parity() {
                    continue;
                }
                significant += 1;
                let first_says_a_faster = ratio.high < 1.0;
                let second_says_a_faster = a2.ns_per_op.median < b2.ns_per_op.median;
                if first_says_a_faster == second_says_a_faster {
                    reproduced += 1;
                }
            }
        }
    }
    (significant, reproduced)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Mode;

    fn measurement(variant: &str, same_code_as: Option<&str>, median: f64) -> Measurement {
        let mut m = crate::tools::compare::tests::measurement(variant, 0, median);
        m.mode = Mode::Throughput;
        m.median_interval = Some(Interval {
            median,
            low: median / 1.01,
            high: median * 1.01,
        });
        m.same_code_as = same_code_as.map(Into::into);
        m.twin = same_code_as.is_some();
        m
    }

    #[test]
    fn the_prediction_interval_adds_what_the_controls_show() {
        let m = measurement("a", None, 1.0);
        // The rounds alone: se = ln(1.01²) / 3.92, half-width 1.96 · √2 · se ≈ 1.41%.
        assert!(prediction_contains(&m, 1.014, 0.0));
        assert!(!prediction_contains(&m, 1.015, 0.0));
        assert!(!prediction_contains(&m, 1.0 / 1.015, 0.0));
        // A family whose A/A pair differs by 3%: √(2·se² + 0.03²) · 1.96 ≈ 6.2%.
        let d = control_deviation(&[m.clone(), measurement("a-aa", Some("a"), 1.03)])["f"];
        assert!((d - 1.03f64.ln()).abs() < 1e-12, "{d}");
        assert!(prediction_contains(&m, 1.06, d));
        assert!(prediction_contains(&m, 1.0 / 1.06, d));
        assert!(!prediction_contains(&m, 1.07, d));
    }

    #[test]
    fn the_deviation_is_the_root_mean_square_over_pairs_and_workloads() {
        let mut ms = vec![
            measurement("a", None, 1.0),
            measurement("a-aa", Some("a"), 1.02),
            measurement("b", None, 2.0),
            measurement("b-copy", Some("b"), 2.0 / 1.04),
        ];
        let mut other = measurement("a", None, 1.0);
        other.family = "g".into();
        ms.push(other);
        let d = control_deviation(&ms);
        let want = ((1.02f64.ln().powi(2) + 1.04f64.ln().powi(2)) / 2.0).sqrt();
        assert!((d["f"] - want).abs() < 1e-12, "{d:?}");
        assert!(!d.contains_key("g"), "no control, no deviation: {d:?}");
    }
}
