//! `__m512i` as a [`Vector`] of eight lanes (x86-64 only; compiled out elsewhere). Needs
//! AVX-512 Foundation, proved by the [`Avx512`] token.
//!
//! As a [`PairVector`]: eight two-word structs load as two vectors and split into one vector
//! per word with one unpack each, which leaves struct `j` in lane `2j` and struct `j + 4` in
//! lane `2j + 1`. Answer words go back in pairs: one unpack pairs neighbouring words, eight
//! 128-bit stores place them.

use super::{Chunk, PairVector, Vector};
use crate::chunks::in_chunks;
use crate::cpu::Avx512;
use core::arch::x86_64::*;

// SAFETY: an `Avx512` token exists only if AVX-512F was detected; `enabled` enables `avx512f`,
// and every intrinsic below needs no more than that.
unsafe impl Vector<8> for __m512i {
    type Token = Avx512;

    #[target_feature(enable = "avx512f")]
    #[inline]
    unsafe fn enabled<R>(f: impl FnOnce() -> R) -> R {
        f()
    }

    /// The closure is written here, so it is compiled with AVX-512F too.
    #[target_feature(enable = "avx512f")]
    #[inline]
    unsafe fn chunks<I: Copy, O: Copy + Default, C: Chunk<I, O, M>, const M: usize>(
        inputs: &[I],
        outputs: &mut [O],
        pad: I,
        chunk: C,
    ) {
        in_chunks(inputs, outputs, pad, |inputs, outputs| {
            // SAFETY: AVX-512F is enabled here, and the caller holds the token that proves it.
            unsafe { chunk.run(inputs, outputs) }
        })
    }

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
}
