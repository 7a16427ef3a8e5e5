//! AVX2 attack-span kernels (x86-64 only; compiled out elsewhere), and the lane-wise fills and
//! the input and output shuffles that [`crate::pawn_structure`]'s AVX2 kernel shares (the
//! one-step shifts [`crate::knight_forks`]' too).
//!
//! The kernel type holds an [`Avx2`](crate::cpu::Avx2) token, so the `#[target_feature]` code
//! is reachable only after run-time detection succeeded; the helpers here are `pub(crate)`
//! `#[target_feature]` functions, callable only from code compiled for AVX2 (or in `unsafe`).
//!
//! Both families' inputs are two `u64`s and their answers six, so four inputs are loaded as two
//! vectors and split into one vector per field with one unpack each, which leaves the lanes
//! in the order (0, 2, 1, 3). The six answer vectors, in that same lane order, go back to four
//! structs by three unpacks pairing neighbouring fields and twelve 128-bit stores.

pub mod batch;

use crate::knight_attacks::{NOT_A, NOT_H};
use core::arch::x86_64::*;

/// Four inputs of two `u64`s: the first fields, then the second fields, each in lane order
/// (0, 2, 1, 3).
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn load_pairs(pairs: &[[u64; 2]; 4]) -> (__m256i, __m256i) {
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

/// Stores six answer vectors (lane order (0, 2, 1, 3)) as four structs of six `u64`s: field
/// `f` of struct `i` is lane `i` of `fields[f]`.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn store_six(fields: [__m256i; 6], out: &mut [[u64; 6]; 4]) {
    for pair in 0..3 {
        let (first, second) = (fields[2 * pair], fields[2 * pair + 1]);
        // Structs 0 and 1 (lanes 0 and 2), then structs 2 and 3 (lanes 1 and 3).
        let low = _mm256_unpacklo_epi64(first, second);
        let high = _mm256_unpackhi_epi64(first, second);
        for (struct_index, half) in [
            (0, _mm256_castsi256_si128(low)),
            (1, _mm256_extracti128_si256::<1>(low)),
            (2, _mm256_castsi256_si128(high)),
            (3, _mm256_extracti128_si256::<1>(high)),
        ] {
            let target = out[struct_index][2 * pair..].as_mut_ptr().cast::<__m128i>();
            // SAFETY: `target` points at two writable `u64`s (fields `2 * pair` and
            // `2 * pair + 1` of a six-field struct); unaligned stores need no alignment.
            unsafe { _mm_storeu_si128(target, half) }
        }
    }
}

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
