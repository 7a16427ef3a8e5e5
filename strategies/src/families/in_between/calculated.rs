//! Pure calculation: branchless, no table.
//!
//! Source: seed `000_25ad13ed25e2ec35.txt`, § Pure Calculation (with Dustin's h1b7 fix that the
//! seed mentions). Footprint: none. CPU features: none; the one multiply is by an isolated bit,
//! a left shift by the smaller square, which is what [`super::lane_calculated`] uses instead.
//!
//! How it works: `btwn` is every square from the smaller square (included) up to the larger
//! (excluded). For each of the four line kinds a byte difference is zero exactly when both
//! squares lie on such a line; `zero - 1` then selects that line's mask as seen from a1, which
//! the multiply shifts up to the smaller square. Intersecting with `btwn` leaves the squares in
//! between (and clears the smaller square itself, which no line mask contains at bit 0).

use super::InBetween;
use crate::{board::bitboard::Bitboard, board::square::Square};

/// a2..a7: the file through a1, less its ends.
const A2A7: u64 = 0x0001_0101_0101_0100;
/// b2..g7: the diagonal through a1, less its ends.
const B2G7: u64 = 0x0040_2010_0804_0200;
/// h1..b7: the anti-diagonal seen from a1 (shifted up by the smaller square).
const H1B7: u64 = 0x0002_0408_1020_4080;

/// The seed's formula on square indices, in `u64` arithmetic with wrapping as C's `U64`.
#[inline(always)]
pub const fn between(sq1: u64, sq2: u64) -> u64 {
    let m1 = u64::MAX;
    let btwn = (m1 << sq1) ^ (m1 << sq2);
    let file = (sq2 & 7).wrapping_sub(sq1 & 7);
    let rank = (sq2 | 7).wrapping_sub(sq1) >> 3;
    let mut line = (file & 7).wrapping_sub(1) & A2A7; // a2a7 if same file
    line = line.wrapping_add(2 * ((rank & 7).wrapping_sub(1) >> 58)); // b1g1 if same rank
    line = line.wrapping_add((rank.wrapping_sub(file) & 15).wrapping_sub(1) & B2G7); // diagonal
    line = line.wrapping_add((rank.wrapping_add(file) & 15).wrapping_sub(1) & H1B7); // anti-diagonal
    line = line.wrapping_mul(btwn & btwn.wrapping_neg()); // shift by the smaller square
    line & btwn
}

/// Pure calculation. Zero-sized; every CPU.
#[derive(Clone, Copy, Debug, Default)]
pub struct Calculated;

impl InBetween for Calculated {
    #[inline(always)]
    fn between(self, a: Square, b: Square) -> Bitboard {
        Bitboard(between(a as u64, b as u64))
    }
}
