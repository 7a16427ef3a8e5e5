//! The pure calculation on four pairs per `__m256i`.
//!
//! Source: new, after seed `000_25ad13ed25e2ec35.txt` § Pure Calculation. Footprint: none.
//! CPU features: AVX2. The scalar formula's multiply by the isolated lowest bit of `btwn` is a
//! left shift by the smaller square, done here with `_mm256_sllv_epi64`; the smaller square is
//! picked with a 64-bit compare and a blend (AVX2 has no 64-bit min).

use crate::cpu::Avx2;
use crate::in_between::InBetween;
use crate::simd::{self, LaneKernel};
use crate::{Bitboard, Square, SquarePair};
use core::arch::x86_64::*;

const A2A7: i64 = 0x0001_0101_0101_0100;
const B2G7: i64 = 0x0040_2010_0804_0200;
const H1B7: i64 = 0x0002_0408_1020_4080;

/// The pure calculation, four pairs at a time. Holds the AVX2 token.
#[derive(Clone, Copy, Debug)]
pub struct CalculatedAvx2(Avx2);

impl CalculatedAvx2 {
    pub fn new(avx2: Avx2) -> CalculatedAvx2 {
        CalculatedAvx2(avx2)
    }
}

impl InBetween for CalculatedAvx2 {
    /// One pair through the four-lane kernel (the other lanes compute the same pair).
    #[inline]
    fn between(self, a: Square, b: Square) -> Bitboard {
        simd::one(self, SquarePair::new(a, b))
    }

    #[inline]
    fn between_batch(self, pairs: &[SquarePair], out: &mut [Bitboard]) {
        simd::batch(self, pairs, out)
    }
}

impl LaneKernel<4> for CalculatedAvx2 {
    type Vector = __m256i;

    fn token(self) -> Avx2 {
        self.0
    }

    #[inline(always)]
    fn lanes(self, pairs: __m256i) -> __m256i {
        // SAFETY: `self.0` is an `Avx2` token, which exists only if AVX2 was detected.
        unsafe { four(pairs) }
    }
}

/// The seed's formula, lane-wise. See [`crate::in_between::calculated`].
#[target_feature(enable = "avx2")]
#[inline]
fn four(pairs: __m256i) -> __m256i {
    // The lanes are `from | to << 8` (see `simd::Lane`).
    let sq1 = _mm256_and_si256(pairs, _mm256_set1_epi64x(0xff));
    let sq2 = _mm256_srli_epi64::<8>(pairs);
    let ones = _mm256_set1_epi64x(-1);
    let one = _mm256_set1_epi64x(1);
    let seven = _mm256_set1_epi64x(7);
    let fifteen = _mm256_set1_epi64x(15);

    let btwn = _mm256_xor_si256(_mm256_sllv_epi64(ones, sq1), _mm256_sllv_epi64(ones, sq2));
    let file = _mm256_sub_epi64(_mm256_and_si256(sq2, seven), _mm256_and_si256(sq1, seven));
    let rank = _mm256_srli_epi64::<3>(_mm256_sub_epi64(_mm256_or_si256(sq2, seven), sq1));

    let same_file = _mm256_sub_epi64(_mm256_and_si256(file, seven), one);
    let mut line = _mm256_and_si256(same_file, _mm256_set1_epi64x(A2A7));
    let same_rank = _mm256_sub_epi64(_mm256_and_si256(rank, seven), one);
    line = _mm256_add_epi64(
        line,
        _mm256_slli_epi64::<1>(_mm256_srli_epi64::<58>(same_rank)),
    );
    let diagonal = _mm256_and_si256(_mm256_sub_epi64(rank, file), fifteen);
    let diagonal = _mm256_sub_epi64(diagonal, one);
    line = _mm256_add_epi64(line, _mm256_and_si256(diagonal, _mm256_set1_epi64x(B2G7)));
    let anti = _mm256_and_si256(_mm256_add_epi64(rank, file), fifteen);
    let anti = _mm256_sub_epi64(anti, one);
    line = _mm256_add_epi64(line, _mm256_and_si256(anti, _mm256_set1_epi64x(H1B7)));

    // Shift by the smaller square instead of multiplying by its bit.
    let smaller = _mm256_blendv_epi8(sq1, sq2, _mm256_cmpgt_epi64(sq1, sq2));
    _mm256_and_si256(_mm256_sllv_epi64(line, smaller), btwn)
}
