//! Attacked-twice loop: one knight-attack lookup per target, accumulated into the squares
//! attacked at least once and those attacked at least twice.
//!
//! Source: new (the linear form of the seed's loop over pieces, `001_91a62a26c9dc1468.txt`
//! § Knight Forks). Footprint: the 512-byte knight-attack table of
//! [`crate::families::knight_attacks::lookup`]. CPU features: none.

use super::KnightForks;
use crate::board::bitboard::Bitboard;
use crate::board::geometry::leapers::KNIGHT as TABLE;

/// One lookup per target. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct AttackedTwiceLoop;

impl KnightForks for AttackedTwiceLoop {
    #[inline(always)]
    fn forks(self, targets: Bitboard) -> Bitboard {
        let (mut once, mut twice) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for target in targets {
            let attacks = TABLE.0[target as usize];
            twice |= once & attacks;
            once |= attacks;
        }
        twice
    }
}
