//! The seed's fork target squares: the eight knight-direction attack sets of the targets, and
//! the union of all their pairwise intersections, accumulated without loop or branch.
//!
//! Source: seed `001_91a62a26c9dc1468.txt` § Knight Forks (`forkTargetSquare`), after the
//! "greater one sets" of chessprogramming's General Setwise Operations. Footprint: none.
//! CPU features: none.
//!
//! Each direction set is ANDed with the union of the directions before it (`attacks`) to add
//! the squares attacked twice, then joins that union: after all eight, `forks` holds every
//! square in at least two direction sets, that is, attacked by at least two targets.

use super::KnightForks;
use crate::board::bitboard::Bitboard;
use crate::board::geometry::fills::{east_one, west_one};

/// `forkTargetSquare(targets)`, line by line as in the seed.
#[inline(always)]
pub const fn fork_target_square(targets: u64) -> u64 {
    let east = east_one(targets);
    let west = west_one(targets);
    let mut attacks = east << 16;
    let mut forks = (west << 16) & attacks;
    attacks |= west << 16;
    forks |= (east >> 16) & attacks;
    attacks |= east >> 16;
    forks |= (west >> 16) & attacks;
    attacks |= west >> 16;
    let east = east_one(east);
    let west = west_one(west);
    forks |= (east << 8) & attacks;
    attacks |= east << 8;
    forks |= (west << 8) & attacks;
    attacks |= west << 8;
    forks |= (east >> 8) & attacks;
    attacks |= east >> 8;
    forks |= (west >> 8) & attacks;
    forks
}

/// The seed's routine. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct ForkTargetSquare;

impl KnightForks for ForkTargetSquare {
    #[inline(always)]
    fn forks(self, targets: Bitboard) -> Bitboard {
        Bitboard(fork_target_square(targets.0))
    }
}
