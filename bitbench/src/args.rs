//! The command line's arguments: one struct per command, holding only the options it honours,
//! and what every command that runs variants builds from them (the CPU with `--disable`'s masks,
//! `--only`'s selection). Parsing only: the commands live in `cli/`.

use anyhow::{bail, Result};
use clap::{Args, Parser, Subcommand};
use harness::choose::select::Selection;
use harness::measure::Plan;
use std::path::PathBuf;
use strategies::inputs::DEFAULT_SEED;

/// `--forks`'s default: [`harness::measure::DEFAULT_FORKS`].
const DEFAULT_FORKS: u64 = harness::measure::DEFAULT_FORKS as u64;
use strategies::{Cpu, Families, Feature};

#[derive(Parser)]
#[command(
    name = "bitbench",
    version = env!("BITBENCH_VERSION"),
    about = "Chess-bitboard techniques, verified and then measured on this CPU",
    long_about = "Chess-bitboard techniques, verified and then measured on this CPU.\n\n\
                  With no command, runs `run`: verify, measure, print the ranked tables, and \
                  write a record and its charts under results/<cpu>/. --only and --disable may \
                  also come before a command that takes them."
)]
pub struct Cli {
    /// Options of `run`, which is what runs with no command.
    #[command(flatten)]
    pub run: RunArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// `--only`, for the commands that can narrow what they cover to some families or variants.
#[derive(Args, Clone, Debug, Default, PartialEq)]
pub struct Only {
    /// Only these families or variants (`in_between`, `lookup`, `knight_attacks/lookup`).
    #[arg(long, value_name = "FAMILY|VARIANT[,...]", value_delimiter = ',')]
    pub only: Vec<String>,
}

/// `--disable`, for the commands that decide what runs on this CPU.
#[derive(Args, Clone, Debug, Default, PartialEq)]
pub struct Disable {
    /// Mask CPU features as if this CPU lacked them (e.g. `--disable avx2`), so the portable
    /// variants can be exercised on a CPU that has them.
    #[arg(long, value_name = "FEATURE[,FEATURE...]", value_delimiter = ',')]
    pub disable: Vec<String>,
}

/// How a measuring command measures: the options `run`, `crosscheck`, `invariance` and
/// `advise --run` share, defined once here.
#[derive(Args, Clone, Debug, PartialEq)]
pub struct Measuring {
    /// A smoke test: the quick run's budget (8 seconds of measuring instead of 80) and passes.
    #[arg(long)]
    pub quick: bool,
    /// Seed of the random inputs.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Processes that measure, sharing the budget: the same binary started again, each with
    /// its own layout in memory (1: this process alone, as before forks).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_FORKS,
          value_parser = clap::value_parser!(u64).range(1..=16))]
    pub forks: u64,
}

impl Measuring {
    /// The main run's plan, or the quick run's, in `forks` processes.
    pub fn plan(&self) -> Plan {
        let plan = if self.quick {
            Plan::quick(self.seed)
        } else {
            Plan::default_run(self.seed)
        };
        Plan {
            forks: self.forks as usize,
            ..plan
        }
    }
}

impl Default for Measuring {
    /// The values when no option is given: clap's own defaults above, parsed from nothing,
    /// so that they are written once.
    fn default() -> Measuring {
        #[derive(Parser)]
        struct Nothing {
            #[command(flatten)]
            measuring: Measuring,
        }
        Nothing::parse_from(["bitbench"]).measuring
    }
}

