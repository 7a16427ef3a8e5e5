//! Axes that the line and scatter charts share: a time axis (logarithmic, so that 0.5 ns and
//! 40 ns are both readable; or linear for counts that can be zero) and a logarithmic byte axis
//! (eviction sizes, table footprints) with the zero point drawn apart, in a narrow panel of its
//! own to the left, never on the logarithmic axis itself.
//!
//! Both are drawn on linear integer coordinates of the transformed values (a thousandth of a
//! unit of `log10` of a time, or of `log2` of a byte count), labelled with the values
//! themselves, so one chart type serves every panel.

use super::style::{self, Dash, GUIDE_COLOUR};
use super::Result;
use crate::base::units;
use plotters::coord::combinators::WithKeyPoints;
use plotters::coord::types::RangedCoordi64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A chart whose two axes are linear coordinates of transformed values, with key points.
pub type Plot<'a, DB> =
    ChartContext<'a, DB, Cartesian2d<WithKeyPoints<RangedCoordi64>, WithKeyPoints<RangedCoordi64>>>;

/// Coordinates per unit of a transformed value.
const SCALE: f64 = 1000.0;

/// The coordinate of a transformed value.
pub fn coordinate(transformed: f64) -> i64 {
    (transformed * SCALE).round() as i64
}

/// The transformed value of a coordinate.
fn transformed(coordinate: i64) -> f64 {
    coordinate as f64 / SCALE
}

/// The width of the panel that holds the zero of a byte axis.
pub const ZERO_PANEL: u32 = 150;
/// The width of the y labels and description of a panel's left edge.
const Y_LABELS: u32 = 78;

/// A value axis: logarithmic (times) or linear from zero (counts).
#[derive(Clone, Debug)]
pub struct ValueAxis {
    pub log: bool,
    /// The range, in values.
    pub low: f64,
    pub high: f64,
    pub description: String,
}

impl ValueAxis {
    /// A logarithmic axis around `values` (positive; others are ignored).
    pub fn log(values: impl IntoIterator<Item = f64>, description: &str) -> ValueAxis {
        let (low, high) = style::time_range(values);
        ValueAxis {
            log: true,
            low,
            high,
            description: description.into(),
        }
    }

    /// A linear axis from 0 to a little above the largest of `values`.
    pub fn linear(values: impl IntoIterator<Item = f64>, description: &str) -> ValueAxis {
        let high = values.into_iter().fold(0f64, f64::max) * 1.15 + 1e-3;
        ValueAxis {
            log: false,
            low: 0.0,
            high,
            description: description.into(),
        }
    }

    /// A value's coordinate.
    pub fn at(&self, value: f64) -> i64 {
        coordinate(if self.log {
            value.max(self.low).log10()
        } else {
            value
        })
    }

    fn range(&self) -> std::ops::Range<i64> {
        self.at(self.low)..self.at(self.high)
    }

    fn keys(&self) -> Vec<i64> {
        let values = if self.log {
            style::log_keys(self.low, self.high, 12)
        } else {
            let step = nice_step(self.high / 6.0);
            (0..)
                .map(|i| i as f64 * step)
                .take_while(|v| *v <= self.high)
                .collect()
        };
        values.into_iter().map(|v| self.at(v)).collect()
    }

    fn label(&self, at: i64) -> String {
        let value = transformed(at);
        if self.log {
            style::time_label(10f64.powf(value))
        } else if self.high < 10.0 {
            format!("{value:.1}")
        } else {
            format!("{value:.0}")
        }
    }
}

/// 1, 2 or 5 times a power of ten, at least `rough`.
fn nice_step(rough: f64) -> f64 {
    if rough <= 0.0 || !rough.is_finite() {
        return 1.0;
    }
    let decade = 10f64.powf(rough.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|s| s * decade)
        .find(|s| *s >= rough)
        .unwrap_or(10.0 * decade)
}

