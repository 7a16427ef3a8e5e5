//! The record: one run's measurements and the machine they were taken on, as schema-versioned
//! JSON. Records are the single source of the tables, charts, comparisons and advice, which
//! are computed from them.
//!
//! This module is plain data and IO: the types here, [`validate`] (what a readable record
//! must satisfy) and [`io`] (reading and atomic writing). It does not depend on the measuring
//! code; [`crate::record::analysis`] turns samples into these types.
//!
//! Schema history: 1 had per-measurement summaries only; 2 adds each measurement's per-round
//! values (`rounds`), the 95% interval of its median, its paired ratio to the best variant of
//! its workload, rank intervals and ties, and optional cache-simulation counts; 3 states the
//! cache state every sample was taken in (`run.cache_state`: hot, an untimed pass of the same
//! variant first), adds the A/A controls (`controls`, and `same_code_as` / `twin` on their
//! measurements), calls ties against the best variant and outside the A/A spread
//! (`tied_with_best` on measurements and ranks, replacing 2's `tied_with_previous`), and
//! makes `ratio_to_best` and `speedup` the medians of the per-round ratios whose intervals
//! they are printed with. 4 measures in forks (processes): `run.forks`, each fork's clock
//! (`fork_clocks`), the fork of each slice (`forks` on measurements, beside `sweeps`, which
//! now counts the rounds of each slice), intervals and ratios over forks
//! ([`crate::base::nested`]), cycles from each fork's clock, and per-process outliers
//! (`outliers`). 5 adds to every ratio's interval the placement noise of two compiled copies
//! of one code, which each family's controls state (`controls[].placement`), calls a tie where
//! an interval includes 1.00 ([`crate::record::judge`]), and states the run's resolution
//! (`resolution`). This build reads all five, and
//! judges every record older than 5 again on reading, with this build's rule
//! ([`crate::record::judge::judge`]): its ratios' intervals, ties, controls and ranks (and,
//! older than 3, its medians' intervals too); the file is never changed.
//!
//! A record may keep the clock at every round of every workload (`round_clocks`), at which its
//! rounds were converted to cycles; older records converted each round at its process's
//! estimate (`fork_clocks`), and are read as they are.

pub mod analysis;
pub mod io;
pub mod judge;
pub mod validate;

pub use io::{
    is_record_name, read_text, record_stem, records_under, utc_from_unix, utc_now,
    write_new_atomically, RecordError, RECORD_SUFFIXES,
};

use crate::base::machine::Machine;
use crate::base::stats::{LineFit, Summary};
use serde::{Deserialize, Serialize};

/// The schema this build writes. It reads every version from [`OLDEST_SCHEMA`] to this one.
/// Schema 5: ratios' intervals carry the placement noise the A/A controls show, a tie is an
/// interval that includes 1.00, each family's controls state that noise, and the record its
/// resolution ([`crate::record::judge`]). Schema 6: portable variants measured in their
/// baseline copies too, and what the compiler and hand SIMD give each family
/// ([`Record::compiler`]). Schema 7: a throughput bound of each headline loop, where the run
/// could make one ([`Record::bound`], [`Measurement::bound`]).
pub const SCHEMA_VERSION: u32 = 7;
/// The oldest schema this build reads.
pub const OLDEST_SCHEMA: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub schema_version: u32,
    pub tool: Tool,
    pub machine: Machine,
    pub run: Run,
    /// The clock estimate of this run's parent process; `None` where the architecture has no
    /// add ladder.
    pub clock: Option<ClockEstimate>,
    /// Each fork's clock estimate, in fork order (schema 4; empty when one process measured):
    /// its timer's self-check, and, in records without `round_clocks`, the clock its rounds
    /// were converted to cycles with.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fork_clocks: Vec<Option<ClockEstimate>>,
    /// The core clock at each round of each workload, by which its rounds were converted to
    /// cycles (optional in schema 7: older records converted each fork's rounds with that
    /// fork's estimate).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub round_clocks: Vec<RoundClocks>,
    pub measurements: Vec<Measurement>,
    /// Per family, each variant's geometric mean of its ratios to the best, ranked.
    pub ranks: Vec<Rank>,
    /// Each SIMD variant against the best portable variant of its family, in throughput mode.
    pub simd_speedups: Vec<SimdSpeedup>,
    /// Per family whose portable variants were measured in their baseline copies too, what the
    /// compiler gives them at the CPU's level and what hand SIMD adds (schema 6).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub compiler: Vec<CompilerShare>,
    /// Per family, its A/A controls and the placement noise they show (schema 3; the noise,
    /// schema 5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub controls: Vec<FamilyControl>,
    /// The caches the cache simulation modelled, when the run made one (`run --cache-sim`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache_sim: Option<SimulatedCaches>,
    /// How the throughput bounds of the headline loops were estimated, when the run made them
    /// (schema 7; the tool `bound`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bound: Option<BoundMethod>,
    /// Measurements that one fork measured apart from all the others (schema 4;
    /// [`crate::base::nested::fork_outlier`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outliers: Vec<Outlier>,
    /// How finely the run tells techniques apart, and what budget would resolve 5% (schema 5;
    /// [`crate::record::judge::resolution`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolution: Option<Resolution>,
}

