//! Comparing two records: measurement by measurement, with a verdict that says nothing the
//! numbers cannot support.
//!
//! Measurements are matched by (family, variant, workload, mode, eviction size); at least one
//! must be common. For each, the change is `ln(new / old)`. Two kinds of noise stand between
//! that change and a verdict:
//!
//! - **within each run**: how sure each median is, from its 95% interval (schema 2) or its
//!   MAD and sample count (schema 1);
//! - **between runs**: on a shared machine everything moves from one run to the next, the
//!   empty kernel (the floor) included. A measurement's *drift* is anchored on what its own
//!   code cannot move: the floors measured the same way (mode and eviction size) and the
//!   other families' measurements taken the same way; it is their median change. So a change
//!   confined to one family (every `knight_attacks` variant 50% slower, the floor unchanged)
//!   is seen, while the machine getting slower as a whole is drift, reported and never called
//!   a regression. The robust spread of the changes beyond drift, pooled over the
//!   measurements taken the same way, is the run-to-run noise.
//!
//! A measurement has **regressed** when its change beyond drift exceeds the threshold *and*
//! 1.96 standard deviations of the two noises together, its own median moved beyond the
//! threshold in the same direction, and the variant's measurements in that mode, taken
//! together, say the same; a measurement that moved alone is shown as `(alone)` and not
//! counted. Improvements are judged the same way. Measurements present in one record only are
//! listed and never count.
//!
//! When the measurements moved as a whole by more than the threshold, the output says so,
//! with the size of the move and whether the floor moved too: that is treated as the
//! machine's drift, and `--no-drift` ([`Options::no_drift`]) judges every change raw instead.
//! Records from different CPUs (vendor, family, model) are refused unless the caller allows
//! it, and so are a `--quick` record against a full one ([`comparable`]).
//!
//! The result is plain data ([`Comparison`]); `render::report::compare` renders it.

use crate::base::units;
use crate::record::{Measurement, Mode, Record};
use serde::Serialize;
use std::collections::BTreeMap;

/// A measurement's identity across records.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Key {
    pub family: String,
    pub variant: String,
    pub workload: String,
    pub mode: Mode,
    pub eviction_bytes: u64,
}

impl Key {
    pub fn of(m: &Measurement) -> Key {
        Key {
            family: m.family.clone(),
            variant: m.variant.clone(),
            workload: m.workload.clone(),
            mode: m.mode,
            eviction_bytes: m.eviction_bytes,
        }
    }

    /// `family/variant/workload-mode[-E]`, as in `cargo bench` ids and exports.
    pub fn id(&self) -> String {
        measurement_id(
            &self.family,
            &self.variant,
            &self.workload,
            self.mode,
            self.eviction_bytes,
        )
    }
}

/// The id of a measurement: `family/variant/workload-mode`, plus `-E` under cache pressure.
pub fn measurement_id(
    family: &str,
    variant: &str,
    workload: &str,
    mode: Mode,
    eviction: u64,
) -> String {
    match mode {
        Mode::CachePressure => format!(
            "{family}/{variant}/{workload}-{}-{}",
            mode.name(),
            units::bytes_compact(eviction)
        ),
        _ => format!("{family}/{variant}/{workload}-{}", mode.name()),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Regressed,
    Improved,
    /// Beyond the threshold and the noise on its own, but not borne out by the variant's
    /// other measurements in the same mode: a glitch of one slice of the run, not counted.
    Unconfirmed,
    /// Within the threshold or within the noise.
    Unchanged,
}

/// One matched measurement.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    #[serde(flatten)]
    pub key: Key,
    pub old_ns: f64,
    pub new_ns: f64,
    /// New median over old median.
    pub ratio: f64,
    /// The ratio beyond its group's drift.
    pub adjusted_ratio: f64,
    /// One standard deviation of the noise, as a percentage.
    pub noise_percent: f64,
    pub verdict: Verdict,
}

