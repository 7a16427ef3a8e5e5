//! `advise`'s result for people: the advice of one record as text (`advise`), as Markdown
//! (the README and the site), as the short summary a run ends with, and the family × CPU
//! matrix of `advise --all`. The advice itself ([`crate::tools::advise`]) is plain data; this only
//! renders it.

use super::{markdown, TextTable};
use crate::base::units;
use crate::tools::advise::{ratio_text, Advice, ContextTable, FamilyAdvice, Margin, Matrix};
use std::fmt::Write;

/// What the compiler and hand SIMD give the family, in words, as the report's table heads
/// them: `the compiler gives R [low, high] at LEVEL over the baseline (VARIANT T ns there,
/// VARIANT T ns); hand SIMD adds R [low, high] (VARIANT, T ns)`. A ratio below 1.00× is a loss.
pub fn compiler_words(c: &crate::record::CompilerShare) -> String {
    let compiler = format!(
        "the compiler gives {} at {} over the baseline ({} {:.2} ns there, {} {:.2} ns)",
        ratio_text(c.compiler.median, Some(&c.compiler)),
        c.level,
        c.baseline.variant,
        c.baseline.ns_per_op,
        c.portable.variant,
        c.portable.ns_per_op
    );
    match (&c.simd, &c.hand_simd) {
        (Some(simd), Some(hand)) => format!(
            "{compiler}; hand SIMD adds {} ({}, {:.2} ns)",
            ratio_text(hand.median, Some(hand)),
            simd.variant,
            simd.ns_per_op
        ),
        _ => compiler,
    }
}

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
        if let Some(c) = &f.compiler {
            let words = compiler_words(c);
            let width = crate::base::console::width();
            out.push_str(&crate::base::console::wrap(&words, width, 2));
        }
        if let Some(table) = &f.contexts {
            out.push_str(&context_text(table));
        }
    }
    out
}

/// A context's column heading: `alone`, `in perft`, `in search`.
fn heading(table: &ContextTable, column: usize) -> String {
    if column == 0 {
        "alone".to_string()
    } else {
        format!("in {}", table.contexts[column])
    }
}

/// A rank as a cell: `1`, `≈1` (tied with the first), `7`, or `–` where not measured.
fn placing(table: &ContextTable, row: usize, column: usize) -> String {
    match table.rows[row].ranks[column] {
        None => "–".to_string(),
        Some(p) if p.tied => format!("≈{}", p.rank),
        Some(p) => p.rank.to_string(),
    }
}

/// What to use in a context: `pext`, `pext +12 tied`.
fn leader(table: &ContextTable, column: usize) -> String {
    match &table.leaders[column] {
        None => "–".to_string(),
        Some((first, 0)) => first.clone(),
        Some((first, tied)) => format!("{first} +{tied} tied"),
    }
}

/// A technique family's ranks alone and in each context, as text: what to use in each context
/// on one line, then a table with a row per technique and a column per context.
fn context_text(table: &ContextTable) -> String {
    let width = crate::base::console::width();
    let uses: Vec<String> = (0..table.contexts.len())
        .map(|c| format!("{} {}", heading(table, c), leader(table, c)))
        .collect();
    let mut out = crate::base::console::wrap(
        &format!(
            "in context (rank; ≈1 tied with the first): use {}",
            uses.join("; ")
        ),
        width,
        2,
    );
    let mut text = TextTable::default();
    text.column("technique", false);
    for column in 0..table.contexts.len() {
        text.column(
            &format!("{} ({})", heading(table, column), table.of[column]),
            true,
        );
    }
    text.label_columns(1);
    for (r, row) in table.rows.iter().enumerate() {
        let cells = (0..table.contexts.len()).map(|c| placing(table, r, c));
        text.row(
            std::iter::once(row.technique.clone())
                .chain(cells)
                .collect(),
        );
    }
    out.push_str(&text.render_fit(width, 4));
    out
}

