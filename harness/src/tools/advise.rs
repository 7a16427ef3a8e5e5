//! `bitbench advise`: which technique to use, per family, from a record's measurements, as
//! honestly as the rest of the suite. For each family:
//!
//! - the **recommended** variant: the first of the record's ranking (geometric mean of paired
//!   ratios over the family's workloads); only measured variants are in a record, and only
//!   verified variants are measured, so a variant that failed verification or could not run
//!   is never recommended;
//! - the variants **tied** with it: their ratio's 95% interval over the family's workloads
//!   includes 1.00, as the record's ranking takes it ([`crate::record::judge`]);
//! - its **margin** over the next variant that is not tied, and over the best peer crate, as
//!   ratios with their 95% intervals;
//! - what the choice **depends on**: CPU features and table footprint;
//! - where the cache-pressure sweep shows a **crossover**: the eviction size from which
//!   another variant is faster, significantly, at every larger size;
//! - **in context**: where a family of configurations was measured (perft, the search: variants
//!   named `family.variant`), one table per technique family, a row per technique and a column
//!   per context (alone, inside perft, inside the search), with the technique to use in each.
//!
//! Its limits are stated, not hidden: a record of another CPU says so; a schema-1 record has
//! no rounds, so ties cannot be called (the medians are still ranked); a `--quick` record is
//! marked as such.
//!
//! The result is plain data ([`Advice`], [`Matrix`]); `render::report::advise` renders it.

use crate::record::judge::Noise;
use crate::record::{Interval, Measurement, Mode, Record};
use serde::Serialize;

/// The family whose variants are configurations of a move generator: `family.variant`
/// names the technique each one varies.
pub const CONTEXT_SEPARATOR: char = '.';

/// A ratio between two variants, with its interval where the record has rounds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Margin {
    pub over: String,
    /// The other variant's time over the recommended one's (above 1: the recommended is
    /// faster).
    pub ratio: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval: Option<Interval>,
}

/// Where the cache-pressure sweep shows another variant overtaking the recommended one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Crossover {
    /// The smallest eviction size from which `variant` is significantly faster, at every
    /// larger size measured.
    pub eviction_bytes: u64,
    pub variant: String,
    /// The recommended variant's time over `variant`'s at that size.
    pub ratio: f64,
}

/// A technique family's ranks in every context it was measured in: alone (its own family) and
/// inside each family of configurations that varies it (perft, the search).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ContextTable {
    /// The contexts, in the record's order of families: the technique family itself (alone)
    /// first.
    pub contexts: Vec<String>,
    /// Per context, how many techniques it ranks.
    pub of: Vec<usize>,
    /// Per context, its first technique and how many tie with it: what to use there.
    pub leaders: Vec<Option<(String, usize)>>,
    /// A row per technique, the decisive context's order first (the last context's ranks).
    pub rows: Vec<ContextRow>,
}

/// One technique's place in each context of a [`ContextTable`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ContextRow {
    pub technique: String,
    /// Per context: its rank (1 when tied with the first) and whether it shares rank 1 with a
    /// variant it ties; `None` where it was not measured.
    pub ranks: Vec<Option<Placing>>,
}

/// A rank within one context.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Placing {
    pub rank: usize,
    /// Tied with the first (rank 1, not outright).
    pub tied: bool,
}

/// The advice for one family.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FamilyAdvice {
    pub family: String,
    pub recommended: String,
    pub tied: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<Margin>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peer: Option<Margin>,
    /// The recommended variant is a published crate's.
    pub recommended_is_peer: bool,
    pub requires: Vec<String>,
    pub table_bytes: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crossover: Option<Crossover>,
    /// For a technique family measured inside families of configurations: its ranks there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contexts: Option<ContextTable>,
    /// For a family that counts its work in its own unit (queens, nodes): the recommended
    /// variant's time per unit and rate on the headline distribution in throughput mode.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rate: Option<Rate>,
    /// What the compiler gives the family at the CPU's level and what hand SIMD adds, where
    /// the record measured its baseline copies (schema 6).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compiler: Option<crate::record::CompilerShare>,
    /// Measured only in a `--quick` run.
    pub quick: bool,
}

/// A time per unit of work and the rate it makes: `1.07 ns/queen, 935 million queens/s`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rate {
    pub unit: String,
    pub workload: String,
    pub ns_per_unit: f64,
    pub millions_per_second: f64,
}