/// A logarithmic byte axis over the positive sizes `low..=high`, keyed at `keys` (bytes).
#[derive(Clone, Debug)]
pub struct ByteAxis {
    pub low: u64,
    pub high: u64,
    pub keys: Vec<u64>,
    pub description: String,
    /// How a key is labelled.
    pub label: fn(u64) -> String,
}

impl ByteAxis {
    /// The coordinate of `bytes`, moved `shift` (in doublings) aside.
    pub fn at_shifted(&self, bytes: u64, shift: f64) -> i64 {
        coordinate((bytes.max(1) as f64).log2() + shift)
    }

    pub fn at(&self, bytes: u64) -> i64 {
        self.at_shifted(bytes, 0.0)
    }

    fn range(&self) -> std::ops::Range<i64> {
        self.at_shifted(self.low, -0.6)..self.at_shifted(self.high, 0.6)
    }
}

/// The label of an eviction size: `16 KiB`.
pub fn size_label(bytes: u64) -> String {
    units::bytes(bytes)
}

/// Splits `area` into the zero panel (where `zero` holds) and the panel of the logarithmic
/// axis.
pub fn split_zero<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    zero: bool,
) -> (Option<DrawingArea<DB, Shift>>, DrawingArea<DB, Shift>) {
    if zero {
        let (left, right) = area.split_horizontally(ZERO_PANEL);
        (Some(left), right)
    } else {
        (None, area.clone())
    }
}

/// The panel of the zero: one x position, labelled `label`, and the value axis with its
/// labels and description. Points drawn at x in [`zero_spot`]s spread across it.
pub fn zero_panel<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    y: &ValueAxis,
    label: &'a str,
    caption_room: u32,
    x_area: u32,
) -> Result<Plot<'a, DB>>
where
    DB::ErrorType: 'static,
{
    let mut chart = ChartBuilder::on(area)
        .margin_top(14 + caption_room)
        .margin_bottom(14)
        .margin_left(14)
        .margin_right(4)
        .x_label_area_size(x_area)
        .y_label_area_size(Y_LABELS)
        .build_cartesian_2d(
            (coordinate(-1.3)..coordinate(1.3)).with_key_points(vec![0]),
            y.range().with_key_points(y.keys()),
        )?;
    chart
        .configure_mesh()
        .x_label_formatter(&|_| label.to_string())
        .y_label_formatter(&|v| y.label(*v))
        .y_desc(&y.description)
        .axis_desc_style(("sans-serif", 15))
        .label_style(("sans-serif", 13))
        .draw()?;
    Ok(chart)
}

/// The panel of the logarithmic byte axis, beside a zero panel (`beside_zero`: no y labels of
/// its own) or alone.
pub fn byte_panel<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    x: &'a ByteAxis,
    y: &'a ValueAxis,
    beside_zero: bool,
    caption_room: u32,
    x_area: u32,
) -> Result<Plot<'a, DB>>
where
    DB::ErrorType: 'static,
{
    let keys: Vec<i64> = x.keys.iter().map(|&k| x.at(k)).collect();
    let mut chart = ChartBuilder::on(area)
        .margin_top(14 + caption_room)
        .margin_bottom(14)
        .margin_right(20)
        .margin_left(if beside_zero { 6 } else { 14 })
        .x_label_area_size(x_area)
        .y_label_area_size(if beside_zero { 0 } else { Y_LABELS })
        .build_cartesian_2d(
            x.range().with_key_points(keys),
            y.range().with_key_points(y.keys()),
        )?;
    let x_label = |v: &i64| (x.label)(2f64.powf(transformed(*v)).round() as u64);
    let y_label = |v: &i64| y.label(*v);
    chart
        .configure_mesh()
        .x_label_formatter(&x_label)
        .y_label_formatter(&y_label)
        .x_desc(if x_area > 40 {
            x.description.as_str()
        } else {
            ""
        })
        .y_desc(if beside_zero {
            ""
        } else {
            y.description.as_str()
        })
        .axis_desc_style(("sans-serif", 15))
        .label_style(("sans-serif", 13))
        .draw()?;
    Ok(chart)
}

