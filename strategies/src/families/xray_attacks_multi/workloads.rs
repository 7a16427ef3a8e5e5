//! What the family of x-rays of sets of sliders is verified and measured on.
//!
//! The headline distribution is `corpus`: the sliders of one side of a real position
//! ([`crate::bench::corpus`]), against its own pieces (batteries, discovered attacks) or
//! the opponent's (pins, skewers).

use super::{SliderSets, XrayAttacksMultiFamily};
use crate::bench::corpus::default_corpus;
use crate::bench::{Bench, Draw};
use crate::board::position::{Colour, Piece, Position};
use crate::{bench::inputs, board::bitboard::Bitboard, board::square::Square};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;

/// Random boards verification draws.
pub const RANDOM_BOARDS: usize = 600_000;

impl Bench for XrayAttacksMultiFamily {
    fn verification_inputs(seed: u64) -> Vec<(&'static str, Vec<SliderSets>)> {
        let mut rng = inputs::rng(seed, "xray_attacks_multi");
        vec![
            (
                "every square as a rook, a bishop, a queen: empty, full, own square, all but it; blockers none, all, the pieces",
                edge_boards(),
            ),
            (
                "600,000 random boards of mixed density, sliders among the pieces or anywhere, blockers subsets or any set",
                random_boards(&mut rng),
            ),
            (
                "the corpus: each side's sliders against either side's pieces and against every piece",
                corpus_with_all_blockers(),
            ),
        ]
    }

    /// `corpus` first: the headline, real positions.
    const DRAWS: &'static [Draw<SliderSets>] = &[
        Draw::pool("corpus", "the rooks, bishops and queens of one side of a corpus position, against its own pieces or the opponent's", corpus_queries),
        Draw::each(
            "sparse",
            "8 to 12 pieces, each a rook-mover and a bishop-mover with probability 1/4 each, a blocker with 1/2",
            |rng| random_query(rng, 8..=12),
        ),
        Draw::each(
            "dense",
            "24 to 32 pieces, each a rook-mover and a bishop-mover with probability 1/4 each, a blocker with 1/2",
            |rng| random_query(rng, 24..=32),
        ),
    ];

    /// `zero` goes into the occupancy: the chain runs through both fills.
    #[inline(always)]
    fn mix(sets: SliderSets, zero: u64) -> SliderSets {
        SliderSets {
            occupied: Bitboard(sets.occupied.0 ^ zero),
            ..sets
        }
    }
}

/// The sliders of each side of `position`, against either side's pieces.
pub fn position_queries(position: &Position) -> impl Iterator<Item = SliderSets> + '_ {
    Colour::ALL.into_iter().flat_map(move |colour| {
        let queens = position.pieces(colour, Piece::Queen);
        let orthogonal = position.pieces(colour, Piece::Rook) | queens;
        let diagonal = position.pieces(colour, Piece::Bishop) | queens;
        [colour, !colour].map(|blockers| SliderSets {
            orthogonal,
            diagonal,
            occupied: position.occupied(),
            blockers: position.colour(blockers),
        })
    })
}

/// Every query of the `corpus` distribution, in corpus order; built once.
pub fn corpus_queries() -> &'static [SliderSets] {
    static QUERIES: OnceLock<Vec<SliderSets>> = OnceLock::new();
    QUERIES.get_or_init(|| default_corpus().iter().flat_map(position_queries).collect())
}

/// The corpus queries, and each again with every piece a blocker.
fn corpus_with_all_blockers() -> Vec<SliderSets> {
    corpus_queries()
        .iter()
        .flat_map(|&sets| {
            [
                sets,
                SliderSets {
                    blockers: sets.occupied,
                    ..sets
                },
            ]
        })
        .collect()
}

