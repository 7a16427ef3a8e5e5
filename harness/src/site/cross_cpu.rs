//! The comparison across CPUs: per family, a table of each variant's geometric-mean ratio and
//! rank in every record (≈ for ties, the interval on hover), then the cross-CPU chart.

use super::html::esc;
use super::page::{family_summary, Page};
use super::records::{all_families, Found};
use crate::chart;
use crate::report::uncertainty;
use std::fmt::Write;

/// The section: an introduction, then per family its table and chart.
pub(super) fn section(page: &Page, out: &mut String) {
    out.push_str(
        "<section id=\"cross-cpu\">\n<h2>Across CPUs</h2>\n<p>Each variant's geometric mean \
         ratio to the best variant of its family, per record: the same variant can rank \
         differently on different CPUs. Lower is better; 1.00&times; is the best on that \
         CPU; &asymp; marks a tie with the variant ranked above.</p>\n",
    );
    for family in all_families(page.records) {
        let _ = writeln!(out, "<h3>{}</h3>", esc(&family));
        family_summary(&family, out);
        table(page.records, &family, out);
        if let Some((_, chart)) = page.cross_cpu.iter().find(|(f, _)| f == &family) {
            chart.render(out);
        }
    }
    out.push_str("</section>\n");
}

/// Per variant, its geometric-mean ratio (and rank) in each record.
fn table(records: &[Found], family: &str, out: &mut String) {
    let mut variants: Vec<&str> = Vec::new();
    for rank in records
        .iter()
        .flat_map(|f| &f.record.ranks)
        .filter(|r| r.family == family)
    {
        if !variants.contains(&rank.variant.as_str()) {
            variants.push(&rank.variant);
        }
    }
    let _ = writeln!(
        out,
        "<div class=\"scroll\"><table class=\"cross\" data-family=\"{}\">\n<caption>{}: \
         geometric-mean ratio to the best (rank) per record</caption>\n<thead><tr>\
         <th scope=\"col\">variant</th>",
        esc(family),
        esc(family)
    );
    for found in records {
        let _ = write!(
            out,
            "<th scope=\"col\"><a href=\"#{}\">{}</a></th>",
            esc(&found.anchor()),
            esc(&chart::record_label(&found.record))
        );
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for variant in variants {
        let _ = write!(
            out,
            "<tr><th scope=\"row\"><code>{}</code></th>",
            esc(variant)
        );
        for found in records {
            let rank = found
                .record
                .ranks
                .iter()
                .find(|r| r.family == family && r.variant == variant);
            let cell = rank.map_or("&ndash;".into(), |r| {
                let (ratio, interval) = uncertainty::geomean(r);
                let title = interval.map_or(String::new(), |i| {
                    format!(" title=\"95% interval {}\"", esc(&uncertainty::bracket(&i)))
                });
                format!(
                    "<span{title}>{ratio:.2}&times;</span> ({})",
                    esc(&uncertainty::rank_label(r))
                )
            });
            let best = if rank.is_some_and(|r| r.rank == 1) {
                " best"
            } else {
                ""
            };
            let _ = write!(out, "<td class=\"num{best}\">{cell}</td>");
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table></div>\n");
}
