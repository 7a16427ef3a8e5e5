//! The results site: every record under `results/`, grouped by CPU, as static HTML pages
//! with tables and charts, and the raw records beside them.
//!
//! The site folder (by default `results/site/`) holds:
//!
//! - `index.html`: the overview, one row per family with the pick on each CPU, the CPUs, and a
//!   note on the method;
//! - `families/<family>.html`: the family on each CPU (ranked table and charts), then across
//!   CPUs;
//! - `cpus/<cpu>.html`: the CPU, each of its records, newest first, and the ranked tables of
//!   the record that speaks for it;
//! - `records/<folder>/<file>`: each record (`.json.gz`, or an older `.json`), byte for byte, linked from its CPU's page;
//! - `charts/<folder>/<record>/`: the charts (SVG) of the record that speaks for each CPU;
//! - `charts/cross-cpu/`: the cross-CPU comparison, one record per CPU.
//!
//! Every page is self-contained: inline CSS, no scripts, fonts or images from elsewhere, so the
//! folder can be served as it is (GitHub Pages) or opened from disk. Every text taken from a
//! record is escaped. The site is written with [`output::publish`]: built in a hidden folder
//! beside the target and moved into place at the end, so an interrupted build leaves the
//! previous site intact, and only files an earlier build wrote are ever replaced.
//!
//! The parts, by what they build: `records` finds the records and groups them by CPU;
//! `page` lays out the pages; `head` is their head and style sheet; `cpu` describes a CPU
//! and a run; `ranked` draws the ranked tables; `cross_cpu` the comparison across CPUs;
//! `method` the note on how the numbers were made; `html` the pieces they share.

mod cpu;
mod cross_cpu;
mod head;
mod html;
mod method;
mod page;
mod ranked;
mod records;

use crate::base::output;
use crate::record::Record;
use crate::render::chart;
use anyhow::{anyhow, bail, Context, Result};
use page::Page;
use records::Found;
use std::path::{Path, PathBuf};

/// Where the cross-CPU charts go, inside the site.
const CROSS_CPU_DIR: &str = "charts/cross-cpu";

/// What [`build_site`] made.
#[derive(Clone, Debug, PartialEq)]
pub struct SiteSummary {
    /// Records on the site.
    pub records: usize,
    /// CPUs (sections) on the page.
    pub cpus: usize,
    /// Charts shown on the pages (each once, on its family's page).
    pub charts: usize,
    /// The overview page: `<out>/index.html`.
    pub index: PathBuf,
    /// Every page, relative to `out`.
    pub pages: Vec<PathBuf>,
    /// One message per JSON file skipped, naming it and why (also printed as a warning).
    pub skipped: Vec<String>,
}

/// Builds the site of every record in `results/<cpu>/*.json.gz` (or `*.json`) into `out`, replacing what was
/// there only once the new site is complete. Files that are not readable records are skipped
/// with a warning; no records at all is an error.
pub fn build_site(results: &Path, out: &Path) -> Result<SiteSummary> {
    output::check_target(out, output::Legacy::None)?;
    let (mut records, skipped) = records::find_records(results, out)?;
    if records.is_empty() {
        bail!(
            "no records in {}/<cpu>/*.json.gz to build a site from",
            results.display()
        );
    }
    records::newest_first(&mut records);
    let mut charts = 0;
    let mut pages = Vec::new();
    output::publish(out, output::Legacy::None, |staging| {
        (charts, pages) = fill(staging, &records)?;
        Ok(())
    })?;
    Ok(SiteSummary {
        records: records.len(),
        cpus: records::group_by_cpu(&records).len(),
        charts,
        index: out.join("index.html"),
        pages,
        skipped,
    })
}

/// Writes the records, charts and pages into `site`; returns the number of charts shown and
/// the pages.
/// Charts are drawn for the record that speaks for each CPU, and kept as SVG only (the pages
/// show the SVG; the PNGs stay beside the records), so the site stays small.
fn fill(site: &Path, records: &[Found]) -> Result<(usize, Vec<PathBuf>)> {
    for found in records {
        copy_record(site, found)?;
    }
    for group in records::group_by_cpu(records) {
        let found = group.representative();
        let drawn = chart::render_record(&found.record, &site.join(found.chart_dir()))
            .map_err(|e| anyhow!("{}: drawing charts: {e}", found.source.display()))?;
        svg_only(&drawn)?;
    }
    let all: Vec<Record> = records.iter().map(|f| f.record.clone()).collect();
    let drawn = chart::render_cross_cpu(&all, &site.join(CROSS_CPU_DIR))
        .map_err(|e| anyhow!("drawing the cross-CPU charts: {e}"))?;
    svg_only(&drawn)?;
    let page = Page::new(site, records);
    let mut paths = Vec::new();
    for (path, html) in page.render() {
        let target = site.join(&path);
        paths.push(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&target, html).with_context(|| format!("writing {}", target.display()))?;
    }
    Ok((page.chart_count(), paths))
}

/// Removes the PNGs among `files`, just drawn into the staging folder.
fn svg_only(files: &[PathBuf]) -> Result<()> {
    for png in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "png"))
    {
        std::fs::remove_file(png).with_context(|| format!("removing {}", png.display()))?;
    }
    Ok(())
}

fn copy_record(site: &Path, found: &Found) -> Result<()> {
    let target = site.join(found.json_path());
    if let Some(parent) = target.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::copy(&found.source, &target)
        .with_context(|| format!("copying {} to {}", found.source.display(), target.display()))?;
    Ok(())
}
