//! Families are data: the harness walks one list, and a family is its own folder plus one line
//! in that list.
//!
//! The toy family below stands for "its own folder": a trait-free family with a count as its
//! answer, declared entirely in this file. `Plus` is the suite's list plus one line. Every
//! stage of the harness then handles the toy family without any other change: `list`,
//! `verify`, the measurement, the `cargo bench` ids, the record's tables and charts.

use crate::common;

use harness::choose::select::Selection;
use harness::measure::analyze;
use harness::measure::Plan;
use harness::suite;
use harness::suite::stages::FamilyStages;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use strategies::{Bench, Cpu, Families, FamilyVisitor, Registry};

/// A family in one module: how many squares a set holds.
mod toy {
    use rand::Rng;
    use rand_chacha::ChaCha8Rng;
    use strategies::{
        Bench, Bitboard, Cpu, Descriptor, Distribution, Family, Queries, Source, Unsupported,
        Visitor,
    };

    #[derive(Clone, Copy, Debug)]
    pub struct Toy;

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Variant {
        CountOnes,
        Loop,
    }

    #[derive(Clone, Copy)]
    pub struct CountOnes;
    #[derive(Clone, Copy)]
    pub struct Loop;

    impl strategies::Kernel<Toy> for CountOnes {
        fn query(self, set: Bitboard) -> u32 {
            set.0.count_ones()
        }
        fn batch(self, sets: &[Bitboard], out: &mut [u32]) {
            for (o, s) in out.iter_mut().zip(sets) {
                *o = self.query(*s);
            }
        }
    }

    impl strategies::Kernel<Toy> for Loop {
        fn query(self, set: Bitboard) -> u32 {
            set.squares().count() as u32
        }
        fn batch(self, sets: &[Bitboard], out: &mut [u32]) {
            for (o, s) in out.iter_mut().zip(sets) {
                *o = self.query(*s);
            }
        }
    }

    static DESCRIPTORS: [Descriptor; 2] = [
        Descriptor {
            family: "toy",
            name: "count_ones",
            summary: "popcnt",
            source: Source::New,
            table_bytes: 0,
            requires: &[],
        },
        Descriptor {
            family: "toy",
            name: "loop",
            summary: "one step per square",
            source: Source::New,
            table_bytes: 0,
            requires: &[],
        },
    ];

    impl Family for Toy {
        const NAME: &'static str = "toy";
        const SUMMARY: &'static str = "how many squares a set holds";
        type Input = Bitboard;
        type Output = u32;
        type Variant = Variant;

        fn variants() -> &'static [Variant] {
            &[Variant::CountOnes, Variant::Loop]
        }
        fn descriptor(variant: Variant) -> &'static Descriptor {
            &DESCRIPTORS[variant as usize]
        }
        fn visit<V: Visitor<Self>>(
            variant: Variant,
            _cpu: &Cpu,
            visitor: V,
        ) -> Result<V::Output, Unsupported> {
            Ok(match variant {
                Variant::CountOnes => visitor.visit(CountOnes),
                Variant::Loop => visitor.visit(Loop),
            })
        }
        fn reference(set: Bitboard) -> u32 {
            (0..64).filter(|i| set.0 >> i & 1 == 1).count() as u32
        }
        fn echo(set: Bitboard) -> u32 {
            set.0 as u32
        }
    }

    const RANDOM: Distribution = Distribution {
        name: "random",
        summary: "random sets",
    };

    impl Bench for Toy {
        fn verification_inputs(_seed: u64) -> Vec<(&'static str, Vec<Bitboard>)> {
            vec![(
                "a few",
                (0..1000u64).map(|i| Bitboard(i * 0x9E37)).collect(),
            )]
        }
        fn distributions() -> &'static [Distribution] {
            &[RANDOM]
        }
        fn queries(_: &Distribution, rng: &mut ChaCha8Rng, count: usize) -> Queries<Bitboard> {
            Queries::plain((0..count).map(|_| Bitboard(rng.random())).collect())
        }
        fn mix(set: Bitboard, zero: u64) -> Bitboard {
            Bitboard(set.0 ^ zero)
        }
    }
}

/// The toy family alone.
struct ToyOnly;
impl Registry for ToyOnly {
    fn for_each<V: FamilyVisitor>(visitor: &mut V) {
        visitor.visit::<toy::Toy>();
    }
}

/// The suite's list plus one line.
struct Plus;
impl Registry for Plus {
    fn for_each<V: FamilyVisitor>(visitor: &mut V) {
        Families::for_each(visitor);
        visitor.visit::<toy::Toy>();
    }
}

