//! Shared by the integration tests: a synthetic record, and the binary as a command.
// The fake engine's binary (tests/engine.rs) uses part of this module.
#![allow(dead_code)]

use harness::base::machine::Machine;
use harness::measure::analyze;
use harness::measure::workload::Workload;
use harness::measure::{baseline_name, Samples, FLOOR};
use harness::record::analysis::{compiler_shares, simd_speedups};
use harness::record::{
    CacheCounts, Mode, Record, Run, SimulatedCache, SimulatedCaches, Tool, SCHEMA_VERSION,
};
use strategies::{Bench, Families, FamilyVisitor, Registry};

/// What a synthetic record holds beyond the default.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// The second variant of every family measures like the first, round by round in another
    /// order: the two are tied (their paired ratio's interval includes 1).
    pub tie: bool,
    /// Cache-simulation counts for every cache-pressure measurement, as `run --cache-sim`
    /// records them.
    pub cache_sim: bool,
    /// Every portable variant also in its baseline copy, in its family's first workload, twice
    /// as slow, and the compiler's share of each family, as a run at `x86-64-v3` records them.
    pub baseline_copies: bool,
}

/// A record made from synthetic samples (no timing), with every workload and a floor.
pub fn synthetic_record(brand: &str, started_utc: &str) -> Record {
    synthetic_record_with(brand, started_utc, Options::default())
}

/// [`synthetic_record`] with ties or cache-simulation counts.
pub fn synthetic_record_with(brand: &str, started_utc: &str, options: Options) -> Record {
    struct Synthetic(Vec<Samples>, Options);
    impl FamilyVisitor for Synthetic {
        fn visit<F: Bench>(&mut self) {
            family::<F>(&mut self.0, self.1);
        }
    }
    fn family<F: Bench>(samples: &mut Vec<Samples>, options: Options) {
        for workload in Workload::matrix::<F>() {
            let pressure = workload.eviction_bytes as f64 / (1 << 20) as f64;
            samples.push(Samples {
                family: F::NAME,
                variant: FLOOR,
                floor: true,
                external: false,
                table_bytes: 0,
                workload,
                ns_per_op: vec![0.5, 0.6, 0.55],
                round_ghz: Vec::new(),
                sweeps: Vec::new(),
                forks: Vec::new(),
                same_code_as: None,
                twin: false,
                baseline_of: None,
                requires: vec![],
            });
            let base = |i: usize| {
                let d = F::descriptor(F::variants()[i]);
                1.0 + i as f64 * 0.3 + pressure * (d.table_bytes as f64 / 8192.0)
            };
            for (i, &variant) in F::variants().iter().enumerate() {
                let d = F::descriptor(variant);
                let tied = options.tie && i == 1;
                let b = if tied { base(0) } else { base(i) };
                let rounds = if tied {
                    vec![b * 1.02, b * 0.95, b * 1.1, b]
                } else {
                    vec![b, b * 1.1, b * 0.95, b * 1.02]
                };
                let sample = Samples {
                    family: F::NAME,
                    variant: d.name,
                    floor: false,
                    external: d.source.is_external(),
                    table_bytes: d.table_bytes,
                    workload,
                    ns_per_op: rounds,
                    round_ghz: Vec::new(),
                    sweeps: Vec::new(),
                    forks: Vec::new(),
                    same_code_as: None,
                    twin: false,
                    baseline_of: None,
                    requires: d.requires.iter().map(|f| f.name()).collect(),
                };
                let first = workload == Workload::matrix::<F>()[0];
                if options.baseline_copies && first && F::LEVELS && d.requires.is_empty() {
                    samples.push(Samples {
                        variant: Box::leak(baseline_name(d.name).into_boxed_str()),
                        baseline_of: Some(d.name),
                        ns_per_op: sample.ns_per_op.iter().map(|x| x * 2.0).collect(),
                        ..sample.clone()
                    });
                }
                samples.push(sample);
            }
        }
    }
    let mut synthetic = Synthetic(Vec::new(), options);
    Families::for_each(&mut synthetic);
    let samples = synthetic.0;
    let analysis = analyze(&samples);
    let (measurements, ranks, controls) =
        (analysis.measurements, analysis.ranks, analysis.controls);
    let mut machine = Machine::detect();
    machine.cpu.brand = brand.into();
    let mut record = Record {
        schema_version: SCHEMA_VERSION,
        tool: Tool::this_build(""),
        machine,
        run: Run {
            started_utc: started_utc.into(),
            duration_seconds: 1.0,
            seed: 7,
            quick: true,
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
        compiler: if options.baseline_copies {
            compiler_shares(&measurements, "x86-64-v3")
        } else {
            Vec::new()
        },
        cache_sim: None,
        bound: None,
        measurements,
        ranks,
        controls,
    };
    if options.cache_sim {
        add_cache_sim(&mut record);
    }
    record
}

/// Counts as a cache simulation would make them: a table misses L1d once the sweep exceeds
/// 32 KiB, and the last level (1 MiB) beyond that.
fn add_cache_sim(record: &mut Record) {
    let cache = |level, size_bytes| SimulatedCache {
        level,
        size_bytes,
        associativity: 8,
        line_bytes: 64,
    };
    record.cache_sim = Some(SimulatedCaches {
        tool: "valgrind callgrind --cache-sim=yes".into(),
        l1d: cache(1, 32 << 10),
        ll: cache(2, 1 << 20),
    });
    for m in &mut record.measurements {
        if m.mode != Mode::CachePressure {
            continue;
        }
        let table = if m.table_bytes > 0 { 1.0 } else { 0.0 };
        m.cache_sim = Some(CacheCounts {
            instructions: 20.0,
            l1d_misses: 0.2 + table * f64::from(m.eviction_bytes >= 32 << 10),
            ll_misses: table * f64::from(m.eviction_bytes >= 1 << 20),
        });
    }
}

/// The record as schema 1 stored it: no rounds, intervals, paired ratios, ties or cache
/// simulation.
pub fn as_schema_1(mut record: Record) -> Record {
    record.schema_version = 1;
    record.cache_sim = None;
    for m in &mut record.measurements {
        m.rounds.clear();
        m.median_interval = None;
        m.paired_ratio_to_best = None;
        m.cache_sim = None;
    }
    let mut previous = String::new();
    let mut next = 1;
    for r in &mut record.ranks {
        if r.family != previous {
            previous = r.family.clone();
            next = 1;
        }
        r.rank = next;
        next += 1;
        r.paired_to_first = None;
        r.tied_with_best = false;
    }
    for s in &mut record.simd_speedups {
        s.interval = None;
    }
    record
}

/// The binary as a command. Cross-testing under an emulator (scripts/aarch64.sh), the emulator
/// must start it too: `BITBENCH_TEST_RUNNER` holds that command line, e.g.
/// `qemu-aarch64 -L /usr/aarch64-linux-gnu`.
pub fn command() -> std::process::Command {
    let binary = env!("CARGO_BIN_EXE_bitbench");
    match std::env::var("BITBENCH_TEST_RUNNER") {
        Ok(runner) if !runner.trim().is_empty() => {
            let mut parts = runner.split_whitespace();
            let mut command = std::process::Command::new(parts.next().unwrap());
            command.args(parts).arg(binary);
            command
        }
        _ => std::process::Command::new(binary),
    }
}

/// Runs the binary with `args`.
pub fn bitbench(args: &[&str]) -> std::process::Output {
    command()
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("the binary runs")
}

/// Standard output then standard error, as text.
pub fn text(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr)
}

