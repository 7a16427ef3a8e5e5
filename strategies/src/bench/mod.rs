//! The bench scaffolding (feature `bench`): what the harness verifies and measures a family
//! with, and what an engine never needs. It sits above the framework and below the families,
//! whose `reference.rs` and `workloads.rs` build on it.
//!
//! - this module: a family's input distributions, how queries are drawn from them, the inputs
//!   verification checks, and the link of the latency chain ([`Bench`]);
//! - [`registry`]: lists of families, and the visitor that runs code once per family;
//! - [`inputs`]: seeded random squares, sets and occupancies;
//! - [`reference`](mod@reference): the reference move generator, the oracle of the position families;
//! - [`corpus`] and [`edge_positions`]: the positions they are verified and measured on;
//! - `testing` and `family_tests` (tests only): the agreement checks every family runs.
//!
//! A family implements [`Bench`] in its own folder (`workloads.rs`), beside its variants, so that adding
//! a family never touches the harness.
//!
//! A family lists its distributions once, each with the function that draws its queries
//! ([`Draw`], in [`Bench::DRAWS`]): the names the harness and the records see and the code
//! that draws for them cannot drift apart, and no name is matched to find the code.

pub mod corpus;
pub mod edge_positions;
#[cfg(test)]
pub(crate) mod family_tests;
pub mod inputs;
pub mod reference;
pub mod registry;
#[cfg(test)]
pub(crate) mod testing;

use crate::framework::family::Family;
use crate::framework::level::{ForBaseline, Job, Level};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::any::TypeId;
use std::sync::Mutex;

/// An input distribution a family is measured on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Distribution {
    /// The name in records, charts and `cargo bench` ids.
    pub name: &'static str,
    pub summary: &'static str,
}

/// A distribution and how its queries are drawn: one entry of [`Bench::DRAWS`].
#[derive(Clone, Copy)]
pub struct Draw<I: 'static> {
    /// Its name and summary, as the harness and the records see them.
    pub distribution: Distribution,
    draw: Drawing<I>,
}

/// How a [`Draw`] makes its queries.
#[derive(Clone, Copy)]
enum Drawing<I: 'static> {
    /// One query at a time.
    Each(fn(&mut ChaCha8Rng) -> I),
    /// The whole set at once (a cycle through a list, or masks drawn after the inputs).
    All(fn(&mut ChaCha8Rng, usize) -> Queries<I>),
    /// Uniformly from a list of queries made once (the corpus's).
    Pool(fn() -> &'static [I]),
}

impl<I: Copy + 'static> Draw<I> {
    /// A distribution whose queries are drawn one at a time by `draw`.
    pub const fn each(
        name: &'static str,
        summary: &'static str,
        draw: fn(&mut ChaCha8Rng) -> I,
    ) -> Draw<I> {
        Draw {
            distribution: Distribution { name, summary },
            draw: Drawing::Each(draw),
        }
    }

    /// A distribution whose `count` queries are drawn together by `draw`.
    pub const fn all(
        name: &'static str,
        summary: &'static str,
        draw: fn(&mut ChaCha8Rng, usize) -> Queries<I>,
    ) -> Draw<I> {
        Draw {
            distribution: Distribution { name, summary },
            draw: Drawing::All(draw),
        }
    }

    /// A distribution whose queries are drawn uniformly from the list `pool` makes (once).
    pub const fn pool(
        name: &'static str,
        summary: &'static str,
        pool: fn() -> &'static [I],
    ) -> Draw<I> {
        Draw {
            distribution: Distribution { name, summary },
            draw: Drawing::Pool(pool),
        }
    }

    /// `count` queries.
    pub fn queries(&self, rng: &mut ChaCha8Rng, count: usize) -> Queries<I> {
        match self.draw {
            Drawing::Each(draw) => Queries::plain((0..count).map(|_| draw(rng)).collect()),
            Drawing::All(draw) => draw(rng, count),
            Drawing::Pool(pool) => {
                let all = pool();
                Queries::plain(
                    (0..count)
                        .map(|_| all[rng.random_range(0..all.len())])
                        .collect(),
                )
            }
        }
    }
}

/// Pre-generated queries: identical for every variant of a workload.
#[derive(Clone, Debug)]
pub struct Queries<I> {
    pub inputs: Vec<I>,
    /// When the distribution models a test made with each answer (the legality test of an
    /// in-between set), the mask each answer is tested against: the caller counts the answers
    /// whose [`fold`](crate::framework::answer::Answer::fold) has no bit in common with it.
    pub masks: Option<Vec<u64>>,
}

impl<I> Queries<I> {
    /// Queries with no mask.
    pub fn plain(inputs: Vec<I>) -> Queries<I> {
        Queries {
            inputs,
            masks: None,
        }
    }
}

