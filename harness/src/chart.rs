//! Charts drawn from records with plotters, each written as SVG and PNG.
//!
//! Text is drawn with DejaVu Sans compiled into the binary (the `dejavu` crate), so PNGs look
//! the same on a machine without any fonts. Every chart has a title, axis labels with units, a
//! legend, and a caption line naming the CPU and the date.
//!
//! - `<family>-bars`: ns/op per variant, throughput and latency, interquartile range as bars.
//! - `<family>-cache-pressure`: ns/op against the eviction size, one line per variant.
//! - `<family>-footprint`: table bytes against ns/op, hot and under the heaviest pressure.
//! - `cross-cpu-<family>`: each variant's ratio to the best, one bar per record.

use crate::record::{Measurement, Record};
use crate::units;
use crate::workload::Mode;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::error::Error;
use std::path::{Path, PathBuf};
use std::sync::Once;

type Result<T> = std::result::Result<T, Box<dyn Error>>;

const WIDTH: u32 = 1200;
const FOOTER: u32 = 30;
/// Where a value of 0 bytes sits on a logarithmic byte axis (labelled "0").
const ZERO_AT: u64 = 4 << 10;

/// Distinct colours, assigned to variants in registry order so a variant keeps its colour
/// across charts.
const PALETTE: [RGBColor; 12] = [
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
    RGBColor(120, 120, 120),
    RGBColor(0, 0, 0),
];

fn register_fonts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        use plotters::style::{register_font, FontStyle};
        // The embedded fonts are valid TrueType; registering cannot fail for them.
        let _ = register_font("sans-serif", FontStyle::Normal, dejavu::sans::regular());
        let _ = register_font("sans-serif", FontStyle::Bold, dejavu::sans::bold());
    });
}

/// Renders the drawing `$body` (with `$root` bound to the drawing area) to `stem.svg` and
/// `stem.png`, evaluating to both paths. A macro because the body is instantiated once per
/// backend type.
macro_rules! render {
    ($stem:expr, $height:expr, |$root:ident| $body:block) => {{
        register_fonts();
        let stem: &Path = $stem;
        let (svg, png) = (stem.with_extension("svg"), stem.with_extension("png"));
        {
            let $root = &SVGBackend::new(&svg, (WIDTH, $height)).into_drawing_area();
            let drawn: Result<()> = (|| $body)();
            drawn?;
            $root.present()?;
        }
        {
            let $root = &BitMapBackend::new(&png, (WIDTH, $height)).into_drawing_area();
            let drawn: Result<()> = (|| $body)();
            drawn?;
            $root.present()?;
        }
        Ok::<Vec<PathBuf>, Box<dyn Error>>(vec![svg, png])
    }};
}

/// Fills the background, writes `caption` in a footer line, returns the area above it.
fn with_footer<DB: DrawingBackend>(
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

fn title_font() -> FontDesc<'static> {
    ("sans-serif", 22).into_font().style(FontStyle::Bold)
}

/// The variants of `family` in the record's order, with their colours; the floor last.
fn variants(record: &Record, family: &str) -> Vec<(String, RGBColor)> {
    let mut names: Vec<String> = Vec::new();
    for m in record.family(family).filter(|m| !m.floor) {
        if !names.contains(&m.variant) {
            names.push(m.variant.clone());
        }
    }
    names
        .into_iter()
        .enumerate()
        .map(|(i, n)| (n, PALETTE[i % PALETTE.len()]))
        .collect()
}

const FLOOR_COLOUR: RGBColor = RGBColor(150, 150, 150);

/// Writes every chart of `record` into `dir`; returns the files written.
pub fn render_record(record: &Record, dir: &Path) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let mut files = Vec::new();
    for family in record.families() {
        files.extend(bars(record, &family, &dir.join(format!("{family}-bars")))?);
        if record
            .family(&family)
            .any(|m| m.mode == Mode::CachePressure)
        {
            files.extend(cache_pressure(
                record,
                &family,
                &dir.join(format!("{family}-cache-pressure")),
            )?);
            files.extend(footprint_chart(
                record,
                &family,
                &dir.join(format!("{family}-footprint")),
            )?);
        }
    }
    Ok(files)
}

