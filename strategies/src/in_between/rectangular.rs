//! Rectangular lookup: a 64×64 table of in-between sets, one load per query.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt`, § Rectangular Lookup. Footprint: 32 KiB
//! (4096 × 8 bytes), which competes for the 32 KiB L1 data cache. CPU features: none.
//! Every in-between set is stored twice (`[a][b]` and `[b][a]`); [`super::triangular`] halves
//! that.

use super::InBetween;
use crate::aligned::PageAligned;
use crate::{Bitboard, Square};

/// `TABLE[a][b]` = the squares strictly between `a` and `b` (see [`InBetween`]); page-aligned,
/// so it spans exactly eight pages.
pub static TABLE: PageAligned<[[Bitboard; 64]; 64]> = PageAligned(build());

/// Bytes of [`TABLE`].
pub const TABLE_BYTES: usize = core::mem::size_of::<[[Bitboard; 64]; 64]>();

/// The eight ray directions as (file, rank) steps.
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// Fills the table by casting the eight rays from every square: each square reached gets the
/// squares passed on the way. (A different construction from the reference's per-pair walk.)
const fn build() -> [[Bitboard; 64]; 64] {
    let mut table = [[Bitboard::EMPTY; 64]; 64];
    let mut from = 0;
    while from < 64 {
        let mut d = 0;
        while d < DIRECTIONS.len() {
            let (df, dr) = DIRECTIONS[d];
            let mut passed = 0u64;
            let mut square = Square::from_index_masked(from as u8).offset(df, dr);
            while let Some(to) = square {
                table[from][to as usize] = Bitboard(passed);
                passed |= 1 << to as u32;
                square = to.offset(df, dr);
            }
            d += 1;
        }
        from += 1;
    }
    table
}

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
