//! What the knight-fork family is verified and measured on.

use super::KnightForksFamily;
use crate::bench::corpus::{default_corpus, random_position};
use crate::bench::{Bench, Draw};
use crate::board::position::{Colour, Piece, Position};
use crate::{bench::inputs, board::bitboard::Bitboard, board::square::Square};
use rand::Rng;

/// How many random target sets of each size 0 to 64 verification draws.
pub const RANDOM_SETS_PER_SIZE: usize = 16_000;

/// Every set of exactly `size` squares (`size` at most 3: 41,664 triples).
fn every_set_of(size: usize) -> Vec<Bitboard> {
    let mut sets = vec![(Bitboard::EMPTY, 0usize)];
    for _ in 0..size {
        sets = sets
            .into_iter()
            .flat_map(|(set, next)| {
                (next..64).map(move |i| (set | Bitboard::from(Square::ALL[i]), i + 1))
            })
            .collect();
    }
    sets.into_iter().map(|(set, _)| set).collect()
}

/// The targets of a royal fork on `colour`'s pieces: its king, queens and rooks.
fn royal_targets(position: &Position, colour: Colour) -> Bitboard {
    position.pieces(colour, Piece::King)
        | position.pieces(colour, Piece::Queen)
        | position.pieces(colour, Piece::Rook)
}

impl Bench for KnightForksFamily {
    fn verification_inputs(seed: u64) -> Vec<(&'static str, Vec<Bitboard>)> {
        let mut rng = inputs::rng(seed, "verify/knight_forks");
        // Every size from 0 to 64, dense sets included: wrap masks are tested hardest when
        // every file is full.
        let random = (0..=64u32)
            .flat_map(|count| (0..RANDOM_SETS_PER_SIZE).map(move |_| count))
            .map(|count| inputs::knight_set(&mut rng, count))
            .collect();
        vec![
            ("the empty set", every_set_of(0)),
            ("every single square", every_set_of(1)),
            ("every pair of squares", every_set_of(2)),
            ("every triple of squares", every_set_of(3)),
            ("random sets of every size 0-64", random),
            ("the full board", vec![Bitboard::FULL]),
            (
                "the king, queens and rooks of each side of every corpus position",
                default_corpus()
                    .iter()
                    .flat_map(|p| Colour::ALL.map(|c| royal_targets(p, c)))
                    .collect(),
            ),
        ]
    }

    const DRAWS: &'static [Draw<Bitboard>] = &[
        Draw::each(
            "corpus",
            "the king, queens and rooks of one side of a corpus position: the targets of a royal fork",
            |rng| {
                let colour = Colour::ALL[rng.random_range(0..2)];
                royal_targets(random_position(rng), colour)
            },
        ),
        Draw::each(
            "game",
            "2 to 6 targets: king, queen, rooks and a hanging piece or two",
            |rng| {
                let targets = rng.random_range(2..=6);
                inputs::knight_set(rng, targets)
            },
        ),
        Draw::each(
            "dense",
            "30 to 64 targets anywhere on the board",
            |rng| {
                let targets = rng.random_range(30..=64);
                inputs::knight_set(rng, targets)
            },
        ),
    ];

    #[inline(always)]
    fn mix(targets: Bitboard, zero: u64) -> Bitboard {
        Bitboard(targets.0 ^ zero)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exhaustive_sets_have_the_right_sizes_and_counts() {
        assert_eq!(every_set_of(2).len(), 64 * 63 / 2);
        assert_eq!(every_set_of(3).len(), 64 * 63 * 62 / 6);
        assert!(every_set_of(3).iter().all(|set| set.len() == 3));
    }
}