fn bars(record: &Record, family: &str, stem: &Path) -> Result<Vec<PathBuf>> {
    let Some(workload) = record.headline(family) else {
        return Ok(Vec::new());
    };
    let names = variants(record, family);
    let height = 220 + 34 * names.len() as u32;
    render!(stem, height, |root| {
        let area = with_footer(root, &record.caption())?;
        let (title, body) = area.split_vertically(66);
        let (title, legend) = title.split_vertically(38);
        title.draw_text(
            &format!(
                "{family}: time per query on \"{workload}\" inputs, median and interquartile range"
            ),
            &TextStyle::from(title_font()),
            (12, 10),
        )?;
        draw_bar_legend(&legend)?;
        let panels = body.split_evenly((1, 2));
        for (panel, mode) in panels.iter().zip([Mode::Throughput, Mode::Latency]) {
            // Drawn bottom-up, so reversed: the registry's order reads top to bottom.
            let rows: Vec<(String, RGBColor, Option<&Measurement>)> = names
                .iter()
                .rev()
                .map(|(n, c)| {
                    (
                        n.clone(),
                        *c,
                        record
                            .family(family)
                            .find(|m| &m.variant == n && m.mode == mode && m.workload == workload),
                    )
                })
                .collect();
            let floor = record
                .family(family)
                .find(|m| m.floor && m.mode == mode && m.workload == workload);
            draw_bar_panel(panel, mode, &rows, floor)?;
        }
        Ok(())
    })
}

fn draw_bar_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    mode: Mode,
    rows: &[(String, RGBColor, Option<&Measurement>)],
    floor: Option<&Measurement>,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let n = rows.len().max(1) as u32;
    let x_max = rows
        .iter()
        .filter_map(|r| r.2.map(|m| m.ns_per_op.p75))
        .chain(floor.map(|f| f.ns_per_op.median))
        .fold(0.0, f64::max)
        * 1.25
        + 1e-3;
    let labels: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    let mut chart = ChartBuilder::on(area)
        .caption(mode.name(), ("sans-serif", 18))
        .margin(10)
        .x_label_area_size(45)
        .y_label_area_size(190)
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
        .x_desc("time per query (ns/op)")
        .y_desc("variant")
        .axis_desc_style(("sans-serif", 15))
        .draw()?;
    chart
        .draw_series(rows.iter().enumerate().filter_map(|(i, (_, colour, m))| {
            let m = (*m)?;
            let mut bar = Rectangle::new(
                [
                    (0.0, SegmentValue::Exact(i as u32)),
                    (m.ns_per_op.median, SegmentValue::Exact(i as u32 + 1)),
                ],
                colour.mix(0.85).filled(),
            );
            bar.set_margin(5, 5, 0, 0);
            Some(bar)
        }))?
        .label("median")
        .legend(|(x, y)| Rectangle::new([(x, y - 6), (x + 14, y + 6)], PALETTE[0].filled()));
    chart
        .draw_series(rows.iter().enumerate().filter_map(|(i, (_, _, m))| {
            // A whisker from the first to the third quartile (end caps below).
            let m = (*m)?;
            let y = SegmentValue::CenterOf(i as u32);
            Some(PathElement::new(
                vec![(m.ns_per_op.p25, y.clone()), (m.ns_per_op.p75, y)],
                BLACK.stroke_width(2),
            ))
        }))?
        .label("interquartile range")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 14, y)], BLACK.stroke_width(2)));
    let caps = rows
        .iter()
        .enumerate()
        .filter_map(|(i, (_, _, m))| (*m).map(|m| (i, m)))
        .flat_map(|(i, m)| {
            [m.ns_per_op.p25, m.ns_per_op.p75].map(|x| {
                EmptyElement::at((x, SegmentValue::CenterOf(i as u32)))
                    + PathElement::new(vec![(0, -5), (0, 5)], BLACK.stroke_width(2))
            })
        });
    chart.draw_series(caps)?;
    chart.draw_series(rows.iter().enumerate().filter_map(|(i, (_, _, m))| {
        let m = (*m)?;
        let text = format!(
            "{:.2}{}",
            m.ns_per_op.median,
            if m.suspect { " suspect!" } else { "" }
        );
        Some(Text::new(
            text,
            (
                m.ns_per_op.p75.max(m.ns_per_op.median) + x_max * 0.01,
                SegmentValue::CenterOf(i as u32),
            ),
            TextStyle::from(("sans-serif", 13).into_font()).pos(Pos::new(HPos::Left, VPos::Center)),
        ))
    }))?;
    if let Some(floor) = floor {
        let f = floor.ns_per_op.median;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(f, SegmentValue::Exact(0)), (f, SegmentValue::Exact(n))],
                FLOOR_COLOUR.stroke_width(2),
            )))?
            .label(format!("empty kernel (floor) {f:.2}"))
            .legend(|(x, y)| {
                PathElement::new(
                    vec![(x + 7, y - 7), (x + 7, y + 7)],
                    FLOOR_COLOUR.stroke_width(2),
                )
            });
    }
    Ok(())
}