/// How a record was measured, in what its numbers depend on: its schema (what it states and
/// how its intervals and ties are judged), whether it measured in one process or in forks,
/// and whether its portable variants were measured in their baseline copies too. Records of
/// different methods are put side by side only with the method named
/// ([`Method::differences`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Method {
    pub schema: u32,
    /// Processes that measured: 1 before forks (schema 4) or with `--forks 1`.
    pub forks: usize,
    /// Portable variants measured in their baseline copies too (schema 6: [`Record::compiler`]).
    pub level_copies: bool,
}

impl Record {
    /// How this record was measured.
    pub fn method(&self) -> Method {
        Method {
            schema: self.schema_version,
            forks: self.run.forks.unwrap_or(1),
            level_copies: !self.compiler.is_empty(),
        }
    }
}

impl Method {
    /// What differs between `self` (the first record's method) and `other`, one phrase each:
    /// `schema 1 against 7`, `one process against 3 forks`, `no level copies against level
    /// copies`. Empty when they agree. A different number of forks is no different method.
    pub fn differences(&self, other: &Method) -> Vec<String> {
        let mut out = Vec::new();
        if self.schema != other.schema {
            out.push(format!("schema {} against {}", self.schema, other.schema));
        }
        if (self.forks > 1) != (other.forks > 1) {
            out.push(format!(
                "{} against {}",
                self.processes(),
                other.processes()
            ));
        }
        if self.level_copies != other.level_copies {
            let copies = |on: bool| {
                if on {
                    "level copies"
                } else {
                    "no level copies"
                }
            };
            out.push(format!(
                "{} against {}",
                copies(self.level_copies),
                copies(other.level_copies)
            ));
        }
        out
    }

    /// `3 forks`, or `one process`.
    fn processes(&self) -> String {
        if self.forks > 1 {
            format!("{} forks", self.forks)
        } else {
            "one process".to_string()
        }
    }
}

impl std::fmt::Display for Method {
    /// `schema 7, 3 forks, level copies`, or `schema 1, one process`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "schema {}, {}", self.schema, self.processes())?;
        if self.level_copies {
            write!(f, ", level copies")?;
        }
        Ok(())
    }
}

/// A measurement that one fork (process) measured apart from all the others: a state of that
/// process, such as where its tables landed, which no interval inside it could show.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outlier {
    pub family: String,
    pub variant: String,
    /// The workload, as `distribution/mode[/E]`.
    pub workload: String,
    pub fork: usize,
    /// That fork's median time per unit.
    pub median: f64,
    /// The other forks' medians: `[fork, median]`.
    pub others: Vec<(usize, f64)>,
}

/// How queries are issued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Throughput,
    Latency,
    CachePressure,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Throughput => "throughput",
            Mode::Latency => "latency",
            Mode::CachePressure => "cache_pressure",
        }
    }
}