/// How a group of measurements taken the same way moved as a whole.
#[derive(Clone, Debug, Serialize)]
pub struct Drift {
    pub mode: Mode,
    pub eviction_bytes: u64,
    pub measurements: usize,
    /// The median ratio new/old of the group.
    pub ratio: f64,
    /// The robust spread of the group's changes around it, as a percentage.
    pub spread_percent: f64,
}

/// What `compare` is told to accept, and how to judge.
#[derive(Clone, Debug)]
pub struct Options {
    pub threshold_percent: f64,
    pub allow_cross_cpu: bool,
    pub allow_mode_mismatch: bool,
    /// Compare records measured by different methods ([`crate::record::Method`]).
    pub allow_across_methods: bool,
    /// Judge every change raw: no drift is taken out.
    pub no_drift: bool,
}

impl Default for Options {
    /// A 5% threshold; different CPUs, quick against full and different methods refused;
    /// drift taken out.
    fn default() -> Options {
        Options {
            threshold_percent: 5.0,
            allow_cross_cpu: false,
            allow_mode_mismatch: false,
            allow_across_methods: false,
            no_drift: false,
        }
    }
}

/// The measurements moved as a whole by more than the threshold.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Shift {
    /// The median ratio new/old of the measurements, the floor left out.
    pub ratio: f64,
    /// How many of them moved beyond the threshold in that direction, of how many.
    pub moved: usize,
    pub of: usize,
    /// The median ratio new/old of the floors, if the records have floors.
    pub floor_ratio: Option<f64>,
    /// Whether the floors moved beyond the threshold in the same direction.
    pub floor_too: bool,
}

/// Everything `compare` says.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    pub old: String,
    pub new: String,
    pub threshold_percent: f64,
    /// The records come from different CPUs (compared only when the caller allowed it).
    pub cross_cpu: bool,
    /// One is a `--quick` record and the other not (compared only when allowed).
    pub mode_mismatch: bool,
    /// How the records' methods differ, one phrase each (compared only when allowed; empty
    /// when they agree).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub method_differences: Vec<String>,
    /// `--no-drift`: every change judged raw.
    pub no_drift: bool,
    /// The measurements moved as a whole beyond the threshold.
    pub shift: Option<Shift>,
    pub drift: Vec<Drift>,
    pub rows: Vec<Row>,
    pub only_in_old: Vec<String>,
    pub only_in_new: Vec<String>,
    pub regressions: usize,
    pub improvements: usize,
}

/// Why two records were not compared.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    DifferentCpus { old: String, new: String },
    ModeMismatch { old_quick: bool, new_quick: bool },
    DifferentMethods { differences: Vec<String> },
    NothingInCommon,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::DifferentCpus { old, new } => write!(
                f,
                "the records come from different CPUs ({old} vs {new}); timings of different \
                 machines are not comparable as regressions. Pass --cross-cpu to compare them anyway."
            ),
            Refusal::ModeMismatch { old_quick, new_quick } => {
                let kind = |quick: &bool| if *quick { "a --quick run" } else { "a full run" };
                write!(
                    f,
                    "the old record is {} and the new one {}: their noise differs too much for a \
                     verdict. Pass --allow-mode-mismatch to compare them anyway.",
                    kind(old_quick),
                    kind(new_quick)
                )
            }
            Refusal::DifferentMethods { differences } => write!(
                f,
                "the records were measured by different methods ({}): a change between them \
                 may be the method's. Pass --across-methods to compare them anyway.",
                differences.join("; ")
            ),
            Refusal::NothingInCommon => write!(
                f,
                "the records have no measurement in common (family, variant, workload, mode and \
                 eviction size): there is nothing to compare"
            ),
        }
    }
}

impl std::error::Error for Refusal {}

/// A record's CPU and architecture, as `compare` names them.
pub fn cpu_of(record: &Record) -> String {
    format!(
        "{} ({})",
        record.machine.cpu.describe(),
        record.machine.arch
    )
}

