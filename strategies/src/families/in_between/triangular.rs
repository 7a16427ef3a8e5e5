//! Triangular lookup: each unordered pair stored once, 64·65/2 = 2080 entries.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt`, § Triangular Lookup (Eugene Nalimov's idea).
//! Footprint: 16,640 bytes, about half of [`super::rectangular`], paid for with a branchless
//! index computation: min and max by a sign mask, then `min * (127 - min) / 2 + max`.
//! CPU features: none.

use super::{rectangular, InBetween};
use crate::board::aligned::PageAligned;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// Number of entries: one per unordered pair, the diagonal `a == b` included.
pub const ENTRIES: usize = 64 * 65 / 2;

/// `TABLE[index(a, b)]` = the squares strictly between `a` and `b`.
pub static TABLE: PageAligned<[Bitboard; ENTRIES]> = PageAligned(build());

/// Bytes of [`TABLE`].
pub const TABLE_BYTES: usize = core::mem::size_of::<[Bitboard; ENTRIES]>();

/// The seed's index: `d = a - b; d &= d >> 31; b += d; a -= d; b *= b ^ 127; (b >> 1) + a`.
///
/// After the sign-mask step `b` holds `min(a, b)` and `a` holds `max(a, b)`; for squares in
/// 0..=63 the result lies in `0..ENTRIES`.
#[inline(always)]
pub const fn index(a: Square, b: Square) -> usize {
    let (mut a, mut b) = (a as i32, b as i32);
    let mut d = a - b; // difference
    d &= d >> 31; // only if negative
    b += d; // min
    a -= d; // max
    b *= b ^ 127; // min * (127 - min) ...
    ((b >> 1) + a) as usize // ... / 2 + max
}

const fn build() -> [Bitboard; ENTRIES] {
    let mut table = [Bitboard::EMPTY; ENTRIES];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            let i = index(
                Square::from_index_masked(a as u8),
                Square::from_index_masked(b as u8),
            );
            table[i] = rectangular::TABLE.0[a][b];
            b += 1;
        }
        a += 1;
    }
    table
}

/// Triangular lookup. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Triangular;

impl InBetween for Triangular {
    #[inline(always)]
    fn between(self, a: Square, b: Square) -> Bitboard {
        let i = index(a, b);
        debug_assert!(i < ENTRIES);
        // SAFETY: `index` maps squares 0..=63 into 0..ENTRIES (max 63*64/2 + 63 = 2079),
        // which `index_covers_the_table_exactly` checks for all 4096 pairs.
        unsafe { *TABLE.0.get_unchecked(i) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_covers_the_table_exactly() {
        let mut hit = [false; ENTRIES];
        for a in Square::ALL {
            for b in Square::ALL {
                assert_eq!(index(a, b), index(b, a));
                hit[index(a, b)] = true;
            }
        }
        assert!(hit.iter().all(|&h| h), "every entry is some pair's");
    }
}
