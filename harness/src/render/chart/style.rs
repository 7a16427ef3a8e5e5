//! What every chart shares: the embedded fonts, the size, the footer with the caption, the
//! looks of variants (eight colours, then the same colours with other line dashes and marker
//! shapes, so no two of any number of series look alike), the legend strip, whiskers, and the
//! logarithmic axes (bytes and times).

use super::Result;
use crate::record::Record;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::sync::Once;

/// Every chart's width in pixels.
pub const WIDTH: u32 = 1200;
/// The caption line at the bottom.
const FOOTER: u32 = 30;
/// Eight colours that stay apart for readers with the common colour-vision deficiencies
/// (Okabe and Ito's palette, its yellow and black replaced by Paul Tol's olive and indigo),
/// assigned to variants in the record's order so a variant keeps its look across the charts
/// of a record. Past the eighth variant the colours repeat with another dash and marker (see
/// [`look`]). Grey is kept for the floor.
const PALETTE: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(213, 94, 0),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(153, 153, 51),
    RGBColor(51, 34, 136),
];

/// The empty kernel's colour.
pub const FLOOR_COLOUR: RGBColor = RGBColor(150, 150, 150);
/// Cache-size rules and other guides.
pub const GUIDE_COLOUR: RGBColor = RGBColor(200, 200, 200);

pub fn register_fonts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        use plotters::style::{register_font, FontStyle};
        // The embedded fonts are valid TrueType; registering cannot fail for them.
        let _ = register_font("sans-serif", FontStyle::Normal, dejavu::sans::regular());
        let _ = register_font("sans-serif", FontStyle::Bold, dejavu::sans::bold());
    });
}

pub fn title_font() -> FontDesc<'static> {
    ("sans-serif", 22).into_font().style(FontStyle::Bold)
}

/// Fills the background, writes `caption` in a footer line, returns the area above it.
pub fn with_footer<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    caption: &str,
) -> Result<DrawingArea<DB, Shift>>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE)?;
    let (_, height) = root.dim_in_pixel();
    let (main, footer) = root.split_vertically(height - FOOTER);
    footer.draw_text(
        caption,
        &("sans-serif", 15).into_font().color(&RGBColor(80, 80, 80)),
        (12, 6),
    )?;
    Ok(main)
}

/// Writes a title line (bold) at the top of `area`, returns the area below it.
pub fn with_title<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
) -> Result<DrawingArea<DB, Shift>>
where
    DB::ErrorType: 'static,
{
    let (top, rest) = area.split_vertically(40);
    top.draw_text(title, &TextStyle::from(title_font()), (12, 10))?;
    Ok(rest)
}

/// A point marker's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    Circle,
    Square,
    Triangle,
    Diamond,
}

impl Marker {
    /// The outline, in pixels around the point, `radius` from the centre: drawn as
    /// `EmptyElement::at(point) + Polygon::new(marker.outline(4), colour.filled())`.
    pub fn outline(self, radius: i32) -> Vec<(i32, i32)> {
        let r = radius;
        match self {
            Marker::Circle => (0..12)
                .map(|i| {
                    let a = i as f64 * std::f64::consts::PI / 6.0;
                    (
                        (a.cos() * r as f64).round() as i32,
                        (a.sin() * r as f64).round() as i32,
                    )
                })
                .collect(),
            Marker::Square => vec![(-r, -r), (r, -r), (r, r), (-r, r)],
            Marker::Triangle => vec![(0, -r - 1), (r + 1, r), (-r - 1, r)],
            Marker::Diamond => vec![(0, -r - 1), (r + 1, 0), (0, r + 1), (-r - 1, 0)],
        }
    }
}

/// How a line is drawn: solid, dashed or dotted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dash {
    Solid,
    Dashed,
    Dotted,
}

impl Dash {
    /// The lengths of a dash and of the gap after it, in pixels; `None` for a solid line.
    pub fn pattern(self) -> Option<(u32, u32)> {
        match self {
            Dash::Solid => None,
            Dash::Dashed => Some((10, 5)),
            Dash::Dotted => Some((3, 4)),
        }
    }
}

