//! Records: round-trip, rejection of bad input, atomic writing, and charts rendered from them.

use crate::common;

use common::Options;
use harness::base::machine::Machine;
use harness::measure::analyze;
use harness::measure::workload::{Mode, Workload};
use harness::measure::{Samples, FLOOR};
use harness::record::{write_new_atomically, Record, RecordError, SCHEMA_VERSION};
use harness::{render::chart, render::report};
use std::path::Path;
use strategies::knight_attacks::KnightFamily;

/// A record made from synthetic samples (no timing), with every workload and a floor.
fn synthetic_record() -> Record {
    common::synthetic_record(&Machine::detect().cpu.brand, "2026-11-22T10:00:00Z")
}

#[test]
fn a_record_round_trips_through_json() {
    let record = synthetic_record();
    let text = record.to_json();
    let back = Record::parse(&text, Path::new("synthetic.json")).unwrap();
    assert!(back == record, "the record changed in a round trip");
    assert_eq!(back.to_json(), text);
}

/// Runs write the compressed form; the plain JSON of older records still reads, and both give
/// the same record. A compressed file cut short is refused with a message, not a panic.
#[test]
fn a_record_reads_in_both_forms() {
    let record = synthetic_record();
    let dir = tempfile::tempdir().unwrap();
    let (plain, packed) = (dir.path().join("r.json"), dir.path().join("r.json.gz"));
    std::fs::write(&plain, record.to_json()).unwrap();
    let gzip = record.to_gzip();
    assert_eq!(gzip[..2], [0x1f, 0x8b], "the stored form is gzip");
    assert!(
        gzip.len() * 3 < record.to_json().len(),
        "compressed to under a third"
    );
    assert_eq!(
        gzip,
        record.to_gzip(),
        "one record compresses to the same bytes"
    );
    std::fs::write(&packed, &gzip).unwrap();
    assert!(Record::load(&plain).unwrap() == record);
    assert!(Record::load(&packed).unwrap() == record);

    let cut = dir.path().join("cut.json.gz");
    std::fs::write(&cut, &gzip[..gzip.len() / 2]).unwrap();
    let error = Record::load(&cut).unwrap_err().to_string();
    assert!(
        error.contains("cut.json.gz: cannot read: not a whole gzip stream"),
        "{error}"
    );
}

#[test]
fn analysis_ranks_ratios_and_floors() {
    let record = synthetic_record();
    for m in record.measurements.iter().filter(|m| !m.floor) {
        assert!(m.ratio_to_best.unwrap() >= 1.0);
        assert!(m.floor_multiple.unwrap() > 1.0);
        assert!(!m.suspect);
    }
    for family in ["in_between", "knight_attacks"] {
        let ranks: Vec<_> = record.ranks.iter().filter(|r| r.family == family).collect();
        assert_eq!(
            ranks.iter().map(|r| r.rank).collect::<Vec<_>>(),
            (1..=ranks.len()).collect::<Vec<_>>()
        );
        assert!(ranks
            .windows(2)
            .all(|w| w[0].geomean_ratio <= w[1].geomean_ratio));
        assert!(ranks
            .iter()
            .all(|r| r.geomean_ratio >= 1.0 && r.workloads == 13));
    }
    // In throughput the synthetic rectangular is fastest: it is best there, at exactly 1.00x.
    let rectangular = record
        .measurements
        .iter()
        .find(|m| m.variant == "rectangular" && m.mode == Mode::Throughput)
        .unwrap();
    assert_eq!(rectangular.ratio_to_best, Some(1.0));
    let tables = report::ranked_tables(&record);
    assert!(
        tables.contains("in_between: ranked") && tables.contains("empty (floor)"),
        "{tables}"
    );
}

#[test]
fn below_the_floor_is_suspect() {
    let workload = Workload::matrix::<KnightFamily>()[0];
    let sample = |variant, floor, ns: f64| Samples {
        family: "knight_attacks",
        variant,
        floor,
        external: false,
        table_bytes: 0,
        requires: vec![],
        workload,
        ns_per_op: vec![ns, ns, ns],
        round_ghz: Vec::new(),
        sweeps: Vec::new(),
        forks: Vec::new(),
        same_code_as: None,
        twin: false,
        baseline_of: None,
    };
    let measurements = analyze(&[
        sample(FLOOR, true, 1.0),
        sample("deleted", false, 0.2),
        sample("fine", false, 1.5),
    ])
    .measurements;
    let suspect = |name: &str| {
        measurements
            .iter()
            .find(|m| m.variant == name)
            .unwrap()
            .suspect
    };
    assert!(suspect("deleted"));
    assert!(!suspect("fine"));
}