/// Fewer measurements than this in a group, and the group's drift and spread are taken from
/// all measurements of its mode instead.
const MIN_GROUP: usize = 5;

/// What `compare` refuses, checked: records of different CPUs (unless allowed), a `--quick`
/// record against a full one (unless allowed), records of different methods (unless
/// allowed), records with no measurement in common.
/// Returns the matched pairs, old then new. `repeatability` refuses the same.
pub fn comparable<'a>(
    old: &'a Record,
    new: &'a Record,
    options: &Options,
) -> Result<Vec<(&'a Measurement, &'a Measurement)>, Refusal> {
    if cross_cpu(old, new) && !options.allow_cross_cpu {
        return Err(Refusal::DifferentCpus {
            old: cpu_of(old),
            new: cpu_of(new),
        });
    }
    if old.run.quick != new.run.quick && !options.allow_mode_mismatch {
        return Err(Refusal::ModeMismatch {
            old_quick: old.run.quick,
            new_quick: new.run.quick,
        });
    }
    let differences = old.method().differences(&new.method());
    if !differences.is_empty() && !options.allow_across_methods {
        return Err(Refusal::DifferentMethods { differences });
    }
    let by_key: BTreeMap<Key, &Measurement> =
        new.measurements.iter().map(|m| (Key::of(m), m)).collect();
    let pairs: Vec<(&Measurement, &Measurement)> = old
        .measurements
        .iter()
        .filter_map(|o| Some((o, *by_key.get(&Key::of(o))?)))
        .collect();
    if pairs.is_empty() {
        return Err(Refusal::NothingInCommon);
    }
    Ok(pairs)
}

fn cross_cpu(old: &Record, new: &Record) -> bool {
    !old.machine.cpu.same_cpu(&new.machine.cpu) || old.machine.arch != new.machine.arch
}

/// Compares `new` against `old`.
pub fn compare(
    old: (&str, &Record),
    new: (&str, &Record),
    options: &Options,
) -> Result<Comparison, Refusal> {
    let pairs = comparable(old.1, new.1, options)?;
    let anchored = if options.no_drift {
        BTreeMap::new()
    } else {
        anchored_drifts(&pairs)
    };
    let drift = drift_by_group(&pairs, &anchored);
    let mut rows: Vec<Row> = pairs
        .iter()
        .map(|&(o, n)| row(o, n, &drift, &anchored, options.threshold_percent))
        .collect();
    confirm(&mut rows, options.threshold_percent);
    let only = |a: &Record, b: &Record| -> Vec<String> {
        let keys: std::collections::BTreeSet<Key> = b.measurements.iter().map(Key::of).collect();
        a.measurements
            .iter()
            .map(Key::of)
            .filter(|k| !keys.contains(k))
            .map(|k| k.id())
            .collect()
    };
    let count = |v: Verdict| rows.iter().filter(|r| r.verdict == v).count();
    Ok(Comparison {
        old: old.0.to_string(),
        new: new.0.to_string(),
        threshold_percent: options.threshold_percent,
        cross_cpu: cross_cpu(old.1, new.1),
        mode_mismatch: old.1.run.quick != new.1.run.quick,
        method_differences: old.1.method().differences(&new.1.method()),
        no_drift: options.no_drift,
        shift: shift(&pairs, options.threshold_percent),
        regressions: count(Verdict::Regressed),
        improvements: count(Verdict::Improved),
        drift: drift.values().cloned().collect(),
        only_in_old: only(old.1, new.1),
        only_in_new: only(new.1, old.1),
        rows,
    })
}

/// The log-change of a pair.
fn change(o: &Measurement, n: &Measurement) -> f64 {
    (n.ns_per_op.median / o.ns_per_op.median).ln()
}