/// A SIMD variant's speed relative to the best portable variant (peers included) of its
/// family, in one throughput workload: above 1 means the SIMD kernel is faster.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimdSpeedup {
    pub family: String,
    pub variant: String,
    pub workload: String,
    pub best_portable: String,
    /// How many times faster than the best portable variant: the median of the per-round
    /// ratios, best portable over this variant (schema 3; the ratio of the two medians before).
    pub speedup: f64,
    /// The paired per-round ratio (best portable over this variant) with its 95% interval
    /// (schema 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval: Option<Interval>,
}

/// What the compiler gives a family at the CPU's level, and what hand-written SIMD adds to
/// that, in the family's headline workload, throughput: three fastest variants, each the
/// fastest of its kind by median, and the per-round ratios between them, each with its 95%
/// interval (the rounds measured all three).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompilerShare {
    pub family: String,
    pub workload: String,
    /// The level the CPU's copies of the loops were compiled for (`x86-64-v3`).
    pub level: String,
    /// The fastest portable variant in its copy for the target's baseline.
    pub baseline: Fastest,
    /// The fastest portable variant in its copy for the CPU's level.
    pub portable: Fastest,
    /// The fastest hand-written SIMD variant (one that requires a vector instruction set, not
    /// only BMI2), if any ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub simd: Option<Fastest>,
    /// `baseline` over `portable`: how many times faster the compiler's code for the level is
    /// than its code for the baseline (above 1.00x: faster).
    pub compiler: Interval,
    /// `portable` over `simd`: how many times faster hand SIMD is than the compiler's best at
    /// the level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand_simd: Option<Interval>,
}

/// A variant and its median time per query.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fastest {
    pub variant: String,
    pub ns_per_op: f64,
}

/// What produced the record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tool {
    pub name: String,
    pub version: String,
    /// The source tree's commit (`-dirty` if it had uncommitted changes), when built from git.
    pub git_commit: Option<String>,
    pub rustc: String,
    pub target: String,
    pub profile: String,
    /// Target features compiled in (not detected at run time; see `machine.cpu.features`).
    pub target_features: Vec<String>,
}

impl Tool {
    /// This build, from the commit its binary names: `git_commit` is captured by the binary's
    /// build script (`bitbench/build.rs` says why there), empty when not built from git.
    pub fn this_build(git_commit: &str) -> Tool {
        Tool {
            name: "bitbench".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            git_commit: (!git_commit.is_empty()).then(|| git_commit.to_string()),
            rustc: env!("BITBENCH_RUSTC_VERSION").into(),
            target: env!("BITBENCH_TARGET").into(),
            profile: env!("BITBENCH_PROFILE").into(),
            target_features: crate::base::machine::compiled_features(),
        }
    }
}

/// How the run was made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// When measuring started, UTC, RFC 3339.
    pub started_utc: String,
    pub duration_seconds: f64,
    /// The seed of every input.
    pub seed: u64,
    pub quick: bool,
    /// Features masked with `--disable`: a feature-masked record shows the ranking a CPU
    /// without them would see, on this CPU.
    pub disabled_features: Vec<String>,
    pub feature_masked: bool,
    /// The `--only` filter, empty for everything.
    pub only: Vec<String>,
    /// The cache state every sample was taken in, in words (schema 3; [`CACHE_STATE`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache_state: Option<String>,
    /// How many processes measured (schema 4): 1 is the measuring process itself, as every
    /// record before forks (`--forks 1`); more are forks started again from the same binary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forks: Option<usize>,
    /// A bias planted on purpose in one fork, to test the outlier report (never in a real
    /// run): `family/variant:fork:factor`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planted_bias: Option<String>,
    /// The copy of the measuring loops that ran, the [`strategies::Level`] they were compiled
    /// for and its instructions: `x86-64-v4 (baseline + avx2,...)`; perft's and the search's
    /// loops, which call their work out of line, have one copy, for the baseline
    /// ([`strategies::Bench::LEVELS`]). Absent from the records
    /// made before the loops were compiled per level, whose loops had the baseline's
    /// ([`LOOPS_BEFORE_LEVELS`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loops: Option<String>,
}

