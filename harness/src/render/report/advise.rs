//! `advise`'s result for people: the advice of one record as text (`advise`), as Markdown
//! (the README and the site), as the short summary a run ends with, and the family × CPU
//! matrix of `advise --all`. The advice itself ([`crate::tools::advise`]) is plain data; this only
//! renders it.

use super::{markdown, TextTable};
use crate::base::units;
use crate::tools::advise::{ratio_text, Advice, FamilyAdvice, Margin, Matrix};
use std::fmt::Write;

/// What the recommendation depends on, for people.
fn depends_on(f: &FamilyAdvice) -> String {
    let features = if f.requires.is_empty() {
        "no CPU feature".to_string()
    } else {
        format!("CPU features {}", f.requires.join(", "))
    };
    let table = if f.table_bytes == 0 {
        "no table".to_string()
    } else {
        format!("a {} table", units::bytes(f.table_bytes as u64))
    };
    format!("{features}; {table}")
}

/// The advice as text for people; `bold` wraps what to emphasize (colour on a terminal).
pub fn render_text(advice: &Advice, bold: fn(&str) -> String) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "advice from {} ({}, {})",
        advice.record, advice.cpu, &advice.measured_utc
    );
    if !advice.this_machine {
        let _ = writeln!(out, "measured on {}, not on this machine", advice.cpu);
    }
    if !advice.ties_called {
        let _ = writeln!(out, "this record has no per-round data (schema 1): ties cannot be called; variants are ranked by their medians");
    }
    if advice.quick {
        let _ = writeln!(
            out,
            "measured in a --quick run: short budgets, wide intervals"
        );
    }
    for f in &advice.families {
        let _ = writeln!(
            out,
            "\n{}: use {}{}",
            f.family,
            bold(&f.recommended),
            if f.recommended_is_peer {
                " (a published crate)"
            } else {
                ""
            }
        );
        if let Some(r) = &f.rate {
            let _ = writeln!(
                out,
                "  {:.2} ns/{}, {:.0} million {}s per second ({}, throughput)",
                r.ns_per_unit, r.unit, r.millions_per_second, r.unit, r.workload
            );
        }
        if !f.tied.is_empty() {
            let _ = writeln!(out, "  tied with it: {}", f.tied.join(", "));
        }
        if let Some(m) = &f.next {
            let _ = writeln!(
                out,
                "  faster than {} by {}",
                m.over,
                ratio_text(m.ratio, m.interval.as_ref())
            );
        }
        if let Some(m) = &f.peer {
            let _ = writeln!(
                out,
                "  faster than the best peer crate, {}, by {}",
                m.over,
                ratio_text(m.ratio, m.interval.as_ref())
            );
        }
        let _ = writeln!(out, "  depends on: {}", depends_on(f));
        if let Some(c) = &f.crossover {
            let _ = writeln!(
                out,
                "  with more than about {} of other data in play, {} overtakes {} ({:.2}× at that size)",
                units::bytes(c.eviction_bytes),
                c.variant,
                f.recommended,
                c.ratio
            );
        }
        for note in &f.in_context {
            let _ = writeln!(out, "  in context: {}", note.note);
        }
    }
    out
}

