//! `<family>-bars`: the median time per query (per node for perft) of each variant on the
//! headline distribution, fastest first, throughput beside latency (a panel only for a mode the
//! family was measured in), one bar per variant (never an A/A twin), with whiskers (the 95% interval of the
//! median, or the interquartile range for schema-1 records), the value (≈ where tied with
//! the fastest) and the empty kernel as a grey rule.

use super::style::{self, LegendEntry, Series, Swatch, FLOOR_COLOUR, WIDTH};
use super::Result;
use crate::record::{Measurement, Mode, Record};
use crate::render::uncertainty::{self, Spread, SpreadKind, TIE};
use plotters::coord::ranged1d::SegmentedCoord;
use plotters::coord::types::{RangedCoordf64, RangedCoordu32};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::error::Error;
use std::path::{Path, PathBuf};

/// Pixels per variant in each panel.
const ROW: u32 = 34;

/// One bar: a variant and its measurement in the panel's mode.
struct Bar<'a> {
    series: &'a Series,
    measurement: Option<&'a Measurement>,
}

type BarChart<'a, DB> =
    ChartContext<'a, DB, Cartesian2d<RangedCoordf64, SegmentedCoord<RangedCoordu32>>>;

pub fn render(record: &Record, family: &str, stem: &Path) -> Result<Vec<PathBuf>> {
    let Some(workload) = record.headline(family) else {
        return Ok(Vec::new());
    };
    let names = style::variants(record, family);
    let unit = super::rate::unit(record, family).unwrap_or_else(|| "query".into());
    // A panel per mode the family was measured in, its bars fastest first (drawn bottom-up,
    // so the slowest is pushed first).
    let panels: Vec<(Mode, Vec<Bar>, Option<&Measurement>)> = [Mode::Throughput, Mode::Latency]
        .into_iter()
        .filter_map(|mode| {
            let mut bars: Vec<Bar> = names
                .iter()
                .filter_map(|series| {
                    let m = record.family(family).find(|m| {
                        m.variant == series.name && m.mode == mode && m.workload == workload
                    })?;
                    Some(Bar {
                        series,
                        measurement: Some(m),
                    })
                })
                .collect();
            if bars.is_empty() {
                return None;
            }
            bars.sort_by(|a, b| median(b).total_cmp(&median(a)));
            let floor = record
                .family(family)
                .find(|m| m.floor && m.mode == mode && m.workload == workload);
            Some((mode, bars, floor))
        })
        .collect();
    let kind = SpreadKind::of(record);
    let legend = legend(kind);
    let legend_height = style::legend_height(&legend, WIDTH);
    let rows = panels.iter().map(|(_, b, _)| b.len()).max().unwrap_or(1) as u32;
    let height = 40 + legend_height + 150 + ROW * rows + 30;
    render!(stem, WIDTH, height, |root| {
        let area = style::with_footer(root, &record.caption())?;
        let area = style::with_title(
            &area,
            &format!(
                "{family}: time per {unit} on \"{workload}\" inputs, fastest first; median and {}",
                kind.describe()
            ),
        )?;
        let (strip, body) = area.split_vertically(legend_height);
        style::draw_legend(&strip, &legend)?;
        let areas = body.split_evenly((1, panels.len().max(1)));
        for (area, (mode, bars, floor)) in areas.iter().zip(&panels) {
            draw_panel(area, *mode, bars, *floor, &unit)?;
        }
        Ok(())
    })
}

/// A bar's median, for sorting (bars without a measurement last).
fn median(bar: &Bar) -> f64 {
    bar.measurement
        .map_or(f64::INFINITY, |m| m.ns_per_op.median)
}

fn legend(kind: SpreadKind) -> Vec<LegendEntry> {
    let mut entries = vec![
        LegendEntry::new(
            "median time (one colour per variant)",
            Swatch::Bar(style::colour(0)),
        ),
        LegendEntry::new(kind.describe(), Swatch::Whisker),
        LegendEntry::new("empty kernel: the floor", Swatch::Floor),
    ];
    if kind == SpreadKind::MedianInterval {
        entries.push(LegendEntry::new(
            "tied with the fastest: the 95% interval of its ratio includes 1",
            Swatch::Mark(TIE),
        ));
    }
    entries
}

fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    mode: Mode,
    bars: &[Bar],
    floor: Option<&Measurement>,
    unit: &str,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let mut chart = axes(area, mode, bars, floor, unit)?;
    let at = |i: usize| SegmentValue::CenterOf(i as u32);
    chart.draw_series(bars.iter().enumerate().filter_map(|(i, bar)| {
        let m = bar.measurement?;
        let mut rectangle = Rectangle::new(
            [
                (0.0, SegmentValue::Exact(i as u32)),
                (m.ns_per_op.median, SegmentValue::Exact(i as u32 + 1)),
            ],
            bar.series.colour.mix(0.85).filled(),
        );
        rectangle.set_margin(5, 5, 0, 0);
        Some(rectangle)
    }))?;
    let spreads: Vec<(usize, Spread)> = bars
        .iter()
        .enumerate()
        .filter_map(|(i, bar)| Some((i, Spread::of(bar.measurement?))))
        .collect();
    let whisker = BLACK.stroke_width(2);
    chart.draw_series(
        spreads
            .iter()
            .map(|(i, s)| PathElement::new(vec![(s.low, at(*i)), (s.high, at(*i))], whisker)),
    )?;
    chart.draw_series(spreads.iter().flat_map(|(i, s)| {
        [s.low, s.high].map(|x| {
            EmptyElement::at((x, at(*i))) + PathElement::new(style::cap(false, 5), whisker)
        })
    }))?;
    let label =
        TextStyle::from(("sans-serif", 13).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
    let x_max = chart.x_range().end;
    chart.draw_series(bars.iter().enumerate().filter_map(|(i, bar)| {
        let m = bar.measurement?;
        let x = Spread::of(m).high.max(m.ns_per_op.median) + x_max * 0.01;
        Some(Text::new(value_label(m), (x, at(i)), label.clone()))
    }))?;
    if let Some(floor) = floor {
        let f = floor.ns_per_op.median;
        let n = bars.len() as u32;
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(f, SegmentValue::Exact(0)), (f, SegmentValue::Exact(n))],
            FLOOR_COLOUR.stroke_width(2),
        )))?;
    }
    Ok(())
}

/// `0.46`, `0.47 ≈` (tied with the fastest), `0.12 suspect!`.
fn value_label(m: &Measurement) -> String {
    let mut text = format!("{:.2}", m.ns_per_op.median);
    if uncertainty::tied_with_best(m) {
        text.push(' ');
        text.push_str(TIE);
    }
    if m.suspect {
        text.push_str(" suspect!");
    }
    text
}

/// The panel's axes: time along x, one segment per variant along y, labelled with its name.
fn axes<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    mode: Mode,
    bars: &[Bar],
    floor: Option<&Measurement>,
    unit: &str,
) -> std::result::Result<BarChart<'a, DB>, Box<dyn Error>>
where
    DB::ErrorType: 'static,
{
    let n = bars.len().max(1) as u32;
    let x_max = bars
        .iter()
        .filter_map(|b| {
            b.measurement
                .map(|m| Spread::of(m).high.max(m.ns_per_op.median))
        })
        .chain(floor.map(|f| f.ns_per_op.median))
        .fold(0.0, f64::max)
        * 1.25
        + 1e-3;
    let labels: Vec<String> = bars.iter().map(|b| b.series.name.clone()).collect();
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u32;
    let mut chart = ChartBuilder::on(area)
        .caption(mode.name(), ("sans-serif", 18))
        .margin(10)
        .x_label_area_size(45)
        .y_label_area_size((longest * 8 + 30).max(100))
        .build_cartesian_2d(0f64..x_max, (0u32..n - 1).into_segmented())?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(n as usize)
        .y_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .label_style(("sans-serif", 14))
        .x_desc(format!("time per {unit} (ns/{unit})"))
        .y_desc("variant")
        .axis_desc_style(("sans-serif", 15))
        .draw()?;
    Ok(chart)
}
