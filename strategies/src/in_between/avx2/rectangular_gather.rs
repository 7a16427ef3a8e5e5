//! The rectangular table, four lookups per `_mm256_i64gather_epi64`.
//!
//! Source: new, after seed `000_25ad13ed25e2ec35.txt` § Rectangular Lookup. Footprint: the
//! 32 KiB of [`crate::in_between::rectangular::TABLE`]. CPU features: AVX2. Whether a gather
//! beats four scalar loads depends on the microarchitecture; that is what this variant is for.

use crate::cpu::Avx2;
use crate::in_between::rectangular::TABLE;
use crate::in_between::InBetween;
use crate::simd::{self, LaneKernel};
use crate::{Bitboard, Square, SquarePair};
use core::arch::x86_64::*;

/// Rectangular lookup by gather. Holds the AVX2 token.
#[derive(Clone, Copy, Debug)]
pub struct RectangularGatherAvx2(Avx2);

impl RectangularGatherAvx2 {
    pub fn new(avx2: Avx2) -> RectangularGatherAvx2 {
        RectangularGatherAvx2(avx2)
    }
}

impl InBetween for RectangularGatherAvx2 {
    /// One pair through the four-lane gather (all lanes load the same entry).
    #[inline]
    fn between(self, a: Square, b: Square) -> Bitboard {
        simd::one(self, SquarePair::new(a, b))
    }

    #[inline]
    fn between_batch(self, pairs: &[SquarePair], out: &mut [Bitboard]) {
        simd::batch(self, pairs, out)
    }
}

impl LaneKernel<4> for RectangularGatherAvx2 {
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

#[target_feature(enable = "avx2")]
#[inline]
fn four(pairs: __m256i) -> __m256i {
    // `from | to << 8` (see `simd::Lane`) becomes the flat index `from * 64 + to`.
    let from = _mm256_and_si256(pairs, _mm256_set1_epi64x(0xff));
    let index = _mm256_or_si256(_mm256_slli_epi64::<6>(from), _mm256_srli_epi64::<8>(pairs));
    // SAFETY: every lane is `from * 64 + to` with both below 64, so below 4096: an element of
    // `TABLE`, which is 4096 contiguous `u64`s; the scale 8 is the size of one element.
    unsafe { _mm256_i64gather_epi64::<8>(TABLE.0.as_ptr().cast::<i64>(), index) }
}