/// The measurements' move as a whole, when it exceeds the threshold.
fn shift(pairs: &[(&Measurement, &Measurement)], threshold_percent: f64) -> Option<Shift> {
    let limit = (1.0 + threshold_percent / 100.0).ln();
    let (floors, kernels): (Vec<f64>, Vec<f64>) = {
        let (f, k): (Vec<_>, Vec<_>) = pairs.iter().partition(|(o, _)| o.floor);
        let changes = |v: Vec<&(&Measurement, &Measurement)>| -> Vec<f64> {
            v.into_iter().map(|&(o, n)| change(o, n)).collect()
        };
        (changes(f), changes(k))
    };
    let center = crate::base::stats::median(&kernels)?;
    if center.abs() <= limit {
        return None;
    }
    let floor = crate::base::stats::median(&floors);
    Some(Shift {
        ratio: center.exp(),
        moved: kernels
            .iter()
            .filter(|c| c.abs() > limit && c.signum() == center.signum())
            .count(),
        of: kernels.len(),
        floor_ratio: floor.map(f64::exp),
        floor_too: floor.is_some_and(|f| f.abs() > limit && f.signum() == center.signum()),
    })
}

/// The drift and spread of each (mode, eviction) group: its drift is the median change of
/// everything measured in it, the floor included (reported, the machine's move); its spread
/// is the robust spread of the changes once each measurement's anchored drift is taken out
/// (`anchored`: empty to take none out).
fn drift_by_group(
    pairs: &[(&Measurement, &Measurement)],
    anchored: &BTreeMap<Anchor, f64>,
) -> BTreeMap<(Mode, u64), Drift> {
    let mut groups: BTreeMap<(Mode, u64), (Vec<f64>, Vec<f64>)> = BTreeMap::new();
    let mut by_mode: BTreeMap<Mode, Vec<f64>> = BTreeMap::new();
    for &(o, n) in pairs {
        let adjusted = change(o, n) - drift_of(anchored, o);
        let group = groups.entry((o.mode, o.eviction_bytes)).or_default();
        group.0.push(change(o, n));
        group.1.push(adjusted);
        by_mode.entry(o.mode).or_default().push(adjusted);
    }
    groups
        .into_iter()
        .map(|((mode, eviction), (changes, adjusted))| {
            let pool = if adjusted.len() >= MIN_GROUP {
                &adjusted
            } else {
                &by_mode[&mode]
            };
            let spread = if pool.len() >= MIN_GROUP {
                robust_center_and_spread(pool).1
            } else {
                0.0
            };
            let drift = Drift {
                mode,
                eviction_bytes: eviction,
                measurements: changes.len(),
                ratio: crate::base::stats::median(&changes).unwrap_or(0.0).exp(),
                spread_percent: spread * 100.0,
            };
            ((mode, eviction), drift)
        })
        .collect()
}

/// A family, in a (mode, eviction) group: whose measurements share one anchored drift.
type Anchor = (String, Mode, u64);

fn anchor_of(m: &Measurement) -> Anchor {
    (m.family.clone(), m.mode, m.eviction_bytes)
}

/// The drift taken out of `m`'s change: its anchor's, 0 if none.
fn drift_of(anchored: &BTreeMap<Anchor, f64>, m: &Measurement) -> f64 {
    anchored.get(&anchor_of(m)).copied().unwrap_or(0.0)
}

/// Each family's drift in each (mode, eviction) group: the median change of what its own
/// code cannot move, measured the same way: every floor of the group (the empty kernel, its
/// own family's included), and each other family, one vote each (its median change), so that
/// a family with many variants weighs no more than one with few. 0 where there is nothing.
fn anchored_drifts(pairs: &[(&Measurement, &Measurement)]) -> BTreeMap<Anchor, f64> {
    type Group = (Vec<f64>, BTreeMap<String, Vec<f64>>);
    let mut groups: BTreeMap<(Mode, u64), Group> = BTreeMap::new();
    for &(o, n) in pairs {
        let (floors, families) = groups.entry((o.mode, o.eviction_bytes)).or_default();
        if o.floor {
            floors.push(change(o, n));
        } else {
            families
                .entry(o.family.clone())
                .or_default()
                .push(change(o, n));
        }
    }
    let mut drifts = BTreeMap::new();
    for ((mode, eviction), (floors, families)) in &groups {
        let votes: BTreeMap<&String, f64> = families
            .iter()
            .filter_map(|(family, changes)| Some((family, crate::base::stats::median(changes)?)))
            .collect();
        for family in families.keys() {
            let anchors: Vec<f64> = floors
                .iter()
                .copied()
                .chain(
                    votes
                        .iter()
                        .filter(|(other, _)| **other != family)
                        .map(|(_, vote)| *vote),
                )
                .collect();
            let drift = crate::base::stats::median(&anchors).unwrap_or(0.0);
            drifts.insert((family.clone(), *mode, *eviction), drift);
        }
    }
    drifts
}

