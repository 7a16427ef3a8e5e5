//! Charts drawn from records with plotters, each written as SVG and PNG.
//!
//! Text is drawn with DejaVu Sans compiled into the binary (the `dejavu` crate), so PNGs look
//! the same on a machine without any fonts. Every chart has a title, axis labels with units, a
//! legend, and a caption line naming the CPU and the date. Whiskers show the 95% interval of
//! the median (schema 2) or, for schema-1 records, the interquartile range; the legend says
//! which. A variant keeps its colour and marker across the charts of a record.
//!
//! - `<family>-bars` (`bars`): ns/op per variant, fastest first, throughput and latency
//!   (the modes the family was measured in).
//! - `<family>-cache-pressure` (`cache_pressure`): ns/op (log scale) against the eviction
//!   size (log scale, E = 0 apart), one line per variant, the CPU's L1d, L2 and L3 as rules.
//! - `<family>-cache-sim` (`cache_sim`): the same time beside the simulated L1d and
//!   last-level misses per query, on the same eviction axis (records made with `--cache-sim`).
//! - `<family>-footprint` (`footprint`): table bytes (log scale, spanning every table, "no
//!   table" apart) against ns/op, hot and under the heaviest pressure.
//! - `<family>-rate` (`rate`): for a family counting its own unit (perft: nodes), millions
//!   of units per second per variant.
//! - `<family>-in-context` (`in_context`): for a family measured in context (perft), each
//!   technique's rank in its own family beside its rank inside the move generator.
//! - `cross-cpu-<family>` (`cross_cpu`): each variant's ratio to the best, one bar per CPU
//!   (its newest full record) that measured the family.
//!
//! `style` holds what they share: fonts, colours, dashes and markers, the legend strip, the
//! footer; `axes` the logarithmic time and byte axes of the line and scatter charts. An A/A
//! twin (the same code again under another name, a control) is never a bar or a line.

use crate::record::{Mode, Record};
use crate::render::uncertainty::SpreadKind;
use std::error::Error;
use std::path::{Path, PathBuf};

type Result<T> = std::result::Result<T, Box<dyn Error>>;

/// Renders the drawing `$body` (with `$root` bound to the drawing area) to `stem.svg` and
/// `stem.png`, `$width` by `$height` pixels, evaluating to both paths. A macro because the
/// body is instantiated once per backend type.
macro_rules! render {
    ($stem:expr, $width:expr, $height:expr, |$root:ident| $body:block) => {{
        use plotters::prelude::{BitMapBackend, IntoDrawingArea, SVGBackend};
        $crate::render::chart::style::register_fonts();
        let stem: &std::path::Path = $stem;
        let (svg, png) = (stem.with_extension("svg"), stem.with_extension("png"));
        let size: (u32, u32) = ($width, $height);
        {
            let mut text = String::new();
            {
                let $root = &SVGBackend::with_string(&mut text, size).into_drawing_area();
                let drawn: $crate::render::chart::Result<()> = (|| $body)();
                drawn?;
                $root.present()?;
            }
            std::fs::write(&svg, $crate::render::chart::compact_svg(&text))?;
        }
        {
            let mut pixels = vec![0u8; size.0 as usize * size.1 as usize * 3];
            {
                let $root = &BitMapBackend::with_buffer(&mut pixels, size).into_drawing_area();
                let drawn: $crate::render::chart::Result<()> = (|| $body)();
                drawn?;
                $root.present()?;
            }
            $crate::render::chart::write_png(&png, &pixels, size)?;
        }
        Ok::<Vec<std::path::PathBuf>, Box<dyn std::error::Error>>(vec![svg, png])
    }};
}

