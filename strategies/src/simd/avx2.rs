//! `__m256i` as a [`Vector`] of four lanes (x86-64 only; compiled out elsewhere). Needs AVX2,
//! proved by the [`Avx2`] token.

use super::Vector;
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