/// The bar charts' legend, as a strip under the title (a legend box inside a panel would hide
/// the longest bars).
fn draw_bar_legend<DB: DrawingBackend>(strip: &DrawingArea<DB, Shift>) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let font = ("sans-serif", 14).into_font();
    let mut x = 14;
    strip.draw(&Rectangle::new(
        [(x, 6), (x + 26, 18)],
        PALETTE[0].mix(0.85).filled(),
    ))?;
    strip.draw_text(
        "median time per query (one colour per variant)",
        &font.clone().into(),
        (x + 34, 4),
    )?;
    x += 420;
    strip.draw(&PathElement::new(
        vec![(x, 12), (x + 26, 12)],
        BLACK.stroke_width(2),
    ))?;
    strip.draw(&PathElement::new(
        vec![(x, 6), (x, 18)],
        BLACK.stroke_width(2),
    ))?;
    strip.draw(&PathElement::new(
        vec![(x + 26, 6), (x + 26, 18)],
        BLACK.stroke_width(2),
    ))?;
    strip.draw_text(
        "interquartile range of the samples",
        &font.clone().into(),
        (x + 34, 4),
    )?;
    x += 330;
    strip.draw(&PathElement::new(
        vec![(x + 13, 2), (x + 13, 22)],
        FLOOR_COLOUR.stroke_width(3),
    ))?;
    strip.draw_text("empty kernel: the floor", &font.into(), (x + 26, 4))?;
    Ok(())
}

/// Byte sizes on a log axis: 0 is drawn at [`ZERO_AT`].
fn byte_position(bytes: u64) -> u64 {
    if bytes == 0 {
        ZERO_AT
    } else {
        bytes
    }
}

fn byte_label(position: u64) -> String {
    if position == ZERO_AT {
        "0".into()
    } else {
        units::bytes(position)
    }
}

fn cache_pressure(record: &Record, family: &str, stem: &Path) -> Result<Vec<PathBuf>> {
    let rows: Vec<&Measurement> = record
        .family(family)
        .filter(|m| m.mode == Mode::CachePressure)
        .collect();
    let Some(workload) = rows.first().map(|m| m.workload.clone()) else {
        return Ok(Vec::new());
    };
    let mut sizes: Vec<u64> = rows.iter().map(|m| m.eviction_bytes).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let names = variants(record, family);
    let y_max = rows.iter().map(|m| m.ns_per_op.median).fold(0.0, f64::max) * 1.15 + 1e-3;
    let caches = [(1, "L1d"), (2, "L2"), (3, "L3")]
        .map(|(level, name)| (record.machine.cpu.data_cache(level), name));
    render!(stem, 720, |root| {
        let area = with_footer(root, &record.caption())?;
        let x_max = sizes.last().copied().unwrap_or(16 << 20).max(1 << 20) * 2;
        let mut keys: Vec<u64> = sizes.iter().map(|&s| byte_position(s)).collect();
        keys.dedup();
        let mut chart = ChartBuilder::on(&area)
            .caption(
                format!("{family}: query cost after sweeping E bytes between blocks of 64 (\"{workload}\" inputs)"),
                title_font(),
            )
            .margin(14)
            .x_label_area_size(50)
            .y_label_area_size(70)
            .build_cartesian_2d((ZERO_AT / 2..x_max).log_scale().with_key_points(keys), 0f64..y_max)?;
        chart
            .configure_mesh()
            .x_label_formatter(&|v| byte_label(*v))
            .y_label_formatter(&|v| format!("{v:.1}"))
            .x_desc("eviction buffer swept between blocks, E (bytes, log scale)")
            .y_desc("time per query, sweep excluded (ns/op)")
            .axis_desc_style(("sans-serif", 15))
            .label_style(("sans-serif", 13))
            .draw()?;
        for (cache, level) in caches {
            if let Some(bytes) = cache.filter(|&b| b < x_max) {
                chart.draw_series(std::iter::once(PathElement::new(
                    vec![(bytes, 0.0), (bytes, y_max)],
                    RGBColor(200, 200, 200).stroke_width(1),
                )))?;
                chart.draw_series(std::iter::once(Text::new(
                    format!("{level} {}", units::footprint(bytes)),
                    (bytes, y_max * 0.97),
                    ("sans-serif", 12).into_font(),
                )))?;
            }
        }
        let mut series: Vec<(String, RGBColor, bool)> =
            names.iter().map(|(n, c)| (n.clone(), *c, false)).collect();
        series.push(("empty (floor)".into(), FLOOR_COLOUR, true));
        for (name, colour, is_floor) in series {
            let mut points: Vec<(u64, f64)> = rows
                .iter()
                .filter(|m| if is_floor { m.floor } else { m.variant == name })
                .map(|m| (byte_position(m.eviction_bytes), m.ns_per_op.median))
                .collect();
            points.sort_by_key(|p| p.0);
            if points.is_empty() {
                continue;
            }
            let style = if is_floor {
                colour.stroke_width(2)
            } else {
                colour.stroke_width(3)
            };
            chart
                .draw_series(LineSeries::new(points.clone(), style))?
                .label(name)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3))
                });
            chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, colour.filled())))?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .label_font(("sans-serif", 13))
            .draw()?;
        Ok(())
    })
}