/// `pieces` random pieces, each a rook-mover and a bishop-mover with probability 1/4 each
/// (1/16 a queen) and a blocker with probability 1/2.
fn random_query(rng: &mut ChaCha8Rng, pieces: std::ops::RangeInclusive<u32>) -> SliderSets {
    let count = rng.random_range(pieces);
    let occupied = inputs::fill_to(rng, Bitboard::EMPTY, count);
    let mut word = || Bitboard(rng.random::<u64>());
    SliderSets {
        orthogonal: occupied & word() & word(),
        diagonal: occupied & word() & word(),
        occupied,
        blockers: occupied & word(),
    }
}

/// Every square as a lone rook, bishop and queen, with the empty board, the full board, only
/// the slider and all but the slider; as blockers nothing, everything and the pieces.
fn edge_boards() -> Vec<SliderSets> {
    let mut queries = Vec::new();
    for square in Square::ALL {
        let own = Bitboard::from_square(square);
        for (orthogonal, diagonal) in [(own, Bitboard::EMPTY), (Bitboard::EMPTY, own), (own, own)] {
            for occupied in [Bitboard::EMPTY, Bitboard::FULL, own, !own] {
                for blockers in [Bitboard::EMPTY, Bitboard::FULL, occupied] {
                    queries.push(SliderSets {
                        orthogonal,
                        diagonal,
                        occupied,
                        blockers,
                    });
                }
            }
        }
    }
    queries
}

/// [`RANDOM_BOARDS`] boards: occupancies of five densities (1/8 to 7/8); sliders a sparse or a
/// dense subset of the pieces, or random squares that need not hold pieces, and none of one
/// kind in every fourth board; blockers a subset of the pieces, every piece, or any set.
fn random_boards(rng: &mut ChaCha8Rng) -> Vec<SliderSets> {
    (0..RANDOM_BOARDS)
        .map(|i| {
            let mut word = || Bitboard(rng.random::<u64>());
            let occupied = match i % 5 {
                0 => word() & word() & word(),
                1 => word() & word(),
                2 => word(),
                3 => word() | word(),
                _ => word() | word() | word(),
            };
            let mut sliders = || match i % 3 {
                0 => occupied & word() & word() & word(),
                1 => occupied & word(),
                _ => word() & word() & word(),
            };
            let (mut orthogonal, mut diagonal) = (sliders(), sliders());
            match i % 8 {
                0 => orthogonal = Bitboard::EMPTY,
                4 => diagonal = Bitboard::EMPTY,
                _ => {}
            }
            let blockers = match i % 7 {
                0 => occupied,
                1 | 2 => word(),
                _ => occupied & word(),
            };
            SliderSets {
                orthogonal,
                diagonal,
                occupied,
                blockers,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verification_covers_what_it_promises() {
        let groups = XrayAttacksMultiFamily::verification_inputs(inputs::DEFAULT_SEED);
        let sizes: Vec<usize> = groups.iter().map(|(_, inputs)| inputs.len()).collect();
        assert_eq!(
            sizes,
            [64 * 3 * 4 * 3, RANDOM_BOARDS, 2 * corpus_queries().len()]
        );
        assert_eq!(corpus_queries().len(), 4 * default_corpus().len());
    }

    #[test]
    fn distributions_keep_their_promises() {
        let mut rng = inputs::rng(1, "test");
        // The piece counts each distribution promises, in `DRAWS` order.
        let counts = [1..=32, 8..=12, 24..=32];
        for (draw, counts) in XrayAttacksMultiFamily::DRAWS.iter().zip(counts) {
            let queries = draw.queries(&mut rng, 1000);
            for sets in &queries.inputs {
                let sliders = sets.orthogonal | sets.diagonal;
                assert_eq!(sliders & !sets.occupied, Bitboard::EMPTY);
                assert_eq!(sets.blockers & !sets.occupied, Bitboard::EMPTY);
                let pieces = sets.occupied.len();
                assert!(counts.contains(&pieces), "{}", draw.distribution.name);
            }
        }
    }
}
