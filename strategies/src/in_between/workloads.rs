//! What the in-between family is verified and measured on.

use super::InBetweenFamily;
use crate::bench::{Bench, Distribution, Queries};
use crate::inputs;
use crate::{Square, SquarePair};
use rand_chacha::ChaCha8Rng;

const UNIFORM: Distribution = Distribution {
    name: "uniform",
    summary: "uniformly random ordered pairs of squares",
};
const ALIGNED: Distribution = Distribution {
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
        &[UNIFORM, ALIGNED, LEGALITY]
    }

    fn queries(
        distribution: &Distribution,
        rng: &mut ChaCha8Rng,
        count: usize,
    ) -> Queries<SquarePair> {
        match distribution.name {
            "uniform" => Queries::plain((0..count).map(|_| inputs::random_pair(rng)).collect()),
            "aligned" => Queries::plain((0..count).map(|_| inputs::aligned_pair(rng)).collect()),
            "legality" => Queries {
                inputs: (0..count).map(|_| inputs::aligned_pair(rng)).collect(),
                masks: Some((0..count).map(|_| inputs::occupancy(rng).0).collect()),
            },
            other => unreachable!("no in_between distribution {other}"),
        }
    }

    #[inline(always)]
    fn mix(pair: SquarePair, zero: u64) -> SquarePair {
        SquarePair::new(
            Square::from_index_masked(pair.from as u8 ^ zero as u8),
            pair.to,
        )
    }
}