/// The median, and the MAD scaled to a standard deviation (1.4826 × MAD).
fn robust_center_and_spread(values: &[f64]) -> (f64, f64) {
    let center = crate::base::stats::median(values).unwrap_or(0.0);
    let deviations: Vec<f64> = values.iter().map(|v| (v - center).abs()).collect();
    let mad = crate::base::stats::median(&deviations).unwrap_or(0.0);
    (center, 1.4826 * mad)
}

/// How sure a median is, as a standard deviation of its logarithm.
fn log_standard_error(m: &Measurement) -> f64 {
    match &m.median_interval {
        Some(i) if i.low > 0.0 => (i.high / i.low).ln() / (2.0 * 1.96),
        _ => {
            let s = &m.ns_per_op;
            // The median's standard error, from the MAD as a standard deviation.
            1.2533 * 1.4826 * s.mad / s.median / (s.samples.max(1) as f64).sqrt()
        }
    }
}

fn row(
    o: &Measurement,
    n: &Measurement,
    drift: &BTreeMap<(Mode, u64), Drift>,
    anchored: &BTreeMap<Anchor, f64>,
    threshold_percent: f64,
) -> Row {
    let group = &drift[&(o.mode, o.eviction_bytes)];
    let adjusted = change(o, n) - drift_of(anchored, o);
    let spread = group.spread_percent / 100.0;
    let noise =
        (log_standard_error(o).powi(2) + log_standard_error(n).powi(2) + spread.powi(2)).sqrt();
    // The change must also show in the measurement's own medians: a kernel whose time did
    // not move beyond the threshold is not called slower because the rest of its workload got
    // faster (on one machine, unchanged code, that is the process, not the kernel).
    let raw = verdict(change(o, n), 0.0, threshold_percent);
    let verdict = match verdict(adjusted, noise, threshold_percent) {
        v if v == raw => v,
        _ => Verdict::Unchanged,
    };
    Row {
        key: Key::of(o),
        old_ns: o.ns_per_op.median,
        new_ns: n.ns_per_op.median,
        ratio: n.ns_per_op.median / o.ns_per_op.median,
        adjusted_ratio: adjusted.exp(),
        noise_percent: noise * 100.0,
        verdict,
    }
}

/// The verdict on a log-change beyond drift, given one standard deviation of its noise.
fn verdict(adjusted: f64, noise: f64, threshold_percent: f64) -> Verdict {
    let limit = (1.0 + threshold_percent / 100.0).ln();
    if adjusted > limit && adjusted > 1.96 * noise {
        Verdict::Regressed
    } else if -adjusted > limit && -adjusted > 1.96 * noise {
        Verdict::Improved
    } else {
        Verdict::Unchanged
    }
}

