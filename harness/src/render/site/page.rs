//! The pages of the site and what each holds:
//!
//! - `index.html`, the overview: one row per family, the pick on each CPU (from the record
//!   that speaks for it), each family a link to its page; the CPUs with links to theirs; the
//!   note on the method.
//! - `families/<family>.html`: per CPU, the family's ranked table and charts from the CPU's
//!   record; then the family across CPUs, a table and the cross-CPU chart.
//! - `cpus/<cpu>.html`: the CPU, each of its records (the run, a link to the raw record), and
//!   the ranked tables of the record that speaks for it.
//!
//! Charts are drawn for the record that speaks for each CPU only (and the cross-CPU
//! comparison); older, quick and masked records keep their tables and raw JSON.

use super::html::{esc, plural, Chart};
use super::records::{all_families, cpu_page, group_by_cpu, CpuGroup, Found};
use super::{cpu, cross_cpu, head, method, ranked, CROSS_CPU_DIR};
use crate::render::chart::RecordChart;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use strategies::{Families, Registry};

/// The site's pages: the groups, and the charts found for each group's representative record
/// and for the comparison.
pub(super) struct Page<'a> {
    pub groups: Vec<CpuGroup<'a>>,
    pub records: &'a [Found],
    /// Per group (in `groups` order), per family: the family and its charts.
    record_charts: Vec<Vec<(String, Vec<Chart>)>>,
    pub cross_cpu: Vec<(String, Chart)>,
}

/// A page's file, relative to the site.
pub(super) fn family_page(family: &str) -> String {
    format!("families/{}.html", super::html::percent_encode(family))
}

