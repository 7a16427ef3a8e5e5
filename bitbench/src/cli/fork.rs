//! Forks: how a measuring command starts its workers, and the worker itself
//! (`bitbench fork-worker`, hidden). See [`harness::measure::fork`].

use crate::args::{Context, ForkTool, ForkWorkerArgs};
use anyhow::{bail, Result};
use harness::measure::fork::{self, FORK_ENV};
use harness::measure::{Halt, Plan};
use harness::{suite, tools::crosscheck, tools::invariance};
use std::process::{Command, ExitCode};

/// The command line of a worker of `tool` that builds the same workloads as this process:
/// the same features masked, the same selection, seed and budget.
pub fn spawner(tool: ForkTool, context: &Context, seed: u64, quick: bool) -> impl Fn() -> Command {
    let exe = std::env::current_exe().unwrap_or_else(|_| "bitbench".into());
    let disabled: Vec<String> = context
        .cpu
        .disabled()
        .iter()
        .map(|f| f.name().to_string())
        .collect();
    let only = context.selection.names().to_vec();
    move || {
        let mut command = Command::new(&exe);
        command.arg("fork-worker").arg("--tool").arg(match tool {
            ForkTool::Run => "run",
            ForkTool::Crosscheck => "crosscheck",
            ForkTool::Invariance => "invariance",
        });
        command.arg("--seed").arg(seed.to_string());
        if quick {
            command.arg("--quick");
        }
        if !only.is_empty() {
            command.arg("--only").arg(only.join(","));
        }
        if !disabled.is_empty() {
            command.arg("--disable").arg(disabled.join(","));
        }
        command
    }
}

/// `bitbench fork-worker`: builds the workloads its parent builds, then serves it.
pub fn worker(args: &ForkWorkerArgs) -> Result<ExitCode> {
    let Some(index) = std::env::var(FORK_ENV).ok().and_then(|v| v.parse().ok()) else {
        bail!("fork-worker is started by a measuring command, with {FORK_ENV} set");
    };
    let context = Context::new(&args.only, &args.disable)?;
    let plan = if args.quick {
        Plan::quick(args.seed)
    } else {
        Plan::default_run(args.seed)
    };
    let families = super::families();
    let (workloads, plan) = match args.tool {
        ForkTool::Run => (
            suite::prepare_all(&families, &context.cpu, &context.selection, &plan),
            plan,
        ),
        ForkTool::Crosscheck => {
            let stages: Vec<crosscheck::Stage> = families.iter().map(|f| f.crosscheck).collect();
            crosscheck::prepare(&stages, &context.cpu, &context.selection, &plan)
        }
        ForkTool::Invariance => {
            let stages: Vec<invariance::Stage> = families.iter().map(|f| f.invariance).collect();
            let set = super::checks::invariance_set(&context);
            let (workloads, _, plan) = invariance::prepare(&stages, &context.cpu, &set, &plan);
            (workloads, plan)
        }
    };
    let stop = &harness::base::signals::STOP;
    match fork::serve(workloads, &context.cpu, &plan, index, stop) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(why) => bail!("{why}"),
    }
}

/// The error a measurement that ended early ends the command with: nothing was written.
pub fn halted(halt: Halt) -> anyhow::Error {
    match halt {
        Halt::Interrupted => {
            let stopped =
                harness::base::signals::received().unwrap_or(harness::base::signals::Interrupted {
                    signal: harness::base::signals::SIGINT,
                });
            anyhow::Error::new(stopped).context("measuring; nothing was written")
        }
        Halt::Failed(why) => anyhow::anyhow!("{why}").context("measuring; nothing was written"),
    }
}