/// The rate of `variant` on `family`'s headline distribution in throughput mode, where the
/// family counts in a unit other than the query.
fn rate(record: &Record, family: &str, variant: &str) -> Option<Rate> {
    let unit = record.work_unit(family)?;
    let workload = record.headline(family)?;
    let m = record.find(
        family,
        variant,
        &workload,
        crate::record::Mode::Throughput,
        0,
    )?;
    let ns = m.ns_per_op.median;
    Some(Rate {
        unit,
        workload,
        ns_per_unit: ns,
        millions_per_second: 1e3 / ns.max(1e-9),
    })
}

/// The advice of one record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Advice {
    pub record: String,
    /// `CpuIdentity::describe` of the record's CPU.
    pub cpu: String,
    pub cpu_slug: String,
    pub measured_utc: String,
    /// The record's run, from the start of measuring (the clock's estimate included) to the
    /// record.
    pub duration_seconds: f64,
    /// The record was made on this machine's kind of CPU (vendor, family, model).
    pub this_machine: bool,
    /// The record has per-round data: ties can be called.
    pub ties_called: bool,
    pub quick: bool,
    /// The record's measuring method ([`crate::record::Method`]), in words.
    pub method: String,
    /// The kind of machine the record was made on, in words
    /// ([`crate::base::machine::Machine::kind`]).
    pub machine: String,
    /// Our perft against the fastest open program, where `scripts/perft-peers.sh`'s output
    /// lies beside the record ([`perft_peers`]); the caller reads it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub perft_peers: Option<PerftPeers>,
    pub families: Vec<FamilyAdvice>,
    /// Per technique family measured inside a move generator (perft), where the first inside
    /// it is not the first alone.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<ContextLeaders>,
}

/// The technique first inside a context family (perft) and the one first alone, where they
/// differ.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ContextLeaders {
    /// The technique family (`rook_attacks`).
    pub dimension: String,
    /// The family it was measured inside (`perft`).
    pub context: String,
    /// First inside the context family, not tied there.
    pub inside: ContextRank,
    /// First alone.
    pub alone: ContextRank,
}

/// The headline of `scripts/perft-peers.sh`'s output: our fastest configuration against the
/// fastest open program, one thread, over the six published positions.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PerftPeers {
    /// The file it was read from (`results/<cpu>/perft-peers.txt`).
    pub file: String,
    /// Our fastest configuration, as the file names it (`pext`).
    pub ours: String,
    /// The peer it is held against (`ellxor/perft`).
    pub peer: String,
    /// The geometric mean of the ratios of nodes per second, ours over the peer's (`1.05x`).
    pub geometric_mean: String,
    /// The lowest ratio and its position (`0.92x (position 6)`).
    pub lowest: String,
}

/// The headline of `text`, the output of `scripts/perft-peers.sh` read from `file`: the lines
///
/// ```text
///   fastest (bitbench pext) / ellxor/perft:
///     geometric mean 1.05x, lowest 0.92x (position 6)
/// ```
///
/// `None` when the file holds no such pair of lines (no peer was measured).
pub fn perft_peers(file: &str, text: &str) -> Option<PerftPeers> {
    let mut lines = text.lines().map(str::trim);
    while let Some(line) = lines.next() {
        let Some(rest) = line.strip_prefix("fastest (") else {
            continue;
        };
        let (ours, peer) = rest.strip_suffix(':')?.split_once(") / ")?;
        let figures = lines.next()?.strip_prefix("geometric mean ")?;
        let (geometric_mean, lowest) = figures.split_once(", lowest ")?;
        return Some(PerftPeers {
            file: file.to_string(),
            ours: ours.trim_start_matches("bitbench ").to_string(),
            peer: peer.to_string(),
            geometric_mean: geometric_mean.to_string(),
            lowest: lowest.to_string(),
        });
    }
    None
}

/// The advice of `record` (read from `name`), for a user on a machine whose CPU is `here`.
pub fn advise(name: &str, record: &Record, here: &crate::base::machine::CpuIdentity) -> Advice {
    advise_narrowed(name, record, &Noise::of(&record.measurements), here)
}

