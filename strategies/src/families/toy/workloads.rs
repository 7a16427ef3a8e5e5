//! What the toy family is verified and measured on.

use super::Toy;
use crate::bench::{Bench, Draw};
use crate::board::bitboard::Bitboard;
use rand::Rng;

impl Bench for Toy {
    const DRAWS: &'static [Draw<Bitboard>] = &[
        Draw::each("random", "random sets", |rng| Bitboard(rng.random())),
        Draw::each("small", "sets of up to 8 squares", |rng| {
            let count = rng.random_range(0..=8);
            crate::bench::inputs::knight_set(rng, count)
        }),
    ];

    fn verification_inputs(_seed: u64) -> Vec<(&'static str, Vec<Bitboard>)> {
        let sets = (0..1000u64).map(|i| Bitboard(i.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
        vec![("a thousand scattered sets", sets.collect())]
    }

    fn mix(set: Bitboard, zero: u64) -> Bitboard {
        Bitboard(set.0 ^ zero)
    }
}