/// What a record without `run.loops` was measured with.
pub const LOOPS_BEFORE_LEVELS: &str = "not stated: the build's own target features \
     (tool.target_features), the baseline's unless built with -C target-cpu or target-feature";

/// What `run.cache_state` says of a record made by this build.
pub const CACHE_STATE: &str = "hot: before its one timed pass, every sample runs the same \
     variant over the same queries in the reverse order, untimed, for at least 50 us and four \
     passes (fewer where four take over 1 ms), so its tables, queries and branches are warmed by itself whatever ran before it; under cache \
     pressure, a sweep of the stated number of bytes then precedes every timed block of 64 \
     queries";

/// What a record without `run.cache_state` (schema 1 and 2) was measured in.
pub const CACHE_STATE_BEFORE_3: &str = "not stated (schema 1 or 2): each sample started on the \
     caches the variant before it in the round had left, so a variant with a large table was \
     timed partly cold, the more so the more variants shared the run";

/// A value with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    pub median: f64,
    pub low: f64,
    pub high: f64,
}

impl Interval {
    /// Whether the interval includes 1: the two things compared are tied.
    pub fn includes_parity(&self) -> bool {
        self.low <= 1.0 && 1.0 <= self.high
    }

    /// Whether `x` lies inside.
    pub fn contains(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }
}

/// One variant in one workload.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Measurement {
    pub family: String,
    pub variant: String,
    /// The input distribution.
    pub workload: String,
    pub mode: Mode,
    /// Bytes swept between blocks of queries (cache-pressure mode); 0 otherwise.
    pub eviction_bytes: u64,
    /// What `ns_per_op` is per: `query`, or the family's unit (perft: `node`).
    #[serde(default = "query", skip_serializing_if = "is_query")]
    pub unit: String,
    /// Nanoseconds per query (per `unit`) over the rounds.
    pub ns_per_op: Summary,
    /// Nanoseconds per query in each round, in round order (schema 2). Round `i` of every
    /// variant of a workload was measured back to back, so ratios can be taken per round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<f64>,
    /// How many of the rounds each slice of the run took, in order (schema 2): rounds of one
    /// slice were taken close together, those of different slices seconds apart. A slice is
    /// one sweep's share of one process: one per sweep before schema 4, one per sweep and fork
    /// with forks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sweeps: Vec<usize>,
    /// The fork (process, from 0) that measured each slice, one per entry of `sweeps`
    /// (schema 4; empty when one process measured every round).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forks: Vec<usize>,
    /// The 95% interval of the median (schema 2): the rounds' order statistics, interpolated,
    /// widened where the slices differ in level ([`crate::base::stats::clustered_median_interval`]),
    /// and with forks joined with the Student interval of the forks' medians
    /// ([`crate::base::nested::nested_median_interval_at`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub median_interval: Option<Interval>,
    /// The median over the rounds of each round's time in cycles, at the clock estimated by
    /// the process that measured it (schema 4; before, `ns_per_op.median` times the run's
    /// one estimate). An estimate.
    pub cycles_per_op_estimate: Option<f64>,
    /// The ratio to the variant with the best median in the same workload (1.00 = best): the
    /// median of the per-round ratios, the point of `paired_ratio_to_best` (schema 3); the
    /// ratio of the medians where there are no rounds, and in records before schema 3. `None`
    /// for the floor.
    pub ratio_to_best: Option<f64>,
    /// The per-round ratio to the variant with the best median in the same workload, with its
    /// 95% interval (schema 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paired_ratio_to_best: Option<Interval>,
    /// Tied with the best variant of the workload: `paired_ratio_to_best`'s interval includes
    /// 1.00 (schema 5, [`crate::record::judge`]); in schema 3 and 4, or reached into the
    /// family's A/A spread.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tied_with_best: Option<bool>,
    /// An A/A control: the variant whose code this one runs too (schema 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_code_as: Option<String>,
    /// The runner's second measurement of `same_code_as` under a second name (`magic-aa`): not
    /// a registered variant, never ranked or advised (schema 3).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub twin: bool,
    /// A baseline copy (`qbb-x86-64`): the variant whose loop this measurement ran in the copy
    /// compiled for the target's baseline rather than the CPU's level; never ranked or advised
    /// (schema 6; the runner's "Baseline copies").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baseline_of: Option<String>,
    /// Median over the floor's median in the same workload.
    pub floor_multiple: Option<f64>,
    pub table_bytes: usize,
    /// CPU features the variant needs; empty for portable variants.
    pub requires: Vec<String>,
    pub external: bool,
    /// The empty kernel.
    pub floor: bool,
    /// Measured below the floor by more than the noise: the compiler probably deleted the
    /// work.
    pub suspect: bool,
    /// Simulated cache misses per query (cache-pressure mode, `run --cache-sim`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache_sim: Option<CacheCounts>,
    /// An estimate of the fewest cycles per unit the measured loop could take (schema 7; the
    /// family's headline workload only, when the run made bounds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bound: Option<Bound>,
}

