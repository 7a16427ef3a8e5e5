//! `bitbench`: the command line. See `bitbench --help`. Each command lives in a module of
//! `cli/`; `args.rs` holds the arguments; this file parses
//! them and dispatches.

// The doc comments below are the command line's help text, where `DIR/<cpu>/…` is plain text.
#![allow(rustdoc::invalid_html_tags)]
// Printing goes through `harness::base::console`'s macros, which survive a closed pipe.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod args;
mod cli;
mod stages;

use anyhow::{bail, Result};
use args::{selection, Cli, Command, Context, Only};
use clap::parser::ValueSource;
use clap::{ArgMatches, CommandFactory, FromArgMatches};
use harness::base::signals::Interrupted;
use harness::errln;
use std::process::ExitCode;

fn main() -> ExitCode {
    harness::base::output::report_file_size_limits_as_errors();
    harness::base::signals::install();
    let matches = Cli::command().get_matches();
    let name = matches.subcommand_name().unwrap_or("run").to_string();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let code = match refuse_run_options_before(&matches, &name).and_then(|()| dispatch(cli, &name))
    {
        Ok(code) => code,
        Err(error) => {
            errln!("error: {error:#}");
            match error.downcast_ref::<Interrupted>() {
                Some(stopped) => ExitCode::from(stopped.exit_code()),
                None => ExitCode::from(2),
            }
        }
    };
    // Output its reader stopped reading is no error; output that could not be written is.
    match harness::base::console::finish() {
        Ok(()) => code,
        Err(error) => {
            errln!("error: writing to standard output: {error}");
            ExitCode::from(2)
        }
    }
}

/// The one rule for options before a command: `--only` and `--disable` join the command's own
/// (if it takes them: [`Command::take_selection`]); `run`'s other options apply to `run`
/// alone, which is what runs with no command, so before another command they are refused.
fn refuse_run_options_before(matches: &ArgMatches, name: &str) -> Result<()> {
    if matches.subcommand_name().is_none() {
        return Ok(());
    }
    let given: Vec<String> = Cli::command()
        .get_arguments()
        .filter(|arg| !matches!(arg.get_id().as_str(), "only" | "disable"))
        .filter(|arg| matches.value_source(arg.get_id().as_str()) == Some(ValueSource::CommandLine))
        .filter_map(|arg| arg.get_long().map(|long| format!("--{long}")))
        .collect();
    if !given.is_empty() {
        bail!(
            "{} before `{name}`: of the options before a command, all but --only and --disable \
             apply to `run` only; put them after the command that takes them",
            given.join(", ")
        );
    }
    Ok(())
}

/// Runs the command `name` (its name on the command line) as `cli` says.
fn dispatch(cli: Cli, name: &str) -> Result<ExitCode> {
    let Cli { run: top, command } = cli;
    let Some(mut command) = command else {
        return cli::run::run(&Context::new(&top.only, &top.disable)?, &top);
    };
    command.take_selection(name, top.only, top.disable)?;
    match command {
        Command::List(args) if args.markdown => cli::list::markdown(&selection(&args.only)?),
        Command::List(args) => cli::list::list(
            &Context::new(&args.only, &args.disable)?,
            args.json,
            args.unsupported,
        ),
        Command::Verify(args) => cli::list::verify(
            &Context::new(&args.only, &args.disable)?,
            args.json,
            args.seed,
        ),
        Command::Run(args) => cli::run::run(&Context::new(&args.only, &args.disable)?, &args),
        Command::Report(args) => cli::records::report(&args),
        Command::Plot(args) => cli::records::plot(&args),
        Command::Compare(args) => cli::records::compare(&args),
        Command::Site(args) => cli::records::site(&args),
        Command::Repeatability(args) => cli::records::repeatability(&args),
        Command::Simulate(args) => cli::records::simulate(&args),
        Command::Positions(args) => cli::list::positions(&args),
        Command::Advise(args) => cli::advise::advise(&args, cli::run::run_and_write),
        Command::Perft(args) => {
            cli::perft::perft(&Context::new(&Only::default(), &args.disable)?, &args)
        }
        Command::Search(args) => {
            cli::search::search(&Context::new(&Only::default(), &args.disable)?, &args)
        }
        Command::Engine(args) => {
            cli::engine::engine(&Context::new(&Only::default(), &args.disable)?, &args)
        }
        Command::Crosscheck(args) => {
            cli::checks::crosscheck(&Context::new(&args.only, &args.disable)?, &args)
        }
        Command::Invariance(args) => {
            cli::checks::invariance(&Context::new(&args.only, &args.disable)?, &args)
        }
        Command::ForkWorker(args) => cli::fork::worker(&args),
        Command::Reference => cli::reference::markdown(),
        Command::CacheSimWorker(args) => {
            let context = Context::new(&args.only, &args.disable)?;
            let stages: Vec<harness::tools::cachesim::Stage> =
                cli::families().iter().map(|f| f.replay).collect();
            harness::tools::cachesim::worker(&stages, &context.selection, &context.cpu, args.seed);
            Ok(ExitCode::SUCCESS)
        }
        Command::GateCounts(args) => cli::checks::gate_counts(&args),
        Command::GateWorker(args) => {
            let cpu = Context::new(&Only::default(), &args.disable)?.cpu;
            let stages: Vec<harness::tools::gate::Stage> =
                cli::families().iter().map(|f| f.gate).collect();
            harness::tools::gate::worker(&stages, &args.kernel, &cpu)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::BoundWorker(args) => {
            let context = Context::new(&args.only, &args.disable)?;
            let stages: Vec<harness::tools::bound::Stage> =
                cli::families().iter().map(|f| f.bound).collect();
            harness::tools::bound::worker(&stages, &context.selection, &context.cpu, args.seed);
            Ok(ExitCode::SUCCESS)
        }
    }
}
