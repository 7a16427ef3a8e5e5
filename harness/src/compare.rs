//! Comparing two records: measurement by measurement, with a verdict that respects noise.
//!
//! Measurements are matched by (family, variant, workload, mode, eviction size). A measurement
//! has regressed only when its median grew by more than the threshold *and* by more than the
//! two runs' spread together (the sum of their median absolute deviations): a change that the
//! runs' own noise could explain is not called a regression, however large the threshold
//! allows. Improvements are judged the same way. Measurements present in one record only are
//! listed and never count as regressions. Records from different CPUs are not compared unless
//! the caller allows it, and the result then says so.

use crate::record::{Measurement, Record};
use crate::stats::Summary;
use crate::workload::{format_bytes, Mode};
use serde::Serialize;
use std::fmt::Write;

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
    fn of(m: &Measurement) -> Key {
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
            format_bytes(eviction)
        ),
        _ => format!("{family}/{variant}/{workload}-{}", mode.name()),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Regressed,
    Improved,
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
    /// The runs' spread together (sum of MADs), as a percentage of the old median.
    pub noise_percent: f64,
    pub verdict: Verdict,
}

/// Everything `compare` says.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    pub old: String,
    pub new: String,
    pub threshold_percent: f64,
    /// The records come from different CPUs (compared only when the caller allowed it).
    pub cross_cpu: bool,
    pub rows: Vec<Row>,
    pub only_in_old: Vec<String>,
    pub only_in_new: Vec<String>,
    pub regressions: usize,
    pub improvements: usize,
}

/// Why two records were not compared.
#[derive(Debug, Clone, PartialEq)]
pub struct DifferentCpus {
    pub old: String,
    pub new: String,
}

impl std::fmt::Display for DifferentCpus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the records come from different CPUs ({} vs {}); timings of different machines are not \
             comparable as regressions. Pass --cross-cpu to compare them anyway.",
            self.old, self.new
        )
    }
}

impl std::error::Error for DifferentCpus {}

/// The machine a record describes, for deciding whether two records are the same CPU.
fn cpu_of(record: &Record) -> String {
    format!("{} ({})", record.machine.cpu.brand, record.machine.arch)
}

/// The verdict on one measurement: see the module documentation.
pub fn verdict(old: &Summary, new: &Summary, threshold_percent: f64) -> Verdict {
    let difference = new.median - old.median;
    let noise = old.mad + new.mad;
    let threshold = old.median * threshold_percent / 100.0;
    if difference > threshold && difference > noise {
        Verdict::Regressed
    } else if -difference > threshold && -difference > noise {
        Verdict::Improved
    } else {
        Verdict::Unchanged
    }
}

/// Compares `new` against `old`.
pub fn compare(
    old: (&str, &Record),
    new: (&str, &Record),
    threshold_percent: f64,
    allow_cross_cpu: bool,
) -> Result<Comparison, DifferentCpus> {
    let cross_cpu = cpu_of(old.1) != cpu_of(new.1);
    if cross_cpu && !allow_cross_cpu {
        return Err(DifferentCpus {
            old: cpu_of(old.1),
            new: cpu_of(new.1),
        });
    }
    let mut rows = Vec::new();
    let mut only_in_old = Vec::new();
    for o in &old.1.measurements {
        let key = Key::of(o);
        match new.1.measurements.iter().find(|n| Key::of(n) == key) {
            Some(n) => {
                let verdict = verdict(&o.ns_per_op, &n.ns_per_op, threshold_percent);
                rows.push(Row {
                    old_ns: o.ns_per_op.median,
                    new_ns: n.ns_per_op.median,
                    ratio: n.ns_per_op.median / o.ns_per_op.median,
                    noise_percent: (o.ns_per_op.mad + n.ns_per_op.mad) / o.ns_per_op.median * 100.0,
                    verdict,
                    key,
                });
            }
            None => only_in_old.push(key.id()),
        }
    }
    let only_in_new = new
        .1
        .measurements
        .iter()
        .map(Key::of)
        .filter(|k| !old.1.measurements.iter().any(|o| &Key::of(o) == k))
        .map(|k| k.id())
        .collect();
    let count = |v: Verdict| rows.iter().filter(|r| r.verdict == v).count();
    Ok(Comparison {
        old: old.0.to_string(),
        new: new.0.to_string(),
        threshold_percent,
        cross_cpu,
        regressions: count(Verdict::Regressed),
        improvements: count(Verdict::Improved),
        rows,
        only_in_old,
        only_in_new,
    })
}