/// The commands. Each has its own arguments, holding exactly the options it honours; the
/// ones that take `--only` or `--disable` say so in [`Command::selection`].
#[derive(Subcommand)]
pub enum Command {
    /// List the variants by family: table bytes, required CPU features, whether each runs here.
    List(ListArgs),
    /// Check every runnable variant against the reference on every input; exit 0 only if all agree.
    Verify(VerifyArgs),
    /// Verify, measure every runnable variant, print ranked tables, write a record and charts.
    Run(RunArgs),
    /// Re-render tables and charts from stored records, without measuring.
    Report(ReportArgs),
    /// Compare records across CPUs: each variant's ratio to the best on each CPU.
    Plot(PlotArgs),
    /// Compare two records measurement by measurement; exit 1 on a regression.
    Compare(CompareArgs),
    /// Build the static results site from every record under the results folder.
    Site(SiteArgs),
    /// Which technique to use on this CPU, per family, from the newest record of this CPU
    /// (or the records named): the recommended variant, the ties, the margins, what it
    /// depends on, cache crossovers and how it fares inside perft.
    Advise(AdviseArgs),
    /// The position corpus every position-based family is measured on.
    Positions(PositionsArgs),
    /// How repeatable two runs were: calibration of run 1's intervals, stability of its
    /// significant orderings, and the share of medians within 5%.
    Repeatability(RepeatabilityArgs),
    /// Count the leaves of a position's legal-move tree with our generator (perft), per root
    /// move with --divide; or check every configuration against the published table.
    Perft(PerftArgs),
    /// The record's estimator against the one before it on synthetic runs whose truth is
    /// known: coverage of the 95% intervals, power to call a 5% and a 10% difference.
    Simulate(SimulateArgs),
    /// Search a position with our deterministic search: best move, score, principal
    /// variation, nodes, time; or the bench set (--bench), or an EPD suite (--epd).
    Search(SearchArgs),
    /// Time a UCI engine's perft (`go perft N`) beside our move generator's on the same
    /// positions, checking every count against the published table.
    Engine(EngineArgs),
    /// The harness against a plain loop: each variant's hot throughput median beside the
    /// fastest pass of one batch call over the same kind of queries; exit 1 if any is more
    /// than 1.25x away.
    Crosscheck(CrosscheckArgs),
    /// Selection invariance: each variant's hot median inside its family's full selection
    /// over its median alone, interleaved; exit 1 if any ratio lies outside [0.90, 1.10].
    Invariance(InvarianceArgs),
    /// (internal) The cache simulation's worker, run under valgrind by `run --cache-sim`.
    #[command(hide = true)]
    CacheSimWorker(CacheSimWorkerArgs),
    /// (internal) The bound's worker, run under valgrind by `run` (tools::bound).
    #[command(hide = true)]
    BoundWorker(CacheSimWorkerArgs),
    /// (internal) The regression gate's counts: every gated kernel under Callgrind, written
    /// as JSON for scripts/gate.sh (harness::tools::gate).
    #[command(hide = true)]
    GateCounts(GateCountsArgs),
    /// (internal) The gate's worker for one kernel, run under valgrind by `gate-counts`.
    #[command(hide = true)]
    GateWorker(GateWorkerArgs),
    /// (internal) docs/commands.md's reference of every command and option, generated from
    /// this definition (scripts/readme.sh).
    #[command(hide = true)]
    Reference,
    /// (internal) One fork of a measurement: builds the workloads of `--tool` and measures
    /// the slices its parent sends (harness::measure::fork).
    #[command(hide = true)]
    ForkWorker(ForkWorkerArgs),
}

