//! What a readable record must satisfy. Every command that reads records (`report`, `plot`,
//! `compare`, `site`, `advise`) goes through [`super::Record::load`], which refuses a record
//! that breaks any of these rules, naming the field and the reason: values that cannot be
//! true (negative, zero, NaN, infinite or absurd times; quartiles out of order; rounds that
//! disagree with their summary), duplicate measurements, a record with no measurements,
//! names that could not safely become part of a file name, a start time that is no real UTC
//! time in the form bitbench writes (`2026-11-22T09:45:12Z`) or lies in the future, and
//! (checked on the JSON, by [`plain_text`]) strings holding control characters.

use super::{Interval, Measurement, Record};
use crate::base::names;
use crate::base::stats::Summary;
use std::collections::HashSet;

/// One broken rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub field: String,
    pub reason: String,
}

/// The longest time per query a record may claim: about 17 minutes. Anything above is a
/// corrupted or hand-edited number, not a measurement.
pub const MAX_NS: f64 = 1e12;
/// The clock estimate's plausible range, in GHz.
pub const CLOCK_GHZ: std::ops::RangeInclusive<f64> = 0.1..=10.0;

/// A value as a message shows it: in scientific notation when very large or very small, so
/// that 1e308 is not printed as 309 digits.
struct Shown(f64);

impl std::fmt::Display for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let size = self.0.abs();
        if self.0.is_finite() && size != 0.0 && !(1e-4..1e6).contains(&size) {
            write!(f, "{:e}", self.0)
        } else {
            write!(f, "{}", self.0)
        }
    }
}

fn problem<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T, Problem> {
    Err(Problem {
        field: field.into(),
        reason: reason.into(),
    })
}

/// Checks every string of a record's JSON before it is parsed: none may hold a control
/// character. Names and descriptions are printed on terminals and written into files and
/// pages, where a newline, a NUL or an escape sequence from a record would do harm.
pub fn plain_text(value: &serde_json::Value) -> Result<(), Problem> {
    /// The first string holding a control character: the path to it, innermost segment
    /// first, and what is wrong. The path is built only for that string, not for every node
    /// walked past, so a good record is walked without allocating.
    fn walk(value: &serde_json::Value) -> Option<(Vec<String>, String)> {
        match value {
            serde_json::Value::String(text) => {
                let c = text.chars().find(|c| c.is_control())?;
                let shown: String = text.chars().take(80).collect();
                let why = format!(
                    "{shown:?} holds a control character (U+{:04X})",
                    u32::from(c)
                );
                Some((Vec::new(), why))
            }
            serde_json::Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| {
                let (mut path, why) = walk(item)?;
                path.push(format!("[{i}]"));
                Some((path, why))
            }),
            serde_json::Value::Object(fields) => fields.iter().find_map(|(key, item)| {
                let (mut path, why) = walk(item)?;
                path.push(format!(".{key}"));
                Some((path, why))
            }),
            _ => None,
        }
    }
    match walk(value) {
        None => Ok(()),
        Some((path, why)) => {
            let at: String = path.into_iter().rev().collect();
            problem(at.strip_prefix('.').unwrap_or(&at), why)
        }
    }
}

