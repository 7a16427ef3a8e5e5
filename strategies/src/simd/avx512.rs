//! `__m512i` as a [`Vector`] of eight lanes (x86-64 only; compiled out elsewhere). Needs
//! AVX-512 Foundation, proved by the [`Avx512`] token.

use super::Vector;
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
