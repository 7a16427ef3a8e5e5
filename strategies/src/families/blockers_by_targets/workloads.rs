//! What blockers by targets is verified and measured on.
//!
//! The headline distribution is `corpus`: one side's sliders in a real position
//! ([`crate::bench::corpus`]) against the other side's king (its pinned pieces and the
//! discovered checks against it), or against its king, queens and rooks (pins and skewers of
//! the valuable pieces).

use super::{BlockersByTargetsFamily, SlidersAndTargets};
use crate::bench::corpus::default_corpus;
use crate::bench::{Bench, Draw};
use crate::board::position::{Colour, Piece, Position};
use crate::{bench::inputs, board::bitboard::Bitboard, board::square::Square};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;

/// Random boards verification draws.
pub const RANDOM_BOARDS: usize = 600_000;

impl Bench for BlockersByTargetsFamily {
    fn verification_inputs(seed: u64) -> Vec<(&'static str, Vec<SlidersAndTargets>)> {
        let mut rng = inputs::rng(seed, "blockers_by_targets");
        vec![
            (
                "every square as a rook, a bishop, a queen: empty, full, own square, all but it; targets none, all, the pieces, the empty squares",
                edge_boards(),
            ),
            (
                "every square and line: every line of empty squares, pieces and targets on pieces, the rest of the board empty",
                every_line(),
            ),
            (
                "600,000 random boards of mixed density, sliders and targets among the pieces or anywhere",
                random_boards(&mut rng),
            ),
            (
                "the corpus: each side's sliders against the other's king, its valuable pieces, and all its pieces",
                corpus_with_all_targets(),
            ),
        ]
    }

    /// `corpus` first: the headline, real positions.
    const DRAWS: &'static [Draw<SlidersAndTargets>] = &[
        Draw::pool("corpus", "one side's rooks, bishops and queens in a corpus position against the other's king, or its king, queens and rooks", corpus_queries),
        Draw::each(
            "sparse",
            "8 to 12 pieces, each a rook-mover and a bishop-mover with probability 1/4 each; 1 to 3 of the others targets",
            |rng| random_query(rng, 8..=12),
        ),
        Draw::each(
            "dense",
            "24 to 32 pieces, each a rook-mover and a bishop-mover with probability 1/4 each; 1 to 3 of the others targets",
            |rng| random_query(rng, 24..=32),
        ),
    ];

    /// `zero` goes into the occupancy: the chain runs through the fills of both sides.
    #[inline(always)]
    fn mix(query: SlidersAndTargets, zero: u64) -> SlidersAndTargets {
        SlidersAndTargets {
            occupied: Bitboard(query.occupied.0 ^ zero),
            ..query
        }
    }
}

/// Each side's sliders in `position` against the other side's king, and against its king,
/// queens and rooks.
pub fn position_queries(position: &Position) -> impl Iterator<Item = SlidersAndTargets> + '_ {
    Colour::ALL.into_iter().flat_map(move |colour| {
        let queens = position.pieces(colour, Piece::Queen);
        let (orthogonal, diagonal) = (
            position.pieces(colour, Piece::Rook) | queens,
            position.pieces(colour, Piece::Bishop) | queens,
        );
        let them = !colour;
        let king = Bitboard::from_square(position.king(them));
        let valuable =
            king | position.pieces(them, Piece::Queen) | position.pieces(them, Piece::Rook);
        [king, valuable].map(|targets| SlidersAndTargets {
            orthogonal,
            diagonal,
            occupied: position.occupied(),
            targets,
        })
    })
}

/// Every query of the `corpus` distribution, in corpus order; built once.
pub fn corpus_queries() -> &'static [SlidersAndTargets] {
    static QUERIES: OnceLock<Vec<SlidersAndTargets>> = OnceLock::new();
    QUERIES.get_or_init(|| default_corpus().iter().flat_map(position_queries).collect())
}

/// The corpus queries, and for each side every piece of the other as a target.
fn corpus_with_all_targets() -> Vec<SlidersAndTargets> {
    let all_pieces = default_corpus().iter().flat_map(|position| {
        Colour::ALL.map(|colour| {
            let queens = position.pieces(colour, Piece::Queen);
            SlidersAndTargets {
                orthogonal: position.pieces(colour, Piece::Rook) | queens,
                diagonal: position.pieces(colour, Piece::Bishop) | queens,
                occupied: position.occupied(),
                targets: position.colour(!colour),
            }
        })
    });
    corpus_queries().iter().copied().chain(all_pieces).collect()
}