fn rejection(text: &str) -> RecordError {
    Record::parse(text, Path::new("bad.json")).unwrap_err()
}

#[test]
fn bad_records_are_rejected_with_the_file_and_the_problem() {
    let good = synthetic_record().to_json();
    let truncated = rejection(&good[..good.len() / 2]);
    assert!(matches!(truncated, RecordError::NotJson { .. }));
    assert!(
        truncated.to_string().contains("bad.json: truncated JSON"),
        "{truncated}"
    );

    let malformed = rejection("{\"schema_version\": 1,,}");
    assert!(
        malformed.to_string().contains("bad.json: malformed JSON"),
        "{malformed}"
    );

    let not_a_record = rejection("[1, 2, 3]");
    assert!(
        not_a_record.to_string().contains("not a bitbench record"),
        "{not_a_record}"
    );
    let missing_fields = rejection("{\"schema_version\": 1}");
    assert!(
        matches!(missing_fields, RecordError::NotARecord { .. }),
        "{missing_fields}"
    );

    let newer = good.replacen(
        &format!("\"schema_version\": {SCHEMA_VERSION}"),
        "\"schema_version\": 999",
        1,
    );
    let newer = rejection(&newer);
    assert!(matches!(newer, RecordError::NewerSchema { found: 999, .. }));
    assert!(
        newer.to_string().contains("newer than this bitbench reads"),
        "{newer}"
    );

    let mut clocked = synthetic_record();
    clocked.round_clocks = vec![harness::record::RoundClocks {
        family: "knight_attacks".into(),
        workload: "uniform/throughput".into(),
        ghz: vec![3.7, 0.0],
    }];
    let impossible_clock = rejection(&clocked.to_json());
    assert!(
        matches!(&impossible_clock, RecordError::Invalid { field, .. }
            if field == "round_clocks[0].ghz"),
        "{impossible_clock}"
    );

    let dir = tempfile::tempdir().unwrap();
    let error = Record::load(dir.path()).unwrap_err();
    assert!(
        matches!(error, RecordError::NotAFile { .. }),
        "a directory is not a record: {error}"
    );
    let error = Record::load(&dir.path().join("missing.json")).unwrap_err();
    assert!(
        error.to_string().contains("missing.json: cannot read"),
        "{error}"
    );
}

#[test]
fn writing_is_atomic_and_never_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.json");
    assert!(write_new_atomically(&path, b"first").unwrap());
    assert!(
        !write_new_atomically(&path, b"second").unwrap(),
        "an existing record is not replaced"
    );
    assert_eq!(std::fs::read(&path).unwrap(), b"first");
    // Two runs with the same time stamp get different names.
    let record = synthetic_record();
    let a = harness::suite::store::write_run(&record, dir.path(), "stamp").unwrap();
    let b = harness::suite::store::write_run(&record, dir.path(), "stamp").unwrap();
    assert_ne!(a, b);
    assert_eq!(Record::load(&a).unwrap(), record);
    assert_eq!(Record::load(&b).unwrap(), record);
    // Nothing temporary is left behind.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.contains("tmp")), "{names:?}");
}

#[test]
fn a_killed_writer_leaves_only_a_hidden_temporary_which_no_one_else_removes() {
    let dir = tempfile::tempdir().unwrap();
    // What a writer killed mid-write leaves: a hidden temporary. Its process may run in
    // another PID namespace (a container sharing the folder), so no other process can tell
    // it is gone: it stays (hidden, read by no command).
    let stale = dir
        .path()
        .join(".bitbench-tmp-20261122t000000z.json-4000000000-AbCdEf");
    std::fs::write(&stale, "{\"schema_vers").unwrap();
    let stale_dir = dir
        .path()
        .join(".bitbench-tmp-20261122t000000z-4000000000-AbCdEf");
    std::fs::create_dir(&stale_dir).unwrap();
    std::fs::write(stale_dir.join("tables.md"), "half").unwrap();
    let record = synthetic_record();
    let written =
        harness::suite::store::write_run(&record, dir.path(), "20261122t000000z").unwrap();
    assert_eq!(Record::load(&written).unwrap(), record);
    assert_eq!(std::fs::read(&stale).unwrap(), b"{\"schema_vers");
    assert_eq!(std::fs::read(stale_dir.join("tables.md")).unwrap(), b"half");
}