impl Command {
    /// The command's `--only` and `--disable`, where it takes them: those given before the
    /// command join them, and are refused by a command without them.
    fn selection(&mut self) -> (Option<&mut Only>, Option<&mut Disable>) {
        match self {
            Command::List(a) => (Some(&mut a.only), Some(&mut a.disable)),
            Command::Verify(a) => (Some(&mut a.only), Some(&mut a.disable)),
            Command::Run(a) => (Some(&mut a.only), Some(&mut a.disable)),
            Command::Report(a) => (Some(&mut a.only), None),
            Command::Plot(_) => (None, None),
            Command::Compare(a) => (Some(&mut a.only), None),
            Command::Site(_) => (None, None),
            Command::Advise(a) => (Some(&mut a.only), Some(&mut a.disable)),
            Command::Positions(_) => (None, None),
            Command::Repeatability(_) => (None, None),
            Command::Simulate(_) => (None, None),
            Command::Perft(a) => (None, Some(&mut a.disable)),
            Command::Search(a) => (None, Some(&mut a.disable)),
            Command::Engine(a) => (None, Some(&mut a.disable)),
            Command::Crosscheck(a) => (Some(&mut a.only), Some(&mut a.disable)),
            Command::Invariance(a) => (Some(&mut a.only), Some(&mut a.disable)),
            Command::CacheSimWorker(a) => (Some(&mut a.only), Some(&mut a.disable)),
            Command::BoundWorker(a) => (Some(&mut a.only), Some(&mut a.disable)),
            Command::ForkWorker(a) => (Some(&mut a.only), Some(&mut a.disable)),
            Command::GateCounts(a) => (None, Some(&mut a.disable)),
            Command::GateWorker(a) => (None, Some(&mut a.disable)),
            Command::Reference => (None, None),
        }
    }

    /// Adds the `--only` and `--disable` given before the command (`name`) to its own, or
    /// refuses them if it does not take them.
    pub fn take_selection(&mut self, name: &str, only: Only, disable: Disable) -> Result<()> {
        let (takes_only, takes_disable) = self.selection();
        match (takes_only, only.only.is_empty()) {
            (Some(own), false) => own.only.splice(0..0, only.only).for_each(drop),
            (None, false) => bail!("`{name}` does not take --only"),
            _ => {}
        }
        match (takes_disable, disable.disable.is_empty()) {
            (Some(own), false) => own.disable.splice(0..0, disable.disable).for_each(drop),
            (None, false) => bail!("`{name}` does not take --disable"),
            _ => {}
        }
        Ok(())
    }
}

#[derive(Args)]
#[command(
    mut_arg("only", |a| a.help("Advise among these families or variants only")),
    mut_arg("disable", |a| a.help(
        "Leave out the variants that need these CPU features (with --run: mask them)"
    )),
    mut_arg("quick", |a| a.help("With --run: a --quick run")),
    mut_arg("seed", |a| a.help("With --run: the seed of the run's random inputs")),
    mut_arg("forks", |a| a.help("With --run: the processes that measure"))
)]
pub struct AdviseArgs {
    /// Records to advise from (default: the newest committed record of this CPU).
    #[arg(value_name = "RECORD")]
    pub records: Vec<PathBuf>,
    /// The family × CPU matrix over every committed record (the newest of each CPU).
    #[arg(long, conflicts_with_all = ["records", "run"])]
    pub all: bool,
    /// Measure first (the default run, its record under --results), then advise from the new
    /// record.
    #[arg(long, conflicts_with = "records")]
    pub run: bool,
    #[command(flatten)]
    pub measuring: Measuring,
    /// Machine-readable output.
    #[arg(long, conflicts_with = "markdown")]
    pub json: bool,
    /// Markdown (for the site and the README).
    #[arg(long)]
    pub markdown: bool,
    /// With --markdown, instead of the advice: every technique family measured inside perft or
    /// the search, a table of its ranks alone and in each.
    #[arg(long, conflicts_with_all = ["all", "json", "shares"])]
    pub contexts: bool,
    /// Instead of the advice: each technique family's calls per node inside the search and
    /// inside perft (counted), and its estimated share of a node's time (each call priced at
    /// its technique's own time in the record).
    #[arg(long, conflicts_with_all = ["all", "run", "json", "only"])]
    pub shares: bool,
    /// Instead of the advice: every kernel that needs a CPU feature, its speed over its
    /// family's best portable variant, its distance to its throughput bound, and whether it
    /// earns its place on the record's CPU (faster by 1.25x, or within 1.2x of its bound).
    #[arg(long, conflicts_with_all = ["all", "run", "json", "only", "shares", "contexts"])]
    pub kernels: bool,
    /// The folder of committed records (where --run writes its record).
    #[arg(
        long,
        value_name = "DIR",
        default_value = "results",
        conflicts_with = "records"
    )]
    pub results: PathBuf,
    #[command(flatten)]
    pub only: Only,
    #[command(flatten)]
    pub disable: Disable,
}