/// Cache sizes as dashed rules across a byte panel, each labelled at the top, the labels of
/// neighbouring rules on rows of their own so they never overprint. A cache larger than the
/// axis reaches is named at its right edge with an arrow.
pub fn draw_guides<DB: DrawingBackend>(
    chart: &mut Plot<'_, DB>,
    x: &ByteAxis,
    y: &ValueAxis,
    guides: &[(u64, String)],
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let (top, bottom) = (y.at(y.high), y.at(y.low));
    let font = |anchor: HPos| {
        ("sans-serif", 13)
            .into_font()
            .color(&RGBColor(70, 70, 70))
            .pos(Pos::new(anchor, VPos::Top))
    };
    let right_end = x.at_shifted(x.high, 0.6);
    let mut last: Option<i64> = None;
    let (mut row, mut beyond) = (0, 0);
    for (bytes, label) in guides.iter().filter(|(b, _)| *b >= x.low) {
        let at = x.at(*bytes);
        if at > right_end {
            chart.draw_series(std::iter::once(
                EmptyElement::at((right_end, top))
                    + Text::new(
                        format!("{label} →"),
                        (-6, 19 + 16 * beyond),
                        font(HPos::Right),
                    ),
            ))?;
            beyond += 1;
            continue;
        }
        row = match last {
            Some(previous) if at - previous < coordinate(1.6) => (row + 1) % 3,
            _ => 0,
        };
        last = Some(at);
        let pattern = Dash::Dashed.pattern().unwrap_or((6, 4));
        chart.draw_series(DashedLineSeries::new(
            vec![(at, bottom), (at, top)],
            pattern.0,
            pattern.1,
            GUIDE_COLOUR.stroke_width(2),
        ))?;
        // Near the right edge the label goes left of its rule.
        let (anchor, dx) = if right_end - at < coordinate(1.5) {
            (HPos::Right, -5)
        } else {
            (HPos::Left, 5)
        };
        chart.draw_series(std::iter::once(
            EmptyElement::at((at, top))
                + Text::new(label.clone(), (dx, 3 + 16 * row), font(anchor)),
        ))?;
    }
    Ok(())
}

/// A line through `points` (coordinates) in `colour`, solid, dashed or dotted.
pub fn draw_line<DB: DrawingBackend>(
    chart: &mut Plot<'_, DB>,
    points: Vec<(i64, i64)>,
    colour: RGBColor,
    dash: Dash,
    width: u32,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let style = colour.stroke_width(width);
    match dash.pattern() {
        None => {
            chart.draw_series(LineSeries::new(points, style))?;
        }
        Some((length, gap)) => {
            chart.draw_series(DashedLineSeries::new(points, length, gap, style))?;
        }
    }
    Ok(())
}

/// The x coordinate of the `i`-th of `n` points spread across a zero panel.
pub fn zero_spot(i: usize, n: usize) -> i64 {
    let n = n.max(2) as f64;
    coordinate(-1.0 + 2.0 * i as f64 / (n - 1.0))
}

/// Vertical whiskers with caps at `(x, low, high)` coordinates.
pub fn draw_whiskers<DB: DrawingBackend>(
    chart: &mut Plot<'_, DB>,
    whiskers: &[(i64, i64, i64)],
    colour: RGBColor,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let style = colour.mix(0.8).stroke_width(2);
    chart.draw_series(
        whiskers
            .iter()
            .map(|&(x, low, high)| PathElement::new(vec![(x, low), (x, high)], style)),
    )?;
    chart.draw_series(whiskers.iter().flat_map(|&(x, low, high)| {
        [low, high].map(|y| EmptyElement::at((x, y)) + PathElement::new(style::cap(true, 4), style))
    }))?;
    Ok(())
}