#[test]
fn one_more_line_in_the_list_is_all_a_family_needs() {
    let cpu = Cpu::detect();
    let all = Selection::all::<Plus>();
    let rows = suite::list_rows::<Plus>(&cpu, &all);
    assert!(rows.iter().any(|r| r.family == "toy" && r.name == "loop"));

    let toy_only = Selection::parse::<Plus>(&["toy".into()]).unwrap();
    // The suite's families' stages as the command has them, compiled in `instances/`, and the
    // toy's compiled here.
    let stages = FamilyStages::in_order_of::<Plus>(&[
        common::suite_stages(),
        FamilyStages::list::<ToyOnly>(),
    ]);
    let verdicts = suite::verify_all(&stages, &cpu, &toy_only, 1, &mut |_, _| {});
    assert_eq!(verdicts.len(), 2);
    assert!(verdicts.iter().all(|v| v.family == "toy" && v.agreed()));

    assert!(suite::bench_ids::<Plus>().contains(&"toy/count_ones/random-throughput".to_string()));

    let plan = Plan {
        total: Duration::from_millis(20),
        min_rounds: 2,
        max_rounds: 2,
        ..Plan::quick(1)
    };
    let stop = AtomicBool::new(false);
    let samples = suite::measure_all(&stages, &cpu, &toy_only, &plan, None, &mut |_| {}, &stop)
        .unwrap()
        .samples;
    // The floor, both variants and the A/A twin of the first, in every workload of the
    // matrix; the twin is never ranked.
    let workloads = harness::measure::workload::Workload::matrix::<toy::Toy>().len();
    assert_eq!(samples.len(), 4 * workloads);
    assert!(samples
        .iter()
        .any(|s| s.twin && s.variant == "count_ones-aa" && s.same_code_as == Some("count_ones")));
    let analysis = analyze(&samples);
    let (measurements, ranks) = (analysis.measurements, analysis.ranks);
    assert!(measurements.iter().all(|m| m.family == "toy"));
    assert_eq!(ranks.len(), 2);
    let mut record = common::synthetic_record("Toy CPU", "2026-11-23T00:00:00Z");
    record.measurements = measurements;
    record.ranks = ranks;
    assert!(harness::render::report::ranked_tables(&record).contains("toy: ranked"));
    let charts = tempfile::tempdir().unwrap();
    let drawn = harness::render::chart::render_record(&record, charts.path()).unwrap();
    assert!(drawn
        .iter()
        .any(|p| p.to_string_lossy().contains("toy-bars")));
}

/// The command's list of stages, joined from the crates under `instances/`, holds every
/// registered family once, in the registry's order.
#[test]
fn the_instances_compile_every_family_once() {
    let names: Vec<&str> = common::suite_stages().iter().map(|s| s.name).collect();
    assert_eq!(names, Families::names());
}

#[test]
fn every_registered_family_has_criterion_ids() {
    let ids = suite::bench_ids::<Families>();
    for family in Families::names() {
        assert!(
            ids.iter()
                .any(|id| id.starts_with(&format!("{family}/empty/"))),
            "{family} has no floor benchmark"
        );
    }
    struct Check<'a>(&'a [String]);
    impl FamilyVisitor for Check<'_> {
        fn visit<F: Bench>(&mut self) {
            for &variant in F::variants() {
                let prefix = format!("{}/{}/", F::NAME, F::descriptor(variant).name);
                assert!(self.0.iter().any(|id| id.starts_with(&prefix)), "{prefix}");
            }
        }
    }
    Families::for_each(&mut Check(&ids));
}

#[test]
fn no_family_is_named_in_the_harness_outside_its_tests() {
    let names = Families::names();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut offenders = Vec::new();
    let mut files = Vec::new();
    let dirs = ["harness/src", "harness/bench/benches", "bitbench/src"];
    for dir in dirs {
        common::rust_files(&root.join(dir), &mut files);
    }
    assert!(
        files.iter().any(|f| f.ends_with("report/ranked.rs")),
        "subfolders are scanned"
    );
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        // Unit tests sit at the end of each file, after `#[cfg(test)]`.
        let code = text.split("#[cfg(test)]").next().unwrap();
        for name in &names {
            if code.contains(&format!("\"{name}\"")) || code.contains(&format!("\"{name}/")) {
                offenders.push(format!("{} names {name}", path.display()));
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:#?}");
}

/// `list` shows every variant of every family, and `verify` every family: here one portable
/// variant of each, since the agreement test verifies every variant through the same stages.
#[test]
fn list_and_verify_show_every_registered_family() {
    let one_each: Vec<String> = Families::families()
        .iter()
        .map(|f| {
            let portable = f.descriptors.iter().find(|d| d.requires.is_empty());
            portable.unwrap_or(&f.descriptors[0]).id()
        })
        .collect();
    let only = one_each.join(",");
    for command in [
        &["list", "--json"][..],
        &["verify", "--json", "--only", &only],
    ] {
        let output = common::bitbench(command);
        assert!(output.status.success(), "{command:?}: {output:?}");
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let rows = json
            .get("variants")
            .unwrap_or(&json)
            .as_array()
            .unwrap()
            .clone();
        for family in Families::families() {
            for d in &family.descriptors {
                let shown = rows.iter().any(|r| {
                    r["family"] == family.name
                        && r["variant"].as_str().or(r["name"].as_str()) == Some(d.name)
                });
                let expected = command[0] == "list" || one_each.contains(&d.id());
                assert_eq!(shown, expected, "{command:?} and {}", d.id());
            }
        }
        if command[0] == "verify" {
            assert!(rows.iter().all(|r| r["outcome"] != "disagreed"));
        }
    }
}
