//! `advise`: which technique to use on this CPU, per family, from the records.

use crate::args::{AdviseArgs, Measuring};
use anyhow::{anyhow, bail, Context as _, Result};
use harness::base::machine::Machine;
use harness::choose::select;
use harness::record::judge::Noise;
use harness::record::{records_under, Record};
use harness::render::report::advise as render;
use harness::tools::advise::{self, Advice};
use harness::{errln, out, outln};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The record to advise from when none is named: the newest committed record of this kind of
/// CPU (vendor, family, model), preferring full runs to `--quick` ones and unmasked runs to
/// feature-masked ones.
fn newest_of_this_cpu(results: &Path) -> Result<(PathBuf, Record)> {
    let here = Machine::detect().cpu;
    let (records, _) = records_under(results)
        .with_context(|| format!("reading the records under {}", results.display()))?;
    records
        .into_iter()
        .filter(|(_, r)| r.machine.cpu.same_cpu(&here))
        .max_by(|(pa, a), (pb, b)| {
            let key = |r: &Record, p: &PathBuf| {
                (!r.run.feature_masked, !r.run.quick, r.run.started_utc.clone(), p.clone())
            };
            key(a, pa).cmp(&key(b, pb))
        })
        .with_context(|| {
            format!(
                "no record of this CPU ({}) under {}; make one with `cargo run --release` (or `bitbench advise --run`)",
                here.describe(),
                results.display()
            )
        })
}

/// One record per CPU, the newest full unmasked one of each.
fn one_per_cpu(results: &Path) -> Result<Vec<(PathBuf, Record)>> {
    let (records, skipped) = records_under(results)
        .with_context(|| format!("reading the records under {}", results.display()))?;
    for warning in skipped {
        errln!("warning: skipping {warning}");
    }
    let mut chosen: Vec<(PathBuf, Record)> = Vec::new();
    for (path, record) in records {
        let key = |r: &Record| {
            (
                !r.run.feature_masked,
                !r.run.quick,
                r.run.started_utc.clone(),
            )
        };
        match chosen
            .iter_mut()
            .find(|(_, r)| r.machine.cpu.same_cpu(&record.machine.cpu))
        {
            Some(slot) if key(&record) > key(&slot.1) => *slot = (path, record),
            Some(_) => {}
            None => chosen.push((path, record)),
        }
    }
    if chosen.is_empty() {
        bail!("no records under {}", results.display());
    }
    Ok(chosen)
}

/// `advise`: from the newest record of this CPU, the records named, a new run (`--run`), or
/// the newest record of every CPU (`--all`); each narrowed to `--only` and `--disable`.
/// `run_and_write` makes the run of `--run` (the main run's, which `main` hands in) and returns
/// its record's path.
pub fn advise(
    args: &AdviseArgs,
    run_and_write: impl FnOnce(&crate::args::Context, &crate::args::RunArgs) -> Result<PathBuf>,
) -> Result<ExitCode> {
    if args.contexts && !args.markdown {
        bail!("--contexts applies to --markdown only");
    }
    if args.measuring != Measuring::default() && !args.run {
        bail!("--quick, --seed and --forks apply to --run only (they say how it measures)");
    }
    let selection = crate::args::selection(&args.only)?;
    let disabled = crate::args::features(&args.disable)?;
    let masked = select::masked(&disabled);
    // A narrowed record is judged by the noise of the whole one (`Noise`'s docs).
    let narrow = |record: &Record| -> Option<(Record, Noise)> {
        let narrowed = select::narrow(record, &selection, &masked);
        (!narrowed.ranks.is_empty()).then(|| (narrowed, Noise::of(&record.measurements)))
    };
    let nothing_left = |path: &Path| {
        anyhow!(
            "{}: no variant measured there is left by --only and --disable",
            path.display()
        )
    };
    let here = Machine::detect().cpu;
    if args.all {
        let mut advices: Vec<Advice> = Vec::new();
        for (path, record) in one_per_cpu(&args.results)? {
            match narrow(&record) {
                Some((record, noise)) => advices.push(advise::advise_narrowed(
                    &path.display().to_string(),
                    &record,
                    &noise,
                    &here,
                )),
                None => errln!("warning: skipping {}", nothing_left(&path)),
            }
        }
        if advices.is_empty() {
            bail!(
                "no record under {} measured what --only and --disable leave",
                args.results.display()
            );
        }
        let matrix = advise::matrix(&advices);
        if args.json {
            outln!("{}", serde_json::to_string_pretty(&(&matrix, &advices))?);
        } else {
            let text = render::render_matrix(&matrix, args.markdown);
            if args.markdown {
                out!("{text}");
            } else {
                out!(
                    "{}",
                    harness::base::console::wrap_lines(&text, harness::base::console::width())
                );
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let loaded: Vec<(PathBuf, Record)> = if args.run {
        let run = crate::args::RunArgs {
            measuring: args.measuring.clone(),
            budget: None,
            out: args.results.clone(),
            self_check: false,
            cache_sim: false,
            bound: false,
            no_bound: false,
            only: args.only.clone(),
            disable: args.disable.clone(),
        };
        let context = crate::args::Context::new(&run.only, &run.disable)?;
        let path = run_and_write(&context, &run)?;
        vec![(path.clone(), Record::load(&path)?)]
    } else if args.records.is_empty() {
        vec![newest_of_this_cpu(&args.results)?]
    } else {
        harness::record::io::load_distinct(&args.records)?
    };
    let chosen: Vec<(PathBuf, Record, Noise)> = loaded
        .into_iter()
        .map(|(path, record)| match narrow(&record) {
            Some((record, noise)) => Ok((path, record, noise)),
            None => Err(nothing_left(&path)),
        })
        .collect::<Result<_>>()?;
    let terminal = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let bold: fn(&str) -> String = if terminal {
        |s| format!("\x1b[1m{s}\x1b[0m")
    } else {
        |s| s.to_string()
    };
    for (path, record, noise) in &chosen {
        if args.kernels {
            let standings = harness::tools::kernels::standings(&path.display().to_string(), record);
            out!("{}", render::render_kernels(&standings, args.markdown));
            continue;
        }
        if args.shares {
            let shares = harness::tools::shares::shares(&path.display().to_string(), record);
            out!("{}", render::render_shares(&shares, args.markdown));
            continue;
        }
        let mut advice = advise::advise_narrowed(&path.display().to_string(), record, noise, &here);
        let peers = path.with_file_name("perft-peers.txt");
        if let Ok(text) = std::fs::read_to_string(&peers) {
            advice.perft_peers = advise::perft_peers(&peers.display().to_string(), &text);
        }
        if args.contexts {
            out!("{}", render::render_contexts_markdown(&advice));
            continue;
        }
        if args.json {
            outln!("{}", serde_json::to_string_pretty(&advice)?);
        } else if args.markdown {
            out!("{}", render::render_markdown(&advice));
        } else {
            let text = render::render_text(&advice, bold);
            out!(
                "{}",
                harness::base::console::wrap_lines(&text, harness::base::console::width())
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