impl Measurement {
    /// Measured cycles per unit over the bound: how many times slower than the bound the
    /// loop ran. `None` without a bound or a clock estimate.
    pub fn x_of_bound(&self) -> Option<f64> {
        let bound = self.bound?;
        (bound.cycles > 0.0).then_some(self.cycles_per_op_estimate? / bound.cycles)
    }
}

fn query() -> String {
    "query".into()
}

fn is_query(unit: &String) -> bool {
    unit == "query"
}

impl Measurement {
    /// How its rounds fall into slices and forks.
    pub fn layout(&self) -> crate::base::nested::Layout<'_> {
        crate::base::nested::Layout {
            slices: &self.sweeps,
            forks: &self.forks,
        }
    }

    /// Whether the variant is tied with the best of its workload: as the record says (schema
    /// 3), else whether its paired ratio's interval includes parity. `None` without rounds
    /// (schema 1) or for the floor.
    pub fn tied_with_best(&self) -> Option<bool> {
        self.tied_with_best
            .or_else(|| self.paired_ratio_to_best.map(|r| r.includes_parity()))
    }

    /// Whether the measurement is of a ranked variant: neither the floor, nor an A/A twin, nor a
    /// baseline copy.
    pub fn ranked(&self) -> bool {
        !self.floor && !self.twin && self.baseline_of.is_none()
    }

    /// Whether the variant is hand-written SIMD: it requires a vector instruction set
    /// ([`strategies::Feature::vector`]; BMI2's `pext` alone is not one).
    pub fn hand_simd(&self) -> bool {
        self.requires.iter().any(|name| {
            strategies::Feature::ALL
                .iter()
                .any(|f| f.name() == name && f.vector())
        })
    }
}

/// A throughput bound of one measured loop, per unit of the family's work.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bound {
    /// The sum over the loop's counted blocks of count x reciprocal throughput.
    pub cycles: f64,
    /// Instructions counted per unit, all of them.
    pub instructions: f64,
    /// The share of those in the blocks the bound sums (0 to 1).
    pub covered: f64,
}

/// How a record's bounds were estimated.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoundMethod {
    /// The tools and what was taken from them.
    pub tool: String,
    /// The scheduling model llvm-mca used (`znver3`).
    pub model: String,
    /// The level of the loop copies counted (valgrind's CPU's; it has no AVX-512).
    pub level: String,
}

/// Per-query counts of valgrind's cache simulation for one variant at one eviction size.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CacheCounts {
    pub instructions: f64,
    /// Data reads and writes that missed the simulated L1d.
    pub l1d_misses: f64,
    /// Those that also missed the simulated last level.
    pub ll_misses: f64,
}

