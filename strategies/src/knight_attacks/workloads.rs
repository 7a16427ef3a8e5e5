//! What the knight-attack family is verified and measured on.

use super::KnightFamily;
use crate::bench::{Bench, Distribution, Queries};
use crate::{inputs, Bitboard, Square};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// How many random knight sets of each size verification draws.
pub const RANDOM_SETS_PER_SIZE: usize = 20_000;

const SETS_0_10: Distribution = Distribution {
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
        // Every size from 0 to 64, dense sets included: a set-wise kernel's wrap masks are
        // tested hardest when every file is full.
        let random = (0..=64u32)
            .flat_map(|count| (0..RANDOM_SETS_PER_SIZE).map(move |_| count))
            .map(|count| inputs::knight_set(&mut rng, count))
            .collect();
        vec![
            ("the empty set", vec![Bitboard::EMPTY]),
            ("every single square", singles),
            ("every pair of squares", pairs),
            ("random sets of every size 0-64", random),
            ("the full board", vec![Bitboard::FULL]),
        ]
    }

    fn distributions() -> &'static [Distribution] {
        &[SETS_0_10, ONE_KNIGHT, TWO_KNIGHTS]
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
        Queries::plain(inputs)
    }

    #[inline(always)]
    fn mix(knights: Bitboard, zero: u64) -> Bitboard {
        Bitboard(knights.0 ^ zero)
    }
}