/// How one variant is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub colour: RGBColor,
    pub marker: Marker,
    pub dash: Dash,
}

/// The look of the `i`-th variant: the eight colours with solid lines and circles, then the
/// same colours dashed with squares, then dotted with triangles, then dashed with diamonds.
pub fn look(i: usize) -> (RGBColor, Marker, Dash) {
    const STYLES: [(Marker, Dash); 4] = [
        (Marker::Circle, Dash::Solid),
        (Marker::Square, Dash::Dashed),
        (Marker::Triangle, Dash::Dotted),
        (Marker::Diamond, Dash::Dashed),
    ];
    let (marker, dash) = STYLES[(i / PALETTE.len()) % STYLES.len()];
    (PALETTE[i % PALETTE.len()], marker, dash)
}

/// The colour of the `i`-th of a few things (records, CPUs, bars).
pub fn colour(i: usize) -> RGBColor {
    look(i).0
}

/// The ranked variants of `family` in the record's order, with their looks: neither the floor
/// nor an A/A twin (the same code again, a control, never a bar or a line of its own).
pub fn variants(record: &Record, family: &str) -> Vec<Series> {
    let mut names: Vec<String> = Vec::new();
    for m in record.family(family).filter(|m| m.ranked()) {
        if !names.contains(&m.variant) {
            names.push(m.variant.clone());
        }
    }
    names
        .into_iter()
        .enumerate()
        .map(|(i, name)| {
            let (colour, marker, dash) = look(i);
            Series {
                name,
                colour,
                marker,
                dash,
            }
        })
        .collect()
}

/// The points of a dashed polyline through `points` (pixels), as separate dash segments of
/// `pattern` (dash, gap) lengths; the whole line where `pattern` is `None`.
pub fn dash_segments(points: &[(i32, i32)], pattern: Option<(u32, u32)>) -> Vec<Vec<(i32, i32)>> {
    let Some((dash, gap)) = pattern else {
        return vec![points.to_vec()];
    };
    let (dash, period) = (dash as f64, (dash + gap) as f64);
    let mut segments = Vec::new();
    let mut travelled = 0.0;
    for pair in points.windows(2) {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        let (dx, dy) = ((x1 - x0) as f64, (y1 - y0) as f64);
        let length = (dx * dx + dy * dy).sqrt();
        let mut at = 0.0;
        while at < length {
            let phase = (travelled + at) % period;
            let step = if phase < dash {
                dash - phase
            } else {
                period - phase
            };
            let end = (at + step).min(length);
            if phase < dash {
                let point = |t: f64| {
                    (
                        x0 + (dx * t / length).round() as i32,
                        y0 + (dy * t / length).round() as i32,
                    )
                };
                segments.push(vec![point(at), point(end)]);
            }
            at = end;
        }
        travelled += length;
    }
    segments
}

