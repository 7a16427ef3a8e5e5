//! AVX2 attack-span kernels (x86-64 only; compiled out elsewhere), and the lane-wise fills
//! that [`crate::pawn_structure`]'s AVX2 kernel shares (the one-step shifts
//! [`crate::knight_forks`]' too).
//!
//! The kernel type holds an [`Avx2`](crate::cpu::Avx2) token, so the `#[target_feature]` code
//! is reachable only after run-time detection succeeded; the helpers here are `pub(crate)`
//! `#[target_feature]` functions, callable only from code compiled for AVX2 (or in `unsafe`).
//! Inputs and answers move through `simd::batch_pairs` (crate-private), which every lane
//! width shares.

pub mod batch;

use crate::geometry::{NOT_A, NOT_H};
use core::arch::x86_64::*;

/// `eastOne` in every lane.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn east_one(set: __m256i) -> __m256i {
    _mm256_and_si256(
        _mm256_slli_epi64::<1>(set),
        _mm256_set1_epi64x(NOT_A as i64),
    )
}

/// `westOne` in every lane.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn west_one(set: __m256i) -> __m256i {
    _mm256_and_si256(
        _mm256_srli_epi64::<1>(set),
        _mm256_set1_epi64x(NOT_H as i64),
    )
}

/// `nortFill` in every lane.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn north_fill(set: __m256i) -> __m256i {
    let set = _mm256_or_si256(set, _mm256_slli_epi64::<8>(set));
    let set = _mm256_or_si256(set, _mm256_slli_epi64::<16>(set));
    _mm256_or_si256(set, _mm256_slli_epi64::<32>(set))
}

/// `soutFill` in every lane.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn south_fill(set: __m256i) -> __m256i {
    let set = _mm256_or_si256(set, _mm256_srli_epi64::<8>(set));
    let set = _mm256_or_si256(set, _mm256_srli_epi64::<16>(set));
    _mm256_or_si256(set, _mm256_srli_epi64::<32>(set))
}