#[derive(Args)]
pub struct PositionsArgs {
    /// Print the corpus's profile: piece-count histogram, share in check, share with a pin
    /// (printed when --fen is not given; with --fen, after the positions).
    #[arg(long)]
    pub stats: bool,
    /// Print every position as FEN, one per line.
    #[arg(long)]
    pub fen: bool,
    /// Seed of the corpus (the default is the suite's).
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
}

#[derive(Args)]
pub struct SearchArgs {
    /// The position: a FEN (in quotes: it has spaces), or `startpos` or `kiwipete`.
    #[arg(required_unless_present_any = ["bench", "epd"], conflicts_with_all = ["bench", "epd"])]
    pub fen: Option<String>,
    /// How many plies deep to search, 1 to 30.
    #[arg(
        required_unless_present_any = ["bench", "epd"],
        conflicts_with_all = ["bench", "epd"],
        value_parser = clap::value_parser!(u32).range(1..=30)
    )]
    pub depth: Option<u32>,
    /// The techniques, where not the default: `slider=pext,attackers=super_piece_pext`. Keys:
    /// slider, between, pins, knights (as perft's), pawns, spans, attackers, xrays, each at
    /// most once; only configurations that differ from the default in one technique exist.
    #[arg(long, value_name = "KEY=TECHNIQUE[,...]")]
    pub with: Option<String>,
    /// The transposition table's size in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 16,
          value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub hash: u32,
    /// Search every position of the bench set (49: the six perft positions and Stockfish
    /// 15.1's bench positions) and print the total node count (the search's signature) and
    /// the rate.
    #[arg(long, conflicts_with = "epd")]
    pub bench: bool,
    /// With --bench: every configuration compiled that runs here, each held to the default's
    /// answer on every position; exit 1 if any differs.
    #[arg(long)]
    pub all: bool,
    /// Search every position of an EPD file (best moves as `bm`, in SAN) and count the
    /// positions whose best move is found.
    #[arg(long, value_name = "FILE")]
    pub epd: Option<PathBuf>,
    /// With --bench or --epd: how many plies deep (--bench: 3, the search family's measured
    /// depth; --epd: 6).
    #[arg(
        long = "depth",
        id = "suite_depth",
        value_name = "N",
        conflicts_with = "fen",
        value_parser = clap::value_parser!(u32).range(1..=30)
    )]
    pub suite_depth: Option<u32>,
    /// With --epd: also run the suite through this UCI engine, `go depth` the same depth with
    /// one thread and a table of --hash MiB, and count its answers.
    #[arg(long, value_name = "PATH")]
    pub uci: Option<PathBuf>,
    /// With --epd: print the machine and the totals only, not a line per position.
    #[arg(long)]
    pub summary: bool,
    #[command(flatten)]
    pub disable: Disable,
}

