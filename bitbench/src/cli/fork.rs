//! The fork worker (`bitbench fork-worker`, hidden): what a measuring command starts, as
//! [`super::spawner`] writes its command line. See [`harness::measure::fork`].

use crate::args::{Context, ForkTool, ForkWorkerArgs};
use anyhow::{bail, Result};
use harness::measure::fork::{self, FORK_ENV};
use harness::measure::Plan;
use harness::{suite, tools::crosscheck, tools::invariance};
use std::process::ExitCode;
use strategies::Families;

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
            let set = invariance::set::<Families>(&context.cpu, &context.selection);
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
