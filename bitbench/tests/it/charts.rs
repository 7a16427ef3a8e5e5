//! Every kind of chart, drawn from a committed record (the cache simulation from a synthetic
//! one, since no committed record has one), is the size it should be and not empty: its data
//! marks are there, in colour, and a panel is drawn only for data the record has.

use crate::common;

use harness::record::Record;
use harness::render::chart::{self, RecordChart};
use std::path::{Path, PathBuf};

fn committed(path: &str) -> Record {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    Record::load(&root.join(path)).unwrap()
}

/// Every committed record under `results/<cpu>/`.
fn all_committed() -> Vec<Record> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../results");
    let (records, _) = harness::record::records_under(&root).unwrap();
    records.into_iter().map(|(_, r)| r).collect()
}

/// The width, height, and the number of strongly coloured pixels (data marks; text, axes,
/// grid and guides are grey) in the lower two thirds above the footer, below any legend strip.
fn inspect(png: &Path) -> (u32, u32, usize) {
    let file = std::fs::File::open(png).unwrap_or_else(|e| panic!("{}: {e}", png.display()));
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .unwrap_or_else(|e| panic!("{}: {e}", png.display()));
    let mut pixels = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(
        (frame.color_type, frame.bit_depth),
        (png::ColorType::Rgb, png::BitDepth::Eight),
        "{}",
        png.display()
    );
    let (w, h) = (frame.width, frame.height);
    let coloured = pixels[..frame.buffer_size()]
        .chunks_exact(3)
        .enumerate()
        .filter(|(i, _)| {
            let y = (i / w as usize) as u32;
            y > h / 3 && y + 40 < h
        })
        .filter(|(_, p)| {
            let (max, min) = (p.iter().max().unwrap(), p.iter().min().unwrap());
            max - min > 60
        })
        .count();
    (w, h, coloured)
}

fn check(png: &Path, max_height: u32) {
    let (width, height, coloured) = inspect(png);
    assert_eq!(width, 1200, "{}", png.display());
    assert!(
        (300..=max_height).contains(&height),
        "{}: {height} px high",
        png.display()
    );
    assert!(
        coloured > 800,
        "{}: only {coloured} pixels of data marks in the plot: an empty chart",
        png.display()
    );
    let svg = std::fs::read_to_string(png.with_extension("svg")).unwrap();
    assert!(svg.starts_with("<svg"), "{}", png.display());
}

#[test]
fn every_kind_of_chart_of_a_committed_record_is_drawn_and_not_empty() {
    let record = committed("results/intel-xeon-f6m167/20261123t122426z.json.gz");
    let dir = tempfile::tempdir().unwrap();
    let files = chart::render_record(&record, dir.path()).unwrap();
    let pngs: Vec<&PathBuf> = files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "png"))
        .collect();
    let mut kinds = Vec::new();
    for kind in RecordChart::ALL {
        for family in record.families() {
            if !kind.applies(&record, &family) {
                continue;
            }
            let png = dir.path().join(kind.stem(&family)).with_extension("png");
            assert!(pngs.contains(&&png), "{} was not drawn", png.display());
            check(&png, 2400);
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
    }
    // Every kind but the cache simulation (below) has a committed record to come from.
    assert_eq!(kinds.len(), RecordChart::ALL.len() - 1, "{kinds:?}");
    // perft is measured in throughput only: its bars have no latency panel, and are per node.
    let perft = std::fs::read_to_string(dir.path().join("perft-bars.svg")).unwrap();
    assert!(!perft.contains(">latency<"), "an empty latency panel");
    assert!(perft.contains("time per node (ns/node)"));
    // The footprint axis reaches the largest table: attacked's are all 854 KiB.
    let attacked = std::fs::read_to_string(dir.path().join("attacked-footprint.svg")).unwrap();
    assert!(attacked.contains("854 KiB"), "no 854 KiB table on the axis");
    // Every cache-pressure chart names the CPU's L1d, L2 and L3, and puts no 0 on its log axis.
    for family in record.families() {
        let Ok(svg) = std::fs::read_to_string(
            dir.path()
                .join(RecordChart::CachePressure.stem(&family))
                .with_extension("svg"),
        ) else {
            continue;
        };
        for cache in ["L1d ", "L2 ", "L3 "] {
            assert!(svg.contains(cache), "{family}: no {cache}rule");
        }
        assert!(
            svg.contains("0 (hot)"),
            "{family}: the hot case is not apart"
        );
    }
}

#[test]
fn the_cache_simulation_chart_is_drawn_and_not_empty() {
    let options = common::Options {
        tie: false,
        cache_sim: true,
        baseline_copies: false,
    };
    let record = common::synthetic_record_with("Test CPU", "2026-11-22T10:00:00Z", options);
    let dir = tempfile::tempdir().unwrap();
    chart::render_record(&record, dir.path()).unwrap();
    let family = record
        .families()
        .into_iter()
        .find(|f| RecordChart::CacheSim.applies(&record, f))
        .expect("a family with simulated counts");
    check(
        &dir.path()
            .join(RecordChart::CacheSim.stem(&family))
            .with_extension("png"),
        2400,
    );
}

#[test]
fn cross_cpu_charts_have_one_bar_group_per_cpu_and_a_sane_size() {
    let records = all_committed();
    let chosen = chart::one_per_cpu(&records);
    let cpus: Vec<String> = chosen.iter().map(|r| r.machine.cpu.slug()).collect();
    let mut distinct = cpus.clone();
    distinct.dedup();
    assert_eq!(cpus.len(), distinct.len(), "one record per CPU: {cpus:?}");
    for record in &chosen {
        let fuller = records.iter().any(|r| {
            r.machine.cpu.slug() == record.machine.cpu.slug()
                && !r.run.quick
                && !r.run.feature_masked
                && r.run.started_utc > record.run.started_utc
        });
        assert!(
            !fuller,
            "a newer full record of {} was passed over",
            record.machine.cpu.slug()
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let files = chart::render_cross_cpu(&records, dir.path()).unwrap();
    for png in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "png"))
    {
        check(png, 2000);
        // A CPU appears in the legend only where it measured the family.
        let family = png
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .trim_start_matches("cross-cpu-")
            .to_string();
        let svg = std::fs::read_to_string(png.with_extension("svg")).unwrap();
        for record in &chosen {
            let measured = record.ranks.iter().any(|r| r.family == family);
            let named = svg.contains(&chart::record_label(record).replace('&', "&amp;"));
            assert_eq!(measured, named, "{family}: {}", chart::record_label(record));
        }
    }
}
