//! Reach table: per square and distance, the squares a knight there reaches within that many
//! moves; one load per knight.
//!
//! Source: new (the seed's fill, `001_91a62a26c9dc1468.txt` § Knight Fill, tabulated). Footprint:
//! 64 × 7 × 8 bytes = 3.5 KiB. CPU features: none.

use super::{FillQuery, KnightFill, MAX_DISTANCE};
use crate::board::aligned::CacheAligned;
use crate::board::bitboard::Bitboard;
use crate::board::geometry::knight_shifts;

/// Distances 0 to 6.
const DISTANCES: usize = MAX_DISTANCE as usize + 1;

/// `TABLE[square][d]` = the squares within `d` knight moves of `square`.
pub static TABLE: CacheAligned<[[Bitboard; DISTANCES]; 64]> = CacheAligned(build());

/// Bytes of [`TABLE`].
pub const TABLE_BYTES: usize = core::mem::size_of::<[[Bitboard; DISTANCES]; 64]>();

const fn build() -> [[Bitboard; DISTANCES]; 64] {
    let mut table = [[Bitboard::EMPTY; DISTANCES]; 64];
    let mut square = 0;
    while square < 64 {
        let mut reached = 1u64 << square;
        let mut distance = 0;
        while distance < DISTANCES {
            table[square][distance] = Bitboard(reached);
            reached |= knight_shifts::east_west(reached);
            distance += 1;
        }
        square += 1;
    }
    table
}

/// The reach table. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReachTable;

impl KnightFill for ReachTable {
    #[inline(always)]
    fn fill(self, query: FillQuery) -> Bitboard {
        let steps = query.steps.min(MAX_DISTANCE) as usize;
        let mut set = Bitboard::EMPTY;
        for knight in query.knights {
            set |= TABLE.0[knight as usize][steps];
        }
        set
    }
}
