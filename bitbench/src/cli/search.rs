//! `search FEN DEPTH [--with KEY=TECHNIQUE,...] [--hash MIB]`, `search --bench [--all]` and
//! `search --epd FILE [--uci PATH]`.
//!
//! The configuration named by `--with` is matched once (`instances_search::search`, where
//! every configuration's search is compiled once for the family and for this command);
//! nothing is dispatched per node.

use crate::args::{Context, SearchArgs};
use anyhow::{anyhow, bail, Context as _, Result};
use harness::base::signals;
use harness::outln;
use harness::tools::engine::uci;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use strategies::position::Move;
use strategies::search::configs::Choice;
use strategies::search::family::{configurations, SearchAnswer, SearchFamily};
use strategies::search::suite::{self, Case};
use strategies::search::workloads::{self, MEASURED_DEPTH};
use strategies::search::{SearchResult, TranspositionTable};
use strategies::Family;

/// The depth of `--epd` unless `--depth` says otherwise.
const EPD_DEPTH: u32 = 6;
/// How long a UCI engine may take to answer `uci`, `isready` or a setting.
const UCI_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a UCI engine may take for one `go depth`.
const UCI_LIMIT: Duration = Duration::from_secs(120);

/// `search`: one position, the bench set, or an EPD suite.
pub fn search(context: &Context, args: &SearchArgs) -> Result<ExitCode> {
    super::refuse_repeated_keys(args.with.as_deref().unwrap_or(""))?;
    let choice = Choice::parse(args.with.as_deref().unwrap_or(""))?;
    if args.all && !args.bench {
        bail!("--all applies to --bench only");
    }
    if args.uci.is_some() && args.epd.is_none() {
        bail!("--uci applies to --epd only");
    }
    if args.summary && args.epd.is_none() {
        bail!("--summary applies to --epd only");
    }
    if args.all && args.with.is_some() {
        bail!("--all searches every configuration: it takes no --with");
    }
    let mib = args.hash as usize;
    if let Some(path) = &args.epd {
        return epd(context, args, choice, path);
    }
    if args.bench {
        let depth = args.suite_depth.unwrap_or(u32::from(MEASURED_DEPTH));
        return if args.all {
            bench_all(context, depth, mib)
        } else {
            bench(context, choice, depth, mib)
        };
    }
    let (Some(fen), Some(depth)) = (&args.fen, args.depth) else {
        return Err(anyhow!(
            "search needs a FEN and a depth (or --bench, or --epd)"
        ));
    };
    let position = super::position(fen)?;
    let mut table = TranspositionTable::new(mib);
    let started = Instant::now();
    let result = instances_search::search(choice, &context.cpu, &position, depth, &mut table)?;
    let seconds = started.elapsed().as_secs_f64();
    let moves: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
    match result.best {
        Some(best) => outln!("bestmove {best}"),
        None => outln!("bestmove (none): no legal move"),
    }
    outln!("score {}", result.score);
    outln!("pv {}", moves.join(" "));
    outln!("nodes {}", result.nodes);
    outln!("time {seconds:.3} s ({})", rate(result.nodes, seconds));
    outln!("configuration {}", describe(&choice));
    Ok(ExitCode::SUCCESS)
}

/// `2.41 M nodes/s`.
fn rate(nodes: u64, seconds: f64) -> String {
    format!("{:.2} M nodes/s", nodes as f64 / seconds.max(1e-9) / 1e6)
}

/// `default`, or the technique that differs: `default, with slider=pext`.
fn describe(choice: &Choice) -> String {
    let differing: Vec<String> = choice
        .differing()
        .into_iter()
        .map(|d| format!("{}={}", d.key(), choice.name(d)))
        .collect();
    if differing.is_empty() {
        "default".to_string()
    } else {
        format!("default, with {}", differing.join(","))
    }
}

/// Every bench position under `choice`: the results and the seconds the searches took.
fn run_bench(
    context: &Context,
    choice: Choice,
    depth: u32,
    mib: usize,
) -> Result<(Vec<SearchResult>, f64)> {
    let mut table = TranspositionTable::new(mib);
    let mut results = Vec::new();
    let mut seconds = 0.0;
    for position in workloads::bench() {
        signals::check()?;
        let started = Instant::now();
        let result = instances_search::search(choice, &context.cpu, position, depth, &mut table)?;
        seconds += started.elapsed().as_secs_f64();
        results.push(result);
    }
    Ok((results, seconds))
}

/// `--bench`: the bench set's total nodes, its signature, and the rate.
fn bench(context: &Context, choice: Choice, depth: u32, mib: usize) -> Result<ExitCode> {
    let (results, seconds) = run_bench(context, choice, depth, mib)?;
    let nodes: u64 = results.iter().map(|r| r.nodes).sum();
    outln!(
        "bench: {} positions, depth {depth}, a {mib} MiB table, configuration {}",
        results.len(),
        describe(&choice)
    );
    outln!("nodes {nodes}");
    outln!("signature {nodes} (the bench's node count, an engine's \"Bench:\" line)");
    outln!("time {seconds:.3} s ({})", rate(nodes, seconds));
    Ok(ExitCode::SUCCESS)
}

