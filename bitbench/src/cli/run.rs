//! `run`, the main job: check the output folder, verify, measure, print the ranked tables,
//! estimate the bound, write the record and its charts. And `run --self-check`.

use crate::args::{Context, ForkTool, RunArgs};
use anyhow::{bail, Context as _, Result};
use harness::base::machine::Machine;
use harness::base::output;
use harness::base::signals::{self, Deferred};
use harness::measure::clock::{self, ClockEstimate};
use harness::measure::fork::Spawn;
use harness::measure::{Halt, Measured, Plan, Progress, SweepLines};
use harness::record::utc_now;
use harness::tools::{bound, cachesim};
use harness::{base::console, base::names, render::report, suite};
use harness::{errln, out, outln};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use strategies::Families;

/// The main job.
pub fn run(context: &Context, args: &RunArgs) -> Result<ExitCode> {
    if args.self_check {
        return self_check();
    }
    match run_and_write(context, args) {
        Ok(_) => Ok(ExitCode::SUCCESS),
        Err(e) if e.downcast_ref::<Disagreed>().is_some() => Ok(ExitCode::FAILURE),
        Err(e) => Err(e),
    }
}

/// A variant disagreed with the reference; nothing was measured (the disagreement is
/// printed).
#[derive(Debug)]
pub struct Disagreed;

impl std::fmt::Display for Disagreed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("verification failed; nothing was measured")
    }
}

impl std::error::Error for Disagreed {}

/// Verifies, measures, prints the tables and writes the record; returns the record's path.
/// From the end of verification on, a signal stops the run at the next safe point with
/// nothing written (see `harness::base::signals`).
pub fn run_and_write(context: &Context, args: &RunArgs) -> Result<PathBuf> {
    let plan = args.measuring.plan();
    let plan = match args.budget {
        Some(seconds) => plan.with_budget(seconds),
        None => plan,
    };
    out!(
        "{}",
        console::wrap(&describe(context, args, &plan), console::width(), 0)
    );
    let machine = Machine::detect();
    if let Some(how) = &machine.emulated {
        bail!(
            "this process runs under emulation ({how}); timings would mean nothing, so no \
             measurement is made and no record is written. `verify` and `cargo test` work here."
        );
    }
    // Everything that can fail without measuring fails before measuring.
    let slug = names::checked("cpu slug", &machine.cpu.slug())?.to_string();
    let dir = args.out.join(&slug);
    output::check_writable(&dir)?;
    require_something_to_measure(context)?;
    if args.cache_sim {
        cachesim::check_available()?;
    }
    let bound_tools = bound_tools(args)?;

    if !super::verified(context, args.measuring.seed) {
        return Err(Disagreed.into());
    }
    let _deferred = Deferred::begin();
    let nothing = "nothing was written";
    signals::check().context(nothing)?;
    let (started_utc, stamp) = utc_now();
    let started = Instant::now();
    let clock = estimate_clock(args.measuring.quick);
    let spawn = super::spawner(ForkTool::Run, context, &args.measuring);
    let measured = measure(context, &plan, &spawn, &signals::STOP).map_err(super::halted)?;
    let facts = suite::RunFacts {
        cpu: &context.cpu,
        selection: &context.selection,
        seed: args.measuring.seed,
        quick: args.measuring.quick,
        started_utc,
        started,
        budget: plan.total.as_secs_f64(),
        git_commit: super::GIT_COMMIT,
    };
    let mut record = suite::record_of(facts, machine, clock, &measured);
    if args.cache_sim {
        cachesim::simulate(
            &mut record,
            &context.selection,
            &context.cpu,
            args.measuring.seed,
        )
        .context(nothing)?;
    }
    // The tables first, as soon as the measuring ends: the bound only adds to them, and its
    // figures follow in their own section.
    if let Some(line) = report::resolution_line(&record) {
        out!("{}", console::wrap(&line, console::width(), 2));
    }
    out!("{}", report::measured_tables_in(&record, console::width()));
    if let Some(tools) = &bound_tools {
        // The measurements are worth more than their bounds: a bound that fails is said, and
        // the record is written without it; a signal still stops the run.
        let before = record.clone();
        if let Err(e) = bound::bound(
            &mut record,
            tools,
            &context.selection,
            &context.cpu,
            args.measuring.seed,
        ) {
            signals::check().context(nothing)?;
            errln!("bound: none made, the record is written without ({e:#})");
            record = before;
        }
    }
    out!("{}", report::closing_sections_in(&record, console::width()));
    let path = harness::suite::store::write_run(&record, &dir, &stem(&stamp, args, context))?;
    outln!("\nrecord: {}", path.display());
    if harness::base::console::stdout_gone() {
        errln!("record: {}", path.display());
    }
    let here = harness::base::machine::Machine::detect().cpu;
    let advice = harness::tools::advise::advise(&path.display().to_string(), &record, &here);
    outln!();
    out!(
        "{}",
        harness::render::report::advise::render_summary(&advice, console::width())
    );
    Ok(path)
}

