//! The results site: every record under `results/`, grouped by CPU, as one static HTML page
//! with its tables and charts, and the raw records beside it.
//!
//! The site folder (by default `results/site/`) holds:
//!
//! - `index.html`: one section per CPU (its description, then each record, newest first, with
//!   the ranked table of every family and its charts), the cross-CPU comparison, and a note on
//!   the method;
//! - `records/<folder>/<file>.json`: each record, byte for byte, linked from the page;
//! - `charts/<folder>/<record>/`: each record's charts (the SVG is shown, the PNG linked);
//! - `charts/cross-cpu/`: the cross-CPU comparison over all records.
//!
//! The page is self-contained: inline CSS, no scripts, fonts or images from elsewhere, so the
//! folder can be served as it is (GitHub Pages) or opened from disk. Every text taken from a
//! record is escaped. The site is written with [`output::publish`]: built in a hidden folder
//! beside the target and moved into place at the end, so an interrupted build leaves the
//! previous site intact, and only files an earlier build wrote are ever replaced.

use crate::chart;
use crate::machine::{slug, CpuIdentity};
use crate::output;
use crate::record::{Measurement, Record};
use crate::units;
use crate::workload::{Mode, BLOCK, EVICTION_SIZES, PRESSURE_BLOCK};
use anyhow::{anyhow, bail, Context, Result};
use std::fmt::Write;
use std::path::{Path, PathBuf};
use strategies::{Families, Registry};

/// Folders of `results/` that are not CPU folders: their JSON files are not records.
const NOT_CPU_FOLDERS: [&str; 3] = ["site", "baseline", "cross-cpu"];

/// The kinds of chart [`chart::render_record`] draws per family: file suffix and description.
const RECORD_CHARTS: [(&str, &str); 3] = [
    (
        "bars",
        "median time per query of each variant, throughput and latency, with interquartile ranges",
    ),
    (
        "cache-pressure",
        "time per query against the bytes swept between blocks of queries, one line per variant",
    ),
    (
        "footprint",
        "static table footprint against time per query, hot and under the heaviest cache pressure",
    ),
];

/// What [`build_site`] made.
#[derive(Clone, Debug, PartialEq)]
pub struct SiteSummary {
    /// Records on the page.
    pub records: usize,
    /// CPUs (sections) on the page.
    pub cpus: usize,
    /// Charts shown on the page.
    pub charts: usize,
    /// The page: `<out>/index.html`.
    pub index: PathBuf,
    /// One message per JSON file skipped, naming it and why (also printed as a warning).
    pub skipped: Vec<String>,
}

/// Builds the site of every record in `results/<cpu>/*.json` into `out`, replacing what was
/// there only once the new site is complete. Files that are not readable records are skipped
/// with a warning; no records at all is an error.
pub fn build_site(results: &Path, out: &Path) -> Result<SiteSummary> {
    output::check_target(out, output::Legacy::None)?;
    let (mut records, skipped) = find_records(results, out)?;
    if records.is_empty() {
        bail!(
            "no records in {}/<cpu>/*.json to build a site from",
            results.display()
        );
    }
    newest_first(&mut records);
    let mut charts = 0;
    output::publish(out, output::Legacy::None, |staging| {
        charts = fill(staging, &records)?;
        Ok(())
    })?;
    Ok(SiteSummary {
        records: records.len(),
        cpus: group_by_cpu(&records).len(),
        charts,
        index: out.join("index.html"),
        skipped,
    })
}

/// A record found under `results/`, and where it came from.
struct Found {
    record: Record,
    source: PathBuf,
    /// The CPU folder it was found in, under `results/`.
    folder: String,
    /// Its file name.
    file: String,
}

impl Found {
    /// Its copy in the site, relative to the site folder.
    fn json_path(&self) -> PathBuf {
        Path::new("records").join(&self.folder).join(&self.file)
    }

