//! `cross-cpu-<family>`: per variant (best first), one bar per CPU that measured the family,
//! each the variant's geometric-mean ratio to the best variant on that CPU in the CPU's newest
//! full record ([`one_per_cpu`]), with its 95% interval as a whisker where the record has one.
//! The same variant can rank differently on different CPUs.

use super::style::{self, LegendEntry, Swatch, WIDTH};
use super::Result;
use crate::record::Record;
use crate::render::uncertainty;
use plotters::prelude::*;
use std::error::Error;
use std::path::{Path, PathBuf};

/// One label per record for cross-CPU charts: CPU, masks, date and measuring method.
pub fn record_label(record: &Record) -> String {
    // `2026-11-22 10:31 UTC`: records of one CPU from one day stay apart.
    let date = record
        .run
        .started_utc
        .get(..16)
        .unwrap_or("")
        .replace('T', " ")
        + " UTC";
    let masked = if record.run.feature_masked {
        format!(" [no {}]", record.run.disabled_features.join(","))
    } else {
        String::new()
    };
    format!(
        "{}{masked} · {date} · {}",
        record.machine.cpu.describe(),
        record.method()
    )
}

/// One record per CPU ([`CpuIdentity::slug`](crate::base::machine::CpuIdentity::slug)): its newest
/// full record with every feature and every family (not feature-masked, no `--only`, not
/// `--quick`), else its newest record of any kind, preferring the fuller ones in that order.
/// The CPUs come in the order of their chosen records' first appearance in `records`.
pub fn one_per_cpu(records: &[Record]) -> Vec<&Record> {
    let mut chosen: Vec<&Record> = Vec::new();
    let key = |r: &Record| {
        (
            !r.run.feature_masked && r.run.only.is_empty(),
            !r.run.quick,
            r.run.started_utc.clone(),
        )
    };
    for record in records {
        let slug = record.machine.cpu.slug();
        match chosen.iter_mut().find(|r| r.machine.cpu.slug() == slug) {
            Some(slot) if key(record) > key(slot) => *slot = record,
            Some(_) => {}
            None => chosen.push(record),
        }
    }
    chosen
}

/// The cross-CPU comparison: per family, each variant's geometric-mean ratio to the best on
/// each CPU (its record chosen by [`one_per_cpu`]), only the CPUs that measured the family.
/// Returns the files written.
pub fn render_cross_cpu(records: &[Record], dir: &Path) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let chosen = one_per_cpu(records);
    let mut families: Vec<String> = Vec::new();
    for family in chosen.iter().flat_map(|r| r.families()) {
        if !families.contains(&family) {
            families.push(family);
        }
    }
    let mut files = Vec::new();
    for family in families {
        let measured: Vec<&Record> = chosen
            .iter()
            .copied()
            .filter(|r| r.ranks.iter().any(|k| k.family == family))
            .collect();
        if measured.is_empty() {
            continue;
        }
        let stem = dir.join(format!("cross-cpu-{family}"));
        files.extend(render_family(&measured, &family, &stem)?);
    }
    Ok(files)
}

/// A ratio and its interval, where there is one.
type WithInterval = (f64, Option<(f64, f64)>);

/// A record's bar for a variant: its geometric mean and interval, if it ranked the variant.
fn bar(record: &Record, family: &str, variant: &str) -> Option<WithInterval> {
    let rank = record
        .ranks
        .iter()
        .find(|r| r.family == family && r.variant == variant)?;
    let (ratio, interval) = uncertainty::geomean(rank);
    Some((ratio, interval.map(|i| (i.low, i.high))))
}

/// The variants ranked in any of `records`, best first: by the geometric mean of their ratios
/// over the CPUs that measured them.
fn variants_best_first(records: &[&Record], family: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for rank in records
        .iter()
        .flat_map(|r| &r.ranks)
        .filter(|r| r.family == family)
    {
        if !names.contains(&rank.variant) {
            names.push(rank.variant.clone());
        }
    }
    let score = |name: &str| {
        let ratios: Vec<f64> = records
            .iter()
            .filter_map(|r| bar(r, family, name).map(|(ratio, _)| ratio))
            .collect();
        crate::base::stats::geometric_mean(&ratios)
    };
    names.sort_by(|a, b| score(a).total_cmp(&score(b)));
    names
}

/// Pixels of one bar at most, and between the rows of variants at most.
const BAR: u32 = 11;
const ROW_GAP: u32 = 12;
/// The height the rows of bars aim to stay within: with many variants and many CPUs (a family of
/// configurations, perft's or the search's, recorded on several CPUs) the gaps between rows get
/// narrower, down to half the rows' height, and the bars thinner, down to [`MIN_BAR`]; then the gaps give way
/// again, down to [`MIN_GAP`], rather than the chart growing taller.
const ROWS_HEIGHT: u32 = 1500;
const MIN_BAR: u32 = 2;
const MIN_GAP: u32 = 3;

