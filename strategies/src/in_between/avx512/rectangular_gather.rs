//! The rectangular table, eight lookups per `_mm512_i64gather_epi64`.
//!
//! Source: new, after seed `000_25ad13ed25e2ec35.txt` § Rectangular Lookup. Footprint: the
//! 32 KiB of [`crate::in_between::rectangular::TABLE`]. CPU features: AVX-512F. Whether a gather
//! beats eight scalar loads depends on the microarchitecture; that is what this variant is for.

use crate::cpu::Avx512;
use crate::in_between::rectangular::TABLE;
use crate::in_between::InBetween;
use crate::simd::{self, LaneKernel};
use crate::{Bitboard, Square, SquarePair};
use core::arch::x86_64::*;

/// Rectangular lookup by gather. Holds the AVX-512 token.
#[derive(Clone, Copy, Debug)]
pub struct RectangularGatherAvx512(Avx512);

impl RectangularGatherAvx512 {
    pub fn new(avx512: Avx512) -> RectangularGatherAvx512 {
        RectangularGatherAvx512(avx512)
    }
}

impl InBetween for RectangularGatherAvx512 {
    /// One pair through the eight-lane gather (all lanes load the same entry).
    #[inline]
    fn between(self, a: Square, b: Square) -> Bitboard {
        simd::one(self, SquarePair::new(a, b))
    }

    #[inline]
    fn between_batch(self, pairs: &[SquarePair], out: &mut [Bitboard]) {
        simd::batch(self, pairs, out)
    }
}

impl LaneKernel<8> for RectangularGatherAvx512 {
    type Vector = __m512i;

    fn token(self) -> Avx512 {
        self.0
    }

    #[inline(always)]
    fn lanes(self, pairs: __m512i) -> __m512i {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { eight(pairs) }
    }
}

#[target_feature(enable = "avx512f")]
#[inline]
fn eight(pairs: __m512i) -> __m512i {
    // `from | to << 8` (see `simd::Lane`) becomes the flat index `from * 64 + to`.
    let from = _mm512_and_si512(pairs, _mm512_set1_epi64(0xff));
    let index = _mm512_or_si512(_mm512_slli_epi64::<6>(from), _mm512_srli_epi64::<8>(pairs));
    // SAFETY: every lane is `from * 64 + to` with both below 64, so below 4096: an element of
    // `TABLE`, which is 4096 contiguous `u64`s; the scale 8 is the size of one element.
    unsafe { _mm512_i64gather_epi64::<8>(index, TABLE.0.as_ptr().cast::<i64>()) }
}