/// `job` in the copy compiled for `level` ([`Level::run`]) if family `F` has copies per level
/// ([`Bench::LEVELS`]); else in its one copy, for the baseline. The test is on a constant, so
/// a family without them has no copy for a level compiled: perft's and the search's loops,
/// which would run the same out-of-line recursion in every copy, are compiled once.
#[inline(always)]
pub fn run_at<F: Bench, J: Job>(level: Level, job: J) -> J::Output {
    if F::LEVELS {
        level.run(job)
    } else {
        job.run_in::<ForBaseline>()
    }
}

/// How a family is measured, beyond its distributions: most families take the defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Queries per pass in throughput and latency mode, at most: fewer where they would hold
    /// more than [`pool_bytes`](Shape::pool_bytes) ([`Shape::pass_queries`]).
    pub pool: usize,
    /// The most bytes of queries a pass holds: [`POOL_BYTES`], but no limit for the position
    /// families ([`Shape::POSITIONS`]).
    pub pool_bytes: usize,
    /// Queries per pass at most in a `--quick` run, a smoke test of a few seconds: shorter
    /// passes keep the run to its budget with enough rounds to give each median a useful
    /// interval.
    pub quick_pool: usize,
    /// Whether latency mode (one query at a time, each depending on the last) is measured.
    pub latency: bool,
    /// Whether the cache-pressure sweep is measured.
    pub cache_pressure: bool,
    /// The family's share of the run's time budget, relative to a default family's 1 per
    /// workload.
    pub weight: u32,
    /// What the time is per: `query` by default; a family whose queries do different amounts
    /// of work (perft: nodes) names the unit and counts it with [`Bench::work`].
    pub unit: &'static str,
    /// Whether each slice of a workload starts with a round that is measured and not kept
    /// (caches, predictors and the clock warmed for the slice). Every sample is hot by itself
    /// either way; a family whose one pass takes a millisecond or more, warmed by its own
    /// untimed passes (the search), leaves it out, since at the run's minimum rounds it would
    /// double the family's time.
    pub warm_round: bool,
}

impl Shape {
    /// 16,384 queries per pass (2,048 in `--quick`, whose short passes leave room for a dozen
    /// rounds a workload, so that one interrupted round cannot widen an interval to nothing),
    /// every mode, weight 1, times per query.
    pub const DEFAULT: Shape = Shape {
        pool: 16_384,
        pool_bytes: POOL_BYTES,
        quick_pool: 2_048,
        latency: true,
        cache_pressure: true,
        weight: 1,
        unit: "query",
        warm_round: true,
    };
}

/// The most bytes of queries a pass holds by default ([`Shape::pool_bytes`]):
/// [`Shape::pass_queries`] takes fewer queries than a family's [`Shape::pool`] where they would
/// exceed it. A pass's queries stay in cache through the untimed warm-up and the timed pass of
/// a sample, so their share of L2 is taken from the variant's tables: 16,384 16-byte slider
/// queries are 256 KiB, a quarter of a 1 MiB L2, which leaves a table of most of a megabyte
/// (the `pext` queen's 851 KiB) too little of it. An engine asks about a square and an
/// occupancy in registers. With at most 128 KiB of queries, the large-table techniques of the
/// slider and x-ray families measured faster and nothing measured slower (docs/notebook.md,
/// "Measurements behind the code"). (The position families keep 320 KiB of queries for
/// another reason: see [`Shape::POSITIONS`].)
pub const POOL_BYTES: usize = 128 << 10;

impl Shape {
    /// Queries per pass in throughput and latency mode for queries of `input_bytes` each: the
    /// shape's [`pool`](Shape::pool), or as many as its [`pool_bytes`](Shape::pool_bytes)
    /// hold if that is fewer (8,192 slider queries, 5,461 x-ray queries).
    pub fn pass_queries(&self, input_bytes: usize) -> usize {
        self.pool.min(self.pool_bytes / input_bytes.max(1))
    }
}

impl Shape {
    /// The shape of the three families whose queries hold a whole position (80 bytes): a pass of
    /// 4,096 queries, 320 KiB, with no byte limit ([`POOL_BYTES`] would allow 1,638). The default
    /// 16,384 (1.3 MiB) would make fetching the inputs in random order (the harness shuffles them)
    /// a large part of every variant's time; fewer let the branch predictor learn each position,
    /// the more so the more often a loop runs each one (the harness's warm-up runs each position
    /// at least four times, `crosscheck`'s plain loop fifteen times or more), and a technique
    /// that branches on the position, such as `legality_test`'s `generate_and_search`, then
    /// measures faster than on positions it has not learned. Keeping 4,096 forgoes what the
    /// table techniques of `attacks_to` gained with 1,638, as their tables share L2 with the
    /// positions (docs/notebook.md, "Measurements behind the code").
    pub const POSITIONS: Shape = Shape {
        pool: 4096,
        pool_bytes: usize::MAX,
        ..Shape::DEFAULT
    };
}

