//! `advise` on synthetic records whose per-round ratios are known: it picks the faster
//! variant, calls a tie a tie, names a cache crossover, flags a technique whose rank changes
//! inside perft, and refuses a malformed record. And once on a committed record.

use crate::common;

use harness::base::machine::Machine;
use harness::measure::analyze;
use harness::measure::workload::Workload;
use harness::measure::{Samples, FLOOR};
use harness::record::analysis::simd_speedups;
use harness::record::{Mode, Record, Run, Tool, SCHEMA_VERSION};
use harness::tools::advise::advise;
use strategies::knight_attacks::KnightFamily;
use strategies::Distribution;

const ROUNDS: usize = 24;

/// A workload of a made-up family (only the names matter to advise).
fn workload(family: &'static str, mode: Mode, eviction_bytes: u64) -> Workload {
    let mut w = Workload::matrix::<KnightFamily>()[0];
    w.family = family;
    w.distribution = Distribution {
        name: "d",
        summary: "synthetic",
    };
    w.mode = mode;
    w.eviction_bytes = eviction_bytes;
    w
}

/// Samples whose every round is `ns` times a round-specific wobble shared by all variants of
/// the round (drift), times a jitter of up to ±3% of its own (a fixed pseudo-random pattern
/// per variant).
fn samples(family: &'static str, variant: &'static str, w: Workload, ns: f64) -> Samples {
    let rounds = (0..ROUNDS)
        .map(|i| {
            let drift = 1.0 + 0.05 * ((i * 7 % 5) as f64 - 2.0) / 2.0;
            // splitmix64's finalizer of (variant, round).
            let mut hash = variant
                .bytes()
                .fold(i as u64, |h, b| h.wrapping_mul(31) ^ u64::from(b) << 40);
            hash ^= hash >> 30;
            hash = hash.wrapping_mul(0xBF58_476D_1CE4_E5B9);
            hash ^= hash >> 27;
            hash = hash.wrapping_mul(0x94D0_49BB_1331_11EB);
            hash ^= hash >> 31;
            let jitter = 1.0 + 0.03 * ((hash >> 40) as f64 / (1u64 << 24) as f64 * 2.0 - 1.0);
            ns * drift * jitter
        })
        .collect();
    Samples {
        family,
        variant,
        floor: variant == FLOOR,
        external: variant.starts_with("peer"),
        table_bytes: 0,
        requires: vec![],
        workload: w,
        ns_per_op: rounds,
        round_ghz: Vec::new(),
        sweeps: vec![ROUNDS / 4; 4],
        forks: Vec::new(),
        same_code_as: None,
        twin: false,
        baseline_of: None,
    }
}

fn record(samples: &[Samples]) -> Record {
    let analysis = analyze(samples);
    let (measurements, ranks, controls) =
        (analysis.measurements, analysis.ranks, analysis.controls);
    Record {
        schema_version: SCHEMA_VERSION,
        tool: Tool::this_build(""),
        machine: Machine::detect(),
        run: Run {
            started_utc: "2026-11-23T00:00:00Z".into(),
            duration_seconds: 1.0,
            seed: 1,
            quick: false,
            disabled_features: vec![],
            feature_masked: false,
            only: vec![],
            cache_state: None,
            loops: None,
            forks: None,
            planted_bias: None,
        },
        clock: None,
        fork_clocks: vec![],
        round_clocks: vec![],
        outliers: vec![],
        resolution: None,
        simd_speedups: simd_speedups(&measurements),
        compiler: Vec::new(),
        measurements,
        ranks,
        controls,
        cache_sim: None,
        bound: None,
    }
}

/// `family` with `variants` at the given times, throughput only, and a floor.
fn family(family: &'static str, variants: &[(&'static str, f64)]) -> Vec<Samples> {
    let w = workload(family, Mode::Throughput, 0);
    let mut all = vec![samples(family, FLOOR, w, 0.1)];
    all.extend(variants.iter().map(|&(v, ns)| samples(family, v, w, ns)));
    all
}

#[test]
fn the_faster_variant_is_recommended_with_its_margin() {
    let r = record(&family(
        "f",
        &[("slow", 1.3), ("fast", 1.0), ("peer_x", 1.5)],
    ));
    let advice = advise("r.json", &r, &Machine::detect().cpu);
    let f = &advice.families[0];
    assert_eq!(f.recommended, "fast");
    assert!(f.tied.is_empty());
    let next = f.next.as_ref().unwrap();
    assert_eq!(next.over, "slow");
    let interval = next.interval.unwrap();
    assert!(
        (interval.median - 1.3).abs() < 0.01 && interval.low > 1.0,
        "{interval:?}"
    );
    assert_eq!(f.peer.as_ref().unwrap().over, "peer_x");
    assert!(advice.this_machine && advice.ties_called);
}

