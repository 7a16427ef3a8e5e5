//! `<family>-cache-sim`, for records made with `run --cache-sim`: three panels on the same
//! eviction axis, top to bottom: the measured time per query (as in the cache-pressure
//! chart), then valgrind's simulated L1d misses per query and last-level misses per query.
//! Counts are free of noise, so they show where a table falls out of a cache even where the
//! timings scatter. The subtitle names the simulated caches and any variant without counts.

use super::cache_pressure::{self, Line, Panel, Point};
use super::style::{self, WIDTH};
use super::Result;
use crate::base::units;
use crate::record::{CacheCounts, Record};
use crate::render::uncertainty::SpreadKind;
use plotters::prelude::*;
use std::error::Error;
use std::path::{Path, PathBuf};

/// Each panel's height in pixels.
const PANEL: u32 = 330;
/// Each subtitle line's height.
const SUBTITLE_LINE: u32 = 22;

pub fn render(record: &Record, family: &str, stem: &Path) -> Result<Vec<PathBuf>> {
    let (Some(caches), Some(workload)) = (
        &record.cache_sim,
        cache_pressure::pressure_workload(record, family),
    ) else {
        return Ok(Vec::new());
    };
    let sizes = cache_pressure::eviction_sizes(record, family);
    let timing = cache_pressure::timing_lines(record, family);
    let l1d = count_lines(record, family, |c| c.l1d_misses);
    let last_level = count_lines(record, family, |c| c.ll_misses);
    let legend = cache_pressure::legend(&timing, SpreadKind::of(record));
    let legend_height = style::legend_height(&legend, WIDTH);
    let subtitle = subtitle(record, &timing, &l1d);
    let top = 40 + SUBTITLE_LINE * subtitle.len() as u32 + 6;
    let height = top + legend_height + 3 * PANEL + 30;
    let ll_name = format!("L{}", caches.ll.level);
    let extent = cache_pressure::cpu_caches(record)
        .iter()
        .map(|(b, _)| *b)
        .chain([caches.l1d.size_bytes, caches.ll.size_bytes])
        .max()
        .unwrap_or(0);
    render!(stem, WIDTH, height, |root| {
        let area = style::with_footer(root, &record.caption())?;
        let area = style::with_title(
            &area,
            &format!(
                "{family}: measured time and simulated cache misses per query after sweeping \
                 E bytes (\"{workload}\" inputs)"
            ),
        )?;
        let (lines, area) = area.split_vertically(top - 40);
        let font = ("sans-serif", 14).into_font().color(&RGBColor(60, 60, 60));
        for (i, line) in subtitle.iter().enumerate() {
            lines.draw_text(line, &font, (12, i as i32 * SUBTITLE_LINE as i32))?;
        }
        let (strip, body) = area.split_vertically(legend_height);
        style::draw_legend(&strip, &legend)?;
        let panels = body.split_evenly((3, 1));
        let specs = [
            Panel {
                caption: "measured: time per query (ns/op)".into(),
                y_description: "ns/op, sweep excluded (log scale)",
                x_description: false,
                sizes: &sizes,
                guides: cache_pressure::cpu_caches(record),
                lines: &timing,
                log_y: true,
                extent,
            },
            Panel {
                caption: "simulated: L1d misses per query".into(),
                y_description: "L1d misses per query",
                x_description: false,
                sizes: &sizes,
                guides: vec![guide("L1d", caches.l1d.size_bytes)],
                lines: &l1d,
                log_y: false,
                extent,
            },
            Panel {
                caption: format!("simulated: last-level ({ll_name}) misses per query"),
                y_description: "last-level misses per query",
                x_description: true,
                sizes: &sizes,
                guides: vec![guide(&ll_name, caches.ll.size_bytes)],
                lines: &last_level,
                log_y: false,
                extent,
            },
        ];
        for (panel, spec) in panels.iter().zip(&specs) {
            cache_pressure::draw_panel(panel, spec)?;
        }
        Ok::<(), Box<dyn Error>>(())
    })
}

/// A simulated cache's size as a rule: `simulated L1d 48 KiB`.
fn guide(name: &str, bytes: u64) -> (u64, String) {
    (bytes, format!("simulated {name} {}", units::bytes(bytes)))
}

/// One line per variant (and the floor) of a simulated count per query.
fn count_lines(record: &Record, family: &str, count: fn(&CacheCounts) -> f64) -> Vec<Line> {
    cache_pressure::lines_of(record, family, |m| {
        let counts = m.cache_sim.as_ref()?;
        Some(Point {
            bytes: m.eviction_bytes,
            value: count(counts),
            spread: None,
        })
    })
}

/// What was simulated, and the variants that were timed but have no counts.
fn subtitle(record: &Record, timing: &[Line], counted: &[Line]) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(caches) = &record.cache_sim {
        lines.push(format!(
            "{}.",
            crate::render::report::simulated_caches(caches)
        ));
    }
    let uncounted: Vec<&str> = timing
        .iter()
        .zip(counted)
        .filter(|(t, c)| !t.points.is_empty() && c.points.is_empty())
        .map(|(t, _)| t.series.name.as_str())
        .collect();
    if !uncounted.is_empty() {
        lines.push(format!(
            "No simulated counts for: {} (absent from the lower panels).",
            uncounted.join(", ")
        ));
    }
    lines
}
