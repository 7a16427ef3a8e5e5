//! Kogge-Stone with all eight directions in the eight lanes of one `__m512i`, one query at a
//! time.
//!
//! Source: new, after seed `002_6293cd1af08cea25.txt` § Multiple Sliders (the Kogge-Stone
//! fill per direction, as [`crate::sliders::kogge_stone`]). Footprint: none. CPU features:
//! AVX-512F.
//!
//! Lanes 0..=3 hold the rook's directions and lanes 4..=7 the bishop's. Every step is a
//! per-lane rotate (`vprolvq`) by the direction's offset modulo 64, so positive and negative
//! directions need no separate shifts; [`Direction::rotate_landing`] clears what a rotate
//! brings round the board's side, top or bottom. `a | (b & c)` is one `vpternlogq`. A rook
//! query starts the fill in lanes 0..=3 only and a bishop query in lanes 4..=7 (the others
//! stay empty); [`Slider::queen`] runs all eight at no extra cost. The lanes are ORed together
//! at the end (`_mm512_reduce_or_epi64`).

use super::OR_AND;
use crate::chunks::in_chunks;
use crate::cpu::Avx512;
use crate::sliders::geometry::Direction;
use crate::sliders::{Slider, SliderQuery};
use crate::{Bitboard, Square};
use core::arch::x86_64::*;

/// The directions by lane: the rook's, then the bishop's.
const DIRECTIONS: [Direction; 8] = {
    let [a, b, c, d] = Direction::ROOK;
    let [e, f, g, h] = Direction::BISHOP;
    [a, b, c, d, e, f, g, h]
};

/// Lanes a rook query fills.
const ROOK_LANES: __mmask8 = 0x0f;
/// Lanes a bishop query fills.
const BISHOP_LANES: __mmask8 = 0xf0;

/// Per lane: the rotation of a step of `1 << step` squares.
const fn rotations(step: u32) -> [i64; 8] {
    let mut counts = [0; 8];
    let mut lane = 0;
    while lane < 8 {
        counts[lane] = ((DIRECTIONS[lane].rotation() << step) % 64) as i64;
        lane += 1;
    }
    counts
}

const fn landings() -> [i64; 8] {
    let mut masks = [0; 8];
    let mut lane = 0;
    while lane < 8 {
        masks[lane] = DIRECTIONS[lane].rotate_landing() as i64;
        lane += 1;
    }
    masks
}

const ROTATIONS: [[i64; 8]; 3] = [rotations(0), rotations(1), rotations(2)];
const LANDINGS: [i64; 8] = landings();

#[target_feature(enable = "avx512f")]
#[inline]
fn vector(lanes: [i64; 8]) -> __m512i {
    let [a, b, c, d, e, f, g, h] = lanes;
    _mm512_setr_epi64(a, b, c, d, e, f, g, h)
}

/// The attacks of a slider on `square` in the directions of the `lanes` mask, ORed.
#[target_feature(enable = "avx512f")]
#[inline]
fn attacks(square: Square, occupied: Bitboard, lanes: __mmask8) -> Bitboard {
    let landing = vector(LANDINGS);
    let [one, two, four] = ROTATIONS.map(|counts| vector(counts));
    let slider = Bitboard::from_square(square).0 as i64;
    let mut generator = _mm512_maskz_set1_epi64(lanes, slider);
    let mut propagate = _mm512_andnot_si512(_mm512_set1_epi64(occupied.0 as i64), landing);
    let rotated = _mm512_rolv_epi64(generator, one);
    generator = _mm512_ternarylogic_epi64::<OR_AND>(generator, propagate, rotated);
    propagate = _mm512_and_si512(propagate, _mm512_rolv_epi64(propagate, one));
    let rotated = _mm512_rolv_epi64(generator, two);
    generator = _mm512_ternarylogic_epi64::<OR_AND>(generator, propagate, rotated);
    propagate = _mm512_and_si512(propagate, _mm512_rolv_epi64(propagate, two));
    let rotated = _mm512_rolv_epi64(generator, four);
    generator = _mm512_ternarylogic_epi64::<OR_AND>(generator, propagate, rotated);
    let attacks = _mm512_and_si512(_mm512_rolv_epi64(generator, one), landing);
    Bitboard(_mm512_reduce_or_epi64(attacks) as u64)
}

#[target_feature(enable = "avx512f")]
fn batch(queries: &[SliderQuery], out: &mut [Bitboard], lanes: __mmask8) {
    let pad = SliderQuery::new(Square::A1, Bitboard::EMPTY);
    in_chunks(
        queries,
        out,
        pad,
        |query: &[SliderQuery; 1], out: &mut [Bitboard; 1]| {
            // A closure inherits `batch`'s target features.
            out[0] = attacks(query[0].square, query[0].occupied, lanes);
        },
    );
}

/// Runs `body` compiled with AVX-512F: see [`Slider::with_features`].
#[target_feature(enable = "avx512f")]
fn with_avx512f<R>(body: impl FnOnce() -> R) -> R {
    body()
}

/// Kogge-Stone, eight directions per `__m512i`. Holds the AVX-512 token.
#[derive(Clone, Copy, Debug)]
pub struct KoggeStoneAvx512(Avx512);

impl KoggeStoneAvx512 {
    pub fn new(avx512: Avx512) -> KoggeStoneAvx512 {
        KoggeStoneAvx512(avx512)
    }
}

impl Slider for KoggeStoneAvx512 {
    #[inline]
    fn with_features<R>(self, body: impl FnOnce() -> R) -> R {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { with_avx512f(body) }
    }

    #[inline]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { attacks(square, occupied, ROOK_LANES) }
    }

    #[inline]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { attacks(square, occupied, BISHOP_LANES) }
    }

    /// All eight directions in one pass.
    #[inline]
    fn queen(self, square: Square, occupied: Bitboard) -> Bitboard {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { attacks(square, occupied, ROOK_LANES | BISHOP_LANES) }
    }

    #[inline]
    fn rook_batch(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { batch(queries, out, ROOK_LANES) }
    }

    #[inline]
    fn bishop_batch(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { batch(queries, out, BISHOP_LANES) }
    }
}
