//! The ranked table of one family in one record, as `report::ranked_tables` prints it: rank
//! (≈ for a tie with the variant above), variant, geometric-mean ratio with its 95% interval;
//! on the headline distribution, in throughput and latency, ns/op with its spread, cycles/op
//! and the ratio to the best (≈ where tied with it); ns/op under the heaviest cache
//! pressure; table footprint; the floor last. Then a line on what the marks mean.

use super::html::{esc, plural};
use crate::base::units;
use crate::record::{Measurement, Mode, Record};
use crate::render::uncertainty::{self, Spread, SpreadKind};
use std::fmt::Write;

/// The tie mark with its meaning on hover.
fn tie_mark(meaning: &str) -> String {
    format!(
        "<span class=\"tie\" title=\"{}\">&asymp;</span>",
        esc(meaning)
    )
}

/// The ranked table of `family` in `record`, with its notes.
pub(super) fn table(record: &Record, family: &str, out: &mut String) {
    let workload = record.headline(family);
    let shown = workload.as_deref().unwrap_or("-");
    let pressure = record.largest_eviction(family);
    let ranks: Vec<_> = record.ranks.iter().filter(|r| r.family == family).collect();
    let workloads = ranks.iter().map(|r| r.workloads).max().unwrap_or(0);
    let _ = writeln!(
        out,
        "<div class=\"scroll\"><table class=\"ranked\" data-cpu=\"{}\" data-family=\"{}\">\n\
         <caption>{}: ranked by the geometric mean of the ratio to the best over {workloads} \
         workload{} (1.00&times; = best)</caption>",
        esc(&record.machine.cpu.brand),
        esc(family),
        esc(family),
        plural(workloads)
    );
    head(record, shown, pressure, out);
    let row = Row {
        record,
        family,
        workload: workload.as_deref(),
        pressure,
    };
    for rank in &ranks {
        let external = record
            .family(family)
            .any(|m| m.variant == rank.variant && m.external);
        let mut label = format!("<code>{}</code>", esc(&rank.variant));
        if external {
            label.push_str(" <span class=\"tag\" title=\"a published crate\">ext</span>");
        }
        let rank_cell = if rank.tied_with_best {
            tie_mark("tied with the first-ranked variant: not ordered") + &rank.rank.to_string()
        } else {
            rank.rank.to_string()
        };
        let (geomean, interval) = uncertainty::geomean(rank);
        let mut geomean = format!("{geomean:.2}&times;");
        if let Some(i) = interval {
            let _ = write!(
                geomean,
                " <span class=\"ci\" title=\"95% interval\">{}</span>",
                esc(&uncertainty::bracket(&i))
            );
        }
        let class = if rank.tied_with_best {
            " class=\"tied\""
        } else {
            ""
        };
        row.render(&rank.variant, &label, &rank_cell, &geomean, class, out);
    }
    if let Some(floor) = record.family(family).find(|m| m.floor) {
        row.render(
            &floor.variant,
            "empty kernel (floor)",
            "",
            "",
            " class=\"floor\"",
            out,
        );
    }
    out.push_str("</tbody>\n</table></div>\n");
    notes(record, family, out);
}

/// The two header rows and the start of the body.
fn head(record: &Record, workload: &str, pressure: Option<u64>, out: &mut String) {
    let kind = SpreadKind::of(record);
    let pressure_head = pressure.map_or(String::new(), |e| {
        format!(
            "<th rowspan=\"2\" scope=\"col\">cache pressure<br>ns/op after {}</th>",
            esc(&units::bytes(e))
        )
    });
    let geomean_head = match kind {
        SpreadKind::MedianInterval => "geomean ratio<br>[95% interval]",
        SpreadKind::InterquartileRange => "geomean<br>ratio",
    };
    let spread = match kind {
        SpreadKind::MedianInterval => "ns/op ±95%",
        SpreadKind::InterquartileRange => "ns/op ±IQR",
    };
    let _ = writeln!(
        out,
        "<thead><tr><th rowspan=\"2\" scope=\"col\">#</th><th rowspan=\"2\" scope=\"col\">variant</th>\
         <th rowspan=\"2\" scope=\"col\">{geomean_head}</th>\
         <th colspan=\"3\" scope=\"colgroup\">throughput (&ldquo;{w}&rdquo;)</th>\
         <th colspan=\"3\" scope=\"colgroup\">latency (&ldquo;{w}&rdquo;)</th>{pressure_head}\
         <th rowspan=\"2\" scope=\"col\">table</th></tr>\n<tr>{sub}{sub}</tr></thead>\n<tbody>",
        w = esc(workload),
        sub = format!(
            "<th scope=\"col\">{spread}</th><th scope=\"col\">cycles*</th><th scope=\"col\">ratio</th>"
        ),
    );
}