#[derive(Args)]
pub struct PerftArgs {
    /// The position: a FEN (in quotes: it has spaces), or `startpos` or `kiwipete`.
    #[arg(required_unless_present = "verify_table")]
    pub fen: Option<String>,
    /// How many plies deep to count, 0 to 10.
    #[arg(
        required_unless_present = "verify_table",
        value_parser = clap::value_parser!(u32).range(0..=10)
    )]
    pub depth: Option<u32>,
    /// Also print each legal move (UCI, sorted) with the count below it.
    #[arg(long)]
    pub divide: bool,
    /// The techniques, where not the default: `slider=pext,pins=dir_golem`. Keys: slider,
    /// between, pins, knights, each at most once; `bitbench list` names the techniques (their
    /// variants in rook_attacks, in_between, checkers_pins and knight_attacks).
    #[arg(long, value_name = "KEY=TECHNIQUE[,...]")]
    pub with: Option<String>,
    /// Count even if the estimate says it takes more than an hour (otherwise refused).
    #[arg(long)]
    pub force: bool,
    /// Check every configuration, and the peers, against the published perft table (initial
    /// position to depth 6, Kiwipete 5, position 3 6, position 4 5, position 5 5, position 6 5);
    /// exit 1 on any difference.
    #[arg(long, conflicts_with_all = ["fen", "depth", "divide", "with", "force"])]
    pub verify_table: bool,
    /// With --verify-table: check no deeper than this (the table's depths by default).
    #[arg(
        long,
        conflicts_with_all = ["fen", "depth"],
        value_parser = clap::value_parser!(u32).range(1..=6)
    )]
    pub max_depth: Option<u32>,
    /// With --verify-table: threads, each checking one configuration at a time (default: one
    /// per core).
    #[arg(
        long,
        conflicts_with_all = ["fen", "depth"],
        value_parser = clap::value_parser!(u32).range(1..=256)
    )]
    pub threads: Option<u32>,
    #[command(flatten)]
    pub disable: Disable,
}

#[derive(Args)]
pub struct RepeatabilityArgs {
    /// The first run's record.
    pub first: PathBuf,
    /// The second run's record.
    pub second: PathBuf,
    /// Accept records from different CPUs (otherwise refused, as by `compare`).
    #[arg(long)]
    pub cross_cpu: bool,
    /// Accept a `--quick` record with a full one (otherwise refused, as by `compare`).
    #[arg(long)]
    pub allow_mode_mismatch: bool,
    /// Accept records measured by different methods (otherwise refused, as by `compare`).
    #[arg(long)]
    pub across_methods: bool,
}

#[derive(Args)]
pub struct SimulateArgs {
    /// Synthetic runs per shape (a default run's, a --quick run's, and a default run's rounds
    /// in six forks), 12 families each.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub runs: u64,
    /// The seed of the synthetic runs.
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    pub seed: u64,
    /// Print a Markdown table (for docs/method.md).
    #[arg(long)]
    pub markdown: bool,
}

#[derive(Args)]
pub struct SiteArgs {
    /// The folder of records, one subfolder per CPU.
    #[arg(long, value_name = "DIR", default_value = "results")]
    pub results: PathBuf,
    /// Where the site goes (default: RESULTS/site).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

#[derive(Args)]
#[command(mut_arg("only", |a| a.help("Compare the measurements of these families or variants only")))]
pub struct CompareArgs {
    /// The earlier record (the baseline).
    pub old: PathBuf,
    /// The later record.
    pub new: PathBuf,
    /// Percent by which a median must grow (beyond both runs' spread) to count as a regression.
    #[arg(long, default_value_t = 5.0, value_name = "PCT")]
    pub threshold: f64,
    /// Compare records from different CPUs (otherwise refused).
    #[arg(long)]
    pub cross_cpu: bool,
    /// Compare a `--quick` record with a full one (otherwise refused: their noise differs).
    #[arg(long)]
    pub allow_mode_mismatch: bool,
    /// Compare records measured by different methods: schema, one process or forks, level
    /// copies (otherwise refused: a change may be the method's).
    #[arg(long)]
    pub across_methods: bool,
    /// Judge every change raw: no correction for the machine's drift between the runs.
    #[arg(long)]
    pub no_drift: bool,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
    /// Show only the measurements with a verdict (regressed, improved, or alone), not every row.
    #[arg(long)]
    pub changed: bool,
    #[command(flatten)]
    pub only: Only,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Ranked tables on the terminal, full tables and charts beside the record.
    Text,
    /// Bencher Metric Format JSON on standard output.
    Bmf,
    /// github-action-benchmark `customSmallerIsBetter` JSON on standard output.
    Gab,
}

#[derive(Args, Clone, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    pub measuring: Measuring,
    /// Seconds of measuring, shared by the families selected (default: 80, or 8 with
    /// --quick); more buys more rounds, and narrower intervals where the run says it needs them.
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub budget: Option<u64>,
    /// Where records go: DIR/<cpu>/<UTC time>.json.gz (gzip-compressed JSON), charts beside it.
    #[arg(long, value_name = "DIR", default_value = "results")]
    pub out: PathBuf,
    /// Only check the timer: time chains of 1 to 32 dependent adds and print the line fit.
    #[arg(
        long,
        conflicts_with_all = ["quick", "budget", "out", "seed", "cache_sim", "bound", "forks", "only", "disable"]
    )]
    pub self_check: bool,
    /// Also count simulated cache misses per query under valgrind (cache-pressure workloads).
    #[arg(long)]
    pub cache_sim: bool,
    /// Estimate each headline loop's throughput bound (valgrind and llvm-mca), and show the
    /// measured cycles as a multiple of it ("x of bound"). Without this or --no-bound, a full
    /// run makes the bound where both tools are found.
    #[arg(long, conflicts_with = "no_bound")]
    pub bound: bool,
    /// Make no bound.
    #[arg(long)]
    pub no_bound: bool,
    #[command(flatten)]
    pub only: Only,
    #[command(flatten)]
    pub disable: Disable,
}

