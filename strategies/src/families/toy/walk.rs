//! Walk: one step per square of the set.

use super::Count;
use crate::board::bitboard::Bitboard;

/// Iterates the set's squares.
#[derive(Clone, Copy, Debug)]
pub struct Walk;

impl Count for Walk {
    #[inline(always)]
    fn count(self, set: Bitboard) -> u32 {
        set.into_iter().count() as u32
    }
}
