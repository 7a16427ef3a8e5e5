//! `bitbench`: the command line. See `bitbench --help`.

use anyhow::{bail, Context as _, Result};
use clap::{Args, Parser, Subcommand};
use harness::clock::{self, ClockEstimate};
use harness::machine::Machine;
use harness::measure::{Interrupted, Plan, Progress};
use harness::record::{analyze, utc_now, write_record_file, Record, Run, Tool, SCHEMA_VERSION};
use harness::select::Selection;
use harness::suite::{self, ListRow};
use harness::verify::{Outcome, Verdict};
use harness::{chart, output, report};
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use strategies::inputs::DEFAULT_SEED;
use strategies::{Cpu, Families, Feature};

#[derive(Parser)]
#[command(
    name = "bitbench",
    version,
    about = "Chess-bitboard techniques, verified and then measured on this CPU",
    long_about = "Chess-bitboard techniques, verified and then measured on this CPU.\n\n\
                  With no command, runs `run`: verify, measure, print the ranked tables, and \
                  write a record and its charts under results/<cpu>/."
)]
struct Cli {
    #[command(flatten)]
    global: Global,
    /// Options of `run`, which is what runs with no command.
    #[command(flatten)]
    run: RunArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Args, Clone, Debug)]
struct Global {
    /// Mask CPU features as if this CPU lacked them (e.g. `--disable avx2`), so the portable
    /// variants can be exercised on a CPU that has them.
    #[arg(
        long,
        global = true,
        value_name = "FEATURE[,FEATURE...]",
        value_delimiter = ','
    )]
    disable: Vec<String>,
    /// Only these families or variants (`in_between`, `lookup`, `knight_attacks/lookup`).
    #[arg(
        long,
        global = true,
        value_name = "FAMILY|VARIANT[,...]",
        value_delimiter = ','
    )]
    only: Vec<String>,
}

#[derive(Subcommand)]
enum Command {
    /// List the variants by family: table bytes, required CPU features, whether each runs here.
    List(JsonFlag),
    /// Check every runnable variant against the reference on every input; exit 0 only if all agree.
    Verify(VerifyArgs),
    /// Verify, measure every runnable variant, print ranked tables, write a record and charts.
    Run(RunArgs),
    /// Re-render tables and charts from stored records, without measuring.
    Report(ReportArgs),
    /// Compare records across CPUs: each variant's ratio to the best on each CPU.
    Plot(PlotArgs),
    /// Compare two records measurement by measurement; exit 1 on a regression.
    Compare(CompareArgs),
    /// Build the static results site from every record under the results folder.
    Site(SiteArgs),
}