/// The tools of the bound, if the run makes one: with `--bound`, or on a full run where they
/// are found; an error with `--bound` where they are not.
fn bound_tools(args: &RunArgs) -> Result<Option<bound::Tools>> {
    if args.no_bound || (args.measuring.quick && !args.bound) {
        return Ok(None);
    }
    match bound::find_tools() {
        Ok(tools) => Ok(Some(tools)),
        Err(e) if args.bound => Err(e),
        Err(e) => {
            errln!("bound: none made ({e:#})");
            Ok(None)
        }
    }
}

/// What the run is about to do: how long it measures, the seed, what it covers, where the
/// record goes.
fn describe(context: &Context, args: &RunArgs, plan: &Plan) -> String {
    let rows = suite::list_rows::<Families>(&context.cpu, &context.selection);
    let runnable: Vec<_> = rows.iter().filter(|r| r.runs_here).collect();
    let mut families: Vec<&str> = runnable.iter().map(|r| r.family).collect();
    families.dedup();
    let masked: Vec<&str> = context.cpu.disabled().iter().map(|f| f.name()).collect();
    format!(
        "run: {}a budget of {} s of measuring in {} (seed {:#x}), {} variants of {} \
         families{}{}{}{}; records under {}{}",
        if plan.quick { "--quick, " } else { "" },
        plan.total.as_secs(),
        super::processes(plan.forks),
        args.measuring.seed,
        runnable.len(),
        families.len(),
        if context.selection.names().is_empty() {
            String::new()
        } else {
            format!(" (--only {})", context.selection.names().join(","))
        },
        if masked.is_empty() {
            String::new()
        } else {
            format!(", masked: {}", masked.join(","))
        },
        if args.cache_sim {
            ", with the cache simulation"
        } else {
            ""
        },
        if args.bound {
            ", with each loop's throughput bound"
        } else if args.no_bound {
            ", without the bound"
        } else if plan.quick {
            ""
        } else {
            ", with each loop's throughput bound where valgrind and llvm-mca are found"
        },
        args.out.join("<cpu>").display(),
        match harness::measure::fork::planted() {
            Some((id, fork, factor)) if plan.forks > 1 => format!(
                "; TEST ONLY: {} multiplies {id}'s times by {factor} ({})",
                match fork {
                    harness::measure::fork::PlantedIn::Every => "every fork".to_string(),
                    harness::measure::fork::PlantedIn::Fork(n) => format!("fork {n}"),
                },
                harness::measure::fork::PLANT_ENV
            ),
            _ => String::new(),
        }
    )
}

/// An `--only` (with `--disable`) that leaves nothing runnable is an error, not a record that
/// holds only the floor.
fn require_something_to_measure(context: &Context) -> Result<()> {
    let rows = suite::list_rows::<Families>(&context.cpu, &context.selection);
    if rows.iter().any(|r| r.runs_here) {
        return Ok(());
    }
    let all = harness::choose::select::Selection::all::<Families>();
    let runnable: Vec<String> = suite::list_rows::<Families>(&context.cpu, &all)
        .into_iter()
        .filter(|r| r.runs_here)
        .map(|r| format!("{}/{}", r.family, r.name))
        .collect();
    let reasons: Vec<String> = rows
        .iter()
        .filter_map(|r| {
            Some(format!(
                "{}/{}: {}",
                r.family,
                r.name,
                r.not_runnable.as_ref()?
            ))
        })
        .collect();
    bail!(
        "nothing selected can run here ({}); variants that run here: {}",
        reasons.join("; "),
        runnable.join(", ")
    )
}

