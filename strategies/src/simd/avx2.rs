//! `__m256i` as a [`Vector`] of four lanes (x86-64 only; compiled out elsewhere). Needs AVX2,
//! proved by the [`Avx2`] token.
//!
//! As a [`PairVector`]: four two-word structs load as two vectors and split into one vector
//! per word with one unpack each, which leaves the lanes in the order (0, 2, 1, 3). Answer
//! words go back in pairs: one unpack pairs neighbouring words, four 128-bit stores place them.

use super::{Chunk, PairVector, Vector};
use crate::chunks::in_chunks;
use crate::cpu::Avx2;
use core::arch::x86_64::*;

// SAFETY: an `Avx2` token exists only if AVX2 was detected; `enabled` enables `avx2`,
// and every intrinsic below needs no more than that.
unsafe impl Vector<4> for __m256i {
    type Token = Avx2;

    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn enabled<R>(f: impl FnOnce() -> R) -> R {
        f()
    }

    /// The closure is written here, so it is compiled with AVX2 too.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn chunks<I: Copy, O: Copy + Default, C: Chunk<I, O, M>, const M: usize>(
        inputs: &[I],
        outputs: &mut [O],
        pad: I,
        chunk: C,
    ) {
        in_chunks(inputs, outputs, pad, |inputs, outputs| {
            // SAFETY: AVX2 is enabled here, and the caller holds the token that proves it.
            unsafe { chunk.run(inputs, outputs) }
        })
    }

    #[inline(always)]
    unsafe fn splat(lane: u64) -> __m256i {
        _mm256_set1_epi64x(lane as i64)
    }

    #[inline(always)]
    unsafe fn load(lanes: &[u64; 4]) -> __m256i {
        // SAFETY: `lanes` is 32 readable bytes; `_mm256_loadu_si256` needs no alignment.
        unsafe { _mm256_loadu_si256(lanes.as_ptr().cast::<__m256i>()) }
    }

    #[inline(always)]
    unsafe fn widen(lanes: &[u16; 4]) -> __m256i {
        // SAFETY: `lanes` is 8 readable bytes; `_mm_loadl_epi64` reads 8 and needs no alignment.
        let lanes = unsafe { _mm_loadl_epi64(lanes.as_ptr().cast::<__m128i>()) };
        _mm256_cvtepu16_epi64(lanes)
    }

    #[inline(always)]
    unsafe fn store(self, lanes: &mut [u64; 4]) {
        // SAFETY: `lanes` is 32 writable bytes; `_mm256_storeu_si256` needs no alignment.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast::<__m256i>(), self) }
    }

    #[inline(always)]
    unsafe fn first(self) -> u64 {
        _mm_cvtsi128_si64(_mm256_castsi256_si128(self)) as u64
    }
}

// SAFETY: as for `Vector<4>`: every intrinsic below needs no more than AVX2.
unsafe impl PairVector<4> for __m256i {
    /// Pair order (0, 2, 1, 3).
    #[inline(always)]
    unsafe fn load_pairs(pairs: &[[u64; 2]; 4]) -> (__m256i, __m256i) {
        let pointer = pairs.as_ptr().cast::<__m256i>();
        // SAFETY: `pairs` is 64 readable bytes, two vectors; unaligned loads need no alignment.
        let (low, high) = unsafe {
            (
                _mm256_loadu_si256(pointer),
                _mm256_loadu_si256(pointer.add(1)),
            )
        };
        (
            _mm256_unpacklo_epi64(low, high),
            _mm256_unpackhi_epi64(low, high),
        )
    }

    #[inline(always)]
    unsafe fn store_pair<const F: usize>(
        first: __m256i,
        second: __m256i,
        out: &mut [[u64; F]; 4],
        word: usize,
    ) {
        // Structs 0 and 1 (lanes 0 and 2), then structs 2 and 3 (lanes 1 and 3).
        let low = _mm256_unpacklo_epi64(first, second);
        let high = _mm256_unpackhi_epi64(first, second);
        for (index, half) in [
            (0, _mm256_castsi256_si128(low)),
            (1, _mm256_extracti128_si256::<1>(low)),
            (2, _mm256_castsi256_si128(high)),
            (3, _mm256_extracti128_si256::<1>(high)),
        ] {
            let target = &mut out[index][word..word + 2];
            // SAFETY: `target` is two writable `u64`s, 16 bytes; unaligned stores need no
            // alignment.
            unsafe { _mm_storeu_si128(target.as_mut_ptr().cast::<__m128i>(), half) }
        }
    }
}
