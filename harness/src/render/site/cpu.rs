//! What the page says about a CPU and about a run: the CPU's description, a record's label,
//! and its run (when, how, the clock, the tool, the raw record, the cache simulation).

use super::html::{date_time, definition_list, esc, href};
use super::records::Found;
use crate::base::units;
use crate::record::Record;
use std::fmt::Write;

/// `2026-11-22 09:44 UTC · quick · AVX2 masked`: a record's one-line label.
pub(super) fn run_label(record: &Record) -> String {
    let mut label = date_time(&record.run.started_utc);
    label.push_str(if record.run.quick {
        " · quick run"
    } else {
        " · full run"
    });
    if record.run.feature_masked {
        let _ = write!(
            label,
            " · masked: no {}",
            record.run.disabled_features.join(", ")
        );
    }
    if !record.run.only.is_empty() {
        let _ = write!(label, " · only {}", record.run.only.join(", "));
    }
    let _ = write!(label, " · {}", record.method());
    label
}

/// The CPU as the newest record describes it.
pub(super) fn cpu_description(record: &Record, out: &mut String) {
    let machine = &record.machine;
    let cpu = &machine.cpu;
    let number = |n: Option<u32>| n.map_or("?".into(), |n| n.to_string());
    let caches: Vec<String> = cpu
        .caches
        .iter()
        .map(|c| format!("L{} {} {}", c.level, c.kind, units::footprint(c.size_bytes)))
        .collect();
    let mut items = vec![
        ("Vendor", esc(&cpu.vendor)),
        (
            "Family / model / stepping",
            esc(&format!(
                "{} / {} / {}",
                number(cpu.family),
                number(cpu.model),
                number(cpu.stepping)
            )),
        ),
        ("Architecture", esc(&machine.arch)),
        ("Logical CPUs", machine.logical_cpus.to_string()),
        ("Caches", esc(&or_unknown(caches.join(", ")))),
        (
            "Features detected",
            esc(&or_unknown(cpu.features.join(" "))),
        ),
        ("Identified by", esc(&cpu.source)),
    ];
    if let Some(emulated) = &machine.emulated {
        items.push((
            "Emulated",
            format!("<strong>{}: timings mean nothing</strong>", esc(emulated)),
        ));
    }
    definition_list("machine", &items, out);
}

fn or_unknown(text: String) -> String {
    if text.is_empty() {
        "unknown".into()
    } else {
        text
    }
}

/// The run: when, how, the clock, the tool, the raw record (linked from a page `root` below
/// the site's folder).
pub(super) fn run_description(found: &Found, root: &str, out: &mut String) {
    let record = &found.record;
    let run = &record.run;
    let kind = if run.quick {
        "quick (a smoke test: short time budgets, rough figures)"
    } else {
        "full"
    };
    let masked = if run.feature_masked {
        format!(
            "yes: run with <code>--disable {}</code>, so this is the ranking a CPU without {} \
             would see, measured on this one",
            esc(&run.disabled_features.join(",")),
            esc(&run.disabled_features.join(", "))
        )
    } else {
        "no: every detected feature was used".into()
    };
    let tool = &record.tool;
    let commit = tool
        .git_commit
        .as_ref()
        .map_or(String::new(), |c| format!(", commit {c}"));
    let mut items = vec![
        (
            "Started",
            esc(&format!(
                "{} (measured for {:.0} s)",
                date_time(&run.started_utc),
                run.duration_seconds
            )),
        ),
        ("Run", esc(kind)),
        ("Feature-masked", masked),
        ("Clock estimate", esc(&clock_text(record))),
        ("Operating system", esc(&record.machine.os)),
        (
            "Tool",
            esc(&format!(
                "{} {}{commit}; {}; {} {} build",
                tool.name, tool.version, tool.rustc, tool.target, tool.profile
            )),
        ),
        ("Seed", esc(&format!("{:#x}", run.seed))),
        (
            "Raw record",
            format!(
                "<a href=\"{root}{}\">{}</a>",
                esc(&href(&found.json_path())),
                esc(&found.file)
            ),
        ),
    ];
    if !run.only.is_empty() {
        items.insert(3, ("Only", esc(&run.only.join(", "))));
    }
    items.push(("Statistics", esc(&statistics_text(record))));
    if let Some(caches) = &record.cache_sim {
        items.push((
            "Cache simulation",
            esc(&crate::render::report::simulated_caches(caches)),
        ));
    }
    definition_list("run", &items, out);
}

fn clock_text(record: &Record) -> String {
    let Some(clock) = &record.clock else {
        return "none (no add ladder on this architecture): cycle figures are absent".into();
    };
    let os = clock.os_reported_mhz.map_or(String::new(), |mhz| {
        format!("; the OS reports {mhz:.0} MHz")
    });
    let fit = if clock.linear() {
        "the timer passed its self-check"
    } else {
        "NOT linear: timings on this machine are doubtful"
    };
    format!(
        "{:.2} GHz from a chain of dependent adds (R² = {:.4}, {fit}){os}",
        clock.ghz, clock.fit.r_squared
    )
}

/// What the record's statistics allow: intervals and ties (schema 2), or neither.
fn statistics_text(record: &Record) -> String {
    if record.has_rounds() {
        format!(
            "schema {}: per-round values, so each median has a 95% interval and ties (≈) are \
             called from paired per-round ratios",
            record.schema_version
        )
    } else {
        format!(
            "schema {}: no per-round values, so ties cannot be called; spreads are the \
             interquartile ranges of the samples",
            record.schema_version
        )
    }
}