/// What every row of a ranked table shares.
struct Row<'a> {
    record: &'a Record,
    family: &'a str,
    workload: Option<&'a str>,
    pressure: Option<u64>,
}

impl Row<'_> {
    /// One row; `label`, `rank`, `geomean` and `class` are HTML.
    fn render(
        &self,
        variant: &str,
        label: &str,
        rank: &str,
        geomean: &str,
        class: &str,
        out: &mut String,
    ) {
        let _ = write!(
            out,
            "<tr{class}><td class=\"num\">{rank}</td><th scope=\"row\">{label}</th><td class=\"num\">{geomean}</td>"
        );
        for mode in [Mode::Throughput, Mode::Latency] {
            let m = self
                .workload
                .and_then(|w| self.record.find(self.family, variant, w, mode, 0));
            mode_cells(m, out);
        }
        if let Some(e) = self.pressure {
            let m = self.record.family(self.family).find(|m| {
                m.variant == variant && m.mode == Mode::CachePressure && m.eviction_bytes == e
            });
            let cell = m.map_or("&ndash;".into(), |m| {
                format!("{}{}", time(m), tie_with_best(m))
            });
            let _ = write!(out, "<td class=\"num\">{cell}</td>");
        }
        let table = self
            .record
            .family(self.family)
            .find(|m| m.variant == variant)
            .map_or(0, |m| m.table_bytes);
        let _ = writeln!(
            out,
            "<td class=\"num\">{}</td></tr>",
            esc(&units::footprint(table as u64))
        );
    }
}

/// The median with its spread: `0.46 ±2%`, the bounds on hover.
fn time(m: &Measurement) -> String {
    let spread = Spread::of(m);
    format!(
        "{:.2} <span class=\"pm\" title=\"{}: {} ns/op\">{}</span>",
        m.ns_per_op.median,
        esc(spread.kind.describe()),
        esc(&spread.range()),
        esc(&spread.plus_minus())
    )
}

/// The tie mark where `m` is tied with the best of its workload, else nothing.
fn tie_with_best(m: &Measurement) -> String {
    if uncertainty::tied_with_best(m) {
        let interval = m
            .paired_ratio_to_best
            .map_or(String::new(), |p| uncertainty::bracket(&p));
        format!(
            " {}",
            tie_mark(&format!(
                "tied with the best of this workload: paired ratio {interval} includes 1"
            ))
        )
    } else {
        String::new()
    }
}

/// ns/op with its spread, cycles/op and ratio to the best of one measurement; dashes where
/// there is none.
fn mode_cells(m: Option<&Measurement>, out: &mut String) {
    let Some(m) = m else {
        out.push_str(&"<td class=\"num\">&ndash;</td>".repeat(3));
        return;
    };
    let cycles = m
        .cycles_per_op_estimate
        .map_or("&ndash;".into(), |c| format!("{c:.1}"));
    let ratio = m
        .ratio_to_best
        .map_or("&ndash;".into(), |r| format!("{r:.2}&times;"));
    let suspect = if m.suspect {
        " <span class=\"suspect\" title=\"measured below the empty kernel: the work was probably deleted\">suspect!</span>"
    } else {
        ""
    };
    let _ = write!(
        out,
        "<td class=\"num\">{}</td><td class=\"num\">{cycles}</td><td class=\"num\">{ratio}{}{suspect}</td>",
        time(m),
        tie_with_best(m)
    );
}

/// The footnotes under a family's table: the marks, the cycle estimate and any suspects.
fn notes(record: &Record, family: &str, out: &mut String) {
    let marks = match SpreadKind::of(record) {
        SpreadKind::MedianInterval => {
            "± is the 95% interval of the median (its wider side; the bounds on hover); [a, b] \
             the 95% interval of the geometric mean of the paired ratios to the first-ranked \
             variant; ≈ marks a tie: with the variant above in the rank column, with the best \
             of the workload after a time or ratio. See how these were measured, below."
        }
        SpreadKind::InterquartileRange => {
            "± is the interquartile range of the samples (its wider side). Ties cannot be \
             called: this schema-1 record has no per-round values."
        }
    };
    let _ = writeln!(out, "<p class=\"note\">{}</p>", esc(marks));
    let cycles = format!("* {}", uncertainty::cycles_note(record));
    let _ = writeln!(out, "<p class=\"note\">{}</p>", esc(&cycles));
    let suspects: Vec<String> = record
        .family(family)
        .filter(|m| m.suspect)
        .map(|m| format!("{} ({} {})", m.variant, m.workload, m.mode.name()))
        .collect();
    if !suspects.is_empty() {
        let _ = writeln!(
            out,
            "<p class=\"note suspect\">Suspect, measured below the empty kernel (the work was \
             probably deleted by the compiler): {}</p>",
            esc(&suspects.join("; "))
        );
    }
}