/// The bar's and the gap's height for `n` rows of `k` bars each (see [`ROWS_HEIGHT`]).
fn bar_and_gap(n: u32, k: u32) -> (u32, u32) {
    let gap = (ROWS_HEIGHT / 2 / n).clamp(MIN_GAP, ROW_GAP);
    let bar = (ROWS_HEIGHT.saturating_sub(n * gap) / (n * k)).clamp(MIN_BAR, BAR);
    let gap = gap.min((ROWS_HEIGHT.saturating_sub(n * k * bar) / n).max(MIN_GAP));
    (bar, gap)
}

fn render_family(records: &[&Record], family: &str, stem: &Path) -> Result<Vec<PathBuf>> {
    let names = variants_best_first(records, family);
    let legend: Vec<LegendEntry> = records
        .iter()
        .enumerate()
        .map(|(j, r)| LegendEntry::new(record_label(r), Swatch::Bar(style::colour(j))))
        .chain([LegendEntry::new(
            "95% interval of the geometric mean (where the record has rounds)",
            Swatch::Whisker,
        )])
        .collect();
    let legend_height = style::legend_height(&legend, WIDTH);
    let (n, k) = (names.len().max(1) as u32, records.len().max(1) as u32);
    let (bar, gap) = bar_and_gap(n, k);
    let height = 40 + legend_height + 90 + (n * (bar * k + gap)).max(160) + 30;
    let caption = format!(
        "{} CPU{}, the newest full record of each · bitbench {}",
        records.len(),
        if records.len() == 1 { "" } else { "s" },
        env!("CARGO_PKG_VERSION")
    );
    render!(stem, WIDTH, height, |root| {
        let area = style::with_footer(root, &caption)?;
        let area = style::with_title(
            &area,
            &format!(
                "{family}: ratio to the best variant on each CPU, best first (geometric mean)"
            ),
        )?;
        let (strip, body) = area.split_vertically(legend_height);
        style::draw_legend(&strip, &legend)?;
        draw_bars(&body, records, family, &names)
    })
}

/// The bars: row `i` (a variant) spans `[i, i + 1)` in hundredths, top to bottom; CPU `j`
/// takes the `j`-th of `k` bands inside `[i + 0.1, i + 0.9)`.
fn draw_bars<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    records: &[&Record],
    family: &str,
    names: &[String],
) -> std::result::Result<(), Box<dyn Error>>
where
    DB::ErrorType: 'static,
{
    let (n, k) = (names.len().max(1), records.len().max(1));
    let band = 80 / k as i32;
    let row_top = |i: usize| (n - 1 - i) as i32 * 100;
    let centres: Vec<i32> = (0..n).map(|i| row_top(i) + 50).collect();
    let x_max = records
        .iter()
        .flat_map(|r| names.iter().filter_map(|v| bar(r, family, v)))
        .map(|(ratio, interval)| interval.map_or(ratio, |(_, high)| high.max(ratio)))
        .fold(1.0, f64::max)
        * 1.08;
    let longest = names.iter().map(|v| v.chars().count()).max().unwrap_or(0) as u32;
    let mut chart = ChartBuilder::on(area)
        .margin(14)
        .x_label_area_size(45)
        .y_label_area_size((longest * 8 + 30).max(100))
        .build_cartesian_2d(0f64..x_max, (0..n as i32 * 100).with_key_points(centres))?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_label_formatter(&|v| {
            let i = (n as i32 * 100 - 50 - v) / 100;
            names.get(i as usize).cloned().unwrap_or_default()
        })
        .label_style(("sans-serif", 14))
        .x_desc("ratio to the best variant on that CPU (1.00 = best, lower is better)")
        .y_desc("variant")
        .axis_desc_style(("sans-serif", 15))
        .draw()?;
    for (j, record) in records.iter().enumerate() {
        let colour = style::colour(j);
        let bars: Vec<(i32, WithInterval)> = names
            .iter()
            .enumerate()
            .filter_map(|(i, name)| {
                Some((
                    row_top(i) + 90 - j as i32 * band,
                    bar(record, family, name)?,
                ))
            })
            .collect();
        chart.draw_series(bars.iter().map(|&(top, (ratio, _))| {
            Rectangle::new(
                [(0.0, top), (ratio, top - band * 85 / 100)],
                colour.mix(0.9).filled(),
            )
        }))?;
        let whisker = BLACK.stroke_width(1);
        let middle = |top: i32| top - band * 85 / 200;
        chart.draw_series(bars.iter().filter_map(|&(top, (_, interval))| {
            let (low, high) = interval?;
            Some(PathElement::new(
                vec![(low, middle(top)), (high, middle(top))],
                whisker,
            ))
        }))?;
        chart.draw_series(
            bars.iter()
                .filter_map(|&(top, (_, interval))| interval.map(|i| (top, i)))
                .flat_map(|(top, (low, high))| {
                    [low, high].map(|x| {
                        EmptyElement::at((x, middle(top)))
                            + PathElement::new(style::cap(false, 3), whisker)
                    })
                }),
        )?;
    }
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(1.0, 0), (1.0, n as i32 * 100)],
        BLACK.stroke_width(1),
    )))?;
    Ok(())
}
