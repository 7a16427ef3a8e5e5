//! The families as the harness sees them: the strategy library's [`Family`] plus the inputs
//! the harness feeds each one.

use crate::inputs;
use rand::Rng;
use std::fmt::Display;
use strategies::{Bitboard, Family, InBetweenFamily, KnightFamily, Square, SquarePair};

/// A family the harness can verify and measure. Every family answers with a [`Bitboard`].
pub trait Bench: Family<Input: Display, Output = Bitboard> {
    /// Inputs for verification, with what each group is: exhaustive where the domain allows,
    /// large and drawn from `seed` where it does not.
    fn verification_inputs(seed: u64) -> Vec<(&'static str, Vec<Self::Input>)>;
}

impl Bench for InBetweenFamily {
    fn verification_inputs(_seed: u64) -> Vec<(&'static str, Vec<SquarePair>)> {
        vec![("all 4096 ordered pairs", SquarePair::all().collect())]
    }
}

/// How many random knight sets verification draws.
pub const RANDOM_KNIGHT_SETS: usize = 1_000_000;

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
}
