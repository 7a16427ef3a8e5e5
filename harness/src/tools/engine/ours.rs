//! Our side of `bitbench engine`: the configurations of our move generator it runs, and how
//! the fastest one is known.
//!
//! Two configurations run beside the engine: the default, and the fastest of ours on this
//! CPU. The fastest is taken, in this order, from
//! 1. `--with KEY=TECHNIQUE,…`: the user names it;
//! 2. the newest record of this CPU (vendor, family, model) under the results folder that
//!    ranks perft, preferring full runs to `--quick` ones and unmasked runs to masked ones: its
//!    best-ranked configuration of ours (not a peer's perft) that runs here;
//! 3. failing both, a short measurement here: every configuration that runs here, over a few
//!    rounds of the six published positions at the depths the perft family is measured at,
//!    the one with the least median time.
//!
//! The output says which of the three it was.

use crate::base::machine::Machine;
use crate::record::{records_under, Rank, Record};
use anyhow::{anyhow, bail, Context as _, Result};
use std::path::Path;
use strategies::movegen::configs::Choice;
use strategies::perft::workloads::{published_query, MEASURED_DEPTHS, PUBLISHED};
use strategies::perft::{configurations, Counter, PerftFamily, PerftQuery, PerftVariant};
use strategies::{Cpu, Family};

/// One configuration of our generator in the comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct Ours {
    /// Its column in the table: `default`, `fastest` or `--with`.
    pub role: &'static str,
    /// Its perft variant name (`rook_attacks.pext`).
    pub name: &'static str,
    pub variant: PerftVariant,
    /// Its techniques.
    pub choice: Choice,
    /// How it was chosen, in words.
    pub why: String,
}

impl Ours {
    fn of(role: &'static str, variant: PerftVariant, why: String) -> Result<Ours> {
        let PerftVariant::Generator { choice, .. } = variant else {
            bail!(
                "{} is a peer's perft, not a configuration of ours",
                PerftFamily::descriptor(variant).name
            );
        };
        Ok(Ours {
            role,
            name: PerftFamily::descriptor(variant).name,
            variant,
            choice,
            why,
        })
    }

    /// The default configuration.
    pub fn default_config() -> Ours {
        let variant = configurations()
            .into_iter()
            .map(|(_, v)| v)
            .find(|v| matches!(v, PerftVariant::Generator { choice, .. } if *choice == Choice::DEFAULT))
            .expect("the default configuration is registered");
        Ours::of("default", variant, "the default configuration".into()).expect("ours")
    }

    /// The configuration `--with` names (`slider=pext,…`), if it runs here.
    pub fn named(text: &str, cpu: &Cpu) -> Result<Ours> {
        let choice = Choice::parse(text)?;
        let variant = configurations()
            .into_iter()
            .map(|(_, v)| v)
            .find(|v| matches!(v, PerftVariant::Generator { choice: c, .. } if *c == choice))
            .ok_or_else(|| {
                anyhow!(
                    "not compiled: {choice} differs from the default in more than one technique"
                )
            })?;
        PerftFamily::runnable(variant, cpu)
            .map_err(|why| anyhow!("{choice} cannot run here: {why}"))?;
        Ours::of("--with", variant, "named by --with".into())
    }

    /// Perft of `query` with this configuration, by `count`: the nodes and the seconds it took.
    pub fn count(&self, cpu: &Cpu, count: Counter, query: PerftQuery) -> Result<(u64, f64)> {
        count(self.variant, cpu, query)
            .map_err(|why| anyhow!("{} cannot run here: {why}", self.name))
    }
}

/// The fastest configuration as the newest record of this CPU under `results` ranks perft;
/// `None` where no record of this CPU ranks it (or the folder does not exist).
pub fn fastest_from_records(results: &Path, cpu: &Cpu) -> Result<Option<Ours>> {
    if !results.is_dir() {
        return Ok(None);
    }
    let here = Machine::detect().cpu;
    let (records, _) = records_under(results)
        .with_context(|| format!("reading the records under {}", results.display()))?;
    let newest = records
        .into_iter()
        .filter(|(_, r)| r.machine.cpu.same_cpu(&here))
        .filter(|(_, r)| r.ranks.iter().any(|rank| rank.family == PerftFamily::NAME))
        .max_by_key(|(path, r)| {
            let run = &r.run;
            (
                !run.feature_masked,
                !run.quick,
                run.started_utc.clone(),
                path.clone(),
            )
        });
    let Some((path, record)) = newest else {
        return Ok(None);
    };
    best_ranked(&path, &record, cpu).map(Some)
}

