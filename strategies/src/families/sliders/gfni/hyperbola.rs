//! Hyperbola quintessence on every line, ranks included, with the bit reversal done by GFNI.
//!
//! Source: new, after [`crate::families::sliders::hyperbola`] (chessprogramming, "Hyperbola
//! Quintessence"). Footprint: the line masks, 1 KiB per piece (no rank table). CPU features:
//! GFNI.
//!
//! Reversing all 64 bits reverses the order of the squares on any line, so `o ^ (o - 2r)`
//! works on ranks too. `gf2p8affineqb` with the matrix `0x8040_2010_0804_0201` reverses the
//! bits of every byte; a byte swap then reverses the bytes (done with SSE2 shifts and word
//! shuffles, as the token proves no SSSE3). A piece's two lines share one `__m128i`, so each
//! query reverses twice: the occupancies, then the two differences.

use crate::families::sliders::hyperbola::{BISHOP_LINES, ROOK_LINES};
use crate::framework::cpu::Gfni;

use crate::{board::bitboard::Bitboard, board::square::Square};
use core::arch::x86_64::*;

/// The affine matrix that reverses the bits of a byte: row `i` picks bit `7 - i`.
const REVERSE_BITS: u64 = 0x8040_2010_0804_0201;

/// Both lanes with all 64 bits in reverse order.
#[target_feature(enable = "gfni")]
#[inline]
fn reverse(lanes: __m128i) -> __m128i {
    let bits = _mm_gf2p8affine_epi64_epi8::<0>(lanes, _mm_set1_epi64x(REVERSE_BITS as i64));
    // Swap the bytes of every 16-bit word, then reverse the four words of each lane.
    let words = _mm_or_si128(_mm_slli_epi16::<8>(bits), _mm_srli_epi16::<8>(bits));
    _mm_shufflehi_epi16::<0x1b>(_mm_shufflelo_epi16::<0x1b>(words))
}

/// The attacks of a slider on `square` along the two lines in `lines` (the square left out).
#[target_feature(enable = "gfni")]
#[inline]
fn attacks(square: Square, occupied: Bitboard, lines: __m128i) -> Bitboard {
    let r = Bitboard::from_square(square).0;
    // Wrapping shifts: `2r` of h8, and of a1 reversed, is 0, and nothing lies beyond.
    let twice = _mm_set1_epi64x((r << 1) as i64);
    let twice_reversed = _mm_set1_epi64x(((1u64 << 63 >> square as u32) << 1) as i64);
    let o = _mm_and_si128(_mm_set1_epi64x(occupied.0 as i64), lines);
    let forward = _mm_sub_epi64(o, twice);
    let backward = reverse(_mm_sub_epi64(reverse(o), twice_reversed));
    let both = _mm_and_si128(_mm_xor_si128(forward, backward), lines);
    let union = _mm_or_si128(both, _mm_unpackhi_epi64(both, both));
    Bitboard(_mm_cvtsi128_si64(union) as u64)
}

#[target_feature(enable = "gfni")]
#[inline]
fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    let lines = &ROOK_LINES.0[square as usize];
    // SAFETY: `RookLines` is `repr(C, align(16))` with two `u64`s and no padding: an aligned,
    // fully initialised 16-byte load.
    let lines = unsafe { _mm_load_si128((lines as *const _ as *const __m128i).cast()) };
    attacks(square, occupied, lines)
}

#[target_feature(enable = "gfni")]
#[inline]
fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    let lines = &BISHOP_LINES.0[square as usize];
    // SAFETY: `BishopLines` is `repr(C, align(16))` with two `u64`s and no padding: an
    // aligned, fully initialised 16-byte load.
    let lines = unsafe { _mm_load_si128((lines as *const _ as *const __m128i).cast()) };
    attacks(square, occupied, lines)
}

super::super::support::held::feature_slider! {
    /// Hyperbola quintessence with GFNI bit reversal. Holds the GFNI token.
    pub struct HyperbolaGfni(Gfni): "gfni";
}
