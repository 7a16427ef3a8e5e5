//! `crosscheck` and `invariance`: the harness's own checks, each verifying what it measures
//! first, measuring in this process, and printing a table (see [`harness::tools::crosscheck`] and
//! [`harness::tools::invariance`]). Both exit 1 when a figure misses its target, so a script can
//! tell; CI runs them to report, not to gate, as timings on a shared machine are no test.
//!
//! And the hidden `gate-counts`: the regression gate's instruction counts
//! ([`harness::tools::gate`]), which `scripts/gate.sh` compares with its baseline.

use crate::args::{Context, CrosscheckArgs, ForkTool, GateCountsArgs, InvarianceArgs, Measuring};
use anyhow::{bail, Context as _, Result};
use harness::base::machine::Machine;
use harness::base::signals::{self, Deferred};
use harness::choose::select::Selection;
use harness::measure::{Plan, Progress, SweepLines};
use harness::record::{utc_now, write_new_atomically};
use harness::{base::names, base::output, render::report, tools::crosscheck, tools::invariance};
use harness::{errln, outln};
use std::process::ExitCode;
use std::time::Instant;
use strategies::{Descriptor, Families};

/// `bitbench gate-counts`: every gated kernel counted under Callgrind, written to `--out` as
/// JSON (never over an existing file).
pub fn gate_counts(args: &GateCountsArgs) -> Result<ExitCode> {
    let cpu = Context::new(&Default::default(), &args.disable)?.cpu;
    // Said before the minute of counting; the write below still never replaces a file.
    if args.out.exists() {
        bail!("{} exists; the gate writes a new file", args.out.display());
    }
    let started = Instant::now();
    let run = harness::tools::gate::count(cpu.disabled())?;
    let json = serde_json::to_string_pretty(&run)? + "\n";
    if !write_new_atomically(&args.out, json.as_bytes())
        .with_context(|| format!("writing {}", args.out.display()))?
    {
        bail!("{} exists; the gate writes a new file", args.out.display());
    }
    errln!(
        "gate: {} kernels counted, {} not run here, in {:.0} s; counts in {}",
        run.kernels.len(),
        run.not_run_here.len(),
        started.elapsed().as_secs_f64(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// `bitbench crosscheck`.
pub fn crosscheck(context: &Context, args: &CrosscheckArgs) -> Result<ExitCode> {
    let selected: Vec<&Descriptor> = context.selection.runnable::<Families>(&context.cpu);
    outln!("crosscheck {}", described(&selected, &args.measuring));
    let plan = plan(&args.measuring)?;
    if !super::verified(context, args.measuring.seed) {
        return Ok(ExitCode::FAILURE);
    }
    let _deferred = Deferred::begin();
    let started = Instant::now();
    let stages: Vec<crosscheck::Stage> = super::families().iter().map(|f| f.crosscheck).collect();
    let spawn = super::spawner(ForkTool::Crosscheck, context, &args.measuring);
    let checks = crosscheck::crosscheck(
        &stages,
        &context.cpu,
        &context.selection,
        &plan,
        Some(&spawn),
        &mut progress(),
        &signals::STOP,
    )
    .map_err(super::halted)?;
    outln!(
        "\ncrosscheck: the harness's hot throughput median on each family's headline \
         distribution (the main run's rounds{}) beside a plain loop over the same kind of \
         queries (one batch call, at least {} passes), run in the same slices, just before \
         the rounds, in {}; ratio: the harness's median over the plain loop's per slice, \
         combined over slices and processes, with its 95% interval; {:.1} s\n",
        if args.measuring.quick { ", quick" } else { "" },
        crosscheck::MIN_REPS,
        super::processes(plan.forks),
        started.elapsed().as_secs_f64()
    );
    harness::out!("{}", report::crosscheck_table(&checks));
    Ok(if checks.iter().all(|c| c.agrees()) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `bitbench invariance`.
pub fn invariance(context: &Context, args: &InvarianceArgs) -> Result<ExitCode> {
    let machine = Machine::detect();
    let set = invariance::set::<Families>(&context.cpu, &context.selection);
    if set.is_empty() {
        bail!("nothing selected runs here");
    }
    let dir = match &args.out {
        Some(out) => {
            let dir = out.join(names::checked("cpu slug", &machine.cpu.slug())?);
            output::check_writable(&dir)?;
            Some(dir)
        }
        None => None,
    };
    outln!(
        "invariance {}{}",
        described(&set, &args.measuring),
        dir.as_ref().map_or(String::new(), |d| format!(
            "; the table also goes to {}",
            d.display()
        ))
    );
    let plan = plan(&args.measuring)?;
    // Every variant measured beside the set, its families' whole selections, is verified.
    let mut families: Vec<String> = set.iter().map(|d| d.family.to_string()).collect();
    families.dedup();
    let whole = Context {
        cpu: context.cpu.clone(),
        selection: Selection::parse::<Families>(&families)?,
    };
    if !super::verified(&whole, args.measuring.seed) {
        return Ok(ExitCode::FAILURE);
    }
    let _deferred = Deferred::begin();
    let (now, stamp) = utc_now();
    let started = Instant::now();
    let stages: Vec<invariance::Stage> = super::families().iter().map(|f| f.invariance).collect();
    let spawn = super::spawner(ForkTool::Invariance, context, &args.measuring);
    let rows = invariance::measure(
        &stages,
        &context.cpu,
        &set,
        &plan,
        Some(&spawn),
        &mut progress(),
        &signals::STOP,
    )
    .map_err(super::halted)?;
    let text = format!(
        "selection invariance on {} ({}), {now}, bitbench {}{}: each variant hot inside its \
         family's full selection (the main run's rounds) and alone (only it and the floor), \
         the two interleaved in {} sweeps, in {}; full, alone: medians of all rounds; \
         full/alone: the median over the slices (a sweep in one process) of each slice's \
         ratio of medians, [a, b] its 95% interval (order statistics); target [{:.2}, {:.2}]; \
         {:.1} s\n{}",
        machine.cpu.describe(),
        machine.arch,
        if super::GIT_COMMIT.is_empty() {
            "(no commit)"
        } else {
            super::GIT_COMMIT
        },
        if args.measuring.quick {
            ", --quick"
        } else {
            ""
        },
        invariance::sweeps(&plan),
        super::processes(plan.forks),
        invariance::BAND.0,
        invariance::BAND.1,
        started.elapsed().as_secs_f64(),
        report::invariance_table(&rows)
    );
    harness::out!("\n{text}");
    if let Some(dir) = dir {
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        let quick = if args.measuring.quick { "-quick" } else { "" };
        let path = dir.join(format!("selection-invariance-{stamp}{quick}.txt"));
        if !write_new_atomically(&path, text.as_bytes())
            .with_context(|| format!("writing {}", path.display()))?
        {
            bail!("{} exists already; nothing was written", path.display());
        }
        outln!("written: {}", path.display());
    }
    Ok(if rows.iter().all(|r| r.in_band()) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// What a check is about to measure, for the line it starts with (printed before an
/// emulated process is refused, so that every option shows what it changed).
fn described(variants: &[&Descriptor], measuring: &Measuring) -> String {
    let mut families: Vec<&str> = variants.iter().map(|d| d.family).collect();
    families.dedup();
    format!(
        "of {} variants in {} families, seed {}, the {} run's budget per workload, in {}",
        variants.len(),
        families.len(),
        measuring.seed,
        if measuring.quick { "quick" } else { "main" },
        super::processes(measuring.forks as usize)
    )
}

/// The plan `measuring` asks for ([`Measuring::plan`]); refused under emulation, where
/// timings mean nothing.
fn plan(measuring: &Measuring) -> Result<Plan> {
    if let Some(how) = &Machine::detect().emulated {
        bail!("this process runs under emulation ({how}); timings would mean nothing");
    }
    Ok(measuring.plan())
}

/// Progress on standard error: one line as each sweep starts ([`SweepLines`]).
fn progress() -> impl FnMut(Progress) {
    let mut lines = SweepLines::new();
    move |p: Progress| {
        if let Some(line) = lines.line(&p) {
            errln!("{line}");
        }
    }
}