fn footprint_chart(record: &Record, family: &str, stem: &Path) -> Result<Vec<PathBuf>> {
    let pressure: Vec<&Measurement> = record
        .family(family)
        .filter(|m| m.mode == Mode::CachePressure && !m.floor)
        .collect();
    let (Some(hot_e), Some(cold_e)) = (
        pressure.iter().map(|m| m.eviction_bytes).min(),
        pressure.iter().map(|m| m.eviction_bytes).max(),
    ) else {
        return Ok(Vec::new());
    };
    let names = variants(record, family);
    // The axis starts below the smallest table (512 B); "no table" sits at 128 B.
    const NO_TABLE: u64 = 128;
    let point = |m: &Measurement| {
        let x = if m.table_bytes == 0 {
            NO_TABLE
        } else {
            m.table_bytes as u64
        };
        (x, m.ns_per_op.median)
    };
    // Points at one footprint with close times get their labels stacked, so they stay legible.
    let label_offset = |set: &[&Measurement], m: &Measurement| {
        // Stacked upwards from the fastest, among the points at the same footprint.
        let mut same: Vec<&&Measurement> = set
            .iter()
            .filter(|o| o.table_bytes == m.table_bytes)
            .collect();
        same.sort_by(|a, b| a.ns_per_op.median.total_cmp(&b.ns_per_op.median));
        let position = same
            .iter()
            .position(|o| o.variant == m.variant)
            .unwrap_or(0) as i32;
        -7 - 13 * position
    };
    let hot: Vec<&Measurement> = pressure
        .iter()
        .copied()
        .filter(|m| m.eviction_bytes == hot_e)
        .collect();
    let cold: Vec<&Measurement> = pressure
        .iter()
        .copied()
        .filter(|m| m.eviction_bytes == cold_e)
        .collect();
    let y_max = pressure
        .iter()
        .map(|m| m.ns_per_op.median)
        .fold(0.0, f64::max)
        * 1.2
        + 1e-3;
    render!(stem, 720, |root| {
        let area = with_footer(root, &record.caption())?;
        let mut chart = ChartBuilder::on(&area)
            .caption(
                format!("{family}: table footprint against time per query, hot and cold"),
                title_font(),
            )
            .margin(14)
            .x_label_area_size(50)
            .y_label_area_size(70)
            .build_cartesian_2d(
                (NO_TABLE / 2..(1u64 << 17))
                    .log_scale()
                    .with_key_points(vec![
                        NO_TABLE,
                        1 << 9,
                        1 << 11,
                        1 << 13,
                        1 << 14,
                        1 << 15,
                        1 << 16,
                    ]),
                0f64..y_max,
            )?;
        chart
            .configure_mesh()
            .x_label_formatter(&|v| {
                if *v == NO_TABLE {
                    "0 (no table)".into()
                } else {
                    units::footprint(*v)
                }
            })
            .y_label_formatter(&|v| format!("{v:.1}"))
            .x_desc("static table footprint (bytes, log scale)")
            .y_desc("time per query (ns/op)")
            .axis_desc_style(("sans-serif", 15))
            .label_style(("sans-serif", 13))
            .draw()?;
        for (set, label, filled) in [
            (
                &hot,
                format!("hot: no eviction (E = {})", units::bytes_compact(hot_e)),
                true,
            ),
            (
                &cold,
                format!(
                    "cold: {} swept between blocks of 64",
                    units::bytes_compact(cold_e)
                ),
                false,
            ),
        ] {
            chart
                .draw_series(set.iter().map(|m| {
                    let colour = names
                        .iter()
                        .find(|(n, _)| n == &m.variant)
                        .map_or(BLACK, |(_, c)| *c);
                    let style = if filled {
                        colour.filled()
                    } else {
                        colour.stroke_width(2)
                    };
                    EmptyElement::at(point(m))
                        + Circle::new((0, 0), 6, style)
                        + Text::new(
                            m.variant.clone(),
                            (9, label_offset(set, m)),
                            ("sans-serif", 12).into_font(),
                        )
                }))?
                .label(label)
                .legend(move |(x, y)| {
                    let style = if filled {
                        BLACK.filled()
                    } else {
                        BLACK.stroke_width(2)
                    };
                    Circle::new((x + 8, y), 6, style)
                });
        }
        for m in &hot {
            if let Some(c) = cold.iter().find(|c| c.variant == m.variant) {
                chart.draw_series(std::iter::once(PathElement::new(
                    vec![point(m), point(c)],
                    RGBColor(180, 180, 180),
                )))?;
            }
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .label_font(("sans-serif", 13))
            .draw()?;
        Ok(())
    })
}

/// One label per record for cross-CPU charts: CPU, masks and date.
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
    format!("{}{masked} · {date}", record.machine.cpu.brand)
}

