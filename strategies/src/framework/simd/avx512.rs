//! `__m512i` as a [`Vector`] of eight lanes (x86-64 only; compiled out elsewhere). Needs
//! AVX-512 Foundation, proved by the [`Avx512`] token.
//!
//! As a [`PairVector`]: eight two-word structs load as two vectors and split into one vector
//! per word with one unpack each, which leaves struct `j` in lane `2j` and struct `j + 4` in
//! lane `2j + 1`. Answer words go back in pairs: one unpack pairs neighbouring words, eight
//! 128-bit stores place them.

use super::{Chunk, Gather, LaneBody, PairVector, Vector};
use crate::board::bitboard::Bitboard;
use crate::framework::cpu::Avx512;
use core::arch::x86_64::*;

// SAFETY: an `Avx512` token exists only if AVX-512F was detected; `enabled` enables `avx512f`,
// and every intrinsic below needs no more than that.
unsafe impl Vector<8> for __m512i {
    type Token = Avx512;

    enabled!("avx512f", 8);

    #[inline(always)]
    unsafe fn splat(lane: u64) -> __m512i {
        _mm512_set1_epi64(lane as i64)
    }

    #[inline(always)]
    unsafe fn load(lanes: &[u64; 8]) -> __m512i {
        // SAFETY: `lanes` is 64 readable bytes; `_mm512_loadu_si512` needs no alignment.
        unsafe { _mm512_loadu_si512(lanes.as_ptr().cast::<__m512i>()) }
    }

    #[inline(always)]
    unsafe fn widen(lanes: &[u16; 8]) -> __m512i {
        // SAFETY: `lanes` is 16 readable bytes; `_mm_loadu_si128` needs no alignment.
        let lanes = unsafe { _mm_loadu_si128(lanes.as_ptr().cast::<__m128i>()) };
        _mm512_cvtepu16_epi64(lanes)
    }

    #[inline(always)]
    unsafe fn store(self, lanes: &mut [u64; 8]) {
        // SAFETY: `lanes` is 64 writable bytes; `_mm512_storeu_si512` needs no alignment.
        unsafe { _mm512_storeu_si512(lanes.as_mut_ptr().cast::<__m512i>(), self) }
    }

    #[inline(always)]
    unsafe fn first(self) -> u64 {
        _mm_cvtsi128_si64(_mm512_castsi512_si128(self)) as u64
    }

    binary! {
        and: _mm512_and_si512,
        or: _mm512_or_si512,
        xor: _mm512_xor_si512,
        shl_by: _mm512_sllv_epi64,
        shr_by: _mm512_srlv_epi64,
        add: _mm512_add_epi64,
        sub: _mm512_sub_epi64,
    }

    #[inline(always)]
    unsafe fn zero() -> __m512i {
        _mm512_setzero_si512()
    }

    #[inline(always)]
    unsafe fn andnot(self, other: __m512i) -> __m512i {
        _mm512_andnot_si512(other, self)
    }

    /// A shift by a constant splat, which the compiler emits as the immediate shift
    /// (`_mm512_slli_epi64` takes its count as a `u32`, the trait's is an `i32`).
    #[inline(always)]
    unsafe fn shl<const K: i32>(self) -> __m512i {
        _mm512_sllv_epi64(self, _mm512_set1_epi64(K as i64))
    }

    /// As [`Vector::shl`].
    #[inline(always)]
    unsafe fn shr<const K: i32>(self) -> __m512i {
        _mm512_srlv_epi64(self, _mm512_set1_epi64(K as i64))
    }

    /// A compare into a mask register, widened back to lanes.
    #[inline(always)]
    unsafe fn eq(self, other: __m512i) -> __m512i {
        _mm512_maskz_mov_epi64(_mm512_cmpeq_epi64_mask(self, other), _mm512_set1_epi64(-1))
    }

    /// A compare into a mask register, widened back to lanes.
    #[inline(always)]
    unsafe fn gt(self, other: __m512i) -> __m512i {
        _mm512_maskz_mov_epi64(_mm512_cmpgt_epu64_mask(self, other), _mm512_set1_epi64(-1))
    }

    /// One `vpternlogq`: `(mask & if_set) | (!mask & if_clear)`, bit by bit.
    #[inline(always)]
    unsafe fn select(self, if_set: __m512i, if_clear: __m512i) -> __m512i {
        _mm512_ternarylogic_epi64::<0xca>(self, if_set, if_clear)
    }
}

// SAFETY: as for `Vector<8>`: every intrinsic below needs no more than AVX-512F.
unsafe impl PairVector<8> for __m512i {
    /// Pair order (0, 4, 1, 5, 2, 6, 3, 7).
    #[inline(always)]
    unsafe fn load_pairs(pairs: &[[u64; 2]; 8]) -> (__m512i, __m512i) {
        let pointer = pairs.as_ptr().cast::<__m512i>();
        // SAFETY: `pairs` is 128 readable bytes, two vectors; unaligned loads need no alignment.
        let (low, high) = unsafe {
            (
                _mm512_loadu_si512(pointer),
                _mm512_loadu_si512(pointer.add(1)),
            )
        };
        (
            _mm512_unpacklo_epi64(low, high),
            _mm512_unpackhi_epi64(low, high),
        )
    }

    /// Two words at a time: unpacked, a 128-bit unit of a vector holds both words of one
    /// struct, stored with one `vextracti32x4`.
    #[inline(always)]
    unsafe fn store_words<const F: usize>(answers: &[__m512i; F], out: &mut [[u64; F]; 8]) {
        for word in (0..F).step_by(2) {
            // SAFETY: as for this method.
            unsafe { store_pair(answers[word], answers[word + 1], out, word) }
        }
    }
}

/// Words `word` and `word + 1` of every struct in `out`, from `first` and `second` in pair
/// order.
///
/// # Safety
/// As for [`PairVector`]'s methods.
///
/// # Panics
/// If `word + 2 > F`.
#[inline(always)]
unsafe fn store_pair<const F: usize>(
    first: __m512i,
    second: __m512i,
    out: &mut [[u64; F]; 8],
    word: usize,
) {
    // 128-bit unit `j` holds struct `j` of `low` and struct `j + 4` of `high`.
    let low = _mm512_unpacklo_epi64(first, second);
    let high = _mm512_unpackhi_epi64(first, second);
    for (index, half) in [
        (0, _mm512_extracti32x4_epi32::<0>(low)),
        (1, _mm512_extracti32x4_epi32::<1>(low)),
        (2, _mm512_extracti32x4_epi32::<2>(low)),
        (3, _mm512_extracti32x4_epi32::<3>(low)),
        (4, _mm512_extracti32x4_epi32::<0>(high)),
        (5, _mm512_extracti32x4_epi32::<1>(high)),
        (6, _mm512_extracti32x4_epi32::<2>(high)),
        (7, _mm512_extracti32x4_epi32::<3>(high)),
    ] {
        let target = &mut out[index][word..word + 2];
        // SAFETY: `target` is two writable `u64`s, 16 bytes; unaligned stores need no
        // alignment.
        unsafe { _mm_storeu_si128(target.as_mut_ptr().cast::<__m128i>(), half) }
    }
}

// SAFETY: as for `Vector<8>`: the gather needs no more than AVX-512F.
unsafe impl Gather<8> for __m512i {
    #[inline(always)]
    unsafe fn gather(table: &[Bitboard], indices: __m512i) -> __m512i {
        // SAFETY: the caller promises every index is below `table.len()`; the scale 8 is the
        // size of one element.
        unsafe { _mm512_i64gather_epi64::<8>(indices, table.as_ptr().cast::<i64>()) }
    }
}
