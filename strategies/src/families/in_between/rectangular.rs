//! Rectangular lookup: a 64×64 table of in-between sets, one load per query.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt`, § Rectangular Lookup. Footprint: 32 KiB
//! (4096 × 8 bytes), which competes for the 32 KiB L1 data cache. CPU features: none.
//! Every in-between set is stored twice (`[a][b]` and `[b][a]`); [`super::triangular`] halves
//! that.

use super::InBetween;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// `TABLE[a][b]` = the squares strictly between `a` and `b`: the board geometry's table
/// ([`crate::board::geometry::lines::BETWEEN`]), which other families' techniques read too.
pub use crate::board::geometry::lines::{BETWEEN as TABLE, BETWEEN_BYTES as TABLE_BYTES};

/// Rectangular lookup. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rectangular;

impl InBetween for Rectangular {
    #[inline(always)]
    fn between(self, a: Square, b: Square) -> Bitboard {
        // `Square` is an enum of 0..=63, so neither index is bounds-checked.
        TABLE.0[a as usize][b as usize]
    }
}