/// [`advise`] for a record narrowed to some of its variants
/// ([`crate::choose::select::narrow`]): `noise` is the whole record's ([`Noise::of`] its
/// measurements before narrowing), so that the variants kept are judged as the whole record
/// judged them.
pub fn advise_narrowed(
    name: &str,
    record: &Record,
    noise: &Noise,
    here: &crate::base::machine::CpuIdentity,
) -> Advice {
    let families = record
        .families()
        .iter()
        .filter_map(|family| family_advice(record, noise, family))
        .collect();
    Advice {
        record: name.to_string(),
        cpu: record.machine.cpu.describe(),
        cpu_slug: record.machine.cpu.slug(),
        measured_utc: record.run.started_utc.clone(),
        duration_seconds: record.run.duration_seconds,
        this_machine: record.machine.cpu.same_cpu(here),
        ties_called: record.has_rounds(),
        quick: record.run.quick,
        method: record.method().to_string(),
        machine: record.machine.kind(),
        perft_peers: None,
        families,
        leaders: record
            .families()
            .iter()
            .flat_map(|family| context_leaders(record, noise, family))
            .collect(),
    }
}

/// A family's measurements, per variant (the floor left out), in ranking order.
fn ranked<'a>(record: &'a Record, family: &'a str) -> Vec<(String, Vec<&'a Measurement>)> {
    let mut ranks: Vec<_> = record.ranks.iter().filter(|r| r.family == family).collect();
    ranks.sort_by_key(|r| r.rank);
    ranks
        .iter()
        .map(|r| {
            let ms = record
                .family(family)
                .filter(|m| m.variant == r.variant && !m.floor)
                .collect();
            (r.variant.clone(), ms)
        })
        .collect()
}

/// The margin of the recommended variant `best` over `other`: `other / best`.
fn margin(
    record: &Record,
    noise: &Noise,
    family: &str,
    best: &[&Measurement],
    other: &str,
) -> Margin {
    let others: Vec<&Measurement> = record
        .family(family)
        .filter(|m| m.variant == other && !m.floor)
        .collect();
    let interval = noise.family_ratio(family, &others, best);
    let ratio = interval.map_or_else(
        || {
            let geo = |ms: &[&Measurement]| {
                crate::base::stats::geometric_mean(
                    &ms.iter()
                        .filter_map(|m| m.ratio_to_best)
                        .collect::<Vec<_>>(),
                )
            };
            geo(&others) / geo(best)
        },
        |i| i.median,
    );
    Margin {
        over: other.to_string(),
        ratio,
        interval,
    }
}

fn family_advice(record: &Record, noise: &Noise, family: &str) -> Option<FamilyAdvice> {
    let ranked = ranked(record, family);
    let (best_name, best) = ranked.first()?;
    // Tied with the recommended variant: the record's ties where it is the record's first;
    // where a narrowing left the first out, judged against it by the record's own rule.
    let record_first = record
        .ranks
        .iter()
        .any(|r| r.family == family && r.variant == *best_name && !r.tied_with_best && r.rank == 1);
    let tied: Vec<String> = ranked[1..]
        .iter()
        .filter(|(name, ms)| {
            if record_first {
                record
                    .ranks
                    .iter()
                    .any(|r| r.family == family && r.variant == *name && r.tied_with_best)
            } else {
                noise
                    .family_ratio(family, ms, best)
                    .is_some_and(|i| i.includes_parity())
            }
        })
        .map(|(name, _)| name.clone())
        .collect();
    let next = ranked[1..]
        .iter()
        .find(|(name, _)| !tied.contains(name))
        .map(|(name, _)| margin(record, noise, family, best, name));
    let external = |name: &str| {
        record
            .family(family)
            .any(|m| m.variant == name && m.external)
    };
    let recommended_is_peer = external(best_name);
    let peer = ranked[1..]
        .iter()
        .find(|(name, _)| external(name) && !recommended_is_peer)
        .map(|(name, _)| margin(record, noise, family, best, name));
    let sample = best.first()?;
    Some(FamilyAdvice {
        family: family.to_string(),
        recommended: best_name.clone(),
        tied,
        next,
        peer,
        recommended_is_peer,
        requires: sample.requires.clone(),
        table_bytes: sample.table_bytes,
        crossover: crossover(record, noise, family, best_name),
        contexts: context_table(record, noise, family),
        rate: rate(record, family, best_name),
        compiler: record.compiler.iter().find(|c| c.family == family).cloned(),
        quick: record.run.quick,
    })
}