/// Writes `pixels` (RGB, 8 bits a channel, row after row) as the PNG file `path`, with the
/// settings the `image` crate's encoder used when plotters wrote the file itself: fast
/// compression, and for each row the best of the five filters. Encoding here, with the `png`
/// crate alone, spares the build the whole of `image`, which plotters would pull in.
pub fn write_png(path: &Path, pixels: &[u8], (width, height): (u32, u32)) -> Result<()> {
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut encoder = png::Encoder::new(file, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(pixels)?;
    writer.finish()?;
    Ok(())
}

/// `svg` (as plotters writes it, one element a line) with each run of consecutive
/// `<polyline>` elements of the same stroke made one `<path>` of as many subpaths, drawn in the
/// same order: a dashed line or a row of whiskers is hundreds of short segments, and a chart
/// small enough to embed in a page is the point.
pub fn compact_svg(svg: &str) -> String {
    /// A polyline's attributes before `points`, and its points.
    fn polyline(line: &str) -> Option<(&str, &str)> {
        let rest = line.strip_prefix("<polyline ")?.strip_suffix("\"/>")?;
        let (attributes, points) = rest.split_once(" points=\"")?;
        Some((attributes, points))
    }
    let mut out = String::with_capacity(svg.len());
    let mut run: Option<(&str, String)> = None;
    let flush = |run: &mut Option<(&str, String)>, out: &mut String| {
        if let Some((attributes, d)) = run.take() {
            out.push_str(&format!("<path {attributes} d=\"{d}\"/>\n"));
        }
    };
    for line in svg.lines() {
        match polyline(line) {
            Some((attributes, points)) => {
                if run.as_ref().is_some_and(|(a, _)| *a != attributes) {
                    flush(&mut run, &mut out);
                }
                let d = &mut run.get_or_insert_with(|| (attributes, String::new())).1;
                for (i, point) in points.split_whitespace().enumerate() {
                    d.push(if i == 0 { 'M' } else { 'L' });
                    d.push_str(point);
                }
            }
            None => {
                flush(&mut run, &mut out);
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    flush(&mut run, &mut out);
    out
}

mod axes;
mod bars;
mod cache_pressure;
mod cache_sim;
mod cross_cpu;
mod footprint;
mod in_context;
mod rate;
mod style;

pub use cross_cpu::{one_per_cpu, record_label, render_cross_cpu};

/// The charts drawn per family of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordChart {
    Bars,
    CachePressure,
    CacheSim,
    Footprint,
    Rate,
    InContext,
}

impl RecordChart {
    /// Every kind, in the order a page shows them.
    pub const ALL: [RecordChart; 6] = [
        RecordChart::Bars,
        RecordChart::Rate,
        RecordChart::InContext,
        RecordChart::CachePressure,
        RecordChart::CacheSim,
        RecordChart::Footprint,
    ];

    /// The file stem of the chart of `family`: `<family>-bars`.
    pub fn stem(self, family: &str) -> String {
        let suffix = match self {
            RecordChart::Bars => "bars",
            RecordChart::CachePressure => "cache-pressure",
            RecordChart::CacheSim => "cache-sim",
            RecordChart::Footprint => "footprint",
            RecordChart::Rate => "rate",
            RecordChart::InContext => "in-context",
        };
        format!("{family}-{suffix}")
    }

    /// What the chart shows, in a phrase (for alt texts and captions).
    pub fn describe(self, record: &Record) -> String {
        let whiskers = SpreadKind::of(record).describe();
        match self {
            RecordChart::Bars => format!(
                "median time per query of each variant, throughput and latency, with the \
                 {whiskers} as whiskers"
            ),
            RecordChart::CachePressure => format!(
                "time per query against the bytes swept between blocks of queries, one line \
                 per variant, with the {whiskers} as whiskers"
            ),
            RecordChart::CacheSim => format!(
                "measured time per query beside the simulated L1d and last-level cache misses \
                 per query, against the bytes swept between blocks ({})",
                record
                    .cache_sim
                    .as_ref()
                    .map_or(String::new(), crate::render::report::simulated_caches)
            ),
            RecordChart::Footprint => "static table footprint against time per query, hot and \
                 under the heaviest cache pressure"
                .into(),
            RecordChart::Rate => format!(
                "millions of units (nodes) per second of each variant, throughput, with the \
                 {whiskers} as whiskers"
            ),
            RecordChart::InContext => "each technique's rank in its own family's benchmark \
                 beside its rank inside the move generator"
                .into(),
        }
    }

    /// Whether `record` has what this chart of `family` needs.
    pub fn applies(self, record: &Record, family: &str) -> bool {
        let pressure = || record.family(family).any(|m| m.mode == Mode::CachePressure);
        match self {
            RecordChart::Bars => record.headline(family).is_some(),
            RecordChart::CachePressure | RecordChart::Footprint => pressure(),
            RecordChart::CacheSim => {
                record.cache_sim.is_some() && record.family(family).any(|m| m.cache_sim.is_some())
            }
            RecordChart::Rate => rate::unit(record, family).is_some(),
            RecordChart::InContext => in_context::applies(record, family),
        }
    }
}

/// Writes every chart of `record` into `dir`; returns the files written.
pub fn render_record(record: &Record, dir: &Path) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let mut files = Vec::new();
    for family in record.families() {
        for kind in RecordChart::ALL {
            if !kind.applies(record, &family) {
                continue;
            }
            let stem = dir.join(kind.stem(&family));
            files.extend(match kind {
                RecordChart::Bars => bars::render(record, &family, &stem)?,
                RecordChart::CachePressure => cache_pressure::render(record, &family, &stem)?,
                RecordChart::CacheSim => cache_sim::render(record, &family, &stem)?,
                RecordChart::Footprint => footprint::render(record, &family, &stem)?,
                RecordChart::Rate => rate::render(record, &family, &stem)?,
                RecordChart::InContext => in_context::render(record, &family, &stem)?,
            });
        }
    }
    Ok(files)
}

/// The unit `family` of `record` counts its time in: `query`, or its own (perft: `node`).
pub fn unit_of(record: &Record, family: &str) -> String {
    rate::unit(record, family).unwrap_or_else(|| "query".into())
}

#[cfg(test)]
mod tests {
    use super::compact_svg;

    #[test]
    fn runs_of_one_stroke_become_one_path_in_order() {
        let svg = "<svg>\n\
                   <polyline fill=\"none\" stroke=\"#111\" points=\"1,2 3,4 \"/>\n\
                   <polyline fill=\"none\" stroke=\"#111\" points=\"5,6 7,8 9,9 \"/>\n\
                   <polyline fill=\"none\" stroke=\"#222\" points=\"0,0 1,1 \"/>\n\
                   <text>a</text>\n\
                   <polyline fill=\"none\" stroke=\"#111\" points=\"2,2 3,3 \"/>\n\
                   </svg>";
        assert_eq!(
            compact_svg(svg),
            "<svg>\n\
             <path fill=\"none\" stroke=\"#111\" d=\"M1,2L3,4M5,6L7,8L9,9\"/>\n\
             <path fill=\"none\" stroke=\"#222\" d=\"M0,0L1,1\"/>\n\
             <text>a</text>\n\
             <path fill=\"none\" stroke=\"#111\" d=\"M2,2L3,3\"/>\n\
             </svg>\n"
        );
    }
}
