//! `list` and `verify`.

use crate::args::{Context, PositionsArgs};
use anyhow::Result;
use harness::base::console;
use harness::choose::select::Selection;
use harness::choose::verify::{Outcome, Verdict};
use harness::render::report::{markdown, verdicts};
use harness::suite::{self, ListRow};
use harness::{out, outln};
use serde::Serialize;
use std::process::ExitCode;
use strategies::{Families, Registry};

/// `list [--json] [--unsupported]`: the variants by family, with footprints, features and
/// whether each runs; with `unsupported`, only those that cannot run here.
pub fn list(context: &Context, json: bool, unsupported: bool) -> Result<ExitCode> {
    let mut rows: Vec<ListRow> = suite::list_rows::<Families>(&context.cpu, &context.selection);
    if unsupported {
        rows.retain(|row| !row.runs_here);
        if rows.is_empty() && !json {
            outln!("every selected variant runs here");
            return Ok(ExitCode::SUCCESS);
        }
    }
    if json {
        outln!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(ExitCode::SUCCESS);
    }
    let name = |row: &ListRow| {
        if row.external {
            format!("{} (external)", row.name)
        } else {
            row.name.to_string()
        }
    };
    let width = harness::base::console::width();
    for family in rows.chunk_by(|a, b| a.family == b.family) {
        outln!("\n{}", family[0].family);
        let mut table = harness::render::report::TextTable::default();
        table.column("variant", false);
        table.column("table bytes", true);
        table.column("requires", false);
        table.column("runs here", false);
        table.column("why not", false);
        table.optional(1);
        for row in family {
            let requires = if row.requires.is_empty() {
                "-".to_string()
            } else {
                row.requires.join(",")
            };
            let runs = if row.not_runnable.is_none() {
                "yes"
            } else {
                "no"
            };
            table.row(vec![
                name(row),
                row.table_bytes.to_string(),
                requires,
                runs.into(),
                row.not_runnable.clone().unwrap_or_default(),
            ]);
        }
        let text = table.render_fit(width, 2);
        out!("{text}");
        if !text.lines().next().is_some_and(|l| l.contains("why not")) {
            for row in family {
                if let Some(reason) = &row.not_runnable {
                    let line = format!("{}: {reason}", name(row));
                    out!("{}", harness::base::console::wrap(&line, width, 4));
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `verify [--json]`: every runnable variant against the reference; exit 0 only if all agree.
pub fn verify(context: &Context, json: bool, seed: u64) -> Result<ExitCode> {
    let verdicts = verify_all(context, seed, !json);
    let all_agree = verdicts
        .iter()
        .all(|v| !matches!(v.outcome, Outcome::Disagreed(_)));
    if json {
        #[derive(Serialize)]
        struct Report<'a> {
            seed: u64,
            disabled: Vec<&'static str>,
            all_agree: bool,
            variants: &'a [Verdict],
        }
        let disabled = context.cpu.disabled().iter().map(|f| f.name()).collect();
        let report = Report {
            seed,
            disabled,
            all_agree,
            variants: &verdicts,
        };
        outln!("{}", serde_json::to_string_pretty(&report)?);
    }
    Ok(if all_agree {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Verifies every selected variant, printing one line per variant as it goes when `print`.
fn verify_all(context: &Context, seed: u64, print: bool) -> Vec<Verdict> {
    let families = Families::families();
    suite::verify_all(
        &super::families(),
        &context.cpu,
        &context.selection,
        seed,
        &mut |family, found| {
            if print {
                if let Some(info) = families.iter().find(|f| f.name == family) {
                    out!("{}", verdicts::family_heading(info, console::width()));
                }
                for verdict in found {
                    out!("{}", verdicts::verdict(verdict, console::width()));
                }
            }
        },
    )
}

/// `positions [--stats] [--fen]`: the corpus, made from its seed by code in the repository.
pub fn positions(args: &PositionsArgs) -> Result<ExitCode> {
    let started = std::time::Instant::now();
    let corpus = strategies::bench::corpus::Corpus::build(args.seed);
    if args.fen {
        for position in corpus.positions() {
            outln!("{position}");
        }
    }
    if args.stats || !args.fen {
        outln!(
            "position corpus, seed {:#x}, built in {:.2} s:",
            args.seed,
            started.elapsed().as_secs_f64()
        );
        out!("{}", corpus.stats());
    }
    Ok(ExitCode::SUCCESS)
}

/// `list --markdown`: per family, its summary, distributions and a table of its variants
/// (source, footprint, features), from the registry alone; with `--only`, of the families and
/// variants it names.
pub fn markdown(selection: &Selection) -> Result<ExitCode> {
    for family in Families::families() {
        if !selection.includes_family(family.name) {
            continue;
        }
        outln!("### `{}`\n", family.name);
        outln!("{}.\n", markdown::text(&capitalized(family.summary)));
        let distributions: Vec<String> = family
            .distributions
            .iter()
            .map(|d| format!("{} ({})", markdown::code(d.name), markdown::text(d.summary)))
            .collect();
        outln!("Inputs: {}.\n", distributions.join("; "));
        outln!("| variant | what it does | source | footprint | features |");
        outln!("|---|---|---|---:|---|");
        for d in family.descriptors.iter().filter(|d| selection.includes(d)) {
            let features: Vec<&str> = d.requires.iter().map(|f| f.name()).collect();
            outln!(
                "| `{}` | {} | {} | {} | {} |",
                d.name,
                markdown::cell(d.summary),
                markdown::cell(&d.source.describe()),
                harness::base::units::footprint(d.table_bytes as u64),
                if features.is_empty() {
                    "–".to_string()
                } else {
                    features.join(", ")
                }
            );
        }
        outln!();
    }
    bench_budget(selection);
    Ok(ExitCode::SUCCESS)
}

/// The closing paragraph of `list --markdown`: how many `cargo bench` ids the selection has,
/// and criterion's budget for them (a floor computed from its settings, not a measured time).
fn bench_budget(selection: &Selection) {
    let ids = harness::suite::bench_ids::<Families>()
        .into_iter()
        .filter(|id| {
            let mut parts = id.split('/');
            let (family, variant) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
            selection.includes_family(family)
                && (variant == harness::measure::FLOOR || selection.includes_named(family, variant))
        })
        .count();
    let each = harness::suite::CRITERION_WARM_UP + harness::suite::CRITERION_MEASUREMENT;
    let budget = harness::suite::criterion_budget(ids);
    outln!(
        "`cargo bench` has {ids} ids for these variants (the floor and each variant in each \
         workload it runs, three of the seven eviction sizes; fewer run where a CPU lacks a \
         feature). Its budget, not a measured time: criterion warms each id up and measures \
         it for {:.1} s in all, so a full `cargo bench` takes at least {:.0} minutes, plus \
         criterion's analysis of each id.",
        each.as_secs_f64(),
        budget.as_secs_f64() / 60.0
    );
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
