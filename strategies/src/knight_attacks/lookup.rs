//! Lookup: a 64-entry table of single-knight attacks, one load per knight in the set.
//!
//! Source: seed `001_91a62a26c9dc1468.txt`, § by Lookup. Footprint: 64 × 8 = 512 bytes.
//! CPU features: none. The table is built, as the seed suggests, with the parallel-prefix
//! routine applied to each single square.

use super::{parallel_prefix, KnightAttacks};
use crate::aligned::CacheAligned;
use crate::Bitboard;

/// `TABLE[sq]` = the squares a knight on `sq` attacks.
pub static TABLE: CacheAligned<[Bitboard; 64]> = CacheAligned(build());

/// Bytes of [`TABLE`].
pub const TABLE_BYTES: usize = core::mem::size_of::<[Bitboard; 64]>();

const fn build() -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = Bitboard(parallel_prefix::east_west(1 << sq));
        sq += 1;
    }
    table
}

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
