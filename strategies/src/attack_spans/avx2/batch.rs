//! Four inputs per `__m256i`: the shift fill lane-wise, the colour as a lane mask.
//!
//! Source: new; [`crate::attack_spans::shift_fill`] (seed `004_11d864785c92de7d.txt`
//! § Attack Spans) computed on four independent inputs at once. Footprint: none.
//! CPU features: AVX2.

use super::{east_one, north_fill, south_fill, west_one};
use crate::attack_spans::{AttackSpans, SidePawns, Spans, PAD};
use crate::cpu::Avx2;
use crate::simd::{self, PairKernel};
use core::arch::x86_64::*;

/// Four inputs per vector. Holds the AVX2 token.
#[derive(Clone, Copy, Debug)]
pub struct Avx2Batch(Avx2);

impl Avx2Batch {
    pub fn new(avx2: Avx2) -> Avx2Batch {
        Avx2Batch(avx2)
    }
}

impl AttackSpans for Avx2Batch {
    /// One input through the four-lane kernel (three lanes idle).
    #[inline]
    fn spans(self, input: SidePawns) -> Spans {
        let mut out = [Spans::default()];
        simd::batch_pairs(self, &[input], &mut out, PAD);
        out[0]
    }

    #[inline]
    fn spans_batch(self, inputs: &[SidePawns], out: &mut [Spans]) {
        simd::batch_pairs(self, inputs, out, PAD)
    }
}

/// The words in: the pawns and the colour (0 white, 1 black); out: [`Spans`]'s six fields.
impl PairKernel<4, 6> for Avx2Batch {
    type Vector = __m256i;

    fn token(self) -> Avx2 {
        self.0
    }

    #[inline(always)]
    fn words(self, pawns: __m256i, colours: __m256i) -> [__m256i; 6] {
        // SAFETY: `self.0` is an `Avx2` token, which exists only if AVX2 was detected.
        unsafe { four(pawns, colours) }
    }
}

/// The six patterns of four inputs, in the order of [`Spans`]'s fields.
#[target_feature(enable = "avx2")]
#[inline]
fn four(pawns: __m256i, colours: __m256i) -> [__m256i; 6] {
    // Colour 1 (black) becomes all ones.
    let black = _mm256_sub_epi64(_mm256_setzero_si256(), colours);
    let north = north_fill(pawns);
    let south = south_fill(pawns);
    let front = _mm256_blendv_epi8(
        _mm256_slli_epi64::<8>(north),
        _mm256_srli_epi64::<8>(south),
        black,
    );
    let rear = _mm256_blendv_epi8(south, north, black);
    let (front_east, rear_east) = (east_one(front), east_one(rear));
    let (front_west, rear_west) = (west_one(front), west_one(rear));
    // The attack file fills as unions of the spans, as in `shift_fill::from_fills`.
    [
        front_east,
        front_west,
        rear_east,
        rear_west,
        _mm256_or_si256(front_east, rear_east),
        _mm256_or_si256(front_west, rear_west),
    ]
}
