//! Seeded inputs. Every variant of a family sees the same inputs, drawn from one seed that the
//! record keeps. The generator is ChaCha8, whose output is fixed by its specification, so a
//! seed means the same inputs on every platform and every version of this suite.

use crate::{board::bitboard::Bitboard, board::square::Square, board::square::SquarePair};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The default seed of inputs.
pub const DEFAULT_SEED: u64 = 0x5EED_B17B_E4C4;

/// A generator for one purpose (`stream`), so that adding a draw to one purpose does not shift
/// the inputs of another.
pub fn rng(seed: u64, stream: &str) -> ChaCha8Rng {
    // FNV-1a of the stream name, mixed into the seed.
    let hash = stream.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    });
    ChaCha8Rng::seed_from_u64(seed ^ hash)
}

/// A uniformly random square.
pub fn square(rng: &mut impl Rng) -> Square {
    Square::from_index_masked(rng.random_range(0..64u8))
}

/// A uniformly random ordered pair (the two squares may be equal).
pub fn random_pair(rng: &mut impl Rng) -> SquarePair {
    SquarePair::new(square(rng), square(rng))
}

/// A random pair of distinct squares on a common rank, file, diagonal or anti-diagonal: the
/// pairs a sliding move joins.
pub fn aligned_pair(rng: &mut impl Rng) -> SquarePair {
    loop {
        let from = square(rng);
        let (df, dr) = [
            (1, 0),
            (0, 1),
            (1, 1),
            (1, -1),
            (-1, 0),
            (0, -1),
            (-1, -1),
            (-1, 1),
        ][rng.random_range(0..8)];
        let distance = rng.random_range(1..8);
        if let Some(to) = from.offset(df * distance, dr * distance) {
            return SquarePair::new(from, to);
        }
    }
}

/// A random set of exactly `count` knights (`count` at most 64).
pub fn knight_set(rng: &mut impl Rng, count: u32) -> Bitboard {
    fill_to(rng, Bitboard::EMPTY, count)
}

/// A random set of exactly `count` pawns on ranks 2 to 7 (`count` at most 48).
pub fn pawn_set(rng: &mut impl Rng, count: u32) -> Bitboard {
    assert!(count <= 48);
    let mut set = Bitboard::EMPTY;
    while set.len() < count {
        set |= Bitboard::from(Square::from_index_masked(rng.random_range(8..56u8)));
    }
    set
}

/// `set` with uniformly random squares added until it holds `count` (at most 64).
pub fn fill_to(rng: &mut impl Rng, mut set: Bitboard, count: u32) -> Bitboard {
    assert!(count <= 64);
    while set.len() < count {
        set |= Bitboard::from(square(rng));
    }
    set
}

/// A random occupancy: each square occupied with probability about 1/4, like a middlegame.
pub fn occupancy(rng: &mut impl Rng) -> Bitboard {
    Bitboard(rng.random::<u64>() & rng.random::<u64>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_inputs_other_stream_other_inputs() {
        let draw = |stream| {
            let mut rng = rng(7, stream);
            (0..16).map(|_| random_pair(&mut rng)).collect::<Vec<_>>()
        };
        assert_eq!(draw("a"), draw("a"));
        assert_ne!(draw("a"), draw("b"));
    }

    #[test]
    fn generators_keep_their_promises() {
        let mut rng = rng(1, "test");
        for _ in 0..10_000 {
            let pair = aligned_pair(&mut rng);
            assert_ne!(pair.from, pair.to);
            let (df, dr) = (
                pair.to.file() as i32 - pair.from.file() as i32,
                pair.to.rank() as i32 - pair.from.rank() as i32,
            );
            assert!(df == 0 || dr == 0 || df.abs() == dr.abs());
            let count = rng.random_range(0..=10);
            assert_eq!(knight_set(&mut rng, count).len(), count);
        }
    }
}
