//! `<family>-footprint`: each variant's static table footprint against its time per query, hot
//! (no eviction, filled) and under the heaviest cache pressure (hollow), joined by a line in
//! the variant's colour. The footprint axis is logarithmic and spans every table of the family
//! (up to the largest, whatever its size), with "no table" in a panel of its own at the left;
//! the time axis is logarithmic too. Variants are told apart by colour and marker, named in
//! the legend above the plot, and the CPU's L1d, L2 and L3 sizes are rules on the footprint
//! axis.

use super::axes::{self, ByteAxis, ValueAxis};
use super::style::{self, LegendEntry, Series, Swatch, WIDTH};
use super::Result;
use crate::base::units;
use crate::record::{Measurement, Mode, Record};
use plotters::prelude::*;
use std::path::{Path, PathBuf};

/// The plot's height in pixels, below the title and legend.
const PLOT: u32 = 600;

/// One variant: its look, footprint, and times hot and under the heaviest pressure.
struct Dot<'a> {
    series: &'a Series,
    table: u64,
    hot: Option<&'a Measurement>,
    cold: Option<&'a Measurement>,
}

pub fn render(record: &Record, family: &str, stem: &Path) -> Result<Vec<PathBuf>> {
    let pressure: Vec<&Measurement> = record
        .family(family)
        .filter(|m| m.mode == Mode::CachePressure && m.ranked())
        .collect();
    let (Some(hot_e), Some(cold_e)) = (
        pressure.iter().map(|m| m.eviction_bytes).min(),
        pressure.iter().map(|m| m.eviction_bytes).max(),
    ) else {
        return Ok(Vec::new());
    };
    let names = style::variants(record, family);
    let at = |name: &str, e: u64| {
        pressure
            .iter()
            .copied()
            .find(|m| m.variant == name && m.eviction_bytes == e)
    };
    let dots: Vec<Dot> = names
        .iter()
        .map(|series| {
            let hot = at(&series.name, hot_e);
            let cold = at(&series.name, cold_e);
            let table = hot.or(cold).map_or(0, |m| m.table_bytes as u64);
            Dot {
                series,
                table,
                hot,
                cold,
            }
        })
        .filter(|d| d.hot.is_some() || d.cold.is_some())
        .collect();
    let legend = legend(&dots, hot_e, cold_e);
    let legend_height = style::legend_height(&legend, WIDTH);
    let unit = super::rate::unit(record, family).unwrap_or_else(|| "query".into());
    render!(stem, WIDTH, 40 + legend_height + PLOT + 30, |root| {
        let area = style::with_footer(root, &record.caption())?;
        let area = style::with_title(
            &area,
            &format!(
                "{family}: table footprint against time per {unit}, hot and after sweeping {}",
                units::bytes_compact(cold_e)
            ),
        )?;
        let (strip, body) = area.split_vertically(legend_height);
        style::draw_legend(&strip, &legend)?;
        draw_plot(&body, record, &dots, &unit)
    })
}

/// The legend: each variant's colour, marker and footprint, then what filled and hollow mean.
fn legend(dots: &[Dot], hot_e: u64, cold_e: u64) -> Vec<LegendEntry> {
    let mut entries: Vec<LegendEntry> = dots
        .iter()
        .map(|d| {
            LegendEntry::new(
                match d.table {
                    0 => format!("{} (no table)", d.series.name),
                    bytes => format!("{} ({})", d.series.name, units::footprint(bytes)),
                },
                Swatch::Point(d.series.colour, d.series.marker),
            )
        })
        .collect();
    entries.push(LegendEntry::new(
        format!("filled: hot (E = {})", units::bytes_compact(hot_e)),
        Swatch::Point(BLACK, style::Marker::Circle),
    ));
    entries.push(LegendEntry::new(
        format!("hollow: E = {}", units::bytes_compact(cold_e)),
        Swatch::Mark("○"),
    ));
    entries
}

