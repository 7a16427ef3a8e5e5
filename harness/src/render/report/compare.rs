//! `compare`'s result for people: what was compared and how, the drift of each group, then
//! per family its measurements fitted to the terminal, and the counts. The comparison itself
//! ([`crate::tools::compare`]) is plain data; this only renders it.

use super::TextTable;
use crate::base::units;
use crate::record::Record;
use crate::tools::compare::{cpu_of, Comparison, Row, Shift, Verdict};
use std::fmt::Write;

/// The comparison for people, in `width` columns: what was compared and how, the drift of
/// each group, then per family its measurements (with `changed_only`, only those with a
/// verdict: regressed, improved or alone) and the counts.
pub fn render(
    comparison: &Comparison,
    old: &Record,
    new: &Record,
    changed_only: bool,
    width: usize,
) -> String {
    crate::base::console::wrap_lines(&render_text(comparison, old, new, changed_only), width)
        .replace(ROWS_MARK, &rows(comparison, changed_only, width))
}

/// Where the table of rows goes in [`render_text`]'s output (it is fitted, not wrapped).
const ROWS_MARK: &str = "\u{1}rows\u{1}\n";

/// Per family, its measurements as a table fitted to `width` (the noise, then the medians,
/// left out where it is narrow; each row a block where even that is too wide).
fn rows(comparison: &Comparison, changed_only: bool, width: usize) -> String {
    let mut out = String::new();
    let shown: Vec<&Row> = comparison
        .rows
        .iter()
        .filter(|r| !changed_only || r.verdict != Verdict::Unchanged)
        .collect();
    for family in shown.chunk_by(|a, b| a.key.family == b.key.family) {
        let _ = writeln!(out, "\n{}", family[0].key.family);
        let mut table = TextTable::default();
        table.column("measurement", false);
        table.label_columns(1);
        for (header, priority) in [("old ns", 2), ("new ns", 2)] {
            table.column(header, true);
            table.optional(priority);
        }
        table.column("ratio", true);
        table.column("vs drift", true);
        table.column("noise", true);
        table.optional(1);
        table.column("verdict", false);
        for row in family {
            let id = row.key.id();
            let id = id
                .strip_prefix(&format!("{}/", row.key.family))
                .unwrap_or(&id)
                .to_string();
            let verdict = match row.verdict {
                Verdict::Regressed => "REGRESSED",
                Verdict::Improved => "improved",
                Verdict::Unconfirmed => "(alone)",
                Verdict::Unchanged => "",
            };
            table.row(vec![
                id,
                format!("{:.3}", row.old_ns),
                format!("{:.3}", row.new_ns),
                format!("{:.3}x", row.ratio),
                format!("{:.3}x", row.adjusted_ratio),
                format!("{:.1}%", row.noise_percent),
                verdict.into(),
            ]);
        }
        out.push_str(&table.render_fit(width, 2));
    }
    if shown.is_empty() && changed_only {
        out.push_str("\nno measurement changed (--changed shows only those with a verdict)\n");
    }
    out
}

fn render_text(comparison: &Comparison, old: &Record, new: &Record, changed_only: bool) -> String {
    let mut out = String::new();
    if comparison.cross_cpu {
        let _ = writeln!(
            out,
            "CROSS-CPU COMPARISON: {} vs {}. Differences include the machines, not only the code.\n",
            cpu_of(old),
            cpu_of(new)
        );
    }
    if !comparison.method_differences.is_empty() {
        let _ = writeln!(
            out,
            "METHODS DIFFER: {}. Differences include the method, not only the code.\n",
            comparison.method_differences.join("; ")
        );
    }
    if comparison.mode_mismatch {
        let _ = writeln!(
            out,
            "QUICK AGAINST FULL: one record is a --quick run; its noise is larger.\n"
        );
    }
    if !old.has_rounds() || !new.has_rounds() {
        let _ = writeln!(
            out,
            "NO PER-ROUND DATA in {}: a median's noise is estimated from its spread alone, which \
             misses slow drift on a shared machine; verdicts on such records can flag noise.\n",
            if old.has_rounds() {
                "the new record"
            } else if new.has_rounds() {
                "the old record"
            } else {
                "either record"
            }
        );
    }
    let _ = writeln!(out, "old: {} ({})", comparison.old, old.caption());
    let _ = writeln!(out, "new: {} ({})", comparison.new, new.caption());
    let _ = writeln!(
        out,
        "regressed = slower {} by more than {}% and by more than 1.96 x the noise (both runs' \
         intervals and the group's run-to-run spread), borne out by the variant's measurements \
         in that mode taken together; (alone) = beyond both on its own but not borne out: \
         shown, not counted\n",
        if comparison.no_drift {
            "(judged raw: --no-drift)"
        } else {
            "beyond its drift (the median change of the floors and of the other families' \
             measurements taken the same way)"
        },
        comparison.threshold_percent
    );
    if let Some(shift) = &comparison.shift {
        let _ = writeln!(out, "{}\n", shift_text(shift, comparison.no_drift));
    }
    let _ = writeln!(
        out,
        "how each group moved as a whole (the machine, not one kernel):"
    );
    for d in &comparison.drift {
        let _ = writeln!(
            out,
            "  {:<15} {:>8}  {:>3} measurements  moved {:>+6.1}%  spread {:>5.1}%",
            d.mode.name(),
            units::bytes_compact(d.eviction_bytes),
            d.measurements,
            (d.ratio - 1.0) * 100.0,
            d.spread_percent
        );
    }
    if changed_only {
        let _ = writeln!(
            out,
            "\nonly the measurements with a verdict (--changed): {} of {}",
            comparison
                .rows
                .iter()
                .filter(|r| r.verdict != Verdict::Unchanged)
                .count(),
            comparison.rows.len()
        );
    }
    out.push_str(ROWS_MARK);
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
    let _ = writeln!(
        out,
        "\n{} compared: {} regressed, {} improved{}",
        comparison.rows.len(),
        comparison.regressions,
        comparison.improvements,
        if comparison.regressions + comparison.improvements == 0 {
            ": no significant change"
        } else {
            ""
        }
    );
    out
}

/// What `compare` says of a shift of every measurement: its size, the floor's, and what was
/// done with it.
pub fn shift_text(shift: &Shift, no_drift: bool) -> String {
    let percent = |ratio: f64| format!("{:+.1}%", (ratio - 1.0) * 100.0);
    let moved = if shift.moved * 10 >= shift.of * 9 {
        format!("every measurement moved {}", percent(shift.ratio))
    } else {
        format!(
            "{} of {} measurements moved, {} at the median",
            shift.moved,
            shift.of,
            percent(shift.ratio)
        )
    };
    let floor = match shift.floor_ratio {
        Some(r) if shift.floor_too => format!(", the floor too ({})", percent(r)),
        Some(r) => format!(", the floor {}", percent(r)),
        None => String::new(),
    };
    if no_drift {
        format!("{moved}{floor}: judged raw (--no-drift)")
    } else {
        format!("{moved}{floor}: treated as machine drift; `--no-drift` to judge it raw")
    }
}
