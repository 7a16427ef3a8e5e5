//! What the pawn-structure family is verified and measured on.

use super::{PawnStructureFamily, Pawns};
use crate::bench::corpus::{default_corpus, random_position};
use crate::bench::inputs::pawn_set;
use crate::bench::{Bench, Draw};
use crate::board::position::{Colour, Piece, Position};
use crate::{bench::inputs, board::bitboard::Bitboard, board::square::Square};
use rand::Rng;

/// How many random positions of each pawn count 0 to 64 verification draws.
pub const RANDOM_PER_COUNT: usize = 16_000;
/// How many random pairs of overlapping sets verification draws.
pub const OVERLAPPING: usize = 20_000;

/// Every placement of empty, white and black on the twelve squares of ranks 2 to 7 of the
/// files `west_file` and `west_file + 1`: 3^12 = 531,441 inputs, exhaustive for a pawn, its
/// file, one neighbouring file and the opponent pawns on both.
pub fn every_two_file_placement(west_file: u32) -> Vec<Pawns> {
    let squares: Vec<u64> = (1..7)
        .flat_map(|rank| [west_file, west_file + 1].map(|file| 1u64 << (rank * 8 + file)))
        .collect();
    (0..3u32.pow(12))
        .map(|mut code| {
            let mut pawns = Pawns::default();
            for &square in &squares {
                match code % 3 {
                    1 => pawns.white.0 |= square,
                    2 => pawns.black.0 |= square,
                    _ => {}
                }
                code /= 3;
            }
            pawns
        })
        .collect()
}

/// `count` pawns anywhere on the board, each white or black at random.
fn split_set(rng: &mut impl Rng, count: u32) -> Pawns {
    let both = inputs::knight_set(rng, count);
    let white = Bitboard(both.0 & rng.random::<u64>());
    Pawns {
        white,
        black: both ^ white,
    }
}

/// The pawns of a position.
fn of_position(position: &Position) -> Pawns {
    Pawns {
        white: position.pieces(Colour::White, Piece::Pawn),
        black: position.pieces(Colour::Black, Piece::Pawn),
    }
}

impl Bench for PawnStructureFamily {
    fn verification_inputs(seed: u64) -> Vec<(&'static str, Vec<Pawns>)> {
        let mut rng = inputs::rng(seed, "verify/pawn_structure");
        let random = (0..=64u32)
            .flat_map(|count| (0..RANDOM_PER_COUNT).map(move |_| count))
            .map(|count| split_set(&mut rng, count))
            .collect();
        let overlapping = (0..OVERLAPPING)
            .map(|_| {
                let (white, black) = (rng.random_range(0..=64), rng.random_range(0..=64));
                Pawns {
                    white: inputs::knight_set(&mut rng, white),
                    black: inputs::knight_set(&mut rng, black),
                }
            })
            .collect();
        let full = |white, black| Pawns { white, black };
        vec![
            (
                "every placement on the a- and b-files, ranks 2-7",
                every_two_file_placement(0),
            ),
            (
                "every placement on the d- and e-files, ranks 2-7",
                every_two_file_placement(3),
            ),
            ("random positions of every pawn count 0-64", random),
            (
                "the pawns of every corpus position",
                default_corpus().iter().map(of_position).collect(),
            ),
            ("random overlapping sets", overlapping),
            (
                "empty and full boards",
                vec![
                    full(Bitboard::EMPTY, Bitboard::EMPTY),
                    full(Bitboard::FULL, Bitboard::EMPTY),
                    full(Bitboard::EMPTY, Bitboard::FULL),
                    full(Bitboard::FULL, Bitboard::FULL),
                ],
            ),
        ]
    }

    const DRAWS: &'static [Draw<Pawns>] = &[
        Draw::each(
            "corpus",
            "the pawns of both sides of a corpus position",
            |rng| of_position(random_position(rng)),
        ),
        Draw::each("game", "4 to 8 pawns per side on ranks 2 to 7", |rng| {
            let white = rng.random_range(4..=8);
            let white = pawn_set(rng, white);
            let mut black = Bitboard::EMPTY;
            let black_count = rng.random_range(4..=8);
            while black.len() < black_count {
                let square = Square::from_index_masked(rng.random_range(8..56u8));
                if !white.contains(square) {
                    black |= Bitboard::from(square);
                }
            }
            Pawns { white, black }
        }),
        Draw::each(
            "dense",
            "30 to 64 pawns anywhere, each square white or black at random",
            |rng| {
                let count = rng.random_range(30..=64);
                split_set(rng, count)
            },
        ),
    ];

    #[inline(always)]
    fn mix(pawns: Pawns, zero: u64) -> Pawns {
        Pawns {
            white: Bitboard(pawns.white.0 ^ zero),
            black: pawns.black,
        }
    }
}