#[derive(Args)]
#[command(mut_arg("only", |a| a.help(
    "With --format bmf or gab: export the measurements of these families or variants only"
)))]
pub struct ReportArgs {
    /// Records to render.
    #[arg(required = true, value_name = "RECORD")]
    pub records: Vec<PathBuf>,
    /// What to produce.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Where the charts go (default: a folder beside each record, named like it); not with
    /// --format bmf or gab, which write to standard output.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub only: Only,
}

#[derive(Args)]
pub struct PlotArgs {
    /// Records to compare, e.g. results/*/*.json.gz (a record given twice counts once).
    #[arg(required = true, value_name = "RECORD")]
    pub records: Vec<PathBuf>,
    /// Where the charts go.
    #[arg(long, value_name = "DIR", default_value = "results/cross-cpu")]
    pub out: PathBuf,
}

#[derive(Args)]
pub struct ListArgs {
    /// Machine-readable output.
    #[arg(long, conflicts_with = "markdown")]
    pub json: bool,
    /// Every family's variants as Markdown tables (what docs/families.md shows), whatever this CPU
    /// runs.
    #[arg(long, conflicts_with = "disable")]
    pub markdown: bool,
    /// Only the variants that cannot run here, each with the reason (the run prints one line
    /// per missing feature and points here).
    #[arg(long, conflicts_with = "markdown")]
    pub unsupported: bool,
    #[command(flatten)]
    pub only: Only,
    #[command(flatten)]
    pub disable: Disable,
}

#[derive(Args)]
pub struct VerifyArgs {
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
    /// Seed of the random inputs.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    #[command(flatten)]
    pub only: Only,
    #[command(flatten)]
    pub disable: Disable,
}

/// What a fork's worker measures: the workloads of which command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ForkTool {
    Run,
    Crosscheck,
    Invariance,
}

#[derive(Args)]
pub struct ForkWorkerArgs {
    #[arg(long, value_enum)]
    pub tool: ForkTool,
    #[arg(long)]
    pub quick: bool,
    #[arg(long)]
    pub seed: u64,
    #[command(flatten)]
    pub only: Only,
    #[command(flatten)]
    pub disable: Disable,
}

#[derive(Args)]
pub struct GateCountsArgs {
    /// Where to write the counts (JSON).
    #[arg(long)]
    pub out: PathBuf,
    #[command(flatten)]
    pub disable: Disable,
}