/// The smallest eviction size from which one variant is significantly faster than `best` at
/// every larger size measured (significantly: its ratio's 95% interval lies wholly above 1.00;
/// without rounds, its median is lower by more than 5%).
fn crossover(record: &Record, noise: &Noise, family: &str, best: &str) -> Option<Crossover> {
    let pressure = |variant: &str| -> Vec<&Measurement> {
        let mut ms: Vec<&Measurement> = record
            .family(family)
            .filter(|m| m.variant == variant && m.mode == Mode::CachePressure)
            .collect();
        ms.sort_by_key(|m| m.eviction_bytes);
        ms
    };
    let ours = pressure(best);
    let mut found: Option<Crossover> = None;
    let variants: Vec<String> = record
        .ranks
        .iter()
        .filter(|r| r.family == family && r.variant != best)
        .map(|r| r.variant.clone())
        .collect();
    for variant in &variants {
        let theirs = pressure(variant);
        let faster_at = |i: usize| -> Option<f64> {
            let (a, b) = (
                ours.get(i)?,
                theirs
                    .iter()
                    .find(|t| t.eviction_bytes == ours[i].eviction_bytes)?,
            );
            match noise.workload_ratio(a, b) {
                Some(r) => (r.low > 1.0).then_some(r.median),
                None => {
                    let ratio = a.ns_per_op.median / b.ns_per_op.median;
                    (ratio > 1.05).then_some(ratio)
                }
            }
        };
        // The first size from which it is faster at every larger size.
        let start = (0..ours.len())
            .rev()
            .take_while(|&i| faster_at(i).is_some())
            .last();
        if let Some(i) = start {
            if i == 0 {
                continue; // faster everywhere: not a crossover, a different ranking
            }
            let candidate = Crossover {
                eviction_bytes: ours[i].eviction_bytes,
                variant: variant.clone(),
                ratio: faster_at(i).unwrap_or(1.0),
            };
            if found
                .as_ref()
                .is_none_or(|f| candidate.eviction_bytes < f.eviction_bytes)
            {
                found = Some(candidate);
            }
        }
    }
    found
}

/// A technique measured in context: its rank in its own family (`isolation_rank` of
/// `isolation_of`, among the variants measured in both) beside its rank among the
/// configurations of the in-context family (perft) that vary the same family (`context_rank`
/// of `context_of`). Ranks count from 1, and a variant tied with the first of its ranking (in
/// isolation: as the record's ranks call it; in context: by the record's rule,
/// [`Noise::family_ratio`]) is ranked 1, so a difference of positions within a tie is not a
/// difference.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ContextRank {
    /// The isolation family the technique belongs to (`rook_attacks`).
    pub family: String,
    pub variant: String,
    pub isolation_rank: usize,
    pub isolation_of: usize,
    /// Rank 1 in isolation, shared with a tied variant.
    pub isolation_shared: bool,
    pub context_rank: usize,
    pub context_of: usize,
    /// Rank 1 in context, shared with a tied variant.
    pub context_shared: bool,
    /// The technique of the first configuration of its dimension inside the context family.
    pub leader: String,
    /// Tied with `leader` inside the context family.
    pub tied_in_context: bool,
}

/// For a family whose variants are `family.variant` configurations (perft), every
/// technique that also has a ranking of its own in `record`, per isolation family in name
/// order, each in its in-context rank order.
pub fn context_ranks(record: &Record, family: &str) -> Vec<ContextRank> {
    context_ranks_narrowed(record, &Noise::of(&record.measurements), family)
}