/// How many charts a record's families should get, counted from its measurements (not from
/// the chart code): bars for each family; a cache-pressure and a footprint chart for each
/// family measured under cache pressure (perft's shape, for one, turns it off); a
/// cache-simulation chart for each family with simulated misses; a rate chart for each family
/// counting its own unit (perft's nodes); a rank chart for a family measured in context.
#[allow(dead_code)]
pub fn charts_expected(record: &Record) -> usize {
    use harness::measure::workload::Mode;
    record
        .families()
        .iter()
        .map(|family| {
            let pressure = record.family(family).any(|m| m.mode == Mode::CachePressure);
            let simulated = record.family(family).any(|m| m.cache_sim.is_some());
            let rate = record.family(family).any(|m| m.unit != "query");
            let in_context = !harness::tools::advise::context_ranks(record, family).is_empty();
            1 + 2 * usize::from(pressure)
                + usize::from(simulated && record.cache_sim.is_some())
                + usize::from(rate)
                + usize::from(in_context)
        })
        .sum()
}

/// Per family, the names of its first two registered variants.
pub fn first_two_variants() -> std::collections::BTreeMap<String, (String, String)> {
    struct Names(std::collections::BTreeMap<String, (String, String)>);
    impl FamilyVisitor for Names {
        fn visit<F: Bench>(&mut self) {
            let name = |i: usize| F::descriptor(F::variants()[i]).name.to_string();
            if F::variants().len() >= 2 {
                self.0.insert(F::NAME.to_string(), (name(0), name(1)));
            }
        }
    }
    let mut names = Names(Default::default());
    Families::for_each(&mut names);
    names.0
}

#[path = "../../src/stages.rs"]
mod stages;

/// The suite's families' stages as the command has them: its own list (`src/stages.rs`),
/// compiled in the crates under `instances/`, so that no test compiles them a second time.
pub fn suite_stages() -> Vec<harness::suite::stages::FamilyStages> {
    stages::families()
}

/// Every `.rs` file under `dir`, subfolders included.
pub fn rust_files(dir: &std::path::Path, files: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// Holds what every command promises however it was called: exit status 0, 1 or 2 (never a
/// panic's 101 or a signal), no panic message, and a message on standard error whenever the
/// status is not 0. `context` names the case in a failure.
pub fn assert_exits_cleanly(context: &str, code: Option<i32>, stderr: &str) {
    assert!(
        matches!(code, Some(0..=2)),
        "{context}: exit status {code:?}: {stderr}"
    );
    assert!(!stderr.contains("panicked"), "{context}: {stderr}");
    if code != Some(0) {
        assert!(
            !stderr.trim().is_empty(),
            "{context}: failed without a message"
        );
    }
}

/// A file tree as its paths (folders included) and contents, sorted: two snapshots are equal
/// when nothing under `dir` changed.
pub fn tree(dir: &std::path::Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path.clone());
                found.push((path, Vec::new()));
            } else {
                let bytes = std::fs::read(&path).unwrap_or_default();
                found.push((path, bytes));
            }
        }
    }
    found.sort();
    found
}