/// Checks a whole record.
pub fn record(record: &Record) -> Result<(), Problem> {
    if record.tool.name != "bitbench" {
        return problem(
            "tool.name",
            format!("{:?} is not bitbench", record.tool.name),
        );
    }
    machine(record)?;
    started_utc(&record.run.started_utc, std::time::SystemTime::now())
        .or_else(|reason| problem("run.started_utc", reason))?;
    if !(record.run.duration_seconds.is_finite() && record.run.duration_seconds >= 0.0) {
        return problem("run.duration_seconds", "not a finite, non-negative number");
    }
    if let Some(clock) = &record.clock {
        if !CLOCK_GHZ.contains(&clock.ghz) {
            return problem(
                "clock.ghz",
                format!("{} GHz is outside 0.1 to 10 GHz", Shown(clock.ghz)),
            );
        }
    }
    for (i, clocks) in record.round_clocks.iter().enumerate() {
        if let Some(ghz) = clocks.ghz.iter().find(|g| !CLOCK_GHZ.contains(*g)) {
            return problem(
                format!("round_clocks[{i}].ghz"),
                format!("{} GHz is outside 0.1 to 10 GHz", Shown(*ghz)),
            );
        }
    }
    if record.measurements.is_empty() {
        return problem("measurements", "the record has no measurements");
    }
    let mut seen = HashSet::new();
    for (i, m) in record.measurements.iter().enumerate() {
        let at = format!(
            "measurements[{i}] ({}/{} {} {} {})",
            m.family,
            m.variant,
            m.workload,
            m.mode.name(),
            m.eviction_bytes
        );
        measurement(m).map_err(|p| Problem {
            field: format!("{at}.{}", p.field),
            reason: p.reason,
        })?;
        let key = (&m.family, &m.variant, &m.workload, m.mode, m.eviction_bytes);
        if !seen.insert(key) {
            return problem(at, "this measurement appears twice");
        }
    }
    for (i, rank) in record.ranks.iter().enumerate() {
        let at = format!("ranks[{i}]");
        names::checked("family", &rank.family).map_err(|e| bad_name(&at, e))?;
        names::checked("variant", &rank.variant).map_err(|e| bad_name(&at, e))?;
        positive(&format!("{at}.geomean_ratio"), rank.geomean_ratio)?;
    }
    for (i, s) in record.simd_speedups.iter().enumerate() {
        positive(&format!("simd_speedups[{i}].speedup"), s.speedup)?;
    }
    for (i, c) in record.compiler.iter().enumerate() {
        let at = format!("compiler[{i}]");
        names::checked("family", &c.family).map_err(|e| bad_name(&at, e))?;
        let fastest = [Some(&c.baseline), Some(&c.portable), c.simd.as_ref()];
        for f in fastest.into_iter().flatten() {
            names::checked("variant", &f.variant).map_err(|e| bad_name(&at, e))?;
            positive(&format!("{at}.ns_per_op"), f.ns_per_op)?;
        }
        bracket(&format!("{at}.compiler"), &c.compiler)?;
        if let Some(hand) = &c.hand_simd {
            bracket(&format!("{at}.hand_simd"), hand)?;
        }
    }
    controls(record)
}

/// The A/A controls: names that are names, ratios that are intervals, and a family-wise level
/// that is a probability (it is printed as a percentage).
fn controls(record: &Record) -> Result<(), Problem> {
    for (i, control) in record.controls.iter().enumerate() {
        let at = format!("controls[{i}]");
        names::checked("family", &control.family).map_err(|e| bad_name(&at, e))?;
        positive(&format!("{at}.spread"), control.spread)?;
        if let Some(p) = &control.placement {
            for (field, factor) in [("workload", p.workload), ("family", p.family)] {
                if !(factor.is_finite() && factor >= 1.0) {
                    return problem(
                        format!("{at}.placement.{field}"),
                        format!("{} is not a factor of 1 or more", Shown(factor)),
                    );
                }
            }
        }
        for (j, pair) in control.pairs.iter().enumerate() {
            let at = format!("{at}.pairs[{j}]");
            bracket(&format!("{at}.ratio"), &pair.ratio)?;
            bracket(&format!("{at}.widest"), &pair.widest)?;
            if let Some(family_wise) = &pair.family_wise {
                let level = family_wise.level;
                if !(level > 0.0 && level < 1.0) {
                    return problem(
                        format!("{at}.family_wise.level"),
                        format!("{} is not a probability between 0 and 1", Shown(level)),
                    );
                }
                bracket(&format!("{at}.family_wise.ratio"), &family_wise.ratio)?;
            }
        }
    }
    Ok(())
}

/// How far ahead of this machine's clock a record's start may lie (clocks disagree a little).
const FUTURE_SLACK_SECONDS: u64 = 86_400;

