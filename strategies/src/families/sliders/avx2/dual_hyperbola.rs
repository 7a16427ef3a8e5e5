//! "Dual hyperbola quintessence": hyperbola quintessence on the lines a byte swap reverses
//! (the file and both diagonals) side by side in one vector, the rank from the first-rank
//! table.
//!
//! Source: new, after the public description of the slider Stockfish adopted for AVX2 in 2026
//! (its pull request "dual hyperbola quintessence": the file and both diagonals computed in
//! one 256-bit register, the rank from a small table, replacing magic bitboards). The
//! arithmetic per line is [`crate::families::sliders::hyperbola`]'s: `o ^ (o - 2r)` towards
//! higher squares, the same on the byte-swapped line towards lower ones. Here a queen's three
//! lines take one subtraction, one `vpshufb` byte swap each way, one XOR and one mask, all on
//! one `__m256i`; a bishop's two lines take the same on one `__m128i`; a rook's file is the
//! portable byte-swapped line and its rank the table. Footprint: the line masks of
//! [`hyperbola`](crate::families::sliders::hyperbola) (1 KiB per piece; a queen reads the
//! 2 KiB of `QUEEN_LINES`) and, for the rook, the 512-byte first-rank table. CPU features:
//! AVX2 (and the SSSE3 it implies).

use crate::families::sliders::first_rank;
use crate::families::sliders::hyperbola::{BISHOP_LINES, QUEEN_LINES, ROOK_LINES};
use crate::framework::cpu::Avx2;
use crate::{board::bitboard::Bitboard, board::square::Square};
use core::arch::x86_64::*;

/// `vpshufb` indices that reverse the eight bytes of each 64-bit lane (within each 128-bit
/// half, as `vpshufb` indexes).
const SWAP: [i8; 16] = [7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8];

/// Every 64-bit lane of `lanes` byte-swapped.
#[target_feature(enable = "avx2")]
#[inline]
fn swap256(lanes: __m256i) -> __m256i {
    let s = SWAP;
    let pattern = _mm256_setr_epi8(
        s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10], s[11], s[12], s[13],
        s[14], s[15], s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10], s[11],
        s[12], s[13], s[14], s[15],
    );
    _mm256_shuffle_epi8(lanes, pattern)
}

/// Both 64-bit lanes of `lanes` byte-swapped.
#[target_feature(enable = "avx2")]
#[inline]
fn swap128(lanes: __m128i) -> __m128i {
    let s = SWAP;
    let pattern = _mm_setr_epi8(
        s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10], s[11], s[12], s[13],
        s[14], s[15],
    );
    _mm_shuffle_epi8(lanes, pattern)
}

/// The rook: its file by the portable byte-swapped line, its rank from the table.
#[target_feature(enable = "avx2")]
#[inline]
fn rook(square: Square, occupied: Bitboard) -> Bitboard {
    let line = ROOK_LINES.0[square as usize].file;
    let r = Bitboard::from_square(square).0;
    let o = occupied.0 & line;
    let forward = o.wrapping_sub(r);
    let reverse = o.swap_bytes().wrapping_sub(r.swap_bytes()).swap_bytes();
    Bitboard(((forward ^ reverse) & line) | first_rank::rank_attacks(square, occupied.0))
}

/// The bishop: both diagonals in one `__m128i`.
#[target_feature(enable = "avx2")]
#[inline]
fn bishop(square: Square, occupied: Bitboard) -> Bitboard {
    let lines = &BISHOP_LINES.0[square as usize];
    // SAFETY: `BishopLines` is `repr(C, align(16))` with two `u64`s and no padding: an
    // aligned, fully initialised 16-byte load.
    let lines = unsafe { _mm_load_si128((lines as *const _ as *const __m128i).cast()) };
    let r = Bitboard::from_square(square).0;
    let o = _mm_and_si128(_mm_set1_epi64x(occupied.0 as i64), lines);
    let forward = _mm_sub_epi64(o, _mm_set1_epi64x(r as i64));
    let reverse = _mm_sub_epi64(swap128(o), _mm_set1_epi64x(r.swap_bytes() as i64));
    let both = _mm_and_si128(_mm_xor_si128(forward, swap128(reverse)), lines);
    let union = _mm_or_si128(both, _mm_unpackhi_epi64(both, both));
    Bitboard(_mm_cvtsi128_si64(union) as u64)
}

/// The queen: the file and both diagonals in one `__m256i` (its fourth lane's mask is zero),
/// the rank from the table.
#[target_feature(enable = "avx2")]
#[inline]
fn queen(square: Square, occupied: Bitboard) -> Bitboard {
    let lines = &QUEEN_LINES.0[square as usize];
    // SAFETY: `QueenLines` is `repr(C, align(32))` with four `u64`s and no padding: an
    // aligned, fully initialised 32-byte load.
    let lines = unsafe { _mm256_load_si256((lines as *const _ as *const __m256i).cast()) };
    let r = Bitboard::from_square(square).0;
    let o = _mm256_and_si256(_mm256_set1_epi64x(occupied.0 as i64), lines);
    let forward = _mm256_sub_epi64(o, _mm256_set1_epi64x(r as i64));
    let reverse = _mm256_sub_epi64(swap256(o), _mm256_set1_epi64x(r.swap_bytes() as i64));
    let three = _mm256_and_si256(_mm256_xor_si256(forward, swap256(reverse)), lines);
    let two = _mm_or_si128(
        _mm256_castsi256_si128(three),
        _mm256_extracti128_si256::<1>(three),
    );
    let one = _mm_or_si128(two, _mm_unpackhi_epi64(two, two));
    Bitboard(_mm_cvtsi128_si64(one) as u64 | first_rank::rank_attacks(square, occupied.0))
}

#[target_feature(enable = "avx2")]
fn rook_batch(queries: &[crate::families::sliders::SliderQuery], out: &mut [Bitboard]) {
    crate::framework::family::each!(queries, out, |query| rook(query.square, query.occupied));
}

#[target_feature(enable = "avx2")]
fn bishop_batch(queries: &[crate::families::sliders::SliderQuery], out: &mut [Bitboard]) {
    crate::framework::family::each!(queries, out, |query| bishop(query.square, query.occupied));
}

#[target_feature(enable = "avx2")]
fn queen_batch(queries: &[crate::families::sliders::SliderQuery], out: &mut [Bitboard]) {
    crate::framework::family::each!(queries, out, |query| queen(query.square, query.occupied));
}

crate::families::sliders::support::held::feature_slider! {
    /// Dual hyperbola quintessence. Holds the AVX2 token.
    pub struct DualHyperbolaAvx2(Avx2): "avx2" {
        rook(square, occupied) => rook(square, occupied),
        bishop(square, occupied) => bishop(square, occupied),
        queen(square, occupied) => queen(square, occupied),
        rook_batch(queries, out) => rook_batch(queries, out),
        bishop_batch(queries, out) => bishop_batch(queries, out),
        queen_batch(queries, out) => queen_batch(queries, out),
    }
}
