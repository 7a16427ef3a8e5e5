//! Lookup: a 64-entry table of single-knight attacks, one load per knight in the set.
//!
//! Source: seed `001_91a62a26c9dc1468.txt`, § by Lookup. Footprint: 64 × 8 = 512 bytes.
//! CPU features: none. The table is the board geometry's ([`crate::board::geometry::leapers::KNIGHT`],
//! built from the knight's eight steps), which the position techniques read too.

use super::KnightAttacks;
use crate::board::bitboard::Bitboard;

pub use crate::board::geometry::leapers::{KNIGHT as TABLE, KNIGHT_BYTES as TABLE_BYTES};

/// Lookup, looping over the set's knights. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lookup;

impl KnightAttacks for Lookup {
    #[inline(always)]
    fn attacks(self, knights: Bitboard) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for knight in knights {
            set |= TABLE.0[knight as usize];
        }
        set
    }
}
