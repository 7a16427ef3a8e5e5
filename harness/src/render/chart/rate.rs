//! `<family>-rate`: for a family that counts work in its own unit (perft: nodes), the rate
//! of each variant on the headline distribution in throughput mode, millions of units per
//! second, fastest first, with the 95% interval of the median turned into a rate as whiskers
//! (or the interquartile range for schema-1 records).

use super::style::{self, Series, WIDTH};
use super::Result;
use crate::record::{Measurement, Mode, Record};
use crate::render::uncertainty::{Spread, SpreadKind, TIE};
use plotters::coord::ranged1d::SegmentedCoord;
use plotters::coord::types::{RangedCoordf64, RangedCoordu32};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::{Path, PathBuf};

/// Pixels per variant.
const ROW: u32 = 26;

/// The unit `family` counts in, where it is not a query.
pub fn unit(record: &Record, family: &str) -> Option<String> {
    record
        .family(family)
        .find(|m| m.unit != "query")
        .map(|m| m.unit.clone())
}

/// Millions of units per second at `ns` per unit.
fn rate(ns: f64) -> f64 {
    1e3 / ns.max(1e-9)
}

pub fn render(record: &Record, family: &str, stem: &Path) -> Result<Vec<PathBuf>> {
    let (Some(unit), Some(workload)) = (unit(record, family), record.headline(family)) else {
        return Ok(Vec::new());
    };
    let names = style::variants(record, family);
    let mut bars: Vec<(&Series, &Measurement)> = names
        .iter()
        .filter_map(|series| {
            let m = record.family(family).find(|m| {
                m.variant == series.name && m.mode == Mode::Throughput && m.workload == workload
            })?;
            Some((series, m))
        })
        .collect();
    // Slowest first: drawn bottom-up, so the fastest ends on top.
    bars.sort_by(|a, b| b.1.ns_per_op.median.total_cmp(&a.1.ns_per_op.median));
    let n = bars.len().max(1) as u32;
    let x_max = bars
        .iter()
        .map(|(_, m)| rate(Spread::of(m).low.min(m.ns_per_op.median)))
        .fold(0.0, f64::max)
        * 1.2
        + 1e-3;
    let longest = bars
        .iter()
        .map(|(s, _)| s.name.chars().count())
        .max()
        .unwrap_or(0) as u32;
    let whiskers = SpreadKind::of(record).describe();
    render!(stem, WIDTH, 40 + 120 + ROW * n + 30, |root| {
        let area = style::with_footer(root, &record.caption())?;
        let area = style::with_title(
            &area,
            &format!(
                "{family}: million {unit}s per second on \"{workload}\", median and {whiskers}"
            ),
        )?;
        let mut chart: ChartContext<
            _,
            Cartesian2d<RangedCoordf64, SegmentedCoord<RangedCoordu32>>,
        > = ChartBuilder::on(&area)
            .margin(10)
            .x_label_area_size(45)
            .y_label_area_size((longest * 8 + 30).max(100))
            .build_cartesian_2d(0f64..x_max, (0u32..n - 1).into_segmented())?;
        let labels: Vec<String> = bars.iter().map(|(s, _)| s.name.clone()).collect();
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(n as usize)
            .y_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .label_style(("sans-serif", 14))
            .x_desc(format!("million {unit}s per second (higher is faster)"))
            .y_desc("variant")
            .axis_desc_style(("sans-serif", 15))
            .draw()?;
        let at = |i: usize| SegmentValue::CenterOf(i as u32);
        chart.draw_series(bars.iter().enumerate().map(|(i, (series, m))| {
            let mut bar = Rectangle::new(
                [
                    (0.0, SegmentValue::Exact(i as u32)),
                    (rate(m.ns_per_op.median), SegmentValue::Exact(i as u32 + 1)),
                ],
                series.colour.mix(0.85).filled(),
            );
            bar.set_margin(4, 4, 0, 0);
            bar
        }))?;
        let whisker = BLACK.stroke_width(2);
        chart.draw_series(bars.iter().enumerate().map(|(i, (_, m))| {
            let s = Spread::of(m);
            PathElement::new(vec![(rate(s.high), at(i)), (rate(s.low), at(i))], whisker)
        }))?;
        let label =
            TextStyle::from(("sans-serif", 13).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
        chart.draw_series(bars.iter().enumerate().map(|(i, (_, m))| {
            let tie = if m.tied_with_best() == Some(true) {
                format!(" {TIE}")
            } else {
                String::new()
            };
            let x = rate(Spread::of(m).low.min(m.ns_per_op.median)) + x_max * 0.01;
            Text::new(
                format!("{:.0}{tie}", rate(m.ns_per_op.median)),
                (x, at(i)),
                label.clone(),
            )
        }))?;
        Ok(())
    })
}