/// The same as Markdown, folded under a line that names what to use in each context.
fn context_markdown(family: &str, table: &ContextTable) -> String {
    let mut out = String::new();
    let uses: Vec<String> = (0..table.contexts.len())
        .map(|c| format!("{} {}", leader(table, c), heading(table, c)))
        .collect();
    let _ = writeln!(
        out,
        "<details><summary>{}: {}</summary>\n",
        markdown::text(family),
        markdown::text(&uses.join(", "))
    );
    let headings: Vec<String> = (0..table.contexts.len())
        .map(|c| format!("{} ({})", heading(table, c), table.of[c]))
        .collect();
    let _ = writeln!(out, "| technique | {} |", headings.join(" | "));
    let _ = writeln!(out, "|---|{}", "---|".repeat(headings.len()));
    let uses: Vec<String> = (0..table.contexts.len())
        .map(|c| match &table.leaders[c] {
            Some((first, _)) => markdown::code(first),
            None => "–".to_string(),
        })
        .collect();
    let _ = writeln!(out, "| **use** | {} |", uses.join(" | "));
    for (r, row) in table.rows.iter().enumerate() {
        let cells: Vec<String> = (0..table.contexts.len())
            .map(|c| placing(table, r, c))
            .collect();
        let _ = writeln!(
            out,
            "| {} | {} |",
            markdown::code(&row.technique),
            cells.join(" | ")
        );
    }
    let _ = writeln!(out, "\n</details>");
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
         of measuring to the record, on {}; its method: {}.\n",
        markdown::text(&advice.cpu),
        markdown::text(date),
        markdown::code_link(&advice.record),
        markdown::text(date),
        if advice.quick {
            "a --quick run"
        } else {
            "a full run"
        },
        advice.duration_seconds,
        markdown::text(&advice.machine),
        markdown::text(&advice.method)
    );
    if let Some(peers) = &advice.perft_peers {
        let _ = writeln!(
            out,
            "Perft against the fastest open program on this CPU: bitbench's fastest \
             configuration ({}) has {} the nodes per second of {} in geometric mean over the six \
             published positions, one thread each, and at least {}; from {}, written by \
             `scripts/perft-peers.sh`.\n",
            markdown::code(&peers.ours),
            markdown::text(&peers.geometric_mean),
            markdown::text(&peers.peer),
            markdown::text(&peers.lowest),
            markdown::code_link(&peers.file)
        );
    }
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
        // A few names, then a count: a family whose whole field is tied (a noisy machine, or
        // the search's many configurations) would otherwise fill the row with names.
        let tied = if f.tied.is_empty() {
            "–".into()
        } else {
            let mut named: Vec<String> = f
                .tied
                .iter()
                .take(ties_named(f.tied.len()))
                .map(|t| format!("`{t}`"))
                .collect();
            if f.tied.len() > named.len() {
                named.push(format!("and {} more", f.tied.len() - named.len()));
            }
            named.join(", ")
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
            let compiler =
                (f.compiler.iter()).map(|c| format!("{}: {}.", f.family, compiler_words(c)));
            crossover.chain(compiler)
        })
        .collect();
    if !notes.is_empty() {
        out.push('\n');
        for note in notes {
            let _ = writeln!(out, "- {}", markdown::text(&note));
        }
    }
    let tables = context_tables(advice);
    if !tables.is_empty() {
        let _ = writeln!(
            out,
            "\nWhat to use in each context: alone, and inside the families that run a technique as \
             one part of a whole (perft's move generator, the search); `advise --markdown \
             --contexts` gives every technique's ranks.\n"
        );
        // Every context any family was measured in, in the order met.
        let mut contexts: Vec<&str> = Vec::new();
        for (_, table) in &tables {
            for context in &table.contexts[1..] {
                if !contexts.contains(&context.as_str()) {
                    contexts.push(context);
                }
            }
        }
        let headings: Vec<String> = std::iter::once("alone".to_string())
            .chain(contexts.iter().map(|c| format!("in {c}")))
            .collect();
        let _ = writeln!(out, "| technique family | {} |", headings.join(" | "));
        let _ = writeln!(out, "|---|{}", "---|".repeat(headings.len()));
        for (family, table) in &tables {
            let columns = std::iter::once(Some(0)).chain(
                contexts
                    .iter()
                    .map(|c| table.contexts.iter().position(|t| t == c)),
            );
            let cells: Vec<String> = columns
                .map(
                    |column| match column.and_then(|i| table.leaders[i].clone()) {
                        Some((first, 0)) => markdown::code(&first),
                        Some((first, tied)) => format!("{} (+{tied} tied)", markdown::code(&first)),
                        None => "–".to_string(),
                    },
                )
                .collect();
            let _ = writeln!(
                out,
                "| {} | {} |",
                markdown::cell(family),
                cells.join(" | ")
            );
        }
    }
    out
}

