//! Kogge-Stone on eight queries at once, one query per lane of a `__m512i`, a direction at a
//! time.
//!
//! Source: new, after seed `002_6293cd1af08cea25.txt` § Multiple Sliders (the Kogge-Stone
//! fill per direction, as [`crate::sliders::kogge_stone`]). Footprint: none. CPU features:
//! AVX-512F.
//!
//! The scalar fill, lane-wise: every lane of a step rotates by the same count (the
//! direction's), so the four directions of a piece run one after the other, each about
//! fifteen instructions for eight queries, with `a | (b & c)` as one `vpternlogq`. The
//! sliders' bits come from `vpsllvq` of 1 by the squares. Pays only in batches: a single
//! query runs the eight-lane kernel with seven lanes idle.

use super::{load_queries, store_bitboards, OR_AND};
use crate::chunks::in_chunks;
use crate::cpu::Avx512;
use crate::geometry::Direction;
use crate::sliders::{Slider, SliderQuery};
use crate::{Bitboard, Square};
use core::arch::x86_64::*;

/// The attacks in `direction` of the slider bits `sliders` given `occupied`, lane-wise.
#[target_feature(enable = "avx512f")]
#[inline]
fn direction_attacks(sliders: __m512i, occupied: __m512i, direction: Direction) -> __m512i {
    let count = |step: u32| _mm512_set1_epi64(((direction.rotation() << step) % 64) as i64);
    let (one, two, four) = (count(0), count(1), count(2));
    let landing = _mm512_set1_epi64(direction.rotate_landing() as i64);
    let mut generator = sliders;
    let mut propagate = _mm512_andnot_si512(occupied, landing);
    let rotated = _mm512_rolv_epi64(generator, one);
    generator = _mm512_ternarylogic_epi64::<OR_AND>(generator, propagate, rotated);
    propagate = _mm512_and_si512(propagate, _mm512_rolv_epi64(propagate, one));
    let rotated = _mm512_rolv_epi64(generator, two);
    generator = _mm512_ternarylogic_epi64::<OR_AND>(generator, propagate, rotated);
    propagate = _mm512_and_si512(propagate, _mm512_rolv_epi64(propagate, two));
    let rotated = _mm512_rolv_epi64(generator, four);
    generator = _mm512_ternarylogic_epi64::<OR_AND>(generator, propagate, rotated);
    _mm512_and_si512(_mm512_rolv_epi64(generator, one), landing)
}

/// The attacks of eight sliders, one per lane, in the four `directions`.
#[target_feature(enable = "avx512f")]
#[inline]
fn eight(squares: __m512i, occupied: __m512i, directions: [Direction; 4]) -> __m512i {
    let sliders = _mm512_sllv_epi64(_mm512_set1_epi64(1), squares);
    let [a, b, c, d] = directions.map(|d| direction_attacks(sliders, occupied, d));
    _mm512_or_si512(_mm512_or_si512(a, b), _mm512_or_si512(c, d))
}

#[target_feature(enable = "avx512f")]
fn one(square: Square, occupied: Bitboard, directions: [Direction; 4]) -> Bitboard {
    let squares = _mm512_set1_epi64(square as i64);
    let occupied = _mm512_set1_epi64(occupied.0 as i64);
    let lanes = eight(squares, occupied, directions);
    Bitboard(_mm_cvtsi128_si64(_mm512_castsi512_si128(lanes)) as u64)
}

#[target_feature(enable = "avx512f")]
fn batch(queries: &[SliderQuery], out: &mut [Bitboard], directions: [Direction; 4]) {
    let pad = SliderQuery::new(Square::A1, Bitboard::EMPTY);
    in_chunks(
        queries,
        out,
        pad,
        |queries: &[SliderQuery; 8], out: &mut [Bitboard; 8]| {
            // A closure inherits `batch`'s target features.
            let (squares, occupied) = load_queries(queries);
            store_bitboards(eight(squares, occupied, directions), out);
        },
    );
}

/// Runs `body` compiled with AVX-512F: see [`Slider::with_features`].
#[target_feature(enable = "avx512f")]
fn with_avx512f<R>(body: impl FnOnce() -> R) -> R {
    body()
}

/// Kogge-Stone, eight queries per `__m512i`. Holds the AVX-512 token.
#[derive(Clone, Copy, Debug)]
pub struct KoggeStoneAvx512Batch(Avx512);

impl KoggeStoneAvx512Batch {
    pub fn new(avx512: Avx512) -> KoggeStoneAvx512Batch {
        KoggeStoneAvx512Batch(avx512)
    }
}

impl Slider for KoggeStoneAvx512Batch {
    #[inline]
    fn with_features<R>(self, body: impl FnOnce() -> R) -> R {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { with_avx512f(body) }
    }

    /// One query through the eight-lane kernel (seven lanes compute the same query).
    #[inline]
    fn rook(self, square: Square, occupied: Bitboard) -> Bitboard {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { one(square, occupied, Direction::ROOK) }
    }

    /// One query through the eight-lane kernel (seven lanes compute the same query).
    #[inline]
    fn bishop(self, square: Square, occupied: Bitboard) -> Bitboard {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { one(square, occupied, Direction::BISHOP) }
    }

    #[inline]
    fn rook_batch(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { batch(queries, out, Direction::ROOK) }
    }

    #[inline]
    fn bishop_batch(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { batch(queries, out, Direction::BISHOP) }
    }

    #[inline]
    fn queen_batch(self, queries: &[SliderQuery], out: &mut [Bitboard]) {
        crate::sliders::queen_batch_by_pieces(self, queries, out);
    }
}
