//! Shared by the integration tests: a synthetic record.

use harness::machine::Machine;
use harness::measure::{Samples, FLOOR};
use harness::record::{analyze, Record, Run, Tool, SCHEMA_VERSION};
use harness::workload::Workload;
use strategies::{InBetweenFamily, KnightFamily};

/// A record made from synthetic samples (no timing), with every workload and a floor.
pub fn synthetic_record(brand: &str, started_utc: &str) -> Record {
    let mut samples = Vec::new();
    fn family<F: harness::families::Bench>(samples: &mut Vec<Samples>) {
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
                    requires: d.requires.iter().map(|f| f.name()).collect(),
                });
            }
        }
    }
    family::<InBetweenFamily>(&mut samples);
    family::<KnightFamily>(&mut samples);
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
        simd_speedups: harness::record::simd_speedups(&measurements),
        measurements,
        ranks,
    }
}
