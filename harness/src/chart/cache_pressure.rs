//! `<family>-cache-pressure`: the time per query against the bytes swept between blocks of
//! queries (log scale), one line per variant and the floor, whiskers at each point, and the
//! CPU's cache sizes as rules. The panel drawn here ([`draw_panel`]) is also each panel of the
//! cache-simulation chart, so the two share their x axis exactly.

use super::style::{self, LegendEntry, Marker, Series, Swatch, FLOOR_COLOUR, GUIDE_COLOUR, WIDTH};
use super::Result;
use crate::record::{Measurement, Mode, Record};
use crate::report::uncertainty::{Spread, SpreadKind};
use crate::units;
use crate::workload::PRESSURE_BLOCK;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::error::Error;
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
                y_description: "time per query, sweep excluded (ns/op)",
                x_description: true,
                sizes: &sizes,
                guides: cpu_caches(record),
                lines: &lines,
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

/// Draws one panel: axes, cache rules, then each line with its markers and whiskers.
pub fn draw_panel<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, panel: &Panel) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let x_max = panel.sizes.last().copied().unwrap_or(16 << 20).max(1 << 20) * 2;
    let y_max = panel
        .lines
        .iter()
        .flat_map(|l| &l.points)
        .map(|p| p.spread.map_or(p.value, |(_, high)| high.max(p.value)))
        .fold(0.0, f64::max)
        * 1.15
        + 1e-3;
    let mut keys: Vec<u64> = panel
        .sizes
        .iter()
        .map(|&s| style::byte_position(s))
        .collect();
    keys.dedup();
    let mut builder = ChartBuilder::on(area);
    if !panel.caption.is_empty() {
        builder.caption(&panel.caption, ("sans-serif", 17));
    }
    let mut chart = builder
        .margin(14)
        .x_label_area_size(if panel.x_description { 50 } else { 30 })
        .y_label_area_size(70)
        .build_cartesian_2d(
            (style::ZERO_AT / 2..x_max)
                .log_scale()
                .with_key_points(keys),
            0f64..y_max,
        )?;
    chart
        .configure_mesh()
        .x_label_formatter(&|v| style::byte_label(*v))
        .y_label_formatter(&|v| format!("{v:.1}"))
        .x_desc(if panel.x_description {
            "eviction buffer swept between blocks, E (bytes, log scale)"
        } else {
            ""
        })
        .y_desc(panel.y_description)
        .axis_desc_style(("sans-serif", 15))
        .label_style(("sans-serif", 13))
        .draw()?;
    for (bytes, label) in panel.guides.iter().filter(|(b, _)| *b < x_max) {
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(*bytes, 0.0), (*bytes, y_max)],
            GUIDE_COLOUR.stroke_width(1),
        )))?;
        chart.draw_series(std::iter::once(Text::new(
            label.clone(),
            (*bytes, y_max * 0.97),
            ("sans-serif", 12).into_font(),
        )))?;
    }
    for line in panel.lines.iter().filter(|l| !l.points.is_empty()) {
        draw_line(&mut chart, line)?;
    }
    Ok(())
}

type PressureChart<'a, DB> = ChartContext<
    'a,
    DB,
    Cartesian2d<
        plotters::coord::combinators::WithKeyPoints<plotters::coord::combinators::LogCoord<u64>>,
        plotters::coord::types::RangedCoordf64,
    >,
>;

fn draw_line<DB: DrawingBackend>(
    chart: &mut PressureChart<'_, DB>,
    line: &Line,
) -> std::result::Result<(), Box<dyn Error>>
where
    DB::ErrorType: 'static,
{
    let colour = line.series.colour;
    let width = if line.floor { 2 } else { 3 };
    let points: Vec<(u64, f64)> = line
        .points
        .iter()
        .map(|p| (style::byte_position(p.bytes), p.value))
        .collect();
    chart.draw_series(LineSeries::new(points.clone(), colour.stroke_width(width)))?;
    let whisker = colour.mix(0.8).stroke_width(2);
    let spreads: Vec<(u64, f64, f64)> = line
        .points
        .iter()
        .filter_map(|p| Some((style::byte_position(p.bytes), p.spread?.0, p.spread?.1)))
        .collect();
    chart.draw_series(
        spreads
            .iter()
            .map(|&(x, low, high)| PathElement::new(vec![(x, low), (x, high)], whisker)),
    )?;
    chart.draw_series(spreads.iter().flat_map(|&(x, low, high)| {
        [low, high]
            .map(|y| EmptyElement::at((x, y)) + PathElement::new(style::cap(true, 4), whisker))
    }))?;
    chart.draw_series(points.iter().map(|&p| {
        EmptyElement::at(p) + Polygon::new(line.series.marker.outline(4), colour.filled())
    }))?;
    Ok(())
}