/// The record's best-ranked configuration of ours that runs here.
fn best_ranked(path: &Path, record: &Record, cpu: &Cpu) -> Result<Ours> {
    let mut ranks: Vec<&Rank> = record
        .ranks
        .iter()
        .filter(|r| r.family == PerftFamily::NAME)
        .collect();
    ranks.sort_by(|a, b| (a.rank.cmp(&b.rank)).then(a.geomean_ratio.total_cmp(&b.geomean_ratio)));
    // Ours only, each configuration once (the default is listed under four names).
    let mut seen: Vec<Choice> = Vec::new();
    let mut mine: Vec<(&Rank, PerftVariant)> = Vec::new();
    for &rank in &ranks {
        if let Some(v @ PerftVariant::Generator { choice, .. }) = PerftFamily::find(&rank.variant) {
            if !seen.contains(&choice) {
                seen.push(choice);
                mine.push((rank, v));
            }
        }
    }
    let skipped = mine
        .iter()
        .take_while(|(_, v)| PerftFamily::runnable(*v, cpu).is_err())
        .count();
    let Some(&(rank, variant)) = mine.get(skipped) else {
        bail!(
            "{}: none of the perft configurations it ranks runs here",
            path.display()
        );
    };
    let quick = if record.run.quick {
        ", a --quick run"
    } else {
        ""
    };
    let date = record
        .run
        .started_utc
        .get(..10)
        .unwrap_or(&record.run.started_utc);
    let mut why = format!(
        "the best-ranked of our {} configurations in perft by {} (measured {date}{quick})",
        mine.len(),
        path.display()
    );
    if skipped > 0 {
        why.push_str(&format!("; the {skipped} ranked above it do not run here"));
    }
    if ranks
        .first()
        .is_some_and(|first| first.variant != rank.variant)
        && skipped == 0
    {
        why.push_str("; a peer's perft ranks above it");
    }
    // Ties are called against the family's first: only when that is the one chosen.
    let first = ranks.first().is_some_and(|f| f.variant == rank.variant);
    let tied = mine
        .iter()
        .filter(|(r, _)| r.variant != rank.variant)
        .filter(|(r, _)| r.paired_to_first.is_some_and(|i| i.includes_parity()))
        .count();
    if first && tied > 0 {
        why.push_str(&format!(
            ", which cannot tell {tied} more of ours from it (their intervals include parity)"
        ));
    }
    Ours::of("fastest", variant, why)
}

/// The fastest configuration by a short measurement here: every configuration that runs,
/// `rounds` times over the six published positions at [`MEASURED_DEPTHS`], in an order
/// rotated every round, each by `count`; the least median time wins. Every count is checked.
pub fn fastest_by_measuring(cpu: &Cpu, count: Counter, rounds: usize) -> Result<Ours> {
    let candidates: Vec<PerftVariant> = configurations()
        .into_iter()
        .map(|(_, v)| v)
        .filter(|&v| PerftFamily::runnable(v, cpu).is_ok())
        .collect();
    let candidates: Vec<Ours> = candidates
        .into_iter()
        .map(|v| Ours::of("fastest", v, String::new()))
        .collect::<Result<_>>()?;
    let queries: Vec<PerftQuery> = (0..PUBLISHED.len())
        .map(|i| published_query(i, MEASURED_DEPTHS[i]))
        .collect();
    let mut times = vec![Vec::new(); candidates.len()];
    for round in 0..rounds {
        for k in 0..candidates.len() {
            let i = (k + round) % candidates.len();
            let mut total = 0.0;
            for &query in &queries {
                let (nodes, seconds) = candidates[i].count(cpu, count, query)?;
                if nodes != query.nodes {
                    bail!(
                        "our configuration {} counted {nodes} nodes in {}, not the published {}",
                        candidates[i].name,
                        query.position,
                        query.nodes
                    );
                }
                total += seconds;
            }
            times[i].push(total);
        }
    }
    let median = |t: &Vec<f64>| {
        let mut t = t.clone();
        t.sort_by(f64::total_cmp);
        t[t.len() / 2]
    };
    let best = (0..candidates.len())
        .min_by(|&a, &b| median(&times[a]).total_cmp(&median(&times[b])))
        .context("no configuration runs here")?;
    let nodes: u64 = queries.iter().map(|q| q.nodes).sum();
    let mut chosen = candidates[best].clone();
    chosen.why = format!(
        "measured here, as no record of this CPU ranks perft: the least median time of {} \
         configurations over {rounds} rounds of the six published positions ({:.1} M nodes \
         each, a round); so short a measurement cannot tell apart configurations within a few per \
         cent of each other",
        candidates.len(),
        nodes as f64 / 1e6
    );
    Ok(chosen)
}
