//! `<family>-footprint`: each variant's static table footprint (log scale) against its time
//! per query, hot (no eviction, filled) and under the heaviest cache pressure (hollow), a
//! grey line joining the two, and the variant's name beside each point.

use super::style::{self, Series};
use super::Result;
use crate::record::{Measurement, Mode, Record};
use crate::units;
use plotters::prelude::*;
use std::error::Error;
use std::path::{Path, PathBuf};

/// Where "no table" sits on the axis, below the smallest table (512 B).
const NO_TABLE: u64 = 128;

type FootprintChart<'a, DB> = ChartContext<
    'a,
    DB,
    Cartesian2d<
        plotters::coord::combinators::WithKeyPoints<plotters::coord::combinators::LogCoord<u64>>,
        plotters::coord::types::RangedCoordf64,
    >,
>;

pub fn render(record: &Record, family: &str, stem: &Path) -> Result<Vec<PathBuf>> {
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
    let names = style::variants(record, family);
    let at = |e: u64| -> Vec<&Measurement> {
        pressure
            .iter()
            .copied()
            .filter(|m| m.eviction_bytes == e)
            .collect()
    };
    let (hot, cold) = (at(hot_e), at(cold_e));
    let y_max = pressure
        .iter()
        .map(|m| m.ns_per_op.median)
        .fold(0.0, f64::max)
        * 1.2
        + 1e-3;
    render!(stem, style::WIDTH, 720, |root| {
        let area = style::with_footer(root, &record.caption())?;
        let mut chart = ChartBuilder::on(&area)
            .caption(
                format!("{family}: table footprint against time per query, hot and cold"),
                style::title_font(),
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
        let hot_label = format!("hot: no eviction (E = {})", units::bytes_compact(hot_e));
        let cold_label = format!(
            "cold: {} swept between blocks of {}",
            units::bytes_compact(cold_e),
            crate::workload::PRESSURE_BLOCK
        );
        draw_points(&mut chart, &names, &hot, hot_label, true)?;
        draw_points(&mut chart, &names, &cold, cold_label, false)?;
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

/// A measurement's place: its footprint (or [`NO_TABLE`]) and its median.
fn point(m: &Measurement) -> (u64, f64) {
    let x = if m.table_bytes == 0 {
        NO_TABLE
    } else {
        m.table_bytes as u64
    };
    (x, m.ns_per_op.median)
}

/// How far above its point a label sits: labels of points at one footprint are stacked
/// upwards from the fastest, so they stay legible.
fn label_offset(set: &[&Measurement], m: &Measurement) -> i32 {
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
}

/// One set of points (hot or cold), filled or hollow, labelled with the variants' names.
fn draw_points<DB: DrawingBackend>(
    chart: &mut FootprintChart<'_, DB>,
    names: &[Series],
    set: &[&Measurement],
    label: String,
    filled: bool,
) -> std::result::Result<(), Box<dyn Error>>
where
    DB::ErrorType: 'static,
{
    let style_of = move |colour: RGBColor| {
        if filled {
            colour.filled()
        } else {
            colour.stroke_width(2)
        }
    };
    chart
        .draw_series(set.iter().map(|m| {
            let colour = names
                .iter()
                .find(|s| s.name == m.variant)
                .map_or(BLACK, |s| s.colour);
            EmptyElement::at(point(m))
                + Circle::new((0, 0), 6, style_of(colour))
                + Text::new(
                    m.variant.clone(),
                    (9, label_offset(set, m)),
                    ("sans-serif", 12).into_font(),
                )
        }))?
        .label(label)
        .legend(move |(x, y)| Circle::new((x + 8, y), 6, style_of(BLACK)));
    Ok(())
}
