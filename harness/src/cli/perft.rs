//! `perft FEN DEPTH [--divide] [--with KEY=TECHNIQUE,...]` and `perft --verify-table`.
//!
//! The configuration named by `--with` is matched once (`movegen::configs::visit`), which hands
//! a monomorphized generator to the code below; nothing is dispatched per node.

use crate::{Context, PerftArgs};
use anyhow::{anyhow, Result};
use std::process::ExitCode;
use std::time::Instant;
use strategies::movegen::configs::{self, Choice, ConfigVisitor};
use strategies::movegen::{self, Config};
use strategies::perft::table::{self, TableOutcome, TableRow, TABLE_DEPTHS};
use strategies::perft::workloads::PUBLISHED;
use strategies::position::{Move, Position};

/// `perft`: a count (per root move with `--divide`), or the published table.
pub fn perft(context: &Context, args: &PerftArgs) -> Result<ExitCode> {
    if args.verify_table {
        return verify_table(context, args);
    }
    let (Some(fen), Some(depth)) = (&args.fen, args.depth) else {
        return Err(anyhow!("perft needs a FEN and a depth (or --verify-table)"));
    };
    let position = Position::from_fen(fen).map_err(|e| anyhow!("bad FEN: {e}"))?;
    let choice = Choice::parse(args.with.as_deref().unwrap_or(""))?;
    let count = Count {
        position,
        depth,
        divide: args.divide,
    };
    let started = Instant::now();
    let (split, nodes) = configs::visit(choice, &context.cpu, count)?;
    let seconds = started.elapsed().as_secs_f64();
    for (mv, nodes) in &split {
        println!("{mv}: {nodes}");
    }
    if args.divide {
        println!();
    }
    println!("nodes {nodes}");
    let rate = nodes as f64 / seconds.max(1e-9) / 1e6;
    println!("time {seconds:.3} s ({rate:.1} M nodes/s), configuration {choice}");
    Ok(ExitCode::SUCCESS)
}

/// Perft or divide, with whichever configuration `visit` hands over.
struct Count {
    position: Position,
    depth: u32,
    divide: bool,
}

impl ConfigVisitor for Count {
    type Output = (Vec<(Move, u64)>, u64);

    fn visit<C: Config>(self, config: C) -> Self::Output {
        if !self.divide {
            return (
                Vec::new(),
                movegen::perft(config, &self.position, self.depth),
            );
        }
        let mut split = movegen::divide(config, &self.position, self.depth);
        split.sort_by_cached_key(|(mv, _)| mv.to_string());
        let nodes = match self.depth {
            0 => 1,
            _ => split.iter().map(|(_, n)| n).sum(),
        };
        (split, nodes)
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
    println!(
        "the published table: {}; on {threads} threads",
        positions.join(", ")
    );
    let started = Instant::now();
    let rows = table::verify_table(&context.cpu, depths, threads, &print_row);
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
    println!(
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
            println!(
                "  ok        {name:<40} {:>12} nodes {:7.1} s {rate:7.1} M nodes/s",
                row.nodes, row.seconds
            );
        }
        TableOutcome::Disagreed {
            position,
            depth,
            expected,
            got,
        } => println!(
            "  MISMATCH  {name:<40} {position} at depth {depth}: published {expected}, counted {got}"
        ),
        TableOutcome::NotRunnable(why) => println!("  skipped   {name:<40} {why}"),
    }
}
