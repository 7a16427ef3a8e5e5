//! Pair loop: for every pair of targets, the squares a knight attacks both from, as the
//! intersection of the two targets' knight-attack lookups.
//!
//! Source: seed `001_91a62a26c9dc1468.txt` § Knight Forks: "one may loop over all possible
//! pieces, to get the knight-attacks by lookup and to intersect all combinations of
//! attack-squares". Footprint: the 512-byte knight-attack table of
//! [`crate::families::knight_attacks::lookup`]. CPU features: none. Quadratic in the number of targets:
//! the point of measuring it is to see where that starts to hurt.

use super::KnightForks;
use crate::board::bitboard::Bitboard;
use crate::board::geometry::leapers::KNIGHT as TABLE;

/// Every pair of targets. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct PairLoop;

impl KnightForks for PairLoop {
    #[inline(always)]
    fn forks(self, targets: Bitboard) -> Bitboard {
        let mut forks = Bitboard::EMPTY;
        let mut first_targets = targets.0;
        while first_targets != 0 {
            let first = first_targets.trailing_zeros() as usize & 63;
            first_targets &= first_targets - 1;
            let attacks = TABLE.0[first];
            // The targets after `first`: each pair once.
            for second in Bitboard(first_targets) {
                forks |= attacks & TABLE.0[second as usize];
            }
        }
        forks
    }
}