/// [`context_ranks`] of a narrowed record, judged by the whole record's `noise` (see
/// [`advise_narrowed`]).
fn context_ranks_narrowed(record: &Record, noise: &Noise, family: &str) -> Vec<ContextRank> {
    let ranked = ranked(record, family);
    let mut dimensions: Vec<String> = ranked
        .iter()
        .filter_map(|(name, _)| Some(name.split_once(CONTEXT_SEPARATOR)?.0.to_string()))
        .collect();
    dimensions.sort();
    dimensions.dedup();
    let mut ranks = Vec::new();
    for dimension in dimensions {
        let inside: Vec<(&str, &Vec<&Measurement>)> = ranked
            .iter()
            .filter_map(|(name, ms)| {
                let (d, v) = name.split_once(CONTEXT_SEPARATOR)?;
                (d == dimension).then_some((v, ms))
            })
            .collect();
        // Positions among the variants present in both rankings.
        let common: Vec<String> = ranked_names(record, &dimension)
            .into_iter()
            .filter(|n| inside.iter().any(|(v, _)| v == n))
            .collect();
        if common.len() < 2 {
            continue;
        }
        let tied_in_isolation = |variant: &str| {
            record
                .ranks
                .iter()
                .any(|r| r.family == dimension && r.variant == variant && r.tied_with_best)
        };
        let tied_in_context: Vec<bool> = inside
            .iter()
            .enumerate()
            .map(|(i, (_, ms))| {
                i > 0
                    && noise
                        .family_ratio(family, ms, inside[0].1)
                        .is_some_and(|p| p.includes_parity())
            })
            .collect();
        let isolation_shared = common.iter().any(|n| tied_in_isolation(n));
        let context_shared = tied_in_context.iter().any(|&t| t);
        for (position, (variant, _)) in inside.iter().enumerate() {
            let Some(isolation_position) = common.iter().position(|n| n == variant) else {
                continue;
            };
            // A variant tied with the first shares rank 1, here as in the rankings; alone, the
            // rank is the record's own.
            let isolation_rank = record
                .ranks
                .iter()
                .find(|r| r.family == dimension && r.variant == *variant)
                .map_or(isolation_position + 1, |r| r.rank);
            let context_rank = if tied_in_context[position] {
                1
            } else {
                position + 1
            };
            ranks.push(ContextRank {
                family: dimension.clone(),
                variant: variant.to_string(),
                isolation_rank,
                isolation_of: record
                    .ranks
                    .iter()
                    .filter(|r| r.family == dimension)
                    .count(),
                isolation_shared: isolation_rank == 1 && isolation_shared,
                context_rank,
                context_of: inside.len(),
                context_shared: context_rank == 1 && context_shared,
                leader: inside[0].0.to_string(),
                tied_in_context: tied_in_context[position],
            });
        }
    }
    ranks
}

/// The families of configurations in `record` that vary the technique family `family`.
fn contexts_of(record: &Record, family: &str) -> Vec<String> {
    record
        .families()
        .into_iter()
        .filter(|context| {
            record.ranks.iter().any(|r| {
                &r.family == context
                    && r.variant.split_once(CONTEXT_SEPARATOR).map(|(d, _)| d) == Some(family)
            })
        })
        .collect()
}

/// `family`'s ranks alone and inside every family of configurations that varies it (see
/// [`ContextTable`]); `None` if none does. Alone, the ranks are the record's; inside a context,
/// a technique's position among the configurations varying `family`, rank 1 where it ties the
/// first (by the record's rule, [`Noise::family_ratio`]).
pub fn context_table(record: &Record, noise: &Noise, family: &str) -> Option<ContextTable> {
    let contexts = contexts_of(record, family);
    if contexts.is_empty() {
        return None;
    }
    let mut columns: Vec<Vec<(String, Placing)>> = Vec::new();
    let mut alone: Vec<&crate::record::Rank> =
        record.ranks.iter().filter(|r| r.family == family).collect();
    alone.sort_by_key(|r| r.rank);
    columns.push(
        alone
            .iter()
            .map(|r| {
                let tied = r.tied_with_best;
                (r.variant.clone(), Placing { rank: r.rank, tied })
            })
            .collect(),
    );
    for context in &contexts {
        let ranked = ranked(record, context);
        let inside: Vec<(&str, &Vec<&Measurement>)> = ranked
            .iter()
            .filter_map(|(name, ms)| {
                let (d, v) = name.split_once(CONTEXT_SEPARATOR)?;
                (d == family).then_some((v, ms))
            })
            .collect();
        columns.push(
            inside
                .iter()
                .enumerate()
                .map(|(i, (v, ms))| {
                    let tied = i > 0
                        && noise
                            .family_ratio(family, ms, inside[0].1)
                            .is_some_and(|p| p.includes_parity());
                    let rank = if tied { 1 } else { i + 1 };
                    (v.to_string(), Placing { rank, tied })
                })
                .collect(),
        );
    }
    // A first-ranked technique that others tie shares its rank too.
    for column in &mut columns {
        if column.iter().skip(1).any(|(_, p)| p.tied) {
            if let Some((_, first)) = column.first_mut() {
                first.tied = true;
            }
        }
    }
    let mut names: Vec<String> = Vec::new();
    for column in columns.iter().rev() {
        for (name, _) in column {
            if !names.contains(name) {
                names.push(name.clone());
            }
        }
    }
    let rows = names
        .into_iter()
        .map(|technique| ContextRow {
            ranks: columns
                .iter()
                .map(|c| c.iter().find(|(n, _)| *n == technique).map(|&(_, p)| p))
                .collect(),
            technique,
        })
        .collect();
    let mut all = vec![family.to_string()];
    all.extend(contexts);
    Some(ContextTable {
        of: columns.iter().map(Vec::len).collect(),
        leaders: columns
            .iter()
            .map(|c| {
                let (first, _) = c.first()?;
                let tied = c.iter().skip(1).filter(|(_, p)| p.tied).count();
                Some((first.clone(), tied))
            })
            .collect(),
        contexts: all,
        rows,
    })
}