impl Default for Shape {
    fn default() -> Shape {
        Shape::DEFAULT
    }
}

/// A family the harness can verify and measure.
pub trait Bench: Family {
    /// How the family is measured; [`Shape::DEFAULT`] unless it says otherwise.
    fn shape() -> Shape {
        Shape::DEFAULT
    }

    /// Whether a query's work is inlined into the measuring loop, so that the loop's copy at
    /// the CPU's level ([`crate::framework::level`]) runs other instructions than its baseline
    /// copy, and the harness measures a portable variant in both to show what the compiler
    /// gives it. Not for perft and the search, whose recursion is called out of line and keeps
    /// the instructions it was compiled with in either copy: their loops are compiled once,
    /// for the baseline ([`run_at`]). A constant, not a field of [`Shape`], so that the copies
    /// a family does not have are not compiled.
    const LEVELS: bool = true;

    /// The work in answering `input`, in the shape's unit: 1 query by default; a perft query
    /// counts the nodes it visits. Known from the input alone (the harness divides time by it,
    /// so it must not come from a kernel's answer).
    #[inline(always)]
    fn work(_input: &Self::Input) -> u64 {
        1
    }

    /// Where verification stops short of the whole domain for time, the limit in a phrase
    /// (perft: the depths it checks); the main run and `verify` print it.
    const VERIFICATION_LIMIT: Option<&'static str> = None;

    /// Inputs for verification, in named groups: exhaustive where the domain allows, large and
    /// drawn from `seed` where it does not, with dense and edge cases, not only typical ones.
    fn verification_inputs(seed: u64) -> Vec<(&'static str, Vec<Self::Input>)>;

    /// The distributions measured in throughput and latency mode, the headline one first, each
    /// with how its queries are drawn. [`Bench::distributions`] and [`Bench::queries`] read it.
    const DRAWS: &'static [Draw<Self::Input>] = &[];

    /// The distributions measured in throughput and latency mode, the headline one first: the
    /// distributions of [`Bench::DRAWS`].
    fn distributions() -> &'static [Distribution] {
        distributions_of::<Self>()
    }

    /// The distribution measured under cache pressure.
    fn pressure_distribution() -> &'static Distribution {
        &Self::distributions()[0]
    }

    /// `count` queries from `distribution`, drawn by its entry of [`Bench::DRAWS`].
    ///
    /// # Panics
    /// If `distribution` is not one of the family's.
    fn queries(
        distribution: &Distribution,
        rng: &mut ChaCha8Rng,
        count: usize,
    ) -> Queries<Self::Input> {
        Self::DRAWS
            .iter()
            .find(|draw| draw.distribution == *distribution)
            .unwrap_or_else(|| panic!("{} has no distribution {}", Self::NAME, distribution.name))
            .queries(rng, count)
    }

    /// Variants the family registers under several names that run the same code (perft's
    /// default configuration, listed once under each technique it sets). The harness uses
    /// them as the family's A/A controls: two names, one code, so whatever separates their
    /// times is a bias of the run, not a difference between techniques. Empty by default; the
    /// harness then measures one variant a second time under a second name (see
    /// `harness::measure`).
    fn same_code() -> Vec<Self::Variant> {
        Vec::new()
    }

    /// The latency chain's link: `input` with `zero` folded in. `zero` is always 0 at run time
    /// (the previous answer's fold ANDed with a zero the compiler cannot see through), so the
    /// input is unchanged, but it now depends on the previous answer. Typically an XOR into
    /// one field of the input.
    fn mix(input: Self::Input, zero: u64) -> Self::Input;
}

/// The distributions of `F`'s [`Bench::DRAWS`] as one slice, made once per family and kept for
/// the life of the process (a few per family).
fn distributions_of<F: Bench + ?Sized>() -> &'static [Distribution] {
    static MADE: Mutex<Vec<(TypeId, &'static [Distribution])>> = Mutex::new(Vec::new());
    let mut made = MADE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let family = TypeId::of::<F>();
    if let Some(&(_, distributions)) = made.iter().find(|(id, _)| *id == family) {
        return distributions;
    }
    let distributions: Vec<Distribution> = F::DRAWS.iter().map(|d| d.distribution).collect();
    let distributions: &'static [Distribution] = distributions.leak();
    made.push((family, distributions));
    distributions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_holds_at_most_its_shapes_bytes_of_queries() {
        let default = Shape::DEFAULT;
        assert_eq!(default.pass_queries(8), 16_384);
        assert_eq!(default.pass_queries(16), 8_192);
        assert_eq!(default.pass_queries(24), 5_461);
        assert_eq!(default.pass_queries(0), 16_384);
        assert_eq!(Shape::POSITIONS.pass_queries(80), 4_096);
    }
}
