//! Eight independent target sets per `__m512i`: the seed's `forkTargetSquare` lane-wise, each
//! `forks |= direction & attacks` in one ternary-logic instruction.
//!
//! Source: new; seed `001_91a62a26c9dc1468.txt` § Knight Forks, computed on eight target sets at
//! once. Footprint: none. CPU features: AVX-512F.

use crate::attack_spans::avx512::{east_one, west_one};
use crate::cpu::Avx512;
use crate::knight_forks::KnightForks;
use crate::simd::{self, LaneKernel};
use crate::Bitboard;
use core::arch::x86_64::*;

/// Eight target sets per vector. Holds the AVX-512 token.
#[derive(Clone, Copy, Debug)]
pub struct Avx512Batch(Avx512);

impl Avx512Batch {
    pub fn new(avx512: Avx512) -> Avx512Batch {
        Avx512Batch(avx512)
    }
}

impl KnightForks for Avx512Batch {
    /// One set through the eight-lane kernel (the other lanes compute the same set).
    #[inline]
    fn forks(self, targets: Bitboard) -> Bitboard {
        simd::one(self, targets)
    }

    #[inline]
    fn forks_batch(self, targets: &[Bitboard], out: &mut [Bitboard]) {
        simd::batch(self, targets, out)
    }
}

impl LaneKernel<8> for Avx512Batch {
    type Vector = __m512i;

    fn token(self) -> Avx512 {
        self.0
    }

    #[inline(always)]
    fn lanes(self, targets: __m512i) -> __m512i {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { eight(targets) }
    }
}

/// `a | (b & c)` as a `vpternlogq` truth table (bit `4a + 2b + c` of the immediate).
const OR_AND: i32 = 0xf8;

/// `forkTargetSquare` in every lane, line by line as in the seed.
#[target_feature(enable = "avx512f")]
#[inline]
fn eight(targets: __m512i) -> __m512i {
    // `forks |= direction & attacks; attacks |= direction`.
    let add = |forks: &mut __m512i, attacks: &mut __m512i, direction: __m512i| {
        *forks = _mm512_ternarylogic_epi64::<OR_AND>(*forks, direction, *attacks);
        *attacks = _mm512_or_si512(*attacks, direction);
    };
    let east = east_one(targets);
    let west = west_one(targets);
    let mut attacks = _mm512_slli_epi64::<16>(east);
    let mut forks = _mm512_setzero_si512();
    add(&mut forks, &mut attacks, _mm512_slli_epi64::<16>(west));
    add(&mut forks, &mut attacks, _mm512_srli_epi64::<16>(east));
    add(&mut forks, &mut attacks, _mm512_srli_epi64::<16>(west));
    let east = east_one(east);
    let west = west_one(west);
    add(&mut forks, &mut attacks, _mm512_slli_epi64::<8>(east));
    add(&mut forks, &mut attacks, _mm512_slli_epi64::<8>(west));
    add(&mut forks, &mut attacks, _mm512_srli_epi64::<8>(east));
    add(&mut forks, &mut attacks, _mm512_srli_epi64::<8>(west));
    forks
}