fn estimate_clock(quick: bool) -> Option<ClockEstimate> {
    let clock = clock::estimate(if quick { 5 } else { 20 });
    if let Some(c) = &clock {
        let line = format!(
            "clock estimate: {:.2} GHz (timer self-check R² = {:.4}{})",
            c.ghz,
            c.fit.r_squared,
            if c.linear() {
                ""
            } else {
                ", FAILED: timings on this machine are doubtful"
            }
        );
        out!("{}", console::wrap(&line, console::width(), 0));
    }
    clock
}

/// Measures every selected family, drawing progress on stderr: on a terminal, a one-line bar
/// redrawn in place (never wider than the terminal) with an estimate of the time left from
/// the pace so far; otherwise one line as each sweep starts ([`SweepLines`]).
fn measure(
    context: &Context,
    plan: &Plan,
    spawn: Spawn<'_>,
    stop: &AtomicBool,
) -> Result<Measured, Halt> {
    let total = suite::planned_total(plan);
    let terminal = std::io::stderr().is_terminal();
    let started = Instant::now();
    let bar = terminal.then(|| Bar::new(total));
    let mut lines = SweepLines::new();
    let mut progress = |p: Progress| match &bar {
        Some(bar) => bar.show(&p),
        None => {
            if let Some(line) = lines.line(&p) {
                errln!("{line}");
            }
        }
    };
    let samples = suite::measure_all(
        &super::families(),
        &context.cpu,
        &context.selection,
        plan,
        Some(spawn),
        &mut progress,
        stop,
    );
    drop(bar);
    let samples = samples?;
    errln!("measured in {:.1} s", started.elapsed().as_secs_f64());
    Ok(samples)
}

/// The progress bar on a terminal: its position is the budget done, in milliseconds, so its
/// estimate of the time left is the budget left at the pace measured so far. Cleared when
/// dropped, however the measuring ended.
struct Bar(indicatif::ProgressBar);

impl Bar {
    fn new(total: Duration) -> Bar {
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(total.as_millis().max(1) as u64),
            indicatif::ProgressDrawTarget::stderr(),
        );
        let style = indicatif::ProgressStyle::with_template(
            "[{bar:24}] {percent:>3}%  {wide_msg}  ~{eta} left",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("#>.");
        bar.set_style(style);
        Bar(bar)
    }

    fn show(&self, p: &Progress) {
        self.0.set_message(p.label.clone());
        self.0.set_position(p.budget_done.as_millis() as u64);
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}

/// The record's file stem: the UTC stamp, `-quick`, `-no-<features>`.
fn stem(stamp: &str, args: &RunArgs, context: &Context) -> String {
    let mut stem = stamp.to_string();
    if args.measuring.quick {
        stem.push_str("-quick");
    }
    let disabled: Vec<&str> = context.cpu.disabled().iter().map(|f| f.name()).collect();
    if !disabled.is_empty() {
        stem.push_str(&format!("-no-{}", disabled.join("-")));
    }
    stem
}

/// Adds the record and, beside it, a folder of its charts and tables, under the first free
/// stem (`stem`, `stem-2`, …). Nothing that exists is replaced, and only what this run
/// created is ever removed; on failure nothing is left, not even the folders made for them.
/// `run --self-check`: the add ladder and its fit.
fn self_check() -> Result<ExitCode> {
    let Some(clock) = clock::estimate(30) else {
        bail!("the timer self-check needs x86-64 or AArch64 (its adds are inline assembly)");
    };
    outln!("timer self-check: chains of k dependent adds (1 cycle each), 100,000 iterations");
    outln!("  {:>4}  {:>14}  {:>10}", "k", "ns/iteration", "MAD");
    for rung in &clock.ladder {
        outln!(
            "  {:>4}  {:>14.3}  {:>10.4}",
            rung.adds,
            rung.ns_per_iteration,
            rung.mad
        );
    }
    let fit = clock.fit;
    outln!(
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
    outln!("  clock estimate: 1 / slope = {:.3} GHz", clock.ghz);
    if let (Some(mhz), Some(cycles)) = (clock.os_reported_mhz, clock.cycles_per_add_at_os_clock()) {
        outln!(
            "  the OS reports {mhz:.0} MHz; at that clock one add takes {cycles:.2} cycles \
             (below 1: the core runs faster than the OS reports; above 1: slower)"
        );
    }
    Ok(if clock.linear() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