    /// Its charts' folder in the site, relative to the site folder.
    fn chart_dir(&self) -> PathBuf {
        let stem = self.file.strip_suffix(".json").unwrap_or(&self.file);
        Path::new("charts").join(&self.folder).join(stem)
    }

    /// The page anchor of the record.
    fn anchor(&self) -> String {
        format!("record-{}", slug(&format!("{}-{}", self.folder, self.file)))
    }
}

/// The records of one CPU, newest first.
struct CpuGroup<'a> {
    cpu: &'a CpuIdentity,
    records: Vec<&'a Found>,
}

impl CpuGroup<'_> {
    fn anchor(&self) -> String {
        format!("cpu-{}", self.cpu.slug())
    }

    /// The record that speaks for the CPU: the newest that ran every variant with every
    /// feature (not feature-masked, no `--only`), a full run before a quick one; else the
    /// newest.
    fn representative(&self) -> &Found {
        let partial = |f: &&Found| {
            let run = &f.record.run;
            (run.feature_masked || !run.only.is_empty(), run.quick)
        };
        self.records
            .iter()
            .copied()
            .min_by_key(partial)
            .expect("a group has a record")
    }
}

// ---------------------------------------------------------------------------------------------
// Finding the records

/// Every loadable record in `results/<folder>/*.json`, and a message for each JSON file that
/// is not one. Folders that hold no records (site, baseline, cross-cpu, hidden temporary
/// folders, and `out` itself) are not looked into.
fn find_records(results: &Path, out: &Path) -> Result<(Vec<Found>, Vec<String>)> {
    let mut found = Vec::new();
    let mut skipped = Vec::new();
    for folder in sorted_entries(results)? {
        if !folder.is_dir() || !is_cpu_folder(&folder, out) {
            continue;
        }
        for path in sorted_entries(&folder)? {
            if !path.is_file() || hidden(&path) || path.extension().is_none_or(|e| e != "json") {
                continue;
            }
            match Record::load(&path) {
                Ok(record) => found.push(Found {
                    record,
                    folder: file_name(&folder),
                    file: file_name(&path),
                    source: path,
                }),
                Err(e) => {
                    eprintln!("warning: skipping {e}");
                    skipped.push(e.to_string());
                }
            }
        }
    }
    Ok((found, skipped))
}

/// The entries of `dir`, sorted by name.
fn sorted_entries(dir: &Path) -> Result<Vec<PathBuf>> {
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("reading the folder {}", dir.display()))?;
    let mut paths = entries
        .map(|e| e.map(|e| e.path()))
        .collect::<std::io::Result<Vec<_>>>()
        .with_context(|| format!("reading the folder {}", dir.display()))?;
    paths.sort();
    Ok(paths)
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

fn hidden(path: &Path) -> bool {
    file_name(path).starts_with('.')
}

fn is_cpu_folder(folder: &Path, out: &Path) -> bool {
    let name = file_name(folder);
    let is_out = match (folder.canonicalize(), out.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    !hidden(folder) && !NOT_CPU_FOLDERS.contains(&name.as_str()) && !is_out
}

/// Newest first: by start time, then by file name.
fn newest_first(records: &mut [Found]) {
    records.sort_by(|a, b| {
        (&b.record.run.started_utc, &b.folder, &b.file).cmp(&(
            &a.record.run.started_utc,
            &a.folder,
            &a.file,
        ))
    });
}

/// Groups records (already newest first) by CPU brand and slug; the CPU with the newest
/// record comes first.
fn group_by_cpu(records: &[Found]) -> Vec<CpuGroup<'_>> {
    let mut groups: Vec<CpuGroup> = Vec::new();
    for found in records {
        let cpu = &found.record.machine.cpu;
        let same = |g: &&mut CpuGroup| g.cpu.slug() == cpu.slug();
        match groups.iter_mut().find(same) {
            Some(group) => group.records.push(found),
            None => groups.push(CpuGroup {
                cpu,
                records: vec![found],
            }),
        }
    }
    groups
}

// ---------------------------------------------------------------------------------------------
// Writing the site