/// How an entry of a legend strip is drawn.
#[derive(Clone, Debug)]
pub enum Swatch {
    /// A line with a marker: a variant in a line chart.
    Line(RGBColor, Marker, Dash),
    /// A marker alone: a variant in a scatter chart.
    Point(RGBColor, Marker),
    /// A filled box: a bar.
    Bar(RGBColor),
    /// A whisker with caps.
    Whisker,
    /// The floor's vertical rule.
    Floor,
    /// A mark as drawn in the chart, such as `≈`.
    Mark(&'static str),
}

/// One entry of a legend strip.
#[derive(Clone, Debug)]
pub struct LegendEntry {
    pub label: String,
    pub swatch: Swatch,
}

impl LegendEntry {
    pub fn new(label: impl Into<String>, swatch: Swatch) -> LegendEntry {
        LegendEntry {
            label: label.into(),
            swatch,
        }
    }
}

/// A variant's entry in a line chart's legend.
pub fn line_entry(series: &Series) -> LegendEntry {
    LegendEntry::new(
        series.name.clone(),
        Swatch::Line(series.colour, series.marker, series.dash),
    )
}

const LEGEND_ROW: u32 = 22;
const LEGEND_FONT: u32 = 14;
const SWATCH: i32 = 30;

/// Columns of equal width that fit `width`: (columns, column width in pixels). Text width is
/// estimated at 0.6 em per character, which DejaVu Sans stays under for these labels.
fn legend_columns(entries: &[LegendEntry], width: u32) -> (usize, u32) {
    let longest = entries
        .iter()
        .map(|e| e.label.chars().count())
        .max()
        .unwrap_or(0) as u32;
    let column = longest * LEGEND_FONT * 6 / 10 + SWATCH as u32 + 30;
    let columns = ((width.saturating_sub(24)) / column.max(1)).max(1) as usize;
    (columns.min(entries.len().max(1)), column)
}

/// The height a legend strip of `entries` takes at `width`.
pub fn legend_height(entries: &[LegendEntry], width: u32) -> u32 {
    let (columns, _) = legend_columns(entries, width);
    entries.len().div_ceil(columns) as u32 * LEGEND_ROW + 8
}

/// Draws `entries` in rows of equal columns across `strip`: a legend outside the plot, where
/// it hides no data however many variants there are.
pub fn draw_legend<DB: DrawingBackend>(
    strip: &DrawingArea<DB, Shift>,
    entries: &[LegendEntry],
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let (width, _) = strip.dim_in_pixel();
    let (columns, column) = legend_columns(entries, width);
    let font = ("sans-serif", LEGEND_FONT).into_font();
    let text = TextStyle::from(font).pos(Pos::new(HPos::Left, VPos::Center));
    for (i, entry) in entries.iter().enumerate() {
        let x = 14 + (i % columns) as i32 * column as i32;
        let y = 4 + (i / columns) as i32 * LEGEND_ROW as i32 + LEGEND_ROW as i32 / 2;
        draw_swatch(strip, &entry.swatch, x, y)?;
        strip.draw_text(&entry.label, &text, (x + SWATCH + 8, y))?;
    }
    Ok(())
}

fn draw_swatch<DB: DrawingBackend>(
    strip: &DrawingArea<DB, Shift>,
    swatch: &Swatch,
    x: i32,
    y: i32,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let line = |from: (i32, i32), to: (i32, i32), colour: RGBColor, width: u32| {
        PathElement::new(vec![from, to], colour.stroke_width(width))
    };
    match swatch {
        Swatch::Line(colour, marker, dash) => {
            for segment in dash_segments(&[(x, y), (x + SWATCH, y)], dash.pattern()) {
                strip.draw(&PathElement::new(segment, colour.stroke_width(3)))?;
            }
            let outline: Vec<(i32, i32)> = marker
                .outline(4)
                .into_iter()
                .map(|(dx, dy)| (x + SWATCH / 2 + dx, y + dy))
                .collect();
            strip.draw(&Polygon::new(outline, colour.filled()))?;
        }
        Swatch::Point(colour, marker) => {
            let outline: Vec<(i32, i32)> = marker
                .outline(5)
                .into_iter()
                .map(|(dx, dy)| (x + SWATCH / 2 + dx, y + dy))
                .collect();
            strip.draw(&Polygon::new(outline, colour.filled()))?;
        }
        Swatch::Bar(colour) => {
            strip.draw(&Rectangle::new(
                [(x, y - 6), (x + SWATCH, y + 6)],
                colour.mix(0.85).filled(),
            ))?;
        }
        Swatch::Whisker => {
            strip.draw(&line((x, y), (x + SWATCH, y), BLACK, 2))?;
            strip.draw(&line((x, y - 6), (x, y + 6), BLACK, 2))?;
            strip.draw(&line((x + SWATCH, y - 6), (x + SWATCH, y + 6), BLACK, 2))?;
        }
        Swatch::Floor => {
            let middle = x + SWATCH / 2;
            strip.draw(&line((middle, y - 9), (middle, y + 9), FLOOR_COLOUR, 3))?;
        }
        Swatch::Mark(mark) => {
            let font = ("sans-serif", LEGEND_FONT + 2).into_font();
            let text = TextStyle::from(font).pos(Pos::new(HPos::Center, VPos::Center));
            strip.draw_text(mark, &text, (x + SWATCH / 2, y))?;
        }
    }
    Ok(())
}

/// A whisker's end cap, in pixels around the end, `half_width` to each side across the
/// whisker: drawn as `EmptyElement::at(end) + PathElement::new(cap(..), style)`.
pub fn cap(vertical_whisker: bool, half_width: i32) -> Vec<(i32, i32)> {
    if vertical_whisker {
        vec![(-half_width, 0), (half_width, 0)]
    } else {
        vec![(0, -half_width), (0, half_width)]
    }
}

/// Key points of a logarithmic axis from `low` to `high` (both positive): 1, 2 and 5 times
/// each power of ten inside, thinned to at most `most` of them.
pub fn log_keys(low: f64, high: f64, most: usize) -> Vec<f64> {
    let mut keys = Vec::new();
    let mut decade = 10f64.powf(low.log10().floor());
    while decade <= high {
        for step in [1.0, 2.0, 5.0] {
            let key = decade * step;
            if key >= low && key <= high {
                keys.push(key);
            }
        }
        decade *= 10.0;
    }
    if keys.len() > most {
        // Keep the powers of ten only, then every other one until few enough.
        keys.retain(|k| (k.log10() - k.log10().round()).abs() < 1e-9);
        while keys.len() > most {
            keys = keys.into_iter().step_by(2).collect();
        }
    }
    keys
}

/// A time on a logarithmic axis, with as many decimals as its size needs: `0.5`, `2`, `20`.
pub fn time_label(ns: f64) -> String {
    if ns >= 10.0 {
        format!("{ns:.0}")
    } else if ns >= 1.0 {
        format!("{ns:.1}").trim_end_matches(".0").to_string()
    } else {
        format!("{ns:.2}")
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    }
}

/// The range of a logarithmic time axis around `values` (positive times), with some room.
pub fn time_range(values: impl IntoIterator<Item = f64>) -> (f64, f64) {
    let (low, high) = values
        .into_iter()
        .filter(|v| *v > 0.0 && v.is_finite())
        .fold((f64::INFINITY, 0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if !low.is_finite() || high <= 0.0 {
        return (0.1, 10.0);
    }
    (low / 1.4, high * 1.4)
}

/// Byte sizes as powers of two from `low` to `high`, every `step` doublings: key points of a
/// logarithmic byte axis.
pub fn byte_keys(low: u64, high: u64, step: u32) -> Vec<u64> {
    let mut keys = Vec::new();
    let mut key = low.max(1).next_power_of_two();
    while key <= high {
        keys.push(key);
        key = match key.checked_shl(step) {
            Some(next) if next > key => next,
            _ => break,
        };
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_of_the_first_thirty_two_looks_are_alike() {
        let looks: Vec<_> = (0..32).map(look).collect();
        for (i, a) in looks.iter().enumerate() {
            assert!(!looks[..i].contains(a), "look {i} repeats");
        }
    }

    #[test]
    fn log_keys_are_one_two_five() {
        assert_eq!(
            log_keys(0.4, 30.0, 20),
            vec![0.5, 1.0, 2.0, 5.0, 10.0, 20.0]
        );
        assert_eq!(
            log_keys(0.01, 10_000.0, 4),
            vec![0.01, 1.0, 100.0, 10_000.0]
        );
        assert_eq!(time_label(0.5), "0.5");
        assert_eq!(time_label(2.0), "2");
        assert_eq!(time_label(20.0), "20");
    }

    #[test]
    fn dashes_cover_part_of_the_line() {
        let segments = dash_segments(&[(0, 0), (30, 0)], Some((10, 5)));
        assert_eq!(
            segments,
            vec![vec![(0, 0), (10, 0)], vec![(15, 0), (25, 0)]]
        );
        assert_eq!(dash_segments(&[(0, 0), (5, 5)], None).len(), 1);
    }
}
