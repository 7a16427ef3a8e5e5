//! What every chart shares: the embedded fonts, the size, the footer with the caption, the
//! colours and markers of variants (any number of them), the legend strip, whiskers, and the
//! logarithmic byte axis of the eviction sweep.

use super::Result;
use crate::record::Record;
use crate::units;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::sync::Once;

/// Every chart's width in pixels.
pub const WIDTH: u32 = 1200;
/// The caption line at the bottom.
const FOOTER: u32 = 30;
/// Where a value of 0 bytes sits on a logarithmic byte axis (labelled "0").
pub const ZERO_AT: u64 = 4 << 10;

/// Distinct colours, assigned to variants in the record's order so a variant keeps its colour
/// across the charts of a record. Past the tenth variant the colours repeat with another
/// marker shape. Grey is kept for the floor.
const PALETTE: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
    RGBColor(31, 31, 110),
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

/// How one variant is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub colour: RGBColor,
    pub marker: Marker,
}

/// The look of the `i`-th variant: colours first, then the colours again with other markers.
pub fn look(i: usize) -> (RGBColor, Marker) {
    const MARKERS: [Marker; 4] = [
        Marker::Circle,
        Marker::Square,
        Marker::Triangle,
        Marker::Diamond,
    ];
    (
        PALETTE[i % PALETTE.len()],
        MARKERS[(i / PALETTE.len()) % MARKERS.len()],
    )
}

/// The variants of `family` in the record's order, with their looks; not the floor.
pub fn variants(record: &Record, family: &str) -> Vec<Series> {
    let mut names: Vec<String> = Vec::new();
    for m in record.family(family).filter(|m| !m.floor) {
        if !names.contains(&m.variant) {
            names.push(m.variant.clone());
        }
    }
    names
        .into_iter()
        .enumerate()
        .map(|(i, name)| {
            let (colour, marker) = look(i);
            Series {
                name,
                colour,
                marker,
            }
        })
        .collect()
}

/// How an entry of a legend strip is drawn.
#[derive(Clone, Debug)]
pub enum Swatch {
    /// A line with a marker: a variant in a line chart.
    Line(RGBColor, Marker),
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
        Swatch::Line(series.colour, series.marker),
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
        Swatch::Line(colour, marker) => {
            strip.draw(&line((x, y), (x + SWATCH, y), *colour, 3))?;
            let outline: Vec<(i32, i32)> = marker
                .outline(4)
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

/// Byte sizes on a log axis: 0 is drawn at [`ZERO_AT`].
pub fn byte_position(bytes: u64) -> u64 {
    if bytes == 0 {
        ZERO_AT
    } else {
        bytes
    }
}

/// The label of a position on a byte axis.
pub fn byte_label(position: u64) -> String {
    if position == ZERO_AT {
        "0".into()
    } else {
        units::bytes(position)
    }
}