/// Writes the records, charts and page into `site`; returns the number of charts shown.
fn fill(site: &Path, records: &[Found]) -> Result<usize> {
    for found in records {
        copy_record(site, found)?;
        chart::render_record(&found.record, &site.join(found.chart_dir()))
            .map_err(|e| anyhow!("{}: drawing charts: {e}", found.source.display()))?;
    }
    let all: Vec<Record> = records.iter().map(|f| f.record.clone()).collect();
    chart::render_cross_cpu(&all, &site.join(CROSS_CPU_DIR))
        .map_err(|e| anyhow!("drawing the cross-CPU charts: {e}"))?;
    let page = Page::new(site, records);
    let html = page.render();
    std::fs::write(site.join("index.html"), html)
        .with_context(|| format!("writing {}", site.join("index.html").display()))?;
    Ok(page.chart_count())
}

const CROSS_CPU_DIR: &str = "charts/cross-cpu";

fn copy_record(site: &Path, found: &Found) -> Result<()> {
    let target = site.join(found.json_path());
    if let Some(parent) = target.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::copy(&found.source, &target)
        .with_context(|| format!("copying {} to {}", found.source.display(), target.display()))?;
    Ok(())
}

/// A chart as the page shows it.
struct Chart {
    src: String,
    png: Option<String>,
    width: u32,
    height: u32,
    alt: String,
}

impl Chart {
    /// The chart `stem` (relative to the site), if its SVG was drawn.
    fn find(site: &Path, stem: &Path, alt: String) -> Option<Chart> {
        let svg = stem.with_extension("svg");
        let (width, height) = svg_size(&site.join(&svg))?;
        let png = stem.with_extension("png");
        Some(Chart {
            src: href(&svg),
            png: site.join(&png).is_file().then(|| href(&png)),
            width,
            height,
            alt,
        })
    }

    /// A figure: the SVG (a link to itself, for full size on small screens), then the caption
    /// with a link to the PNG.
    fn render(&self, out: &mut String) {
        let png = self.png.as_ref().map_or(String::new(), |png| {
            format!(" <a href=\"{}\">PNG</a>", esc(png))
        });
        let _ = writeln!(
            out,
            "<figure><a href=\"{src}\"><img src=\"{src}\" width=\"{w}\" height=\"{h}\" \
             alt=\"{alt}\"></a><figcaption>{alt}.{png}</figcaption></figure>",
            src = esc(&self.src),
            w = self.width,
            h = self.height,
            alt = esc(&self.alt),
        );
    }
}

/// The `width` and `height` of an SVG's root element.
fn svg_size(path: &Path) -> Option<(u32, u32)> {
    let text = std::fs::read_to_string(path).ok()?;
    let start = text.find("<svg")?;
    let tag = &text[start..start + text[start..].find('>')?];
    let attribute = |name: &str| -> Option<u32> {
        let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        let value = &tag[at..at + tag[at..].find('"')?];
        value
            .trim_end_matches("px")
            .parse::<f64>()
            .ok()
            .map(|v| v.round() as u32)
    };
    Some((attribute("width")?, attribute("height")?))
}

/// A relative path as a URL: `/`-separated, each segment percent-encoded.
fn href(path: &Path) -> String {
    let segments: Vec<String> = path
        .components()
        .map(|c| percent_encode(&c.as_os_str().to_string_lossy()))
        .collect();
    segments.join("/")
}

fn percent_encode(segment: &str) -> String {
    let mut out = String::new();
    for byte in segment.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(byte as char);
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

/// Text made safe for HTML content and attribute values.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// The page

/// The page: the groups, and the charts found for each record and for the comparison.
struct Page<'a> {
    groups: Vec<CpuGroup<'a>>,
    records: &'a [Found],
    /// Per record (in `records` order), per family: the family and its charts.
    record_charts: Vec<Vec<(String, Vec<Chart>)>>,
    cross_cpu: Vec<(String, Chart)>,
}

