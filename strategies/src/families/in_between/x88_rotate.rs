//! 0x88 difference and rotate: one obstruction mask per (direction, distance), rotated into
//! place by the from-square.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt`, § 0x88 Difference, with the formula the seed's text
//! lost: `x88diff(f, t) = t - f + (t | 7) - (f | 7) + 120`, a value in 1..=239 that is unique
//! per direction and distance ([`x88diff`], the board geometry's). The table holds, per
//! difference, the in-between set as seen from square 0 (that is, rotated right by the
//! from-square); the answer is that mask rotated left by the from-square. Footprint: 240 × 8 =
//! 1,920 bytes. CPU features: none.

use super::{rectangular, InBetween};
use crate::board::aligned::CacheAligned;
use crate::{board::bitboard::Bitboard, board::square::Square};

pub use crate::board::geometry::lines::x88diff;

/// Number of entries: every 0x88 difference plus the offset of 120 (index 0 is never used).
pub const ENTRIES: usize = 240;

/// `TABLE[x88diff(f, t)]` = `between(f, t)` rotated right by `f`.
pub static TABLE: CacheAligned<[Bitboard; ENTRIES]> = CacheAligned(build());

/// Bytes of [`TABLE`].
pub const TABLE_BYTES: usize = core::mem::size_of::<[Bitboard; ENTRIES]>();

const fn build() -> [Bitboard; ENTRIES] {
    let mut table = [Bitboard::EMPTY; ENTRIES];
    let mut f = 0;
    while f < 64 {
        let mut t = 0;
        while t < 64 {
            let (from, to) = (
                Square::from_index_masked(f as u8),
                Square::from_index_masked(t as u8),
            );
            let mask = rectangular::TABLE.0[f][t].0.rotate_right(f as u32);
            table[x88diff(from, to)] = Bitboard(mask);
            t += 1;
        }
        f += 1;
    }
    table
}

/// 0x88 difference and rotate. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct X88Rotate;

impl InBetween for X88Rotate {
    #[inline(always)]
    fn between(self, a: Square, b: Square) -> Bitboard {
        let i = x88diff(a, b);
        debug_assert!(i < ENTRIES);
        // SAFETY: for squares 0..=63, `t + (t|7) - f - (f|7)` lies in -119..=119, so `i` lies
        // in 1..=239 < ENTRIES (`differences_are_in_range_and_unambiguous` checks all pairs).
        let mask = unsafe { *TABLE.0.get_unchecked(i) };
        Bitboard(mask.0.rotate_left(a as u32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table is only sound if no two pairs with the same difference need different masks.
    #[test]
    fn differences_are_in_range_and_unambiguous() {
        let mut seen: [Option<u64>; ENTRIES] = [None; ENTRIES];
        for from in Square::ALL {
            for to in Square::ALL {
                let i = x88diff(from, to);
                assert!((1..ENTRIES).contains(&i));
                let mask = rectangular::TABLE.0[from as usize][to as usize]
                    .0
                    .rotate_right(from as u32);
                match seen[i] {
                    Some(previous) => assert_eq!(previous, mask, "{from}-{to}"),
                    None => seen[i] = Some(mask),
                }
            }
        }
    }
}
