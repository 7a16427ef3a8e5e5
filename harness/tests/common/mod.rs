//! Shared by the integration tests: a synthetic record, and the binary as a command.
// Each test crate uses part of this module.
#![allow(dead_code)]

use harness::analysis::{analyze, simd_speedups};
use harness::machine::Machine;
use harness::measure::{Samples, FLOOR};
use harness::record::{Record, Run, Tool, SCHEMA_VERSION};
use harness::workload::Workload;
use strategies::{Bench, Families, FamilyVisitor, Registry};

/// A record made from synthetic samples (no timing), with every workload and a floor.
pub fn synthetic_record(brand: &str, started_utc: &str) -> Record {
    struct Synthetic(Vec<Samples>);
    impl FamilyVisitor for Synthetic {
        fn visit<F: Bench>(&mut self) {
            family::<F>(&mut self.0);
        }
    }
    fn family<F: Bench>(samples: &mut Vec<Samples>) {
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
                sweeps: Vec::new(),
                requires: vec![],
            });
            for (i, &variant) in F::variants().iter().enumerate() {
                let d = F::descriptor(variant);
                let base = 1.0 + i as f64 * 0.3 + pressure * (d.table_bytes as f64 / 8192.0);
                samples.push(Samples {
                    family: F::NAME,
                    variant: d.name,
                    floor: false,
                    external: d.source.is_external(),
                    table_bytes: d.table_bytes,
                    workload,
                    ns_per_op: vec![base, base * 1.1, base * 0.95, base * 1.02],
                    sweeps: Vec::new(),
                    requires: d.requires.iter().map(|f| f.name()).collect(),
                });
            }
        }
    }
    let mut synthetic = Synthetic(Vec::new());
    Families::for_each(&mut synthetic);
    let samples = synthetic.0;
    let (measurements, ranks) = analyze(&samples, None);
    let mut machine = Machine::detect();
    machine.cpu.brand = brand.into();
    Record {
        schema_version: SCHEMA_VERSION,
        tool: Tool::this_build(),
        machine,
        run: Run {
            started_utc: started_utc.into(),
            duration_seconds: 1.0,
            seed: 7,
            quick: true,
            disabled_features: vec![],
            feature_masked: false,
            only: vec![],
        },
        clock: None,
        simd_speedups: simd_speedups(&measurements),
        cache_sim: None,
        measurements,
        ranks,
    }
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