impl<'a> Page<'a> {
    pub fn new(site: &Path, records: &'a [Found]) -> Page<'a> {
        let groups = group_by_cpu(records);
        let record_charts = groups
            .iter()
            .map(|g| record_charts(site, g.representative()))
            .collect();
        let cross_cpu = all_families(records)
            .into_iter()
            .filter_map(|family| {
                let stem = Path::new(CROSS_CPU_DIR).join(format!("cross-cpu-{family}"));
                let alt = format!(
                    "{family}: each variant's ratio to the best variant on each CPU, one bar per \
                     CPU (its newest full record), with 95% intervals where the record has them"
                );
                Chart::find(site, &stem, alt).map(|c| (family, c))
            })
            .collect();
        Page {
            groups,
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

    /// Every page: its path in the site and its HTML.
    pub fn render(&self) -> Vec<(PathBuf, String)> {
        let mut pages = vec![(PathBuf::from("index.html"), self.index())];
        for family in all_families(self.records) {
            pages.push((PathBuf::from(family_page(&family)), self.family(&family)));
        }
        for group in &self.groups {
            pages.push((PathBuf::from(cpu_page(group)), self.cpu(group)));
        }
        pages
    }

    /// A page around `body`: the head, a line of links home, the footer.
    fn wrap(&self, title: &str, root: &str, body: &str) -> String {
        let mut out = head::head(title);
        if !root.is_empty() {
            let _ = writeln!(
                out,
                "<nav class=\"top\"><a href=\"{root}index.html\">bitbench results</a> &rsaquo; \
                 {}</nav>",
                esc(title)
            );
        }
        out.push_str(body);
        let _ = writeln!(
            out,
            "<footer>Made by bitbench {} from the records linked on the CPU pages.</footer>\n\
             </body>\n</html>",
            esc(env!("CARGO_PKG_VERSION"))
        );
        out
    }

    fn index(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<header>\n<h1>bitbench results</h1>\n<p class=\"lead\">Chess bitboard techniques \
             measured on real CPUs: {} record{} from {} CPU{}. Every variant was checked against \
             a reference on every input before it was timed. Lower times are better; ratios are \
             to the fastest variant of the family on the same CPU (1.00&times; = best), and \
             &asymp; marks variants the measurements cannot tell apart.</p>\n</header>\n<main>",
            self.records.len(),
            plural(self.records.len()),
            self.groups.len(),
            plural(self.groups.len()),
        );
        self.overview(&mut out);
        out.push_str("<h2 id=\"cpus\">CPUs</h2>\n<ul class=\"cpus\">\n");
        for group in &self.groups {
            let shown = group.representative();
            let _ = writeln!(
                out,
                "<li><a href=\"{}\">{}</a>: {} record{}; shown: {}</li>",
                esc(&cpu_page(group)),
                esc(&group.cpu.describe()),
                group.records.len(),
                plural(group.records.len()),
                esc(&cpu::run_label(&shown.record))
            );
        }
        out.push_str("</ul>\n");
        method::section(&mut out);
        out.push_str("</main>\n");
        self.wrap("bitbench results", "", &out)
    }

    /// One row per family: its name (a link to its page) and the pick on each CPU, in the
    /// record that speaks for it (the variants tied with the pick after ≈). Below 700 px
    /// each row is a block of its own.
    fn overview(&self, out: &mut String) {
        out.push_str(
            "<p class=\"note\">What to use: the first-ranked variant of each family on each \
             CPU, in the record shown for the CPU (its newest with every feature enabled, full \
             runs before quick ones); &asymp;: tied with it. Each family links to its page, \
             with its tables and charts.</p>\n<table class=\"overview\">\n<thead><tr>\
             <th scope=\"col\">family</th>",
        );
        for group in &self.groups {
            let _ = write!(
                out,
                "<th scope=\"col\"><a href=\"{}\">{}</a></th>",
                esc(&cpu_page(group)),
                esc(&group.cpu.describe())
            );
        }
        out.push_str("</tr></thead>\n<tbody>\n");
        for family in all_families(self.records) {
            let _ = write!(
                out,
                "<tr><th scope=\"row\"><a class=\"family\" href=\"{}\">{}</a></th>",
                esc(&family_page(&family)),
                esc(&family)
            );
            for group in &self.groups {
                let record = &group.representative().record;
                let mut ranks: Vec<_> =
                    record.ranks.iter().filter(|r| r.family == family).collect();
                ranks.sort_by_key(|r| r.rank);
                let cell = match ranks.first() {
                    None => "&ndash;".to_string(),
                    Some(first) => {
                        let ties: Vec<String> = ranks
                            .iter()
                            .filter(|r| r.tied_with_best)
                            .map(|r| format!("<code>{}</code>", esc(&r.variant)))
                            .collect();
                        let tied = if ties.is_empty() {
                            String::new()
                        } else {
                            format!(" <span class=\"ties\">&asymp; {}</span>", ties.join(", "))
                        };
                        format!("<code class=\"pick\">{}</code>{tied}", esc(&first.variant))
                    }
                };
                let _ = write!(
                    out,
                    "<td data-cpu=\"{}\">{cell}</td>",
                    esc(&group.cpu.describe())
                );
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</tbody>\n</table>\n");
    }

    /// A family's page: per CPU its table and charts, then the family across CPUs.
    fn family(&self, family: &str) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "<header>\n<h1>{}</h1>", esc(family));
        family_summary(family, &mut out);
        out.push_str("</header>\n<main>\n");
        for (group, charts) in self.groups.iter().zip(&self.record_charts) {
            let shown = group.representative();
            if !shown.record.ranks.iter().any(|r| r.family == family) {
                continue;
            }
            let _ = writeln!(
                out,
                "<section class=\"cpu\">\n<h2>{}</h2>\n<p class=\"note\">{} &middot; \
                 <a href=\"../{}\">the CPU and its records</a></p>",
                esc(&group.cpu.describe()),
                esc(&cpu::run_label(&shown.record)),
                esc(&cpu_page(group))
            );
            ranked::table(&shown.record, family, &mut out);
            if let Some((_, charts)) = charts.iter().find(|(f, _)| f == family) {
                for chart in charts {
                    chart.render("../", &mut out);
                }
            }
            out.push_str("</section>\n");
        }
        cross_cpu::section(&self.groups, &self.cross_cpu, family, &mut out);
        out.push_str("</main>\n");
        self.wrap(family, "../", &out)
    }

    /// A CPU's page: its description, its records, the tables of the one shown.
    fn cpu(&self, group: &CpuGroup) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<header>\n<h1>{}</h1>\n</header>\n<main>",
            esc(&group.cpu.describe())
        );
        cpu::cpu_description(&group.records[0].record, &mut out);
        let shown = group.representative();
        out.push_str("<h2>Records</h2>\n");
        for found in &group.records {
            let _ = writeln!(
                out,
                "<details class=\"record\" id=\"{}\"{}>\n<summary>{}{}</summary>",
                esc(&found.anchor()),
                if std::ptr::eq(*found, shown) {
                    " open"
                } else {
                    ""
                },
                esc(&cpu::run_label(&found.record)),
                if std::ptr::eq(*found, shown) {
                    " (shown)"
                } else {
                    ""
                }
            );
            cpu::run_description(found, "../", &mut out);
            out.push_str("</details>\n");
        }
        let _ = writeln!(
            out,
            "<h2>Every family, {}</h2>",
            esc(&cpu::run_label(&shown.record))
        );
        for family in shown.record.families() {
            let _ = writeln!(
                out,
                "<h3><a href=\"../{}\">{}</a></h3>",
                esc(&family_page(&family)),
                esc(&family)
            );
            ranked::table(&shown.record, &family, &mut out);
        }
        out.push_str("</main>\n");
        self.wrap(&group.cpu.describe(), "../", &out)
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
