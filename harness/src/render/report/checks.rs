//! The two checks of the harness itself, as text: `crosscheck` (the harness against a plain
//! loop, [`crate::tools::crosscheck`]) and `invariance` (a variant with its family against alone,
//! [`crate::tools::invariance`]). Each is a table of at most 100 columns and a closing line that says
//! how many figures met the target.

use super::text_table::TextTable;
use crate::base::units;
use crate::record::Mode;
use crate::tools::crosscheck::{Check, TOLERANCE};
use crate::tools::invariance::{Row, BAND};
use std::fmt::Write;

/// `crosscheck`'s table: per variant, the harness's median, the plain loop's median pass, their
/// ratio paired per slice with its 95% interval, and whether the ratio lies within the
/// tolerance; then the verdict.
pub fn crosscheck_table(checks: &[Check]) -> String {
    let mut table = TextTable::default();
    for (header, right) in [
        ("family", false),
        ("variant", false),
        ("harness ns", true),
        ("plain ns", true),
        ("ratio", true),
        ("95% interval", true),
        ("", false),
    ] {
        table.column(header, right);
    }
    for c in checks {
        table.row(vec![
            c.family.to_string(),
            c.variant.to_string(),
            format!("{:.3}", c.harness_ns),
            format!("{:.3}", c.plain_ns),
            format!("{:.2}x", c.ratio.median),
            format!("[{:.2}, {:.2}]", c.ratio.low, c.ratio.high),
            if c.agrees() { "ok" } else { "FAR" }.to_string(),
        ]);
    }
    let mut out = table.render(0);
    let far: Vec<String> = checks
        .iter()
        .filter(|c| !c.agrees())
        .map(|c| format!("{}/{} {:.2}x", c.family, c.variant, c.ratio.median))
        .collect();
    let _ = writeln!(
        out,
        "\n{} of {} harness figures within {TOLERANCE:.2}x of their plain loop{}",
        checks.len() - far.len(),
        checks.len(),
        if far.is_empty() {
            String::new()
        } else {
            format!("; farther: {}", far.join(", "))
        }
    );
    out
}

/// `invariance`'s table: per family (its headline distribution), each variant's median with
/// the whole family and alone, the ratio with its interval, and whether its point lies in the
/// band; then the verdict.
pub fn invariance_table(rows: &[Row]) -> String {
    let mut out = String::new();
    for family in rows.chunk_by(|a, b| a.family == b.family) {
        let first = &family[0];
        let _ = writeln!(
            out,
            "\n{} ({}, ns per {})",
            first.family, first.distribution, first.unit
        );
        let mut table = TextTable::default();
        for (header, right) in [
            ("variant", false),
            ("table", true),
            ("mode", false),
            ("full", true),
            ("alone", true),
            ("full/alone [95%]", true),
            ("", false),
        ] {
            table.column(header, right);
        }
        for r in family {
            table.row(vec![
                r.variant.to_string(),
                units::footprint(r.table_bytes as u64),
                match r.mode {
                    Mode::Latency => "lat",
                    _ => "thr",
                }
                .to_string(),
                format!("{:.3}", r.full),
                format!("{:.3}", r.alone),
                format!(
                    "{:.3}x [{:.3}, {:.3}]",
                    r.ratio.median, r.ratio.low, r.ratio.high
                ),
                if r.in_band() { "ok" } else { "OUT" }.to_string(),
            ]);
        }
        out.push_str(&table.render(2));
    }
    let out_of_band: Vec<String> = rows
        .iter()
        .filter(|r| !r.in_band())
        .map(|r| {
            format!(
                "{}/{} {} {:.3}x",
                r.family,
                r.variant,
                r.mode.name(),
                r.ratio.median
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "\n{} of {} ratios within [{:.2}, {:.2}]{}",
        rows.len() - out_of_band.len(),
        rows.len(),
        BAND.0,
        BAND.1,
        if out_of_band.is_empty() {
            String::new()
        } else {
            format!("; outside: {}", out_of_band.join(", "))
        }
    );
    out
}