/// Corroboration. Thousands of measurements at 1.96 standard deviations each would flag a few
/// by chance alone, and on a shared machine one slice of a run (one workload, one eviction
/// size) is now and then disturbed past any interval the run could estimate. So a single
/// measurement's verdict counts only when the variant's measurements in the same mode, all
/// workloads and eviction sizes taken together (the mean log-change beyond drift, its noise
/// that of a mean), reach the same verdict; otherwise it is `Unconfirmed`, shown and not
/// counted. A change in a kernel's code moves the variant's measurements together; a
/// disturbed slice moves one. The floor (the empty kernel) is the harness, not a kernel:
/// it is never a regression.
fn confirm(rows: &mut [Row], threshold_percent: f64) {
    type Group = (String, String, Mode);
    let mut groups: BTreeMap<Group, (f64, f64, usize)> = BTreeMap::new();
    for r in rows.iter() {
        let entry = groups
            .entry((r.key.family.clone(), r.key.variant.clone(), r.key.mode))
            .or_insert((0.0, 0.0, 0));
        let noise = r.noise_percent / 100.0;
        *entry = (
            entry.0 + r.adjusted_ratio.ln(),
            entry.1 + noise * noise,
            entry.2 + 1,
        );
    }
    for r in rows.iter_mut() {
        if r.verdict == Verdict::Unchanged {
            continue;
        }
        if r.key.variant == crate::measure::FLOOR {
            r.verdict = Verdict::Unconfirmed;
            continue;
        }
        let (sum, squares, k) = groups[&(r.key.family.clone(), r.key.variant.clone(), r.key.mode)];
        let k = k as f64;
        if verdict(sum / k, squares.sqrt() / k, threshold_percent) != r.verdict {
            r.verdict = Verdict::Unconfirmed;
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::base::stats::Summary;

    /// A measurement of family `f`, workload `w`, under cache pressure of `eviction` bytes,
    /// its median `median` with a spread of 1% (other tests of the crate use it too).
    pub(crate) fn measurement(variant: &str, eviction: u64, median: f64) -> Measurement {
        let summary = Summary {
            median,
            mad: median * 0.01,
            min: median * 0.97,
            max: median * 1.03,
            p25: median * 0.99,
            p75: median * 1.01,
            samples: 100,
        };
        Measurement {
            family: "f".into(),
            variant: variant.into(),
            workload: "w".into(),
            mode: Mode::CachePressure,
            eviction_bytes: eviction,
            unit: "query".into(),
            ns_per_op: summary,
            rounds: vec![],
            sweeps: vec![],
            forks: vec![],
            median_interval: None,
            cycles_per_op_estimate: None,
            ratio_to_best: None,
            paired_ratio_to_best: None,
            tied_with_best: None,
            same_code_as: None,
            twin: false,
            baseline_of: None,
            floor_multiple: None,
            table_bytes: 0,
            requires: vec![],
            external: false,
            floor: false,
            suspect: false,
            cache_sim: None,
            bound: None,
        }
    }

    /// The verdicts on family `f`'s six variants (old medians 1 to 6, new `new`), measured
    /// beside a family `g` of six variants (old 1 to 6, new those times `others`) and each
    /// family's floor (old 0.5, new that times `floors`).
    fn verdicts(new: &[f64], others: [f64; 6], floors: f64) -> Vec<Verdict> {
        let pair = |family: &str, variant: &str, old: f64, new: f64| {
            let mut o = measurement(variant, 0, old);
            let mut n = measurement(variant, 0, new);
            o.family = family.into();
            n.family = family.into();
            o.floor = variant == crate::measure::FLOOR;
            n.floor = o.floor;
            (o, n)
        };
        let mut pairs: Vec<(Measurement, Measurement)> = new
            .iter()
            .enumerate()
            .map(|(i, &n)| pair("f", &format!("v{i}"), (i + 1) as f64, n))
            .collect();
        for (i, factor) in others.iter().enumerate() {
            let old = (i + 1) as f64;
            pairs.push(pair("g", &format!("v{i}"), old, old * factor));
        }
        for family in ["f", "g"] {
            pairs.push(pair(family, crate::measure::FLOOR, 0.5, 0.5 * floors));
        }
        let refs: Vec<(&Measurement, &Measurement)> = pairs.iter().map(|(o, n)| (o, n)).collect();
        let anchored = anchored_drifts(&refs);
        let drift = drift_by_group(&refs, &anchored);
        refs[..new.len()]
            .iter()
            .map(|&(o, n)| row(o, n, &drift, &anchored, 5.0).verdict)
            .collect()
    }

    #[test]
    fn one_disturbed_slice_is_unconfirmed_a_slower_kernel_is_a_regression() {
        let row = |variant: &str, eviction: u64, adjusted: f64| Row {
            key: Key {
                family: "f".into(),
                variant: variant.into(),
                workload: "w".into(),
                mode: Mode::CachePressure,
                eviction_bytes: eviction,
            },
            old_ns: 1.0,
            new_ns: adjusted,
            ratio: adjusted,
            adjusted_ratio: adjusted,
            noise_percent: 1.0,
            verdict: verdict(adjusted.ln(), 0.01, 5.0),
        };
        let mut rows: Vec<Row> = (0..7)
            .map(|e| row("glitch", e, if e == 3 { 1.3 } else { 1.0 }))
            .chain((0..7).map(|e| row("slower", e, 1.2)))
            .chain([row(crate::measure::FLOOR, 0, 1.3)])
            .collect();
        assert_eq!(rows[3].verdict, Verdict::Regressed, "alone, it would count");
        confirm(&mut rows, 5.0);
        let verdicts: Vec<Verdict> = rows.iter().map(|r| r.verdict).collect();
        assert_eq!(verdicts[3], Verdict::Unconfirmed);
        assert!(verdicts[..7].iter().all(|&v| v != Verdict::Regressed));
        assert!(verdicts[7..14].iter().all(|&v| v == Verdict::Regressed));
        assert_eq!(
            verdicts[14],
            Verdict::Unconfirmed,
            "the floor is never a regression"
        );
    }

    #[test]
    fn one_kernel_slower_is_a_regression_the_whole_machine_slower_is_drift() {
        let old = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        let steady = [1.0; 6];
        let one_slower = [1.0, 2.0, 3.9, 4.0, 5.0, 6.0];
        let got = verdicts(&one_slower, steady, 1.0);
        assert_eq!(got[2], Verdict::Regressed);
        assert!(got.iter().filter(|&&v| v == Verdict::Regressed).count() == 1);
        let all_slower: Vec<f64> = old.iter().map(|x| x * 1.3).collect();
        assert!(verdicts(&all_slower, [1.3; 6], 1.3)
            .iter()
            .all(|&v| v == Verdict::Unchanged));
        // Run-to-run noise of ±10% in both families.
        let noise = [1.1, 0.9, 1.1, 0.9, 1.12, 1.0];
        let noisy: Vec<f64> = old.iter().zip(noise).map(|(x, f)| x * f).collect();
        let mut others = noise;
        others.reverse();
        assert!(
            verdicts(&noisy, others, 1.0)
                .iter()
                .all(|&v| v == Verdict::Unchanged),
            "within the run-to-run spread"
        );
    }

    #[test]
    fn a_whole_family_slower_is_a_regression_when_the_floor_and_the_others_did_not_move() {
        let old = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        let family_slower: Vec<f64> = old.iter().map(|x| x * 1.5).collect();
        let got = verdicts(&family_slower, [1.0; 6], 1.0);
        assert!(got.iter().all(|&v| v == Verdict::Regressed), "{got:?}");
        // With the floor and the other family 50% slower too, it is the machine.
        let got = verdicts(&family_slower, [1.5; 6], 1.5);
        assert!(got.iter().all(|&v| v == Verdict::Unchanged), "{got:?}");
    }

    #[test]
    fn a_uniform_shift_is_named_with_its_size() {
        let shift = Shift {
            ratio: 1.25,
            moved: 20,
            of: 20,
            floor_ratio: Some(1.25),
            floor_too: true,
        };
        assert_eq!(
            crate::render::report::compare::shift_text(&shift, false),
            "every measurement moved +25.0%, the floor too (+25.0%): treated as machine drift; \
             `--no-drift` to judge it raw"
        );
        assert!(crate::render::report::compare::shift_text(&shift, true)
            .ends_with("judged raw (--no-drift)"));
    }
}
