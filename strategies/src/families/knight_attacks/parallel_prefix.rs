//! Multiple knight attacks by parallel prefix: horizontal steps first, then vertical shifts.
//!
//! Source: seed `001_91a62a26c9dc1468.txt`, § Multiple Knight Attacks, both listings.
//! Footprint: none. CPU features: none. A knight move is one file and two ranks, or two files
//! and one rank; both forms step the whole set east and west by one and two files (masking the
//! wrap), then shift those by two ranks (16) and one rank (8) respectively. The two forms,
//! [`east_west`] and [`wide`], are the board geometry's ([`crate::board::geometry::knight_shifts`]),
//! which the knight-fill family steps with too.

use super::KnightAttacks;
use crate::board::bitboard::Bitboard;

pub use crate::board::geometry::knight_shifts::{east_west, wide};

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
