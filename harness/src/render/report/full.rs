//! Every measurement of a record as Markdown (`tables.md` beside the charts): one table per
//! family and mode with the median's spread and the paired ratio's interval, the cache
//! simulation's counts where the record has them, and what the intervals and ties mean.

use crate::base::units;
use crate::record::{CacheCounts, Measurement, Mode, Record, SimulatedCache, SimulatedCaches};
use crate::render::uncertainty::{self, Spread, SpreadKind, TIE};
use std::fmt::Write;

/// Every measurement, one Markdown table per family and mode, then the cache simulation.
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
            if !rows.is_empty() {
                mode_table(record, &family, mode, &rows, &mut out);
            }
        }
        cache_simulation(record, &family, &mut out);
    }
    out.push_str("## Notes\n\n");
    if let Some(b) = &record.bound {
        let _ = writeln!(
            out,
            "- Bound cycles/op is an estimate of the fewest cycles per unit the measured loop \
             could take ({}, scheduling model {}, the {} copies of the loops), on each family's \
             first workload; x of bound is the measured cycles/op over it.",
            b.tool, b.model, b.level
        );
    }
    for line in uncertainty::explanation(record) {
        let _ = writeln!(out, "- {line}");
    }
    out.push_str(
        "- A variant marked **suspect** measured below the empty kernel (the floor): the \
         compiler probably deleted its work.\n",
    );
    out
}

fn mode_table(record: &Record, family: &str, mode: Mode, rows: &[&Measurement], out: &mut String) {
    let spread = match SpreadKind::of(record) {
        SpreadKind::MedianInterval => "95% interval of median",
        SpreadKind::InterquartileRange => "interquartile range",
    };
    let _ = writeln!(out, "## {family} — {}\n", mode.name());
    let _ = writeln!(
        out,
        "| workload | evict | variant | median ns/op | {spread} | MAD | min | samples | cycles/op (est.) | bound cycles/op (est.) | x of bound | ratio to best | paired ratio [95%] | × floor | table |"
    );
    let _ = writeln!(
        out,
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for m in rows {
        let s = Spread::of(m);
        let tie = if uncertainty::tied_with_best(m) {
            format!(" {TIE}")
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "| {} | {} | {}{} | {:.3} | [{:.3}, {:.3}] | {:.3} | {:.3} | {} | {} | {} | {} | {} | {} | {} | {} |",
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
            s.low,
            s.high,
            m.ns_per_op.mad,
            m.ns_per_op.min,
            m.ns_per_op.samples,
            m.cycles_per_op_estimate
                .map_or("-".into(), |c| format!("{c:.2}")),
            m.bound.map_or("-".into(), |b| format!("{:.2}", b.cycles)),
            m.x_of_bound().map_or("-".into(), |x| format!("{x:.2}")),
            m.ratio_to_best.map_or("-".into(), |r| format!("{r:.2}x")),
            uncertainty::paired_ratio(m, "x").map_or("-".into(), |p| p + &tie),
            m.floor_multiple.map_or("-".into(), |f| format!("{f:.2}")),
            units::footprint(m.table_bytes as u64),
        );
    }
    let _ = writeln!(out);
}

/// One of the simulated counts of a measurement.
type Count = fn(&CacheCounts) -> f64;

/// Per family: each variant's simulated counts per query at each eviction size, one table per
/// count. Nothing where the record has no cache simulation.
fn cache_simulation(record: &Record, family: &str, out: &mut String) {
    let Some(caches) = &record.cache_sim else {
        return;
    };
    let counted: Vec<&Measurement> = record
        .family(family)
        .filter(|m| m.mode == Mode::CachePressure && m.cache_sim.is_some())
        .collect();
    if counted.is_empty() {
        return;
    }
    let mut sizes: Vec<u64> = counted.iter().map(|m| m.eviction_bytes).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let mut variants: Vec<(&str, bool)> = Vec::new();
    for m in &counted {
        if !variants.iter().any(|(v, _)| *v == m.variant) {
            variants.push((&m.variant, m.floor));
        }
    }
    variants.sort_by_key(|(_, floor)| *floor);
    let _ = writeln!(
        out,
        "## {family} — cache simulation\n\n{}; counts per query, the eviction sweep \
         excluded, at each eviction size E.\n",
        simulated_caches(caches)
    );
    let counts: [(&str, Count); 3] = [
        ("L1d misses per query", |c| c.l1d_misses),
        ("last-level misses per query", |c| c.ll_misses),
        ("instructions per query", |c| c.instructions),
    ];
    for (title, count) in counts {
        let _ = write!(out, "{title}:\n\n| variant |");
        for &e in &sizes {
            let _ = write!(out, " E = {} |", units::bytes_compact(e));
        }
        let _ = writeln!(out, "\n|---|{}", "---:|".repeat(sizes.len()));
        for (variant, floor) in &variants {
            let _ = write!(out, "| {variant}{} |", if *floor { " (floor)" } else { "" });
            for &e in &sizes {
                let value = counted
                    .iter()
                    .find(|m| m.variant == *variant && m.eviction_bytes == e)
                    .and_then(|m| m.cache_sim.as_ref())
                    .map_or("-".into(), |c| format!("{:.3}", count(c)));
                let _ = write!(out, " {value} |");
            }
            out.push('\n');
        }
        out.push('\n');
    }
}

/// `valgrind simulated L1d (48 KiB, 12-way, 64 B lines) and, as the last level, the CPU's L2
/// (…)`: what a record's cache simulation modelled.
pub fn simulated_caches(caches: &SimulatedCaches) -> String {
    format!(
        "{} simulated {} and, as the last level, {}",
        caches.tool,
        describe_cache("L1d", &caches.l1d),
        describe_cache(&format!("the CPU's L{}", caches.ll.level), &caches.ll),
    )
}

/// `L1d (48 KiB, 12-way, 64 B lines)`.
fn describe_cache(name: &str, cache: &SimulatedCache) -> String {
    format!(
        "{name} ({}, {}-way, {} B lines)",
        units::bytes(cache.size_bytes),
        cache.associativity,
        cache.line_bytes
    )
}
