//! Tables computed from a record: the ranked summary per family printed after a run
//! ([`ranked_tables`]), every measurement as Markdown written beside the charts
//! ([`full_tables`]), and how both show how sure each number is
//! ([`uncertainty`](crate::render::uncertainty), which the charts and the site share). Text from a record reaches Markdown escaped ([`markdown`]).
//! The harness's own checks, `crosscheck` and `invariance`, and the results of `advise` and
//! `compare`, render here too.

pub mod advise;
mod checks;
pub mod compare;
mod full;
pub mod markdown;
mod ranked;
mod simulation;
mod text_table;
pub mod verdicts;
pub use text_table::TextTable;

pub use checks::{crosscheck_table, invariance_table};
pub use full::simulated_caches;

/// Every measurement of a record as Markdown (`tables.md`), with every `&`, `<` and `>` as an
/// entity: the tables hold no markup of their own and no code spans, so a CPU brand or a tool
/// name from the record is shown as text, never passed through as HTML.
pub fn full_tables(record: &crate::record::Record) -> String {
    markdown::text(&full::full_tables(record))
}
pub use ranked::{closing_sections_in, measured_tables_in, ranked_tables, ranked_tables_in, WIDE};
pub use simulation::simulation;

/// The line that says how finely the run tells techniques apart, and, where it or a family of
/// it cannot resolve the difference it aims at, the budget that would or why none would;
/// `None` for a record without the figure (before schema 5).
pub fn resolution_line(record: &crate::record::Record) -> Option<String> {
    let r = record.resolution.as_ref()?;
    let shown = |p: f64| {
        if p < 10.0 {
            format!("{p:.1}%")
        } else {
            format!("{p:.0}%")
        }
    };
    let remedy = |budget: Option<f64>| match budget {
        Some(b) => {
            format!("about --budget {b:.0} would, by an estimate that more forks (--forks) beat")
        }
        None => "no budget would: copies of one code differ that much here".to_string(),
    };
    let mut line = format!(
        "resolution: the median 95% interval of a ratio over a family's workloads is ±{} \
         (placement, copies of one code: ±{})",
        shown(r.percent),
        shown(r.placement_percent)
    );
    if r.percent <= r.target_percent {
        line.push_str(&format!(
            "; {:.0}% differences are resolved",
            r.target_percent
        ));
    } else {
        line.push_str(&format!(
            ": THIS RUN CANNOT RESOLVE {:.0}% DIFFERENCES, and lists many ties ({} s of \
             measuring; {})",
            r.target_percent,
            r.budget,
            remedy(r.budget_for_target)
        ));
    }
    const NAMED: usize = 6;
    let families: Vec<String> = r
        .unresolved
        .iter()
        .take(NAMED)
        .map(|f| {
            let placement = if f.budget_for_target.is_none() {
                format!(
                    ", placement ±{}: no budget would",
                    shown(f.placement_percent)
                )
            } else {
                String::new()
            };
            format!("{} ±{}{placement}", f.family, shown(f.percent))
        })
        .collect();
    if !families.is_empty() {
        let more = r.unresolved.len().saturating_sub(NAMED);
        line.push_str(&format!(
            ". Families above ±{:.0}%: {}{}",
            r.target_percent,
            families.join(", "),
            if more > 0 {
                format!(", and {more} more (the record's `resolution`)")
            } else {
                String::new()
            }
        ));
    }
    line.push('.');
    Some(line)
}