/// Checks a start time: `YYYY-MM-DDTHH:MM:SSZ` exactly, as bitbench writes it (so that their
/// order as text is their order in time), a day that exists in that month, a time of day that
/// exists (no leap second: bitbench reads the Unix clock, which has none), a year from 2000,
/// and no later than a day after `now`.
pub fn started_utc(text: &str, now: std::time::SystemTime) -> Result<(), String> {
    let shown = || format!("{:?}", text.chars().take(40).collect::<String>());
    let bytes = text.as_bytes();
    let shape = bytes.len() == 20
        && bytes.iter().enumerate().all(|(i, &b)| match i {
            4 | 7 => b == b'-',
            10 => b == b'T',
            13 | 16 => b == b':',
            19 => b == b'Z',
            _ => b.is_ascii_digit(),
        });
    if !shape {
        return Err(format!(
            "{} is not a UTC time of the form 2026-11-22T09:45:12Z",
            shown()
        ));
    }
    let number =
        |range: std::ops::Range<usize>| -> u32 { text[range].parse().expect("checked digits") };
    let (year, month, day) = (number(0..4), number(5..7), number(8..10));
    let (hour, minute, second) = (number(11..13), number(14..16), number(17..19));
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(format!("{}: there is no month {month}", shown())),
    };
    if day == 0 || day > days_in_month {
        return Err(format!(
            "{}: month {month} of {year} has no day {day}",
            shown()
        ));
    }
    if hour > 23 || minute > 59 || second > 59 {
        return Err(format!(
            "{}: {hour:02}:{minute:02}:{second:02} is no time of day",
            shown()
        ));
    }
    if year < 2000 {
        return Err(format!("{}: before any bitbench record", shown()));
    }
    let now = now
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let latest = super::utc_from_unix(now + FUTURE_SLACK_SECONDS).0;
    if text > latest.as_str() {
        return Err(format!(
            "{}: later than a day from now ({}); the record cannot have been made yet",
            shown(),
            super::utc_from_unix(now).0
        ));
    }
    Ok(())
}

fn bad_name(at: &str, error: names::BadName) -> Problem {
    Problem {
        field: format!("{at}.{}", error.field),
        reason: error.to_string(),
    }
}

fn machine(record: &Record) -> Result<(), Problem> {
    let cpu = &record.machine.cpu;
    for (field, value) in [
        ("machine.cpu.vendor", &cpu.vendor),
        ("machine.cpu.brand", &cpu.brand),
        ("machine.arch", &record.machine.arch),
    ] {
        if value.trim().is_empty() {
            return problem(field, "empty");
        }
    }
    names::checked("cpu slug", &cpu.slug()).map_err(|e| Problem {
        field: "machine.cpu (its folder name)".into(),
        reason: e.to_string(),
    })?;
    Ok(())
}

fn measurement(m: &Measurement) -> Result<(), Problem> {
    for (field, value) in [
        ("family", &m.family),
        ("variant", &m.variant),
        ("workload", &m.workload),
    ] {
        names::checked(field, value).map_err(|e| Problem {
            field: field.into(),
            reason: e.to_string(),
        })?;
    }
    summary(&m.ns_per_op)?;
    if !m.rounds.is_empty() {
        rounds(&m.rounds, &m.ns_per_op)?;
    }
    if !m.sweeps.is_empty() && m.sweeps.iter().sum::<usize>() != m.rounds.len() {
        return problem(
            "sweeps",
            format!(
                "the sweeps hold {} rounds, but there are {}",
                m.sweeps.iter().sum::<usize>(),
                m.rounds.len()
            ),
        );
    }
    if let Some(interval) = &m.median_interval {
        bracket("median_interval", interval)?;
    }
    if let Some(interval) = &m.paired_ratio_to_best {
        bracket("paired_ratio_to_best", interval)?;
    }
    for (field, value) in [
        ("cycles_per_op_estimate", m.cycles_per_op_estimate),
        ("ratio_to_best", m.ratio_to_best),
        ("floor_multiple", m.floor_multiple),
    ] {
        if let Some(value) = value {
            positive(field, value)?;
        }
    }
    if let Some(counts) = &m.cache_sim {
        for (field, value) in [
            ("cache_sim.instructions", counts.instructions),
            ("cache_sim.l1d_misses", counts.l1d_misses),
            ("cache_sim.ll_misses", counts.ll_misses),
        ] {
            if !(value.is_finite() && value >= 0.0) {
                return problem(field, format!("{} is not a finite count", Shown(value)));
            }
        }
    }
    if let Some(bound) = &m.bound {
        positive("bound.cycles", bound.cycles)?;
        positive("bound.instructions", bound.instructions)?;
        if !(0.0..=1.0).contains(&bound.covered) {
            return problem(
                "bound.covered",
                format!("{} is not a share between 0 and 1", Shown(bound.covered)),
            );
        }
    }
    Ok(())
}

/// A time per query: finite, above zero, below [`MAX_NS`].
fn time(field: &str, value: f64) -> Result<(), Problem> {
    if !value.is_finite() {
        return problem(field, format!("{value} is not a finite time"));
    }
    if value <= 0.0 {
        return problem(
            field,
            format!("{} ns: a time per query must be positive", Shown(value)),
        );
    }
    if value > MAX_NS {
        return problem(
            field,
            format!("{} ns is beyond any real measurement", Shown(value)),
        );
    }
    Ok(())
}

