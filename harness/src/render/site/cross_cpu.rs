//! The comparison across CPUs on a family's page: a table of each variant's geometric-mean
//! ratio and rank on every CPU (its record that speaks for it; ≈ for ties, the interval on
//! hover), then the cross-CPU chart.

use super::html::esc;
use super::html::Chart;
use super::records::{cpu_page, CpuGroup, Found};
use crate::render::chart;
use crate::render::uncertainty;
use std::fmt::Write;

/// The section of `family`: an introduction, its table and chart.
pub(super) fn section(
    groups: &[CpuGroup],
    charts: &[(String, Chart)],
    family: &str,
    out: &mut String,
) {
    out.push_str(
        "<section id=\"cross-cpu\">\n<h2>Across CPUs</h2>\n<p>Each variant's geometric mean \
         ratio to the best variant of the family on each CPU: the same variant can rank \
         differently on different CPUs. Lower is better; 1.00&times; is the best on that \
         CPU; &asymp;1 marks a tie with the first-ranked variant.</p>\n",
    );
    let shown: Vec<&Found> = groups
        .iter()
        .map(|g| g.representative())
        .filter(|f| f.record.ranks.iter().any(|r| r.family == family))
        .collect();
    let pages: Vec<String> = groups
        .iter()
        .filter(|g| {
            g.representative()
                .record
                .ranks
                .iter()
                .any(|r| r.family == family)
        })
        .map(cpu_page)
        .collect();
    table(&shown, &pages, family, out);
    if let Some((_, chart)) = charts.iter().find(|(f, _)| f == family) {
        chart.render("../", out);
    }
    out.push_str("</section>\n");
}

/// Per variant, its geometric-mean ratio (and rank) in each record; `pages` the CPU page of
/// each.
fn table(records: &[&Found], pages: &[String], family: &str, out: &mut String) {
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
    for (found, page) in records.iter().zip(pages) {
        let _ = write!(
            out,
            "<th scope=\"col\"><a href=\"../{}\">{}</a></th>",
            esc(page),
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