/// The comparison as a table for people.
pub fn render(comparison: &Comparison, old: &Record, new: &Record) -> String {
    let mut out = String::new();
    if comparison.cross_cpu {
        let _ = writeln!(
            out,
            "CROSS-CPU COMPARISON: {} vs {}. Differences include the machines, not only the code.\n",
            cpu_of(old),
            cpu_of(new)
        );
    }
    let _ = writeln!(out, "old: {} ({})", comparison.old, old.caption());
    let _ = writeln!(out, "new: {} ({})", comparison.new, new.caption());
    let _ = writeln!(
        out,
        "regressed = slower by more than {}% and by more than both runs' spread (sum of MADs)\n",
        comparison.threshold_percent
    );
    let _ = writeln!(
        out,
        "{:<62} {:>9} {:>9} {:>7} {:>7}  verdict",
        "measurement", "old ns", "new ns", "ratio", "noise"
    );
    for row in &comparison.rows {
        let verdict = match row.verdict {
            Verdict::Regressed => "REGRESSED",
            Verdict::Improved => "improved",
            Verdict::Unchanged => "",
        };
        let _ = writeln!(
            out,
            "{:<62} {:>9.3} {:>9.3} {:>6.3}x {:>6.1}%  {verdict}",
            row.key.id(),
            row.old_ns,
            row.new_ns,
            row.ratio,
            row.noise_percent
        );
    }
    for (label, ids) in [
        ("only in old", &comparison.only_in_old),
        ("only in new", &comparison.only_in_new),
    ] {
        if !ids.is_empty() {
            let _ = writeln!(
                out,
                "\n{label} (not compared, not a regression): {}",
                ids.join(", ")
            );
        }
    }
    let within = |limit: f64| {
        comparison
            .rows
            .iter()
            .filter(|r| (r.ratio - 1.0).abs() <= limit)
            .count()
    };
    let _ = writeln!(
        out,
        "\n{} compared: {} regressed, {} improved; {} ({:.0}%) within 5%, {} within 10%",
        comparison.rows.len(),
        comparison.regressions,
        comparison.improvements,
        within(0.05),
        100.0 * within(0.05) as f64 / comparison.rows.len().max(1) as f64,
        within(0.10),
    );
    out
}

/// Pairs of variants more than `gap` apart (by ratio) in one record whose order flips in the
/// other, per workload: the order-stability check of two back-to-back runs.
pub fn order_flips(old: &Record, new: &Record, gap: f64) -> Vec<String> {
    let mut flips = Vec::new();
    let find = |r: &Record, k: &Key| {
        r.measurements
            .iter()
            .find(|m| &Key::of(m) == k)
            .map(|m| m.ns_per_op.median)
    };
    let keys: Vec<Key> = old
        .measurements
        .iter()
        .filter(|m| !m.floor)
        .map(Key::of)
        .collect();
    for (i, a) in keys.iter().enumerate() {
        for b in &keys[i + 1..] {
            let same_workload = a.family == b.family
                && a.workload == b.workload
                && a.mode == b.mode
                && a.eviction_bytes == b.eviction_bytes;
            if !same_workload {
                continue;
            }
            let (Some(oa), Some(ob), Some(na), Some(nb)) =
                (find(old, a), find(old, b), find(new, a), find(new, b))
            else {
                continue;
            };
            let apart = |x: f64, y: f64| x.max(y) / x.min(y) > 1.0 + gap;
            if (apart(oa, ob) || apart(na, nb)) && (oa < ob) != (na < nb) {
                flips.push(format!("{} vs {} on {}", a.id(), b.variant, a.workload));
            }
        }
    }
    flips
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(median: f64, mad: f64) -> Summary {
        Summary {
            median,
            mad,
            min: median - mad,
            max: median + mad,
            p25: median - mad,
            p75: median + mad,
            samples: 10,
        }
    }

    #[test]
    fn a_regression_must_beat_threshold_and_noise() {
        assert_eq!(
            verdict(&summary(10.0, 0.1), &summary(11.0, 0.1), 5.0),
            Verdict::Regressed
        );
        assert_eq!(
            verdict(&summary(10.0, 0.1), &summary(10.3, 0.1), 5.0),
            Verdict::Unchanged,
            "under threshold"
        );
        assert_eq!(
            verdict(&summary(10.0, 0.8), &summary(11.0, 0.8), 5.0),
            Verdict::Unchanged,
            "within noise"
        );
        assert_eq!(
            verdict(&summary(10.0, 0.1), &summary(9.0, 0.1), 5.0),
            Verdict::Improved
        );
    }
}
