//! `<family>-cache-pressure`: the time per query (log scale) against the bytes swept between
//! blocks of queries (log scale, the hot case E = 0 in a panel of its own), one line per
//! variant and the floor, whiskers at each point, and the CPU's L1d, L2 and L3 sizes as rules.
//! The panel drawn here ([`draw_panel`]) is also each panel of the cache-simulation chart, so
//! the two share their x axis exactly.

use super::axes::{self, ByteAxis, ValueAxis};
use super::style::{self, Dash, LegendEntry, Marker, Series, Swatch, FLOOR_COLOUR, WIDTH};
use super::Result;
use crate::base::units;
use crate::measure::workload::PRESSURE_BLOCK;
use crate::record::{Measurement, Mode, Record};
use crate::render::uncertainty::{Spread, SpreadKind};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::{Path, PathBuf};

/// One point: the eviction size, the value, and its spread where there is one.
#[derive(Clone, Copy, Debug)]
pub struct Point {
    pub bytes: u64,
    pub value: f64,
    pub spread: Option<(f64, f64)>,
}

/// One line of a panel: a variant or the floor.
pub struct Line {
    pub series: Series,
    pub floor: bool,
    pub points: Vec<Point>,
}

/// A panel of values against the eviction size.
pub struct Panel<'a> {
    /// Drawn above the panel.
    pub caption: String,
    pub y_description: &'a str,
    /// Whether to describe the x axis (the bottom panel of a stack).
    pub x_description: bool,
    /// The eviction sizes measured, ascending.
    pub sizes: &'a [u64],
    /// Cache sizes to mark with a rule: bytes and label.
    pub guides: Vec<(u64, String)>,
    pub lines: &'a [Line],
    /// A logarithmic value axis (times), else a linear one from zero (counts).
    pub log_y: bool,
    /// The largest size the byte axis must reach besides the sizes and the guides (so stacked
    /// panels share one axis); 0 for none.
    pub extent: u64,
}

pub fn render(record: &Record, family: &str, stem: &Path) -> Result<Vec<PathBuf>> {
    let Some(workload) = pressure_workload(record, family) else {
        return Ok(Vec::new());
    };
    let sizes = eviction_sizes(record, family);
    let lines = timing_lines(record, family);
    let legend = legend(&lines, SpreadKind::of(record));
    let legend_height = style::legend_height(&legend, WIDTH);
    let height = 40 + legend_height + 620 + 30;
    render!(stem, WIDTH, height, |root| {
        let area = style::with_footer(root, &record.caption())?;
        let area = style::with_title(
            &area,
            &format!(
                "{family}: query cost after sweeping E bytes between blocks of {PRESSURE_BLOCK} \
                 (\"{workload}\" inputs)"
            ),
        )?;
        let (strip, body) = area.split_vertically(legend_height);
        style::draw_legend(&strip, &legend)?;
        draw_panel(
            &body,
            &Panel {
                caption: String::new(),
                y_description: &format!(
                    "time per {}, sweep excluded (ns/{0}, log scale)",
                    super::rate::unit(record, family).unwrap_or_else(|| "query".into())
                ),
                x_description: true,
                sizes: &sizes,
                guides: cpu_caches(record),
                lines: &lines,
                log_y: true,
                extent: 0,
            },
        )
    })
}

/// The distribution measured under cache pressure.
pub fn pressure_workload(record: &Record, family: &str) -> Option<String> {
    record
        .family(family)
        .find(|m| m.mode == Mode::CachePressure)
        .map(|m| m.workload.clone())
}

/// The eviction sizes a family was measured at, ascending.
pub fn eviction_sizes(record: &Record, family: &str) -> Vec<u64> {
    let mut sizes: Vec<u64> = record
        .family(family)
        .filter(|m| m.mode == Mode::CachePressure)
        .map(|m| m.eviction_bytes)
        .collect();
    sizes.sort_unstable();
    sizes.dedup();
    sizes
}

/// The CPU's L1d, L2 and L3 as rules.
pub fn cpu_caches(record: &Record) -> Vec<(u64, String)> {
    (1..=3)
        .filter_map(|level| {
            let bytes = record.machine.cpu.data_cache(level)?;
            let name = if level == 1 {
                "L1d".into()
            } else {
                format!("L{level}")
            };
            Some((bytes, format!("{name} {}", units::footprint(bytes))))
        })
        .collect()
}

/// One line per variant and one for the floor, of `value` (with its spread) per size.
pub fn lines_of(
    record: &Record,
    family: &str,
    value: impl Fn(&Measurement) -> Option<Point>,
) -> Vec<Line> {
    let pressure: Vec<&Measurement> = record
        .family(family)
        .filter(|m| m.mode == Mode::CachePressure)
        .collect();
    let floor = Series {
        name: "empty (floor)".into(),
        colour: FLOOR_COLOUR,
        marker: Marker::Circle,
        dash: Dash::Solid,
    };
    let mut lines: Vec<(Series, bool)> = style::variants(record, family)
        .into_iter()
        .map(|s| (s, false))
        .collect();
    lines.push((floor, true));
    lines
        .into_iter()
        .map(|(series, is_floor)| {
            let mut points: Vec<Point> = pressure
                .iter()
                .filter(|m| {
                    if is_floor {
                        m.floor
                    } else {
                        m.variant == series.name
                    }
                })
                .filter_map(|m| value(m))
                .collect();
            points.sort_by_key(|p| p.bytes);
            Line {
                series,
                floor: is_floor,
                points,
            }
        })
        .collect()
}

