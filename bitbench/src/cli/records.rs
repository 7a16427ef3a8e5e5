//! The commands that read records: `report`, `plot`, `compare`, `site`, `repeatability`.
//! Every record is read through `Record::load`, which refuses invalid ones with the file, the
//! field and the reason; every output goes through `output::publish`.

use crate::args::{CompareArgs, Format, PlotArgs, RepeatabilityArgs, ReportArgs, SiteArgs};
use anyhow::{bail, Result};
use harness::base::output::{self, Legacy};
use harness::record::io::{distinct_records, same_file};
use harness::record::{Record, RecordError};
use harness::suite::store::render;
use harness::tools::compare::{self, Options};
use harness::{base::names, choose::select, render::chart, render::report};
use harness::{errln, out, outln};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Loads every record or fails naming the first bad one; nothing is written before all load.
fn load_all(paths: &[PathBuf]) -> Result<Vec<Record>> {
    paths
        .iter()
        .map(|p| Record::load(p).map_err(anyhow::Error::from))
        .collect()
}

/// Refuses one file given as both records of a comparison: it would always agree with itself.
fn two_files(command: &str, a: &Path, b: &Path) -> Result<()> {
    if same_file(a, b) {
        bail!(
            "{} is given twice: `{command}` needs two different records",
            a.display()
        );
    }
    Ok(())
}

/// A record's file stem, checked before it names a folder.
fn stem(path: &Path) -> Result<String> {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok(names::checked("record file name", &stem)?.to_string())
}

/// Refuses two records of the same file name into one `--out`: the second one's charts would
/// replace the first one's in `out/<stem>`.
fn distinct(paths: &[PathBuf], stems: &[String], out: &Path) -> Result<()> {
    for (i, stem) in stems.iter().enumerate() {
        if let Some(first) = stems[..i].iter().position(|s| s == stem) {
            bail!(
                "{} and {} would both be drawn into {}; give the records different file names",
                paths[first].display(),
                paths[i].display(),
                out.join(stem).display()
            );
        }
    }
    Ok(())
}

