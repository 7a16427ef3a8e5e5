//! Four independent target sets per `__m256i`: the seed's `forkTargetSquare` lane-wise.
//!
//! Source: new; seed `001_91a62a26c9dc1468.txt` § Knight Forks, computed on four target sets at
//! once. Footprint: none. CPU features: AVX2.

use crate::attack_spans::avx2::{east_one, west_one};
use crate::cpu::Avx2;
use crate::knight_forks::KnightForks;
use crate::simd::{self, LaneKernel};
use crate::Bitboard;
use core::arch::x86_64::*;

/// Four target sets per vector. Holds the AVX2 token.
#[derive(Clone, Copy, Debug)]
pub struct Avx2Batch(Avx2);

impl Avx2Batch {
    pub fn new(avx2: Avx2) -> Avx2Batch {
        Avx2Batch(avx2)
    }
}

impl KnightForks for Avx2Batch {
    /// One set through the four-lane kernel (the other lanes compute the same set).
    #[inline]
    fn forks(self, targets: Bitboard) -> Bitboard {
        simd::one(self, targets)
    }

    #[inline]
    fn forks_batch(self, targets: &[Bitboard], out: &mut [Bitboard]) {
        simd::batch(self, targets, out)
    }
}

impl LaneKernel<4> for Avx2Batch {
    type Vector = __m256i;

    fn token(self) -> Avx2 {
        self.0
    }

    #[inline(always)]
    fn lanes(self, targets: __m256i) -> __m256i {
        // SAFETY: `self.0` is an `Avx2` token, which exists only if AVX2 was detected.
        unsafe { four(targets) }
    }
}

/// `forkTargetSquare` in every lane, line by line as in the seed.
#[target_feature(enable = "avx2")]
#[inline]
fn four(targets: __m256i) -> __m256i {
    // `forks |= direction & attacks; attacks |= direction`.
    let add = |forks: &mut __m256i, attacks: &mut __m256i, direction: __m256i| {
        *forks = _mm256_or_si256(*forks, _mm256_and_si256(direction, *attacks));
        *attacks = _mm256_or_si256(*attacks, direction);
    };
    let east = east_one(targets);
    let west = west_one(targets);
    let mut attacks = _mm256_slli_epi64::<16>(east);
    let mut forks = _mm256_setzero_si256();
    add(&mut forks, &mut attacks, _mm256_slli_epi64::<16>(west));
    add(&mut forks, &mut attacks, _mm256_srli_epi64::<16>(east));
    add(&mut forks, &mut attacks, _mm256_srli_epi64::<16>(west));
    let east = east_one(east);
    let west = west_one(west);
    add(&mut forks, &mut attacks, _mm256_slli_epi64::<8>(east));
    add(&mut forks, &mut attacks, _mm256_slli_epi64::<8>(west));
    add(&mut forks, &mut attacks, _mm256_srli_epi64::<8>(east));
    add(&mut forks, &mut attacks, _mm256_srli_epi64::<8>(west));
    forks
}