fn positive(field: &str, value: f64) -> Result<(), Problem> {
    if value.is_finite() && value > 0.0 {
        Ok(())
    } else {
        problem(
            field,
            format!("{} is not a finite, positive number", Shown(value)),
        )
    }
}

fn summary(s: &Summary) -> Result<(), Problem> {
    for (field, value) in [
        ("ns_per_op.min", s.min),
        ("ns_per_op.p25", s.p25),
        ("ns_per_op.median", s.median),
        ("ns_per_op.p75", s.p75),
        ("ns_per_op.max", s.max),
    ] {
        time(field, value)?;
    }
    if !(s.min <= s.p25 && s.p25 <= s.median && s.median <= s.p75 && s.p75 <= s.max) {
        return problem(
            "ns_per_op",
            format!(
                "min {} ≤ p25 {} ≤ median {} ≤ p75 {} ≤ max {} does not hold",
                Shown(s.min),
                Shown(s.p25),
                Shown(s.median),
                Shown(s.p75),
                Shown(s.max)
            ),
        );
    }
    if !(s.mad.is_finite() && s.mad >= 0.0) {
        return problem(
            "ns_per_op.mad",
            format!("{} is not a finite spread", Shown(s.mad)),
        );
    }
    if s.samples == 0 {
        return problem("ns_per_op.samples", "at least one sample is needed");
    }
    Ok(())
}

/// The rounds must be real times and summarize to the stored summary.
fn rounds(rounds: &[f64], stored: &Summary) -> Result<(), Problem> {
    for (i, &value) in rounds.iter().enumerate() {
        time(&format!("rounds[{i}]"), value)?;
    }
    if rounds.len() != stored.samples {
        return problem(
            "rounds",
            format!(
                "{} rounds but ns_per_op.samples is {}",
                rounds.len(),
                stored.samples
            ),
        );
    }
    let recomputed = Summary::of(rounds).expect("finite, non-empty rounds");
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(b.abs());
    for (field, a, b) in [
        ("median", recomputed.median, stored.median),
        ("min", recomputed.min, stored.min),
        ("max", recomputed.max, stored.max),
        ("p25", recomputed.p25, stored.p25),
        ("p75", recomputed.p75, stored.p75),
    ] {
        if !close(a, b) {
            return problem(
                "rounds",
                format!(
                    "the rounds' {field} is {}, but ns_per_op.{field} says {}",
                    Shown(a),
                    Shown(b)
                ),
            );
        }
    }
    Ok(())
}

fn bracket(field: &str, interval: &Interval) -> Result<(), Problem> {
    for value in [interval.low, interval.median, interval.high] {
        positive(field, value)?;
    }
    if !(interval.low <= interval.median && interval.median <= interval.high) {
        return problem(
            field,
            format!(
                "low {} ≤ median {} ≤ high {} does not hold",
                Shown(interval.low),
                Shown(interval.median),
                Shown(interval.high)
            ),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::started_utc;
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn start_times_must_be_real_utc_times_in_the_past() {
        // 2026-11-25T00:00:00Z.
        let now = UNIX_EPOCH + Duration::from_secs(1_795_564_800);
        for good in [
            "2026-11-22T09:45:12Z",
            "2024-02-29T23:59:59Z",
            "2000-01-01T00:00:00Z",
            "2026-11-25T23:00:00Z",
        ] {
            assert_eq!(started_utc(good, now), Ok(()), "{good}");
        }
        for (bad, reason) in [
            ("yesterday", "is not a UTC time of the form"),
            ("2026-11-22 09:45:12", "is not a UTC time of the form"),
            ("2026-11-22T09:45:12+01:00", "is not a UTC time of the form"),
            ("2026-02-30T10:00:00Z", "month 2 of 2026 has no day 30"),
            ("2025-02-29T10:00:00Z", "month 2 of 2025 has no day 29"),
            ("2026-13-01T10:00:00Z", "there is no month 13"),
            ("2026-11-00T10:00:00Z", "has no day 0"),
            ("2026-11-22T24:00:00Z", "is no time of day"),
            ("2026-11-22T09:60:00Z", "is no time of day"),
            ("1999-12-31T23:59:59Z", "before any bitbench record"),
            ("2026-11-27T00:00:00Z", "cannot have been made yet"),
        ] {
            let error = started_utc(bad, now).unwrap_err();
            assert!(error.contains(reason), "{bad}: {error}");
        }
    }
}
