//! `<family>-in-context`: for a family measured in context (perft, whose variants are
//! `family.variant` configurations), each technique's rank in its own family's benchmark
//! (left) joined by a line to its rank inside the move generator (right), one panel per
//! technique family. A line that crosses others is a technique whose isolated ranking does
//! not carry over into real use.

use super::style::{self, GUIDE_COLOUR};
use super::Result;
use crate::record::Record;
use crate::tools::advise::{context_ranks, ContextRank};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::error::Error;
use std::path::{Path, PathBuf};

/// Pixels per technique in each panel.
const ROW: u32 = 26;

/// Whether `family` of `record` has techniques ranked both alone and in context.
pub fn applies(record: &Record, family: &str) -> bool {
    !context_ranks(record, family).is_empty()
}

pub fn render(record: &Record, family: &str, stem: &Path) -> Result<Vec<PathBuf>> {
    let ranks = context_ranks(record, family);
    let mut panels: Vec<(String, Vec<ContextRank>)> = Vec::new();
    for rank in ranks {
        match panels.last_mut() {
            Some((name, list)) if *name == rank.family => list.push(rank),
            _ => panels.push((rank.family.clone(), vec![rank])),
        }
    }
    if panels.is_empty() {
        return Ok(Vec::new());
    }
    let tallest = panels.iter().map(|(_, l)| l.len()).max().unwrap_or(1) as u32;
    let columns = panels.len().min(2);
    let rows = panels.len().div_ceil(columns);
    let panel_height = 90 + ROW * tallest;
    let height = 40 + 30 + panel_height * rows as u32 + 30;
    render!(stem, style::WIDTH, height, |root| {
        let area = style::with_footer(root, &record.caption())?;
        let area = style::with_title(
            &area,
            &format!(
                "{family}: each technique's rank in its own benchmark (left) and inside {family} \
                 (right)"
            ),
        )?;
        let (note, body) = area.split_vertically(30);
        note.draw_text(
            "one row per technique measured both ways, its rank beside its name (1 = fastest; \
             ≈1 a first place shared by a tie); ≈ after a name: tied with the first inside the \
             move generator",
            &("sans-serif", 14).into_font().color(&RGBColor(80, 80, 80)),
            (12, 4),
        )?;
        let areas = body.split_evenly((rows, columns));
        for (area, (name, list)) in areas.iter().zip(&panels) {
            draw_panel(area, name, list)?;
        }
        Ok(())
    })
}

/// One technique family: two columns, a technique's place in its own benchmark (left) and
/// inside the move generator (right), a line per technique. Places are drawn one per row,
/// ranks written beside the names (≈1 for a rank shared by a tie), so tied techniques never
/// print over each other.
fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    name: &str,
    list: &[ContextRank],
) -> Result<()>
where
    DB::ErrorType: 'static,
{
    let n = list.len().max(1) as f64;
    // The list is in context order; alone, by rank, ties kept in context order.
    let mut alone: Vec<usize> = (0..list.len()).collect();
    alone.sort_by_key(|&i| (list[i].isolation_rank, i));
    let mut left_row = vec![0.0; list.len()];
    for (row, &i) in alone.iter().enumerate() {
        left_row[i] = row as f64 + 1.0;
    }
    let mut chart = ChartBuilder::on(area)
        .caption(name, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(10)
        .build_cartesian_2d(-0.9f64..1.9f64, (n + 1.0)..0.5f64)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .disable_y_mesh()
        .x_labels(0)
        .y_labels(0)
        .label_style(("sans-serif", 13))
        .draw()?;
    for (x, label) in [(0.0, "alone"), (1.0, "in context")] {
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(x, 0.5), (x, n + 0.5)],
            GUIDE_COLOUR.stroke_width(1),
        )))?;
        chart.draw_series(std::iter::once(Text::new(
            label,
            (x, n + 0.95),
            TextStyle::from(("sans-serif", 13).into_font())
                .pos(Pos::new(HPos::Center, VPos::Bottom)),
        )))?;
    }
    let rank = |rank: usize, shared: bool| {
        if shared {
            format!("≈{rank}")
        } else {
            rank.to_string()
        }
    };
    for (i, r) in list.iter().enumerate() {
        let colour = style::look(i).0;
        let (left, right) = (left_row[i], i as f64 + 1.0);
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(0.0, left), (1.0, right)],
            colour.stroke_width(2),
        )))?;
        chart.draw_series(
            [left, right]
                .iter()
                .zip([0.0, 1.0])
                .map(|(&y, x)| Circle::new((x, y), 4, colour.filled())),
        )?;
        let text = |anchor: HPos| {
            TextStyle::from(("sans-serif", 13).into_font()).pos(Pos::new(anchor, VPos::Center))
        };
        chart.draw_series(std::iter::once(Text::new(
            format!(
                "{}  {}",
                r.variant,
                rank(r.isolation_rank, r.isolation_shared)
            ),
            (-0.06, left),
            text(HPos::Right),
        )))?;
        let tie = if r.tied_in_context { " ≈" } else { "" };
        chart.draw_series(std::iter::once(Text::new(
            format!(
                "{}  {}{tie}",
                rank(r.context_rank, r.context_shared),
                r.variant
            ),
            (1.06, right),
            text(HPos::Left),
        )))?;
    }
    Ok::<(), Box<dyn Error>>(())
}