/// The advice as Markdown (for the site and the README).
pub fn render_markdown(advice: &Advice) -> String {
    let mut out = String::new();
    let date = advice
        .measured_utc
        .get(..10)
        .unwrap_or(&advice.measured_utc);
    let _ = writeln!(
        out,
        "### {}, {}\n\nAdvice from {}, measured on that CPU on {}: {}, {:.0} s from the start \
         of measuring to the record.\n",
        markdown::text(&advice.cpu),
        markdown::text(date),
        markdown::code_link(&advice.record),
        markdown::text(date),
        if advice.quick {
            "a --quick run"
        } else {
            "a full run"
        },
        advice.duration_seconds
    );
    if !advice.ties_called {
        let _ = writeln!(
            out,
            "This record has no per-round data: ties cannot be called.\n"
        );
    }
    let _ = writeln!(
        out,
        "| family | use | tied with it | margin over the next | over the best peer | depends on |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|");
    for f in &advice.families {
        let margin = |m: &Option<Margin>| {
            m.as_ref().map_or("–".into(), |m| {
                format!(
                    "{} over `{}`",
                    ratio_text(m.ratio, m.interval.as_ref()),
                    m.over
                )
            })
        };
        let tied = if f.tied.is_empty() {
            "–".into()
        } else {
            f.tied
                .iter()
                .map(|t| format!("`{t}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let peer = if f.recommended_is_peer {
            "(a peer crate)".into()
        } else {
            margin(&f.peer)
        };
        let _ = writeln!(
            out,
            "| {} | {} | {tied} | {} | {peer} | {} |",
            markdown::cell(&f.family),
            markdown::code(&f.recommended),
            margin(&f.next),
            markdown::cell(&depends_on(f))
        );
    }
    let notes: Vec<String> = advice
        .families
        .iter()
        .flat_map(|f| {
            let crossover = f.crossover.iter().map(move |c| {
                format!(
                    "{}: with more than about {} of other data in play, `{}` overtakes `{}`.",
                    f.family,
                    units::bytes(c.eviction_bytes),
                    c.variant,
                    f.recommended
                )
            });
            let context = f
                .in_context
                .iter()
                .map(|n| format!("In context: {}.", n.note));
            crossover.chain(context).collect::<Vec<_>>()
        })
        .collect();
    if !notes.is_empty() {
        out.push('\n');
        for note in notes {
            let _ = writeln!(out, "- {}", markdown::text(&note));
        }
    }
    out
}

/// The matrix as text; `markdown` for the site.
pub fn render_matrix(matrix: &Matrix, markdown: bool) -> String {
    let mut out = String::new();
    if markdown {
        let cpus: Vec<String> = matrix.cpus.iter().map(|c| markdown::cell(c)).collect();
        let _ = writeln!(out, "| family | {} |", cpus.join(" | "));
        let _ = writeln!(out, "|---|{}", "---|".repeat(matrix.cpus.len()));
    } else {
        for (i, cpu) in matrix.cpus.iter().enumerate() {
            let _ = writeln!(out, "CPU {}: {cpu}", i + 1);
        }
        out.push('\n');
        let mut table = TextTable::default();
        table.column("family", false);
        for i in 1..=matrix.cpus.len() {
            table.column(&format!("CPU {i}"), false);
        }
        table.label_columns(1);
        for row in &matrix.rows {
            let family = if row.differs {
                format!("{} *", row.family)
            } else {
                row.family.clone()
            };
            let cells = row
                .recommended
                .iter()
                .map(|r| r.clone().unwrap_or_else(|| "–".into()));
            table.row(std::iter::once(family).chain(cells).collect());
        }
        out.push_str(&table.render_fit(crate::base::console::width(), 0));
    }
    for row in matrix.rows.iter().filter(|_| markdown) {
        let cells: Vec<String> = row
            .recommended
            .iter()
            .map(|r| r.clone().unwrap_or_else(|| "–".into()))
            .collect();
        let family = if row.differs {
            format!("{} *", row.family)
        } else {
            row.family.clone()
        };
        let cells: Vec<String> = cells.iter().map(|c| markdown::code(c)).collect();
        let _ = writeln!(out, "| {family} | {} |", cells.join(" | "));
    }
    if matrix.rows.iter().any(|r| r.differs) {
        let _ = writeln!(out, "\n* the advice differs between CPUs");
    } else {
        let _ = writeln!(out, "\nThe advice is the same on every CPU measured.");
    }
    out
}

/// How many tied variants a summary line names before `+N more`.
const TIES_NAMED: usize = 3;

/// The short "use" summary `run` ends with: per family one line (the pick and its ties), then
/// one line for each crossover under cache pressure and one per technique family whose
/// ranking inside the move generator differs from its own; wrapped to `width` columns.
pub fn render_summary(advice: &Advice, width: usize) -> String {
    use crate::base::console::wrap;
    let mut out = String::new();
    out.push_str(&wrap(
        &format!(
            "Use on this CPU (from this run; `bitbench advise {}` says more):",
            advice.record
        ),
        width,
        0,
    ));
    let mut table = TextTable::default();
    table.column("family", false);
    table.column("use", false);
    table.column("tied with it", false);
    for f in &advice.families {
        let mut tied: Vec<String> = f.tied.iter().take(TIES_NAMED).cloned().collect();
        if f.tied.len() > TIES_NAMED {
            tied.push(format!("+{} more", f.tied.len() - TIES_NAMED));
        }
        let pick = if f.recommended_is_peer {
            format!("{} (ext)", f.recommended)
        } else {
            f.recommended.clone()
        };
        table.row(vec![f.family.clone(), pick, tied.join(", ")]);
    }
    out.push_str(&table.render_fit(width, 2));
    for f in &advice.families {
        if let Some(c) = &f.crossover {
            let line = format!(
                "cache: {}: with more than about {} of other data in play, {} overtakes {}.",
                f.family,
                units::bytes(c.eviction_bytes),
                c.variant,
                f.recommended
            );
            out.push_str(&wrap(&line, width, 2));
        }
    }
    for l in &advice.leaders {
        let line = format!(
            "context: {} inside {}: {} first (alone it ranks {} of {}); {}, first alone, ranks \
             {} of {} inside.",
            l.dimension,
            l.context,
            l.inside.variant,
            l.inside.isolation_rank,
            l.inside.isolation_of,
            l.alone.variant,
            l.alone.context_rank,
            l.alone.context_of
        );
        out.push_str(&wrap(&line, width, 2));
    }
    out
}
