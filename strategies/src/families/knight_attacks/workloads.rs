//! What the knight-attack family is verified and measured on.

use super::KnightFamily;
use crate::bench::{Bench, Draw};
use crate::{bench::inputs, board::bitboard::Bitboard, board::square::Square};
use rand::Rng;

/// How many random knight sets of each size verification draws.
pub const RANDOM_SETS_PER_SIZE: usize = 20_000;

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

    const DRAWS: &'static [Draw<Bitboard>] = &[
        Draw::each("sets_0_10", "random sets of 0 to 10 knights", |rng| {
            let knights = rng.random_range(0..=10);
            inputs::knight_set(rng, knights)
        }),
        Draw::each("one_knight", "a single knight", |rng| {
            inputs::knight_set(rng, 1)
        }),
        Draw::each("two_knights", "two knights: the typical position", |rng| {
            inputs::knight_set(rng, 2)
        }),
    ];

    #[inline(always)]
    fn mix(knights: Bitboard, zero: u64) -> Bitboard {
        Bitboard(knights.0 ^ zero)
    }
}