/// Each dot's x coordinate: its footprint, moved aside where other dots stand within a
/// quarter of a doubling, so that a cluster of similar tables spreads out instead of piling up
/// (the legend gives each exact size).
fn places(dots: &[Dot]) -> Vec<i64> {
    let mut order: Vec<usize> = (0..dots.len()).filter(|&i| dots[i].table > 0).collect();
    order.sort_by_key(|&i| dots[i].table);
    let log = |i: usize| (dots[i].table as f64).log2();
    let mut places = vec![0; dots.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && log(order[end]) - log(order[start]) < 0.25 {
            end += 1;
        }
        let cluster = &order[start..end];
        let centre = cluster.iter().map(|&i| log(i)).sum::<f64>() / cluster.len() as f64;
        for (k, &i) in cluster.iter().enumerate() {
            let offset = (k as f64 - (cluster.len() - 1) as f64 / 2.0) * 0.15;
            places[i] = axes::coordinate(centre + offset);
        }
        start = end;
    }
    places
}

fn draw_plot<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    record: &Record,
    dots: &[Dot],
    unit: &str,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let times = dots
        .iter()
        .flat_map(|d| [d.hot, d.cold])
        .flatten()
        .map(|m| m.ns_per_op.median);
    let y = ValueAxis::log(times, &format!("time per {unit} (ns/{unit}, log scale)"));
    let tables: Vec<u64> = dots.iter().map(|d| d.table).filter(|&t| t > 0).collect();
    let (low, high) = (
        tables.iter().copied().min().unwrap_or(512),
        tables.iter().copied().max().unwrap_or(512),
    );
    // The axis reaches the caches up to eight times the largest table (a larger one is named
    // at the right edge), in powers of four from below the smallest table.
    let caches = super::cache_pressure::cpu_caches(record);
    let high = caches
        .iter()
        .map(|(b, _)| *b)
        .filter(|&b| b <= high.saturating_mul(8))
        .fold(high, u64::max);
    let keys = style::byte_keys(low.next_power_of_two() / 2, high * 2, 2);
    let x = ByteAxis {
        low: low.min(keys.first().copied().unwrap_or(low)),
        high: high.max(keys.last().copied().unwrap_or(high)),
        keys,
        description: "static table footprint (bytes, log scale)".into(),
        label: units::footprint,
    };
    let none = dots.iter().any(|d| d.table == 0);
    let (left, right) = axes::split_zero(area, none);
    if let Some(left) = &left {
        let mut chart = axes::zero_panel(left, &y, "no table", 0, 50)?;
        let without: Vec<&Dot> = dots.iter().filter(|d| d.table == 0).collect();
        for (i, dot) in without.iter().enumerate() {
            draw_dot(&mut chart, dot, axes::zero_spot(i, without.len()), &y)?;
        }
    }
    let mut chart = axes::byte_panel(&right, &x, &y, none, 0, 50)?;
    axes::draw_guides(&mut chart, &x, &y, &caches)?;
    let places = places(dots);
    for (dot, place) in dots.iter().zip(places).filter(|(d, _)| d.table > 0) {
        draw_dot(&mut chart, dot, place, &y)?;
    }
    Ok(())
}

/// A variant's two points at `x`, hot filled and cold hollow, joined by a line.
fn draw_dot<DB: DrawingBackend>(
    chart: &mut axes::Plot<'_, DB>,
    dot: &Dot,
    x: i64,
    y: &ValueAxis,
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let colour = dot.series.colour;
    let point = |m: &Measurement| (x, y.at(m.ns_per_op.median));
    if let (Some(hot), Some(cold)) = (dot.hot, dot.cold) {
        chart.draw_series(std::iter::once(PathElement::new(
            vec![point(hot), point(cold)],
            colour.mix(0.6).stroke_width(2),
        )))?;
    }
    let outline = dot.series.marker.outline(6);
    if let Some(hot) = dot.hot {
        chart.draw_series(std::iter::once(
            EmptyElement::at(point(hot)) + Polygon::new(outline.clone(), colour.filled()),
        ))?;
    }
    if let Some(cold) = dot.cold {
        let mut ring = outline.clone();
        ring.push(outline[0]);
        chart.draw_series(std::iter::once(
            EmptyElement::at(point(cold))
                + Polygon::new(outline, WHITE.filled())
                + PathElement::new(ring, colour.stroke_width(2)),
        ))?;
    }
    Ok(())
}
