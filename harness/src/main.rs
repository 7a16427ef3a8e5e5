//! `bitbench`: the command line. See `bitbench --help`.

use anyhow::Result;
use clap::{Args, Parser, Subcommand};
use harness::families::Bench;
use harness::inputs::DEFAULT_SEED;
use harness::select::{all_entries, Selection};
use harness::verify::{side_by_side, verify_family, Outcome, Verdict};
use serde::Serialize;
use std::process::ExitCode;
use strategies::{Cpu, Feature, InBetweenFamily, KnightFamily};

#[derive(Parser)]
#[command(
    name = "bitbench",
    version,
    about = "Chess-bitboard techniques, verified and then measured on this CPU",
    long_about = "Chess-bitboard techniques, verified and then measured on this CPU.\n\n\
                  With no command, runs `verify`."
)]
struct Cli {
    #[command(flatten)]
    global: Global,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Args, Clone, Debug)]
struct Global {
    /// Mask CPU features as if this CPU lacked them (e.g. `--disable avx2`), so the portable
    /// variants can be exercised on a CPU that has them.
    #[arg(
        long,
        global = true,
        value_name = "FEATURE[,FEATURE...]",
        value_delimiter = ','
    )]
    disable: Vec<String>,
    /// Only these families or variants (`in_between`, `lookup`, `knight_attacks/lookup`).
    #[arg(
        long,
        global = true,
        value_name = "FAMILY|VARIANT[,...]",
        value_delimiter = ','
    )]
    only: Vec<String>,
}

#[derive(Subcommand)]
enum Command {
    /// List the variants by family: table bytes, required CPU features, whether each runs here.
    List(JsonFlag),
    /// Check every runnable variant against the reference on every input; exit 0 only if all agree.
    Verify(VerifyArgs),
}

#[derive(Args)]
struct JsonFlag {
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct VerifyArgs {
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
    /// Seed of the random inputs.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

/// What every command needs: the CPU with masks applied, and the user's selection.
struct Context {
    cpu: Cpu,
    selection: Selection,
}

impl Context {
    fn new(global: &Global) -> Result<Context> {
        let disabled = global
            .disable
            .iter()
            .filter(|s| !s.trim().is_empty())
            .map(|name| Feature::parse(name))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Context {
            cpu: Cpu::with_disabled(&disabled),
            selection: Selection::parse(&global.only)?,
        })
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    let context = Context::new(&cli.global)?;
    match cli.command {
        Some(Command::List(args)) => list(&context, args.json),
        Some(Command::Verify(args)) => verify(&context, args.json, args.seed),
        None => verify(&context, false, DEFAULT_SEED),
    }
}

#[derive(Serialize)]
struct ListRow {
    family: &'static str,
    name: &'static str,
    summary: &'static str,
    source: String,
    external: bool,
    table_bytes: usize,
    requires: Vec<&'static str>,
    runs_here: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    not_runnable: Option<String>,
}

fn list(context: &Context, json: bool) -> Result<ExitCode> {
    let rows: Vec<ListRow> = all_entries(&context.cpu, &context.selection)
        .into_iter()
        .map(|entry| {
            let d = entry.descriptor;
            ListRow {
                family: d.family,
                name: d.name,
                summary: d.summary,
                source: d.source.describe(),
                external: d.source.is_external(),
                table_bytes: d.table_bytes,
                requires: d.requires.iter().map(|f| f.name()).collect(),
                runs_here: entry.runnable.is_ok(),
                not_runnable: entry.runnable.err().map(|reason| reason.to_string()),
            }
        })
        .collect();
    if json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(ExitCode::SUCCESS);
    }
    let mut family = "";
    for row in &rows {
        if row.family != family {
            family = row.family;
            println!("\n{family}");
            println!(
                "  {:<26} {:>11}  {:<8} runs here",
                "variant", "table bytes", "requires"
            );
        }
        let requires = if row.requires.is_empty() {
            "-".to_string()
        } else {
            row.requires.join(",")
        };
        let status = match &row.not_runnable {
            None => "yes".to_string(),
            Some(reason) => format!("no ({reason})"),
        };
        let name = if row.external {
            format!("{} (external)", row.name)
        } else {
            row.name.to_string()
        };
        println!(
            "  {name:<26} {:>11}  {requires:<8} {status}",
            row.table_bytes
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn verify(context: &Context, json: bool, seed: u64) -> Result<ExitCode> {
    let verdicts = verify_all(context, seed, !json);
    let all_agree = verdicts
        .iter()
        .all(|v| !matches!(v.outcome, Outcome::Disagreed(_)));
    if json {
        #[derive(Serialize)]
        struct Report<'a> {
            seed: u64,
            disabled: Vec<&'static str>,
            all_agree: bool,
            variants: &'a [Verdict],
        }
        let disabled = context.cpu.disabled().iter().map(|f| f.name()).collect();
        let report = Report {
            seed,
            disabled,
            all_agree,
            variants: &verdicts,
        };
        println!("{}", serde_json::to_string_pretty(&report)?);
    }
    Ok(if all_agree {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Verifies every selected variant, printing one line per variant as it goes when `print`.
fn verify_all(context: &Context, seed: u64, print: bool) -> Vec<Verdict> {
    fn family<F: Bench>(context: &Context, seed: u64, print: bool, all: &mut Vec<Verdict>) {
        if !context.selection.includes_family(F::NAME) {
            return;
        }
        let verdicts = verify_family::<F>(&context.cpu, &context.selection, seed);
        if print {
            println!("{}", F::NAME);
            verdicts.iter().for_each(print_verdict);
        }
        all.extend(verdicts);
    }
    let mut all = Vec::new();
    family::<InBetweenFamily>(context, seed, print, &mut all);
    family::<KnightFamily>(context, seed, print, &mut all);
    all
}

fn print_verdict(verdict: &Verdict) {
    match &verdict.outcome {
        Outcome::Agreed { checked } => {
            println!(
                "  ok        {:<24} {checked:>10} inputs checked",
                verdict.variant
            )
        }
        Outcome::NotRunnable { reason } => {
            println!("  skipped   {:<24} {reason}", verdict.variant)
        }
        Outcome::Disagreed(m) => {
            println!("  MISMATCH  {:<24} on {}", verdict.variant, m.check);
            println!("input:\n{}", m.input);
            print!(
                "{}",
                side_by_side(&[("expected", m.expected), (verdict.variant, m.got)])
            );
        }
    }
}