/// The cross-CPU comparison: per family, each variant's geometric-mean ratio to the best on
/// each record's CPU. Returns the files written.
pub fn render_cross_cpu(records: &[Record], dir: &Path) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let mut families: Vec<String> = Vec::new();
    for r in records {
        for f in r.families() {
            if !families.contains(&f) {
                families.push(f);
            }
        }
    }
    let mut files = Vec::new();
    for family in families {
        let mut names: Vec<String> = Vec::new();
        for r in records {
            for rank in r.ranks.iter().filter(|k| k.family == family) {
                if !names.contains(&rank.variant) {
                    names.push(rank.variant.clone());
                }
            }
        }
        let n = names.len().max(1);
        let k = records.len().max(1);
        let height = 200 + (n * (16 * k + 14)).max(220) as u32;
        let x_max = records
            .iter()
            .flat_map(|r| {
                r.ranks
                    .iter()
                    .filter(|k| k.family == family)
                    .map(|k| k.geomean_ratio)
            })
            .fold(1.0, f64::max)
            * 1.15;
        let labels: Vec<String> = records.iter().map(record_label).collect();
        let caption = format!(
            "{} records · bitbench {}",
            records.len(),
            env!("CARGO_PKG_VERSION")
        );
        // Row i (a variant) spans y in [i, i + 1); record j's bar takes the j-th of k bands
        // inside [i + 0.1, i + 0.9). Rows run top to bottom.
        // In units of 1/100 of a row, so the axis is integral.
        let band = 80 / k as i32;
        let row_top = |i: usize| (n - 1 - i) as i32 * 100;
        let centres: Vec<i32> = (0..n).map(|i| row_top(i) + 50).collect();
        files.extend(render!(&dir.join(format!("cross-cpu-{family}")), height, |root| {
            let area = with_footer(root, &caption)?;
            let mut chart = ChartBuilder::on(&area)
                .caption(
                    format!("{family}: ratio to the best variant on each CPU (geometric mean over workloads)"),
                    title_font(),
                )
                .margin(14)
                .x_label_area_size(45)
                .y_label_area_size(190)
                .build_cartesian_2d(0f64..x_max, (0..n as i32 * 100).with_key_points(centres.clone()))?;
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
            for (j, (record, label)) in records.iter().zip(&labels).enumerate() {
                let colour = PALETTE[j % PALETTE.len()];
                chart
                    .draw_series(names.iter().enumerate().filter_map(|(i, name)| {
                        let rank = record.ranks.iter().find(|r| r.family == family && &r.variant == name)?;
                        let top = row_top(i) + 90 - j as i32 * band;
                        Some(Rectangle::new([(0.0, top), (rank.geomean_ratio, top - band * 85 / 100)], colour.filled()))
                    }))?
                    .label(label.clone())
                    .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 14, y + 6)], colour.filled()));
            }
            chart.draw_series(std::iter::once(PathElement::new(vec![(1.0, 0), (1.0, n as i32 * 100)], BLACK.stroke_width(1))))?;
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperRight)
                .background_style(WHITE.mix(0.9))
                .border_style(BLACK)
                .label_font(("sans-serif", 13))
                .draw()?;
            Ok(())
        })?);
    }
    Ok(files)
}
