//! What the in-between family is verified and measured on.

use super::InBetweenFamily;
use crate::bench::inputs;
use crate::bench::{Bench, Draw, Queries};
use crate::{board::square::Square, board::square::SquarePair};

impl Bench for InBetweenFamily {
    fn verification_inputs(_seed: u64) -> Vec<(&'static str, Vec<SquarePair>)> {
        vec![("all 4096 ordered pairs", SquarePair::all().collect())]
    }

    const DRAWS: &'static [Draw<SquarePair>] = &[
        Draw::each(
            "uniform",
            "uniformly random ordered pairs of squares",
            inputs::random_pair,
        ),
        Draw::each(
            "aligned",
            "distinct squares on a common line: the pairs a sliding move joins",
            inputs::aligned_pair,
        ),
        Draw::all(
            "legality",
            "aligned pairs tested against random occupancy: between(a, b) & occ == 0",
            |rng, count| Queries {
                inputs: (0..count).map(|_| inputs::aligned_pair(rng)).collect(),
                masks: Some((0..count).map(|_| inputs::occupancy(rng).0).collect()),
            },
        ),
    ];

    #[inline(always)]
    fn mix(pair: SquarePair, zero: u64) -> SquarePair {
        SquarePair::new(
            Square::from_index_masked(pair.from as u8 ^ zero as u8),
            pair.to,
        )
    }
}