#[derive(Args)]
struct SiteArgs {
    /// The folder of records, one subfolder per CPU.
    #[arg(long, value_name = "DIR", default_value = "results")]
    results: PathBuf,
    /// Where the site goes (default: RESULTS/site).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

#[derive(Args)]
struct CompareArgs {
    /// The earlier record (the baseline).
    old: PathBuf,
    /// The later record.
    new: PathBuf,
    /// Percent by which a median must grow (beyond both runs' spread) to count as a regression.
    #[arg(long, default_value_t = 5.0, value_name = "PCT")]
    threshold: f64,
    /// Compare records from different CPUs (otherwise refused).
    #[arg(long)]
    cross_cpu: bool,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// Ranked tables on the terminal, full tables and charts beside the record.
    Text,
    /// Bencher Metric Format JSON on standard output.
    Bmf,
    /// github-action-benchmark `customSmallerIsBetter` JSON on standard output.
    Gab,
}

#[derive(Args, Clone, Debug, PartialEq)]
struct RunArgs {
    /// A smoke test: about five seconds of measuring instead of about a minute.
    #[arg(long)]
    quick: bool,
    /// Where records go: DIR/<cpu>/<UTC time>.json, charts beside it.
    #[arg(long, value_name = "DIR", default_value = "results")]
    out: PathBuf,
    /// Only check the timer: time chains of 1 to 32 dependent adds and print the line fit.
    #[arg(long)]
    self_check: bool,
    /// Seed of the random inputs.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
}

#[derive(Args)]
struct ReportArgs {
    /// Records to render.
    #[arg(required = true, value_name = "RECORD")]
    records: Vec<PathBuf>,
    /// What to produce.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Where the charts go (default: a folder beside each record, named like it).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

#[derive(Args)]
struct PlotArgs {
    /// Records to compare, e.g. results/*/*.json.
    #[arg(required = true, value_name = "RECORD")]
    records: Vec<PathBuf>,
    /// Where the charts go.
    #[arg(long, value_name = "DIR", default_value = "results/cross-cpu")]
    out: PathBuf,
}

#[derive(Args)]
struct JsonFlag {
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct VerifyArgs {
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
    /// Seed of the random inputs.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match dispatch(cli) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

/// What every command needs: the CPU with masks applied, and the user's selection.
struct Context {
    cpu: Cpu,
    selection: Selection,
}

impl Context {
    fn new(global: &Global) -> Result<Context> {
        let disabled = global
            .disable
            .iter()
            .filter(|s| !s.trim().is_empty())
            .map(|name| Feature::parse(name))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Context {
            cpu: Cpu::with_disabled(&disabled),
            selection: Selection::parse::<Families>(&global.only)?,
        })
    }
}

impl RunArgs {
    /// The values when no option is given.
    fn defaults() -> RunArgs {
        RunArgs {
            quick: false,
            out: PathBuf::from("results"),
            self_check: false,
            seed: DEFAULT_SEED,
        }
    }
}

fn dispatch(cli: Cli) -> Result<ExitCode> {
    let context = Context::new(&cli.global)?;
    if cli.command.is_some() && cli.run != RunArgs::defaults() {
        bail!("--quick, --out, --self-check and --seed before a command apply to `run` only; put them after the command that takes them");
    }
    match cli.command {
        Some(Command::List(args)) => list(&context, args.json),
        Some(Command::Verify(args)) => verify(&context, args.json, args.seed),
        Some(Command::Run(args)) => run(&context, &args),
        Some(Command::Report(args)) => report_records(&args),
        Some(Command::Plot(args)) => plot(&args),
        Some(Command::Compare(args)) => compare(&args),
        Some(Command::Site(args)) => site(&args),
        None => run(&context, &cli.run),
    }
}

fn list(context: &Context, json: bool) -> Result<ExitCode> {
    let rows: Vec<ListRow> = suite::list_rows::<Families>(&context.cpu, &context.selection);
    if json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(ExitCode::SUCCESS);
    }
    let mut family = "";
    for row in &rows {
        if row.family != family {
            family = row.family;
            println!("\n{family}");
            println!(
                "  {:<26} {:>11}  {:<8} runs here",
                "variant", "table bytes", "requires"
            );
        }
        let requires = if row.requires.is_empty() {
            "-".to_string()
        } else {
            row.requires.join(",")
        };
        let status = match &row.not_runnable {
            None => "yes".to_string(),
            Some(reason) => format!("no ({reason})"),
        };
        let name = if row.external {
            format!("{} (external)", row.name)
        } else {
            row.name.to_string()
        };
        println!(
            "  {name:<26} {:>11}  {requires:<8} {status}",
            row.table_bytes
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn verify(context: &Context, json: bool, seed: u64) -> Result<ExitCode> {
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
        println!("{}", serde_json::to_string_pretty(&report)?);
    }
    Ok(if all_agree {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Verifies every selected variant, printing one line per variant as it goes when `print`.
fn verify_all(context: &Context, seed: u64, print: bool) -> Vec<Verdict> {
    suite::verify_all::<Families>(
        &context.cpu,
        &context.selection,
        seed,
        &mut |family, verdicts| {
            if print {
                println!("{family}");
                verdicts.iter().for_each(print_verdict);
            }
        },
    )
}

fn print_verdict(verdict: &Verdict) {
    match &verdict.outcome {
        Outcome::Agreed { checked } => {
            println!(
                "  ok        {:<24} {checked:>10} inputs checked",
                verdict.variant
            )
        }
        Outcome::NotRunnable { reason } => {
            println!("  skipped   {:<24} {reason}", verdict.variant)
        }
        Outcome::Disagreed(m) => {
            println!("  MISMATCH  {:<24} on {}", verdict.variant, m.check);
            print!("{}", m.render(verdict.variant));
        }
    }
}

/// The main job: verify, measure, print the tables, write the record and its charts.
fn run(context: &Context, args: &RunArgs) -> Result<ExitCode> {
    if args.self_check {
        return self_check();
    }
    let machine = Machine::detect();
    if let Some(how) = &machine.emulated {
        bail!(
            "this process runs under emulation ({how}); timings would mean nothing, so no \
             measurement is made and no record is written. `verify` and `cargo test` work here."
        );
    }

    // 1. Verify: nothing is timed that has not agreed with the reference.
    let verdicts = verify_all(context, args.seed, false);
    let disagreeing: Vec<&Verdict> = verdicts
        .iter()
        .filter(|v| matches!(v.outcome, Outcome::Disagreed(_)))
        .collect();
    if !disagreeing.is_empty() {
        eprintln!("verification failed; nothing is measured:");
        disagreeing.iter().for_each(|v| print_verdict(v));
        return Ok(ExitCode::FAILURE);
    }
    let checked: u64 = verdicts
        .iter()
        .map(|v| {
            if let Outcome::Agreed { checked } = v.outcome {
                checked
            } else {
                0
            }
        })
        .sum();
    let agreed = verdicts.iter().filter(|v| v.agreed()).count();
    println!("verified: {agreed} variants agree with the reference ({checked} inputs checked)");
    for v in verdicts
        .iter()
        .filter(|v| matches!(v.outcome, Outcome::NotRunnable { .. }))
    {
        if let Outcome::NotRunnable { reason } = &v.outcome {
            println!("  not measured: {}/{}: {reason}", v.family, v.variant);
        }
    }

    // 2. Measure, with the clock estimated in the same run.
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = Arc::clone(&stop);
        let _ = ctrlc::set_handler(move || {
            if stop.swap(true, Ordering::SeqCst) {
                std::process::exit(130); // a second Ctrl-C: leave at once
            }
        });
    }
    let plan = if args.quick {
        Plan::quick(args.seed)
    } else {
        Plan::default_run(args.seed)
    };
    let (started_utc, stamp) = utc_now();
    let started = Instant::now();
    let clock = clock::estimate(if args.quick { 5 } else { 20 });
    if let Some(c) = &clock {
        println!(
            "clock estimate: {:.2} GHz (timer self-check R² = {:.4}{})",
            c.ghz,
            c.fit.r_squared,
            if c.linear() {
                ""
            } else {
                ", FAILED: timings on this machine are doubtful"
            }
        );
    }
    let samples = match measure_all(context, &plan, &stop) {
        Ok(samples) => samples,
        Err(Interrupted) => {
            eprintln!("\ninterrupted: nothing was written");
            return Ok(ExitCode::from(130));
        }
    };
    let (measurements, ranks) = analyze(&samples, clock.as_ref());
    let disabled: Vec<String> = context
        .cpu
        .disabled()
        .iter()
        .map(|f| f.name().to_string())
        .collect();
    let record = Record {
        schema_version: SCHEMA_VERSION,
        tool: Tool::this_build(),
        machine,
        run: Run {
            started_utc,
            duration_seconds: started.elapsed().as_secs_f64(),
            seed: args.seed,
            quick: args.quick,
            feature_masked: !disabled.is_empty(),
            disabled_features: disabled.clone(),
            only: context.selection.names().to_vec(),
        },
        clock,
        simd_speedups: harness::record::simd_speedups(&measurements),
        measurements,
        ranks,
    };

    // 3. Report.
    print!("{}", report::ranked_tables(&record));

    // 4. Write the record and its charts, atomically.
    let dir = args.out.join(record.machine.cpu.slug());
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    output::clean_stale(&dir);
    let mut stem = stamp;
    if args.quick {
        stem.push_str("-quick");
    }
    if !disabled.is_empty() {
        stem.push_str(&format!("-no-{}", disabled.join("-")));
    }
    let path = write_record(&record, &dir, &stem)?;
    println!("\nrecord: {}", path.display());
    Ok(ExitCode::SUCCESS)
}

/// Writes the charts (into a hidden folder), then the record (atomically, under a free name),
/// then moves the charts beside it under the record's name.
fn write_record(record: &Record, dir: &Path, stem: &str) -> Result<PathBuf> {
    let staging = output::temporary_dir(&dir.join(stem))?;
    std::fs::write(staging.join("tables.md"), report::full_tables(record))?;
    chart::render_record(record, &staging).map_err(|e| anyhow::anyhow!("drawing charts: {e}"))?;
    let path = write_record_file(dir, stem, record.to_json().as_bytes())
        .with_context(|| format!("writing the record into {}", dir.display()))?;
    let charts = path.with_extension("");
    output::replace_dir(&staging, &charts)?;
    println!("charts: {}", charts.display());
    Ok(path)
}

/// Measures every selected family, drawing progress on stderr.
fn measure_all(
    context: &Context,
    plan: &Plan,
    stop: &AtomicBool,
) -> Result<Vec<harness::measure::Samples>, Interrupted> {
    let total = suite::planned_total::<Families>(&context.selection, plan);
    let terminal = std::io::stderr().is_terminal();
    let started = Instant::now();
    let mut progress = |p: Progress| draw_progress(&p, total, started, terminal);
    let samples = suite::measure_all::<Families>(
        &context.cpu,
        &context.selection,
        plan,
        &mut progress,
        stop,
    )?;
    if terminal {
        eprint!("\r{:<100}\r", "");
    }
    eprintln!("measured in {:.1} s", started.elapsed().as_secs_f64());
    Ok(samples)
}

fn draw_progress(p: &Progress, total: Duration, started: Instant, terminal: bool) {
    let fraction = if total.is_zero() {
        1.0
    } else {
        p.budget_done.as_secs_f64() / total.as_secs_f64()
    };
    let width = 30;
    let filled = (fraction * width as f64).round() as usize;
    let left = total.saturating_sub(p.budget_done).as_secs_f64();
    let line = format!(
        "[{}{}] {:>3.0}%  {:<44} ~{left:.0} s left",
        "#".repeat(filled),
        ".".repeat(width - filled.min(width)),
        fraction * 100.0,
        p.label
    );
    if terminal {
        eprint!("\r{line}");
        let _ = std::io::stderr().flush();
    } else {
        eprintln!("{line} ({:.1} s)", started.elapsed().as_secs_f64());
    }
}

/// `run --self-check`: the add ladder and its fit.
fn self_check() -> Result<ExitCode> {
    let Some(clock) = clock::estimate(30) else {
        bail!("the timer self-check needs x86-64 or AArch64 (its adds are inline assembly)");
    };
    print_self_check(&clock);
    Ok(if clock.linear() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn print_self_check(clock: &ClockEstimate) {
    println!("timer self-check: chains of k dependent adds (1 cycle each), 100,000 iterations");
    println!("  {:>4}  {:>14}  {:>10}", "k", "ns/iteration", "MAD");
    for rung in &clock.ladder {
        println!(
            "  {:>4}  {:>14.3}  {:>10.4}",
            rung.adds, rung.ns_per_iteration, rung.mad
        );
    }
    let fit = clock.fit;
    println!(
        "  fit: ns = {:.4} + {:.4} * k, R² = {:.5} ({})",
        fit.intercept,
        fit.slope,
        fit.r_squared,
        if clock.linear() {
            "linear: the timer can be believed"
        } else {
            "NOT linear: timings on this machine are doubtful"
        }
    );
    println!("  clock estimate: 1 / slope = {:.3} GHz", clock.ghz);
    if let (Some(mhz), Some(cycles)) = (clock.os_reported_mhz, clock.cycles_per_add_at_os_clock()) {
        println!(
            "  the OS reports {mhz:.0} MHz; at that clock the slope is {cycles:.2} cycles per add \
                  (above 1 means the core runs faster than reported)"
        );
    }
}

/// Loads every record or fails naming the first bad one; nothing is written before all load.
fn load_all(paths: &[PathBuf]) -> Result<Vec<Record>> {
    paths
        .iter()
        .map(|p| Record::load(p).map_err(anyhow::Error::from))
        .collect()
}

/// `report RECORD…`: tables and charts again, from the records alone.
fn report_records(args: &ReportArgs) -> Result<ExitCode> {
    let records = load_all(&args.records)?;
    if args.format != Format::Text {
        let [record] = records.as_slice() else {
            bail!("--format bmf and --format gab export one record at a time");
        };
        let value = match args.format {
            Format::Bmf => harness::export::bmf(record),
            _ => harness::export::github_action_benchmark(record),
        };
        println!("{}", serde_json::to_string_pretty(&value)?);
        return Ok(ExitCode::SUCCESS);
    }
    for (record, path) in records.iter().zip(&args.records) {
        println!("{}: {}", path.display(), record.caption());
        print!("{}", report::ranked_tables(record));
        let target = match &args.out {
            Some(out) if records.len() == 1 => out.clone(),
            Some(out) => out.join(path.file_stem().unwrap_or_default()),
            None => path.with_extension(""),
        };
        let staging = output::temporary_dir(&target)?;
        std::fs::write(staging.join("tables.md"), report::full_tables(record))?;
        if let Err(e) = chart::render_record(record, &staging) {
            let _ = std::fs::remove_dir_all(&staging);
            bail!("{}: drawing charts: {e}", path.display());
        }
        output::replace_dir(&staging, &target)?;
        println!("charts: {}\n", target.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// `plot RECORD…`: the cross-CPU comparison. JSON files that are not bitbench records at all
/// (such as the gate's baseline, which `results/*/*.json` also matches) are skipped with a
/// warning; a damaged or newer-schema record is an error.
fn plot(args: &PlotArgs) -> Result<ExitCode> {
    let mut records = Vec::new();
    for path in &args.records {
        match Record::load(path) {
            Ok(record) => records.push(record),
            Err(skipped @ harness::record::RecordError::NotARecord { .. }) => {
                eprintln!("warning: skipping {skipped}");
            }
            Err(error) => return Err(error.into()),
        }
    }
    if records.is_empty() {
        bail!(
            "none of the {} files given is a bitbench record",
            args.records.len()
        );
    }
    let staging = output::temporary_dir(&args.out)?;
    if let Err(e) = chart::render_cross_cpu(&records, &staging) {
        let _ = std::fs::remove_dir_all(&staging);
        bail!("drawing the cross-CPU charts: {e}");
    }
    output::replace_dir(&staging, &args.out)?;
    for record in &records {
        println!("  {}", chart::record_label(record));
    }
    println!(
        "cross-CPU charts of {} records: {}",
        records.len(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// `compare OLD NEW`: ratios per measurement, a noise-aware verdict, exit 1 on a regression.
fn compare(args: &CompareArgs) -> Result<ExitCode> {
    if !(args.threshold >= 0.0 && args.threshold.is_finite()) {
        bail!(
            "--threshold must be a non-negative percentage, not {}",
            args.threshold
        );
    }
    let old = Record::load(&args.old)?;
    let new = Record::load(&args.new)?;
    let (old_name, new_name) = (
        args.old.display().to_string(),
        args.new.display().to_string(),
    );
    let comparison = harness::compare::compare(
        (&old_name, &old),
        (&new_name, &new),
        args.threshold,
        args.cross_cpu,
    )?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&comparison)?);
    } else {
        print!("{}", harness::compare::render(&comparison, &old, &new));
        let flips = harness::compare::order_flips(&old, &new, 0.10);
        if flips.is_empty() {
            println!("order: no two variants more than 10% apart swapped places");
        } else {
            println!(
                "order: {} pairs more than 10% apart swapped places: {}",
                flips.len(),
                flips.join("; ")
            );
        }
    }
    Ok(if comparison.regressions > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// `site`: the static results site.
fn site(args: &SiteArgs) -> Result<ExitCode> {
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| args.results.join("site"));
    let site = harness::site::build_site(&args.results, &out)?;
    println!(
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
