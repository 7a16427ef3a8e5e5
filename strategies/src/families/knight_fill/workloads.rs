//! What the knight-fill family is verified and measured on.

use super::{FillQuery, KnightFillFamily};
use crate::bench::corpus::{default_corpus, random_position};
use crate::bench::{Bench, Draw};
use crate::board::position::{Colour, Piece};
use crate::{bench::inputs, board::bitboard::Bitboard, board::square::Square};
use rand::Rng;

/// How many random knight sets of each size 0 to 64 verification draws, per step count 0-7.
pub const RANDOM_SETS_PER_SIZE: usize = 2_000;

impl Bench for KnightFillFamily {
    fn verification_inputs(seed: u64) -> Vec<(&'static str, Vec<FillQuery>)> {
        // Every step count that matters, the clamp beyond it and the largest.
        let step_counts: Vec<u8> = (0..=8).chain([255]).collect();
        let singles = Square::ALL
            .into_iter()
            .flat_map(|square| {
                step_counts.iter().map(move |&steps| FillQuery {
                    knights: square.into(),
                    steps,
                })
            })
            .collect();
        let mut pairs = Vec::new();
        for a in Square::ALL {
            for b in Square::ALL.into_iter().filter(|&b| b > a) {
                for steps in 0..=6 {
                    let knights = Bitboard::from(a) | Bitboard::from(b);
                    pairs.push(FillQuery { knights, steps });
                }
            }
        }
        let mut rng = inputs::rng(seed, "verify/knight_fill");
        let random = (0..=64u32)
            .flat_map(|count| (0..RANDOM_SETS_PER_SIZE).map(move |_| count))
            .flat_map(|count| (0..=7).map(move |steps| (count, steps)))
            .map(|(count, steps)| FillQuery {
                knights: inputs::knight_set(&mut rng, count),
                steps,
            })
            .collect();
        let empty = step_counts
            .iter()
            .map(|&steps| FillQuery {
                knights: Bitboard::EMPTY,
                steps,
            })
            .collect();
        vec![
            ("no knights, every step count", empty),
            ("every single square, steps 0-8 and 255", singles),
            ("every pair of squares, steps 0-6", pairs),
            ("random sets of every size 0-64, steps 0-7", random),
            (
                "the knights of each side of every corpus position, steps 0-6",
                default_corpus()
                    .iter()
                    .flat_map(|p| Colour::ALL.map(|c| p.pieces(c, Piece::Knight)))
                    .flat_map(|knights| (0..=6).map(move |steps| FillQuery { knights, steps }))
                    .collect(),
            ),
        ]
    }

    const DRAWS: &'static [Draw<FillQuery>] = &[
        Draw::each(
            "corpus",
            "the knights of one side of a corpus position, 1 to 4 moves",
            |rng| {
                let colour = Colour::ALL[rng.random_range(0..2)];
                let knights = random_position(rng).pieces(colour, Piece::Knight);
                let steps = rng.random_range(1..=4);
                FillQuery { knights, steps }
            },
        ),
        Draw::each(
            "game",
            "1 or 2 knights, 2 to 4 moves: a knight-and-pawn ending",
            |rng| {
                let (knights, steps) = (rng.random_range(1..=2), rng.random_range(2..=4));
                FillQuery {
                    knights: inputs::knight_set(rng, knights),
                    steps,
                }
            },
        ),
        Draw::each("dense", "30 to 64 knights, 0 to 6 moves", |rng| {
            let (knights, steps) = (rng.random_range(30..=64), rng.random_range(0..=6));
            FillQuery {
                knights: inputs::knight_set(rng, knights),
                steps,
            }
        }),
    ];

    #[inline(always)]
    fn mix(query: FillQuery, zero: u64) -> FillQuery {
        FillQuery {
            knights: Bitboard(query.knights.0 ^ zero),
            steps: query.steps,
        }
    }
}