#[test]
fn a_tie_is_called_a_tie() {
    let r = record(&family("f", &[("a", 1.0), ("b", 1.001), ("c", 2.0)]));
    let f = &advise("r.json", &r, &Machine::detect().cpu).families[0];
    assert_eq!(f.tied.len(), 1, "{f:?}");
    assert_eq!(f.next.as_ref().unwrap().over, "c");
}

#[test]
fn a_cache_crossover_is_named() {
    let mut all = family("f", &[("table", 1.0), ("calc", 4.0)]);
    for (eviction, table, calc) in [
        (0, 1.0, 4.0),
        (1 << 20, 1.9, 4.1),
        (4 << 20, 4.0, 2.2),
        (16 << 20, 8.0, 2.3),
    ] {
        let w = workload("f", Mode::CachePressure, eviction);
        all.push(samples("f", FLOOR, w, 0.1));
        all.push(samples("f", "table", w, table));
        all.push(samples("f", "calc", w, calc));
    }
    let r = record(&all);
    let f = &advise("r.json", &r, &Machine::detect().cpu).families[0];
    assert_eq!(f.recommended, "table", "{:#?}", r.ranks);
    let crossover = f.crossover.as_ref().expect("a crossover");
    assert_eq!(
        (crossover.variant.as_str(), crossover.eviction_bytes),
        ("calc", 4 << 20)
    );
    let text = harness::render::report::advise::render_text(
        &advise("r.json", &record(&all), &Machine::detect().cpu),
        |s| s.into(),
    );
    assert!(
        text.contains("with more than about 4 MiB of other data in play, calc overtakes table"),
        "{text}"
    );
}

#[test]
fn a_technique_s_ranks_alone_and_inside_perft_are_one_table() {
    use harness::tools::advise::Placing;
    let mut all = family("sliders", &[("pext", 1.0), ("magic", 1.31)]);
    all.extend(family(
        "perft",
        &[("sliders.magic", 1.0), ("sliders.pext", 1.0005)],
    ));
    let advice = advise("r.json", &record(&all), &Machine::detect().cpu);
    let sliders = advice
        .families
        .iter()
        .find(|f| f.family == "sliders")
        .unwrap();
    let table = sliders.contexts.as_ref().expect("measured inside perft");
    assert_eq!(table.contexts, ["sliders", "perft"]);
    assert_eq!(table.of, [2, 2]);
    // Alone pext wins outright; inside perft magic is first and pext ties it.
    assert_eq!(table.leaders[0], Some(("pext".to_string(), 0)));
    assert_eq!(table.leaders[1], Some(("magic".to_string(), 1)));
    let ranks = |technique: &str| {
        table
            .rows
            .iter()
            .find(|r| r.technique == technique)
            .unwrap()
            .ranks
            .clone()
    };
    let (first, tied) = (
        Placing {
            rank: 1,
            tied: false,
        },
        Placing {
            rank: 1,
            tied: true,
        },
    );
    assert_eq!(ranks("pext"), [Some(first), Some(tied)]);
    assert_eq!(ranks("magic")[1], Some(tied));
    assert_eq!(
        table.rows[0].technique, "magic",
        "inside perft's order first"
    );
    let text = harness::render::report::advise::render_text(&advice, |s| s.into());
    assert!(
        text.contains("alone (2)") && text.contains("in perft (2)"),
        "{text}"
    );
    assert!(text.contains("magic +1 tied"), "{text}");
}

#[test]
fn a_malformed_record_is_refused_and_a_committed_one_is_advised() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    let mut r = record(&family("f", &[("a", 1.0)]));
    r.measurements[0].ns_per_op.median = -5.0;
    std::fs::write(&bad, r.to_json()).unwrap();
    let output = common::bitbench(&["advise", bad.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        common::text(&output).contains("ns_per_op"),
        "{}",
        common::text(&output)
    );

    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let committed = root.join("results/intel-xeon-f6m85/20261122t234633z.json.gz");
    let output = common::bitbench(&["advise", committed.to_str().unwrap()]);
    assert!(output.status.success(), "{}", common::text(&output));
    let text = common::text(&output);
    assert!(
        text.contains("in_between: use") && text.contains("knight_attacks: use"),
        "{text}"
    );
    assert!(
        text.contains("ties cannot be called"),
        "a schema-1 record says so: {text}"
    );
    let all = common::bitbench(&[
        "advise",
        "--all",
        "--results",
        root.join("results").to_str().unwrap(),
    ]);
    assert!(all.status.success(), "{}", common::text(&all));
    assert!(common::text(&all).contains("model 85"));
}
