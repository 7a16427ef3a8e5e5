//! The reference: every square tested one at a time.

use crate::board::bitboard::Bitboard;

/// How many of the 64 squares are in `set` (see [`super::Count`]).
pub fn count(set: Bitboard) -> u32 {
    (0..64).filter(|i| set.0 >> i & 1 == 1).count() as u32
}
