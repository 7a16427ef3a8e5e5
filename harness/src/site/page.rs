//! The page's layout: the header with the overview of winners, one section per CPU with each
//! of its records (tables and charts per family), the cross-CPU section, the method note.

use super::html::{esc, plural, Chart};
use super::records::{all_families, group_by_cpu, CpuGroup, Found};
use super::{cpu, cross_cpu, head, method, ranked, CROSS_CPU_DIR};
use crate::chart::RecordChart;
use crate::machine::slug;
use std::fmt::Write;
use std::path::Path;
use strategies::{Families, Registry};

/// The page: the groups, and the charts found for each record and for the comparison.
pub(super) struct Page<'a> {
    pub groups: Vec<CpuGroup<'a>>,
    pub records: &'a [Found],
    /// Per record (in `records` order), per family: the family and its charts.
    record_charts: Vec<Vec<(String, Vec<Chart>)>>,
    pub cross_cpu: Vec<(String, Chart)>,
}

impl<'a> Page<'a> {
    pub fn new(site: &Path, records: &'a [Found]) -> Page<'a> {
        let record_charts = records.iter().map(|f| record_charts(site, f)).collect();
        let cross_cpu = all_families(records)
            .into_iter()
            .filter_map(|family| {
                let stem = Path::new(CROSS_CPU_DIR).join(format!("cross-cpu-{family}"));
                let alt = format!(
                    "{family}: each variant's ratio to the best variant on each CPU, one bar per \
                     record, with 95% intervals where the record has them"
                );
                Chart::find(site, &stem, alt).map(|c| (family, c))
            })
            .collect();
        Page {
            groups: group_by_cpu(records),
            records,
            record_charts,
            cross_cpu,
        }
    }

    pub fn chart_count(&self) -> usize {
        let per_record: usize = self
            .record_charts
            .iter()
            .flatten()
            .map(|(_, charts)| charts.len())
            .sum();
        per_record + self.cross_cpu.len()
    }

    fn charts_of(&self, found: &Found) -> &[(String, Vec<Chart>)] {
        let index = self
            .records
            .iter()
            .position(|f| std::ptr::eq(f, found))
            .expect("a record of the page");
        &self.record_charts[index]
    }

    pub fn render(&self) -> String {
        let mut out = String::new();
        out.push_str(&head::head());
        self.header(&mut out);
        out.push_str("<main>\n");
        for group in &self.groups {
            self.cpu_section(group, &mut out);
        }
        cross_cpu::section(self, &mut out);
        method::section(&mut out);
        out.push_str("</main>\n");
        let _ = writeln!(
            out,
            "<footer>Made by bitbench {} from the records linked above.</footer>\n</body>\n</html>",
            esc(env!("CARGO_PKG_VERSION"))
        );
        out
    }

    /// The title, what the page holds, and the best variant per family on each CPU.
    fn header(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "<header>\n<h1>bitbench results</h1>\n<p class=\"lead\">Chess bitboard techniques \
             measured on real CPUs: {} record{} from {} CPU{}. Every variant was checked against \
             a reference on every input before it was timed. Lower times are better; ratios are \
             to the fastest variant of the family on the same CPU (1.00&times; = best), and \
             &asymp; marks variants the measurements cannot tell apart.</p>",
            self.records.len(),
            plural(self.records.len()),
            self.groups.len(),
            plural(self.groups.len()),
        );
        self.overview(out);
        out.push_str(
            "<p class=\"jump\">See also: <a href=\"#cross-cpu\">the cross-CPU comparison</a> \
             &middot; <a href=\"#method\">how these were measured</a></p>\n</header>\n",
        );
    }