#[derive(Args)]
pub struct GateWorkerArgs {
    /// The kernel, `family/variant`.
    #[arg(long)]
    pub kernel: String,
    #[command(flatten)]
    pub disable: Disable,
}

#[derive(Args)]
pub struct CacheSimWorkerArgs {
    #[arg(long)]
    pub seed: u64,
    #[command(flatten)]
    pub only: Only,
    #[command(flatten)]
    pub disable: Disable,
}

/// What every command that runs variants needs: the CPU with masks applied, and the user's
/// selection.
pub struct Context {
    pub cpu: Cpu,
    pub selection: Selection,
}

impl Context {
    pub fn new(only: &Only, disable: &Disable) -> Result<Context> {
        Ok(Context {
            cpu: Cpu::with_disabled(&features(disable)?),
            selection: selection(only)?,
        })
    }
}

/// The features `--disable` names.
pub fn features(disable: &Disable) -> Result<Vec<Feature>> {
    Ok(disable
        .disable
        .iter()
        .filter(|s| !s.trim().is_empty())
        .map(|name| Feature::parse(name))
        .collect::<Result<Vec<_>, _>>()?)
}

/// The families and variants `--only` names.
pub fn selection(only: &Only) -> Result<Selection> {
    Selection::parse::<Families>(&only.only)
}

#[derive(Args)]
pub struct EngineArgs {
    /// The engine: a UCI program's path (or its name on PATH), run with no arguments.
    #[arg(long, value_name = "PATH")]
    pub uci: PathBuf,
    /// Shallower positions: each at its deepest known depth of at most 5 M nodes (without
    /// it, 200 M: the published table's depths).
    #[arg(long, conflicts_with = "depth")]
    pub quick: bool,
    /// Positions from a file instead of the six published ones: one FEN a line, each
    /// followed by its known counts, `;D1 20 ;D2 400` (the perft-suite form); `#` comments.
    #[arg(long, value_name = "FILE")]
    pub positions: Option<PathBuf>,
    /// Count every position to this depth. Counts that neither the table nor the file give
    /// are counted by our default configuration first.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10))]
    pub depth: Option<u32>,
    /// Our second configuration, instead of the fastest known: `slider=pext,knights=lookup`
    /// (the keys and techniques of `perft --with`).
    #[arg(long, value_name = "KEY=TECHNIQUE[,...]")]
    pub with: Option<String>,
    /// The folder of records in which this CPU's newest record names our fastest
    /// configuration (without one, it is measured here first).
    #[arg(long, value_name = "DIR", default_value = "results")]
    pub results: PathBuf,
    /// Seconds to wait for the engine's answer to a command; a `go perft` gets this plus
    /// a second per million nodes.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub timeout: f64,
    /// How many times every position is counted by each side (the figures are medians).
    #[arg(long, value_name = "N", default_value_t = 5,
          value_parser = clap::value_parser!(u32).range(1..=100))]
    pub rounds: u32,
    #[command(flatten)]
    pub disable: Disable,
}

#[derive(Args)]
#[command(mut_arg("only", |a| a.help(
    "Only these families or variants (`in_between`, `lookup`, `knight_attacks/lookup`)"
)))]
pub struct CrosscheckArgs {
    #[command(flatten)]
    pub measuring: Measuring,
    #[command(flatten)]
    pub only: Only,
    #[command(flatten)]
    pub disable: Disable,
}

#[derive(Args)]
#[command(mut_arg("only", |a| a.help(
    "The variants to check (default: every one with a table of 256 KiB or more, and three \
     with small tables and three without)"
)))]
pub struct InvarianceArgs {
    #[command(flatten)]
    pub measuring: Measuring,
    /// Also write the table to DIR/<cpu>/selection-invariance-<UTC time>[-quick].txt.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub only: Only,
    #[command(flatten)]
    pub disable: Disable,
}
