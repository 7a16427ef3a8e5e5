//! Distance table: the knight distance between every two squares, and per knight the squares
//! whose distance is at most the steps.
//!
//! Source: new (the knight-distance table engines keep, e.g. for endgame heuristics; the
//! distances are those of seed `001_91a62a26c9dc1468.txt` § Knight Fill). Footprint:
//! 64 × 64 bytes = 4 KiB. CPU features: none (64-bit multiply).
//!
//! A knight's row is 64 bytes, eight squares to a `u64`, and is compared with the steps eight
//! bytes at a time (SWAR): `(row | 0x80…80) - (steps + 1)` keeps a byte's top bit exactly when
//! the distance exceeds the steps, since no byte borrows from the next (distances are at most
//! 6 and `steps + 1` at most 7). The eight top bits are gathered into a byte with the
//! kindergarten multiply and placed at the row's rank.

use super::{FillQuery, KnightFill, MAX_DISTANCE};
use crate::board::aligned::CacheAligned;
use crate::board::bitboard::Bitboard;
use crate::board::geometry::knight_shifts;

/// `TABLE[a]` = the knight distances from `a` to every square, eight squares (one rank) per
/// `u64`, one byte per square in square order.
pub static TABLE: CacheAligned<[[u64; 8]; 64]> = CacheAligned(build());

/// Bytes of [`TABLE`].
pub const TABLE_BYTES: usize = core::mem::size_of::<[[u64; 8]; 64]>();

/// Fills outwards from every square: the squares first reached in `d` cycles are at `d`.
const fn build() -> [[u64; 8]; 64] {
    let mut table = [[0u64; 8]; 64];
    let mut from = 0;
    while from < 64 {
        let mut reached = 1u64 << from;
        let mut distance = 1;
        while distance <= MAX_DISTANCE as u64 {
            let next = reached | knight_shifts::east_west(reached);
            let mut new = next & !reached;
            while new != 0 {
                let to = new.trailing_zeros() as usize;
                table[from][to / 8] |= distance << (8 * (to % 8));
                new &= new - 1;
            }
            reached = next;
            distance += 1;
        }
        from += 1;
    }
    table
}

/// Every byte's top bit.
const TOP_BITS: u64 = 0x8080_8080_8080_8080;
/// Every byte 1.
const ONES: u64 = 0x0101_0101_0101_0101;
/// Gathers bit `8i` to bit `56 + i`.
const GATHER: u64 = 0x0102_0408_1020_4080;

/// The squares of `from`'s row at most `steps` away (`steps` at most 6).
#[inline(always)]
fn within(from: usize, steps: u64) -> u64 {
    let mut set = 0;
    for (rank, &distances) in TABLE.0[from].iter().enumerate() {
        let beyond = ((distances | TOP_BITS) - (steps + 1) * ONES) & TOP_BITS;
        let near = (TOP_BITS & !beyond) >> 7;
        set |= (near.wrapping_mul(GATHER) >> 56) << (8 * rank);
    }
    set
}

/// The distance table. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct DistanceTable;

impl KnightFill for DistanceTable {
    #[inline(always)]
    fn fill(self, query: FillQuery) -> Bitboard {
        let steps = query.steps.min(MAX_DISTANCE) as u64;
        let mut set = 0;
        for knight in query.knights {
            set |= within(knight as usize, steps);
        }
        Bitboard(set)
    }
}

/// The knight distance between two squares: the number of moves a knight needs on an empty
/// board (0 for the same square).
#[inline(always)]
pub fn distance(from: crate::board::square::Square, to: crate::board::square::Square) -> u8 {
    (TABLE.0[from as usize][to.rank() as usize] >> (8 * to.file())) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::square::Square::*;

    #[test]
    fn known_distances() {
        assert_eq!(distance(A1, A1), 0);
        assert_eq!(distance(A1, B3), 1);
        assert_eq!(distance(A1, B2), 4, "the corner's diagonal neighbour");
        assert_eq!(distance(A1, H8), 6);
        assert_eq!(distance(D4, D5), 3);
        assert_eq!(distance(E4, E6), 2);
    }
}
