//! `engine --uci PATH [--quick] [--positions FILE] [--depth N]`: a UCI engine's perft beside
//! our move generator's, on this CPU (the work is in `harness::tools::engine`).
//!
//! Exit status: 0 when every count agrees, 1 on a disagreement, 2 when the engine cannot be
//! used (not executable, not UCI, no perft, crashed, timed out) or the input is bad.

use crate::args::{Context, EngineArgs};
use anyhow::{bail, Result};
use harness::base::machine::Machine;
use harness::tools::engine::cases::{self, Expected, FULL_NODES, QUICK_NODES};
use harness::tools::engine::ours::{self, Ours};
use harness::tools::engine::uci::Engine;
use harness::tools::engine::{self, Comparison, Timeouts};
use harness::{err, errln, out, outln};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;

/// Rounds of the short measurement that finds our fastest configuration without a record.
const MEASURING_ROUNDS: usize = 3;

/// `bitbench engine`.
pub fn engine(context: &Context, args: &EngineArgs) -> Result<ExitCode> {
    if !(args.timeout.is_finite() && args.timeout > 0.0 && args.timeout <= 86_400.0) {
        bail!(
            "--timeout {} is not a number of seconds from 0 to 86400",
            args.timeout
        );
    }
    let timeouts = Timeouts {
        command: Duration::from_secs_f64(args.timeout),
        per_node: Duration::from_micros(1),
    };
    let cases = cases::cases(args.positions.as_deref(), args.depth, args.quick)?;
    let cpu = &context.cpu;
    let default = Ours::default_config();
    let named = args
        .with
        .as_deref()
        .map(|w| Ours::named(w, cpu))
        .transpose()?;

    let mut engine = Engine::start(&args.uci, timeouts.command)?;
    let counted = engine::probe(&mut engine, &timeouts)?;
    if counted != 20 {
        outln!(
            "disagreement: the start position at depth 1: the published table says 20, the \
             engine counted {counted}"
        );
        engine.quit(Duration::from_secs(1));
        return Ok(ExitCode::FAILURE);
    }
    let second = match named {
        Some(named) => named,
        None => match ours::fastest_from_records(&args.results, cpu)? {
            Some(fastest) => fastest,
            None => {
                errln!("no record of this CPU under {} ranks perft: measuring our configurations to find the fastest", args.results.display());
                ours::fastest_by_measuring(cpu, instances_perft::count, MEASURING_ROUNDS)?
            }
        },
    };
    print_header(&engine, &args.uci, &default, &second, args);
    let mut contenders = vec![default];
    if second.choice != contenders[0].choice {
        contenders.push(second);
    }
    let terminal = std::io::stderr().is_terminal();
    let mut progress = |line: &str| {
        if terminal {
            err!("\r\x1b[K{line}");
        }
    };
    let count = |ours: &Ours, query| ours.count(cpu, instances_perft::count, query);
    let comparison = engine::compare(
        &mut engine,
        contenders,
        cases,
        &count,
        args.rounds as usize,
        &timeouts,
        &mut progress,
    );
    if terminal {
        err!("\r\x1b[K");
    }
    let comparison = comparison?;
    engine.quit(Duration::from_secs(1));
    print_results(&comparison);
    Ok(if comparison.disagreements.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// What runs, where and how it is timed.
fn print_header(
    engine: &Engine,
    path: &std::path::Path,
    default: &Ours,
    second: &Ours,
    args: &EngineArgs,
) {
    let name = engine.name.as_deref().unwrap_or("(no `id name`)");
    let machine = Machine::detect();
    let (now, _) = harness::record::utc_now();
    outln!("engine:  {name} ({}): `go perft N`, timed by wall clock from the command to its `Nodes searched` line", path.display());
    outln!("default: {} ({})", default.choice, default.name);
    let label = if second.role == "--with" {
        "--with: "
    } else {
        "fastest:"
    };
    if second.choice == default.choice {
        outln!("{label} the default: {}", second.why);
    } else {
        outln!(
            "{label} {} ({}): {}",
            second.choice,
            second.name,
            second.why
        );
    }
    let masked = if args.disable.disable.is_empty() {
        String::new()
    } else {
        format!(" (masked: {})", args.disable.disable.join(","))
    };
    outln!(
        "on:      {}{masked}, {}{}",
        machine.cpu.describe(),
        now.replace('T', " ").replace('Z', " UTC"),
        super::load()
    );
    let which = match &args.positions {
        Some(file) => format!("the positions of {}", file.display()),
        None => "the six published perft positions".into(),
    };
    let depth = match (args.depth, args.quick) {
        (Some(d), _) => format!("to depth {d}"),
        (None, true) => format!(
            "each to its deepest known depth of at most {} M nodes (--quick)",
            QUICK_NODES / 1_000_000
        ),
        (None, false) => format!(
            "each to its deepest known depth of at most {} M nodes",
            FULL_NODES / 1_000_000
        ),
    };
    outln!(
        "{which}, {depth}; {} rounds, the engine and ours interleaved; each figure the median \
         of its rounds, each ratio the median of the rounds' ratios; ours on one thread",
        args.rounds
    );
    outln!();
}

/// The table, then the disagreements or the agreement.
fn print_results(comparison: &Comparison) {
    out!("{}", comparison.table());
    if comparison
        .cases
        .iter()
        .any(|c| c.expected == Expected::Ours)
    {
        outln!("* not in the published table or the file: the count of our default configuration, which agrees with the published table (`bitbench perft --verify-table`)");
    }
    outln!();
    if comparison.disagreements.is_empty() {
        let each = if comparison.ours.len() > 1 {
            "ours (each configuration)"
        } else {
            "ours"
        };
        outln!(
            "every count agrees: the engine's and {each}, round after round, with the known counts"
        );
    } else {
        out!("{}", comparison.disagreements_text());
    }
}
