//! Tables computed from a record: the ranked summary per family printed after a run, and the
//! full per-workload tables written beside the charts.

use crate::record::{Measurement, Record};
use crate::units;
use crate::workload::Mode;
use std::fmt::Write;

/// The ranked table of each family: rank, variant, geometric-mean ratio; ns/op, cycles/op and
/// ratio in throughput and latency on the headline distribution; ns/op under the heaviest
/// cache pressure; table footprint.
pub fn ranked_tables(record: &Record) -> String {
    let mut out = String::new();
    for family in record.families() {
        let Some(workload) = record.headline(&family) else {
            continue;
        };
        let ranks: Vec<_> = record.ranks.iter().filter(|r| r.family == family).collect();
        let workloads = ranks.iter().map(|r| r.workloads).max().unwrap_or(0);
        let pressure = record.largest_eviction(&family);
        let _ = writeln!(
            out,
            "\n{family}: ranked by geometric mean of ratio to best over {workloads} workloads (1.00x = best)"
        );
        let pressure_header = pressure.map_or(String::new(), |e| {
            format!("{:>10}", format!("@{}", units::bytes_compact(e)))
        });
        let _ = writeln!(
            out,
            "  {:>2}  {:<24} {:>7}  {:>22}  {:>22}  {pressure_header}  {:>9}",
            "#",
            "variant",
            "geomean",
            format!("throughput ({workload})"),
            format!("latency ({workload})"),
            "table"
        );
        let _ = writeln!(
            out,
            "  {:>2}  {:<24} {:>7}  {:>7} {:>6} {:>7}  {:>7} {:>6} {:>7}  {}  {:>9}",
            "",
            "",
            "",
            "ns/op",
            "cyc*",
            "ratio",
            "ns/op",
            "cyc*",
            "ratio",
            pressure.map_or(String::new(), |_| format!("{:>10}", "ns/op")),
            ""
        );
        let row = |name: &str, label: &str, rank: String, geomean: String, out: &mut String| {
            let cell = |mode: Mode| match record.find(&family, name, &workload, mode, 0) {
                Some(m) => format!(
                    "{:>7.2} {:>6} {:>7}",
                    m.ns_per_op.median,
                    m.cycles_per_op_estimate
                        .map_or("-".into(), |c| format!("{c:.1}")),
                    m.ratio_to_best.map_or("-".into(), |r| format!("{r:.2}x"))
                        + if m.suspect { "!" } else { "" }
                ),
                None => format!("{:>7} {:>6} {:>7}", "-", "-", "-"),
            };
            let under_pressure = pressure.map_or(String::new(), |e| {
                let m = record.family(&family).find(|m| {
                    m.variant == name && m.mode == Mode::CachePressure && m.eviction_bytes == e
                });
                format!(
                    "{:>10}",
                    m.map_or("-".into(), |m| format!("{:.2}", m.ns_per_op.median))
                )
            });
            let table = record
                .family(&family)
                .find(|m| m.variant == name)
                .map_or(0, |m| m.table_bytes);
            let _ = writeln!(
                out,
                "  {rank:>2}  {label:<24} {geomean:>7}  {}  {}  {under_pressure}  {:>9}",
                cell(Mode::Throughput),
                cell(Mode::Latency),
                units::footprint(table as u64)
            );
        };
        for r in &ranks {
            let external = record
                .family(&family)
                .any(|m| m.variant == r.variant && m.external);
            let label = if external {
                format!("{} (ext)", r.variant)
            } else {
                r.variant.clone()
            };
            row(
                &r.variant,
                &label,
                r.rank.to_string(),
                format!("{:.2}x", r.geomean_ratio),
                &mut out,
            );
        }
        if let Some(floor) = record.family(&family).find(|m| m.floor) {
            row(
                &floor.variant.clone(),
                "empty (floor)",
                String::new(),
                String::new(),
                &mut out,
            );
        }
    }
    if !record.simd_speedups.is_empty() {
        let _ = writeln!(out, "\nSIMD kernels against the best portable variant, throughput (above 1.00x = SIMD faster):");
        for s in &record.simd_speedups {
            let _ = writeln!(
                out,
                "  {:<16} {:<24} {:<12} {:>5.2}x  (best portable: {})",
                s.family, s.variant, s.workload, s.speedup, s.best_portable
            );
        }
    }
    let suspects: Vec<String> = record
        .measurements
        .iter()
        .filter(|m| m.suspect)
        .map(|m| {
            format!(
                "{}/{} {} {}",
                m.family,
                m.variant,
                m.workload,
                m.mode.name()
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "\n  * cycles/op are estimates: ns/op times the clock estimated in this run{}.",
        record
            .clock
            .as_ref()
            .map_or(" (none on this architecture)".into(), |c| format!(
                " ({:.2} GHz)",
                c.ghz
            ))
    );
    if !suspects.is_empty() {
        let _ = writeln!(
            out,
            "  ! SUSPECT, measured below the empty kernel (work probably deleted): {}",
            suspects.join("; ")
        );
    }
    out
}

/// Every measurement, one Markdown table per family and mode.
pub fn full_tables(record: &Record) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# bitbench record: {}\n", record.caption());
    if let Some(clock) = &record.clock {
        let _ = writeln!(
            out,
            "Clock estimate: {:.3} GHz (slope {:.4} ns per dependent add, R² = {:.5}). Seed: {:#x}.\n",
            clock.ghz, clock.fit.slope, clock.fit.r_squared, record.run.seed
        );
    }
    for family in record.families() {
        for mode in [Mode::Throughput, Mode::Latency, Mode::CachePressure] {
            let rows: Vec<&Measurement> =
                record.family(&family).filter(|m| m.mode == mode).collect();
            if rows.is_empty() {
                continue;
            }
            let _ = writeln!(out, "## {family} — {}\n", mode.name());
            let _ = writeln!(
                out,
                "| workload | evict | variant | median ns/op | MAD | min | samples | cycles/op (est.) | ratio to best | × floor | table |"
            );
            let _ = writeln!(
                out,
                "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|"
            );
            for m in rows {
                let _ = writeln!(
                    out,
                    "| {} | {} | {}{} | {:.3} | {:.3} | {:.3} | {} | {} | {} | {} | {} |",
                    m.workload,
                    units::bytes_compact(m.eviction_bytes),
                    m.variant,
                    if m.suspect {
                        " **suspect**"
                    } else if m.floor {
                        " (floor)"
                    } else {
                        ""
                    },
                    m.ns_per_op.median,
                    m.ns_per_op.mad,
                    m.ns_per_op.min,
                    m.ns_per_op.samples,
                    m.cycles_per_op_estimate
                        .map_or("-".into(), |c| format!("{c:.2}")),
                    m.ratio_to_best.map_or("-".into(), |r| format!("{r:.2}x")),
                    m.floor_multiple.map_or("-".into(), |f| format!("{f:.2}")),
                    units::footprint(m.table_bytes as u64),
                );
            }
            let _ = writeln!(out);
        }
    }
    out
}
