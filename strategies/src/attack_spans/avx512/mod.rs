//! AVX-512 attack-span kernels (x86-64 only; compiled out elsewhere), and the lane-wise fills
//! that [`crate::pawn_structure`]'s AVX-512 kernel shares (the one-step shifts
//! [`crate::knight_forks`]' too).
//!
//! The kernel type holds an [`Avx512`](crate::cpu::Avx512) token, so the `#[target_feature]`
//! code is reachable only after run-time detection succeeded; the helpers here are `pub(crate)`
//! `#[target_feature]` functions, callable only from code compiled for AVX-512F (or in
//! `unsafe`). Only AVX-512 Foundation instructions are used. Inputs and answers move through
//! `simd::batch_pairs` (crate-private), which every lane width shares.

pub mod batch;

use crate::geometry::{NOT_A, NOT_H};
use core::arch::x86_64::*;

/// `eastOne` in every lane.
#[target_feature(enable = "avx512f")]
#[inline]
pub(crate) fn east_one(set: __m512i) -> __m512i {
    _mm512_and_si512(_mm512_slli_epi64::<1>(set), _mm512_set1_epi64(NOT_A as i64))
}

/// `westOne` in every lane.
#[target_feature(enable = "avx512f")]
#[inline]
pub(crate) fn west_one(set: __m512i) -> __m512i {
    _mm512_and_si512(_mm512_srli_epi64::<1>(set), _mm512_set1_epi64(NOT_H as i64))
}

/// `nortFill` in every lane.
#[target_feature(enable = "avx512f")]
#[inline]
pub(crate) fn north_fill(set: __m512i) -> __m512i {
    let set = _mm512_or_si512(set, _mm512_slli_epi64::<8>(set));
    let set = _mm512_or_si512(set, _mm512_slli_epi64::<16>(set));
    _mm512_or_si512(set, _mm512_slli_epi64::<32>(set))
}

/// `soutFill` in every lane.
#[target_feature(enable = "avx512f")]
#[inline]
pub(crate) fn south_fill(set: __m512i) -> __m512i {
    let set = _mm512_or_si512(set, _mm512_srli_epi64::<8>(set));
    let set = _mm512_or_si512(set, _mm512_srli_epi64::<16>(set));
    _mm512_or_si512(set, _mm512_srli_epi64::<32>(set))
}