/// The measured time per query of every variant and the floor, with whiskers.
pub fn timing_lines(record: &Record, family: &str) -> Vec<Line> {
    lines_of(record, family, |m| {
        let spread = Spread::of(m);
        Some(Point {
            bytes: m.eviction_bytes,
            value: m.ns_per_op.median,
            spread: Some((spread.low, spread.high)),
        })
    })
}

/// The legend of the lines that have points, and what the whiskers are.
pub fn legend(lines: &[Line], kind: SpreadKind) -> Vec<LegendEntry> {
    let mut entries: Vec<LegendEntry> = lines
        .iter()
        .filter(|l| !l.points.is_empty())
        .map(|l| style::line_entry(&l.series))
        .collect();
    entries.push(LegendEntry::new(
        format!("whiskers: {}", kind.describe()),
        Swatch::Whisker,
    ));
    entries
}

/// Draws one panel: the hot point (E = 0) of every line in a panel of its own at the left,
/// spread across it so none hides another; then the logarithmic axis of the other sizes with
/// the cache rules and each line with its markers and whiskers. Times are on a logarithmic
/// axis ([`Panel::log_y`]), so the fast region below L2 is as readable as the slow one past it.
pub fn draw_panel<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, panel: &Panel) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let values = panel.lines.iter().flat_map(|l| &l.points).flat_map(|p| {
        let (low, high) = p.spread.unwrap_or((p.value, p.value));
        [p.value, low, high]
    });
    let y = if panel.log_y {
        ValueAxis::log(values, panel.y_description)
    } else {
        ValueAxis::linear(values, panel.y_description)
    };
    let nonzero: Vec<u64> = panel.sizes.iter().copied().filter(|&s| s > 0).collect();
    let largest = nonzero.last().copied().unwrap_or(16 << 20);
    // The axis reaches the caches up to eight times the largest size; a cache beyond that is
    // named at the right edge instead of stretching the axis over empty space.
    let largest_guide = panel
        .guides
        .iter()
        .map(|(b, _)| *b)
        .chain([panel.extent])
        .filter(|&b| b <= largest.saturating_mul(8))
        .max()
        .unwrap_or(0);
    let x = ByteAxis {
        low: nonzero.first().copied().unwrap_or(16 << 10),
        high: largest.max(largest_guide),
        keys: nonzero.clone(),
        description: "eviction buffer swept between blocks, E (bytes, log scale)".into(),
        label: axes::size_label,
    };
    let caption_room = if panel.caption.is_empty() { 0 } else { 24 };
    let x_area = if panel.x_description { 50 } else { 30 };
    if !panel.caption.is_empty() {
        area.draw_text(
            &panel.caption,
            &("sans-serif", 17).into_font().into_text_style(area),
            (16, 8),
        )?;
    }
    let zero = panel.sizes.contains(&0);
    let (left, right) = axes::split_zero(area, zero);
    if let Some(left) = &left {
        let mut chart = axes::zero_panel(left, &y, "0 (hot)", caption_room, x_area)?;
        let drawn: Vec<&Line> = panel
            .lines
            .iter()
            .filter(|l| !l.points.is_empty())
            .collect();
        for (i, line) in drawn.iter().enumerate() {
            let spot = axes::zero_spot(i, drawn.len());
            let hot: Vec<&Point> = line.points.iter().filter(|p| p.bytes == 0).collect();
            draw_points(&mut chart, line, &hot, |_| spot, &y)?;
        }
    }
    let mut chart = axes::byte_panel(&right, &x, &y, zero, caption_room, x_area)?;
    axes::draw_guides(&mut chart, &x, &y, &panel.guides)?;
    for line in panel.lines.iter().filter(|l| !l.points.is_empty()) {
        let points: Vec<&Point> = line.points.iter().filter(|p| p.bytes > 0).collect();
        let path: Vec<(i64, i64)> = points
            .iter()
            .map(|p| (x.at(p.bytes), y.at(p.value)))
            .collect();
        let width = if line.floor { 2 } else { 3 };
        axes::draw_line(
            &mut chart,
            path,
            line.series.colour,
            line.series.dash,
            width,
        )?;
        draw_points(&mut chart, line, &points, |p| x.at(p.bytes), &y)?;
    }
    Ok(())
}

/// A line's markers and whiskers at `points`, each at the x coordinate `x_of` gives.
fn draw_points<DB: DrawingBackend>(
    chart: &mut axes::Plot<'_, DB>,
    line: &Line,
    points: &[&Point],
    x_of: impl Fn(&Point) -> i64,
    y: &ValueAxis,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let whiskers: Vec<(i64, i64, i64)> = points
        .iter()
        .filter_map(|p| {
            let (low, high) = p.spread?;
            Some((x_of(p), y.at(low), y.at(high)))
        })
        .collect();
    axes::draw_whiskers(chart, &whiskers, line.series.colour)?;
    let colour = line.series.colour;
    chart.draw_series(points.iter().map(|p| {
        EmptyElement::at((x_of(p), y.at(p.value)))
            + Polygon::new(line.series.marker.outline(4), colour.filled())
    }))?;
    Ok(())
}