/// The technique families of `advice` measured inside a context, with their tables.
fn context_tables(advice: &Advice) -> Vec<(&str, &ContextTable)> {
    advice
        .families
        .iter()
        .filter_map(|f| Some((f.family.as_str(), f.contexts.as_ref()?)))
        .collect()
}

/// `advise --markdown --contexts`: every technique family measured inside a context, its
/// table of ranks, each folded under a line that says what to use in each context.
pub fn render_contexts_markdown(advice: &Advice) -> String {
    let mut out = String::new();
    for (family, table) in context_tables(advice) {
        out.push_str(&context_markdown(family, table));
        out.push('\n');
    }
    out
}

/// The matrix as text; `markdown` for the site.
pub fn render_matrix(matrix: &Matrix, markdown: bool) -> String {
    let mut out = String::new();
    if markdown {
        let cpus: Vec<String> = matrix
            .cpus
            .iter()
            .zip(&matrix.methods)
            .map(|(cpu, method)| markdown::cell(&format!("{cpu} ({method})")))
            .collect();
        let _ = writeln!(out, "| family | {} |", cpus.join(" | "));
        let _ = writeln!(out, "|---|{}", "---|".repeat(matrix.cpus.len()));
    } else {
        for (i, (cpu, method)) in matrix.cpus.iter().zip(&matrix.methods).enumerate() {
            let _ = writeln!(out, "CPU {}: {cpu}; {method}", i + 1);
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
    let mut methods = matrix.methods.clone();
    methods.sort();
    methods.dedup();
    if methods.len() > 1 {
        let _ = writeln!(
            out,
            "\nThe records were measured by {} different methods (named beside each CPU): where \
             the advice differs, the method may be why.",
            methods.len()
        );
    }
    if matrix.rows.iter().any(|r| r.differs) {
        let _ = writeln!(out, "\n* the advice differs between CPUs");
    } else {
        let _ = writeln!(out, "\nThe advice is the same on every CPU measured.");
    }
    out
}

/// How many tied variants a summary line or a markdown row names before the count of the rest.
const TIES_NAMED: usize = 3;

/// How many of `tied` variants to name: all of them when at most one would be left over (a
/// name is as short as "and 1 more"), else [`TIES_NAMED`].
fn ties_named(tied: usize) -> usize {
    if tied <= TIES_NAMED + 1 {
        tied
    } else {
        TIES_NAMED
    }
}

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
        let mut tied: Vec<String> = f
            .tied
            .iter()
            .take(ties_named(f.tied.len()))
            .cloned()
            .collect();
        if f.tied.len() > tied.len() {
            tied.push(format!("+{} more", f.tied.len() - tied.len()));
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

/// `12%` or, with both prices, `12–31%`; `–` where a figure is missing.
fn share_cell(share: (Option<f64>, Option<f64>)) -> String {
    match share {
        (Some(low), Some(high)) => {
            let (low, high) = (low.min(high), low.max(high));
            let (low, high) = (
                format!("{:.0}", 100.0 * low),
                format!("{:.0}", 100.0 * high),
            );
            if low == high {
                format!("{low}%")
            } else {
                format!("{low}–{high}%")
            }
        }
        (Some(one), None) | (None, Some(one)) => format!("{:.0}%", 100.0 * one),
        (None, None) => "–".to_string(),
    }
}

/// `advise --shares`: each technique family's calls per node and estimated share of a node's
/// time inside the search and inside perft, as text or Markdown.
pub fn render_shares(shares: &crate::tools::shares::Shares, as_markdown: bool) -> String {
    let mut out = String::new();
    let ns = |n: Option<f64>| n.map_or("–".to_string(), |n| format!("{n:.1} ns"));
    let intro = format!(
        "Estimated from {} ({}): a search node of the default configuration takes {} (the \
         measured positions of the bench set at depth {}, a {} MiB table), a perft node {}. Calls per node are counted; \
         a share prices each call at the default technique's own time in this record, in \
         throughput mode and in latency mode: the low and high ends. A high end past 100% \
         says that the calls overlap one another and the node's other work, as in a batch: \
         the low end is the nearer.",
        shares.record,
        shares.cpu,
        ns(shares.search_node_ns),
        shares.search_depth,
        shares.search_table_mib,
        ns(shares.perft_node_ns)
    );
    let rows: Vec<[String; 6]> = shares
        .rows
        .iter()
        .map(|r| {
            [
                r.family.clone(),
                r.technique.clone(),
                format!("{:.2}", r.search_calls_per_node),
                share_cell(r.of(r.search_calls_per_node, shares.search_node_ns)),
                format!("{:.3}", r.perft_calls_per_node),
                share_cell(r.of(r.perft_calls_per_node, shares.perft_node_ns)),
            ]
        })
        .collect();
    // The total of the low ends and of the high ends; a family priced one way only counts that
    // price in both.
    let total = |calls: fn(&crate::tools::shares::Share) -> f64, node: Option<f64>| {
        let mut sum = (Some(0.0), Some(0.0));
        for r in &shares.rows {
            let (t, l) = r.of(calls(r), node);
            let (low, high) = (t.or(l), l.or(t));
            sum = (
                sum.0.and_then(|s| Some(s + low?)),
                sum.1.and_then(|s| Some(s + high?)),
            );
        }
        share_cell(sum)
    };
    let all = [
        "all of them".to_string(),
        String::new(),
        String::new(),
        total(|r| r.search_calls_per_node, shares.search_node_ns),
        String::new(),
        total(|r| r.perft_calls_per_node, shares.perft_node_ns),
    ];
    let headings = [
        "technique family",
        "default",
        "calls per search node",
        "share of a search node",
        "calls per perft node",
        "share of a perft node",
    ];
    if as_markdown {
        let rows = rows.iter().chain(std::iter::once(&all)).map(|r| &r[..]);
        markdown_table(
            &mut out,
            &intro,
            &headings,
            "|---|---|---|---|---|---|",
            rows,
            |i| i == 1,
        );
    } else {
        // Narrower: the default technique of each family is in the Markdown and the JSON.
        let width = crate::base::console::width();
        out.push_str(&crate::base::console::wrap(&intro, width, 0));
        let mut table = TextTable::default();
        table.column("technique family", false);
        for heading in ["search calls", "search share", "perft calls", "perft share"] {
            table.column(heading, true);
        }
        table.label_columns(1);
        for [family, _, a, b, c, d] in rows.into_iter().chain(std::iter::once(all)) {
            table.row(vec![family, a, b, c, d]);
        }
        out.push_str(&table.render_fit(width, 2));
    }
    out
}

/// `intro` as a paragraph, then `rows` as a Markdown table under `headings`, with `align` as its
/// separator row; a non-empty cell of a column `code` picks is written as code.
fn markdown_table<'a>(
    out: &mut String,
    intro: &str,
    headings: &[&str],
    align: &str,
    rows: impl Iterator<Item = &'a [String]>,
    code: impl Fn(usize) -> bool,
) {
    let _ = writeln!(out, "{}\n", markdown::text(intro));
    let _ = writeln!(out, "| {} |", headings.join(" | "));
    let _ = writeln!(out, "{align}");
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if code(i) && !c.is_empty() {
                    markdown::code(c)
                } else {
                    markdown::cell(c)
                }
            })
            .collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
}