    /// One row per CPU: the winner of each family in its representative record (with the
    /// variants tied with it).
    fn overview(&self, out: &mut String) {
        let families = all_families(self.records);
        out.push_str(
            "<div class=\"scroll\"><table class=\"overview\">\n<caption>The best variant of each \
             family on each CPU, in the record shown: its newest with every feature enabled, \
             full runs before quick ones (&asymp;: tied with the best)</caption>\n<thead><tr>\
             <th scope=\"col\">CPU</th><th scope=\"col\">records</th><th scope=\"col\">record \
             shown</th>",
        );
        for family in &families {
            let _ = write!(out, "<th scope=\"col\">{}</th>", esc(family));
        }
        out.push_str("</tr></thead>\n<tbody>\n");
        for group in &self.groups {
            let shown = group.representative();
            let _ = write!(
                out,
                "<tr><th scope=\"row\"><a href=\"#{}\">{}</a></th><td class=\"num\">{}</td><td><a href=\"#{}\">{}</a></td>",
                esc(&group.anchor()),
                esc(&group.cpu.describe()),
                group.records.len(),
                esc(&shown.anchor()),
                esc(&cpu::run_label(&shown.record))
            );
            for family in &families {
                let winners: Vec<String> = shown
                    .record
                    .ranks
                    .iter()
                    .filter(|r| &r.family == family && r.rank == 1)
                    .map(|r| {
                        let tie = if r.tied_with_best { "&asymp; " } else { "" };
                        format!("{tie}<code>{}</code>", esc(&r.variant))
                    })
                    .collect();
                let cell = if winners.is_empty() {
                    "&ndash;".into()
                } else {
                    winners.join(" ")
                };
                let _ = write!(out, "<td>{cell}</td>");
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</tbody>\n</table></div>\n");
    }

    fn cpu_section(&self, group: &CpuGroup, out: &mut String) {
        let _ = writeln!(
            out,
            "<section class=\"cpu\" id=\"{}\">\n<h2>{}</h2>",
            esc(&group.anchor()),
            esc(&group.cpu.describe())
        );
        cpu::cpu_description(&group.records[0].record, out);
        let shown = group.representative();
        for found in &group.records {
            self.record_details(found, std::ptr::eq(*found, shown), out);
        }
        out.push_str("</section>\n");
    }

    /// One record, open if it speaks for the CPU: the run, the tables, the charts.
    fn record_details(&self, found: &Found, open: bool, out: &mut String) {
        let record = &found.record;
        let _ = writeln!(
            out,
            "<details class=\"record\" id=\"{}\"{}>\n<summary>{}</summary>",
            esc(&found.anchor()),
            if open { " open" } else { "" },
            esc(&cpu::run_label(record))
        );
        cpu::run_description(found, out);
        let charts = self.charts_of(found);
        for family in record.families() {
            let _ = writeln!(
                out,
                "<h3 id=\"{}-{}\">{}</h3>",
                esc(&found.anchor()),
                esc(&slug(&family)),
                esc(&family)
            );
            family_summary(&family, out);
            ranked::table(record, &family, out);
            let family_charts = charts.iter().find(|(f, _)| f == &family);
            for chart in family_charts.map_or(&[][..], |(_, c)| c) {
                chart.render(out);
            }
        }
        out.push_str("</details>\n");
    }
}

/// The family's one-line summary, as this build's registry states it (nothing for a family
/// this build does not know).
pub(super) fn family_summary(family: &str, out: &mut String) {
    if let Some(info) = Families::families().iter().find(|f| f.name == family) {
        let _ = writeln!(out, "<p class=\"summary\">{}</p>", esc(info.summary));
    }
}

/// The charts drawn for one record, per family, in the order of [`RecordChart::ALL`].
fn record_charts(site: &Path, found: &Found) -> Vec<(String, Vec<Chart>)> {
    let record = &found.record;
    let cpu = record.machine.cpu.describe();
    record
        .families()
        .into_iter()
        .map(|family| {
            let charts = RecordChart::ALL
                .iter()
                .filter_map(|kind| {
                    let stem = found.chart_dir().join(kind.stem(&family));
                    let alt = format!("{family} on {cpu}: {}", kind.describe(record));
                    Chart::find(site, &stem, alt)
                })
                .collect();
            (family, charts)
        })
        .collect()
}
