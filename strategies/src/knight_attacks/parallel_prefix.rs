//! Multiple knight attacks by parallel prefix: horizontal steps first, then vertical shifts.
//!
//! Source: seed `001_91a62a26c9dc1468.txt`, § Multiple Knight Attacks, both listings.
//! Footprint: none. CPU features: none. A knight move is one file and two ranks, or two files
//! and one rank; both forms step the whole set east and west by one and two files (masking the
//! wrap), then shift those by two ranks (16) and one rank (8) respectively.

use super::KnightAttacks;
use crate::geometry::{NOT_A, NOT_AB, NOT_GH, NOT_H};
use crate::Bitboard;

/// The east/west form: `east = eastOne(knights)`, then `eastOne(east)` for two files.
pub const fn east_west(knights: u64) -> u64 {
    let east = (knights << 1) & NOT_A;
    let west = (knights >> 1) & NOT_H;
    let mut attacks = (east | west) << 16;
    attacks |= (east | west) >> 16;
    let east = (east << 1) & NOT_A;
    let west = (west >> 1) & NOT_H;
    attacks |= (east | west) << 8;
    attacks |= (east | west) >> 8;
    attacks
}

/// The l1/l2/r1/r2 form: all four horizontal steps from the knights themselves, for more
/// instruction-level parallelism.
pub const fn wide(knights: u64) -> u64 {
    let l1 = (knights >> 1) & NOT_H;
    let l2 = (knights >> 2) & NOT_GH;
    let r1 = (knights << 1) & NOT_A;
    let r2 = (knights << 2) & NOT_AB;
    let h1 = l1 | r1;
    let h2 = l2 | r2;
    (h1 << 16) | (h1 >> 16) | (h2 << 8) | (h2 >> 8)
}

/// The east/west form. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct ParallelPrefix;

impl KnightAttacks for ParallelPrefix {
    #[inline(always)]
    fn attacks(self, knights: Bitboard) -> Bitboard {
        Bitboard(east_west(knights.0))
    }
}

/// The l1/l2/r1/r2 form. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct ParallelPrefixWide;

impl KnightAttacks for ParallelPrefixWide {
    #[inline(always)]
    fn attacks(self, knights: Bitboard) -> Bitboard {
        Bitboard(wide(knights.0))
    }
}
