//! The commands of `bitbench`, one module per group. A module imports from this one and from
//! the crates below, never from a sibling: what two commands share lives here (a test in
//! `tests/it/layers.rs` holds the rule).

pub mod advise;
pub mod checks;
pub mod engine;
pub mod fork;
pub mod list;
pub mod perft;
pub mod records;
pub mod reference;
pub mod run;
pub mod search;

use crate::args::{Context, ForkTool, Measuring};
use harness::measure::Halt;
use std::process::Command;
use strategies::perft::workloads::PUBLISHED;
use strategies::position::Position;
use strategies::Families;

/// The commit this binary was built from, `-dirty` if its sources differed from it; empty
/// outside a git checkout (`build.rs`).
pub const GIT_COMMIT: &str = env!("BITBENCH_GIT_COMMIT");

pub use crate::stages::families;

/// Verifies every selected variant of `context`; prints the outcome. Nothing is timed that has
/// not agreed with the reference.
pub fn verified(context: &Context, seed: u64) -> bool {
    let width = harness::base::console::width();
    match harness::suite::verified::<Families>(
        &families(),
        &context.cpu,
        &context.selection,
        seed,
        width,
    ) {
        Ok(summary) => {
            harness::out!("{summary}");
            true
        }
        Err(disagreements) => {
            harness::err!("{disagreements}");
            false
        }
    }
}

/// The position a command's position argument names: `startpos` (the initial position),
/// `kiwipete` (position 2 of the wiki's "Perft Results"), or a FEN.
pub fn position(argument: &str) -> anyhow::Result<Position> {
    let fen = match argument.trim() {
        "startpos" => PUBLISHED[0].fen,
        "kiwipete" => PUBLISHED[1].fen,
        fen => fen,
    };
    Position::from_fen(fen)
        .map_err(|e| anyhow::anyhow!("bad FEN ({e}); or name a position: startpos, kiwipete"))
}

/// Refuses a `--with` that names a key twice (`slider=magic,slider=pext`): which would win is
/// a guess.
pub fn refuse_repeated_keys(with: &str) -> anyhow::Result<()> {
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for pair in with.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, name) = pair.split_once('=').unwrap_or((pair, ""));
        let key = key.trim();
        if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
            anyhow::bail!(
                "--with names {key} twice ({key}={first}, {key}={}); give each key once",
                name.trim()
            );
        }
        seen.push((key, name.trim()));
    }
    Ok(())
}

/// The command line of a worker of `tool` that builds the same workloads as this process:
/// the same features masked, the same selection, seed and budget.
pub fn spawner(tool: ForkTool, context: &Context, measuring: &Measuring) -> impl Fn() -> Command {
    let (seed, quick) = (measuring.seed, measuring.quick);
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

/// `3 processes (forks)`, or `this one process`.
pub fn processes(forks: usize) -> String {
    if forks > 1 {
        format!("{forks} processes (forks)")
    } else {
        "this one process".to_string()
    }
}

/// `; load average 1.20 on 2 logical CPUs` (where the system reports it: Linux), which says
/// how much else competed for the CPU as the run started.
pub fn load() -> String {
    let average = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_string));
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    match average {
        Some(average) => format!("; load average {average} on {cpus} logical CPUs"),
        None => String::new(),
    }
}