/// `pieces` random pieces, each a rook-mover and a bishop-mover with probability 1/4 each
/// (1/16 a queen); 1 to 3 random pieces are the targets.
fn random_query(rng: &mut ChaCha8Rng, pieces: std::ops::RangeInclusive<u32>) -> SlidersAndTargets {
    let count = rng.random_range(pieces);
    let occupied = inputs::fill_to(rng, Bitboard::EMPTY, count);
    let mut word = || Bitboard(rng.random::<u64>());
    let (orthogonal, diagonal) = (occupied & word() & word(), occupied & word() & word());
    let wanted = rng.random_range(1..=3);
    let mut targets = Bitboard::EMPTY;
    while targets.len() < wanted {
        let square = inputs::square(rng);
        if occupied.contains(square) {
            targets |= Bitboard::from_square(square);
        }
    }
    SlidersAndTargets {
        orthogonal,
        diagonal,
        occupied,
        targets,
    }
}

/// Every square as a lone rook, bishop and queen, with the empty board, the full board, only
/// the slider and all but the slider; as targets nothing, every square, the pieces, and the
/// empty squares.
fn edge_boards() -> Vec<SlidersAndTargets> {
    let mut queries = Vec::new();
    for square in Square::ALL {
        let own = Bitboard::from_square(square);
        for (orthogonal, diagonal) in [(own, Bitboard::EMPTY), (Bitboard::EMPTY, own), (own, own)] {
            for occupied in [Bitboard::EMPTY, Bitboard::FULL, own, !own] {
                for targets in [Bitboard::EMPTY, Bitboard::FULL, occupied, !occupied] {
                    queries.push(SlidersAndTargets {
                        orthogonal,
                        diagonal,
                        occupied,
                        targets,
                    });
                }
            }
        }
    }
    queries
}

/// For every square and every line through it (a rook on its file and rank, a bishop on its
/// diagonals), every way of making each other square of the line empty, a piece, or a piece
/// that is a target (3^7 per rank or file), with the rest of the board empty.
fn every_line() -> Vec<SlidersAndTargets> {
    let mut queries = Vec::new();
    for square in Square::ALL {
        let own = Bitboard::from_square(square);
        for (rook, (files, ranks)) in [
            (true, (1, 0)),
            (true, (0, 1)),
            (false, (1, 1)),
            (false, (1, -1)),
        ] {
            let line: Vec<Square> = [(files, ranks), (-files, -ranks)]
                .into_iter()
                .flat_map(|(f, r)| (1..8).filter_map(move |k| square.offset(f * k, r * k)))
                .collect();
            for mut state in 0..3usize.pow(line.len() as u32) {
                let (mut occupied, mut targets) = (own, Bitboard::EMPTY);
                for &other in &line {
                    let bit = Bitboard::from_square(other);
                    match state % 3 {
                        0 => {}
                        1 => occupied |= bit,
                        _ => {
                            occupied |= bit;
                            targets |= bit;
                        }
                    }
                    state /= 3;
                }
                let (orthogonal, diagonal) = if rook {
                    (own, Bitboard::EMPTY)
                } else {
                    (Bitboard::EMPTY, own)
                };
                queries.push(SlidersAndTargets {
                    orthogonal,
                    diagonal,
                    occupied,
                    targets,
                });
            }
        }
    }
    queries
}

/// [`RANDOM_BOARDS`] boards: occupancies of five densities (1/8 to 7/8); sliders a sparse or
/// a dense subset of the pieces, or random squares that need not hold pieces, and none of
/// one kind in every fourth board; targets a few pieces, a few squares anywhere, or many.
fn random_boards(rng: &mut ChaCha8Rng) -> Vec<SlidersAndTargets> {
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
            let targets = match i % 7 {
                0 => occupied & word(),
                1 => word() & word() & word() & word(),
                2 => word(),
                _ => occupied & word() & word() & word() & word(),
            };
            SlidersAndTargets {
                orthogonal,
                diagonal,
                occupied,
                targets,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verification_covers_what_it_promises() {
        let groups = BlockersByTargetsFamily::verification_inputs(inputs::DEFAULT_SEED);
        let sizes: Vec<usize> = groups.iter().map(|(_, inputs)| inputs.len()).collect();
        assert_eq!(sizes[0], 64 * 3 * 4 * 4);
        assert_eq!(sizes[2], RANDOM_BOARDS);
        assert_eq!(corpus_queries().len(), 4 * default_corpus().len());
        assert_eq!(sizes[3], 6 * default_corpus().len());
        assert!(sizes.iter().sum::<usize>() >= 1_000_000, "{sizes:?}");
    }

    #[test]
    fn distributions_keep_their_promises() {
        let mut rng = inputs::rng(1, "test");
        // The piece counts each distribution promises, in `DRAWS` order.
        let counts = [1..=32, 8..=12, 24..=32];
        for (draw, counts) in BlockersByTargetsFamily::DRAWS.iter().zip(counts) {
            let queries = draw.queries(&mut rng, 1000);
            for query in &queries.inputs {
                let sliders = query.orthogonal | query.diagonal;
                assert_eq!(sliders & !query.occupied, Bitboard::EMPTY);
                assert_eq!(query.targets & !query.occupied, Bitboard::EMPTY);
                assert!(!query.targets.is_empty());
                let pieces = query.occupied.len();
                assert!(counts.contains(&pieces), "{}", draw.distribution.name);
            }
        }
    }
}