/// `--bench --all`: every configuration that runs here, each held to the default's answers.
fn bench_all(context: &Context, depth: u32, mib: usize) -> Result<ExitCode> {
    let (expected, _) = run_bench(context, Choice::DEFAULT, depth, mib)?;
    let expected: Vec<SearchAnswer> = expected.iter().map(SearchAnswer::of).collect();
    let nodes: u64 = expected.iter().map(|a| a.nodes).sum();
    outln!(
        "bench: {} positions, depth {depth}, a {mib} MiB table; signature {nodes}; every \
         configuration against the default",
        expected.len()
    );
    let (mut same, mut differ, mut skipped) = (0, 0, 0);
    for (name, variant) in configurations() {
        if let Err(why) = SearchFamily::runnable(variant, &context.cpu) {
            outln!("  skipped  {name}: {why}");
            skipped += 1;
            continue;
        }
        let (results, seconds) = run_bench(context, variant.choice, depth, mib)?;
        let first = results
            .iter()
            .zip(&expected)
            .position(|(r, e)| SearchAnswer::of(r) != *e);
        match first {
            None => {
                same += 1;
                outln!("  same     {name:<58} {}", rate(nodes, seconds));
            }
            Some(i) => {
                differ += 1;
                let got = SearchAnswer::of(&results[i]);
                outln!(
                    "  DIFFERS  {name}: bench position {} ({}): {} nodes, not {}",
                    i + 1,
                    workloads::bench()[i],
                    got.nodes,
                    expected[i].nodes
                );
            }
        }
    }
    outln!("{same} the same, {differ} different, {skipped} not runnable here");
    Ok(if differ == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `--epd`: each position searched, its move held to the suite's; with `--uci`, the engine's
/// too.
fn epd(
    context: &Context,
    args: &SearchArgs,
    choice: Choice,
    path: &std::path::Path,
) -> Result<ExitCode> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let cases = suite::parse_epd(&text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    if cases.is_empty() {
        bail!("{}: no positions", path.display());
    }
    let depth = args.suite_depth.unwrap_or(EPD_DEPTH);
    let mib = args.hash as usize;
    let mut engine = match &args.uci {
        Some(path) => {
            let mut engine = uci::Engine::start(path, UCI_TIMEOUT)?;
            engine.set_option("Threads", "1", UCI_TIMEOUT)?;
            engine.set_option("Hash", &mib.to_string(), UCI_TIMEOUT)?;
            Some(engine)
        }
        None => None,
    };
    let name = engine
        .as_ref()
        .and_then(|e| e.name.clone())
        .unwrap_or_else(|| "the engine".to_string());
    let (now, _) = harness::record::utc_now();
    outln!(
        "on: {}, {}{}",
        harness::base::machine::Machine::detect().cpu.describe(),
        now.replace('T', " ").replace('Z', " UTC"),
        super::load()
    );
    let mut table = TranspositionTable::new(mib);
    let (mut found, mut theirs) = (0, 0);
    let (mut seconds, mut their_seconds) = (0.0, 0.0);
    let mut nodes = 0;
    for case in &cases {
        signals::check()?;
        let started = Instant::now();
        let result =
            instances_search::search(choice, &context.cpu, &case.position, depth, &mut table)?;
        seconds += started.elapsed().as_secs_f64();
        nodes += result.nodes;
        let ours = result.best.filter(|&mv| case.solved_by(mv));
        found += ours.is_some() as usize;
        let mut line = format!(
            "  {:<10} {:<8} {:<10}",
            case.id,
            if ours.is_some() { "found" } else { "missed" },
            shown(case, result.best.map(|m| m.to_string()))
        );
        if let Some(engine) = &mut engine {
            let fen = case.position.to_string();
            let (mv, took) = engine.search_depth(&fen, depth, UCI_TIMEOUT, UCI_LIMIT)?;
            their_seconds += took;
            let solved = Move::parse_uci(&case.position, &mv).is_ok_and(|m| case.solved_by(m));
            theirs += solved as usize;
            line.push_str(&format!(
                " {:<8} {}",
                if solved { "found" } else { "missed" },
                shown(case, Some(mv))
            ));
        }
        line.push_str(&format!("  (bm {})", case.best.join(" ")));
        if !args.summary {
            outln!("{}", line.trim_end());
        }
    }
    outln!(
        "ours: found {found} of {} at depth {depth}, a {mib} MiB table, configuration {}; \
         {nodes} nodes in {seconds:.1} s ({})",
        cases.len(),
        describe(&choice),
        rate(nodes, seconds)
    );
    if let Some(engine) = engine {
        outln!(
            "{name}: found {theirs} of {} at go depth {depth}, one thread, Hash {mib}; \
             {their_seconds:.1} s in all",
            cases.len()
        );
        engine.quit(Duration::from_secs(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// A move (UCI) in SAN, as the suite writes its answers; `(none)` without one.
fn shown(case: &Case, mv: Option<String>) -> String {
    let Some(text) = mv else {
        return "(none)".to_string();
    };
    match Move::parse_uci(&case.position, &text) {
        Ok(mv) => suite::san(&case.position, mv),
        Err(_) => text,
    }
}