impl<'a> Page<'a> {
    fn new(site: &Path, records: &'a [Found]) -> Page<'a> {
        let record_charts = records.iter().map(|f| record_charts(site, f)).collect();
        let cross_cpu = all_families(records)
            .into_iter()
            .filter_map(|family| {
                let stem = Path::new(CROSS_CPU_DIR).join(format!("cross-cpu-{family}"));
                let alt = format!(
                    "{family}: each variant's ratio to the best variant on each CPU, one bar per record"
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

    fn chart_count(&self) -> usize {
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

    fn render(&self) -> String {
        let mut out = String::new();
        out.push_str(&head());
        self.header(&mut out);
        out.push_str("<main>\n");
        for group in &self.groups {
            self.cpu_section(group, &mut out);
        }
        self.cross_cpu_section(&mut out);
        method_section(&mut out);
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
             to the fastest variant of the family on the same CPU (1.00&times; = best).</p>",
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

    /// One row per CPU: the winner of each family in its representative record.
    fn overview(&self, out: &mut String) {
        let families = all_families(self.records);
        out.push_str("<div class=\"scroll\"><table class=\"overview\">\n<caption>The best variant of each family on each CPU, in the record shown: its newest with every feature enabled, full runs before quick ones</caption>\n<thead><tr><th scope=\"col\">CPU</th><th scope=\"col\">records</th><th scope=\"col\">record shown</th>");
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
                esc(&group.cpu.brand),
                group.records.len(),
                esc(&shown.anchor()),
                esc(&run_label(&shown.record))
            );
            for family in &families {
                let winner = shown
                    .record
                    .ranks
                    .iter()
                    .find(|r| &r.family == family && r.rank == 1);
                let _ = write!(
                    out,
                    "<td>{}</td>",
                    winner.map_or("&ndash;".into(), |r| format!(
                        "<code>{}</code>",
                        esc(&r.variant)
                    ))
                );
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
            esc(&group.cpu.brand)
        );
        cpu_description(&group.records[0].record, out);
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
            esc(&run_label(record))
        );
        run_description(found, out);
        let charts = self.charts_of(found);
        for family in record.families() {
            let _ = writeln!(
                out,
                "<h3 id=\"{}-{}\">{}</h3>",
                esc(&found.anchor()),
                esc(&slug(&family)),
                esc(&family)
            );
            ranked_table(record, &family, out);
            let family_charts = charts.iter().find(|(f, _)| f == &family);
            for chart in family_charts.map_or(&[][..], |(_, c)| c) {
                chart.render(out);
            }
        }
        out.push_str("</details>\n");
    }

    fn cross_cpu_section(&self, out: &mut String) {
        out.push_str(
            "<section id=\"cross-cpu\">\n<h2>Across CPUs</h2>\n<p>Each variant's geometric mean \
             ratio to the best variant of its family, per record: the same variant can rank \
             differently on different CPUs. Lower is better; 1.00&times; is the best on that \
             CPU.</p>\n",
        );
        for family in all_families(self.records) {
            let _ = writeln!(out, "<h3>{}</h3>", esc(&family));
            cross_cpu_table(self.records, &family, out);
            if let Some((_, chart)) = self.cross_cpu.iter().find(|(f, _)| f == &family) {
                chart.render(out);
            }
        }
        out.push_str("</section>\n");
    }
}

/// The charts drawn for one record, per family, in the order of [`RECORD_CHARTS`].
fn record_charts(site: &Path, found: &Found) -> Vec<(String, Vec<Chart>)> {
    let cpu = &found.record.machine.cpu.brand;
    found
        .record
        .families()
        .into_iter()
        .map(|family| {
            let charts = RECORD_CHARTS
                .iter()
                .filter_map(|(kind, what)| {
                    let stem = found.chart_dir().join(format!("{family}-{kind}"));
                    Chart::find(site, &stem, format!("{family} on {cpu}: {what}"))
                })
                .collect();
            (family, charts)
        })
        .collect()
}

/// The families of all records, in first-seen order.
fn all_families(records: &[Found]) -> Vec<String> {
    let mut families: Vec<String> = Vec::new();
    for family in records.iter().flat_map(|f| f.record.families()) {
        if !families.contains(&family) {
            families.push(family);
        }
    }
    families
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `2026-11-22 09:44 UTC · quick · AVX2 masked`: a record's one-line label.
fn run_label(record: &Record) -> String {
    let mut label = date_time(&record.run.started_utc);
    label.push_str(if record.run.quick {
        " · quick run"
    } else {
        " · full run"
    });
    if record.run.feature_masked {
        let _ = write!(
            label,
            " · masked: no {}",
            record.run.disabled_features.join(", ")
        );
    }
    if !record.run.only.is_empty() {
        let _ = write!(label, " · only {}", record.run.only.join(", "));
    }
    label
}

/// `2026-11-22T09:44:19Z` as `2026-11-22 09:44 UTC`.
fn date_time(rfc3339: &str) -> String {
    match (rfc3339.get(..10), rfc3339.get(11..16)) {
        (Some(date), Some(time)) if rfc3339.ends_with('Z') => format!("{date} {time} UTC"),
        _ => rfc3339.to_string(),
    }
}

/// A `<dl>` of label and already-escaped HTML value pairs.
fn definition_list(class: &str, items: &[(&str, String)], out: &mut String) {
    let _ = writeln!(out, "<dl class=\"{class}\">");
    for (term, value) in items {
        let _ = writeln!(out, "<dt>{}</dt><dd>{value}</dd>", esc(term));
    }
    out.push_str("</dl>\n");
}

/// The CPU as the newest record describes it.
fn cpu_description(record: &Record, out: &mut String) {
    let machine = &record.machine;
    let cpu = &machine.cpu;
    let number = |n: Option<u32>| n.map_or("?".into(), |n| n.to_string());
    let caches: Vec<String> = cpu
        .caches
        .iter()
        .map(|c| format!("L{} {} {}", c.level, c.kind, units::footprint(c.size_bytes)))
        .collect();
    let mut items = vec![
        ("Vendor", esc(&cpu.vendor)),
        (
            "Family / model / stepping",
            esc(&format!(
                "{} / {} / {}",
                number(cpu.family),
                number(cpu.model),
                number(cpu.stepping)
            )),
        ),
        ("Architecture", esc(&machine.arch)),
        ("Logical CPUs", machine.logical_cpus.to_string()),
        ("Caches", esc(&or_unknown(caches.join(", ")))),
        (
            "Features detected",
            esc(&or_unknown(cpu.features.join(" "))),
        ),
        ("Identified by", esc(&cpu.source)),
    ];
    if let Some(emulated) = &machine.emulated {
        items.push((
            "Emulated",
            format!("<strong>{}: timings mean nothing</strong>", esc(emulated)),
        ));
    }
    definition_list("machine", &items, out);
}

fn or_unknown(text: String) -> String {
    if text.is_empty() {
        "unknown".into()
    } else {
        text
    }
}

/// The run: when, how, the clock, the tool, the raw record.
fn run_description(found: &Found, out: &mut String) {
    let record = &found.record;
    let run = &record.run;
    let kind = if run.quick {
        "quick (a smoke test: short time budgets, rough figures)"
    } else {
        "full"
    };
    let masked = if run.feature_masked {
        format!(
            "yes: run with <code>--disable {}</code>, so this is the ranking a CPU without {} \
             would see, measured on this one",
            esc(&run.disabled_features.join(",")),
            esc(&run.disabled_features.join(", "))
        )
    } else {
        "no: every detected feature was used".into()
    };
    let tool = &record.tool;
    let commit = tool
        .git_commit
        .as_ref()
        .map_or(String::new(), |c| format!(", commit {c}"));
    let mut items = vec![
        (
            "Started",
            esc(&format!(
                "{} (measured for {:.0} s)",
                date_time(&run.started_utc),
                run.duration_seconds
            )),
        ),
        ("Run", esc(kind)),
        ("Feature-masked", masked),
        ("Clock estimate", esc(&clock_text(record))),
        ("Operating system", esc(&record.machine.os)),
        (
            "Tool",
            esc(&format!(
                "{} {}{commit}; {}; {} {} build",
                tool.name, tool.version, tool.rustc, tool.target, tool.profile
            )),
        ),
        ("Seed", esc(&format!("{:#x}", run.seed))),
        (
            "Raw record",
            format!(
                "<a href=\"{}\">{}</a>",
                esc(&href(&found.json_path())),
                esc(&found.file)
            ),
        ),
    ];
    if !run.only.is_empty() {
        items.insert(3, ("Only", esc(&run.only.join(", "))));
    }
    definition_list("run", &items, out);
}

fn clock_text(record: &Record) -> String {
    let Some(clock) = &record.clock else {
        return "none (no add ladder on this architecture): cycle figures are absent".into();
    };
    let os = clock.os_reported_mhz.map_or(String::new(), |mhz| {
        format!("; the OS reports {mhz:.0} MHz")
    });
    let fit = if clock.linear() {
        "the timer passed its self-check"
    } else {
        "NOT linear: timings on this machine are doubtful"
    };
    format!(
        "{:.2} GHz from a chain of dependent adds (R² = {:.4}, {fit}){os}",
        clock.ghz, clock.fit.r_squared
    )
}

// ---------------------------------------------------------------------------------------------
// Tables

/// The ranked table of one family, as `report::ranked_tables` prints it: rank, variant,
/// geometric-mean ratio; ns/op, cycles/op and ratio in throughput and latency on the headline
/// distribution; ns/op under the heaviest cache pressure; table footprint; the floor last.
fn ranked_table(record: &Record, family: &str, out: &mut String) {
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
    let pressure_head = pressure.map_or(String::new(), |e| {
        format!(
            "<th rowspan=\"2\" scope=\"col\">cache pressure<br>ns/op after {}</th>",
            esc(&units::bytes(e))
        )
    });
    let _ = writeln!(
        out,
        "<thead><tr><th rowspan=\"2\" scope=\"col\">#</th><th rowspan=\"2\" scope=\"col\">variant</th>\
         <th rowspan=\"2\" scope=\"col\">geomean<br>ratio</th>\
         <th colspan=\"3\" scope=\"colgroup\">throughput (&ldquo;{w}&rdquo;)</th>\
         <th colspan=\"3\" scope=\"colgroup\">latency (&ldquo;{w}&rdquo;)</th>{pressure_head}\
         <th rowspan=\"2\" scope=\"col\">table</th></tr>\n<tr>{sub}{sub}</tr></thead>\n<tbody>",
        w = esc(shown),
        sub = "<th scope=\"col\">ns/op</th><th scope=\"col\">cycles*</th><th scope=\"col\">ratio</th>",
    );
    let row = RowContext {
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
        row.render(
            &rank.variant,
            &label,
            &rank.rank.to_string(),
            &format!("{:.2}&times;", rank.geomean_ratio),
            "",
            out,
        );
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

/// What every row of a ranked table shares.
struct RowContext<'a> {
    record: &'a Record,
    family: &'a str,
    workload: Option<&'a str>,
    pressure: Option<u64>,
}

impl RowContext<'_> {
    /// One row; `label`, `geomean` and `class` are HTML.
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
            let _ = write!(
                out,
                "<td class=\"num\">{}</td>",
                m.map_or("&ndash;".into(), |m| format!("{:.2}", m.ns_per_op.median))
            );
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

/// ns/op, cycles/op and ratio to the best of one measurement; dashes where there is none.
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
        "<td class=\"num\">{:.2}</td><td class=\"num\">{cycles}</td><td class=\"num\">{ratio}{suspect}</td>",
        m.ns_per_op.median
    );
}

/// The footnotes under a family's table: the cycle estimate and any suspects.
fn notes(record: &Record, family: &str, out: &mut String) {
    let cycles = match &record.clock {
        Some(c) => format!(
            "* Cycles per query are estimates: ns/op times the {:.2} GHz clock estimated in this run.",
            c.ghz
        ),
        None => "* No cycle estimates: this architecture has no clock estimate.".into(),
    };
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

/// Per variant, its geometric-mean ratio (and rank) in each record.
fn cross_cpu_table(records: &[Found], family: &str, out: &mut String) {
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
                format!("{:.2}&times; ({})", r.geomean_ratio, r.rank)
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

// ---------------------------------------------------------------------------------------------
// Fixed parts: head, style, method

fn head() -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>bitbench results</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
    )
}

const STYLE: &str = "
:root { color-scheme: light; --ink: #1d1f23; --muted: #5b6270; --line: #d9dce1;
  --band: #f4f6f8; --accent: #1f5fa8; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--ink); background: #fff; line-height: 1.5;
  font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
header, main, footer { max-width: 1240px; margin: 0 auto; padding: 0 24px; }
header { padding-top: 24px; }
h1 { font-size: 2rem; margin: 0 0 8px; }
h2 { font-size: 1.5rem; margin: 40px 0 8px; padding-top: 16px; border-top: 3px solid var(--ink); }
h3 { font-size: 1.15rem; margin: 28px 0 8px; }
a { color: var(--accent); }
code { font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace; font-size: 0.92em; }
.lead { font-size: 1.05rem; max-width: 72ch; }
.jump { color: var(--muted); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 12px 0; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
.scroll { overflow-x: auto; margin: 12px 0; }
table { border-collapse: collapse; font-size: 0.92rem; font-variant-numeric: tabular-nums; }
caption { text-align: left; color: var(--muted); padding: 0 0 6px; caption-side: top;
  max-width: calc(100vw - 48px); }
th, td { padding: 4px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
thead th { background: var(--band); text-align: center; border-bottom: 2px solid var(--ink);
  font-weight: 600; }
tbody th { text-align: left; font-weight: normal; white-space: nowrap; }
td.num { text-align: right; white-space: nowrap; }
tbody tr:nth-child(even) { background: #fafbfc; }
tr.floor { color: var(--muted); font-style: italic; }
td.best { font-weight: 700; }
.tag { font-size: 0.75em; padding: 0 4px; border: 1px solid var(--line); border-radius: 3px;
  color: var(--muted); }
.suspect { color: #b00020; font-weight: 600; }
.note { color: var(--muted); font-size: 0.9rem; }
details.record { margin: 16px 0; border: 1px solid var(--line); border-radius: 6px;
  padding: 0 16px 8px; }
details.record > summary { cursor: pointer; font-weight: 600; padding: 10px 0; }
figure { margin: 16px 0 28px; }
figure img { display: block; max-width: 100%; height: auto; border: 1px solid var(--line); }
figcaption { color: var(--muted); font-size: 0.9rem; margin-top: 4px; }
#method p, #method li { max-width: 80ch; }
footer { color: var(--muted); font-size: 0.9rem; margin-top: 48px; padding-bottom: 32px; }
.overview th, .overview td { white-space: nowrap; }
@media (max-width: 640px) {
  header, main, footer { padding: 0 12px; }
  header { padding-top: 16px; }
  h1 { font-size: 1.6rem; }
  dl { grid-template-columns: 1fr; gap: 0; }
  dd { margin-bottom: 6px; }
  details.record { padding: 0 8px 8px; }
}
";

/// What the numbers mean, in plain words (from the docs of `workload` and `measure`).
fn method_section(out: &mut String) {
    let sizes: Vec<String> = EVICTION_SIZES.iter().map(|&b| units::bytes(b)).collect();
    let _ = writeln!(
        out,
        "<section id=\"method\">\n<h2>How these were measured</h2>\n\
<p><strong>Verify, then time.</strong> Every variant is first checked against a plain reference \
on every input (all 4096 square pairs; every square, every pair of squares and a million random \
knight sets), as single queries and in batches. Only variants that agree are timed.</p>\n\
<p><strong>Fair inputs.</strong> Queries come from a seeded generator. Each round draws a fresh \
set and every variant, and the empty kernel, runs on exactly that set, each in its own random \
order: identical work for all, but no sequence the branch predictor could learn by heart. \
Samples are taken round-robin (floor, A, B, C, floor, A, &hellip;) so that drift, such as a \
clock change or a busy neighbour, hits every variant alike. Each sample is one pass over the \
queries and gives a time per query; the tables show the median over the samples, the charts \
also the interquartile range.</p>\n\
<ul>\n\
<li><strong>Throughput</strong>: the variant's batch kernel over blocks of {BLOCK} independent \
queries. The CPU may overlap queries, so this is the cost per query in a loop over many inputs \
at once.</li>\n\
<li><strong>Latency</strong>: one query at a time, each input made to depend on the previous \
answer by a cheap mix, so queries cannot overlap. This is the time from input to answer when \
the next step waits for it. The empty kernel here measures the mix alone.</li>\n\
<li><strong>Cache pressure</strong>: before every block of {PRESSURE_BLOCK} queries, a sweep \
reads one byte of every cache line of a buffer of E bytes (E = {sizes}). Only the queries are \
timed, not the sweep: what remains is the query cost with the caches in the state the sweep \
left them, as when the rest of an engine has pushed the tables out. E = 0 is the hot case.</li>\n\
</ul>\n\
<p><strong>The floor</strong> is the empty kernel, which just returns its input, measured the \
same way in every workload: the cost of the loop itself. A variant measured below the floor by \
more than the noise is marked <span class=\"suspect\">suspect</span>: the compiler probably \
deleted its work.</p>\n\
<p><strong>Ratios and ranks.</strong> A variant's ratio is its median over the family's best \
median in the same workload (1.00&times; = best). Variants are ranked by the geometric mean \
of their ratios over all the family's workloads.</p>\n\
<p><strong>Cycles</strong> are estimates: ns/op times the core clock, estimated in the same \
run from chains of dependent adds (one cycle each). <strong>Quick</strong> records are smoke \
tests with short time budgets. <strong>Feature-masked</strong> records were run with \
<code>--disable</code>: they show the ranking a CPU without those features would see, \
measured on this one.</p>",
        sizes = esc(&sizes.join(", "))
    );
    workloads_list(out);
    out.push_str("</section>\n");
}

/// The input distributions of the families this build knows.
fn workloads_list(out: &mut String) {
    out.push_str("<p><strong>Input distributions</strong> (the first of each family is the headline in the tables and the one used under cache pressure):</p>\n<ul>\n");
    for family in Families::families() {
        let _ = writeln!(
            out,
            "<li><code>{}</code>: {}<ul>",
            esc(family.name),
            esc(family.summary)
        );
        for d in family.distributions {
            let _ = writeln!(
                out,
                "<li><code>{}</code>: {}</li>",
                esc(d.name),
                esc(d.summary)
            );
        }
        out.push_str("</ul></li>\n");
    }
    out.push_str("</ul>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(
            esc("<a href=\"x\">Tom's & co</a>"),
            "&lt;a href=&quot;x&quot;&gt;Tom&#39;s &amp; co&lt;/a&gt;"
        );
    }

    #[test]
    fn hrefs_are_percent_encoded_per_segment() {
        assert_eq!(
            href(Path::new("records/amd epyc/a#b?.json")),
            "records/amd%20epyc/a%23b%3F.json"
        );
    }

    #[test]
    fn dates_are_shortened() {
        assert_eq!(date_time("2026-11-22T09:44:19Z"), "2026-11-22 09:44 UTC");
        assert_eq!(date_time("yesterday"), "yesterday");
    }
}