/// `advise --kernels`: every kernel that needs a CPU feature, its speed over the best portable
/// variant, its distance to its bound and the verdict, as Markdown or as text. The verdicts
/// are counted for the hand-written SIMD kernels, and apart for those that need only BMI2,
/// whose verdicts are marked "not SIMD".
pub fn render_kernels(standings: &crate::tools::kernels::Standings, as_markdown: bool) -> String {
    use crate::tools::kernels::{Verdict, EARNS, NEAR_BOUND};
    let mut out = String::new();
    let counts = |simd: bool| {
        let count = |v: Verdict| {
            standings
                .rows
                .iter()
                .filter(|r| r.simd == simd && r.verdict == v)
                .count()
        };
        format!(
            "faster: {}; at its limit: {}; neither: {}; no bound: {}",
            count(Verdict::Faster),
            count(Verdict::AtItsLimit),
            count(Verdict::Neither),
            count(Verdict::NoBound),
        )
    };
    let intro = format!(
        "From {} ({}): each kernel that needs a CPU feature beside its family's best portable \
         variant compiled for this CPU's level, the geometric mean over the family's workloads; \
         it earns its place at {EARNS}x or more (faster), or within {NEAR_BOUND}x of its \
         throughput bound (at its limit; {}). Hand-written SIMD (a vector instruction set): {}. \
         Apart, the kernels that need only BMI2, which is not SIMD (`pext` works on one 64-bit \
         register), marked so: {}.",
        standings.record,
        standings.cpu,
        standings
            .bound
            .as_deref()
            .map_or("this record has no bound".to_string(), |b| format!(
                "an estimate by {b}"
            )),
        counts(true),
        counts(false),
    );
    let rows: Vec<[String; 6]> = standings
        .rows
        .iter()
        .map(|r| {
            [
                r.family.clone(),
                r.variant.clone(),
                r.best_portable.clone(),
                format!("{:.2}x", r.speedup),
                r.x_of_bound.map_or("-".into(), |x| format!("{x:.2}")),
                if r.simd {
                    r.verdict.words().to_string()
                } else {
                    format!("{}, not SIMD", r.verdict.words())
                },
            ]
        })
        .collect();
    let headings = [
        "family",
        "kernel",
        "best portable",
        "speed over it",
        "x of bound",
        "verdict",
    ];
    if as_markdown {
        let align = "|---|---|---|---:|---:|---|";
        let table = rows.iter().map(|r| &r[..]);
        markdown_table(&mut out, &intro, &headings, align, table, |i| {
            i == 1 || i == 2
        });
    } else {
        // Narrower: the best portable variant is in the Markdown, the headings shorter.
        let width = crate::base::console::width();
        out.push_str(&crate::base::console::wrap(&intro, width, 0));
        let mut table = TextTable::default();
        for (heading, right) in [
            ("family", false),
            ("kernel", false),
            ("vs portable", true),
            ("x bound", true),
            ("verdict", false),
        ] {
            table.column(heading, right);
        }
        table.label_columns(2);
        for [family, kernel, _, speed, x, verdict] in rows {
            table.row(vec![family, kernel, speed, x, verdict]);
        }
        out.push_str(&table.render_fit(width, 2));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_are_named_unless_more_than_one_would_be_left() {
        let named: Vec<usize> = (0..7).map(ties_named).collect();
        assert_eq!(named, [0, 1, 2, 3, 4, 3, 3]);
    }
}
