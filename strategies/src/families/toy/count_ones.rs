//! Count ones: the population count of the set's word.

use super::Count;
use crate::board::bitboard::Bitboard;

/// One `popcnt` (or its portable sequence).
#[derive(Clone, Copy, Debug)]
pub struct CountOnes;

impl Count for CountOnes {
    #[inline(always)]
    fn count(self, set: Bitboard) -> u32 {
        set.0.count_ones()
    }
}