/// The caches a cache simulation modelled (valgrind's `--D1` and `--LL`; its "last level" is
/// the CPU level named in `ll.level`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimulatedCaches {
    pub tool: String,
    pub l1d: SimulatedCache,
    pub ll: SimulatedCache,
}

/// One simulated cache.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimulatedCache {
    /// The CPU's cache level it models.
    pub level: u8,
    pub size_bytes: u64,
    pub associativity: u32,
    pub line_bytes: u32,
}

/// A variant's standing in its family over all its workloads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rank {
    pub family: String,
    pub variant: String,
    /// 1 = best. Tied variants are listed in order of their geometric means but share the
    /// rank of the first of them.
    pub rank: usize,
    /// Geometric mean of `ratio_to_best` over the family's workloads: what the ranking
    /// orders by.
    pub geomean_ratio: f64,
    /// The geometric mean over the family's workloads of the ratio to the family's first-ranked
    /// variant, with an interval made of the geometric means of the workloads' 95% interval
    /// bounds (schema 2), widened since schema 5 by the family's placement noise
    /// ([`crate::record::judge`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paired_to_first: Option<Interval>,
    /// Tied with the first-ranked variant: `paired_to_first`'s interval includes 1.00 (schema
    /// 5, [`crate::record::judge`]; in schema 3 and 4, or reached into the family's A/A
    /// spread). A tied variant shares rank 1.
    #[serde(default)]
    pub tied_with_best: bool,
    pub workloads: usize,
}

/// A family's A/A controls: pairs of names under which the same code was measured, and the
/// largest difference they showed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FamilyControl {
    pub family: String,
    /// The largest factor by which any A/A pair of the family differed in any workload of the
    /// run (the median per-round ratio, or its inverse): 1.00 for none. Before schema 5, a
    /// difference between two variants was called only where its interval lay wholly beyond
    /// it; since, it is only described ([`FamilyControl::placement`] enters the intervals).
    pub spread: f64,
    /// What separates two compiled copies of one code in this run, as every interval of the
    /// family carries it (schema 5; [`crate::record::judge`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placement: Option<Placement>,
    pub pairs: Vec<ControlPair>,
}

/// How finely a run tells techniques apart: the median, over every variant's ratio to its
/// family's first over the family's workloads, of its 95% interval's half-width (differences
/// smaller than it are mostly ties); and the same for each family that misses the target.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Resolution {
    /// The half-width, as a percentage of the ratio.
    pub percent: f64,
    /// What the placement noise alone (two compiled copies of one code) takes of it, as a
    /// percentage: no budget makes the half-width smaller than this.
    pub placement_percent: f64,
    /// The difference the run aims to resolve, as a percentage (5).
    pub target_percent: f64,
    /// The budget of measuring, in seconds, that would bring the half-width to the target if
    /// the forks' share of it shrank as one over the budget (an estimate); `None` where the
    /// placement noise alone exceeds the target, or where it is met already.
    pub budget_for_target: Option<f64>,
    /// The run's budget of measuring, in seconds.
    pub budget: f64,
    /// The families whose own median half-width is above the target, with their figures.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unresolved: Vec<FamilyResolution>,
}

/// One family's figures of a [`Resolution`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FamilyResolution {
    pub family: String,
    pub percent: f64,
    pub placement_percent: f64,
    pub budget_for_target: Option<f64>,
}

/// A family's placement noise: the standard deviation of the log ratio of two compiled copies
/// of one code, estimated from the run's A/A pairs beyond what their forks' noise explains, as
/// a factor (1.02: copies of one code read about 2% apart).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Placement {
    /// In one workload.
    pub workload: f64,
    /// Over the family's workloads (their geometric mean, as the ranking compares).
    pub family: f64,
    /// The A/A pairs the figure over the workloads comes from.
    pub pairs: usize,
    /// Whether those are the run's pool (of the families with fewer than
    /// [`crate::record::judge::OWN_PAIRS`] pairs) rather than the family's own.
    pub pooled: bool,
}

