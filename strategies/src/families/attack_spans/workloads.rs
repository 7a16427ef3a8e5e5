//! What the attack-span family is verified and measured on.

use super::{AttackSpansFamily, Colour, SidePawns};
use crate::bench::corpus::{default_corpus, random_position};
use crate::bench::{Bench, Draw};
use crate::board::position::Piece;
use crate::{bench::inputs, board::bitboard::Bitboard};
use rand::Rng;

/// How many random sets of each size 0 to 64 verification draws, per colour.
pub const RANDOM_SETS_PER_SIZE: usize = 8_000;

/// Every subset of two adjacent files (2^16 each, seven pairs): exhaustive for everything a
/// pawn's spans touch, its own file and one neighbour.
pub fn every_two_file_pattern() -> Vec<Bitboard> {
    let mut sets = Vec::with_capacity(7 << 16);
    for west_file in 0..7 {
        for bits in 0..1u32 << 16 {
            let set = (0..16)
                .filter(|i| bits >> i & 1 != 0)
                .fold(0u64, |set, i| set | 1 << (8 * (i / 2) + west_file + i % 2));
            sets.push(Bitboard(set));
        }
    }
    sets
}

fn both_colours(sets: &[Bitboard]) -> Vec<SidePawns> {
    Colour::ALL
        .into_iter()
        .flat_map(|colour| sets.iter().map(move |&pawns| SidePawns::new(pawns, colour)))
        .collect()
}

impl Bench for AttackSpansFamily {
    fn verification_inputs(seed: u64) -> Vec<(&'static str, Vec<SidePawns>)> {
        let mut rng = inputs::rng(seed, "verify/attack_spans");
        // Every size from 0 to 64, dense sets included: wrap masks are tested hardest when
        // every file is full.
        let random: Vec<Bitboard> = (0..=64u32)
            .flat_map(|count| (0..RANDOM_SETS_PER_SIZE).map(move |_| count))
            .map(|count| inputs::knight_set(&mut rng, count))
            .collect();
        vec![
            (
                "every pattern of two adjacent files, both colours",
                both_colours(&every_two_file_pattern()),
            ),
            (
                "random sets of every size 0-64, both colours",
                both_colours(&random),
            ),
            (
                "the empty and the full board, both colours",
                both_colours(&[Bitboard::EMPTY, Bitboard::FULL]),
            ),
            (
                "the pawns of each side of every corpus position",
                default_corpus()
                    .iter()
                    .flat_map(|p| Colour::ALL.map(|c| SidePawns::new(p.pieces(c, Piece::Pawn), c)))
                    .collect(),
            ),
        ]
    }

    const DRAWS: &'static [Draw<SidePawns>] = &[
        Draw::each(
            "corpus",
            "the pawns of one side of a corpus position (both sides drawn)",
            |rng| {
                let colour = Colour::ALL[rng.random_range(0..2)];
                SidePawns::new(random_position(rng).pieces(colour, Piece::Pawn), colour)
            },
        ),
        Draw::each(
            "game",
            "4 to 8 pawns on ranks 2 to 7, either colour",
            |rng| {
                let colour = Colour::ALL[rng.random_range(0..2)];
                let count = rng.random_range(4..=8);
                SidePawns::new(inputs::pawn_set(rng, count), colour)
            },
        ),
        Draw::each(
            "dense",
            "30 to 64 pawns anywhere on the board, either colour",
            |rng| {
                let colour = Colour::ALL[rng.random_range(0..2)];
                let count = rng.random_range(30..=64);
                SidePawns::new(inputs::knight_set(rng, count), colour)
            },
        ),
    ];

    #[inline(always)]
    fn mix(input: SidePawns, zero: u64) -> SidePawns {
        SidePawns::new(Bitboard(input.pawns.0 ^ zero), input.colour)
    }
}
