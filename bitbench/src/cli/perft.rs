//! `perft FEN DEPTH [--divide] [--with KEY=TECHNIQUE,...] [--force]` and `perft --verify-table`.
//!
//! The configuration named by `--with` is matched once per subtree counted
//! (`instances_perft::perft`, where every configuration's generator is compiled once, for the
//! perft family and the commands); nothing is dispatched per node.
//!
//! A count is estimated before it starts, from the shallower counts of the same position (at
//! most about 0.2 s of them): the nodes from the last two depths' branching factor, the time
//! from the measured rate. One expected to take over [`QUIET_SECONDS`] shows its estimate and
//! then its progress on standard error; one expected to take over [`MAX_SECONDS`] is refused,
//! with the estimate, unless `--force` is given.

use crate::args::{Context, PerftArgs};
use anyhow::{anyhow, bail, Result};
use harness::{err, errln, outln};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use strategies::movegen::{self, configs::Choice};
use strategies::perft::table::{self, TableOutcome, TableRow, TABLE_DEPTHS};
use strategies::perft::workloads::PUBLISHED;
use strategies::position::{Move, Position};
use strategies::Cpu;

/// A count expected to take longer than this shows its estimate and progress.
pub const QUIET_SECONDS: f64 = 2.0;
/// A count expected to take longer than this is refused without `--force`.
pub const MAX_SECONDS: f64 = 3600.0;
/// How long the estimate's shallower counts may take, at most about.
const ESTIMATE_BUDGET: Duration = Duration::from_millis(200);

/// `perft`: a count (per root move with `--divide`), or the published table.
pub fn perft(context: &Context, args: &PerftArgs) -> Result<ExitCode> {
    if args.verify_table {
        return verify_table(context, args);
    }
    let (Some(fen), Some(depth)) = (&args.fen, args.depth) else {
        return Err(anyhow!("perft needs a FEN and a depth (or --verify-table)"));
    };
    let position = super::position(fen)?;
    let choice = choice(args.with.as_deref().unwrap_or(""))?;
    let started = Instant::now();
    let (split, nodes) = count(choice, &context.cpu, &position, depth, args.force)?;
    let seconds = started.elapsed().as_secs_f64();
    if args.divide {
        for (mv, nodes) in &split {
            outln!("{mv}: {nodes}");
        }
        outln!();
    }
    outln!("nodes {nodes}");
    let rate = nodes as f64 / seconds.max(1e-9) / 1e6;
    outln!("time {seconds:.3} s ({rate:.1} M nodes/s), configuration {choice}");
    Ok(ExitCode::SUCCESS)
}

/// `--with`'s configuration; a key given twice is refused (which would win is a guess).
fn choice(with: &str) -> Result<Choice> {
    super::refuse_repeated_keys(with)?;
    Ok(Choice::parse(with)?)
}

/// The count of `position` to `depth` per root move (sorted by move) and in all, with
/// `choice`; refused when expected to take over [`MAX_SECONDS`] unless `force`.
fn count(
    choice: Choice,
    cpu: &Cpu,
    position: &Position,
    depth: u32,
    force: bool,
) -> Result<(Vec<(Move, u64)>, u64)> {
    let estimate = Estimate::of(choice, cpu, position, depth)?;
    if let Some(estimate) = &estimate {
        if estimate.seconds > MAX_SECONDS && !force {
            bail!(
                "perft to depth {depth} from this position: {}; refused (more than an hour); \
                 --force to count anyway",
                estimate.describe()
            );
        }
    }
    let progress = estimate
        .filter(|e| e.seconds > QUIET_SECONDS)
        .map(Progress::start);
    let mut split = split(choice, cpu, position, depth, progress)?;
    split.sort_by_cached_key(|(mv, _)| mv.to_string());
    let nodes = match depth {
        0 => 1,
        _ => split.iter().map(|(_, n)| n).sum(),
    };
    Ok((split, nodes))
}

/// The count per root move; with `progress`, reported on standard error as subtrees two plies
/// down are counted. Each call below matches the configuration once
/// (`instances_perft::perft`), for a whole subtree.
fn split(
    choice: Choice,
    cpu: &Cpu,
    position: &Position,
    depth: u32,
    mut progress: Option<Progress>,
) -> Result<Vec<(Move, u64)>> {
    let Some(mut progress) = progress.take().filter(|_| depth >= 3) else {
        return Ok(instances_perft::divide(choice, cpu, position, depth)?);
    };
    // The legal moves, in the generator's order: a divide to depth 1 counts each once.
    let legal_moves = |position: &Position| -> Result<Vec<Move>> {
        let moves = instances_perft::divide(choice, cpu, position, 1)?;
        Ok(moves.into_iter().map(|(mv, _)| mv).collect())
    };
    let mut children: Vec<(Move, Vec<Position>)> = Vec::new();
    for mv in legal_moves(position)? {
        let child = movegen::make(position, mv);
        let grandchildren = legal_moves(&child)?
            .into_iter()
            .map(|reply| movegen::make(&child, reply))
            .collect();
        children.push((mv, grandchildren));
    }
    progress.units = children.iter().map(|(_, g)| g.len()).sum();
    let mut split = Vec::with_capacity(children.len());
    for (mv, grandchildren) in &children {
        let mut nodes = 0;
        for g in grandchildren {
            let counted = instances_perft::perft(choice, cpu, g, depth - 2)?;
            progress.advance(counted);
            nodes += counted;
        }
        split.push((*mv, nodes));
    }
    progress.finish();
    Ok(split)
}