/// One A/A pair over the family's workloads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ControlPair {
    /// The second name (`magic-aa`, or a registered copy such as perft's
    /// `in_between.rectangular`).
    pub variant: String,
    /// The first name, whose code `variant` runs.
    pub same_code_as: String,
    /// `variant` is the runner's twin, not a registered variant.
    pub twin: bool,
    /// The geometric mean over the workloads of the median per-round ratio `variant /
    /// same_code_as`, with the geometric means of the workloads' 95% interval bounds.
    pub ratio: Interval,
    /// Whether the pair is reported as tied: `family_wise`'s interval includes 1.00 (before
    /// it existed, `ratio`'s).
    pub tied: bool,
    /// The same geometric mean with the workloads' interval bounds at the run's family-wise
    /// level ([`crate::record::analysis::family_wise_level`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub family_wise: Option<FamilyWise>,
    /// The workload where the pair differed most (`distribution/mode[/E]`), and its ratio.
    pub widest_workload: String,
    pub widest: Interval,
    pub workloads: usize,
}

/// An A/A pair's ratio with its interval at the level that lets every pair of the run tie at
/// once with 95% probability where identical code measures alike.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct FamilyWise {
    /// `1 - 0.05 / pairs`.
    pub level: f64,
    /// The run's A/A pairs, over every family.
    pub pairs: usize,
    pub ratio: Interval,
}

/// One rung of the clock ladder: a chain length and the median time per iteration.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rung {
    pub adds: u32,
    pub ns_per_iteration: f64,
    pub mad: f64,
}

/// One workload's clock at each of its rounds, in the order of its measurements' `rounds`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundClocks {
    pub family: String,
    /// `distribution/mode`, plus `/E` under cache pressure.
    pub workload: String,
    /// GHz, from two rungs of the add ladder timed at the round's two ends.
    pub ghz: Vec<f64>,
}

/// The clock estimate and the fit it comes from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClockEstimate {
    /// Estimated core clock in GHz: `1 / fit.slope`. An estimate, not a reading.
    pub ghz: f64,
    /// Nanoseconds per dependent add (the slope), and the fit's quality.
    pub fit: LineFit,
    pub ladder: Vec<Rung>,
    /// The clock the operating system reports, in MHz, where it reports one.
    pub os_reported_mhz: Option<f64>,
}

impl ClockEstimate {
    /// Whether the timer passed the self-check.
    pub fn linear(&self) -> bool {
        self.fit.r_squared > 0.99
    }

    /// The slope in cycles of the OS-reported clock: about 1 when the core runs at that
    /// clock, below 1 when it runs faster (turbo), above 1 when slower.
    pub fn cycles_per_add_at_os_clock(&self) -> Option<f64> {
        self.os_reported_mhz
            .map(|mhz| self.fit.slope * mhz / 1000.0)
    }
}

impl Record {
    /// The record as JSON: pretty, except that each measurement, rank and SIMD speedup takes
    /// one line, so a record stays small and its diffs read entry by entry.
    pub fn to_json(&self) -> String {
        let value = serde_json::to_value(self).expect("a record always serializes");
        let serde_json::Value::Object(fields) = value else {
            unreachable!("a record is a JSON object")
        };
        let mut out = String::from("{\n");
        let last = fields.len().saturating_sub(1);
        for (i, (key, value)) in fields.iter().enumerate() {
            out.push_str(&format!(
                "  {}: ",
                serde_json::to_string(key).expect("a key")
            ));
            match value {
                serde_json::Value::Array(items) if ONE_LINE_EACH.contains(&key.as_str()) => {
                    out.push_str("[\n");
                    for (j, item) in items.iter().enumerate() {
                        let comma = if j + 1 < items.len() { "," } else { "" };
                        out.push_str(&format!("    {item}{comma}\n"));
                    }
                    out.push_str("  ]");
                }
                other => {
                    let pretty = serde_json::to_string_pretty(other).expect("serializes");
                    out.push_str(&pretty.replace('\n', "\n  "));
                }
            }
            out.push_str(if i < last { ",\n" } else { "\n" });
        }
        out.push_str("}\n");
        out
    }

