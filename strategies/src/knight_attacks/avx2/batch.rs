//! Four independent knight sets per `__m256i`.
//!
//! Source: new; the l1/l2/r1/r2 form of seed `001_91a62a26c9dc1468.txt` § Multiple Knight
//! Attacks, computed lane-wise on four sets at once. Footprint: none. CPU features: AVX2.

use crate::cpu::Avx2;
use crate::geometry::{NOT_A, NOT_AB, NOT_GH, NOT_H};
use crate::knight_attacks::KnightAttacks;
use crate::simd::{self, LaneKernel};
use crate::Bitboard;
use core::arch::x86_64::*;

/// Four sets per vector. Holds the AVX2 token.
#[derive(Clone, Copy, Debug)]
pub struct Avx2Batch(Avx2);

impl Avx2Batch {
    pub fn new(avx2: Avx2) -> Avx2Batch {
        Avx2Batch(avx2)
    }
}

impl KnightAttacks for Avx2Batch {
    /// One set through the four-lane kernel (the other lanes compute the same set).
    #[inline]
    fn attacks(self, knights: Bitboard) -> Bitboard {
        simd::one(self, knights)
    }

    #[inline]
    fn attacks_batch(self, sets: &[Bitboard], out: &mut [Bitboard]) {
        simd::batch(self, sets, out)
    }
}

impl LaneKernel<4> for Avx2Batch {
    type Vector = __m256i;

    fn token(self) -> Avx2 {
        self.0
    }

    #[inline(always)]
    fn lanes(self, knights: __m256i) -> __m256i {
        // SAFETY: `self.0` is an `Avx2` token, which exists only if AVX2 was detected.
        unsafe { four(knights) }
    }
}

/// The attacks of four knight sets, one per lane (also the round of
/// `knight_fill::avx2::fused`).
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn four(knights: __m256i) -> __m256i {
    let mask = |m: u64| _mm256_set1_epi64x(m as i64);
    let l1 = _mm256_and_si256(_mm256_srli_epi64::<1>(knights), mask(NOT_H));
    let l2 = _mm256_and_si256(_mm256_srli_epi64::<2>(knights), mask(NOT_GH));
    let r1 = _mm256_and_si256(_mm256_slli_epi64::<1>(knights), mask(NOT_A));
    let r2 = _mm256_and_si256(_mm256_slli_epi64::<2>(knights), mask(NOT_AB));
    let h1 = _mm256_or_si256(l1, r1);
    let h2 = _mm256_or_si256(l2, r2);
    let ranks2 = _mm256_or_si256(_mm256_slli_epi64::<16>(h1), _mm256_srli_epi64::<16>(h1));
    let ranks1 = _mm256_or_si256(_mm256_slli_epi64::<8>(h2), _mm256_srli_epi64::<8>(h2));
    _mm256_or_si256(ranks2, ranks1)
}
