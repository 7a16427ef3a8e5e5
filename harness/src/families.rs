//! The families as the harness sees them: the strategy library's [`Family`] plus the inputs
//! the harness feeds each one, for verification and for measurement.

use crate::inputs;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::fmt::Display;
use strategies::{Bitboard, Family, InBetweenFamily, KnightFamily, Square, SquarePair};

/// An input distribution a family is measured on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Distribution {
    /// The name in records, charts and `cargo bench` ids.
    pub name: &'static str,
    pub summary: &'static str,
}

/// Pre-generated queries: identical for every variant of a workload.
#[derive(Clone, Debug)]
pub struct Queries<I> {
    pub inputs: Vec<I>,
    /// For the legality test: the occupancy each query's result is tested against
    /// (`result & occupancy == 0` means the move is unobstructed).
    pub occupancy: Option<Vec<Bitboard>>,
}

/// A family the harness can verify and measure. Every family answers with a [`Bitboard`].
pub trait Bench: Family<Input: Display, Output = Bitboard> {
    /// Inputs for verification, with what each group is: exhaustive where the domain allows,
    /// large and drawn from `seed` where it does not.
    fn verification_inputs(seed: u64) -> Vec<(&'static str, Vec<Self::Input>)>;

    /// The distributions measured in throughput and latency mode, first the default one.
    fn distributions() -> &'static [Distribution];

    /// The distribution measured under cache pressure.
    fn pressure_distribution() -> &'static Distribution {
        &Self::distributions()[0]
    }

    /// `count` queries from `distribution`.
    fn queries(
        distribution: &Distribution,
        rng: &mut ChaCha8Rng,
        count: usize,
    ) -> Queries<Self::Input>;

    /// Latency mode's mix: the next input made to depend on the previous result without
    /// changing it. `sentinel` is `u64::MAX` hidden behind `black_box`, a value no result of
    /// the measured distributions takes (no in-between set or attack set of at most ten knights
    /// is the full board), so the XOR below is always of zero, but the compiler cannot know.
    fn mix(input: Self::Input, previous: Bitboard, sentinel: u64) -> Self::Input;
}

const UNIFORM_PAIRS: Distribution = Distribution {
    name: "uniform",
    summary: "uniformly random ordered pairs of squares",
};
const ALIGNED_PAIRS: Distribution = Distribution {
    name: "aligned",
    summary: "distinct squares on a common line: the pairs a sliding move joins",
};
const LEGALITY: Distribution = Distribution {
    name: "legality",
    summary: "aligned pairs tested against random occupancy: between(a, b) & occ == 0",
};

impl Bench for InBetweenFamily {
    fn verification_inputs(_seed: u64) -> Vec<(&'static str, Vec<SquarePair>)> {
        vec![("all 4096 ordered pairs", SquarePair::all().collect())]
    }

    fn distributions() -> &'static [Distribution] {
        &[UNIFORM_PAIRS, ALIGNED_PAIRS, LEGALITY]
    }

    fn queries(
        distribution: &Distribution,
        rng: &mut ChaCha8Rng,
        count: usize,
    ) -> Queries<SquarePair> {
        match distribution.name {
            "uniform" => Queries {
                inputs: (0..count).map(|_| inputs::random_pair(rng)).collect(),
                occupancy: None,
            },
            "aligned" => Queries {
                inputs: (0..count).map(|_| inputs::aligned_pair(rng)).collect(),
                occupancy: None,
            },
            "legality" => Queries {
                inputs: (0..count).map(|_| inputs::aligned_pair(rng)).collect(),
                occupancy: Some((0..count).map(|_| inputs::occupancy(rng)).collect()),
            },
            other => unreachable!("no in_between distribution {other}"),
        }
    }

    #[inline(always)]
    fn mix(pair: SquarePair, previous: Bitboard, sentinel: u64) -> SquarePair {
        let zero = (previous.0 == sentinel) as u8;
        SquarePair::new(Square::from_index_masked(pair.from as u8 ^ zero), pair.to)
    }
}

/// How many random knight sets verification draws.
pub const RANDOM_KNIGHT_SETS: usize = 1_000_000;

const KNIGHT_SETS: Distribution = Distribution {
    name: "sets_0_10",
    summary: "random sets of 0 to 10 knights",
};
const ONE_KNIGHT: Distribution = Distribution {
    name: "one_knight",
    summary: "a single knight",
};
const TWO_KNIGHTS: Distribution = Distribution {
    name: "two_knights",
    summary: "two knights: the typical position",
};

impl Bench for KnightFamily {
    fn verification_inputs(seed: u64) -> Vec<(&'static str, Vec<Bitboard>)> {
        let singles: Vec<Bitboard> = Square::ALL.into_iter().map(Bitboard::from).collect();
        let mut pairs = Vec::with_capacity(64 * 63 / 2);
        for a in Square::ALL {
            for b in Square::ALL.into_iter().filter(|&b| b > a) {
                pairs.push(Bitboard::from(a) | Bitboard::from(b));
            }
        }
        let mut rng = inputs::rng(seed, "verify/knight_attacks");
        let random = (0..RANDOM_KNIGHT_SETS)
            .map(|_| {
                let count = rng.random_range(0..=10);
                inputs::knight_set(&mut rng, count)
            })
            .collect();
        vec![
            ("the empty set", vec![Bitboard::EMPTY]),
            ("every single square", singles),
            ("every pair of squares", pairs),
            ("random sets of 0-10 knights", random),
        ]
    }

    fn distributions() -> &'static [Distribution] {
        &[KNIGHT_SETS, ONE_KNIGHT, TWO_KNIGHTS]
    }

    fn queries(
        distribution: &Distribution,
        rng: &mut ChaCha8Rng,
        count: usize,
    ) -> Queries<Bitboard> {
        let inputs = (0..count)
            .map(|_| {
                let knights = match distribution.name {
                    "sets_0_10" => rng.random_range(0..=10),
                    "one_knight" => 1,
                    "two_knights" => 2,
                    other => unreachable!("no knight_attacks distribution {other}"),
                };
                inputs::knight_set(rng, knights)
            })
            .collect();
        Queries {
            inputs,
            occupancy: None,
        }
    }

    #[inline(always)]
    fn mix(knights: Bitboard, previous: Bitboard, sentinel: u64) -> Bitboard {
        Bitboard(knights.0 ^ (previous.0 == sentinel) as u64)
    }
}