/// A count's expected size and time.
#[derive(Clone, Copy, Debug)]
struct Estimate {
    nodes: f64,
    seconds: f64,
    /// Nodes per second measured on the shallower counts.
    rate: f64,
}

impl Estimate {
    /// Counts `position` to growing depths, short of `depth`, while the next is expected to
    /// fit [`ESTIMATE_BUDGET`], then extrapolates from the deepest: `None` for depth 0 and 1.
    fn of(choice: Choice, cpu: &Cpu, position: &Position, depth: u32) -> Result<Option<Estimate>> {
        let started = Instant::now();
        let (mut nodes, mut seconds, mut branching) = (1.0_f64, 0.0_f64, 1.0_f64);
        let mut level = 0;
        while level + 1 < depth {
            let expected = Duration::from_secs_f64(seconds * branching.max(1.0));
            if level > 0 && started.elapsed() + expected > ESTIMATE_BUDGET {
                break;
            }
            level += 1;
            let at = Instant::now();
            let counted = instances_perft::perft(choice, cpu, position, level)? as f64;
            seconds = at.elapsed().as_secs_f64();
            branching = counted / nodes.max(1.0);
            nodes = counted;
        }
        if level == 0 {
            return Ok(None);
        }
        let ahead = branching.max(1.0).powi((depth - level) as i32);
        Ok(Some(Estimate {
            nodes: nodes * ahead,
            seconds: seconds * ahead,
            rate: nodes / seconds.max(1e-9),
        }))
    }

    fn describe(&self) -> String {
        format!(
            "about {:.2e} nodes, about {} at the measured {:.0} M nodes/s",
            self.nodes,
            duration(self.seconds),
            self.rate / 1e6
        )
    }
}

/// Seconds as people read them: `40 s`, `12 min`, `3.5 h`, `9 days`.
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 120.0 => format!("{s:.0} s"),
        s if s < 7200.0 => format!("{:.0} min", s / 60.0),
        s if s < 172_800.0 => format!("{:.1} h", s / 3600.0),
        s => format!("{:.0} days", s / 86_400.0),
    }
}

/// Progress on standard error: a line that rewrites itself on a terminal, a line every
/// [`Progress::EVERY`] otherwise.
struct Progress {
    started: Instant,
    last: Instant,
    units: usize,
    done: usize,
    nodes: u64,
    terminal: bool,
}

impl Progress {
    const EVERY: Duration = Duration::from_secs(5);

    fn start(estimate: Estimate) -> Progress {
        errln!("perft: {}", estimate.describe());
        let now = Instant::now();
        Progress {
            started: now,
            last: now,
            units: 0,
            done: 0,
            nodes: 0,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn advance(&mut self, nodes: u64) {
        self.done += 1;
        self.nodes += nodes;
        let every = if self.terminal {
            Duration::from_millis(250)
        } else {
            Self::EVERY
        };
        if self.last.elapsed() < every {
            return;
        }
        self.last = Instant::now();
        let elapsed = self.started.elapsed().as_secs_f64();
        let left = elapsed * (self.units - self.done) as f64 / self.done.max(1) as f64;
        let line = format!(
            "perft: {} of {} subtrees, {} nodes, {} in, about {} left",
            self.done,
            self.units,
            self.nodes,
            duration(elapsed),
            duration(left)
        );
        if self.terminal {
            err!("\r{line:<90}");
        } else {
            errln!("{line}");
        }
    }

    fn finish(&self) {
        if self.terminal {
            err!("\r{:<90}\r", "");
        }
    }
}

/// `perft --verify-table [--max-depth N] [--threads N]`.
fn verify_table(context: &Context, args: &PerftArgs) -> Result<ExitCode> {
    let depths = TABLE_DEPTHS.map(|d| args.max_depth.map_or(d, |max| d.min(max)));
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    let positions: Vec<String> = PUBLISHED
        .iter()
        .zip(depths)
        .map(|(p, d)| format!("{} to depth {d}", p.name))
        .collect();
    outln!(
        "the published table: {}; on {threads} threads",
        positions.join(", ")
    );
    let started = Instant::now();
    let count = instances_perft::count;
    let rows = table::verify_table(&context.cpu, depths, threads, count, &print_row);
    let seconds = started.elapsed().as_secs_f64();
    let agreed = rows
        .iter()
        .filter(|r| r.outcome == TableOutcome::Agreed)
        .count();
    let skipped = rows
        .iter()
        .filter(|r| matches!(r.outcome, TableOutcome::NotRunnable(_)))
        .count();
    let disagreed = rows.len() - agreed - skipped;
    outln!(
        "{agreed} agree, {disagreed} disagree, {skipped} not runnable here; {seconds:.1} s in all"
    );
    Ok(if disagreed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn print_row(row: &TableRow) {
    let name = row.variant;
    match &row.outcome {
        TableOutcome::Agreed => {
            let rate = row.nodes as f64 / row.seconds.max(1e-9) / 1e6;
            outln!(
                "  ok        {name:<40} {:>12} nodes {:7.1} s {rate:7.1} M nodes/s",
                row.nodes, row.seconds
            );
        }
        TableOutcome::Disagreed {
            position,
            depth,
            expected,
            got,
        } => outln!(
            "  MISMATCH  {name:<40} {position} at depth {depth}: published {expected}, counted {got}"
        ),
        TableOutcome::NotRunnable(why) => outln!("  skipped   {name:<40} {why}"),
    }
}