#[test]
fn charts_render_to_svg_and_png() {
    let record = synthetic_record();
    let dir = tempfile::tempdir().unwrap();
    let files = chart::render_record(&record, dir.path()).unwrap();
    let families = record.families().len();
    // Bars for every family; cache-pressure and footprint charts for the families measured
    // under cache pressure (not those whose shape turns it off, such as perft); perft's rate
    // and in-context rank charts.
    assert_eq!(
        files.len(),
        common::charts_expected(&record) * 2,
        "every chart each family's measurements call for, SVG and PNG"
    );
    let named = |suffix: &str| {
        files
            .iter()
            .any(|f| f.ends_with(format!("perft-{suffix}.svg")))
    };
    assert!(named("rate") && named("in-context") && !named("cache-pressure"));
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        match file.extension().and_then(|e| e.to_str()) {
            Some("png") => assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{}", file.display()),
            Some("svg") => {
                let text = String::from_utf8(bytes).unwrap();
                assert!(
                    text.contains("<svg") && text.contains(&record.machine.cpu.brand),
                    "{}",
                    file.display()
                );
                // ns/op, or per node (ns/node) for perft; perft's rates and ranks.
                let unit = ["ns/", "per second", "rank"];
                assert!(
                    unit.iter().any(|u| text.contains(u)),
                    "axis label with units in {}",
                    file.display()
                );
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    let cross =
        chart::render_cross_cpu(&[record.clone(), record], &dir.path().join("cross")).unwrap();
    assert_eq!(
        cross.len(),
        2 * families,
        "one chart per family, SVG and PNG"
    );
}

/// The text of the chart `name` among `files`.
fn svg(files: &[std::path::PathBuf], name: &str) -> String {
    let file = files
        .iter()
        .find(|f| f.file_name().is_some_and(|n| n == name))
        .unwrap_or_else(|| panic!("no {name} in {files:?}"));
    std::fs::read_to_string(file).unwrap()
}

#[test]
fn ties_and_intervals_show_in_tables_and_charts() {
    let options = Options {
        tie: true,
        ..Options::default()
    };
    let record = common::synthetic_record_with("Tie CPU", "2026-11-22T10:00:00Z", options);
    let first_two = common::first_two_variants();
    let mut checked = 0;
    for family in record.families() {
        let ranks: Vec<_> = record.ranks.iter().filter(|r| r.family == family).collect();
        assert!(ranks.iter().skip(1).all(|r| r.paired_to_first.is_some()));
        // The first two variants of the registry measure alike. Where the first ranks first,
        // the second is tied with it and shares rank 1, and no other variant is tied.
        let (first, second) = &first_two[&family];
        if ranks[0].variant != *first {
            continue;
        }
        let tied: Vec<_> = ranks.iter().filter(|r| r.tied_with_best).collect();
        assert!(
            tied.len() == 1 && tied[0].variant == *second && tied[0].rank == 1,
            "{family}: the constructed tie was not called: {ranks:?}"
        );
        checked += 1;
    }
    assert!(checked >= 10, "{checked} families checked");
    let tables = report::ranked_tables(&record);
    assert!(
        tables.contains("geomean [95%]") && tables.contains("±95%"),
        "{tables}"
    );
    assert!(
        tables.contains("  ≈"),
        "a tied rank is shown as ≈N:\n{tables}"
    );
    // Wide tables mark the ratio to the best (`1.00x≈`); the compact layout, below 120
    // columns, has no ratio column and marks the time (`±9%≈`).
    assert!(
        tables.contains("1.00x≈") || tables.contains("%≈"),
        "a tie with the best is marked:\n{tables}"
    );
    assert!(tables.contains("x ["), "geomean intervals:\n{tables}");
    assert!(!tables.contains("Ties cannot be called"));

    let full = report::full_tables(&record);
    assert!(full.contains("| 95% interval of median |") && full.contains("paired ratio [95%]"));
    assert!(full.contains("x [") && full.contains(" ≈ |"), "{full}");
    assert!(full.contains("≈1 as a rank"));

    let dir = tempfile::tempdir().unwrap();
    let files = chart::render_record(&record, dir.path()).unwrap();
    for family in record.families() {
        let bars = svg(&files, &format!("{family}-bars.svg"));
        assert!(bars.contains("95% interval of the median") && bars.contains('≈'));
        if !record
            .family(&family)
            .any(|m| m.mode == Mode::CachePressure)
        {
            continue; // a family whose shape turns cache pressure off (perft): bars only
        }
        let pressure = svg(&files, &format!("{family}-cache-pressure.svg"));
        assert!(pressure.contains("whiskers: 95% interval of the median"));
    }
}

#[test]
fn schema_1_records_render_with_interquartile_ranges_and_no_ties() {
    let options = Options {
        tie: true,
        cache_sim: true,
        baseline_copies: false,
    };
    let record = common::as_schema_1(common::synthetic_record_with(
        "Old CPU",
        "2026-11-22T10:00:00Z",
        options,
    ));
    let record = Record::parse(&record.to_json(), Path::new("old.json")).unwrap();
    assert!(!record.has_rounds());
    let tables = report::ranked_tables(&record);
    assert!(tables.contains("±IQR") && tables.contains("interquartile range"));
    assert!(tables.contains("Ties cannot be called: this schema-1 record has no per-round values."));
    assert!(
        !tables.contains('≈') && !tables.contains("[95%]"),
        "{tables}"
    );
    let full = report::full_tables(&record);
    assert!(full.contains("| interquartile range |") && !full.contains('≈'));
    assert!(!full.contains("cache simulation"));

    let dir = tempfile::tempdir().unwrap();
    let files = chart::render_record(&record, dir.path()).unwrap();
    let families = record.families().len();
    assert_eq!(
        files.len(),
        common::charts_expected(&record) * 2,
        "no cache-simulation chart"
    );
    for family in record.families() {
        let bars = svg(&files, &format!("{family}-bars.svg"));
        assert!(bars.contains("interquartile range of the samples") && !bars.contains('≈'));
    }
    let cross = chart::render_cross_cpu(&[record], &dir.path().join("cross")).unwrap();
    assert_eq!(cross.len(), 2 * families);
}

#[test]
fn a_cache_simulation_adds_a_chart_and_tables_per_family() {
    let options = Options {
        cache_sim: true,
        ..Options::default()
    };
    let record = common::synthetic_record_with("Sim CPU", "2026-11-22T10:00:00Z", options);
    let dir = tempfile::tempdir().unwrap();
    let files = chart::render_record(&record, dir.path()).unwrap();
    assert!(common::charts_expected(&record) > record.families().len() * 3);
    assert_eq!(
        files.len(),
        common::charts_expected(&record) * 2,
        "four charts per family measured under cache pressure, SVG and PNG"
    );
    for family in record.families() {
        if !record.family(&family).any(|m| m.cache_sim.is_some()) {
            continue;
        }
        let sim = svg(&files, &format!("{family}-cache-sim.svg"));
        for text in [
            "measured: time per query",
            "simulated: L1d misses per query",
            "simulated: last-level (L2) misses per query",
            "simulated L1d (32 KiB, 8-way, 64 B lines)",
        ] {
            assert!(sim.contains(text), "{family}: no {text:?}");
        }
    }
    let full = report::full_tables(&record);
    for text in [
        "in_between — cache simulation",
        "L1d misses per query:",
        "last-level misses per query:",
        "| variant | E = 0 | E = 16KiB |",
        "| empty (floor) | 0.200 |",
    ] {
        assert!(full.contains(text), "no {text:?} in\n{full}");
    }
}

#[test]
fn full_tables_cover_every_mode() {
    let tables = report::full_tables(&synthetic_record());
    for mode in [Mode::Throughput, Mode::Latency, Mode::CachePressure] {
        assert!(tables.contains(&format!("in_between — {}", mode.name())));
    }
}

/// A run at a level above the baseline measures the portable variants in their baseline copies
/// too: they are never ranked, each family's table shows them beside the level's figures, a
/// table under the families gives what the compiler and hand SIMD give, and `advise` says it in
/// words; in 100 columns, and through a round trip.
#[test]
fn baseline_copies_are_shown_beside_the_level_and_never_ranked() {
    let options = common::Options {
        baseline_copies: true,
        ..Default::default()
    };
    let brand = Machine::detect().cpu.brand;
    let record = common::synthetic_record_with(&brand, "2026-12-03T08:00:00Z", options);
    let text = record.to_json();
    assert!(Record::parse(&text, Path::new("copies.json")).unwrap() == record);
    let copies: Vec<_> = record
        .measurements
        .iter()
        .filter(|m| m.baseline_of.is_some())
        .collect();
    assert!(!copies.is_empty());
    assert!(copies
        .iter()
        .all(|m| m.requires.is_empty() && m.variant.ends_with("-x86-64")));
    assert!(record.ranks.iter().all(|r| !r.variant.ends_with("-x86-64")));
    let share = record
        .compiler
        .iter()
        .find(|c| c.family == "rook_attacks")
        .expect("the rook attacks have portable variants");
    assert!((share.compiler.median - 2.0).abs() < 0.01, "{share:?}");
    assert!(
        record.compiler.iter().all(|c| c.family != "perft"),
        "perft is out of line"
    );

    for width in [100, 140] {
        let tables = harness::render::report::ranked_tables_in(&record, width);
        assert!(tables.contains("What the compiler gives"), "{tables}");
        for line in tables.lines() {
            assert!(line.chars().count() <= width, "{width}: {line}");
        }
        if width == 140 {
            assert!(tables.contains("@x86-64"), "{tables}");
        }
    }
    let advice = harness::tools::advise::advise("copies.json", &record, &Machine::detect().cpu);
    let words = harness::render::report::advise::render_text(&advice, |s| s.to_string());
    assert!(
        words.contains("the compiler gives 2.00× [2.00, 2.00] at x86-64-v3 over the baseline"),
        "{words}"
    );
}

#[test]
fn bounds_are_read_back_and_shown_as_x_of_bound() {
    let brand = Machine::detect().cpu.brand;
    let mut record =
        common::synthetic_record_with(&brand, "2026-12-03T13:00:00Z", Options::default());
    record.bound = Some(harness::record::BoundMethod {
        tool: "llvm-mca (LLVM 16), block reciprocal throughput, over valgrind callgrind counts"
            .into(),
        model: "znver3".into(),
        level: "x86-64-v3".into(),
    });
    let mut given = 0;
    for m in record.measurements.iter_mut() {
        if m.ranked() && m.mode == Mode::Throughput && m.eviction_bytes == 0 {
            m.cycles_per_op_estimate = Some(6.0);
            m.bound = Some(harness::record::Bound {
                cycles: 4.0,
                instructions: 12.0,
                covered: 0.99,
            });
            given += 1;
        }
    }
    assert!(given > 0);
    let text = record.to_json();
    let read = Record::parse(&text, Path::new("bound.json")).unwrap();
    assert!(read == record);
    let m = read
        .measurements
        .iter()
        .find(|m| m.bound.is_some())
        .unwrap();
    assert_eq!(m.x_of_bound(), Some(1.5));
    for width in [100, 140] {
        let tables = harness::render::report::ranked_tables_in(&read, width);
        assert!(
            tables.contains("How far each kernel is from its throughput bound"),
            "{tables}"
        );
        assert!(tables.contains("scheduling model znver3"), "{tables}");
        assert!(tables.contains(" 1.5"), "{tables}");
        for line in tables.lines() {
            assert!(line.chars().count() <= width, "{width}: {line}");
        }
        if width == 140 {
            assert!(tables.contains("x bound"), "{tables}");
        }
    }
    let full = harness::render::report::full_tables(&read);
    assert!(full.contains("| x of bound |"), "{full}");

    let mut broken = read;
    broken
        .measurements
        .iter_mut()
        .find(|m| m.bound.is_some())
        .unwrap()
        .bound = Some(harness::record::Bound {
        cycles: 4.0,
        instructions: 12.0,
        covered: 1.5,
    });
    let error = Record::parse(&broken.to_json(), Path::new("bad.json")).unwrap_err();
    assert!(error.to_string().contains("bound.covered"), "{error}");
}
