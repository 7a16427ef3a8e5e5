//! Eight inputs per `__m512i`: the shift fill lane-wise, the colour as a lane mask.
//!
//! Source: new; [`crate::attack_spans::shift_fill`] (seed `004_11d864785c92de7d.txt`
//! § Attack Spans) computed on eight independent inputs at once. Footprint: none.
//! CPU features: AVX-512F.

use super::{east_one, north_fill, south_fill, west_one};
use crate::attack_spans::{AttackSpans, SidePawns, Spans, PAD};
use crate::cpu::Avx512;
use crate::simd::{self, PairKernel};
use core::arch::x86_64::*;

/// Eight inputs per vector. Holds the AVX-512 token.
#[derive(Clone, Copy, Debug)]
pub struct Avx512Batch(Avx512);

impl Avx512Batch {
    pub fn new(avx512: Avx512) -> Avx512Batch {
        Avx512Batch(avx512)
    }
}

impl AttackSpans for Avx512Batch {
    /// One input through the eight-lane kernel (seven lanes idle).
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
impl PairKernel<8, 6> for Avx512Batch {
    type Vector = __m512i;

    fn token(self) -> Avx512 {
        self.0
    }

    #[inline(always)]
    fn words(self, pawns: __m512i, colours: __m512i) -> [__m512i; 6] {
        // SAFETY: `self.0` is an `Avx512` token, which exists only if AVX-512F was detected.
        unsafe { eight(pawns, colours) }
    }
}

/// The six patterns of eight inputs, in the order of [`Spans`]'s fields.
#[target_feature(enable = "avx512f")]
#[inline]
fn eight(pawns: __m512i, colours: __m512i) -> [__m512i; 6] {
    // Colour 1 (black) selects the black form of a lane.
    let black = _mm512_test_epi64_mask(colours, colours);
    let north = north_fill(pawns);
    let south = south_fill(pawns);
    let front = _mm512_mask_blend_epi64(
        black,
        _mm512_slli_epi64::<8>(north),
        _mm512_srli_epi64::<8>(south),
    );
    let rear = _mm512_mask_blend_epi64(black, south, north);
    let (front_east, rear_east) = (east_one(front), east_one(rear));
    let (front_west, rear_west) = (west_one(front), west_one(rear));
    // The attack file fills as unions of the spans, as in `shift_fill::from_fills`.
    [
        front_east,
        front_west,
        rear_east,
        rear_west,
        _mm512_or_si512(front_east, rear_east),
        _mm512_or_si512(front_west, rear_west),
    ]
}
