//! Eight independent knight sets per `__m512i`.
//!
//! Source: new; the l1/l2/r1/r2 form of seed `001_91a62a26c9dc1468.txt` § Multiple Knight
//! Attacks, computed lane-wise on eight sets at once, as [`super::super::avx2::batch`] does on
//! four. Footprint: none. CPU features: AVX-512F. The code is the AVX2 form at twice the width;
//! with AVX-512 enabled the compiler may fuse the ANDs and ORs into `vpternlogq`.

use crate::cpu::Avx512;
use crate::geometry::{NOT_A, NOT_AB, NOT_GH, NOT_H};
use crate::knight_attacks::KnightAttacks;
use crate::simd::{self, LaneKernel};
use crate::Bitboard;
use core::arch::x86_64::*;

/// Eight sets per vector. Holds the AVX-512 token.
#[derive(Clone, Copy, Debug)]
pub struct Avx512Batch(Avx512);

impl Avx512Batch {
    pub fn new(avx512: Avx512) -> Avx512Batch {
        Avx512Batch(avx512)
    }
}

impl KnightAttacks for Avx512Batch {
    /// One set through the eight-lane kernel (the other lanes compute the same set).
    #[inline]
    fn attacks(self, knights: Bitboard) -> Bitboard {
        simd::one(self, knights)
    }

    #[inline]
    fn attacks_batch(self, sets: &[Bitboard], out: &mut [Bitboard]) {
        simd::batch(self, sets, out)
    }
}

impl LaneKernel<8> for Avx512Batch {
    type Vector = __m512i;

    fn token(self) -> Avx512 {
        self.0
    }

    #[inline(always)]
    fn lanes(self, knights: __m512i) -> __m512i {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { eight(knights) }
    }
}

#[target_feature(enable = "avx512f")]
#[inline]
fn eight(knights: __m512i) -> __m512i {
    let mask = |m: u64| _mm512_set1_epi64(m as i64);
    let l1 = _mm512_and_si512(_mm512_srli_epi64::<1>(knights), mask(NOT_H));
    let l2 = _mm512_and_si512(_mm512_srli_epi64::<2>(knights), mask(NOT_GH));
    let r1 = _mm512_and_si512(_mm512_slli_epi64::<1>(knights), mask(NOT_A));
    let r2 = _mm512_and_si512(_mm512_slli_epi64::<2>(knights), mask(NOT_AB));
    let h1 = _mm512_or_si512(l1, r1);
    let h2 = _mm512_or_si512(l2, r2);
    let ranks2 = _mm512_or_si512(_mm512_slli_epi64::<16>(h1), _mm512_srli_epi64::<16>(h1));
    let ranks1 = _mm512_or_si512(_mm512_slli_epi64::<8>(h2), _mm512_srli_epi64::<8>(h2));
    _mm512_or_si512(ranks2, ranks1)
}