    /// The unit `family` counts its work in, where it is not a query (`queen_attacks`: queens,
    /// perft: nodes): tables, charts and `advise` then show millions of them per second.
    pub fn work_unit(&self, family: &str) -> Option<String> {
        self.family(family)
            .find(|m| m.unit != "query")
            .map(|m| m.unit.clone())
    }

    /// The measurements of one family.
    pub fn family<'a>(&'a self, family: &'a str) -> impl Iterator<Item = &'a Measurement> + 'a {
        self.measurements.iter().filter(move |m| m.family == family)
    }

    /// The measurement of one variant (or the floor) in one workload.
    pub fn find(
        &self,
        family: &str,
        variant: &str,
        workload: &str,
        mode: Mode,
        eviction: u64,
    ) -> Option<&Measurement> {
        self.measurements.iter().find(|m| {
            m.family == family
                && m.variant == variant
                && m.workload == workload
                && m.mode == mode
                && m.eviction_bytes == eviction
        })
    }

    /// The headline distribution of a family: the first one measured in throughput mode.
    pub fn headline(&self, family: &str) -> Option<String> {
        self.family(family)
            .find(|m| m.mode == Mode::Throughput)
            .map(|m| m.workload.clone())
    }

    /// The heaviest cache pressure a family was measured under.
    pub fn largest_eviction(&self, family: &str) -> Option<u64> {
        self.family(family)
            .filter(|m| m.mode == Mode::CachePressure)
            .map(|m| m.eviction_bytes)
            .max()
    }

    /// The families present, in first-seen order.
    pub fn families(&self) -> Vec<String> {
        let mut families: Vec<String> = Vec::new();
        for m in &self.measurements {
            if !families.contains(&m.family) {
                families.push(m.family.clone());
            }
        }
        families
    }

    /// The instructions the record's measuring loops were compiled with, in words.
    pub fn loops(&self) -> &str {
        self.run.loops.as_deref().unwrap_or(LOOPS_BEFORE_LEVELS)
    }

    /// The cache state the record's samples were taken in, in words.
    pub fn cache_state(&self) -> &str {
        self.run
            .cache_state
            .as_deref()
            .unwrap_or(CACHE_STATE_BEFORE_3)
    }

    /// Whether the record has per-round data (schema 2), so ties can be called.
    pub fn has_rounds(&self) -> bool {
        self.measurements.iter().any(|m| !m.rounds.is_empty())
    }

    /// A one-line description of the machine and run, for chart captions.
    pub fn caption(&self) -> String {
        let date = self
            .run
            .started_utc
            .get(..10)
            .unwrap_or(&self.run.started_utc);
        let masked = if self.run.feature_masked {
            format!(", masked: {}", self.run.disabled_features.join(","))
        } else {
            String::new()
        };
        // The level's name: the first word of `run.loops`.
        let loops = match self.run.loops.as_deref().and_then(|l| l.split(' ').next()) {
            Some(level) => format!(", loops {level}"),
            None => String::new(),
        };
        format!(
            "{} ({}{masked}{loops}) · {date} · bitbench {}",
            self.machine.cpu.describe(),
            self.machine.arch,
            self.tool.version
        )
    }
}

/// The record's arrays written one entry per line.
const ONE_LINE_EACH: [&str; 4] = ["measurements", "ranks", "simd_speedups", "controls"];

#[cfg(test)]
mod tests {
    use crate::tools::compare::tests::measurement;

    #[test]
    fn hand_simd_is_a_vector_instruction_set_not_bmi2_alone() {
        let needing = |features: &[&str]| {
            let mut m = measurement("v", 0, 1.0);
            m.requires = features.iter().map(|f| f.to_string()).collect();
            m.hand_simd()
        };
        assert!(!needing(&[]));
        assert!(!needing(&["bmi2"]));
        assert!(needing(&["avx2"]));
        assert!(needing(&["avx512f"]));
        assert!(needing(&["gfni"]));
        assert!(needing(&["neon"]));
    }
}