/// `report RECORD…`: tables and charts again, from the records alone.
pub fn report(args: &ReportArgs) -> Result<ExitCode> {
    if args.format != Format::Text && args.out.is_some() {
        bail!("--format bmf and gab write to standard output; --out is for the charts of --format text");
    }
    if args.format == Format::Text && !args.only.only.is_empty() {
        bail!("--only applies to --format bmf and gab; --format text renders a record whole");
    }
    let records = load_all(&args.records)?;
    if args.format != Format::Text {
        let [record] = records.as_slice() else {
            bail!("--format bmf and --format gab export one record at a time");
        };
        let record = select::narrow(record, &crate::args::selection(&args.only)?, &[]);
        if record.measurements.is_empty() {
            bail!(
                "{}: nothing measured there is left by --only",
                args.records[0].display()
            );
        }
        let value = match args.format {
            Format::Bmf => harness::tools::export::bmf(&record),
            _ => harness::tools::export::github_action_benchmark(&record),
        };
        outln!("{}", serde_json::to_string_pretty(&value)?);
        return Ok(ExitCode::SUCCESS);
    }
    // A record's file stem names its charts' folder, unless one record goes into --out.
    let stems = if args.out.is_some() && args.records.len() == 1 {
        vec![String::new()]
    } else {
        args.records
            .iter()
            .map(|p| stem(p))
            .collect::<Result<Vec<_>>>()?
    };
    match &args.out {
        Some(out) => {
            distinct(&args.records, &stems, out)?;
            output::check_target(out, Legacy::Charts)?;
            let one = records.len() == 1;
            output::publish(out, Legacy::Charts, |staging| {
                for (record, stem) in records.iter().zip(&stems) {
                    let dir = if one {
                        staging.to_path_buf()
                    } else {
                        staging.join(stem)
                    };
                    std::fs::create_dir_all(&dir)?;
                    render(record, &dir)?;
                }
                Ok(())
            })?;
            for (record, path) in records.iter().zip(&args.records) {
                out!("{}", heading(path, record));
                out!("{}", report::ranked_tables(record));
            }
            outln!("charts: {}", out.display());
        }
        None => {
            let targets: Vec<PathBuf> = args
                .records
                .iter()
                .zip(&stems)
                .map(|(path, stem)| path.with_file_name(stem))
                .collect();
            for (target, path) in targets.iter().zip(&args.records) {
                let name = format!(
                    "{} (the folder for the charts of {})",
                    target.display(),
                    path.display()
                );
                output::check_target_named(target, Legacy::Charts, &name)?;
            }
            for ((record, path), target) in records.iter().zip(&args.records).zip(&targets) {
                out!("{}", heading(path, record));
                out!("{}", report::ranked_tables(record));
                output::publish(target, Legacy::Charts, |staging| render(record, staging))?;
                outln!("charts: {}\n", target.display());
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A record's path and caption, wrapped to the output's width.
fn heading(path: &Path, record: &Record) -> String {
    harness::base::console::wrap(
        &format!("{}: {}", path.display(), record.caption()),
        harness::base::console::width(),
        0,
    )
}

/// `plot RECORD…`: the cross-CPU comparison. JSON files that are not bitbench records at all
/// (such as the gate's baseline, which `results/*/*.json` also matches) are skipped with a
/// warning; a damaged, invalid or newer-schema record is an error.
pub fn plot(args: &PlotArgs) -> Result<ExitCode> {
    output::check_target(&args.out, Legacy::Charts)?;
    let mut loaded = Vec::new();
    for path in &args.records {
        match Record::load(path) {
            Ok(record) => loaded.push((path.clone(), record)),
            Err(skipped @ RecordError::NotARecord { .. }) => {
                errln!("warning: skipping {skipped}");
            }
            Err(error) => return Err(error.into()),
        }
    }
    if loaded.is_empty() {
        bail!(
            "none of the {} files given is a bitbench record",
            args.records.len()
        );
    }
    let records: Vec<Record> = distinct_records(loaded)
        .into_iter()
        .map(|(_, record)| record)
        .collect();
    output::publish(&args.out, Legacy::Charts, |staging| {
        chart::render_cross_cpu(&records, staging)
            .map(|_| ())
            .map_err(|e| anyhow::anyhow!("drawing the cross-CPU charts: {e}"))
    })?;
    for record in &records {
        outln!("  {}", chart::record_label(record));
    }
    outln!(
        "cross-CPU charts of {} records: {}",
        records.len(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// `compare OLD NEW`: ratios per measurement, a noise-aware verdict, exit 1 on a regression.
pub fn compare(args: &CompareArgs) -> Result<ExitCode> {
    if args.changed && args.json {
        bail!("--changed narrows the text output; --json gives every measurement with its verdict");
    }
    if !(args.threshold >= 0.0 && args.threshold.is_finite()) {
        bail!(
            "--threshold must be a non-negative percentage, not {}",
            args.threshold
        );
    }
    let selection = crate::args::selection(&args.only)?;
    two_files("compare", &args.old, &args.new)?;
    let narrowed = |path: &Path| -> Result<Record> {
        let record = select::narrow(&Record::load(path)?, &selection, &[]);
        if record.measurements.is_empty() {
            bail!(
                "{}: nothing measured there is left by --only",
                path.display()
            );
        }
        Ok(record)
    };
    let (old, new) = (narrowed(&args.old)?, narrowed(&args.new)?);
    let (old_name, new_name) = (
        args.old.display().to_string(),
        args.new.display().to_string(),
    );
    let options = Options {
        threshold_percent: args.threshold,
        allow_cross_cpu: args.cross_cpu,
        allow_mode_mismatch: args.allow_mode_mismatch,
        allow_across_methods: args.across_methods,
        no_drift: args.no_drift,
    };
    let comparison = compare::compare((&old_name, &old), (&new_name, &new), &options)?;
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&comparison)?);
    } else {
        out!(
            "{}",
            harness::render::report::compare::render(
                &comparison,
                &old,
                &new,
                args.changed,
                harness::base::console::width()
            )
        );
    }
    if comparison.regressions == 0 {
        return Ok(ExitCode::SUCCESS);
    }
    // Exit status 1 says "slower" to a script; the line says it to whoever reads the log.
    errln!(
        "compare: {} measurement{} slower than the threshold allows (exit status 1)",
        comparison.regressions,
        if comparison.regressions == 1 { "" } else { "s" }
    );
    Ok(ExitCode::FAILURE)
}

/// `site`: the static results site.
pub fn site(args: &SiteArgs) -> Result<ExitCode> {
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| args.results.join("site"));
    let site = harness::render::site::build_site(&args.results, &out)?;
    outln!(
        "site: {} records from {} CPUs, {} charts{}: {}",
        site.records,
        site.cpus,
        site.charts,
        if site.skipped.is_empty() {
            String::new()
        } else {
            format!(", {} files skipped", site.skipped.len())
        },
        site.index.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// `repeatability FIRST SECOND`: how well the first run predicted the second. Refused where
/// `compare` would refuse the pair (different CPUs, quick against full, nothing in common,
/// one file twice), and for two copies of one run.
pub fn repeatability(args: &RepeatabilityArgs) -> Result<ExitCode> {
    two_files("repeatability", &args.first, &args.second)?;
    let first = Record::load(&args.first)?;
    let second = Record::load(&args.second)?;
    if first == second {
        bail!(
            "{} and {} hold the same record: repeatability needs two runs",
            args.first.display(),
            args.second.display()
        );
    }
    let accept = compare::Options {
        allow_cross_cpu: args.cross_cpu,
        allow_mode_mismatch: args.allow_mode_mismatch,
        allow_across_methods: args.across_methods,
        ..compare::Options::default()
    };
    compare::comparable(&first, &second, &accept)?;
    let figures = harness::tools::repeatability::measure(&first, &second)?;
    out!(
        "{}",
        harness::base::console::wrap_lines(&figures.to_string(), harness::base::console::width())
    );
    Ok(ExitCode::SUCCESS)
}

/// `simulate`: both estimators on synthetic runs of a default run's shape and a quick one's.
pub fn simulate(args: &crate::args::SimulateArgs) -> Result<ExitCode> {
    use harness::tools::simulate::{simulate, DEFAULT, QUICK, RECORDED, SIX_FORKS};
    let figures: Vec<_> = [DEFAULT, QUICK, SIX_FORKS]
        .into_iter()
        .flat_map(|shape| simulate(shape, RECORDED, args.runs as usize, args.seed))
        .collect();
    out!(
        "{}",
        harness::render::report::simulation(&figures, args.runs as usize, args.markdown)
    );
    Ok(ExitCode::SUCCESS)
}
