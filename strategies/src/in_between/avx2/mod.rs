//! AVX2 in-between kernels (x86-64 only; compiled out elsewhere).
//!
//! Both are new in bitbench. They take four pairs per `__m256i`: the eight bytes of four
//! [`SquarePair`]s are widened to four 64-bit lanes holding `from | to << 8`. Each kernel type
//! holds an [`Avx2`](crate::cpu::Avx2) token, so the `#[target_feature]` code below is reachable
//! only after run-time detection succeeded.

pub mod calculated;
pub mod rectangular_gather;

use crate::SquarePair;
use core::arch::x86_64::*;

/// Four pairs as four lanes of `from | to << 8`.
#[target_feature(enable = "avx2")]
#[inline]
fn load_pairs(pairs: &[SquarePair; 4]) -> __m256i {
    // SAFETY: `SquarePair` is `repr(C)` of two bytes, so four pairs are eight readable bytes;
    // `_mm_loadl_epi64` reads exactly eight bytes and needs no alignment.
    let bytes = unsafe { _mm_loadl_epi64(pairs.as_ptr().cast::<__m128i>()) };
    _mm256_cvtepu16_epi64(bytes)
}

/// The from-squares and the to-squares of [`load_pairs`]'s lanes.
#[target_feature(enable = "avx2")]
#[inline]
fn split_pairs(lanes: __m256i) -> (__m256i, __m256i) {
    let from = _mm256_and_si256(lanes, _mm256_set1_epi64x(0xff));
    let to = _mm256_srli_epi64::<8>(lanes);
    (from, to)
}

/// Stores four lanes to four bitboards.
#[target_feature(enable = "avx2")]
#[inline]
fn store_bitboards(lanes: __m256i, out: &mut [crate::Bitboard; 4]) {
    // SAFETY: `Bitboard` is a `repr(transparent)` `u64`, so `out` is 32 writable bytes;
    // `_mm256_storeu_si256` needs no alignment.
    unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast::<__m256i>(), lanes) }
}
