//! AVX-512 attack-span kernels (x86-64 only; compiled out elsewhere), and the lane-wise fills
//! and the input and output shuffles that [`crate::pawn_structure`]'s AVX-512 kernel shares (the
//! one-step shifts [`crate::knight_forks`]' too).
//!
//! The kernel type holds an [`Avx512`](crate::cpu::Avx512) token, so the `#[target_feature]`
//! code is reachable only after run-time detection succeeded; the helpers here are `pub(crate)`
//! `#[target_feature]` functions, callable only from code compiled for AVX-512F (or in
//! `unsafe`). Only AVX-512 Foundation instructions are used.
//!
//! Eight inputs of two `u64`s are loaded as two vectors and split into one vector per field
//! with one unpack each, which leaves input `j` in lane `2j` and input `j + 4` in lane
//! `2j + 1`. The six answer vectors, in that same lane order, go back to eight structs by six
//! unpacks pairing neighbouring fields and twenty-four 128-bit stores.

pub mod batch;

use crate::knight_attacks::{NOT_A, NOT_H};
use core::arch::x86_64::*;

/// Eight inputs of two `u64`s: the first fields, then the second fields, each in lane order
/// (0, 4, 1, 5, 2, 6, 3, 7).
#[target_feature(enable = "avx512f")]
#[inline]
pub(crate) fn load_pairs(pairs: &[[u64; 2]; 8]) -> (__m512i, __m512i) {
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

/// Stores six answer vectors (lane order (0, 4, 1, 5, 2, 6, 3, 7)) as eight structs of six
/// `u64`s: field `f` of struct `i` is lane `i` of `fields[f]`.
#[target_feature(enable = "avx512f")]
#[inline]
pub(crate) fn store_six(fields: [__m512i; 6], out: &mut [[u64; 6]; 8]) {
    for pair in 0..3 {
        let (first, second) = (fields[2 * pair], fields[2 * pair + 1]);
        // 128-bit unit `j` holds struct `j` of `low` and struct `j + 4` of `high`.
        let low = _mm512_unpacklo_epi64(first, second);
        let high = _mm512_unpackhi_epi64(first, second);
        for (struct_index, half) in [
            (0, _mm512_extracti32x4_epi32::<0>(low)),
            (1, _mm512_extracti32x4_epi32::<1>(low)),
            (2, _mm512_extracti32x4_epi32::<2>(low)),
            (3, _mm512_extracti32x4_epi32::<3>(low)),
            (4, _mm512_extracti32x4_epi32::<0>(high)),
            (5, _mm512_extracti32x4_epi32::<1>(high)),
            (6, _mm512_extracti32x4_epi32::<2>(high)),
            (7, _mm512_extracti32x4_epi32::<3>(high)),
        ] {
            let target = out[struct_index][2 * pair..].as_mut_ptr().cast::<__m128i>();
            // SAFETY: `target` points at two writable `u64`s (fields `2 * pair` and
            // `2 * pair + 1` of a six-field struct); unaligned stores need no alignment.
            unsafe { _mm_storeu_si128(target, half) }
        }
    }
}

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