fn ranked_names(record: &Record, family: &str) -> Vec<String> {
    ranked(record, family).into_iter().map(|(n, _)| n).collect()
}

/// The family × CPU matrix of recommended variants over several records (one per CPU).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Matrix {
    pub cpus: Vec<String>,
    /// Each CPU's record's measuring method, in the order of `cpus`.
    pub methods: Vec<String>,
    pub rows: Vec<MatrixRow>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatrixRow {
    pub family: String,
    /// The recommended variant per CPU, in the order of `cpus`; `None` where not measured.
    pub recommended: Vec<Option<String>>,
    /// The recommendation is not the same on every CPU that measured the family.
    pub differs: bool,
}

/// The matrix of `advices` (one per CPU).
pub fn matrix(advices: &[Advice]) -> Matrix {
    let mut families: Vec<String> = Vec::new();
    for a in advices {
        for f in &a.families {
            if !families.contains(&f.family) {
                families.push(f.family.clone());
            }
        }
    }
    let rows = families
        .into_iter()
        .map(|family| {
            let recommended: Vec<Option<String>> = advices
                .iter()
                .map(|a| {
                    a.families
                        .iter()
                        .find(|f| f.family == family)
                        .map(|f| f.recommended.clone())
                })
                .collect();
            let mut seen: Vec<&String> = recommended.iter().flatten().collect();
            seen.sort();
            seen.dedup();
            MatrixRow {
                family,
                differs: seen.len() > 1,
                recommended,
            }
        })
        .collect();
    Matrix {
        cpus: advices.iter().map(|a| a.cpu.clone()).collect(),
        methods: advices.iter().map(|a| a.method.clone()).collect(),
        rows,
    }
}

/// Per technique family measured inside `family` (perft), its leaders where the first inside
/// it is not the first alone.
fn context_leaders(record: &Record, noise: &Noise, family: &str) -> Vec<ContextLeaders> {
    let ranks = context_ranks_narrowed(record, noise, family);
    let mut dimensions: Vec<&str> = ranks.iter().map(|r| r.family.as_str()).collect();
    dimensions.dedup();
    dimensions
        .into_iter()
        .filter_map(|dimension| {
            let of: Vec<&ContextRank> = ranks.iter().filter(|r| r.family == dimension).collect();
            let inside = of
                .iter()
                .find(|r| r.context_rank == 1 && !r.tied_in_context)?;
            let alone = of.iter().find(|r| r.isolation_rank == 1)?;
            (inside.variant != alone.variant).then(|| ContextLeaders {
                dimension: dimension.to_string(),
                context: family.to_string(),
                inside: (*inside).clone(),
                alone: (*alone).clone(),
            })
        })
        .collect()
}

/// A ratio for people: `1.31× [1.27, 1.35]`, or `1.31×` without an interval.
pub fn ratio_text(ratio: f64, interval: Option<&Interval>) -> String {
    match interval {
        Some(i) => format!("{:.2}× [{:.2}, {:.2}]", i.median, i.low, i.high),
        None => format!("{ratio:.2}×"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_peers_reads_the_headline_of_the_script_s_output() {
        let text =
            "ratio bitbench / peer (medians)\n  fastest (bitbench pext) / ellxor/perft:\n    \
                    geometric mean 1.05x, lowest 0.92x (position 6)\n    start 1.12x\n";
        let peers = perft_peers("results/x/perft-peers.txt", text).unwrap();
        assert_eq!(peers.ours, "pext");
        assert_eq!(peers.peer, "ellxor/perft");
        assert_eq!(peers.geometric_mean, "1.05x");
        assert_eq!(peers.lowest, "0.92x (position 6)");
        assert_eq!(perft_peers("f", "no peer was measured\n"), None);
    }
}
